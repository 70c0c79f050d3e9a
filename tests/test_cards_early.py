"""Card events, Early Year: #4, #10-#12, #14, #16, #18, #19 and #24-#40 of
cards/early.card (#22, #23 and #33 are tested elsewhere).

Every test plays a card through the engine as a player would: an exact
position (``position``), the card put in a hand, ``play_card`` driven with
scripted answers (every decision answered, every answer used) and fixed
dice, then the exact resulting state (SPs, VP, hands, piles, lasting
effects, log). Card texts: shared/reference/cards.yaml and the Japanese
card texts of the rulebook; rules 5.2 (opponent events), 6.1-6.2
(Operations), 7.1-7.4 (events), 7.6 (the Ceausescus); rulings:
docs/rulings.md and rules-diff B.
"""

from __future__ import annotations

import pytest
from card_play import discard, effect_cards, kinds, play, position, texts
from helpers import DATA, fix_dice, logs, sp

from dof.engine.rules.actions import play_card
from dof.engine.rules.piles import move_card

C, D = "communist", "democrat"

# Card numbers (side, printed Ops, asterisk).
LEGACY = 1            # Communist 2 *: Legacy of Martial Law (one check "with this card's Ops")
WALESA = 3            # Democrat 3 *, requires Solidarity Legalized
MICHNIK = 4           # Democrat 1 *
PRUDENCE = 8          # neutral 4, lasting
CULT = 10             # Communist 3 *: Cult of Personality
DISSIDENT = 11        # Communist 2: Dissident Arrested
APPARATCHIKS = 12     # Communist 2 *
GORBACHEV = 14        # neutral 4: Gorbachev Charms the West
NOMENKLATURA = 16     # Communist 2 *
POSZGAY = 18          # Communist 2 *: Poszgay Defends the Revolution
PAPAL_VISIT = 19      # Democrat 2 *
POLAND_SCORING = 22
ST_NICHOLAS = 24      # Democrat 1 *, red title: St. Nicholas Church
PERESTROIKA = 25      # Communist 3 *, lasting (rest of turn)
HELSINKI = 26         # Democrat 1 *, lasting (rest of game), red title: Helsinki Final Act
CONSUMERISM = 27      # Democrat 3
FACTORY_CELLS = 28    # Communist 3: Factory Party Cells
JAN_PALACH = 29       # Democrat 1 *: Jan Palach Week
TEAR_GAS = 30         # Communist 1 *, lasting (until used)
INTELLIGENTSIA = 31   # Democrat 2
PEASANT_PARTIES = 32  # Communist 2 *
FIDESZ = 34           # Democrat 2 *
HEAL = 35             # Communist 3 *: Heal Our Bleeding Wound
DASH = 36             # Democrat 3 *: Dash for the West
NAGY = 37             # Communist 3 *: Nagy Reburied
JULY_CONCEPT = 38     # Communist 3 *: The July Concept
ECO_GLASNOST = 39     # Democrat 2 *, lasting (rest of game)
HDF = 40              # Democrat 3 *: Hungarian Democratic Forum
CROWD = 54            # Democrat, Middle Year: The Crowd Turns Against Ceausescu
MONDAY = 61           # Democrat, Middle Year: The Monday Demonstrations (requires #24)
BREAKAWAY = 84        # Democrat, Late Year: Breakaway Baltic Republics (blocks #14's event)
TYRANT = 97           # Democrat, Late Year: The Tyrant is Gone (cancels #10)
LIGACHEV = 99         # Communist, Late Year

OPS_USES = ["place", "check", "tiananmen"]


def names(options) -> list:
    """Space ids among decision options as names (other options unchanged)."""
    return [DATA.spaces[o].name if isinstance(o, int) else o for o in options]


def ops_left(seen) -> list[int]:
    """The Ops left at each placement decision of a play."""
    return [d.context["ops_left"] for d in seen if d.kind == "place"]


def of_country(country: str) -> list[str]:
    return [s.name for s in DATA.spaces if s.country == country]


def of_type(*types: str) -> list[str]:
    return [s.name for s in DATA.spaces if s.type in types]


def sps(game, side: str) -> dict[str, int]:
    """Every space where ``side`` has SPs, by name."""
    return {DATA.spaces[i].name: n for i, n in enumerate(game.state["sp"][side]) if n}


# ============================================================= #4 Michnik
def test_michnik_places_three_sps_in_polish_writers(events):
    """#4: 3 Democratic SPs in the Polish Writers space (direct placement, no
    choice to make); the asterisk card leaves the game (2.2.4)."""
    game = position(events, democrat={"Polish Writers": 1}, communist={"Polish Writers": 2},
                    hands={D: [MICHNIK]}, phasing=D)
    seen = []
    play(game, D, MICHNIK, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert seen[0].options == [*OPS_USES, "event"]
    assert sps(game, D) == {"Polish Writers": 4} and sps(game, C) == {"Polish Writers": 2}
    assert game.state["removed"] == [MICHNIK] and game.state["discard"] == []
    assert game.state["events_played"] == [MICHNIK]
    assert texts(game, "sp") == ["democrat SPs in Polish Writers +1"] * 3


def test_michnik_for_communist_ops_gives_the_democrat_his_writers(events):
    """5.2: the Communist plays #4 for its 1 Op; the Democrat event happens
    (here after the Ops) and the card is removed."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [MICHNIK]})
    seen = []
    play(game, C, MICHNIK, ["place", "after", "Warszawa"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("place", C)]
    assert sps(game, D) == {"Polish Writers": 3} and sps(game, C) == {"Warszawa": 2}
    assert game.state["removed"] == [MICHNIK] and game.state["events_played"] == [MICHNIK]


# ================================================ #10 Cult of Personality
ROMANIAN_WORKER_FARMER = ["Timisoara", "Targu Mures", "Iasi", "Brasov", "Ploiesti", "Craiova",
                          "Galati", "Constanta"]


def test_cult_of_personality_four_in_romanian_workers_and_farmers_two_per_space(events):
    """#10: 4 Communist SPs in Romanian Worker or Farmer spaces, at most 2 per
    space, one SP at a time as the Communist likes; a space that got 2 is
    no longer offered; Elite, Student, Minority... spaces never are."""
    game = position(events, democrat={"Timisoara": 2}, hands={C: [CULT]})
    seen = []
    play(game, C, CULT, ["event", "Timisoara", "Timisoara", "Craiova", "Iasi"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 4
    assert names(seen[1].options) == ROMANIAN_WORKER_FARMER
    assert names(seen[3].options) == [n for n in ROMANIAN_WORKER_FARMER if n != "Timisoara"]
    assert sps(game, C) == {"Timisoara": 2, "Craiova": 1, "Iasi": 1}
    assert sps(game, D) == {"Timisoara": 2}
    assert game.state["removed"] == [CULT] and game.state["events_played"] == [CULT]


def test_cult_of_personality_still_works_while_the_tyrant_waits(events):
    """7.6.4: while The Tyrant is Gone only waits in front of the Democrat
    (The Crowd Turns Against Ceausescu not yet resolved), the Ceausescu
    events still take place: Cult of Personality places its 4 SPs."""
    game = position(events, democrat={"Timisoara": 3}, communist={"Cluj-Napoca": 4}, turn=8)
    play(game, D, CROWD, ["event"])
    play(game, D, TYRANT, ["event"])
    assert sorted(game.state["display"]) == [CROWD, TYRANT]
    assert game.state["cancelled"] == []
    play(game, C, CULT, ["event", "Craiova", "Craiova", "Iasi", "Iasi"])
    assert sps(game, C) == {"Cluj-Napoca": 4, "Iasi": 2, "Craiova": 2}
    assert game.state["removed"] == [CULT]
    assert logs(game, "no_effect") == []


def _tyrant_gone(events, **board):
    """The Tyrant is Gone has taken effect (the Crowd already resolved):
    Ceausescus fled to Craiova; Cult of Personality is cancelled."""
    game = position(events, turn=8, **board)
    game.state["events_played"].append(CROWD)
    play(game, D, TYRANT, ["event", "Craiova"])
    assert CULT in game.state["cancelled"]
    return game


def test_cult_of_personality_has_no_effect_once_the_tyrant_is_gone(events):
    """#10 / #97 / rules-diff B.4.1(ii): after The Tyrant is Gone has taken
    effect the event may still be played but has no effect: no SPs, no
    question; it counts as played and the asterisk card is removed (5.2
    example 5, ruling R43)."""
    game = _tyrant_gone(events, democrat={"Timisoara": 1}, communist={"Cluj-Napoca": 5})
    seen = []
    play(game, C, CULT, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert sps(game, C) == {"Cluj-Napoca": 1}
    assert texts(game, "no_effect") == ["#10 Cult of Personality has no effect now (5.2)"]
    assert CULT in game.state["removed"] and CULT not in game.state["discard"]
    assert CULT in game.state["events_played"]


def test_cult_of_personality_for_democrat_ops_after_the_tyrant_is_removed(events):
    """5.2 EXAMPLE 5 (as for Elena): the Democrat plays #10 for its 3 Ops
    after The Tyrant is Gone took effect; the Communist event is triggered
    but has no effect; still it is played and the card leaves the game."""
    game = _tyrant_gone(events, democrat={"Timisoara": 1, "Gdansk": 1})
    seen = []
    play(game, D, CULT, ["place", "after", "Gdansk", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D)] + [("place", D)] * 3
    assert sps(game, D) == {"Gdansk": 4, "Timisoara": 1} and sps(game, C) == {}
    assert CULT in game.state["removed"] and CULT not in game.state["discard"]
    assert game.state["events_played"] == [CROWD, TYRANT, CULT]


# ================================================= #11 Dissident Arrested
def test_dissident_arrested_removes_two_from_one_intellectual_space(events):
    """#11: the Communist picks ONE Intellectual space holding Democratic SPs
    and takes 2 Democratic SPs off it; no asterisk: discarded."""
    game = position(events, democrat={"Polish Writers": 3, "Czech Writers": 1, "Gdansk": 2},
                    hands={C: [DISSIDENT]})
    seen = []
    play(game, C, DISSIDENT, ["event", "Polish Writers"], seen)
    assert kinds(seen) == [("use", C), ("space", C)]
    assert names(seen[1].options) == ["Polish Writers", "Czech Writers"]
    assert sps(game, D) == {"Gdansk": 2, "Polish Writers": 1, "Czech Writers": 1}
    assert game.state["discard"] == [DISSIDENT] and game.state["removed"] == []
    assert game.state["events_played"] == [DISSIDENT]


def test_dissident_arrested_takes_only_what_the_chosen_space_holds(events):
    """#11 "in one space": with 1 Democratic SP in the chosen space only that
    one goes; the second is not taken from another Intellectual space."""
    game = position(events, democrat={"Polish Writers": 3, "Czech Writers": 1},
                    hands={C: [DISSIDENT]})
    play(game, C, DISSIDENT, ["event", "Czech Writers"])
    assert sps(game, D) == {"Polish Writers": 3}
    assert texts(game, "sp") == ["democrat SPs in Czech Writers -1"]


def test_dissident_arrested_with_no_democrat_intellectual_sp_is_still_played(events):
    """#11 with no Democratic SP in any Intellectual space: nothing to remove,
    no question; the event is legal and counts as played (5.2 example 4,
    ruling R43); the card is discarded."""
    game = position(events, democrat={"Gdansk": 2}, hands={C: [DISSIDENT]})
    seen = []
    play(game, C, DISSIDENT, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert sps(game, D) == {"Gdansk": 2} and texts(game, "sp") == []
    assert game.state["discard"] == [DISSIDENT] and game.state["events_played"] == [DISSIDENT]


def test_dissident_arrested_for_democrat_ops_the_communist_picks_the_space(events):
    """5.2: the Democrat plays #11 for 2 Ops with the Communist event first;
    the Communist makes the event's choice; the card is discarded."""
    game = position(events, democrat={"Polish Writers": 3, "Czech Writers": 2, "Gdansk": 1},
                    hands={D: [DISSIDENT]}, phasing=D)
    seen = []
    play(game, D, DISSIDENT, ["place", "before", "Czech Writers", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("space", C), ("place", D),
                           ("place", D)]
    assert sps(game, D) == {"Gdansk": 3, "Polish Writers": 3}
    assert game.state["discard"] == [DISSIDENT] and game.state["events_played"] == [DISSIDENT]


# ======================================================= #12 Apparatchiks
BUREAUCRATS = ["Berlin", "Warszawa", "Praha", "Budapest", "Bucuresti", "Sofia"]


def test_apparatchiks_three_sps_in_bureaucrat_spaces_split_freely(events):
    """#12: 3 Communist SPs in Bureaucrat spaces of any country, split as the
    Communist likes; direct placement ignores the double cost of a
    Democrat-controlled space (ruling R36)."""
    game = position(events, democrat={"Berlin": 5}, hands={C: [APPARATCHIKS]})
    seen = []
    play(game, C, APPARATCHIKS, ["event", "Berlin", "Sofia", "Sofia"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 3
    assert all(names(d.options) == BUREAUCRATS for d in seen[1:])
    assert sps(game, C) == {"Berlin": 1, "Sofia": 2} and sps(game, D) == {"Berlin": 5}
    assert game.state["removed"] == [APPARATCHIKS]
    assert game.state["events_played"] == [APPARATCHIKS]


def test_apparatchiks_for_democrat_ops_before(events):
    """5.2: the Democrat plays #12 for 2 Ops, Communist event first (all 3 in
    Praha), then his own placement; the card is removed."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [APPARATCHIKS]}, phasing=D)
    seen = []
    play(game, D, APPARATCHIKS, ["place", "before", "Praha", "Praha", "Praha", "Gdansk",
                                 "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D)] + [("space", C)] * 3 + [
        ("place", D)] * 2
    assert sps(game, C) == {"Praha": 3} and sps(game, D) == {"Gdansk": 3}
    assert game.state["removed"] == [APPARATCHIKS]


# ========================================== #14 Gorbachev Charms the West
def test_gorbachev_democrat_removes_two_communist_sps_then_one_check(events):
    """#14 (neutral) for the Democrat: he removes 2 Communist SPs anywhere,
    one at a time, then makes ONE support check with the card's 4 Ops; no
    asterisk: discarded."""
    game = position(events, democrat={"Gdansk": 1},
                    communist={"Warszawa": 3, "Lodz": 1, "Gdansk": 2}, hands={D: [GORBACHEV]},
                    phasing=D)
    dice = fix_dice(game, [3])
    seen = []
    play(game, D, GORBACHEV, ["event", "Warszawa", "Lodz", "Warszawa"], seen)
    assert kinds(seen) == [("use", D), ("space", D), ("space", D), ("check", D)]
    assert seen[0].options == [*OPS_USES, "event"]
    assert names(seen[1].options) == ["Gdansk", "Warszawa", "Lodz"]
    assert names(seen[3].options) == ["Gdansk", "Warszawa", "stop"]
    assert seen[3].context["ops"] == 4
    assert texts(game, "check") == [
        "democrat support check in Warszawa: roll 3 +4 Ops = 7 vs 6: removes 1, adds 0"]
    assert sps(game, C) == {"Gdansk": 2, "Warszawa": 1} and sps(game, D) == {"Gdansk": 1}
    assert not dice and game.state["discard"] == [GORBACHEV] and game.state["removed"] == []
    assert game.state["events_played"] == [GORBACHEV]


def test_gorbachev_for_the_communist_removes_democrat_sps(events):
    """#14 for the Communist: "the opponent's SPs" are then Democratic; both
    may come from one space; his check follows (4 Ops)."""
    game = position(events, democrat={"Gdansk": 2, "Krakow": 1}, communist={"Warszawa": 3},
                    hands={C: [GORBACHEV]})
    dice = fix_dice(game, [5])
    seen = []
    play(game, C, GORBACHEV, ["event", "Gdansk", "Gdansk", "Krakow"], seen)
    assert kinds(seen) == [("use", C), ("space", C), ("space", C), ("check", C)]
    assert names(seen[2].options) == ["Gdansk", "Krakow"]
    assert names(seen[3].options) == ["Krakow", "stop"]
    # Krakow: 5 + 4 = 9 vs 6: removes the 1 Democratic SP, adds 2.
    assert texts(game, "check") == [
        "communist support check in Krakow: roll 5 +4 Ops = 9 vs 6: removes 1, adds 2"]
    assert sps(game, D) == {} and sps(game, C) == {"Warszawa": 3, "Krakow": 2}
    assert not dice and game.state["discard"] == [GORBACHEV]


def test_gorbachev_with_no_opponent_sp_is_still_played(events):
    """#14 with no opponent SP on the map: nothing to remove and no check
    target (6.2.3); the event is legal and counts as played (ruling R43)."""
    game = position(events, democrat={"Gdansk": 2}, hands={D: [GORBACHEV]}, phasing=D)
    seen = []
    play(game, D, GORBACHEV, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert texts(game, "no_target") == ["democrat has no legal support check target"]
    assert sps(game, D) == {"Gdansk": 2}
    assert game.state["discard"] == [GORBACHEV] and game.state["events_played"] == [GORBACHEV]


def test_gorbachev_played_for_ops_has_no_event(events):
    """Ruling R17 / B.4.2: a silver event does not happen when its card is
    played for Operations (no event_order question); discarded."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={C: [GORBACHEV]})
    seen = []
    play(game, C, GORBACHEV, ["place"] + ["Warszawa"] * 4, seen)
    assert kinds(seen) == [("use", C)] + [("place", C)] * 4
    assert sps(game, D) == {"Gdansk": 1} and sps(game, C) == {"Warszawa": 5}
    assert game.state["discard"] == [GORBACHEV] and game.state["events_played"] == []


@pytest.mark.parametrize("side", [D, C])
def test_gorbachev_is_no_event_after_breakaway_baltic_republics(events, side):
    """#14 / 12.4 / B.4.1(i): once Breakaway Baltic Republics has occurred,
    neither player may play Gorbachev Charms the West as an event (7.1)."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={side: [GORBACHEV]}, phasing=side, turn=8)
    assert "event" in next(play_card(game, side, GORBACHEV)).options
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={side: [GORBACHEV]}, phasing=side, turn=8)
    game.state["events_played"].append(BREAKAWAY)
    assert next(play_card(game, side, GORBACHEV)).options == OPS_USES
    assert not events.playable(game, GORBACHEV, side)


def test_gorbachev_as_event_spares_the_democrat_the_ligachev_penalty(events):
    """#99 refers to #14: Gorbachev Charms the West played as an event in
    the Democrat's next action round avoids the 3 VP loss."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 2},
                    hands={C: [LIGACHEV], D: [GORBACHEV]}, turn=8)
    play(game, C, LIGACHEV, ["event"])
    play(game, D, GORBACHEV, ["event"])  # both Warszawa SPs go; no check target left
    assert game.state["vp"] == 0 and sps(game, C) == {}
    assert game.state["effects"] == [] and game.state["discard"] == [GORBACHEV]


# ======================================================== #16 Nomenklatura
ELITE = ["Dresden", "Bydgoszcz", "Plzen", "Szombathely", "Cluj-Napoca", "Stara Zagora"]


def test_nomenklatura_three_sps_in_elite_spaces(events):
    """#16, first option: 3 Communist SPs in Elite spaces, split freely; the
    Communist chooses the option; the asterisk card is removed."""
    game = position(events, democrat={"Dresden": 5, "Plzen": 2}, hands={C: [NOMENKLATURA]})
    seen = []
    play(game, C, NOMENKLATURA, ["event", 0, "Dresden", "Stara Zagora", "Stara Zagora"], seen)
    assert kinds(seen) == [("use", C), ("option", C)] + [("space", C)] * 3
    assert seen[1].options == [0, 1]
    assert seen[1].labels == ["three SPs in Elite spaces", "purge the Elite spaces"]
    assert names(seen[2].options) == ELITE
    assert sps(game, C) == {"Dresden": 1, "Stara Zagora": 2}
    assert sps(game, D) == {"Dresden": 5, "Plzen": 2}
    assert game.state["removed"] == [NOMENKLATURA]
    assert game.state["events_played"] == [NOMENKLATURA]


def test_nomenklatura_purges_democrats_from_every_elite_space(events):
    """#16, second option: every Democratic SP leaves every Elite space (no
    space to choose); other spaces and Communist SPs are untouched."""
    game = position(events, democrat={"Dresden": 5, "Plzen": 2, "Cluj-Napoca": 1, "Gdansk": 3},
                    communist={"Dresden": 1}, hands={C: [NOMENKLATURA]})
    seen = []
    play(game, C, NOMENKLATURA, ["event", 1], seen)
    assert kinds(seen) == [("use", C), ("option", C)]
    assert sps(game, D) == {"Gdansk": 3} and sps(game, C) == {"Dresden": 1}
    assert game.state["removed"] == [NOMENKLATURA]


def test_nomenklatura_offers_no_purge_with_no_democrat_in_an_elite_space(events):
    """#16: a purge of empty Elite spaces would do nothing, so only the first
    option is offered (a guarded option, as for Goodbye Lenin!)."""
    game = position(events, democrat={"Gdansk": 3}, hands={C: [NOMENKLATURA]})
    seen = []
    play(game, C, NOMENKLATURA, ["event", "Dresden", "Plzen", "Plzen"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 3
    assert sps(game, C) == {"Dresden": 1, "Plzen": 2}


def test_nomenklatura_for_democrat_ops_the_communist_chooses(events):
    """5.2: the Democrat plays #16 for 2 Ops; the Communist event happens
    after and the Communist chooses the option."""
    game = position(events, democrat={"Bydgoszcz": 2, "Gdansk": 1}, hands={D: [NOMENKLATURA]},
                    phasing=D)
    seen = []
    play(game, D, NOMENKLATURA, ["place", "after", "Bydgoszcz", "Bydgoszcz", 1], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("place", D), ("place", D),
                           ("option", C)]
    assert sps(game, D) == {"Gdansk": 1} and game.state["removed"] == [NOMENKLATURA]


# =========================================== #18 Poszgay Defends the Revolution
def test_poszgay_one_sp_in_each_of_four_hungarian_spaces_not_democrat_controlled(events):
    """#18: 1 Communist SP in each of 4 different Hungarian spaces the
    Democrat does not control (2.1.7, ruling R2): Budapest (D 3) and Gyor
    (D 4 - C 1 = 3) are controlled and never offered, Szeged (D 1) is; a
    space once chosen is not offered again."""
    game = position(events, democrat={"Budapest": 3, "Gyor": 4, "Szeged": 1},
                    communist={"Gyor": 1}, hands={C: [POSZGAY]})
    seen = []
    play(game, C, POSZGAY, ["event", "Szeged", "Pecs", "Debrecen", "Miskolc"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 4
    allowed = [n for n in of_country("Hungary") if n not in ("Budapest", "Gyor")]
    assert names(seen[1].options) == allowed
    assert names(seen[2].options) == [n for n in allowed if n != "Szeged"]
    assert sps(game, C) == {"Gyor": 1, "Miskolc": 1, "Debrecen": 1, "Szeged": 1, "Pecs": 1}
    assert game.state["removed"] == [POSZGAY] and game.state["events_played"] == [POSZGAY]


def test_poszgay_with_only_two_eligible_spaces_places_two(events):
    """#18 when the Democrat controls all Hungarian spaces but Szeged and
    Pecs: one SP in each of them; the rest cannot be placed."""
    board = {n: 5 for n in of_country("Hungary") if n not in ("Szeged", "Pecs")}
    game = position(events, democrat=board, hands={C: [POSZGAY]})
    seen = []
    play(game, C, POSZGAY, ["event", "Pecs"], seen)
    assert names(seen[1].options) == ["Szeged", "Pecs"]
    assert sps(game, C) == {"Szeged": 1, "Pecs": 1}
    assert game.state["removed"] == [POSZGAY]


def test_poszgay_for_democrat_ops_after_skips_the_space_he_just_took(events):
    """5.2: the Democrat plays #18 for 2 Ops and lets the Communist event come
    after: Szeged, which his placement made Democrat-controlled (D 4 of
    Stability 4), is no longer offered to the Communist."""
    game = position(events, democrat={"Szeged": 3, "Budapest": 3}, hands={D: [POSZGAY]},
                    phasing=D)
    seen = []
    play(game, D, POSZGAY, ["place", "after", "Szeged", "Pecs",
                            "Pecs", "Debrecen", "Miskolc", "Gyor"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D), ("place", D), ("place", D)] + [
        ("space", C)] * 4
    assert names(seen[4].options) == [n for n in of_country("Hungary")
                                      if n not in ("Budapest", "Szeged")]
    assert sps(game, D) == {"Budapest": 3, "Szeged": 4, "Pecs": 1}
    assert sps(game, C) == {"Gyor": 1, "Miskolc": 1, "Debrecen": 1, "Pecs": 1}
    assert game.state["removed"] == [POSZGAY]


# ========================================================= #19 Papal Visit
def test_papal_visit_three_sps_in_one_catholic_church(events):
    """#19: 3 Democratic SPs, all in ONE Catholic Church space (Polish, Czech
    or Hungarian; not an Orthodox or the Lutheran Church)."""
    game = position(events, communist={"Czech Catholic Church": 2}, hands={D: [PAPAL_VISIT]},
                    phasing=D)
    seen = []
    play(game, D, PAPAL_VISIT, ["event", "Czech Catholic Church"], seen)
    assert kinds(seen) == [("use", D), ("space", D)]
    assert names(seen[1].options) == ["Polish Catholic Church", "Czech Catholic Church",
                                      "Hungarian Catholic Church"]
    assert seen[1].prompt == "democrat: place 3 democrat SP in one space"  # the whole amount
    assert sps(game, D) == {"Czech Catholic Church": 3}
    assert sps(game, C) == {"Czech Catholic Church": 2}
    assert game.state["removed"] == [PAPAL_VISIT] and game.state["events_played"] == [PAPAL_VISIT]


def test_papal_visit_for_communist_ops_the_democrat_picks_the_church(events):
    """5.2: the Communist plays #19 for 2 Ops, Democrat event after: the
    Democrat picks the church."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [PAPAL_VISIT]})
    seen = []
    play(game, C, PAPAL_VISIT, ["place", "after", "Warszawa", "Warszawa",
                                "Hungarian Catholic Church"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("place", C), ("place", C),
                           ("space", D)]
    assert sps(game, D) == {"Hungarian Catholic Church": 3} and sps(game, C) == {"Warszawa": 3}
    assert game.state["removed"] == [PAPAL_VISIT]


# ================================================== #24 St. Nicholas Church
def test_st_nicholas_church_places_just_enough_to_control_lutheran_church(events):
    """#24: as many Democratic SPs as needed to control the Lutheran Church
    (Stability 5): with D 1 / C 2 he needs 7, so 6 are added (2.1.7);
    the event opens The Monday Demonstrations (#61, 7.1)."""
    game = position(events, democrat={"Lutheran Church": 1}, communist={"Lutheran Church": 2},
                    hands={D: [ST_NICHOLAS, MONDAY]}, phasing=D, turn=4)
    assert next(play_card(game, D, MONDAY)).options == OPS_USES
    move_card(game, MONDAY, ("hand", D))
    seen = []
    play(game, D, ST_NICHOLAS, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert sps(game, D) == {"Lutheran Church": 7} and sps(game, C) == {"Lutheran Church": 2}
    assert texts(game, "sp") == ["democrat SPs in Lutheran Church +6"]
    assert game.state["removed"] == [ST_NICHOLAS]
    assert game.state["events_played"] == [ST_NICHOLAS]
    assert next(play_card(game, D, MONDAY)).options == [*OPS_USES, "event"]


def test_st_nicholas_church_when_already_in_control_adds_nothing_but_counts(events):
    """#24 when the Democrat already controls the Lutheran Church: no SP is
    needed; the event still happened, so #61 becomes playable (R43)."""
    game = position(events, democrat={"Lutheran Church": 7}, communist={"Lutheran Church": 2},
                    hands={D: [ST_NICHOLAS]}, phasing=D, turn=4)
    play(game, D, ST_NICHOLAS, ["event"])
    assert sps(game, D) == {"Lutheran Church": 7} and texts(game, "sp") == []
    assert game.state["removed"] == [ST_NICHOLAS]
    assert events.playable(game, MONDAY, D)


def test_st_nicholas_church_for_ops_does_not_open_monday_demonstrations(events):
    """#24 played by the Democrat for Ops: no event, the card is discarded
    and #61 stays unplayable as an event."""
    game = position(events, democrat={"Lutheran Church": 1}, hands={D: [ST_NICHOLAS]},
                    phasing=D, turn=4)
    play(game, D, ST_NICHOLAS, ["place", "Lutheran Church"])
    assert sps(game, D) == {"Lutheran Church": 2}
    assert game.state["discard"] == [ST_NICHOLAS] and game.state["events_played"] == []
    assert not events.playable(game, MONDAY, D)


def test_st_nicholas_church_for_communist_ops_opens_monday_demonstrations(events):
    """5.2: the Communist plays #24 for 1 Op; the Democrat's event happens
    (here first), he takes the church, #61 becomes playable; removed."""
    game = position(events, communist={"Lutheran Church": 3, "Leipzig": 1},
                    hands={C: [ST_NICHOLAS]}, turn=4)
    seen = []
    play(game, C, ST_NICHOLAS, ["place", "before", "Leipzig"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("place", C)]
    assert sps(game, D) == {"Lutheran Church": 8}
    assert sps(game, C) == {"Lutheran Church": 3, "Leipzig": 2}
    assert game.state["removed"] == [ST_NICHOLAS] and events.playable(game, MONDAY, D)


# ========================================================= #25 Perestroika
def test_perestroika_every_communist_card_gets_one_more_op_this_turn(events):
    """#25 / 7.3: for the rest of the turn every card the Communist plays is
    worth 1 Op more: his own 2-Op card gives 3, a Democrat 2-Op card he
    plays for Ops too; the Democrat's cards keep their printed value."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={C: [PERESTROIKA, APPARATCHIKS, PAPAL_VISIT], D: [MICHNIK]})
    play(game, C, PERESTROIKA, ["event"])
    assert game.state["display"] == [PERESTROIKA] and effect_cards(game) == [PERESTROIKA]
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"], effect["until"]) == ("ops_value", C, "end_of_turn")
    seen = []
    play(game, C, APPARATCHIKS, ["place"] + ["Warszawa"] * 3, seen)
    assert ops_left(seen) == [3, 2, 1]
    seen = []
    play(game, C, PAPAL_VISIT, ["place", "after"] + ["Warszawa"] * 3
         + ["Polish Catholic Church"], seen)
    assert ops_left(seen) == [3, 2, 1]
    seen = []
    play(game, D, MICHNIK, ["place", "Gdansk"], seen)
    assert ops_left(seen) == [1]
    assert sps(game, C) == {"Warszawa": 7}
    assert sps(game, D) == {"Gdansk": 2, "Polish Catholic Church": 3}


def test_perestroika_raises_a_communist_event_check_using_the_cards_ops(events):
    """#25 / 7.3.3 ("for all purposes") / ruling R36: an event check "using
    this card's Ops" is modified too: Legacy of Martial Law (2 Ops) checks
    with 3."""
    game = position(events, democrat={"Gdansk": 3}, hands={C: [PERESTROIKA, LEGACY]})
    play(game, C, PERESTROIKA, ["event"])
    dice = fix_dice(game, [4])
    play(game, C, LEGACY, ["event", "Gdansk"])
    assert texts(game, "check") == [
        "communist support check in Gdansk: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0"]
    assert (sp(game, D, "Gdansk"), sp(game, C, "Gdansk")) == (1, 1) and not dice


def test_perestroika_for_democrat_ops_modifies_only_the_communist(events):
    """5.2 / 7.3.3: the Democrat plays #25 for 3 Ops with the Communist
    event first; the bonus is the Communist's, so the Democrat still
    places 3; the lasting card goes on display."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [PERESTROIKA]}, phasing=D)
    seen = []
    play(game, D, PERESTROIKA, ["place", "before", "Gdansk", "Gdansk", "Gdansk"], seen)
    assert ops_left(seen) == [3, 2, 1] and sps(game, D) == {"Gdansk": 4}
    assert game.state["display"] == [PERESTROIKA] and effect_cards(game) == [PERESTROIKA]
    assert game.state["discard"] == [] and game.state["removed"] == []


# ================================================== #26 Helsinki Final Act
def test_helsinki_final_act_each_communist_student_or_intellectual_check_pays(events):
    """#26 / 6.2.6: for the rest of the game every Communist support check
    against a Student or Intellectual space gives the Democrat 1 VP, failed
    or not; a Communist check elsewhere and a Democrat check give none. The
    asterisk card stays on display (lasting, 7.2)."""
    game = position(events, democrat={"Polish Writers": 2, "Jagiellonian University": 1,
                                      "Gdansk": 2},
                    communist={"Warszawa": 1}, hands={D: [HELSINKI, MICHNIK],
                                                      C: [APPARATCHIKS, DISSIDENT]}, phasing=D)
    play(game, D, HELSINKI, ["event"])
    assert game.state["display"] == [HELSINKI] and effect_cards(game) == [HELSINKI]
    [effect] = game.state["effects"]
    assert (effect["hook"], effect["owner"], effect["until"]) == (
        "after_check", D, "end_of_game")
    dice = fix_dice(game, [1, 6, 1, 6])
    play(game, C, APPARATCHIKS, ["check", "Polish Writers", "Jagiellonian University"])
    assert texts(game, "check") == [
        "communist support check in Polish Writers: roll 1 +2 Ops -1 adjacent opponent "
        "control = 2 vs 4: fails",
        "communist support check in Jagiellonian University: roll 6 +2 Ops -1 adjacent "
        "opponent control = 7 vs 2: removes 1, adds 4",
    ]
    assert game.state["vp"] == 2
    assert texts(game, "vp") == ["VP +1 (#26 Helsinki Final Act); now +1",
                                 "VP +1 (#26 Helsinki Final Act); now +2"]
    play(game, C, DISSIDENT, ["check", "Gdansk", "stop"])  # a Worker space: nothing
    play(game, D, MICHNIK, ["check", "Jagiellonian University", "stop"])  # his own check
    assert len(logs(game, "check")) == 4 and game.state["vp"] == 2 and not dice


def test_helsinki_final_act_for_communist_ops_before_pays_for_his_own_checks(events):
    """5.2: the Communist plays #26 for its 1 Op and lets the Democrat event
    come first: his own checks on Polish Writers then already pay 1 VP."""
    game = position(events, democrat={"Polish Writers": 2}, hands={C: [HELSINKI]})
    dice = fix_dice(game, [6])
    seen = []
    play(game, C, HELSINKI, ["check", "before", "Polish Writers"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("check", C)]
    assert texts(game, "check") == [
        "communist support check in Polish Writers: roll 6 +1 Ops = 7 vs 4: removes 2, adds 1"]
    assert game.state["vp"] == 1 and sps(game, C) == {"Polish Writers": 1} and not dice
    assert game.state["display"] == [HELSINKI] and game.state["removed"] == []
    assert game.state["events_played"] == [HELSINKI]


# ========================================================= #27 Consumerism
def test_consumerism_removes_one_then_checks_a_worker_space_of_that_country(events):
    """#27: the Democrat removes 1 Communist SP from one Worker space, then
    makes ONE support check against a Worker space of the same country with
    the card's 3 Ops; not asterisked: discarded."""
    game = position(events, communist={"Gdansk": 2, "Krakow": 3, "Leipzig": 2, "Warszawa": 4,
                                       "Polish Catholic Church": 1},
                    hands={D: [CONSUMERISM]}, phasing=D)
    dice = fix_dice(game, [4])
    seen = []
    play(game, D, CONSUMERISM, ["event", "Gdansk", "Krakow"], seen)
    assert kinds(seen) == [("use", D), ("space", D), ("check", D)]
    assert names(seen[1].options) == ["Leipzig", "Gdansk", "Krakow"]  # Workers with C SPs
    assert names(seen[2].options) == ["Gdansk", "Krakow", "stop"]  # Polish Workers only
    assert seen[2].context["ops"] == 3
    assert texts(game, "check") == [
        "democrat support check in Krakow: roll 4 +3 Ops = 7 vs 6: removes 1, adds 0"]
    assert sps(game, C) == {"Leipzig": 2, "Gdansk": 1, "Warszawa": 4,
                            "Polish Catholic Church": 1, "Krakow": 2}
    assert not dice and game.state["discard"] == [CONSUMERISM] and game.state["removed"] == []
    assert game.state["events_played"] == [CONSUMERISM]


def test_consumerism_with_no_communist_worker_sp_ends_at_once(events):
    """#27 / ruling R50: no Worker space holds Communist SPs: the choice
    finds nothing, so the event ends there (no check, even though Warszawa,
    a Bureaucrat space, has Communist SPs); it still counts as played."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 4},
                    hands={D: [CONSUMERISM]}, phasing=D)
    seen = []
    play(game, D, CONSUMERISM, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert texts(game, "event_ends") == [
        "#27 Consumerism: nothing to choose, so the rest does not happen"]
    assert logs(game, "check") == [] and sps(game, C) == {"Warszawa": 4}
    assert game.state["discard"] == [CONSUMERISM]
    assert game.state["events_played"] == [CONSUMERISM]


def test_consumerism_removing_the_last_worker_sp_leaves_no_check(events):
    """#27: the only Communist SP in a Polish Worker space is removed; no
    Polish Worker space is left to check (6.2.3), so no check is made."""
    game = position(events, communist={"Gdansk": 1, "Warszawa": 4, "Leipzig": 3},
                    hands={D: [CONSUMERISM]}, phasing=D)
    play(game, D, CONSUMERISM, ["event", "Gdansk"])
    assert texts(game, "no_target") == ["democrat has no legal support check target"]
    assert sps(game, C) == {"Warszawa": 4, "Leipzig": 3}
    assert game.state["discard"] == [CONSUMERISM]


def test_consumerism_7_3_3_example_perestroika_and_prudence(events):
    """7.3.3 EXAMPLE: the Communist has Perestroika and Prudence in effect and
    plays Consumerism for Ops first: he places 4 Ops (3 + 1); then the
    Democrat removes a Communist SP and checks with 3 - 1 = 2 Ops."""
    game = position(events, communist={"Warszawa": 1, "Debrecen": 2, "Miskolc": 1},
                    hands={C: [PERESTROIKA, PRUDENCE, CONSUMERISM]})
    play(game, C, PERESTROIKA, ["event"])
    play(game, C, PRUDENCE, ["event"])
    dice = fix_dice(game, [5])
    seen = []
    play(game, C, CONSUMERISM, ["place", "after", "Warszawa", "Warszawa", "Warszawa",
                                "Warszawa", "Debrecen", "Debrecen"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("place", C)] * 4 + [
        ("space", D), ("check", D)]
    assert ops_left(seen) == [4, 3, 2, 1]
    assert seen[-1].context["ops"] == 2
    assert texts(game, "check") == [
        "democrat support check in Debrecen: roll 5 +2 Ops = 7 vs 6: removes 1, adds 0"]
    assert sps(game, C) == {"Warszawa": 5, "Miskolc": 1} and not dice
    assert game.state["discard"] == [CONSUMERISM]


# ================================================= #28 Factory Party Cells
def test_factory_party_cells_removes_three_from_workers_at_most_two_per_space(events):
    """#28: 3 Democratic SPs removed from Worker spaces, at most 2 from one;
    Bureaucrat and Intellectual spaces are not touched; the last SP comes
    from the only Worker space left without a question; discarded."""
    game = position(events, democrat={"Gdansk": 3, "Leipzig": 1, "Warszawa": 3,
                                      "Polish Writers": 2}, hands={C: [FACTORY_CELLS]})
    seen = []
    play(game, C, FACTORY_CELLS, ["event", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", C), ("space", C), ("space", C)]
    assert names(seen[1].options) == ["Leipzig", "Gdansk"]
    assert sps(game, D) == {"Gdansk": 1, "Warszawa": 3, "Polish Writers": 2}
    assert game.state["discard"] == [FACTORY_CELLS] and game.state["removed"] == []
    assert game.state["events_played"] == [FACTORY_CELLS]


def test_factory_party_cells_with_one_worker_space_removes_two(events):
    """#28 with Democratic SPs in one Worker space only: the cap of 2 per
    space stops the removal at 2."""
    game = position(events, democrat={"Gdansk": 3, "Warszawa": 3}, hands={C: [FACTORY_CELLS]})
    seen = []
    play(game, C, FACTORY_CELLS, ["event"], seen)
    assert kinds(seen) == [("use", C)]
    assert sps(game, D) == {"Gdansk": 1, "Warszawa": 3}
    assert game.state["discard"] == [FACTORY_CELLS]


def test_factory_party_cells_for_democrat_ops_after(events):
    """5.2: the Democrat plays #28 for 3 Ops, Communist event after: it acts
    on the Democrat's SPs as they are after his placement."""
    game = position(events, democrat={"Gdansk": 1, "Lodz": 2}, hands={D: [FACTORY_CELLS]},
                    phasing=D)
    seen = []
    play(game, D, FACTORY_CELLS, ["place", "after", "Gdansk", "Gdansk", "Gdansk",
                                  "Lodz", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D)] + [("place", D)] * 3 + [
        ("space", C)] * 3
    assert names(seen[-1].options) == ["Gdansk", "Lodz"]
    assert sps(game, D) == {"Gdansk": 2, "Lodz": 1}
    assert game.state["discard"] == [FACTORY_CELLS]


# ====================================================== #29 Jan Palach Week
def test_jan_palach_week_six_sps_in_charles_university(events):
    """#29: 6 Democratic SPs in Charles University; removed (asterisk)."""
    game = position(events, democrat={"Charles University": 1},
                    communist={"Charles University": 2}, hands={D: [JAN_PALACH]}, phasing=D)
    play(game, D, JAN_PALACH, ["event"])
    assert sps(game, D) == {"Charles University": 7}
    assert sps(game, C) == {"Charles University": 2}
    assert game.state["removed"] == [JAN_PALACH] and game.state["events_played"] == [JAN_PALACH]


def test_jan_palach_week_5_2_example_1(events):
    """5.2 EXAMPLE 1: the Communist plays #29 for one Op and lets the Democrat
    use the event first: 6 Democratic SPs in Charles University, then the
    Communist's Operation; the card is removed."""
    game = position(events, communist={"Praha": 1}, hands={C: [JAN_PALACH]})
    seen = []
    play(game, C, JAN_PALACH, ["place", "before", "Praha"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("place", C)]
    assert sps(game, D) == {"Charles University": 6} and sps(game, C) == {"Praha": 2}
    assert game.state["removed"] == [JAN_PALACH] and game.state["events_played"] == [JAN_PALACH]


# ============================================================ #30 Tear Gas
def tear_gas(events, **kw):
    game = position(events, democrat={"Jagiellonian University": 2, "Gdansk": 2,
                                      "Charles University": 2},
                    hands={C: [TEAR_GAS, APPARATCHIKS, DISSIDENT]}, **kw)
    play(game, C, TEAR_GAS, ["event"])
    return game


def test_tear_gas_adds_one_to_the_next_communist_student_check_only(events):
    """#30: a Communist check on a Worker space does not use it; his next
    check against a Student space gets +1, then the card leaves the game;
    a later Student check gets no bonus."""
    game = tear_gas(events)
    dice = fix_dice(game, [1, 1, 1])
    play(game, C, APPARATCHIKS, ["check", "Gdansk", "Jagiellonian University"])
    play(game, C, DISSIDENT, ["check", "Charles University", "stop"])
    assert texts(game, "check") == [
        "communist support check in Gdansk: roll 1 +2 Ops = 3 vs 6: fails",
        "communist support check in Jagiellonian University: roll 1 +2 Ops +1 lasting effects "
        "= 4 vs 2: removes 2, adds 0",
        "communist support check in Charles University: roll 1 +2 Ops = 3 vs 2: "
        "removes 1, adds 0",
    ]
    assert texts(game, "effect_ends") == ["#30 Tear Gas is no longer in effect"]
    # The log tells it in order: the check with its +1, then the card leaves.
    kinds = [e["kind"] for e in game.log if e["kind"] in ("check", "effect_ends")]
    assert kinds == ["check", "check", "effect_ends", "check"]
    assert game.state["effects"] == [] and game.state["display"] == []
    assert game.state["removed"] == [TEAR_GAS]
    assert game.state["discard"] == [APPARATCHIKS, DISSIDENT] and not dice


def test_tear_gas_is_not_used_by_a_democrat_student_check(events):
    """#30 helps only the Communist: a Democrat check against a Student space
    gets no +1 and leaves the card in front of the Communist."""
    game = position(events, communist={"Jagiellonian University": 2},
                    hands={C: [TEAR_GAS], D: [MICHNIK]})
    play(game, C, TEAR_GAS, ["event"])
    dice = fix_dice(game, [1])
    play(game, D, MICHNIK, ["check", "Jagiellonian University", "stop"])
    assert texts(game, "check") == [
        "democrat support check in Jagiellonian University: roll 1 +1 Ops = 2 vs 2: fails"]
    assert effect_cards(game) == [TEAR_GAS] and not dice


def test_tear_gas_for_democrat_ops_goes_in_front_of_the_communist(events):
    """5.2: the Democrat plays #30 for its 1 Op; the Communist event happens
    and the lasting card goes on display, neither discarded nor removed."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [TEAR_GAS]}, phasing=D)
    play(game, D, TEAR_GAS, ["place", "after", "Gdansk"])
    assert sps(game, D) == {"Gdansk": 2}
    assert game.state["display"] == [TEAR_GAS] and effect_cards(game) == [TEAR_GAS]
    assert game.state["discard"] == [] and game.state["removed"] == []


# ====================================================== #31 Intelligentsia
def test_intelligentsia_four_in_intellectual_spaces_at_most_two_per_space(events):
    """#31: 4 Democratic SPs in Intellectual (Writers) spaces, at most 2 in
    one; not asterisked: discarded."""
    game = position(events, hands={D: [INTELLIGENTSIA]}, phasing=D)
    seen = []
    play(game, D, INTELLIGENTSIA, ["event", "Polish Writers", "Polish Writers", "Czech Writers",
                                   "German Writers"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 4
    writers = of_type("intellectual")
    assert names(seen[1].options) == writers
    assert names(seen[3].options) == [n for n in writers if n != "Polish Writers"]
    assert sps(game, D) == {"German Writers": 1, "Polish Writers": 2, "Czech Writers": 1}
    assert game.state["discard"] == [INTELLIGENTSIA] and game.state["removed"] == []
    assert game.state["events_played"] == [INTELLIGENTSIA]


def test_intelligentsia_for_communist_ops_the_democrat_places(events):
    """5.2: the Communist plays #31 for 2 Ops; the Democrat places the 4 SPs
    (here first); the card is discarded."""
    game = position(events, communist={"Warszawa": 1}, hands={C: [INTELLIGENTSIA]})
    seen = []
    play(game, C, INTELLIGENTSIA, ["place", "before", "Bulgarian Writers", "Bulgarian Writers",
                                   "Romanian Writers", "Romanian Writers", "Warszawa",
                                   "Warszawa"], seen)
    assert kinds(seen)[2:6] == [("space", D)] * 4
    assert sps(game, D) == {"Romanian Writers": 2, "Bulgarian Writers": 2}
    assert sps(game, C) == {"Warszawa": 3} and game.state["discard"] == [INTELLIGENTSIA]


# ===================================================== #32 Peasant Parties
def test_peasant_parties_four_in_farmer_spaces_at_most_two_per_space(events):
    """#32: 4 Communist SPs in Farmer spaces (any country), at most 2 in one;
    removed (asterisk)."""
    game = position(events, hands={C: [PEASANT_PARTIES]})
    seen = []
    play(game, C, PEASANT_PARTIES, ["event", "Erfurt", "Erfurt", "Pecs", "Sliven"], seen)
    farmers = of_type("farmer")
    assert len(farmers) == 11 and names(seen[1].options) == farmers
    assert names(seen[3].options) == [n for n in farmers if n != "Erfurt"]
    assert sps(game, C) == {"Erfurt": 2, "Pecs": 1, "Sliven": 1}
    assert game.state["removed"] == [PEASANT_PARTIES]
    assert game.state["events_played"] == [PEASANT_PARTIES]


def test_peasant_parties_for_democrat_ops_before(events):
    """5.2: the Democrat plays #32 for 2 Ops, Communist event first; the
    Communist places; the Democrat then uses his Ops; removed."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [PEASANT_PARTIES]}, phasing=D)
    seen = []
    play(game, D, PEASANT_PARTIES, ["place", "before", "Bialystok", "Bialystok", "Lublin",
                                    "Kosice", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D)] + [("space", C)] * 4 + [
        ("place", D)] * 2
    assert sps(game, C) == {"Bialystok": 2, "Lublin": 1, "Kosice": 1}
    assert sps(game, D) == {"Gdansk": 3} and game.state["removed"] == [PEASANT_PARTIES]


# =============================================================== #34 FIDESZ
def test_fidesz_five_in_eotvos_lorand_university(events):
    """#34: 5 Democratic SPs in Eotvos Lorand University; removed."""
    game = position(events, democrat={"Eotvos Lorand University": 1}, hands={D: [FIDESZ]},
                    phasing=D)
    seen = []
    play(game, D, FIDESZ, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert sps(game, D) == {"Eotvos Lorand University": 6}
    assert game.state["removed"] == [FIDESZ] and game.state["events_played"] == [FIDESZ]


def test_fidesz_for_communist_ops(events):
    """5.2: the Communist plays #34 for 2 Ops; the Democrat event happens."""
    game = position(events, communist={"Budapest": 1}, hands={C: [FIDESZ]})
    play(game, C, FIDESZ, ["place", "after", "Budapest", "Budapest"])
    assert sps(game, D) == {"Eotvos Lorand University": 5} and sps(game, C) == {"Budapest": 3}
    assert game.state["removed"] == [FIDESZ]


# ============================================ #35 Heal Our Bleeding Wound
@pytest.mark.parametrize("turn, vp", [(1, -3), (3, -3), (4, -1), (7, -1), (8, 3), (10, 3)])
def test_heal_our_bleeding_wound_vp_by_the_year(events, turn, vp):
    """#35 / 4.1: in the Early Year (turns 1-3) the Communist gains 3 VP, in
    the Middle Year (4-7) 1 VP, in the Late Year (8-10) the Democrat gains
    3 VP (VP positive toward the Democrat)."""
    game = position(events, hands={C: [HEAL]}, turn=turn)
    play(game, C, HEAL, ["event"])
    assert game.state["vp"] == vp
    assert texts(game, "vp") == [f"VP {vp:+d} (#35 Heal Our Bleeding Wound); now {vp:+d}"]
    assert game.state["removed"] == [HEAL] and game.state["events_played"] == [HEAL]


def test_heal_our_bleeding_wound_for_democrat_ops_in_the_late_year(events):
    """5.2: in the Late Year the Democrat plays #35 for 3 Ops; the Communist
    event still happens and gives the Democrat 3 VP; the card is removed."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [HEAL]}, phasing=D, turn=8)
    play(game, D, HEAL, ["place", "before", "Gdansk", "Gdansk", "Gdansk"])
    assert game.state["vp"] == 3 and sps(game, D) == {"Gdansk": 4}
    assert game.state["removed"] == [HEAL]


# =================================================== #36 Dash for the West
def dash(events, **kw):
    """Berlin and Leipzig Communist-controlled, Dresden (Stability 4) not:
    2 Communist-controlled East German spaces."""
    game = position(events, communist={"Berlin": 3, "Leipzig": 3, "Dresden": 3},
                    hands={D: [DASH]}, phasing=D, **kw)
    discard(game, MICHNIK, JAN_PALACH, INTELLIGENTSIA, APPARATCHIKS, WALESA, POLAND_SCORING)
    return game


def test_dash_for_the_west_success_replays_a_starred_democrat_event(events):
    """#36: die 3 > 2 Communist-controlled East German spaces: +1 VP, and the
    Democrat may take a Democrat asterisk event from the discard pile
    (not a non-asterisk card, a Communist card, a Scoring card, nor Walesa
    whose prerequisite is unmet, 7.1); it happens at once for him and that
    card leaves the game."""
    game = dash(events)
    dice = fix_dice(game, [3])
    seen = []
    play(game, D, DASH, ["event", "yes", JAN_PALACH], seen)
    assert kinds(seen) == [("use", D), ("may", D), ("pick_card", D)]
    assert seen[2].options == [MICHNIK, JAN_PALACH]
    assert game.state["vp"] == 1 and sps(game, D) == {"Charles University": 6}
    assert game.state["removed"] == [JAN_PALACH, DASH]
    assert game.state["discard"] == [MICHNIK, INTELLIGENTSIA, APPARATCHIKS, WALESA,
                                     POLAND_SCORING]
    assert game.state["events_played"] == [JAN_PALACH, DASH] and not dice


def test_dash_for_the_west_the_democrat_may_decline_the_card(events):
    """#36 "may": on success the Democrat still gains 1 VP if he declines."""
    game = dash(events)
    fix_dice(game, [6])
    seen = []
    play(game, D, DASH, ["event", "no"], seen)
    assert kinds(seen) == [("use", D), ("may", D)]
    assert seen[1].prompt == ("democrat: choose 1 card with a playable democrat event removed "
                              "after event from the discard pile?")  # the card's own words
    assert game.state["vp"] == 1 and sps(game, D) == {}
    assert game.state["discard"] == [MICHNIK, JAN_PALACH, INTELLIGENTSIA, APPARATCHIKS, WALESA,
                                     POLAND_SCORING]
    assert game.state["removed"] == [DASH]


def test_dash_for_the_west_roll_not_greater_does_nothing(events):
    """#36: a roll equal to the number of Communist-controlled East German
    spaces is not greater: nothing happens; the event was still played and
    the card leaves the game (ruling R43)."""
    game = dash(events)
    dice = fix_dice(game, [2])
    seen = []
    play(game, D, DASH, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert game.state["vp"] == 0 and game.state["removed"] == [DASH]
    assert game.state["events_played"] == [DASH] and not dice


def test_dash_for_the_west_with_no_starred_democrat_card_asks_nothing(events):
    """#36 / ruling R50: success but no eligible card in the discard pile:
    +1 VP, and the "may" is not offered."""
    game = position(events, hands={D: [DASH]}, phasing=D)
    discard(game, INTELLIGENTSIA, APPARATCHIKS)
    fix_dice(game, [1])  # 1 > 0 Communist-controlled spaces
    seen = []
    play(game, D, DASH, ["event"], seen)
    assert kinds(seen) == [("use", D)]
    assert game.state["vp"] == 1 and game.state["discard"] == [INTELLIGENTSIA, APPARATCHIKS]


def test_dash_for_the_west_lasting_event_taken_goes_on_display(events):
    """#36 taking Helsinki Final Act (a lasting asterisk event) from the
    discards: the single candidate is taken once he says yes; the card goes
    in front of the players (7.2), its effect in force."""
    game = position(events, hands={D: [DASH]}, phasing=D)
    discard(game, HELSINKI)
    fix_dice(game, [4])
    seen = []
    play(game, D, DASH, ["event", "yes"], seen)
    assert kinds(seen) == [("use", D), ("may", D)]
    assert game.state["display"] == [HELSINKI] and effect_cards(game) == [HELSINKI]
    assert game.state["discard"] == [] and game.state["removed"] == [DASH]
    assert game.state["events_played"] == [HELSINKI, DASH]


def test_dash_for_the_west_for_communist_ops_the_democrat_rolls_and_picks(events):
    """5.2: the Communist plays #36 for 3 Ops, Democrat event after; the
    Democrat rolls and makes the choices; both cards leave the game."""
    game = dash(events)
    game.state["hands"][D].remove(DASH)
    move_card(game, DASH, ("hand", C))
    dice = fix_dice(game, [5])
    seen = []
    play(game, C, DASH, ["place", "after", "Berlin", "Berlin", "Berlin", "yes", MICHNIK], seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("place", C)] * 3 + [
        ("may", D), ("pick_card", D)]
    assert game.state["vp"] == 1 and sps(game, D) == {"Polish Writers": 3}
    assert sp(game, C, "Berlin") == 6
    assert game.state["removed"] == [MICHNIK, DASH] and not dice
    assert texts(game, "roll") == ["democrat rolls 5 (#36 Dash for the West)"]


# ======================================================== #37 Nagy Reburied
def test_nagy_reburied_clears_szombathely_then_four_in_hungary(events):
    """#37: every Communist SP leaves the Hungarian Elite space (Szombathely;
    the Democrat's stay), then 4 Communist SPs anywhere in Hungary, at most
    2 per space (Szombathely again allowed)."""
    game = position(events, democrat={"Szombathely": 2},
                    communist={"Szombathely": 3, "Budapest": 1}, hands={C: [NAGY]})
    seen = []
    play(game, C, NAGY, ["event", "Szombathely", "Szombathely", "Budapest", "Budapest"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 4
    assert names(seen[1].options) == of_country("Hungary")
    assert names(seen[3].options) == [n for n in of_country("Hungary") if n != "Szombathely"]
    assert texts(game, "sp")[0] == "communist SPs in Szombathely -3"
    assert sps(game, C) == {"Szombathely": 2, "Budapest": 3}
    assert sps(game, D) == {"Szombathely": 2}
    assert game.state["removed"] == [NAGY] and game.state["events_played"] == [NAGY]


def test_nagy_reburied_for_democrat_ops_the_communist_places(events):
    """5.2: the Democrat plays #37 for 3 Ops, Communist event first; with no
    Communist SP in Szombathely nothing is removed; the Communist places."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Szeged": 1},
                    hands={D: [NAGY]}, phasing=D)
    seen = []
    play(game, D, NAGY, ["place", "before", "Szeged", "Pecs", "Pecs", "Szeged",
                         "Gdansk", "Gdansk", "Gdansk"], seen)
    assert kinds(seen) == [("use", D), ("event_order", D)] + [("space", C)] * 4 + [
        ("place", D)] * 3
    assert sps(game, C) == {"Szeged": 3, "Pecs": 2} and sps(game, D) == {"Gdansk": 4}
    assert game.state["removed"] == [NAGY]


# ==================================================== #38 The July Concept
def test_july_concept_three_anywhere_in_bulgaria(events):
    """#38: 3 Communist SPs anywhere in Bulgaria, split as the Communist
    likes (no limit per space); only Bulgarian spaces are offered."""
    game = position(events, democrat={"Ruse": 4}, hands={C: [JULY_CONCEPT]})
    seen = []
    play(game, C, JULY_CONCEPT, ["event", "Ruse", "Ruse", "Ruse"], seen)
    assert kinds(seen) == [("use", C)] + [("space", C)] * 3
    assert all(names(d.options) == of_country("Bulgaria") for d in seen[1:])
    assert sps(game, C) == {"Ruse": 3} and sps(game, D) == {"Ruse": 4}
    assert game.state["removed"] == [JULY_CONCEPT]
    assert game.state["events_played"] == [JULY_CONCEPT]


def test_july_concept_for_democrat_ops(events):
    """5.2: the Democrat plays #38 for 3 Ops; the Communist places the SPs."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [JULY_CONCEPT]}, phasing=D)
    play(game, D, JULY_CONCEPT, ["place", "after", "Gdansk", "Gdansk", "Gdansk",
                                 "Sofia", "Varna", "Sofia"])
    assert sps(game, C) == {"Sofia": 2, "Varna": 1} and sps(game, D) == {"Gdansk": 4}
    assert game.state["removed"] == [JULY_CONCEPT]


# ======================================================= #39 Eco-Glasnost
def test_eco_glasnost_four_in_ruse_and_each_communist_check_there_pays(events):
    """#39: 4 Democratic SPs in Ruse; for the rest of the game each Communist
    support check against Ruse gives the Democrat 1 VP, failed or not;
    Communist checks elsewhere and Democrat checks in Ruse give nothing."""
    game = position(events, democrat={"Varna": 1}, communist={"Ruse": 2},
                    hands={D: [ECO_GLASNOST, MICHNIK], C: [APPARATCHIKS, DISSIDENT]}, phasing=D)
    play(game, D, ECO_GLASNOST, ["event"])
    assert sps(game, D) == {"Ruse": 4, "Varna": 1}
    assert game.state["display"] == [ECO_GLASNOST] and effect_cards(game) == [ECO_GLASNOST]
    assert game.state["effects"][0]["until"] == "end_of_game"
    dice = fix_dice(game, [1, 6, 1, 1])
    play(game, C, APPARATCHIKS, ["check", "Ruse", "Ruse"])
    assert texts(game, "check") == [
        "communist support check in Ruse: roll 1 +2 Ops = 3 vs 6: fails",
        "communist support check in Ruse: roll 6 +2 Ops = 8 vs 6: removes 2, adds 0",
    ]
    assert game.state["vp"] == 2 and sps(game, D) == {"Ruse": 2, "Varna": 1}
    play(game, C, DISSIDENT, ["check", "Varna", "stop"])
    play(game, D, MICHNIK, ["check", "Ruse", "stop"])
    assert len(logs(game, "check")) == 4 and game.state["vp"] == 2 and not dice


def test_eco_glasnost_for_communist_ops_before_his_ruse_checks_pay(events):
    """5.2: the Communist plays #39 for 2 Ops (two checks) with the Democrat
    event first: the Democrat's 4 SPs arrive in Ruse and both Communist
    checks there give the Democrat 1 VP; the lasting card goes on display."""
    game = position(events, communist={"Ruse": 1}, hands={C: [ECO_GLASNOST]})
    dice = fix_dice(game, [6, 1])
    seen = []
    play(game, C, ECO_GLASNOST, ["check", "before", "Ruse", "Ruse"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C), ("check", C), ("check", C)]
    assert texts(game, "check") == [
        "communist support check in Ruse: roll 6 +2 Ops = 8 vs 6: removes 2, adds 0",
        "communist support check in Ruse: roll 1 +2 Ops = 3 vs 6: fails",
    ]
    assert game.state["vp"] == 2 and sps(game, D) == {"Ruse": 2} and not dice
    assert game.state["display"] == [ECO_GLASNOST] and game.state["removed"] == []
    assert game.state["events_played"] == [ECO_GLASNOST]


# ========================================= #40 Hungarian Democratic Forum
def test_hungarian_democratic_forum_three_in_hungary_then_one_hungarian_check(events):
    """#40: 3 Democratic SPs anywhere in Hungary, then ONE support check in
    Hungary with the card's 3 Ops; the new SPs count for adjacency
    (Tatabanya now Democrat-controlled next to Budapest, ruling R44); a
    Communist space outside Hungary is no target; removed."""
    game = position(events, communist={"Budapest": 2, "Gdansk": 2}, hands={D: [HDF]},
                    phasing=D)
    dice = fix_dice(game, [4])
    seen = []
    play(game, D, HDF, ["event", "Tatabanya", "Tatabanya", "Tatabanya", "Budapest"], seen)
    assert kinds(seen) == [("use", D)] + [("space", D)] * 3 + [("check", D)]
    assert names(seen[1].options) == of_country("Hungary")
    assert names(seen[4].options) == ["Budapest", "stop"] and seen[4].context["ops"] == 3
    assert texts(game, "check") == [
        "democrat support check in Budapest: roll 4 +3 Ops +1 adjacent friendly control "
        "= 8 vs 6: removes 2, adds 0"]
    assert sps(game, D) == {"Tatabanya": 3} and sps(game, C) == {"Gdansk": 2}
    assert game.state["removed"] == [HDF] and game.state["events_played"] == [HDF]
    assert not dice


def test_hungarian_democratic_forum_with_no_communist_sp_in_hungary(events):
    """#40 with no Communist SP in Hungary: the SPs are placed, there is no
    check target (6.2.3); the event is played and removed."""
    game = position(events, communist={"Gdansk": 2}, hands={D: [HDF]}, phasing=D)
    play(game, D, HDF, ["event", "Szeged", "Pecs", "Pecs"])
    assert sps(game, D) == {"Szeged": 1, "Pecs": 2}
    assert texts(game, "no_target") == ["democrat has no legal support check target"]
    assert game.state["removed"] == [HDF]


def test_hungarian_democratic_forum_for_communist_ops(events):
    """5.2: the Communist plays #40 for 3 Ops, Democrat event first: the
    Democrat places and checks (before the Communist's placement)."""
    game = position(events, communist={"Budapest": 1, "Warszawa": 1}, hands={C: [HDF]})
    dice = fix_dice(game, [3])
    seen = []
    play(game, C, HDF, ["place", "before", "Szeged", "Szeged", "Szeged", "Budapest",
                        "Warszawa", "Warszawa", "Warszawa"], seen)
    assert kinds(seen) == [("use", C), ("event_order", C)] + [("space", D)] * 3 + [
        ("check", D)] + [("place", C)] * 3
    # Budapest: 3 + 3 = 6 vs 6: fails (Szeged, D 3 of Stability 4, not controlled).
    assert texts(game, "check") == [
        "democrat support check in Budapest: roll 3 +3 Ops = 6 vs 6: fails"]
    assert sps(game, D) == {"Szeged": 3} and sps(game, C) == {"Budapest": 1, "Warszawa": 4}
    assert game.state["removed"] == [HDF] and not dice

