"""The turn sequence (3.0, 4.0, 13.0) as the engine plays it.

Setup and the 3.4 free SPs, the C1 D1 ... C7 D7 action rounds, forfeits, the
deal (Communist first, reshuffle mid-deal), the Middle and Late Year cards,
the Scoring-card obligation of 4.5.4, and the 13.0 bids (with rulings B.1.2,
B.2.1-B.2.5).
"""

from __future__ import annotations

import pytest
from helpers import DATA, answer, autoplay, drive, logs, restart_at, sid, started_game

from dof.engine.data.chance import DECK, Chance
from dof.engine.data.state import initial_state
from dof.engine.game import Game
from dof.engine.position import at_action_round
from dof.engine.rules.actions import playable_cards
from dof.engine.rules.setup import deal, resolve_bids
from dof.engine.rules.turn import advance_turn_step, extra_support_check_step

C, D = "communist", "democrat"
EARLY = DATA.cards_of_period("early")
EARLY_PLAIN = [c for c in EARLY if DATA.cards[c].side != "scoring"]
SCORING = [c for c in EARLY if DATA.cards[c].side == "scoring"]  # Poland 22, Hungary 23


# ------------------------------------------------------------------ 3.0
def test_3_2_3_3_fixed_setup_sps():
    """3.2 / 3.3: the printed starting SPs, and nothing else, are on the map."""
    game = Game.new(DATA, 0)
    want = {
        C: {"Bydgoszcz": 1, "Warszawa": 1, "Lublin": 1, "Dresden": 2, "Berlin": 2, "Plzen": 2,
            "Praha": 2, "Brno": 1, "Szombathely": 1, "Cluj-Napoca": 2, "Bucuresti": 2,
            "Sofia": 2, "Stara Zagora": 1},
        D: {"Polish Catholic Church": 5, "Gdansk": 1, "Krakow": 1, "Lutheran Church": 1,
            "Czech Writers": 2, "Czech Catholic Church": 1, "Budapest": 1, "Szeged": 1,
            "Hungarian Catholic Church": 1, "Szekesfehervar": 1},
    }
    for side, spaces in want.items():
        on_map = {DATA.spaces[s].name: n for s, n in enumerate(game.state["sp"][side]) if n}
        assert on_map == spaces


def test_3_1_3_4_deal_and_free_sps():
    """3.1: 8 Early Year cards each, before the placements. 3.4: the Communist
    places 2, the Democrat 3, the Communist 3, the Democrat 4, the Communist 2,
    each SP only in a space with no opponent SPs at that moment (the NOTE,
    B.1.4); then the Communist's first action round begins (3.5, 4.5.2)."""
    game = Game.new(DATA, 11)
    st = game.state
    assert len(st["hands"][C]) == len(st["hands"][D]) == 8
    assert sorted(st["deck"] + st["hands"][C] + st["hands"][D]) == EARLY
    # Dealt alternately from the shuffled deck, Communist first (B.1.5).
    shuffled = initial_state(DATA, 11, {})
    Chance(shuffled).shuffle(shuffled["deck"], DECK)
    top = shuffled["deck"][::-1]
    assert st["hands"][C] == top[0:16:2] and st["hands"][D] == top[1:16:2]
    before = {side: sum(st["sp"][side]) for side in (C, D)}
    # The Communist starts in Poznan and Szczecin (empty), so the Democrat may
    # not follow him there; the Democrat takes Katowice and Bialystok, so the
    # Communist may not follow; the other SPs go to the first option.
    script = ["Poznan", "Szczecin", "Katowice", "Bialystok"]
    seen = []
    while game.pending.kind == "setup_place":
        decision = game.pending
        side = decision.player
        other = st["sp"][D if side == C else C]
        assert decision.options == [s for s in range(len(DATA.spaces)) if not other[s]]
        seen.append(side)
        answer(game, [script.pop(0) if script else decision.options[0]])
    assert seen == [C] * 2 + [D] * 3 + [C] * 3 + [D] * 4 + [C] * 2
    for name in ("Poznan", "Szczecin"):
        assert st["sp"][C][sid(name)] >= 1 and st["sp"][D][sid(name)] == 0
    for name in ("Katowice", "Bialystok"):
        assert st["sp"][D][sid(name)] >= 1 and st["sp"][C][sid(name)] == 0
    assert sum(st["sp"][C]) == before[C] + 7 and sum(st["sp"][D]) == before[D] + 7
    assert (game.pending.kind, game.pending.player) == ("card", C)
    assert (st["phase"], st["turn"], st["ar"], st["phasing"]) == ("action_rounds", 1, 1, C)


def test_13_0_bid_sps_placed_after_3_4():
    """13.0 (harness form, B.1.2/B.1.3): extra SPs for one side are placed after
    the 3.4 placements, one at a time, under the same restriction."""
    game = Game.new(DATA, 2, {"extra_sps": {D: 2}})
    seen = []
    while game.pending.kind == "setup_place":
        decision = game.pending
        other = game.state["sp"][C if decision.player == D else D]
        assert all(not other[s] for s in decision.options)
        seen.append(decision.player)
        answer(game, [decision.options[-1]])
    assert seen == [C] * 2 + [D] * 3 + [C] * 3 + [D] * 4 + [C] * 2 + [D] * 2


# ------------------------------------------------------------- 13.0 bids
def test_13_0_example():
    """13.0 EXAMPLE: Bruce shows 2 Democrat SPs, Jason 1 Democrat SP. Bruce wins
    and is the Communist; Jason is the Democrat with 2 extra Democrat SPs."""
    result = resolve_bids((D, 2), (D, 1), roll=lambda: pytest.fail("no roll needed"))
    assert result == {"a": C, "b": D, "extra_sps": {D: 2, C: 0}}
    result = resolve_bids((C, 1), (C, 3))
    assert result == {"a": C, "b": D, "extra_sps": {C: 3, D: 0}}


def test_13_0_opposite_colours():
    """13.0: bids for opposite sides: each takes the side the opponent offered,
    and the SPs are ignored."""
    assert resolve_bids((D, 2), (C, 5)) == {"a": C, "b": D, "extra_sps": {D: 0, C: 0}}
    assert resolve_bids((C, 2), (D, 2), roll=lambda: pytest.fail("no roll")) == {
        "a": D, "b": C, "extra_sps": {D: 0, C: 0}}


@pytest.mark.parametrize("winner", ["a", "b"])
def test_13_0_identical_bids_roll(winner):
    """13.0: identical bids: the die-roll winner picks the winning bid, i.e.
    plays the side he wanted; the other takes the SPs (rerolled ties, B.1.2,
    are the caller's ``roll``)."""
    loser = "b" if winner == "a" else "a"
    result = resolve_bids((D, 2), (D, 2), roll=lambda: winner)
    assert result == {winner: C, loser: D, "extra_sps": {D: 2, C: 0}}


def test_13_0_zero_bids_b_1_2():
    """B.1.2: a 0 bid means 'either side': a non-zero bid wins outright; two 0
    bids are settled by a roll, with no extra SPs."""
    assert resolve_bids((D, 0), (C, 1), roll=lambda: pytest.fail("no roll")) == {
        "a": C, "b": D, "extra_sps": {C: 1, D: 0}}
    assert resolve_bids((C, 3), (D, 0), roll=lambda: pytest.fail("no roll")) == {
        "a": D, "b": C, "extra_sps": {C: 3, D: 0}}
    for winner, loser in (("a", "b"), ("b", "a")):
        result = resolve_bids((D, 0), (C, 0), roll=lambda w=winner: w)
        assert {result["a"], result["b"]} == {C, D}
        assert result[winner] != result[loser]
        assert result["extra_sps"] == {D: 0, C: 0}


# ---------------------------------------------------------- 4.5.2 rounds
def test_4_5_2_turn_one_round_order():
    """4.5.2: seven action rounds each, alternating, Communist first: C1 D1 ...
    C7 D7; the one card left is held (8 - 7), then 4.5.1 deals back to 8."""
    game = started_game({C: EARLY_PLAIN[:8], D: EARLY_PLAIN[8:16]}, seed=4)
    order = []
    while game.state["turn"] == 1:
        decision = game.pending
        if decision.kind == "card":
            played = sum(1 for p, _ in order if p == decision.player)
            assert len(game.state["hands"][decision.player]) == 8 - played
            order.append((decision.player, game.state["ar"]))
        autoplay(game, lambda g, n=game.decisions: g.decisions > n)  # one decision
    assert order == [(side, ar) for ar in range(1, 8) for side in (C, D)]
    assert [e["player"] for e in logs(game, "play")] == [C, D] * 7
    st = game.state
    assert (st["turn"], st["ar"], st["phasing"], game.pending.kind) == (2, 1, C, "card")
    assert len(st["hands"][C]) == len(st["hands"][D]) == 8


@pytest.mark.parametrize("side", [C, D])
def test_4_5_2_a_position_at_a_players_third_round_plays_on_in_order(side):
    """A position set at one player's action round 3 (a scenario's
    ``action_round: 3``): the Communist has played three rounds before the
    Democrat's third, so the turn goes on C3 D3 C4 ... D7 and each side plays
    seven rounds in all."""
    game = started_game({C: EARLY_PLAIN[:8], D: EARLY_PLAIN[8:16]}, seed=4)
    state = dict(game.state)
    at_action_round(state, side, 3)
    game = restart_at(Game(DATA, state), "action_rounds")
    order = []
    while game.state["turn"] == 1:
        if game.pending.kind == "card":
            order.append((game.pending.player, game.state["ar"]))
        autoplay(game, lambda g, n=game.decisions: g.decisions > n)  # one decision
    rounds = [(s, ar) for ar in range(3, 8) for s in (C, D)]
    assert order == rounds[rounds.index((side, 3)):]


def test_4_5_2_forfeit_with_an_empty_hand():
    """4.5.2: a player with no card at the start of his action round forfeits
    it. The Democrat starts with 5 cards: he forfeits his rounds 6 and 7; the
    Communist plays all 7."""
    game = started_game({C: EARLY_PLAIN[:8], D: EARLY_PLAIN[8:13]}, seed=6)
    autoplay(game, lambda g: g.state["turn"] == 2)
    forfeits = logs(game, "forfeit")
    assert [(e["player"], e["ar"]) for e in forfeits] == [(D, 6), (D, 7)]
    plays = [e["player"] for e in logs(game, "play")]
    assert plays.count(C) == 7 and plays.count(D) == 5
    assert len(game.state["hands"][C]) == len(game.state["hands"][D]) == 8


# ------------------------------------------------------------ 4.5.1 deal
def _deal_game(hand_c, hand_d, deck, discard=(), removed=()):
    game = Game.new(DATA, 9)
    st = game.state
    st["hands"] = {C: list(hand_c), D: list(hand_d)}
    st["deck"], st["discard"], st["removed"] = list(deck), list(discard), list(removed)
    return game


def test_4_5_1_deal_alternates_communist_first():
    """4.5.1: the first card to the Communist, then alternately; the top of the
    deck is the end of the list."""
    game = _deal_game(EARLY[:6], EARLY[6:12], EARLY[12:20])
    top = EARLY[12:20][::-1]
    deal(game)
    assert game.state["hands"][C] == EARLY[:6] + [top[0], top[2]]
    assert game.state["hands"][D] == EARLY[6:12] + [top[1], top[3]]
    assert game.state["deck"] == EARLY[12:16]


def test_4_5_1_deal_reshuffles_mid_deal():
    """4.3 / B.2.1-B.2.2: when the deck runs out mid-deal the discards (only
    they, not removed cards) are reshuffled and the alternating deal goes on."""
    game = _deal_game(EARLY[:5], EARLY[5:10], EARLY[10:13], EARLY[13:23], [40])
    deal(game)
    st = game.state
    c_hand, d_hand = st["hands"][C], st["hands"][D]
    assert c_hand[5:7] == [EARLY[12], EARLY[10]] and d_hand[5] == EARLY[11]
    assert len(c_hand) == len(d_hand) == 8
    assert set(c_hand[7:] + d_hand[6:]) <= set(EARLY[13:23])
    assert st["discard"] == [] and st["removed"] == [40]
    assert sorted(st["deck"] + c_hand[7:] + d_hand[6:]) == EARLY[13:23]
    assert len(logs(game, "reshuffle")) == 1


def test_4_5_1_deal_skips_a_full_hand_b_2_5():
    """B.2.5: a full hand is skipped; the other player takes the next cards."""
    game = _deal_game(EARLY[:8], EARLY[8:13], EARLY[13:20])
    deal(game)
    assert game.state["hands"][C] == EARLY[:8]
    assert game.state["hands"][D] == EARLY[8:13] + EARLY[17:20][::-1]


def test_4_5_1_deal_stops_when_no_card_is_left_b_2_3():
    """B.2.3: deck and discards both empty: dealing stops, hands stay short."""
    game = _deal_game(EARLY[:5], EARLY[5:10], EARLY[10:12])
    deal(game)
    assert len(game.state["hands"][C]) == 6 and len(game.state["hands"][D]) == 6
    assert game.state["deck"] == [] and not logs(game, "reshuffle")


# ------------------------------------------------------- 4.4 / 4.5.6
@pytest.mark.parametrize("turn, period", [(3, "middle"), (7, "late"), (1, None), (4, None)])
def test_4_5_6_year_cards_join_the_draw_deck_only(turn, period):
    """4.4 / 4.5.6 / B.2.4: at the end of turn 3 the Middle Year cards, at the
    end of turn 7 the Late Year cards, are shuffled into the draw deck; the
    discards stay out."""
    game = _deal_game([], [], EARLY[:10], EARLY[10:30])
    game.state["turn"] = turn
    drive(game, advance_turn_step(game))
    st = game.state
    added = DATA.cards_of_period(period) if period else []
    assert st["turn"] == turn + 1
    assert sorted(st["deck"]) == sorted(EARLY[:10] + added)
    assert st["discard"] == EARLY[10:30]


def test_4_5_6_turn_four_deal_comes_from_middle_cards():
    """4.5.6 then 4.5.1 in the turn sequence: with the draw deck empty at the
    end of turn 3, turn 4 is dealt from the Middle Year cards only, and the
    Early Year discards stay in the discard pile."""
    game = _deal_game([EARLY_PLAIN[0]], [EARLY_PLAIN[1]], [], EARLY_PLAIN[2:])
    game.state["turn"] = 3
    game = restart_at(game, "advance_turn")
    st = game.state
    assert st["turn"] == 4 and game.pending.kind == "card"
    middle = set(DATA.cards_of_period("middle"))
    assert set(st["hands"][C][1:] + st["hands"][D][1:]) <= middle
    assert len(st["hands"][C]) == len(st["hands"][D]) == 8
    assert st["discard"] == EARLY_PLAIN[2:]
    assert sorted(st["deck"] + st["hands"][C][1:] + st["hands"][D][1:]) == sorted(middle)


# ----------------------------------------------------------------- 4.5.4
@pytest.mark.parametrize("scoring, used, forced", [
    (1, 6, True),    # one Scoring card, the last round: only it
    (1, 5, False),   # one Scoring card, two rounds left: any card
    (2, 5, True),    # two Scoring cards, two rounds left: only they
    (2, 4, False),
])
def test_4_5_4_scoring_card_must_be_played(scoring, used, forced):
    """2.2.1 / 4.5.4: Scoring cards must be played in the turn they are drawn,
    so once they fill the remaining action rounds only they may be played."""
    game = Game.new(DATA, 1)
    hand = SCORING[:scoring] + EARLY_PLAIN[:4]
    game.state["hands"][C] = hand
    game.state["rounds"][C] = used + 1  # action_round counts the current one first
    options = playable_cards(game, C)
    assert options == (SCORING[:scoring] if forced else hand)


def test_4_5_4_last_round_offers_only_the_scoring_card():
    """4.5.4 in play: holding the Poland Scoring card to the seventh round, the
    Communist's card decision offers only it."""
    hand = [22] + EARLY_PLAIN[:7]
    game = started_game({C: hand, D: EARLY_PLAIN[7:15]}, seed=8)
    for rnd in range(1, 8):
        assert (game.pending.kind, game.pending.player) == ("card", C)
        if rnd < 7:
            assert 22 in game.pending.options and len(game.pending.options) == 9 - rnd
            answer(game, [next(c for c in game.pending.options if c != 22)])
            autoplay(game, lambda g: g.pending.kind == "card" and g.pending.player == C)
    assert game.pending.options == [22] and game.state["ar"] == 7


# ----------------------------------------------------------------- 4.5.3
def test_4_5_3_turn_long_effects_expire_after_the_extra_check(events):
    """4.5.3 note / B.10: effects lasting for the turn still apply to the extra
    support check, and expire right after it; longer effects stay."""
    game = Game.new(DATA, 1, events=events)
    drive(game, events.run_event(game, 8, D))   # Prudence: for the rest of the turn
    drive(game, events.run_event(game, 53, C))  # Li Peng: for the rest of the game
    assert {e["card"] for e in game.state["effects"]} == {8, 53}
    drive(game, extra_support_check_step(game))
    assert [e["card"] for e in game.state["effects"]] == [53]
    assert 8 in game.state["discard"] and 53 in game.state["display"]
