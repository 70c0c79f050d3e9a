"""The game driver: runs the rules as a generator that yields Decisions.

Why a generator with checkpoints: the rules read naturally as straight-line
code, yet the state must round-trip through JSON at any pending decision. The
driver snapshots the plain-data state when the game starts and records each
answer. A save holds that start plus every answer since (the game's seeded
chance rolls the dice, so they are the whole game); loading replays them, which
re-creates the exact position, including the middle of a card's effect or of
a power struggle, and lets `dof replay` and undo reach any earlier decision.
The replay is checked against the saved log and state, so a corrupt save,
or one the rules now play another way, is detected; the latter still loads
from the last checkpoint the save keeps.

Once a game has been saved or previewed, it snapshots again at the start of
each turn-machine step and action round, so that a look-ahead or a rewind
replays only a few answers. A game nobody saves (bots playing a batch) takes
no other snapshot: its answers alone rebuild any of its positions.

The save format is engine/saves.py's; ``dof.engine.game.SaveError`` still
names its SaveError, as it did before saves had a module of their own.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from dof.engine import api
from dof.engine.data.chance import DECK, Chance
from dof.engine.data.outcome import Termination
from dof.engine.data.records import GameData
from dof.engine.data.state import Result, State, initial_state, plain
from dof.engine.data.terms import SIDES
from dof.engine.data.validate import check_options
from dof.engine.rules import hooks
from dof.engine.rules.board import opponent
from dof.engine.rules.decisions import Decision, GameOver, IllegalAnswer
from dof.engine.rules.protocols import Events, Steps
from dof.engine.rules.turn import STEPS, proceed, turn_words
from dof.engine.saves import Saved, SaveError, read_save, save_header


class Driver:
    """Steps a rule's generator, the one way the engine and its tools do:
    :meth:`send` gives the pending decision its answer and runs the rule to
    its next decision. A rule that asks nothing may be a plain function
    (``steps`` None): it is over at once. ``pending`` is the decision
    waiting (None once the rule is over) and ``value`` what the rule
    returned. Whatever else the rule raises (GameOver, a bug) goes through."""

    __slots__ = ("_steps", "pending", "value")

    def __init__(self, steps: Steps | None) -> None:
        self._steps = steps
        self.pending: Decision | None = None
        self.value: Any = None

    def send(self, answer: Any = None) -> Decision | None:
        """Answer the pending decision (nothing to start the rule) and run
        to the next one; None when the rule is over."""
        steps = self._steps
        if steps is None:
            return None
        try:
            self.pending = steps.send(answer)
        except StopIteration as stop:
            self._steps = self.pending = None
            self.value = stop.value
        return self.pending

    def finish(self, answer: Callable[[Decision], Any]) -> Any:
        """Run the rule to its end, answering each decision with
        ``answer(decision)``; what the rule returned."""
        decision = self.send()
        while decision is not None:
            decision = self.send(answer(decision))
        return self.value


@dataclass(frozen=True)
class MapTables:
    """Look-ups on the printed map and cards that every game reads and none
    changes, built once per GameData: a bot's look-ahead builds a game copy
    for every option it weighs."""

    stability: tuple[int, ...]
    #: Neighbours of each space, ascending (a game with destroyed spaces
    #: builds its own, see Game.relink).
    adjacent: tuple[tuple[int, ...], ...]
    country_spaces: dict[str, tuple[int, ...]]
    space_country: tuple[str, ...]
    space_ids: dict[str, int]
    #: "#N Name" by card number, as players and the log name a card.
    card_names: dict[int, str]


_TABLES: WeakKeyDictionary = WeakKeyDictionary()


def map_tables(data) -> MapTables:
    """The MapTables of ``data``, built on first use."""
    tables = _TABLES.get(data)
    if tables is None:
        tables = _TABLES[data] = MapTables(
            stability=tuple(s.stability for s in data.spaces),
            adjacent=tuple(tuple(sorted(s.adjacent)) for s in data.spaces),
            country_spaces={name: c.spaces for name, c in data.countries.items()},
            space_country=tuple(s.country for s in data.spaces),
            space_ids={s.name: s.id for s in data.spaces},
            card_names={n: f"#{n} {c.name}" for n, c in data.cards.items()},
        )
    return tables


@lru_cache(maxsize=64)
def _relinked(data, destroyed: tuple[int, ...],
              links: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The map's adjacency less ``destroyed`` spaces, plus ``links``; the
    few such maps a batch meets are kept, since every look-ahead copy of a
    game with a destroyed space needs its map again."""
    gone = set(destroyed)
    near = [set(s.adjacent) - gone for s in data.spaces]
    for a, b in links:
        near[a].add(b)
        near[b].add(a)
    for s in gone:
        near[s] = set()
    return tuple(tuple(sorted(x)) for x in near)


class Game:
    """A game of 1989 in progress: plain-data ``state`` plus the rules driver.

    ``pending`` is the Decision waiting for an answer, or None when the game
    is over. Use :meth:`answer` to answer it, :meth:`to_json`/:meth:`from_json`
    to save and load at any decision. ``decisions`` counts the answers
    given since the start (a loaded game's include its save's).
    """

    def __init__(self, data: GameData, state: State, events: Events | None = None,
                 chance: Chance | None = None):
        self.data = data
        self.state = state
        self.events = events
        #: Every die, shuffle and random pick (data/chance.py): by default
        #: the state's seeded generator.
        self.chance = chance if chance is not None else Chance()
        self.chance.attach(self)
        self.log: list[dict] = []
        self.pending: Decision | None = None
        self.decisions = 0
        #: Why a loaded game goes on from its save's last checkpoint rather
        #: than its start (None: it was rebuilt whole), for the player to read.
        self.restored: str | None = None
        self._history: list[Any] = []  # every answer since the start
        self._start: bytes = b""  # the state at the start, and the log's length there
        self._start_log = 0
        self._ckpt: bytes = b""  # the last checkpoint, the log's length and answers there
        self._ckpt_log = 0
        self._ckpt_at = 0
        self._snapshots = False  # once saved or previewed: keep replays short
        self._past = True  # False: a sample that takes no snapshot (forget_past)
        self._driver = Driver(None)  # the rules, once started (_run)
        self.hook_index: tuple = hooks.NO_INDEX  # lasting effects by hook (hooks.active)
        tables = map_tables(data)
        self.stability = tables.stability
        self.country_spaces = tables.country_spaces
        self.space_country = tables.space_country
        self.space_ids = tables.space_ids
        self.adjacent = tables.adjacent
        self._card_names = tables.card_names
        self.relink()

    # ----------------------------------------------------------- lifecycle
    @classmethod
    def new(cls, data, seed: int = 0, options: Mapping | None = None, events=None,
            chance: Chance | None = None) -> Game:
        """Set up a new game (3.0) and run it to the first decision;
        OptionsError (a ValueError) for options no game can have. ``chance``
        replaces the seeded dice and shuffles (data/chance.py)."""
        state = initial_state(data, seed, dict(options or {}))
        check_options(state["options"])
        game = cls(data, state, events, chance)
        game._run()
        return game

    def _run(self) -> None:
        self._driver = Driver(self._main())
        self.pending = self._driver.send()

    def rules(self) -> Steps:
        """The rules this game runs from its state: the turn sequence (4.5),
        each turn step in the order the turn machine gives, from a
        checkpoint, to the end of the game. A step that asks nothing may be
        a plain function. (A game of one action round, engine/position.py,
        runs that round only.)"""
        while self.state["phase"] != "game_over":
            self.checkpoint()
            steps = STEPS[self.state["phase"]](self)
            if steps is not None:
                yield from steps
            proceed(self)

    def _main(self) -> Steps:
        try:
            yield from self.rules()
        except GameOver as end:
            self.state["result"] = {
                "winner": end.winner,
                "how": end.how.value,
                "detail": end.detail,
                "vp": self.state["vp"],
                "turn": self.state["turn"],
            }
            self.note("game_over", f"Game over: {end.winner or 'draw'} ({end.how}). {end.detail}")
            self.state["phase"] = "game_over"

    def checkpoint(self) -> None:
        """Snapshot the state; the rules call it only where the current step
        can restart from the state alone (a turn step, an action round).

        The first snapshot is always taken: it is the game's start. After
        it, one is taken only in a game that has been saved or previewed,
        and only if an answer was given since the last: with none, the rules
        run from that snapshot to here without asking anything, so it
        replays this position as well. A game nobody saves needs no other:
        a rewind replays its answers since the start. A sample that keeps
        no past (forget_past) takes none."""
        if self._ckpt and not (self._snapshots and len(self._history) > self._ckpt_at):
            return
        if not self._past:
            return
        self._ckpt = marshal.dumps(plain(self.state))
        self._ckpt_log = len(self.log)
        self._ckpt_at = len(self._history)
        if not self._start:
            self._start, self._start_log = self._ckpt, self._ckpt_log

    def _resume(self, answer: Any) -> None:
        self.pending = self._driver.send(answer)

    def answer(self, value: Any) -> None:
        """Answer the pending decision; IllegalAnswer leaves the game untouched.

        Anything else that stops the rules midway (an interrupt, a bug) also
        leaves the game at this same decision, rebuilt from the last
        checkpoint, so that it can still be saved: nothing is lost.
        """
        if self.pending is None:
            raise IllegalAnswer("the game is over; there is nothing to answer")
        value = self.pending.check(value)
        self._history.append(value)
        self.decisions += 1
        try:
            self.pending = self._driver.send(value)
        except BaseException:
            self._history.pop()
            self.decisions -= 1
            self._rewind()
            raise

    def _rewind(self) -> None:
        """Rebuild the position after the last answer from the checkpoint
        (a sample with none yet stays as the failure left it)."""
        if not self._ckpt:
            return
        since = self._history[self._ckpt_at:]
        del self._history[self._ckpt_at:]
        self.state = marshal.loads(self._ckpt)
        self.chance.attach(self)
        del self.log[self._ckpt_log:]
        self.relink()
        self._run()
        for value in since:
            self._history.append(value)
            self._resume(value)

    @property
    def over(self) -> bool:
        return self.pending is None

    @property
    def result(self) -> Result | None:
        return self.state["result"]

    def play(self, agents: Mapping[str, Any], limit: int = 1_000_000) -> Result | None:
        """Let ``agents`` (by side) answer every decision until the game ends,
        each from its side's view (engine/api.py)."""
        api.play(self, agents, limit)
        return self.result

    # -------------------------------------------------------- save / load
    def to_json(self) -> dict:
        """Plain data for a save file, valid at any pending decision: the
        start (its state and the log before it), every answer since, the
        log they give and the state they lead to; it names the mod card
        files the game is played with (see ``mods``). The last checkpoint
        is kept too: a save whose start a later dof plays another way still
        loads from there (:meth:`from_json`)."""
        self._snapshots = True
        self.past_kept("saved")
        return {
            **save_header(self.events),
            "start": {"state": marshal.loads(self._start), "log": self.log[:self._start_log]},
            "answers": list(self._history),
            "log": self.log[self._start_log:],
            "checkpoint": {"state": marshal.loads(self._ckpt), "answers": self._ckpt_at,
                           "log": self._ckpt_log - self._start_log},
            "state": self.state,
        }

    @classmethod
    def from_json(cls, obj: Any, data, events=None, verify: bool = True,
                  chance: Chance | None = None) -> Game:
        """Rebuild a game from :meth:`to_json` output (or a version 1 save);
        SaveError if it is corrupt, impossible, made with other mod cards,
        or replays another way than it was played. ``verify=False`` trusts
        the save (the engine's own copies, a test's position): its states
        are not checked and its replay is not compared. ``chance`` replaces
        the state's seeded dice (data/chance.py), from the start."""
        saved = read_save(obj, data, events, verify)
        try:
            return cls._replayed(saved, data, events, verify, chance)
        except SaveError as exc:
            if saved.fallback is None:
                raise
            # Nothing is lost when the rules changed since: the game goes on
            # from its last checkpoint, as saves of version 1 always did.
            try:
                game = cls._replayed(saved.fallback, data, events, verify, chance)
            except SaveError:
                raise exc from None
            st = saved.fallback.start
            game.restored = (f"{exc}; it goes on from its last checkpoint "
                             f"({turn_words(st['turn'], st['ar'])}): undo and dof replay reach "
                             "back only that far")
            return game

    @classmethod
    def _replayed(cls, saved: Saved, data, events, verify: bool,
                  chance: Chance | None = None) -> Game:
        game = cls.replay_start(saved, data, events, chance)
        ends = [len(game.log)]
        for move, value in enumerate(saved.answers, 1):
            game.replay_move(move, value)
            ends.append(len(game.log))
        if verify:
            saved.check(game.log, game.state, ends)
        return game

    @classmethod
    def replay_start(cls, saved: Saved, data, events=None, chance: Chance | None = None) -> Game:
        """The game of ``saved`` at its start, run to the first decision;
        it keeps checkpoints as it replays, as a saved game does."""
        try:
            game = cls(data, marshal.loads(marshal.dumps(saved.start)), events, chance)
            game.log = list(saved.log)
            game._snapshots = True
            game._run()
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
            raise SaveError(f"the save does not replay: its start fails "
                            f"({type(exc).__name__}: {exc})") from None
        return game

    def replay_move(self, move: int, value: Any) -> None:
        """Give a save's answer number ``move`` again; SaveError naming the
        move when the rules no longer take it."""
        try:
            self.answer(value)
        except IllegalAnswer as exc:
            raise SaveError(f"the save does not replay: move {move}: {exc}") from None
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
            raise SaveError(f"the save does not replay: move {move} fails "
                            f"({type(exc).__name__}: {exc})") from None

    def lookahead(self) -> Game:
        """A copy of the game at its pending decision, for a bot's look-ahead
        (engine/api.py View.preview): rebuilt as a save would be (the last
        snapshot, then the answers since it, checked when they were given)
        without the log or a save's checks, and cheaper than a save's round
        trip. The copy's dice are not re-seeded here: the caller hides what
        the looking side may not know."""
        self._snapshots = True
        self.past_kept("looked ahead from")
        copy = type(self)(self.data, marshal.loads(self._ckpt), self.events)
        copy._start = copy._ckpt = self._ckpt  # not dumped again at its first checkpoint
        copy._run()
        since = self._history[self._ckpt_at:]
        for value in since:
            copy._resume(value)
        copy._history = since  # so that a copy can look ahead in turn
        return copy

    def forget_past(self, snapshots: bool = True) -> None:
        """Drop the snapshots and answers: a look-ahead copy whose hidden
        cards were dealt anew (View.sample) must not rebuild the real ones
        from them. Until its next checkpoint it can be neither saved nor
        looked ahead from; without ``snapshots``, never: it takes none, so
        that a playout nobody saves does not copy the state at each
        checkpoint."""
        self._ckpt = self._start = b""
        self._history = []
        self._ckpt_at = self._ckpt_log = self._start_log = 0
        self._past = snapshots

    def past_kept(self, doing: str) -> None:
        """Refuse, with the reason, what needs the snapshot that forget_past dropped."""
        if not self._past:
            raise IllegalAnswer(f"this game is a sample (View.sample) that takes no snapshots: "
                                f"it can never be {doing}")
        if not self._ckpt:
            raise IllegalAnswer(f"this game is a sample (View.sample) whose hidden cards were "
                                f"dealt anew: it cannot be {doing} before its next checkpoint "
                                f"(the start of an action round or turn step)")

    def relink(self) -> None:
        """Rebuild adjacency from the map, less destroyed spaces, plus the
        links the state adds (a destroyed space's neighbours join up)."""
        st = self.state
        if not st["destroyed"] and not st["links"]:
            self.adjacent = map_tables(self.data).adjacent
        else:
            self.adjacent = _relinked(self.data, tuple(st["destroyed"]),
                                      tuple(map(tuple, st["links"])))

    def destroy_space(self, space: int) -> None:
        """Take a space off the map for good: SPs left in it are lost and its
        neighbours become adjacent to each other."""
        st = self.state
        neighbours = self.adjacent[space]
        for i, a in enumerate(neighbours):
            for b in neighbours[i + 1:]:
                if b not in self.adjacent[a]:
                    st["links"].append([a, b])
        for side in SIDES:
            st["sp"][side][space] = 0
        st["destroyed"].append(space)
        self.relink()
        self.note("destroy", f"{self.space_name(space)} is destroyed", space=space)

    # ----------------------------------------------------- rule helpers
    def use_chance(self, chance: Chance) -> None:
        """Draw every die, shuffle and random pick from ``chance`` from now
        on (a test's or a scenario's scripted dice, data/chance.py)."""
        chance.attach(self)
        self.chance = chance

    def roll(self, who: str, why: str) -> int:
        """Roll a die for ``who`` and log it."""
        value = self.chance.die(who, why)
        self.note("roll", f"{who} rolls {value} ({why})", roll=value, player=who)
        return value

    def note(self, kind: str, text: str, **fields: Any) -> None:
        """Append a structured entry to the game log."""
        st = self.state
        self.log.append({"kind": kind, "turn": st["turn"], "ar": st["ar"], "text": text, **fields})

    def add_vp(self, delta: int, why: str) -> None:
        """Change VP (+ toward the Democrat) and check 10.1 automatic victory.

        10.1 is checked at once unless a power struggle is being resolved
        (checked after its country scoring, 8.0 step 6) or final scoring runs.
        """
        if not delta:
            return
        st = self.state
        st["vp"] += delta
        self.note("vp", f"VP {delta:+d} ({why}); now {st['vp']:+d}", delta=delta)
        if not st["defer_victory"]:
            self.check_automatic_victory()

    def check_automatic_victory(self) -> None:
        """10.1: +20 wins for the Democrat, -20 for the Communist."""
        vp = self.state["vp"]
        if vp >= 20:
            raise GameOver("democrat", Termination.AUTOMATIC_VICTORY, f"VP reached {vp:+d}")
        if vp <= -20:
            raise GameOver("communist", Termination.AUTOMATIC_VICTORY, f"VP reached {vp:+d}")

    def hand(self, side: str) -> list[int]:
        return self.state["hands"][side]

    #: The other side (a function of the side alone, not of the game).
    opponent = staticmethod(opponent)

    def ask(self, kind: str, player: str, options: list, prompt: str,
            labels: list[str] | None = None, describe=None, why_not=None, odds=None,
            ahead=None, **context: Any) -> Decision:
        """Build a Decision (``answer = yield game.ask(...)``); ``odds``
        gives an answer's odds when asked (Decision.odds), ``ahead`` what it
        does before the next question when the rule can tell (Decision.ahead)."""
        return Decision(kind, player, options, prompt, labels, context, describe, why_not, odds,
                        ahead)

    def space_name(self, space: int) -> str:
        return self.data.spaces[space].name

    def card_name(self, number: int) -> str:
        return self._card_names[number]

    def draw_card(self) -> int | None:
        """Take the top card of the draw deck, reshuffling the discards when it is
        empty (4.3, ruling R5); None when both are empty."""
        st = self.state
        if not st["deck"]:
            if not st["discard"]:
                return None
            st["deck"], st["discard"] = st["discard"], []
            self.chance.shuffle(st["deck"], DECK)
            self.note("reshuffle", f"Discards reshuffled: a new {len(st['deck'])}-card deck")
        return st["deck"].pop()
