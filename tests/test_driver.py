"""The one driver (engine/game.py Driver): it steps every rule's generator,
for the Game, the positions and scenarios and the tests alike; a rule that
asks nothing may be a plain function; a scenario's play is an action round
started from its position (engine/position.py play_round) and answered
through the game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from card_play import position
from helpers import DATA, sid

from dof.engine.data.outcome import Termination
from dof.engine.game import Driver, Game
from dof.engine.position import (
    Position,
    at_action_round,
    event_in_force,
    play_round,
    position_state,
    unstarted_game,
)
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.operations import place_with_ops
from dof.engine.rules.turn import STEPS, advance_turn_step, verify_held_cards_step

ROOT = Path(__file__).parent.parent
D, C = "democrat", "communist"


def placing(game: Game, n: int):
    """A rule that asks ``n`` placements and returns how many SPs it placed."""
    yield from place_with_ops(game, D, n, None)
    return sum(game.state["sp"][D])


def test_the_driver_answers_each_decision_and_keeps_what_the_rule_returned():
    game = position(None, democrat={"Gdansk": 1})
    run = Driver(placing(game, 2))
    first = run.send()
    assert first is not None and first.kind == "place" and run.pending is first
    second = run.send(sid("Gdansk"))
    assert second is not None and second.kind == "place"
    assert run.send(sid("Gdansk")) is None and run.pending is None
    assert run.value == 3
    assert run.send("anything") is None  # an ended rule stays ended


def test_finish_runs_a_rule_to_its_end_with_a_policy():
    game = position(None, democrat={"Gdansk": 1})
    assert Driver(placing(game, 3)).finish(lambda d: sid("Gdansk")) == 4


def test_a_rule_that_asks_nothing_may_be_a_plain_function():
    """advance_turn_step (4.5.6) is one: the driver takes its None as a rule
    that is over at once."""
    game = Game.new(DATA, seed=1)
    turn = game.state["turn"]
    run = Driver(advance_turn_step(game))
    assert run.send() is None and game.state["turn"] == turn + 1
    plain = [phase for phase, step in STEPS.items() if step in (verify_held_cards_step,
                                                                 advance_turn_step)]
    assert plain == ["verify_held_cards", "advance_turn"]


def test_what_else_a_rule_raises_goes_through_the_driver():
    game = Game.new(DATA, seed=1)
    game.state["hands"][D] = [22]  # Poland Scoring held at the end of the turn (4.5.4)
    with pytest.raises(GameOver) as end:
        Driver(verify_held_cards_step(game)).send()
    assert end.value.how == Termination.HELD_SCORING_CARD


def test_a_game_of_one_action_round_is_over_when_the_round_is():
    """A scenario's play: the phasing player's round alone, from a position."""
    state = position_state(DATA, 3, Position(hands={C: [7]}))
    at_action_round(state, C, 2)
    game = play_round(unstarted_game(DATA, state), C)
    assert game.pending is not None and (game.pending.kind, game.pending.options) == ("card", [7])
    game.answer(7)
    while game.pending is not None:
        game.answer(game.pending.options[0])
    assert game.result is None  # the round ended, not the game
    assert game.state["phase"] == "action_rounds" and game.state["phasing"] == C
    assert game.state["rounds"][C] == 2 and 7 not in game.hand(C)


def test_an_event_put_in_force_runs_on_a_game_not_yet_started():
    from dof.cli.main import load_game

    data, events = load_game(None)
    state = position_state(data, 0, Position(sp={D: {sid("Gdansk"): 3}, C: {}}))
    game = unstarted_game(data, state, events)
    assert game.pending is None and game.decisions == 0
    Driver(event_in_force(game, 9, D)).finish(lambda d: d.options[0])  # The Wall
    assert 9 not in game.state["deck"] and [e["card"] for e in game.state["effects"]] == [9]


def test_no_module_steps_a_rule_by_hand_or_builds_a_game_in_the_command_line():
    """The engine's Driver is the one loop over rules' generators (the
    language server's and the lint pieces' ``send`` are pipes, not rules);
    the command line reaches a game through engine/position.py or a save."""
    hand_driven = re.compile(r"\bgen\.send\(|next\(gen\b|except StopIteration")
    files = [*ROOT.glob("cli/*.py"), *ROOT.glob("engine/**/*.py"), *ROOT.glob("tests/*.py")]
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in files if p.name != "game.py"
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if hand_driven.search(line) and p.name != "test_driver.py"]
    assert offenders == []
    builds = [f"{p.relative_to(ROOT)}:{n}" for p in ROOT.glob("cli/*.py")
              for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"\bGame\(", line)]
    assert builds == []
