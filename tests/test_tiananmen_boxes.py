"""The eight Tiananmen Square boxes (6.3.5, ruling B.6), played through the
public engine API: a real game with the built-in card files, an exact
position, a player arriving at a box (an attempt or Tank Column/Tank Man),
scripted answers and fixed dice, then the exact resulting state.

Every award goes to the first player to reach its box only; a lasting award
ends when the opponent reaches the box, and awards of different boxes stack.
"""

from __future__ import annotations

from helpers import drive, fix_dice, logs, new_game, sp

from dof.engine.rules.actions import play_card
from dof.engine.rules.piles import move_card

D, C = "democrat", "communist"
SOLIDARITY, MICHNIK, PRUDENCE, THE_WALL, SAJUDIS = 2, 4, 8, 9, 33
TANK_COLUMN, POLAND_SCORING = 85, 22


def position(events, democrat=None, communist=None, seed=1):
    return new_game(democrat, communist, seed=seed, events=events)


def play(game, side, card, answers=(), seen=None):
    """``side`` plays ``card`` (moved into his hand first)."""
    if card not in game.hand(side):
        move_card(game, card, ("hand", side))
    return drive(game, play_card(game, side, card), answers, seen)


def arrive(game, side, box, answers=()):
    """``side`` moves from box ``box - 1`` into ``box`` with Tank Column."""
    game.state["tiananmen"][side] = box - 1
    play(game, side, TANK_COLUMN, ["event", *answers])
    assert game.state["tiananmen"][side] == box


def awards(game):
    """The lasting awards in effect: (holder, box)."""
    return sorted((e["owner"], e["box"]) for e in game.state["effects"] if e["box"])


# ============================================================ box 1
def test_box_1_plus_one_to_own_attempts_until_the_opponent_arrives(events):
    """Box 1 Reformer Memorialized (6.3.5): reached by an attempt (3 + 1 Op +
    1 own event = 5 >= 5), it gives +1 to the holder's later attempts; the
    Communist reaching box 1 ends it and gets nothing."""
    game = position(events)
    fix_dice(game, [3, 3])
    play(game, D, MICHNIK, ["tiananmen"])
    assert game.state["tiananmen"][D] == 1 and awards(game) == [(D, 1)]
    # The log says what the award does, in the box's words.
    assert logs(game, "award")[-1]["text"] == (
        'democrat receives the award of box 1: "+1 to your own Tiananmen Square attempts."')
    game.state["tst_used"][D] = False  # a later turn
    play(game, D, MICHNIK, ["tiananmen"])  # 3 + 1 + 1 own + 1 box 1 = 6 >= 5
    assert game.state["tiananmen"][D] == 2
    assert "+1 lasting effects = 6 vs 5: success" in logs(game, "tiananmen")[-2]["text"]
    assert awards(game) == [(D, 1), (D, 2)]  # awards stack (B.6.4)
    arrive(game, C, 1)
    assert awards(game) == [(D, 2)] and game.state["tiananmen"] == {D: 2, C: 1}


# ============================================================ box 2
def test_box_2_printed_one_cards_are_worth_two(events):
    """Box 2 Students Rally (6.3.5): the holder's cards with a printed 1 Op
    are used as 2-Op cards; other cards and the opponent's are unchanged."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1})
    arrive(game, D, 2)
    assert awards(game) == [(D, 2)]
    seen = []
    play(game, D, MICHNIK, ["place", "Gdansk", "Gdansk"], seen)
    assert seen[1].context["ops_left"] == 2 and sp(game, D, "Gdansk") == 3
    seen = []
    play(game, D, TANK_COLUMN, ["place", "Gdansk", "Gdansk"], seen)  # printed 2: still 2
    assert seen[1].context["ops_left"] == 2 and sp(game, D, "Gdansk") == 5
    play(game, C, THE_WALL, ["place", "Warszawa"])  # the Communist's 1 stays 1
    assert sp(game, C, "Warszawa") == 2


# ============================================================ box 3
def test_box_3_draw_three_keep_one_scoring_cards_may_go(events):
    """Box 3 Foreign News (6.3.5, B.6.8): draw 3, keep 1 and discard the other
    2, Scoring cards included."""
    game = position(events)
    for card in (POLAND_SCORING, MICHNIK, PRUDENCE):  # the top three, drawn last-first
        move_card(game, card, "deck")
    hand = list(game.hand(D))
    game.state["tiananmen"][D] = 2
    seen = []
    play(game, D, TANK_COLUMN, ["event", POLAND_SCORING, PRUDENCE], seen)
    assert seen[1].kind == "pick_card" and seen[1].options == [PRUDENCE, MICHNIK, POLAND_SCORING]
    assert game.state["tiananmen"][D] == 3
    assert game.hand(D) == [*hand, MICHNIK]
    assert game.state["discard"] == [POLAND_SCORING, PRUDENCE]


# ============================================================ box 4
def test_box_4_removes_two_opposing_sps_anywhere(events):
    """Box 4 Students Arrested (6.3.5): the Communist, first there, removes 2
    Democratic SPs from anywhere on the map."""
    game = position(events, democrat={"Gdansk": 2, "Leipzig": 1, "Sofia": 1})
    arrive(game, C, 4, ["Gdansk", "Sofia"])
    assert sp(game, D, "Gdansk") == 1 and sp(game, D, "Sofia") == 0
    assert sp(game, D, "Leipzig") == 1


def test_box_4_second_arrival_gets_nothing(events):
    """6.3.5 / B.6.4: an immediate award is never given to the second player
    to reach the box."""
    game = position(events, democrat={"Gdansk": 2}, communist={"Warszawa": 2})
    game.state["tiananmen"][D] = 4
    arrive(game, C, 4)
    assert sp(game, D, "Gdansk") == 2 and sp(game, C, "Warszawa") == 2


# ============================================================ box 5
# ============================================================ box 6
# ============================================================ box 7
def test_box_7_once_per_turn_an_opponent_card_for_ops_without_its_event(events):
    """Box 7 Protesters Massacred (6.3.5, B.6.6): once per turn the holder
    plays an opponent card for Ops without its event; an asterisk card used
    so goes to the discard pile. A second one the same turn triggers as
    usual; the next turn the option is back."""
    game = position(events, communist={"Warszawa": 1})
    arrive(game, C, 7)
    assert awards(game) == [(C, 7)]
    seen = []
    play(game, C, SAJUDIS, ["place", "yes", "Warszawa", "Warszawa"], seen)
    assert [d.kind for d in seen[:2]] == ["use", "suppress"]
    st = game.state
    assert st["vp"] == 0 and st["ussr"] == 0 and SAJUDIS in st["discard"]
    assert SAJUDIS not in st["events_played"]
    seen = []
    play(game, C, SOLIDARITY, ["place", "after"] + ["Warszawa"] * 4, seen)
    assert [d.kind for d in seen[:2]] == ["use", "event_order"]
    assert SOLIDARITY in st["events_played"]
    st["turn"] += 1
    seen = []
    play(game, C, SAJUDIS, ["place", "yes", "Warszawa", "Warszawa"], seen)
    assert seen[1].kind == "suppress" and SAJUDIS in st["discard"]


# ============================================================ box 8
def test_box_8_once_per_turn_ops_and_event(events):
    """Box 8 Political Pluralism (6.3.5, B.6.7): once per turn the holder uses
    one of his own cards for both its Ops and its event, in the order he
    chooses; not a second time that turn."""
    game = position(events, democrat={"Gdansk": 1})
    arrive(game, D, 8)
    assert awards(game) == [(D, 8)]
    seen = []
    play(game, D, SAJUDIS, ["ops_and_event", "place", "event", "Razgrad", "Gdansk", "Gdansk"],
         seen)
    assert seen[0].options == ["place", "check", "event", "ops_and_event"]
    st = game.state
    assert st["vp"] == 1 and st["ussr"] == 1 and sp(game, D, "Razgrad") == 4
    assert sp(game, D, "Gdansk") == 3 and SAJUDIS in st["removed"]
    seen = []
    play(game, D, SOLIDARITY, ["place"] + ["Gdansk"] * 4, seen)
    assert "ops_and_event" not in seen[0].options


def test_box_8_not_for_an_opponent_card(events):
    """B.6.7: only the holder's own (or silver) events; an opponent's card
    offers no such play."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1})
    arrive(game, C, 8)
    seen = []
    play(game, C, SAJUDIS, ["place", "after", "Warszawa", "Warszawa", "Razgrad"], seen)
    assert seen[0].options == ["place", "check"]
    seen = []
    play(game, C, TANK_COLUMN, ["ops_and_event", "place", "ops", "Warszawa", "Warszawa"], seen)
    assert "ops_and_event" in seen[0].options
