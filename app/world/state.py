"""The game state: one pydantic model that is the single source of truth.

Everything the DM may change lives here and changes only through tool executors. The
seeded RNG lives here too (as a private attribute with an explicit state accessor), so a
saved game resumes with exactly the same future rolls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from app.world.actions import PlayerAction
from app.world.chronicle import Chronicle
from app.world.ledger import LedgerEvent
from app.world.reactions import ReactionQueue
from app.world.readied import Readied
from app.world.recording import Change, change_events
from app.world.spec import FlagValue
from app.world.truth import Truth
from app.world.turnorder import Moment, TurnOrder
from app.world.usage import Usage
from rules.character import CharacterSheet

if TYPE_CHECKING:
    from app.world.campaign import Campaign
from rules.conditions import ActiveCondition
from rules.damage import Defenses, Vitals
from rules.economy import TurnEconomy
from rules.effects import Effect
from rules.positions import Spot
from rules.spellcasting import SpellSlots
from rules.srd import Monster, srd

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]

MOST_TURNS = 10**9
"""More turns (or rounds of one fight) than any game plays: a bound on a damaged count."""
LOG_KEPT = 400
"""Entries of the dice and combat log a game keeps (the newest; the log pane shows as many)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Creature(_Model):
    """A monster or NPC present in the world (an instance, with its own hit points)."""

    id: Id
    name: str
    monster: str | None = None
    """SRD monster id of its stat block, if it has one."""
    ac: int = Field(ge=1, le=30)
    vitals: Vitals
    conditions: list[ActiveCondition] = Field(default_factory=list)
    defenses: Defenses = Field(default_factory=Defenses)
    hostile: bool = True
    side: Literal["foes", "party"] = Field(default="foes", exclude_if=lambda v: v == "foes")
    """Which side it fights on: a foe's, or the party's — a campaign companion who fights
    beside them, played by the DM (:mod:`app.world.companions`). Left out of the saved text
    for a foe."""
    encounter: str | None = None
    """The campaign encounter it came with (for "defeated" conditions)."""
    scene: str = ""
    """The scene it stands in (where its fight began); empty in saves from before creatures
    kept their scene: then wherever the party is."""

    def stands_in(self, scene_id: str) -> bool:
        """Whether it is in that scene (one from an older save without a scene is wherever
        the party is)."""
        return self.scene in ("", scene_id)

    left: Literal["", "fled", "surrendered"] = ""
    """Out of the fight without dying: ran away, or gave up and is at the party's mercy."""
    npc: str | None = None
    """The campaign NPC this creature is (a named foe who can also be spoken to)."""
    spell_slots: SpellSlots | None = None
    """For spellcasting monsters: the slots this one has left."""
    concentration: str | None = Field(default=None, max_length=64)
    """The spell a spellcasting monster concentrates on (one at a time, as a character)."""
    effects: list[Effect] = Field(default_factory=list, max_length=100)
    """Lasting effects on it (Bane, Faerie Fire, a Dodge …)."""
    resources: dict[str, int] = Field(default_factory=dict, max_length=40)
    """Uses spent of its limited actions and traits, by id (a recharge ability spent)."""


class DeathMark(_Model):
    """When a creature died: Revivify works only within a minute of it."""

    turn: int = Field(ge=0, le=MOST_TURNS)
    """The game's turn (one player turn, out of a fight) it died on."""
    round: int | None = Field(default=None, ge=1, le=MOST_TURNS)
    """The round of the fight it died in, if it died in one."""


class Scene(_Model):
    """Where the party is.

    In a campaign game the text of a scene depends on the world (a lock picked, a boy found)
    and is read from the campaign through :mod:`app.world.view`; the state keeps no copy
    that could go stale. Only a game without a campaign keeps its text here.
    """

    id: Id
    name: str
    description: str = ""
    """Read-aloud text (games without a campaign only)."""
    dm_notes: str = ""
    """Only the DM sees these (games without a campaign only)."""
    exits: list[str] = Field(default_factory=list)
    """Ids of scenes reachable from here."""


class Combatant(_Model):
    """One entry in the initiative order."""

    id: str
    name: str
    initiative: int
    side: Literal["party", "foes"]


class Encounter(_Model):
    """A fight in progress."""

    reason: str
    round: int = Field(default=1, ge=1, le=MOST_TURNS)
    order: list[Combatant]
    turn_index: int = Field(default=0, ge=0)
    economy: dict[str, TurnEconomy] = Field(default_factory=dict)
    """What each combatant has left to spend (its reaction comes back on its own turn)."""
    spells_cast: dict[str, list[str]] = Field(default_factory=dict)
    """What each combatant has cast on its current turn (``bonus``, ``action``,
    ``action_cantrip``): a bonus-action spell leaves room only for a cantrip."""
    positions: dict[str, Spot] = Field(default_factory=dict)
    """Where each combatant stands: engaged with whom, near or far, behind what cover."""
    off_hand_ready: list[str] = Field(default_factory=list)
    """Attacked with a light melee weapon this turn: may attack with the other hand's light
    weapon as a bonus action (two-weapon fighting)."""
    thrown: list[str] = Field(default_factory=list)
    """Weapons thrown in this fight, as ``thrower:weapon``: picked up when it ends."""
    readied: list[Readied] = Field(default_factory=list, max_length=40)
    """Readied actions waiting for their triggers (one per creature)."""
    declared: dict[str, str] = Field(default_factory=dict)
    """Lines that started this fight with a blow, by the party member who said them: each
    is struck on its striker's first turn, once those quicker have acted."""

    @property
    def current(self) -> Combatant:
        """Whose turn it is."""
        return self.order[self.turn_index % len(self.order)]


@dataclass(frozen=True)
class Snapshot:
    """A game at one moment, as :meth:`GameState.snapshot` takes it: what a failed turn
    rolls back to, and what a checkpoint (undo, rewind) holds."""

    data: str
    """The live state as JSON text (``model_dump_json``): nothing later changes reaches it,
    and being one string rather than thousands of dicts and lists, a snapshot kept for undo
    gives the garbage collector nothing to walk (a turn takes two)."""
    rng: tuple[Any, ...]
    """The RNG's exact position."""
    turns: int
    """How many records the story had."""
    turn: int
    """The game's turn number."""


class Tally(_Model):
    """A skill challenge under way: how many of its checks have passed and failed."""

    successes: int = Field(default=0, ge=0, le=12)
    failures: int = Field(default=0, ge=0, le=12)


class Restriction(_Model):
    """Only these characters may act, and why (``restrict_action``)."""

    character_ids: list[str]
    reason: str


class Offer(_Model):
    """One reading of an unclear line the DM offered back ("Did you mean to pick the
    lock?"): what the player's answer ("yes", "2", "the second") would do."""

    kind: str = Field(max_length=40)
    target: str | None = Field(default=None, max_length=80)
    label: str = Field(max_length=200)
    spell: str | None = Field(default=None, max_length=40)


class GameState(_Model):
    """Everything about one game, serialisable to TOML."""

    campaign_id: str = "sandbox"
    title: str = ""
    seed: int = 0
    started: Moment | None = None
    """When this game began."""
    turn: int = Field(default=0, ge=0, le=MOST_TURNS)
    idle_turns: int = Field(default=0, ge=0, le=MOST_TURNS, exclude_if=lambda n: n == 0)
    """Read from older saves, which counted the turns in which nothing happened apart from
    the turn counter; kept so that they load. The counter the players see is :attr:`turn`
    everywhere now (the header, the turn log, undo and rewind, the list of saves), so that
    every number they are shown is the same turn's."""
    players: dict[str, list[str]] = Field(default_factory=dict)
    """Player name -> ids of the characters they control (a solo player controls all)."""
    party: dict[str, CharacterSheet] = Field(default_factory=dict)
    own_characters: list[str] = Field(default_factory=list)
    """Party members who are the players' own characters (made with ``dungeon character``)
    in the place of the campaign's pregens: they are not compared with a pregen's sheet."""
    pregens: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    """A fingerprint of each campaign sheet a pregen was made from, as the game began: a
    sheet the author has changed since is not the one to compare the character with (the
    game goes on with the character as it was made). Older saves have none: compared."""
    creatures: dict[str, Creature] = Field(default_factory=dict)
    scene: Scene
    scenes: dict[str, Scene] = Field(default_factory=dict)
    flags: dict[str, FlagValue] = Field(default_factory=dict)
    encounter: Encounter | None = None
    restriction: Restriction | None = None
    summary: str = ""
    """Rolling summary of turns that left the prompt window."""
    summarised_through: int = 0
    """The last turn number folded into ``summary``."""
    changes: list[Change] = Field(default_factory=list)
    """Changes not yet reported to the DM."""
    facts: list[str] = Field(default_factory=list)
    """Information revealed to the players (``reveal``)."""
    challenges: dict[str, Literal["passed", "failed"]] = Field(default_factory=dict)
    """Campaign challenges attempted, and how they went."""
    tallies: dict[str, Tally] = Field(default_factory=dict, exclude_if=lambda v: not v)
    """Skill challenges under way: checks passed and failed so far (a settled one is in
    ``challenges``). Left out of the saved text while empty."""
    fired_triggers: dict[str, int] = Field(default_factory=dict)
    """How many times each campaign trigger has fired."""
    triggers_holding: list[str] = Field(default_factory=list)
    """Repeatable triggers whose condition held at the last check (they fire again only
    after it has been false)."""
    visited: list[str] = Field(default_factory=list)
    """Scenes the party has entered (scene-entry fights happen once)."""
    defeated: list[str] = Field(default_factory=list)
    """Campaign encounters whose foes are all down."""
    long_rested: list[str] = Field(default_factory=list, exclude_if=lambda v: not v)
    """Party members who have had a long rest since the party last moved on or fought: the
    SRD allows one long rest in 24 hours, and the game keeps no clock, so another waits
    until the party has been on its way. Left out of the saved text while empty."""
    ending: str | None = None
    """The ending reached, if the story is over."""
    pending: list[PlayerAction] = Field(default_factory=list)
    """Actions declared and not yet resolved (kept so a crash loses none)."""
    taken_back: list[str] = Field(default_factory=list, max_length=64, exclude_if=lambda v: not v)
    """The actions of the turn an undo or rewind took back, as the story recorded them
    (``Mira: I pick the lock``), until the next turn is played: played the same, its dice
    fall as they did; played otherwise, they are drawn afresh (:mod:`app.session.fate`)."""
    turn_order: TurnOrder = Field(default_factory=TurnOrder)
    speaking: str | None = None
    """The character a line without a name (no ``Name:``) is for: the one last played or
    picked. Kept with the game, so a resumed game, an undo and a rewind agree on who a
    bare line acts for."""
    offered: dict[str, list[Offer]] = Field(
        default_factory=dict, max_length=12, exclude_if=lambda v: not v
    )
    """The readings the DM last asked each character's player to choose between ("Did you
    mean…?"), by character id: the next line may pick one. Kept with the game, so the
    answer is understood after a resume or an undo as it would have been."""
    deaths: dict[str, DeathMark] = Field(default_factory=dict)
    """When each dead character or creature died (a revived one leaves it)."""
    reactions: ReactionQueue = Field(default_factory=ReactionQueue)
    """The reaction queue: this turn's windows and the subturns declared in them."""
    table_log: list[str] = Field(default_factory=list)
    """The newest entries of the dice and combat log, as Rich markup, so a resumed game shows
    the log it had (at most :data:`LOG_KEPT`)."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens the DM has spent on this game, across sittings (failed turns included: they
    were paid for)."""
    usage_turns: int = Field(default=0, ge=0, le=MOST_TURNS)
    """Finished turns that called the DM: what the average per turn divides by."""
    usage_alerts: list[str] = Field(default_factory=list, max_length=10)
    """The cost alerts whose threshold the game is past (each shows once per crossing)."""
    truth: Truth = Field(default_factory=Truth)
    """The truth set: the temporal index of what happened, interpretive judgments, scores
    (relationships, counters) and the event system's queues (:mod:`app.world.truth`)."""

    _rng: random.Random = PrivateAttr(default_factory=random.Random)
    _campaign: Any = PrivateAttr(default=None)
    _reaction_policy: Any = PrivateAttr(default=None)
    _history: Chronicle = PrivateAttr(default_factory=Chronicle)
    as_written: bool = Field(default=False, exclude=True)
    """Loaded from a save whose proof line shows it as the game wrote it, not edited by hand
    (never saved: set by the loader): ids of its own history that the campaign no longer
    has are the campaign's edits, not damage."""

    def model_post_init(self, context: Any, /) -> None:
        self._rng = random.Random(self.seed)

    @property
    def campaign(self) -> Campaign | None:
        """The campaign this game plays (not saved with the state: it is reloaded)."""
        # Read straight from pydantic's private store: ``self._campaign`` goes through
        # BaseModel.__getattr__ (a failed lookup first), 40 times slower, and the campaign is
        # read on every condition, score and view.
        return self.__pydantic_private__["_campaign"]  # type: ignore[no-any-return,index]

    def attach(self, campaign: Campaign | None) -> None:
        """Link the campaign the game is played from."""
        self._campaign = campaign

    @property
    def reaction_policy(self) -> Any:
        """Who decides reactions (a ``ReactionPolicy``); ``None`` means the default rules."""
        return self._reaction_policy

    def set_reaction_policy(self, policy: Any) -> None:
        """Install the reaction policy (the console asks players; headless play decides)."""
        self._reaction_policy = policy

    # -- the RNG -----------------------------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The one random source of the game: every die is drawn from it."""
        return self.__pydantic_private__["_rng"]  # type: ignore[no-any-return,index]

    def rng_state(self) -> tuple[Any, ...]:
        """The RNG's exact position, for saving."""
        return self.rng.getstate()

    def restore_rng(self, state: tuple[Any, ...]) -> None:
        """Put the RNG back at a saved position."""
        self._rng.setstate(state)

    @property
    def history(self) -> Chronicle:
        """Every finished turn, in order (append-only; kept apart from the live state and
        saved beside it, see :mod:`app.world.chronicle`)."""
        return self.__pydantic_private__["_history"]  # type: ignore[no-any-return,index]

    def set_history(self, history: Chronicle) -> None:
        """Give the game its story (a loaded one, or the one a rollback keeps)."""
        self._history = history

    def snapshot(self) -> Snapshot:
        """The game as it stands, cheap to take and to keep: the live state as JSON text,
        the RNG's position and the story's length (the story is append-only, so its length
        is all a rollback point needs of it)."""
        return Snapshot(self.model_dump_json(), self.rng_state(), len(self.history), self.turn)

    def restored(self, snapshot: Snapshot, *, keep_cut: bool = False) -> GameState:
        """The game as it was at ``snapshot``: a new state, with the same campaign, reaction
        policy and story object — its turns since the snapshot cut off (kept for a later
        :meth:`Chronicle.restore_cut` when ``keep_cut``: a rewind that may be undone)."""
        state = GameState.model_validate_json(snapshot.data)
        state.restore_rng(snapshot.rng)
        state.attach(self._campaign)
        state.set_reaction_policy(self._reaction_policy)
        self._history.cut(snapshot.turns, keep=keep_cut)
        state.set_history(self._history)
        return state

    def fork(self) -> GameState:
        """An independent copy of the game, RNG position and story included (a trial run,
        a benchmark's fresh start); the campaign and reaction policy are shared."""
        state = GameState.model_validate(self.model_dump())
        state.restore_rng(self.rng_state())
        state.attach(self._campaign)
        state.set_reaction_policy(self._reaction_policy)
        state.set_history(self._history.copy())
        return state

    # -- lookups -----------------------------------------------------------------------------
    def name_of(self, target_id: str) -> str:
        """Display name of a character or creature id."""
        if target_id in self.party:
            return self.party[target_id].name
        if target_id in self.creatures:
            return self.creatures[target_id].name
        return target_id

    def known_ids(self) -> list[str]:
        """Every id a tool may name: party members, then creatures."""
        return [*self.party, *self.creatures]

    def controller_of(self, character_id: str) -> str | None:
        """The player who controls a character."""
        for player, ids in self.players.items():
            if character_id in ids:
                return player
        return None

    def able_players(self) -> list[str]:
        """Players, in seating order, who control a character able to act (companions are
        the DM's, a character down cannot act, and while the action is restricted only the
        characters named may) and are at the table (not away)."""
        companions = set(self.turn_order.companions)
        away = set(self.turn_order.away)
        # While only some characters may act (Grubnak parleys with Mira alone), only their
        # players take turns: the others would only be waited for, and timed out, in vain.
        allowed = set(self.restriction.character_ids) if self.restriction else None
        if allowed and allowed <= companions:
            allowed = None  # only companions may act: any player at the table speaks for them
        return [
            player
            for player, ids in self.players.items()
            if player not in away
            and any(
                cid in self.party
                and cid not in companions
                and self.party[cid].vitals.conscious
                and (allowed is None or cid in allowed)
                for cid in ids
            )
        ]

    def monster(self, monster_id: str) -> Monster:
        """A stat block: the campaign's own monsters first, then the SRD's."""
        if self.campaign is not None:
            return self.campaign.monster(monster_id)
        return srd().monsters.get(monster_id)

    def has_item(self, item: str) -> bool:
        """Someone in the party carries the item (by campaign id or by name)."""
        names = {item.lower()}
        if self.campaign is not None and item in self.campaign.items:
            spec = self.campaign.items[item]
            names |= {spec.name.lower(), *(a.lower() for a in spec.aliases)}
        return any(i.lower() in names for s in self.party.values() for i in s.inventory)

    def add_to_log(self, entries: list[str]) -> None:
        """Keep entries of the dice and combat log (dropping the oldest past the cap)."""
        self.table_log.extend(entries)
        if len(self.table_log) > LOG_KEPT:
            del self.table_log[: len(self.table_log) - LOG_KEPT]

    def log_event(self, event: LedgerEvent, *, scene: str | None = None) -> LedgerEvent:
        """Write an event to the ledger, in its place (this turn, this scene — or
        ``scene``, for leaving one); returns it as recorded (with its ``seq``). Only the
        event system's writers call this: tool calls, the reading of player lines, world
        changes (:meth:`record`), triggers, judgments, the scene boundary."""
        return self.truth.add(event, self.turn, self.scene.id if scene is None else scene)

    def place(self) -> dict[str, Any]:
        """Where the next ledger event goes (``seq``, this turn, this scene): an event made
        with it is written by :meth:`log_event` as it is, not copied into its place."""
        return self.truth.place(self.turn, self.scene.id)

    def record(self, kind: str, text: str, **about: str | int | None) -> None:
        """Note a change for the DM's next context, and write the ledger event it is
        (:mod:`app.world.recording`); ``about`` holds what it concerns (``who``, ``ref``,
        ``before``, ``after``, ``formula``, ``total``, ``why``; for a scene change,
        ``left``: the id of the scene left)."""
        left = about.pop("left", None)
        details = {k: v for k, v in about.items() if v is not None}
        change = Change.model_validate({"turn": self.turn, "kind": kind, "text": text, **details})
        self.changes.append(change)
        moved_from = None if left is None else str(left)
        at = self.truth.place(self.turn, self.scene.id)  # where the change's own event goes
        for event, scene in change_events(change, self.scene.id, self.party, moved_from, at=at):
            self.log_event(event, scene=scene)
