"""Tokens the DM spends: the ``/usage`` report and the player's cost alerts.

Each finished turn keeps its usage on its record and the game keeps the total (across
sittings, in the save). An alert is shown once when the game crosses the threshold the
player set, and again only after it has fallen back below and crossed anew; it never
stops play. The offline referee spends nothing, and the report says so.
"""

from __future__ import annotations

from app.dm.brain import Brain
from app.dm.costs import Budget, money, price
from app.referee.referee import OfflineReferee
from app.world.state import GameState
from app.world.usage import Usage


def average(state: GameState) -> float:
    """Average tokens per finished turn that called a DM which spends tokens."""
    return state.usage.tokens / state.usage_turns if state.usage_turns else 0.0


def _alert_lines(state: GameState, budget: Budget) -> dict[str, str]:
    """The alerts whose threshold the game is past now, by kind, with what to say."""
    past: dict[str, str] = {}
    cost = budget.cost(state.usage)
    if budget.alert_cost is not None and cost is not None and cost >= budget.alert_cost:
        past["cost"] = (
            f"Cost alert: this game's DM has cost about {money(cost)}, past your alert at "
            f"{money(budget.alert_cost)} (/usage for details). Play goes on."
        )
    mean = average(state)
    if budget.alert_tokens is not None and state.usage_turns and mean >= budget.alert_tokens:
        past["tokens"] = (
            f"Token alert: the DM averages {mean:,.0f} tokens a turn, past your alert at "
            f"{budget.alert_tokens:,} (/usage for details). Play goes on."
        )
    return past


def new_alerts(state: GameState, budget: Budget) -> list[str]:
    """The alerts crossed since the last check (each once per crossing); the state keeps
    which thresholds it is past, so a loaded game does not repeat them."""
    past = _alert_lines(state, budget)
    fresh = [text for kind, text in past.items() if kind not in state.usage_alerts]
    state.usage_alerts = sorted(past)
    return fresh


def _line(usage: Usage) -> str:
    return (
        f"{usage.tokens:,} tokens ({usage.prompt_tokens:,} prompt + "
        f"{usage.completion_tokens:,} completion, {usage.calls:,} "
        f"call{'' if usage.calls == 1 else 's'})"
    )


def usage_lines(state: GameState, brain: Brain, budget: Budget) -> list[str]:
    """``/usage``: last turn, average per turn, game total, estimated cost and the alerts
    set — or that the offline referee spends no tokens."""
    lines = []
    offline = isinstance(brain, OfflineReferee)
    if offline:
        lines.append("The offline referee runs on this machine and spends no tokens.")
        if state.usage.tokens == 0:
            return lines
        lines.append("Earlier sittings with an AI DM spent:")
    elif state.usage.tokens == 0:
        return ["No tokens spent on this game yet."]
    last = state.history[-1].usage if state.history else Usage()
    if not offline:
        lines.append(f"Last turn: {_line(last) if last.calls else 'no DM call'}")
    turns = f"{state.usage_turns:,} turn{'' if state.usage_turns == 1 else 's'}"
    lines.append(f"Average: {average(state):,.0f} tokens a turn (over {turns})")
    lines.append(f"This game: {_line(state.usage)}")
    cost = budget.cost(state.usage)
    if cost is not None:
        lines.append(
            f"Estimated cost: {money(cost)} (at {price(budget.price_input or 0)} in, "
            f"{price(budget.price_output or 0)} out per million tokens)"
        )
    else:
        lines.append("Set price_input and price_output in the DM settings to see a cost.")
    alerts = []
    if budget.alert_cost is not None:
        alerts.append(f"cost past {money(budget.alert_cost)}")
    if budget.alert_tokens is not None:
        alerts.append(f"average past {budget.alert_tokens:,} tokens a turn")
    lines.append("Alerts: " + ("; ".join(alerts) if alerts else "none set"))
    return lines
