"""The turn sequence (4.5) as a `transitions` state machine.

The machine's states are the rule's steps; its current state lives in
``state['phase']`` so it is saved with the game. Each step is a generator in
``STEPS`` (a plain function when it asks nothing); the driver runs the
step for the current phase, then calls :func:`proceed` and the machine's
conditions pick the next step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dof.engine.data.chance import DECK
from dof.engine.data.outcome import Termination
from dof.engine.data.state import PHASES
from dof.engine.data.terms import SIDES
from dof.engine.data.vocabulary import Hook, Until
from dof.engine.rules import hooks
from dof.engine.rules.actions import action_round, rounds_allowed
from dof.engine.rules.board import phasing
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.effects import expire
from dof.engine.rules.machine import Sequencer
from dof.engine.rules.protocols import RulesGame, Steps
from dof.engine.rules.scoring import final_scoring
from dof.engine.rules.setup import deal, setup_step

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict


def start_rounds(game: RulesGame) -> None:
    """4.5.2: a turn's action rounds start with the Communist's first round."""
    st = game.state
    st["ar"] = 1
    st["rounds"] = {"democrat": 0, "communist": 0}
    st["phasing"] = "communist"
    # A card shown as the next play binds a round of its own turn only:
    # one shown before the turn's last round binds nothing.
    st["must_play"] = {"democrat": None, "communist": None}


def turns_remain(game: RulesGame) -> bool:
    """4.5.6: another turn follows unless this was the last one (then 10.4:
    final scoring, still in the last turn)."""
    return game.state["turn"] < game.data.turns


#: The callbacks are functions of the game (the trigger's argument), not
#: names for the machine to look up on its model at every transition.
TRANSITIONS: list[TransitionConfigDict] = [
    {"trigger": "proceed", "source": "setup", "dest": "action_rounds", "before": [start_rounds]},
    {"trigger": "proceed", "source": "deal", "dest": "action_rounds", "before": [start_rounds]},
    {"trigger": "proceed", "source": "action_rounds", "dest": "extra_support_check"},
    {"trigger": "proceed", "source": "extra_support_check", "dest": "verify_held_cards"},
    {"trigger": "proceed", "source": "verify_held_cards", "dest": "new_years_eve"},
    {"trigger": "proceed", "source": "new_years_eve", "dest": "advance_turn",
     "conditions": [turns_remain]},
    {"trigger": "proceed", "source": "new_years_eve", "dest": "final_scoring"},
    {"trigger": "proceed", "source": "advance_turn", "dest": "deal"},
    {"trigger": "proceed", "source": "final_scoring", "dest": "game_over"},
]

#: The turn sequence's machine, shared by all games (engine/rules/machine.py).
_TURN = Sequencer("phase", PHASES, TRANSITIONS, "proceed")


def proceed(game: RulesGame) -> None:
    """Move ``game`` to its next step (4.5)."""
    _TURN.fire(game.state, game)


def next_round(game: RulesGame) -> bool:
    """4.5.2: alternate, Communist first; a side with extra rounds (a lasting
    effect on the ``action_rounds`` hook) plays them after the opponent has
    finished (ruling R15). False when the turn's action rounds are over.
    ``ar`` is the new phasing player's round: each player has his own seven
    (4.5.2), so the Communist's third round is followed by the Democrat's."""
    st = game.state
    side = phasing(game)
    other = game.opponent(side)
    if st["rounds"][other] < rounds_allowed(game, other):
        st["phasing"] = other
    elif st["rounds"][side] >= rounds_allowed(game, side):
        return False
    st["ar"] = st["rounds"][phasing(game)] + 1
    return True


def turn_words(turn: int, ar: int) -> str:
    """'turn 3, action round 5' for players and messages; 'turn 3' outside
    the action rounds (setup, the deal, the end of a turn: ``ar`` is 0)."""
    return f"turn {turn}, action round {ar}" if ar else f"turn {turn}"


def action_rounds_step(game: RulesGame):
    """4.5.2: the action rounds of a turn; a round may start from a
    checkpoint, so a save replays only the answers of its round."""
    while True:
        yield from action_round(game)
        if not next_round(game):
            return
        game.checkpoint()


def deal_step(game: RulesGame):
    """4.5.1: cards set aside by an event return first (ruling R45), then the
    deal, then the lasting ``after_deal`` effects (a Tiananmen award)."""
    st = game.state
    for side, cards in st["set_aside"].items():
        st["hands"][side].extend(cards)
        cards.clear()
    deal(game)
    expire(game, Until.NEXT_DEAL)
    game.note("deal", f"Turn {game.state['turn']}: cards dealt")
    yield from hooks.run(game, Hook.AFTER_DEAL)


def extra_support_check_step(game: RulesGame):
    """4.5.3, then effects lasting for the turn expire (B.10)."""
    yield from hooks.run(game, Hook.END_OF_TURN)
    expire(game, Until.END_OF_TURN)


def verify_held_cards_step(game: RulesGame) -> None:
    """4.5.4 / 10.2: a held Scoring card loses; both holding one is a draw."""
    holding = [
        side for side in SIDES
        if any(game.data.cards[c].side == "scoring" for c in game.hand(side))
    ]
    if len(holding) == 2:
        raise GameOver(None, Termination.HELD_SCORING_CARD, "both players held a Scoring card")
    if holding:
        raise GameOver(game.opponent(holding[0]), Termination.HELD_SCORING_CARD,
                       f"the {holding[0]} held a Scoring card")


def new_years_eve_step(game: RulesGame):
    """4.5.5 / 10.3: effects on the ``new_years_eve`` hook end the game."""
    yield from hooks.run(game, Hook.NEW_YEARS_EVE)


def advance_turn_step(game: RulesGame) -> None:
    """4.5.6 / 4.4: next turn; shuffle in the Middle or Late Year cards, into
    the draw deck only (ruling R12)."""
    st = game.state
    period = game.data.deck_additions.get(st["turn"])
    st["turn"] += 1
    st["tst_used"] = {"democrat": False, "communist": False}
    st["ar"] = 0
    st["phasing"] = None
    if period:
        st["deck"].extend(game.data.cards_of_period(period))
        game.chance.shuffle(st["deck"], DECK)
        game.note("deck", f"The {period} year cards are shuffled into the draw deck")


#: Each turn step by phase; a step that asks nothing is a plain function.
STEPS: dict[str, Callable[[RulesGame], Steps | None]] = {
    "setup": setup_step,
    "deal": deal_step,
    "action_rounds": action_rounds_step,
    "extra_support_check": extra_support_check_step,
    "verify_held_cards": verify_held_cards_step,
    "new_years_eve": new_years_eve_step,
    "advance_turn": advance_turn_step,
    "final_scoring": final_scoring,
}
