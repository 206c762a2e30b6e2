"""The words the offline referee tells results in: how a blow lands or misses, how a foe
falls, what a fighter's manoeuvre, a tended friend, a contest or a used feature came to,
and where a skill challenge stands. Sentences only; :mod:`app.referee.narrate` decides
which to tell."""

from __future__ import annotations

from typing import Any

from app.world.pronouns import possessive
from app.world.state import GameState
from rules.features import feature

MISS = (
    "{a}'s {w} goes wide of {t}.",
    "{t} twists away from {a}'s {w}.",
    "{a} swings — and misses {t}.",
)
HIT = ("{a} lands a {w} on {t} for {d} damage.", "{a} strikes {t} with the {w}: {d} damage.",
        "{t} reels from {a}'s {w} ({d} damage).")  # fmt: skip
SHOT = (
    "{a}'s {w} finds {t} for {d} damage.",
    "{a} puts a shot from the {w} into {t}: {d} damage.",
    "{t} reels from {a}'s {w} ({d} damage).",
)
SHOOTERS = ("bow", "crossbow", "sling", "dart", "longbow", "shortbow")
"""Weapons whose hits are shots, not blows ("Ione lands a longbow on …" reads wrong)."""
CRIT = "A brutal blow! {a}'s {w} tears into {t} for {d}."
FALLS = ("{t} collapses and does not rise.", "{t} falls still.", "{t} drops.")
DONE = {
    "flee": "turns tail and flees",
    "surrender": "throws down {whose} weapon and begs for mercy",
    "withdraw": "pulls back out of reach",
    "disengage": "steps carefully away",
    "dodge": "ducks and weaves, hard to hit",
    "dash": "breaks into a run",
    "hide": "slips into the shadows",
    "help": "lends a hand",
}


def tended(state: GameState, actor: str, result: dict[str, Any]) -> str:
    """How tending a dying friend went."""
    name, other = state.name_of(actor), state.name_of(str(result.get("target", "")))
    if result.get("stabilized"):
        return f"{name} stops {other}'s bleeding. {other} is stable, though still senseless."
    return f"{name} presses on the wound, but {other}'s blood still runs."


TRAIT_MOVES = {
    "nimble_hide": "darts out of sight",
    "nimble_disengage": "slips nimbly out of reach",
    "aggressive": "charges headlong into the fray",
}


_CONTESTS = {
    "grapple": ("seizes {t} in a crushing hold", "grabs at {t}, who twists free"),
    "shove_prone": ("knocks {t} off {their} feet", "shoves at {t}, who stands firm"),
    "shove_away": ("shoves {t} back", "shoves at {t}, who stands firm"),
    "escape_grapple": ("breaks free", "strains against the hold, but cannot break it"),
}


def contested(state: GameState, actor: str, result: dict[str, Any]) -> str:
    """A grapple, shove or escape, won or lost."""
    won, lost = _CONTESTS[str(result["action"])]
    target = str(result.get("target", ""))
    said = (won if result["success"] else lost).format(
        t=state.name_of(target), their=possessive(state, target)
    )
    return f"{state.name_of(actor)} {said}."


def tally_text(standing: dict[str, Any]) -> str:
    """Where a skill challenge stands, as players read it ("Successes 2 of 3; failures 1
    of 2.")."""
    return (f"(Successes {standing['successes']} of {standing['successes_needed']}; "
            f"failures {standing['failures']} of {standing['failures_allowed']}.)")  # fmt: skip


def feature_note(state: GameState, actor: str | None, result: dict[str, Any]) -> str:
    """A used feature, in a line: who, what, and what it did that the dice do not show."""
    spec = feature(str(result.get("feature", "")))
    name = state.name_of(actor or "")
    line = f"{name} uses {spec.name if spec else result.get('feature')}"
    if "healed" in result:
        line += (
            f" and regains {result['healed']} hit points"
            if "target_id" not in result
            else (f": {state.name_of(result['target_id'])} regains {result['healed']} hit points")
        )
    if "undead" in result:
        turned = [u for u in result["undead"] if u["outcome"] != "resists"]
        line += f": {len(turned)} of {len(result['undead'])} undead give way"
    if "uses_left" in result:
        line += f" ({result['uses_left']} left)"
    if result.get("action") == "gained":  # Action Surge: the action it gives
        line += ": one more action this turn"
    elif result.get("action"):  # Cunning Action: which one, and a hider seen or not
        line += f" to {str(result['action']).replace('_', ' ')}"
    if "hidden" in result:
        line += ", and is out of sight" if result["hidden"] else ", but is seen"
    return line + "."
