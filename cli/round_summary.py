"""What happened since a player last answered, in a few lines: each card
played with its use, the SPs placed or removed per space, the support checks
with their rolls and results, the VP changes, a power struggle's outcome
and the other dice (a Tiananmen attempt, an event's roll). The play screen
shows it when the log since the last question does not fit (`log` gives
the full text), and `dof replay` after each action round.

It reads the log entries' data (engine/game.py Game.note) and says each
in a player's words (board_view), in lines of Rich Text no wider than asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rich.text import Text

from dof.cli.board_view import (
    SIDE_LETTER,
    SIDE_STYLE,
    entry_text,
    fit_lines,
    line,
    log_lines,
    log_text,
)
from dof.engine.data.terms import SIDES

#: Entries told in a line of their own, in a player's words.
TOLD = frozenset({"event", "ps_start", "ps_winner", "ps_power", "score", "tiananmen",
                  "award", "award_ends", "roll_outcome", "effect_ends", "reveal", "take",
                  "give", "forfeit", "pass", "no_effect", "destroy", "ussr", "end_game",
                  "game_over", "suppress", "wasted", "no_target", "event_ends"})
#: Entries that begin a part of the summary: a card played, a round without one.
BEGINS = frozenset({"play", "forfeit", "pass", "deal"})
#: How far a summary's lines are indented: past a log line's turn and round.
INDENT = 8
#: Entries that change SPs: a placement, a loss, an event's change, a check.
SP_KINDS = frozenset({"place", "remove", "sp", "check"})


@dataclass
class Part:
    """What one card play (or a round without one) led to: the entry that
    began it (None for what followed the player's own last answer), the SP
    changes by (space, side), the checks, the VP changes and the entries
    told in a line each (TOLD)."""

    head: dict | None = None
    sps: dict[tuple[int, str], int] = field(default_factory=dict)
    checks: list[dict] = field(default_factory=list)
    vp: list[dict] = field(default_factory=list)
    told: list[dict] = field(default_factory=list)

    def add_sp(self, space: int, side: str, delta: int) -> None:
        if delta:
            self.sps[space, side] = self.sps.get((space, side), 0) + delta


def parts(entries: Iterable[dict]) -> list[Part]:
    """The entries split where a card is played (BEGINS)."""
    out: list[Part] = []
    for entry in entries:
        kind = entry["kind"]
        if kind in BEGINS:
            out.append(Part(head=entry))
            continue
        if not out:
            out.append(Part())
        part = out[-1]
        if kind in SP_KINDS:
            _count_sps(part, entry)
        if kind == "check":
            part.checks.append(entry)
        elif kind == "vp":
            part.vp.append(entry)
        elif kind in TOLD:
            part.told.append(entry)
    return out


def _count_sps(part: Part, entry: dict) -> None:
    """An entry's SP changes: a placement +1, a loss -1, an event's change
    its delta, a check the opponent SPs it removed and the SPs it added."""
    side, space, kind = entry.get("player"), entry.get("space"), entry["kind"]
    if side is None or space is None:
        return
    if kind == "place":
        part.add_sp(space, side, 1)
    elif kind == "remove":
        part.add_sp(space, side, -1)
    elif kind == "sp":
        part.add_sp(space, side, entry.get("delta", 0))
    else:
        other = "communist" if side == "democrat" else "democrat"
        part.add_sp(space, other, -entry.get("removed", 0))
        part.add_sp(space, side, entry.get("added", 0))


def part_lines(game, part: Part, width: int, told: bool = True) -> list[Text]:
    """One part: the card played and how, then its SPs, checks and VP,
    then (with ``told``) the entries told (TOLD); each in two lines at
    most, the second under the first's words."""
    out = []
    if part.head is not None:
        out += _hanging(log_text(game, part.head), width)
    if part.sps:
        out += _hanging(Text.assemble(_label("SPs"), *_sps(game, part.sps)), width)
    if part.checks:
        out += _hanging(Text.assemble(_label("Checks"), "; ".join(
            _check(game, c) for c in part.checks)), width)
    if part.vp:  # "VP +2 (Poland scoring); now +3", a change after another
        out += _hanging(Text.assemble(_label("VP"), ", ".join(
            entry_text(game, e).removeprefix("VP ") for e in part.vp)), width)
    if told:
        for entry in part.told:
            out += _hanging(Text.assemble(" " * INDENT, entry_text(game, entry)), width)
    return out


def _hanging(text: Text, width: int, most: int = 2) -> list[Text]:
    """``text`` in one line if it fits, else wrapped in ``most`` lines at
    most, the others indented past a log line's turn and round."""
    if text.cell_len <= width:
        return [text]
    rows = fit_lines(text, width - INDENT, most)
    return [rows[0], *(Text(" " * INDENT).append_text(row) for row in rows[1:])]


def _label(what: str) -> Text:
    return Text(" " * INDENT + f"{what}: ", style="bold")


def _sps(game, sps: dict[tuple[int, str], int]) -> list[Text | str]:
    """'Ruse +4D, Gdansk -2D +1C' in map order, each change in its side's
    colour (the Democrat's first)."""
    out: list[Text | str] = []
    for space in sorted({space for space, _ in sps}):
        changes = [(side, sps.get((space, side), 0)) for side in SIDES]
        changes = [(side, delta) for side, delta in changes if delta]
        if not changes:
            continue
        out.append((", " if out else "") + game.space_name(space))
        for side, delta in changes:
            out.append(Text(f" {delta:+d}{SIDE_LETTER[side]}",
                            style=SIDE_STYLE[side].replace("bold ", "")))
    return out


def _check(game, entry: dict) -> str:
    """'Czech Writers 2 (6 vs 4): -2+0', a check's die, total and need, and
    the SPs it removed and added; 'fails' when it did nothing."""
    result = (f"-{entry['removed']}+{entry['added']}" if entry["removed"] + entry["added"]
              else "fails")
    return (f"{game.space_name(entry['space'])} {entry['roll']} "
            f"({entry['total']} vs {entry['need']}): {result}")


def summary_lines(game, entries: list[dict], width: int, room: int) -> list[Text]:
    """The parts of ``entries`` in at most ``room`` lines under a heading:
    the last part (the opponent's play, when he has just played) in full,
    or without the entries told when that does not fit; then as many
    earlier parts as fit before it, without theirs. The heading says what
    was left out, and that `log` gives the full text."""
    found = parts(entries)
    if room <= 1 or not found:
        return []
    kept = part_lines(game, found[-1], width)
    whole = True
    if len(kept) >= room:
        kept, whole = part_lines(game, found[-1], width, told=False), False
    shown = 1
    for part in reversed(found[:-1]):
        more = part_lines(game, part, width, told=False)
        if len(kept) + len(more) >= room:
            break
        whole = whole and not part.told
        kept[:0] = more
        shown += 1
    if shown < len(found):
        what = f"The last {shown} of {len(found)} plays in short"
    else:
        what = "In short since your last answer" + ("" if whole else ", some events left "
                                                     "out")
    return [_heading(width, what), *kept][:room]


def _heading(width: int, what: str) -> Text:
    return line(Text(f"{what} ('log' for all):", style="dim"), width=width)


def news_lines(game, room: int, new_from: int, width: int = 80) -> list[Text]:
    """The log since index ``new_from`` in at most ``room`` lines: whole
    when it fits (board_view.log_lines), else in short (summary_lines), so
    that what the opponent did never scrolls away unseen."""
    whole = log_lines(game, 10 ** 6, new_from, width)
    if len(whole) <= room:
        return whole
    return summary_lines(game, game.log[new_from:], width, room) or \
        log_lines(game, room, new_from, width)
