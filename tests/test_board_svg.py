"""The board as a picture (cli/board_svg.py): `dof board` and `board svg FILE`.

The SVG is read back with xml.etree: every space is a ``<g class="space">``
with id ``space-N`` and every control marker a ``<circle class="control SIDE">``,
so a test can check the picture shows the very position the engine holds.
"""

from __future__ import annotations

import importlib.abc
import io
import itertools
import json
import math
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console

from dof.cli.board_layout import BOX_H, layout_of
from dof.cli.board_svg import draw_board, run_board
from dof.cli.human import HumanAgent, write_save
from dof.engine.bots.agents import make_agent
from dof.engine.data import load_data
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.rules.board import controlled_spaces

SVG = "{http://www.w3.org/2000/svg}"
SCENARIO = Path(__file__).parent / "scenarios/middle/047-bulgarian-turks-expelled.scenario.yaml"


def console() -> Console:
    return Console(file=io.StringIO(), width=200, force_terminal=False)


def output(con: Console) -> str:
    return con.file.getvalue()


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def spaces_of(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "space" in classes(g)]


def markers(root: ET.Element, side: str) -> list[ET.Element]:
    return [c for c in root.iter(f"{SVG}circle") if {"control", side} <= classes(c)]


def text_by_id(root: ET.Element, ident: str) -> str:
    found = root.find(f".//*[@id='{ident}']")
    assert found is not None, ident
    return "".join(found.itertext())


@pytest.fixture(scope="module")
def mid_game(data, events) -> Game:
    """A real game between random bots, 300 decisions in (turn 5 with seed 7)."""
    game = Game.new(data, 7, events=events)
    agents = {side: make_agent("random", i) for i, side in enumerate(SIDES)}
    for _ in range(300):
        game.answer(agents[game.pending.player].choose(game, game.pending))
    return game


def test_the_picture_is_xml_with_the_75_spaces_of_the_map(mid_game):
    root = parse(draw_board(mid_game))
    spaces = spaces_of(root)
    assert len(spaces) == 75
    assert {g.get("id") for g in spaces} == {f"space-{n}" for n in range(75)}
    berlin = root.find(".//*[@id='space-2']")
    assert {"battleground", "bureaucrat"} <= classes(berlin)
    assert "Berlin" in "".join(berlin.itertext())


def test_control_markers_are_the_engines_controlled_spaces(mid_game):
    """2.1.7 as the engine computes it: one marker per controlled space."""
    root = parse(draw_board(mid_game))
    for side in SIDES:
        controlled = controlled_spaces(mid_game, side, range(75))
        assert controlled, f"the {side} controls nothing yet: pick a later position"
        assert sorted(int(c.get("id").removeprefix("control-"))
                      for c in markers(root, side)) == controlled


def test_the_sps_shown_are_the_games(mid_game):
    """Each side's SPs in its box; an empty box shows nothing, not 0."""
    root = parse(draw_board(mid_game))
    empty = 0
    for g in spaces_of(root):
        space = int(g.get("id").removeprefix("space-"))
        for side in SIDES:
            box = next(r for r in g.iter(f"{SVG}rect") if {"sp", side} <= classes(r))
            sps = mid_game.state["sp"][side][space]
            assert box_text(g, box) == (str(sps) if sps else None)
            empty += not sps
    assert empty, "every box holds SPs: pick an earlier position"


def box_text(group: ET.Element, box: ET.Element) -> str | None:
    """The text drawn in the middle of ``box`` (its SP count), if any."""
    middle = float(box.get("x")) + float(box.get("width")) / 2
    return next(("".join(t.itertext()) for t in group.iter(f"{SVG}text")
                 if abs(float(t.get("x")) - middle) < 0.01), None)


def test_turn_vp_tiananmen_and_cards_in_effect_are_shown(mid_game):
    st = mid_game.state
    root = parse(draw_board(mid_game))
    assert text_by_id(root, "turn").startswith(f"Turn {st['turn']}/10   Action round {st['ar']}")
    assert text_by_id(root, "vp").startswith(f"VP {st['vp']:+d}")
    assert f"Democrat box {st['tiananmen']['democrat']}" in text_by_id(root, "tiananmen")
    effects = ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if "effect" in classes(t)]
    assert any(text.startswith(mid_game.card_name(st["effects"][0]["card"]))
               for text in effects)


def test_links_are_drawn_once_each(mid_game):
    root = parse(draw_board(mid_game))
    lines = [line for line in root.iter(f"{SVG}path") if "link" in classes(line)]
    assert len(lines) == sum(len(near) for near in mid_game.adjacent) // 2


def test_a_destroyed_space_is_greyed_and_its_neighbours_linked(data):
    game = Game.new(data, 1)
    berlin = data.space("Berlin").id
    game.destroy_space(berlin)
    root = parse(draw_board(game))
    box = root.find(f".//*[@id='space-{berlin}']")
    assert "destroyed" in classes(box) and any("cross" in classes(e) for e in box)
    assert not any("cross" in classes(e) for g in spaces_of(root) if g is not box for e in g)
    links = [line for line in root.iter(f"{SVG}path") if "link" in classes(line)]
    assert len(links) == sum(len(near) for near in game.adjacent) // 2
    assert all(berlin not in near for near in game.adjacent) and game.state["links"]


def test_no_two_boxes_overlap_and_no_line_passes_under_a_box_it_does_not_join(data):
    """The built-in map: every box apart from every other, and every
    segment of every link's line clear of each box but its two ends'."""
    layout = layout_of(data)
    boxes = layout.boxes()
    assert len(boxes) == 75
    for a, b in itertools.combinations(boxes, 2):
        assert not rects_overlap(boxes[a], boxes[b]), (data.spaces[a].name, data.spaces[b].name)
    assert sorted(layout.routes) == sorted({tuple(sorted((s.id, o)))
                                            for s in data.spaces for o in s.adjacent})
    for (a, b), path in layout.routes.items():
        assert path[0] == layout.centre[a] and path[-1] == layout.centre[b]
        for p, q in itertools.pairwise(path):
            crossed = [data.spaces[c].name for c, box in boxes.items()
                       if c not in (a, b) and segment_enters(p, q, box)]
            assert not crossed, (data.spaces[a].name, data.spaces[b].name, crossed)


def test_the_links_round_a_destroyed_space_are_routed_round_the_boxes(data):
    """A destroyed space's neighbours are linked (2.1.6) by lines the map
    does not have: each is routed when drawn, clear of every box."""
    layout = layout_of(data)
    boxes = layout.boxes()
    for name in ("Budapest", "Bucuresti", "Sofia", "Leipzig"):
        game = Game.new(data, 1)
        game.destroy_space(data.space(name).id)
        new = [(a, b) for a, near in enumerate(game.adjacent) for b in near
               if a < b and (a, b) not in layout.routes]
        assert new
        for a, b in new:
            path = layout.route(a, b)
            assert not [c for c, box in boxes.items() if c not in (a, b)
                        for p, q in itertools.pairwise(path) if segment_enters(p, q, box)]


def test_the_cities_keep_their_places_north_south_and_east_west(data):
    """Two cities half a degree of latitude apart are drawn the northern
    one higher; a degree of longitude apart, the eastern one to the right."""
    layout = layout_of(data)
    cities = [s for s in data.spaces if s.lat_lon is not None]
    assert len(cities) == 62
    for a, b in itertools.permutations(cities, 2):
        (lat_a, lon_a), (lat_b, lon_b) = a.lat_lon, b.lat_lon
        (xa, ya), (xb, yb) = layout.centre[a.id], layout.centre[b.id]
        assert lat_a - lat_b <= 0.5 or ya < yb, (a.name, b.name)
        assert lon_a - lon_b <= 1.0 or xa > xb, (a.name, b.name)


def test_an_institution_is_drawn_beside_its_city(data):
    """A university, a church or writers' space with no place of its own
    touches (within a box's height) the box of the space it is beside."""
    layout = layout_of(data)
    boxes = layout.boxes()
    beside = [s for s in data.spaces if s.beside is not None]
    assert {data.spaces[s.beside].name for s in beside} >= {"Berlin", "Krakow", "Praha"}
    for space in beside:
        (l1, t1, r1, b1), (l2, t2, r2, b2) = boxes[space.id], boxes[space.beside]
        apart = math.hypot(max(l1 - r2, l2 - r1, 0), max(t1 - b2, t2 - b1, 0))
        assert apart < BOX_H, space.name


def test_each_country_is_a_region_round_its_spaces_apart_from_the_others(data):
    """Every box lies in its own country's cells of the territory, and no
    cell is two countries'."""
    layout = layout_of(data)
    territory = layout.territory
    for space in data.spaces:
        assert territory.owns(space.country, layout.boxes()[space.id]), space.name
    assert set(territory.owner.values()) == set(data.countries)
    assert all(len(loop) >= 3 for loops in layout.regions.values() for loop in loops)


def rects_overlap(r: tuple[float, ...], s: tuple[float, ...]) -> bool:
    return r[0] < s[2] and s[0] < r[2] and r[1] < s[3] and s[1] < r[3]


def segment_enters(p, q, box) -> bool:
    """Whether segment pq passes inside ``box`` (left, top, right, bottom):
    Liang-Barsky clipping leaves a piece of it of some length."""
    (x1, y1), (x2, y2) = p, q
    left, top, right, bottom = box
    low, high = 0.0, 1.0
    for step, room in ((x1 - x2, x1 - left), (x2 - x1, right - x1),
                       (y1 - y2, y1 - top), (y2 - y1, bottom - y1)):
        if step == 0:
            if room <= 0:
                return False
            continue
        t = room / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    return high - low > 1e-9


def test_a_map_with_a_country_of_another_name_draws_it(tmp_path):
    """The layout knows no country by name: a map whose Bulgaria is
    Ruritania draws Ruritania where Bulgaria was."""
    for path in Path(load_data().source_dir).glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        text = (text.replace("country: Bulgaria", "country: Ruritania")
                .replace("\n  Bulgaria:", "\n  Ruritania:")
                .replace("scores: Bulgaria}", "scores: Ruritania}"))
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    data = load_data(tmp_path)
    assert layout_of(data).centre == layout_of(load_data()).centre
    root = parse(draw_board(Game.new(data, 1)))
    assert len(spaces_of(root)) == 75
    assert "Ruritania" in "".join(root.itertext())


def test_dof_board_draws_a_save_file(mid_game, data, events, tmp_path):
    save = write_save(mid_game, tmp_path / "game.json")
    con = console()
    assert run_board(save, tmp_path / "board.svg", con, data, events) == 0
    root = parse((tmp_path / "board.svg").read_text(encoding="utf-8"))
    assert len(markers(root, "democrat")) == len(
        controlled_spaces(mid_game, "democrat", range(75)))
    assert f"Wrote {tmp_path / 'board.svg'} (turn {mid_game.state['turn']}" in output(con)


def test_dof_board_draws_a_scenarios_starting_position(data, events, tmp_path):
    """The position as `dof play --position` starts it: the scenario puts
    SPs in Bulgaria and sets VP +3 on turn 4."""
    out = tmp_path / "scenario.svg"
    assert run_board(SCENARIO, out, console(), data, events) == 0
    root = parse(out.read_text(encoding="utf-8"))
    assert text_by_id(root, "vp").startswith("VP +3")
    assert text_by_id(root, "turn").startswith("Turn 4/10")


def test_a_corrupt_save_is_one_message_and_exit_code_1(data, events, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "dof-save", "moves": [', encoding="utf-8")
    out = tmp_path / "board.svg"
    assert run_board(bad, out, console(), data, events) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"dof: cannot load {bad}: not a JSON save file") and err.count("\n") == 1
    assert not out.exists()


def test_a_bad_scenario_or_missing_file_is_one_message(data, events, tmp_path, capsys):
    bad = tmp_path / "bad.scenario.yaml"
    bad.write_text("position:\n  democrat: {Atlantis: 3}\nplay: {card: Walesa}\n",
                   encoding="utf-8")
    assert run_board(bad, tmp_path / "x.svg", console(), data, events) == 1
    assert run_board(tmp_path / "none.json", tmp_path / "x.svg", console(), data, events) == 1
    first, second = capsys.readouterr().err.splitlines()
    assert first.startswith(f"dof: {bad}:2:") and "Atlantis" in first
    assert second.startswith(f"dof: cannot read {tmp_path / 'none.json'}")


def cairosvg_or_skip():
    """cairosvg (``pip install 'dof[png]'``) with the cairo library it needs."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:
        pytest.skip(f"PNG needs cairosvg and the cairo library: {exc}")
    return cairosvg


def test_png_when_cairosvg_is_installed(mid_game, data, events, tmp_path):
    cairosvg_or_skip()
    save = write_save(mid_game, tmp_path / "game.json")
    assert run_board(save, tmp_path / "board.png", console(), data, events) == 0
    png = (tmp_path / "board.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
    assert (width, height) == tuple(round(float(v)) for v in size_of(draw_board(mid_game)))


def size_of(svg: str) -> tuple[str, str]:
    root = parse(svg)
    return root.get("width"), root.get("height")


def test_png_without_cairosvg_says_what_to_install(mid_game, data, events, tmp_path,
                                                   monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg fails
    save = write_save(mid_game, tmp_path / "game.json")
    assert run_board(save, tmp_path / "board.png", console(), data, events) == 1
    assert "PNG output needs cairosvg: pip install 'dof[png]'" in capsys.readouterr().err
    assert not (tmp_path / "board.png").exists()


def test_png_without_the_cairo_library_says_what_to_install(mid_game, data, events, tmp_path,
                                                            monkeypatch, capsys):
    """cairosvg installs where the system has no cairo library, then fails
    to import with OSError (cairocffi finds no library)."""
    class NoCairo(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "cairosvg":
                raise OSError("no library called \"cairo-2\" was found")

    monkeypatch.delitem(sys.modules, "cairosvg", raising=False)
    monkeypatch.setattr(sys, "meta_path", [NoCairo(), *sys.meta_path])
    save = write_save(mid_game, tmp_path / "game.json")
    assert run_board(save, tmp_path / "board.png", console(), data, events) == 1
    err = capsys.readouterr().err
    assert err.startswith("dof: PNG output needs the cairo library") and "libcairo2" in err
    assert not (tmp_path / "board.png").exists()


def test_board_svg_at_the_prompt_then_play_goes_on(mid_game, tmp_path):
    """`board svg FILE` at any prompt; a bad path or a missing FILE is a
    message and the same question is asked again."""
    game = Game.from_json(json.loads(json.dumps(mid_game.to_json())), mid_game.data,
                          mid_game.events)
    out = tmp_path / "now.svg"
    con = console()
    first = game.pending.options[0]  # a card: the prompt numbers cards by card number
    lines = [f"board svg {out}", "board svg /no/such/dir/x.svg", "board svg", str(first)]
    agent = HumanAgent(con, lambda prompt: lines.pop(0), show_board=False)
    assert agent.choose(game, game.pending) == game.pending.options[0]
    text = output(con)
    assert f"Wrote {out}" in text
    assert "Cannot write /no/such/dir/x.svg" in text and "Usage: board svg FILE" in text
    assert len(spaces_of(parse(out.read_text(encoding="utf-8")))) == 75


def test_the_help_lists_board_svg(mid_game):
    con = console()
    lines = ["help", str(mid_game.pending.options[0])]
    HumanAgent(con, lambda prompt: lines.pop(0), show_board=False).choose(
        mid_game, mid_game.pending)
    assert "board svg FILE  write a picture of the board" in output(con)

