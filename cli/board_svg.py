"""`dof board`: a picture of a position (SVG, or PNG through cairosvg).

The map is laid out by `board_layout` from the cities' latitudes and
longitudes in the map data: each country a region round its spaces, each
link a line that passes under no box it does not join. Every space is a
``<g class="space">`` with id ``space-N``; a controlled space carries one
``<circle class="control SIDE">``, so tests and scripts can read the
position back from the picture.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import drawsvg as dw
from rich.console import Console

from dof.cli.board_layout import BOX_H, BOX_W, Layout, layout_of
from dof.cli.board_view import format_result, in_effect
from dof.engine.data.files import open_regular
from dof.engine.data.terms import SIDES
from dof.engine.rules.board import controller
from dof.engine.rules.turn import turn_words

#: 10.1: the VP track runs to 20 either way (automatic victory).
VP_TRACK = 20

TYPE_LETTERS = {
    "elite": "E", "bureaucrat": "B", "farmer": "F", "worker": "W",
    "intellectual": "I", "student": "S", "church": "C", "minority": "M",
}
SIDE_COLOURS: dict[str | None, str] = {"democrat": "#1f5fbf", "communist": "#c0282d"}
BATTLEGROUND_COLOUR = "#e0a800"
#: Each country's region, in the order of the map's countries (a mod's
#: further countries take them again).
REGION_COLOURS = ("#e9e1c8", "#dfe8d0", "#e6d6d0", "#d6e2e6", "#e8dcc0", "#dcd6e6")
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

MARGIN, HEADER_H = 20, 150
#: "In effect" lines: their size, and the width of a letter, generous, so
#: that a column is as wide as its longest text.
EFFECT_SIZE, LETTER_W, EFFECT_LINE = 13, 7.6, 20


class BoardError(Exception):
    """A picture that cannot be made (bad input, no PNG support)."""


# ----------------------------------------------------------------- drawing
def draw_board(game) -> str:
    """The position of ``game`` as SVG text: the header, the map under it,
    what is in effect and the legend under the map."""
    layout = layout_of(game.data)
    width = max(layout.width + 2 * MARGIN, 1000)
    effects = in_effect(game)
    columns = _effect_columns(effects, width - 2 * MARGIN - 90)
    map_bottom = HEADER_H + layout.height
    rows = max(1, max((len(c) for c in columns), default=1))
    height = map_bottom + 20 + EFFECT_LINE * rows + 40
    d = dw.Drawing(width, height, font_family=FONT)
    d.append(dw.Rectangle(0, 0, width, height, fill="#f7f4ec"))
    _header(d, game)
    board = dw.Group(transform=f"translate({MARGIN},{HEADER_H})")
    for i, name in enumerate(layout.regions):
        _region(board, game, name, layout, REGION_COLOURS[i % len(REGION_COLOURS)])
    _links(board, game, layout)
    for space in game.data.spaces:
        _space(board, game, space, *layout.centre[space.id])
    d.append(board)
    _effects(d, columns, map_bottom + 10)
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


def _region(d: dw.Group, game, name: str, layout: Layout, colour: str) -> None:
    """A country: its region round its spaces, its name and who holds Power."""
    outline = " ".join("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in loop) + " Z"
                       for loop in layout.regions[name])
    d.append(dw.Path(d=outline, fill=colour, fill_rule="evenodd", stroke="#9c927a",
                     stroke_width=1.5, stroke_linejoin="round", class_="country"))
    x, y = layout.labels[name]
    _text(d, name, 18, x, y + 17, font_weight="bold", fill="#4a4434")
    power = game.state["power"].get(name)
    if power:
        _text(d, f"Power: {power.capitalize()}", 12, x, y + 34,
              fill=SIDE_COLOURS.get(power, "#444"))


def _links(d: dw.Group, game, layout: Layout) -> None:
    """One line per link (the game's current links, 2.1.6), under the boxes,
    dashed between countries; a link the map has not (round a destroyed
    space) is routed when it is drawn."""
    for a, near in enumerate(game.adjacent):
        for b in near:
            if a < b:
                path = layout.routes.get((a, b)) or layout.route(a, b)
                abroad = game.space_country[a] != game.space_country[b]
                d.append(dw.Lines(*[c for point in path for c in point], class_="link",
                                  fill="none", stroke="#6b6454",
                                  stroke_width=2.5 if abroad else 2,
                                  stroke_dasharray="7,4" if abroad else None))


def _space(d: dw.Group, game, space, cx: float, cy: float) -> None:
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
    lines = _wrap(space.name, 16)
    for i, line in enumerate(lines):
        g.append(dw.Text(line, 12 if len(lines) == 1 else 11, cx,
                         y + (18 if len(lines) == 1 else 14 + 12 * i), text_anchor="middle",
                         font_weight="bold", class_="name"))
    if gone:  # crossed through by a line: not every renderer draws text-decoration
        g.append(dw.Line(x + 6, y + 4, x + BOX_W - 6, y + BOX_H - 4, class_="cross",
                         stroke="#555", stroke_width=2))
    _space_row(g, space, sps, who, x, y + BOX_H - 22)
    d.append(g)


def _space_row(g: dw.Group, space, sps: dict[str, int], who: str | None,
               x: float, base: float) -> None:
    """A box's bottom row: the Democrat's SPs, the stability, the control
    marker, the type and the Communist's SPs; an empty SP box is blank."""
    for side, bx in (("democrat", x + 4), ("communist", x + BOX_W - 30)):
        n = sps[side]
        g.append(dw.Rectangle(bx, base, 26, 19, rx=3, fill=SIDE_COLOURS[side] if n else "white",
                              stroke=SIDE_COLOURS[side], class_=f"sp {side}"))
        if n:
            g.append(dw.Text(str(n), 12, bx + 13, base + 14, text_anchor="middle",
                             fill="white", font_weight="bold"))
    g.append(dw.Rectangle(x + 34, base, 19, 19, rx=2, fill="#333"))
    g.append(dw.Text(str(space.stability), 12, x + 43.5, base + 14, text_anchor="middle",
                     fill="white", font_weight="bold", class_="stability"))
    letter = TYPE_LETTERS.get(space.type, space.type[:1].upper())
    g.append(dw.Circle(x + BOX_W - 44, base + 9.5, 9.5, fill="#eee", stroke="#777"))
    g.append(dw.Text(letter, 11, x + BOX_W - 44, base + 13.5, text_anchor="middle",
                     font_weight="bold", class_="type"))
    if who:
        g.append(dw.Circle(x + BOX_W / 2, base + 9.5, 10, id=f"control-{space.id}",
                           class_=f"control {who}", fill=SIDE_COLOURS[who], stroke="black",
                           stroke_width=1.2))
        g.append(dw.Text(who[0].upper(), 11, x + BOX_W / 2, base + 13.5, text_anchor="middle",
                         fill="white", font_weight="bold"))


def _wrap(name: str, width: int) -> list[str]:
    """A space name on one line, or two when it is long."""
    if len(name) <= width or " " not in name:
        return [name]
    words = name.split(" ")
    best = min(range(1, len(words)),
               key=lambda k: max(len(" ".join(words[:k])), len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _effect_columns(effects: list[tuple[str | None, str]],
                    width: float) -> list[list[tuple[str | None, str]]]:
    """The "In effect" texts in as many columns as fit ``width``, each as
    wide as its longest text (a letter taken at its widest), top to bottom
    then left to right."""
    if not effects:
        return []
    longest = max(len(text) for _, text in effects) * LETTER_W + 30
    count = max(1, min(len(effects), int(width // longest)))
    rows = math.ceil(len(effects) / count)
    return [effects[i:i + rows] for i in range(0, len(effects), rows)]


def _effects(d: dw.Drawing, columns: list[list[tuple[str | None, str]]], y: float) -> None:
    _text(d, "In effect:", 14, MARGIN, y + 16, font_weight="bold")
    if not columns:
        _text(d, "nothing", EFFECT_SIZE, MARGIN + 90, y + 16, fill="#777", class_="effect-none")
    x: float = MARGIN + 90
    for column in columns:
        for row, (owner, text) in enumerate(column):
            _text(d, text, EFFECT_SIZE, x, y + 16 + row * EFFECT_LINE, class_="effect",
                  fill=SIDE_COLOURS.get(owner, "#222"))
        x += max(len(text) for _, text in column) * LETTER_W + 30


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
    cairosvg and the cairo library), else SVG; the old file survives any
    failure (OSError)."""
    from dof.cli.files import user_path, write_atomic

    svg = draw_board(game)
    out = user_path(out)
    if out.suffix.lower() != ".png":
        return write_atomic(out, svg)
    return write_atomic(out, png_of(svg))


def png_of(svg: str) -> bytes:
    """The SVG picture as PNG bytes, through cairosvg (the ``png`` extra),
    which needs the cairo library of the system; BoardError says what to
    install when either is missing."""
    try:
        import cairosvg
    except ImportError:
        raise BoardError("PNG output needs cairosvg: pip install 'dof[png]' "
                         "(or write an .svg file)") from None
    except OSError:  # cairocffi found no cairo library
        raise BoardError("PNG output needs the cairo library: install it with your "
                         "system's packages (Debian and Ubuntu: apt install libcairo2; "
                         "macOS: brew install cairo), or write an .svg file") from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


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

