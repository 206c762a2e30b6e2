"""Interpretive judgments in the truth set: entering one (its ledger record, the score
changes it makes while it counts), and refining one with a deeper reading — by id, possibly
a turn (or a save and load) after it was made.

Refinement moves scores (applying a judgment's ``shift`` when it comes to count, reversing
it when it stops) but never fires triggers itself: the trigger engine's pass after the
narration owes what it newly makes true to the next turn. A contradicted judgment marks the
triggers it fired while provisional as revised (damped at the scene boundary).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from app.world import bonds
from app.world.ledger import JudgmentMade, LedgerEvent
from app.world.scores import score
from app.world.state import GameState
from app.world.truth import MAX_JUDGMENTS, Judgment, JudgmentCategory

Direction = Literal["up", "down"]


class JudgmentError(ValueError):
    """A refinement that names nothing the game knows (the DM is told, nothing changes)."""


@dataclass
class Refined:
    """What a refinement did: the judgment as it now stands and the ledger events."""

    judgment: Judgment
    events: list[LedgerEvent] = field(default_factory=list)
    note: str = ""
    """In words, for the DM."""


def counts(state: GameState, judgment: Judgment) -> bool:
    """Whether a judgment counts towards conditions (and its shift applies): not
    contradicted or damped, and at or above the campaign's minimum confidence."""
    campaign = state.campaign
    floor = campaign.events.min_confidence if campaign is not None else 0.5
    return judgment.status in ("provisional", "refined") and judgment.confidence >= floor


def enter(state: GameState, judgment: Judgment, said: str = "") -> list[LedgerEvent]:
    """Put a new judgment in the truth set, write it and apply its shift if it counts;
    ``said`` — the words judged — is why the scores moved, as the journal tells it."""
    kept = state.truth.judgments
    kept.append(judgment)
    if len(kept) > MAX_JUDGMENTS:
        del kept[: len(kept) - MAX_JUDGMENTS]
    events = [_made(state, judgment)]
    if counts(state, judgment):
        events += _apply(state, judgment, said)
    _tell_dm(state, judgment)
    return events


def _made(state: GameState, judgment: Judgment) -> LedgerEvent:
    return state.log_event(
        JudgmentMade(
            judgment=judgment.id, watch=judgment.watch, category=judgment.category,
            about=judgment.about, status=judgment.status, confidence=judgment.confidence,
            source=judgment.source, evidence=list(judgment.evidence),
            description=judgment.description,
        )
    )  # fmt: skip


def _tell_dm(state: GameState, judgment: Judgment) -> None:
    what = judgment.watch or judgment.category
    about = f" about {judgment.about}" if judgment.about else ""
    campaign = state.campaign
    spec = campaign.judgments.get(judgment.watch or "") if campaign is not None else None
    answer = f"; they answer: {spec.reply}" if spec is not None and spec.reply else ""
    state.record(
        "judgment",
        f"{judgment.id} {what}{about}: {judgment.status}, confidence {judgment.confidence:.2f}"
        + answer,
        who=judgment.speaker,
        ref=judgment.id,
    )


def shift_keys(state: GameState, judgment: Judgment) -> dict[str, float]:
    """The score changes a judgment's campaign entry makes: a dimension of its NPC moves
    the party's score and the speaker's; any other key (a counter) moves as is."""
    campaign = state.campaign
    if campaign is None or judgment.watch not in campaign.judgments:
        return {}
    spec = campaign.judgments[judgment.watch]
    keys: dict[str, float] = {}
    for key, amount in spec.shift.items():
        if judgment.about is not None and key not in campaign.counters:
            keys[f"{key}.{judgment.about}"] = amount
            if judgment.speaker is not None and judgment.speaker in state.party:
                keys[f"{key}.{judgment.about}.{judgment.speaker}"] = amount
        else:
            keys[key] = amount
    return keys


def _heard(judgment: Judgment) -> str:
    """What a judgment heard, in the players' words (no id: the journal shows it): its
    own description, else what it watches for."""
    said = " ".join(judgment.description.split())
    return said or (judgment.watch or judgment.category).replace("_", " ")


def _apply(state: GameState, judgment: Judgment, said: str = "") -> list[LedgerEvent]:
    events: list[LedgerEvent] = []
    reason = _heard(judgment)
    if said:  # the words themselves: what a player remembers saying
        words = " ".join(said.split())
        words = words if len(words) <= 70 else words[:69].rstrip() + "…"
        who = state.name_of(judgment.speaker) if judgment.speaker else "someone"
        reason = f"{who}: “{words}”"
    for key, amount in shift_keys(state, judgment).items():
        before = score(state, key)
        events += bonds.shift(state, key, amount, reason)
        moved = score(state, key) - before  # what it really moved (scores are bounded)
        if moved:
            judgment.shifted[key] = judgment.shifted.get(key, 0.0) + moved
    return events


def _reverse(state: GameState, judgment: Judgment) -> list[LedgerEvent]:
    events: list[LedgerEvent] = []
    reason = f"taken back, on a closer reading: {_heard(judgment)}"
    for key, amount in judgment.shifted.items():
        events += bonds.shift(state, key, -amount, reason)
    judgment.shifted = {}
    return events


def refine(
    state: GameState,
    *,
    refines: str | None = None,
    watch: str | None = None,
    category: JudgmentCategory | None = None,
    about: str | None = None,
    speaker: str | None = None,
    direction: Direction | None = None,
    confidence: float,
    evidence: Sequence[int] = (),
    description: str = "",
    source: Literal["dm", "interpreter"] = "dm",
) -> Refined:
    """Record a deeper reading: refine the provisional judgment it names (by id, or the
    same ``watch`` and ``speaker`` this scene), or enter a new refined judgment. Raises
    :class:`JudgmentError` (before any change) when it names nothing known."""
    campaign = state.campaign
    if watch is not None and (campaign is None or watch not in campaign.judgments):
        known = ", ".join(campaign.judgments) if campaign is not None else ""
        raise JudgmentError(
            f"no campaign judgment {watch!r}" + (f"; known: {known}" if known else "")
        )
    target = _target(state, refines, watch, speaker)
    if refines is not None and target is None and watch is None:
        raise JudgmentError(
            f"no judgment {refines!r} in this scene; give 'judgment' (a campaign watch id) "
            "to record it afresh"
        )
    if target is None:
        return _fresh(state, watch, category, about, speaker, direction, confidence,
                      evidence, description, source)  # fmt: skip
    return _update(state, target, direction, confidence, evidence, description, source)


def _target(
    state: GameState, refines: str | None, watch: str | None, speaker: str | None
) -> Judgment | None:
    judgments = state.truth.judgments
    if refines is not None:
        return next((j for j in judgments if j.id == refines), None)
    if watch is None:
        return None
    return next(
        (
            j
            for j in reversed(judgments)
            if j.watch == watch
            and j.scene == state.scene.id
            and (speaker is None or j.speaker == speaker)
            and j.status in ("provisional", "refined")
        ),
        None,
    )


def _fresh(
    state: GameState,
    watch: str | None,
    category: JudgmentCategory | None,
    about: str | None,
    speaker: str | None,
    direction: Direction | None,
    confidence: float,
    evidence: Sequence[int],
    description: str,
    source: Literal["dm", "interpreter"],
) -> Refined:
    campaign = state.campaign
    spec = campaign.judgments[watch] if campaign is not None and watch is not None else None
    kind = category or (spec.category if spec is not None else None)
    if kind is None:
        raise JudgmentError("give 'judgment' (a campaign watch id) or 'category'")
    judgment = Judgment(
        id=state.truth.next_judgment_id(), turn=state.turn, scene=state.scene.id,
        category=kind, watch=watch, about=about or (spec.about if spec else None),
        speaker=speaker, direction=direction or (spec.direction if spec else None),
        confidence=confidence, status="refined", source=source,
        evidence=list(evidence)[:20],
        description=(description or (spec.description if spec else ""))[:400],
    )  # fmt: skip
    events = enter(state, judgment)
    counted = "counts" if counts(state, judgment) else "does not count (below the minimum)"
    return Refined(judgment, events, f"{judgment.id} recorded, refined; it {counted}")


def _update(
    state: GameState,
    judgment: Judgment,
    direction: Direction | None,
    confidence: float,
    evidence: Sequence[int],
    description: str,
    source: Literal["dm", "interpreter"],
) -> Refined:
    was = counts(state, judgment)
    flipped = (
        direction is not None and judgment.direction is not None and direction != judgment.direction
    )
    judgment.confidence = confidence
    judgment.source = source
    judgment.evidence = [*judgment.evidence, *(e for e in evidence if e not in judgment.evidence)][
        :20
    ]
    if description:
        judgment.description = description[:400]
    campaign = state.campaign
    floor = campaign.events.min_confidence if campaign is not None else 0.5
    events: list[LedgerEvent] = []
    if flipped or confidence < floor:
        judgment.status = "contradicted"
        events += _reverse(state, judgment)
        for trigger in judgment.fired:
            if trigger not in state.truth.revised:
                state.truth.revised.append(trigger)
        note = f"{judgment.id} contradicted: its score changes are reversed"
        if judgment.fired:
            note += f"; what it fired is marked revised ({', '.join(judgment.fired)})"
    else:
        judgment.status = "refined"
        if not was:
            events += _apply(state, judgment)
        note = f"{judgment.id} refined at {confidence:.2f}" + ("" if was else "; it now counts")
    events.insert(0, _made(state, judgment))
    _tell_dm(state, judgment)
    return Refined(judgment, events, note)
