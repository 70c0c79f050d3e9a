"""Small helpers shared by the rule tests.

- :func:`new_game` / :func:`set_board`: a real game with an exact position
  (every SP cleared, then the given SPs placed by space name).
- :func:`drive`: run a rule (an operations/scoring generator, or a step
  that is a plain function) to its end with the engine's Driver, answering
  each Decision from a script and checking every answer is a legal option.
- :func:`answer`: the same for the game's own pending decisions.
- :func:`fix_dice`: script the game's next die rolls (still logged).
- :func:`autoplay`, :func:`started_game`, :func:`restart_at`: play whole turns
  with plain choices, start from given hands, resume at a turn step.
- :class:`ScriptedEvents` / :func:`event`: a stand-in event runner whose
  events apply a scripted result (the real card events are not written yet).

Answers may name a space (``"Krakow"``): when that string is not itself an
option, it is turned into the space id.

Usage::

    game = new_game(democrat={"Krakow": 5, "Szeged": 1}, communist={"Lodz": 3})
    dice = fix_dice(game, [6, 1])
    drive(game, support_checks(game, "communist", 3), ["Krakow", "Szeged"])
    assert sp(game, "democrat", "Krakow") == 1 and not dice  # 6+3+1-6 = 4 removed
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any

from dof.engine.data import load_data
from dof.engine.data.chance import ScriptedChance
from dof.engine.data.terms import SIDES
from dof.engine.game import Driver, Game
from dof.engine.rules.decisions import Decision
from dof.engine.rules.protocols import Steps
from dof.engine.saves import save_header

DATA = load_data()


def sid(name: str) -> int:
    """Space id by name or alias."""
    return DATA.space(name).id


def set_board(game: Game, democrat: dict[str, int] | None = None,
              communist: dict[str, int] | None = None) -> Game:
    """Clear every SP on the map, then set the given SPs by space name."""
    st = game.state
    st["sp"] = {side: [0] * len(DATA.spaces) for side in SIDES}
    for side, spaces in (("democrat", democrat), ("communist", communist)):
        for name, n in (spaces or {}).items():
            st["sp"][side][sid(name)] = n
    return game


def new_game(democrat: dict[str, int] | None = None, communist: dict[str, int] | None = None,
             seed: int = 0, options: dict | None = None, events=None) -> Game:
    """A new game (paused at its first setup decision) with an exact board.

    Focused tests drive operation generators on it directly; the game's own
    generator stays paused and is never resumed.
    """
    game = Game.new(DATA, seed, options, events)
    return set_board(game, democrat, communist)


def sp(game: Game, side: str, name: str) -> int:
    """``side``'s SPs in the space called ``name``."""
    return game.state["sp"][side][sid(name)]


def _resolve(decision: Decision, value: Any) -> Any:
    """An answer as the engine expects it (space names become ids), checked legal."""
    if value not in decision.options and isinstance(value, str):
        with contextlib.suppress(KeyError):
            value = sid(value)
    assert value in decision.options, (
        f"{value!r} is not among the options of {decision.kind} ({decision.prompt}): "
        f"{decision.options}"
    )
    return value


def drive(game: Game, steps: Steps | None, answers: Iterable[Any] = (),
          seen: list[Decision] | None = None) -> Any:
    """Run a rule to its end, giving ``answers`` in order to its Decisions.

    Every answer must be among the decision's options and every answer must be
    used. Decisions are appended to ``seen`` when given. Returns the rule's
    return value; exceptions (GameOver) propagate.
    """
    script = list(answers)

    def answer(decision: Decision) -> Any:
        if seen is not None:
            seen.append(decision)
        assert script, f"no scripted answer for {decision.kind}: {decision.prompt}"
        return _resolve(decision, script.pop(0))

    value = Driver(steps).finish(answer)
    assert not script, f"answers left unused: {script}"
    return value


def answer(game: Game, answers: Iterable[Any], seen: list[Decision] | None = None) -> None:
    """Answer the game's own pending decisions from a script (names allowed)."""
    for value in answers:
        decision = game.pending
        assert decision is not None, f"the game is over; cannot answer {value!r}"
        if seen is not None:
            seen.append(decision)
        game.answer(_resolve(decision, value))


def scripted_chance(game: Game) -> ScriptedChance:
    """The game's chance, made scriptable (a ScriptedChance drawing from the
    same seeded generator) the first time a test scripts it."""
    if not isinstance(game.chance, ScriptedChance):
        game.use_chance(ScriptedChance())
    assert isinstance(game.chance, ScriptedChance)
    return game.chance


def fix_dice(game: Game, rolls: Iterable[int]) -> list[int]:
    """The game's next die rolls are ``rolls``, in order, logged as usual.

    Returns the list of rolls still to come (empty once all were used), so a
    test can ``assert not dice`` at the end. Rolling past the end raises
    NoDieLeft.
    """
    chance = scripted_chance(game)
    chance.dice = list(rolls)
    return chance.dice


def logs(game: Game, kind: str) -> list[dict]:
    """The game log entries of one kind."""
    return [e for e in game.log if e["kind"] == kind]


def autoplay(game: Game, until, use: str = "place") -> None:
    """Answer the game's decisions with plain legal choices until ``until(game)``
    holds or the game ends: the first card offered, ``use`` for it, the
    opponent's event after the operations, the first other option (never a
    voluntary stop). Keep Scoring cards out of the hands to avoid Power
    Struggles."""
    while game.pending is not None and not until(game):
        decision = game.pending
        options = [o for o in decision.options if o != "stop"] or decision.options
        if decision.kind == "use" and use in options:
            value = use
        elif decision.kind == "event_order":
            value = "after"
        else:
            value = options[0]
        game.answer(value)


def restart_at(game: Game, phase: str) -> Game:
    """A game that resumes from ``game.state`` (as the test arranged it) at the
    start of the turn step ``phase`` ('deal', 'verify_held_cards',
    'advance_turn'...), through the public save format."""
    state = dict(game.state)
    state["phase"] = phase
    save = {**save_header(game.events), "start": {"state": state, "log": []},
            "answers": [], "state": None}
    return Game.from_json(save, DATA, game.events, verify=False)


def started_game(hands: dict[str, list[int]] | None = None, seed: int = 0, events=None,
                 options: dict | None = None) -> Game:
    """A new game with the given starting hands (the cards dealt are put back
    into the draw deck, the given ones taken out of it), its 3.4 placements
    made by :func:`autoplay`, paused at the Communist's first card decision."""
    game = Game.new(DATA, seed, options, events)
    st = game.state
    for side, cards in (hands or {}).items():
        st["deck"].extend(st["hands"][side])
        st["hands"][side] = list(cards)
    taken = [c for cards in st["hands"].values() for c in cards]
    st["deck"] = [c for c in st["deck"] if c not in taken]
    autoplay(game, lambda g: g.pending.kind == "card")
    return game


class ScriptedEvents:
    """A stand-in for the card-event runner: ``events[card]`` is a function
    ``(game, side)`` returning a generator that applies what the event did.
    Records every event run in ``ran``."""

    def __init__(self, events: dict):
        self.events = events
        self.ran: list[tuple[int, str]] = []

    def has_event(self, card):
        return card in self.events

    def playable(self, game, card, side):
        return True

    def run_event(self, game, card, side):
        self.ran.append((card, side))
        yield from self.events[card](game, side)
        return True

    def has_box(self, box):
        return False

    def declarations(self, game, side):
        return []

    def on_ops(self, game, card, side):
        return
        yield


def event(fn):
    """Wrap a plain function as an event generator (no decisions)."""
    def run(game, side):
        fn(game, side)
        return
        yield
    return run


def crash_at_seed(monkeypatch, seed: int) -> None:
    """Make the game with ``seed`` fail as an engine bug would (a batch of
    games must report it and go on)."""
    real_new = Game.new

    def new(data, game_seed, *args, **kwargs):
        if game_seed == seed:
            raise IndexError("tuple index out of range")
        return real_new(data, game_seed, *args, **kwargs)

    monkeypatch.setattr(Game, "new", new)


def scripted(lines: list[str]):
    """An input function answering with ``lines``, then end of input (EOF):
    what a person types at a prompt."""
    queue = list(lines)

    def read(prompt) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def twin_from_checkpoint(game: Game, change) -> Game:
    """The game rebuilt from the start of its action round, as a version 1
    save (one without the start) is, after ``change`` edited the state
    there: the answers since are replayed on the edited position."""
    save = game.to_json()
    checkpoint = save["checkpoint"]
    change(checkpoint["state"])
    since = {**save_header(game.events), "version": 1, "checkpoint": checkpoint["state"],
             "log": [], "journal": save["answers"][checkpoint["answers"]:],
             "state": save["state"]}
    return Game.from_json(since, game.data, game.events, verify=False)
