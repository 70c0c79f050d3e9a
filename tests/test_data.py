"""Tests of the game-data layer (engine/data/load.py with records, schema, located and
vocabulary; the YAML files in cards/).

They double as examples of use: load the data once, then ask it questions.
Facts are checked against the rules they come from (rule numbers in comments;
docs/data-corrections.md says where the rulebooks are silent).
"""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import fields
from pathlib import Path

import pytest

from dof.dsl.names import Names
from dof.engine.data import load_data
from dof.engine.data.located import READERS, DataError
from dof.engine.data.records import GameData
from dof.engine.data.terms import key


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_data()


@pytest.fixture
def data_dir(tmp_path: Path, data: GameData) -> Path:
    """A writable copy of the built-in data folder (YAML files only)."""
    target = tmp_path / "cards"
    shutil.copytree(data.source_dir, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return target


def edit(path: Path, old: str, new: str) -> int:
    """Replace one exact occurrence of ``old`` in a file; return its 1-based line."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def line_of(path: Path, needle: str) -> int:
    """1-based line of the only line containing ``needle``."""
    lines = [i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line]
    assert len(lines) == 1, f"{needle!r} must occur on one line of {path.name}"
    return lines[0]


# --- counts -----------------------------------------------------------------------


def test_component_counts(data: GameData) -> None:
    # Rule 2.0: 110 strategy cards, 52 Power Struggle cards; the map has 75 spaces.
    assert len(data.spaces) == 75
    assert [s.id for s in data.spaces] == list(range(75))
    assert len(data.cards) == 110 and sorted(data.cards) == list(range(1, 111))
    assert len(data.ps_cards) == 52 and [c.id for c in data.ps_cards] == list(range(52))
    assert len(data.tiananmen) == 8
    assert list(data.countries) == [
        "East Germany",
        "Poland",
        "Czechoslovakia",
        "Hungary",
        "Romania",
        "Bulgaria",
    ]


def test_turn_structure(data: GameData) -> None:
    assert (data.turns, data.hand_size, data.action_rounds) == (10, 8, 7)  # 4.1, 4.5.1, 4.5.2
    assert data.deck_additions == {3: "middle", 7: "late"}  # 4.5.6
    # 3.4: each side places 7 more SPs, Communist first, alternating 2/3/3/4/2.
    assert data.setup_order == (
        ("communist", 2),
        ("democrat", 3),
        ("communist", 3),
        ("democrat", 4),
        ("communist", 2),
    )
    assert sum(n for side, n in data.setup_order if side == "communist") == 7
    assert sum(n for side, n in data.setup_order if side == "democrat") == 7


# --- the map ------------------------------------------------------------------------


def test_adjacency_is_symmetric_sorted_and_connected(data: GameData) -> None:
    for space in data.spaces:
        assert list(space.adjacent) == sorted(set(space.adjacent))
        assert space.id not in space.adjacent
        for other in space.adjacent:
            assert space.id in data.spaces[other].adjacent, (space.name, other)
    links = {frozenset((s.id, o)) for s in data.spaces for o in s.adjacent}
    assert len(links) == 104
    # Every space can be reached from every other one.
    seen, todo = {0}, [0]
    while todo:
        for other in data.spaces[todo.pop()].adjacent:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert len(seen) == 75


def test_cross_border_links(data: GameData) -> None:
    cross = {
        frozenset((s.name, data.spaces[o].name))
        for s in data.spaces
        for o in s.adjacent
        if data.spaces[o].country != s.country
    }
    assert cross == {
        frozenset(p)
        for p in [
            ("Dresden", "Wroclaw"),
            ("Dresden", "Plzen"),
            ("Katowice", "Ostrava"),
            ("Kosice", "Debrecen"),
            ("Szeged", "Timisoara"),
            ("Constanta", "Varna"),
        ]
    }


BATTLEGROUNDS = {
    "East Germany": (
        12,
        {"Berlin", "Lutheran Church", "Magdeburg", "Leipzig", "Karl-Marx-Stadt", "Dresden"},
    ),
    "Poland": (14, {"Gdansk", "Poznan", "Warszawa", "Wroclaw", "Lodz", "Krakow"}),
    "Czechoslovakia": (
        11,
        {"Praha", "Charles University", "Czech Writers", "Brno", "Ostrava", "Bratislava"},
    ),
    "Hungary": (12, {"Miskolc", "Debrecen", "Budapest", "Szeged"}),
    "Romania": (14, {"Timisoara", "Cluj-Napoca", "Iasi", "Brasov", "Bucuresti", "Galati"}),
    "Bulgaria": (12, {"Ruse", "Sofia", "Burgas", "Varna", "Plovdiv"}),
}


@pytest.mark.parametrize("country", list(BATTLEGROUNDS))
def test_country_spaces_and_battlegrounds(data: GameData, country: str) -> None:
    n_spaces, battlegrounds = BATTLEGROUNDS[country]
    c = data.countries[country]
    assert len(c.spaces) == n_spaces
    assert all(data.spaces[i].country == country for i in c.spaces)
    assert {data.spaces[i].name for i in c.battlegrounds} == battlegrounds
    assert c.battlegrounds == tuple(i for i in c.spaces if data.spaces[i].battleground)
    types = Counter(data.spaces[i].type for i in c.spaces)
    assert types["elite"] == 1 and types["bureaucrat"] == 1  # one of each per country
    region = "Balkans" if country in ("Romania", "Bulgaria") else "Eastern Europe"  # 2.1.2
    assert c.region == region and all(data.spaces[i].region == region for i in c.spaces)


def test_stability_follows_the_icon(data: GameData) -> None:
    # Not a rule, but true of the whole printed map (see docs/data-corrections.md).
    expected = {
        "worker": 3,
        "bureaucrat": 3,
        "farmer": 4,
        "elite": 4,
        "minority": 4,
        "intellectual": 2,
        "student": 1,
    }
    for s in data.spaces:
        if s.type == "church":
            assert s.stability == (5 if s.region == "Eastern Europe" else 3), s.name
        else:
            assert s.stability == expected[s.type], s.name


def test_rulebook_examples_of_the_map(data: GameData) -> None:
    assert data.space("Dresden").stability == 4  # 2.1.7
    names = lambda space: {data.spaces[i].name for i in space.adjacent}  # noqa: E731
    assert names(data.space("Budapest")) >= {
        "Eotvos Lorand University",
        "Miskolc",
        "Tatabanya",
        "Szeged",
    }  # the spaces of the 2.1.7 map figure
    assert names(data.space("Czech Catholic Church")) == {"Bratislava", "Ostrava", "Presov"}
    assert "Kosice" in names(data.space("Presov"))  # 6.1.4 example
    assert names(data.space("Jagiellonian University")) == {"Krakow", "Polish Writers"}  # 6.2
    assert names(data.space("Krakow")) >= {
        "Lodz",
        "Jagiellonian University",
        "Polish Catholic Church",
    }
    assert data.space("Bydgoszcz").type == "elite" and data.space("Lodz").type == "worker"  # 2.3.2


def test_setup_support_points(data: GameData) -> None:
    # Rules 3.2 and 3.3, space by space.
    communist = {
        "Bydgoszcz": 1,
        "Warszawa": 1,
        "Lublin": 1,
        "Dresden": 2,
        "Berlin": 2,
        "Plzen": 2,
        "Praha": 2,
        "Brno": 1,
        "Szombathely": 1,
        "Cluj-Napoca": 2,
        "Bucuresti": 2,
        "Sofia": 2,
        "Stara Zagora": 1,
    }
    democrat = {
        "Polish Catholic Church": 5,
        "Gdansk": 1,
        "Krakow": 1,
        "East German Lutheran Church": 1,
        "Czech Writers": 2,
        "Czech Catholic Church": 1,
        "Budapest": 1,
        "Szeged": 1,
        "Hungarian Catholic Church": 1,
        "Szekesfehervar": 1,
    }
    for side, fixed in (("communist", communist), ("democrat", democrat)):
        placed = {s.name: s.setup[side] for s in data.spaces if s.setup[side]}
        assert placed == {data.space(n).name: sp for n, sp in fixed.items()}
    assert sum(s.setup["communist"] for s in data.spaces) == 20
    assert sum(s.setup["democrat"] for s in data.spaces) == 15


# --- looking spaces up ---------------------------------------------------------------


def test_space_lookup_by_name_alias_case_and_accents(data: GameData) -> None:
    lutheran = data.space("Lutheran Church")
    assert data.space("East German Lutheran Church") is lutheran  # the name used in 3.3
    assert data.space("east german lutheran church") is lutheran
    assert data.space("Tabanya").name == "Tatabanya"  # 2011 spelling in 2.1.7's example
    assert data.space("Eotvos Lorand U").name == "Eotvos Lorand University"
    assert data.space("Tatabánya").name == "Tatabanya"  # the 2011 sample turn's spelling
    assert data.space("Łódź").name == "Lodz"
    assert data.space_names()[:3] == ["Schwerin", "Rostock", "Berlin"]


@pytest.mark.parametrize(
    "written, space",
    [("Łódź", "Lodz"), ("Timișoara", "Timisoara"), ("PLZEŇ", "Plzen"),
     ("Eötvös  Loránd University", "Eotvos Lorand University")],
)
def test_data_and_card_files_key_names_alike(data: GameData, written: str, space: str) -> None:
    # One name key for the data and the card language: a name the map accepts
    # is a name a card file can write (Ł has no decomposition, so it is mapped).
    assert data.space(written).name == space
    assert Names(data).resolve_place(written) == ("space", space)
    assert key(written) == key(space)


def test_unknown_space_raises_key_error_with_suggestion(data: GameData) -> None:
    with pytest.raises(KeyError, match="did you mean 'Gdansk'"):
        data.space("Gdnask")


def test_spaces_are_hashable(data: GameData) -> None:
    assert len({data.space("Berlin"), data.space("Berlin"), data.space("Praha")}) == 2


# --- countries and cards -------------------------------------------------------------


def test_country_scoring_values(data: GameData) -> None:
    # Presence / Domination / Control from the Scoring cards (JA card list #22, 23, 42, 43,
    # 55, 95); Power Value 3 for Poland (8.4.6 example), Romania 2/4 (9.3.1 example).
    values = {
        name: (c.presence, c.domination, c.control, c.power) for name, c in data.countries.items()
    }
    assert values == {
        "East Germany": (3, 6, 9, 3),
        "Poland": (3, 6, 9, 3),
        "Czechoslovakia": (2, 4, 6, 2),
        "Hungary": (1, 2, 4, 1),
        "Romania": (2, 4, 6, 2),
        "Bulgaria": (1, 2, 3, 1),
    }
    assert data.final_power_bonus == -4  # 10.4.1


def test_scoring_cards(data: GameData) -> None:
    for name, country in data.countries.items():
        card = data.cards[country.scoring_card]
        assert (card.side, card.scores, card.ops, card.removed) == ("scoring", name, None, False)
    scoring = sorted(n for n, c in data.cards.items() if c.side == "scoring")
    assert scoring == [22, 23, 42, 43, 55, 95]


def test_strategy_deck(data: GameData) -> None:
    assert [len(data.cards_of_period(p)) for p in ("early", "middle", "late")] == [40, 41, 29]
    assert data.cards_of_period("early") == list(range(1, 41))
    assert Counter(c.side for c in data.cards.values()) == {
        "democrat": 52,
        "communist": 44,
        "neutral": 8,
        "scoring": 6,
    }
    # Cards not removed after the event (no asterisk, 2.2.4).
    kept = {n for n, c in data.cards.items() if not c.removed and c.side != "scoring"}
    assert kept == {6, 8, 11, 14, 17, 21, 27, 28, 31, 78}
    # Red titles (2.2.6, 11.3).
    assert {n for n, c in data.cards.items() if c.red_title} == {2, 24, 26, 33, 54, 73, 81, 84}
    with pytest.raises(KeyError):
        data.cards_of_period("Early")


@pytest.mark.parametrize(
    ("number", "side", "ops", "removed"),
    [  # side/Ops from the 2011 sample turn's hands and the examples of 5.2, 5.3, 7.3.1;
        # the asterisk (removed) from the same sample turn and the JA card list
        (1, "communist", 2, True),
        (3, "democrat", 3, True),
        (4, "democrat", 1, True),
        (6, "communist", 3, False),
        (9, "communist", 1, True),
        (10, "communist", 3, True),
        (12, "communist", 2, True),
        (14, "neutral", 4, False),
        (15, "communist", 3, True),
        (17, "democrat", 3, False),
        (19, "democrat", 2, True),
        (26, "democrat", 1, True),
        (27, "democrat", 3, False),
        (29, "democrat", 1, True),
        (33, "democrat", 2, True),
        (34, "democrat", 2, True),
        (35, "communist", 3, True),
        (36, "democrat", 3, True),
        (39, "democrat", 2, True),
        (40, "democrat", 3, True),
        (71, "democrat", 3, True),
        (101, "communist", 1, True),
    ],
)
def test_cards_confirmed_by_the_rulebook(data, number, side, ops, removed) -> None:
    card = data.cards[number]
    assert (card.side, card.ops, card.removed) == (side, ops, removed)


def test_power_struggle_deck(data: GameData) -> None:
    # Appendix A.
    suited = Counter((c.suit, c.rank) for c in data.ps_cards if c.kind == "suit")
    assert suited == {
        ("rally", 1): 6,
        ("march", 6): 2,
        ("march", 5): 2,
        ("march", 4): 4,
        ("march", 3): 4,
        ("strike", 6): 2,
        ("strike", 5): 2,
        ("strike", 4): 4,
        ("strike", 3): 4,
        ("petition", 6): 3,
        ("petition", 5): 3,
    }
    leaders = Counter(c.leader for c in data.ps_cards if c.kind == "leader")
    assert leaders == {"intellectual": 4, "elite": 4, "worker": 2, "church": 1, "student": 1}
    assert all(c.rank == 3 for c in data.ps_cards if c.kind == "leader")
    wild = {c.name: c.rank for c in data.ps_cards if c.kind == "wild"}
    assert wild == {"Tactic Fails": 0, "Support Falters": 0, "Support Surge": 0, "Scare Tactics": 0}
    assert data.ps_cards[6].name == "March 6"


# --- tables --------------------------------------------------------------------------


def test_results_table_fixed_points(data: GameData) -> None:
    assert data.result(2).support_loss == 1  # 8.4.2 example
    assert data.result(3).support_loss == 1  # 2011 sample turn
    assert data.result(4).vp == 2  # 8.4.3 example
    assert (data.result(5).vp, data.result(5).takes_power) == (2, True)  # sample turn "2/P"
    assert [r.roll for r in data.results if r.takes_power] == [4, 5, 6, 7]  # 8.4.4
    assert [r.support_loss for r in data.results] == [0, 0, 1, 1, 2, 2, 3, 4]


def test_results_table_clamps_to_its_end_rows(data: GameData) -> None:
    # A die of 1 with a Petition (-2) is -1; 6 + Rally 2 + both raised 2 + Yakovlev 1 is 11.
    assert data.result(-1) == data.result(0) == data.results[0]
    assert data.result(11) == data.result(7) == data.results[-1]


def test_tiananmen_track(data: GameData) -> None:
    needs = [(b.needs["democrat"], b.needs["communist"]) for b in data.tiananmen]
    assert needs == [(5, 6), (5, 6), (6, 7), (6, 7), (7, 8), (8, 7), (9, 6), (10, 5)]
    # 6.3.2 design note: easier for the Democrat early, for the Communist late.
    assert all(d < c for d, c in needs[:5]) and all(c < d for d, c in needs[5:])
    assert [b.award for b in data.tiananmen].count("immediate") == 2
    assert {b.box for b in data.tiananmen if b.award == "immediate"} == {3, 4}  # 6.3.5
    assert data.tiananmen[3].names == {
        "democrat": "Hunger Strike",
        "communist": "Students Arrested",
    }


def test_each_space_is_drawn_at_its_city_or_beside_a_space_it_joins(data: GameData) -> None:
    """map.yaml's ``at`` and ``beside`` (where `dof board` draws a space):
    the cities at their latitude and longitude, in the six countries'
    part of Europe; the universities and writers beside a space they are
    linked to."""
    at = [s for s in data.spaces if s.lat_lon is not None]
    beside = [s for s in data.spaces if s.beside is not None]
    assert len(at) + len(beside) == 75 and not set(at) & set(beside)
    assert all(41 < s.lat_lon[0] < 55 and 11 < s.lat_lon[1] < 29 for s in at)
    assert {s.type for s in beside} >= {"student", "intellectual"}
    assert all(s.beside in s.adjacent for s in beside)
    berlin = data.space("Berlin")
    assert berlin.lat_lon == (52.52, 13.40) and data.space("Rostock").lat_lon[0] > 52.52


def test_ussr_track(data: GameData) -> None:
    assert [(p["card"], p["vp"]) for p in data.ussr_track] == [
        (None, 0),
        (33, 1),
        (81, 3),
        (84, 5),
        (109, -3),
    ]
    assert data.cards[84].name == "Breakaway Baltic Republics"


# --- errors --------------------------------------------------------------------------


def test_yaml_syntax_error_reports_the_line(data_dir: Path) -> None:
    line = edit(data_dir / "tables.yaml", "hand_size: 8 ", "hand_size: 8: 9 ")
    with pytest.raises(DataError) as info:
        load_data(data_dir)
    err = info.value
    assert (err.path, err.line, err.column) == (data_dir / "tables.yaml", line, 13)
    assert str(err) == (f"{data_dir / 'tables.yaml'}:{line}:13: ':' cannot start a value "
                        "here: put a value that holds ': ' in quotes, and check the "
                        "indentation and the ':' of the lines above")


def test_a_control_character_is_reported_at_its_line_in_one_line(data_dir: Path) -> None:
    line = edit(data_dir / "tables.yaml", "hand_size: 8", "hand_size: 8\x07")
    with pytest.raises(DataError) as info:
        load_data(data_dir)
    assert str(info.value) == (f"{data_dir / 'tables.yaml'}:{line}:13: the control character "
                               "U+0007 is not allowed in YAML (delete it)")


def test_asymmetric_adjacency(data_dir: Path) -> None:
    # Remove Szczecin from Gdansk's list; Szczecin still lists Gdansk.
    edit(data_dir / "map.yaml", "adjacent: [Szczecin, Bydgoszcz,", "adjacent: [Bydgoszcz,")
    with pytest.raises(DataError, match="asymmetric adjacency") as info:
        load_data(data_dir)
    assert "'Szczecin' lists 'Gdansk'" in info.value.message
    assert info.value.line == line_of(data_dir / "map.yaml", "adjacent: [Gdansk, Poznan]")


def test_unknown_adjacent_name(data_dir: Path) -> None:
    line = edit(
        data_dir / "map.yaml", "adjacent: [Schwerin, Berlin]", "adjacent: [Schwerin, Berln]"
    )
    with pytest.raises(DataError, match="did you mean 'Berlin'") as info:
        load_data(data_dir)
    assert info.value.line == line and info.value.path.name == "map.yaml"


def test_duplicate_card_number(data_dir: Path) -> None:
    line = edit(data_dir / "strategy.yaml", "{number: 8,", "{number: 7,")
    with pytest.raises(DataError, match="duplicate card number 7") as info:
        load_data(data_dir)
    assert info.value.line == line


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "map.yaml",
            "country: Poland\n    region: Eastern Europe\n    type: worker\n"
            "    stability: 3\n    battleground: false\n    adjacent: [Gdansk, Poznan]",
            "country: Polska\n    region: Eastern Europe\n    type: worker\n"
            "    stability: 3\n    battleground: false\n    adjacent: [Gdansk, Poznan]",
            "unknown country 'Polska'",
        ),
        (
            "map.yaml",
            "type: minority\n    stability: 4\n    battleground: false\n    adjacent: [Targu",
            "type: minorty\n    stability: 4\n    battleground: false\n    adjacent: [Targu",
            "unknown type 'minorty'",
        ),
        (
            "map.yaml",
            "    stability: 1\n    battleground: false\n    adjacent: [Berlin",
            "    stability: one\n    battleground: false\n    adjacent: [Berlin",
            "field 'stability' must be a whole number, got 'one'",
        ),
        ("map.yaml", "    name: Rostock\n", "    name: Schwerin\n", "duplicate space name"),
        ("map.yaml", "at: 52.52 N, 13.40 E", "at: 52.52, 13.40",
         "'at' must be a latitude and longitude such as '52.52 N, 13.40 E', got '52.52, 13.40'"),
        ("map.yaml", "at: 52.52 N, 13.40 E", "at: 95.00 N, 13.40 E", "got '95.00 N, 13.40 E'"),
        ("map.yaml", "    at: 53.63 N, 11.41 E\n", "", "give one of 'at' (a city's latitude"),
        ("map.yaml", "    at: 53.63 N, 11.41 E\n", "    at: 53.63 N, 11.41 E\n    beside: Berlin\n",
         "give one of 'at'"),
        ("map.yaml", "    beside: Leipzig\n", "    beside: Lepzig\n", "did you mean 'Leipzig'"),
        ("map.yaml", "    beside: Berlin\n", "    beside: German Writers\n",
         "space 'German Writers': 'beside' goes round in a circle (German Writers -> "
         "Walter Ulbricht Academy -> German Writers); one of them needs 'at'"),
        (
            "strategy.yaml",
            "ops: 2, removed: true, red_title: false, lasting: false}\n  - {number: 2,",
            "removed: true, red_title: false, lasting: false}\n  - {number: 2,",
            "missing field 'ops'",
        ),
        ("strategy.yaml", "name: Prudence,", "name: Michnik,", "duplicate card name"),
        ("strategy.yaml", "scores: Romania}", "scores: Rumania}", "unknown country 'Rumania'"),
        ("countries.yaml", "scoring_card: 42", "scoring_card: 41", "is not the East Germany"),
        (
            "power_struggle.yaml",
            "  - {id: 51, name: Scare Tactics, kind: wild, rank: 0}\n",
            "",
            "expected 52 Power Struggle cards, found 51",
        ),
        (
            "tables.yaml",
            "    award: immediate\n  - box: 5",
            "    award: sometimes\n  - box: 5",
            "unknown award 'sometimes'",
        ),
        ("tables.yaml", "hand_size: 8", "hand_size: 8\nhand_size: 9",
         "'hand_size' is given twice"),
    ],
)
def test_validation_errors_name_file_and_line(data_dir, file, old, new, message) -> None:
    edit(data_dir / file, old, new)
    with pytest.raises(DataError) as info:
        load_data(data_dir)
    err = info.value
    assert message in err.message
    assert err.path == data_dir / file
    assert isinstance(err.line, int) and err.line >= 1
    assert isinstance(err.column, int) and err.column >= 1
    assert str(err) == f"{err.path}:{err.line}:{err.column}: {err.message}"


def test_wrong_count_of_tiananmen_boxes(data_dir: Path) -> None:
    text = (data_dir / "tables.yaml").read_text()
    start = text.index("  - box: 8")
    end = text.index("# U.S.S.R.")
    (data_dir / "tables.yaml").write_text(text[:start] + "\n" + text[end:])
    with pytest.raises(DataError, match="expected 8 Tiananmen boxes, found 7"):
        load_data(data_dir)


def test_missing_file(data_dir: Path) -> None:
    (data_dir / "countries.yaml").unlink()
    with pytest.raises(DataError) as info:
        load_data(data_dir)
    assert info.value.line is None
    assert str(info.value) == (f"{data_dir / 'countries.yaml'}: cannot read the file: No such "
                               "file or directory")


def test_load_from_a_copied_folder(data_dir: Path, data: GameData) -> None:
    copy = load_data(data_dir)
    assert copy.source_dir == data_dir
    assert copy.spaces == data.spaces and copy.cards == data.cards


# --- read by either of PyYAML's readers (issue 20, item 8) ---------------------------


@pytest.fixture(params=["libyaml", "PyYAML"])
def reader(request) -> str:
    """libyaml's reader (dof's, where PyYAML has it) and PyYAML's own (where not)."""
    if request.param not in READERS:
        pytest.skip("PyYAML without libyaml")
    return request.param


def test_the_data_loads_alike_with_either_reader(data: GameData, reader: str) -> None:
    """load_data works wherever PyYAML has no libyaml, and reads the same data."""
    read = load_data(reader=reader)
    assert [getattr(read, f.name) for f in fields(GameData)] == [
        getattr(data, f.name) for f in fields(GameData)]


@pytest.mark.parametrize(
    ("new", "column", "message"),
    [
        ("hand_size: !!python/object/apply:os.system [echo]", 12,
         "dof reads no YAML tag such as !!python/object/apply:os.system: write the value "
         "without it"),
        ("hand_size: " + "9" * 5000, 12, "a number of 5000 digits is too big: dof reads at "
         "most 20 (put it in quotes if it is a name or text)"),
        ("hand_size: 2001-12-14", 1,
         "tables.yaml: field 'hand_size' must be a whole number, got '2001-12-14'"),
        ("hand_size: " + "[" * 200 + "]" * 200, 111, "lists or mappings nest too deeply here"),
        ("hand_size: " + "[" * 5000 + "]" * 5000, 111, "lists or mappings nest too deeply here"),
        ("hand_size: 8\n---\nturns: 3", 1,
         "a game data file holds one YAML document: delete the '---' above"),
    ],
)
def test_a_data_file_holds_plain_values_only(data_dir: Path, reader: str, new: str,
                                             column: int, message: str) -> None:
    """A game data file is read as a scenario file is (engine/data/located.py):
    a tag, a huge number, a date, deep nesting or a second document is one
    message at its place, with either reader."""
    line = edit(data_dir / "tables.yaml", "hand_size: 8", new)
    line += new.count("\n")  # the second document starts on the last line
    with pytest.raises(DataError) as info:
        load_data(data_dir, reader=reader)
    assert str(info.value) == f"{data_dir / 'tables.yaml'}:{line}:{column}: {message}"
