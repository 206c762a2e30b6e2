"""``dungeon dm-check``'s scorecard: the battery's measures
(:mod:`app.cli.dmcheck_scenes`) summed up, a verdict — good to play, playable with care,
not recommended — and the settings worth changing for each weakness found. The same card
prints as text or as JSON for sharing."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from app.cli.dmcheck_scenes import SceneResult

Verdict = Literal["good to play", "playable with care", "not recommended"]

GOOD_VALID = 90.0
"""Valid tool calls (%) a model must reach to be good to play."""
POOR_VALID = 70.0
"""Below this share of valid calls a game keeps stalling on refusals: not recommended."""
GOOD_IDS = 95.0
POOR_IDS = 80.0


class SceneScore(BaseModel):
    """One scene's line of the card."""

    key: str
    title: str
    turns: int
    lost: int
    calls: int
    refused: int
    claims: int = 0
    """Turns whose narration claimed dice no tool rolled."""
    takeover: int = 0
    """Turns whose narration decided for a player's character."""
    stopped: str = ""

    @property
    def clean(self) -> bool:
        """Nothing went wrong in the scene."""
        return not (self.lost or self.refused or self.claims or self.takeover or self.stopped)


class Scorecard(BaseModel):
    """What ``dungeon dm-check`` found, as printed and as shared (``--json``)."""

    model: str
    endpoint: str
    turns: int
    tool_calls: int
    refused: int
    valid_calls_pct: float
    """Calls the engine ran, out of every call made (100 when none were made)."""
    wrong_ids: int
    right_ids_pct: float
    """Calls not refused for an unknown id, out of every call made."""
    turns_lost: int
    dice_claimed_without_roll: int
    took_over_character: int
    fights: int
    fights_ended_rightly: int
    tokens_per_turn: float
    seconds_per_turn: float
    scenes: list[SceneScore]
    verdict: Verdict
    advice: list[str]


def _pct(part: int, whole: int) -> float:
    return 100.0 if whole == 0 else round(100.0 * part / whole, 1)


def score(results: list[SceneResult], model: str, endpoint: str, strict: bool) -> Scorecard:
    """Sum the battery's results into a card with its verdict and advice; ``strict`` says
    whether the tool schemas already went out in strict mode."""
    turns = [t for r in results for t in r.turns]
    calls = [c for t in turns for c in t.calls]
    refused = sum(1 for c in calls if c.error)
    wrong = sum(1 for c in calls if c.wrong_id)
    fights = [r for r in results if r.fight_over is not None]
    card = Scorecard(
        model=model,
        endpoint=endpoint,
        turns=len(turns),
        tool_calls=len(calls),
        refused=refused,
        valid_calls_pct=_pct(len(calls) - refused, len(calls)),
        wrong_ids=wrong,
        right_ids_pct=_pct(len(calls) - wrong, len(calls)),
        turns_lost=sum(1 for t in turns if t.lost),
        dice_claimed_without_roll=sum(1 for t in turns if t.claims),
        took_over_character=sum(1 for t in turns if t.takeover),
        fights=len(fights),
        fights_ended_rightly=sum(1 for r in fights if r.fight_right),
        tokens_per_turn=round(sum(t.tokens for t in turns) / len(turns), 1) if turns else 0.0,
        seconds_per_turn=round(sum(t.seconds for t in turns) / len(turns), 2) if turns else 0.0,
        scenes=[
            SceneScore(
                key=r.scene.key,
                title=r.scene.title,
                turns=len(r.turns),
                lost=sum(1 for t in r.turns if t.lost),
                calls=sum(len(t.calls) for t in r.turns),
                refused=sum(1 for t in r.turns for c in t.calls if c.error),
                claims=sum(1 for t in r.turns if t.claims),
                takeover=sum(1 for t in r.turns if t.takeover),
                stopped=r.stopped,
            )
            for r in results
        ],
        verdict="good to play",
        advice=[],
    )
    card.verdict = verdict(card)
    card.advice = advice(card, strict)
    return card


def verdict(card: Scorecard) -> Verdict:
    """Not recommended when games would stall (many refusals, invented ids, lost turns, a
    fight never ended); good to play when nothing at all went wrong; else with care."""
    lost_share = card.turns_lost / card.turns if card.turns else 1.0
    if (
        card.turns == 0
        or card.valid_calls_pct < POOR_VALID
        or card.right_ids_pct < POOR_IDS
        or lost_share > 0.2
        or card.fights_ended_rightly < card.fights
    ):
        return "not recommended"
    if (
        card.valid_calls_pct < GOOD_VALID
        or card.right_ids_pct < GOOD_IDS
        or card.turns_lost
        or card.dice_claimed_without_roll
        or card.took_over_character
    ):
        return "playable with care"
    return "good to play"


def advice(card: Scorecard, strict: bool) -> list[str]:
    """The settings to change for each weakness the card shows."""
    out: list[str] = []
    if card.valid_calls_pct < GOOD_VALID or card.right_ids_pct < GOOD_IDS:
        if not strict:
            out.append(
                "turn on strict tool schemas (DUNGEON_DM_STRICT_TOOLS=on, or strict_tools = "
                '"on" in the config) if the server supports them: malformed calls become rare'
            )
        out.append(
            "lower the temperature (temperature = 0.3 in the config's [dm] table, or the "
            "settings screen): ids and arguments are copied more faithfully"
        )
    if card.turns_lost or card.fights_ended_rightly < card.fights:
        out.append(
            "check the server's tool-call support: llama.cpp's llama-server needs --jinja, "
            "vLLM --enable-auto-tool-choice with a --tool-call-parser; with Ollama give the "
            "model a larger context (num_ctx 8192 or more)"
        )
    if card.dice_claimed_without_roll or card.took_over_character:
        out.append(
            "the model invents results or plays the characters: the game catches the dice "
            "(and asks it to roll), but a model of 14B parameters or more follows the DM's "
            "rules far better"
        )
    if card.verdict == "not recommended":
        out.append(
            "try a larger or tool-trained model (Qwen2.5 14B Instruct or larger, Llama 3.1 "
            "70B, Mistral Small, GPT-4o mini), or play with the offline referee"
        )
    return out


def card_text(card: Scorecard) -> str:
    """The card as the terminal shows it."""
    lines = [f"DM check — {card.endpoint}", ""]
    for s in card.scenes:
        mark = "✔" if s.clean else "✘"
        notes = [s.stopped] if s.stopped else []
        notes += ["dice narrated without a roll"] if s.claims else []
        notes += ["decided for a player's character"] if s.takeover else []
        extra = "".join(f" — {note}" for note in notes)
        lines.append(
            f"{mark} {s.title}: {s.turns} turn{'s' if s.turns != 1 else ''}, "
            f"{s.calls} call{'s' if s.calls != 1 else ''} ({s.refused} refused){extra}"
        )
    lines += [
        "",
        f"valid tool calls        {card.valid_calls_pct:.0f}% "
        f"({card.tool_calls - card.refused} of {card.tool_calls} run)",
        f"right ids               {card.right_ids_pct:.0f}% ({card.wrong_ids} unknown)",
        f"turns lost              {card.turns_lost} of {card.turns}",
        f"dice claimed, no roll   {card.dice_claimed_without_roll}",
        f"played the character    {card.took_over_character}",
        f"fights ended rightly    {card.fights_ended_rightly} of {card.fights}",
        f"tokens per turn         {card.tokens_per_turn:.0f}",
        f"seconds per turn        {card.seconds_per_turn:.1f}",
        "",
        f"verdict: {card.verdict}",
    ]
    lines += [f"  • {line}" for line in card.advice]
    return "\n".join(lines)
