"""The labelled player-line corpus (``tests/data/referee/*.toml``): its models, a loader,
and the game states its situations describe.

The corpus is the specification of how the game understands what players type; the
benchmark and the suite read it through this module, so the format is checked in one
place (unknown keys are refused, as in campaign files) and every situation is built the
same way: a new game of the campaign, moved to the scene, with the flags, items, fight
and wounds the situation names. ``tests/data/README.md`` describes the format.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from app.actions.beings import set_vitals
from app.actions.campaign_tools import enter_scene, start_encounter
from app.session.setup import start_session
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.spec import FlagValue
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition
from rules.damage import DamageType, LifeState, Vitals, apply_damage
from rules.srd import srd

DATA_DIR = Path(__file__).resolve().parent / "data"
CORPUS = DATA_DIR / "referee" / "corpus.toml"
HOLDOUT = DATA_DIR / "referee" / "holdout.toml"
HOLDOUT3 = DATA_DIR / "referee" / "holdout3.toml"
"""A second holdout, written apart from the parser and frozen before the work on clauses,
answers and improvised actions began: reported once, never tuned to."""
HOLDOUT4 = DATA_DIR / "referee" / "holdout4.toml"
"""The fourth holdout, written apart from the parser (never seen by its author), frozen and
reported once (76.3%); since the fifth was frozen, a second development set."""
HOLDOUT5 = DATA_DIR / "referee" / "holdout5.toml"
"""The fifth holdout, written apart from the parser (never seen by its author) and frozen:
reported once, never tuned to."""
HOLDOUT6 = DATA_DIR / "referee" / "holdout6.toml"
"""The sixth holdout, written apart from the parser (its author never read the parser nor any
corpus file, nor saw the game answer its lines) and frozen: reported once, never tuned to."""
HOLDOUT7 = DATA_DIR / "referee" / "holdout7.toml"
"""The seventh holdout (625 lines, 91 with two actions), written apart from the parser before
the work on clauses, answers, references and improvised actions of this round, and frozen:
reported once, never tuned to."""
HOLDOUT8 = DATA_DIR / "referee" / "holdout8.toml"
"""The eighth holdout (402 lines: 109 with two actions or more, 79 questions, 46 improvised
deeds, 28 paragraphs), written apart from the parser (its author never read the parser nor
any corpus file, nor saw the game answer its lines), frozen and reported once (82.8%);
since the ninth was frozen, a development set."""
HOLDOUT9 = DATA_DIR / "referee" / "holdout9.toml"
"""The ninth holdout (416 lines: 83 with two actions, 60 questions, 50 improvised deeds, 34
paragraphs), written apart from the parser (its author never read the parser nor any corpus
file, nor saw the game answer its lines) and frozen: reported once (82.2%), never tuned to."""
HOLDOUT10 = DATA_DIR / "referee" / "holdout10.toml"
"""The tenth holdout (611 lines over both shipped campaigns and ``hollow_ford``: 105 with two
actions or more, 70 questions, 38 improvised deeds, 30 paragraphs, 46 at a hotseat table),
written apart from the parser (its author never read the parser nor any corpus file, nor saw
the game answer its lines) and frozen: reported once, never tuned to."""
HOLDOUT11 = DATA_DIR / "referee" / "holdout11.toml"
"""The eleventh holdout (618 lines over both shipped campaigns and ``hollow_ford``: 265 in
fights, 80 with two actions or more, 75 questions, 43 improvised deeds, 27 paragraphs, 65 at a
hotseat table), written apart from the parser (its author never read the parser nor any corpus
file, nor saw the game answer its lines), frozen and reported once (84.5%, 17 wrong actions);
since the twelfth was frozen, a development set."""
HOLDOUT12 = DATA_DIR / "referee" / "holdout12.toml"
"""The twelfth holdout (811 lines over both shipped campaigns and ``hollow_ford``: 341 in
fights, 103 with two actions or more), written apart from the parser (its author never read
the parser nor any corpus file, nor saw the game answer its lines), frozen and reported once
(84.8%, 29 wrong actions); since the thirteenth was frozen, a development set."""
HOLDOUT13 = DATA_DIR / "referee" / "holdout13.toml"
"""The thirteenth holdout (945 lines over both shipped campaigns and ``hollow_ford``: 463 in
fights, 99 with two actions or more, 59 at a hotseat table), written apart from the parser
(its author never read the parser nor any corpus file, nor saw the game answer its lines),
frozen and reported once (91.0%, 20 wrong actions); since the fourteenth was frozen, a
development set."""
HOLDOUT14 = DATA_DIR / "referee" / "holdout14.toml"
"""The fourteenth holdout (848 lines over both shipped campaigns and ``hollow_ford``: 392 in
fights, 108 with two actions or more), written apart from the parser (its author never read
the parser nor any corpus file, nor saw the game answer its lines), frozen before the
changes it measures and reported once (89.5%, 15 wrong actions); since the fifteenth was
frozen, a development set."""
HOLDOUT15 = DATA_DIR / "referee" / "holdout15.toml"
"""The fifteenth holdout (863 lines over both shipped campaigns and ``hollow_ford``: 410 in
fights, 94 with two actions or more, 49 at a hotseat table), written apart from the parser
(its author never read the parser nor any corpus file, nor saw the game answer its lines),
frozen before the changes it measures and reported once (89.7%, 22 wrong actions); since the
sixteenth was frozen, a development set."""
HOLDOUT16 = DATA_DIR / "referee" / "holdout16.toml"
"""The sixteenth holdout (912 lines over both shipped campaigns and ``hollow_ford``: 421 in
fights, 104 with two actions or more, 50 at a hotseat table), written apart from the parser
(its author never read the parser nor any corpus file, nor saw the game answer its lines),
frozen before the changes it measures and reported once (90.1%, 9 wrong actions); since the
seventeenth was frozen, a development set."""
HOLDOUT17 = DATA_DIR / "referee" / "holdout17.toml"
"""The seventeenth holdout (857 lines over both shipped campaigns and ``hollow_ford``: 388 in
fights, 98 with two actions or more, 60 at a hotseat table), written apart from the parser
(its author never read the parser nor any corpus file, nor saw the game answer its lines),
frozen before the changes it measures; reported once, never tuned to."""
HOLDOUT18 = DATA_DIR / "referee" / "holdout18.toml"
HOLDOUT19 = DATA_DIR / "referee" / "holdout19.toml"
HOLDOUT20 = DATA_DIR / "referee" / "holdout20.toml"
HOLDOUT21 = DATA_DIR / "referee" / "holdout21.toml"
HOLDOUT22 = DATA_DIR / "referee" / "holdout22.toml"
HOLDOUT23 = DATA_DIR / "referee" / "holdout23.toml"
HOLDOUT24 = DATA_DIR / "referee" / "holdout24.toml"
HOLDOUT25 = DATA_DIR / "referee" / "holdout25.toml"
HOLDOUT26 = DATA_DIR / "referee" / "holdout26.toml"
HOLDOUT27 = DATA_DIR / "referee" / "holdout27.toml"
HOLDOUT28 = DATA_DIR / "referee" / "holdout28.toml"
HOLDOUT29 = DATA_DIR / "referee" / "holdout29.toml"
HOLDOUT30 = DATA_DIR / "referee" / "holdout30.toml"
HOLDOUT31 = DATA_DIR / "referee" / "holdout31.toml"
HOLDOUT32 = DATA_DIR / "referee" / "holdout32.toml"
HOLDOUT33 = DATA_DIR / "referee" / "holdout33.toml"
HOLDOUT34 = DATA_DIR / "referee" / "holdout34.toml"
"""The thirty-fourth holdout: written apart from the parser, reported once; worked against now."""
HOLDOUT35 = DATA_DIR / "referee" / "holdout35.toml"
"""The thirty-fifth holdout: written apart from the parser, frozen, reported once."""
HOLDOUT36 = DATA_DIR / "referee" / "holdout36.toml"
"""The thirty-sixth holdout: written apart from the parser, frozen, reported once."""
HOLDOUT37 = DATA_DIR / "referee" / "holdout37.toml"
"""The thirty-seventh holdout: written apart from the referee, frozen, reported once."""
HOLDOUT38 = DATA_DIR / "referee" / "holdout38.toml"
"""The thirty-eighth holdout: written apart from the referee, frozen, reported once."""
HOLDOUT39 = DATA_DIR / "referee" / "holdout39.toml"
"""The thirty-ninth holdout: written apart from the referee, frozen, reported once."""
HOLDOUT40 = DATA_DIR / "referee" / "holdout40.toml"
"""The fortieth holdout: written apart from the referee, frozen, reported once."""
HOLDOUT41 = DATA_DIR / "referee" / "holdout41.toml"
"""The forty-first holdout: written apart from the referee, frozen, reported once."""
HOLDOUT42 = DATA_DIR / "referee" / "holdout42.toml"
"""The forty-second holdout: written apart from the referee, frozen, reported once."""
HOLDOUT43 = DATA_DIR / "referee" / "holdout43.toml"
"""The forty-third holdout: written apart from the referee, frozen, reported once."""
HOLDOUT44 = DATA_DIR / "referee" / "holdout44.toml"
"""The forty-fourth holdout: written apart from the referee, frozen, reported once."""
HOLDOUT45 = DATA_DIR / "referee" / "holdout45.toml"
"""The forty-fifth holdout: written apart from the referee, frozen, reported once."""
DEV = DATA_DIR / "referee" / "dev.toml"
"""The development set: lines written apart from the parser, for working on understanding."""
CAMPAIGN_FOLDERS = (CAMPAIGNS_DIR, DATA_DIR / "campaigns")
"""Where situations find their campaigns: shipped ones first, then the test campaigns."""
SEED = 1
"""Every situation's game is seeded alike, so a line always meets the same dice."""

Intent = Literal[
    "question", "talk", "move", "examine", "attack", "cast", "use", "take", "drop", "give",
    "rest", "challenge", "manoeuvre", "hold", "inventory", "help", "ask", "foreign", "refuse",
    "feature", "improvise",
]  # fmt: skip
INTENTS: tuple[str, ...] = Intent.__args__  # type: ignore[attr-defined]

Category = Literal[
    "questions", "moves", "social", "spells", "items", "targets", "verbs", "combat",
    "rest", "meta", "names", "challenges", "ambiguous", "chatter", "foreign", "mixed",
    "double", "improvised", "npc_talk", "hotseat", "long",
]  # fmt: skip
"""The rows of the benchmark's per-category table."""

Action = Literal[
    "withdraw", "disengage", "dodge", "dash", "hide", "stabilize", "engage", "cover", "short",
    "long", "grapple", "shove_prone", "shove_away", "escape_grapple", "thrown", "two_handed",
    "both", "second_wind", "action_surge", "cunning_action", "turn_undead",
    "bardic_inspiration", "rage", "lay_on_hands", "ready",
]  # fmt: skip
"""A manoeuvre, a rest, a way of attacking, or a class feature used."""


MOVES = (
    "withdraw", "disengage", "dodge", "dash", "hide", "stabilize", "engage", "cover", "short",
    "long", "grapple", "shove_prone", "shove_away", "escape_grapple", "thrown", "two_handed",
    "both", "ready",
)  # fmt: skip


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Situation(_Spec):
    """A game state, described as changes to a new game of a campaign."""

    campaign: str
    scene: str
    """The scene the party is in (entered without its scene fight)."""
    flags: dict[str, FlagValue] = Field(default_factory=dict)
    challenges: dict[str, Literal["passed", "failed"]] = Field(default_factory=dict)
    met: list[str] = Field(default_factory=list)
    """NPCs the party has already spoken to."""
    defeated: list[str] = Field(default_factory=list)
    """Encounters already won (their foes are gone, and triggers on them can hold)."""
    give: dict[str, list[str]] = Field(default_factory=dict)
    """Character id -> item names added to the inventory."""
    take: dict[str, list[str]] = Field(default_factory=dict)
    """Character id -> item names removed from the inventory."""
    fight: str | None = None
    """An encounter of the campaign, running with all its creatures."""
    turn: str | None = None
    """In a fight: the combatant whose turn it is."""
    wounds: dict[str, int] = Field(default_factory=dict)
    """Creature or character id -> damage already taken."""
    dead: list[str] = Field(default_factory=list)
    """Creatures already killed."""
    conditions: dict[str, list[Condition]] = Field(default_factory=dict)
    """Creature or character id -> conditions on it (``unconscious`` for one put to sleep)."""
    players: dict[str, list[str]] | None = None
    """Hotseat seating: player name -> character ids (default: one player has them all)."""
    learn: dict[str, list[str]] = Field(default_factory=dict)
    """Character id -> spells it knows besides its own, with a slot of each level they need
    (the pregens of a low-level campaign meet the spells of a higher one)."""

    @model_validator(mode="after")
    def _fight_details(self) -> Situation:
        if self.fight is None and (self.turn or self.dead):
            raise ValueError("'turn' and 'dead' need a 'fight'")
        return self


class Step(_Spec):
    """A further action in a line that asks for more than one ("drink the potion *and*
    attack the rat"): what a good DM takes from that part, in the line's order."""

    intent: Intent
    target: str | None = None
    spell: str | None = None
    action: Action | None = None
    skill: str | None = None
    possible: bool = True
    """``False``: this part cannot be done (here, or this turn: the action is spent); the
    referee must say so plainly and take no action for it."""


class Line(_Spec):
    """One player line and what a good DM takes from it in its situation."""

    situation: str
    actor: str
    """The character the line is typed as (in hotseat: whose player types it)."""
    text: str = Field(min_length=1, max_length=2000)
    intent: Intent
    target: str | None = None
    """The id it must resolve: npc, exit's scene, feature, item, creature, challenge or
    party member."""
    category: Category
    spell: str | None = None
    """For ``cast``: the SRD spell id."""
    topic: str | None = None
    """For ``talk``/``question``: what the player asks about."""
    action: Action | None = None
    """For ``manoeuvre`` (withdraw, disengage, dodge, dash, hide, stabilize, engage, cover,
    grapple, shove_prone, shove_away, escape_grapple), ``rest`` (short, long), ``attack``
    (thrown, two_handed, both) and ``feature`` (the feature's id: second_wind …)."""
    by: str | None = None
    """The character a line names as acting ("Thorin: I attack"), when it is not the actor."""
    to: str | None = None
    """For ``give``: who receives the item (an npc or party member)."""
    accept: list[Intent] = Field(default_factory=list)
    """Other intents that are also right for this line."""
    possible: bool = True
    """``False``: the intent is clear but cannot be carried out here (an item nobody
    carries, a spell the character does not know, a shut exit, a dead target, a rest in a
    fight). The referee must say why, or ask back; any action it takes is a wrong one."""
    skill: str | None = None
    """For ``improvise``: the skill (or ability) a good DM would call for, when one is
    plainly right; absent when any sensible ruling (or an automatic result) will do."""
    then: list[Step] = Field(default_factory=list)
    """The line's further actions, in order, after the one ``intent`` names."""
    says: list[str] = Field(default_factory=list)
    """For a question the game can answer: words or numbers the answer must contain
    (any case), e.g. the character's hit points ``["11"]``."""

    @model_validator(mode="after")
    def _coherent(self) -> Line:
        if self.intent == "cast" and self.spell is None:
            raise ValueError("a 'cast' line names its 'spell'")
        if self.intent == "rest" and self.action not in ("short", "long"):
            raise ValueError("a 'rest' line has action = 'short' or 'long'")
        if self.intent == "manoeuvre" and self.action in (None, "short", "long"):
            raise ValueError(
                "a 'manoeuvre' line has action = withdraw/disengage/dodge/dash/hide/stabilize/"
                "engage/cover"
            )
        if self.intent == "feature" and self.action in (None, *MOVES):
            raise ValueError("a 'feature' line has action = the feature's id")
        if self.intent in self.accept:
            raise ValueError("'accept' lists other intents than 'intent'")
        return self


class Corpus(_Spec):
    """A corpus file: its situations and its lines."""

    situations: dict[str, Situation]
    lines: list[Line] = Field(min_length=1)

    @model_validator(mode="after")
    def _known_situations(self) -> Corpus:
        unknown = sorted({ln.situation for ln in self.lines} - set(self.situations))
        if unknown:
            raise ValueError(f"lines name unknown situations: {', '.join(unknown)}")
        return self


class CorpusError(ValueError):
    """A corpus file or situation that cannot be used; the message says where and why."""


def load_corpus(path: Path | str) -> Corpus:
    """Read and validate a corpus file; :class:`CorpusError` names every problem."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return Corpus.model_validate(data)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CorpusError(f"{path}: {error}") from None
    except ValidationError as error:
        problems = [
            f"  {'.'.join(str(p) for p in item['loc'])}: {item['msg']} (found {item['input']!r})"
            for item in error.errors()
        ]
        head = f"{path}: {error.error_count()} problem(s)"
        raise CorpusError("\n".join([head, *problems])) from None


@cache
def campaign_named(campaign_id: str) -> Campaign:
    """A campaign by id: a shipped one, or one of the test campaigns."""
    for folder in CAMPAIGN_FOLDERS:
        if (folder / campaign_id / "campaign.toml").exists():
            return load_campaign(folder / campaign_id)
    known = sorted(p.parent.name for f in CAMPAIGN_FOLDERS for p in f.glob("*/campaign.toml"))
    raise CorpusError(f"no campaign {campaign_id!r}; known: {', '.join(known)}")


def build_situation(spec: Situation) -> GameState:
    """A new game of the situation's campaign, brought to the state it describes."""
    campaign = campaign_named(spec.campaign)
    state = start_session(campaign, SEED, players=spec.players).state
    _check_ids(spec, campaign)
    state.flags.update(spec.flags)
    state.flags.update({f"met_{npc}": True for npc in spec.met})
    state.challenges.update(spec.challenges)
    state.defeated += [e for e in spec.defeated if e not in state.defeated]
    for cid, items in spec.give.items():
        state.party[cid].inventory += items
    for cid, spells in spec.learn.items():
        _learn(state, cid, spells)
    for cid, items in spec.take.items():
        for item in items:
            if item not in state.party[cid].inventory:
                raise CorpusError(f"{cid} carries no {item!r} to take away")
            state.party[cid].inventory.remove(item)
    if spec.scene != state.scene.id:
        # Marked as visited first: the situation is the scene without its entry fight.
        state.visited.append(spec.scene)
        enter_scene(state, spec.scene, "the situation")
    if spec.fight is not None:
        start_encounter(state, spec.fight)
    _hurt(state, spec)
    if spec.turn is not None:
        _rotate_to(state, spec.turn)
    return state


def _learn(state: GameState, cid: str, spells: list[str]) -> None:
    sheet = state.party[cid]
    if sheet.spellcasting_ability is None:
        raise CorpusError(f"{cid} casts no spells, so cannot learn {spells}")
    for spell in spells:
        if spell not in srd().spells.entries:
            raise CorpusError(f"{cid} cannot learn {spell!r}: no such spell id")
        level = srd().spells.get(spell).level
        if spell not in sheet.spells:
            sheet.spells.append(spell)
        if level and sheet.spell_slots.maximum.get(level, 0) < 1:
            sheet.spell_slots.maximum[level] = 1


def _check_ids(spec: Situation, campaign: Campaign) -> None:
    where = f"situation on {campaign.id}"
    if spec.scene not in campaign.scenes:
        raise CorpusError(f"{where}: no scene {spec.scene!r}")
    if spec.fight is not None and spec.fight not in campaign.encounters:
        raise CorpusError(f"{where}: no encounter {spec.fight!r}")
    for npc in spec.met:
        if npc not in campaign.npcs:
            raise CorpusError(f"{where}: no npc {npc!r}")
    for challenge in spec.challenges:
        if challenge not in campaign.challenges:
            raise CorpusError(f"{where}: no challenge {challenge!r}")
    for encounter in spec.defeated:
        if encounter not in campaign.encounters:
            raise CorpusError(f"{where}: no encounter {encounter!r}")
    seated = [c for ids in (spec.players or {}).values() for c in ids]
    for cid in [*spec.give, *spec.take, *spec.learn, *seated]:
        if cid not in campaign.campaign.party:
            raise CorpusError(f"{where}: no party member {cid!r}")


def _hurt(state: GameState, spec: Situation) -> None:
    """Wounds, deaths and conditions, applied as the game applies them."""
    known = set(state.party) | set(state.creatures)
    for cid in [*spec.wounds, *spec.dead, *spec.conditions]:
        if cid not in known:
            raise CorpusError(f"no creature or character {cid!r} here; known: {sorted(known)}")
    for cid, amount in spec.wounds.items():
        creature = cid not in state.party
        vitals = state.creatures[cid].vitals if creature else state.party[cid].vitals
        hurt = apply_damage(vitals, amount, DamageType.BLUDGEONING, dies_at_zero=creature)
        set_vitals(state, cid, hurt.vitals)
    for cid in spec.dead:
        if cid in state.party:
            raise CorpusError(f"{cid} is a party member; situations kill only creatures")
        max_hp = state.creatures[cid].vitals.max_hp
        set_vitals(state, cid, Vitals(hp=0, max_hp=max_hp, state=LifeState.DEAD))
    for cid, conditions in spec.conditions.items():
        held = (
            state.party[cid].conditions if cid in state.party else state.creatures[cid].conditions
        )
        held += [ActiveCondition(condition=c, source="situation") for c in conditions]


def _rotate_to(state: GameState, combatant: str) -> None:
    """Rotate the initiative order so that ``combatant`` acts now, at the top of a round."""
    encounter = state.encounter
    assert encounter is not None  # the model validator requires a fight with a turn
    ids = [c.id for c in encounter.order]
    if combatant not in ids:
        raise CorpusError(f"{combatant!r} is not in the fight; order: {', '.join(ids)}")
    at = ids.index(combatant)
    encounter.order = encounter.order[at:] + encounter.order[:at]
    encounter.turn_index = 0
