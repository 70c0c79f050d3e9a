"""The game driver: runs the rules as a generator that yields Decisions.

Why a generator with checkpoints: the rules read naturally as straight-line
code, yet the state must round-trip through JSON at any pending decision. The
driver snapshots the plain-data state when the game starts and journals each
answer. A save holds the snapshot plus the answers since it; loading restores
the snapshot and replays those answers, which re-creates the exact position,
including the middle of a card's effect or of a power struggle. The saved
current state is compared after replay, so a corrupt save is detected.

Once a game has been saved or previewed, it snapshots again at the start of
each turn-machine step and action round, so that the next save or look-ahead
replays only a few answers. A game nobody saves (bots playing a batch) takes
no other snapshot: its answers alone rebuild any of its positions.
"""

from __future__ import annotations

import marshal
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from dof.engine import api, hooks, rng
from dof.engine.board import opponent
from dof.engine.decisions import Decision, GameOver, IllegalAnswer
from dof.engine.outcome import Termination
from dof.engine.protocols import Events
from dof.engine.records import GameData
from dof.engine.setup import initial_state
from dof.engine.terms import SIDES
from dof.engine.turn import PHASES, STEPS, proceed
from dof.engine.validate import StateError, check_state
from dof.engine.vocabulary import PROGRAM_FORMAT

SAVE_FORMAT = "dof-save"
SAVE_VERSION = 1

Steps = Generator[Decision, Any, None]


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

    if not isinstance(saved, list) or not all(isinstance(m, dict) for m in saved):
        raise SaveError("the save's mods field is not a list of files")
    if saved != current:
        changed = [m.get("file", "?") for m in saved if m not in current
                   and any(c["file"] == m.get("file") for c in current)]
        detail = f" ({', '.join(changed)} changed since)" if changed else ""
        raise SaveError(f"the save was made with {names(saved)}{detail}, but the game now has "
                        f"{names(current)}: load it with the same --mod folder")


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
    to save and load at any decision.
    """

    def __init__(self, data: GameData, state: dict, events: Events | None = None):
        self.data = data
        self.state = state
        self.events = events
        self.log: list[dict] = []
        self.pending: Decision | None = None
        self.decisions = 0
        self._journal: list[Any] = []
        self._ckpt: bytes = b""
        self._ckpt_log = 0
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
        """Set up a new game (3.0) and run it to the first decision."""
        game = cls(data, initial_state(data, seed, dict(options or {})), events)
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

        The first snapshot is always taken. After it, one is taken only in
        a game that has been saved or previewed, and only if an answer was
        given since the last: with none, the rules run from that snapshot to
        here without asking anything, so it replays this position as well.
        A game nobody saves needs no other: a rewind replays its journal."""
        if self._ckpt and not (self._snapshots and self._journal):
            return
        self._ckpt = marshal.dumps(self.state)
        self._ckpt_log = len(self.log)
        self._journal = []

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
        self._journal.append(value)
        self.decisions += 1
        try:
            self._resume(value)
        except BaseException:
            self._journal.pop()
            self.decisions -= 1
            self._rewind()
            raise

    def _rewind(self) -> None:
        """Rebuild the position of the journal's end from the checkpoint."""
        journal = self._journal
        self.state = marshal.loads(self._ckpt)
        del self.log[self._ckpt_log:]
        self.relink()
        self._journal = []
        self._run()
        for value in journal:
            self._journal.append(value)
            self._resume(value)

    @property
    def over(self) -> bool:
        return self.pending is None

    @property
    def result(self) -> dict | None:
        return self.state["result"]

    def play(self, agents: Mapping[str, Any], limit: int = 1_000_000) -> dict | None:
        """Let ``agents`` (by side) answer every decision until the game ends,
        each from its side's view (engine/api.py)."""
        api.play(self, agents, limit)
        return self.result

    # -------------------------------------------------------- save / load
    def to_json(self) -> dict:
        """Plain data for a save file, valid at any pending decision; it
        names the mod card files the game is played with (see ``mods``)."""
        self._snapshots = True
        return {
            **save_header(self.events),
            "checkpoint": marshal.loads(self._ckpt),
            "journal": list(self._journal),
            "log": self.log[: self._ckpt_log],
            "state": self.state,
        }

    @classmethod
    def from_json(cls, obj: Any, data, events=None, verify: bool = True) -> Game:
        """Rebuild a game from :meth:`to_json` output; SaveError if it is
        corrupt, impossible, or made with other mod cards. ``verify=False``
        trusts the save (the engine's own copies, a test's position): its
        states are not checked and its replay is not compared."""
        if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
            raise SaveError("not a dof save file (no 'format: dof-save')")
        if obj.get("version") != SAVE_VERSION:
            raise SaveError(f"save version {obj.get('version')!r} is not supported")
        if obj.get("program_format") != PROGRAM_FORMAT:
            raise SaveError(f"the save's card programs are in format "
                            f"{obj.get('program_format')!r}, but this dof runs format "
                            f"{PROGRAM_FORMAT}: the save was made by another version of dof")
        _check_mods(obj.get("mods", []), mods_of(events))
        for part in ("checkpoint", "state") if verify else ():
            try:
                check_state(data, obj.get(part), tuple(PHASES))
            except StateError as exc:
                raise SaveError(f"the save's {part} is impossible: {exc}") from None
        if not isinstance(obj.get("journal"), list) or not isinstance(obj.get("log"), list):
            raise SaveError("the save has no journal or log list")
        try:
            game = cls(data, marshal.loads(marshal.dumps(obj["checkpoint"])), events)
            game._run()
            game.log[:0] = obj["log"]
            game._ckpt_log += len(obj["log"])
            for value in obj["journal"]:
                game.answer(value)
        except SaveError:
            raise
        except (IllegalAnswer, KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
            raise SaveError(f"the save does not replay: {exc}") from None
        if verify and obj.get("state") != game.state:
            raise SaveError("the save is inconsistent: replaying it does not give its state")
        return game

    def lookahead(self) -> Game:
        """A copy of the game at its pending decision, for a bot's look-ahead
        (engine/api.py View.preview): rebuilt as a save would be (the
        snapshot, then the journal's answers, checked when they were given)
        without the log or a save's checks, and cheaper than a save's round
        trip. The copy's dice are not re-seeded here: the caller hides what
        the looking side may not know."""
        self._snapshots = True
        copy = Game(self.data, marshal.loads(self._ckpt), self.events)
        copy._run()
        for value in self._journal:
            copy._resume(value)
        copy._journal = list(self._journal)  # so that a copy can look ahead in turn
        return copy

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
