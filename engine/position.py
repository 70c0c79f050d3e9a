"""Start a game from a chosen position instead of from the opening setup.

Card scenarios and `dof play --position` both need a game at some turn with
an exact board, tracks and cards. A :class:`Position` says what differs from
a fresh game at the start of that turn, in engine terms (space ids and card
numbers); :func:`position_state` makes the plain-data state, and
:func:`start_game` runs the rules on from it, so the position is reached the
way a save is loaded, never by a separate code path through the rules.

Events a position puts in force run on a game that has not started
(:func:`unstarted_game`, :func:`event_in_force`, stepped by the engine's
Driver), before the game starts from the state they leave.
:func:`play_round` starts a game of one action round, the phasing player's,
as a scenario's play is (docs/scenarios.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dof.engine.data.chance import DECK, Chance
from dof.engine.data.state import PHASES, State, initial_state
from dof.engine.data.terms import SIDES
from dof.engine.data.validate import StateError, check_state
from dof.engine.game import Driver, Game
from dof.engine.rules import effects
from dof.engine.rules.actions import action_round, run_event
from dof.engine.rules.board import opponent
from dof.engine.rules.decisions import Decision
from dof.engine.rules.piles import finish_card
from dof.engine.rules.protocols import Steps
from dof.engine.saves import save_header


class PositionError(ValueError):
    """A position the game cannot be in (a card in two places, say)."""


@dataclass
class Position:
    """A position to start from; what is left unset is as in a new game.

    ``sp`` holds every SP on the map (``board == "empty"``), or only the
    spaces that differ from the printed setup (``board == "setup"``).
    ``hands``, ``discard`` and ``removed`` take their cards from wherever
    they are; ``deck_top`` puts cards on top of the draw deck, the first
    drawn first. ``events_played`` records events as having happened
    (prerequisites, 'no effect after') without running them; what they
    cancel whenever they happen is cancelled (:func:`past_in_force`).
    ``tiananmen`` gives the boxes reached: one that a player alone has
    reached gives him its lasting award (6.3.5).
    """

    turn: int = 1
    action_round: int = 1
    board: str = "empty"
    sp: dict[str, dict[int, int]] = field(default_factory=lambda: {s: {} for s in SIDES})
    vp: int = 0
    tiananmen: dict[str, int] = field(default_factory=dict)
    ussr: int = 0
    power: dict[str, str] = field(default_factory=dict)
    hands: dict[str, list[int]] = field(default_factory=dict)
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    events_played: list[int] = field(default_factory=list)
    deck_top: list[int] = field(default_factory=list)


def year_cards(data, turn: int) -> list[int]:
    """The strategy cards in the game at ``turn``: the Early Year cards and
    every later year's cards already shuffled in (4.4)."""
    cards = data.cards_of_period("early")
    for after_turn, period in sorted(data.deck_additions.items()):
        if turn > after_turn:
            cards += data.cards_of_period(period)
    return cards


def opening_state(data, seed: int, turn: int = 1, options: dict | None = None) -> State:
    """The state before setup (3.0) of a game that begins at ``turn``: the
    draw deck holds every card of the years up to that turn."""
    state = initial_state(data, seed, dict(options or {}))
    state["turn"] = turn
    state["deck"] = year_cards(data, turn)
    return state


def position_state(data, seed: int, position: Position,
                   options: dict | None = None) -> State:
    """The state of ``position``, at the start of its turn's deal (4.5.1):
    the deck shuffled with the game's generator, the listed cards taken out
    of it. PositionError when the position is impossible."""
    st = opening_state(data, seed, position.turn, options)
    Chance(st).shuffle(st["deck"], DECK)
    st["phase"] = "deal"
    if position.board == "empty":
        st["sp"] = {side: [0] * len(data.spaces) for side in SIDES}
    impose_tracks(st, position)
    in_game = set(year_cards(data, position.turn))
    placed: dict[int, str] = {}

    def take(card: int, where: str) -> None:
        if card not in in_game:
            raise PositionError(
                f"{_name(data, card)} is a {data.cards[card].period} year card, not in the game "
                f"on turn {position.turn}")
        if card in placed:
            raise PositionError(f"{_name(data, card)} is both in {placed[card]} and in {where}")
        placed[card] = where
        st["deck"].remove(card)

    for side, cards in position.hands.items():
        for card in cards:
            take(card, f"the {side}'s hand")
            st["hands"][side].append(card)
    for pile in ("discard", "removed"):
        for card in getattr(position, pile):
            take(card, f"the {pile} pile" if pile == "discard" else "the removed cards")
            st[pile].append(card)
    for card in position.deck_top:
        take(card, "the top of the deck")
    st["deck"] += reversed(position.deck_top)  # the deck is drawn from its end
    st["events_played"] = list(position.events_played)
    try:
        check_state(data, st, tuple(PHASES))
    except StateError as exc:
        raise PositionError(str(exc)) from None
    return st


def impose_tracks(state: State, position: Position) -> None:
    """Set the SPs, VP, tracks and Powers the position names (again after
    events were run to put their lasting effects in force: the position
    is the board as it stands after them)."""
    for side in SIDES:
        for space, n in position.sp.get(side, {}).items():
            state["sp"][side][space] = n
    state["vp"] = position.vp
    state["tiananmen"].update(position.tiananmen)
    state["ussr"] = position.ussr
    state["power"].update(position.power)


def at_action_round(state: State, side: str, action_round: int) -> None:
    """Set a deal-step state to ``side``'s action round ``action_round`` of
    its turn, each player having played the rounds before it (4.5.2: the
    Communist's round comes first, so the Democrat's third follows the
    Communist's third)."""
    state["phase"] = "action_rounds"
    state["ar"] = action_round
    state["phasing"] = side
    state["rounds"] = {"communist": action_round - (side == "communist"),
                       "democrat": action_round - 1}


def start_game(data, state: State, events=None, log: list[dict] | None = None,
               chance: Chance | None = None) -> Game:
    """A game that runs on from ``state`` at the start of its step
    (``state['phase']``), through the save format, to its first decision;
    ``log`` is what happened before (shown to the players); ``chance``
    replaces the seeded dice and shuffles (a scenario's script)."""
    return _started(Game, data, state, events, log, chance)


class RoundGame(Game):
    """A game of one action round: the phasing player's round from its
    state (``phase`` 'action_rounds'), over when the round is, as a
    scenario's play is. Its state after the round is the next play's
    position; it is not a game to save."""

    def rules(self) -> Steps:
        self.checkpoint()
        yield from action_round(self)


def play_round(data, state: State, events=None, log: list[dict] | None = None,
               chance: Chance | None = None) -> Game:
    """The phasing player's action round at ``state`` as a game of its own
    (:class:`RoundGame`), started as :func:`start_game` starts a game."""
    return _started(RoundGame, data, state, events, log, chance)


def _started(kind: type[Game], data, state: State, events, log: list[dict] | None,
             chance: Chance | None) -> Game:
    save = {**save_header(events), "start": {"state": state, "log": list(log or [])},
            "answers": [], "state": None}
    return kind.from_json(save, data, events, verify=False, chance=chance)


def unstarted_game(data, state: State, events=None, chance: Chance | None = None) -> Game:
    """A game at ``state`` whose rules have not started (nothing is pending):
    the position's events are put in force on it (:func:`event_in_force`)
    before :func:`start_game` or :func:`play_round` starts from its state."""
    return Game(data, state, events, chance)


def past_in_force(game: Game) -> None:
    """Put in force what a position's past leaves in force, on a game not
    yet started, before the events it puts in force run: the events it
    lists as played cancel what they cancel whenever they happen (7.2), and
    each Tiananmen Square box that one player alone has reached gives him
    its lasting award (6.3.5: it lasts until the opponent reaches the box;
    an immediate award has had its effect on the board the position gives)."""
    events = game.events
    if events is None:
        return
    for card in game.state["events_played"]:
        for cancelled in events.cancels(card):
            effects.cancel(game, cancelled)
    Driver(_awards_in_force(game)).finish(_no_question)


def _awards_in_force(game: Game) -> Steps:
    st, events = game.state, game.events
    assert events is not None
    for box in game.data.tiananmen:
        for side in SIDES:
            alone = st["tiananmen"][side] >= box.box > st["tiananmen"][opponent(side)]
            if alone and events.award_lasts(box.box):
                yield from events.box_award(game, box.box, side)


def _no_question(decision: Decision) -> None:
    raise PositionError(f"putting the position in force asks {decision.prompt!r}, which "
                        "nobody can answer there")


def event_in_force(game: Game, card: int, side: str) -> Steps:
    """Put ``card``'s event in force at a position, as if ``side`` played
    it: the card leaves the draw deck, its event runs, and the card goes
    where the rules put a played event (on display, removed or discarded)."""
    st = game.state
    st["deck"].remove(card)
    st["played"] = card
    happened = yield from run_event(game, card, side)
    finish_card(game, card, happened)


def _name(data, card: int) -> str:
    return f"#{card} {data.cards[card].name}"
