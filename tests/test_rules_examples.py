"""The rulebook's worked examples (2020 text prevails; 2011 where 2020 has
none), as tests, plus the edge cases each rule states outright.

Each test names its rule. Positions are set exactly with ``new_game``, dice
are fixed with ``fix_dice`` and the operations are driven directly with
scripted answers. Rule 8 (Power Struggles) is tested elsewhere.
"""

from __future__ import annotations

import pytest
from helpers import (
    DATA,
    ScriptedEvents,
    answer,
    autoplay,
    drive,
    event,
    fix_dice,
    logs,
    new_game,
    restart_at,
    sid,
    sp,
    started_game,
)

from dof.engine.rules.actions import play_card
from dof.engine.rules.board import controller
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.operations import (
    can_attempt_tiananmen,
    ops_uses,
    place_with_ops,
    placement_costs,
    support_check,
    support_checks,
    tiananmen_attempt,
)
from dof.engine.rules.scoring import country_levels, final_scoring, score_country
from dof.engine.rules.turn import advance_turn_step, verify_held_cards_step

C, D = "communist", "democrat"

# Card numbers used below (side, printed Ops).
CONSUMERISM = 27  # Democrat, 3 Ops
HEAL = 35  # Communist, 3 Ops, asterisk
GORBACHEV = 14  # silver (both sides), 4 Ops
DASH = 36  # Democrat, 3 Ops, asterisk
POLAND_SCORING = 22
HUNGARY_SCORING = 23


# =================================================================== 2.1.7
def test_2_1_7_dresden_example():
    """2.1.7 EXAMPLE: Dresden (Stability 4). With no Democrat SPs the Communist
    needs at least 4 SPs to control it; against 2 Communist SPs the Democrat
    needs at least 6. Equality with the Stability Number is control."""
    dresden = sid("Dresden")
    cases = [
        ({}, {"Dresden": 3}, None),
        ({}, {"Dresden": 4}, C),
        ({"Dresden": 5}, {"Dresden": 2}, None),
        ({"Dresden": 6}, {"Dresden": 2}, D),
    ]
    for dem, com, who in cases:
        assert controller(new_game(dem, com), dresden) == who, (dem, com)


def test_2_1_7_hungary_figure_example():
    """2.1.7 EXAMPLE (the map figure next to 2.1.7): the Democrat controls
    Budapest and Eotvos Lorand U., the Communist controls Miskolc, neither
    controls Tatabanya or Szeged. The figure's SP numbers are not in the text,
    so this is a position that gives exactly that caption."""
    game = new_game(
        democrat={"Budapest": 4, "Eotvos Lorand University": 1, "Szeged": 3, "Tatabanya": 1},
        communist={"Budapest": 1, "Miskolc": 3, "Tatabanya": 3},
    )
    assert controller(game, sid("Budapest")) == D  # 4 - 1 = 3 = stability 3
    assert controller(game, sid("Eotvos Lorand University")) == D  # 1 >= 1
    assert controller(game, sid("Miskolc")) == C  # 3 >= 3
    assert controller(game, sid("Tatabanya")) is None  # 3 - 1 = 2 < 3
    assert controller(game, sid("Szeged")) is None  # 3 < 4


def test_2_1_10_vp_track_example():
    """2.1.10 EXAMPLE: the VP marker is on +10 and the Communist gains 2 VP:
    it moves to +8."""
    game = new_game()
    game.state["vp"] = 10
    game.add_vp(-2, "Communist gains 2 VP")
    assert game.state["vp"] == 8
    assert logs(game, "vp")[-1]["delta"] == -2


# ===================================================================== 6.1
def test_6_1_3_budapest_cost_example():
    """6.1.3 EXAMPLE: the Democrat has 3 SPs in Budapest (Stability 3), so he
    controls it. The Communist places with a 4 Ops card: the first SP in
    Budapest costs 2 Ops; once placed the Democrat no longer controls it, so
    the second and third cost 1 each (2 + 1 + 1 = 4)."""
    game = new_game(democrat={"Budapest": 3}, communist={"Miskolc": 1})
    budapest = sid("Budapest")
    assert placement_costs(game, C, [budapest]) == {budapest: 2}
    seen = []
    drive(game, place_with_ops(game, C, 4), ["Budapest"] * 3, seen)
    assert [d.context["ops_left"] for d in seen] == [4, 2, 1]
    labels = [d.label(d.options.index(budapest)) for d in seen]
    assert labels == ["Budapest (cost 2)", "Budapest (cost 1)", "Budapest (cost 1)"]
    assert sp(game, C, "Budapest") == 3 and sp(game, D, "Budapest") == 3
    assert not logs(game, "wasted")


def test_6_1_3_cost_recomputed_each_sp_control_kept():
    """6.1.3 / B.5.2: the cost is set per SP. Against 5 Democrat SPs one
    Communist SP leaves the Democrat in control (5 - 1 >= 3), so a 4 Ops card
    places only 2 SPs there (2 + 2)."""
    game = new_game(democrat={"Budapest": 5}, communist={"Miskolc": 1})
    seen = []
    drive(game, place_with_ops(game, C, 4), ["Budapest", "Budapest"], seen)
    assert [d.context["ops_left"] for d in seen] == [4, 2]
    assert sp(game, C, "Budapest") == 2


def test_6_1_3_ops_that_cannot_be_spent_are_lost():
    """6.1.3 with B.3.3: 1 Op left and every space in reach costs 2: the Op is
    wasted and the placement ends."""
    game = new_game(democrat={"Budapest": 5, "Miskolc": 3, "Szeged": 4,
                              "Tatabanya": 3, "Szekesfehervar": 3,
                              "Eotvos Lorand University": 1},
                    communist={"Budapest": 1})
    drive(game, place_with_ops(game, C, 3), ["Budapest"])
    assert sp(game, C, "Budapest") == 2
    wasted = logs(game, "wasted")
    assert len(wasted) == 1 and "remaining 1 Ops" in wasted[0]["text"]


def test_6_1_4_reach_example():
    """6.1.4 EXAMPLE: the Democrat has SPs in the Czech Catholic Church and
    Gdansk and places with a 4 Ops card. He may place in Bratislava, Ostrava
    and Presov, but not in Kosice after placing in Presov (6.1.2: no SPs in
    Presov when he began). Gdansk lets him use the rest there or next to it."""
    game = new_game(democrat={"Czech Catholic Church": 1, "Gdansk": 1})
    reach = sorted(sid(n) for n in [
        "Czech Catholic Church", "Ostrava", "Bratislava", "Presov",
        "Gdansk", "Szczecin", "Bydgoszcz", "Poznan", "Warszawa", "Bialystok",
    ])
    seen = []
    drive(game, place_with_ops(game, D, 4), ["Presov", "Ostrava", "Bratislava", "Gdansk"], seen)
    for decision in seen:
        assert sorted(decision.options) == reach
        assert sid("Kosice") not in decision.options
    assert [sp(game, D, n) for n in ("Presov", "Ostrava", "Bratislava", "Gdansk")] == [1, 1, 1, 2]
    assert sp(game, D, "Kosice") == 0


# ===================================================================== 6.2
POLAND_SOUTH = dict(
    democrat={"Polish Catholic Church": 5, "Krakow": 3, "Jagiellonian University": 1,
              "Polish Writers": 2},
    communist={"Lodz": 3},
)


def test_6_2_example_two_checks():
    """6.2 EXAMPLE: the Communist plays a 3 Ops card for two Support Checks.
    1. Jagiellonian U. (Stability 1): roll 5 + 3 - 2 (Krakow, Polish Writers)
       = 6 > 2 by 4: remove the Democrat SP, then add 3 Communist SPs (6.2.5).
    2. Krakow (Stability 3), modifiers taken anew (B.5.3): roll 1 + 3 + 2
       (Lodz, Jagiellonian U.) - 1 (Polish Catholic Church) = 5 <= 6: no effect.
    The second target list holds only spaces with Democrat SPs (6.2.3)."""
    game = new_game(**POLAND_SOUTH)
    dice = fix_dice(game, [5, 1])
    seen = []
    drive(game, support_checks(game, C, 3, 2), ["Jagiellonian University", "Krakow"], seen)
    assert not dice
    first, second = logs(game, "check")
    assert (first["roll"], first["total"], first["need"]) == (5, 6, 2)
    assert (first["removed"], first["added"]) == (1, 3)
    assert "-2 adjacent opponent control" in first["text"]
    assert (second["roll"], second["total"], second["need"]) == (1, 5, 6)
    assert (second["removed"], second["added"]) == (0, 0)
    assert "+2 adjacent friendly control" in second["text"]
    assert "-1 adjacent opponent control" in second["text"]
    assert sp(game, D, "Jagiellonian University") == 0
    assert sp(game, C, "Jagiellonian University") == 3
    assert controller(game, sid("Jagiellonian University")) == C
    assert (sp(game, D, "Krakow"), sp(game, C, "Krakow")) == (3, 0)
    assert set(seen[1].options) == {
        sid("Polish Catholic Church"), sid("Krakow"), sid("Polish Writers"), "stop"}


@pytest.mark.parametrize("roll, removed", [(3, 0), (4, 1)])
def test_6_2_6_equal_to_twice_stability_fails(roll, removed):
    """6.2.5 / 6.2.6: 3 + 3 Ops = 6 = 2 x Stability 3 fails with no effect;
    one more (7) removes one SP."""
    game = new_game(democrat={"Krakow": 3})
    fix_dice(game, [roll])
    drive(game, support_check(game, C, 3, sid("Krakow")))
    entry = logs(game, "check")[-1]
    assert (entry["total"], entry["need"], entry["removed"], entry["added"]) == (
        roll + 3, 6, removed, 0)
    assert sp(game, D, "Krakow") == 3 - removed and sp(game, C, "Krakow") == 0
    if not removed:
        assert entry["text"].endswith("fails")


def test_6_2_3_no_reach_needed_and_excess_adds():
    """6.2.3 (2020): the checking player needs no SPs in or next to the target.
    6.2.5: the Democrat, with no SPs anywhere, checks Sofia (Communist 2,
    Stability 3) with 4 Ops and rolls 6: 10 - 6 = 4 removes both Communist SPs
    and adds 2 Democrat SPs."""
    game = new_game(communist={"Sofia": 2})
    fix_dice(game, [6])
    seen = []
    drive(game, support_checks(game, D, 4, 2), ["Sofia"], seen)
    assert seen[0].options == [sid("Sofia"), "stop"]
    assert (sp(game, C, "Sofia"), sp(game, D, "Sofia")) == (0, 2)
    # The second check had no target left: no space holds Communist SPs.
    assert len(seen) == 1
    assert logs(game, "no_target")


def test_6_2_3_voluntary_stop_before_a_roll():
    """6.2.2 with ruling R6 (B.5.4): the player may stop before the second
    roll; nothing more happens."""
    game = new_game(democrat={"Krakow": 5})
    dice = fix_dice(game, [6])
    drive(game, support_checks(game, C, 3, 2), ["Krakow", "stop"])
    assert not dice and len(logs(game, "check")) == 1
    assert sp(game, D, "Krakow") == 2 and sp(game, C, "Krakow") == 0


# ===================================================================== 6.3
def _attempt(side, card, roll, tries=0, box=0):
    game = new_game()
    game.state["tiananmen"][side] = box
    game.state["tst_tries"][side] = tries
    fix_dice(game, [roll])
    drive(game, tiananmen_attempt(game, side, DATA.cards[card].ops, card))
    return game, logs(game, "tiananmen")[0]


def test_6_3_own_event_and_equal_threshold_succeeds():
    """6.3.1 +1 for the player's own Event; 6.3.2 a total equal to the box's
    number succeeds: Democrat, box 1 needs 5: roll 1 + 3 Ops + 1 = 5."""
    game, entry = _attempt(D, CONSUMERISM, 1)
    assert (entry["total"], entry["need"]) == (5, 5)
    assert "+1 own event" in entry["text"] and entry["text"].endswith("success")
    st = game.state
    assert st["tiananmen"][D] == 1 and st["tst_tries"][D] == 0 and st["tst_used"][D]


def test_6_3_opponent_card_no_bonus_fails():
    """6.3.1: no +1 with the opponent's card: roll 1 + 3 = 4 < 5 fails; the
    marker stays and the failure counts toward the next attempt's +1."""
    game, entry = _attempt(D, HEAL, 1)
    assert (entry["total"], entry["need"]) == (4, 5)
    assert "own event" not in entry["text"] and entry["text"].endswith("failure")
    assert game.state["tiananmen"][D] == 0 and game.state["tst_tries"][D] == 1


def test_6_3_silver_card_counts_as_own_event():
    """6.3.1 with ruling R9 (B.6.3): a silver card is the player's own event:
    Communist, box 1 needs 6: roll 1 + 4 Ops + 1 = 6 succeeds."""
    game, entry = _attempt(C, GORBACHEV, 1)
    assert (entry["total"], entry["need"]) == (6, 6)
    assert game.state["tiananmen"][C] == 1


def test_6_3_second_attempt_bonus_next_turn():
    """6.3.1 +1 for a second attempt at the same box (a flat +1, B.6.2); 6.3.3
    one attempt per turn, so the second comes next turn: first attempt roll 1
    + 3 = 4 fails; next turn roll 1 + 3 + 1 = 5 succeeds."""
    game = new_game()
    dice = fix_dice(game, [1, 1])
    drive(game, tiananmen_attempt(game, D, 3, HEAL))
    assert not can_attempt_tiananmen(game, D)
    drive(game, advance_turn_step(game))  # 4.5.6 clears the per-turn attempt
    assert can_attempt_tiananmen(game, D)
    drive(game, tiananmen_attempt(game, D, 3, HEAL))
    first, second, reach = logs(game, "tiananmen")
    assert (first["total"], second["total"]) == (4, 5)
    assert "+1 second or later attempt" in second["text"]
    assert game.state["tiananmen"][D] == 1 and not dice
    assert reach["box"] == 1


def test_6_3_second_attempt_bonus_is_flat():
    """B.6.2: after two failures the bonus is still +1: roll 1 + 3 + 1 = 5."""
    _game, entry = _attempt(D, HEAL, 1, tries=2)
    assert entry["total"] == 5


def test_6_3_3_one_attempt_per_turn_in_play():
    """6.3.3: after a Tiananmen Square attempt, a second card played that turn
    is not offered the attempt."""
    game = new_game(democrat={"Gdansk": 1})
    game.state["hands"][D] = [HEAL, CONSUMERISM]
    seen = []
    drive(game, play_card(game, D, HEAL), ["tiananmen"], seen)
    assert seen[0].options == ["place", "check", "tiananmen"]
    assert game.state["tst_used"][D]
    seen = []
    drive(game, play_card(game, D, CONSUMERISM), ["place"] + ["Gdansk"] * 3, seen)
    assert seen[0].options == ["place", "check"]


def test_6_3_7_no_attempt_from_the_last_box():
    """6.3.7: from the final (8th) box no attempt is possible; from the 7th it is."""
    game = new_game()
    game.state["tiananmen"][C] = 8
    game.state["tiananmen"][D] = 7
    assert "tiananmen" not in ops_uses(game, C) and not can_attempt_tiananmen(game, C)
    assert "tiananmen" in ops_uses(game, D)


def test_6_3_6_event_not_implemented_on_an_attempt():
    """6.3.6: the event of a card used for a Tiananmen attempt does not happen
    and the card goes to the discard pile (even an asterisk card); the same
    opponent card played to place SPs does trigger its event (5.2)."""
    runner = ScriptedEvents({DASH: event(lambda game, side: game.add_vp(1, "Dash"))})
    game = new_game(communist={"Warszawa": 1}, events=runner)
    game.state["hands"][C] = [DASH, DASH]  # the same card twice, for the two plays
    fix_dice(game, [1])
    seen = []
    drive(game, play_card(game, C, DASH), ["tiananmen"], seen)
    assert [d.kind for d in seen] == ["use"]
    assert runner.ran == [] and game.state["discard"] == [DASH]
    assert game.state["removed"] == [] and game.state["vp"] == 0
    seen = []
    drive(game, play_card(game, C, DASH), ["place", "after", "Warszawa", "Warszawa", "Warszawa"],
          seen)
    assert [d.kind for d in seen] == ["use", "event_order", "place", "place", "place"]
    assert runner.ran == [(DASH, D)] and game.state["removed"] == [DASH]
    assert game.state["vp"] == 1


# ===================================================================== 9.3
POLAND_9_3_3 = dict(
    democrat={"Polish Catholic Church": 5, "Polish Writers": 2, "Wroclaw": 3, "Krakow": 3,
              "Gdansk": 1},
    communist={"Warszawa": 3},
)


def test_9_3_3_poland_example():
    """9.3.3 EXAMPLE: the Communist controls Warszawa; the Democrat controls the
    Polish Catholic Church, Polish Writers, Wroclaw and Krakow and has only 1 SP
    in Gdansk. Democrat: Domination 6 + 2 Battlegrounds = 8; Communist:
    Presence 3 + 1 Battleground = 4; the VP marker moves 4 toward the Democrat."""
    game = new_game(**POLAND_9_3_3)
    assert controller(game, sid("Gdansk")) is None
    assert country_levels(game, "Poland") == {D: ("domination", 2), C: ("presence", 1)}
    assert score_country(game, "Poland") == 4
    assert game.state["vp"] == 4
    entry = logs(game, "score")[-1]
    assert entry["delta"] == 4 and entry["country"] == "Poland"
    assert "democrat domination + 2 battlegrounds = 8" in entry["text"]
    assert "communist presence + 1 battleground = 4" in entry["text"]


def test_9_3_1_romania_domination_example():
    """9.3.1 EXAMPLE: the Communist has Domination in Romania and scores 4 VP
    for it, not also the 2 for Presence (plus 9.3.2: 1 per Battleground)."""
    game = new_game(communist={"Bucuresti": 3, "Ploiesti": 3})
    assert country_levels(game, "Romania") == {D: (None, 0), C: ("domination", 1)}
    assert score_country(game, "Romania") == -(4 + 1)
    assert game.state["vp"] == -5


def test_9_2_control_needs_all_battlegrounds_not_a_non_battleground():
    """9.2 with ruling B.8.1: more spaces and every Battleground is Control,
    even with no non-Battleground space (Bulgaria: Control 3 + 5 BGs)."""
    bgs = {DATA.spaces[s].name: 3 for s in DATA.countries["Bulgaria"].battlegrounds}
    game = new_game(democrat=bgs, communist={"Pleven": 4})
    assert country_levels(game, "Bulgaria") == {D: ("control", 5), C: ("presence", 0)}
    assert score_country(game, "Bulgaria") == (3 + 5) - 1


def test_9_2_equal_space_counts_give_no_domination():
    """9.2 / B.8.1: with equal space counts nobody dominates; each has Presence."""
    game = new_game(democrat={"Wroclaw": 3, "Polish Catholic Church": 5},
                    communist={"Warszawa": 3, "Bydgoszcz": 4})
    assert country_levels(game, "Poland") == {D: ("presence", 1), C: ("presence", 1)}
    assert score_country(game, "Poland") == 0


# ==================================================================== 10.1
@pytest.mark.parametrize("start, delta, winner", [(18, 2, D), (-17, -3, C)])
def test_10_1_automatic_victory_at_once(start, delta, winner):
    """10.1: the instant a player reaches 20 VP (+20 Democrat, -20 Communist)
    the game is over, outside a Power Struggle; 19 is not enough."""
    game = new_game()
    game.state["vp"] = start
    with pytest.raises(GameOver) as over:
        game.add_vp(delta, "test")
    assert over.value.winner == winner and over.value.how == "automatic_victory"
    assert game.state["vp"] == start + delta
    game.state["vp"] = 0
    game.add_vp(19 if winner == D else -19, "not yet")
    assert game.state["vp"] == (19 if winner == D else -19)


def test_10_1_country_scoring_outside_a_power_struggle_wins_at_once():
    """10.1 / B.8.3: any VP change outside a Power Struggle is checked at once,
    e.g. a country scored by itself: 17 + 4 (the 9.3.3 Poland position)."""
    game = new_game(**POLAND_9_3_3)
    game.state["vp"] = 17
    with pytest.raises(GameOver) as over:
        score_country(game, "Poland")
    assert (over.value.winner, game.state["vp"]) == (D, 21)


def test_10_1_automatic_victory_ends_the_game_mid_event():
    """10.1 / B.8.3: VP reaching +20 during an event ends the game at once;
    the rest of the event does not happen and the game records the result."""
    rest = []

    def vp_event(game, side):
        game.add_vp(3, "event VP")
        rest.append("ran")
        return True
        yield

    game = started_game({C: [HEAL], D: [CONSUMERISM]}, seed=3,
                        events=ScriptedEvents({CONSUMERISM: vp_event}))
    game.state["vp"] = 17
    answer(game, [HEAL, "place"])
    autoplay(game, lambda g: g.pending.player == D)
    answer(game, [CONSUMERISM, "event"])
    assert game.over and rest == []
    assert game.result["winner"] == D and game.result["how"] == "automatic_victory"
    assert game.result["vp"] == 20 and game.state["phase"] == "game_over"


# ==================================================================== 10.2
@pytest.mark.parametrize("dem, com, winner", [
    ([POLAND_SCORING], [HEAL], C),
    ([CONSUMERISM], [HUNGARY_SCORING], D),
    ([POLAND_SCORING], [HUNGARY_SCORING], None),
])
def test_10_2_held_scoring_card(dem, com, winner):
    """10.2 / 4.5.4: a player holding a Scoring card at Verify Held Cards loses;
    if both hold one the game is a draw."""
    game = new_game()
    game.state["hands"] = {D: dem, C: com}
    with pytest.raises(GameOver) as over:
        drive(game, verify_held_cards_step(game))
    assert (over.value.winner, over.value.how) == (winner, "held_scoring_card")


def test_10_2_no_scoring_card_held_passes():
    """10.2: ordinary held cards are fine (4.5.2)."""
    game = new_game()
    game.state["hands"] = {D: [CONSUMERISM], C: [HEAL]}
    drive(game, verify_held_cards_step(game))


def test_10_2_in_the_turn_sequence():
    """4.5.4 / 10.2 in a played turn: a Scoring card that reaches the
    Communist's hand after his last action round (B.3.6) loses at the end of
    the turn; the game stops there with the Democrat as winner."""
    early = [c for c in DATA.cards_of_period("early") if DATA.cards[c].side != "scoring"]
    game = started_game({C: early[:8], D: early[8:16]}, seed=5)
    autoplay(game, lambda g: g.state["ar"] == 7 and g.state["phasing"] == D
                                and g.pending.kind == "card")
    game.state["hands"][C].append(POLAND_SCORING)
    autoplay(game, lambda g: False)
    assert game.over and game.state["turn"] == 1
    assert (game.result["winner"], game.result["how"]) == (D, "held_scoring_card")


# ==================================================================== 10.4
def _final(vp, power_communist, **board):
    game = new_game(**board)
    game.state["vp"] = vp
    game.state["power"] = {c: (C if c in power_communist else D) for c in DATA.countries}
    with pytest.raises(GameOver) as over:
        drive(game, final_scoring(game))
    return game, over.value


def test_10_4_final_scoring_with_power_bonus():
    """10.4.1: every country is scored (Poland +4 as in 9.3.3, the others 0),
    then -4 per country where the Communist holds Power (2: -8): 0 + 4 - 8 = -4,
    the Communist wins (10.4.3)."""
    game, over = _final(0, {"Hungary", "Romania"}, **POLAND_9_3_3)
    assert game.state["vp"] == -4
    assert (over.winner, over.how) == (C, "final_scoring")
    assert [e["country"] for e in logs(game, "score")] == list(DATA.countries)
    assert logs(game, "vp")[-1]["delta"] == -8


@pytest.mark.parametrize("held, bonus", [(0, 0), (1, -4), (3, -12), (6, -24)])
def test_10_4_1_bonus_table(held, bonus):
    """10.4.1 bonus table: 1 -4, 2 -8 ... 6 -24 (empty map: countries score 0)."""
    game, over = _final(0, set(list(DATA.countries)[:held]))
    assert game.state["vp"] == bonus
    assert over.winner == (C if bonus else None)


def test_10_4_2_no_automatic_victory_and_zero_draws():
    """10.4.2: passing +20 during Final Scoring does not win (18 + 4 = 22), then
    the bonus (5 countries, -20) leaves +2: the Democrat wins on the sign.
    10.4.3: a final 0 is a draw."""
    five = set(list(DATA.countries)[1:])
    game, over = _final(18, five, **POLAND_9_3_3)
    assert game.state["vp"] == 2 and over.winner == D and over.how == "final_scoring"
    game, over = _final(16, five, **POLAND_9_3_3)
    assert game.state["vp"] == 0 and over.winner is None


def test_10_4_after_turn_10_in_the_turn_sequence():
    """4.5.6 / 4.5.7: after turn 10 the game goes to Final Scoring instead of
    advancing the turn; the result is recorded with the final VP."""
    game = new_game(**POLAND_9_3_3)
    game.state["turn"] = 10
    game.state["vp"] = 1
    game.state["power"] = {c: D for c in DATA.countries}
    game.state["power"]["Poland"] = C
    game = restart_at(game, "new_years_eve")
    assert game.over
    assert game.result == {"winner": D, "how": "final_scoring", "detail": "final VP +1",
                           "vp": 1, "turn": 10}
