"""Campaigns as TOML: ``campaigns/<id>/campaign.toml``.

A pydantic model that rejects unknown keys: :class:`Campaign` is the one model an author's
TOML loads into (reading the file, and reporting what is wrong with it, is
:mod:`app.world.campaignfile`'s). Both DMs read the same campaign: the offline referee
plays it directly, an LLM gets the current scene's part as DM-only notes.

Shape (see ``campaigns/crossroads/campaign.toml`` for a complete one)::

    [campaign]      id, title, author, summary, language, levels, start, party
    [[characters]]  pregenerated character sheets
    [scenes.<id>]   name, description (read aloud), notes (DM only), exits, features,
                    npcs, items, restrict_to, encounter, variants, goals
    [challenges.<id>] scene, provoked_by, skill/ability, dc, kind, success, failure
    [npcs.<id>]     name, attitude, greeting, topics, appears, variants, start (scores),
                    ties (who hears how they feel)
    [encounters.<id>] monsters (counts of a kind, or one named foe)
    [items.<id>]    name, description, heals
    [[triggers]]    when (all / any / not / threshold of facts) -> effects; once or
                    ongoing (refractory), tier (immediate / scene / deferred)
    [[endings]]     when -> title, text (and xp, level_up)
    [events]        min_confidence, cascade and ripple limits, dimensions, attitude bands
    [judgments.<id>] what the game watches for in players' words (sensitivity map)
    [counters.<id>] author-named scores;  [[offscreen]] changes at scene boundaries
    [safety]        lines and veils

Advancement: ``advancement = "xp" | "milestone" | "none"`` in ``[campaign]``; effects and
endings may award ``xp = 300`` or a milestone ``level_up = true``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from app.world.challengespec import Amount, ChallengeSpec, Effects
from app.world.eventspec import CounterSpec, EventSettings, JudgmentSpec, SafetySpec
from app.world.npcspec import NPCSpec
from app.world.scenespec import SceneSpec
from app.world.spec import Key, Name
from app.world.spec import Spec as _Spec
from app.world.when import EncounterVariant, Fact
from app.world.wording import Pronoun
from rules.character import CharacterSheet
from rules.pregens import complete_pregen
from rules.srd import Monster, srd

Morale = Literal["to_the_death", "flees", "surrenders"]
"""What a foe does when the fight turns against it (see :attr:`MonsterCount.morale`)."""


class MonsterCount(_Spec):
    """Some foes of one kind, or one named foe."""

    monster: str
    """A stat block id: the campaign's ``[monsters.<id>]`` or the SRD's."""
    count: int = Field(default=1, ge=1, le=12)
    """How many of this stat block (1 to 12)."""
    name: str | None = None
    """A single foe's own name ("Grubnak"), shown instead of the stat block's."""
    pronoun: Pronoun | None = None
    """How the game's own sentences speak of this foe: ``he``, ``she``, ``they`` or
    ``it``. Without it, the pronoun of the NPC it is (see ``npc``), else ``they`` for a
    foe with its own name and ``it`` for the rest (a wolf, a goblin among goblins)."""
    npc: str | None = None
    """The campaign NPC this foe is: they can be spoken to while alive and present, and
    they leave the story when they die or flee."""
    at: Literal["engaged", "near", "far"] | None = None
    """Where these foes stand when the fight starts: engaged (each already at a party
    member's throat), near (within a move), or far (about 60 ft off). Without it, foes
    whose first attack is ranged start far and the others near."""
    behind: str | None = None
    """A feature of the scene (id or name) these foes start behind, for its cover: it must
    be in the scene where the fight starts and have a ``cover`` (validate warns)."""
    morale: Morale | None = None
    """What these foes do once the fight turns against them. Without it, the usual: a foe
    badly hurt (a quarter of its hit points or less) with half its side down flees — or,
    the last one standing and more than a beast, surrenders; the undead and constructs
    never do. ``to_the_death``: they never flee nor yield. ``flees``: when their nerve
    breaks they run, never yielding. ``surrenders``: when their nerve breaks they give
    up, at the party's mercy, whoever still stands (a threat that cows them makes them
    yield as usual)."""

    @model_validator(mode="after")
    def _one_named(self) -> MonsterCount:
        if (self.name is not None or self.npc is not None) and self.count != 1:
            raise ValueError("'name' and 'npc' are for a single foe (count = 1)")
        return self


class EncounterSpec(_Spec):
    """A fight waiting to happen."""

    name: Name
    """The fight's name in the log."""
    monsters: list[MonsterCount] = Field(min_length=1)
    """Who fights: an array of ``{ monster, count }`` tables."""
    text: str = ""
    """Read when the fight starts."""
    variants: list[EncounterVariant] = Field(default_factory=list)
    """Other texts for where (or when) the fight starts: ``[{ when = { in_scene = "cistern"
    }, text = "…" }]`` — the same warden met in the court or in the cistern. The first
    whose ``when`` holds is read instead of ``text``."""
    surprise: Literal["party", "foes"] | None = None
    """The side caught unaware when the fight starts: it cannot act or react in its first
    turn (an ambush: ``party``; foes the party stalks: ``foes``)."""


class ItemSpec(_Spec):
    """Something to carry."""

    name: Name
    """What players call it."""
    aliases: list[str] = Field(default_factory=list)
    """Other words for it."""
    description: str = ""
    """What examining it shows."""
    heals: Amount | None = None
    """Drinking or using it restores this many hit points (a formula)."""

    @property
    def told(self) -> str:
        """What examining it shows, and what drinking or using it restores."""
        heals = f" Restores {self.heals} hit points." if self.heals else ""
        return " ".join(f"{self.description}{heals}".split()) or self.name


class TriggerSpec(_Spec):
    """When the world matches ``when``, apply ``effects`` — once, or every time."""

    id: Key
    """A name for the trigger, unique in the campaign."""
    when: Fact
    """The condition (see Conditions)."""
    effects: Effects
    """What happens when it fires."""
    once: bool = True
    """Fire once ever; ``false``: ongoing — it fires again, after its condition has been
    false (or, with ``refractory``, once that many turns have passed)."""
    refractory: int = Field(default=0, ge=0, le=10_000)
    """For an ongoing trigger: turns after firing before it may fire again while its
    condition holds (0: it must first turn false)."""
    tier: Literal["immediate", "scene", "deferred"] | None = None
    """When its effects land: ``immediate`` (before the DM narrates this turn), ``scene``
    (interpretive: may land a turn later, when a judgment is refined), ``deferred`` (at
    the scene boundary, in order). By default ``scene`` if its condition has ``judged``,
    else ``immediate``."""
    critical: bool = False
    """A deferred trigger too important to wait: its effects land as scene-local."""


class EndingSpec(_Spec):
    """A way the story ends."""

    id: Key
    """A name for the ending, unique in the campaign."""
    title: str
    """Shown when the story ends."""
    text: str
    """Read when the story ends."""
    when: Fact | None = None
    """The condition that ends the story this way (required, except for a ``defeat``
    ending, where it narrows when it is told)."""
    xp: int = Field(default=0, ge=0, le=100_000)
    """Experience shared among the living party when this ending is reached."""
    level_up: bool = False
    """Reaching this ending is a milestone: the survivors may take the next level."""
    defeat: bool = False
    """Told when the whole party falls, instead of the built-in Defeat: the first defeat
    ending whose ``when`` holds (or that has none). Such endings are never reached
    otherwise."""

    @model_validator(mode="after")
    def _when(self) -> EndingSpec:
        if self.when is None and not self.defeat:
            raise ValueError("an ending needs 'when' (only a defeat ending may go without)")
        return self


class OffscreenSpec(_Spec):
    """``[[offscreen]]``: what happens away from the party, applied at a scene boundary
    when ``when`` holds (once, unless ``once = false``)."""

    id: Key
    """A name for the change, unique in the campaign."""
    when: Fact | None = None
    """Applied only while this holds (always, without it)."""
    npc: Key | None = None
    """The NPC it concerns (the journal notes what changed; the validator checks it)."""
    effects: Effects
    """What changes."""
    once: bool = True
    """Apply once only; ``false``: at every boundary where ``when`` holds."""


class CampaignMeta(_Spec):
    """Title page."""

    id: Key
    """The campaign's id: lowercase letters, digits, ``-`` and ``_``."""
    title: str
    """Shown on the title screen."""
    author: str = ""
    """Who wrote it."""
    summary: str = ""
    """One line for the campaign list; the party's quest in the journal and for the DM."""
    reward: str = ""
    """What finishing the quest earns, as the players were promised it (``Twenty gold and
    free board from Berta``): the DM is told it every turn."""
    tone: str = ""
    """How the story should feel, for the DM (``cosy peril, hungry goblins, no gore``)."""
    language: str = Field(default="en", pattern=r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$")
    """Language code of its text (``en``)."""
    levels: tuple[Annotated[int, Field(ge=1, le=20)], Annotated[int, Field(ge=1, le=20)]] = (1, 3)
    """The character levels it is written for: ``[low, high]``, each 1 to 20, low first."""
    start: str
    """The scene id where the story starts."""
    party: list[str] = Field(min_length=1)
    """Character ids of the pregenerated party, each once."""
    advancement: Literal["xp", "milestone", "none"] = "none"
    """How the party grows: ``xp`` — defeated foes give their experience points, shared
    among the living party, and effects may add more (``xp = 300``); ``milestone`` — effects
    and endings with ``level_up = true`` grant the next level; ``none`` — the characters
    stay as they are made (effects with ``xp`` or ``level_up`` still apply). A character
    whose experience reaches a new level is told so and takes it with ``/levelup``."""

    @field_validator("levels")
    @classmethod
    def _low_first(cls, levels: tuple[int, int]) -> tuple[int, int]:
        """``[low, high]``: the first may not be above the second."""
        if levels[0] > levels[1]:
            raise ValueError(f"levels {list(levels)}: the lower level comes first")
        return levels

    @field_validator("party")
    @classmethod
    def _each_once(cls, party: list[str]) -> list[str]:
        """A character is in the party once ("mira" three times is a party of one)."""
        twice = sorted({c for c in party if party.count(c) > 1})
        if twice:
            raise ValueError(f"the party names {', '.join(twice)} more than once")
        return party


class Campaign(_Spec):
    """A whole campaign."""

    campaign: CampaignMeta
    """The title page: id, title, start scene, party (``[campaign]``)."""
    monsters: dict[Key, Monster] = Field(default_factory=dict)
    """Monsters of this campaign (same shape as the SRD stat blocks); they take precedence
    over SRD monsters of the same id."""
    characters: list[CharacterSheet] = Field(min_length=1)
    """The pregenerated characters (``[[characters]]``, one table each)."""
    scenes: dict[Key, SceneSpec] = Field(min_length=1)
    """The places of the story, by id (``[scenes.<id>]``)."""
    challenges: dict[Key, ChallengeSpec] = Field(default_factory=dict)
    """Authored obstacles: what provokes them, the roll, both outcomes (``[challenges.<id>]``)."""
    npcs: dict[Key, NPCSpec] = Field(default_factory=dict)
    """People to talk to, by id (``[npcs.<id>]``)."""
    encounters: dict[Key, EncounterSpec] = Field(default_factory=dict)
    """Fights waiting to happen, by id (``[encounters.<id>]``)."""
    items: dict[Key, ItemSpec] = Field(default_factory=dict)
    """Things to carry, by id (``[items.<id>]``)."""
    triggers: list[TriggerSpec] = Field(default_factory=list)
    """When the world matches a condition, what happens (``[[triggers]]``)."""
    endings: list[EndingSpec] = Field(default_factory=list)
    """The ways the story ends (``[[endings]]``); the first whose condition holds ends it."""
    events: EventSettings = Field(default_factory=EventSettings)
    """How the event system weighs judgments and bounds cascades and ripples."""
    judgments: dict[Key, JudgmentSpec] = Field(default_factory=dict)
    """Meanings the game watches for in what the players say."""
    counters: dict[Key, CounterSpec] = Field(default_factory=dict)
    """Author-named scores such as ``noise`` (``[counters.<id>]``)."""
    offscreen: list[OffscreenSpec] = Field(default_factory=list)
    """What happens away from the party, applied at scene boundaries (``[[offscreen]]``)."""
    safety: SafetySpec = Field(default_factory=SafetySpec)
    """Lines and veils this campaign keeps out of its story (players add their own)."""

    @model_validator(mode="before")
    @classmethod
    def _monster_ids(cls, data: Any) -> Any:
        """A monster table's key is its id, as in the SRD data."""
        if isinstance(data, dict) and isinstance(data.get("monsters"), dict):
            data = dict(data)
            data["monsters"] = {
                k: ({"id": k, **v} if isinstance(v, dict) else v)
                for k, v in data["monsters"].items()
            }
        return data

    @model_validator(mode="before")
    @classmethod
    def _derived_sheets(cls, data: Any) -> Any:
        """A pregen is built by the rules of a created character: what its sheet leaves out
        (speed, species traits, hit dice, hit points …) comes from its species and class."""
        if isinstance(data, dict) and isinstance(data.get("characters"), list):
            data = dict(data)
            data["characters"] = [
                complete_pregen(c) if isinstance(c, dict) else c for c in data["characters"]
            ]
        return data

    @property
    def id(self) -> str:
        """The campaign id."""
        return self.campaign.id

    @property
    def all_triggers(self) -> list[TriggerSpec]:
        """The authored triggers, then those the campaign implies: a feature's ``effects``
        (the first time it is examined in its scene, id ``examined.<scene>.<feature>``)
        and a topic's (the first time it is told, id ``asked.<npc>.<topic>``). One engine
        runs them all, so they cascade, save and replay alike."""
        return [*self.triggers, *self._implied_triggers]

    @cached_property
    def _implied_triggers(self) -> list[TriggerSpec]:
        implied: list[TriggerSpec] = []
        for sid, scene in self.scenes.items():
            for fid, feature in scene.features.items():
                if feature.effects is not None:
                    when = Fact(all=[Fact(in_scene=sid), Fact(examined=fid)])
                    implied.append(_implied(f"examined.{sid}.{fid}", when, feature.effects))
        for nid, npc in self.npcs.items():
            for key, topic in npc.topics.items():
                if topic.effects is not None:
                    told = Fact(happened=f"asked.{nid}.{key}", within=0)
                    when = told if topic.when is None else Fact(all=[told, topic.when])
                    implied.append(_implied(f"asked.{nid}.{key}", when, topic.effects))
        return implied

    def monster(self, monster_id: str) -> Monster:
        """A stat block by id: the campaign's own first, then the SRD's. ``KeyError``
        suggests near names."""
        if monster_id in self.monsters:
            return self.monsters[monster_id]
        return srd().monsters.get(monster_id)

    def has_monster(self, monster_id: str) -> bool:
        """Whether a stat block exists for this id."""
        return monster_id in self.monsters or monster_id in srd().monsters

    def character(self, character_id: str) -> CharacterSheet:
        """A pregenerated character by id."""
        for sheet in self.characters:
            if sheet.id == character_id:
                return sheet
        raise KeyError(character_id)


def _implied(trigger_id: str, when: Fact, effects: Effects) -> TriggerSpec:
    """A one-shot trigger the campaign implies (not validated as authored ids are: its id
    is made of an author's ids and dots, so it can never clash with one)."""
    return TriggerSpec.model_construct(id=trigger_id, when=when, effects=effects)
