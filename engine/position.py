"""Start a game from a chosen position instead of from the opening setup.

Card scenarios, tests and `dof play --position` need a game at some turn
with an exact board, tracks and cards. A :class:`Position` (read from the
plain data a scenario's position block holds, engine/data/positions.py)
says what differs from a fresh game at the start of that turn;
:func:`position_state` makes the plain-data state, and :func:`start_game`
runs the rules on from it, so the position is reached the way a save is
loaded, never by a separate code path through the rules.

What the position's past leaves in force (:func:`past_in_force`) and the
events it puts in force (:func:`put_in_force`, each answered from its
script) run on a game that has not started (:func:`unstarted_game`),
before the game starts from the state they leave. :func:`start_position`
does all of it: the public way to a game at a position (docs/api.md).
:func:`play_round` starts a game of one action round, the phasing
player's, as a scenario's play is, and :func:`play_on` one that runs the
turn on to its end or to the next deal (docs/scenarios.md).
"""

from __future__ import annotations

import marshal
from typing import ClassVar

from dof.engine.data.chance import DECK, Chance
from dof.engine.data.positions import Position, PositionError, year_cards
from dof.engine.data.state import PHASES, State, initial_state, plain
from dof.engine.data.terms import SIDES
from dof.engine.data.validate import StateError, check_state
from dof.engine.game import Driver, Game
from dof.engine.rules import effects
from dof.engine.rules.actions import action_round, run_event
from dof.engine.rules.board import opponent
from dof.engine.rules.decisions import Decision, GameOver
from dof.engine.rules.piles import finish_card, move_card
from dof.engine.rules.protocols import Steps
from dof.engine.rules.turn import STEPS, next_round, proceed
from dof.engine.saves import save_header
from dof.engine.script import PlayChance, run_scripted


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
    take = _taker(data, st, position)
    for pile in ("hands", "set_aside"):
        for side, cards in getattr(position, pile).items():
            for card in cards:
                take(card, f"the {side}'s hand" if pile == "hands" else
                     f"the {side}'s cards set aside")
                st[pile][side].append(card)
    for pile in ("discard", "removed"):
        for card in getattr(position, pile):
            take(card, f"the {pile} pile" if pile == "discard" else "the removed cards")
            st[pile].append(card)  # type: ignore[literal-required]
    for card in position.deck_top:
        take(card, "the top of the deck")
    st["deck"] += reversed(position.deck_top)  # the deck is drawn from its end
    st["events_played"] = list(position.events_played)
    try:
        check_state(data, st, tuple(PHASES))
    except StateError as exc:
        raise PositionError(str(exc), position.at) from None
    return st


def _taker(data, st: State, position: Position):
    """Take a card out of the draw deck for the place it is listed in; a
    card of a later year, or listed twice, is a PositionError there."""
    in_game = set(year_cards(data, position.turn))
    placed: dict[int, str] = {}

    def take(card: int, where: str) -> None:
        at = position.listed.get(card, position.at)
        info = data.cards[card]
        if card not in in_game:
            raise PositionError(f"#{card} {info.name} is a {info.period} year card, not in the "
                                f"game on turn {position.turn}", at)
        if card in placed:
            raise PositionError(f"#{card} {info.name} is both in {placed[card]} and in {where}",
                                at)
        placed[card] = where
        st["deck"].remove(card)
    return take


def impose_tracks(state: State, position: Position) -> None:
    """Set the SPs, VP, tracks, Powers and counts the position names (again
    after events were run to put their lasting effects in force: the
    position is the board as it stands after them)."""
    for side in SIDES:
        for space, n in position.sp.get(side, {}).items():
            state["sp"][side][space] = n
    state["vp"] = position.vp
    state["tiananmen"].update(position.tiananmen)
    for side in position.tiananmen_attempted:
        state["tst_used"][side] = True
    state["ussr"] = position.ussr
    state["power"].update(position.power)
    state["scoring_plays"].update(position.scoring_plays)


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


def start_position(data, events, position: Position, seed: int = 0, *,
                   phasing: str | None = None, chance: Chance | None = None,
                   options: dict | None = None) -> Game:
    """A game at ``position``, waiting for its first decision: at the deal
    of its turn (4.5.1, the hands it gives filled up), or with ``phasing``
    at that player's action round ``position.action_round``, the card to
    play asked. What its past leaves in force and its events are put in
    force first (their dice and answers from the position); ``chance``
    rolls the game's dice and shuffles from then on (data/chance.py).
    PositionError (ScriptError for a script that does not fit) when it
    cannot be."""
    state = position_state(data, seed, position, options)
    if phasing is not None:
        at_action_round(state, phasing, position.action_round)
    setup = PlayChance()
    game = unstarted_game(data, state, events, setup)
    put_in_force(game, position, setup)
    return start_game(data, game.state, events, log=game.log, chance=chance)


class RoundGame(Game):
    """A game of one action round: the phasing player's round from its
    state (``phase`` 'action_rounds'), over when the round is, as a
    scenario's play is. Its state after the round is the next play's
    position; it is not a game to save."""

    def rules(self) -> Steps:
        self.checkpoint()
        yield from action_round(self)


def play_round(game: Game, side: str, card: int | None = None,
               chance: Chance | None = None) -> Game:
    """``side``'s action round after ``game`` as a game of its own
    (:class:`RoundGame`), started as :func:`start_game` starts a game, with
    ``card`` put in his hand first from wherever it is (a scenario plays
    it); ``game`` is left as it is, and its log goes on in the round's."""
    state = copied(game.state)
    state["phasing"] = side
    if card is not None and card not in state["hands"][side]:
        move_card(unstarted_game(game.data, state, game.events), card, ("hand", side))
    return _started(RoundGame, game.data, state, game.events, game.log, chance)


class RunOnGame(Game):
    """A game that runs the turn on from its state to the step ``stop``:
    from the action rounds, the rounds left are not played (each player is
    taken to have played his seven), but an extra round a lasting effect
    gives is, after the opponent's last (4.5.2, ruling R15); then the turn
    ends (4.5.3-4.5.6; on the last turn, final scoring, 4.5.7). It is over
    at ``stop`` (the next deal, before it) or when the game ends."""

    stop: ClassVar[str] = "deal"

    def rules(self) -> Steps:
        st = self.state
        if st["phase"] == "action_rounds":
            self.checkpoint()
            for side in SIDES:
                st["rounds"][side] = max(st["rounds"][side], self.data.action_rounds)
            while next_round(self):
                yield from action_round(self)
            proceed(self)
        while st["phase"] not in (self.stop, "game_over"):
            self.checkpoint()
            steps = STEPS[st["phase"]](self)
            if steps is not None:
                yield from steps
            proceed(self)


class NextDealGame(RunOnGame):
    """:class:`RunOnGame` on through the next deal (4.5.1 and what follows
    it), over before the next turn's first action round."""

    stop = "action_rounds"


#: The games that run the turn on, by where a scenario's play stops
#: (engine/data/positions.py STOPS).
RUNS_ON: dict[str, type[RunOnGame]] = {"end of turn": RunOnGame, "next deal": NextDealGame}


def play_on(game: Game, stop: str, chance: Chance | None = None) -> Game:
    """The turn run on after ``game`` to ``stop`` ("end of turn", "next
    deal") as a game of its own (:class:`RunOnGame`); ``game`` is left as
    it is."""
    return _started(RUNS_ON[stop], game.data, game.state, game.events, game.log, chance)


def copied(state: State) -> State:
    """A copy of a state that shares nothing with it."""
    return marshal.loads(marshal.dumps(plain(state)))


def _started(kind: type[Game], data, state: State, events, log: list[dict] | None,
             chance: Chance | None) -> Game:
    save = {**save_header(events), "start": {"state": state, "log": list(log or [])},
            "answers": [], "state": None}
    return kind.from_json(save, data, events, verify=False, chance=chance)


def unstarted_game(data, state: State, events=None, chance: Chance | None = None) -> Game:
    """A game at ``state`` whose rules have not started (nothing is pending):
    the position's past and events are put in force on it
    (:func:`put_in_force`) before :func:`start_game` or :func:`play_round`
    starts from its state."""
    return Game(data, state, events, chance)


def put_in_force(game: Game, position: Position, chance: PlayChance) -> None:
    """Put in force, on a game not yet started, what ``position``'s past
    leaves in force (:func:`past_in_force`), then its ``in_effect`` events,
    each answered from its script with its dice (``chance`` is the game's),
    then set its SPs, VP and tracks again: the position is the board as it
    stands after them. PositionError (a ScriptError for a script that does
    not fit) when it cannot be done."""
    try:
        past_in_force(game)
        for play in position.in_effect:
            assert play.card is not None  # in_effect plays cards
            run_scripted(game, play, event_in_force(game, play.card, play.by), chance)
    except GameOver as end:
        raise PositionError(f"the game ends while its events are put in force ({end})",
                            position.at) from None
    impose_tracks(game.state, position)


def past_in_force(game: Game) -> None:
    """Put in force what a position's past leaves in force: the events it
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
