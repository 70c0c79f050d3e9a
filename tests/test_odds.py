"""The odds of a roll (engine/rules/odds.py): a support check's chance and
the SPs it removes and adds on average (6.2.4-6.2.6), a Tiananmen Square
attempt's chance (6.3.1-6.3.2), worked out from the modifiers in force by
the code the rolls themselves use, and offered to bots through the API."""

from __future__ import annotations

import random
from fractions import Fraction

from helpers import DATA, drive, fix_dice, new_game, sid

from dof.cli.screen import make_choice, odds_table, prompt_screen
from dof.dsl import load_deck
from dof.engine import view
from dof.engine.game import Driver, Game
from dof.engine.programs.events import EventRunner
from dof.engine.rules.odds import check_result
from dof.engine.rules.operations import check_odds, support_checks, tiananmen_odds

EVENTS = EventRunner(load_deck())


def test_a_check_counts_the_six_faces():
    # German Writers: stability 2, so the Democrat's 3 Ops must beat 4 with
    # the die: a 2 or more. Faces 2-6 exceed by 1-5: 2 Communist SPs to
    # remove, the rest added.
    game = new_game(communist={"German Writers": 2})
    odds = check_odds(game, "democrat", 3, sid("German Writers"))
    assert (odds.need, odds.least, odds.chance) == (4, 2, Fraction(5, 6))
    assert odds.removed == Fraction(1 + 2 + 2 + 2 + 2, 6)
    assert odds.added == Fraction(0 + 0 + 1 + 2 + 3, 6)
    assert odds.terms == (("Ops", 3),) and odds.percent() == "83%"


def test_a_check_counts_the_modifiers_in_force():
    # A Communist-controlled neighbour (Walter Ulbricht Academy, stability 1)
    # takes 1 off (6.2.4): now a 3 or more.
    game = new_game(communist={"German Writers": 2, "Walter Ulbricht Academy": 1})
    odds = check_odds(game, "democrat", 3, sid("German Writers"))
    assert odds.terms == (("Ops", 3), ("adjacent opponent control", -1))
    assert (odds.least, odds.chance) == (3, Fraction(4, 6))
    assert (odds.removed, odds.added) == (Fraction(7, 6), Fraction(3, 6))


def test_the_question_of_a_check_gives_the_odds_of_each_target_and_the_roll_keeps_them():
    game = new_game(communist={"German Writers": 2, "Walter Ulbricht Academy": 1})
    dice = fix_dice(game, [3])
    seen = []
    drive(game, support_checks(game, "democrat", 3, count=1), ["German Writers"], seen)
    ask = seen[0]
    odds = ask.odds(sid("German Writers"))
    entry = next(e for e in game.log if e["kind"] == "check")
    assert entry["total"] == 3 + odds.bonus and entry["need"] == odds.need
    assert (entry["removed"], entry["added"]) == check_result(entry["total"], odds.need, 2) \
        == (1, 0)
    assert odds.chance == Fraction(4, 6) and not dice
    assert ask.odds(sid("Walter Ulbricht Academy")).need == 2


def test_a_tiananmen_attempt_counts_its_own_event_and_the_box():
    game = new_game()
    card = next(n for n, c in DATA.cards.items() if c.side == "democrat" and c.ops == 2)
    need = DATA.tiananmen[0].needs["democrat"]
    odds = tiananmen_odds(game, "democrat", 2, card)
    assert odds.terms == (("Ops", 2), ("own event", 1)) and odds.need == need
    assert odds.least == max(1, need - 3) and odds.chance == Fraction(7 - odds.least, 6)
    assert (odds.removed, odds.added) == (0, 0)


def test_the_odds_a_player_is_shown_are_the_rolls_the_rules_make():
    """Over random games, each check and attempt rolls against the terms
    and the number its odds gave, and succeeds on the faces they said."""
    checked = attempts = 0
    for seed in range(6):
        game = Game.new(DATA, seed, events=EVENTS)
        rng = random.Random(seed)
        while game.pending is not None and game.state["turn"] <= 4:
            decision = game.pending
            choice = rng.choice(decision.options)
            odds = decision.odds(choice)
            before = len(game.log)
            game.answer(choice)
            if odds is None:
                continue
            kind = "check" if odds.kind == "check" else "tiananmen"
            entry = next(e for e in game.log[before:] if e["kind"] == kind and "roll" in e)
            assert entry["total"] - entry["roll"] == odds.bonus
            assert entry["need"] == odds.need
            won = entry["removed"] + entry["added"] > 0 if kind == "check" \
                else entry["total"] >= entry["need"]
            assert won == (entry["roll"] >= odds.least)
            checked += kind == "check"
            attempts += kind == "tiananmen"
    assert checked > 20 and attempts > 5


def test_a_bot_reads_the_odds_from_its_view():
    game = Game.new(DATA, 7, events=EVENTS)
    rng = random.Random(1)
    while game.pending.kind != "check":
        game.answer(rng.choice(game.pending.options))
    side = game.pending.player
    seen = view(game, side)
    space = next(o for o in seen.decision.options if o != "stop")
    assert seen.odds(space) == game.pending.odds(space)
    assert seen.odds(space).to_json()["chance"] == float(seen.odds(space).chance)
    assert view(game, "democrat" if side == "communist" else "communist").decision is None


def test_the_screen_shows_each_target_with_its_odds_and_odds_tells_them_in_full():
    game = new_game(communist={"German Writers": 2, "Walter Ulbricht Academy": 1})
    decision = Driver(support_checks(game, "democrat", 3, count=1)).send()
    choice = make_choice(decision, DATA)
    screen = [text.plain for text in prompt_screen(game, choice, 0, 80, 24)]
    assert len(screen) <= 23 and all(len(text) <= 80 for text in screen)
    assert any("4 German Writers 67% -1.2+0.5" in text for text in screen)
    assert any(text.startswith("Odds: chance of success") for text in screen)
    # Walter Ulbricht Academy (stability 1) has German Writers, Communist, beside it.
    table = [text.plain for text in odds_table(choice, 80)]
    assert table[1:] == [
        " 4 German Writers           67%    3+   1.2  0.5",
        "      die +3 Ops -1 adjacent opponent control, beat 4",
        " 5 Walter Ulbricht Academy 100%   all   1.0  2.5",
        "      die +3 Ops -1 adjacent opponent control, beat 2"]
