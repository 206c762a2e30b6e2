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

from pydantic import BeforeValidator, Field, model_validator

from app.world.challengespec import ChallengeSpec, Effects
from app.world.eventspec import (
    CounterSpec,
    EventSettings,
    GoalSpec,
    JudgmentSpec,
    SafetySpec,
)
from app.world.spec import Key
from app.world.spec import Spec as _Spec
from app.world.when import (
    Appearance,
    EncounterVariant,
    Fact,
    FeatureVariant,
    NPCVariant,
    SceneVariant,
)
from app.world.wording import Pronoun
from rules.character import CharacterSheet
from rules.pregens import complete_pregen
from rules.srd import Monster, srd


class ExitVariant(_Spec):
    """What players read at a shut way once something has happened (first match wins)."""

    when: Fact
    """The condition under which this text is shown."""
    locked_text: str
    """What players read when they try the way while it is shut."""


class Exit(_Spec):
    """A way out of a scene."""

    to: str
    """The scene id it leads to."""
    name: str
    """What players call it ("trapdoor", "front door")."""
    aliases: list[str] = Field(default_factory=list)
    """Other words for it ("down", "stairs"). One of the referee's own words (``camp`` is a
    rest) wins only in this scene: validate warns of it."""
    requires_flag: str | None = None
    """A flag that must be set before anyone can pass."""
    locked_text: str = "The way is shut."
    """What players read when they try it while it is shut."""
    when: Fact | None = None
    """The way is open only while this holds (any condition: ``{ any = [{ flag = "key" },
    { passed = "force_door" }] }``); with ``requires_flag`` too, both must hold."""
    variants: list[ExitVariant] = Field(default_factory=list)
    """Other locked texts for other states of the world; the first whose ``when`` holds is
    shown."""
    hidden: bool = False
    """A secret way: while it is shut, players are not told of it and cannot try it (no
    locked text); once its ``requires_flag``/``when`` hold it shows like any other exit."""

    @model_validator(mode="after")
    def _hidden_needs_a_lock(self) -> Exit:
        if self.hidden and self.requires_flag is None and self.when is None:
            raise ValueError("a hidden exit needs requires_flag or when (else it is never hidden)")
        return self


class Feature(_Spec):
    """Something to examine."""

    name: str
    """What players call it."""
    aliases: list[str] = Field(default_factory=list)
    """Other words for it. Words that differ from another thing's of the scene only as
    singular and plural (``palm``, ``palms``) are told apart only by the exact word:
    validate warns of them."""
    text: str
    """What examining it shows."""
    reveal: str | None = None
    """A fact the players learn by examining it."""
    when: Fact | None = None
    """The feature is there only while this holds (always, without it)."""
    variants: list[FeatureVariant] = Field(default_factory=list)
    """Other texts for other states of the world; the first whose ``when`` holds is shown."""
    cover: Literal["half", "three_quarters", "total"] | None = None
    """In a fight, a creature can take cover behind it: half (+2 AC and Dexterity saves),
    three-quarters (+5), or total (it cannot be targeted). Without it, it gives none."""
    effects: Effects | None = None
    """What follows the first time someone examines it (a flag set, an item found, a
    trap sprung), as a trigger's effects do."""


class SceneSpec(_Spec):
    """One place."""

    name: str
    """The scene's title, shown to players."""
    description: str
    """Read aloud when the party arrives."""
    notes: str = ""
    """For the DM only: secrets, motives, what happens if…"""
    exits: list[Exit] = Field(default_factory=list)
    """Ways out (an array of tables: ``to``, ``name``…)."""
    features: dict[Key, Feature] = Field(default_factory=dict)
    """Things to examine, by id."""
    npcs: list[str] = Field(default_factory=list)
    """People always here (see ``[npcs.<id>] appears`` for people who come and go)."""
    items: list[str] = Field(default_factory=list)
    """Item ids lying here for the taking."""
    restrict_to: list[str] | None = None
    """Character ids who alone may act here (a narrow crawl, a parley)."""
    restrict_reason: str = ""
    """Why only they may act, told to the players."""
    encounter: str | None = None
    """Starts when the party enters (once)."""
    called: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(default_factory=list)
    """Words that name this place, declared as places ("camp", "the oasis"): a line that
    goes there by one of them ("go back to camp") is a move to this scene by the way
    that leads here, never read as an action the word also means (a long rest).
    """
    sunlight: bool = False
    """Lit by direct sunlight: creatures with Sunlight Sensitivity fight at a disadvantage."""
    variants: list[SceneVariant] = Field(default_factory=list)
    """Other descriptions (and notes) for other states of the world; the first whose
    ``when`` holds is used."""
    goals: dict[Key, GoalSpec] = Field(default_factory=dict)
    """What the party can achieve here (``goal = "<id>"`` holds once it is met)."""


class Topic(_Spec):
    """An answer with more to it than words: said only while ``when`` holds, and with
    ``effects`` the first time it is told (a flag set, an item handed over, trust won).
    ``topics.tam = "He went north."`` is short for ``topics.tam = { text = "He went
    north." }``."""

    text: str
    """What they say about it."""
    aliases: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list)
    """Other words that ask about it (``aliases = ["money", "silver"]`` for ``debt``): a
    player who says one is answered as if they had said the topic's own word."""
    narrated: bool = False
    """The text is narration ("Malik spreads the ledger open and taps a line."), told as
    it is written — not as their words, after their name ("Malik: …")."""
    when: Fact | None = None
    """They speak of it only while this holds (otherwise they have nothing to say on it,
    and it is not offered)."""
    effects: Effects | None = None
    """What follows the first time they tell it, as a trigger's effects do."""


def _topic(value: Any) -> Any:
    return {"text": value} if isinstance(value, str) else value


TopicEntry = Annotated[Topic, BeforeValidator(_topic, json_schema_input_type=str | Topic)]
"""A topic as an author writes it: the answer's text, or a :class:`Topic` table."""


class NPCSpec(_Spec):
    """Someone to talk to."""

    name: str
    """Their name, as players read and type it."""
    pronoun: Pronoun | None = None
    """How the game's own sentences speak of them: ``he``, ``she``, ``they`` or ``it``
    ("the Grey Sister uses *her* drowning toll"). Without it, ``they``."""
    aliases: list[str] = Field(default_factory=list)
    """Other names players may use."""
    attitude: Literal["friendly", "indifferent", "hostile"] = "indifferent"
    """How they start towards the party."""
    description: str = ""
    """What the party sees."""
    greeting: str
    """What they say when first spoken to."""
    unknown: str | list[str] = ""
    """What they say to a question their topics do not cover, in their own voice ("'How
    would I know? I pour ale.'"); a list gives several such lines, one chosen by the words
    asked (the same question, the same line). Without it the game answers for them from
    their attitude and points to what they do talk about."""
    shown: dict[Key, str] = Field(default_factory=dict)
    """What they say when shown (or given) an item, by item id: ``shown = { receipt =
    "'Where did you get that?'" }``. Triggers and endings test the deed itself with ``{
    showed = "receipt", to = "malik" }`` or ``{ gave = "locket", to = "wendel" }``."""
    topics: dict[str, TopicEntry] = Field(default_factory=dict)
    """Keyword -> what they say about it: the text, or a table with ``text``, ``when`` and
    ``effects``."""
    appears: list[Appearance] = Field(default_factory=list)
    """Scenes where they can be found while a condition holds, besides any scene that
    lists them in its ``npcs``."""
    companion: Fact | None = None
    """While this holds they travel with the party — here in every scene, to be talked to
    anywhere — instead of being listed in every scene with a condition: ``companion = {
    flag = "wendel_joined" }``. (The condition may not ask who is ``present``.)"""
    fights_as: str | None = None
    """The stat block a companion fights with: the SRD's (``fights_as = "guard"``) or the
    campaign's own ``[monsters.<id>]``, for numbers of your own. While the ``companion``
    condition holds they join every fight on the party's side: they roll initiative, the
    DM plays their turns against the foes, and the foes may attack them. Their hit points
    carry over from fight to fight, and a long rest restores them. Without it, a companion
    stays out of fights."""
    at_zero: Literal["down", "dies"] = "down"
    """What 0 hit points does to a companion who fights: ``down`` (the default, the DM's
    usual mercy to a named ally) — knocked out, unconscious and stable, taking no more
    turns; a blow while down counts as a failed death save (three kill) and a blow of their
    whole hit point maximum kills outright; they come to with 1 hit point when the fight
    ends. ``dies`` — dead at 0, as the SRD's monsters are, and gone from the story."""
    variants: list[NPCVariant] = Field(default_factory=list)
    """Other attitudes, greetings and answers for other states of the world."""
    start: dict[Key, float] = Field(default_factory=dict)
    """Starting scores for the party, by dimension (``trust = 1``). Affection starts from
    the attitude unless given: friendly at ``friendly_at``, hostile at ``hostile_at``,
    indifferent at 0."""
    ties: dict[Key, float] = Field(default_factory=dict)
    """Who hears how this person feels about the party: NPC id -> how much of a change
    reaches them (0 to 1), at the scene boundary (word travels; it fades with each link)."""

    @model_validator(mode="after")
    def _companion(self) -> NPCSpec:
        if self.companion is not None and any(f.present for f in self.companion.atoms()):
            # who is present depends on who travels along: it would go round in a circle
            raise ValueError("a companion's condition may not ask who is present")
        if self.companion is None and "fights_as" in self.model_fields_set:
            raise ValueError(
                "fights_as is for companions: give them a companion condition as well "
                '(companion = { flag = "..." }); a foe belongs in an encounter'
            )
        if self.fights_as is None and "at_zero" in self.model_fields_set:
            raise ValueError("at_zero is for companions who fight: give them fights_as too")
        return self

    def topic_names(self) -> list[tuple[str, str]]:
        """``(word, topic key)`` for every word that asks about a topic: its key, then its
        ``aliases`` (lower case), in the author's order."""
        return [
            (word.lower(), key)
            for key, topic in self.topics.items()
            for word in (key, *topic.aliases)
        ]

    def said_of(self, key: str) -> str:
        """A topic's answer as the players read it: their words after their name, or the
        author's narration as it is."""
        topic = self.topics[key]
        return topic.text if topic.narrated else f"{self.name}: {topic.text}"


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

    @model_validator(mode="after")
    def _one_named(self) -> MonsterCount:
        if (self.name is not None or self.npc is not None) and self.count != 1:
            raise ValueError("'name' and 'npc' are for a single foe (count = 1)")
        return self


class EncounterSpec(_Spec):
    """A fight waiting to happen."""

    name: str
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

    name: str
    """What players call it."""
    aliases: list[str] = Field(default_factory=list)
    """Other words for it."""
    description: str = ""
    """What examining it shows."""
    heals: str | None = None
    """Drinking or using it restores this many hit points (a formula)."""


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
    language: str = "en"
    """Language code of its text (``en``)."""
    levels: tuple[int, int] = (1, 3)
    """The character levels it is written for: ``[low, high]``."""
    start: str
    """The scene id where the story starts."""
    party: list[str] = Field(min_length=1)
    """Character ids of the pregenerated party."""
    advancement: Literal["xp", "milestone", "none"] = "none"
    """How the party grows: ``xp`` — defeated foes give their experience points, shared
    among the living party, and effects may add more (``xp = 300``); ``milestone`` — effects
    and endings with ``level_up = true`` grant the next level; ``none`` — the characters
    stay as they are made (effects with ``xp`` or ``level_up`` still apply). A character
    whose experience reaches a new level is told so and takes it with ``/levelup``."""


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
