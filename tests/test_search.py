"""The search bot (engine/bots/search.py) and the samples it searches on
(View.sample): it plays whole legal games, it decides from what its side
can see and nothing else, and a seed replays its every answer.

The budgets here are tiny, so that the games take a second or two; its
strength against greedy is measured with `dof sim`, never asserted."""

from __future__ import annotations

import json

import pytest
from helpers import twin_from_checkpoint

import dof
from dof.cli.main import build_parser, main
from dof.engine import IllegalAnswer, RandomAgent, Termination, play, view
from dof.engine.bots import search
from dof.engine.bots.agents import make_agent
from dof.engine.bots.judge import SP, Countries, Judge
from dof.engine.bots.search import (
    Playout,
    SearchAgent,
    rolls,
    schedule,
    search_budget,
    separated,
)
from dof.engine.game import Game
from dof.engine.rules.board import holder


def random_bots() -> dict:
    """Two random bots, new for each game: shared ones would make a test's
    game depend on the tests before it."""
    return {"democrat": RandomAgent(1), "communist": RandomAgent(2)}


def second_card_play(seed: int) -> Game:
    """A game at the Communist's second card play; saved once before, so
    that it has a snapshot of the start of this action round."""
    game = dof.new_game(seed)
    game.to_json()
    bots = random_bots()
    while not (game.pending.kind == "card" and game.state["ar"] == 3):
        play(game, bots, limit=1)
    return game


def with_other_dice(game: Game) -> Game:
    """The same game with another die generator since the start of the
    action round (no die was rolled since): no player can tell."""
    def reseed(start: dict) -> None:
        start["rng"] ^= 0xDEADBEEF
    return twin_from_checkpoint(game, reseed)


def with_hidden_cards_moved(game: Game, side: str) -> Game:
    """The same game, but ``side``'s hand swapped for cards of the draw deck
    since the start of the action round: his opponent cannot tell the two
    apart."""
    def swap(start: dict) -> None:
        hand, deck = start["hands"][side], start["deck"]
        n = len(hand)
        start["hands"][side], start["deck"] = deck[:n], hand + deck[n:]
    twin = twin_from_checkpoint(game, swap)
    assert twin.state["hands"][side] != game.state["hands"][side]
    return twin


# ------------------------------------------------------------------ games
@pytest.mark.parametrize("side", ["democrat", "communist"])
def test_the_search_bot_plays_a_whole_legal_game(side):
    game = dof.new_game(seed=2)
    other = "communist" if side == "democrat" else "democrat"
    outcome = play(game, {side: SearchAgent(seed=1, playouts=4), other: RandomAgent(3)})
    assert outcome.termination in Termination and game.pending is None


def test_the_same_seed_gives_the_same_answers():
    games = []
    for _ in range(2):
        game = dof.new_game(seed=6)
        play(game, {"democrat": SearchAgent(seed=4, playouts=6),
                    "communist": SearchAgent(seed=5, playouts=6)}, limit=120)
        games.append(game)
    assert games[0].state == games[1].state and games[0].log == games[1].log


# ------------------------------------------------------ the search's budget
def test_successive_halving_spends_the_budget_a_round_at_a_time():
    # 25 lines (a card play's cards and uses) and 96 playouts: one pass of
    # every line, then of the better 13, 2 of 7, 5 of 4 and 12 of the last 2.
    assert schedule(25, 96) == (1, 1, 2, 5, 12)
    assert sum(n * lines for n, lines in zip(schedule(25, 96), (25, 13, 7, 4, 2),
                                             strict=True)) == 96
    assert schedule(2, 96) == (48,)
    assert schedule(3, 2) == (1, 1)  # at least one pass a round


def test_a_search_stops_once_its_leader_is_told_apart():
    passes = 8
    clear = [[10.0 + i % 3 for i in range(passes)], [float(i % 3) for i in range(passes)]]
    close = [[float(i % 2) for i in range(passes)], [float((i + 1) % 2) for i in range(passes)]]
    alike = [[float(i) for i in range(passes)]] * 3
    for values, told in ((clear, True), (close, False), (alike, True)):
        total = [sum(v) for v in values]
        assert separated(values, total, range(len(values)), 2.0, passes) is told
    assert not separated(clear, [sum(v) for v in clear], [0, 1], 2.0, passes + 1)


def test_a_search_that_stops_early_leaves_its_generator_where_the_whole_budget_would(
        monkeypatch):
    """So that the rest of the game does not depend on when a search stopped."""
    game = second_card_play(seed=3)
    seen = view(game, "communist")
    playouts: list[int] = []
    playout = SearchAgent.playout
    monkeypatch.setattr(SearchAgent, "playout",
                        lambda bot, *line: playouts.append(1) or playout(bot, *line))
    spent = []
    for min_passes, separation in ((2, 0.0), (10**6, 2.0)):  # stops at once; never
        monkeypatch.setattr(search, "MIN_PASSES", min_passes)
        monkeypatch.setattr(search, "SEPARATION", separation)
        bot = SearchAgent(seed=9, playouts=96)
        bot.choose(seen, game.pending)
        spent.append((len(playouts), bot.rng.getstate()))
        playouts.clear()
    (early, after_early), (whole, after_whole) = spent
    assert early < whole <= 96
    assert after_early == after_whole


# ------------------------------------------------------- hidden information
def test_a_sample_deals_the_hidden_cards_anew_and_leaves_the_game_alone():
    game = second_card_play(seed=3)
    before = json.dumps(game.to_json())
    seen = view(game, "communist")
    sample, again, other = seen.sample(11), seen.sample(11), seen.sample(12)
    assert sample.state == again.state and sample.state != other.state
    state = game.state
    assert sample.state["hands"]["communist"] == state["hands"]["communist"]
    hidden = sorted(state["hands"]["democrat"] + state["deck"])
    assert sorted(sample.state["hands"]["democrat"] + sample.state["deck"]) == hidden
    assert sample.state["hands"]["democrat"] != state["hands"]["democrat"]
    assert sample.state["rng"] != state["rng"]
    assert sample.pending.options == game.pending.options
    assert json.dumps(game.to_json()) == before
    with pytest.raises(IllegalAnswer, match="no democrat decision"):
        view(game, "democrat").sample(1)


def test_a_sample_is_neither_saved_nor_looked_ahead_from_until_its_next_checkpoint():
    """Its snapshot would be the real game's, with the real hidden cards."""
    sample = view(second_card_play(seed=3), "communist").sample(11)
    seen = view(sample, "communist")
    for refused in (lambda: seen.preview(seen.decision.options[0]), sample.to_json,
                    lambda: seen.sample(1)):
        with pytest.raises(IllegalAnswer, match=r"it cannot be (saved|looked ahead from) "
                                                r"before its next checkpoint"):
            refused()
    bots = random_bots()
    while sample.state["ar"] == 3:  # the next action round begins with a checkpoint
        play(sample, bots, limit=1)
    seen = view(sample, sample.pending.player)
    assert seen.preview(seen.decision.options[0]).decision is not None
    assert sample.to_json()["state"] == sample.state


def test_a_sample_without_snapshots_plays_the_same_and_is_never_saved():
    """A playout's sample copies no state at its checkpoints: it plays
    on as a sample that takes them does, and is never saved."""
    seen = view(second_card_play(seed=3), "communist")
    kept, unkept = seen.sample(11), seen.sample(11, snapshots=False)
    for sample in (kept, unkept):
        bots = random_bots()
        while sample.state["ar"] == 3:  # the next action round begins with a checkpoint
            play(sample, bots, limit=1)
    assert unkept.state == kept.state and unkept.log == kept.log
    assert kept.to_json()["state"] == kept.state
    with pytest.raises(IllegalAnswer, match=r"takes no snapshots: it can never be saved"):
        unkept.to_json()


def test_a_sample_is_the_same_whatever_the_hidden_cards_are():
    game = second_card_play(seed=3)
    twin = with_hidden_cards_moved(game, "democrat")
    seen, seen_twin = view(game, "communist"), view(twin, "communist")
    assert seen.state == seen_twin.state
    assert seen.sample(5).state == seen_twin.sample(5).state


def test_a_preview_rolls_the_same_whatever_the_real_dice():
    """A previewed support check rolls dice drawn from what the side sees,
    not from the real generator: they tell nothing of the real rolls."""
    game = second_card_play(seed=3)
    twin = with_other_dice(game)
    assert twin.state["rng"] != game.state["rng"]
    card = next(c for c in game.pending.options
                if game.data.cards[c].side == "communist" and game.data.cards[c].ops >= 2)
    game.answer(card)
    twin.answer(card)
    assert "check" in game.pending.options
    game.answer("check")
    twin.answer("check")
    assert game.pending.kind == "check"
    seen, seen_twin = view(game, "communist"), view(twin, "communist")
    rolled = []
    for target in seen.decision.options:
        if target == "stop":
            continue
        after, after_twin = seen.preview(target), seen_twin.preview(target)
        checks = [[e for e in a.log if e["kind"] == "check"][-1] for a in (after, after_twin)]
        assert checks[0] == checks[1] and after.state == after_twin.state
        rolled.append(checks[0]["roll"])
    real = view(game, "communist").decision.options[0]
    game.answer(real)
    twin.answer(real)
    real_rolls = [[e for e in g.log if e["kind"] == "check"][-1]["roll"] for g in (game, twin)]
    assert rolled and len(set(real_rolls)) == 2  # the real dice differ; the previews did not


def test_the_search_bot_answers_the_same_whatever_the_opponents_hand():
    """Two games the Communist cannot tell apart: every playout he weighs
    comes out the same in both, and so do his answers up to the Democrat's
    first decision."""
    game = second_card_play(seed=3)
    twin = with_hidden_cards_moved(game, "democrat")
    bot = SearchAgent(seed=9)
    seen, seen_twin = view(game, "communist"), view(twin, "communist")
    judge = bot.judge(seen)
    for line in bot.card_lines(seen, seen.decision):
        for seed in (1, 2):
            assert bot.playout(seen, judge, "communist", line, seed) == \
                bot.playout(seen_twin, judge, "communist", line, seed)
    bots = [SearchAgent(seed=9, playouts=16), SearchAgent(seed=9, playouts=16)]
    answers = 0
    while game.pending.player == "communist":
        mine, theirs = (bot.choose(view(g, "communist"), g.pending)
                        for bot, g in zip(bots, (game, twin), strict=True))
        assert mine == theirs
        game.answer(mine)
        twin.answer(theirs)
        answers += 1
    assert answers >= 2  # a card and its use, at least


# --------------------------------------------------------- judge and budget
def test_the_judge_scores_a_country_as_the_rules_do():
    """Judge.level follows 9.2-9.3: control, domination, presence."""
    data = dof.load_rules()[0]
    judge = Judge(data)
    facts = next(iter(judge.countries))
    bgs = sum(bg for _, _, bg in facts.cells)
    assert judge.level(facts, 0, 3, 0, 2, bgs) == 0
    assert judge.level(facts, 1, 3, 1, 2, bgs) == facts.presence + 1
    assert judge.level(facts, 3, 2, 2, 1, bgs) == facts.domination + 2
    assert judge.level(facts, 3, 2, 3, 1, bgs) == facts.presence + 3  # no non-Battleground
    assert judge.level(facts, bgs + 1, 0, bgs, 0, bgs) == facts.control + bgs


def test_one_space_changed_is_judged_as_a_whole_recount_judges_it():
    """The playout policy weighs each placement, check and SP lost by the
    one space it changes (Countries: the country tallied once, then only
    that space's control counted again): the same worth, to the last bit,
    as tallying the whole country anew with the changed SPs."""
    game = dof.new_game(seed=4)
    play(game, random_bots(), limit=300)
    state = game.state
    judge = Judge(game.data)
    dem, com = state["sp"]["democrat"], state["sp"]["communist"]
    assert sum(dem) > 10 and sum(com) > 10
    for side in ("democrat", "communist"):
        weights = judge.weights(state, (side,))
        worth = Countries(judge, state, side, weights)
        for space in range(len(dem)):
            facts = judge.countries[judge.country_of[space]]
            now = judge.country_worth(state, side, facts, weights)
            for d, c in ((dem[space] + 1, com[space]), (dem[space], com[space] + 3),
                         (0, com[space]), (dem[space] + 4, 0)):
                had = dem[space], com[space]
                dem[space], com[space] = d, c
                recounted = judge.country_worth(state, side, facts, weights)
                dem[space], com[space] = had
                assert worth.if_held(space, d, c) == recounted
                assert worth.gain(space, holder(judge.stability[space], d, c)) == \
                    recounted - now


def test_a_checks_worth_is_each_rolls_recount_to_the_last_bit():
    """The playout policy values a support check from its rolls worked out
    once (search.rolls) and the country valued only for the rolls that
    change who controls the space: the same mean, to the last bit, as
    putting each roll's SPs on the board and recounting the country."""
    game = dof.new_game(seed=4)
    play(game, random_bots(), limit=300)
    state = game.state
    judge = Judge(game.data)
    sp = state["sp"]
    compared = changed = 0
    for side, other in (("democrat", "communist"), ("communist", "democrat")):
        weights = judge.weights(state, (side,))
        worth = Countries(judge, state, side, weights)
        for space in range(len(sp[side])):
            facts = judge.countries[judge.country_of[space]]
            now = judge.country_worth(state, side, facts, weights)
            own, theirs = sp[side][space], sp[other][space]
            for mods in range(-9, 4):
                recounted = 0.0
                for excess in range(max(1, mods + 1), mods + 7):
                    removed = min(excess, theirs)
                    sp[side][space], sp[other][space] = own + excess - removed, theirs - removed
                    recounted += (judge.country_worth(state, side, facts, weights) - now) \
                        + SP * excess
                sp[side][space], sp[other][space] = own, theirs
                whos, bonuses, value = rolls(game.stability[space], own, theirs, mods,
                                             side == "democrat")
                if value is None:
                    value = Playout.check_gain(worth, space, whos, bonuses)
                    changed += 1
                assert value == recounted / 6
                compared += 1
    assert changed > 50 and compared - changed > 50


def test_the_judge_sees_a_hand_with_more_scoring_cards_than_rounds_lose():
    """4.5.4: a Scoring card held past the turn loses; an event that draws
    one late in the turn can leave too many for the rounds left."""
    game = dof.new_game(seed=1)
    bots = random_bots()
    while not (game.pending.kind == "card" and game.pending.player == "democrat"
               and game.state["rounds"]["democrat"] == 6):
        play(game, bots, limit=1)
    judge = Judge(game.data)
    scoring = [n for n, c in game.data.cards.items() if c.side == "scoring"]
    hand = game.state["hands"]["democrat"]
    hand[:] = scoring[:2]  # two rounds left, this one included
    assert not judge.stuck(game, "democrat")
    fine = judge.value(game, "democrat", ("democrat",))
    hand.append(scoring[2])
    assert judge.stuck(game, "democrat")
    assert judge.value(game, "democrat", ("democrat",)) < fine - 100


def test_budgets_by_name():
    assert search_budget("500") == {"playouts": 500}
    assert search_budget("1.5s") == {"playouts": None, "seconds": 1.5}
    for bad in ("", "0", "0s", "-1", "fast", "infs"):
        with pytest.raises(ValueError):
            search_budget(bad)
    bot = make_agent("search:7", 1)
    assert isinstance(bot, SearchAgent) and bot.playouts == 7
    assert make_agent("search:2s", 1).seconds == 2.0
    with pytest.raises(ValueError):
        make_agent("greedy:3", 1)


def test_the_command_line_takes_a_search_budget(capsys):
    assert main(["sim", "--games", "1", "--democrat", "search:2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
    args = build_parser().parse_args(["balance", "--mod", ".", "--games", "1",
                                      "--bot", "search:0.5s"])
    assert args.bot == "search:0.5s"
    with pytest.raises(SystemExit):
        main(["sim", "--games", "1", "--democrat", "search:0"])
    assert "search:N, search:Ts" in capsys.readouterr().err
