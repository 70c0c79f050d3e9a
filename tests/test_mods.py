"""A mod folder adds or replaces cards by number, in lint and in play."""

from helpers import drive, set_board, sid

from dof.cli.main import load_game
from dof.dsl import load_deck
from dof.engine.game import Game
from dof.engine.rules.actions import play_card
from dof.engine.rules.turn import deal_step

MOD = """
card 7 "State Run Media" {
    period early; side communist; ops 2; removed after event
    summary "Take away 5 Democratic SPs, no more than 2 from one space."
    event {
        communist removes 5 democrat SP from any spaces, at most 2 per space
    }
}

card 111 "Round Table Returns" {
    period late; side democrat; ops 2; removed after event
    summary "Democrat scores 1 VP."
    event { democrat gains 1 VP }
}
"""


def mod_game(tmp_path):
    (tmp_path / "variants.card").write_text(MOD)
    data, events = load_game(tmp_path)
    return Game.new(data, 1, events=events)


def test_a_new_card_joins_its_period_and_its_event_works(tmp_path):
    game = mod_game(tmp_path)
    assert 111 in game.data.cards_of_period("late")
    game.state["hands"]["democrat"].append(111)
    drive(game, play_card(game, "democrat", 111), ["event"])
    assert game.state["vp"] == 1
    assert 111 in game.state["removed"]


def test_a_replaced_card_plays_its_new_text(tmp_path):
    game = mod_game(tmp_path)
    set_board(game, democrat={"Gdansk": 2, "Krakow": 2, "Lodz": 2})
    game.state["hands"]["communist"].append(7)
    # The fifth SP can only come from Lodz, so it is not asked.
    drive(game, play_card(game, "communist", 7), ["event", "Gdansk", "Gdansk", "Krakow", "Krakow"])
    assert [game.state["sp"]["democrat"][sid(n)] for n in ("Gdansk", "Krakow", "Lodz")] == [0, 0, 1]


def test_cards_set_aside_return_before_the_next_deal(tmp_path):
    """The set_aside operation (B.2.6): a card leaves the hand and comes back
    at the start of the next turn, before the hand is filled to eight."""
    (tmp_path / "aside.card").write_text('''
card 112 "Hidden Press" {
    period early; side democrat; ops 1; removed after event
    summary "Keep one card safe until next turn."
    event { democrat sets aside 1 card from his hand until the next turn }
}
''')
    data, events = load_game(tmp_path)
    game = Game.new(data, 1, events=events)
    hand = game.state["hands"]["democrat"]
    hand.append(112)
    kept = hand[0]
    drive(game, play_card(game, "democrat", 112), ["event", kept])
    assert kept not in hand and game.state["set_aside"]["democrat"] == [kept]
    drive(game, deal_step(game))
    assert kept in game.state["hands"]["democrat"]
    assert len(game.state["hands"]["democrat"]) == 8


def test_a_replaced_card_may_leave_its_printed_facts_to_the_game_data(tmp_path):
    """Card 4 is printed: a mod rewriting its event need not restate period,
    side or Ops; a fact it does write (here 2 Ops) replaces the printed one."""
    (tmp_path / "michnik.card").write_text('''
card 4 "Michnik" {
    ops 2  # dof: ignore W510  # this variant is stronger
    summary "Democrat scores 1 VP."
    event { democrat gains 1 VP }
}
''')
    data, events = load_game(tmp_path)
    assert (data.cards[4].period, data.cards[4].side, data.cards[4].ops,
            data.cards[4].removed) == ("early", "democrat", 2, True)
    game = Game.new(data, 1, events=events)
    game.state["hands"]["democrat"].append(4)
    drive(game, play_card(game, "democrat", 4), ["event"])
    assert game.state["vp"] == 1 and 4 in game.state["removed"]


def test_a_replacement_without_its_event_is_warned_and_plays_for_ops(tmp_path):
    """Issue 22 item 4: a mod's card 3 with no event drops the printed
    Walesa's event; lint says so (W512) and names it, and in play the
    card is Ops only. A replacement that keeps an event, or a new card with
    none, is no such card."""
    (tmp_path / "variants.card").write_text(
        'card 3 "Wałęsa" {\n    summary "Ops only in this variant."\n}\n'
        'card 112 "Ops Only" {\n    period early; side democrat; ops 2\n    summary "x"\n}\n'
        + MOD, encoding="utf-8")
    deck = load_deck(mod=tmp_path)
    assert [(d.code, d.span.line, d.message) for d in deck.diagnostics] == [
        ("W512", 1, 'card 3 "Wałęsa" has no event: the printed event "Walesa" (2.2.1) is '
         "dropped, and the card is played for its Ops only")]
    assert deck.card(3).event is None and deck.card(7).event is not None
