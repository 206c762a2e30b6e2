"""Campaign triggers, scene goals and endings: the trigger engine.

A trigger fires when its condition holds (:func:`app.world.facts.strength` > 0):

- **once** ever (``once``, the default);
- **ongoing, edge-triggered** (``once = false``): again each time its condition turns true
  after having been false;
- **ongoing, refractory** (``refractory = N``): while its condition holds, but not again
  until N turns after it last fired.

Its **tier** says when its effects land: ``immediate`` (this turn, before the DM narrates),
``scene`` (the default for a condition on a judgment: it may land a turn late, when a
refinement after the narration makes it true — it is then owed to the next turn and fires
before the DM is called), ``deferred`` (queued, its effects land at the scene boundary in
the order they became ready; ``critical`` ones land now).

Effects can make other triggers true, so a check runs in rounds — a bounded cascade: at
most ``[events] cascade_depth`` rounds and ``cascade_firings`` firings; what is still
ready beyond that waits for the scene boundary (never lost). No trigger fires twice in
one cascade: a loop stops, and the DM is told it was suppressed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from app.actions.campaign_tools import apply_effects
from app.actions.endings import reach_ending
from app.actions.events import SessionEvent
from app.actions.telling import tell
from app.session.quiet import watch_for
from app.world import bonds
from app.world.campaign import Campaign, TriggerSpec
from app.world.facts import Reader, holds, update_defeated, uses_judged
from app.world.factwatch import Watch
from app.world.ledger import GoalCompleted, Handover, SpeechAct, TriggerFired
from app.world.scores import score
from app.world.standing import fight_over
from app.world.state import GameState
from app.world.truth import Deferred
from app.world.when import Fact
from app.world.wording import the

Phase = Literal["set_up", "before_dm", "after_tools", "after_turn", "boundary"]
"""When in a turn the triggers are checked: as a game is set up; before the DM is called
(this turn's lines, provisional judgments, firings owed from the last turn); after each
round of the DM's tool calls (so the DM narrates a world where they already happened);
after the narration (refined judgments: what they newly fire is owed to the next turn);
and at the scene boundary (deferred firings, in order)."""
Tier = Literal["immediate", "scene", "deferred"]


@dataclass
class Cascade:
    """What one check of the triggers did."""

    events: list[SessionEvent] = field(default_factory=list)
    """Shown to the players now (state changes)."""
    texts: list[str] = field(default_factory=list)
    """The campaign's words for what fired, shown after the DM's narration."""
    told: list[str] = field(default_factory=list)
    """What the DM is told happened (it narrates around it)."""
    replies: list[str] = field(default_factory=list)
    """The campaign's words for what the players' own words made fire (a topic asked, a
    judged remark): always told after the DM's narration, so the answer comes before
    what it caused, even when the firing came before the DM was called."""

    def add(self, other: Cascade) -> None:
        """Take in what another check did."""
        self.events += other.events
        self.texts += other.texts
        self.told += other.told
        self.replies += other.replies


@dataclass
class _Ready:
    trigger: TriggerSpec
    confidence: float
    rested: list[str]


def tier_of(trigger: TriggerSpec) -> Tier:
    """A trigger's tier: its own, else ``scene`` if its condition rests on a judgment."""
    if trigger.tier is not None:
        return trigger.tier
    return "scene" if uses_judged(trigger.when) else "immediate"


def _pending(state: GameState) -> set[str]:
    """Triggers with a firing already queued (they are not made ready again meanwhile)."""
    truth = state.truth
    return {d.trigger for d in truth.deferred} | {d.trigger for d in truth.next_turn}


def _ready(
    trigger: TriggerSpec, state: GameState, pending: set[str], read: Reader
) -> _Ready | None:
    """Whether a trigger should fire now (for edge-triggered ones, track the edge)."""
    if trigger.id in pending or (trigger.once and state.fired_triggers.get(trigger.id)):
        return None  # queued already, or fired once and done: nothing to evaluate
    rested: list[str] = []
    sure = read.strength(trigger.when, rested)
    if trigger.once:
        return _Ready(trigger, sure, rested) if sure > 0 else None
    if trigger.refractory:
        last = state.truth.last_fired.get(trigger.id)
        rested_enough = last is None or state.turn - last >= trigger.refractory
        return _Ready(trigger, sure, rested) if sure > 0 and rested_enough else None
    was_true = trigger.id in state.triggers_holding
    if sure > 0 and not was_true:
        state.triggers_holding.append(trigger.id)
    elif sure <= 0 and was_true:
        state.triggers_holding.remove(trigger.id)
        # the DM hears that it may happen again (its condition must turn true anew)
        text = f"trigger {trigger.id} no longer holds and can fire again"
        state.record("trigger", text, ref=trigger.id, after="armed")
    return _Ready(trigger, sure, rested) if sure > 0 and not was_true else None


def fire(
    state: GameState,
    trigger: TriggerSpec,
    tier: Literal["immediate", "scene", "deferred", "boundary"],
    *,
    confidence: float = 1.0,
    rested: list[str] | None = None,
    deferred_from: int | None = None,
) -> Cascade:
    """Fire one trigger: write it to the ledger, tell the DM, apply its effects."""
    done = Cascade()
    truth = state.truth
    rested = list(rested or [])
    state.fired_triggers[trigger.id] = state.fired_triggers.get(trigger.id, 0) + 1
    if not trigger.once:
        truth.last_fired[trigger.id] = state.turn
    state.log_event(
        TriggerFired(
            trigger=trigger.id, tier=tier, confidence=max(0.0, min(1.0, confidence)),
            provisional=rested, deferred_from=deferred_from,
        )
    )  # fmt: skip
    for judgment in truth.judgments:
        if judgment.id in rested and trigger.id not in judgment.fired:
            judgment.fired.append(trigger.id)
    times = state.fired_triggers[trigger.id]
    again = f" (time {times})" if not trigger.once and times > 1 else ""
    state.record("trigger", f"{trigger.id}{again}", ref=trigger.id, after="fired")
    done.told.append(f"trigger {trigger.id} fired{again}")
    if trigger.effects.text:
        (done.replies if answers_words(trigger) else done.texts).append(trigger.effects.text)
        done.told.append(f"the players are read: {trigger.effects.text}")
        state.record("reveal", trigger.effects.text)
    # what the trigger gives goes to whoever's words brought it about (Berta's potion to
    # the one who reassured her), else to the party's first
    speakers = [j.speaker for j in truth.judgments if j.id in rested and j.speaker in state.party]
    # (or, for words asked of someone — "Wren: tell us about Maelis" — the one who asked:
    # of several speaking this turn, the first whose words the trigger waits on, so at a
    # hotseat table Wendel's locket goes to Ione, who asked about Maelis, not to Cass, who
    # asked about something else after her)
    said = [e for e in truth.fresh if isinstance(e, SpeechAct) and e.speaker in state.party]
    wanted = _words_awaited(trigger.when)
    matching = [e.speaker for e in said if wanted.intersection(e.props())]
    asked = matching[:1] if matching else [e.speaker for e in said]
    # (or, for a thing given or shown — "Wren gives the locket to the Grey Sister" — the
    # one who handed it over, back into whose palm it is pressed)
    handed = [e.actor for e in truth.fresh if isinstance(e, Handover) and e.actor in state.party]
    by = speakers[-1] if speakers else handed[-1] if handed else asked[-1] if asked else None
    more, summary = apply_effects(state, trigger.effects, by, _source(state, trigger.id))
    done.events += more
    done.events += _shift(state, trigger.id, trigger.effects.shift, done)
    did = {k: v for k, v in summary.items() if k != "text"}
    if did:
        done.told.append(f"trigger {trigger.id} did: {did}")
    return done


def answers_words(trigger: TriggerSpec) -> bool:
    """Whether a trigger follows from what the players said: a topic's effects, or a
    condition on a judgment, a topic asked or someone spoken to."""
    return trigger.id.startswith("asked.") or _on_words(trigger.when)


def _on_words(fact: Fact) -> bool:
    if fact.judged is not None or fact.spoke_to is not None:
        return True
    if fact.happened is not None and fact.happened.startswith(("asked.", "spoke_to.", "judged.")):
        return True
    parts = fact.all or fact.any or (fact.threshold.of if fact.threshold else None)
    if parts:
        return any(_on_words(p) for p in parts)
    return False  # "not said" is no answer to words


def _words_awaited(fact: Fact) -> set[str]:
    """The propositions of words a condition waits on (``asked.wendel.maelis``,
    ``spoke_to.berta``): whose words they were is whom its effects are for."""
    found: set[str] = set()
    if fact.spoke_to is not None:
        found.add(f"spoke_to.{fact.spoke_to}")
    if fact.happened is not None and fact.happened.startswith(("asked.", "spoke_to.")):
        found.add(fact.happened)
    for part in fact.all or fact.any or (fact.threshold.of if fact.threshold else None) or []:
        found |= _words_awaited(part)
    return found


def _shift(
    state: GameState, source: str, moves: dict[str, float], done: Cascade
) -> list[SessionEvent]:
    """Move scores for a firing, keeping what moved (a revised firing can be undone)."""
    shown: list[SessionEvent] = []
    for key, delta in moves.items():
        before = score(state, key)
        ledger = bonds.shift(state, key, delta, why_moved(state, source))
        moved = score(state, key) - before
        if moved:
            kept = state.truth.moved.setdefault(source, {})
            kept[key] = kept.get(key, 0.0) + moved
            done.told.append(f"trigger {source} moved {key} by {moved:+g}")
        shown += tell(state, ledger)
    return shown


def _owed(state: GameState, campaign: Campaign, fired: set[str]) -> Cascade:
    """Fire what the last turn's refinements made ready after its narration."""
    done = Cascade()
    owed, state.truth.next_turn = state.truth.next_turn, []
    if not owed:  # most turns owe nothing
        return done
    by_id = {t.id: t for t in campaign.all_triggers}
    for item in owed:
        trigger = by_id.get(item.trigger)
        if trigger is None or trigger.id in fired:
            continue
        if _waits_for_the_fight(state, trigger):
            state.truth.next_turn.append(item)
            continue
        fired.add(trigger.id)
        done.add(fire(state, trigger, "scene", confidence=item.confidence,
                      rested=item.provisional, deferred_from=item.seq))  # fmt: skip
    return done


def _queue(state: GameState, ready: _Ready, reason: Literal["deferred", "limit"]) -> None:
    """Hold a firing for the scene boundary (in the order it became ready)."""
    queue = state.truth.deferred
    if len(queue) < 500:  # the truth set's cap: a runaway campaign cannot grow a save
        queue.append(Deferred(trigger=ready.trigger.id, seq=state.truth.seq, reason=reason,
                              confidence=max(0.0, min(1.0, ready.confidence)),
                              provisional=ready.rested))  # fmt: skip


def _goals(state: GameState, campaign: Campaign, done: Cascade) -> None:
    """Scene goals of the party's scene met now (each written once)."""
    spec = campaign.scenes.get(state.scene.id)
    if spec is None:
        return
    for goal_id, goal in spec.goals.items():
        if not state.truth.seen(f"goal.{goal_id}") and holds(goal.when, state):
            state.log_event(GoalCompleted(goal=goal_id))
            done.told.append(f"goal met: {goal.text}")


def run_triggers(
    state: GameState,
    phase: Phase = "after_tools",
    *,
    watching: Callable[[Campaign], Watch | None] = watch_for,
) -> Cascade:
    """Fire what the world now makes true (one bounded cascade), then check the scene's
    goals and the endings. ``watching`` gives the campaign's watch (:mod:`app.session.quiet`):
    a turn, which checks several times, looks it up once."""
    campaign = state.campaign
    done = Cascade()
    if campaign is None:
        return done
    settings = campaign.events
    update_defeated(state)
    fired: set[str] = set()
    if phase == "before_dm":
        done.add(_owed(state, campaign, fired))
    watch = watching(campaign)
    reading = None if watch is None else watch.reading(state)
    if watch is not None and reading is not None and watch.quiet(reading):
        return done  # every condition reads as it did when a check found nothing to do
    firings = len(fired)
    rounds = 0
    while True:
        # Each round sees the world as the previous round left it: effects of this round's
        # triggers can only enable triggers in the next round, which bounds the depth.
        pending, read = _pending(state), Reader(state)
        ready = [
            r
            for t in campaign.all_triggers
            if not _waits_for_the_fight(state, t) and (r := _ready(t, state, pending, read))
        ]
        _goals(state, campaign, done)
        if not ready:
            break
        if rounds >= settings.cascade_depth:
            for item in ready:  # past the depth: they wait for the boundary
                _over_limit(state, item, done)
            break
        rounds += 1
        for item in ready:
            trigger = item.trigger
            if trigger.id in fired:
                note = f"trigger {trigger.id} suppressed: it already fired in this cascade (a loop)"
                state.record("trigger", note, ref=trigger.id, after="suppressed")
                done.told.append(note)
                continue
            tier = tier_of(trigger)
            if tier == "deferred" and not trigger.critical and phase != "boundary":
                _queue(state, item, "deferred")
                done.told.append(f"trigger {trigger.id} is deferred to the scene's end")
                continue
            if tier == "scene" and phase == "after_turn":
                state.truth.next_turn.append(
                    Deferred(trigger=trigger.id, seq=state.truth.seq, reason="deferred",
                             confidence=max(0.0, min(1.0, item.confidence)),
                             provisional=item.rested)
                )  # fmt: skip
                continue
            if firings >= settings.cascade_firings:
                _over_limit(state, item, done)
                continue
            fired.add(trigger.id)
            firings += 1
            landed = "immediate" if tier == "deferred" else tier
            done.add(fire(state, trigger, landed, confidence=item.confidence, rested=item.rested))
        update_defeated(state)
    # An ending waits for the end of a fight that is over but still open (the DM's
    # end_combat, else the engine's after the narration): the fight ends, with its XP,
    # and then the story does, with the ending's.
    if state.ending is None and not fight_over(state):
        for ending in campaign.endings:
            if ending.when is not None and not ending.defeat and holds(ending.when, state):
                done.events += reach_ending(state, ending.id)
                break
    if rounds == 0 and watch is not None and reading is not None:
        watch.found_nothing(state, reading)  # nothing was ready: quiet, if nothing moved
    return done


def _waits_for_the_fight(state: GameState, trigger: TriggerSpec) -> bool:
    """A trigger that moves the party waits while a fight is on (nobody leaves mid-fight):
    it fires once the fight is over, rather than failing the turn it fires in."""
    return bool(trigger.effects.move_to) and state.encounter is not None


def _over_limit(state: GameState, item: _Ready, done: Cascade) -> None:
    _queue(state, item, "limit")
    note = f"trigger {item.trigger.id} is held for the scene's end (the cascade limit)"
    state.record("trigger", note, ref=item.trigger.id, after="deferred")
    done.told.append(note)


def fire_deferred(state: GameState) -> Cascade:
    """At the scene boundary: the held firings, in the order they became ready."""
    done = Cascade()
    campaign = state.campaign
    queue, state.truth.deferred = state.truth.deferred, []
    if campaign is None:
        return done
    by_id = {t.id: t for t in campaign.all_triggers}
    for item in queue:
        trigger = by_id.get(item.trigger)
        if trigger is None:
            continue
        if _waits_for_the_fight(state, trigger):
            state.truth.deferred.append(item)
            continue
        done.add(fire(state, trigger, "deferred", confidence=item.confidence,
                      rested=item.provisional, deferred_from=item.seq))  # fmt: skip
    return done


def _source(state: GameState, trigger_id: str) -> str:
    """What the log names as the cause: an authored trigger by the person it is about
    ("from Berta" for ``berta_potion``: players read no ids), else its id in words; one a
    feature or a topic implies (``examined.<scene>.<feature>``, ``asked.<npc>.<topic>``) by
    what the players did."""
    campaign = state.campaign
    kind, _, rest = trigger_id.partition(".")
    first, _, second = rest.partition(".")
    if campaign is not None and kind == "examined" and first in campaign.scenes:
        feature = campaign.scenes[first].features.get(second)
        if feature is not None:
            return f"{the(feature.name)}"
    if campaign is not None and kind == "asked" and first in campaign.npcs:
        return f"{campaign.npcs[first].name}, asked about {second.replace('_', ' ')}"
    people = campaign.npcs if campaign is not None else {}
    whose = next((people[w].name for w in trigger_id.split("_") if w in people), None)
    if whose is not None:  # "berta_potion": what Berta does, not an author's id
        return f"from {whose}"
    return trigger_id.replace("_", " ")


def why_moved(state: GameState, source: str) -> str:
    """Why a firing moved someone's feelings, in the campaign's words (the first sentence
    of what it says happened), for the journal and the ledger; its id when it says
    nothing."""
    campaign = state.campaign
    texts = [t.effects.text for t in campaign.all_triggers if t.id == source] if campaign else []
    texts += [o.effects.text for o in campaign.offscreen if o.id == source] if campaign else []
    text = " ".join(next((t for t in texts if t), "").split())
    if not text:
        return source.replace("_", " ")
    first = text.split(". ")[0].rstrip(".")
    return first if len(first) <= 80 else first[:79].rstrip() + "…"
