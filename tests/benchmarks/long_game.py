"""A long game for the benchmarks: the shipped campaign with a party of four, a story of
any length grown as play grows it, and a full dice log.

The story is made of varied records — one to three actions, narration of the length a DM
writes (two to eight sentences), the turn's rolls and the tokens it cost — drawn from a
seeded RNG, so every run measures the same game. Growing it does not play the turns (ten
thousand turns of play would take minutes); what a save, a load or a context reads of them
is what they hold, and that is realistic.
"""

from __future__ import annotations

import json
import random

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.dm.brain import Brain
from app.dm.context import fold_summary
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import LOG_KEPT, GameState
from app.world.turnrecord import TurnRecord
from app.world.usage import Usage

PARTY = ["mira", "thorin", "aria", "brunna"]
"""The crossroads party and a second fighter: four characters."""

_ACTIONS = [
    "I look around the room, slowly, for anything out of place",
    "I ask Berta what she heard below the floor last night",
    "I listen at the trapdoor",
    "I pick the lock of the chest with my tools",
    "I search the shelves for anything useful",
    "I attack the nearest goblin with my longsword",
    "I cast fire bolt at the rat by the barrels",
    "We follow the tracks down the cellar stairs",
    "I hold the torch high and keep watch on the door",
    "I drink my potion of healing",
]
_SENTENCES = [
    "Rain hammers the shutters as the fire gutters low in the hearth.",
    "Berta sets down a tankard and leans across the bar, her voice dropping to a whisper.",
    "Something scratches beneath the floorboards, then falls silent.",
    "The lock gives with a dry click, and the lid creaks open on rusted hinges.",
    "A goblin shrieks and lunges from the shadows, its blade catching the torchlight.",
    "Your blow lands hard; the creature staggers back against the damp stone wall.",
    "The air smells of wet earth, old beer and something fouler underneath.",
    "Far below, water drips in a slow, patient rhythm.",
    "Thorin grunts and shoulders the door; it shudders but holds.",
    "Aria's spell crackles across the cellar, scattering sparks over the barrels.",
]
_ROLLS = [
    "Mira: perception — 1d20 (14) + 5 = 19 vs DC 12: success",
    "Thorin: attack on goblin — 1d20 (9) + 5 = 14 vs AC 15: miss",
    "Thorin: damage — 1d8 (6) + 3 = 9 slashing",
    "Aria: fire bolt — 1d20 (17) + 5 = 22 vs AC 12: hit; 1d10 (7) fire",
    "Brunna: athletics — 1d20 (3) + 5 = 8 vs DC 15: failure",
    "Goblin: scimitar on Mira — 1d20 (20) + 4: critical hit; 2d6 (4, 5) + 2 = 11",
]


def story_record(number: int, rng: random.Random) -> TurnRecord:
    """One finished turn as a game records it."""
    actors = rng.sample(["Mira", "Thorin", "Aria", "Brunna"], rng.randint(1, 3))
    return TurnRecord(
        number=number,
        actions=[f"{who}: {rng.choice(_ACTIONS)}" for who in actors],
        narrative=" ".join(rng.choice(_SENTENCES) for _ in range(rng.randint(2, 8))),
        rolls=[rng.choice(_ROLLS) for _ in range(rng.randint(0, 4))],
        usage=Usage(
            prompt_tokens=rng.randint(1800, 3200), completion_tokens=rng.randint(90, 400), calls=2
        ),
    )


def log_line(n: int, rng: random.Random) -> str:
    """An entry of the dice and combat log, as Rich markup."""
    return f"[bold]{rng.choice(_ROLLS)}[/bold] [dim](turn {n})[/dim]"


def campaign_of_four() -> Campaign:
    """The shipped campaign with a fourth party member (a second fighter)."""
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    extra = campaign.character("thorin").model_copy(update={"id": "brunna", "name": "Brunna"})
    campaign.characters.append(extra)
    campaign.campaign.party = list(PARTY)
    return campaign


def grow(state: GameState, turns: int, rng: random.Random) -> None:
    """Add ``turns`` finished turns to the story (and a full dice log), as play does."""
    start = len(state.history)
    for n in range(start + 1, start + turns + 1):
        state.history.append(story_record(n, rng))
    state.turn = start + turns
    state.add_to_log([log_line(n, rng) for n in range(max(1, state.turn - LOG_KEPT), state.turn)])
    while len(state.table_log) < LOG_KEPT:  # a short game's log filled too: it is capped
        state.add_to_log([log_line(state.turn, rng)])
    fold_summary(state)


def start_fight(state: GameState) -> None:
    """Three goblins attack (a fight in progress: initiative, positions, economies)."""
    start = {"reason": "ambush", "monsters": [{"monster": "goblin", "count": 3}]}
    ALL_TOOLS.execute(ToolCall("bench", "start_combat", json.dumps(start)), state)


def long_game(
    turns: int,
    *,
    fight: bool = False,
    seed: int = 1,
    brain: Brain | None = None,
    campaign: Campaign | None = None,
) -> GameSession:
    """A session of a game ``turns`` turns long (a fight going on if ``fight``), run by
    ``brain`` (the offline referee by default), of ``campaign`` (by default the shipped
    campaign with a party of four)."""
    session = start_session(campaign or campaign_of_four(), seed, brain)
    grow(session.state, turns, random.Random(seed))
    if fight:
        start_fight(session.state)
    session.timeline.mark(session.state)
    return session
