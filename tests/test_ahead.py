"""Foreseen previews (Decision.ahead, engine/rules/ahead.py): where the
rules tell what an answer does before they ask again, a preview takes the
view's state with those changes instead of replaying the rules from the last
checkpoint. It must reach exactly the state the replay reaches, and the
greedy bot must play exactly the games it played with replays alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import dof
from dof.engine import GreedyAgent, StaleView, api, play, view


def replayed(seen, answer):
    """The preview of ``answer`` by replaying the rules, as without foresight."""
    api._AHEAD = False
    try:
        return seen.preview(answer)
    finally:
        api._AHEAD = True


def test_a_foreseen_preview_reaches_the_state_a_replay_reaches():
    """Over whole random games, every answer the rules foresee (the first
    five of each decision) previews to the replay's state, decision and log."""
    foreseen: Counter[str] = Counter()
    for seed in (1, 2, 3):
        game = dof.new_game(seed=seed)
        rng = random.Random(seed)
        while (pending := game.pending) is not None:
            if pending.ahead is not None:
                seen = view(game, pending.player)
                for answer in pending.options[:5]:
                    ahead = seen.preview(answer)
                    if ahead._decision is api._UNREAD:  # foreseen, not replayed
                        foreseen[pending.kind] += 1
                        again = replayed(seen, answer)
                        assert ahead.state == again.state, (seed, game.decisions, answer)
                        decisions = [(d.kind, d.options) if d else None
                                     for d in (ahead.decision, again.decision)]
                        assert decisions[0] == decisions[1]
                        if again.decision is not None:  # the odds it weighs, as a replay's
                            first = again.decision.options[0]
                            assert ahead.odds(first) == again.odds(first)
                        assert ahead.log == again.log
            game.answer(rng.choice(pending.options))
    kinds = ("setup_place", "card", "use", "place", "check", "space")
    assert all(foreseen[kind] > 100 for kind in kinds), foreseen


def test_what_the_rules_cannot_foresee_is_replayed():
    """The last SP of a card's Ops leads on into the next action round: its
    preview replays the rules, and shows the next player's decision."""
    game = dof.new_game(seed=2)
    while not (game.pending.kind == "place" and game.pending.context["ops_left"] == 1):
        game.answer(game.pending.options[0])
    seen = view(game, game.pending.player)
    ahead = seen.preview(game.pending.options[0])
    assert ahead._decision is not api._UNREAD
    assert ahead.state == replayed(seen, game.pending.options[0]).state


def test_greedy_plays_the_same_games_foreseeing_as_replaying():
    """The first 200 decisions of two greedy games (benchmarks/bench_loop.py
    greedy compares whole games between two builds)."""
    played = []
    for foresee in (True, False):
        api._AHEAD = foresee
        try:
            games = []
            for seed in (1, 2):
                game = dof.new_game(seed=seed)
                play(game, {"democrat": GreedyAgent(seed), "communist": GreedyAgent(seed + 50)},
                     limit=200)
                games.append((game.decisions, game.state, game.log))
            played.append(games)
        finally:
            api._AHEAD = True
    assert played[0] == played[1]


def test_a_foreseen_previews_decision_is_read_before_the_game_moves_on():
    game = dof.new_game(seed=4)
    while game.pending.kind != "setup_place":
        game.answer(game.pending.options[0])
    first, second = game.pending.options[:2]
    seen = view(game, game.pending.player)
    ahead, other = seen.preview(first), seen.preview(second)
    assert ahead.decision.kind == "setup_place"
    game.answer(first)
    assert other.state["sp"][game.pending.player][second] == 1  # its state stays readable
    with pytest.raises(StaleView, match="before its game moves on"):
        other.decision  # noqa: B018
