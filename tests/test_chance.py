"""The one source of chance (engine/data/chance.py): the seeded source draws
what the state's generator always drew, a game built with a scripted source
rolls its dice and lays out its piles, and the rules and the driver draw
through the game's source only (no module global or method to replace)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import DATA

import dof
from dof.engine import Chance, Game, NoDieLeft, RandomAgent, ScriptedChance, play
from dof.engine.data.chance import DECK, seed_state

ENGINE = Path(__file__).parent.parent / "engine"


def test_the_seeded_source_draws_what_the_state_generator_always_drew():
    """Recorded from data/rng.py before the seam: the same dice and
    shuffles, so every seed gives the game it gave (test_determinism.py)."""
    state = {"rng": seed_state(7)}
    chance = Chance(state)
    assert [chance.die("democrat", "a test") for _ in range(10)] == [1, 3, 1, 6, 6, 1, 6, 4, 3, 3]
    cards = list(range(12))
    chance.shuffle(cards, DECK)
    assert cards == [3, 6, 8, 1, 5, 11, 2, 9, 7, 0, 4, 10]
    assert [chance.below(5) for _ in range(5)] == [0, 4, 0, 0, 4]
    assert state["rng"] == 15182127273286532314  # the generator lives in the state...
    assert chance.drawn == 10 + 11 + 5  # ...and the source keeps only its record


def test_a_source_holds_no_generator_of_its_own():
    """Two sources on one state draw one sequence: a save loses nothing."""
    one, two = {"rng": seed_state(3)}, {"rng": seed_state(3)}
    alone = Chance(one)
    expected = [alone.below(100) for _ in range(6)]
    first, second = Chance(two), Chance(two)
    assert [first.below(100), second.below(100), first.below(100),
            second.below(100), first.below(100), second.below(100)] == expected


def test_a_random_pick_takes_the_item_out_of_its_pool():
    chance = Chance({"rng": seed_state(5)})
    pool = [10, 20, 30]
    picked = chance.pick(pool)
    assert picked in (10, 20, 30) and picked not in pool and len(pool) == 2


def test_dice_scripted_when_the_game_is_built_roll_every_die_and_are_logged():
    data, events = dof.load_rules()
    chance = ScriptedChance(dice=[6] * 500)
    game = Game.new(data, seed=7, events=events, chance=chance)
    assert game.chance is chance
    play(game, {"democrat": RandomAgent(1), "communist": RandomAgent(2)}, limit=300)
    rolls = [entry for entry in game.log if entry["kind"] == "roll"]
    assert rolls and {entry["roll"] for entry in rolls} == {6}
    assert rolls[0]["text"].startswith(f"{rolls[0]['player']} rolls 6 (")
    assert len(chance.dice) == 500 - len(rolls)


def test_rolling_past_the_script_says_who_rolls_and_why():
    game = Game.new(DATA, seed=1, chance=ScriptedChance(dice=[2]))
    assert game.roll("democrat", "support check in Gdansk") == 2
    with pytest.raises(NoDieLeft, match=r"^the communist rolls a die \(Tiananmen Square "
                                        r"attempt\) but no die is left in the script$"):
        game.roll("communist", "Tiananmen Square attempt")


def test_a_pile_laid_out_by_the_source_is_dealt_as_laid_out():
    """#4 put on top of the shuffled deck is the Communist's first card (3.1)."""
    chance = ScriptedChance()
    chance.lay_out(DECK, lambda deck: [c for c in deck if c != 4] + [4])
    game = Game.new(DATA, seed=2, chance=chance)
    assert game.state["hands"]["communist"][0] == 4
    assert Game.new(DATA, seed=2).state["hands"]["communist"][0] != 4


def test_a_source_given_to_a_game_in_play_draws_from_its_state():
    game = Game.new(DATA, seed=4)
    twin = Game.new(DATA, seed=4)
    twin.use_chance(ScriptedChance())  # scripts nothing: the same seeded draws
    assert [game.roll("democrat", "a") for _ in range(5)] == \
        [twin.roll("democrat", "a") for _ in range(5)]
    assert twin.state["rng"] == game.state["rng"]


def test_a_reseeded_source_rolls_other_dice_from_the_same_position():
    game, copy = Game.new(DATA, seed=4), Game.new(DATA, seed=4)
    copy.chance.reseed(99)
    assert copy.state["rng"] == seed_state(99) != game.state["rng"]


def test_the_rules_and_the_driver_draw_only_through_the_game_chance():
    """No rules module, card-program handler, driver or position reads or
    writes the state's generator, nor replaces a source of chance."""
    folders = [ENGINE / "rules", ENGINE / "programs"]
    files = [p for folder in folders for p in folder.glob("*.py")]
    files += [ENGINE / "game.py", ENGINE / "position.py", ENGINE / "api.py"]
    offenders = [f"{p.name}:{n}" for p in files
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if re.search(r"state\[.rng.\] *=[^=]|\brng\.|import rng", line)]
    assert offenders == []
