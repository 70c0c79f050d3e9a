"""Scenario files (docs/scenarios.md): the project's own card scenarios pass,
`dof scenario run` reports failures and file mistakes at their line, the
pytest plugin collects a mod's scenarios, and `dof play` starts where a
card matters (--turn, --deal, --position)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from unittest.mock import patch

import pytest
from rich.console import Console

from dof.cli.main import load_game, main
from dof.cli.pytest_scenarios import check_scenario, game_for, scenario_params
from dof.cli.start import Start, StartError, started_game

pytest_plugins = ["pytester"]

ROOT = Path(__file__).parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
DOC = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")


# ------------------------------------------------ the project's scenarios
@pytest.mark.parametrize("scenario", scenario_params(SCENARIOS))
def test_card_scenario(scenario):
    check_scenario(scenario)


def test_the_scenarios_cover_the_deck():
    """At least 25 cards, from each of the three years (a card's file is
    named by its number; the rules' own files are not)."""
    numbers = {int(p.name[:3]) for p in SCENARIOS.rglob("*.scenario.yaml")
               if p.name[:3].isdecimal()}
    assert len(numbers) >= 25
    assert all(any(lo <= n <= hi for n in numbers) for lo, hi in ((1, 40), (41, 81), (82, 110)))


# ------------------------------------------------------------ the command
def loaded(mod: Path | None) -> tuple:
    """The game data and events: the built-in ones as loaded for the
    scenario params, a mod's afresh."""
    return game_for(None) if mod is None else load_game(mod)


def run(capsys, *args: str) -> tuple[int, str, str]:
    """`dof scenario run ARGS`, with the game data loaded once per mod."""
    with patch("dof.cli.main.load_game", loaded):
        code = main(["scenario", "run", *args])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "example.scenario.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


MICHNIK = """\
name: Michnik
play: {card: Michnik, as: event}
expect:
  democrat: {Polish Writers: 3}
"""


def test_run_a_folder_passes_with_exit_0(tmp_path, capsys):
    write(tmp_path, MICHNIK, "a.scenario.yaml")
    write(tmp_path, "not a scenario", "notes.yaml")  # other YAML files are not scenarios
    code, out, _ = run(capsys, str(tmp_path), "-v")
    assert code == 0
    assert "a.scenario.yaml::Michnik PASS" in out and "1 passed" in out


def test_a_failed_expectation_shows_the_difference_at_its_line(tmp_path, capsys):
    path = write(tmp_path, MICHNIK.replace("Polish Writers: 3", "Polish Writers: 2")
                 + "  vp: 1\n  removed: [Papal Visit]\n")
    code, out, _ = run(capsys, str(path))
    assert code == 1
    assert f"{path}:4:3: E620 expect democrat: democrat SPs differ: Polish Writers: " \
           "expected 2, got 3" in out
    assert f"{path}:5:3: E620 expect vp: VP: expected +1, got +0" in out
    assert "expect removed: removed: missing #19 Papal Visit; not expected #4 Michnik" in out
    assert "1 failed" in out


def test_several_scenarios_per_file_and_json(tmp_path, capsys):
    path = write(tmp_path, MICHNIK + "---\n" + MICHNIK.replace(": 3", ": 4")
                 + "---\nname: broken\nplay: {card: Michnik}\nexpekt: {}\n")
    code, out, _ = run(capsys, str(path), "--format", "json")
    report = json.loads(out)
    assert code == 1
    assert (report["passed"], report["failed"], report["errors"]) == (1, 1, 1)
    statuses = [(s["name"], s["status"], s["line"]) for s in report["scenarios"]]
    assert statuses == [("Michnik", "passed", 1), ("Michnik", "failed", 6),
                        ("broken", "error", 11)]
    [problem] = report["scenarios"][2]["problems"]
    assert (problem["line"], problem["col"], problem["code"]) == (13, 1, "E601")
    assert problem["hint"] == "did you mean 'expect'?"


@pytest.mark.parametrize("text, where, message, hint", [
    ("play: {card: Michnik\n", "1:7", "E001 this bracket is never closed with '}'", None),
    ("play: {card: Michnk}\n", "1:14", "E102 unknown card 'Michnk'", "did you mean 'Michnik'?"),
    ("play: {card: 111}\n", "1:14", "E102 there is no card #111", None),
    ("play: {card: '#4 Walesa'}\n", "1:14", "E102 card #4 is 'Michnik', not 'Walesa'", None),
    ("position: {democrat: {Gdnask: 2}}\nplay: {card: 4}\n", "1:23",
     "E101 unknown space 'Gdnask'", "did you mean 'Gdansk'?"),
    ("position: {power: {Polnd: democrat}}\nplay: {card: 4}\n", "1:20",
     "E103 unknown country 'Polnd'", "did you mean 'Poland'?"),
    ("position: {turn: 11}\nplay: {card: 4}\n", "1:18", "E301 turn must be from 1 to 10", None),
    ("position: {vp: lots}\nplay: {card: 4}\n", "1:16", "E201 vp must be a whole number",
     None),
    ("position: {removed: [4], discard: [Michnik]}\nplay: {card: 7}\n", "1:22",
     "E604 card #4 is listed twice (first at 1:36)", None),
    ("position: {hands: {democrat: [Elena]}}\nplay: {card: 4}\n", "1:31",
     "E604 #101 Elena is a late year card, not in the game on turn 1", None),
    ("play: {card: Elena}\n", "1:14",
     "E604 #101 Elena is a late year card, not in the game on turn 1", None),
    ("play: {card: 4, dice: [7]}\n", "1:24", "E301 a die must be from 1 to 6", None),
    ("play: {card: 14}\n", "1:14", "E602 play: say who plays #14 Gorbachev Charms the West",
     None),
    ("play: []\n", "1:7", "E602 play: give at least one card to play", None),
    ("play: {card: 4}\nplay: {card: 4}\n", "2:1", "E603 a scenario: 'play' is given twice",
     None),
    ("power_struggle: {democrat: [March 7]}\nplay: {card: 4}\n", "1:29",
     "E105 unknown Power Struggle card 'March 7'", None),
    ("play: {card: 4}\nexpect: {asked: [democrat]}\n", "2:18",
     "E201 an asked question is 'PLAYER KIND'", None),
    ("play: [{to: the end}]\n", "1:13", "E201 to must be one of end of turn, next deal, "
     "not 'the end'", None),
    ("play: [{to: next deal, card: 4}]\n", "1:9", "E201 play: a play plays a card or runs "
     "the turn on (to), not both", None),
    ("play: [{to: next deal, as: event}]\n", "1:24", "E601 play: unknown key 'as'", None),
    ("play: {card: 4, refused: [event]}\n", "1:26", "E201 expected a single value, not a "
     "list", None),
    ("power_struggle: [{democrat: [March 4]}, {communist: [Rally]}]\nplay: {card: 4}\n",
     "1:54", "E105 unknown Power Struggle card 'Rally'", None),
    ("play: {card: 4}\nexpect: {game_over: {winner: democrat, how: by knockout}}\n", "2:45",
     "E201 how must be one of automatic victory, final scoring, held scoring card, new years "
     "eve, end game, not 'by knockout'", None),
])
def test_file_mistakes_are_errors_at_their_place(tmp_path, capsys, text, where, message, hint):
    path = write(tmp_path, text)
    code, out, _ = run(capsys, str(path))
    assert code == 1
    assert f"{path}:{where}: {message}" in out
    assert "1 error" in out
    if hint:
        assert f"hint: {hint}" in out


@pytest.mark.parametrize("play, where, message", [
    ("[{to: end of turn}, {card: 7, as: event}]", "1:34", "E604 no action round now: the turn "
     "has ended (to: next deal starts the next one)"),
    ("[{to: end of turn, answers: [Gdansk]}]", "1:36", "E613 answer not used: the run to the "
     "end of turn ended before this answer was needed"),
    ("{card: 7, as: event, answers: [Gdansk], refused: Gdansk}", "1:56", "E620 'Gdansk' is "
     "offered, and the play expects it refused"),
    ("{card: 7, as: event, answers: [Gdansk, Gdansk], refused: Lodz}", "1:64", "E620 the play "
     "ended before a question that could refuse 'Lodz'"),
    ("{card: 7, as: event, answers: [Gdansk], refused: Lodzz}", "1:56", "E611 'Lodzz' names "
     "nothing a question could offer"),
    ("{card: 7, as: event, answers: [Gdansk, Lodz]}", "1:46",
     "E611 'Lodz' is not among the options: the communist is asked"),
    ("{card: 7, as: event, answers: [Gdansk]}", "1:37",
     "E612 the communist is asked 'communist: remove 4 democrat SP, one at a time: 2 of 4' "
     "(space), but no answer is left"),
    ("{card: 7, as: event, answers: [Gdansk, Gdansk, Krakow]}", "1:54",
     "E613 answer not used: the play of #7 State Run Media ended before this answer"),
    ("{card: 7, as: check, dice: [3, 4, 5]}", "1:68", "E614 die not used"),
    ("{card: 7, as: check, dice: []}", "1:7", "E614 the communist rolls a die (support check "
     "in Gdansk) but no die is left"),
    ("{card: 7, as: events}", "1:21", "E611 'events' is not among the options"),
    ("{card: 22, by: democrat, as: event}", "1:36", "E613 #22 Poland Scoring is not asked "
     "how to be used"),
])
def test_a_script_that_does_not_fit_points_at_the_answer(tmp_path, capsys, play, where,
                                                         message):
    text = f"play: {play}\nposition: {{democrat: {{Gdansk: 3, Krakow: 1}}}}\n"
    path = write(tmp_path, text.replace("as: check, dice", "as: check, answers: [Gdansk, "
                                        "Gdansk], dice"))
    code, out, _ = run(capsys, str(path))
    assert code == 1 and f"{path}:{where}: {message}" in out, out
    assert "1 failed" in out


POLAND = """\
position: {democrat: {Gdansk: 3}}
power_struggle: {democrat: [March 4, Strike 4, Strike 3, March 3, Petition 5, Petition 6]}
play: {card: Poland Scoring, by: democrat, answers: ["no", March 4], dice: [1, 4]}
"""


@pytest.mark.parametrize("change, where, message", [
    (("dice: [1, 4]", "dice: [1]"), "3:7", "E614 the democrat rolls a die (Victory Point) but "
     "no die is left in the script"),
    (("Petition 6]", "Petition 6, March 5]"), "2:91", "E301 the democrat controls 1 space(s) "
     "in Poland and is dealt 6 Power Struggle cards, not 7"),
    (('card: Poland Scoring, by: democrat, answers: ["no", March 4], dice: [1, 4]',
      "card: Michnik, as: event"), "2:17", "E613 power_struggle: no Power Struggle was held"),
])
def test_the_chance_a_scenario_scripts_fails_where_it_is_written(tmp_path, capsys, change,
                                                                 where, message):
    """The dice and the Power Struggle deck come from the scenario's script
    (a chance source given to each play's game): a die short inside a
    struggle, a hand too big for the deal or a deck never dealt fail there."""
    path = write(tmp_path, POLAND.replace(*change))
    code, out, _ = run(capsys, str(path))
    assert code == 1 and f"{path}:{where}: {message}" in out, out


def test_the_offered_options_are_shown(tmp_path, capsys):
    path = write(tmp_path, "play: {card: 7, as: event, answers: [Lodz]}\n"
                           "position: {democrat: {Gdansk: 3, Krakow: 1}}\n")
    _, out, _ = run(capsys, str(path))
    assert "hint: offered: Gdansk, Krakow" in out


def test_a_game_that_ends_is_a_failure_unless_expected(tmp_path, capsys):
    text = ("position: {vp: 19, democrat: {Polish Writers: 1}}\n"
            "play: {card: Bulgarian Turks Expelled, by: democrat, as: place, "
            "answers: [before, Polish Writers, Polish Writers, Polish Writers]}\n")
    path = write(tmp_path, text.replace("vp: 19", "vp: -19, period: middle"))
    code, out, _ = run(capsys, str(path))
    assert code == 1 and "E620 the game ended: communist by automatic_victory" in out
    write(tmp_path, text.replace("vp: 19", "vp: -19, period: middle")
          + "expect: {game_over: communist}\n")
    assert run(capsys, str(path))[0] == 0


def test_missing_paths_and_empty_folders(tmp_path, capsys):
    code, out, _ = run(capsys, str(tmp_path / "nothere"), str(tmp_path))
    assert code == 1
    assert "E002 no such file or folder" in out
    assert "E005 no *.scenario.yaml files in this folder" in out


def test_a_mod_card_in_a_scenario(tmp_path, capsys):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "new.card").write_text('''
card 111 "Round Table Returns" {
    period late; side democrat; ops 2; removed after event
    summary "Democrat scores 1 VP."
    event { democrat gains 1 VP }
}
''')
    path = write(tmp_path, "position: {turn: 8}\nplay: {card: Round Table Returns, as: event}\n"
                           "expect: {vp: 1, removed: [111]}\n")
    assert run(capsys, str(path), "--mod", str(mod))[0] == 0
    code, out, _ = run(capsys, str(path))
    assert code == 1 and "E102 unknown card 'Round Table Returns'" in out


# ------------------------------------------------------------ the docs
def doc_blocks() -> list[tuple[str, str, str]]:
    """(kind, yaml, the text block after it) for each YAML example."""
    found = re.findall(r"```(yaml(?: fails)?)\n(.*?)```\s*(?:```\n(.*?)```)?", DOC, re.S)
    return [(kind, text, after) for kind, text, after in found]


def test_the_doc_has_examples():
    kinds = [kind for kind, _, _ in doc_blocks()]
    assert kinds.count("yaml") >= 4 and kinds.count("yaml fails") >= 3


@pytest.mark.parametrize("kind, text, after", doc_blocks(),
                         ids=[f"block{i}" for i in range(len(doc_blocks()))])
def test_doc_example(tmp_path, monkeypatch, capsys, kind, text, after):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, text)
    code, out, _ = run(capsys, "example.scenario.yaml")
    if kind == "yaml":
        assert code == 0, out
        return
    assert code == 1
    shown = [line for line in after.splitlines() if line.startswith("example.scenario")
             or line.startswith("  ") or line.startswith("hint:")]
    assert shown and all(line in out.splitlines() for line in shown), out


# ------------------------------------------------------- pytest plugin
def test_the_pytest_plugin_collects_scenario_files(pytester):
    pytester.makefile(".scenario.yaml", cards=MICHNIK + "---\n" + MICHNIK.replace(": 3", ": 5"))
    pytester.makefile(".scenario.yaml", broken="play: {card: Michnk}\n")
    pytester.makeini("[pytest]\ndof_scenarios = true\n")
    result = pytester.runpytest("-q", "-p", "dof.cli.pytest_scenarios", "-p", "no:hypothesispytest",
                                "-W", "ignore::pytest.PytestAssertRewriteWarning")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(["*broken.scenario.yaml:1:14: E102 unknown card 'Michnk'*",
                                 "*cards.scenario.yaml:9:3: E620 expect democrat*"])


def test_the_plugin_collects_nothing_until_asked(pytester):
    pytester.makefile(".scenario.yaml", cards=MICHNIK)
    result = pytester.runpytest("-q", "-p", "dof.cli.pytest_scenarios", "-p", "no:hypothesispytest")
    result.assert_outcomes()
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


# --------------------------------------------------- dof play's start
@pytest.fixture(scope="module")
def game_data():
    return loaded(None)


def test_turn_and_deal_start_at_that_turn_with_the_cards(game_data):
    game = started_game(*game_data, 5, {}, Start(8, None, ["101,Walesa"]),
                        ["democrat"])
    st = game.state
    assert st["turn"] == 8 and game.pending.kind == "setup_place"
    assert {101, 3} <= set(st["hands"]["democrat"]) and len(st["hands"]["democrat"]) == 8
    every = st["deck"] + st["hands"]["democrat"] + st["hands"]["communist"]
    assert sorted(every) == sorted(game.data.cards)   # all three years in play


def test_deal_without_one_human_goes_to_the_communist(game_data):
    game = started_game(*game_data, 5, {}, Start(None, None, ["Apparatchiks", "dem:4"]), [])
    assert 12 in game.state["hands"]["communist"] and 4 in game.state["hands"]["democrat"]


def test_position_file_starts_at_its_deal(tmp_path, game_data):
    path = write(tmp_path, "turn: 4\nvp: 3\ndemocrat: {Gdansk: 2}\nhands: {democrat: [3]}\n"
                           "events_played: [2]\nin_effect: [The Wall]\n", "pos.yaml")
    game = started_game(*game_data, 1, {}, Start(None, str(path), ["democrat: Michnik"]),
                        ["democrat"])
    st = game.state
    assert (st["turn"], st["vp"], st["phase"], st["ar"]) == (4, 3, "action_rounds", 1)
    assert game.pending.kind == "card" and game.pending.player == "communist"
    assert {3, 4} <= set(st["hands"]["democrat"]) and len(st["hands"]["democrat"]) == 8
    assert st["display"] == [9] and st["events_played"] == [2, 9]
    assert st["sp"]["democrat"][game.space_ids["Gdansk"]] == 2
    assert "Event: #9 The Wall for the communist" in [e["text"] for e in game.log]


def test_a_position_file_puts_in_force_what_its_past_leaves(tmp_path, game_data):
    """The Tiananmen box the Democrat alone has reached gives its award
    (6.3.5), and an event played cancels what it cancels (7.2)."""
    path = write(tmp_path, "turn: 8\ntiananmen: {democrat: 2, communist: 1}\n"
                           "events_played: [Army Backs Revolution]\n", "pos.yaml")
    game = started_game(*game_data, 1, {}, Start(None, str(path), []), ["democrat"])
    assert [(e["box"], e["owner"]) for e in game.state["effects"]] == [(2, "democrat")]
    assert game.state["cancelled"] == [70]


def test_a_file_holding_only_a_position_block_starts_there(tmp_path, game_data):
    """`position:` alone, as a scenario without plays (issue 21, item 8)."""
    path = write(tmp_path, "name: a start\nposition:\n  turn: 4\n  democrat: {Gdansk: 2}\n",
                 "pos.yaml")
    game = started_game(*game_data, 1, {}, Start(None, str(path), []), ["democrat"])
    assert game.state["turn"] == 4
    assert game.state["sp"]["democrat"][game.space_ids["Gdansk"]] == 2
    write(tmp_path, "position: {turn: 4}\nexpekt: {}\n", "pos.yaml")
    with pytest.raises(StartError, match=r"pos.yaml:2:1: a position file: unknown key "
                                         r"'expekt' \(did you mean 'expect'\?\)"):
        started_game(*game_data, 1, {}, Start(None, str(path), []), ["democrat"])


def test_a_scenario_as_the_start_deals_its_played_card(game_data):
    path = SCENARIOS / "early" / "011-dissident-arrested.scenario.yaml"
    game = started_game(*game_data, 1, {}, Start(None, str(path), []), ["democrat"])
    assert 11 in game.state["hands"]["communist"]
    assert game.state["sp"]["democrat"][game.space_ids["Polish Writers"]] == 3


@pytest.mark.parametrize("start, message", [
    (Start(2, None, ["101"]), "--deal: #101 Elena is a late year card, not in the "
                                        "game on turn 2 (it is from turn 8 on: --turn 8)"),
    (Start(11, None, []), "--turn 11: the game has turns 1 to 10"),
    (Start(None, None, ["Walesaa"]), "--deal: unknown card 'Walesaa' (did you "
                                               "mean 'Walesa'?)"),
    (Start(None, None, ["4,Michnik"]), "--deal: #4 Michnik is dealt twice"),
    (Start(None, None, ["9" * 5000]), "--deal: there is no card '#9999999999999999999999"),
    (Start(None, "nothere.yaml", []), "nothere.yaml: cannot read the file"),
    (Start(None, None, ["3,,4"]), "--deal 3,,4: expected card numbers or names separated by "
                                  "commas"),
])
def test_bad_starts_are_one_line(game_data, start, message):
    with pytest.raises(StartError, match=re.escape(message)):
        started_game(*game_data, 1, {}, start, ["democrat"])


@pytest.mark.parametrize("args, message", [
    (["--deal", "999"], "dof: --deal: there is no card #999 (cards are numbered 1 to 110)\n"),
    (["--deal", "3", "--load", "x.json"], "dof: --load continues a saved game; --turn, "
                                          "--position and --deal start a new one\n"),
    (["--position", "{path}"], "dof: {path}:1:7: turn must be from 1 to 10, not 0\n"),
])
def test_dof_play_bad_start_exits_1_with_one_line(tmp_path, capsys, args, message):
    path = write(tmp_path, "turn: 0\n", "pos.yaml")
    args = [a.format(path=path) for a in args]
    assert main(["play", "--democrat", "greedy", *args]) == 1
    assert capsys.readouterr().err == message.format(path=path)


def test_a_file_that_is_not_yaml_is_named_in_a_short_line(tmp_path, capsys):
    """A file of one long line (here a password file) is quoted clipped, not whole."""
    path = write(tmp_path, "root:x:0:0:root:/root:/bin/bash " * 40, "pos.yaml")
    assert main(["play", "--democrat", "greedy", "--position", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"dof: {path}:1:1: position must be a mapping (key: value lines), "
                          "not the value 'root:x:0:0:root:/root:/bin/bash "
                          "root:x:0:0:root:/root:/bi'...")
    assert len(err.splitlines()) == 1 and len(err) < len(str(path)) + 150


def test_dof_play_from_a_position_between_bots(tmp_path, capsys, monkeypatch):
    """A whole game from turn 10 with a card dealt: it ends, and the seed
    line repeats the options."""
    monkeypatch.setattr("dof.cli.main.terminal", lambda: Console(width=200))
    path = write(tmp_path, "turn: 10\nvp: 2\nboard: setup\n", "pos.yaml")
    code = main(["play", "--democrat", "greedy", "--communist", "greedy", "--seed", "4",
                 "--position", str(path), "--deal", "d:Walesa"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"replay with --seed 4 --position {path} --deal d:Walesa" in out
    assert "Game over" in out
