"""Positions as data (engine/data/positions.py, engine/position.py): the
Python API reads the same position a scenario file writes, says where a
mistake is as a path into the data, and starts a game there with scripted
chance (docs/api.md, "Start at a position"; issue 21, item 7)."""

from __future__ import annotations

import pytest
from helpers import sid

import dof
from dof.cli.located import YamlFile
from dof.engine import (
    Position,
    PositionError,
    ScriptedChance,
    ScriptError,
    answer_by_name,
    deal_power_struggles,
    start_position,
)
from dof.engine.data.located import Key

D, C = "democrat", "communist"

BLOCK = """\
turn: 8
action_round: 3
democrat: {Gdansk: 3, Leipzig: 1}
communist: {Warszawa: 2}
vp: -4
tiananmen: {democrat: 2, communist: 1}
tiananmen_attempted: [democrat]
ussr: Sajudis
power: {Poland: democrat}
scoring_plays: {Poland: 1}
hands: {democrat: [Walesa, 101], communist: [Apparatchiks]}
set_aside: {democrat: ["#5"]}
discard: [Michnik]
removed: [State Run Media]
deck_top: [Kremlin Coup!]
events_played: [Solidarity Legalized]
in_effect: [The Wall, {card: Tear Gas, by: communist}]
"""


@pytest.fixture(scope="module")
def rules():
    return dof.load_rules()


def test_python_reads_the_position_a_scenario_file_writes(tmp_path, rules):
    data, _ = rules
    path = tmp_path / "pos.yaml"
    path.write_text(BLOCK, encoding="utf-8")
    f = YamlFile.read(path)
    from_file = Position.read(data, f.value(f.documents[0]))
    from_python = Position.read(data, {
        "turn": 8, "action_round": 3, "democrat": {"Gdansk": 3, "Leipzig": 1},
        "communist": {"Warszawa": 2}, "vp": -4, "tiananmen": {D: 2, C: 1},
        "tiananmen_attempted": [D], "ussr": "Sajudis", "power": {"Poland": D},
        "scoring_plays": {"Poland": 1},
        "hands": {D: ["Walesa", 101], C: ["Apparatchiks"]}, "set_aside": {D: ["#5"]},
        "discard": ["Michnik"], "removed": ["State Run Media"], "deck_top": ["Kremlin Coup!"],
        "events_played": ["Solidarity Legalized"],
        "in_effect": ["The Wall", {"card": "Tear Gas", "by": C}]})
    assert from_file == from_python
    assert from_python.sp[D] == {sid("Gdansk"): 3, sid("Leipzig"): 1}
    assert from_python.set_aside == {D: [5]} and from_python.scoring_plays == {"Poland": 1}
    assert [(p.card, p.by) for p in from_python.in_effect] == [(9, C), (30, C)]


def test_the_game_starts_there_with_what_it_leaves_in_force(rules):
    data, events = rules
    position = Position.read(data, {"turn": 8, "tiananmen": {D: 1},
                                    "tiananmen_attempted": [C], "scoring_plays": {"Poland": 2},
                                    "set_aside": {D: ["Michnik"]},
                                    "hands": {C: ["Apparatchiks"]}})
    game = start_position(data, events, position, phasing=C)
    st = game.state
    assert (game.pending.kind, game.pending.player, game.pending.options) == ("card", C, [12])
    assert st["tst_used"] == {D: False, C: True} and st["scoring_plays"]["Poland"] == 2
    assert st["set_aside"] == {D: [4], C: []}
    assert [(e["box"], e["owner"]) for e in st["effects"]] == [(1, D)]   # box 1's award
    at_deal = start_position(data, events, position)   # at the deal: the cards come back
    assert 4 in at_deal.hand(D) and len(at_deal.hand(D)) == 8


@pytest.mark.parametrize("value, at, code, message", [
    ({"democrat": {"Gdnask": 1}}, ("democrat", Key("Gdnask")), "E101",
     "unknown space 'Gdnask'"),
    ({"hands": {D: ["Michnik"]}, "discard": [4]}, ("discard", 0), "E604",
     "card #4 is listed twice"),
    ({"turn": 2, "removed": ["Elena"]}, ("removed", 0), "E604",
     "#101 Elena is a late year card, not in the game on turn 2"),
    ({"vp": "lots"}, ("vp",), "E201", "vp must be a whole number, not 'lots'"),
    ({"in_effect": [{"card": "The Wall", "as": "event"}]}, ("in_effect", 0, Key("as")),
     "E601", "in_effect: unknown key 'as'"),
    ({"tiananmen_attempted": ["nobody"]}, ("tiananmen_attempted", 0), "E201",
     "a player must be one of democrat, communist, not 'nobody'"),
])
def test_a_mistake_says_where_it_is(rules, value, at, code, message):
    with pytest.raises(PositionError) as error:
        Position.read(rules[0], value)
    assert (error.value.at, error.value.code, error.value.message) == (at, code, message)


def test_an_event_put_in_force_takes_its_answers_by_name(rules):
    data, events = rules
    position = Position.read(data, {"democrat": {"Polish Writers": 3, "Czech Writers": 1},
                                    "in_effect": [{"card": "Dissident Arrested",
                                                   "answers": ["Polish Writers"]}]})
    game = start_position(data, events, position)
    assert "democrat SPs in Polish Writers -2" in [e["text"] for e in game.log]
    # the SPs the position names are the board after its events
    assert game.state["sp"][D][sid("Polish Writers")] == 3
    wrong = Position.read(data, {"democrat": {"Polish Writers": 3, "Czech Writers": 1},
                                 "in_effect": [{"card": "Dissident Arrested",
                                                "answers": ["Gdansk"]}]})
    with pytest.raises(ScriptError) as error:
        start_position(data, events, wrong)
    assert error.value.code == "E611" and error.value.at == ("in_effect", 0, "answers", 0)
    assert error.value.hint == "offered: Polish Writers, Czech Writers"


def test_power_struggles_are_dealt_in_order(rules):
    """Two struggles, each dealt its own cards: a list of deals, in order;
    one left over is a ScriptError."""
    data, _ = rules
    chance = ScriptedChance(dice=[1, 4, 1, 4])
    deals = deal_power_struggles(chance, data, [{D: ["March 4"]}, {D: ["Petition 6"]},
                                                {C: ["Strike 4"]}])
    game = dof.position_game({"democrat": {"Gdansk": 3, "Budapest": 3},
                              "hands": {D: ["Poland Scoring", "Hungary Scoring"]}},
                             phasing=D, chance=chance)
    answer_by_name(game, "Poland Scoring", "no", "March 4")
    assert deals.held == 1 and (game.pending.kind, game.pending.player) == ("card", D)
    answer_by_name(game, "Hungary Scoring", "no", "Petition 6")
    attacks = [e["text"] for e in game.log if e["kind"] == "ps_attack"]
    assert attacks == ["democrat attacks with March 4", "democrat attacks with Petition 6"]
    assert deals.held == 2 and chance.dice == []
    with pytest.raises(ScriptError, match=r"power_struggle: 2 Power Struggle\(s\) held, "
                                          r"3 scripted") as error:
        deals.check()
    assert error.value.at == (2,)
