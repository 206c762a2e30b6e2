"""The scene map of a playtest report, drawn as inline SVG: every scene a box (its name,
its id, how many runs reached it, the endings runs reached there), every exit an arrow
labelled with its name — dashed where it is gated, dark where some run took it, pale where
none did — and, dotted, the moves an effect made where no exit leads.

An author reads it as a story map: what the campaign offers, and which part of it the
playtest actually visited. Every piece of campaign text is escaped: a name may hold
anything, markup included.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from html import escape as _escape_html

from app.authoring.playtest import RunRecord
from app.authoring.scenemap import COLUMN_GAP, MARGIN, NODE_WIDTH, Layout, Route, layout
from app.world.campaign import Campaign
from app.world.printable import printable
from app.world.scenespec import Exit
from app.world.when import Fact


def escape(text: str) -> str:
    """Text for the page and its drawing: without escape codes or controls (a script line
    or a campaign may hold them, and a terminal showing the file would obey them), then
    HTML-escaped."""
    return _escape_html(printable(text))


LINE = 17.0
"""Height of one line of text in a scene's box."""
PAD = 10.0
"""Room above and below a box's text."""
ENDING_COLOURS = ("#b8860b", "#6a3d9a", "#1f78b4", "#e07b00", "#33a02c", "#b15928", "#a6761d")
"""Colours of the campaign's endings, in the order it lists them."""
DEFEAT_COLOUR = "#8b1a1a"
"""The built-in Defeat's colour."""


@dataclass
class MapNode:
    """A scene as the map shows it."""

    id: str
    name: str
    reached: int
    """Runs that entered it."""
    start: bool = False
    restricted: list[str] = field(default_factory=list)
    """Character ids who alone may act there (``restrict_to``)."""
    endings: list[tuple[str, int]] = field(default_factory=list)
    """Endings runs reached here, with how many runs did, most first."""

    @property
    def lines(self) -> int:
        """Lines of text its box holds: name, id, how many runs reached it, its marks (start,
        restricted) if any, and a line per ending reached there."""
        tags = self.start or bool(self.restricted)
        return 3 + tags + len(self.endings)


@dataclass
class MapEdge:
    """An arrow: an exit, or a move an effect made where no exit leads."""

    source: str
    target: str
    label: str
    gate: str = ""
    """What must hold for the way to open (empty: always open)."""
    taken: int = 0
    """Runs that went this way."""
    exit: bool = True


@dataclass
class SceneMap:
    """What the map shows, before it is laid out."""

    nodes: dict[str, MapNode]
    edges: list[MapEdge]
    runs: int
    start: str


def fact_text(fact: Fact) -> str:
    """A condition in a few words: ``flag trapdoor_open``, ``passed sneak_past or flag
    key``, ``not (flag a and flag b)``."""
    if fact.all is not None or fact.any is not None:
        parts, word = (fact.all, " and ") if fact.all is not None else (fact.any or [], " or ")
        return word.join(_grouped(f) for f in parts)
    if fact.not_ is not None:
        return f"not {_grouped(fact.not_)}"
    if fact.threshold is not None:
        inner = ", ".join(fact_text(f) for f in fact.threshold.of)
        return f"{fact.threshold.min:g} of ({inner})"
    if fact.compare is not None:
        return fact.compare
    if fact.flag is not None and fact.equals is not None:
        return f"flag {fact.flag} = {fact.equals}"
    kind, value = next(
        (k, v)
        for k, v in fact.model_dump(exclude_none=True).items()
        if k not in ("within", "after", "confidence")
    )
    return f"{kind} {value}"


def _grouped(fact: Fact) -> str:
    text = fact_text(fact)
    return f"({text})" if fact.all is not None or fact.any is not None else text


def gate_text(way: Exit) -> str:
    """What must hold for an exit to open, in a few words (empty when it is always open)."""
    needs = [f"flag {way.requires_flag}"] if way.requires_flag else []
    if way.when is not None:
        needs.append(fact_text(way.when))
    return " and ".join(needs)


def scene_map(story: Campaign, runs: list[RunRecord]) -> SceneMap:
    """The map of a campaign as the runs played it. A move is credited to the first exit
    leading where it went, the exit the game itself checks when the party moves."""
    reached = Counter(s for r in runs for s in set(r.scenes))
    reached[story.campaign.start] = max(reached[story.campaign.start], len(runs))
    moved = Counter(m for r in runs for m in set(r.moves))
    ended: dict[str, Counter[str]] = {}
    for run in runs:
        if run.ending and run.ending_scene:
            ended.setdefault(run.ending_scene, Counter())[run.ending] += 1
    nodes = {
        sid: MapNode(
            id=sid,
            name=scene.name,
            reached=reached[sid],
            start=sid == story.campaign.start,
            restricted=list(scene.restrict_to or []),
            endings=sorted(ended.get(sid, Counter()).items(), key=lambda e: (-e[1], e[0])),
        )
        for sid, scene in story.scenes.items()
    }
    edges: list[MapEdge] = []
    for sid, scene in story.scenes.items():
        credited: set[str] = set()
        for way in scene.exits:
            first = way.to not in credited
            credited.add(way.to)
            taken = moved[f"{sid}>{way.to}"] if first else 0
            edges.append(MapEdge(sid, way.to, way.name, gate_text(way), taken))
    ways = {(e.source, e.target) for e in edges}
    for move, count in sorted(moved.items()):
        source, _, target = move.partition(">")
        if (source, target) not in ways and source in nodes and target in nodes:
            edges.append(MapEdge(source, target, "moved by the story", taken=count, exit=False))
    return SceneMap(nodes, edges, len(runs), story.campaign.start)


def box_height(node: MapNode) -> float:
    """How tall a scene's box is: a line per line of text, and padding."""
    return PAD * 2 + LINE * node.lines


def place(found: SceneMap) -> Layout:
    """Lay the map out."""
    links = [(e.source, e.target) for e in found.edges]
    heights = {sid: box_height(n) for sid, n in found.nodes.items()}
    return layout(list(found.nodes), links, found.start, heights)


def ending_colour(story: Campaign, ending: str) -> str:
    """The colour an ending is drawn in, the same on the map and in the histogram."""
    ids = [e.id for e in story.endings]
    if ending in ids:
        return ENDING_COLOURS[ids.index(ending) % len(ENDING_COLOURS)]
    return DEFEAT_COLOUR


def svg(found: SceneMap, story: Campaign) -> str:
    """The map as an ``<svg>`` element for an HTML page (styled by its classes)."""
    laid = place(found)
    out = [
        f'<svg class="scenemap" xmlns="http://www.w3.org/2000/svg" width="{laid.width:.0f}" '
        f'height="{laid.height:.0f}" viewBox="0 0 {laid.width:.0f} {laid.height:.0f}" '
        f'role="img" aria-label="scene map">',
        _DEFS,
    ]
    out += _captions(laid)
    labels: list[str] = []
    for edge, route in zip(found.edges, laid.routes, strict=True):
        if route.points:
            out.append(_arrow(edge, route, found))
            labels.append(_label(edge, route, found))
    out += [_node(found.nodes[sid], laid, found.runs, story) for sid in found.nodes]
    out += labels  # on top: a label never hides under a box or another arrow
    out.append("</svg>")
    return "\n".join(out)


_DEFS = """<defs>
<marker id="head-taken" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" \
markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" class="head-taken"/></marker>
<marker id="head-never" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" \
markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" class="head-never"/></marker>
<marker id="head-story" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" \
markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" class="head-story"/></marker>
</defs>"""


def _captions(laid: Layout) -> list[str]:
    """A caption over each column (moves from the start), and a rule before the columns
    of scenes no way from the start reaches."""
    out = []
    for c in sorted(laid.order):
        x = MARGIN + c * (NODE_WIDTH + COLUMN_GAP) + NODE_WIDTH / 2
        if c < laid.reachable_columns:
            text = "start" if c == 0 else f"{c} move{'s' * (c > 1)} from the start"
        else:
            text = "no way in from the start" if c == laid.reachable_columns else ""
        if text:
            out.append(f'<text class="caption" x="{x:.0f}" y="{MARGIN - 18:.0f}">{text}</text>')
    if laid.reachable_columns <= max(laid.order, default=0):
        x = MARGIN + laid.reachable_columns * (NODE_WIDTH + COLUMN_GAP) - COLUMN_GAP / 2
        out.append(
            f'<line class="divide" x1="{x:.0f}" y1="{MARGIN - 30:.0f}" x2="{x:.0f}" '
            f'y2="{laid.height - 10:.0f}"/>'
        )
    return out


def _path(route: Route) -> str:
    """The route as an SVG path: smooth curves between its points, leaving and entering
    each side level; a loop bulges out to the right."""
    (x0, y0), *rest = route.points
    d = [f"M{x0:.1f},{y0:.1f}"]
    if route.loop:
        x1, y1 = rest[-1]
        bulge = 60 + abs(y1 - y0) / 8
        d.append(f"C{x0 + bulge:.1f},{y0:.1f} {x1 + bulge:.1f},{y1:.1f} {x1:.1f},{y1:.1f}")
        return " ".join(d)
    for x1, y1 in rest:
        half = (x1 - x0) / 2
        d.append(f"C{x0 + half:.1f},{y0:.1f} {x1 - half:.1f},{y1:.1f} {x1:.1f},{y1:.1f}")
        x0, y0 = x1, y1
    return " ".join(d)


def _kind(edge: MapEdge) -> str:
    return "story" if not edge.exit else "taken" if edge.taken else "never"


def _about(edge: MapEdge, found: SceneMap) -> str:
    """The arrow's tooltip: the whole story of the way."""
    source, target = found.nodes[edge.source], found.nodes[edge.target]
    what = edge.label if edge.exit else "a move an effect made (no exit leads there)"
    parts = [f"{what}: {source.name} ({source.id}) → {target.name} ({target.id})"]
    if edge.gate:
        parts.append(f"gated: {edge.gate}")
    parts.append(f"taken in {edge.taken} of {found.runs} runs" if edge.taken else "never taken")
    return " · ".join(parts)


def _arrow(edge: MapEdge, route: Route, found: SceneMap) -> str:
    kind = _kind(edge)
    gated = " gated" if edge.gate else ""
    return (
        f'<path class="way {kind}{gated}" d="{_path(route)}" marker-end="url(#head-{kind})">'
        f"<title>{escape(_about(edge, found))}</title></path>"
    )


def _label(edge: MapEdge, route: Route, found: SceneMap) -> str:
    """The exit's name (and how many runs took it) by the arrow where it leaves its scene,
    as a door's sign hangs by the door, and what opens it under that. A rightward arrow's
    sign is above it, a leftward one's below: where a way there runs above a way back,
    their signs stay apart."""
    (x0, y0), (x1, _) = route.points[0], route.points[1]
    rightward = route.loop or x1 > x0
    x = x0 + 8 if rightward else x0 - 8
    anchor = "start" if rightward else "end"
    y = y0 - 4 if rightward else y0 + 13
    name = _short(edge.label, 22) + (f" ×{edge.taken}" if edge.taken else "")
    text = [f'<tspan x="{x:.1f}" y="{y:.1f}">{escape(name)}</tspan>']
    if edge.gate:
        gate = escape(_short(f"if {edge.gate}", 26))
        below = y0 + 11 if rightward else y + 13
        text.append(f'<tspan class="gate" x="{x:.1f}" y="{below:.1f}">{gate}</tspan>')
    return (
        f'<text class="label {_kind(edge)}" text-anchor="{anchor}">{"".join(text)}'
        f"<title>{escape(_about(edge, found))}</title></text>"
    )


def _node(node: MapNode, laid: Layout, runs: int, story: Campaign) -> str:
    box = laid.boxes[node.id]
    kinds = ["scene", "never" if not node.reached else "reached"]
    if node.start:
        kinds.append("start")
    if node.restricted:
        kinds.append("restricted")
    share = node.reached / runs if runs else 0.0
    fill = f"hsl(130, 45%, {93 - 25 * share:.0f}%)" if node.reached else "#fdecec"
    reach = f"reached in {node.reached} of {runs} runs" if node.reached else "never reached"
    tip = [f"{node.name} ({node.id})", reach]
    if node.restricted:
        tip.append(f"only {', '.join(node.restricted)} may act here")
    tip += [f"ending {e}: {n} run{'s' * (n != 1)}" for e, n in node.endings]
    x, y = box.x + 10, box.y + PAD + 13
    out = [
        f'<g class="{" ".join(kinds)}"><title>{escape(" · ".join(tip))}</title>',
        f'<rect x="{box.x:.1f}" y="{box.y:.1f}" width="{box.w:.0f}" height="{box.h:.0f}" '
        f'rx="7" style="fill:{fill}"/>',
        f'<text class="name" x="{x:.1f}" y="{y:.1f}">{escape(_short(node.name, 26))}</text>',
    ]
    y += LINE
    out.append(f'<text class="id" x="{x:.1f}" y="{y:.1f}">{escape(_short(node.id, 26))}</text>')
    y += LINE
    out.append(f'<text class="count" x="{x:.1f}" y="{y:.1f}">{escape(reach)}</text>')
    if node.start or node.restricted:
        y += LINE
        tags = (["▶ START"] if node.start else []) + (
            [f"only {', '.join(node.restricted)}"] if node.restricted else []
        )
        out.append(
            f'<text class="tags" x="{x:.1f}" y="{y:.1f}">{escape(_short("  ".join(tags), 26))}'
            "</text>"
        )
    for ending, n in node.endings:
        y += LINE
        colour = ending_colour(story, ending)
        out.append(
            f'<text class="ending" x="{x:.1f}" y="{y:.1f}" style="fill:{colour}">'
            f"◆ ending {escape(_short(ending, 16))} ×{n}</text>"
        )
    out.append("</g>")
    return "".join(out)


def _short(text: str, most: int) -> str:
    """At most ``most`` characters, an ellipsis marking a cut."""
    return text if len(text) <= most else f"{text[: most - 1]}…"
