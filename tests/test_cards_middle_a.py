"""Card events, Middle Year batch A: #41-#66 of cards/middle.card.

Every test plays a card through the engine as a player would: an exact
position (``position(..., turn=4)``: the Middle Year cards are in the game
from turn 4), the card put in a hand, ``play_card`` or ``action_round``
driven with scripted answers and fixed dice, then the exact resulting state
(SPs, VP, hands, piles, lasting effects, log). Card texts:
shared/reference/cards.yaml and the Japanese card texts; rules 5.2
(opponent events), 6.1-6.2 (Operations), 7.1-7.4 (events), 8.4
(aftermath); rulings: docs/rulings.md and rules-diff B.
"""

from __future__ import annotations

import pytest
from card_play import (
    effect_cards,
    kinds,
    play,
    position,
    ps_ids,
    run_until,
    stack_ps_deck,
    texts,
)
from helpers import DATA, drive, fix_dice, logs, sid, sp

from dof.engine.game import Driver
from dof.engine.rules.actions import action_round, play_card
from dof.engine.rules.operations import check_targets, ops_value

C, D = "communist", "democrat"

# Card numbers (side, printed Ops, asterisk).
PRUDENCE = 8              # neutral 4, lasting (the opponent's cards -1 Op)
DEUTSCHE_MARKS = 20       # Communist 4 *
POLAND_SCORING = 22
ST_NICHOLAS = 24          # Democrat 1 *, red title: opens The Monday Demonstrations
CEAUSESCU = 41            # Communist 3 *
INFLATIONARY = 44         # neutral 3 *
SOVIET_TROOPS = 45        # Democrat 4 *
TURKS_EXPELLED = 47       # Communist 3 *
WE_ARE_THE_PEOPLE = 48    # Democrat 3 *, lasting
DEBT_BURDEN = 49          # Democrat 1 *, lasting
SINATRA = 50              # Democrat 3 *, lasting
ANNIVERSARY = 51          # Communist 2 *
NORMALIZATION = 52        # Communist 3 *
CROWD = 54                # Democrat 3 *, red title
FOREIGN_TV = 56           # Democrat 2 *
RESHUFFLE = 57            # Communist 2 *
GRENZTRUPPEN = 59         # Communist 2 *, lasting
TOXIC_WASTE = 60          # Democrat 2 *
MONDAY_DEMOS = 61         # Democrat 4 *, requires St. Nicholas Church
YAKOVLEV = 62             # Democrat 2 *, lasting
GENSCHER = 63             # Democrat 2 *, lasting
LEGACY_1968 = 64          # Democrat 4 *
PRESIDENTIAL_VISIT = 65   # Democrat 3 *, lasting
NEW_FORUM = 66            # Democrat 1 *
KLAUS_KOMAREK = 68        # Democrat 3 *
TYRANT = 97               # Democrat 2 *, Late Year: cancels Ceausescu

EAST_GERMANY = [s.name for s in DATA.spaces if s.country == "East Germany"]
CZECHOSLOVAKIA = [s.name for s in DATA.spaces if s.country == "Czechoslovakia"]
WORKER_SPACES = [s.id for s in DATA.spaces if s.type == "worker"]


def ids(*names: str) -> list[int]:
    """Space ids by name, in the given order."""
    return [sid(n) for n in names]


# ================================================================ #41 Ceausescu
def test_ceausescu_removes_three_checks_once_and_weakens_bucuresti_at_round_end(events):
    """#41: the Communist removes 3 Democratic SPs from Romania (his choice,
    one at a time), then MAY make one support check in Romania with the
    card's 3 Ops; at the end of the action round the Democrat still has SPs
    next to Cluj-Napoca (Timisoara), so 1 Communist SP leaves Bucuresti. The
    asterisk card leaves the game (2.2.4)."""
    game = position(events, democrat={"Timisoara": 2, "Craiova": 1, "Iasi": 2},
                    communist={"Bucuresti": 3}, hands={C: [CEAUSESCU]}, turn=4)
    dice = fix_dice(game, [5])
    seen = []
    drive(game, action_round(game),
          [CEAUSESCU, "event", "Iasi", "Iasi", "Timisoara", "yes", "Craiova"], seen)
    assert kinds(seen) == [("card", C), ("use", C)] + [("space", C)] * 3 + [
        ("may", C), ("check", C)]
    assert seen[2].options == ids("Timisoara", "Iasi", "Craiova")  # Romania only
    assert seen[6].options == ids("Timisoara", "Craiova") + ["stop"]
    # Craiova: 5 + 3 Ops + 1 (Bucuresti, Communist-controlled) = 9 vs 8: removes 1.
    assert texts(game, "check") == [
        "communist support check in Craiova: roll 5 +3 Ops +1 adjacent friendly control "
        "= 9 vs 8: removes 1, adds 0"]
    assert (sp(game, D, "Timisoara"), sp(game, D, "Craiova"), sp(game, D, "Iasi")) == (1, 0, 0)
    assert sp(game, C, "Bucuresti") == 2 and not dice
    st = game.state
    assert st["removed"] == [CEAUSESCU] and st["discard"] == [] and st["display"] == []
    assert st["effects"] == [] and st["events_played"] == [CEAUSESCU]
    # The Bucuresti removal came after the check, when the round ended.
    sp_log = [e["text"] for e in game.log if e["kind"] in ("check", "sp")]
    assert sp_log[-2:] == [texts(game, "check")[0], "communist SPs in Bucuresti -1"]


def test_ceausescu_bucuresti_condition_is_read_when_the_round_ends(events):
    """#41: the Democrat had SPs next to Cluj-Napoca (Timisoara) when the event
    began, but the removal took them all; at the end of the round none is
    left, so Bucuresti keeps its SPs. The Communist declines the optional
    check ("may"): no die is rolled."""
    game = position(events, democrat={"Timisoara": 3, "Constanta": 1},
                    communist={"Bucuresti": 3}, hands={C: [CEAUSESCU]}, turn=4)
    seen = []
    drive(game, action_round(game),
          [CEAUSESCU, "event", "Timisoara", "Timisoara", "Timisoara", "no"], seen)
    assert kinds(seen)[-1] == ("may", C) and seen[-1].options == ["yes", "no"]
    assert sp(game, D, "Timisoara") == 0 and sp(game, D, "Constanta") == 1
    assert sp(game, C, "Bucuresti") == 3
    assert logs(game, "check") == [] and logs(game, "roll") == []
    assert texts(game, "trigger") == ["#41 Ceausescu takes effect"]
    assert game.state["removed"] == [CEAUSESCU] and game.state["effects"] == []


def test_ceausescu_through_democrat_ops_counts_sps_placed_later_in_the_round(events):
    """5.2: the Democrat plays #41 for Ops and has the Communist event happen
    first; the Communist carries it out (the 3 SPs come from Craiova, the only
    Romanian space with Democratic SPs, so no question) and declines the check.
    No Democratic SP is next to Cluj-Napoca then; the Democrat's placements in
    Timisoara afterwards put some there, and only when the round ends does
    Bucuresti lose an SP."""
    game = position(events, democrat={"Craiova": 4, "Szeged": 1},
                    communist={"Bucuresti": 3}, hands={D: [CEAUSESCU]}, phasing=D, turn=4)
    run = Driver(action_round(game))
    decision = run_until(run, [CEAUSESCU, "place", "before", "no", "Timisoara", "Timisoara"])
    assert (decision.kind, decision.player) == ("place", D)
    # Mid-round: Timisoara holds Democratic SPs, but Bucuresti is untouched yet.
    assert sp(game, D, "Craiova") == 1 and sp(game, D, "Timisoara") == 2
    assert sp(game, C, "Bucuresti") == 3 and effect_cards(game) == [CEAUSESCU]
    assert game.state["display"] == [CEAUSESCU]
    assert run.send(sid("Timisoara")) is None  # the round is over
    assert sp(game, D, "Timisoara") == 3 and sp(game, C, "Bucuresti") == 2
    assert game.state["removed"] == [CEAUSESCU] and game.state["display"] == []
    assert game.state["events_played"] == [CEAUSESCU]


def test_ceausescu_with_no_democrat_in_romania_still_counts_as_played(events):
    """#41 with no Democratic SP in Romania: nothing to remove, the optional
    check has no target so it is not offered (ruling R50), and at the round's
    end no Democrat is next to Cluj-Napoca. The event still counts as played
    and the asterisk card leaves the game (R43)."""
    game = position(events, democrat={"Szeged": 2}, communist={"Bucuresti": 3},
                    hands={C: [CEAUSESCU]}, turn=4)
    seen = []
    drive(game, action_round(game), [CEAUSESCU, "event"], seen)
    assert kinds(seen) == [("card", C), ("use", C)]
    assert sp(game, D, "Szeged") == 2 and sp(game, C, "Bucuresti") == 3
    assert game.state["removed"] == [CEAUSESCU] and game.state["events_played"] == [CEAUSESCU]


def test_ceausescu_has_no_effect_once_the_tyrant_is_gone(events):
    """#41 / #97 / 7.6.5: once The Tyrant is Gone has taken effect, Ceausescu
    has no effect: no SP removed, no check, and nothing happens to Bucuresti
    at the end of the round although the Democrat is next to Cluj-Napoca. The
    event still counts as played and the card is removed (5.2 example 5,
    ruling R43)."""
    game = position(events, democrat={"Timisoara": 2, "Iasi": 1},
                    communist={"Bucuresti": 3, "Cluj-Napoca": 5},
                    hands={D: [TYRANT], C: [CEAUSESCU]}, phasing=D, turn=8)
    game.state["events_played"].append(CROWD)  # the Crowd's effect is over
    play(game, D, TYRANT, ["event", "Craiova"])
    assert CEAUSESCU in game.state["cancelled"] and sp(game, C, "Cluj-Napoca") == 1
    game.state["phasing"] = C
    seen = []
    drive(game, action_round(game), [CEAUSESCU, "event"], seen)
    assert kinds(seen) == [("card", C), ("use", C)]
    assert (sp(game, D, "Timisoara"), sp(game, D, "Iasi"), sp(game, C, "Bucuresti")) == (2, 1, 3)
    assert texts(game, "no_effect") == ["#41 Ceausescu has no effect now (5.2)"]
    assert CEAUSESCU in game.state["removed"] and CEAUSESCU in game.state["events_played"]
    assert effect_cards(game) == [TYRANT, TYRANT]


def test_ceausescu_still_works_while_the_tyrant_waits(events):
    """#41 / 7.6.4: while The Tyrant is Gone only waits in front of the
    Democrat (the Crowd is pending, no Romanian struggle yet), Ceausescu
    still happens in full: 3 SPs removed, and Bucuresti loses 1 at the end
    of the round (Timisoara still holds a Democratic SP)."""
    game = position(events, democrat={"Timisoara": 4}, communist={"Bucuresti": 3},
                    hands={D: [CROWD, TYRANT], C: [CEAUSESCU]}, phasing=D, turn=8)
    play(game, D, CROWD, ["event"])
    play(game, D, TYRANT, ["event"])
    assert sorted(game.state["display"]) == [CROWD, TYRANT]
    assert game.state["cancelled"] == []
    game.state["phasing"] = C
    drive(game, action_round(game), [CEAUSESCU, "event", "no"])
    assert sp(game, D, "Timisoara") == 1 and sp(game, C, "Bucuresti") == 2
    assert CEAUSESCU in game.state["removed"] and logs(game, "no_effect") == []


# ===================================================== #44 Inflationary Currency
def inflation(events, democrat_hand, **board):
    """The Democrat holds Power in Poland and Hungary; the Communist holds #44."""
    game = position(events, hands={C: [INFLATIONARY], D: democrat_hand}, turn=4, **board)
    game.state["power"].update({"Poland": D, "Hungary": D})
    return game


def test_inflationary_currency_removes_two_then_checks_when_not_paid_off(events):
    """#44 for the Communist: he chooses a country where the Democrat holds
    Power (ruling R49), removes 2 Democratic SPs there, the Democrat declines
    to discard a 3-Op card, so the Communist makes ONE support check there
    with the card's 3 Ops. The asterisk card leaves the game."""
    game = inflation(events, [SINATRA, SOVIET_TROOPS, GENSCHER, POLAND_SCORING],
                     democrat={"Gdansk": 3, "Krakow": 1, "Budapest": 2},
                     communist={"Warszawa": 3})
    dice = fix_dice(game, [4])
    seen = []
    play(game, C, INFLATIONARY, ["event", "Poland", "Gdansk", "Krakow", "no", "Gdansk"], seen)
    assert kinds(seen) == [("use", C), ("country", C), ("space", C), ("space", C),
                           ("may", D), ("check", C)]
    assert seen[1].options == ["Poland", "Hungary"]
    assert seen[2].options == ids("Gdansk", "Krakow")
    assert seen[5].options == [sid("Gdansk"), "stop"]  # only the chosen country
    # Gdansk (2 left): 4 + 3 Ops + 1 (Warszawa) = 8 vs 6: removes 2.
    assert texts(game, "check") == [
        "communist support check in Gdansk: roll 4 +3 Ops +1 adjacent friendly control "
        "= 8 vs 6: removes 2, adds 0"]
    assert (sp(game, D, "Gdansk"), sp(game, D, "Krakow"), sp(game, D, "Budapest")) == (0, 0, 2)
    assert game.hand(D) == [SINATRA, SOVIET_TROOPS, GENSCHER, POLAND_SCORING] and not dice
    assert game.state["removed"] == [INFLATIONARY] and game.state["discard"] == []
    assert game.state["events_played"] == [INFLATIONARY]


def test_inflationary_currency_check_cancelled_by_a_three_op_discard(events):
    """#44: the Democrat cancels the check by discarding a card worth at least
    3 Ops: he picks among his 3- and 4-Op cards (never the 2-Op card or the
    Scoring card, ruling R39); no die is rolled."""
    game = inflation(events, [SINATRA, SOVIET_TROOPS, GENSCHER, POLAND_SCORING],
                     democrat={"Gdansk": 3, "Krakow": 1}, communist={"Warszawa": 3})
    dice = fix_dice(game, [])
    seen = []
    play(game, C, INFLATIONARY, ["event", "Poland", "Gdansk", "Gdansk", "yes", SOVIET_TROOPS],
         seen)
    assert kinds(seen)[-2:] == [("may", D), ("pick_card", D)]
    assert seen[-1].options == [SINATRA, SOVIET_TROOPS]
    assert sp(game, D, "Gdansk") == 1 and sp(game, D, "Krakow") == 1
    assert logs(game, "check") == [] and not dice
    assert texts(game, "discard") == ["democrat discards #45 Soviet Troop Withdrawals"]
    assert game.hand(D) == [SINATRA, GENSCHER, POLAND_SCORING]
    assert game.state["discard"] == [SOVIET_TROOPS] and game.state["removed"] == [INFLATIONARY]


def test_inflationary_currency_no_qualifying_card_means_no_choice(events):
    """#44 / R39 / R50: with only a 2-Op card and a Scoring card the Democrat
    cannot pay the check off, so he is not asked; the check happens."""
    game = inflation(events, [GENSCHER, POLAND_SCORING], democrat={"Budapest": 3})
    dice = fix_dice(game, [1])
    seen = []
    play(game, C, INFLATIONARY, ["event", "Hungary", "Budapest"], seen)
    # Budapest is the only Hungarian space with Democratic SPs: no space question.
    assert kinds(seen) == [("use", C), ("country", C), ("check", C)]
    # Budapest (1 left): 1 + 3 Ops = 4 vs 6: fails.
    assert texts(game, "check") == [
        "communist support check in Budapest: roll 1 +3 Ops = 4 vs 6: fails"]
    assert sp(game, D, "Budapest") == 1 and game.hand(D) == [GENSCHER, POLAND_SCORING]
    assert not dice


def test_inflationary_currency_asks_nothing_when_no_check_could_follow(events):
    """#44: removing the Democrat's last 2 SPs in the country leaves nothing
    to check, so the Democrat is not asked to pay the check off."""
    game = inflation(events, [SINATRA, SOVIET_TROOPS], democrat={"Budapest": 2})
    dice = fix_dice(game, [])
    seen = []
    play(game, C, INFLATIONARY, ["event", "Hungary"], seen)
    assert kinds(seen) == [("use", C), ("country", C)]
    assert sp(game, D, "Budapest") == 0 and game.hand(D) == [SINATRA, SOVIET_TROOPS]
    assert logs(game, "check") == [] and not dice
    assert game.state["removed"] == [INFLATIONARY]


def test_inflationary_currency_discard_value_counts_the_sinatra_doctrine(events):
    """#44 / 7.3.3 / ruling R47: the card's Ops are its value for the
    Democrat with the 7.3 modifiers: under his Sinatra Doctrine (+1) a 2-Op
    card is worth 3 and cancels the check."""
    game = inflation(events, [SINATRA, GENSCHER], democrat={"Budapest": 3})
    play(game, D, SINATRA, ["event"])
    seen = []
    play(game, C, INFLATIONARY, ["event", "Hungary", "yes"], seen)
    assert kinds(seen)[-1] == ("may", D)  # the only such card: no pick question
    assert sp(game, D, "Budapest") == 1 and logs(game, "check") == []
    assert game.hand(D) == [] and game.state["discard"] == [GENSCHER]


def test_inflationary_currency_discard_value_counts_prudence(events):
    """#44 / R47: under the Communist's Prudence (the opponent's cards -1 Op)
    the Democrat's 3-Op card is worth 2: he cannot pay the check off. The
    Communist's own card keeps its 3 Ops."""
    game = inflation(events, [SINATRA], democrat={"Budapest": 3})
    play(game, C, PRUDENCE, ["event"])
    fix_dice(game, [6])
    seen = []
    play(game, C, INFLATIONARY, ["event", "Hungary", "Budapest"], seen)
    assert kinds(seen) == [("use", C), ("country", C), ("check", C)]
    assert texts(game, "check") == [
        "communist support check in Budapest: roll 6 +3 Ops = 9 vs 6: removes 1, adds 2"]
    assert sp(game, D, "Budapest") == 0 and sp(game, C, "Budapest") == 2
    assert game.hand(D) == [SINATRA]


def test_inflationary_currency_for_the_democrat_targets_communist_power(events):
    """#44 is neutral: the Democrat plays it against a country where the
    Communist holds Power (any of the six at the start); the Communist may
    pay off the check with his 4-Op card and declines."""
    game = position(events, communist={"Bucuresti": 3, "Cluj-Napoca": 2},
                    hands={D: [INFLATIONARY], C: [DEUTSCHE_MARKS, ANNIVERSARY]},
                    phasing=D, turn=4)
    dice = fix_dice(game, [4])
    seen = []
    play(game, D, INFLATIONARY,
         ["event", "Romania", "Bucuresti", "Bucuresti", "no", "Bucuresti"], seen)
    assert kinds(seen) == [("use", D), ("country", D), ("space", D), ("space", D),
                           ("may", C), ("check", D)]
    assert seen[1].options == list(DATA.countries)
    assert texts(game, "check") == [
        "democrat support check in Bucuresti: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0"]
    assert sp(game, C, "Bucuresti") == 0 and sp(game, C, "Cluj-Napoca") == 2
    assert game.hand(C) == [DEUTSCHE_MARKS, ANNIVERSARY] and not dice
    assert game.state["removed"] == [INFLATIONARY]


def test_inflationary_currency_with_no_opponent_power_does_nothing(events):
    """#44 / ruling R50: the Democrat holds Power nowhere, so there is no
    country to choose and nothing happens; the event still counts as played
    and the asterisk card is removed (R43)."""
    game = position(events, democrat={"Gdansk": 3}, hands={C: [INFLATIONARY]}, turn=4)
    seen = []
    play(game, C, INFLATIONARY, ["event"], seen)
    assert kinds(seen) == [("use", C)] and sp(game, D, "Gdansk") == 3
    assert texts(game, "event_ends") == [
        "#44 Inflationary Currency: nothing to choose, so the rest does not happen"]
    assert game.state["removed"] == [INFLATIONARY]
    assert game.state["events_played"] == [INFLATIONARY]


def test_inflationary_currency_for_ops_has_no_event(events):
    """5.2 / ruling R17: a neutral card played for Ops triggers no event; it
    is discarded."""
    game = inflation(events, [], democrat={"Gdansk": 1})
    game.state["phasing"] = D
    game.state["hands"] = {C: [], D: [INFLATIONARY]}
    seen = []
    play(game, D, INFLATIONARY, ["place", "Gdansk", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D)] + [("place", D)] * 3
    assert sp(game, D, "Gdansk") == 4 and game.state["discard"] == [INFLATIONARY]
    assert game.state["events_played"] == []


# ================================================== #45 Soviet Troop Withdrawals
def test_soviet_troop_withdrawals_five_from_eastern_europe_two_per_space(events):
    """#45: the Democrat removes 5 Communist SPs from Eastern Europe (East
    Germany, Poland, Czechoslovakia, Hungary; not the Balkans), at most 2 from
    any one space."""
    game = position(events, communist={"Berlin": 3, "Warszawa": 2, "Praha": 1, "Budapest": 2,
                                       "Bucuresti": 3, "Sofia": 2},
                    hands={D: [SOVIET_TROOPS]}, phasing=D, turn=4)
    seen = []
    play(game, D, SOVIET_TROOPS, ["event", "Berlin", "Berlin", "Warszawa", "Praha", "Budapest"],
         seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 5
    assert seen[1].options == ids("Berlin", "Warszawa", "Praha", "Budapest")
    assert seen[3].options == ids("Warszawa", "Praha", "Budapest")  # Berlin gave 2
    got = {n: sp(game, C, n) for n in ["Berlin", "Warszawa", "Praha", "Budapest",
                                        "Bucuresti", "Sofia"]}
    assert got == {"Berlin": 1, "Warszawa": 1, "Praha": 0, "Budapest": 1, "Bucuresti": 3,
                   "Sofia": 2}
    assert game.state["removed"] == [SOVIET_TROOPS]
    assert game.state["events_played"] == [SOVIET_TROOPS]


def test_soviet_troop_withdrawals_removes_what_the_cap_allows(events):
    """#45: with one Eastern European space holding Communist SPs only 2 can
    go (the per-space cap); the Balkans keep theirs."""
    game = position(events, communist={"Berlin": 4, "Bucuresti": 3},
                    hands={D: [SOVIET_TROOPS]}, phasing=D, turn=4)
    seen = []
    play(game, D, SOVIET_TROOPS, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert sp(game, C, "Berlin") == 2 and sp(game, C, "Bucuresti") == 3
    assert game.state["removed"] == [SOVIET_TROOPS]


def test_soviet_troop_withdrawals_through_communist_ops(events):
    """5.2: the Communist plays #45 for its 4 Ops with the Democrat event
    after them; the Democrat chooses the removals (here from the SPs just
    placed) and the card leaves the game."""
    game = position(events, communist={"Leipzig": 1, "Praha": 1}, hands={C: [SOVIET_TROOPS]},
                    turn=4)
    seen = []
    play(game, C, SOVIET_TROOPS, ["place", "after"] + ["Leipzig"] * 4
         + ["Leipzig", "Leipzig"], seen)
    # Leipzig gives its 2, then Praha (the only space left) its last SP: 3 of 5.
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("place", C)] * 4 + [
        ("space", D)] * 2
    assert sp(game, C, "Leipzig") == 3 and sp(game, C, "Praha") == 0
    assert game.state["removed"] == [SOVIET_TROOPS]


def test_soviet_troop_withdrawals_with_nothing_to_remove(events):
    """#45 / R43: no Communist SP in Eastern Europe: nothing happens, yet the
    event is played and the card removed."""
    game = position(events, communist={"Sofia": 3}, hands={D: [SOVIET_TROOPS]}, phasing=D,
                    turn=4)
    play(game, D, SOVIET_TROOPS, ["event"])
    assert sp(game, C, "Sofia") == 3
    assert game.state["removed"] == [SOVIET_TROOPS]
    assert game.state["events_played"] == [SOVIET_TROOPS]


# ================================================== #47 Bulgarian Turks Expelled
def test_bulgarian_turks_expelled_two_vp_and_razgrad_emptied(events):
    """#47: the Communist gains 2 VP (VP -2) and every Democratic SP leaves
    Razgrad; the Communist's own SPs there and other spaces stay."""
    game = position(events, democrat={"Razgrad": 4, "Ruse": 2}, communist={"Razgrad": 1},
                    hands={C: [TURKS_EXPELLED]}, turn=4)
    game.state["vp"] = 3
    play(game, C, TURKS_EXPELLED, ["event"])
    assert game.state["vp"] == 1
    assert (sp(game, D, "Razgrad"), sp(game, C, "Razgrad"), sp(game, D, "Ruse")) == (0, 1, 2)
    assert game.state["removed"] == [TURKS_EXPELLED]
    assert game.state["events_played"] == [TURKS_EXPELLED]


def test_bulgarian_turks_expelled_through_democrat_ops_with_empty_razgrad(events):
    """5.2: the Democrat plays #47 for Ops; the Communist event after them
    still gives the Communist his 2 VP with no Democrat in Razgrad (R43)."""
    game = position(events, democrat={"Ruse": 1}, hands={D: [TURKS_EXPELLED]}, phasing=D,
                    turn=4)
    seen = []
    play(game, D, TURKS_EXPELLED, ["place", "after", "Ruse", "Razgrad", "Razgrad"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D)] + [("place", D)] * 3
    assert sp(game, D, "Razgrad") == 0 and sp(game, D, "Ruse") == 2
    assert game.state["vp"] == -2 and game.state["removed"] == [TURKS_EXPELLED]


# ====================================================== #48 "We Are the People!"
def test_we_are_the_people_moves_up_to_four_at_most_two_per_space(events):
    """#48: the Democrat moves 4 Democratic SPs out of the Lutheran Church to
    other East German spaces, at most 2 into any one; then for the rest of
    the game the Communist may not check Leipzig. The card stays on display."""
    game = position(events, democrat={"Lutheran Church": 6}, communist={"Leipzig": 2},
                    hands={D: [WE_ARE_THE_PEOPLE]}, phasing=D, turn=4)
    seen = []
    play(game, D, WE_ARE_THE_PEOPLE, ["event", "Leipzig", "Leipzig", "Berlin", "Halle"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 4
    others = [n for n in EAST_GERMANY if n != "Lutheran Church"]
    assert seen[1].options == ids(*others) + ["done"]
    assert seen[3].options == ids(*[n for n in others if n != "Leipzig"]) + ["done"]
    got = {n: sp(game, D, n) for n in ["Lutheran Church", "Leipzig", "Berlin", "Halle"]}
    assert got == {"Lutheran Church": 2, "Leipzig": 2, "Berlin": 1, "Halle": 1}
    assert game.state["display"] == [WE_ARE_THE_PEOPLE] and game.state["removed"] == []
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"], effect["until"]) == ("check_ban", D, "end_of_game")
    assert check_targets(game, C) == ids("Berlin", "Lutheran Church", "Halle")
    assert check_targets(game, D) == [sid("Leipzig")]  # the Democrat still may
    assert game.state["events_played"] == [WE_ARE_THE_PEOPLE]


def test_we_are_the_people_may_stop_early(events):
    """#48 "up to 4": the Democrat stops after one SP ("done")."""
    game = position(events, democrat={"Lutheran Church": 6}, hands={D: [WE_ARE_THE_PEOPLE]},
                    phasing=D, turn=4)
    play(game, D, WE_ARE_THE_PEOPLE, ["event", "Dresden", "done"])
    assert sp(game, D, "Lutheran Church") == 5 and sp(game, D, "Dresden") == 1
    assert effect_cards(game) == [WE_ARE_THE_PEOPLE]


def test_we_are_the_people_through_communist_ops(events):
    """5.2: the Communist plays #48 for Ops, the Democrat event before them:
    the Democrat moves the SPs (2 into Leipzig, then stops), and the
    Communist's own checks with this card can no longer go to Leipzig."""
    game = position(events, democrat={"Lutheran Church": 3, "Berlin": 1},
                    communist={"Leipzig": 1}, hands={C: [WE_ARE_THE_PEOPLE]}, turn=4)
    seen = []
    play(game, C, WE_ARE_THE_PEOPLE, ["check", "before", "Leipzig", "Leipzig", "done", "stop"],
         seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("space", D)] * 3 + [
        ("check", C)]
    assert seen[-1].options == ids("Berlin", "Lutheran Church") + ["stop"]
    assert sp(game, D, "Lutheran Church") == 1 and sp(game, D, "Leipzig") == 2
    assert game.state["display"] == [WE_ARE_THE_PEOPLE]
    assert effect_cards(game) == [WE_ARE_THE_PEOPLE]


# ================================================ #49 Foreign Currency Debt Burden
def test_debt_burden_before_communist_ops_bars_his_own_checks(events):
    """5.2: the Communist plays #49 for its 1 Op, the Democrat event first:
    the Democrat names Poland (+1 VP), and the Communist's checks with this
    very card can no longer go there."""
    game = position(events, democrat={"Gdansk": 2, "Leipzig": 2},
                    hands={C: [DEBT_BURDEN]}, turn=4)
    seen = []
    play(game, C, DEBT_BURDEN, ["check", "before", "Poland", "stop"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("country", D), ("check", C)]
    assert seen[3].options == [sid("Leipzig"), "stop"]
    assert game.state["vp"] == 1 and effect_cards(game) == [DEBT_BURDEN]


# ====================================================== #50 The Sinatra Doctrine
def test_sinatra_doctrine_through_communist_ops(events):
    """5.2: the Communist plays #50 for its 3 Ops (unchanged: the bonus is the
    Democrat's), the Democrat event after; from then on this turn the
    Democrat's cards are worth 1 Op more."""
    game = position(events, communist={"Berlin": 1}, hands={C: [SINATRA]}, turn=4)
    seen = []
    play(game, C, SINATRA, ["place", "after", "Berlin", "Berlin", "Berlin"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("place", C)] * 3
    assert sp(game, C, "Berlin") == 4 and effect_cards(game) == [SINATRA]
    assert ops_value(game, D, NEW_FORUM) == 2 and ops_value(game, C, NEW_FORUM) == 1


# ============================================== #51 40th Anniversary Celebration
@pytest.mark.parametrize("vp, places, after", [(0, ["Berlin", "Leipzig"], -1),
                                               (3, ["Berlin", "Berlin"], 2),
                                               (-1, ["Berlin", "Berlin", "Dresden", "Halle"],
                                                -2)])
def test_anniversary_two_sps_or_four_when_the_communist_leads(events, vp, places, after):
    """#51: 2 Communist SPs anywhere in East Germany, 4 if the Communist is
    ahead on VP (VP below 0; a tie is no lead), then the Communist gains 1 VP."""
    game = position(events, hands={C: [ANNIVERSARY]}, turn=4)
    game.state["vp"] = vp
    seen = []
    play(game, C, ANNIVERSARY, ["event", *places], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * len(places)
    assert seen[1].options == ids(*EAST_GERMANY)
    placed = {n: sp(game, C, n) for n in EAST_GERMANY if sp(game, C, n)}
    assert placed == {n: places.count(n) for n in places}
    assert game.state["vp"] == after and game.state["removed"] == [ANNIVERSARY]


# ======================================================= #52 Normalization
def test_normalization_clears_plzen_and_praha(events):
    """#52: every Democratic SP leaves the Czechoslovak Elite space (Plzen)
    and Bureaucrat space (Praha); other spaces and Communist SPs stay."""
    game = position(events, democrat={"Plzen": 2, "Praha": 3, "Brno": 2},
                    communist={"Praha": 1}, hands={C: [NORMALIZATION]}, turn=4)
    seen = []
    play(game, C, NORMALIZATION, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert (sp(game, D, "Plzen"), sp(game, D, "Praha"), sp(game, D, "Brno")) == (0, 0, 2)
    assert sp(game, C, "Praha") == 1
    assert game.state["removed"] == [NORMALIZATION]
    assert game.state["events_played"] == [NORMALIZATION]


def test_normalization_with_nothing_there_is_still_played(events):
    """#52 / 5.2 example 4: with no Democrat in Plzen or Praha the event is
    still played (here through the Democrat's Ops) and the card removed."""
    game = position(events, democrat={"Brno": 2}, hands={D: [NORMALIZATION]}, phasing=D,
                    turn=4)
    play(game, D, NORMALIZATION, ["place", "before", "Praha", "Praha", "Praha"])
    assert sp(game, D, "Praha") == 3 and sp(game, D, "Brno") == 2
    assert game.state["removed"] == [NORMALIZATION]
    assert game.state["events_played"] == [NORMALIZATION]


# ===================================================== #56 Foreign Television
def test_foreign_television_four_anywhere_two_per_space_never_dresden(events):
    """#56: the Democrat removes 4 Communist SPs from any spaces, at most 2
    per space, never from Dresden."""
    game = position(events, communist={"Dresden": 5, "Leipzig": 3, "Warszawa": 1,
                                       "Bucuresti": 2},
                    hands={D: [FOREIGN_TV]}, phasing=D, turn=4)
    seen = []
    play(game, D, FOREIGN_TV, ["event", "Leipzig", "Leipzig", "Warszawa"], seen)
    # The fourth SP comes from Bucuresti, the only space left: no question.
    assert kinds(seen) == [("use", D)] + [("space", D)] * 3
    assert seen[1].options == ids("Leipzig", "Warszawa", "Bucuresti")
    assert seen[3].options == ids("Warszawa", "Bucuresti")
    got = {n: sp(game, C, n) for n in ["Dresden", "Leipzig", "Warszawa", "Bucuresti"]}
    assert got == {"Dresden": 5, "Leipzig": 1, "Warszawa": 0, "Bucuresti": 1}
    assert game.state["removed"] == [FOREIGN_TV]
    assert game.state["events_played"] == [FOREIGN_TV]


def test_foreign_television_with_communists_only_in_dresden(events):
    """#56 / R43: Dresden is out of reach, so nothing is removed; the event
    is still played and the card removed."""
    game = position(events, communist={"Dresden": 5}, hands={D: [FOREIGN_TV]}, phasing=D,
                    turn=4)
    seen = []
    play(game, D, FOREIGN_TV, ["event"], seen)
    assert kinds(seen) == [("use", D)] and sp(game, C, "Dresden") == 5
    assert game.state["removed"] == [FOREIGN_TV]
    assert game.state["events_played"] == [FOREIGN_TV]


# =============================================== #57 Central Committee Reshuffle
def test_reshuffle_three_sps_in_one_country_the_communist_rules(events):
    """#57: the Communist picks ONE country where he still holds Power (not
    Poland or Hungary, lost to the Democrat) and adds 3 SPs to its spaces,
    split as he likes."""
    game = position(events, hands={C: [RESHUFFLE]}, turn=4)
    game.state["power"].update({"Poland": D, "Hungary": D})
    seen = []
    play(game, C, RESHUFFLE, ["event", "Czechoslovakia", "Praha", "Praha", "Brno"], seen)
    assert kinds(seen) == [("use", C), ("country", C)] + [("space", C)] * 3
    assert seen[1].options == ["East Germany", "Czechoslovakia", "Romania", "Bulgaria"]
    assert seen[2].options == ids(*CZECHOSLOVAKIA)
    assert sp(game, C, "Praha") == 2 and sp(game, C, "Brno") == 1
    assert sum(game.state["sp"][C]) == 3
    assert game.state["removed"] == [RESHUFFLE]


def test_reshuffle_with_one_country_left_needs_no_choice(events):
    """#57: Power only in Bulgaria: that country, without a question."""
    game = position(events, hands={C: [RESHUFFLE]}, turn=4)
    game.state["power"].update({c: D for c in DATA.countries if c != "Bulgaria"})
    seen = []
    play(game, C, RESHUFFLE, ["event", "Sofia", "Sofia", "Sofia"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 3
    assert sp(game, C, "Sofia") == 3


def test_reshuffle_without_power_anywhere_does_nothing(events):
    """#57 / ruling R50: no country where the Communist holds Power: nothing
    to choose, nothing placed; the event is played and the card removed."""
    game = position(events, hands={C: [RESHUFFLE]}, turn=4)
    game.state["power"].update({c: D for c in DATA.countries})
    play(game, C, RESHUFFLE, ["event"])
    assert sum(game.state["sp"][C]) == 0
    assert texts(game, "event_ends") == [
        "#57 Central Committee Reshuffle: nothing to choose, so the rest does not happen"]
    assert game.state["removed"] == [RESHUFFLE]
    assert game.state["events_played"] == [RESHUFFLE]


# ========================================================= #59 Grenztruppen
def test_grenztruppen_before_democrat_ops_hits_his_own_checks(events):
    """5.2: the Democrat plays #59 for its 2 Ops with the Communist event
    first: his own checks with this card in East Germany already get -1."""
    game = position(events, communist={"Leipzig": 1}, hands={D: [GRENZTRUPPEN]}, phasing=D,
                    turn=4)
    dice = fix_dice(game, [5])
    play(game, D, GRENZTRUPPEN, ["check", "before", "Leipzig", "stop"])
    # 5 + 2 Ops - 1 = 6 vs 6: fails (it would have removed 1 without the event).
    assert texts(game, "check") == [
        "democrat support check in Leipzig: roll 5 +2 Ops -1 lasting effects = 6 vs 6: fails"]
    assert sp(game, C, "Leipzig") == 1 and not dice
    assert game.state["display"] == [GRENZTRUPPEN] and effect_cards(game) == [GRENZTRUPPEN]


# ========================================================== #60 Toxic Waste
def test_toxic_waste_three_democrat_sps_in_worker_spaces(events):
    """#60: 3 Democratic SPs in Worker spaces anywhere, split as the Democrat
    likes (direct placement: no adjacency, no double cost, ruling R36)."""
    game = position(events, communist={"Gdansk": 5}, hands={D: [TOXIC_WASTE]}, phasing=D,
                    turn=4)
    seen = []
    play(game, D, TOXIC_WASTE, ["event", "Gdansk", "Gdansk", "Ruse"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 3
    assert seen[1].options == WORKER_SPACES and len(WORKER_SPACES) == 32
    assert sp(game, D, "Gdansk") == 2 and sp(game, D, "Ruse") == 1
    assert sum(game.state["sp"][D]) == 3
    assert game.state["removed"] == [TOXIC_WASTE]


# ================================================ #61 The Monday Demonstrations
def test_monday_demonstrations_needs_st_nicholas_church_as_an_event(events):
    """#61 requires St. Nicholas Church (7.1): before it, or after #24 was
    only used for its Ops, the Democrat may use #61 only for Ops; once #24
    has happened as an event, #61 is an event he may choose."""
    def game_with_both():
        return position(events, democrat={"Leipzig": 1},
                        hands={D: [MONDAY_DEMOS, ST_NICHOLAS]}, phasing=D, turn=4)

    decision = next(play_card(game_with_both(), D, MONDAY_DEMOS))
    assert decision.options == ["place", "check", "tiananmen"]
    game = game_with_both()
    play(game, D, ST_NICHOLAS, ["place", "Leipzig"])
    assert game.state["discard"] == [ST_NICHOLAS] and game.state["events_played"] == []
    assert not events.playable(game, MONDAY_DEMOS, D)
    play(game, D, ST_NICHOLAS, ["event"])  # back in his hand later (a reshuffle)
    assert game.state["events_played"] == [ST_NICHOLAS]
    seen = []
    play(game, D, MONDAY_DEMOS, ["event"], seen)  # no Communist SP: nothing to check
    assert seen[0].options == ["place", "check", "tiananmen", "event"]
    assert sp(game, D, "Lutheran Church") == 5 and sp(game, D, "Leipzig") == 3
    assert texts(game, "no_target") == ["democrat has no legal support check target"]
    assert game.state["removed"] == [ST_NICHOLAS, MONDAY_DEMOS]


def test_monday_demonstrations_for_communist_ops_before_st_nicholas(events):
    """5.2 example 2: the Communist plays #61 for Ops before St. Nicholas
    Church: he gets the 4 Ops, the Democrat no event (not even asked
    before/after), and the asterisk card goes to the discard pile."""
    game = position(events, democrat={"Lutheran Church": 1}, communist={"Leipzig": 1},
                    hands={C: [MONDAY_DEMOS]}, turn=4)
    seen = []
    play(game, C, MONDAY_DEMOS, ["place"] + ["Leipzig"] * 4, seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 4
    assert sp(game, C, "Leipzig") == 5 and sp(game, D, "Lutheran Church") == 1
    assert game.state["discard"] == [MONDAY_DEMOS] and game.state["removed"] == []
    assert game.state["events_played"] == [] and logs(game, "event") == []


def test_monday_demonstrations_control_of_church_and_leipzig_then_five_checks(events):
    """#61 after St. Nicholas Church: just enough Democratic SPs to control
    the Lutheran Church (D 5, C 3: 3 more) and Leipzig (C 2: 5), then FIVE
    support checks in East Germany with the card's 4 Ops."""
    game = position(events, communist={"Leipzig": 2, "Berlin": 3, "Halle": 2, "Dresden": 2,
                                       "Poznan": 2},
                    hands={D: [ST_NICHOLAS, MONDAY_DEMOS], C: [DEUTSCHE_MARKS]}, phasing=D,
                    turn=4)
    play(game, D, ST_NICHOLAS, ["event"])
    assert sp(game, D, "Lutheran Church") == 5
    # 4 Ops: 2 for the first SP (the Democrat controls the Church), then 1 each.
    play(game, C, DEUTSCHE_MARKS, ["place"] + ["Lutheran Church"] * 3)
    assert sp(game, C, "Lutheran Church") == 3
    dice = fix_dice(game, [2, 4, 6, 1, 3])
    seen = []
    play(game, D, MONDAY_DEMOS, ["event", "Halle", "Berlin", "Dresden", "Lutheran Church",
                                 "Leipzig"], seen)
    assert kinds(seen) == [("use", D)] + [("check", D)] * 5
    assert [d.prompt for d in seen[1:]] == [
        f"democrat: support check {i} of 5 (4 Ops)" for i in range(1, 6)]
    # East Germany only: not Poznan.
    assert seen[1].options == ids("Berlin", "Lutheran Church", "Halle", "Leipzig",
                                  "Dresden") + ["stop"]
    assert sp(game, D, "Lutheran Church") == 8 and sp(game, C, "Lutheran Church") == 3
    assert sp(game, D, "Leipzig") == 5
    # Each check has +1 for Leipzig (or the Church) under Democratic control.
    assert texts(game, "check") == [
        "democrat support check in Halle: roll 2 +4 Ops +1 adjacent friendly control "
        "= 7 vs 6: removes 1, adds 0",
        "democrat support check in Berlin: roll 4 +4 Ops +1 adjacent friendly control "
        "= 9 vs 6: removes 3, adds 0",
        "democrat support check in Dresden: roll 6 +4 Ops +1 adjacent friendly control "
        "= 11 vs 8: removes 2, adds 1",
        "democrat support check in Lutheran Church: roll 1 +4 Ops +1 adjacent friendly "
        "control = 6 vs 10: fails",
        "democrat support check in Leipzig: roll 3 +4 Ops +1 adjacent friendly control "
        "= 8 vs 6: removes 2, adds 0"]
    assert (sp(game, C, "Halle"), sp(game, C, "Berlin"), sp(game, C, "Dresden"),
            sp(game, C, "Leipzig")) == (1, 0, 0, 0)
    assert sp(game, D, "Dresden") == 1
    assert sp(game, C, "Poznan") == 2 and not dice
    assert game.state["removed"] == [ST_NICHOLAS, MONDAY_DEMOS]
    assert game.state["discard"] == [DEUTSCHE_MARKS]
    assert game.state["events_played"] == [ST_NICHOLAS, MONDAY_DEMOS]


def test_monday_demonstrations_for_communist_ops_after_st_nicholas(events):
    """5.2: once St. Nicholas Church has happened, the Communist's Ops with #61
    give the Democrat its event; the Democrat takes control of both spaces and
    may stop his checks before any roll (ruling R6); the card is removed."""
    game = position(events, communist={"Leipzig": 1},
                    hands={D: [ST_NICHOLAS], C: [MONDAY_DEMOS]}, phasing=D, turn=4)
    play(game, D, ST_NICHOLAS, ["event"])
    seen = []
    play(game, C, MONDAY_DEMOS, ["place", "before", "stop"] + ["Leipzig"] * 3, seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("check", D)] + [("place", C)] * 3
    # Leipzig: the Democrat added 4 (C 1 + stability 3); the Communist then
    # paid 2 Ops for his first SP there (Democrat-controlled), 1 for each next.
    assert sp(game, D, "Lutheran Church") == 5 and sp(game, D, "Leipzig") == 4
    assert sp(game, C, "Leipzig") == 4
    assert game.state["removed"] == [ST_NICHOLAS, MONDAY_DEMOS]


# ============================================= #62 Yakovlev Counsels Gorbachev
#: A Democrat Power Struggle hand with no Rally (no suit modifier).
PLAIN_HAND = ps_ids("March 4", "Strike 4", "Strike 3", "March 3", "Petition 5", "Petition 6")
MARCH_4 = PLAIN_HAND[0]


def test_yakovlev_is_used_up_by_a_struggle_the_communist_wins(events):
    """#62 / B.7.13: the Communist wins the next Power Struggle: no modifier
    (Support Loss 1, VP roll 3 as rolled), and the card is removed all the
    same."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 3, "Szczecin": 3},
                    communist={"Warszawa": 3}, hands={D: [YAKOVLEV]}, phasing=D, turn=4)
    play(game, D, YAKOVLEV, ["event"])
    hands = ps_ids("March 4", "March 3", "Strike 3", "Petition 6", "Petition 5", "March 5",
                   "Strike 4", "Strike 5", "Strike 6", "Petition 6", "Petition 5", "Strike 3",
                   "Strike 4", "Strike 5", "Strike 6", "Petition 6")
    stack_ps_deck(game, hands)  # 6 for the Communist, 10 without a March
    dice = fix_dice(game, [1, 3])
    play(game, C, POLAND_SCORING, ["no", "no", hands[0], "no"])
    assert texts(game, "ps_roll") == ["Support Loss roll 1 = 1", "Victory Point roll 3 = 3"]
    st = game.state
    assert st["power"]["Poland"] == C and not dice
    # -1 (VP roll), -3 (Power), +4 (Poland: Domination 6 + 2 vs Presence 3 + 1).
    assert st["vp"] == 0
    assert st["effects"] == [] and st["display"] == []
    assert st["removed"] == [YAKOVLEV] and st["discard"] == [POLAND_SCORING]


# ============================================================= #63 Genscher
# ======================================================== #64 Legacy of 1968
def test_legacy_of_1968_one_sp_in_each_czechoslovak_space_not_communist(events):
    """#64: 1 Democratic SP in every Czechoslovak space the Communist does
    not control: uncontrolled, Democrat-controlled, and Communist-held but
    not controlled (Brno C 3 - D 1); none in Praha or Kosice (controlled)."""
    game = position(events, democrat={"Plzen": 4, "Brno": 1},
                    communist={"Praha": 3, "Brno": 3, "Kosice": 4, "Ostrava": 2},
                    hands={D: [LEGACY_1968]}, phasing=D, turn=4)
    seen = []
    play(game, D, LEGACY_1968, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    got = {n: sp(game, D, n) for n in CZECHOSLOVAKIA}
    assert got == {"Plzen": 5, "Ceske Budejovice": 1, "Praha": 0, "Charles University": 1,
                   "Czech Writers": 1, "Brno": 2, "Ostrava": 1, "Bratislava": 1,
                   "Czech Catholic Church": 1, "Presov": 1, "Kosice": 0}
    assert game.state["removed"] == [LEGACY_1968]
    assert game.state["events_played"] == [LEGACY_1968]


# ===================================================== #65 Presidential Visit
# ============================================================= #66 New Forum
def test_new_forum_one_sp_in_each_of_three_east_german_spaces(events):
    """#66: 1 Democratic SP in each of 3 different East German spaces (a
    space once chosen is not offered again)."""
    game = position(events, communist={"Berlin": 3}, hands={D: [NEW_FORUM]}, phasing=D,
                    turn=4)
    seen = []
    play(game, D, NEW_FORUM, ["event", "Berlin", "Leipzig", "Dresden"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 3
    assert seen[1].options == ids(*EAST_GERMANY)
    assert seen[2].options == ids(*[n for n in EAST_GERMANY if n != "Berlin"])
    assert seen[3].options == ids(*[n for n in EAST_GERMANY if n not in ("Berlin", "Leipzig")])
    assert {n: sp(game, D, n) for n in EAST_GERMANY if sp(game, D, n)} == {
        "Berlin": 1, "Leipzig": 1, "Dresden": 1}
    assert game.state["removed"] == [NEW_FORUM]


def test_new_forum_through_communist_ops(events):
    """5.2: the Communist plays #66 for its 1 Op, the Democrat event after;
    the Democrat chooses the three spaces."""
    game = position(events, communist={"Berlin": 1}, hands={C: [NEW_FORUM]}, turn=4)
    seen = []
    play(game, C, NEW_FORUM, ["place", "after", "Berlin", "Halle", "Erfurt", "Rostock"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("place", C)] + [("space", D)] * 3
    assert sp(game, C, "Berlin") == 2
    assert (sp(game, D, "Halle"), sp(game, D, "Erfurt"), sp(game, D, "Rostock")) == (1, 1, 1)
    assert game.state["removed"] == [NEW_FORUM]
