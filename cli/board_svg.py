"""`dof board`: a picture of a position (SVG, or PNG through cairosvg).

The map data has no coordinates, so the picture lays the map out itself:
each country is a labelled region placed roughly as on the printed map (a
small table keyed by country name; a mod's unknown countries go in rows
below), and its spaces fill a grid in the order that keeps the links
shortest. Every space is a ``<g class="space">`` with id ``space-N``; a
controlled space carries one ``<circle class="control SIDE">``, so tests and
scripts can read the position back from the picture.
"""

from __future__ import annotations

import functools
import math
import random
import sys
from pathlib import Path

import drawsvg as dw
from rich.console import Console

from dof.cli.board_view import format_result, in_effect
from dof.engine.data.files import open_regular
from dof.engine.data.terms import SIDES
from dof.engine.rules.board import controller
from dof.engine.rules.turn import turn_words

#: Where each country of the printed map sits, in country-region units
#: (x to the right, y down): East Germany and Poland on top, Czechoslovakia
#: below them, Hungary below it with Romania to its right, Bulgaria last.
COUNTRY_PLACES: dict[str, tuple[float, float]] = {
    "East Germany": (0.0, 0.0),
    "Poland": (1.1, 0.0),
    "Czechoslovakia": (0.55, 1.0),
    "Hungary": (0.55, 2.0),
    "Romania": (1.65, 2.0),
    "Bulgaria": (1.65, 3.0),
}
#: Countries not in COUNTRY_PLACES (a mod's) go this many to a row, below.
FALLBACK_COLUMNS = 3

#: 10.1: the VP track runs to 20 either way (automatic victory).
VP_TRACK = 20

TYPE_LETTERS = {
    "elite": "E", "bureaucrat": "B", "farmer": "F", "worker": "W",
    "intellectual": "I", "student": "S", "church": "C", "minority": "M",
}
SIDE_COLOURS: dict[str | None, str] = {"democrat": "#1f5fbf", "communist": "#c0282d"}
BATTLEGROUND_COLOUR = "#e0a800"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

CELL_W, CELL_H = 170, 86          # one grid cell of a country
BOX_W, BOX_H = 152, 70            # a space's box inside its cell
PAD, TITLE_H, GAP = 14, 30, 24    # inside a country region, its title, between regions
MARGIN, HEADER_H = 20, 150
#: Arrangements of a country's spaces tried (the first in map order), and
#: the extra cost of a link whose line would cross another box.
ARRANGEMENTS, FAR_LINK = 24, 2 * CELL_W


class BoardError(Exception):
    """A picture that cannot be made (bad input, no PNG support)."""


# ------------------------------------------------------------------ layout
class Layout:
    """Pixel positions of the country regions and of every space's box.

    It depends on the map only, so a game's pictures all look alike."""

    def __init__(self, data):
        counts = [len(c.spaces) for c in data.countries.values()] or [1]
        self.cols = max(1, math.ceil(math.sqrt(max(counts))))
        self.rows = max(1, math.ceil(max(counts) / self.cols))
        self.region_w = self.cols * CELL_W + 2 * PAD
        self.region_h = self.rows * CELL_H + 2 * PAD + TITLE_H
        self.regions = self._place_countries(list(data.countries))
        self.centre: dict[int, tuple[float, float]] = {}
        for name, country in data.countries.items():
            self._place_spaces(data, name, country.spaces)

    def _place_countries(self, names: list[str]) -> dict[str, tuple[float, float]]:
        """Top-left corner of each country's region, in pixels."""
        known = [n for n in names if n in COUNTRY_PLACES]
        places = {n: COUNTRY_PLACES[n] for n in known}
        first_row = math.floor(max((y for _, y in places.values()), default=-1)) + 1
        for i, name in enumerate(n for n in names if n not in COUNTRY_PLACES):
            places[name] = (1.1 * (i % FALLBACK_COLUMNS), first_row + i // FALLBACK_COLUMNS)
        return {n: (MARGIN + x * self.region_w, MARGIN + HEADER_H + y * (self.region_h + GAP))
                for n, (x, y) in places.items()}

    def cell(self, country: str, index: int) -> tuple[float, float]:
        """Centre of grid cell ``index`` (row-major) of ``country``'s region."""
        x0, y0 = self.regions[country]
        row, col = divmod(index, self.cols)
        return (x0 + PAD + (col + 0.5) * CELL_W, y0 + PAD + TITLE_H + (row + 0.5) * CELL_H)

    def _place_spaces(self, data, country: str, spaces: tuple[int, ...]) -> None:
        """Put the country's spaces in its grid cells so that linked spaces
        sit side by side: the best of a few arrangements, each improved by
        swapping two cells while that shortens the links (a link abroad
        pulls toward that country's region). Seeded, so always the same."""
        cells = [self.cell(country, i) for i in range(self.cols * self.rows)]
        mine = set(spaces)
        links: dict[int, list[int | tuple[float, float]]] = {}
        for sid in spaces:
            links[sid] = []
            for other in data.spaces[sid].adjacent:
                abroad = data.spaces[other].country
                if other in mine:
                    links[sid].append(other)
                elif abroad in self.regions:
                    x, y = self.regions[abroad]
                    links[sid].append((x + self.region_w / 2, y + self.region_h / 2))
        shuffler = random.Random(country)
        best: tuple[float, list[int | None]] | None = None
        for _ in range(ARRANGEMENTS):
            slot: list[int | None] = [*spaces, *[None] * (len(cells) - len(spaces))]
            if best is not None:
                shuffler.shuffle(slot)
            total = _improve(slot, cells, links)
            if best is None or total < best[0] - 1e-6:
                best = (total, slot)
        assert best is not None
        for k, placed in enumerate(best[1]):
            if placed is not None:
                self.centre[placed] = cells[k]

    @property
    def size(self) -> tuple[float, float]:
        right = max(x for x, _ in self.regions.values()) + self.region_w
        bottom = max(y for _, y in self.regions.values()) + self.region_h
        return max(right + MARGIN, 1000), bottom + MARGIN


def _improve(slot: list[int | None], cells: list[tuple[float, float]],
             links: dict[int, list[int | tuple[float, float]]]) -> float:
    """Swap cells of ``slot`` (in place) while the links get shorter; the
    total cost after. A link longer than one cell costs extra, as its line
    would cross another space's box."""
    where = {sid: k for k, sid in enumerate(slot) if sid is not None}

    def cost(sid: int | None) -> float:
        return 0.0 if sid is None else _link_cost(cells[where[sid]], links[sid], cells, where)

    def swap(i: int, j: int) -> None:
        slot[i], slot[j] = slot[j], slot[i]
        for k in (i, j):
            if (sid := slot[k]) is not None:
                where[sid] = k

    better = True
    while better:
        better = False
        for i in range(len(slot)):
            for j in range(i + 1, len(slot)):
                a, b = slot[i], slot[j]
                if a is None and b is None:
                    continue
                before = cost(a) + cost(b)
                swap(i, j)
                if cost(a) + cost(b) < before - 1e-6:
                    better = True
                else:
                    swap(i, j)
    return sum(cost(sid) for sid in where)


def _link_cost(here: tuple[float, float], links: list[int | tuple[float, float]],
               cells: list[tuple[float, float]], where: dict[int, int]) -> float:
    """The length of a space's links from the cell ``here``: to a space in
    its cell (``where``), or to a point abroad."""
    total = 0.0
    for other in links:
        there = cells[where[other]] if isinstance(other, int) else other
        total += math.dist(here, there)
        if isinstance(other, int) and (abs(here[0] - there[0]) > CELL_W * 1.5
                                       or abs(here[1] - there[1]) > CELL_H * 1.5):
            total += FAR_LINK
    return total


@functools.lru_cache(maxsize=4)
def layout_of(data) -> Layout:
    """The map's layout, made once per game data (it takes a few tenths of a
    second, and `board svg` may be typed at every prompt)."""
    return Layout(data)


# ----------------------------------------------------------------- drawing
def draw_board(game) -> str:
    """The position of ``game`` as SVG text."""
    data = game.data
    layout = layout_of(data)
    width, map_bottom = layout.size
    effects = in_effect(game)
    height = map_bottom + 40 + 22 * max(1, math.ceil(len(effects) / 3)) + 40
    d = dw.Drawing(width, height, font_family=FONT)
    d.append(dw.Rectangle(0, 0, width, height, fill="#f7f4ec"))
    _header(d, game)
    for name, (x, y) in layout.regions.items():
        _region(d, game, name, x, y, layout)
    _links(d, game, layout)
    for space in data.spaces:
        _space(d, game, space, *layout.centre[space.id])
    _effects(d, effects, map_bottom + 10)
    _legend(d, height - 20)
    return d.as_svg()


def _text(d: dw.Drawing, text: str, size: float, x: float, y: float, **kw) -> None:
    d.append(dw.Text(text, size, x, y, **kw))


def _header(d: dw.Drawing, game) -> None:
    """Turn and action round, the VP track and the Tiananmen track."""
    st, data = game.state, game.data
    turn = st["turn"]
    phasing = (st["phasing"] or "-").capitalize()
    step = f"Action round {st['ar']}" if st["ar"] else st["phase"].replace("_", " ").capitalize()
    line = f"Turn {turn}/{data.turns}   {step}   Phasing: {phasing}"
    if game.result:
        line += f"   {format_result(game)}"
    _text(d, "1989: Dawn of Freedom", 22, MARGIN, MARGIN + 20, font_weight="bold")
    _text(d, line, 16, MARGIN + 320, MARGIN + 20, id="turn")
    ussr = data.ussr_track[min(st["ussr"], len(data.ussr_track) - 1)]["name"]
    _text(d, f"U.S.S.R. track: {st['ussr']} ({ussr})", 13, MARGIN + 320, MARGIN + 42)
    _vp_track(d, st["vp"], MARGIN, MARGIN + 62)
    _tiananmen_track(d, game, MARGIN, MARGIN + 112)


def _vp_track(d: dw.Drawing, vp: int, x: float, y: float) -> None:
    """-20..+20, the marker on the current value (+ favours the Democrat)."""
    leader = " (Democrat leads)" if vp > 0 else " (Communist leads)" if vp < 0 else ""
    _text(d, f"VP {vp:+d}{leader}", 14, x, y - 6, id="vp", font_weight="bold")
    step = 22
    for value in range(-VP_TRACK, VP_TRACK + 1):
        cx = x + (value + VP_TRACK) * step
        fill = "#dbe6f7" if value > 0 else "#f4d9da" if value < 0 else "#eeeeee"
        d.append(dw.Rectangle(cx, y, step, 20, fill=fill, stroke="#888", stroke_width=0.5))
        if value % 5 == 0:
            _text(d, f"{value:+d}" if value else "0", 9, cx + step / 2, y + 32,
                  text_anchor="middle", fill="#555")
    at = max(-VP_TRACK, min(VP_TRACK, vp))
    side = "democrat" if vp > 0 else "communist" if vp < 0 else None
    d.append(dw.Circle(x + (at + VP_TRACK + 0.5) * step, y + 10, 8, class_="vp-marker",
                       fill=SIDE_COLOURS.get(side, "#444"), stroke="white", stroke_width=1.5))


def _tiananmen_track(d: dw.Drawing, game, x: float, y: float) -> None:
    """The boxes reached by each side's Tiananmen Square marker (0 = start)."""
    boxes = len(game.data.tiananmen)
    _text(d, "Tiananmen Square track", 14, x, y - 6, font_weight="bold")
    step = 60
    for box in range(boxes + 1):
        bx = x + box * step
        d.append(dw.Rectangle(bx, y, step - 4, 26, fill="#fff", stroke="#888", rx=3))
        _text(d, "start" if box == 0 else str(box), 9, bx + 3, y + 9, fill="#777")
    for i, side in enumerate(SIDES):
        box = game.state["tiananmen"][side]
        cx = x + box * step + 18 + 20 * i
        d.append(dw.Circle(cx, y + 16, 7, class_=f"tiananmen {side}", fill=SIDE_COLOURS[side]))
        _text(d, side[0].upper(), 9, cx, y + 19, text_anchor="middle", fill="white",
              font_weight="bold")
    reached = []
    for side in SIDES:
        box = game.state["tiananmen"][side]
        name = game.data.tiananmen[box - 1].names[side] if box else "start"
        reached.append(f"{side.capitalize()} box {box} ({name})")
    where = "; ".join(reached)
    _text(d, where, 12, x + (boxes + 1) * step + 10, y + 17, id="tiananmen")


def _region(d: dw.Drawing, game, name: str, x: float, y: float, layout: Layout) -> None:
    power = game.state["power"].get(name)
    d.append(dw.Rectangle(x, y, layout.region_w, layout.region_h, rx=10, fill="#ece6d6",
                          stroke="#9c927a", stroke_width=1.5, class_="country"))
    _text(d, name, 17, x + PAD, y + PAD + 14, font_weight="bold")
    if power:
        _text(d, f"Power: {power.capitalize()}", 12, x + layout.region_w - PAD,
              y + PAD + 14, text_anchor="end", fill=SIDE_COLOURS.get(power, "#444"))


def _links(d: dw.Drawing, game, layout: Layout) -> None:
    """One line per link (the game's current links, 2.1.6), under the boxes."""
    for a, near in enumerate(game.adjacent):
        for b in near:
            if a < b:
                abroad = game.space_country[a] != game.space_country[b]
                d.append(dw.Line(*layout.centre[a], *layout.centre[b], class_="link",
                                 stroke="#6b6454", stroke_width=2.5 if abroad else 2,
                                 stroke_dasharray="7,4" if abroad else None))


def _space(d: dw.Drawing, game, space, cx: float, cy: float) -> None:
    """A space's box: name, stability, type letter, battleground border,
    both sides' SPs, and a control marker when a side controls it (2.1.7)."""
    st = game.state
    gone = space.id in st["destroyed"]
    sps = {side: st["sp"][side][space.id] for side in SIDES}
    who = None if gone else controller(game, space.id)
    classes = ["space", space.type] + (["battleground"] if space.battleground else [])
    classes += ["destroyed"] if gone else []
    g = dw.Group(id=f"space-{space.id}", class_=" ".join(classes))
    g.append_title(f"{space.name} ({space.country}): {space.type}, stability "
                   f"{space.stability}{', battleground' if space.battleground else ''}; "
                   f"Democrat {sps['democrat']} SP, Communist {sps['communist']} SP"
                   + (f"; controlled by the {who.capitalize()}" if who else "")
                   + ("; destroyed" if gone else ""))
    x, y = cx - BOX_W / 2, cy - BOX_H / 2
    fill = "#fff8dc" if space.battleground else "white"
    g.append(dw.Rectangle(x, y, BOX_W, BOX_H, rx=5, fill="#ddd" if gone else fill,
                          stroke=BATTLEGROUND_COLOUR if space.battleground else "#555",
                          stroke_width=3.5 if space.battleground else 1.2))
    lines = _wrap(space.name, 20)
    for i, line in enumerate(lines):
        g.append(dw.Text(line, 12 if len(lines) == 1 else 11, cx,
                         y + (22 if len(lines) == 1 else 16 + 13 * i), text_anchor="middle",
                         font_weight="bold", class_="name",
                         text_decoration="line-through" if gone else None))
    # The bottom row: Democrat SPs, stability, control, type, Communist SPs.
    base = y + BOX_H - 23
    for side, bx in (("democrat", x + 5), ("communist", x + BOX_W - 33)):
        n = sps[side]
        g.append(dw.Rectangle(bx, base, 28, 19, rx=3, fill=SIDE_COLOURS[side] if n else "white",
                              stroke=SIDE_COLOURS[side], class_=f"sp {side}"))
        g.append(dw.Text(str(n), 12, bx + 14, base + 14, text_anchor="middle",
                         fill="white" if n else SIDE_COLOURS[side], font_weight="bold"))
    g.append(dw.Rectangle(x + 40, base, 19, 19, rx=2, fill="#333"))
    g.append(dw.Text(str(space.stability), 12, x + 49.5, base + 14, text_anchor="middle",
                     fill="white", font_weight="bold", class_="stability"))
    letter = TYPE_LETTERS.get(space.type, space.type[:1].upper())
    g.append(dw.Circle(x + BOX_W - 49, base + 9.5, 9.5, fill="#eee", stroke="#777"))
    g.append(dw.Text(letter, 11, x + BOX_W - 49, base + 13.5, text_anchor="middle",
                     font_weight="bold", class_="type"))
    if who:
        g.append(dw.Circle(cx, base + 9.5, 10, id=f"control-{space.id}",
                           class_=f"control {who}", fill=SIDE_COLOURS[who], stroke="black",
                           stroke_width=1.2))
        g.append(dw.Text(who[0].upper(), 11, cx, base + 13.5, text_anchor="middle",
                         fill="white", font_weight="bold"))
    d.append(g)


def _wrap(name: str, width: int) -> list[str]:
    """A space name on one line, or two when it is long."""
    if len(name) <= width or " " not in name:
        return [name]
    words = name.split(" ")
    best = min(range(1, len(words)),
               key=lambda k: max(len(" ".join(words[:k])), len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _effects(d: dw.Drawing, effects: list[tuple[str | None, str]], y: float) -> None:
    _text(d, "In effect:", 14, MARGIN, y + 16, font_weight="bold")
    if not effects:
        _text(d, "nothing", 13, MARGIN + 90, y + 16, fill="#777", class_="effect-none")
    for i, (owner, text) in enumerate(effects):
        row, col = divmod(i, 3)
        _text(d, text, 13, MARGIN + 90 + col * 440, y + 16 + row * 22, class_="effect",
              fill=SIDE_COLOURS.get(owner, "#222"))


def _legend(d: dw.Drawing, y: float) -> None:
    types = ", ".join(f"{letter} {kind}" for kind, letter in TYPE_LETTERS.items())
    _text(d, f"Types: {types}.   Gold border: battleground.   Dark square: stability.   "
             "Blue/red: Democrat/Communist SPs, a circle between them: control.   "
             "Dashed: link between countries.", 11, MARGIN, y, fill="#555")


# ----------------------------------------------------------------- command
def read_game(path: Path, data, events):
    """The game in a save file, or at the start of a scenario or position
    file (as `dof play --position` starts it); BoardError when it cannot be."""
    from dof.cli.files import user_path
    from dof.cli.saves import LoadError, load_game
    from dof.cli.start import Start, StartError, started_game

    path = user_path(path)
    try:
        with open_regular(path, "save, scenario or position file") as f:
            is_save = f.read(64).lstrip().startswith(b"{")
    except OSError as exc:
        raise BoardError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        if is_save:
            return load_game(str(path), data, events)
        return started_game(data, events, 0, {"extra_sps": {}}, Start(position=str(path)), [])
    except (LoadError, StartError) as exc:
        raise BoardError(str(exc)) from None


def write_board(game, out: Path) -> Path:
    """Write the picture to ``out``: PNG when its name ends in .png (needs
    cairosvg), else SVG; the old file survives any failure (OSError)."""
    from dof.cli.files import user_path, write_atomic

    svg = draw_board(game)
    out = user_path(out)
    if out.suffix.lower() != ".png":
        return write_atomic(out, svg)
    try:
        import cairosvg
    except ImportError:
        raise BoardError("PNG output needs cairosvg (pip install cairosvg); "
                         "or write an .svg file") from None
    return write_atomic(out, cairosvg.svg2png(bytestring=svg.encode("utf-8")))


def run_board(path: Path, out: Path, console: Console, data, events) -> int:
    """`dof board FILE -o OUT`: exit code 0, or 1 with one line on stderr."""
    try:
        game = read_game(path, data, events)
        written = write_board(game, out)
    except BoardError as exc:
        print(f"dof: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"dof: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    console.print(f"Wrote {written} ({turn_words(game.state['turn'], game.state['ar'])}, "
                  f"VP {game.state['vp']:+d})",
                  markup=False, highlight=False)
    return 0

