"""The public API for bots, tools and servers (docs/api.md): new_game,
views, agents, play, undo and the typed outcome."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import twin_from_checkpoint

import dof
from dof.engine import (
    Agent,
    GreedyAgent,
    IllegalAnswer,
    Outcome,
    RandomAgent,
    StaleView,
    Termination,
    UndoError,
    View,
    play,
    undo,
    view,
)
from dof.engine.game import Game


def step(game: Game, agents: dict, until) -> None:
    """Answer decisions with ``agents`` until ``until(game)`` holds."""
    for _ in range(5000):
        if until(game):
            return
        play(game, agents, limit=1)
    raise AssertionError("the position never came")


def random_bots() -> dict:
    """Two random bots, new for each test: shared ones would make a test's
    game depend on which tests ran before it."""
    return {"democrat": RandomAgent(1), "communist": RandomAgent(2)}


# ------------------------------------------------------------------ new_game
def test_new_game_is_set_up_and_waits_for_the_first_decision():
    game = dof.new_game(seed=7)
    assert game.pending.kind == "setup_place" and game.pending.player == "communist"
    assert len(game.state["hands"]["democrat"]) == len(game.state["hands"]["communist"]) == 8
    assert dof.new_game(seed=7).state == game.state
    assert dof.new_game(seed=8).state != game.state


def test_new_game_takes_a_13_0_bid():
    game = dof.new_game(seed=7, extra_sps={"democrat": 2})
    assert game.state["options"]["extra_sps"] == {"democrat": 2, "communist": 0}
    with pytest.raises(ValueError, match="extra_sps"):
        dof.new_game(extra_sps={"democrats": 2})


def test_new_game_plays_a_mod(tmp_path):
    (tmp_path / "gift.card").write_text('''
card 111 "Round Table Returns" {
    period late; side democrat; ops 2; removed after event
    summary "Democrat scores 1 VP."
    event { democrat gains 1 VP }
}
''')
    game = dof.new_game(seed=1, mods=[tmp_path])
    assert game.data.cards[111].name == "Round Table Returns"
    assert 111 in game.data.cards_of_period("late")
    assert [mod["file"] for mod in game.to_json()["mods"]] == ["gift.card"]  # saves name it


def test_a_mod_with_errors_raises_one_exception_listing_them(tmp_path):
    (tmp_path / "broken.card").write_text('card 111 "Oops" {\n    period late; side nobody\n}\n')
    with pytest.raises(dof.DeckError) as caught:
        dof.new_game(mods=tmp_path)
    error = caught.value
    assert error.diagnostics and all(d.is_error for d in error.diagnostics)
    assert str(error).startswith(f"the cards have {len(error.diagnostics)} error(s):\n")
    assert "broken.card:2" in str(error)


def test_one_mod_folder_at_a_time(tmp_path):
    with pytest.raises(ValueError, match="one mod folder at a time"):
        dof.new_game(mods=[tmp_path, tmp_path])


def test_importing_dof_or_the_map_does_not_load_the_rules():
    code = ("import sys, dof, dof.engine.data; "
            "print(sorted(m for m in sys.modules if m.startswith('dof')))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                       text=True, check=True).stdout.replace("'", '"'))
    assert "dof.dsl" not in loaded and "dof.engine.game" not in loaded
    assert "dof.engine.api" not in loaded


# ---------------------------------------------------------------------- view
def test_a_view_shows_ones_own_hand_and_only_sizes_of_the_hidden_cards():
    game = dof.new_game(seed=3)
    seen = view(game, "democrat")
    assert seen.hand == game.state["hands"]["democrat"]
    assert seen.opponent_hand_size == 8 and seen.state["hands"]["communist"] == [None] * 8
    assert seen.deck_size == len(game.state["deck"]) and set(seen.state["deck"]) == {None}
    assert seen.state["seed"] is None and seen.state["rng"] is None
    assert seen.state["sp"] == game.state["sp"] and seen.state["vp"] == 0
    assert seen.decision is None  # the Communist places first
    assert view(game, "communist").decision.options == game.pending.options


def test_nothing_on_a_view_leads_back_to_the_game():
    game = dof.new_game(seed=3)
    seen = view(game, "communist")
    reachable = [getattr(seen, name) for name in ("side", "decision", "data", "state", "log")]
    reachable += [getattr(seen.decision, f) for f in ("options", "context", "describe")]
    assert not any(x is game or x is game.state for x in reachable)
    assert seen.decision.describe is None  # a label maker would hold the game
    with pytest.raises(AttributeError):
        seen.side = "democrat"


def test_a_view_is_a_copy_and_goes_stale_when_the_game_moves_on():
    game = dof.new_game(seed=3)
    seen = view(game, "communist")
    seen.state["vp"] = 99
    seen.state["hands"]["communist"].clear()
    assert game.state["vp"] == 0 and len(game.state["hands"]["communist"]) == 8
    late = view(game, "democrat")
    game.answer(game.pending.options[0])
    assert seen.state["vp"] == 99  # what was read stays the bot's own
    with pytest.raises(StaleView):
        print(late.hand)


def test_a_view_hides_the_opponents_power_struggle_hand():
    game = dof.new_game(seed=2)
    step(game, random_bots(), lambda g: g.state["ps"] is not None and g.pending.kind == "ps_attack")
    side = game.pending.player
    other = "communist" if side == "democrat" else "democrat"
    ps = view(game, side).state["ps"]
    assert ps["hands"][side] == game.state["ps"]["hands"][side]
    assert ps["hands"][other] == [None] * len(game.state["ps"]["hands"][other])
    assert set(ps["deck"]) <= {None}


def test_preview_looks_ahead_without_changing_the_game():
    game = dof.new_game(seed=3)
    before = json.dumps(game.to_json())
    seen = view(game, "communist")
    space = game.pending.options[0]
    after = seen.preview(space)
    assert after.state["sp"]["communist"][space] == game.state["sp"]["communist"][space] + 1
    assert json.dumps(game.to_json()) == before
    with pytest.raises(IllegalAnswer):
        seen.preview("nowhere")
    with pytest.raises(IllegalAnswer, match="no democrat decision"):
        view(game, "democrat").preview(space)


def draw_three(folder) -> None:
    """A mod in ``folder`` whose card 4 draws three cards for the Democrat."""
    facts = dof.new_game(seed=1).data.cards[4]
    (folder / "draw.card").write_text(f'''
card 4 "{facts.name}" {{
    period early; side democrat; ops 1; removed after event
    summary "Draw 3 cards."
    event {{ democrat draws 3 cards }}
}}
''')


def test_preview_cannot_foresee_the_cards_drawn(tmp_path):
    """The look-ahead shuffles the cards its side cannot see: a previewed
    draw shows some cards, not the ones the real draw brings."""
    draw_three(tmp_path)
    game = dof.new_game(seed=1, mods=tmp_path)
    step(game, random_bots(), lambda g: g.pending.player == "democrat" and g.pending.kind == "card")
    assert 4 in game.pending.options
    hand = set(game.state["hands"]["democrat"]) - {4}
    game.answer(4)
    previewed = view(game, "democrat").preview("event")
    game.answer("event")
    drawn = set(game.state["hands"]["democrat"]) - hand
    foreseen = set(previewed.hand) - hand
    assert len(drawn) == len(foreseen) == 3
    assert foreseen != drawn


def test_a_preview_deals_the_same_whatever_the_hidden_order(tmp_path):
    """Where the hidden cards really lie makes no difference to a preview:
    two games that differ only in the order of the draw deck and the
    opponent's hand preview the same three cards drawn."""
    draw_three(tmp_path)
    game = dof.new_game(seed=1, mods=tmp_path)
    game.to_json()  # saved: the game keeps a checkpoint at each action round
    step(game, random_bots(), lambda g: g.pending.player == "democrat" and g.pending.kind == "card"
         and 4 in g.pending.options)

    def reorder(start: dict) -> None:
        hidden = start["deck"] + start["hands"]["communist"]
        hidden.reverse()
        size = len(start["deck"])
        start["deck"], start["hands"]["communist"] = hidden[:size], hidden[size:]

    twin = twin_from_checkpoint(game, reorder)
    assert twin.state["deck"] != game.state["deck"]
    assert twin.state["hands"]["democrat"] == game.state["hands"]["democrat"]
    for g in (game, twin):
        g.answer(4)
    drawn = [view(g, "democrat").preview("event").hand for g in (game, twin)]
    assert drawn[0] == drawn[1] and len(drawn[0]) >= 3


def test_every_preview_of_one_decision_sees_the_same_deal(tmp_path):
    """A view deals the hidden cards once for all its previews: a preview
    made after the other answers', or twice, shows what a new view's first
    preview shows."""
    draw_three(tmp_path)
    game = dof.new_game(seed=1, mods=tmp_path)
    step(game, random_bots(), lambda g: g.pending.player == "democrat" and g.pending.kind == "card"
         and 4 in g.pending.options)
    game.answer(4)
    seen = view(game, "democrat")
    others = [seen.preview(use) for use in game.pending.options if use != "event"]
    assert others
    drawn = seen.preview("event").hand
    assert drawn == seen.preview("event").hand == view(game, "democrat").preview("event").hand


def test_a_preview_is_not_previewed_again():
    """A preview's copy is rebuilt from the real game: looking ahead from it
    would replay the previewed answer with the real dice and cards. Deeper
    look-ahead plays on a sample, dealt anew from what the side can see."""
    game = dof.new_game(seed=3)
    seen = view(game, "communist")
    after = seen.preview(game.pending.options[0])
    with pytest.raises(IllegalAnswer, match=r"play on a game of View\.sample"):
        after.preview(after.decision.options[0])
    with pytest.raises(IllegalAnswer, match="cannot be looked ahead from again"):
        after.sample(1)
    sample = seen.sample(1)
    sample.answer(game.pending.options[0])
    sample.answer(sample.pending.options[0])  # two moves ahead, on the sample
    assert sample.decisions == 2 and game.decisions == 0


# ---------------------------------------------------------------- play, agents
def test_play_returns_a_typed_outcome():
    game = dof.new_game(seed=4)
    outcome = play(game, {"democrat": RandomAgent(1), "communist": RandomAgent(2)})
    assert outcome == Outcome.from_result(game.result)
    assert isinstance(outcome.termination, Termination)
    assert outcome.termination.value == game.result["how"]
    assert game.pending is None


def test_play_stops_after_a_limit():
    game = dof.new_game(seed=4)
    assert play(game, random_bots(), limit=5) is None
    assert game.decisions == 5


def test_the_bots_are_agents_and_greedy_beats_random():
    assert all(isinstance(bot, Agent) for bot in (RandomAgent(0), GreedyAgent(0)))
    outcome = play(dof.new_game(seed=5), {"democrat": GreedyAgent(10),
                                          "communist": RandomAgent(11)})
    assert outcome.winner == "democrat"


def test_agents_see_views_only():
    class Spy:
        def __init__(self):
            self.seen: list = []

        def choose(self, seen, decision):
            self.seen.append(seen)
            return decision.options[0]

    spy = Spy()
    play(dof.new_game(seed=4), {"democrat": spy, "communist": spy}, limit=20)
    assert len(spy.seen) == 20 and all(isinstance(v, View) for v in spy.seen)
    assert all(v.decision is not None and v.decision.player == v.side for v in spy.seen)


# ---------------------------------------------------------------------- undo
def test_undo_goes_back_to_the_players_previous_decision():
    game = dof.new_game(seed=3)
    game.answer(game.pending.options[0])  # the Communist's two free SPs (3.4)
    game.answer(game.pending.options[0])
    game.answer(game.pending.options[0])  # the Democrat's first of three
    first = game.pending.options[0]
    kept = json.dumps(game.to_json())
    back = undo(game)
    assert back.pending.player == "democrat"
    assert json.dumps(game.to_json()) == kept  # the game itself is untouched
    assert sum(back.state["sp"]["democrat"]) == sum(game.state["sp"]["democrat"]) - 1
    back.answer(first)
    assert back.state == game.state


def test_undo_by_side_reaches_back_over_the_opponents_decisions():
    game = dof.new_game(seed=3)
    game.answer(game.pending.options[0])
    game.answer(game.pending.options[0])
    for _ in range(3):
        game.answer(game.pending.options[0])  # the Democrat's three
    assert game.pending.player == "communist"
    back = undo(game, "democrat")
    assert back.pending.player == "democrat" and back.decisions == 4


def test_undo_reaches_back_across_a_turn_step():
    """A saved game keeps a checkpoint at each turn step and action round;
    undo rebuilds from the start all the same. When the Communist chooses
    his first card, the Democrat may still take back his last setup SP:
    nothing was rolled, drawn or shown since."""
    game = dof.new_game(seed=3)
    game.to_json()  # saved, as `dof play --save` does before each decision
    while game.state["phase"] == "setup":
        game.answer(game.pending.options[0])
    assert game.pending.kind == "card" and game.state["phase"] == "action_rounds"
    back = undo(game, "democrat")
    assert back.state["phase"] == "setup" and back.pending.kind == "setup_place"
    assert back.pending.player == "democrat"
    back.answer(back.pending.options[0])  # the same SP again: the same game
    while back.pending.player != "communist" or back.state["phase"] == "setup":
        back.answer(back.pending.options[0])
    assert back.state == game.state


def test_nothing_to_undo_at_the_first_decision():
    with pytest.raises(UndoError, match="nothing to undo: the communist"):
        undo(dof.new_game(seed=3))


def test_undo_never_crosses_a_die_roll():
    """A player who made one support check cannot take back its target."""
    game = dof.new_game(seed=6)

    def second_check(g: Game) -> bool:
        last = g.log[-1] if g.log else {}
        return g.pending.kind == "check" and last.get("kind") == "check" and \
            last["player"] == g.pending.player

    step(game, random_bots(), second_check)
    with pytest.raises(UndoError, match=r"a die was rolled since \(\w+ rolls \d"):
        undo(game)


def test_undo_never_crosses_a_card_coming_into_view():
    """The Democrat plays an event of the Communist's, who now picks its
    spaces: he cannot take back his own last choice, as he has seen the card."""
    game = dof.new_game(seed=3)

    def opponents_event(g: Game) -> bool:
        plays = [e for e in g.log if e["kind"] == "play"]
        return g.pending.kind == "space" and g.pending.player == "communist" and \
            bool(plays) and plays[-1]["player"] == "democrat"

    step(game, random_bots(), opponents_event)
    with pytest.raises(UndoError, match=r"1 card\(s\) the communist could not see came into view"):
        undo(game)


def test_undo_after_the_game_ended_needs_a_side():
    game = dof.new_game(seed=4)
    play(game, random_bots())
    with pytest.raises(UndoError, match="the game is over"):
        undo(game)
