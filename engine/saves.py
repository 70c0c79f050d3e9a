"""The save format: what a save file holds and how it is read and checked.

A save (``Game.to_json``) holds the game's start (its state and the log
before it), every answer given since, the log they give and the state they
lead to, and the last checkpoint. :func:`read_save` checks every part before
anything uses it and returns a :class:`Saved`; the driver (engine/game.py)
replays its answers, and :meth:`Saved.check` compares the replayed log and
state with the saved ones.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dof.engine.data.state import PHASES, State, plain
from dof.engine.data.validate import (
    OptionsError,
    StateError,
    check_log,
    check_state,
    deeper_than,
    found,
    unplaced,
)
from dof.engine.data.vocabulary import PROGRAM_FORMAT
from dof.engine.rules.turn import turn_words

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
#: What the log tells that the answers and the dice already fix, which an
#: earlier dof did not write: a card's use (its player's answer), the
#: total of a card's die roll and what the roll did (its modifiers are
#: read from the table). A save's check leaves these entry kinds out whole,
#: and these fields of the others, so that saves made before still load.
TOLD_KINDS = frozenset({"roll_total", "roll_outcome"})
TOLD_FIELDS = frozenset({"use"})


def _course(entry: dict) -> dict:
    """A log entry or state without its wording (``_WORDING``) and what
    it only tells (``TOLD_FIELDS``)."""
    return {k: v for k, v in entry.items() if k not in _WORDING and k not in TOLD_FIELDS}


def _told(entry: dict) -> bool:
    """An entry a save's check leaves out: one of TOLD_KINDS, or a card's
    roll total as dof logged it before roll_total (a 'roll' with no die)."""
    kind = entry.get("kind")
    return kind in TOLD_KINDS or (kind == "roll" and "roll" not in entry)


def _courses(log: list[dict], first: int = 0) -> tuple[list[int], list[Any]]:
    """The entries of ``log`` from ``first`` on that a save's check compares
    (none it leaves out, _told), as their places in ``log`` and their courses."""
    kept = [i for i in range(first, len(log)) if not _told(log[i])]
    return kept, [unplaced(_course(log[i])) for i in kept]


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

    def check(self, log: list[dict], state: State, ends: list[int]) -> None:
        """SaveError unless the ``log`` and ``state`` that replaying this
        save gave are the saved game's: the same log lines, else the move
        from which it goes another way is named (``ends[n]``: the log's
        length after ``n`` answers), and the same state."""
        places, replayed = _courses(log, len(self.log))
        saved = None if self.played is None else _courses(self.played)[1]
        if saved is not None and replayed != saved:
            first = next((i for i, (a, b) in enumerate(zip(replayed, saved, strict=False))
                          if a != b), min(len(replayed), len(saved)))
            line = places[first] if first < len(places) else len(log)
            move = min(bisect_right(ends, line), len(ends) - 1)
            entry = log[min(line, len(log) - 1)] if log else state
            where = f"move {move}" if move else "the start"
            raise SaveError(f"the save does not replay as it was played: from {where} "
                            f"({turn_words(entry['turn'], entry['ar'])}) the game goes another "
                            "way; were the cards or dof changed since it was saved?")
        saved_state = self.state if isinstance(self.state, dict) else {}
        now = plain(state)
        if saved_state != now and unplaced(_course(saved_state)) != unplaced(_course(now)):
            differ = [k for k in now if k not in _WORDING
                      and unplaced(saved_state.get(k)) != unplaced(now[k])]
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
