"""The game driver: runs the rules as a generator that yields Decisions.

Why a generator with checkpoints: the rules read naturally as straight-line
code, yet the state must round-trip through JSON at any pending decision. The
driver snapshots the plain-data state when the game starts and records each
answer. A save holds that start plus every answer since (one seeded generator
drives the dice, so they are the whole game); loading replays them, which
re-creates the exact position, including the middle of a card's effect or of
a power struggle, and lets `dof replay` and undo reach any earlier decision.
The replay is checked against the saved log and state, so a corrupt save,
or one the rules now play another way, is detected; the latter still loads
from the last checkpoint the save keeps.

Once a game has been saved or previewed, it snapshots again at the start of
each turn-machine step and action round, so that a look-ahead or a rewind
replays only a few answers. A game nobody saves (bots playing a batch) takes
no other snapshot: its answers alone rebuild any of its positions.
"""

from __future__ import annotations

import marshal
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from dof.engine import api
from dof.engine.data import rng
from dof.engine.data.outcome import Termination
from dof.engine.data.records import GameData
from dof.engine.data.state import PHASES, Result, State, initial_state, plain
from dof.engine.data.terms import SIDES
from dof.engine.data.validate import (
    OptionsError,
    StateError,
    check_log,
    check_options,
    check_state,
    deeper_than,
    found,
    unplaced,
)
from dof.engine.data.vocabulary import PROGRAM_FORMAT
from dof.engine.rules import hooks
from dof.engine.rules.board import opponent
from dof.engine.rules.decisions import Decision, GameOver, IllegalAnswer
from dof.engine.rules.protocols import Events, Steps
from dof.engine.rules.turn import STEPS, proceed, turn_words

SAVE_FORMAT = "dof-save"
#: Version 2 saves hold the start and every answer since. Version 1 saves
#: held the last checkpoint and the answers since it: they still load and
#: play on, but cannot be replayed from the start.
SAVE_VERSION = 2


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says why."""


def mods_of(events) -> list[dict]:
    """The mod card files an event runner's cards come from (name and hash);
    a save keeps them so that it is never replayed with other cards."""
    fingerprint = getattr(events, "mods", None)
    return fingerprint() if fingerprint else []


def save_header(events) -> dict:
    """What a save is and what it needs to replay: the save format, the
    format of the compiled card programs its lasting effects hold, and the
    mod card files."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
            "program_format": PROGRAM_FORMAT, "mods": mods_of(events)}


def _check_mods(saved: Any, current: list[dict]) -> None:
    """A save replays only with the mod card files it was made with."""
    def names(mods: list[dict]) -> str:
        return ", ".join(m.get("file", "?") for m in mods) or "no mod"

    if not isinstance(saved, list) or not all(
            isinstance(m, dict) and set(m) == {"file", "sha256"}
            and all(isinstance(v, str) for v in m.values()) for m in saved):
        raise SaveError("the save's mods field is not a list of files (each a file name and "
                        "its sha256)")
    if saved != current:
        changed = [m.get("file", "?") for m in saved if m not in current
                   and any(c["file"] == m.get("file") for c in current)]
        detail = f" ({', '.join(changed)} changed since)" if changed else ""
        raise SaveError(f"the save was made with {names(saved)}{detail}, but the game now has "
                        f"{names(current)}: load it with the same --mod folder")


#: What a save's check leaves out: how dof words a log entry and numbers
#: the action rounds. A later dof may say them otherwise (an earlier one
#: counted both players' rounds together) without playing another game:
#: what was played, rolled and placed is compared, and the state it leads to.
_WORDING = frozenset({"text", "ar"})


def _course(entry: dict) -> dict:
    """A log entry or state without its wording (``_WORDING``)."""
    return {k: v for k, v in entry.items() if k not in _WORDING}


@dataclass(frozen=True)
class Saved:
    """A save file's parts (see :func:`read_save`): the position its answers
    start from and the log before it, every answer since, and what
    replaying them must give: the log after the start (None when not kept)
    and the state. ``fallback`` is the same game from its last checkpoint,
    for when the rules no longer play its start the same way."""

    version: int
    start: dict
    log: list[dict]
    answers: list
    played: list[dict] | None
    state: Any
    fallback: Saved | None = None

    @property
    def from_the_start(self) -> bool:
        """False for a version 1 save: its answers start at its last checkpoint."""
        return self.version >= 2

    def check(self, game: Game, ends: list[int]) -> None:
        """SaveError unless ``game``, rebuilt from this save, is the saved
        game: the same log lines, else the move from which it goes another
        way is named (``ends[n]``: the log's length after ``n`` answers),
        and the same state."""
        first = len(self.log)
        replayed = [unplaced(_course(entry)) for entry in game.log[first:]]
        saved = None if self.played is None else [unplaced(_course(e)) for e in self.played]
        if saved is not None and replayed != saved:
            line = first + next((i for i, (a, b) in enumerate(zip(replayed, saved, strict=False))
                                 if a != b), min(len(replayed), len(saved)))
            move = min(bisect_right(ends, line), len(ends) - 1)
            entry = game.log[min(line, len(game.log) - 1)] if game.log else game.state
            where = f"move {move}" if move else "the start"
            raise SaveError(f"the save does not replay as it was played: from {where} "
                            f"({turn_words(entry['turn'], entry['ar'])}) the game goes another "
                            "way; were the cards or dof changed since it was saved?")
        state = self.state if isinstance(self.state, dict) else {}
        now = plain(game.state)
        if state != now and unplaced(_course(state)) != unplaced(_course(now)):
            differ = [k for k in now if k not in _WORDING
                      and unplaced(state.get(k)) != unplaced(now[k])]
            raise SaveError(f"the save is inconsistent: replaying its {len(self.answers)} "
                            f"answers does not give its state (different: {', '.join(differ)})")


#: How deeply a save may nest lists and objects. A save of the printed
#: cards nests 15 levels at most (measured over bot games: a lasting
#: effect's program is the deepest part); a mod card's program may nest
#: about twice the 120 levels of syntax the card language allows
#: (dsl/parser.py MAX_DEPTH: 107 'or's in a row compile 219 deep), inside
#: the 5 levels of a save's state. Deeper JSON is no dof save, and is
#: refused before anything reads it.
SAVE_NESTING = 256
TOO_DEEP = (f"the save nests lists and objects more than {SAVE_NESTING} levels deep, "
            "deeper than any dof save")


def read_save(obj: Any, data, events=None, verify: bool = True) -> Saved:
    """The parts of a save (:meth:`Game.to_json` output); SaveError if it is
    not a save, was made by another dof or with other mod cards, or (with
    ``verify``) any of its parts is impossible: every part is checked
    (:func:`_check_parts`) before anything uses it."""
    if verify and deeper_than(obj, SAVE_NESTING):
        raise SaveError(TOO_DEEP)
    if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
        raise SaveError("not a dof save file (no 'format: dof-save')")
    version = obj.get("version")
    if version not in (1, SAVE_VERSION):
        raise SaveError(f"save version {version!r} is not supported")
    if obj.get("program_format") != PROGRAM_FORMAT:
        raise SaveError(f"the save's card programs are in format "
                        f"{obj.get('program_format')!r}, but this dof runs format "
                        f"{PROGRAM_FORMAT}: the save was made by another version of dof")
    _check_mods(obj.get("mods", []), mods_of(events))
    if version == 1:
        part, start, log, answers = "checkpoint", obj.get("checkpoint"), obj.get("log"), \
            obj.get("journal")
        played = None
    else:
        head = obj.get("start")
        head = head if isinstance(head, dict) else {}
        part, start, log, answers = "start", head.get("state"), head.get("log"), \
            obj.get("answers")
        played = obj.get("log")
    if verify:
        if not isinstance(answers, list):
            raise SaveError(f"the save's answers are impossible: expected a list, found "
                            f"{found(answers)}")
        states = {part: start}
        if version > 1 and "checkpoint" in obj:
            states["checkpoint"] = _checkpoint_state(obj["checkpoint"], answers, played)
        logs = {"log": log} if version == 1 else {"start's log": log}
        if played is not None:  # a save made before saves kept their log has none
            logs["log"] = played
        rules = events.lasting_rules() if events is not None else None
        _check_parts(data, {**states, "state": obj.get("state")}, logs, rules)
    if not isinstance(start, dict):
        raise SaveError(f"the save has no {part} position")
    if not isinstance(answers, list) or not isinstance(log, list) or \
            not isinstance(played, list | None) or \
            not all(isinstance(entry, dict) for entry in [*log, *(played or ())]):
        raise SaveError("the save has no list of answers or log")
    return Saved(version, start, log, answers, played, obj.get("state"),
                 _checkpoint(obj.get("checkpoint"), log, answers, played, obj.get("state"))
                 if version > 1 else None)


def _check_parts(data, states: dict[str, Any], logs: dict[str, Any],
                rules: Mapping[str, list[dict]] | None = None) -> None:
    """SaveError unless each part of a save is possible: its ``states`` by
    name (the start and checkpoint, which no Power Struggle is inside, and
    the state, their lasting effects holding the cards' ``rules``) and its
    ``logs`` by name. The message names the part and the field."""
    for name, state in states.items():
        try:
            check_state(data, state, tuple(PHASES), start=name != "state", rules=rules)
        except OptionsError as exc:
            raise SaveError(f"the save's options are impossible: {exc}") from None
        except StateError as exc:
            raise SaveError(f"the save's {name} is impossible: {exc}") from None
    for name, log in logs.items():
        try:
            check_log(data, log)
        except StateError as exc:
            raise SaveError(f"the save's {name} is impossible: {exc}") from None


def _checkpoint_state(checkpoint: Any, answers: Any, played: Any) -> Any:
    """The state of a version 2 save's last checkpoint; SaveError unless
    the checkpoint says where in the ``answers`` and the ``played`` log it
    was taken."""
    def fail(why: str) -> SaveError:
        return SaveError(f"the save's checkpoint is impossible: {why}")

    if not isinstance(checkpoint, dict):
        raise fail(f"expected an object, found {found(checkpoint)}")
    for key in checkpoint:
        if key not in ("state", "answers", "log"):
            raise fail(f"{key}: not a field of a checkpoint (its fields: state, answers, log)")
    for key, kept in (("answers", answers), ("log", played)):
        at = checkpoint.get(key)
        most = len(kept) if isinstance(kept, list) else 0
        if not (isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= most):
            raise fail(f"{key}: {at!r:.40} is not a place in the save's {key} (0..{most})")
    return checkpoint.get("state")


def _checkpoint(ckpt: Any, log: list[dict], answers: list, played: list[dict] | None,
                state: Any) -> Saved | None:
    """A version 2 save from its last checkpoint, as a version 1 save was:
    the state there and the answers since (None if it keeps none)."""
    if not isinstance(ckpt, dict) or not isinstance(ckpt.get("state"), dict) or played is None:
        return None
    at, logged = ckpt.get("answers"), ckpt.get("log")
    if not (isinstance(at, int) and 0 <= at <= len(answers)
            and isinstance(logged, int) and 0 <= logged <= len(played)):
        return None
    return Saved(1, ckpt["state"], [*log, *played[:logged]], answers[at:], played[logged:], state)


@dataclass(frozen=True)
class MapTables:
    """Look-ups on the printed map that every game reads and none changes,
    built once per GameData: a bot's look-ahead builds a game copy for every
    option it weighs."""

    stability: tuple[int, ...]
    #: Neighbours of each space, ascending (a game with destroyed spaces
    #: builds its own, see Game.relink).
    adjacent: tuple[tuple[int, ...], ...]
    country_spaces: dict[str, tuple[int, ...]]
    space_country: tuple[str, ...]
    space_ids: dict[str, int]


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

    def __init__(self, data: GameData, state: State, events: Events | None = None):
        self.data = data
        self.state = state
        self.events = events
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
        self._gen: Steps | None = None
        self.hook_index: tuple = hooks.NO_INDEX  # lasting effects by hook (hooks.active)
        tables = map_tables(data)
        self.stability = tables.stability
        self.country_spaces = tables.country_spaces
        self.space_country = tables.space_country
        self.space_ids = tables.space_ids
        self.adjacent = tables.adjacent
        self.relink()

    # ----------------------------------------------------------- lifecycle
    @classmethod
    def new(cls, data, seed: int = 0, options: Mapping | None = None, events=None) -> Game:
        """Set up a new game (3.0) and run it to the first decision;
        OptionsError (a ValueError) for options no game can have."""
        state = initial_state(data, seed, dict(options or {}))
        check_options(state["options"])
        game = cls(data, state, events)
        game._run()
        return game

    def _run(self) -> None:
        self._gen = self._main()
        self._resume(None, first=True)

    def _main(self) -> Steps:
        try:
            while self.state["phase"] != "game_over":
                self.checkpoint()
                yield from STEPS[self.state["phase"]](self)
                proceed(self)
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
        a rewind replays its answers since the start."""
        if self._ckpt and not (self._snapshots and len(self._history) > self._ckpt_at):
            return
        self._ckpt = marshal.dumps(plain(self.state))
        self._ckpt_log = len(self.log)
        self._ckpt_at = len(self._history)
        if not self._start:
            self._start, self._start_log = self._ckpt, self._ckpt_log

    def _resume(self, answer: Any, first: bool = False) -> None:
        gen = self._gen
        assert gen is not None  # _run starts the rules before any answer
        try:
            self.pending = next(gen) if first else gen.send(answer)
        except StopIteration:
            self.pending = None

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
            self._resume(value)
        except BaseException:
            self._history.pop()
            self.decisions -= 1
            self._rewind()
            raise

    def _rewind(self) -> None:
        """Rebuild the position after the last answer from the checkpoint."""
        since = self._history[self._ckpt_at:]
        del self._history[self._ckpt_at:]
        self.state = marshal.loads(self._ckpt)
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
    def from_json(cls, obj: Any, data, events=None, verify: bool = True) -> Game:
        """Rebuild a game from :meth:`to_json` output (or a version 1 save);
        SaveError if it is corrupt, impossible, made with other mod cards,
        or replays another way than it was played. ``verify=False`` trusts
        the save (the engine's own copies, a test's position): its states
        are not checked and its replay is not compared."""
        saved = read_save(obj, data, events, verify)
        try:
            return cls._replayed(saved, data, events, verify)
        except SaveError as exc:
            if saved.fallback is None:
                raise
            # Nothing is lost when the rules changed since: the game goes on
            # from its last checkpoint, as saves of version 1 always did.
            try:
                game = cls._replayed(saved.fallback, data, events, verify)
            except SaveError:
                raise exc from None
            st = saved.fallback.start
            game.restored = (f"{exc}; it goes on from its last checkpoint "
                             f"({turn_words(st['turn'], st['ar'])}): undo and dof replay reach "
                             "back only that far")
            return game

    @classmethod
    def _replayed(cls, saved: Saved, data, events, verify: bool) -> Game:
        game = cls.replay_start(saved, data, events)
        ends = [len(game.log)]
        for move, value in enumerate(saved.answers, 1):
            game.replay_move(move, value)
            ends.append(len(game.log))
        if verify:
            saved.check(game, ends)
        return game

    @classmethod
    def replay_start(cls, saved: Saved, data, events=None) -> Game:
        """The game of ``saved`` at its start, run to the first decision;
        it keeps checkpoints as it replays, as a saved game does."""
        try:
            game = cls(data, marshal.loads(marshal.dumps(saved.start)), events)
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
        copy = Game(self.data, marshal.loads(self._ckpt), self.events)
        copy._start = copy._ckpt = self._ckpt  # not dumped again at its first checkpoint
        copy._run()
        since = self._history[self._ckpt_at:]
        for value in since:
            copy._resume(value)
        copy._history = since  # so that a copy can look ahead in turn
        return copy

    def forget_past(self) -> None:
        """Drop the snapshots and answers: a look-ahead copy whose hidden
        cards were dealt anew (View.sample) must not rebuild the real ones
        from them. Until its next checkpoint it can be neither saved nor
        looked ahead from."""
        self._ckpt = self._start = b""
        self._history = []
        self._ckpt_at = self._ckpt_log = self._start_log = 0

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
    def roll(self, who: str, why: str) -> int:
        """Roll a die for ``who`` and log it."""
        value = rng.die(self.state)
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

    def opponent(self, side: str) -> str:
        return opponent(side)

    def ask(self, kind: str, player: str, options: list, prompt: str,
            labels: list[str] | None = None, describe=None, why_not=None,
            **context: Any) -> Decision:
        """Build a Decision (``answer = yield game.ask(...)``)."""
        return Decision(kind, player, options, prompt, labels, context, describe, why_not)

    def space_name(self, space: int) -> str:
        return self.data.spaces[space].name

    def card_name(self, number: int) -> str:
        return f"#{number} {self.data.cards[number].name}"

    def draw_card(self) -> int | None:
        """Take the top card of the draw deck, reshuffling the discards when it is
        empty (4.3, ruling R5); None when both are empty."""
        st = self.state
        if not st["deck"]:
            if not st["discard"]:
                return None
            st["deck"], st["discard"] = st["discard"], []
            rng.shuffle(self.state, st["deck"])
            self.note("reshuffle", f"Discards reshuffled: a new {len(st['deck'])}-card deck")
        return st["deck"].pop()
