"""Card events, batch A: the Early Year cards #1-#21 written in cards/early.card.

Every test plays a card through the engine as a player would: an exact
position (``position``), the card put in a hand, ``play_card`` or
``action_round`` driven with scripted answers and fixed dice, then the exact
resulting state (SPs, VP, hands, piles, lasting effects, log). Card texts:
shared/reference/cards.yaml; rules 5.2 (opponent events), 5.3 (discards),
7.1-7.4 (events), 11.2 (General Strike); rulings: docs/rulings.md and
rules-diff B.
"""

from __future__ import annotations

import pytest
from card_play import discard, effect_cards, kinds, play, position, run_until, texts
from helpers import (
    answer,
    autoplay,
    drive,
    fix_dice,
    logs,
    set_board,
    sid,
    sp,
    started_game,
)

from dof.engine.game import Game
from dof.engine.rules.actions import action_round, play_card, rounds_allowed
from dof.engine.rules.piles import move_card

C, D = "communist", "democrat"

# Card numbers (side, printed Ops, asterisk).
LEGACY = 1          # Communist 2 *
SOLIDARITY = 2      # Democrat 4 *, lasting, red title
WALESA = 3          # Democrat 3 *, requires Solidarity Legalized
MICHNIK = 4         # Democrat 1 * (not written: Ops only)
GENERAL_STRIKE = 5  # Democrat 3 *, lasting
QUESTIONING = 6     # Communist 3
STATE_RUN_MEDIA = 7  # Communist 2 *
PRUDENCE = 8        # neutral 4, lasting
THE_WALL = 9        # Communist 1 *, lasting
CULT = 10           # Communist 3 * (not written)
DISSIDENT = 11      # Communist 2 (not written)
APPARATCHIKS = 12   # Communist 2 * (not written)
STASI = 13          # Communist 1 *, lasting
GORBACHEV = 14      # neutral 4 (not written)
HONECKER = 15       # Communist 3 *, lasting, requires not Modrow
ROUNDTABLE = 17     # Democrat 3, lasting
PAPAL_VISIT = 19    # Democrat 2 * (not written)
DEUTSCHE_MARKS = 20  # Communist 4 *
COMMON_HOME = 21    # neutral 2, "when played for operations: opponent gains 1 VP"
POLAND_SCORING = 22
MODROW = 83         # Communist, Late Year (the prerequisite that blocks Honecker)


# ============================================== #1 Legacy of Martial Law
def test_legacy_of_martial_law_swaps_an_sp_then_one_polish_check(events):
    """#1: in one Polish space with Democratic SPs one Democratic SP becomes
    Communist, then ONE support check in Poland with the card's 2 Ops; the
    asterisk card leaves the game (2.2.4)."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 2, "Dresden": 2},
                    communist={"Warszawa": 3}, hands={C: [LEGACY]})
    dice = fix_dice(game, [5])
    seen = []
    play(game, C, LEGACY, ["event", "Krakow", "Gdansk"], seen)
    assert kinds(seen) == [("use", C), ("space", C), ("check", C)]
    # Only Polish spaces with Democratic SPs are offered, for both steps.
    assert seen[1].options == [sid("Gdansk"), sid("Krakow")]
    assert seen[2].options == [sid("Gdansk"), sid("Krakow"), "stop"]
    assert (sp(game, D, "Krakow"), sp(game, C, "Krakow")) == (1, 1)
    # Gdansk: 5 + 2 Ops + 1 (Warszawa Communist-controlled) = 8 vs 6: 2 removed.
    assert sp(game, D, "Gdansk") == 1 and sp(game, D, "Dresden") == 2
    assert len(logs(game, "check")) == 1 and not dice
    assert game.state["removed"] == [LEGACY] and game.state["discard"] == []
    assert game.state["events_played"] == [LEGACY]


def test_legacy_of_martial_law_with_no_target_still_counts_as_played(events):
    """#1 with no Democratic SP in Poland: no space to choose, so the event
    ends there (nothing to check either), yet it is played and the asterisk
    card is removed (5.2 example 4)."""
    game = position(events, democrat={"Dresden": 2}, hands={C: [LEGACY]})
    play(game, C, LEGACY, ["event"])
    assert sp(game, D, "Dresden") == 2 and logs(game, "check") == []
    assert texts(game, "event_ends") == [
        "#1 Legacy of Martial Law: nothing to choose, so the rest does not happen"]
    assert game.state["removed"] == [LEGACY] and game.state["events_played"] == [LEGACY]


def test_legacy_of_martial_law_triggered_by_democrat_ops_after(events):
    """5.2: the Democrat plays #1 for Ops; he chooses the Communist event to
    come after his placement, and the Communist makes the event's choices;
    the event happened, so the card is removed."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Krakow": 1},
                    hands={D: [LEGACY]}, phasing=D)
    dice = fix_dice(game, [1])
    seen = []
    play(game, D, LEGACY, ["place", "after", "Gdansk", "Gdansk", "Gdansk"], seen)
    # Gdansk is the only Polish space with Democratic SPs: chosen without asking.
    assert kinds(seen) == [("use", D), ("event_order", D), ("place", D), ("place", D),
                           ("check", C)]
    assert "event" not in seen[0].options
    # Democrat 3 in Gdansk, one becomes Communist: 2 and 1; the check fails
    # (1 + 2 Ops - 0 vs 6).
    assert (sp(game, D, "Gdansk"), sp(game, C, "Gdansk")) == (2, 1)
    assert not dice and game.state["removed"] == [LEGACY]
    assert game.state["events_played"] == [LEGACY]


# =============================================== #2 Solidarity Legalized
POLISH_WORKER_FARMER = ["Szczecin", "Gdansk", "Poznan", "Bialystok", "Wroclaw", "Lodz",
                        "Katowice", "Krakow", "Lublin"]


def test_solidarity_legalized_places_in_uncontrolled_workers_and_farmers(events):
    """#2: 1 Democratic SP in every Polish Worker or Farmer space controlled by
    neither player; controlled ones (either side) and other types get none.
    The card stays on display: its Gdansk ban lasts the whole game (7.2)."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 1},
                    communist={"Lodz": 3, "Lublin": 1, "Warszawa": 1}, hands={D: [SOLIDARITY]},
                    phasing=D)
    play(game, D, SOLIDARITY, ["event"])
    got = {n: sp(game, D, n) for n in [*POLISH_WORKER_FARMER, "Warszawa", "Bydgoszcz"]}
    assert got == {"Szczecin": 1, "Gdansk": 3, "Poznan": 1, "Bialystok": 1, "Wroclaw": 1,
                   "Lodz": 0, "Katowice": 1, "Krakow": 2, "Lublin": 1, "Warszawa": 0,
                   "Bydgoszcz": 0}
    assert game.state["display"] == [SOLIDARITY]
    assert game.state["removed"] == [] and game.state["discard"] == []
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"], effect["until"]) == ("check_ban", D, "end_of_game")
    assert game.state["events_played"] == [SOLIDARITY]


def test_solidarity_legalized_triggered_by_communist_ops(events):
    """5.2: the Communist plays #2 for Ops, the Democrat event happens (here
    before the Ops); the Democrat places; the card goes on display (lasting,
    never discarded) and Walesa becomes playable."""
    game = position(events, democrat={"Gdansk": 3}, communist={"Warszawa": 3},
                    hands={C: [SOLIDARITY], D: [WALESA]})
    seen = []
    play(game, C, SOLIDARITY, ["place", "before", "Warszawa", "Warszawa", "Warszawa",
                               "Warszawa"], seen)
    assert kinds(seen)[:2] == [("use", C), ("event_order", C)]
    assert sp(game, D, "Szczecin") == 1 and sp(game, C, "Warszawa") == 7
    assert game.state["display"] == [SOLIDARITY] and game.state["discard"] == []
    assert "event" in run_until(play_card(game, D, WALESA)).options


# ============================================================ #3 Walesa
def test_walesa_is_not_playable_as_event_before_solidarity(events):
    """#3 requires Solidarity Legalized (7.1): before it the Democrat can only
    use Walesa for Ops."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [WALESA]}, phasing=D)
    assert next(play_card(game, D, WALESA)).options == ["place", "check", "tiananmen"]
    assert not events.playable(game, WALESA, D)
    game.state["events_played"].append(SOLIDARITY)
    assert events.playable(game, WALESA, D)


def test_walesa_places_four_in_poland_then_two_polish_checks(events):
    """#3 after Solidarity: 4 Democratic SPs anywhere in Poland (direct
    placement: no adjacency, no double cost in a Communist-controlled space),
    then 2 support checks in Poland with the card's 3 Ops."""
    game = position(events, democrat={}, communist={"Warszawa": 3, "Lodz": 2, "Dresden": 4},
                    hands={D: [WALESA]}, phasing=D)
    game.state["events_played"].append(SOLIDARITY)
    dice = fix_dice(game, [4, 2])
    seen = []
    play(game, D, WALESA, ["event", "Gdansk", "Gdansk", "Gdansk", "Warszawa",
                           "Warszawa", "Lodz"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 4 + [("check", D)] * 2
    assert len(seen[1].options) == 14  # every Polish space, none in reach yet
    assert seen[5].options == [sid("Warszawa"), sid("Lodz"), "stop"]  # not Dresden
    # Warszawa (C 3 - D 1): 4 + 3 + 1 (Gdansk) = 8 vs 6, 2 removed; Lodz: 2 + 3 = 5 fails.
    assert (sp(game, D, "Gdansk"), sp(game, D, "Warszawa"), sp(game, C, "Warszawa")) == (3, 1, 1)
    assert sp(game, C, "Lodz") == 2 and sp(game, C, "Dresden") == 4 and not dice
    assert game.state["removed"] == [WALESA] and WALESA in game.state["events_played"]


def test_walesa_for_communist_ops_before_solidarity_is_discarded(events):
    """5.2 EXAMPLE 2: the Communist plays Walesa before Solidarity Legalized:
    he gets the 3 Ops, the Democrat no event, and despite its asterisk the card
    goes to the discard pile."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [WALESA]})
    seen = []
    play(game, C, WALESA, ["place", "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 3  # no event_order question
    assert sp(game, C, "Warszawa") == 4
    assert game.state["discard"] == [WALESA] and game.state["removed"] == []
    assert game.state["events_played"] == [] and logs(game, "event") == []


def test_walesa_for_communist_ops_after_solidarity_fires_for_the_democrat(events):
    """5.2: once Solidarity has happened, Walesa played by the Communist for
    Ops gives the Democrat its event (its choices are the Democrat's) and the
    card is removed."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [WALESA]})
    game.state["events_played"].append(SOLIDARITY)
    dice = fix_dice(game, [6])
    seen = []
    play(game, C, WALESA, ["place", "after", "Warszawa", "Warszawa", "Warszawa",
                           "Krakow", "Krakow", "Krakow", "Krakow", "Warszawa", "stop"], seen)
    assert kinds(seen) == ([("use", C), ("event_order", C)] + [("place", C)] * 3
                           + [("space", D)] * 4 + [("check", D)] * 2)
    # Warszawa (C 4): 6 + 3 Ops = 9 vs 6: 3 removed.
    assert sp(game, C, "Warszawa") == 1 and sp(game, D, "Krakow") == 4 and not dice
    assert game.state["removed"] == [WALESA] and game.state["discard"] == []


# ==================================================== #5 General Strike
def strike(events, communist_hand, democrat_hand=(), **board) -> Game:
    """The Democrat has just played General Strike as an event; the
    Communist is to act next."""
    game = position(events, hands={D: [GENERAL_STRIKE, *democrat_hand],
                                   C: list(communist_hand)}, phasing=D, **board)
    play(game, D, GENERAL_STRIKE, ["event"])
    game.state["phasing"] = C
    return game


def test_general_strike_event_goes_on_display_until_the_strike_ends(events):
    """#5 is a lasting event (7.2, 11.2): nothing happens when it is played;
    the card waits in front of the players, not in a pile."""
    game = strike(events, [CULT])
    assert game.state["display"] == [GENERAL_STRIKE]
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"], effect["until"]) == (
        "action_round_replace", D, "cancelled")
    assert game.state["hands"][C] == [CULT]


def test_general_strike_round_is_a_discard_and_a_roll(events):
    """#5 / 11.2 / B.3.7(a): the Communist's action round is only a discard
    (his choice, one card) and a die roll; die + the card's Ops below 6 and
    the strike goes on. The discarded card's event does not happen (5.3)."""
    game = strike(events, [CULT, STATE_RUN_MEDIA, POLAND_SCORING], democrat={"Gdansk": 2})
    dice = fix_dice(game, [3])
    seen = []
    drive(game, action_round(game), ["obligation", STATE_RUN_MEDIA], seen)
    assert kinds(seen) == [("card", C), ("pick_card", C)]
    assert seen[0].options == [POLAND_SCORING, "obligation"]  # B.3.7(c): he may score instead
    assert seen[1].options == [CULT, STATE_RUN_MEDIA]  # a Scoring card is no discard
    assert game.state["hands"][C] == [CULT, POLAND_SCORING]
    assert game.state["discard"] == [STATE_RUN_MEDIA] and sp(game, D, "Gdansk") == 2
    assert texts(game, "play") == ["democrat plays #5 General Strike for its event"]  # no card
    assert logs(game, "play")[0]["use"] == "event"
    assert effect_cards(game) == [GENERAL_STRIKE] and not dice  # 3 + 2 = 5: still on
    assert game.state["rounds"][C] == 1


def test_general_strike_ends_on_six_and_leaves_the_game(events):
    """#5: die + discarded Ops of 6 or more ends the strike; the asterisk card
    is then removed from the game."""
    game = strike(events, [CULT, APPARATCHIKS])
    fix_dice(game, [3, 3])
    drive(game, action_round(game), [APPARATCHIKS])  # 3 + 2 = 5: on
    assert effect_cards(game) == [GENERAL_STRIKE]
    game.state["phasing"] = C
    drive(game, action_round(game), [])  # Cult, the only card: 3 + 3 = 6: over
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["removed"] == [GENERAL_STRIKE]
    assert game.state["discard"] == [APPARATCHIKS, CULT]
    assert texts(game, "effect_ends") == ["#5 General Strike is no longer in effect"]


def test_general_strike_roll_uses_the_modified_ops(events):
    """B.3.7(b) / 7.3.3: the strike roll adds the discarded card's Ops after
    modifiers: under the Democrat's Prudence a 3-Op card counts 2."""
    game = strike(events, [CULT], democrat_hand=[PRUDENCE])
    play(game, D, PRUDENCE, ["event"])
    game.state["phasing"] = C
    fix_dice(game, [3])
    drive(game, action_round(game))
    assert texts(game, "roll_total")[-1] == "communist's roll for #5 General Strike: 3 +2 = 5"
    assert texts(game, "roll_outcome")[-1] == (
        "communist's roll of 5 for #5 General Strike needed 6 or more: it fails")
    assert effect_cards(game) == [GENERAL_STRIKE, PRUDENCE]


def test_general_strike_allows_a_scoring_card_instead(events):
    """#5 / B.3.7(c): during the strike the Communist may play a Scoring card
    in his action round; its Power Struggle starts and no discard is made."""
    game = strike(events, [CULT, POLAND_SCORING], democrat={"Gdansk": 3},
                  communist={"Warszawa": 3})
    decision = run_until(action_round(game), [POLAND_SCORING])
    assert decision.kind.startswith("ps_")
    assert texts(game, "ps_start") == ["Power Struggle in Poland (communist played the "
                                       "Scoring card)"]
    assert game.state["hands"][C] == [CULT] and game.state["discard"] == []


def test_general_strike_never_offers_to_keep_a_scoring_card_past_the_last_round(events):
    """4.5.4 / ruling R38: in his last action round a striking Communist with
    a Scoring card and another card must play the Scoring card: meeting the
    obligation would discard the other card and hold the Scoring card."""
    game = strike(events, [CULT, POLAND_SCORING], democrat={"Gdansk": 3},
                  communist={"Warszawa": 3})
    game.state["rounds"][C] = rounds_allowed(game, C) - 1
    decision = run_until(action_round(game))
    assert (decision.kind, decision.options) == ("card", [POLAND_SCORING])
    game.state["rounds"][C] = rounds_allowed(game, C) - 2
    decision = run_until(action_round(game))
    assert decision.options == [POLAND_SCORING, "obligation"]


def test_general_strike_does_not_touch_the_democrat_rounds(events):
    """#5 binds only the Communist: the Democrat's rounds are ordinary, even
    with a Scoring card in hand (no obligation to meet or to decline)."""
    game = strike(events, [CULT], democrat_hand=[POLAND_SCORING, PAPAL_VISIT])
    game.state["phasing"] = D
    decision = run_until(action_round(game))
    assert (decision.kind, decision.player) == ("card", D)
    assert decision.options == [POLAND_SCORING, PAPAL_VISIT]


def test_general_strike_with_an_empty_hand_forfeits_and_goes_on(events):
    """B.3.7(d) / 4.5.2: a Communist with no card forfeits the round; with no
    discard there is no roll, and the strike continues."""
    game = strike(events, [])
    fix_dice(game, [])  # any roll fails the test
    drive(game, action_round(game))
    assert texts(game, "forfeit") == ["communist has no card and forfeits action round 1"]
    assert effect_cards(game) == [GENERAL_STRIKE]


def test_general_strike_from_communist_ops_starts_next_communist_round(events):
    """11.2 / 5.2: the Communist plays #5 for Ops and the Democrat's strike
    happens; it starts with the Communist's FOLLOWING action round."""
    game = position(events, communist={"Warszawa": 1},
                    hands={C: [GENERAL_STRIKE, CULT]})
    seen = []
    drive(game, action_round(game), [GENERAL_STRIKE, "place", "before",
                                     "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen)[:3] == [("card", C), ("use", C), ("event_order", C)]
    assert sp(game, C, "Warszawa") == 4  # this round's Ops were used in full
    assert game.state["display"] == [GENERAL_STRIKE] and game.state["removed"] == []
    game.state["phasing"] = C
    fix_dice(game, [6])
    drive(game, action_round(game))  # Cult discarded: 6 + 3, the strike ends
    assert game.state["discard"] == [CULT] and game.state["removed"] == [GENERAL_STRIKE]


# ========================================== #6 Brought in for Questioning
def test_questioning_random_discard_of_a_communist_event_fires_it(events):
    """#6: the Democrat discards a random card; a playable Communist event on
    it happens for the Communist (he makes its choices); an asterisk card
    whose event happened leaves the game (B.4.3); #6 itself is discarded."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 1},
                    hands={C: [QUESTIONING], D: [STATE_RUN_MEDIA]})
    seen = []
    play(game, C, QUESTIONING, ["event", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", C), ("space", C), ("space", C)]  # the last SP: no choice
    assert texts(game, "discard") == ["democrat discards #7 State Run Media"]
    assert sp(game, D, "Gdansk") == 1 and sp(game, D, "Krakow") == 0
    assert game.state["hands"][D] == []
    assert game.state["removed"] == [STATE_RUN_MEDIA] and game.state["discard"] == [QUESTIONING]
    assert game.state["events_played"] == [STATE_RUN_MEDIA, QUESTIONING]


def test_questioning_picks_at_random_without_asking(events):
    """#6: the discard is random: nobody chooses, exactly one card goes."""
    game = position(events, hands={C: [QUESTIONING], D: [MICHNIK, PAPAL_VISIT, WALESA]})
    seen = []
    play(game, C, QUESTIONING, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    [gone] = game.state["discard"][:-1]
    assert gone in (MICHNIK, PAPAL_VISIT, WALESA)
    assert sorted(game.state["hands"][D] + [gone]) == sorted([MICHNIK, PAPAL_VISIT, WALESA])
    assert game.state["discard"][-1] == QUESTIONING and game.state["events_played"] == [
        QUESTIONING]


def test_questioning_scoring_card_is_discarded_without_power_struggle(events):
    """5.3 EXAMPLE 1: the Democrat plays #6 for 3 Ops and lets the Communist
    event happen after; his Poland Scoring card is discarded, and as it is
    not a Communist event no Power Struggle takes place (B.7.15: no play)."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [QUESTIONING, POLAND_SCORING]},
                    phasing=D)
    play(game, D, QUESTIONING, ["place", "after", "Gdansk", "Gdansk", "Gdansk"])
    assert sp(game, D, "Gdansk") == 4 and game.state["hands"][D] == []
    assert game.state["discard"] == [POLAND_SCORING, QUESTIONING]
    assert logs(game, "ps_start") == [] and game.state["ps"] is None
    assert game.state["scoring_plays"]["Poland"] == 0 and game.state["vp"] == 0
    assert game.state["events_played"] == [QUESTIONING]


def test_questioning_democrat_or_unplayable_event_is_just_discarded(events):
    """#6: a Democrat event is not carried out, nor a Communist event whose
    prerequisite fails (Honecker after Modrow, 7.1): both stay discarded."""
    for card, played in ((WALESA, [SOLIDARITY]), (HONECKER, [MODROW])):
        game = position(events, hands={C: [QUESTIONING], D: [card]})
        game.state["events_played"] += played
        play(game, C, QUESTIONING, ["event"])
        assert game.state["discard"] == [card, QUESTIONING] and game.state["removed"] == []
        assert game.state["events_played"] == [*played, QUESTIONING]
        assert game.state["effects"] == [] and game.state["hands"][C] == []


def test_questioning_lasting_communist_event_goes_on_display(events):
    """#6 discarding The Wall: its lasting event happens for the Communist and
    the card waits on display, neither discarded nor removed yet (7.2)."""
    game = position(events, hands={C: [QUESTIONING], D: [THE_WALL]})
    play(game, C, QUESTIONING, ["event"])
    assert game.state["display"] == [THE_WALL] and game.state["discard"] == [QUESTIONING]
    [effect] = game.state["effects"]
    assert (effect["card"], effect["owner"], effect["hook"]) == (THE_WALL, C,
                                                                 "adjacency_modifier")


# ================================================== #7 State Run Media
def test_state_run_media_removes_four_at_most_two_per_space(events):
    """#7: remove 4 Democratic SPs anywhere, no more than 2 from one space;
    the Communist picks one SP at a time; the card is removed (asterisk)."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 1, "Leipzig": 2, "Sofia": 1},
                    hands={C: [STATE_RUN_MEDIA]})
    seen = []
    play(game, C, STATE_RUN_MEDIA, ["event", "Gdansk", "Gdansk", "Leipzig", "Sofia"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 4
    assert sid("Gdansk") in seen[2].options and sid("Gdansk") not in seen[3].options
    assert {n: sp(game, D, n) for n in ("Gdansk", "Krakow", "Leipzig", "Sofia")} == {
        "Gdansk": 1, "Krakow": 1, "Leipzig": 1, "Sofia": 0}
    assert game.state["removed"] == [STATE_RUN_MEDIA]


def test_state_run_media_with_few_democrat_sps_removes_what_there_is(events):
    """#7 with 3 Democratic SPs on the map (2 in one space): all 3 go."""
    game = position(events, democrat={"Gdansk": 2, "Krakow": 1}, hands={C: [STATE_RUN_MEDIA]})
    play(game, C, STATE_RUN_MEDIA, ["event", "Gdansk", "Gdansk"])
    assert sum(game.state["sp"][D]) == 0 and game.state["removed"] == [STATE_RUN_MEDIA]


def test_state_run_media_triggered_by_democrat_ops_before(events):
    """5.2: the Democrat plays #7 for Ops with the Communist event FIRST: the
    Communist removes, then the Democrat places with the 2 Ops."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 2},
                    hands={D: [STATE_RUN_MEDIA]}, phasing=D)
    seen = []
    play(game, D, STATE_RUN_MEDIA, ["place", "before", "Gdansk", "Gdansk", "Poznan", "Poznan"],
         seen)
    # Gdansk capped at 2, the Communist's last two SPs come from Krakow unasked.
    assert kinds(seen) == [("use", D), ("event_order", D), ("space", C), ("space", C),
                           ("place", D), ("place", D)]
    # The Democrat's reach is taken after the event: Gdansk and its neighbours.
    assert seen[4].options == [sid(n) for n in ("Szczecin", "Gdansk", "Bydgoszcz", "Poznan",
                                                "Warszawa", "Bialystok")]
    assert {n: sp(game, D, n) for n in ("Gdansk", "Krakow", "Poznan")} == {
        "Gdansk": 1, "Krakow": 0, "Poznan": 2}
    assert game.state["removed"] == [STATE_RUN_MEDIA]


# ============================================================ #8 Prudence
def place_decisions(seen) -> list[int]:
    """The Ops left at each placement decision of a play."""
    return [d.context["ops_left"] for d in seen if d.kind == "place"]


def test_prudence_cuts_every_opponent_card_this_turn_to_a_minimum_of_one(events):
    """#8 / 7.3.1-7.3.2: for the rest of the turn each card the opponent plays
    is worth 1 Op less (a 3 is a 2, a 4 a 3), but never less than 1 (a 1
    stays 1); the player of Prudence keeps his full values."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={D: [PRUDENCE, PAPAL_VISIT],
                           C: [CULT, THE_WALL, GORBACHEV]}, phasing=D)
    play(game, D, PRUDENCE, ["event"])
    assert game.state["display"] == [PRUDENCE] and effect_cards(game) == [PRUDENCE]
    for card, ops in ((CULT, 2), (THE_WALL, 1), (GORBACHEV, 3)):
        seen = []
        play(game, C, card, ["place"] + ["Warszawa"] * ops, seen)
        assert place_decisions(seen) == list(range(ops, 0, -1)), card
    seen = []
    play(game, D, PAPAL_VISIT, ["place", "Gdansk", "Gdansk"], seen)
    assert place_decisions(seen) == [2, 1]  # his own card: printed 2
    assert sp(game, C, "Warszawa") == 1 + 2 + 1 + 3


def test_prudence_for_ops_has_no_event(events):
    """R17 / B.4.2: a silver event does not happen when its card is played
    for Operations; Prudence is simply discarded."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [PRUDENCE]})
    seen = []
    play(game, C, PRUDENCE, ["place"] + ["Warszawa"] * 4, seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 4
    assert game.state["effects"] == [] and game.state["discard"] == [PRUDENCE]
    assert game.state["events_played"] == []


def test_prudence_follows_the_player_using_the_ops(events):
    """7.3.3 EXAMPLE: the Communist's Prudence cuts the Democrat's Ops even in
    a Democrat event triggered by a Communist card: Walesa's checks then use
    3 - 1 = 2 Ops, while the Communist's own 3 Ops are untouched."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 4},
                    hands={C: [PRUDENCE, WALESA]})
    game.state["events_played"].append(SOLIDARITY)
    play(game, C, PRUDENCE, ["event"])
    fix_dice(game, [1, 1])
    seen = []
    play(game, C, WALESA, ["place", "after", "Warszawa", "Warszawa", "Warszawa",
                           "Lodz", "Lodz", "Lodz", "Lodz", "Warszawa", "Warszawa"], seen)
    assert place_decisions(seen) == [3, 2, 1]
    assert [d.context["ops"] for d in seen if d.kind == "check"] == [2, 2]
    assert all("+2 Ops" in t for t in texts(game, "check"))


# ============================================================ #9 The Wall
def wall_game(events, **kw) -> Game:
    """Leipzig (Stability 3) with 2 Democratic SPs between two
    Democrat-controlled neighbours (Lutheran Church, Halle) and a
    Communist-controlled one (Berlin); The Wall just played."""
    game = position(events, democrat={"Leipzig": 2, "Lutheran Church": 5, "Halle": 3,
                                      "Gdansk": 1, **kw.pop("democrat", {})},
                    communist={"Berlin": 3, "Leipzig": 1, **kw.pop("communist", {})},
                    hands={C: [THE_WALL, DISSIDENT], D: [MICHNIK]}, **kw)
    play(game, C, THE_WALL, ["event"])
    return game


def test_the_wall_ignores_democrat_neighbours_only_once(events):
    """#9: the next Communist check in East Germany ignores the -1 for each
    adjacent Democrat-controlled space (the +1 for Berlin still counts); the
    second check has them again; the card is then removed (asterisk)."""
    game = wall_game(events)
    dice = fix_dice(game, [4, 4])
    play(game, C, DISSIDENT, ["check", "Leipzig", "Leipzig"])
    assert texts(game, "check") == [
        "communist support check in Leipzig: roll 4 +2 Ops +1 adjacent friendly control "
        "-2 adjacent opponent control +2 lasting effects on adjacency = 7 vs 6: "
        "removes 1, adds 0",
        "communist support check in Leipzig: roll 4 +2 Ops +1 adjacent friendly control "
        "-2 adjacent opponent control = 5 vs 6: fails",
    ]
    assert sp(game, D, "Leipzig") == 1 and not dice
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["removed"] == [THE_WALL]


def test_the_wall_is_kept_for_an_east_german_check(events):
    """#9: a Communist check outside East Germany, or a Democrat check in
    East Germany, does not use The Wall up."""
    game = wall_game(events)
    fix_dice(game, [1, 1])
    play(game, C, DISSIDENT, ["check", "Gdansk", "stop"])
    play(game, D, PAPAL_VISIT, ["check", "Berlin", "stop"])
    assert len(logs(game, "check")) == 2 and effect_cards(game) == [THE_WALL]
    assert "lasting effects" not in " ".join(texts(game, "check"))


# =============================================================== #13 Stasi
def test_stasi_democrat_reveals_his_next_card_then_must_play_it(events):
    """#13: for the rest of the turn, before each Communist action round the
    Democrat reveals the card he will play in his following round, and then
    must play that card. Starts with the Communist's next round."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={C: [STASI, CULT], D: [MICHNIK, PAPAL_VISIT, WALESA]})
    drive(game, action_round(game), [STASI, "event"])
    assert game.state["display"] == [STASI] and effect_cards(game) == [STASI]
    game.state["phasing"] = D
    seen = []
    drive(game, action_round(game), [MICHNIK, "place", "Gdansk"], seen)
    assert seen[0].options == [MICHNIK, PAPAL_VISIT, WALESA]  # D1: nothing revealed yet
    game.state["phasing"] = C
    seen = []
    drive(game, action_round(game), [WALESA, CULT, "place", "Warszawa", "Warszawa",
                                     "Warszawa"], seen)
    assert kinds(seen)[:2] == [("declare", D), ("card", C)]
    assert seen[0].options == [PAPAL_VISIT, WALESA]
    assert texts(game, "reveal") == ["democrat reveals #3 Walesa as his next play"]
    game.state["phasing"] = D
    decision = run_until(action_round(game))
    assert (decision.kind, decision.options) == ("card", [WALESA])


def test_stasi_triggered_by_democrat_ops_binds_him_from_the_next_round(events):
    """5.2: the Democrat plays #13 for Ops; the Communist's event happens and
    the reveal comes before the Communist's next round."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [STASI, MICHNIK, PAPAL_VISIT],
                                                        C: [CULT]}, phasing=D)
    drive(game, action_round(game), [STASI, "place", "after", "Gdansk"])
    assert game.state["display"] == [STASI]
    game.state["phasing"] = C
    decision = run_until(action_round(game))
    assert (decision.kind, decision.player, decision.options) == (
        "declare", D, [MICHNIK, PAPAL_VISIT])


# ============================================================ #15 Honecker
TURN_ONE_C = [HONECKER, CULT, DISSIDENT, APPARATCHIKS, 16, 18, 25, 28]  # no event written
TURN_ONE_D = [MICHNIK, PAPAL_VISIT, 24, 26, 27, 29, 31, 34]


def test_honecker_taking_a_card_is_a_choice_even_with_one_candidate(events):
    """#15: "may take": with a single non-Scoring card in the discard pile the
    Communist is still asked, and may leave it there; with none he is not
    asked at all."""
    game = position(events, hands={C: [HONECKER]})
    discard(game, POLAND_SCORING, CULT)
    seen = []
    play(game, C, HONECKER, ["event", "no"], seen)
    assert kinds(seen) == [("use", C), ("may", C)]
    assert game.state["discard"] == [POLAND_SCORING, CULT] and game.state["hands"][C] == []
    game = position(events, hands={C: [HONECKER]})
    discard(game, POLAND_SCORING)
    seen = []
    play(game, C, HONECKER, ["event"], seen)
    assert kinds(seen) == [("use", C)]


def test_honecker_extra_round_with_a_scoring_card_must_be_played(events):
    """4.5.4: no pass is offered while a Scoring card waits in the hand."""
    game = position(events, hands={C: [HONECKER, POLAND_SCORING]})
    play(game, C, HONECKER, ["event"])
    game.state["rounds"][C] = 7
    decision = run_until(action_round(game))
    assert (decision.kind, decision.options) == ("card", [POLAND_SCORING])


def test_honecker_is_blocked_after_modrow(events):
    """#15 may not be played as an event after Modrow (7.1, B.4.1 i):
    written as 'requires not event "Modrow"'."""
    game = position(events, hands={C: [HONECKER]})
    assert "event" in next(play_card(game, C, HONECKER)).options
    game = position(events, hands={C: [HONECKER]})
    game.state["events_played"].append(MODROW)
    assert next(play_card(game, C, HONECKER)).options == ["place", "check", "tiananmen"]


def test_honecker_for_democrat_ops_after_modrow_is_discarded(events):
    """5.2 EXAMPLE 3: the Democrat plays Honecker for 3 Ops after Modrow; the
    Communist gets no event and the card goes to the discard pile."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [HONECKER]}, phasing=D)
    discard(game, CULT)
    game.state["events_played"].append(MODROW)
    seen = []
    play(game, D, HONECKER, ["place", "Gdansk", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D)] + [("place", D)] * 3
    assert sp(game, D, "Gdansk") == 4 and game.state["hands"][C] == []
    assert game.state["discard"] == [CULT, HONECKER] and game.state["removed"] == []
    assert game.state["effects"] == [] and rounds_allowed(game, C) == 7


def test_honecker_for_democrat_ops_gives_the_communist_his_event(events):
    """5.2: without Modrow, Honecker played by the Democrat for Ops gives the
    Communist the card from the discard pile and an 8th round."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [HONECKER]}, phasing=D)
    discard(game, CULT)
    seen = []
    play(game, D, HONECKER, ["place", "before", "yes", "Gdansk", "Gdansk", "Gdansk"], seen)
    assert kinds(seen)[:3] == [("use", D), ("event_order", D), ("may", C)]
    assert game.state["hands"][C] == [CULT] and game.state["discard"] == []
    assert game.state["display"] == [HONECKER] and rounds_allowed(game, C) == 8


def test_stasi_reveal_before_honecker_round_does_not_bind_next_turn(events):
    """#13 with #15: before the Communist's 8th round the Democrat has no
    following round this turn; Stasi lasts for the turn only, so the card he
    showed does not bind his first round of the next turn."""
    hand_c = [HONECKER, STASI, *TURN_ONE_C[1:7]]
    game = started_game({C: hand_c, D: TURN_ONE_D}, events=events)
    answer(game, [HONECKER, "event"])
    autoplay(game, lambda g: g.pending.player == C and g.pending.kind == "card")
    answer(game, [STASI, "event"])
    autoplay(game, lambda g: g.state["turn"] > 1)
    # At the start of the Communist's rounds 3 to 8 (4.5.2 numbers each side's own).
    assert [e["ar"] for e in logs(game, "reveal")] == [3, 4, 5, 6, 7, 8]
    assert game.state["removed"] == [HONECKER, STASI]
    decision = game.pending
    assert (decision.kind, decision.player) == ("card", C)
    game.answer(decision.options[0])
    autoplay(game, lambda g: g.pending.kind == "card")
    assert game.pending.player == D
    assert game.pending.options == game.state["hands"][D]  # free choice again


# ==================================================== #17 Roundtable Talks
@pytest.mark.parametrize("scorer", [C, D])
def test_roundtable_talks_takes_two_random_cards_after_the_deal(events, scorer):
    """#17 / 8.1.2 / B.7.3: at the next Power Struggle, whoever played the
    Scoring card, after the deal and before the hands are used, the Democrat
    takes 2 random Power Struggle cards from the Communist's hand as dealt;
    Roundtable Talks then goes to the discard pile (no asterisk)."""
    game = position(events, democrat={"Gdansk": 3}, communist={"Warszawa": 3, "Lodz": 3},
                    hands={D: [ROUNDTABLE, POLAND_SCORING]}, phasing=D)
    play(game, D, ROUNDTABLE, ["event"])
    move_card(game, POLAND_SCORING, ("hand", scorer))
    decision = run_until(play_card(game, scorer, POLAND_SCORING))
    ps = game.state["ps"]
    assert (decision.kind, decision.player) == ("ps_raise", scorer)  # 8.2 comes after
    # Dealt 6 (1 controlled space) and 8 (2 spaces); then 2 change hands.
    assert (len(ps["dealt"][D]), len(ps["dealt"][C])) == (6, 8)
    assert (len(ps["hands"][D]), len(ps["hands"][C])) == (8, 6)
    taken = [c for c in ps["hands"][D] if c not in ps["dealt"][D]]
    assert len(taken) == 2 and set(taken) <= set(ps["dealt"][C])
    assert not set(taken) & set(ps["hands"][C])
    assert texts(game, "ps_take") == [
        "democrat takes 2 random Power Struggle card(s) from the communist"]
    assert game.state["effects"] == [] and game.state["discard"] == [ROUNDTABLE]
    assert game.state["display"] == []


def test_roundtable_talks_triggered_by_communist_ops(events):
    """5.2: the Communist plays #17 for Ops; the Democrat's event happens and
    the card goes on display, not to the discard pile."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [ROUNDTABLE]})
    play(game, C, ROUNDTABLE, ["place", "after", "Warszawa", "Warszawa", "Warszawa"])
    assert game.state["display"] == [ROUNDTABLE] and effect_cards(game) == [ROUNDTABLE]
    assert game.state["discard"] == [] and sp(game, C, "Warszawa") == 4


# ====================================================== #20 Deutsche Marks
def test_deutsche_marks_communist_event_on_the_given_card_happens(events):
    """#20: the Democrat gives his highest-Ops non-Scoring card; a playable
    Communist event on it happens for the Communist (State Run Media, which
    then leaves the game like Deutsche Marks)."""
    game = position(events, democrat={"Gdansk": 2, "Krakow": 2},
                    hands={C: [DEUTSCHE_MARKS], D: [STATE_RUN_MEDIA, MICHNIK, POLAND_SCORING]})
    seen = []
    play(game, C, DEUTSCHE_MARKS, ["event", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", C), ("space", C), ("space", C)]  # no choice of card
    assert texts(game, "give") == ["democrat gives communist #7 State Run Media"]
    assert sp(game, D, "Gdansk") == 0 and sp(game, D, "Krakow") == 0
    assert game.state["hands"] == {D: [MICHNIK, POLAND_SCORING], C: []}
    assert sorted(game.state["removed"]) == [STATE_RUN_MEDIA, DEUTSCHE_MARKS]
    assert game.state["events_played"] == [STATE_RUN_MEDIA, DEUTSCHE_MARKS]


def test_deutsche_marks_other_card_is_used_for_its_ops_without_event(events):
    """#20: a card without a Communist event (here Walesa, playable for the
    Democrat after Solidarity) is used by the Communist for its Ops and its
    event does not happen; it is then discarded, not removed."""
    game = position(events, communist={"Warszawa": 1},
                    hands={C: [DEUTSCHE_MARKS], D: [WALESA, MICHNIK, POLAND_SCORING]})
    game.state["events_played"].append(SOLIDARITY)
    seen = []
    play(game, C, DEUTSCHE_MARKS, ["event", "place", "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C), ("use", C)] + [("place", C)] * 3  # no event_order
    assert sp(game, C, "Warszawa") == 4
    assert texts(game, "play")[-1] == "communist uses #3 Walesa for Operations: place SPs"
    assert game.state["discard"] == [WALESA] and game.state["removed"] == [DEUTSCHE_MARKS]
    assert game.state["hands"] == {D: [MICHNIK, POLAND_SCORING], C: []}
    assert game.state["events_played"] == [SOLIDARITY, DEUTSCHE_MARKS]


def test_deutsche_marks_the_democrat_picks_among_equal_highest(events):
    """#20 / B.10: with several cards of the highest Ops the giver chooses."""
    game = position(events, communist={"Warszawa": 1},
                    hands={C: [DEUTSCHE_MARKS], D: [WALESA, GENERAL_STRIKE, MICHNIK]})
    seen = []
    play(game, C, DEUTSCHE_MARKS, ["event", GENERAL_STRIKE, "place", "Warszawa", "Warszawa",
                                   "Warszawa"], seen)
    assert (seen[1].kind, seen[1].player, seen[1].options) == (
        "pick_card", D, [WALESA, GENERAL_STRIKE])
    assert game.state["hands"][D] == [WALESA, MICHNIK]
    assert sp(game, C, "Warszawa") == 4 and game.state["effects"] == []  # no strike
    assert game.state["discard"] == [GENERAL_STRIKE]


def test_deutsche_marks_unplayable_communist_event_is_used_for_ops(events):
    """#20: Honecker after Modrow is not a playable Communist event, so the
    Communist uses its 3 Ops; the card is discarded, not removed."""
    game = position(events, communist={"Warszawa": 1},
                    hands={C: [DEUTSCHE_MARKS], D: [HONECKER, MICHNIK]})
    game.state["events_played"].append(MODROW)
    play(game, C, DEUTSCHE_MARKS, ["event", "place", "Warszawa", "Warszawa", "Warszawa"])
    assert sp(game, C, "Warszawa") == 4 and game.state["effects"] == []
    assert game.state["discard"] == [HONECKER] and game.state["removed"] == [DEUTSCHE_MARKS]


def test_deutsche_marks_triggered_by_democrat_ops(events):
    """5.2: the Democrat plays #20 for its 4 Ops; the Communist event then
    takes his best remaining card (Walesa), whose Ops the Communist uses."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={D: [DEUTSCHE_MARKS, WALESA, MICHNIK]}, phasing=D)
    seen = []
    play(game, D, DEUTSCHE_MARKS, ["place", "after", *["Gdansk"] * 4,
                                   "place", "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == ([("use", D), ("event_order", D)] + [("place", D)] * 4
                           + [("use", C)] + [("place", C)] * 3)
    assert sp(game, D, "Gdansk") == 5 and sp(game, C, "Warszawa") == 4
    assert game.state["hands"] == {D: [MICHNIK], C: []}
    assert game.state["discard"] == [WALESA] and game.state["removed"] == [DEUTSCHE_MARKS]


# ================================================= #21 Common European Home
@pytest.mark.parametrize("side, vp", [(D, -1), (C, 1)])
def test_common_european_home_for_ops_gives_the_opponent_a_vp(events, side, vp):
    """#21: played for Operations, the opponent gains 1 VP (and the silver
    event itself does not happen, R17); the card is discarded."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={side: [COMMON_HOME]}, phasing=side)
    own = "Gdansk" if side == D else "Warszawa"
    play(game, side, COMMON_HOME, ["place", own, own])
    assert sp(game, side, own) == 3 and game.state["vp"] == vp
    assert texts(game, "vp") == [f"VP {vp:+d} (#21 Common European Home); now {vp:+d}"]
    assert game.state["discard"] == [COMMON_HOME] and game.state["events_played"] == []


def test_common_european_home_event_plays_an_opponent_card_without_its_event(events):
    """#21 as an event: the player uses one card of his own hand whose event
    is his opponent's, for its Ops, and that event does not happen; the card
    is discarded (its asterisk event did not happen); no VP changes."""
    game = position(events, democrat={"Gdansk": 1}, hands={
        D: [COMMON_HOME, STATE_RUN_MEDIA, LEGACY, WALESA, PRUDENCE]}, phasing=D)
    seen = []
    play(game, D, COMMON_HOME, ["event", LEGACY, "place", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("pick_card", D), ("use", D), ("place", D), ("place", D)]
    assert seen[1].options == [STATE_RUN_MEDIA, LEGACY]  # Communist events only
    assert sp(game, D, "Gdansk") == 3 and game.state["vp"] == 0
    assert game.state["hands"][D] == [STATE_RUN_MEDIA, WALESA, PRUDENCE]
    assert game.state["discard"] == [LEGACY, COMMON_HOME] and game.state["removed"] == []
    assert game.state["events_played"] == [COMMON_HOME]


def test_common_european_home_event_for_the_communist(events):
    """#21 is silver: the Communist may play it as his event, pairing it
    with a Democrat card (Walesa, after Solidarity: still no event) for its
    3 Ops, here two support checks."""
    game = position(events, democrat={"Gdansk": 2}, hands={C: [COMMON_HOME, WALESA, CULT]})
    game.state["events_played"].append(SOLIDARITY)
    dice = fix_dice(game, [4])
    seen = []
    play(game, C, COMMON_HOME, ["event", "check", "Gdansk", "stop"], seen)
    # Walesa is his only Democrat card: used without a choice.
    assert kinds(seen) == [("use", C), ("use", C), ("check", C), ("check", C)]
    assert seen[2].context["ops"] == 3
    # 4 + 3 Ops = 7 vs 6: 1 removed; he stops before the second roll (R6).
    assert sp(game, D, "Gdansk") == 1 and not dice
    assert game.state["discard"] == [WALESA, COMMON_HOME] and game.state["hands"][C] == [CULT]
    assert game.state["events_played"] == [SOLIDARITY, COMMON_HOME]


def test_common_european_home_event_with_no_opponent_card_does_nothing(events):
    """#21 with no opponent card in hand: the event is legal but has no
    effect (5.2 example 4); the card is discarded."""
    game = position(events, hands={D: [COMMON_HOME, WALESA]}, phasing=D)
    seen = []
    play(game, D, COMMON_HOME, ["event"], seen)
    assert kinds(seen) == [("use", D)] and game.state["hands"][D] == [WALESA]
    assert game.state["discard"] == [COMMON_HOME] and game.state["vp"] == 0


def test_stasi_reveal_offers_only_a_card_he_may_play_next(events):
    """#13 with 4.5.4 (R14): before the Communist's 7th round the Democrat,
    with one round left and a Scoring card in hand, can only reveal (and then
    play) that Scoring card; earlier in the turn any card may be shown."""
    game = position(events, hands={C: [STASI, CULT, DISSIDENT],
                                   D: [POLAND_SCORING, MICHNIK]})
    play(game, C, STASI, ["event"])
    game.state["rounds"] = {C: 5, D: 5}
    decision = run_until(action_round(game))
    assert (decision.kind, decision.options) == ("declare", [POLAND_SCORING, MICHNIK])
    game.state["rounds"] = {C: 6, D: 6}
    decision = run_until(action_round(game))
    assert (decision.kind, decision.options) == ("declare", [POLAND_SCORING])


# ------------------------------------------------------- more interactions
def test_legacy_after_solidarity_may_swap_in_gdansk_but_not_check_it(events):
    """#1 with #2 in effect: the swap may be made in Gdansk (the ban is on
    support checks only), but the check must go elsewhere in Poland."""
    game = position(events, hands={C: [LEGACY], D: [SOLIDARITY]}, phasing=D)
    play(game, D, SOLIDARITY, ["event"])
    set_board(game, democrat={"Gdansk": 4, "Krakow": 1})
    dice = fix_dice(game, [6])
    seen = []
    play(game, C, LEGACY, ["event", "Gdansk", "Krakow"], seen)
    assert seen[1].options == [sid("Gdansk"), sid("Krakow")]
    assert seen[2].options == [sid("Krakow"), "stop"]
    assert (sp(game, D, "Gdansk"), sp(game, C, "Gdansk")) == (3, 1)
    assert sp(game, D, "Krakow") == 0 and not dice  # 6 + 2 = 8 vs 6: 1 removed, 1 added
    assert sp(game, C, "Krakow") == 1


def test_the_wall_after_it_was_cancelled_has_no_effect_but_is_played(events):
    """#9 once The Wall Must Go! cancelled it: the event still counts as
    played and the asterisk card is removed, but nothing lasts (5.2 ex. 5)."""
    game = position(events, hands={C: [THE_WALL]})
    game.state["cancelled"].append(THE_WALL)
    play(game, C, THE_WALL, ["event"])
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["removed"] == [THE_WALL] and game.state["events_played"] == [THE_WALL]
    assert texts(game, "no_effect") == ["#9 The Wall has no effect now (5.2)"]


def test_deutsche_marks_with_only_scoring_cards_gives_nothing(events):
    """#20: a Scoring card is never given (B.3.8: 'non-Scoring'); with none
    other in hand the event passes without effect."""
    game = position(events, hands={C: [DEUTSCHE_MARKS], D: [POLAND_SCORING]})
    seen = []
    play(game, C, DEUTSCHE_MARKS, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert game.state["hands"] == {D: [POLAND_SCORING], C: []}
    assert texts(game, "give") == ["democrat gives communist no card"]
    assert game.state["removed"] == [DEUTSCHE_MARKS]


def test_honecker_with_only_scoring_cards_discarded_takes_nothing(events):
    """#15: only a non-Scoring card may be taken; the extra round still comes."""
    game = position(events, hands={C: [HONECKER]})
    discard(game, POLAND_SCORING)
    play(game, C, HONECKER, ["event"])
    assert game.state["hands"][C] == [] and game.state["discard"] == [POLAND_SCORING]
    assert rounds_allowed(game, C) == 8


def test_event_log_names_the_card_and_the_side_carrying_it_out(events):
    """5.2 note: the opponent carries out his event 'as if he had played the
    card himself'; the log says so."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [STASI]}, phasing=D)
    play(game, D, STASI, ["place", "before", "Gdansk"])
    assert texts(game, "play") == ["democrat plays #13 Stasi for Operations: place SPs"]
    assert texts(game, "event") == ["Event: #13 Stasi for the communist"]
    assert [(e["player"], e["card"]) for e in logs(game, "event")] == [(C, STASI)]


def test_general_strike_with_only_scoring_cards_must_score(events):
    """#5 / B.3.7(c), ruling R38: a Scoring card cannot be the strike discard;
    with only Scoring cards he cannot meet the strike and plays one (5.1)."""
    game = strike(events, [POLAND_SCORING], communist={"Warszawa": 3})
    decision = run_until(action_round(game))
    assert decision.options == [POLAND_SCORING]
