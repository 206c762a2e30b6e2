"""What a campaign's obstacles and effects are made of: :class:`Effects` (what happens),
and :class:`ChallengeSpec` (an authored roll, its outcomes, and — for a skill challenge —
the successes it needs before too many failures).

A skill challenge (``successes = 3``, ``failures = 2``) is one obstacle met by several
checks: each attempt is one character's check with one of the skills it allows; its
``success`` happens once enough checks have passed, its ``failure`` once too many have
failed. Other rolls that meet an obstacle (``alternatives``: Survival, or Arcana while
someone carries the astrolabe) are written once, on the obstacle, never as a second
challenge.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from app.world.spec import FlagValue, Name
from app.world.spec import Spec as _Spec
from app.world.when import Fact
from rules.abilities import Ability
from rules.conditions import Condition
from rules.damage import DamageType
from rules.dice.amounts import amount_problem
from rules.skills import Skill


def _sane_amount(text: str) -> str:
    problem = amount_problem(text.strip())
    if problem:
        raise ValueError(problem)
    return text.strip()


Amount = Annotated[str, Field(max_length=60), AfterValidator(_sane_amount)]
"""A damage or healing formula the game can roll in play ("1d4", "2d4 + 2"): the same rule
a DM's tool call meets, so an amount that validates never fails a turn."""


class DamageSpec(_Spec):
    """Damage an outcome deals."""

    amount: Amount
    """Dice formula of the damage (``1d4``, ``2d6 + 1``)."""
    type: DamageType
    """Damage type (``dungeon list damage-types``)."""
    to: Literal["actor", "party"] = "actor"
    """Who takes it: ``actor`` (who made the roll) or the whole ``party``."""


class Effects(_Spec):
    """What happens: text to narrate and changes to the world. Used by challenge outcomes,
    triggers and scene entries alike."""

    text: str = ""
    """Words the players read when it happens."""
    set_flags: dict[str, FlagValue] = Field(default_factory=dict)
    """Flags to set: ``{ trapdoor_open = true }`` (true/false, a number or a string)."""
    give_items: list[str] = Field(default_factory=list)
    """Item ids (``[items.<id>]``) given to the actor."""
    take_items: list[str] = Field(default_factory=list)
    """Item ids taken from whoever carries them."""
    damage: DamageSpec | None = None
    """Damage dealt (``{ amount = "1d4", type = "poison" }``)."""
    heal: Amount | None = None
    """Hit points restored to the actor (a dice formula)."""
    condition: Condition | None = None
    """A condition put on the actor (``dungeon list conditions``)."""
    condition_rounds: int | None = Field(default=None, ge=1, le=100)
    """How many rounds the condition lasts (until removed, without it)."""
    move_to: str | None = None
    """A scene id the party moves to."""
    start_encounter: str | None = None
    """An encounter id whose fight starts now."""
    end_encounter: bool = False
    """The fight going on ends now, its foes standing down, nobody beaten (a spirit laid
    to rest by her name, a surrender the story grants); no fight on, nothing happens. A
    challenge whose ``success`` has it may be tried during that fight, by the combatant
    whose turn it is, with their action (other challenges wait until the fight is over)."""
    reveal: str | None = None
    """A fact the players learn (kept in their journal)."""
    restrict_to: list[str] | None = None
    """Character ids who alone may act next (an empty list lifts a restriction)."""
    restrict_reason: str = ""
    """Why only ``restrict_to`` may act, told to the players."""
    next: str | None = None
    """A follow-up challenge (lock -> trap -> save chains); in a challenge's outcome it is
    rolled at once, by the same character, whoever the DM is."""
    ending: str | None = None
    """An ending id reached now: the story ends with it."""
    xp: int = Field(default=0, ge=0, le=100_000)
    """Experience points shared among the living party members (a story award)."""
    level_up: bool = False
    """A milestone: every living party member may take the next level (``/levelup``)."""
    shift: dict[Annotated[str, Field(max_length=80)], float] = Field(default_factory=dict)
    """Score changes: ``{ "trust.berta" = 2 }`` (the party's), ``"trust.berta.mira"`` (one
    character's), or a counter (``noise = 1``) — in a challenge's outcome as anywhere. A
    relationship change is told to the players and ripples through the NPCs' ``ties`` at
    the scene boundary."""


class RollOption(_Spec):
    """Another roll that meets the same obstacle: ``{ skill = "arcana", when = { has_item =
    "astrolabe" } }``."""

    skill: Skill | None = None
    """The skill rolled this way (``dungeon list skills``)."""
    ability: Ability | None = None
    """The ability rolled, for a check without a skill."""
    tool: str | None = Field(default=None, max_length=60)
    """A tool the check is made with this way (as the challenge's ``tool``)."""
    dc: int | None = Field(default=None, ge=1, le=30)
    """Its own difficulty class (the challenge's ``dc``, without it)."""
    when: Fact | None = None
    """This way is open only while this holds (``{ has_item = "astrolabe" }``)."""
    words: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list)
    """Words that ask for this way ("the stars", "astrolabe"): a player whose line says one
    (or the skill's name) rolls it — the only way to ask for a way with an ``ability`` and
    no skill. Otherwise the character rolls the best way open to them. Words of more than
    one word ("read the stars") also start the challenge while this way is open, as its
    ``provoked_by`` do."""

    @model_validator(mode="after")
    def _roll(self) -> RollOption:
        if self.skill is None and self.ability is None:
            raise ValueError("an alternative needs a skill or an ability")
        return self


class ChallengeSpec(_Spec):
    """An authored obstacle: what provokes it, the roll, and both outcomes."""

    name: Name
    """What the roll is called in the dice log ("pick the trapdoor padlock")."""
    scene: str
    """The scene id where it can be attempted."""
    provoked_by: list[str] = Field(min_length=1)
    """Phrases a player might use ("pick the lock", "open the trapdoor"); a single word is
    a keyword ("sneak": alone, the game asks back). ``dungeon validate`` warns about a
    phrase the game reads as something else ("talk", "go north", "rest") or that another
    challenge of the scene already has."""
    kind: Literal["check", "save", "group"] = "check"
    """``check`` (one character's ability check), ``save`` (a saving throw) or ``group`` (everyone
    rolls; half must pass)."""
    skill: Skill | None = None
    """The skill rolled (``dungeon list skills``)."""
    ability: Ability | None = None
    """The ability rolled, for a save or a check without a skill."""
    tool: str | None = Field(default=None, max_length=60)
    """A tool the check is made with ("thieves' tools" to pick a lock): a character trained
    with it, and carrying it, adds the proficiency bonus (once, beside any skill's)."""
    dc: int = Field(ge=1, le=30)
    """Difficulty class, 1 to 30 (10 easy, 15 medium, 20 hard)."""
    success: Effects
    """What happens on a success."""
    failure: Effects
    """What happens on a failure."""
    retry: bool = False
    """May be attempted again after a failure (a skill challenge starts again from
    nothing)."""
    alternatives: list[RollOption] = Field(default_factory=list, max_length=12)
    """Other rolls that meet the same obstacle, each a table with ``skill`` (or
    ``ability``), and optionally ``when``, ``dc``, ``tool`` and ``words``:
    ``[{ skill = "arcana", when = { has_item = "astrolabe" } }]``. A character rolls the
    way the player names (a skill's name, or an alternative's ``words``), else the best
    one open to them; an LLM DM passes ``skill``. Checks only."""
    successes: int | None = Field(default=None, ge=1, le=12)
    """A skill challenge: how many checks must pass (``successes = 3``) before
    ``failures`` checks fail. Each attempt is one character's check (any skill it
    allows); ``success`` happens at the last success needed, ``failure`` at the last
    failure allowed, and each attempt between tells ``step_success`` or ``step_failure``."""
    failures: int | None = Field(default=None, ge=1, le=12)
    """With ``successes``: how many failed checks end the skill challenge in failure."""
    step_success: Effects | None = None
    """In a skill challenge: what happens on each passed check that does not yet end it
    (text, and any of the usual effects)."""
    step_failure: Effects | None = None
    """In a skill challenge: what happens on each failed check that does not yet end it."""

    @model_validator(mode="after")
    def _roll(self) -> ChallengeSpec:
        if self.kind == "save" and self.ability is None:
            raise ValueError("a save challenge needs an ability")
        if self.skill is None and self.ability is None:
            raise ValueError("a challenge needs a skill or an ability")
        if self.tool is not None and self.kind == "save":
            raise ValueError("a tool is for a check, not a saving throw")
        if (self.successes is None) != (self.failures is None):
            raise ValueError("a skill challenge needs both successes and failures")
        if self.kind != "check" and (self.alternatives or self.successes is not None):
            raise ValueError("alternatives and a skill challenge's successes are for checks")
        if self.successes is None and (self.step_success or self.step_failure):
            raise ValueError("step_success and step_failure go with successes and failures")
        return self

    @property
    def tallied(self) -> bool:
        """Whether this is a skill challenge (several checks, counted)."""
        return self.successes is not None
