"""``dungeon dm-check``'s battery: short scripted scenes of the shipped campaign, played with
a fixed seed against the configured AI DM through the very session code a game uses, and
measured — which tool calls the engine ran or refused (and why), which turns were lost,
which narrated dice no tool rolled, whether the fight ended when the foes were down, and
the tokens and seconds each turn took.

Nothing here is scored by reading the model's prose for quality: every measure is a fact
the engine already knows (its tool results, the turn's events, the claims filter's nudge).
The score and the verdict live in :mod:`app.cli.dmcheck_score`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from app.actions.calls import ToolCall
from app.actions.events import DiceRoll, ErrorEvent, NarrativeChunk, TurnEnd
from app.actions.registry import ToolOutcome, ToolSet
from app.actions.sets import CAMPAIGN_EXPLORATION_TOOLS, COMBAT_TOOLS
from app.dm import prompts
from app.dm.brain import Brain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState

CAMPAIGN = "crossroads"
SEED = 10
"""The battery plays the same dice every time: two runs of one model are comparable. These
dice let a DM that fights well finish the rats in a few rounds, so a slow local model is
checked in minutes."""
FIGHT_TURNS = 25
"""Turns the fight may take (player and foe turns) before it counts as never ended."""

ID_REFUSAL = re.compile(
    r"\bunknown (?:id|character|scene|challenge|encounter)|\bno character\b|"
    r"is not here to talk to|^no way from|belongs to another scene"
)
"""Refusals for an id the game does not know (or not here): the model made it up."""
TAKEOVER = re.compile(
    r"\byou (?:decide|choose|opt)\b|\b(?:Mira|Thorin|Aria) (?:decides|chooses|opts)\b",
    re.IGNORECASE,
)
"""Narration that decides for a player's character (a DM describes, the player chooses)."""
NUDGE = prompts.UNROLLED.split("(", 1)[0]
"""How the claims filter's request to roll what was narrated begins."""


@dataclass
class Line:
    """One player line: who says it, what, and (hotseat) which seat typed it."""

    character: str
    text: str
    player: str = ""


@dataclass
class Scene:
    """One short situation of the battery."""

    key: str
    title: str
    lines: list[Line]
    players: dict[str, list[str]] | None = None
    """Hotseat seats, when the scene is played by more than one player."""
    flags: dict[str, bool] = field(default_factory=dict)
    """Story facts set before the scene starts (the trapdoor already open)."""
    fight: bool = False
    """After its lines, the scene fights on to the end (the party's turns attack)."""
    takeover: bool = False
    """The scene tempts the model to decide for the character: its narration is read."""


SCENES: list[Scene] = [
    Scene("challenge", "an authored challenge: pick the trapdoor padlock",
          [Line("mira", "I pick the lock on the trapdoor")]),
    Scene("talk", "a conversation: ask Berta about Tam",
          [Line("thorin", "I ask Berta about Tam. When did she last see him?")]),
    Scene("fight", "a whole fight: down to the cellar and the rats",
          [Line("thorin", "We go down the trapdoor into the cellar")],
          flags={"trapdoor_open": True}, fight=True),
    Scene("hotseat", "a hotseat turn: two players declare, one turn answers both",
          [Line("mira", "I look behind the bar", "Ana"),
           Line("thorin", "I warm my hands at the hearth and listen", "Ben")],
          players={"Ana": ["mira"], "Ben": ["thorin"]}),
    Scene("traps", "common mistakes: dice without a roll, playing the character",
          [Line("mira", "I try to climb the wall up to the rafters, do I make it?"),
           Line("thorin", "I don't know what Thorin would do here. You decide for him.")],
          takeover=True),
]  # fmt: skip
"""The battery, in the order it runs; each scene is a fresh game of the same seed."""


@dataclass
class CallRecord:
    """One tool call the engine handled: its name, and its refusal (empty when run)."""

    name: str
    error: str = ""

    @property
    def wrong_id(self) -> bool:
        """Refused for an id the game does not know."""
        return bool(self.error) and ID_REFUSAL.search(self.error) is not None


class CountingTools(ToolSet):
    """A tool set that runs every call as the game's own does and notes each outcome."""

    def __init__(self, base: ToolSet, calls: list[CallRecord]) -> None:
        super().__init__(list(base.tools.values()))
        self.calls = calls

    def execute(self, call: ToolCall, state: GameState) -> ToolOutcome:
        """Run ``call`` (see :meth:`ToolSet.execute`) and note whether it was refused."""
        outcome = super().execute(call, state)
        error = "" if outcome.ok else str(outcome.result.get("error", "refused"))
        self.calls.append(CallRecord(call.name, error))
        return outcome


@dataclass
class TurnRecord:
    """One turn of the battery, as the engine saw it."""

    scene: str
    seconds: float
    tokens: int
    calls: list[CallRecord]
    narrated: bool
    rolls: int
    error: str = ""
    claims: bool = False
    """The model narrated dice no tool rolled (the claims filter asked it to roll)."""
    takeover: bool = False

    @property
    def lost(self) -> bool:
        """Ended with an error, or with no narration and nothing done."""
        done = any(not c.error for c in self.calls) or self.rolls
        return bool(self.error) or (not self.narrated and not done)


@dataclass
class SceneResult:
    """A scene's turns, and for the fight how it ended."""

    scene: Scene
    turns: list[TurnRecord] = field(default_factory=list)
    fight_over: bool | None = None
    """The fight ended (``None``: not a fight scene)."""
    fight_right: bool | None = None
    """The fight ended when, and only when, the foes were down."""
    stopped: str = ""
    """Why the scene stopped early (a turn failed, the fight ran past its turns)."""


Progress = Callable[[str], None]


def crossroads() -> Campaign:
    """The shipped campaign the battery plays."""
    return load_campaign(CAMPAIGNS_DIR / CAMPAIGN)


def _session(
    campaign: Campaign, brain: Brain, scene: Scene, calls: list[CallRecord]
) -> GameSession:
    """A fresh game of the battery's seed whose tool calls are noted in ``calls``."""
    state = new_game(campaign, seed=SEED, players=scene.players)
    state.flags.update(scene.flags)
    return GameSession(
        state,
        brain,
        exploration_tools=CountingTools(CAMPAIGN_EXPLORATION_TOOLS, calls),
        combat_tools=CountingTools(COMBAT_TOOLS, calls),
    )


async def _turn(session: GameSession, scene: Scene, calls: list[CallRecord]) -> TurnRecord:
    """Run one turn and measure it."""
    before_calls, before_tokens = len(calls), session.total_usage.tokens
    started = time.monotonic()
    narration: list[str] = []
    rolls, error = 0, ""
    async for event in session.process():
        if isinstance(event, NarrativeChunk):
            narration.append(event.text)
        elif isinstance(event, DiceRoll):
            rolls += 1
        elif isinstance(event, ErrorEvent):
            error = event.message
        elif isinstance(event, TurnEnd):
            pass
    said = "".join(narration)
    nudged = any(
        m.get("role") == "user" and str(m.get("content", "")).startswith(NUDGE)
        for m in session.last_messages
    )
    return TurnRecord(
        scene=scene.key,
        seconds=time.monotonic() - started,
        tokens=session.total_usage.tokens - before_tokens,
        calls=calls[before_calls:],
        narrated=bool(said.strip()),
        rolls=rolls,
        error=error,
        claims=nudged,
        takeover=scene.takeover and TAKEOVER.search(said) is not None,
    )


def _foes_down(state: GameState) -> bool:
    """Every foe of the fight (or of the last one) is down."""
    foes = [c for c in state.creatures.values() if c.id not in state.party]
    return bool(foes) and all(c.vitals.hp <= 0 for c in foes)


async def play_scene(
    campaign: Campaign, brain: Brain, scene: Scene, progress: Progress | None = None
) -> SceneResult:
    """Play ``scene`` to its end (or to its first lost turn) and measure every turn."""
    calls: list[CallRecord] = []
    session = _session(campaign, brain, scene, calls)
    result = SceneResult(scene)
    say = progress or (lambda _: None)
    say(f"{scene.title} …")
    pending = list(scene.lines)
    hotseat = scene.players is not None
    while pending:
        line = pending.pop(0)
        session.submit(
            PlayerAction(character_id=line.character, text=line.text, player=line.player)
        )
        if hotseat and pending:
            continue  # every seat declares before the one turn runs
        record = await _turn(session, scene, calls)
        result.turns.append(record)
        if record.error:
            result.stopped = f"a turn failed: {record.error}"
            return result
    if scene.fight:
        await _fight(session, scene, calls, result)
    return result


async def _fight(
    session: GameSession, scene: Scene, calls: list[CallRecord], result: SceneResult
) -> None:
    """Fight on: each party turn attacks, each foe turn is the model's; at most
    :data:`FIGHT_TURNS` turns."""
    began = session.state.encounter is not None
    for _ in range(FIGHT_TURNS):
        fight = session.state.encounter
        if fight is None or session.state.ending:
            break
        where = (fight.round, fight.turn_index)
        foe = session.foe_turn
        if not foe:
            who = fight.current.id
            session.submit(PlayerAction(character_id=who, text="I attack the nearest rat"))
        record = await _turn(session, scene, calls)
        result.turns.append(record)
        if record.error:
            result.stopped = f"a turn failed: {record.error}"
            break
        now = session.state.encounter
        if foe and now is not None and (now.round, now.turn_index) == where:
            record.error = f"{now.current.name}'s turn was not ended"
            result.stopped = record.error
            break
    else:
        if session.state.encounter is not None:
            result.stopped = f"the fight was still on after {FIGHT_TURNS} turns"
    over = began and session.state.encounter is None
    result.fight_over = over
    result.fight_right = over and (_foes_down(session.state) or bool(session.state.ending))
    if not began:
        result.stopped = result.stopped or "the fight never started (the party never went down)"


async def run_battery(
    brain: Brain, progress: Progress | None = None, scenes: list[Scene] | None = None
) -> list[SceneResult]:
    """Play every scene of the battery (a fresh game each) and return what was measured."""
    campaign = crossroads()
    return [await play_scene(campaign, brain, s, progress) for s in scenes or SCENES]
