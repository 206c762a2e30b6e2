"""The playtest report as one self-contained HTML page: everything the text report says —
what was never reached, the endings, turns and deaths, each script's pass rate with the
lines that failed — and a scene map of the campaign as the runs played it.

One file with its style and its drawing inside, no script and nothing fetched, so it opens
offline, can be mailed to a co-author or kept beside a campaign's history. Every piece of
campaign text on it is escaped.
"""

from __future__ import annotations

from collections import Counter

from app.authoring.playtest import RANDOM, Report, RunRecord
from app.authoring.playtest_map import ending_colour, escape, scene_map, svg
from app.world.campaign import Campaign

STYLE = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2330;
       margin: 0; background: #f6f7f9; }
main { padding: 20px 24px 40px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 10px; }
.sub { color: #5b6475; margin: 0 0 18px; }
code, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
              font-size: 12.5px; }
.tiles { display: flex; flex-wrap: wrap; gap: 12px; }
.tile { background: #fff; border: 1px solid #dde1e8; border-radius: 8px; padding: 10px 16px;
        min-width: 130px; }
.tile b { display: block; font-size: 22px; }
.tile.bad b { color: #b3261e; }
.tile span { color: #5b6475; font-size: 12.5px; }
table { border-collapse: collapse; background: #fff; border: 1px solid #dde1e8; }
th, td { text-align: left; padding: 6px 12px; border-bottom: 1px solid #eceef2;
         vertical-align: top; }
th { background: #f0f2f5; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.bar { background: #eceef2; border-radius: 3px; width: 220px; height: 12px; }
.bar div { height: 12px; border-radius: 3px; background: #3b6fb6; }
.never { color: #b3261e; }
.ok { color: #2e7d32; }
ul.fail { margin: 0; padding-left: 18px; }
ul.fail li { margin: 2px 0; }
.missing { background: #fff4f3; border: 1px solid #f1c4c0; border-radius: 8px;
           padding: 8px 16px; }
.missing.none { background: #f1f8f1; border-color: #bfe0c1; }
.map { background: #fff; border: 1px solid #dde1e8; border-radius: 8px; overflow: auto;
       max-height: 85vh; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 22px; margin: 8px 0; color: #3c4454;
          font-size: 12.5px; }
.legend svg { vertical-align: middle; }
svg.scenemap text { font-size: 12px; fill: #1d2330; }
svg.scenemap text.name { font-weight: 600; font-size: 13px; }
svg.scenemap text.id { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 11px;
                       fill: #4b5466; }
svg.scenemap text.count { font-size: 11.5px; fill: #3c4454; }
svg.scenemap text.tags { font-size: 11px; font-weight: 600; fill: #1a4d8f; }
svg.scenemap text.ending { font-size: 11.5px; font-weight: 600; }
svg.scenemap text.caption { font-size: 12px; fill: #5b6475; text-anchor: middle; }
svg.scenemap .scene rect { stroke: #5f8f64; stroke-width: 1.2; }
svg.scenemap .scene.never rect { stroke: #c62828; stroke-dasharray: 5 3; stroke-width: 1.6; }
svg.scenemap .scene.never text.count { fill: #c62828; font-weight: 600; }
svg.scenemap .scene.start rect { stroke: #1a4d8f; stroke-width: 3; }
svg.scenemap .scene.restricted rect { stroke-dasharray: 2 2; }
svg.scenemap .scene.start.restricted rect { stroke-dasharray: none; }
svg.scenemap .way { fill: none; }
svg.scenemap .way.taken { stroke: #2f5d9e; stroke-width: 2; }
svg.scenemap .way.never { stroke: #a9adb5; stroke-width: 1.3; }
svg.scenemap .way.story { stroke: #8e44ad; stroke-width: 1.6; stroke-dasharray: 2 3; }
svg.scenemap .way.gated { stroke-dasharray: 7 4; }
svg.scenemap .head-taken { fill: #2f5d9e; }
svg.scenemap .head-never { fill: #a9adb5; }
svg.scenemap .head-story { fill: #8e44ad; }
svg.scenemap text.label { font-size: 11.5px; paint-order: stroke;
                          stroke: #fff; stroke-width: 4px; stroke-linejoin: round; }
svg.scenemap text.label.taken { fill: #1f3f6e; font-weight: 600; }
svg.scenemap text.label.never { fill: #80858f; }
svg.scenemap text.label.story { fill: #6c3483; font-style: italic; }
svg.scenemap text.label .gate { font-size: 10.5px; font-weight: 400; fill: #8a5a00; }
svg.scenemap line.divide { stroke: #c9ccd3; stroke-dasharray: 4 4; }
"""

LEGEND = """<div class="legend">
<span><svg width="40" height="10"><line x1="0" y1="5" x2="40" y2="5" stroke="#2f5d9e"
 stroke-width="2"/></svg> exit some run took (×runs)</span>
<span><svg width="40" height="10"><line x1="0" y1="5" x2="40" y2="5" stroke="#a9adb5"
 stroke-width="1.3"/></svg> exit no run took</span>
<span><svg width="40" height="10"><line x1="0" y1="5" x2="40" y2="5" stroke="#2f5d9e"
 stroke-width="2" stroke-dasharray="7 4"/></svg> gated exit (<i>if …</i>: what opens it)</span>
<span><svg width="40" height="10"><line x1="0" y1="5" x2="40" y2="5" stroke="#8e44ad"
 stroke-width="1.6" stroke-dasharray="2 3"/></svg> move an effect made</span>
<span><svg width="22" height="14"><rect x="1" y="1" width="20" height="12" rx="3"
 fill="hsl(130,45%,68%)" stroke="#5f8f64"/></svg> reached (darker: by more runs)</span>
<span><svg width="22" height="14"><rect x="1" y="1" width="20" height="12" rx="3"
 fill="#fdecec" stroke="#c62828" stroke-dasharray="5 3"/></svg> never reached</span>
<span><svg width="22" height="14"><rect x="1.5" y="1.5" width="19" height="11" rx="3"
 fill="#fff" stroke="#1a4d8f" stroke-width="3"/></svg> start</span>
<span><b>only …</b>: restricted scene (<code>restrict_to</code>)</span>
<span><b>◆ ending</b>: runs that ended there</span>
</div>"""


def page(found: Report, story: Campaign) -> str:
    """The whole page."""
    title = f"Playtest: {story.campaign.title}"
    body = [
        f"<h1>{escape(title)}</h1>",
        f'<p class="sub"><code>{escape(found.campaign)}</code> — {_runs_line(found)}</p>',
        _tiles(found, story),
        "<h2>Never reached</h2>",
        _never(found),
        "<h2>Scene map</h2>",
        LEGEND,
        f'<div class="map">{svg(scene_map(story, found.runs), story)}</div>',
        "<h2>Endings</h2>",
        _endings(found, story),
        "<h2>Scripts</h2>",
        _scripts(found),
        *_errors(found),
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n<main>\n{chr(10).join(body)}\n</main>\n</body>\n</html>\n"
    )


def _runs_line(found: Report) -> str:
    scripts = [s for s in found.scripts() if s != RANDOM]
    wanderers = sum(r.script == RANDOM for r in found.runs)
    parts = [f"{len(found.runs)} runs"]
    if scripts:
        parts.append(f"{len(scripts)} script{'s' * (len(scripts) != 1)}")
    if wanderers:
        parts.append(f"{wanderers} by the automatic player")
    return escape(", ".join(parts))


def _tiles(found: Report, story: Campaign) -> str:
    runs = found.runs
    scripts = {s: v for s, v in found.scripts().items() if s != RANDOM}
    passing = sum(ok == total for ok, total, _ in scripts.values())
    reached = len(story.endings) - len(found.never.get("endings", []))
    turns = sum(r.turns for r in runs) / len(runs) if runs else 0.0
    fallen = sum(bool(r.fallen) for r in runs)
    errors = sum(len(r.errors) for r in runs)
    tiles = [
        (str(len(runs)), "runs", False),
        (f"{passing}/{len(scripts)}", "scripts passed every run", passing < len(scripts)),
        (f"{reached}/{len(story.endings)}", "endings reached", reached < len(story.endings)),
        (f"{turns:.1f}", "turns on average", False),
        (str(fallen), "runs with a party member dead", False),
        (str(errors), "errors", errors > 0),
    ]
    cells = "".join(
        f'<div class="tile{" bad" * bad}"><b>{escape(value)}</b><span>{escape(what)}</span></div>'
        for value, what, bad in tiles
    )
    return f'<div class="tiles">{cells}</div>'


def _never(found: Report) -> str:
    missing = {kind: ids for kind, ids in found.never.items() if ids}
    if not missing:
        return (
            '<div class="missing none">Nothing: every scene, ending, trigger and outcome was '
            "reached.</div>"
        )
    rows = "".join(
        f"<li><b>{escape(kind)}</b>: {', '.join(f'<code>{escape(i)}</code>' for i in ids)}</li>"
        for kind, ids in missing.items()
    )
    return f'<div class="missing"><ul>{rows}</ul></div>'


def _bar(share: float, colour: str = "") -> str:
    style = f"width:{100 * share:.1f}%" + (f";background:{colour}" if colour else "")
    return f'<div class="bar"><div style="{style}"></div></div>'


def _endings(found: Report, story: Campaign) -> str:
    runs = len(found.runs) or 1
    titles = {"defeat": "Defeat (the whole party fell)", "(none)": "no ending reached"}
    titles.update({e.id: e.title for e in story.endings})
    where: dict[str, Counter[str]] = {}
    for run in found.runs:
        if run.ending and run.ending_scene:
            where.setdefault(run.ending, Counter())[run.ending_scene] += 1
    rows = []
    for ending, count in found.endings.most_common():
        colour = ending_colour(story, ending) if ending != "(none)" else "#9aa0aa"
        at = ", ".join(
            f"<code>{escape(s)}</code> ×{n}" for s, n in where.get(ending, Counter()).most_common()
        )
        rows.append(
            f"<tr><td><code>{escape(ending)}</code></td><td>{escape(titles.get(ending, ''))}</td>"
            f'<td class="num">{count}</td><td class="num">{count / runs:.1%}</td>'
            f"<td>{_bar(count / runs, colour)}</td><td>{at}</td></tr>"
        )
    for ending in found.never.get("endings", []):
        rows.append(
            f'<tr class="never"><td><code>{escape(ending)}</code></td>'
            f"<td>{escape(titles.get(ending, ''))}</td>"
            '<td class="num">0</td><td class="num">0.0%</td><td>never reached</td><td></td></tr>'
        )
    return (
        "<table><tr><th>ending</th><th>title</th><th>runs</th><th>share</th><th></th>"
        f"<th>reached in</th></tr>{''.join(rows)}</table>"
    )


def _scripts(found: Report) -> str:
    rows = []
    for script, (ok, total, _) in found.scripts().items():
        mine = [r for r in found.runs if r.script == script]
        if script == RANDOM:
            refused = sum(r.refused for r in mine) / len(mine)
            rows.append(
                f'<tr><td>{escape(script)}</td><td class="num">{total} runs</td><td></td>'
                f"<td>{refused:.1f} lines refused per run</td></tr>"
            )
            continue
        mark = "ok" if ok == total else "never"
        rows.append(
            f"<tr><td><code>{escape(script)}</code></td>"
            f'<td class="num {mark}">passed {ok}/{total}</td><td>{_bar(ok / total)}</td>'
            f"<td>{_failures(mine)}</td></tr>"
        )
    return (
        "<table><tr><th>script</th><th>pass rate</th><th></th><th>failed lines</th></tr>"
        f"{''.join(rows)}</table>"
    )


def _failures(runs: list[RunRecord]) -> str:
    """Each different failed line (or error) once, with the seeds it failed on."""
    seeds: dict[str, list[int]] = {}
    for run in runs:
        for why in [*run.failures, *run.errors]:
            seeds.setdefault(why, []).append(run.seed)
    if not seeds:
        return '<span class="ok">none</span>'
    items = "".join(
        f'<li>{escape(why)} <span class="sub">— seed{"s" * (len(s) > 1)} '
        f"{escape(_seeds(s))}</span></li>"
        for why, s in seeds.items()
    )
    return f'<ul class="fail">{items}</ul>'


def _seeds(seeds: list[int], most: int = 12) -> str:
    shown = ", ".join(str(s) for s in seeds[:most])
    return shown + (f" and {len(seeds) - most} more" if len(seeds) > most else "")


def _errors(found: Report) -> list[str]:
    errors = [(r, e) for r in found.runs for e in r.errors]
    if not errors:
        return []
    items = "".join(
        f"<li><code>{escape(r.script)}</code> seed {r.seed}: {escape(e)}</li>" for r, e in errors
    )
    return ["<h2>Errors</h2>", f'<ul class="fail never">{items}</ul>']
