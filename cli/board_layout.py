"""Where `dof board` draws each space: the map's geography, made legible.

Each city's box starts where its latitude and longitude put it (map.yaml's
``at``; an equirectangular projection, true to scale at 50 degrees north, the
map's middle), and an institution's box beside the box of its city (``beside``,
on the side where it fits best). A small relaxation then moves the boxes
apart until no two overlap and no link's line runs under a box it does not
join, each box pulled back toward its spot while there is room; a line that
would still pass under a box bends around it. A country is the part of the
rounded hull of its boxes that is nearer its own boxes than another
country's (a grid of small cells, its border smoothed), its name where no
box or line is.

Everything depends on the map alone and on nothing random, so every picture
of a game data's map is laid out alike (`layout_of` makes it once).
"""

from __future__ import annotations

import bisect
import functools
import heapq
import itertools
import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]
Link = tuple[int, int]

BOX_W, BOX_H = 136.0, 58.0   # a space's box
GAP = 10.0                   # the least room between two boxes
BORDER = 28.0                # the least room between boxes of two countries
CLEAR = 7.0                  # the least room between a line and a box it does not join
SCALE = 150.0                # pixels per degree of latitude
MIDDLE_LAT = 50.0            # where the projection is true to scale
PAD = 18.0                   # a country's region around its boxes
CELL = 8.0                   # the side of a cell of the countries' territory
SMOOTH = 6.0                 # how far a border may stray from its cells' edge
LABEL_H = 40.0               # a country's name and the line under it (who holds Power)
MARGIN = 12.0                # around the map
#: The relaxation: how hard a box is pulled back to its spot at first (the
#: pull fades out over PULL_STEPS steps), and when it gives up.
PULL, PULL_STEPS, MAX_STEPS = 0.15, 80, 600
#: Where an institution may go around its city's box, best first when all
#: else is equal: right or left of it, under or above it, then the corners.
SIDES_AROUND: tuple[Point, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1),
                                   (1, 1), (-1, 1), (1, -1), (-1, -1))


class Layout:
    """Pixel positions of the map: each space's box centre, each link's line
    (a polyline from one box centre to the other), each country's region
    (closed loops of points) and the top-left corner of its label."""

    def __init__(self, data):
        self.links: list[Link] = sorted({(min(s.id, o), max(s.id, o))
                                         for s in data.spaces for o in s.adjacent})
        centre = _place_spaces(data, self.links)
        left = min(x for x, _ in centre.values()) - BOX_W / 2 - PAD - MARGIN
        top = min(y for _, y in centre.values()) - BOX_H / 2 - PAD - LABEL_H - MARGIN
        self.centre: dict[int, Point] = {sid: (x - left, y - top)
                                         for sid, (x, y) in sorted(centre.items())}
        self.routes: dict[Link, list[Point]] = {link: self.route(*link) for link in self.links}
        countries: dict[str, list[int]] = {}
        for space in data.spaces:
            countries.setdefault(space.country, []).append(space.id)
        self.territory = Territory({name: [self.centre[s] for s in ids]
                                    for name, ids in countries.items()})
        self.regions = {name: self.territory.outline(name) for name in countries}
        self.labels = {name: self._label_spot(name, ids) for name, ids in countries.items()}
        points = [p for h in self.territory.hulls.values() for p in h]
        self.width = max(x for x, _ in points) + MARGIN
        self.height = max(y for _, y in points) + MARGIN

    def route(self, a: int, b: int) -> list[Point]:
        """The line of a link from a's box to b's: straight when it passes
        under no other box, else the shortest path round the boxes near it
        by their corners (straight if there is none)."""
        start, end = self.centre[a], self.centre[b]
        boxes = [c for sid, c in self.centre.items() if sid not in (a, b)]
        if _path_clear([start, end], boxes):
            return [start, end]
        for reach in (2, 4, 8):
            path = _detour(start, end, boxes, reach)
            if path:
                return path
        return [start, end]

    def _label_spot(self, country: str, ids: list[int]) -> Point:
        """The top-left corner of the country's label: the free spot in its
        region nearest the middle of its boxes (no box or line under it),
        else above its topmost box."""
        width = _label_width(country)
        mid_x = sum(self.centre[s][0] for s in ids) / len(ids) - width / 2
        mid_y = sum(self.centre[s][1] for s in ids) / len(ids) - LABEL_H / 2
        left, top, right, bottom = _bounds(self.territory.hulls[country])
        taken = [_grown(box, GAP / 2) for box in self.boxes().values()]
        lines = [(p, q) for path in self.routes.values() for p, q in itertools.pairwise(path)]
        spots = sorted(((x, y) for y in _steps(top, bottom - LABEL_H, CELL)
                        for x in _steps(left, right - width, CELL)),
                       key=lambda p: (math.dist(p, (mid_x, mid_y)), p))
        for spot in spots:
            rect = _rect_of(spot, width)
            if (not any(_rects_meet(rect, t) for t in taken)
                    and self.territory.owns(country, rect)
                    and not any(_segment_meets_rect(p, q, rect) for p, q in lines)):
                return spot
        top_id = min(ids, key=lambda s: self.centre[s][1])
        x, y = self.centre[top_id]
        return (x - BOX_W / 2, y - BOX_H / 2 - LABEL_H - 4)

    def boxes(self) -> dict[int, tuple[float, float, float, float]]:
        """Each space's box as (left, top, right, bottom)."""
        return {sid: (x - BOX_W / 2, y - BOX_H / 2, x + BOX_W / 2, y + BOX_H / 2)
                for sid, (x, y) in self.centre.items()}


@functools.lru_cache(maxsize=4)
def layout_of(data) -> Layout:
    """The map's layout, made once per game data (`board svg` may be typed
    at every prompt)."""
    return Layout(data)


def _label_width(country: str) -> float:
    """Room for a country's name in 18-point bold, or for 'Power: Communist'."""
    return max(len(country) * 12.0, 130.0)


# ------------------------------------------------------------- placing
def _place_spaces(data, links: list[Link]) -> dict[int, Point]:
    """Box centres: the cities from their latitude and longitude, relaxed;
    then each institution beside its city, and all relaxed again."""
    cos = math.cos(math.radians(MIDDLE_LAT))
    pos = {s.id: (s.lat_lon[1] * cos * SCALE, -s.lat_lon[0] * SCALE)
           for s in data.spaces if s.lat_lon is not None}
    country = {s.id: s.country for s in data.spaces}
    _relax(pos, dict(pos), links, country)
    for space in _beside_order(data):
        pos[space.id] = _beside_spot(space, pos, links, country)
    _relax(pos, dict(pos), links, country)
    return pos


def _beside_order(data) -> list:
    """The spaces drawn beside another, each after the one it is beside."""
    def depth(space) -> int:
        return 0 if space.beside is None else 1 + depth(data.spaces[space.beside])
    return sorted((s for s in data.spaces if s.beside is not None),
                  key=lambda s: (depth(s), s.id))


def _beside_spot(space, pos: dict[int, Point], links: list[Link],
                 country: dict[int, str]) -> Point:
    """The spot next to the box of the space ``space`` is beside where its
    box overlaps the fewest others, its lines cross the fewest boxes, it
    keeps away from other countries' boxes and near the spaces it joins."""
    ax, ay = pos[space.beside]
    placed = [link for link in links if link[0] in pos and link[1] in pos]
    mine = [o for link in links if space.id in link for o in link if o != space.id and o in pos]
    foreign = [p for sid, p in pos.items() if country[sid] != space.country]

    def cost(k: int) -> tuple[float, int]:
        sx, sy = SIDES_AROUND[k]
        spot = (ax + sx * (BOX_W + GAP), ay + sy * (BOX_H + GAP))
        crowd = sum(_overlap(spot, p) for p in pos.values())
        crossed = sum(bool(_push(pos[a], pos[b], spot, CLEAR)) for a, b in placed)
        crossed += sum(bool(_push(spot, pos[o], c, CLEAR)) for o in mine
                       for sid, c in pos.items() if sid != o)
        near_foreign = sum(_overlap(spot, p, BOX_W) for p in foreign)
        far = sum(math.dist(spot, pos[o]) for o in mine)
        return (crowd + near_foreign + 10_000 * crossed + far, k)

    sx, sy = SIDES_AROUND[min(range(len(SIDES_AROUND)), key=cost)]
    return (ax + sx * (BOX_W + GAP), ay + sy * (BOX_H + GAP))


def _relax(pos: dict[int, Point], spots: dict[int, Point], links: list[Link],
           country: dict[int, str]) -> None:
    """Move the boxes in ``pos`` (in place) until none overlaps another (or
    comes nearer one of another country than BORDER) and no line of
    ``links`` between them passes under a third; while the pull lasts, each
    box is also drawn back toward its spot."""
    ids = sorted(pos)
    mine = [(a, b) for a, b in links if a in pos and b in pos]
    for step in range(MAX_STEPS):
        if step < PULL_STEPS:
            k = PULL * (1 - step / PULL_STEPS)
            for i in ids:
                (x, y), (sx, sy) = pos[i], spots[i]
                pos[i] = (x + k * (sx - x), y + k * (sy - y))
        moved = _separate(pos, ids, country)
        moved = _clear_lines(pos, ids, mine) or moved
        if not moved and step >= PULL_STEPS:
            return


def _separate(pos: dict[int, Point], ids: list[int], country: dict[int, str]) -> bool:
    """Push each two overlapping boxes apart, half each, along the axis
    where they overlap least; whether any moved. (A sweep from left to
    right: only boxes nearer than a box's width across can overlap.)"""
    moved = False
    order = sorted(ids, key=lambda i: (pos[i][0], i))
    for n, i in enumerate(order):
        for j in order[n + 1:]:
            (xi, yi), (xj, yj) = pos[i], pos[j]
            if xj - xi >= BOX_W + BORDER + 1:
                break
            gap = GAP if country[i] == country[j] else BORDER
            over_x = BOX_W + gap - abs(xj - xi)
            over_y = BOX_H + gap - abs(yj - yi)
            if over_x <= 0 or over_y <= 0:
                continue
            moved = True
            if over_x < over_y:
                d = (over_x / 2 + 0.01) * (1 if xj >= xi else -1)
                pos[i], pos[j] = (xi - d, yi), (xj + d, yj)
            else:
                d = (over_y / 2 + 0.01) * (1 if yj >= yi else -1)
                pos[i], pos[j] = (xi, yi - d), (xj, yj + d)
    return moved


def _clear_lines(pos: dict[int, Point], ids: list[int], links: list[Link]) -> bool:
    """Move each box a line passes under off it (and the line's ends the
    other way a little); whether any moved. Only the boxes across the
    line's span are tried (found in the boxes sorted by x)."""
    moved = False
    order = sorted(ids, key=lambda i: (pos[i][0], i))
    xs = [pos[i][0] for i in order]
    reach_x, reach_y = BOX_W / 2 + CLEAR, BOX_H / 2 + CLEAR
    for a, b in links:
        low, high = sorted((pos[a][0], pos[b][0]))
        top, bottom = sorted((pos[a][1], pos[b][1]))
        for c in order[bisect.bisect_left(xs, low - reach_x):
                       bisect.bisect_right(xs, high + reach_x)]:
            if c in (a, b) or not top - reach_y < pos[c][1] < bottom + reach_y:
                continue
            push = _push(pos[a], pos[b], pos[c], CLEAR)
            if push is None:
                continue
            moved = True
            (px, py), (cx, cy) = push, pos[c]
            pos[c] = (cx + 0.6 * px, cy + 0.6 * py)
            for end in (a, b):
                ex, ey = pos[end]
                pos[end] = (ex - 0.4 * px, ey - 0.4 * py)
    return moved


# ------------------------------------------------------------- geometry
def _push(p: Point, q: Point, c: Point, clear: float) -> Point | None:
    """How far the box centred on ``c`` must move, square to the segment
    ``pq``, to leave ``clear`` pixels between them; None when it does.
    (The separating axes of a segment and a box: x, y and the segment's
    normal.)"""
    hw, hh = BOX_W / 2 + clear, BOX_H / 2 + clear
    (x1, y1), (x2, y2), (cx, cy) = p, q, c
    if (max(x1, x2) <= cx - hw or min(x1, x2) >= cx + hw
            or max(y1, y2) <= cy - hh or min(y1, y2) >= cy + hh):
        return None
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = (y1 - y2) / length, (x2 - x1) / length
    dist = (cx - x1) * nx + (cy - y1) * ny
    reach = abs(nx) * hw + abs(ny) * hh
    if abs(dist) >= reach:
        return None
    move = (reach - abs(dist) + 0.5) * (1 if dist >= 0 else -1)
    return (nx * move, ny * move)


def _detour(start: Point, end: Point, boxes: list[Point], reach: float) -> list[Point] | None:
    """The shortest path from ``start`` to ``end`` through corners of the
    boxes within ``reach`` box sizes of their span that passes under none of
    them (Dijkstra, a corner joined to each it sees), or None."""
    left, right = sorted((start[0], end[0]))
    top, bottom = sorted((start[1], end[1]))
    near = [(x, y) for x, y in boxes if left - reach * BOX_W < x < right + reach * BOX_W
            and top - reach * BOX_H < y < bottom + reach * BOX_H]
    off_x, off_y = BOX_W / 2 + CLEAR + 2, BOX_H / 2 + CLEAR + 2
    corners = [(x + sx * off_x, y + sy * off_y) for x, y in near for sx in (-1, 1)
               for sy in (-1, 1)]
    nodes = [start, *(c for c in corners if not any(
        abs(c[0] - x) < off_x - 1 and abs(c[1] - y) < off_y - 1 for x, y in near)), end]
    best: dict[int, float] = {0: 0.0}
    came: dict[int, int] = {}
    heap, done = [(0.0, 0)], set()
    while heap:
        length, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if i == len(nodes) - 1:
            path = [i]
            while path[-1]:
                path.append(came[path[-1]])
            return [nodes[k] for k in reversed(path)]
        for j in range(len(nodes)):
            further = length + math.dist(nodes[i], nodes[j])
            if (j not in done and further < best.get(j, math.inf)
                    and _path_clear([nodes[i], nodes[j]], near)):
                best[j], came[j] = further, i
                heapq.heappush(heap, (further, j))
    return None


def _path_clear(path: Sequence[Point], boxes: Iterable[Point]) -> bool:
    boxes = list(boxes)
    return not any(_push(p, q, c, CLEAR) for p, q in itertools.pairwise(path)
                   for c in boxes)


def _length(path: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in itertools.pairwise(path))


def _overlap(a: Point, b: Point, gap: float = GAP) -> float:
    """The area where two boxes (with the gap between them) overlap."""
    over_x = BOX_W + gap - abs(a[0] - b[0])
    over_y = BOX_H + gap - abs(a[1] - b[1])
    return over_x * over_y if over_x > 0 and over_y > 0 else 0.0


def _bounds(polygon: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return (min(xs), min(ys), max(xs), max(ys))


def _grown(rect: tuple[float, float, float, float], by: float
           ) -> tuple[float, float, float, float]:
    return (rect[0] - by, rect[1] - by, rect[2] + by, rect[3] + by)


def _rect_of(spot: Point, width: float) -> tuple[float, float, float, float]:
    return (spot[0], spot[1], spot[0] + width, spot[1] + LABEL_H)


def _rects_meet(r: tuple[float, ...], s: tuple[float, ...]) -> bool:
    return r[0] < s[2] and s[0] < r[2] and r[1] < s[3] and s[1] < r[3]


def _segment_meets_rect(p: Point, q: Point, rect: tuple[float, ...]) -> bool:
    """Whether segment pq passes through the rectangle (left, top, right, bottom)."""
    (x1, y1), (x2, y2) = p, q
    left, top, right, bottom = rect
    if max(x1, x2) <= left or min(x1, x2) >= right or max(y1, y2) <= top \
            or min(y1, y2) >= bottom:
        return False
    nx, ny = y1 - y2, x2 - x1
    signs = {(cx - x1) * nx + (cy - y1) * ny > 0
             for cx in (left, right) for cy in (top, bottom)}
    return len(signs) == 2


def _steps(low: float, high: float, step: float) -> list[float]:
    return [low + i * step for i in range(int((high - low) // step) + 1)] if high >= low else []


class Territory:
    """The map cut into square cells of CELL pixels, each owned by the
    country whose region it lies in: inside the rounded hull of the
    country's boxes, and where two hulls overlap, nearer a box of its own by
    more than GAP (the cells between stay the background, a border)."""

    def __init__(self, countries: dict[str, list[Point]]):
        self.hulls = {name: _hull(_rounded_corners(c)) for name, c in countries.items()}
        points = [p for h in self.hulls.values() for p in h]
        self.left = min(x for x, _ in points)
        self.top = min(y for _, y in points)
        rows = int((max(y for _, y in points) - self.top) // CELL) + 1
        self.owner: dict[tuple[int, int], str] = {}
        for row in range(rows):
            y = self.top + (row + 0.5) * CELL
            spans = {name: _span(h, y) for name, h in self.hulls.items()}
            cols: dict[int, list[str]] = {}
            for name, span in spans.items():
                if span is not None:
                    first = math.ceil((span[0] - self.left) / CELL - 0.5)
                    last = math.floor((span[1] - self.left) / CELL - 0.5)
                    for col in range(first, last + 1):
                        cols.setdefault(col, []).append(name)
            for col, names in cols.items():
                owner = names[0] if len(names) == 1 else _nearest(
                    (self.left + (col + 0.5) * CELL, y), {n: countries[n] for n in names})
                if owner is not None:
                    self.owner[col, row] = owner

    def outline(self, country: str) -> list[list[Point]]:
        """The borders of the country's cells, as closed loops of points,
        their stair steps cut to slopes."""
        mine = {cell for cell, owner in self.owner.items() if owner == country}
        return [[(self.left + vx * CELL, self.top + vy * CELL) for vx, vy in loop]
                for loop in _loops(mine)]

    def owns(self, country: str, rect: tuple[float, float, float, float]) -> bool:
        """Whether every cell under ``rect`` is the country's."""
        c0, r0 = self.cell_of(rect[0], rect[1])
        c1, r1 = self.cell_of(rect[2], rect[3])
        return all(self.owner.get((c, r)) == country
                   for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))

    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        return int((x - self.left) // CELL), int((y - self.top) // CELL)


def _span(polygon: list[Point], y: float) -> tuple[float, float] | None:
    """Where the horizontal line at ``y`` runs inside a convex polygon."""
    xs = [x1 + (y - y1) * (x2 - x1) / (y2 - y1)
          for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True)
          if (y1 <= y < y2) or (y2 <= y < y1)]
    return (min(xs), max(xs)) if xs else None


def _nearest(point: Point, countries: dict[str, list[Point]]) -> str | None:
    """The country with a box nearest ``point``, unless another's is within
    GAP of as near (under a box, the box's)."""
    x, y = point
    far = sorted((min(math.hypot(max(abs(x - bx) - BOX_W / 2, 0), max(abs(y - by) - BOX_H / 2, 0))
                      for bx, by in centres), name)
                 for name, centres in countries.items())
    return far[0][1] if far[0][0] == 0 or far[1][0] - far[0][0] > GAP else None


def _loops(cells: set[tuple[int, int]]) -> list[list[Point]]:
    """The boundary of a set of grid cells as closed loops through the
    middles of its edges, in corner coordinates, simplified."""
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for c, r in sorted(cells):
        for (dc, dr), start, end in (((0, -1), (c, r), (c + 1, r)),
                                     ((1, 0), (c + 1, r), (c + 1, r + 1)),
                                     ((0, 1), (c + 1, r + 1), (c, r + 1)),
                                     ((-1, 0), (c, r + 1), (c, r))):
            if (c + dc, r + dr) not in cells:
                edges.setdefault(start, []).append(end)
    loops = []
    while edges:
        start = min(edges)
        walk = [start]
        while True:
            ends = edges[walk[-1]]
            end = ends.pop()
            if not ends:
                del edges[walk[-1]]
            if end == start:
                break
            walk.append(end)
        middles = [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                   for p, q in zip(walk, walk[1:] + walk[:1], strict=True)]
        far = max(range(len(middles)), key=lambda i: (math.dist(middles[0], middles[i]), -i))
        loops.append(_simplified(middles[:far + 1])[:-1]
                     + _simplified(middles[far:] + middles[:1])[:-1])
    return loops


def _simplified(points: list[Point]) -> list[Point]:
    """The polyline without the points that stray less than SMOOTH from the
    line of their neighbours kept (Ramer-Douglas-Peucker), so that stair
    steps along a slope become the slope."""
    keep = {0, len(points) - 1}
    todo = [(0, len(points) - 1)]
    while todo:
        first, last = todo.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        stray, at = max(((abs((x - x1) * (y2 - y1) - (y - y1) * (x2 - x1)) / length, i)
                         for i, (x, y) in enumerate(points[first + 1:last], first + 1)),
                        default=(0.0, first))
        if stray > SMOOTH:
            keep.add(at)
            todo += [(first, at), (at, last)]
    return [points[i] for i in sorted(keep)]


def _rounded_corners(centres: list[Point]) -> list[Point]:
    """Points round each box's corners at PAD, so that their hull is the
    boxes' region with rounded corners."""
    out = []
    for x, y in centres:
        for sx in (-1, 1):
            for sy in (-1, 1):
                cx, cy = x + sx * BOX_W / 2, y + sy * BOX_H / 2
                out += [(cx + PAD * math.cos(a), cy + PAD * math.sin(a))
                        for a in (math.pi * k / 8 for k in range(16))]
    return out


def _hull(points: list[Point]) -> list[Point]:
    """The convex hull of ``points``, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def turn(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for chain, seq in ((lower, pts), (upper, reversed(pts))):
        for p in seq:
            while len(chain) >= 2 and turn(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
    return lower[:-1] + upper[:-1]
