"""Card events, batch B, played through the public engine API.

Each test builds a real game (``Game.new`` with the built-in card files), sets
an exact position, puts the card in the phasing player's hand, plays it with
``engine.actions.play_card`` (or runs whole turn steps) answering every
decision from a script, with fixed dice, and checks the exact resulting state.
Card texts: reference/cards.yaml; rulings: reference/rules-diff.md section B.
"""

from __future__ import annotations

import pytest
from card_play import effect_cards, play, ps_ids, set_hand, stack_ps_deck
from helpers import DATA, drive, fix_dice, logs, new_game, sid, sp

from dof.engine.programs.selectors import Context, holds
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.piles import move_card
from dof.engine.rules.scoring import score_country

D, C = "democrat", "communist"

SAJUDIS, GOODBYE_LENIN, LI_PENG, CROWD, AUSTRIA_HUNGARY = 33, 46, 53, 54, 58
SYSTEMATIZATION, NEPOTISM, TANK_COLUMN, WALL_MUST_GO, TYRANT = 69, 80, 85, 86, 97
NEW_YEARS_EVE, KREMLIN_COUP = 104, 109
MICHNIK, SOLIDARITY, PRUDENCE, THE_WALL, ROUNDTABLE = 4, 2, 8, 9, 17
BALTIC_WAY, BREAKAWAY = 81, 84
CULT, CEAUSESCU, ELENA, MASSACRE = 10, 41, 101, 107
POLAND_SCORING, ROMANIA_SCORING = 22, 95


# ----------------------------------------------------------------- helpers
def position(events, democrat=None, communist=None, hands=None, seed=1):
    """A game with an exact board; ``hands`` = {side: [cards]} are moved into
    those hands from wherever they are (deck, other hand, discards)."""
    game = new_game(democrat, communist, seed=seed, events=events)
    for side, cards in (hands or {}).items():
        for card in cards:
            move_card(game, card, ("hand", side))
    return game


# ================================================================= Sajudis
def test_sajudis_vp_minority_control_and_ussr_track(events):
    """#33 Sajudis: +1 VP, enough Democratic SPs to control one Minority space,
    the U.S.S.R. marker moves to the Sajudis box (12.2); asterisk: removed."""
    game = position(events, communist={"Harghita/Covasna": 2}, hands={D: [SAJUDIS]})
    seen = []
    play(game, D, SAJUDIS, ["event", "Harghita/Covasna"], seen)
    assert seen[1].options == [sid("Harghita/Covasna"), sid("Razgrad")]
    assert sp(game, D, "Harghita/Covasna") == 6 and sp(game, C, "Harghita/Covasna") == 2
    assert sp(game, D, "Razgrad") == 0
    assert game.state["vp"] == 1 and game.state["ussr"] == 1
    assert SAJUDIS in game.state["removed"] and SAJUDIS in game.state["events_played"]


def test_sajudis_meets_the_prerequisite_of_the_baltic_way(events):
    """12.1-12.3 / B.9.4: The Baltic Way requires Sajudis; its prerequisite
    holds only once the Sajudis event has occurred (a played-for-Ops Sajudis
    does not count)."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [SAJUDIS]})
    requires = events.deck.cards[BALTIC_WAY].requires
    assert requires == [{"cond": "event_occurred", "card": SAJUDIS}]
    ctx = Context(you=D, card=BALTIC_WAY)
    assert not all(holds(game, cond, ctx) for cond in requires)
    play(game, D, SAJUDIS, ["place", "Gdansk", "Gdansk"])
    assert not all(holds(game, cond, ctx) for cond in requires)
    assert SAJUDIS in game.state["discard"]
    play(game, D, SAJUDIS, ["event", "Razgrad"])
    assert all(holds(game, cond, ctx) for cond in requires)


# =========================================================== Goodbye Lenin!
def test_goodbye_lenin_fires_a_red_titled_card_from_the_communist_hand(events):
    """#46 Goodbye Lenin!: the Communist reveals his red-titled cards; the
    Democrat picks one and its event happens for him at once (11.3). The red
    card leaves the Communist's hand (removed: asterisk event happened)."""
    game = position(events, hands={D: [GOODBYE_LENIN]})
    set_hand(game, C, [SAJUDIS, SOLIDARITY, LI_PENG])
    seen = []
    play(game, D, GOODBYE_LENIN, ["event", 0, SAJUDIS, "Razgrad"], seen)
    assert [d.kind for d in seen] == ["use", "option", "pick_card", "space"]
    assert seen[2].options == [SAJUDIS, SOLIDARITY]  # only the red titles
    assert game.hand(C) == [SOLIDARITY, LI_PENG]
    assert sp(game, D, "Razgrad") == 4 and game.state["vp"] == 1 and game.state["ussr"] == 1
    assert {SAJUDIS, GOODBYE_LENIN} <= set(game.state["removed"])
    assert game.state["events_played"] == [SAJUDIS, GOODBYE_LENIN]


def test_goodbye_lenin_offers_only_red_events_that_can_take_place(events):
    """7.1: a red card whose prerequisite is unmet (The Baltic Way before
    Sajudis) is not offered; with no red event that can take place the
    Democrat is not asked to choose and uses the Ops."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [GOODBYE_LENIN]})
    set_hand(game, C, [BALTIC_WAY, SAJUDIS])
    seen = []
    play(game, D, GOODBYE_LENIN, ["event", 0, "Razgrad"], seen)  # Sajudis: the only choice
    assert [d.kind for d in seen] == ["use", "option", "space"]
    assert game.hand(C) == [BALTIC_WAY] and SAJUDIS in game.state["events_played"]
    game = position(events, democrat={"Gdansk": 1}, hands={D: [GOODBYE_LENIN]})
    set_hand(game, C, [BALTIC_WAY, LI_PENG])
    seen = []
    play(game, D, GOODBYE_LENIN, ["event", "place", "Gdansk", "Gdansk", "Gdansk"], seen)
    assert [d.kind for d in seen[:2]] == ["use", "use"]
    assert game.hand(C) == [BALTIC_WAY, LI_PENG] and sp(game, D, "Gdansk") == 4


def test_goodbye_lenin_may_be_used_for_its_ops_instead(events):
    """#46: alternatively the Democrat uses Goodbye Lenin!'s 3 Ops; the
    Communist's hand is untouched."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [GOODBYE_LENIN]})
    set_hand(game, C, [SAJUDIS])
    play(game, D, GOODBYE_LENIN, ["event", 1, "place", "Gdansk", "Gdansk", "Gdansk"])
    assert sp(game, D, "Gdansk") == 4 and game.hand(C) == [SAJUDIS]
    assert GOODBYE_LENIN in game.state["removed"]


@pytest.mark.parametrize("where", ["attempted this turn", "last box"])
def test_goodbye_lenin_ops_offer_no_illegal_tiananmen_attempt(events, where):
    """6.3.3 / 6.3.7: an event's Operations pass the same gate as a card
    played for Ops: no attempt after this turn's attempt, none from the last
    box (it used to be offered there and crashed the game)."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [GOODBYE_LENIN]})
    if where == "last box":
        game.state["tiananmen"][D] = len(DATA.tiananmen)
    else:
        game.state["tst_used"][D] = True
    seen = []
    play(game, D, GOODBYE_LENIN, ["event", 1, "place", "Gdansk", "Gdansk", "Gdansk"], seen)
    assert seen[2].kind == "use" and seen[2].options == ["place", "check"]
    assert sp(game, D, "Gdansk") == 4


def test_goodbye_lenin_ops_take_the_7_3_modifiers(events):
    """7.3.3: Ops an event grants are modified like a card played for Ops:
    under the Sinatra Doctrine (+1) Goodbye Lenin!'s 3 Ops place 4 SPs."""
    game = position(events, democrat={"Gdansk": 1}, hands={D: [GOODBYE_LENIN]})
    game.state["effects"].append({
        "id": 99, "card": None, "box": None, "owner": D, "hook": "ops_value",
        "rule": {"hook": "ops_value", "player": "you", "delta": 1}, "until": "end_of_turn",
        "uses": None, "country": None, "vars": {}, "group": 99})
    seen = []
    play(game, D, GOODBYE_LENIN, ["event", 1, "place"] + ["Gdansk"] * 4, seen)
    assert seen[3].context["ops_left"] == 4 and sp(game, D, "Gdansk") == 5


def test_goodbye_lenin_ops_ask_for_the_austria_hungary_declaration(events):
    """11.1 / ruling R37: an event's Ops may earn Austria-Hungary Border
    Reopened's +1 when declared, which binds them to East Germany."""
    game = position(events, democrat={"Lutheran Church": 1, "Gdansk": 1},
                    hands={D: [GOODBYE_LENIN]})
    play(game, D, AUSTRIA_HUNGARY, ["event"])
    seen = []
    play(game, D, GOODBYE_LENIN, ["event", 1, "place", "yes"] + ["Leipzig"] * 4, seen)
    assert [d.kind for d in seen[:4]] == ["use", "option", "use", "declare"]
    assert {DATA.spaces[s].country for s in seen[4].options} == {"East Germany"}
    assert sp(game, D, "Leipzig") == 4


# ================================================================== Li Peng
# ============================================ Austria-Hungary Border Reopened
def test_austria_hungary_7_3_1_example_with_students_rally_and_prudence(events):
    """7.3.1 EXAMPLE (2020): Prudence (-1) is in effect against the Democrat,
    who holds Students Rally (box 2, +1 on a printed 1) and then plays #58
    Austria-Hungary Border Reopened. Michnik (1 Op) placed wholly in East
    Germany, bonus declared (11.1): 1 + 1 + 1 - 1 = 2 SPs in Leipzig.
    Roundtable Talks (3) for checks outside East Germany: only Prudence, 2 Ops."""
    game = position(events, democrat={"Lutheran Church": 1}, communist={"Warszawa": 2})
    game.state["tiananmen"][D] = 1
    play(game, C, PRUDENCE, ["event"])
    play(game, D, TANK_COLUMN, ["event"])  # reaches Students Rally (box 2)
    play(game, D, AUSTRIA_HUNGARY, ["event"])
    assert effect_cards(game) == [PRUDENCE, AUSTRIA_HUNGARY]
    seen = []
    play(game, D, MICHNIK, ["place", "yes", "Leipzig", "Leipzig"], seen)
    assert [d.kind for d in seen] == ["use", "declare", "place", "place"]
    assert seen[2].context["ops_left"] == 2
    assert {DATA.spaces[s].country for s in seen[2].options} == {"East Germany"}
    assert sp(game, D, "Leipzig") == 2
    seen = []
    play(game, D, ROUNDTABLE, ["check", "no", "Warszawa", "stop"], seen)
    assert seen[2].context["ops"] == 2 and sid("Warszawa") in seen[2].options


def test_austria_hungary_checks_declared_bind_both_to_east_germany(events):
    """11.1 / B.4.7: declaring the bonus before the first roll commits both
    support checks to East Germany; they use 3 + 1 = 4 Ops."""
    game = position(events, democrat={"Lutheran Church": 5},
                    communist={"Leipzig": 5, "Warszawa": 3})
    play(game, D, AUSTRIA_HUNGARY, ["event"])
    fix_dice(game, [4, 1])
    seen = []
    play(game, D, ROUNDTABLE, ["check", "yes", "Leipzig", "Leipzig"], seen)
    assert sid("Warszawa") not in seen[2].options and "stop" in seen[2].options
    assert seen[2].context["ops"] == 4
    # 4 + 4 + 1 (Lutheran Church) = 9 vs 6: removes 3; then 1 + 4 + 1 = 6: fails
    assert sp(game, C, "Leipzig") == 2 and sp(game, D, "Leipzig") == 0


# ========================================================== Systematization
def test_systematization_destroys_a_space_and_joins_its_neighbours(events):
    """#69 Systematization: the Communist picks a Romanian space other than
    Bucuresti; its Democratic SPs are removed, its Communist SPs go to
    Bucuresti, the space leaves the map and its neighbours become adjacent."""
    game = position(events, democrat={"Babes-Bolyai University": 2},
                    communist={"Babes-Bolyai University": 3, "Bucuresti": 1})
    babes, writers = sid("Babes-Bolyai University"), sid("Romanian Writers")
    cluj = sid("Cluj-Napoca")
    seen = []
    play(game, C, SYSTEMATIZATION, ["event", "Babes-Bolyai University"], seen)
    assert sid("Bucuresti") not in seen[1].options and len(seen[1].options) == 13
    st = game.state
    assert st["destroyed"] == [babes]
    assert st["sp"][D][babes] == 0 and st["sp"][C][babes] == 0
    assert sp(game, C, "Bucuresti") == 4
    assert game.adjacent[writers] == (cluj,) and writers in game.adjacent[cluj]
    assert babes not in game.adjacent[cluj] and game.adjacent[babes] == ()
    assert SYSTEMATIZATION in st["removed"]


def test_systematization_romania_scores_only_the_remaining_spaces(events):
    """#69 with 9.3 / B.7.2: a destroyed Battleground no longer counts: the
    Communist holding the 5 remaining Battlegrounds has Control (6 + 5 VP);
    a destroyed space is no longer a target."""
    game = position(events, communist={"Timisoara": 1, "Cluj-Napoca": 4, "Iasi": 3,
                                       "Brasov": 3, "Bucuresti": 3, "Galati": 3})
    play(game, C, SYSTEMATIZATION, ["event", "Timisoara"])
    assert sp(game, C, "Bucuresti") == 4
    assert score_country(game, "Romania") == -11 and game.state["vp"] == -11
    play(game, C, SYSTEMATIZATION, ["event", "Craiova"])
    assert sid("Timisoara") not in game.adjacent[sid("Craiova")]
    assert sorted(game.state["destroyed"]) == [sid("Timisoara"), sid("Craiova")]


# ================================================================= Nepotism
@pytest.mark.parametrize("roll, placed", [(1, 4), (2, 4), (3, 3), (4, 3), (5, 1), (6, 1)])
def test_nepotism_table(events, roll, placed):
    """#80 Nepotism: a die roll places 4 (1-2), 3 (3-4) or 1 (5-6) Communist
    SPs in Balkan Worker spaces, split as the Communist likes."""
    game = position(events)
    fix_dice(game, [roll])
    seen = []
    answers = ["event"] + ["Iasi", "Ruse"] * 2
    play(game, C, NEPOTISM, answers[: placed + 1], seen)
    workers = {s.id for s in DATA.spaces
               if s.type == "worker" and s.country in ("Romania", "Bulgaria")}
    assert set(seen[1].options) == workers
    assert sum(game.state["sp"][C]) == placed
    assert sp(game, C, "Iasi") == (placed + 1) // 2 and sp(game, C, "Ruse") == placed // 2


# ===================================================== Tank Column/Tank Man
def test_tank_column_moves_one_box_with_the_award(events):
    """#85 Tank Column/Tank Man (6.3.4): the player moves his own marker one
    box and takes the award if first there (box 4: remove 2 opposing SPs). It
    is not an attempt: his attempt for the turn is still open (B.6.1)."""
    game = position(events, communist={"Warszawa": 3, "Gdansk": 1})
    game.state["tiananmen"][D] = 3
    game.state["tst_tries"][D] = 2
    play(game, D, TANK_COLUMN, ["event", "Warszawa", "Gdansk"])
    st = game.state
    assert st["tiananmen"] == {D: 4, C: 0}
    assert sp(game, C, "Warszawa") == 2 and sp(game, C, "Gdansk") == 0
    assert st["tst_used"][D] is False and st["tst_tries"][D] == 0  # B.6.2 reset
    assert TANK_COLUMN in st["removed"]


def test_tank_column_is_neutral_the_communist_moves_his_own_marker(events):
    """#85 is a silver event: played by the Communist it moves the Communist's
    marker; reaching box 1 after the Democrat gives no award (6.3.5) and ends
    the Democrat's lasting award there."""
    game = position(events)
    game.state["tiananmen"][D] = 1
    drive(game, events.box_award(game, 1, D))  # the Democrat arrived first
    assert [e["box"] for e in game.state["effects"]] == [1]
    play(game, C, TANK_COLUMN, ["event"])
    assert game.state["tiananmen"] == {D: 1, C: 1} and game.state["effects"] == []


def test_tank_column_at_the_last_box_has_no_effect(events):
    """B.6.9: at the final box the event has no effect (the card still
    counts as played: asterisk, removed)."""
    game = position(events)
    game.state["tiananmen"][D] = 8
    play(game, D, TANK_COLUMN, ["event"])
    assert game.state["tiananmen"][D] == 8 and TANK_COLUMN in game.state["removed"]


def test_tank_column_played_for_ops_has_no_event(events):
    """Ruling R17 (B.4.2): a silver event does not happen when the card is
    played for Operations, by either player."""
    game = position(events, communist={"Warszawa": 1})
    play(game, C, TANK_COLUMN, ["place", "Warszawa", "Warszawa"])
    assert game.state["tiananmen"] == {D: 0, C: 0} and TANK_COLUMN in game.state["discard"]


# ======================================================== The Wall Must Go!
WALL_BOARD = dict(democrat={"Leipzig": 3, "Lutheran Church": 5, "Dresden": 1},
                  communist={"Berlin": 3, "Dresden": 2, "Schwerin": 2})


def test_the_wall_must_go_success_scores_and_cancels_the_wall(events):
    """#86 The Wall Must Go!: best of 3, each adding the East German spaces he
    controls (Democrat 2, Communist 1); a tie is rerolled. The Democrat wins
    2-1: +3 VP, the Communist removes 3 of his SPs in East Germany, and The
    Wall (in effect) is cancelled for good."""
    game = position(events, **WALL_BOARD)
    play(game, C, THE_WALL, ["event"])
    assert effect_cards(game) == [THE_WALL]
    #                     tie     D wins  C wins  D wins
    dice = fix_dice(game, [3, 4, 4, 2, 1, 5, 6, 1])
    seen = []
    play(game, D, WALL_MUST_GO, ["event", "Berlin", "Dresden", "Dresden"], seen)
    assert not dice
    assert [e["text"].split("; ")[1] for e in logs(game, "roll_off")] == [
        "rounds 0-0", "rounds 1-0", "rounds 1-1", "rounds 2-1"]
    assert seen[1].player == C
    st = game.state
    assert st["vp"] == 3 and sp(game, C, "Berlin") == 2 and sp(game, C, "Dresden") == 0
    assert effect_cards(game) == [] and THE_WALL in st["cancelled"]
    assert {THE_WALL, WALL_MUST_GO} <= set(st["removed"])


def test_the_wall_must_go_failure_changes_nothing(events):
    """#86: if the Communist wins the roll-off, no VP, no SP removed, The Wall
    stays in effect (only a success cancels it)."""
    game = position(events, **WALL_BOARD)
    play(game, C, THE_WALL, ["event"])
    fix_dice(game, [1, 6, 2, 5])
    play(game, D, WALL_MUST_GO, ["event"])
    assert game.state["vp"] == 0 and sp(game, C, "Berlin") == 3
    assert effect_cards(game) == [THE_WALL] and game.state["cancelled"] == []


# ============================================================ Kremlin Coup!
def test_kremlin_coup_needs_breakaway_baltic_republics(events):
    """#109 (12.5, B.9.4): not playable as an event until Breakaway Baltic
    Republics has occurred; played for Ops by the Democrat its event then
    does not happen either (B.4.1 i)."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={C: [KREMLIN_COUP]})
    seen = []
    play(game, C, KREMLIN_COUP, ["place"] + ["Warszawa"] * 3, seen)
    assert "event" not in seen[0].options
    play(game, D, KREMLIN_COUP, ["place", "Gdansk", "Gdansk", "Gdansk"])
    assert game.state["vp"] == 0 and game.state["ussr"] == 0
    assert KREMLIN_COUP in game.state["discard"]
    game.state["events_played"].append(BREAKAWAY)
    seen = []
    play(game, C, KREMLIN_COUP, ["event"] + ["stop"] * 6, seen)
    assert seen[0].options[-1] == "event"


def test_kremlin_coup_elite_control_and_bureaucrat_checks(events):
    """#109: -3 VP, U.S.S.R. marker to Kremlin Coup!; in each country where
    the Communist holds Power: enough SPs to control its Elite space, then one
    support check with +1 on its Bureaucrat space, even with no Democratic SP
    there. Countries the Democrat rules are skipped."""
    game = position(events, democrat={"Bydgoszcz": 2, "Warszawa": 1, "Stara Zagora": 5},
                    communist={"Bydgoszcz": 1, "Sofia": 3})
    st = game.state
    st["events_played"].append(BREAKAWAY)
    for country in ("East Germany", "Czechoslovakia", "Hungary", "Romania"):
        st["power"][country] = D
    fix_dice(game, [1, 2])
    seen = []
    play(game, C, KREMLIN_COUP, ["event", "Warszawa", "Sofia"], seen)
    assert st["vp"] == -3 and st["ussr"] == 4
    assert sp(game, C, "Bydgoszcz") == 6 and sp(game, D, "Bydgoszcz") == 2
    # Warszawa: 1 + 3 Ops + 1 + 1 (Bydgoszcz, now Communist) = 6 vs 6: fails
    assert sp(game, D, "Warszawa") == 1 and sp(game, C, "Warszawa") == 0
    assert sp(game, C, "Stara Zagora") == 9 and sp(game, D, "Stara Zagora") == 5
    # Sofia, no Democratic SP: 2 + 3 + 1 + 1 (Stara Zagora) = 7 vs 6: adds 1
    assert sp(game, C, "Sofia") == 4
    assert [d.options for d in seen[1:]] == [[sid("Warszawa"), "stop"], [sid("Sofia"), "stop"]]
    assert KREMLIN_COUP in st["removed"]


# ================================================== Scoring cards (8.0, 9.3)
_STACK = ps_ids(
    "March 4", "Strike 4", "Strike 3", "March 3", "Petition 5", "Petition 6",
    "Strike 4", "Strike 3", "Petition 5", "Petition 6", "Strike 5", "Strike 6",
    "Rally in the Square", "March 5", "March 6", "Rally in the Square", "March 5", "March 6",
    "March 4", "March 3", "Elite Leader", "Worker Leader", "Intellectual Leader",
    "Scare Tactics", "Support Surge", "March 4", "March 3")
#: A Democrat Power Struggle hand with no Rally, Tactic Fails or leader.
PLAIN_HAND = _STACK[:6]
MARCH_4 = PLAIN_HAND[0]
#: A Communist hand that cannot match a March (no leader, no Tactic Fails).
NO_MARCH = _STACK[6:12]
#: 15 cards with 2 Rallies in the Square, drawn by The Crowd Turns.
CROWD_DRAW = _STACK[12:]
SCORING = [  # card, country, a Battleground space the Democrat controls, SPs, presence, power
    (22, "Poland", "Gdansk", 3, 3, 3),
    (23, "Hungary", "Budapest", 3, 1, 1),
    (42, "East Germany", "Leipzig", 3, 3, 3),
    (43, "Bulgaria", "Sofia", 3, 1, 1),
    (55, "Czechoslovakia", "Charles University", 1, 2, 2),
    (95, "Romania", "Bucuresti", 3, 2, 2),
]


@pytest.mark.parametrize("card, country, space, n, presence, power", SCORING)
def test_scoring_card_democrat_takes_power_and_removes_the_card(
        events, card, country, space, n, presence, power):
    """8.0 / 8.4.4 / 8.4.7: the Scoring card holds a Power Struggle (the
    Communist, with no controlled space, gets no card and cannot match), then
    scores the country; a modified VP roll of 4 topples the Communist and the
    Scoring card leaves the game."""
    game = position(events, democrat={space: n})
    stack_ps_deck(game, PLAIN_HAND)
    fix_dice(game, [1, 4])  # Support Loss (nothing to lose), VP roll
    seen = []
    play(game, D, card, ["no", MARCH_4], seen)
    assert [d.kind for d in seen] == ["ps_raise", "ps_attack"]
    st = game.state
    assert st["power"][country] == D and st["scoring_plays"][country] == 1
    assert st["vp"] == 2 + presence + 1  # VP roll 2, then presence + 1 Battleground
    assert card in st["removed"] and card not in st["discard"]


@pytest.mark.parametrize("card, country, space, n, presence, power", SCORING)
def test_scoring_card_communist_keeps_power_card_is_discarded(
        events, card, country, space, n, presence, power):
    """8.4.6: a Communist who keeps Power scores its Power Value and the
    Scoring card goes to the discard pile."""
    game = position(events, democrat={space: n})
    stack_ps_deck(game, PLAIN_HAND)
    fix_dice(game, [1, 3])  # VP roll 3: 1 VP, no Power
    play(game, D, card, ["no", MARCH_4, "no"])
    st = game.state
    assert st["power"][country] == C
    assert st["vp"] == 1 - power + presence + 1
    assert card in st["discard"] and card not in st["removed"]


def _poland_for_the_communist(events, vp):
    """The Communist plays Poland Scoring and wins (the Democrat holds no
    March); -1 VP (roll 3) and -3 Power VP; the Democrat then scores Poland
    with Domination (6 + 2) against Presence (3 + 1): +4."""
    game = position(events, democrat={"Gdansk": 3, "Krakow": 3, "Szczecin": 3},
                    communist={"Warszawa": 3})
    game.state["vp"] = vp
    hands = ps_ids("March 4", "March 3", "Strike 3", "Petition 6", "Petition 5", "March 5",
                   "Strike 4", "Strike 5", "Strike 6", "Petition 6", "Petition 5", "Strike 3",
                   "Strike 4", "Strike 5", "Strike 6", "Petition 6")
    stack_ps_deck(game, hands)  # 6 for the Communist, 10 for the Democrat
    fix_dice(game, [1, 3])  # Support Loss 1: none; VP roll 3: 1 VP
    return game, hands[0]


def test_scoring_automatic_victory_only_after_country_scoring(events):
    """8.0 / 10.1 / B.8.3: inside a Power Struggle VP may pass -20 (here -22
    after Power VP); only the total after country scoring (-18) is checked."""
    game, attack = _poland_for_the_communist(events, -18)
    play(game, C, POLAND_SCORING, ["no", "no", attack, "no"])
    assert game.state["vp"] == -18 - 1 - 3 + 4
    assert POLAND_SCORING in game.state["discard"]


def test_scoring_automatic_victory_after_the_struggle(events):
    """10.1: the check after country scoring ends the game (-20)."""
    game, attack = _poland_for_the_communist(events, -20)
    with pytest.raises(GameOver) as end:
        play(game, C, POLAND_SCORING, ["no", "no", attack, "no"])
    assert (end.value.winner, end.value.how) == (C, "automatic_victory")
    assert game.state["vp"] == -20


# ====================================== The Crowd Turns Against Ceausescu


def test_crowd_turns_waits_in_front_of_the_democrat(events):
    """7.6.2: played as an event, #54 sits in front of the Democrat until the
    Romania Scoring card is played; nothing else happens now."""
    game = position(events, democrat={"Timisoara": 3})
    play(game, D, CROWD, ["event"])
    st = game.state
    assert CROWD in st["display"] and effect_cards(game) == [CROWD]
    assert [e["hook"] for e in st["effects"]] == ["ps_setup"]
    assert sp(game, D, "Timisoara") == 3 and st["vp"] == 0


def test_crowd_turns_fires_at_the_romanian_power_struggle(events):
    """7.6.2 / B.7.5: after the deal, the Democrat draws 15 Power Struggle
    cards; 2 Rallies among them give 6 Ops to place SPs (or check) in
    Romania only; the 15 are discarded; the deal is not redone, but the new
    SPs count in the country scoring. The card then leaves the game."""
    game = position(events, democrat={"Timisoara": 3}, hands={D: [CROWD]})
    play(game, D, CROWD, ["event"])
    stack_ps_deck(game, PLAIN_HAND + CROWD_DRAW)
    fix_dice(game, [1, 4])
    seen = []
    play(game, D, ROMANIA_SCORING,
         ["place"] + ["Cluj-Napoca"] * 4 + ["Craiova"] * 2 + ["no", MARCH_4], seen)
    assert [d.kind for d in seen][:2] == ["use", "place"]
    assert seen[0].options == ["place", "check"]
    assert seen[1].context["ops_left"] == 6
    assert {DATA.spaces[s].country for s in seen[1].options} == {"Romania"}
    assert sp(game, D, "Cluj-Napoca") == 4 and sp(game, D, "Craiova") == 2
    assert logs(game, "ps_draw")[0]["n"] == 15
    assert logs(game, "ps_deal")[0]["n"] == 6  # dealt before the Crowd's SPs
    st = game.state
    assert st["ps"] is None and st["power"]["Romania"] == D
    # VP roll 2 (Power); Romania: Presence 2 + 2 Battlegrounds (Timisoara, Cluj)
    assert st["vp"] == 2 + 2 + 2
    assert CROWD in st["removed"] and st["effects"] == [] and st["display"] == []
    assert CROWD in st["events_played"]


def test_crowd_turns_does_not_fire_in_another_countrys_struggle(events):
    """7.6.2: only the Romanian Power Struggle sets it off."""
    game = position(events, democrat={"Gdansk": 3})
    play(game, D, CROWD, ["event"])
    stack_ps_deck(game, PLAIN_HAND)
    fix_dice(game, [1, 4])
    play(game, D, POLAND_SCORING, ["no", MARCH_4])
    assert effect_cards(game) == [CROWD] and logs(game, "ps_draw") == []


# ==================================================== The Tyrant is Gone
CEAUSESCU_CARDS = [CULT, CEAUSESCU, SYSTEMATIZATION, ELENA, MASSACRE]


def test_tyrant_without_the_crowd_is_unplayable_and_discarded(events):
    """7.6.3 (2020): if The Crowd Turns has not been played, The Tyrant is
    Gone is no playable event: the Democrat may only use its Ops, and the
    Communist playing it for Ops triggers nothing (B.4.1 i); it is
    discarded, not removed."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Warszawa": 1},
                    hands={D: [TYRANT]})
    seen = []
    play(game, D, TYRANT, ["place", "Gdansk", "Gdansk"], seen)
    assert seen[0].options == ["place", "check", "tiananmen"]
    play(game, C, TYRANT, ["place", "Warszawa", "Warszawa"], seen)
    st = game.state
    assert TYRANT in st["discard"] and TYRANT not in st["removed"]
    assert st["effects"] == [] and st["events_played"] == [] and st["vp"] == 0


def test_tyrant_after_the_crowd_resolves_at_once(events):
    """7.6.3 / 7.6.5: with the Crowd's effect already applied, the event
    happens at once: 4 Communist SPs leave Cluj-Napoca, the Democrat picks a
    Romanian space without Democratic SPs as refuge, and the five Ceausescu
    events are cancelled; the card stays on display for the capture."""
    game = position(events, democrat={"Timisoara": 1}, communist={"Cluj-Napoca": 5})
    game.state["events_played"].append(CROWD)
    seen = []
    play(game, D, TYRANT, ["event", "Craiova"], seen)
    assert sid("Timisoara") not in seen[1].options and len(seen[1].options) == 13
    st = game.state
    assert sp(game, C, "Cluj-Napoca") == 1 and st["vp"] == 0
    assert sorted(st["cancelled"]) == sorted(CEAUSESCU_CARDS)
    assert TYRANT in st["display"] and {e["hook"] for e in st["effects"]} == {
        "as_soon_as", "final_scoring"}
    assert all(e["vars"]["chosen_space"] == sid("Craiova") for e in st["effects"])
    assert logs(game, "effect_ends") == []  # in effect throughout, never briefly gone


def test_tyrant_no_refuge_gives_two_vp_at_once(events):
    """7.6.5: if every Romanian space holds Democratic SPs, +2 VP at once."""
    romania = {s.name: 1 for s in DATA.spaces if s.country == "Romania"}
    game = position(events, democrat=romania, communist={"Cluj-Napoca": 2})
    game.state["events_played"].append(CROWD)
    play(game, D, TYRANT, ["event"])
    st = game.state
    assert st["vp"] == 2 and sp(game, C, "Cluj-Napoca") == 0
    assert st["effects"] == [] and TYRANT in st["removed"]


def test_tyrant_cancels_the_ceausescu_events(events):
    """#97: once resolved, Systematization has no effect (5.2 example 5): the
    map is unchanged and the asterisk card leaves the game."""
    game = position(events, democrat={"Timisoara": 1}, communist={"Ploiesti": 2})
    game.state["events_played"].append(CROWD)
    play(game, D, TYRANT, ["event", "Craiova"])
    play(game, C, SYSTEMATIZATION, ["event"])
    st = game.state
    assert st["destroyed"] == [] and sp(game, C, "Ploiesti") == 2
    assert SYSTEMATIZATION in st["removed"]


def test_tyrant_pending_waits_for_the_romanian_struggle(events):
    """7.6.3 / 7.6.4 / B.7.12: played while the Crowd is pending, Tyrant waits;
    meanwhile Systematization still works. Romania Scoring: the Crowd acts in
    the setup, and only after the Power Struggle and Romania's scoring does
    the Tyrant resolve (4 SPs off Cluj-Napoca, refuge chosen)."""
    game = position(events, democrat={"Timisoara": 3},
                    communist={"Cluj-Napoca": 4, "Romanian Writers": 1})
    play(game, D, CROWD, ["event"])
    play(game, D, TYRANT, ["event"])
    st = game.state
    assert sorted(st["display"]) == [CROWD, TYRANT] and sp(game, C, "Cluj-Napoca") == 4
    play(game, C, SYSTEMATIZATION, ["event", "Romanian Writers"])
    assert st["destroyed"] == [sid("Romanian Writers")]
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH + CROWD_DRAW)
    fix_dice(game, [1, 4])
    seen = []
    play(game, D, ROMANIA_SCORING,
         ["place"] + ["Craiova"] * 6 + ["no", "no", MARCH_4, "Constanta"], seen)
    assert [d.kind for d in seen][-4:] == ["ps_raise", "ps_raise", "ps_attack", "space"]
    # Scored with Cluj-Napoca still Communist: Democrat Presence 2 + Timisoara,
    # Communist Presence 2 + Cluj-Napoca; VP roll 2 (Power): +2 + 3 - 3.
    assert logs(game, "score")[0]["delta"] == 0 and st["vp"] == 2
    assert sp(game, C, "Cluj-Napoca") == 0
    assert TYRANT in st["display"] and CROWD in st["removed"]
    assert all(e["vars"]["chosen_space"] == sid("Constanta") for e in st["effects"])


# ==================================================== New Year's Eve Party
def _nye(events, communist_countries, vp=0, **board):
    game = position(events, **board)
    st = game.state
    for country in st["power"]:
        st["power"][country] = C if country in communist_countries else D
    st["vp"] = vp
    set_hand(game, D, [])
    set_hand(game, C, [])
    return game


def test_new_years_eve_activated_communist_holding_4_countries(events):
    """#104 / 10.3: the Communist activates the event: holding Power in 4 or
    more countries he gains 3 VP; the game will end at this turn's end."""
    game = _nye(events, ["Poland", "Hungary", "Romania", "Bulgaria"])
    seen = []
    play(game, C, NEW_YEARS_EVE, ["event", "yes"], seen)
    st = game.state
    assert seen[1].kind == "may" and seen[1].player == C
    assert st["vp"] == -3 and NEW_YEARS_EVE in st["display"]
    assert [e["hook"] for e in st["effects"]] == ["new_years_eve", "game_end"]


def test_new_years_eve_activated_communist_holding_3_countries(events):
    """10.3: with Power in 3 countries or fewer, the Democrat gains 3 VP."""
    game = _nye(events, ["Poland", "Hungary", "Romania"])
    play(game, C, NEW_YEARS_EVE, ["event", "yes"])
    assert game.state["vp"] == 3


def test_new_years_eve_declined_does_nothing(events):
    """10.3: the Communist may decline; no VP, no ending (the asterisk
    event was played: removed)."""
    game = _nye(events, ["Poland"])
    play(game, C, NEW_YEARS_EVE, ["event", "no"])
    st = game.state
    assert st["vp"] == 0 and st["effects"] == [] and NEW_YEARS_EVE in st["removed"]


def test_tyrant_pending_never_resolves_if_the_struggle_wins_the_game(events):
    """B.9.1 / B.7.12: the Romanian Power Struggle and its scoring reach +20:
    the game ends at once and the pending Tyrant never resolves."""
    game = position(events, democrat={"Timisoara": 3}, communist={"Cluj-Napoca": 4})
    play(game, D, CROWD, ["event"])
    play(game, D, TYRANT, ["event"])
    game.state["vp"] = 18
    stack_ps_deck(game, PLAIN_HAND + NO_MARCH + CROWD_DRAW)
    fix_dice(game, [1, 4])
    with pytest.raises(GameOver) as end:
        play(game, D, ROMANIA_SCORING, ["check", "stop", "no", "no", MARCH_4])
    assert (end.value.winner, end.value.how) == (D, "automatic_victory")
    assert game.state["vp"] == 20 and sp(game, C, "Cluj-Napoca") == 4
    assert TYRANT in game.state["display"]
