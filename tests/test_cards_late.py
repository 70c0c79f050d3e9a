"""Card events, Late Year: #82-#110 of cards/late.card (not #85, #86, #95,
#97, #104, #109, which are used here only to set up the cards under test).

Every test plays a card through the engine as a player would: an exact
position (``position(..., turn=8)``: the Late Year cards are in the game
from turn 8), the card put in a hand, ``play_card`` or ``action_round``
driven with scripted answers and fixed dice, then the exact resulting state
(SPs, VP, hands, piles, lasting effects, log). Card texts:
shared/reference/cards.yaml and the Japanese card texts; rules 5.2
(opponent events), 6.1-6.2 (Operations), 7.1-7.4 (events), 8.0-8.4
(Power Struggles), 10.1 (automatic victory), 12 (U.S.S.R. track);
rulings: docs/rulings.md and rules-diff B.
"""

from __future__ import annotations

import pytest
from card_play import (
    discard,
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

from dof.engine.rules.actions import action_round, play_card
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.piles import move_card

C, D = "communist", "democrat"

# Card numbers (side, printed Ops, asterisk).
MICHNIK = 4               # Democrat 1 * (Ops only)
GORBACHEV = 14            # neutral 4: no event after Breakaway Baltic Republics
HONECKER = 15             # Communist 3 *: no event after Modrow
ROUNDTABLE = 17           # Democrat 3, lasting: Roundtable Talks
POLAND_SCORING = 22
HUNGARY_SCORING = 23
SAJUDIS = 33              # Democrat 2 *, red title
BULGARIA_SCORING = 43
CROWD = 54                # Democrat 3 *, red title: The Crowd Turns Against Ceausescu
SECURITATE = 70           # Communist 2 *, lasting
TOKES = 73                # Democrat 2 *, red title: Laszlo Tokes
BALTIC_WAY = 81           # Democrat 3 *, red title
SPITZEL = 82              # Communist 1 *
MODROW = 83               # Communist 2 *
BREAKAWAY = 84            # Democrat 4 *, red title, requires The Baltic Way
WALL_MUST_GO = 86         # Democrat 3 *
KOHL = 87                 # Democrat 3 *
ADAMEC = 88               # Communist 2 *
DOMINO = 89               # Democrat 3 *, requires Power in 2 countries
CIVIC_FORUM = 90          # Democrat 4 *
BANANA = 91               # Democrat 3 *: My First Banana
BETRAYAL = 92             # Communist 3 *
SHOCK_THERAPY = 93        # Democrat 3 *, requires Power somewhere
UDF = 94                  # Democrat 4 *: Union of Democratic Forces
ROMANIA_SCORING = 95
CHINESE_SOLUTION = 96     # Communist 1 *, requires Tiananmen box 7
TYRANT = 97               # Democrat 2 *: The Tyrant is Gone
POLITBURO = 98            # Communist 2 *: Politburo Intrigue
LIGACHEV = 99             # Communist 3 *, lasting
STAND_FAST = 100          # neutral 3 *, lasting
ELENA = 101               # Communist 1 *, lasting
NSF = 102                 # Communist 3 *, lasting: National Salvation Front
GOVERNMENT_RESIGNS = 103  # Democrat 1 *
PAV = 105                 # Democrat 3 *: Public Against Violence
SDPA = 106                # Communist 3 *: Social Democratic Platform Adopted
MASSACRE = 107            # Communist 3 *, requires Laszlo Tokes
ARMY = 108                # Democrat 3 *: Army Backs Revolution
KREMLIN_COUP = 109        # Communist 3 *, requires Breakaway Baltic Republics
MALTA = 110               # Democrat 3 *, no event after Kremlin Coup!

OPS_USES = ["place", "check", "tiananmen"]
ELITE = [s.name for s in DATA.spaces if s.type == "elite"]


def ids(*names: str) -> list[int]:
    """Space ids by name, in the given order."""
    return [sid(n) for n in names]


def uses(game, side: str, card: int) -> list[str]:
    """The ways ``side`` is offered to play ``card`` from his hand (5.0,
    7.1); the position is left as it was (the card back in the hand)."""
    st = game.state
    if card not in game.hand(side):
        move_card(game, card, ("hand", side))
    hand, logged = list(game.hand(side)), len(game.log)
    options = next(play_card(game, side, card)).options
    st["hands"][side][:] = hand
    st["played"] = None
    del game.log[logged:]
    return options


def late(events, **kw):
    """A Late Year position (turn 8)."""
    return position(events, turn=8, **kw)


# ================================================================ #82 Spitzel
def test_spitzel_removes_two_democratic_sps_from_east_germany(events):
    """#82: 2 Democratic SPs leave East Germany, one at a time from the
    spaces the Communist picks (no per-space cap: both from Leipzig);
    Democratic SPs outside East Germany are not offered. The asterisk card
    leaves the game (2.2.4)."""
    game = late(events, democrat={"Leipzig": 3, "Dresden": 1, "Gdansk": 2},
                hands={C: [SPITZEL]})
    seen = []
    play(game, C, SPITZEL, ["event", "Leipzig", "Leipzig"], seen)
    assert kinds(seen) == [("use", C), ("space", C), ("space", C)]
    assert seen[1].options == ids("Leipzig", "Dresden")
    assert seen[2].options == ids("Leipzig", "Dresden")
    assert (sp(game, D, "Leipzig"), sp(game, D, "Dresden"), sp(game, D, "Gdansk")) == (1, 1, 2)
    assert game.state["removed"] == [SPITZEL] and game.state["discard"] == []
    assert game.state["events_played"] == [SPITZEL]


def test_spitzel_with_one_democratic_sp_removes_what_there_is(events):
    """#82 with a single Democratic SP in East Germany: it goes (no choice
    to make), the second removal has nothing to act on; the event still
    counts as played (ruling R43)."""
    game = late(events, democrat={"Berlin": 1, "Gdansk": 2}, hands={C: [SPITZEL]})
    seen = []
    play(game, C, SPITZEL, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert sp(game, D, "Berlin") == 0 and sp(game, D, "Gdansk") == 2
    assert game.state["removed"] == [SPITZEL] and game.state["events_played"] == [SPITZEL]


def test_spitzel_with_no_democrat_in_east_germany_is_still_played(events):
    """#82 with nothing to remove: the event is legal and counts as played,
    so the asterisk card is removed (5.2 example 4, ruling R43)."""
    game = late(events, democrat={"Gdansk": 2}, hands={C: [SPITZEL]})
    play(game, C, SPITZEL, ["event"])
    assert sp(game, D, "Gdansk") == 2 and logs(game, "sp") == []
    assert game.state["removed"] == [SPITZEL] and game.state["events_played"] == [SPITZEL]


def test_spitzel_triggered_by_democrat_ops_before(events):
    """5.2: the Democrat plays #82 for its 1 Op and puts the Communist's
    event first; the Communist chooses the SPs to remove (Halle, then the
    last space left, Leipzig, without a question); then the Democrat places
    his Op."""
    game = late(events, democrat={"Leipzig": 2, "Halle": 1}, hands={D: [SPITZEL]}, phasing=D)
    seen = []
    play(game, D, SPITZEL, ["place", "before", "Halle", "Leipzig"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("space", C), ("place", D)]
    assert "event" not in seen[0].options
    assert (sp(game, D, "Leipzig"), sp(game, D, "Halle")) == (2, 0)
    assert game.state["removed"] == [SPITZEL] and game.state["events_played"] == [SPITZEL]


# ================================================================= #83 Modrow
def test_modrow_roll_above_democrat_control_brings_four_at_most_two_per_space(events):
    """#83: the die (3) beats the 2 Democrat-controlled East German spaces,
    so the Communist places 4 SPs in East Germany, at most 2 per space
    (Berlin is no longer offered after 2), anywhere in the country (direct
    placement, ruling R36)."""
    game = late(events, democrat={"Rostock": 3, "Schwerin": 3, "Leipzig": 1},
                hands={C: [MODROW]})
    dice = fix_dice(game, [3])
    seen = []
    play(game, C, MODROW, ["event", "Berlin", "Berlin", "Rostock", "Erfurt"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 4
    east_germany = [s.id for s in DATA.spaces if s.country == "East Germany"]
    assert seen[1].options == east_germany
    assert seen[3].options == [s for s in east_germany if s != sid("Berlin")]
    placed = {n: sp(game, C, n) for n in ["Berlin", "Rostock", "Erfurt", "Leipzig"]}
    assert placed == {"Berlin": 2, "Rostock": 1, "Erfurt": 1, "Leipzig": 0}
    assert not dice and game.state["removed"] == [MODROW]
    assert game.state["events_played"] == [MODROW]


def test_modrow_roll_equal_to_democrat_control_fails_but_blocks_honecker(events):
    """#83: a roll equal to the number of Democrat-controlled East German
    spaces (2) is not greater: no SPs. Whatever the roll, Modrow has
    occurred, so Honecker can no longer be played as an event (7.1)."""
    game = late(events, democrat={"Rostock": 3, "Schwerin": 3}, hands={C: [MODROW, HONECKER]})
    assert "event" in uses(game, C, HONECKER)
    dice = fix_dice(game, [2])
    seen = []
    play(game, C, MODROW, ["event"], seen)
    assert kinds(seen) == [("use", C)] and not dice
    assert sum(game.state["sp"][C]) == 0
    assert game.state["removed"] == [MODROW] and game.state["events_played"] == [MODROW]
    assert uses(game, C, HONECKER) == OPS_USES


def test_modrow_triggered_by_democrat_ops_blocks_honecker(events):
    """5.2: the Democrat plays Modrow for Ops; the Communist's event follows
    (his roll of 1 is not above the 1 Democrat-controlled space: no SPs);
    the event happened, so Modrow leaves the game and Honecker is barred."""
    game = late(events, democrat={"Rostock": 3}, hands={D: [MODROW], C: [HONECKER]}, phasing=D)
    dice = fix_dice(game, [1])
    play(game, D, MODROW, ["place", "after", "Rostock", "Rostock"])
    assert sp(game, D, "Rostock") == 5 and sum(game.state["sp"][C]) == 0 and not dice
    assert texts(game, "roll") == ["communist rolls 1 (#83 Modrow)"]
    assert game.state["removed"] == [MODROW] and game.state["events_played"] == [MODROW]
    assert uses(game, C, HONECKER) == OPS_USES


# ============================================ #84 Breakaway Baltic Republics
def test_breakaway_baltic_republics_needs_the_baltic_way(events):
    """#84 requires The Baltic Way played as an event (7.1): before it the
    Democrat may use the card for Ops only."""
    game = late(events, hands={D: [BREAKAWAY]}, phasing=D)
    game.state["events_played"].append(SAJUDIS)
    assert uses(game, D, BREAKAWAY) == OPS_USES
    game.state["events_played"].append(BALTIC_WAY)
    assert uses(game, D, BREAKAWAY) == [*OPS_USES, "event"]


def test_breakaway_baltic_republics_vp_minority_one_check_and_the_ussr(events):
    """#84: Democrat +5 VP; in one Minority space he chooses (Razgrad) just
    enough Democratic SPs to control it (C 2 + stability 4 = 6); ONE
    support check anywhere with the card's 4 Ops; the U.S.S.R. marker moves
    to its box (12.4). Afterwards Gorbachev Charms the West is no playable
    event for either player and Kremlin Coup! becomes one."""
    game = late(events, democrat={"Gdansk": 1}, communist={"Razgrad": 2, "Lodz": 2},
                hands={D: [BREAKAWAY]}, phasing=D)
    game.state["events_played"] += [SAJUDIS, BALTIC_WAY]
    game.state["ussr"] = 2
    assert uses(game, D, GORBACHEV) == [*OPS_USES, "event"]
    dice = fix_dice(game, [4])
    seen = []
    play(game, D, BREAKAWAY, ["event", "Razgrad", "Lodz"], seen)
    assert kinds(seen) == [("use", D), ("space", D), ("check", D)]
    assert seen[1].options == ids("Harghita/Covasna", "Razgrad")
    assert seen[2].options == [*ids("Lodz", "Razgrad"), "stop"]
    assert (sp(game, D, "Razgrad"), sp(game, C, "Razgrad")) == (6, 2)
    assert texts(game, "check") == [
        "democrat support check in Lodz: roll 4 +4 Ops = 8 vs 6: removes 2, adds 0"]
    assert sp(game, C, "Lodz") == 0 and game.state["vp"] == 5 and not dice
    assert game.state["ussr"] == 3
    assert texts(game, "ussr") == [
        "The U.S.S.R. marker moves to Breakaway Baltic Republics (12)"]
    assert game.state["removed"] == [BREAKAWAY]
    assert game.state["events_played"] == [SAJUDIS, BALTIC_WAY, BREAKAWAY]
    assert uses(game, D, GORBACHEV) == OPS_USES
    assert uses(game, C, GORBACHEV) == OPS_USES
    assert "event" in uses(game, C, KREMLIN_COUP)


def test_breakaway_baltic_republics_for_communist_ops_before_the_baltic_way(events):
    """5.2 / ruling R43: the Communist plays #84 for Ops before The Baltic
    Way: the Democrat's event cannot happen (no question about its order),
    so the card goes to the discard pile and the U.S.S.R. marker stays."""
    game = late(events, communist={"Warszawa": 1}, hands={C: [BREAKAWAY]})
    game.state["events_played"].append(SAJUDIS)
    game.state["ussr"] = 1
    seen = []
    play(game, C, BREAKAWAY, ["place"] + ["Warszawa"] * 4, seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 4
    assert sp(game, C, "Warszawa") == 5 and game.state["vp"] == 0
    assert game.state["ussr"] == 1 and game.state["discard"] == [BREAKAWAY]
    assert game.state["removed"] == [] and game.state["events_played"] == [SAJUDIS]


def test_breakaway_baltic_republics_triggered_by_communist_ops(events):
    """5.2: after The Baltic Way the Communist's Ops on #84 give the Democrat
    the event (here after the Ops); the Democrat makes its choices; with
    Harghita/Covasna already his he still must pick one space (no SP added
    there) and then stops his check."""
    game = late(events, democrat={"Harghita/Covasna": 4}, communist={"Warszawa": 1},
                hands={C: [BREAKAWAY]})
    game.state["events_played"] += [SAJUDIS, BALTIC_WAY]
    fix_dice(game, [])
    seen = []
    play(game, C, BREAKAWAY, ["place", "after"] + ["Warszawa"] * 4
         + ["Harghita/Covasna", "stop"], seen)
    assert kinds(seen) == ([("use", C), ("event_order", C)] + [("place", C)] * 4
                           + [("space", D), ("check", D)])
    assert sp(game, D, "Harghita/Covasna") == 4 and sp(game, D, "Razgrad") == 0
    assert sp(game, C, "Warszawa") == 5 and game.state["vp"] == 5
    assert game.state["ussr"] == 3 and game.state["removed"] == [BREAKAWAY]


# ============================================ #87 Kohl Proposes Reunification
def test_kohl_without_the_wall_must_go_is_two_vp_only(events):
    """#87 before "The Wall Must Go!": Democrat +2 VP and nothing else (no
    Ops question)."""
    game = late(events, democrat={"Gdansk": 3}, communist={"Warszawa": 2},
                hands={D: [KOHL]}, phasing=D)
    seen = []
    play(game, D, KOHL, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert game.state["vp"] == 2 and sp(game, C, "Warszawa") == 2
    assert game.state["removed"] == [KOHL] and game.state["events_played"] == [KOHL]


def test_kohl_after_the_wall_came_down_adds_the_cards_ops(events):
    """#87 after "The Wall Must Go!" succeeded (the Democrat won its roll-off
    6-2, 6-2: +3 VP, the Communist removes 3 SPs from East Germany): +2 VP,
    then the Democrat uses the card's 3 Ops to place SPs or make support
    checks (no Tiananmen attempt); here the checks, on Warszawa (5 + 3 + 1
    for Gdansk = 9 vs 6)."""
    game = late(events, democrat={"Gdansk": 3}, communist={"Berlin": 3, "Warszawa": 2},
                hands={D: [WALL_MUST_GO, KOHL]}, phasing=D)
    dice = fix_dice(game, [6, 1, 6, 1, 5])
    play(game, D, WALL_MUST_GO, ["event"])
    assert game.state["succeeded"] == [WALL_MUST_GO] and sp(game, C, "Berlin") == 0
    seen = []
    play(game, D, KOHL, ["event", "check", "Warszawa"], seen)
    assert kinds(seen) == [("use", D), ("use", D), ("check", D)]
    assert seen[1].options == ["place", "check"]
    assert texts(game, "check") == [
        "democrat support check in Warszawa: roll 5 +3 Ops +1 adjacent friendly control = 9 "
        "vs 6: removes 2, adds 1"]
    assert texts(game, "no_target") == ["democrat has no legal support check target"]
    assert (sp(game, C, "Warszawa"), sp(game, D, "Warszawa")) == (0, 1)
    assert game.state["vp"] == 5 and not dice
    assert game.state["removed"] == [WALL_MUST_GO, KOHL]


def test_kohl_after_a_failed_wall_must_go_is_two_vp_only(events):
    """#87: "The Wall Must Go!" was played as an event but the Communist won
    the roll-off; it did not succeed, so Kohl gives its 2 VP and no Ops."""
    game = late(events, democrat={"Gdansk": 3}, communist={"Berlin": 3, "Warszawa": 2},
                hands={D: [WALL_MUST_GO, KOHL]}, phasing=D)
    dice = fix_dice(game, [1, 6, 1, 6])
    play(game, D, WALL_MUST_GO, ["event"])
    assert WALL_MUST_GO in game.state["events_played"] and game.state["succeeded"] == []
    seen = []
    play(game, D, KOHL, ["event"], seen)
    assert kinds(seen) == [("use", D)] and not dice
    assert game.state["vp"] == 2 and sp(game, C, "Warszawa") == 2 and sp(game, C, "Berlin") == 3


def test_kohl_triggered_by_communist_ops_gives_the_democrat_his_ops(events):
    """5.2 / 7.4: after the Wall came down, the Communist plays Kohl for Ops;
    in the Democrat's event the Democrat chooses the Ops use and places his
    3 SPs (6.1: in reach, around Gdansk)."""
    game = late(events, democrat={"Gdansk": 3}, communist={"Berlin": 3, "Warszawa": 1},
                hands={D: [WALL_MUST_GO], C: [KOHL]}, phasing=D)
    fix_dice(game, [6, 1, 6, 1])
    play(game, D, WALL_MUST_GO, ["event"])
    seen = []
    play(game, C, KOHL, ["place", "after", "Warszawa", "Warszawa", "Warszawa",
                         "place", "Gdansk", "Szczecin", "Szczecin"], seen)
    assert kinds(seen) == ([("use", C), ("event_order", C)] + [("place", C)] * 3
                           + [("use", D)] + [("place", D)] * 3)
    assert sid("Berlin") not in seen[-1].options  # no reach there
    assert (sp(game, D, "Gdansk"), sp(game, D, "Szczecin"), sp(game, C, "Warszawa")) == (4, 2, 4)
    assert game.state["vp"] == 5 and game.state["removed"] == [WALL_MUST_GO, KOHL]


# ================================================================= #88 Adamec
def test_adamec_modified_three_brings_four_at_most_two_per_space(events):
    """#88: die 4, -1 for the one Czechoslovak Worker space the Democrat
    controls (Brno; Czech Writers is no Worker space, Ostrava is the
    Communist's) = 3: 4 Communist SPs in Czechoslovakia, at most 2 per
    space."""
    game = late(events, democrat={"Brno": 3, "Czech Writers": 2},
                communist={"Ostrava": 3}, hands={C: [ADAMEC]})
    dice = fix_dice(game, [4])
    seen = []
    play(game, C, ADAMEC, ["event", "Praha", "Praha", "Brno", "Ostrava"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 4
    assert sid("Praha") not in seen[3].options and sid("Brno") in seen[3].options
    assert texts(game, "roll") == ["communist rolls 4 (#88 Adamec)"]
    assert texts(game, "roll_total") == ["communist's roll for #88 Adamec: 4 -1 = 3"]
    assert texts(game, "roll_outcome") == [
        "communist's roll of 3 for #88 Adamec needed 3 or more: it succeeds"]
    got = {n: sp(game, C, n) for n in ["Praha", "Brno", "Ostrava", "Plzen"]}
    assert got == {"Praha": 2, "Brno": 1, "Ostrava": 4, "Plzen": 0}
    assert not dice and game.state["removed"] == [ADAMEC]


def test_adamec_modified_two_does_nothing_but_is_played(events):
    """#88: die 4 with two Democrat-controlled Czechoslovak Worker spaces
    is a modified 2: no SPs; the event was played (the card leaves the
    game)."""
    game = late(events, democrat={"Brno": 3, "Ostrava": 3}, hands={C: [ADAMEC]})
    dice = fix_dice(game, [4])
    play(game, C, ADAMEC, ["event"])
    assert texts(game, "roll_total")[-1] == "communist's roll for #88 Adamec: 4 -2 = 2"
    assert texts(game, "roll_outcome") == [
        "communist's roll of 2 for #88 Adamec needed 3 or more: it fails"]
    assert sum(game.state["sp"][C]) == 0 and not dice
    assert game.state["removed"] == [ADAMEC] and game.state["events_played"] == [ADAMEC]


# ========================================================== #89 Domino Theory
#: A Democrat Power Struggle hand with no Rally (no suit modifier).
PLAIN = ("March 4", "Strike 4", "Strike 3", "March 3", "Petition 5", "Petition 6")
PLAIN_HAND = ps_ids(*PLAIN)
MARCH_4 = PLAIN_HAND[0]
#: Then 12 cards with no March, no leader and no wild card.
NO_MARCH = ("Strike 4", "Strike 4", "Strike 4", "Strike 3", "Strike 3", "Strike 3",
            "Strike 6", "Strike 6", "Strike 5", "Strike 5", "Petition 6", "Petition 6")


def test_domino_theory_needs_democratic_power_in_two_countries(events):
    """#89 is playable as an event only while the Democrat holds Power in 2
    or more countries (7.1)."""
    game = late(events, hands={D: [DOMINO]}, phasing=D)
    discard(game, POLAND_SCORING)
    game.state["power"]["Hungary"] = D
    assert uses(game, D, DOMINO) == OPS_USES
    game.state["power"]["Bulgaria"] = D
    assert uses(game, D, DOMINO) == [*OPS_USES, "event"]


def test_domino_theory_replays_a_scoring_card_the_democrat_chose(events):
    """#89: the Democrat picks one Scoring card from the discard pile (only
    Scoring cards are offered) and plays it at once: its Power Struggle with
    the Democrat as the player of the Scoring card (ruling R35: he decides
    first on raising and attacks first), then Poland is scored. He wins
    with a March (no modifier): Support Loss 1 (none), VP roll 4 (+2 VP and
    Power), Poland: Presence 3 + Gdansk 1. He took Power, so the Scoring
    card leaves the game (8.4.4); so does Domino Theory."""
    game = late(events, democrat={"Gdansk": 3}, communist={"Warszawa": 2},
                hands={D: [DOMINO]}, phasing=D)
    game.state["power"].update({"Hungary": D, "Bulgaria": D})
    discard(game, MICHNIK, POLAND_SCORING, HUNGARY_SCORING)
    stack_ps_deck(game, PLAIN_HAND)
    dice = fix_dice(game, [1, 4])
    seen = []
    play(game, D, DOMINO, ["event", POLAND_SCORING, "no", MARCH_4], seen)
    assert kinds(seen) == [("use", D), ("pick_card", D), ("ps_raise", D), ("ps_attack", D)]
    assert seen[1].options == [POLAND_SCORING, HUNGARY_SCORING]
    assert texts(game, "ps_start") == [
        "Power Struggle in Poland (democrat played the Scoring card)"]
    st = game.state
    assert st["power"]["Poland"] == D and st["scoring_plays"]["Poland"] == 1
    assert st["vp"] == 6 and not dice
    assert st["removed"] == [POLAND_SCORING, DOMINO]
    assert st["discard"] == [MICHNIK, HUNGARY_SCORING]
    assert st["events_played"] == [DOMINO] and st["ps"] is None


def test_domino_theory_automatic_victory_waits_for_the_country_scoring(events):
    """#89 / 10.1 / ruling R13: the replayed Scoring card is a whole: the
    VP roll takes the Democrat from +18 to +21 in the middle of the Power
    Struggle, but victory is checked only after Poland is scored, and the
    Communist's Domination there (6 + 3 Battlegrounds against 3 + 1) brings
    the VP back to +16: the game goes on."""
    game = late(events, democrat={"Gdansk": 3},
                communist={"Warszawa": 3, "Lodz": 3, "Krakow": 3, "Lublin": 4},
                hands={D: [DOMINO]}, phasing=D)
    game.state["power"].update({"Hungary": D, "Bulgaria": D})
    game.state["vp"] = 18
    discard(game, POLAND_SCORING)
    stack_ps_deck(game, ps_ids(*PLAIN, *NO_MARCH))
    dice = fix_dice(game, [1, 6])
    play(game, D, DOMINO, ["event", "no", "no", MARCH_4])
    assert [e["text"] for e in logs(game, "vp")] == [
        "VP +3 (Power Struggle in Poland won by the democrat); now +21",
        "VP -5 (Poland scoring); now +16"]
    assert game.state["vp"] == 16 and game.state["power"]["Poland"] == D and not dice
    assert game.state["removed"] == [POLAND_SCORING, DOMINO]


def test_domino_theory_triggered_by_communist_ops_the_democrat_scores(events):
    """5.2 / ruling R35: the Communist plays #89 for Ops, the Democrat's
    event first: the only Scoring card in the discards (no question) starts
    a Power Struggle in Bulgaria with the Democrat as its player; nobody
    controls a Bulgarian space, so nobody has a card and the player of the
    Scoring card loses (ruling R22). The Communist keeps Power: VP roll 3
    (-1), declines to surrender, Power VP 1 x 2 (the card's earlier play
    and this one, B.7.15: -2); the card is discarded."""
    game = late(events, communist={"Warszawa": 1}, hands={C: [DOMINO]})
    game.state["power"].update({"Poland": D, "Hungary": D})
    game.state["scoring_plays"]["Bulgaria"] = 1
    discard(game, BULGARIA_SCORING)
    dice = fix_dice(game, [1, 3])
    seen = []
    play(game, C, DOMINO, ["place", "before", "no", "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == ([("use", C), ("event_order", C), ("ps_surrender", C)]
                           + [("place", C)] * 3)
    assert texts(game, "ps_start") == [
        "Power Struggle in Bulgaria (democrat played the Scoring card)"]
    assert texts(game, "ps_winner") == [
        "The communist wins the Power Struggle in Bulgaria (neither player has any card)"]
    st = game.state
    assert [e["text"] for e in logs(game, "vp")] == [
        "VP -1 (Power Struggle in Bulgaria won by the communist); now -1",
        "VP -2 (Communist retains Power in Bulgaria (1 x 2)); now -3"]
    assert st["vp"] == -3 and st["power"]["Bulgaria"] == C and not dice
    assert st["scoring_plays"]["Bulgaria"] == 2 and sp(game, C, "Warszawa") == 4
    assert st["discard"] == [BULGARIA_SCORING] and st["removed"] == [DOMINO]


def test_domino_theory_with_no_scoring_card_in_the_discards_is_still_played(events):
    """#89 / ruling R50: with no Scoring card in the discard pile there is
    nothing to choose and the event ends there; it still counts as played,
    so the card leaves the game (R43)."""
    game = late(events, hands={D: [DOMINO]}, phasing=D)
    game.state["power"].update({"Hungary": D, "Bulgaria": D})
    discard(game, MICHNIK)
    seen = []
    play(game, D, DOMINO, ["event"], seen)
    assert kinds(seen) == [("use", D)] and logs(game, "ps_start") == []
    assert texts(game, "event_ends") == [
        "#89 Domino Theory: nothing to choose, so the rest does not happen"]
    assert game.state["discard"] == [MICHNIK] and game.state["removed"] == [DOMINO]
    assert game.state["events_played"] == [DOMINO]


# ============================================================ #90 Civic Forum
def test_civic_forum_vp_four_sps_then_checks_with_the_czech_writers(events):
    """#90: Democrat +1 VP; 4 Democratic SPs anywhere in Czechoslovakia, no
    adjacency and no double cost (ruling R36: 3 in Communist-controlled
    Plzen); his SP in Czech Writers gives him control there, so he makes 2
    support checks in Czechoslovakia with the card's 4 Ops (Warszawa is not
    offered); he stops after the first."""
    game = late(events, democrat={"Czech Writers": 1},
                communist={"Plzen": 4, "Praha": 2, "Warszawa": 2}, hands={D: [CIVIC_FORUM]},
                phasing=D)
    dice = fix_dice(game, [3])
    seen = []
    play(game, D, CIVIC_FORUM, ["event", "Czech Writers", "Plzen", "Plzen", "Plzen",
                                "Praha", "stop"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 4 + [("check", D)] * 2
    assert len(seen[1].options) == 11  # every Czechoslovak space
    assert seen[5].options == [*ids("Plzen", "Praha"), "stop"]
    assert (sp(game, D, "Czech Writers"), sp(game, D, "Plzen")) == (2, 3)
    assert texts(game, "check") == [
        "democrat support check in Praha: roll 3 +4 Ops = 7 vs 6: removes 1, adds 0"]
    assert sp(game, C, "Praha") == 1 and sp(game, C, "Warszawa") == 2
    assert game.state["vp"] == 1 and not dice and game.state["removed"] == [CIVIC_FORUM]


def test_civic_forum_without_the_czech_writers_makes_no_checks(events):
    """#90: the Democrat does not control Czech Writers after his placement
    (Communist 2 there): +1 VP and the 4 SPs only."""
    game = late(events, communist={"Czech Writers": 2, "Praha": 2},
                hands={D: [CIVIC_FORUM]}, phasing=D)
    seen = []
    play(game, D, CIVIC_FORUM, ["event", "Praha", "Praha", "Praha", "Brno"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 4
    assert (sp(game, D, "Praha"), sp(game, D, "Brno"), sp(game, C, "Praha")) == (3, 1, 2)
    assert game.state["vp"] == 1 and logs(game, "check") == []


def test_civic_forum_triggered_by_communist_ops(events):
    """5.2: the Communist plays #90 for Ops with the event first; the
    Democrat places the SPs and, holding Czech Writers, checks (here he
    stops at once)."""
    game = late(events, democrat={"Czech Writers": 2}, communist={"Praha": 3},
                hands={C: [CIVIC_FORUM]})
    fix_dice(game, [])
    seen = []
    play(game, C, CIVIC_FORUM, ["place", "before", "Brno", "Brno", "Brno", "Brno", "stop",
                                "Praha", "Praha", "Praha", "Praha"], seen)
    assert kinds(seen) == ([("use", C), ("event_order", C)] + [("space", D)] * 4
                           + [("check", D)] + [("place", C)] * 4)
    assert sp(game, D, "Brno") == 4 and sp(game, C, "Praha") == 7 and game.state["vp"] == 1
    assert game.state["removed"] == [CIVIC_FORUM]


# ======================================================== #91 My First Banana
def test_my_first_banana_removes_two_then_two_east_german_checks(events):
    """#91: the Democrat removes 2 Communist SPs from East Germany (his
    choice of spaces), then makes 2 support checks in East Germany with the
    card's 3 Ops (Warszawa is not offered)."""
    game = late(events, communist={"Leipzig": 3, "Dresden": 2, "Warszawa": 2},
                hands={D: [BANANA]}, phasing=D)
    dice = fix_dice(game, [4, 6])
    seen = []
    play(game, D, BANANA, ["event", "Leipzig", "Dresden", "Leipzig", "Dresden"], seen)
    assert kinds(seen) == [("use", D), ("space", D), ("space", D), ("check", D), ("check", D)]
    assert seen[1].options == ids("Leipzig", "Dresden")
    assert seen[3].options == [*ids("Leipzig", "Dresden"), "stop"]
    assert texts(game, "check") == [
        "democrat support check in Leipzig: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0",
        "democrat support check in Dresden: roll 6 +3 Ops = 9 vs 8: removes 1, adds 0"]
    assert (sp(game, C, "Leipzig"), sp(game, C, "Dresden"), sp(game, C, "Warszawa")) == (1, 0, 2)
    assert not dice and game.state["removed"] == [BANANA]


def test_my_first_banana_with_no_communist_in_east_germany(events):
    """#91 with no Communist SP in East Germany: nothing to remove, no check
    target; the event counts as played (ruling R43)."""
    game = late(events, communist={"Warszawa": 2}, hands={D: [BANANA]}, phasing=D)
    seen = []
    play(game, D, BANANA, ["event"], seen)
    assert kinds(seen) == [("use", D)] and sp(game, C, "Warszawa") == 2
    assert texts(game, "no_target") == ["democrat has no legal support check target"]
    assert game.state["removed"] == [BANANA] and game.state["events_played"] == [BANANA]


# =============================================================== #92 Betrayal
def test_betrayal_turns_every_democrat_sp_in_one_orthodox_church(events):
    """#92: the Communist picks ONE Orthodox Church space; every Democratic
    SP there becomes a Communist SP; the other church is untouched."""
    game = late(events, democrat={"Romanian Orthodox Church": 3, "Bulgarian Orthodox Church": 2},
                communist={"Romanian Orthodox Church": 1}, hands={C: [BETRAYAL]})
    seen = []
    play(game, C, BETRAYAL, ["event", "Romanian Orthodox Church"], seen)
    assert kinds(seen) == [("use", C), ("space", C)]
    assert seen[1].options == ids("Romanian Orthodox Church", "Bulgarian Orthodox Church")
    assert (sp(game, D, "Romanian Orthodox Church"), sp(game, C, "Romanian Orthodox Church")) \
        == (0, 4)
    assert sp(game, D, "Bulgarian Orthodox Church") == 2
    assert game.state["removed"] == [BETRAYAL]


def test_betrayal_triggered_by_democrat_ops_takes_the_only_church(events):
    """5.2: the Democrat plays #92 for Ops, event after; only the Bulgarian
    church holds Democratic SPs, so it is taken without a question."""
    game = late(events, democrat={"Bulgarian Orthodox Church": 2, "Sofia": 1},
                hands={D: [BETRAYAL]}, phasing=D)
    seen = []
    play(game, D, BETRAYAL, ["place", "after", "Sofia", "Sofia", "Sofia"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D)] + [("place", D)] * 3
    assert (sp(game, D, "Bulgarian Orthodox Church"), sp(game, C, "Bulgarian Orthodox Church")) \
        == (0, 2)
    assert sp(game, D, "Sofia") == 4 and game.state["removed"] == [BETRAYAL]


def test_betrayal_with_no_democrat_in_either_church_is_still_played(events):
    """#92 with nothing to replace: legal, counts as played (ruling R43)."""
    game = late(events, democrat={"Sofia": 2}, hands={C: [BETRAYAL]})
    play(game, C, BETRAYAL, ["event"])
    assert sum(game.state["sp"][C]) == 0 and sp(game, D, "Sofia") == 2
    assert game.state["removed"] == [BETRAYAL] and game.state["events_played"] == [BETRAYAL]


# ========================================================== #93 Shock Therapy
def test_shock_therapy_needs_democratic_power_somewhere(events):
    """#93 requires the Democrat to hold Power in a country (7.1)."""
    game = late(events, hands={D: [SHOCK_THERAPY]}, phasing=D)
    assert uses(game, D, SHOCK_THERAPY) == OPS_USES
    game.state["power"]["Bulgaria"] = D
    assert uses(game, D, SHOCK_THERAPY) == [*OPS_USES, "event"]


def test_shock_therapy_success_three_vp_and_three_sps_in_the_chosen_country(events):
    """#93: the Democrat chooses Poland among his countries; die 5, -1 for
    each Polish Worker or Farmer space the Communist controls (Lodz,
    Lublin; Bureaucrat Warszawa does not count) = 3: +3 VP and 3 Democratic
    SPs anywhere in Poland (here into Communist-controlled Lodz)."""
    game = late(events, communist={"Lodz": 3, "Lublin": 4, "Warszawa": 3, "Budapest": 3},
                hands={D: [SHOCK_THERAPY]}, phasing=D)
    game.state["power"].update({"Poland": D, "Hungary": D})
    dice = fix_dice(game, [5])
    seen = []
    play(game, D, SHOCK_THERAPY, ["event", "Poland", "Lodz", "Lodz", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("country", D)] + [("space", D)] * 3
    assert seen[1].options == ["Poland", "Hungary"]
    assert texts(game, "roll") == ["democrat rolls 5 (#93 Shock Therapy)"]
    assert texts(game, "roll_total") == ["democrat's roll for #93 Shock Therapy: 5 -2 = 3"]
    assert (sp(game, D, "Lodz"), sp(game, D, "Gdansk")) == (2, 1)
    assert game.state["vp"] == 3 and not dice and game.state["removed"] == [SHOCK_THERAPY]


def test_shock_therapy_modified_two_fails(events):
    """#93: the only Democratic country is taken without a question; die 4
    -2 = 2: no VP, no SPs; the event was played all the same."""
    game = late(events, communist={"Lodz": 3, "Lublin": 4}, hands={D: [SHOCK_THERAPY]},
                phasing=D)
    game.state["power"]["Poland"] = D
    dice = fix_dice(game, [4])
    seen = []
    play(game, D, SHOCK_THERAPY, ["event"], seen)
    assert kinds(seen) == [("use", D)] and not dice
    assert texts(game, "roll_total")[-1] == "democrat's roll for #93 Shock Therapy: 4 -2 = 2"
    assert game.state["vp"] == 0 and sum(game.state["sp"][D]) == 0
    assert game.state["removed"] == [SHOCK_THERAPY]
    assert game.state["events_played"] == [SHOCK_THERAPY]


# ============================================== #94 Union of Democratic Forces
def test_union_of_democratic_forces_removes_four_two_per_space_then_checks(events):
    """#94: 4 Communist SPs leave Bulgaria, at most 2 per space (Sofia is
    not offered after 2), then 2 support checks in Bulgaria with the card's
    4 Ops; he stops after one."""
    game = late(events, communist={"Sofia": 3, "Ruse": 2, "Plovdiv": 1, "Varna": 2,
                                   "Bucuresti": 2},
                hands={D: [UDF]}, phasing=D)
    dice = fix_dice(game, [3])
    seen = []
    play(game, D, UDF, ["event", "Sofia", "Sofia", "Ruse", "Plovdiv", "Ruse", "stop"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 4 + [("check", D)] * 2
    assert seen[1].options == ids("Ruse", "Sofia", "Varna", "Plovdiv")
    assert seen[3].options == ids("Ruse", "Varna", "Plovdiv")
    assert seen[5].options == [*ids("Ruse", "Sofia", "Varna"), "stop"]
    assert texts(game, "check") == [
        "democrat support check in Ruse: roll 3 +4 Ops = 7 vs 6: removes 1, adds 0"]
    got = {n: sp(game, C, n) for n in ["Sofia", "Ruse", "Plovdiv", "Varna", "Bucuresti"]}
    assert got == {"Sofia": 1, "Ruse": 0, "Plovdiv": 0, "Varna": 2, "Bucuresti": 2}
    assert not dice and game.state["removed"] == [UDF]


def test_union_of_democratic_forces_cap_leaves_fewer_than_four_removed(events):
    """#94: with Communist SPs only in Sofia (3) and Ruse (1) the per-space
    cap stops the removal at 3 (2 + 1); then the checks (stopped)."""
    game = late(events, communist={"Sofia": 3, "Ruse": 1}, hands={D: [UDF]}, phasing=D)
    seen = []
    play(game, D, UDF, ["event", "Sofia", "Sofia", "stop"], seen)
    assert kinds(seen) == [("use", D), ("space", D), ("space", D), ("check", D)]
    assert (sp(game, C, "Sofia"), sp(game, C, "Ruse")) == (1, 0)


# ==================================================== #96 The Chinese Solution
def test_chinese_solution_needs_the_communist_at_box_seven(events):
    """#96 is playable only once the Communist's Tiananmen marker has
    reached box 7 (Protesters Massacred), first or not (B.6.5)."""
    game = late(events, hands={C: [CHINESE_SOLUTION]})
    game.state["tiananmen"] = {D: 7, C: 6}
    assert uses(game, C, CHINESE_SOLUTION) == OPS_USES
    game.state["tiananmen"][C] = 7
    assert uses(game, C, CHINESE_SOLUTION) == [*OPS_USES, "event"]
    game.state["tiananmen"][C] = 8
    assert uses(game, C, CHINESE_SOLUTION) == ["place", "check", "event"]


def test_chinese_solution_five_checks_at_plus_three_then_democrat_vp(events):
    """#96: the Communist chooses a country where he holds Power (Hungary);
    up to FIVE support checks there, each with the card's 1 Op and +3
    (Gdansk, in Poland, is not offered); he stops after three. Then the
    Democrat gains 3 VP."""
    game = late(events, democrat={"Budapest": 3, "Szeged": 2, "Gdansk": 2},
                hands={C: [CHINESE_SOLUTION]})
    game.state["tiananmen"][C] = 7
    game.state["power"].update({"East Germany": D, "Czechoslovakia": D, "Romania": D,
                                "Bulgaria": D})
    dice = fix_dice(game, [2, 4, 5])
    seen = []
    play(game, C, CHINESE_SOLUTION, ["event", "Hungary", "Budapest", "Budapest", "Szeged",
                                     "stop"], seen)
    assert kinds(seen) == [("use", C), ("country", C)] + [("check", C)] * 4
    assert seen[1].options == ["Poland", "Hungary"]
    assert seen[2].options == [*ids("Budapest", "Szeged"), "stop"]
    assert seen[2].prompt == "communist: support check 1 of 5 (1 Ops)"
    assert texts(game, "check") == [
        "communist support check in Budapest: roll 2 +1 Ops +3 event bonus = 6 vs 6: fails",
        "communist support check in Budapest: roll 4 +1 Ops +3 event bonus = 8 vs 6: "
        "removes 2, adds 0",
        "communist support check in Szeged: roll 5 +1 Ops +3 event bonus = 9 vs 8: "
        "removes 1, adds 0"]
    assert (sp(game, D, "Budapest"), sp(game, D, "Szeged"), sp(game, D, "Gdansk")) == (1, 1, 2)
    assert game.state["vp"] == 3 and not dice
    assert game.state["removed"] == [CHINESE_SOLUTION]


def test_chinese_solution_with_no_target_still_gives_the_democrat_three(events):
    """#96 in the Communist's only country (Poland, no question) with no
    Democratic SP: no check can be made, the Democrat still gains 3 VP
    (ruling R43: the event is legal and happens)."""
    game = late(events, democrat={"Budapest": 3}, hands={C: [CHINESE_SOLUTION]})
    game.state["tiananmen"][C] = 7
    game.state["power"].update({c: D for c in game.state["power"] if c != "Poland"})
    seen = []
    play(game, C, CHINESE_SOLUTION, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert texts(game, "no_target") == ["communist has no legal support check target"]
    assert game.state["vp"] == 3 and sp(game, D, "Budapest") == 3


def test_chinese_solution_without_communist_power_still_costs_three(events):
    """#96 once the Democrat holds Power everywhere: no country to choose,
    no check, but the 3 VP are the event's price and still paid."""
    game = late(events, democrat={"Budapest": 3}, hands={C: [CHINESE_SOLUTION]})
    game.state["tiananmen"][C] = 7
    game.state["power"].update({c: D for c in game.state["power"]})
    seen = []
    play(game, C, CHINESE_SOLUTION, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert game.state["vp"] == 3 and sp(game, D, "Budapest") == 3
    assert game.state["removed"] == [CHINESE_SOLUTION]
    assert game.state["removed"] == [CHINESE_SOLUTION]


def test_chinese_solution_triggered_by_democrat_ops(events):
    """5.2: the Democrat plays #96 for Ops while the Communist is at box 7;
    the Communist's event comes first and he makes its choices (he stops
    after one check, using the card's 1 Op +3); the Democrat gains 3 VP,
    then places his Op."""
    game = late(events, democrat={"Budapest": 4}, hands={D: [CHINESE_SOLUTION]}, phasing=D)
    game.state["tiananmen"][C] = 7
    dice = fix_dice(game, [5])
    seen = []
    play(game, D, CHINESE_SOLUTION, ["place", "before", "Hungary", "Budapest", "stop",
                                     "Budapest"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("country", C), ("check", C),
                           ("check", C), ("place", D)]
    assert seen[2].options == list(game.data.countries)
    assert texts(game, "check") == [
        "communist support check in Budapest: roll 5 +1 Ops +3 event bonus = 9 vs 6: "
        "removes 3, adds 0"]
    assert sp(game, D, "Budapest") == 2 and game.state["vp"] == 3 and not dice
    assert game.state["removed"] == [CHINESE_SOLUTION]


# ===================================================== #98 Politburo Intrigue
def test_politburo_intrigue_removes_three_two_per_space_then_one_check(events):
    """#98: the Communist removes 3 Democratic SPs from Bulgaria, at most 2
    per space, then makes ONE support check in Bulgaria with the card's 2
    Ops (no second check is asked for)."""
    game = late(events, democrat={"Sofia": 3, "Ruse": 1, "Plovdiv": 2, "Bucuresti": 2},
                hands={C: [POLITBURO]})
    dice = fix_dice(game, [5])
    seen = []
    play(game, C, POLITBURO, ["event", "Sofia", "Sofia", "Plovdiv", "Sofia"], seen)
    assert kinds(seen) == [("use", C), ("space", C), ("space", C), ("space", C), ("check", C)]
    assert seen[3].options == ids("Ruse", "Plovdiv")
    assert seen[4].options == [*ids("Ruse", "Sofia", "Plovdiv"), "stop"]
    assert seen[4].prompt == "communist: support check 1 of 1 (2 Ops)"
    assert texts(game, "check") == [
        "communist support check in Sofia: roll 5 +2 Ops = 7 vs 6: removes 1, adds 0"]
    got = {n: sp(game, D, n) for n in ["Sofia", "Ruse", "Plovdiv", "Bucuresti"]}
    assert got == {"Sofia": 0, "Ruse": 1, "Plovdiv": 1, "Bucuresti": 2}
    assert not dice and game.state["removed"] == [POLITBURO]


def test_politburo_intrigue_triggered_by_democrat_ops(events):
    """5.2: the Democrat plays #98 for Ops, event before; the Communist
    removes (one space left: no question) and checks."""
    game = late(events, democrat={"Sofia": 2, "Gdansk": 1}, hands={D: [POLITBURO]}, phasing=D)
    fix_dice(game, [])
    seen = []
    play(game, D, POLITBURO, ["place", "before", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("place", D), ("place", D)]
    assert sp(game, D, "Sofia") == 0 and sp(game, D, "Gdansk") == 3
    assert texts(game, "no_target") == ["communist has no legal support check target"]
    assert game.state["removed"] == [POLITBURO]


# =============================================================== #99 Ligachev
def ligachev(events, democrat_hand, vp=0, **board):
    """The Communist has just played Ligachev as an event in his action
    round; the Democrat's round comes next."""
    game = late(events, hands={C: [LIGACHEV], D: list(democrat_hand)}, **board)
    game.state["vp"] = vp
    drive(game, action_round(game), [LIGACHEV, "event"])
    game.state["phasing"] = D
    return game


def test_ligachev_waits_for_the_democrats_next_round(events):
    """#99 is lasting: when played nothing happens to the VP; the card waits
    on display, watching the Democrat's next action round."""
    game = ligachev(events, [KOHL])
    assert game.state["vp"] == 0 and game.state["display"] == [LIGACHEV]
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"]) == ("card_played", C)
    assert game.state["removed"] == [] and game.state["events_played"] == [LIGACHEV]


def test_ligachev_costs_three_vp_before_the_next_cards_effects(events):
    """#99 / ruling R53: the Democrat's next card is no Gorbachev event: the
    Communist gains 3 VP right after the Democrat chose how to play it and
    before its effects (Kohl's +2 comes after). The effect is then over and
    the card leaves the game; the round after costs nothing more."""
    game = ligachev(events, [KOHL, MICHNIK], democrat={"Gdansk": 1})
    drive(game, action_round(game), [KOHL, "event"])
    assert [e["text"] for e in logs(game, "vp")] == [
        "VP -3 (#99 Ligachev); now -3",
        "VP +2 (#87 Kohl Proposes Reunification); now -1"]
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["removed"] == [LIGACHEV, KOHL]
    game.state["phasing"] = D
    drive(game, action_round(game), [MICHNIK, "place", "Gdansk"])
    assert game.state["vp"] == -1 and sp(game, D, "Gdansk") == 2


def test_ligachev_vp_come_before_the_card_so_they_can_end_the_game(events):
    """#99 / ruling R53 / 10.1: at -17 the 3 VP take the Communist to -20
    the instant the Democrat has chosen to play Kohl as an event: the game
    ends before Kohl's 2 VP."""
    game = ligachev(events, [KOHL], vp=-17)
    with pytest.raises(GameOver) as over:
        drive(game, action_round(game), [KOHL, "event"])
    assert (over.value.winner, over.value.how) == (C, "automatic_victory")
    assert game.state["vp"] == -20 and KOHL not in game.state["events_played"]


def test_ligachev_is_avoided_by_gorbachev_as_an_event(events):
    """#99: the Democrat plays Gorbachev Charms the West as an event in his
    next round: no VP change; the watch ends (the card leaves the game) and
    Gorbachev's own event happens (2 Communist SPs removed)."""
    game = ligachev(events, [GORBACHEV], communist={"Warszawa": 2})
    drive(game, action_round(game), [GORBACHEV, "event"])
    assert game.state["vp"] == 0 and logs(game, "vp") == []
    assert sp(game, C, "Warszawa") == 0
    assert game.state["effects"] == [] and game.state["removed"] == [LIGACHEV]
    assert game.state["discard"] == [GORBACHEV]


def test_ligachev_gorbachev_for_ops_still_costs_three(events):
    """#99: only Gorbachev played AS AN EVENT avoids the loss; for Ops it
    costs 3 VP like any other card."""
    game = ligachev(events, [GORBACHEV], democrat={"Gdansk": 1})
    drive(game, action_round(game), [GORBACHEV, "place", "Gdansk", "Gdansk", "Gdansk",
                                     "Gdansk"])
    assert game.state["vp"] == -3 and sp(game, D, "Gdansk") == 5
    assert game.state["removed"] == [LIGACHEV] and game.state["discard"] == [GORBACHEV]


def test_ligachev_gorbachev_blocked_by_breakaway_cannot_save_him(events):
    """#99 with #84: after Breakaway Baltic Republics Gorbachev is no
    playable event, so the Democrat can only use it for Ops: -3 VP."""
    game = ligachev(events, [GORBACHEV], communist={"Warszawa": 1})
    game.state["events_played"] += [SAJUDIS, BALTIC_WAY, BREAKAWAY]
    seen = []
    drive(game, action_round(game), [GORBACHEV, "check", "stop"], seen)
    assert seen[1].options == OPS_USES
    assert game.state["vp"] == -3 and game.state["removed"] == [LIGACHEV]


def test_ligachev_a_round_without_a_card_costs_three(events):
    """#99 / ruling R53: a Democrat with an empty hand forfeits his next
    round (4.5.2); he has not played Gorbachev as an event: -3 VP."""
    game = ligachev(events, [])
    drive(game, action_round(game))
    assert texts(game, "forfeit") == ["democrat has no card and forfeits action round 1"]
    assert game.state["vp"] == -3 and game.state["removed"] == [LIGACHEV]


def test_ligachev_triggered_by_democrat_ops_watches_his_following_round(events):
    """5.2 / #99: the Democrat plays Ligachev for Ops (event after): the
    card he is playing is not his "next" round; the watch starts with his
    following round, where Michnik for Ops costs 3 VP."""
    game = late(events, democrat={"Gdansk": 1}, hands={D: [LIGACHEV, MICHNIK]}, phasing=D)
    drive(game, action_round(game), [LIGACHEV, "place", "after", "Gdansk", "Gdansk", "Gdansk"])
    assert game.state["vp"] == 0 and game.state["display"] == [LIGACHEV]
    game.state["phasing"] = D
    drive(game, action_round(game), [MICHNIK, "place", "Gdansk"])
    assert game.state["vp"] == -3 and sp(game, D, "Gdansk") == 5
    assert game.state["removed"] == [LIGACHEV] and game.state["discard"] == [MICHNIK]


# ============================================================= #100 Stand Fast
def test_stand_fast_minus_one_on_checks_against_the_players_controlled_spaces(events):
    """#100 played by the Communist: for the rest of the turn the Democrat's
    support checks against Communist-controlled spaces get -1. Control is
    judged at each check: the first check on Warszawa (C 3, controlled)
    gets -1 and leaves it uncontrolled (C 2), so the second one does not."""
    game = late(events, communist={"Warszawa": 3}, hands={C: [STAND_FAST], D: [KOHL]})
    play(game, C, STAND_FAST, ["event"])
    assert game.state["display"] == [STAND_FAST] and effect_cards(game) == [STAND_FAST]
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"], effect["until"]) == (
        "check_modifier", C, "end_of_turn")
    game.state["phasing"] = D
    dice = fix_dice(game, [5, 4])
    play(game, D, KOHL, ["check", "Warszawa", "Warszawa"])
    assert texts(game, "check") == [
        "democrat support check in Warszawa: roll 5 +3 Ops -1 lasting effects = 7 vs 6: "
        "removes 1, adds 0",
        "democrat support check in Warszawa: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0"]
    assert sp(game, C, "Warszawa") == 1 and not dice
    assert game.state["events_played"] == [STAND_FAST] and game.state["discard"] == [KOHL]


def test_stand_fast_for_the_democrat_shields_his_spaces_only(events):
    """#100 is neutral: played by the Democrat, the Communist's checks
    against Democrat-controlled Gdansk get -1, those against uncontrolled
    Krakow do not, and the Democrat's own checks are unaffected."""
    game = late(events, democrat={"Gdansk": 3, "Krakow": 1}, communist={"Dresden": 4},
                hands={D: [STAND_FAST, KOHL], C: [BETRAYAL]}, phasing=D)
    play(game, D, STAND_FAST, ["event"])
    dice = fix_dice(game, [4, 4, 1])
    play(game, C, BETRAYAL, ["check", "Gdansk", "Krakow"])
    play(game, D, KOHL, ["check", "Dresden", "stop"])
    assert texts(game, "check") == [
        "communist support check in Gdansk: roll 4 +3 Ops -1 lasting effects = 6 vs 6: fails",
        "communist support check in Krakow: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0",
        "democrat support check in Dresden: roll 1 +3 Ops = 4 vs 8: fails"]
    assert not dice and sp(game, D, "Krakow") == 0


def test_stand_fast_for_ops_has_no_event(events):
    """R17 / 5.2: a neutral event does not happen when its card is played
    for Operations: no order question, no effect; the card is discarded,
    not removed."""
    game = late(events, communist={"Warszawa": 1}, hands={C: [STAND_FAST]})
    seen = []
    play(game, C, STAND_FAST, ["place", "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 3
    assert game.state["effects"] == [] and game.state["discard"] == [STAND_FAST]
    assert game.state["removed"] == [] and game.state["events_played"] == []


# ================================================================== #101 Elena
def tyrant_gone(events, **kw):
    """The Tyrant is Gone has taken effect (The Crowd Turns Against
    Ceausescu played earlier and over): 4 Communist SPs out of Cluj-Napoca,
    the Ceausescus flee to Craiova, and Elena and Massacre in Timisoara are
    cancelled."""
    game = late(events, **kw)
    game.state["events_played"].append(CROWD)
    play(game, D, TYRANT, ["event", "Craiova"])
    assert ELENA in game.state["cancelled"] and MASSACRE in game.state["cancelled"]
    return game


def test_elena_has_no_effect_after_the_tyrant_is_gone(events):
    """#101 / 5.2 example 5 / ruling R43: after The Tyrant is Gone, Elena
    may still be played as an event but does nothing: no SPs in
    Cluj-Napoca, no lasting effect; it counts as played and is removed."""
    game = tyrant_gone(events, democrat={"Timisoara": 1}, communist={"Cluj-Napoca": 5},
                       hands={C: [ELENA]})
    assert sp(game, C, "Cluj-Napoca") == 1
    game.state["phasing"] = C
    play(game, C, ELENA, ["event"])
    assert texts(game, "no_effect") == ["#101 Elena has no effect now (5.2)"]
    assert sp(game, C, "Cluj-Napoca") == 1 and effect_cards(game) == [TYRANT, TYRANT]
    assert ELENA in game.state["removed"] and ELENA in game.state["events_played"]


def test_elena_for_democrat_ops_after_the_tyrant_is_gone_is_played_and_removed(events):
    """5.2 EXAMPLE 5: the Democrat plays Elena for its 1 Op after The Tyrant
    is Gone took effect; the Communist's event has no effect, yet it is
    considered played and the card is removed from the game."""
    game = tyrant_gone(events, democrat={"Timisoara": 1}, communist={"Cluj-Napoca": 4},
                       hands={D: [ELENA]})
    seen = []
    play(game, D, ELENA, ["place", "after", "Timisoara"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("place", D)]
    assert texts(game, "no_effect") == ["#101 Elena has no effect now (5.2)"]
    assert sp(game, C, "Cluj-Napoca") == 0 and sp(game, D, "Timisoara") == 2
    assert ELENA in game.state["removed"] and ELENA not in game.state["discard"]
    assert ELENA in game.state["events_played"] and ELENA not in effect_cards(game)


def test_elena_still_works_while_the_tyrant_waits(events):
    """7.6.4: while The Tyrant is Gone only sits in front of the Democrat
    (The Crowd Turns Against Ceausescu still pending), Elena takes place in
    full."""
    game = late(events, communist={"Cluj-Napoca": 1}, hands={D: [CROWD, TYRANT], C: [ELENA]},
                phasing=D)
    play(game, D, CROWD, ["event"])
    play(game, D, TYRANT, ["event"])
    assert game.state["cancelled"] == []
    play(game, C, ELENA, ["event"])
    assert sp(game, C, "Cluj-Napoca") == 3 and logs(game, "no_effect") == []
    assert effect_cards(game) == [CROWD, TYRANT, ELENA]


def test_elena_in_effect_is_cancelled_when_the_tyrant_is_gone(events):
    """#101 / #97: The Tyrant is Gone cancels Elena: her -1 ends at once
    (the card leaves the game), so the Democrat's next Romanian check is
    unmodified."""
    game = late(events, democrat={"Timisoara": 1}, communist={"Cluj-Napoca": 5, "Iasi": 2},
                hands={C: [ELENA], D: [TYRANT, KOHL]})
    play(game, C, ELENA, ["event"])
    game.state["events_played"].append(CROWD)
    play(game, D, TYRANT, ["event", "Craiova"])
    assert sp(game, C, "Cluj-Napoca") == 3
    assert effect_cards(game) == [TYRANT, TYRANT] and ELENA in game.state["removed"]
    assert texts(game, "effect_ends")[-1] == "#101 Elena is no longer in effect"
    fix_dice(game, [4])
    play(game, D, KOHL, ["check", "Iasi", "stop"])
    assert texts(game, "check") == [
        "democrat support check in Iasi: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0"]


def test_elena_triggered_by_democrat_ops_before_hits_his_own_checks(events):
    """5.2: the Democrat plays Elena for its 1 Op as checks with the
    Communist's event first: Cluj-Napoca gets 2 Communist SPs and the -1
    already applies to the Democrat's check in Timisoara; the card waits on
    display until the end of the turn."""
    game = late(events, communist={"Timisoara": 2}, hands={D: [ELENA]}, phasing=D)
    dice = fix_dice(game, [6])
    seen = []
    play(game, D, ELENA, ["check", "before", "Timisoara", "stop"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("check", D), ("check", D)]
    assert texts(game, "check") == [
        "democrat support check in Timisoara: roll 6 +1 Ops -1 lasting effects = 6 vs 6: fails"]
    assert sp(game, C, "Cluj-Napoca") == 2 and not dice
    assert game.state["display"] == [ELENA] and game.state["removed"] == []


# ============================================== #102 National Salvation Front
@pytest.mark.parametrize(("country", "scoring", "scorer", "board"), [
    ("Bulgaria", BULGARIA_SCORING, C,
     {"democrat": {"Sofia": 3}, "communist": {"Ruse": 3, "Varna": 3}}),
    ("Romania", ROMANIA_SCORING, D,
     {"democrat": {"Timisoara": 3}, "communist": {"Bucuresti": 3, "Brasov": 3}}),
])
def test_national_salvation_front_skips_poland_then_takes_two_in_the_balkans(
        events, country, scoring, scorer, board):
    """#102 / 8.1.2 / B.7.3: a Power Struggle in Poland does not use it up;
    at the next Balkan one (Romania or Bulgaria, whoever played the Scoring
    card), after the deal, the Communist takes 2 random Power Struggle cards
    from the Democrat's hand as dealt; then the card leaves the game."""
    game = late(events, hands={C: [NSF]}, **board)
    play(game, C, NSF, ["event"])
    # Poland: nobody controls a space, nobody has a card: the Democrat, who
    # played the Scoring card, loses (ruling R22); VP roll 1: no VP; the
    # Communist keeps Power (-3).
    dice = fix_dice(game, [1, 1])
    play(game, D, POLAND_SCORING, ["no"])
    assert not dice and logs(game, "ps_take") == []
    assert game.state["display"] == [NSF] and effect_cards(game) == [NSF]
    move_card(game, scoring, ("hand", scorer))
    decision = run_until(play_card(game, scorer, scoring))
    assert (decision.kind, decision.player) == ("ps_raise", scorer)
    ps = game.state["ps"]
    assert ps["country"] == country
    assert (len(ps["dealt"][D]), len(ps["dealt"][C])) == (6, 8)
    assert (len(ps["hands"][D]), len(ps["hands"][C])) == (4, 10)
    taken = [c for c in ps["hands"][C] if c not in ps["dealt"][C]]
    assert len(taken) == 2 and set(taken) <= set(ps["dealt"][D])
    assert texts(game, "ps_take") == [
        "communist takes 2 random Power Struggle card(s) from the democrat"]
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["removed"] == [NSF]


def test_national_salvation_front_and_roundtable_talks_swap_cards_as_dealt(events):
    """#102 with #17 / 8.1.2 / ruling R21: both transfers apply at the same
    Balkan Power Struggle; each victim's 2 random cards come from his hand
    as dealt, so no card taken by one side is passed back; both cards then
    leave the display (Roundtable Talks to the discards, National Salvation
    Front out of the game)."""
    game = late(events, democrat={"Sofia": 3}, communist={"Ruse": 3, "Varna": 3},
                hands={D: [ROUNDTABLE], C: [NSF, BULGARIA_SCORING]})
    play(game, D, ROUNDTABLE, ["event"])
    play(game, C, NSF, ["event"])
    decision = run_until(play_card(game, C, BULGARIA_SCORING))
    assert (decision.kind, decision.player) == ("ps_raise", C)
    ps = game.state["ps"]
    assert (len(ps["hands"][D]), len(ps["hands"][C])) == (6, 8)
    to_democrat = [c for c in ps["hands"][D] if c not in ps["dealt"][D]]
    to_communist = [c for c in ps["hands"][C] if c not in ps["dealt"][C]]
    assert len(to_democrat) == 2 and set(to_democrat) <= set(ps["dealt"][C])
    assert len(to_communist) == 2 and set(to_communist) <= set(ps["dealt"][D])
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["discard"] == [ROUNDTABLE] and game.state["removed"] == [NSF]


def test_national_salvation_front_triggered_by_democrat_ops(events):
    """5.2: the Democrat plays #102 for Ops; the Communist's event happens
    and the card goes on display instead of the discard pile."""
    game = late(events, democrat={"Gdansk": 1}, hands={D: [NSF]}, phasing=D)
    play(game, D, NSF, ["place", "after", "Gdansk", "Gdansk", "Gdansk"])
    assert game.state["display"] == [NSF] and effect_cards(game) == [NSF]
    assert game.state["discard"] == [] and sp(game, D, "Gdansk") == 4


# ===================================================== #103 Government Resigns
def test_government_resigns_clears_one_uncontrolled_elite_space(events):
    """#103: the Democrat chooses ONE Elite space controlled by neither
    player and holding Communist SPs (Dresden, Cluj-Napoca; not
    Communist-controlled Plzen and Szombathely, not Democrat-controlled
    Stara Zagora, not empty Bydgoszcz); every Communist SP there goes."""
    game = late(events, democrat={"Cluj-Napoca": 1, "Stara Zagora": 4},
                communist={"Dresden": 2, "Plzen": 5, "Cluj-Napoca": 3, "Szombathely": 4},
                hands={D: [GOVERNMENT_RESIGNS]}, phasing=D)
    seen = []
    play(game, D, GOVERNMENT_RESIGNS, ["event", "Cluj-Napoca"], seen)
    assert kinds(seen) == [("use", D), ("space", D)]
    assert seen[1].options == ids("Dresden", "Cluj-Napoca")
    got = {n: sp(game, C, n) for n in ["Dresden", "Plzen", "Cluj-Napoca", "Szombathely"]}
    assert got == {"Dresden": 2, "Plzen": 5, "Cluj-Napoca": 0, "Szombathely": 4}
    assert sp(game, D, "Cluj-Napoca") == 1 and game.state["removed"] == [GOVERNMENT_RESIGNS]


def test_government_resigns_with_one_candidate_needs_no_choice(events):
    """#103: Dresden is the only uncontrolled Elite space with Communist
    SPs: it is cleared without a question."""
    game = late(events, communist={"Dresden": 3, "Plzen": 4},
                hands={D: [GOVERNMENT_RESIGNS]}, phasing=D)
    seen = []
    play(game, D, GOVERNMENT_RESIGNS, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert (sp(game, C, "Dresden"), sp(game, C, "Plzen")) == (0, 4)


def test_government_resigns_with_no_candidate_is_still_played(events):
    """#103 when every Elite space with Communist SPs is controlled: nothing
    happens; the event counts as played (ruling R43)."""
    game = late(events, communist={"Plzen": 4}, hands={D: [GOVERNMENT_RESIGNS]}, phasing=D)
    play(game, D, GOVERNMENT_RESIGNS, ["event"])
    assert sp(game, C, "Plzen") == 4 and logs(game, "sp") == []
    assert game.state["removed"] == [GOVERNMENT_RESIGNS]
    assert game.state["events_played"] == [GOVERNMENT_RESIGNS]


# ================================================ #105 Public Against Violence
def test_public_against_violence_kosice_presov_then_a_plus_two_bratislava_check(events):
    """#105: 2 Democratic SPs in Kosice (even Communist-controlled: no cost,
    ruling R36) and 2 in Presov, then ONE support check against Bratislava
    (the only target offered, not Brno) with the card's 3 Ops and +2."""
    game = late(events, communist={"Kosice": 4, "Bratislava": 3, "Brno": 2},
                hands={D: [PAV]}, phasing=D)
    dice = fix_dice(game, [2])
    seen = []
    play(game, D, PAV, ["event", "Bratislava"], seen)
    assert kinds(seen) == [("use", D), ("check", D)]
    assert seen[1].options == [sid("Bratislava"), "stop"]
    assert (sp(game, D, "Kosice"), sp(game, D, "Presov"), sp(game, C, "Kosice")) == (2, 2, 4)
    assert texts(game, "check") == [
        "democrat support check in Bratislava: roll 2 +3 Ops +2 event bonus = 7 vs 6: "
        "removes 1, adds 0"]
    assert sp(game, C, "Bratislava") == 2 and sp(game, C, "Brno") == 2
    assert not dice and game.state["removed"] == [PAV]


def test_public_against_violence_without_communists_in_bratislava(events):
    """#105: no Communist SP in Bratislava, so no check can be made; the
    SPs are placed and the event counts as played."""
    game = late(events, communist={"Brno": 2}, hands={D: [PAV]}, phasing=D)
    seen = []
    play(game, D, PAV, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert (sp(game, D, "Kosice"), sp(game, D, "Presov")) == (2, 2)
    assert texts(game, "no_target") == ["democrat has no legal support check target"]
    assert game.state["removed"] == [PAV] and game.state["events_played"] == [PAV]


# ===================================== #106 Social Democratic Platform Adopted
def test_social_democratic_platform_needs_democratic_power(events):
    """#106 requires the Democrat to hold Power in a country (7.1)."""
    game = late(events, hands={C: [SDPA]})
    assert uses(game, C, SDPA) == OPS_USES
    game.state["power"]["Hungary"] = D
    assert uses(game, C, SDPA) == [*OPS_USES, "event"]


def test_social_democratic_platform_two_sps_and_one_check_in_a_democratic_country(events):
    """#106: the Communist chooses a country where the Democrat holds Power
    (Hungary), places 2 Communist SPs there (his choice of spaces) and
    makes ONE support check there with the card's 3 Ops (Gdansk, in
    Poland, is not offered)."""
    game = late(events, democrat={"Budapest": 3, "Szeged": 2, "Gdansk": 2}, hands={C: [SDPA]})
    game.state["power"].update({"Hungary": D, "Poland": D})
    dice = fix_dice(game, [4])
    seen = []
    play(game, C, SDPA, ["event", "Hungary", "Budapest", "Pecs", "Budapest"], seen)
    assert kinds(seen) == [("use", C), ("country", C), ("space", C), ("space", C), ("check", C)]
    assert seen[1].options == ["Poland", "Hungary"]
    assert seen[4].options == [*ids("Budapest", "Szeged"), "stop"]
    assert seen[4].prompt == "communist: support check 1 of 1 (3 Ops)"
    assert texts(game, "check") == [
        "communist support check in Budapest: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0"]
    assert (sp(game, C, "Budapest"), sp(game, C, "Pecs"), sp(game, D, "Budapest")) == (1, 1, 2)
    assert not dice and game.state["removed"] == [SDPA]


def test_social_democratic_platform_triggered_by_democrat_ops(events):
    """5.2: the Democrat plays #106 for Ops, event after; the Communist
    makes its choices (Hungary, the only Democratic country, without a
    question) and stops his check."""
    game = late(events, democrat={"Budapest": 1}, hands={D: [SDPA]}, phasing=D)
    game.state["power"]["Hungary"] = D
    fix_dice(game, [])
    seen = []
    play(game, D, SDPA, ["place", "after", "Budapest", "Budapest", "Budapest",
                         "Szeged", "Szeged", "stop"], seen)
    assert kinds(seen) == ([("use", D), ("event_order", D)] + [("place", D)] * 3
                           + [("space", C), ("space", C), ("check", C)])
    assert sp(game, D, "Budapest") == 4 and sp(game, C, "Szeged") == 2
    assert game.state["removed"] == [SDPA]


# =================================================== #107 Massacre in Timisoara
def test_massacre_in_timisoara_needs_laszlo_tokes(events):
    """#107 requires Laszlo Tokes played as an event (7.1)."""
    game = late(events, hands={C: [MASSACRE]})
    assert uses(game, C, MASSACRE) == OPS_USES
    game.state["events_played"].append(TOKES)
    assert uses(game, C, MASSACRE) == [*OPS_USES, "event"]


def test_massacre_in_timisoara_two_plus_two_checks_in_romania(events):
    """#107: 2 Communist support checks in Romania (Szeged, in Hungary, is
    not offered), each with the card's 3 Ops and +2."""
    game = late(events, democrat={"Timisoara": 3, "Iasi": 2, "Szeged": 2},
                hands={C: [MASSACRE]})
    game.state["events_played"].append(TOKES)
    dice = fix_dice(game, [3, 4])
    seen = []
    play(game, C, MASSACRE, ["event", "Timisoara", "Iasi"], seen)
    assert kinds(seen) == [("use", C), ("check", C), ("check", C)]
    assert seen[1].options == [*ids("Timisoara", "Iasi"), "stop"]
    assert texts(game, "check") == [
        "communist support check in Timisoara: roll 3 +3 Ops +2 event bonus = 8 vs 6: "
        "removes 2, adds 0",
        "communist support check in Iasi: roll 4 +3 Ops +2 event bonus = 9 vs 6: "
        "removes 2, adds 1"]
    got = (sp(game, D, "Timisoara"), sp(game, D, "Iasi"), sp(game, C, "Iasi"),
           sp(game, D, "Szeged"))
    assert got == (1, 0, 1, 2) and not dice and game.state["removed"] == [MASSACRE]


def test_massacre_in_timisoara_has_no_effect_after_the_tyrant_is_gone(events):
    """#107 / ruling R43: once The Tyrant is Gone has taken effect, the
    event may still be played but does nothing (no check is asked for); it
    counts as played and the card is removed."""
    game = tyrant_gone(events, democrat={"Timisoara": 3}, communist={"Cluj-Napoca": 4},
                       hands={C: [MASSACRE]})
    game.state["events_played"].append(TOKES)
    game.state["phasing"] = C
    seen = []
    play(game, C, MASSACRE, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert texts(game, "no_effect") == ["#107 Massacre in Timisoara has no effect now (5.2)"]
    assert sp(game, D, "Timisoara") == 3 and logs(game, "check") == []
    assert MASSACRE in game.state["removed"] and MASSACRE in game.state["events_played"]


def test_massacre_in_timisoara_for_democrat_ops_before_tokes_is_discarded(events):
    """5.2 / ruling R43: before Laszlo Tokes the Democrat's Ops on #107 give
    the Communist no event; the card goes to the discard pile."""
    game = late(events, democrat={"Timisoara": 1}, hands={D: [MASSACRE]}, phasing=D)
    seen = []
    play(game, D, MASSACRE, ["place", "Timisoara", "Timisoara", "Timisoara"], seen)
    assert kinds(seen) == [("use", D)] + [("place", D)] * 3
    assert game.state["discard"] == [MASSACRE] and game.state["removed"] == []
    assert game.state["events_played"] == []


# =================================================== #108 Army Backs Revolution
def test_army_backs_revolution_ends_securitate_now(events):
    """#108: Securitate, in effect, is cancelled: its lasting effect ends at
    once and its asterisk card leaves the display for good (7.2)."""
    game = late(events, hands={C: [SECURITATE], D: [ARMY]})
    play(game, C, SECURITATE, ["event"])
    assert effect_cards(game) == [SECURITATE] and game.state["display"] == [SECURITATE]
    play(game, D, ARMY, ["event"])
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["cancelled"] == [SECURITATE]
    assert texts(game, "effect_ends") == ["#70 Securitate is no longer in effect"]
    assert game.state["removed"] == [SECURITATE, ARMY]
    assert game.state["events_played"] == [SECURITATE, ARMY]


def test_securitate_played_after_army_backs_revolution_has_no_effect(events):
    """#108: Securitate played later does nothing: no lasting effect, no
    display; its event counts as played and the card is removed (5.2
    example 5, ruling R43)."""
    game = late(events, hands={C: [SECURITATE], D: [ARMY]}, phasing=D)
    play(game, D, ARMY, ["event"])
    assert game.state["removed"] == [ARMY] and game.state["cancelled"] == [SECURITATE]
    play(game, C, SECURITATE, ["event"])
    assert texts(game, "no_effect") == ["#70 Securitate has no effect now (5.2)"]
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["removed"] == [ARMY, SECURITATE]


@pytest.mark.parametrize("army", [False, True])
def test_army_backs_revolution_stops_the_securitate_reveal(events, army):
    """#70 / #108: with Securitate in effect the Democrat reveals his Power
    Struggle hand in Romania after the deal; once Army Backs Revolution has
    happened he does not."""
    game = late(events, democrat={"Timisoara": 3}, communist={"Bucuresti": 3},
                hands={C: [SECURITATE, ROMANIA_SCORING], D: [ARMY]})
    play(game, C, SECURITATE, ["event"])
    if army:
        play(game, D, ARMY, ["event"])
    decision = run_until(play_card(game, C, ROMANIA_SCORING))
    assert (decision.kind, decision.player) == ("ps_raise", C)
    assert game.state["ps"]["revealed"][D] is not army
    assert len(logs(game, "ps_reveal")) == (0 if army else 1)


def test_army_backs_revolution_triggered_by_communist_ops(events):
    """5.2: the Communist plays #108 for Ops; the Democrat's event cancels
    Securitate for the rest of the game and the card is removed."""
    game = late(events, communist={"Warszawa": 1}, hands={C: [ARMY]})
    play(game, C, ARMY, ["place", "before", "Warszawa", "Warszawa", "Warszawa"])
    assert game.state["cancelled"] == [SECURITATE] and game.state["removed"] == [ARMY]
    assert sp(game, C, "Warszawa") == 4


# ============================================================ #110 Malta Summit
def test_malta_summit_is_no_event_after_kremlin_coup(events):
    """#110 may not be played as an event after Kremlin Coup! (7.1, B.4.1 i)."""
    game = late(events, hands={D: [MALTA]}, phasing=D)
    assert uses(game, D, MALTA) == [*OPS_USES, "event"]
    game.state["events_played"] += [SAJUDIS, BALTIC_WAY, BREAKAWAY, KREMLIN_COUP]
    assert uses(game, D, MALTA) == OPS_USES


def test_malta_summit_baltic_events_help_the_roll_then_vp_and_elite_purge(events):
    """#110: die 2, +1 each for Sajudis and The Baltic Way (occurred) = 4:
    Democrat +3 VP and he removes 5 Communist SPs from Elite spaces, split
    as he likes (Dresden emptied, then Cluj-Napoca; Warszawa is no Elite
    space)."""
    game = late(events, communist={"Dresden": 3, "Plzen": 2, "Cluj-Napoca": 4, "Warszawa": 3},
                hands={D: [MALTA]}, phasing=D)
    game.state["events_played"] += [SAJUDIS, BALTIC_WAY]
    dice = fix_dice(game, [2])
    seen = []
    play(game, D, MALTA, ["event", "Dresden", "Dresden", "Dresden", "Cluj-Napoca",
                          "Cluj-Napoca"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 5
    assert seen[1].options == ids("Dresden", "Plzen", "Cluj-Napoca")
    assert seen[4].options == ids("Plzen", "Cluj-Napoca")
    assert texts(game, "roll") == ["democrat rolls 2 (#110 Malta Summit)"]
    assert texts(game, "roll_total") == ["democrat's roll for #110 Malta Summit: 2 +2 = 4"]
    got = {n: sp(game, C, n) for n in ["Dresden", "Plzen", "Cluj-Napoca", "Warszawa"]}
    assert got == {"Dresden": 0, "Plzen": 2, "Cluj-Napoca": 2, "Warszawa": 3}
    assert game.state["vp"] == 3 and not dice and game.state["removed"] == [MALTA]


def test_malta_summit_all_three_baltic_events_make_a_one_succeed(events):
    """#110: with Sajudis, The Baltic Way and Breakaway Baltic Republics
    all occurred a roll of 1 becomes 4; fewer than 5 Communist SPs in Elite
    spaces: all of them go."""
    game = late(events, communist={"Dresden": 2, "Plzen": 1}, hands={D: [MALTA]}, phasing=D)
    game.state["events_played"] += [SAJUDIS, BALTIC_WAY, BREAKAWAY]
    dice = fix_dice(game, [1])
    play(game, D, MALTA, ["event", "Dresden", "Dresden"])
    assert texts(game, "roll_total")[-1] == "democrat's roll for #110 Malta Summit: 1 +3 = 4"
    assert (sp(game, C, "Dresden"), sp(game, C, "Plzen")) == (0, 0)
    assert game.state["vp"] == 3 and not dice


def test_malta_summit_modified_three_fails(events):
    """#110: no Baltic event has occurred and the die shows 3: no VP, no
    removal; the event was played (the card leaves the game)."""
    game = late(events, communist={"Dresden": 3}, hands={D: [MALTA]}, phasing=D)
    dice = fix_dice(game, [3])
    seen = []
    play(game, D, MALTA, ["event"], seen)
    assert kinds(seen) == [("use", D)] and not dice
    assert texts(game, "roll")[-1] == "democrat rolls 3 (#110 Malta Summit)"  # no +0 shown
    assert game.state["vp"] == 0 and sp(game, C, "Dresden") == 3
    assert game.state["removed"] == [MALTA] and game.state["events_played"] == [MALTA]


def test_malta_summit_for_communist_ops_after_kremlin_coup_is_discarded(events):
    """5.2 / ruling R43: after Kremlin Coup! the Communist's Ops on #110 give
    the Democrat no event; the card is discarded, not removed."""
    game = late(events, communist={"Warszawa": 1}, hands={C: [MALTA]})
    game.state["events_played"] += [SAJUDIS, BALTIC_WAY, BREAKAWAY, KREMLIN_COUP]
    seen = []
    play(game, C, MALTA, ["place", "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 3
    assert game.state["discard"] == [MALTA] and game.state["removed"] == []
