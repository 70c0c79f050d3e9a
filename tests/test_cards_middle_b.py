"""Card events, Middle Year batch B: #67-#81 of cards/middle.card.

Every test plays a card through the engine as a player would: an exact
position (``position(..., turn=4)``: the Middle Year cards are in the game
from turn 4; ``turn=8`` where a Late Year card takes part), the card put in a
hand, ``play_card`` driven with scripted answers and fixed dice, then the
exact resulting state (SPs, VP, hands, piles, lasting effects, log). Power
Struggles are started with a Scoring card and a stacked Power Struggle deck
(``stack_ps_deck``). Card texts: shared/reference/cards.yaml and the Japanese
card texts; rules 5.2 (opponent events), 5.3 (random discards), 6.1-6.2
(Operations), 7.1-7.4 (events), 8.0-8.4 (Power Struggles), 10.1 (automatic
victory); rulings: docs/rulings.md and rules-diff B.
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
from helpers import DATA, fix_dice, logs, sid, sp

from dof.engine.game import Driver
from dof.engine.rules.actions import play_card
from dof.engine.rules.decisions import GameOver

C, D = "communist", "democrat"

# Card numbers (side, printed Ops, asterisk).
POLAND_SCORING = 22       # Scoring
SAJUDIS = 33              # Democrat 2 *, red title: opens The Baltic Way
REFORMER = 67             # neutral 2 *, requires a lead on the Tiananmen track
KLAUS_KOMAREK = 68        # Democrat 3 *
SECURITATE = 70           # Communist 2 *, lasting until cancelled
KISS_OF_DEATH = 71        # Democrat 3 *
PEASANT_PARTIES = 72      # Democrat 3 *, lasting until the next Power Struggle
LASZLO_TOKES = 73         # Democrat 2 *, red title: opens Massacre in Timisoara
FRG_EMBASSIES = 74        # Democrat 3 *, lasting for the turn
EXIT_VISAS = 75           # Democrat 3 *
WARSAW_PACT = 76          # Communist 2 *
SAMIZDAT = 77             # Democrat 1 *
WORKERS_REVOLT = 78       # neutral 2 (no asterisk)
THIRD_WAY = 79            # Communist 2 *
BALTIC_WAY = 81           # Democrat 3 *, requires Sajudis; opens Breakaway Baltic Republics
BREAKAWAY = 84            # Democrat 4 *, Late Year, requires The Baltic Way
ROMANIA_SCORING = 95      # Scoring, Late Year
MASSACRE = 107            # Communist 3 *, Late Year, requires Laszlo Tokes
ARMY_BACKS = 108          # Democrat 3 *, Late Year: cancels Securitate

# Power Struggle hands (stack_ps_deck deals the scorer's hand first).
_STACK = ps_ids(
    "March 4", "Strike 4", "Strike 3", "March 3", "Petition 5", "Petition 6",
    "Strike 4", "Strike 3", "Petition 5", "Petition 6", "Strike 5", "Strike 6",
    "Strike 4", "Strike 3", "Petition 6", "Strike 6")
#: A hand with Marches and no Rally, leader or wild card.
PLAIN_HAND = _STACK[:6]
MARCH_4 = PLAIN_HAND[0]
#: Six cards that cannot match a March (no March, leader or wild card).
NO_MARCH = _STACK[6:12]
#: Four more such cards (for a player dealt 10).
NO_MARCH_MORE = _STACK[12:]


def ids(*names: str) -> list[int]:
    """Space ids by name, in the given order."""
    return [sid(n) for n in names]


def resume(run: Driver, decision, answers=()) -> None:
    """Answer ``decision`` (where ``run_until`` stopped) and every later
    decision of the same play from ``answers``, to the play's end."""
    script = list(answers)
    while decision is not None:
        assert script, f"no scripted answer for {decision.kind}"
        value = script.pop(0)
        assert value in decision.options, (value, decision.kind, decision.options)
        decision = run.send(value)
    assert not script, f"answers left unused: {script}"


def log_kinds(game) -> list[str]:
    """The kinds of the game log entries, in order."""
    return [e["kind"] for e in game.log]


# ===================================================== #67 Reformer Rehabilitated
@pytest.mark.parametrize("democrat_box, communist_box, offered", [
    (2, 1, True),    # strictly ahead
    (1, 1, False),   # level is not ahead (ruling R18)
    (0, 0, False),   # level at the start
    (1, 2, False),   # behind
])
def test_reformer_rehabilitated_needs_a_strict_lead_on_tiananmen(
        events, democrat_box, communist_box, offered):
    """#67 (7.1): playable as an event only by a player ahead of his opponent
    on the Tiananmen Square track; level markers are not ahead (ruling R18).
    Otherwise the silver card is only Ops."""
    game = position(events, hands={D: [REFORMER]}, phasing=D, turn=4)
    game.state["tiananmen"] = {D: democrat_box, C: communist_box}
    decision = run_until(play_card(game, D, REFORMER))
    ops = ["place", "check", "tiananmen"]
    assert decision.options == (ops + ["event"] if offered else ops)
    assert events.playable(game, REFORMER, D) is offered


def test_reformer_rehabilitated_replays_a_discarded_event_of_his_own(events):
    """#67: the player ahead picks one card of the discard pile, never a
    Scoring card, only one whose event can take place now (7.1: The Baltic
    Way without Sajudis cannot); its event happens at once, for him. The
    picked asterisk card then leaves the game, and so does #67."""
    game = position(events, communist={"Praha": 3}, hands={D: [REFORMER]}, phasing=D, turn=4)
    game.state["tiananmen"] = {D: 1, C: 0}
    discard(game, BALTIC_WAY, KLAUS_KOMAREK, POLAND_SCORING, THIRD_WAY)
    seen = []
    play(game, D, REFORMER, ["event", KLAUS_KOMAREK], seen)
    assert kinds(seen) == [("use", D), ("pick_card", D)]
    assert seen[1].options == [KLAUS_KOMAREK, THIRD_WAY]
    # Klaus and Komarek for the Democrat: 2 Communist SPs out of Praha, 2 Democratic in.
    assert (sp(game, C, "Praha"), sp(game, D, "Praha")) == (1, 2)
    assert texts(game, "event") == ["Event: #67 Reformer Rehabilitated for the democrat",
                                    "Event: #68 Klaus and Komarek for the democrat"]
    st = game.state
    assert st["discard"] == [BALTIC_WAY, POLAND_SCORING, THIRD_WAY]
    assert st["removed"] == [KLAUS_KOMAREK, REFORMER]
    assert st["events_played"] == [KLAUS_KOMAREK, REFORMER]


def test_reformer_rehabilitated_opponent_event_is_carried_out_by_the_opponent(events):
    """#67 / ruling R35: a picked event of the opponent's side is carried out
    by the opponent: the Democrat picks Warsaw Pact Summit and the Communist
    makes its choices (here "reformers": 4 SPs in spaces with no Democratic
    SP). The asterisk card leaves the game."""
    game = position(events, democrat={"Gdansk": 2}, hands={D: [REFORMER]}, phasing=D, turn=4)
    game.state["tiananmen"] = {D: 3, C: 2}
    discard(game, THIRD_WAY, WARSAW_PACT)
    seen = []
    play(game, D, REFORMER, ["event", WARSAW_PACT, 1, "Warszawa", "Warszawa", "Praha",
                             "Sofia"], seen)
    assert kinds(seen) == [("use", D), ("pick_card", D), ("option", C)] + [("space", C)] * 4
    assert sid("Gdansk") not in seen[3].options
    assert (sp(game, C, "Warszawa"), sp(game, C, "Praha"), sp(game, C, "Sofia")) == (2, 1, 1)
    assert sp(game, D, "Gdansk") == 2 and game.state["vp"] == 0
    assert game.state["discard"] == [THIRD_WAY]
    assert game.state["removed"] == [WARSAW_PACT, REFORMER]


def test_reformer_rehabilitated_neutral_card_for_its_player_goes_back_to_discard(events):
    """#67 with the Communist ahead: a neutral event picked is carried out by
    the player of #67 (ruling R35); Workers Revolt has no asterisk, so after
    its event it goes back to the discard pile. The single playable card is
    taken without a question."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 1}, hands={C: [REFORMER]}, turn=4)
    game.state["tiananmen"] = {D: 0, C: 1}
    game.state["power"]["Poland"] = D
    discard(game, POLAND_SCORING, WORKERS_REVOLT)
    dice = fix_dice(game, [4])
    seen = []
    play(game, C, REFORMER, ["event", "Gdansk"], seen)
    assert kinds(seen) == [("use", C), ("space", C)]
    assert seen[1].options == ids("Gdansk", "Krakow")  # the Polish Worker spaces he holds SPs in
    assert (sp(game, D, "Gdansk"), sp(game, C, "Gdansk")) == (0, 3) and not dice
    assert game.state["discard"] == [POLAND_SCORING, WORKERS_REVOLT]
    assert game.state["removed"] == [REFORMER]
    assert game.state["events_played"] == [WORKERS_REVOLT, REFORMER]


def test_reformer_rehabilitated_with_nothing_playable_in_the_discard_pile(events):
    """#67 / rulings R43, R50: with only a Scoring card and an event whose
    prerequisite is unmet in the discard pile, there is nothing to pick: the
    event ends there, yet it counts as played and the asterisk card leaves
    the game."""
    game = position(events, hands={D: [REFORMER]}, phasing=D, turn=4)
    game.state["tiananmen"] = {D: 1, C: 0}
    discard(game, POLAND_SCORING, BALTIC_WAY)
    seen = []
    play(game, D, REFORMER, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert texts(game, "event_ends") == [
        "#67 Reformer Rehabilitated: nothing to choose, so the rest does not happen"]
    assert game.state["discard"] == [POLAND_SCORING, BALTIC_WAY]
    assert game.state["removed"] == [REFORMER] and game.state["events_played"] == [REFORMER]


def test_reformer_rehabilitated_for_ops_has_no_event(events):
    """#67 is a silver card: played for Operations its event does not happen
    for the opponent (ruling R17), even though the opponent is ahead on the
    track; it is discarded like any card played for Ops."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [REFORMER]}, turn=4)
    game.state["tiananmen"] = {D: 2, C: 0}
    discard(game, KLAUS_KOMAREK)
    seen = []
    play(game, C, REFORMER, ["place", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C), ("place", C), ("place", C)]
    assert "event" not in seen[0].options
    assert sp(game, C, "Warszawa") == 3 and logs(game, "event") == []
    assert game.state["discard"] == [KLAUS_KOMAREK, REFORMER]
    assert game.state["removed"] == [] and game.state["events_played"] == []


# ============================================================ #68 Klaus and Komarek
def test_klaus_and_komarek_swaps_two_communist_sps_in_praha(events):
    """#68: remove 2 Communist SPs from Praha and add 2 Democratic SPs to
    Praha; nothing happens anywhere else; the asterisk card is removed."""
    game = position(events, democrat={"Praha": 1}, communist={"Praha": 4, "Brno": 2},
                    hands={D: [KLAUS_KOMAREK]}, phasing=D, turn=4)
    seen = []
    play(game, D, KLAUS_KOMAREK, ["event"], seen)
    assert kinds(seen) == [("use", D)]  # one space named: nothing to choose
    assert (sp(game, C, "Praha"), sp(game, D, "Praha")) == (2, 3)
    assert sp(game, C, "Brno") == 2
    assert game.state["removed"] == [KLAUS_KOMAREK] and game.state["discard"] == []
    assert game.state["events_played"] == [KLAUS_KOMAREK]


@pytest.mark.parametrize("communist, left", [(1, 0), (0, 0)])
def test_klaus_and_komarek_with_fewer_communist_sps_still_adds_two(events, communist, left):
    """#68: with fewer than 2 Communist SPs in Praha, what is there is removed
    (none may go below 0); the 2 Democratic SPs are added all the same."""
    game = position(events, communist={"Praha": communist}, hands={D: [KLAUS_KOMAREK]},
                    phasing=D, turn=4)
    play(game, D, KLAUS_KOMAREK, ["event"])
    assert (sp(game, C, "Praha"), sp(game, D, "Praha")) == (left, 2)
    assert game.state["removed"] == [KLAUS_KOMAREK]


def test_klaus_and_komarek_through_communist_ops(events):
    """5.2: the Communist plays #68 for Ops, the Democrat's event happens
    (here after the Ops): the Communist's new SP in Praha is among those
    removed; the card leaves the game."""
    game = position(events, communist={"Praha": 2}, hands={C: [KLAUS_KOMAREK]}, turn=4)
    seen = []
    play(game, C, KLAUS_KOMAREK, ["place", "after", "Praha", "Praha", "Praha"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("place", C)] * 3
    assert (sp(game, C, "Praha"), sp(game, D, "Praha")) == (3, 2)
    assert game.state["removed"] == [KLAUS_KOMAREK]
    assert game.state["events_played"] == [KLAUS_KOMAREK]


# ==================================================================== #70 Securitate
ROMANIA_BOARD = {"democrat": {"Timisoara": 3}, "communist": {"Bucuresti": 3}}


@pytest.mark.parametrize("scorer", [D, C])
def test_securitate_democrat_reveals_his_hand_after_the_romanian_deal(events, scorer):
    """#70 / B.7.5: at the start of a Romanian Power Struggle, after the deal,
    the Democrat shows his Power Struggle hand, whoever played the Scoring
    card; the Communist's hand stays hidden."""
    game = position(events, **ROMANIA_BOARD, hands={C: [SECURITATE], scorer: [ROMANIA_SCORING]},
                    turn=8)
    play(game, C, SECURITATE, ["event"])
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    decision = run_until(play_card(game, scorer, ROMANIA_SCORING))
    assert (decision.kind, decision.player) == ("ps_raise", scorer)
    ps = game.state["ps"]
    assert ps["revealed"] == {D: True, C: False}
    [reveal] = logs(game, "ps_reveal")
    assert reveal["player"] == D and reveal["cards"] == ps["hands"][D]
    assert len(ps["hands"][D]) == 6
    order = log_kinds(game)
    assert order.index("ps_reveal") > max(i for i, k in enumerate(order) if k == "ps_deal")


def test_securitate_works_at_every_romanian_struggle(events):
    """#70 "every" Power Struggle in Romania: the effect is not used up by
    the first one; the second Romanian struggle reveals again."""
    game = position(events, **ROMANIA_BOARD, hands={C: [SECURITATE], D: [ROMANIA_SCORING]},
                    turn=8)
    play(game, C, SECURITATE, ["event"])
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    fix_dice(game, [1, 3, 1, 3])  # Support Loss 0, VP roll 3: no Power (twice)
    play(game, D, ROMANIA_SCORING, ["no", "no", MARCH_4, "no"])
    assert game.state["ps"] is None and effect_cards(game) == [SECURITATE]
    assert game.state["discard"] == [ROMANIA_SCORING]
    play(game, D, ROMANIA_SCORING, ["no", "no", MARCH_4, "no"])
    assert [e["player"] for e in logs(game, "ps_reveal")] == [D, D]
    assert effect_cards(game) == [SECURITATE] and game.state["display"] == [SECURITATE]


def test_securitate_does_not_touch_other_countries_struggles(events):
    """#70 names Romania: in the Polish Power Struggle nobody reveals."""
    game = position(events, democrat={"Gdansk": 3}, communist={"Warszawa": 3},
                    hands={C: [SECURITATE], D: [POLAND_SCORING]}, turn=4)
    play(game, C, SECURITATE, ["event"])
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    decision = run_until(play_card(game, D, POLAND_SCORING))
    assert decision.kind == "ps_raise"
    assert game.state["ps"]["revealed"] == {D: False, C: False}
    assert logs(game, "ps_reveal") == [] and logs(game, "trigger") == []


def test_securitate_cancelled_by_army_backs_revolution(events):
    """#70 / #108 (7.2): Army Backs Revolution cancels Securitate: its effect
    ends, the asterisk card leaves the display for the removed pile, and the
    next Romanian Power Struggle is played with hidden hands."""
    game = position(events, **ROMANIA_BOARD,
                    hands={C: [SECURITATE], D: [ARMY_BACKS, ROMANIA_SCORING]}, turn=8)
    play(game, C, SECURITATE, ["event"])
    play(game, D, ARMY_BACKS, ["event"])
    st = game.state
    assert st["effects"] == [] and st["display"] == []
    assert st["removed"] == [SECURITATE, ARMY_BACKS] and st["cancelled"] == [SECURITATE]
    assert texts(game, "effect_ends") == ["#70 Securitate is no longer in effect"]
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    decision = run_until(play_card(game, D, ROMANIA_SCORING))
    assert decision.kind == "ps_raise" and st["ps"]["revealed"] == {D: False, C: False}
    assert logs(game, "ps_reveal") == []


def test_securitate_after_army_backs_revolution_has_no_effect(events):
    """#70 / ruling R43: played after Army Backs Revolution the event has no
    effect, yet counts as played: the asterisk card is removed, nothing goes
    on display, a Romanian struggle reveals nothing."""
    game = position(events, **ROMANIA_BOARD,
                    hands={D: [ARMY_BACKS, ROMANIA_SCORING], C: [SECURITATE]}, turn=8)
    play(game, D, ARMY_BACKS, ["event"])
    play(game, C, SECURITATE, ["event"])
    st = game.state
    assert texts(game, "no_effect") == ["#70 Securitate has no effect now (5.2)"]
    assert st["effects"] == [] and st["display"] == []
    assert st["removed"] == [ARMY_BACKS, SECURITATE]
    assert st["events_played"] == [ARMY_BACKS, SECURITATE]
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    run_until(play_card(game, D, ROMANIA_SCORING))
    assert st["ps"]["revealed"] == {D: False, C: False}


def test_securitate_through_democrat_ops(events):
    """5.2: the Democrat plays #70 for Ops; the Communist's lasting event
    happens (before the Ops here) and the card goes on display, not to a
    pile."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [SECURITATE]}, phasing=D, turn=4)
    seen = []
    play(game, D, SECURITATE, ["place", "before", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("place", D), ("place", D)]
    assert sp(game, D, "Gdansk") == 3
    assert game.state["display"] == [SECURITATE] and effect_cards(game) == [SECURITATE]
    assert game.state["effects"][0]["owner"] == C
    assert game.state["discard"] == [] and game.state["removed"] == []


# ================================================================== #71 Kiss of Death
def test_kiss_of_death_discarded_democrat_event_happens_for_the_democrat(events):
    """#71: the Communist discards a random card; a Democrat event on it that
    can take place happens at once for the Democrat (5.3). The asterisk card
    whose event happened leaves the game, as does #71."""
    game = position(events, communist={"Praha": 3}, hands={D: [KISS_OF_DEATH],
                                                           C: [KLAUS_KOMAREK]},
                    phasing=D, turn=4)
    seen = []
    play(game, D, KISS_OF_DEATH, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert texts(game, "discard") == ["communist discards #68 Klaus and Komarek"]
    assert (sp(game, C, "Praha"), sp(game, D, "Praha")) == (1, 2)
    st = game.state
    assert st["hands"][C] == [] and st["discard"] == []
    assert st["removed"] == [KLAUS_KOMAREK, KISS_OF_DEATH]
    assert st["events_played"] == [KLAUS_KOMAREK, KISS_OF_DEATH]


def test_kiss_of_death_discarded_neutral_event_is_the_democrats(events):
    """#71: a neutral (silver) event on the discarded card happens too, for
    the Democrat: he chooses the Workers Revolt space; the card has no
    asterisk and goes to the discard pile."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Brno": 3, "Leipzig": 1},
                    hands={D: [KISS_OF_DEATH], C: [WORKERS_REVOLT]}, phasing=D, turn=4)
    dice = fix_dice(game, [5])
    seen = []
    play(game, D, KISS_OF_DEATH, ["event", "Brno"], seen)
    assert kinds(seen) == [("use", D), ("space", D)]
    # Brno: 5 - 0 adjacent Communist-controlled spaces = 5: the revolt succeeds.
    assert (sp(game, C, "Brno"), sp(game, D, "Brno")) == (0, 3) and not dice
    assert game.state["discard"] == [WORKERS_REVOLT]
    assert game.state["removed"] == [KISS_OF_DEATH]


def test_kiss_of_death_discarded_communist_card_does_nothing_more(events):
    """#71: a Communist event on the discarded card does not happen; the card
    simply goes to the discard pile, asterisk or not (5.3)."""
    game = position(events, hands={D: [KISS_OF_DEATH], C: [THIRD_WAY]}, phasing=D, turn=4)
    play(game, D, KISS_OF_DEATH, ["event"])
    st = game.state
    assert st["vp"] == 0 and sp(game, C, "German Writers") == 0
    assert st["discard"] == [THIRD_WAY] and st["removed"] == [KISS_OF_DEATH]
    assert st["events_played"] == [KISS_OF_DEATH]
    assert texts(game, "event") == ["Event: #71 Kiss of Death for the democrat"]


def test_kiss_of_death_unplayable_democrat_event_is_only_discarded(events):
    """#71 / 7.1: a Democrat event whose prerequisite is unmet (The Baltic
    Way before Sajudis) cannot take place: the card is discarded, not
    removed."""
    game = position(events, hands={D: [KISS_OF_DEATH], C: [BALTIC_WAY]}, phasing=D, turn=4)
    play(game, D, KISS_OF_DEATH, ["event"])
    st = game.state
    assert st["vp"] == 0 and st["ussr"] == 0
    assert st["discard"] == [BALTIC_WAY] and st["removed"] == [KISS_OF_DEATH]
    assert st["events_played"] == [KISS_OF_DEATH]


def test_kiss_of_death_discard_is_random_and_asks_nobody(events):
    """#71: the card is chosen at random: no decision, exactly one of the
    Communist's cards goes."""
    hand = [THIRD_WAY, WARSAW_PACT, SECURITATE]
    game = position(events, hands={D: [KISS_OF_DEATH], C: hand}, phasing=D, turn=4)
    seen = []
    play(game, D, KISS_OF_DEATH, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    [gone] = game.state["discard"]
    assert gone in hand and sorted(game.state["hands"][C] + [gone]) == sorted(hand)
    assert game.state["removed"] == [KISS_OF_DEATH] and game.state["effects"] == []


@pytest.mark.parametrize("democrat_box, fires", [(1, True), (0, False)])
def test_kiss_of_death_discarded_reformer_fires_only_if_the_democrat_is_ahead(
        events, democrat_box, fires):
    """#71 + #67: a discarded neutral event must be able to take place for
    the Democrat (7.1): Reformer Rehabilitated fires only while he is ahead
    on the Tiananmen track; it then replays Klaus and Komarek from the
    discard pile for him. Level (ruling R18): Reformer is just discarded."""
    game = position(events, communist={"Praha": 3},
                    hands={D: [KISS_OF_DEATH], C: [REFORMER]}, phasing=D, turn=4)
    game.state["tiananmen"] = {D: democrat_box, C: 0}
    discard(game, KLAUS_KOMAREK)
    seen = []
    play(game, D, KISS_OF_DEATH, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    st = game.state
    if fires:
        assert (sp(game, C, "Praha"), sp(game, D, "Praha")) == (1, 2)
        assert st["discard"] == [] and st["removed"] == [KLAUS_KOMAREK, REFORMER, KISS_OF_DEATH]
        assert st["events_played"] == [KLAUS_KOMAREK, REFORMER, KISS_OF_DEATH]
    else:
        assert (sp(game, C, "Praha"), sp(game, D, "Praha")) == (3, 0)
        assert st["discard"] == [KLAUS_KOMAREK, REFORMER] and st["removed"] == [KISS_OF_DEATH]
        assert st["events_played"] == [KISS_OF_DEATH]


def test_kiss_of_death_with_an_empty_communist_hand(events):
    """#71 / ruling R43: with no card in the Communist's hand nothing is
    discarded and nothing fires; the event still counts as played and the
    card leaves the game."""
    game = position(events, hands={D: [KISS_OF_DEATH]}, phasing=D, turn=4)
    seen = []
    play(game, D, KISS_OF_DEATH, ["event"], seen)
    assert kinds(seen) == [("use", D)] and logs(game, "discard") == []
    assert game.state["discard"] == [] and game.state["removed"] == [KISS_OF_DEATH]
    assert game.state["events_played"] == [KISS_OF_DEATH]


def test_kiss_of_death_through_communist_ops(events):
    """5.2: the Communist plays #71 for Ops with the Democrat's event first:
    he discards at random from what is left in his hand (Klaus and Komarek),
    whose event then happens for the Democrat."""
    game = position(events, communist={"Warszawa": 1, "Praha": 3},
                    hands={C: [KISS_OF_DEATH, KLAUS_KOMAREK]}, turn=4)
    seen = []
    play(game, C, KISS_OF_DEATH, ["place", "before", "Warszawa", "Warszawa", "Warszawa"],
         seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("place", C)] * 3
    assert (sp(game, C, "Praha"), sp(game, D, "Praha"), sp(game, C, "Warszawa")) == (1, 2, 4)
    assert game.state["hands"][C] == []
    assert game.state["removed"] == [KLAUS_KOMAREK, KISS_OF_DEATH]


def _kiss_of_death_poland(events, vp):
    """The Communist holds only Poland Scoring; the Democrat controls Gdansk
    (6 Power Struggle cards, Marches), the Communist Warszawa, Lodz and
    Bydgoszcz (10 cards, no March, no usable leader)."""
    game = position(events, democrat={"Gdansk": 3},
                    communist={"Warszawa": 3, "Lodz": 3, "Bydgoszcz": 4},
                    hands={D: [KISS_OF_DEATH], C: [POLAND_SCORING]}, phasing=D, turn=4)
    game.state["vp"] = vp
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH + NO_MARCH_MORE)
    return game


def test_kiss_of_death_scoring_card_struggle_with_the_democrat_as_its_player(events):
    """#71 / 5.3 example 2 / ruling R35: a discarded Scoring card is a neutral
    event: its Power Struggle happens with the Democrat as the player of the
    Scoring card: he is dealt first, decides first on raising the stakes and
    has the initiative. He takes Power (VP roll 4), so the Scoring card leaves
    the game (8.4.4). 10.1 waits for the country scoring (ruling R13): +18 +2
    reaches +20 in the struggle, Poland scoring (Democrat Presence 3 + 1
    Battleground, Communist Domination 6 + 2 Battlegrounds) brings it to +16."""
    game = _kiss_of_death_poland(events, vp=18)
    dice = fix_dice(game, [1, 4])  # Support Loss 0; VP roll 4: 2 VP and Power
    seen = []
    play(game, D, KISS_OF_DEATH, ["event", "no", "no", MARCH_4], seen)
    assert kinds(seen) == [("use", D), ("ps_raise", D), ("ps_raise", C), ("ps_attack", D)]
    assert texts(game, "ps_start") == [
        "Power Struggle in Poland (democrat played the Scoring card)"]
    assert [(e["player"], e["n"]) for e in logs(game, "ps_deal")] == [(D, 6), (C, 10)]
    st = game.state
    assert st["power"]["Poland"] == D and st["scoring_plays"]["Poland"] == 1
    assert [e["delta"] for e in logs(game, "vp")] == [2, -4]
    assert st["vp"] == 16 and not dice  # no automatic victory: the play ended normally
    assert st["removed"] == [POLAND_SCORING, KISS_OF_DEATH] and st["discard"] == []
    assert st["hands"][C] == [] and st["ps"] is None


def test_kiss_of_death_scoring_card_is_discarded_when_the_communist_keeps_power(
        events):
    """#71 / 8.4.6: the struggle the discarded Scoring card starts ends with
    the Communist still in Power (VP roll 3): he scores the Power VP and the
    Scoring card goes to the discard pile."""
    game = _kiss_of_death_poland(events, vp=0)
    dice = fix_dice(game, [1, 3])
    play(game, D, KISS_OF_DEATH, ["event", "no", "no", MARCH_4, "no"])
    st = game.state
    # +1 (VP roll 3) -3 (Power Value x 1) -4 (Poland scoring)
    assert [e["delta"] for e in logs(game, "vp")] == [1, -3, -4] and st["vp"] == -6
    assert st["power"]["Poland"] == C and not dice
    assert st["discard"] == [POLAND_SCORING] and st["removed"] == [KISS_OF_DEATH]


def test_kiss_of_death_automatic_victory_only_after_the_country_scoring(events):
    """#71 / 10.1 / ruling R13: the struggle a discarded Scoring card starts
    is checked for automatic victory once, after the country scoring: from
    +18 the VP roll gives +2 (Power), then Poland scoring +4 (Democrat
    Domination 6 + 2 Battlegrounds against Communist Presence 3 + 1): the
    game ends at +24, after the scoring."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 3, "Szczecin": 3},
                    communist={"Warszawa": 3},
                    hands={D: [KISS_OF_DEATH], C: [POLAND_SCORING]}, phasing=D, turn=4)
    game.state["vp"] = 18
    stack_ps_deck(game, _STACK)  # 10 cards for the Democrat, 6 without a March
    fix_dice(game, [1, 4])
    with pytest.raises(GameOver) as end:
        play(game, D, KISS_OF_DEATH, ["event", "no", "no", MARCH_4])
    assert (end.value.winner, end.value.how) == (D, "automatic_victory")
    assert game.state["vp"] == 24
    assert [e["kind"] for e in game.log if e["kind"] in ("vp", "score")] == ["vp", "score", "vp"]


# ========================================================= #72 Peasant Parties Revolt
@pytest.mark.parametrize("scorer", [D, C])
def test_peasant_parties_revolt_takes_a_card_at_the_next_struggle(events, scorer):
    """#72: at the next Power Struggle, after the deal (B.7.5), a Democrat who
    controls a Farmer space of that country (Craiova, ruling R48) takes 1
    random Power Struggle card from the Communist's hand as dealt, whoever
    plays the Scoring card."""
    game = position(events, democrat={"Craiova": 4}, communist={"Bucuresti": 3},
                    hands={D: [PEASANT_PARTIES], scorer: [ROMANIA_SCORING]}, phasing=D, turn=8)
    play(game, D, PEASANT_PARTIES, ["event"])
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    decision = run_until(play_card(game, scorer, ROMANIA_SCORING))
    assert (decision.kind, decision.player) == ("ps_raise", scorer)
    ps = game.state["ps"]
    assert len(ps["hands"][D]) == 7 and len(ps["hands"][C]) == 5
    [taken] = [c for c in ps["hands"][D] if c not in ps["dealt"][D]]
    assert taken in ps["dealt"][C] and taken not in ps["hands"][C]
    assert texts(game, "ps_take") == [
        "democrat takes 1 random Power Struggle card(s) from the communist"]
    order = log_kinds(game)
    assert order.index("ps_take") > max(i for i, k in enumerate(order) if k == "ps_deal")


def test_peasant_parties_revolt_leaves_the_game_after_that_struggle(events):
    """#72: the card works at the next Power Struggle only: once it is over
    the card is out of the game and the following struggle deals plain hands
    (6 each, nothing taken)."""
    game = position(events, democrat={"Craiova": 4}, communist={"Bucuresti": 3},
                    hands={D: [PEASANT_PARTIES, ROMANIA_SCORING]}, phasing=D, turn=8)
    play(game, D, PEASANT_PARTIES, ["event"])
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    dice = fix_dice(game, [1, 3, 1, 3])  # Support Loss 0, VP roll 3 (twice)
    play(game, D, ROMANIA_SCORING, ["no", "no", MARCH_4, "no"])
    st = game.state
    assert st["ps"] is None and st["effects"] == [] and st["display"] == []
    assert st["removed"] == [PEASANT_PARTIES] and st["discard"] == [ROMANIA_SCORING]
    play(game, D, ROMANIA_SCORING, ["no", "no", MARCH_4, "no"])
    assert [e["n"] for e in logs(game, "ps_deal")] == [6, 6, 6, 6]
    assert len(logs(game, "ps_take")) == 1 and not dice


def test_peasant_parties_revolt_farmer_space_must_be_in_the_struggles_country(events):
    """#72 / ruling R48: a Farmer space held in Poland does not count in the
    Romanian Power Struggle: nothing is taken, yet the card was for the next
    struggle only and leaves the game after it."""
    game = position(events, democrat={"Timisoara": 3, "Bialystok": 4},
                    communist={"Bucuresti": 3}, hands={D: [PEASANT_PARTIES, ROMANIA_SCORING]},
                    phasing=D, turn=8)
    play(game, D, PEASANT_PARTIES, ["event"])
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH)
    run = Driver(play_card(game, D, ROMANIA_SCORING))
    decision = run_until(run)
    ps = game.state["ps"]
    assert ps["hands"] == ps["dealt"] and logs(game, "ps_take") == []
    assert (len(ps["hands"][D]), len(ps["hands"][C])) == (6, 6)
    fix_dice(game, [1, 3])
    resume(run, decision, ["no", "no", MARCH_4, "no"])
    assert game.state["effects"] == [] and game.state["removed"] == [PEASANT_PARTIES]


def test_peasant_parties_revolt_through_communist_ops(events):
    """5.2: the Communist plays #72 for Ops; the Democrat's lasting event
    happens (after the Ops here) and the card goes on display."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [PEASANT_PARTIES]}, turn=4)
    seen = []
    play(game, C, PEASANT_PARTIES, ["place", "after", "Warszawa", "Warszawa", "Warszawa"],
         seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("place", C)] * 3
    assert sp(game, C, "Warszawa") == 4
    assert game.state["display"] == [PEASANT_PARTIES] and effect_cards(game) == [PEASANT_PARTIES]
    assert game.state["effects"][0]["owner"] == D
    assert game.state["discard"] == [] and game.state["removed"] == []


# ==================================================================== #73 Laszlo Tokes
def test_laszlo_tokes_places_two_then_places_with_the_ops_in_romania(events):
    """#73: 1 Democratic SP in Timisoara and 1 in Harghita/Covasna, then the
    card's 2 Ops in Romania (7.4, ruling R36): placement under 6.1, reach
    taken after the two SPs (Szeged, in Hungary, is out; Constanta is in
    reach from Varna, in Bulgaria), 2 Ops for a Communist-controlled space."""
    game = position(events, democrat={"Varna": 1}, communist={"Cluj-Napoca": 4, "Craiova": 1},
                    hands={D: [LASZLO_TOKES]}, phasing=D, turn=4)
    seen = []
    play(game, D, LASZLO_TOKES, ["event", "place", "Cluj-Napoca"], seen)
    assert kinds(seen) == [("use", D), ("use", D), ("place", D)]
    assert seen[1].options == ["place", "check"]  # no Tiananmen attempt
    assert seen[2].options == ids("Timisoara", "Cluj-Napoca", "Targu Mures",
                                  "Harghita/Covasna", "Craiova", "Constanta")
    assert seen[2].context["ops_left"] == 2
    got = {n: sp(game, D, n) for n in ("Timisoara", "Harghita/Covasna", "Cluj-Napoca")}
    assert got == {"Timisoara": 1, "Harghita/Covasna": 1, "Cluj-Napoca": 1}
    assert sum(game.state["sp"][D]) == 4  # the 2 Ops bought the one SP in Cluj-Napoca
    assert game.state["removed"] == [LASZLO_TOKES]
    assert game.state["events_played"] == [LASZLO_TOKES]


def test_laszlo_tokes_two_support_checks_in_romania_only(events):
    """#73: the Ops may make 2 support checks instead, in Romania only
    (Communist SPs in Szeged are no target)."""
    game = position(events, communist={"Bucuresti": 2, "Craiova": 1, "Szeged": 2},
                    hands={D: [LASZLO_TOKES]}, phasing=D, turn=4)
    dice = fix_dice(game, [5, 6])
    seen = []
    play(game, D, LASZLO_TOKES, ["event", "check", "Bucuresti", "Craiova"], seen)
    assert kinds(seen) == [("use", D), ("use", D), ("check", D), ("check", D)]
    assert seen[2].options == ids("Craiova", "Bucuresti") + ["stop"]
    assert texts(game, "check") == [
        "democrat support check in Bucuresti: roll 5 +2 Ops = 7 vs 6: removes 1, adds 0",
        "democrat support check in Craiova: roll 6 +2 Ops = 8 vs 8: fails"]
    assert sp(game, C, "Bucuresti") == 1 and sp(game, C, "Szeged") == 2 and not dice
    assert (sp(game, D, "Timisoara"), sp(game, D, "Harghita/Covasna")) == (1, 1)


def test_laszlo_tokes_opens_massacre_in_timisoara(events):
    """#73 is the prerequisite of #107 Massacre in Timisoara (7.1): before
    it the Communist can only use Massacre for Ops; after it, as an event."""
    game = position(events, democrat={"Timisoara": 1},
                    hands={D: [LASZLO_TOKES], C: [MASSACRE]}, phasing=D, turn=8)
    assert run_until(play_card(game, C, MASSACRE)).options == ["place", "check", "tiananmen"]
    game = position(events, democrat={"Timisoara": 1},
                    hands={D: [LASZLO_TOKES], C: [MASSACRE]}, phasing=D, turn=8)
    play(game, D, LASZLO_TOKES, ["event", "place", "Timisoara", "Timisoara"])
    assert sp(game, D, "Timisoara") == 4
    assert events.playable(game, MASSACRE, C)
    assert "event" in run_until(play_card(game, C, MASSACRE)).options


def test_laszlo_tokes_through_communist_ops(events):
    """5.2: the Communist plays #73 for Ops; the Democrat's event happens and
    the Democrat makes its choices (the Ops use and the placement)."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [LASZLO_TOKES]}, turn=4)
    seen = []
    play(game, C, LASZLO_TOKES, ["place", "before", "place", "Timisoara", "Timisoara",
                                 "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == ([("use", C), ("event_order", C), ("use", D), ("place", D),
                            ("place", D), ("place", C), ("place", C)])
    assert (sp(game, D, "Timisoara"), sp(game, D, "Harghita/Covasna")) == (3, 1)
    assert sp(game, C, "Warszawa") == 3
    assert game.state["removed"] == [LASZLO_TOKES]


# ================================================================== #74 FRG Embassies
def test_frg_embassies_plus_one_on_democrat_checks_in_eastern_europe(events):
    """#74: for the rest of the turn the Democrat's support checks in Eastern
    Europe (East Germany, Poland, Czechoslovakia, Hungary) get +1; not in the
    Balkans (Romania), and never the Communist's checks."""
    game = position(events, democrat={"Gdansk": 2},
                    communist={"Warszawa": 2, "Bucuresti": 2, "Leipzig": 1},
                    hands={D: [FRG_EMBASSIES, KLAUS_KOMAREK, EXIT_VISAS], C: [THIRD_WAY]},
                    phasing=D, turn=4)
    play(game, D, FRG_EMBASSIES, ["event"])
    assert game.state["display"] == [FRG_EMBASSIES]
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"], effect["until"]) == (
        "check_modifier", D, "end_of_turn")
    dice = fix_dice(game, [3, 3, 3, 2])
    play(game, D, KLAUS_KOMAREK, ["check", "Warszawa", "Bucuresti"])
    play(game, C, THIRD_WAY, ["check", "Gdansk", "stop"])
    play(game, D, EXIT_VISAS, ["check", "Leipzig", "stop"])
    assert texts(game, "check") == [
        "democrat support check in Warszawa: roll 3 +3 Ops +1 lasting effects = 7 vs 6: "
        "removes 1, adds 0",
        "democrat support check in Bucuresti: roll 3 +3 Ops = 6 vs 6: fails",
        "communist support check in Gdansk: roll 3 +2 Ops = 5 vs 6: fails",
        "democrat support check in Leipzig: roll 2 +3 Ops +1 lasting effects = 6 vs 6: fails",
    ]
    assert not dice and effect_cards(game) == [FRG_EMBASSIES]


def test_frg_embassies_through_communist_ops_helps_only_the_democrat(events):
    """5.2: the Communist plays #74 for support checks with the Democrat's
    event first: the lasting +1 is the Democrat's, so the Communist's own
    checks in Poland get nothing from it."""
    game = position(events, democrat={"Gdansk": 2}, hands={C: [FRG_EMBASSIES]}, turn=4)
    dice = fix_dice(game, [3])
    play(game, C, FRG_EMBASSIES, ["check", "before", "Gdansk", "stop"])
    assert texts(game, "check") == [
        "communist support check in Gdansk: roll 3 +3 Ops = 6 vs 6: fails"]
    assert effect_cards(game) == [FRG_EMBASSIES] and game.state["effects"][0]["owner"] == D
    assert game.state["display"] == [FRG_EMBASSIES] and not dice


# ===================================================================== #75 Exit Visas
def test_exit_visas_discards_any_number_and_draws_as_many(events):
    """#75: the Democrat discards the cards he chooses, never a Scoring card
    (ruling R39), then draws as many from the draw deck."""
    game = position(events, hands={D: [EXIT_VISAS, KLAUS_KOMAREK, SAMIZDAT, FRG_EMBASSIES,
                                       POLAND_SCORING]}, phasing=D, turn=4)
    top = game.state["deck"][-2:]
    seen = []
    play(game, D, EXIT_VISAS, ["event", SAMIZDAT, KLAUS_KOMAREK, "done"], seen)
    assert kinds(seen) == [("use", D)] + [("pick_card", D)] * 3
    assert seen[1].options == [KLAUS_KOMAREK, SAMIZDAT, FRG_EMBASSIES, "done"]
    assert seen[2].options == [KLAUS_KOMAREK, FRG_EMBASSIES, "done"]
    st = game.state
    assert st["hands"][D] == [FRG_EMBASSIES, POLAND_SCORING, top[1], top[0]]
    assert st["discard"] == [SAMIZDAT, KLAUS_KOMAREK] and st["removed"] == [EXIT_VISAS]
    assert texts(game, "draw") == ["democrat draws 2 card(s)"]


def test_exit_visas_whole_hand(events):
    """#75: "any number" includes every card he may discard: the last one
    taken, nothing is left to offer and 2 cards are drawn."""
    game = position(events, hands={D: [EXIT_VISAS, KLAUS_KOMAREK, SAMIZDAT]}, phasing=D,
                    turn=4)
    top = game.state["deck"][-2:]
    play(game, D, EXIT_VISAS, ["event", KLAUS_KOMAREK, SAMIZDAT])
    assert game.state["hands"][D] == [top[1], top[0]]
    assert game.state["discard"] == [KLAUS_KOMAREK, SAMIZDAT]


def test_exit_visas_discarding_nothing_draws_nothing(events):
    """#75: he may discard no card at all: then he draws none; the event
    still counts as played and the asterisk card leaves the game."""
    game = position(events, hands={D: [EXIT_VISAS, KLAUS_KOMAREK]}, phasing=D, turn=4)
    deck = list(game.state["deck"])
    play(game, D, EXIT_VISAS, ["event", "done"])
    st = game.state
    assert st["hands"][D] == [KLAUS_KOMAREK] and st["deck"] == deck
    assert st["discard"] == [] and st["removed"] == [EXIT_VISAS]
    assert st["events_played"] == [EXIT_VISAS]


def test_exit_visas_through_communist_ops(events):
    """5.2: the Communist plays #75 for Ops; the Democrat chooses what he
    discards from his own hand and draws."""
    game = position(events, communist={"Warszawa": 1},
                    hands={C: [EXIT_VISAS], D: [KLAUS_KOMAREK, SAMIZDAT]}, turn=4)
    top = game.state["deck"][-1]
    seen = []
    play(game, C, EXIT_VISAS, ["place", "after", "Warszawa", "Warszawa", "Warszawa",
                               SAMIZDAT, "done"], seen)
    assert kinds(seen)[5:] == [("pick_card", D), ("pick_card", D)]
    assert game.state["hands"][D] == [KLAUS_KOMAREK, top]
    assert game.state["hands"][C] == []
    assert game.state["discard"] == [SAMIZDAT] and game.state["removed"] == [EXIT_VISAS]


# ============================================================ #76 Warsaw Pact Summit
HARDLINERS, REFORMERS = 0, 1


def test_warsaw_pact_summit_hardliners_two_boosted_checks_on_students_and_writers(events):
    """#76 "hardliners": 2 support checks with the card's 2 Ops, each +2,
    each against a Student or Intellectual space (a Worker space with
    Democratic SPs is no target)."""
    game = position(events, democrat={"Charles University": 2, "Czech Writers": 1, "Gdansk": 3},
                    hands={C: [WARSAW_PACT]}, turn=4)
    dice = fix_dice(game, [1, 1])
    seen = []
    play(game, C, WARSAW_PACT, ["event", HARDLINERS, "Charles University", "Czech Writers"],
         seen)
    assert kinds(seen) == [("use", C), ("option", C), ("check", C), ("check", C)]
    assert seen[1].options == [HARDLINERS, REFORMERS]
    assert seen[2].options == ids("Charles University", "Czech Writers") + ["stop"]
    # Czech Writers: Charles University is Communist-controlled after the first check.
    assert texts(game, "check") == [
        "communist support check in Charles University: roll 1 +2 Ops +2 event bonus = 5 "
        "vs 2: removes 2, adds 1",
        "communist support check in Czech Writers: roll 1 +2 Ops +1 adjacent friendly "
        "control +2 event bonus = 6 vs 4: removes 1, adds 1",
    ]
    assert sp(game, C, "Czech Writers") == 1 and sp(game, D, "Gdansk") == 3 and not dice
    assert game.state["removed"] == [WARSAW_PACT]


def test_warsaw_pact_summit_reformers_four_sps_where_no_democrat_is(events):
    """#76 "reformers": 4 Communist SPs placed one at a time in spaces that
    hold no Democratic SPs (direct placement: no reach, no cost, ruling
    R36), several in one space allowed."""
    game = position(events, democrat={"Gdansk": 1, "Praha": 3}, hands={C: [WARSAW_PACT]},
                    turn=4)
    seen = []
    play(game, C, WARSAW_PACT, ["event", REFORMERS, "Sofia", "Sofia", "Leipzig", "Bucuresti"],
         seen)
    assert kinds(seen) == [("use", C), ("option", C)] + [("space", C)] * 4
    free = [s.id for s in DATA.spaces if s.name not in ("Gdansk", "Praha")]
    assert seen[2].options == free
    assert (sp(game, C, "Sofia"), sp(game, C, "Leipzig"), sp(game, C, "Bucuresti")) == (2, 1, 1)
    assert sum(game.state["sp"][C]) == 4 and game.state["removed"] == [WARSAW_PACT]


def test_warsaw_pact_summit_hardliners_with_no_target_still_played(events):
    """#76 / rulings R43, R50: the Communist may declare hardliners with no
    Democratic SP in any Student or Intellectual space: the checks have no
    target; the card counts as played and leaves the game."""
    game = position(events, democrat={"Gdansk": 3}, hands={C: [WARSAW_PACT]}, turn=4)
    play(game, C, WARSAW_PACT, ["event", HARDLINERS])
    assert texts(game, "no_target") == ["communist has no legal support check target"]
    assert sp(game, D, "Gdansk") == 3 and logs(game, "check") == []
    assert game.state["removed"] == [WARSAW_PACT]
    assert game.state["events_played"] == [WARSAW_PACT]


def test_warsaw_pact_summit_through_democrat_ops_the_communist_chooses(events):
    """5.2: the Democrat plays #76 for Ops with the event first: the
    Communist declares which faction dominates and places."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [WARSAW_PACT]}, phasing=D,
                    turn=4)
    seen = []
    play(game, D, WARSAW_PACT, ["place", "before", REFORMERS, "Lodz", "Lodz", "Lodz", "Lodz",
                                "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == ([("use", D), ("event_order", D), ("option", C)]
                           + [("space", C)] * 4 + [("place", D)] * 2)
    assert sp(game, C, "Lodz") == 4 and sp(game, D, "Gdansk") == 3
    assert game.state["removed"] == [WARSAW_PACT]


# ======================================================================= #77 Samizdat
def test_samizdat_declined_sets_nothing_aside_and_draws_nothing(events):
    """#77 "may": answering no keeps the hand as it is, draws nothing; the
    event still counts as played and the card leaves the game."""
    game = position(events, hands={D: [SAMIZDAT, KLAUS_KOMAREK]}, phasing=D, turn=4)
    deck = list(game.state["deck"])
    seen = []
    play(game, D, SAMIZDAT, ["event", "no"], seen)
    assert kinds(seen) == [("use", D), ("may", D)]
    st = game.state
    assert st["hands"][D] == [KLAUS_KOMAREK] and st["deck"] == deck
    assert st["set_aside"][D] == [] and st["removed"] == [SAMIZDAT]
    assert st["events_played"] == [SAMIZDAT]


def test_samizdat_with_only_a_scoring_card_offers_nothing(events):
    """#77 / ruling R50: with no card he may set aside (only a Scoring card
    left) the "may" is not offered: no draw either."""
    game = position(events, hands={D: [SAMIZDAT, POLAND_SCORING]}, phasing=D, turn=4)
    seen = []
    play(game, D, SAMIZDAT, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert game.state["hands"][D] == [POLAND_SCORING] and game.state["set_aside"][D] == []
    assert game.state["removed"] == [SAMIZDAT]


def test_samizdat_through_communist_ops_the_democrat_decides(events):
    """5.2: the Communist plays #77 for Ops; the Democrat decides whether to
    set a card aside (here yes, the only card: no pick needed) and draws."""
    game = position(events, communist={"Warszawa": 1},
                    hands={C: [SAMIZDAT], D: [KLAUS_KOMAREK]}, turn=4)
    top = game.state["deck"][-1]
    seen = []
    play(game, C, SAMIZDAT, ["place", "before", "yes", "Warszawa"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("may", D), ("place", C)]
    st = game.state
    assert st["hands"][D] == [top] and st["set_aside"][D] == [KLAUS_KOMAREK]
    assert sp(game, C, "Warszawa") == 2 and st["removed"] == [SAMIZDAT]


# ================================================================= #78 Workers Revolt
@pytest.mark.parametrize("roll, success", [(5, False), (6, True)])
def test_workers_revolt_roll_minus_adjacent_opponent_control(events, roll, success):
    """#78: the Democrat chooses a Worker space holding Communist SPs in a
    country where the Communist holds Power (ruling R49: not Poland, where the
    Democrat rules); a die, -1 per adjacent Communist-controlled space (Praha,
    Ostrava); on a modified 4-6 every Communist SP there becomes a Democratic
    one, one for one; on 3 or less nothing happens. No asterisk: the card is
    discarded."""
    game = position(events, democrat={"Brno": 1, "Gdansk": 1},
                    communist={"Brno": 4, "Praha": 3, "Ostrava": 3, "Bratislava": 2,
                               "Gdansk": 1},
                    hands={D: [WORKERS_REVOLT]}, phasing=D, turn=4)
    game.state["power"]["Poland"] = D
    dice = fix_dice(game, [roll])
    seen = []
    play(game, D, WORKERS_REVOLT, ["event", "Brno"], seen)
    assert kinds(seen) == [("use", D), ("space", D)]
    assert seen[1].options == ids("Brno", "Ostrava", "Bratislava")
    assert texts(game, "roll_total")[-1] == \
        f"democrat's roll for #78 Workers Revolt: {roll} -2 = {roll - 2}"
    assert logs(game, "roll_outcome")[-1]["success"] == success
    brno = (sp(game, D, "Brno"), sp(game, C, "Brno"))
    assert brno == ((5, 0) if success else (1, 4)) and not dice
    assert sp(game, C, "Bratislava") == 2 and sp(game, C, "Praha") == 3
    assert game.state["discard"] == [WORKERS_REVOLT] and game.state["removed"] == []
    assert game.state["events_played"] == [WORKERS_REVOLT]


def test_workers_revolt_for_the_communist_in_a_democrat_ruled_country(events):
    """#78 is neutral: played by the Communist, the opponent is the Democrat:
    a Worker space with Democratic SPs in a country where the Democrat holds
    Power (Hungary), his SPs there become Communist on a modified 4 (6 - 2:
    Budapest and Debrecen are Democrat-controlled)."""
    game = position(events, democrat={"Miskolc": 3, "Budapest": 3, "Debrecen": 3},
                    communist={"Miskolc": 1}, hands={C: [WORKERS_REVOLT]}, turn=4)
    game.state["power"]["Hungary"] = D
    dice = fix_dice(game, [6])
    seen = []
    play(game, C, WORKERS_REVOLT, ["event", "Miskolc"], seen)
    assert seen[1].options == ids("Miskolc", "Debrecen")
    assert (sp(game, D, "Miskolc"), sp(game, C, "Miskolc")) == (0, 4) and not dice
    assert game.state["discard"] == [WORKERS_REVOLT]


def test_workers_revolt_with_no_country_under_the_opponent(events):
    """#78 / ruling R50: the Communist plays it while the Democrat holds
    Power nowhere: no space to choose, no roll; the event ends there, still
    counts as played, and the card goes to the discard pile."""
    game = position(events, democrat={"Gdansk": 3}, hands={C: [WORKERS_REVOLT]}, turn=4)
    fix_dice(game, [])
    seen = []
    play(game, C, WORKERS_REVOLT, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert texts(game, "event_ends") == [
        "#78 Workers Revolt: nothing to choose, so the rest does not happen"]
    assert sp(game, D, "Gdansk") == 3
    assert game.state["discard"] == [WORKERS_REVOLT]
    assert game.state["events_played"] == [WORKERS_REVOLT]


def test_workers_revolt_where_no_worker_space_holds_opponent_sps(events):
    """#78: a Worker space without opponent SPs is never offered, as the
    revolt could do nothing there; with none left (the Communist's SPs are in
    Praha, an Elite space), there is nothing to choose and no roll (ruling
    R50): the event ends and the card is discarded."""
    game = position(events, democrat={"Brno": 2}, communist={"Praha": 3},
                    hands={D: [WORKERS_REVOLT]}, phasing=D, turn=4)
    fix_dice(game, [])
    seen = []
    play(game, D, WORKERS_REVOLT, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert texts(game, "event_ends") == [
        "#78 Workers Revolt: nothing to choose, so the rest does not happen"]
    assert (sp(game, D, "Brno"), sp(game, C, "Praha")) == (2, 3)
    assert game.state["discard"] == [WORKERS_REVOLT]


def test_workers_revolt_for_ops_has_no_event(events):
    """#78 is a silver card: played for Operations its event does not happen
    for the opponent (ruling R17)."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [WORKERS_REVOLT]}, turn=4)
    seen = []
    play(game, C, WORKERS_REVOLT, ["place", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C), ("place", C), ("place", C)]
    assert logs(game, "event") == [] and game.state["discard"] == [WORKERS_REVOLT]


# ================================================================== #79 The Third Way
def test_the_third_way_two_vp_and_three_sps_in_german_writers(events):
    """#79: the Communist gains 2 VP (the marker moves 2 toward him) and 3
    Communist SPs go to the East German Writers space; asterisk: removed."""
    game = position(events, democrat={"German Writers": 2}, hands={C: [THIRD_WAY]}, turn=4)
    seen = []
    play(game, C, THIRD_WAY, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    st = game.state
    assert st["vp"] == -2
    assert (sp(game, C, "German Writers"), sp(game, D, "German Writers")) == (3, 2)
    assert sum(st["sp"][C]) == 3
    assert st["removed"] == [THIRD_WAY] and st["events_played"] == [THIRD_WAY]


def test_the_third_way_vp_can_win_the_game_at_once(events):
    """#79 / 10.1: the 2 VP are checked at once for automatic victory: from
    -18 the Communist wins at -20."""
    game = position(events, hands={C: [THIRD_WAY]}, turn=4)
    game.state["vp"] = -18
    with pytest.raises(GameOver) as end:
        play(game, C, THIRD_WAY, ["event"])
    assert (end.value.winner, end.value.how) == (C, "automatic_victory")
    assert game.state["vp"] == -20


def test_the_third_way_through_democrat_ops(events):
    """5.2: the Democrat plays #79 for Ops, the Communist's event after them:
    2 VP for the Communist, his SPs in German Writers; the card is removed."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [THIRD_WAY]}, phasing=D, turn=4)
    game.state["vp"] = 3
    seen = []
    play(game, D, THIRD_WAY, ["place", "after", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("place", D), ("place", D)]
    assert game.state["vp"] == 1 and sp(game, C, "German Writers") == 3
    assert sp(game, D, "Gdansk") == 3 and game.state["removed"] == [THIRD_WAY]


# ================================================================= #81 The Baltic Way
def test_the_baltic_way_needs_sajudis(events):
    """#81 requires Sajudis (7.1): before the Sajudis event the Democrat can
    use the card only for Ops."""
    game = position(events, hands={D: [BALTIC_WAY]}, phasing=D, turn=4)
    assert run_until(play_card(game, D, BALTIC_WAY)).options == ["place", "check", "tiananmen"]
    assert not events.playable(game, BALTIC_WAY, D)
    game.state["events_played"].append(SAJUDIS)
    assert events.playable(game, BALTIC_WAY, D)


@pytest.mark.parametrize("space, other", [("Razgrad", "Harghita/Covasna"),
                                          ("Harghita/Covasna", "Razgrad")])
def test_the_baltic_way_vp_minority_control_and_the_ussr_marker(events, space, other):
    """#81 after Sajudis: +3 VP; the Democrat picks ONE Minority space
    (Harghita/Covasna or Razgrad) and gets just enough SPs to control it
    (Communist SPs + stability 4); the U.S.S.R. marker moves to The Baltic
    Way box (12.3); the asterisk card is removed and Breakaway Baltic
    Republics becomes playable."""
    game = position(events, democrat={space: 1}, communist={space: 2, other: 1},
                    hands={D: [BALTIC_WAY]}, phasing=D, turn=8)
    st = game.state
    st["events_played"].append(SAJUDIS)
    st["ussr"] = 1
    st["vp"] = 1
    assert not events.playable(game, BREAKAWAY, D)
    seen = []
    play(game, D, BALTIC_WAY, ["event", space], seen)
    assert kinds(seen) == [("use", D), ("space", D)]
    assert seen[1].options == ids("Harghita/Covasna", "Razgrad")
    assert (sp(game, D, space), sp(game, C, space)) == (6, 2)
    assert (sp(game, D, other), sp(game, C, other)) == (0, 1)
    assert st["vp"] == 4 and st["ussr"] == 2
    assert texts(game, "ussr") == ["The U.S.S.R. marker moves to The Baltic Way (12)"]
    assert st["removed"] == [BALTIC_WAY] and st["events_played"] == [SAJUDIS, BALTIC_WAY]
    assert events.playable(game, BREAKAWAY, D)


def test_the_baltic_way_for_communist_ops_before_sajudis(events):
    """5.2 / ruling R43: the Communist plays #81 for Ops before Sajudis: the
    Democrat gets no event (no before/after question), and despite its
    asterisk the card is discarded."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [BALTIC_WAY]}, turn=4)
    seen = []
    play(game, C, BALTIC_WAY, ["place", "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 3
    st = game.state
    assert st["vp"] == 0 and st["ussr"] == 0 and logs(game, "event") == []
    assert st["discard"] == [BALTIC_WAY] and st["removed"] == []


def test_the_baltic_way_for_communist_ops_after_sajudis(events):
    """5.2: after Sajudis the Communist's Ops give the Democrat the event; the
    Democrat picks the Minority space; the card is removed."""
    game = position(events, communist={"Warszawa": 1, "Razgrad": 3}, hands={C: [BALTIC_WAY]},
                    turn=4)
    game.state["events_played"].append(SAJUDIS)
    seen = []
    play(game, C, BALTIC_WAY, ["place", "before", "Razgrad", "Warszawa", "Warszawa",
                               "Warszawa"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("space", D)] + [("place", C)] * 3
    st = game.state
    assert sp(game, D, "Razgrad") == 7 and st["vp"] == 3 and st["ussr"] == 2
    assert st["removed"] == [BALTIC_WAY]
