"""The playtest report as an author reads it at a terminal: what was never reached first,
then the endings, then each script's record."""

from __future__ import annotations

from app.authoring.playtest import RANDOM, Report


def render(found: Report) -> list[str]:
    """The report's lines."""
    runs = found.runs
    lines = [f"== playtest: {found.campaign} — {len(runs)} runs =="]
    missing = {kind: ids for kind, ids in found.never.items() if ids}
    if missing:
        lines.append("never reached:")
        lines += [f"  {kind}: {', '.join(ids)}" for kind, ids in missing.items()]
    else:
        lines.append(
            "never reached: nothing (every scene, ending, trigger and outcome was reached)"
        )
    lines.append("endings:")
    width = max(len(e) for e in found.endings)
    for ending, count in found.endings.most_common():
        bar = "#" * max(1, round(30 * count / len(runs)))
        lines.append(f"  {ending:<{width}}  {count:>5}  {count / len(runs):6.1%}  {bar}")
    turns = sum(r.turns for r in runs) / len(runs)
    fallen = sum(bool(r.fallen) for r in runs)
    lines.append(f"turns: {turns:.1f} on average   runs with a party member dead: {fallen}")
    lines.append("scripts:")
    for script, (ok, total, first) in found.scripts().items():
        if script == RANDOM:
            mine = [r for r in runs if r.script == RANDOM]
            refused = sum(r.refused for r in mine) / len(mine)
            lines.append(f"  {script}: {total} runs, {refused:.1f} lines refused per run")
            continue
        lines.append(f"  {script}: passed {ok}/{total}")
        if first is not None:
            why = (first.failures or first.errors)[0]
            lines.append(f"    first failure (seed {first.seed}): {why}")
    errors = [(r, e) for r in runs for e in r.errors]
    if errors:
        run, error = errors[0]
        lines.append(f"errors: {len(errors)} (first: {run.script} seed {run.seed}: {error})")
    return lines
