"""Why an answer a player might expect is not offered: Decision.unavailable().

The engine works the reasons out only when asked (a person looks; bots never
do), as (what, why) pairs that cite the rule, in general words: a card or
space is named only from the game's data. Each test sets a position, asks
the question the rules ask there, and reads the reasons.
"""

from __future__ import annotations

import json

from card_play import C, D, play, position
from helpers import DATA, sid

from dof.engine.api import view
from dof.engine.bots.agents import make_agent
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.rules.actions import action_round, play_card
from dof.engine.rules.operations import OPS_USES, place_with_ops, support_checks

WALESA, SOLIDARITY, STATE_RUN_MEDIA, MICHNIK = 3, 2, 7, 4
POLAND_SCORING, HUNGARY_SCORING = 22, 23
TIANANMEN = OPS_USES["tiananmen"]


def test_a_second_tiananmen_attempt_in_a_turn_is_missing_and_says_why(events):
    """6.3.3: one attempt per turn; the reason is plain JSON, like the rest
    of the decision."""
    game = position(events, communist={"Lodz": 1}, hands={D: [MICHNIK]}, phasing=D)
    game.state["tst_used"][D] = True
    asked = next(play_card(game, D, MICHNIK))
    assert "tiananmen" not in asked.options
    assert asked.unavailable() == [(TIANANMEN, "already attempted this turn (6.3.3)")]
    assert json.loads(json.dumps(asked.to_json()))["unavailable"] == [
        [TIANANMEN, "already attempted this turn (6.3.3)"]]


def test_no_attempt_from_the_final_box(events):
    """6.3.7: a marker in the last box attempts no more."""
    game = position(events, hands={D: [MICHNIK]}, phasing=D)
    game.state["tiananmen"][D] = len(DATA.tiananmen)
    asked = next(play_card(game, D, MICHNIK))
    assert (TIANANMEN, "your marker is in the final box (6.3.7)") in asked.unavailable()


def test_an_offered_attempt_needs_no_reason(events):
    game = position(events, communist={"Lodz": 1}, hands={D: [MICHNIK]}, phasing=D)
    asked = next(play_card(game, D, MICHNIK))
    assert "tiananmen" in asked.options and asked.unavailable() == []


def test_an_event_waiting_for_its_prerequisite_names_it(events):
    """2.2.6: Walesa needs Solidarity Legalized; the card is named from the
    deck's data, not by the engine."""
    game = position(events, hands={D: [WALESA]}, phasing=D)
    asked = next(play_card(game, D, WALESA))
    assert "event" not in asked.options
    assert ("Event", "needs the event #2 Solidarity Legalized first (2.2.6)") \
        in asked.unavailable()


def test_the_opponents_event_is_not_the_players_to_choose(events):
    """5.2: played for Operations, the Communist's event happens anyway,
    unless the card goes to a Tiananmen attempt (6.3.6)."""
    game = position(events, democrat={"Gdansk": 3}, hands={D: [STATE_RUN_MEDIA]}, phasing=D)
    asked = next(play_card(game, D, STATE_RUN_MEDIA))
    assert ("Event", "the communist's; it happens unless you attempt Tiananmen (5.2, 6.3.6)") \
        in asked.unavailable()


def test_support_checks_with_no_target_are_offered_but_flagged(events):
    """Ruling R7 keeps the use open, though no space holds opponent SPs
    (6.2.3): the player is told the Ops would be lost."""
    game = position(events, democrat={"Gdansk": 3}, hands={D: [MICHNIK]}, phasing=D)
    asked = next(play_card(game, D, MICHNIK))
    assert "check" in asked.options
    assert (OPS_USES["check"], "no space holds opponent SPs you may check (6.2.3); choosing "
            "it loses the Ops (ruling R7)") in asked.unavailable()


def test_placement_explains_dear_and_far_spaces(events):
    """6.1.3: with 1 Op left an opponent-controlled space (2 Ops) drops out;
    6.1.2: spaces out of reach are never offered."""
    game = position(events, democrat={"Gdansk": 1}, communist={"Szczecin": 3})
    placing = place_with_ops(game, D, 1)
    asked = next(placing)
    assert sid("Szczecin") not in asked.options and sid("Gdansk") in asked.options
    assert asked.unavailable() == [
        ("Szczecin", "an SP there costs 2 Ops (opponent-controlled, 6.1.3); 1 left"),
        ("Other spaces", "out of reach of your SPs (6.1.2)")]


def test_a_support_check_banned_by_a_lasting_event(events):
    """Solidarity Legalized forbids Communist checks against Gdansk for the
    rest of the game: the check decision says so (7.2)."""
    game = position(events, democrat={"Gdansk": 2, "Krakow": 1}, hands={D: [SOLIDARITY]})
    play(game, D, SOLIDARITY, ["event"])
    asked = next(support_checks(game, C, 2))
    assert sid("Gdansk") not in asked.options and sid("Krakow") in asked.options
    assert asked.unavailable()[0] == ("Gdansk", "a lasting event forbids support checks there "
                                      "(7.2)")
    assert asked.unavailable()[1][0] == "Other spaces"


def test_scoring_cards_that_fill_the_last_rounds_must_be_played(events):
    """4.5.2, 4.5.4: a Scoring card may never be held, so in the last
    round only it may be played; the other cards are missing for that reason."""
    game = position(events, hands={D: [POLAND_SCORING, MICHNIK, WALESA]}, phasing=D)
    game.state["rounds"][D] = 6  # the Democrat's 7th and last round comes next
    asked = next(action_round(game))
    assert asked.options == [POLAND_SCORING]
    assert asked.unavailable() == [("Other cards", "your Scoring cards fill the action rounds "
                                    "left, and a Scoring card may never be held (4.5.2, 4.5.4)")]


def test_reasons_never_reach_a_bots_view(events):
    """A bot's copy of the decision (engine.api.view) carries no reasons:
    working them out needs the game, which a view never holds."""
    game = Game.new(DATA, 3, events=events)
    bots = {side: make_agent("random", i) for i, side in enumerate(SIDES)}
    while not (game.pending.kind == "use" and game.pending.unavailable()):
        game.answer(bots[game.pending.player].choose(game, game.pending))
    assert view(game, game.pending.player).decision.unavailable() == []
