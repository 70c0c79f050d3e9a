"""Properties of whole games played by random bots (issue: the playable core).

Over 500 random games every game ends with a legal result, and after every
decision no SP count is negative and each of the 110 strategy and 52 power
struggle cards is in exactly one place. Over 20 games, saving to JSON and
loading again at every decision leaves the game exactly as it would have gone.
"""

import json
from collections import Counter

from dof.engine.bots.agents import RandomAgent
from dof.engine.game import Game

ENDINGS = {"automatic_victory", "final_scoring", "held_scoring_card", "new_years_eve"}


def bots(seed):
    return {"democrat": RandomAgent(seed * 2 + 1), "communist": RandomAgent(seed * 2 + 2)}


def strategy_card_places(game) -> Counter:
    """Where every strategy card is: piles, hands, display, the card in play,
    and the Middle/Late Year cards not yet shuffled in (4.4)."""
    st = game.state
    places = Counter()
    for pile in ("deck", "discard", "removed", "display", "aside"):
        places.update(st[pile])
    for hand in st["hands"].values():
        places.update(hand)
    for cards in st["set_aside"].values():
        places.update(cards)
    if st["played"] is not None:
        places[st["played"]] += 1
    for after_turn, period in game.data.deck_additions.items():
        if st["turn"] <= after_turn:
            places.update(game.data.cards_of_period(period))
    return places


def power_struggle_card_places(ps) -> Counter:
    places = Counter(ps["deck"])
    places.update(ps["discard"])
    for hand in ps["hands"].values():
        places.update(hand)
    return places


def check_invariants(game):
    st = game.state
    for side in ("democrat", "communist"):
        assert min(st["sp"][side]) >= 0, f"negative SPs for {side}"
    places = strategy_card_places(game)
    assert set(places) == set(game.data.cards), "a strategy card is missing or unknown"
    assert max(places.values()) == 1, "a strategy card is in two places"
    if st["ps"] is not None:
        ps_places = power_struggle_card_places(st["ps"])
        assert sorted(ps_places) == list(range(52))
        assert max(ps_places.values()) == 1


def test_500_random_games_end_legally_with_every_card_in_one_place(data, events):
    endings = Counter()
    for seed in range(500):
        game = Game.new(data, seed, events=events)
        agents = bots(seed)
        check_invariants(game)
        while game.pending is not None:
            game.answer(agents[game.pending.player].choose(game, game.pending))
            check_invariants(game)
        result = game.result
        assert result["how"] in ENDINGS
        assert result["winner"] in ("democrat", "communist", None)
        assert 1 <= result["turn"] <= data.turns
        endings[result["how"]] += 1
    assert sum(endings.values()) == 500


def test_saving_and_loading_at_every_decision_changes_nothing(data, events):
    """A load replays the game from its start, so loading at every decision
    of whole games costs the square of their length (it was 70% of the
    suite). Each game is saved and loaded at every decision of a window of
    60 decisions; the 20 games' windows overlap and reach from the first
    decision to the 725th (a long game has ~740), so every stage is covered."""
    for seed in range(20):
        reference = Game.new(data, seed, events=events)
        reference.play(bots(seed))

        game = Game.new(data, seed, events=events)
        agents = bots(seed)
        window = range(seed * 35, seed * 35 + 60)
        while game.pending is not None:
            if game.decisions in window:
                saved = json.loads(json.dumps(game.to_json()))
                game = Game.from_json(saved, data, events)
            game.answer(agents[game.pending.player].choose(game, game.pending))
        assert game.state == reference.state
        assert [e["text"] for e in game.log] == [e["text"] for e in reference.log]


def test_a_seed_and_the_decisions_reproduce_a_game(data, events):
    first = Game.new(data, 77, events=events)
    first.play(bots(77))
    second = Game.new(data, 77, events=events)
    second.play(bots(77))
    assert first.state == second.state
