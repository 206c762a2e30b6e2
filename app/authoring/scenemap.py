"""The layout of a scene map: where each scene's box goes and which way each arrow runs,
computed here so that the playtest page draws it with no script and no network.

A layered layout, as story-map tools draw a branching story: a scene's column is how many
moves it is from the start (breadth first over every way, open or shut), so the start is
the first column and the story reads left to right. Scenes no way from the start reaches
still get columns, after the others. An arrow that spans several columns passes through a
placeholder in each column between, so it runs between boxes rather than through them,
and a few barycentre sweeps order each column to cross fewer arrows. Boxes in a column are
stacked with a gap, so none overlaps another whatever the campaign's size.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from itertools import pairwise

NODE_WIDTH = 190.0
"""Width of every scene's box."""
COLUMN_GAP = 160.0
"""Room between columns, for the arrows and their labels."""
PORT_GAP = 28.0
"""Room along a box's side for each arrow leaving or entering there (its label beside it):
a box with many ways grows taller rather than crowd them."""
ROW_GAP = 26.0
"""Room between boxes (and arrow placeholders) in one column."""
PASS_HEIGHT = 14.0
"""Height of an arrow's placeholder in a column it passes through."""
MARGIN = 36.0
"""Room around the whole map (and above it, for the captions)."""
SWEEPS = 6
"""Down-and-up barycentre sweeps: enough for small campaigns to settle; the best order
seen is kept, so more sweeps never make it worse."""


@dataclass(frozen=True)
class Box:
    """A rectangle on the map: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The bottom edge."""
        return self.y + self.h

    @property
    def middle(self) -> float:
        """The vertical centre."""
        return self.y + self.h / 2

    def overlaps(self, other: Box) -> bool:
        """Whether the two rectangles share any area."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )


Point = tuple[float, float]


@dataclass
class Route:
    """The way one arrow runs: from its source's side, through the columns between, to its
    target's side. ``loop``: source and target share a column (or are one scene), so the
    arrow bulges out to the right of the column instead."""

    points: list[Point]
    loop: bool = False


@dataclass
class Layout:
    """Where everything goes: a box per scene, a route per link (in the order given)."""

    boxes: dict[str, Box]
    columns: dict[str, int]
    routes: list[Route]
    width: float
    height: float
    reachable_columns: int
    """Columns holding the scenes reached from the start; any after hold the rest."""
    order: dict[int, list[str]] = field(default_factory=dict)
    """The scenes of each column, top to bottom."""


def columns_of(
    order: list[str], links: list[tuple[str, str]], start: str
) -> tuple[dict[str, int], int]:
    """Each scene's column: its distance from the start, breadth first; and how many
    columns that fills. Scenes the start does not reach are placed in columns after those,
    by distance from the first of them (in ``order``) that nothing else among them leads
    to."""
    following: dict[str, list[str]] = {s: [] for s in order}
    for source, target in links:
        if source in following and target in following and source != target:
            following[source].append(target)
    column: dict[str, int] = {}

    def spread(roots: list[str], first: int) -> None:
        queue = deque(roots)
        for root in roots:
            column[root] = first
        while queue:
            here = queue.popleft()
            for there in following[here]:
                if there not in column:
                    column[there] = column[here] + 1
                    queue.append(there)

    if start in following:
        spread([start], 0)
    reached = max(column.values(), default=-1) + 1
    rest = [s for s in order if s not in column]
    while rest:
        inside = set(rest)
        entries = [s for s in rest if not any(s in following[o] for o in inside)]
        spread(entries[:1] or rest[:1], reached)
        rest = [s for s in rest if s not in column]
    return column, reached


def layout(
    order: list[str], links: list[tuple[str, str]], start: str, heights: dict[str, float]
) -> Layout:
    """Lay out scenes (``order``: their ids, as the campaign lists them) joined by directed
    ``links`` (source, target), with each box ``heights[id]`` tall (a default otherwise)."""
    column, reached = columns_of(order, links, start)
    items: list[str | None] = list(order)  # a scene id, or None for an arrow's placeholder
    at: list[int] = [column[s] for s in order]
    index = {s: i for i, s in enumerate(order)}
    chains: list[list[int]] = []
    for source, target in links:
        if source not in index or target not in index:
            chains.append([])
            continue
        a, b = column[source], column[target]
        step = 1 if b > a else -1
        chain = [index[source]]
        for c in range(a + step, b, step) if abs(b - a) > 1 else ():
            items.append(None)
            at.append(c)
            chain.append(len(items) - 1)
        chain.append(index[target])
        chains.append(chain)
    last = max(at, default=0)
    layers: list[list[int]] = [[] for _ in range(last + 1)]
    for item, c in enumerate(at):
        layers[c].append(item)
    _order_layers(layers, at, chains)
    size = [heights.get(s, 60.0) if s is not None else PASS_HEIGHT for s in items]
    ends = _ends(chains, at)
    for (item, _), count in Counter(key for pair in ends for key in pair).items():
        if items[item] is not None:
            size[item] = max(size[item], PORT_GAP * (count + 1))
    boxes = _place(layers, size)
    named = {s: boxes[index[s]] for s in order}
    width = MARGIN * 2 + (last + 1) * NODE_WIDTH + last * COLUMN_GAP
    height = max((b.bottom for b in boxes.values()), default=0.0) + MARGIN
    return Layout(
        boxes=named,
        columns=column,
        routes=_routes(chains, at, boxes, ends),
        width=width,
        height=height,
        reachable_columns=reached,
        order={
            c: [s for s in (items[i] for i in layer) if s is not None]
            for c, layer in enumerate(layers)
        },
    )


def _order_layers(layers: list[list[int]], at: list[int], chains: list[list[int]]) -> None:
    """Reorder each layer in place to cross fewer arrows: barycentre sweeps down and up,
    keeping the order with the fewest crossings seen."""
    up: dict[int, list[int]] = {}
    down: dict[int, list[int]] = {}
    pairs: list[tuple[int, int]] = []
    for chain in chains:
        for a, b in pairwise(chain):
            if at[a] == at[b]:
                continue
            left, right = (a, b) if at[a] < at[b] else (b, a)
            down.setdefault(left, []).append(right)
            up.setdefault(right, []).append(left)
            pairs.append((left, right))
    best = [list(layer) for layer in layers]
    fewest = crossings(layers, pairs)
    for _ in range(SWEEPS):
        for c in range(1, len(layers)):
            _by_barycentre(layers[c], layers[c - 1], up)
        for c in range(len(layers) - 2, -1, -1):
            _by_barycentre(layers[c], layers[c + 1], down)
        now = crossings(layers, pairs)
        if now < fewest:
            fewest, best = now, [list(layer) for layer in layers]
        if fewest == 0:
            break
    layers[:] = best


def _by_barycentre(layer: list[int], fixed: list[int], neighbours: dict[int, list[int]]) -> None:
    """Sort ``layer`` by the mean position of each item's neighbours in ``fixed``; an item
    with none keeps its place."""
    where = {item: i for i, item in enumerate(fixed)}
    scale = len(fixed) / max(len(layer), 1)

    def key(pair: tuple[int, int]) -> float:
        place, item = pair
        near = [where[n] for n in neighbours.get(item, []) if n in where]
        return sum(near) / len(near) if near else place * scale

    layer[:] = [item for _, item in sorted(enumerate(layer), key=key)]


def crossings(layers: list[list[int]], pairs: list[tuple[int, int]]) -> int:
    """How many pairs of arrows cross between neighbouring columns."""
    place = {item: i for layer in layers for i, item in enumerate(layer)}
    by_gap: dict[int, list[tuple[int, int]]] = {}
    column = {item: c for c, layer in enumerate(layers) for item in layer}
    for left, right in pairs:
        by_gap.setdefault(column[left], []).append((place[left], place[right]))
    total = 0
    for segments in by_gap.values():
        segments.sort()
        for i, (a, b) in enumerate(segments):
            total += sum(1 for later, end in segments[i + 1 :] if later > a and end < b)
    return total


def _place(layers: list[list[int]], size: list[float]) -> dict[int, Box]:
    """Stack each layer's items top to bottom, each column centred on the tallest."""
    tall = [sum(size[i] for i in layer) + ROW_GAP * max(len(layer) - 1, 0) for layer in layers]
    highest = max(tall, default=0.0)
    boxes: dict[int, Box] = {}
    for c, layer in enumerate(layers):
        x = MARGIN + c * (NODE_WIDTH + COLUMN_GAP)
        y = MARGIN + (highest - tall[c]) / 2
        for item in layer:
            boxes[item] = Box(x, y, NODE_WIDTH, size[item])
            y += size[item] + ROW_GAP
    return boxes


Side = tuple[int, str]
"""An item and one of its sides: ``left`` or ``right``."""


def _ends(chains: list[list[int]], at: list[int]) -> list[tuple[Side, Side]]:
    """Where each link leaves its source and enters its target: rightward links leave by
    the right and enter by the left, leftward ones the other way; a link within one column
    leaves and enters by the right. (An empty chain, a link to nowhere, gets no sides.)"""
    ends: list[tuple[Side, Side]] = []
    for chain in chains:
        if not chain:
            continue
        a, b = at[chain[0]], at[chain[-1]]
        ends.append(
            ((chain[0], "right" if b >= a else "left"), (chain[-1], "left" if b > a else "right"))
        )
    return ends


def _routes(
    chains: list[list[int]], at: list[int], boxes: dict[int, Box], ends: list[tuple[Side, Side]]
) -> list[Route]:
    """Each link's route. Arrows meeting a box's side share it out, sorted by where their
    other end lies, so no two start or end at one point: a way there and a way back run
    side by side, the rightward one above."""
    sides: dict[Side, list[tuple[float, bool, int, int]]] = {}
    drawn = [n for n, chain in enumerate(chains) if chain]
    for n, (leave, enter) in zip(drawn, ends, strict=True):
        chain = chains[n]
        leftward = at[chain[-1]] < at[chain[0]]
        toward = boxes[chain[1]].middle
        back = boxes[chain[-2]].middle
        sides.setdefault(leave, []).append((toward, leftward, n, 0))
        sides.setdefault(enter, []).append((back, leftward, n, 1))
    port: dict[tuple[int, int], Point] = {}
    for (item, side), meeting in sides.items():
        box = boxes[item]
        meeting.sort()
        step = box.h / (len(meeting) + 1)
        x = box.right if side == "right" else box.x
        for k, (_, _, n, end) in enumerate(meeting):
            port[(n, end)] = (x, box.y + step * (k + 1))
    routes: list[Route] = []
    for n, chain in enumerate(chains):
        if not chain:
            routes.append(Route([]))
            continue
        forward = at[chain[-1]] > at[chain[0]]
        points = [port[(n, 0)]]
        for item in chain[1:-1]:
            box = boxes[item]
            across = [(box.x, box.middle), (box.right, box.middle)]
            points += across if forward else across[::-1]
        points.append(port[(n, 1)])
        routes.append(Route(points, loop=at[chain[0]] == at[chain[-1]]))
    return routes
