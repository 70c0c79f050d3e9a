"""`dof lint` and `dof cards` as a user runs them: exit codes, text and JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console

from dof.cli.cards_view import run_cards
from dof.cli.lint import print_diagnostic, run_lint
from dof.dsl import builtin_cards_dir, load_deck
from dof.dsl.deck import build_deck, merge_layers
from dof.dsl.diagnostics import Reporter
from dof.dsl.names import default_names
from dof.dsl.parser import parse_source


def capture() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, highlight=False), out


def test_builtin_cards_lint_clean_with_counts():
    console, out = capture()
    assert run_lint([], console=console, strict=True) == 0
    *_, summary, checked = out.getvalue().strip().splitlines()
    assert summary == "compiled 110 cards and 8 Tiananmen boxes: 0 errors, 0 warnings"
    assert checked == f"checked the installed deck in {builtin_cards_dir()}"


def test_builtin_deck_writes_every_event():
    deck = load_deck()
    assert all(card.written for card in deck.cards.values()) and len(deck.cards) == 110
    assert sorted(deck.boxes) == list(range(1, 9))
    assert all(b.written for b in deck.boxes.values())
    assert sorted(deck.ps_cards) == ["Scare Tactics", "Support Falters", "Support Surge",
                                     "Tactic Fails"]


def test_text_output_has_position_source_caret_and_hint(tmp_path):
    bad = tmp_path / "bad.card"
    bad.write_text('card 201 "Test" { period early; side democrat; ops 2; summary "x"\n'
                   '    event { democrat places 2 SP in Gdnask }\n}\n')
    console, out = capture()
    assert run_lint([bad], console=console) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == f"{bad}:2:37: E101 unknown space or country 'Gdnask'"
    assert lines[1] == "    event { democrat places 2 SP in Gdnask }"
    assert lines[2] == " " * 36 + "^^^^^^"
    assert lines[3] == "hint: did you mean 'Gdansk'?"
    assert lines[-1] == "compiled 1 card and 0 Tiananmen boxes: 1 error, 0 warnings"


def test_json_output_shape(tmp_path):
    bad = tmp_path / "bad.card"
    bad.write_text('card 201 "Test" { side democrat; ops 2; summary "x" }\n')
    console, out = capture()
    assert run_lint([bad], fmt="json", console=console) == 1
    report = json.loads(out.getvalue())
    assert set(report) == {"checked", "diagnostics", "cards", "boxes", "errors", "warnings"}
    assert report["checked"] == [str(bad)]
    assert report["diagnostics"] == [{
        "path": str(bad), "line": 1, "col": 1, "end_line": 1, "end_col": 16,
        "code": "E401", "severity": "error",
        "message": 'card 201 "Test" has no \'period\'',
        "hint": "add 'period early', 'period middle' or 'period late' (rule 4.1)"}]
    assert (report["cards"], report["boxes"], report["errors"], report["warnings"]) == (1, 0, 1, 0)


def test_broken_files_exit_1_cleanly(tmp_path):
    cases = {
        "empty.card": b"",
        "truncated.card": (builtin_cards_dir() / "early.card").read_bytes()[:700],
        "binary.card": bytes(range(256)),
        "dup.card": b'card 201 "A" { period early; side democrat; ops 1; summary "a" }\n' * 2,
    }
    expected = {"empty.card": "E003", "truncated.card": "E001", "binary.card": "E002",
                "dup.card": "E402"}
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        console, out = capture()
        assert run_lint([path], fmt="json", console=console) == 1, name
        codes = [d["code"] for d in json.loads(out.getvalue())["diagnostics"]]
        assert expected[name] in codes, (name, codes)


def test_warnings_pass_unless_strict(tmp_path):
    path = tmp_path / "warn.card"
    path.write_text('card 201 "W" { period early; side democrat; ops 1; summary "w"\n'
                    '  event { democrat places 1 SP in Minority spaces in Poland } }\n')
    assert run_lint([path], console=capture()[0]) == 0
    assert run_lint([path], strict=True, console=capture()[0]) == 1


def test_mod_adds_and_replaces_cards(tmp_path):
    (tmp_path / "mine.card").write_text(
        'card 7 "State Run Media" { period early; side communist; ops 2; removed after event\n'
        '  summary "Harsher media."\n'
        '  event { communist removes 5 democrat SP from any spaces, at most 2 per space } }\n'
        'card 111 "My Card" { period late; side democrat; ops 2; summary "New."\n'
        '  event { democrat gains 1 VP } }\n')
    deck = load_deck(mod=tmp_path)
    assert deck.errors == 0
    assert deck.card(7).event[0]["amount"] == 5 and deck.card(111).written
    assert run_lint([], mod=tmp_path, console=capture()[0]) == 0


def test_cards_view_json_lists_every_card_and_box():
    console, out = capture()
    assert run_cards(None, fmt="json", console=console) == 0
    listing = json.loads(out.getvalue())
    assert len(listing["cards"]) == 110 and len(listing["boxes"]) == 8
    assert listing["cards"][2] == {"number": 3, "name": "Walesa", "side": "democrat", "ops": 3,
                                   "period": "early", "written": True}
    assert all(card["written"] for card in listing["cards"])
    assert listing["boxes"][0]["needs"] == {"democrat": 5, "communist": 6}


def test_cards_view_shows_one_card_by_prefix_or_number():
    console, out = capture()
    assert run_cards("walesa", console=console) == 0
    text = out.getvalue()
    assert "#3 Walesa" in text and "democrat places 4 SP in spaces of Poland" in text
    assert "support_checks" in text
    console, out = capture()
    assert run_cards("3", fmt="json", console=console) == 0
    assert json.loads(out.getvalue())["requires"] == [{"cond": "event_occurred", "card": 2}]


def test_cards_view_ambiguous_or_unknown_exits_1():
    console, out = capture()
    assert run_cards("the wa", console=console) == 1
    assert "several cards match 'the wa'" in out.getvalue()
    assert "The Wall Must Go!" in out.getvalue()
    console, out = capture()
    assert run_cards("Zzz", console=console) == 1
    assert "no card or box matches 'Zzz'" in out.getvalue()


def test_cards_view_offers_the_closest_names_of_cards_and_boxes():
    """A slip gets a 'did you mean', as the game's `card` command gives."""
    for query, hint in (("walesaa", "'Walesa'"), ("Solidarity Legalised", "'Solidarity Legalized'"),
                        ("Goddess of Democrasy", "'Goddess of Democracy'")):
        console, out = capture()
        assert run_cards(query, console=console) == 1
        assert f"no card or box matches '{query}'; did you mean {hint}?" in \
            " ".join(out.getvalue().split())


def test_builtin_metadata_agrees_with_game_data(data):
    # The shipped card files restate every printed fact (they read well), and
    # lint cross-checks them with strategy.yaml: no W510, the same StrategyCard.
    deck = load_deck()
    assert [d.format() for d in deck.diagnostics if d.code == "W510"] == []
    for number, card in data.cards.items():
        mine = deck.card(number)
        assert mine.printed == card
        assert all(word in mine.source for word in ("period ", "side ", " ops")), number
        assert mine.summary, number


def test_paths_are_shown_relative_when_under_the_working_directory(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    Path("x.card").write_text("")
    console, out = capture()
    run_lint([Path("x.card").absolute()], console=console)
    assert out.getvalue().startswith("x.card:1:1: E003")


# ------------------------------------------------------ bad input, on purpose
def test_a_card_name_used_twice_is_an_error(tmp_path):
    """A mod card named like a printed card would silently take over every
    reference to that name (Walesa would require the mod card)."""
    (tmp_path / "clash.card").write_text(
        'card 111 "Solidarity Legalized" { period early; side democrat; ops 2\n'
        '  summary "A namesake."\n  event { democrat gains 1 VP } }\n')
    deck = load_deck(mod=tmp_path)
    [clash] = [d for d in deck.diagnostics if d.code == "E406"]
    assert clash.message == ('"Solidarity Legalized" is the name of printed card 2: a new card '
                             'needs a name of its own')
    assert clash.hint.startswith("to change card 2 itself, number this card 2")
    assert deck.card(3).requires == [{"cond": "event_occurred", "card": 2}]


def nested_ifs(depth: int) -> str:
    body = "if the turn is 1 {\n" * depth + "democrat gains 1 VP\n" + "}\n" * depth
    return ('card 201 "Deep" {\n period early; side democrat; ops 2\n summary "x"\n'
            f' event {{\n{body}}}\n}}\n')


def test_deep_nesting_is_a_clean_diagnostic_and_json_stays_valid(tmp_path):
    path = tmp_path / "deep.card"
    path.write_text(nested_ifs(200))
    console, out = capture()
    assert run_lint([path], fmt="json", console=console) == 1
    [diag] = json.loads(out.getvalue())["diagnostics"]
    assert diag["code"] == "E004" and diag["line"] > 5
    path.write_text(nested_ifs(20))
    assert run_lint([path], console=capture()[0]) == 0


def test_diagnostics_are_never_wrapped_and_long_lines_are_clipped(tmp_path):
    """At 80 columns (a pipe, a narrow terminal) the PATH:LINE:COL line stays
    whole, and a long source line is clipped so the caret stays under the
    word."""
    path = tmp_path / ("a-rather-long-folder-name-" * 3 + ".card")
    path.write_text('card 201 "T" { period early; side democrat; ops 2; summary "x"\n'
                    f'  event {{ democrat gains 1 VP; democrat places 2 SP in Gdnask '
                    f'; democrat places 1 SP in Krakow {"and Krakow " * 12}}} }}\n')
    out = io.StringIO()
    assert run_lint([path], console=Console(file=out, width=80, highlight=False)) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"{path}:2:") and lines[0].endswith("'Gdnask'")
    source, caret = lines[1], lines[2]
    assert len(source) <= 102 and source.endswith("…")
    assert source[caret.index("^"):caret.index("^") + 6] == "Gdnask"


def test_clipping_keeps_the_caret_under_a_late_column():
    from dof.dsl import Diagnostic, Span

    line = "x" * 300 + " Gdnask " + "y" * 300
    diag = Diagnostic("E101", "unknown", Span("f.card", 1, 302, 1, 308), None, line)
    source, caret = diag.excerpt(100)
    assert source.startswith("…") and source.endswith("…") and len(source) == 102
    assert source[caret.index("^"):caret.index("^") + 6] == "Gdnask"
    assert caret.count("^") == 6


def test_a_folder_without_card_files_warns_and_an_empty_mod_is_an_error(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("cards go here")
    console, out = capture()
    assert run_lint([empty], console=console) == 0
    assert "W505 the folder holds no card files (*.card)" in out.getvalue()
    assert "found notes.txt" in out.getvalue()
    console, out = capture()
    assert run_lint([], mod=empty, console=console) == 1
    assert "E005 the mod folder holds no card files" in out.getvalue()


def test_cards_with_a_broken_mod_shows_its_diagnostics(tmp_path):
    (tmp_path / "broken.card").write_text('card 111 "Mine" { period early; side democrat\n'
                                          '  ops 2; summary "x"; event { gains 1 VV } }\n')
    console, out = capture()
    assert run_cards("111", mod=tmp_path, console=console) == 1
    text = out.getvalue()
    assert "broken.card:2:" in text and "E001" in text and "matches" not in text


def test_a_tree_checked_again_with_a_new_reporter_keeps_its_ignore_comments():
    # The language server keeps the syntax tree of an unchanged buffer and
    # checks it again with a fresh reporter, which never saw the text parsed.
    text = ('card 7 "State Run Media" {\n'
            '    period middle  # dof: ignore W510\n'
            '    summary "x"\n'
            '    event {\n'
            '        democrat places 1 SP in Gdansk\n'
            '    }\n'
            '}\n')
    src = parse_source("mod.card", text, Reporter())
    reporter = Reporter()
    deck = build_deck(default_names(), merge_layers([[src]], reporter), reporter)
    assert [(d.code, d.span.line, d.source_line) for d in deck.diagnostics] == [
        ("W507", 5, "        democrat places 1 SP in Gdansk")]


def test_a_pipe_gets_the_same_diagnostics_as_a_terminal(tmp_path):
    """Piped output skips Rich (20,000 findings print in a moment), with the
    same text as the terminal shows."""
    bad = tmp_path / "bad.card"
    bad.write_text('card 201 "Test" {\n    side democrat; ops 2; period early; summary "x"\n'
                   "    event { democrat places 2 SP in Gdnask }\n}\n")
    deck = load_deck([bad])
    terminal = Console(file=io.StringIO(), force_terminal=True, color_system=None, width=200)
    for diag in deck.diagnostics:
        print_diagnostic(terminal, diag)
    piped, out = capture()
    assert run_lint([bad], console=piped) == 1
    shown = out.getvalue().splitlines()[:-1]
    assert shown == terminal.file.getvalue().splitlines()
    assert shown[0].endswith("E101 unknown space or country 'Gdnask'")
