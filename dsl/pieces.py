"""Card text cut into runs of whole definitions, worked on by forked processes.

A generated mod of megabytes takes seconds to parse, check and compile in
one process. Cards, boxes and wild cards are independent once every card's
name is known, so :func:`shares` cuts the text where a definition starts a
line, and :class:`Workers` runs one forked process per share: each parses its
pieces, says what they define, is told the names of the whole deck, and
checks and compiles its part. The trees never leave the worker (sending
them back would cost more than parsing); findings and compiled programs do.

A piece that does not parse on its own is no error here: the caller then
reads the files in one process, which reports the syntax error exactly.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from itertools import pairwise
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

#: Card text below this many characters is read in one process: starting
#: workers and sending their results back costs more than it saves.
PARALLEL_MIN = 1_000_000
#: No share smaller than this, however many cores there are.
SHARE_MIN = 250_000

#: A card, box or wild card starts at the beginning of a line with one of these.
ITEM_START = re.compile(r"^(?:card\s+\d|tiananmen\s+box|power\s+struggle\s+card)", re.M)

#: A run of a card file: its path, start and end (character offsets) and
#: the number of its first line.
Piece = tuple[str, int, int, int]


def cores() -> int:
    """The cores this process may run on (a container or taskset may allow
    fewer than the machine has): lint's pieces, and `dof sim` and `dof
    balance` by default."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity call
        return os.cpu_count() or 1


def shares(texts: list[tuple[str, str]], jobs: int | None) -> list[list[Piece]] | None:
    """The texts cut where definitions start into ``jobs`` shares of about
    the same size, in file order; None when one process is the better choice
    (little text, one core, or no fork on this system)."""
    total = sum(len(text) for _, text in texts)
    jobs = min(cores() if jobs is None else jobs, total // max(SHARE_MIN, 1))
    if total < PARALLEL_MIN or jobs < 2 or not _can_fork():
        return None
    target = total / jobs
    out: list[list[Piece]] = [[]]
    size = 0
    for path, text in texts:
        piece = newlines = 0  # where the open piece starts; line breaks before it
        bounds = sorted({0, *(m.start() for m in ITEM_START.finditer(text)), len(text)})
        for start, end in pairwise(bounds):
            if size >= target and len(out) < jobs:
                # The share is full: the open piece closes it, the next one opens.
                if piece < start:
                    out[-1].append((path, piece, start, newlines + 1))
                    newlines += text.count("\n", piece, start)
                    piece = start
                out.append([])
                size = 0
            size += end - start
        out[-1].append((path, piece, len(text), newlines + 1))
    found = [share for share in out if share]
    return found if len(found) > 1 else None  # one definition may be all there is


def _can_fork() -> bool:
    # multiprocessing is imported only for a large deck: it adds some 20 ms
    # to the start of every command that reads cards.
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


class Workers:
    """One forked process per share, in conversation with this one.

    ``work(share, conn)`` runs in each: it sends a reply for each message
    :meth:`ask` sends it. A worker that fails or dies ends the conversation:
    :meth:`ask` gives None and the caller does the work itself."""

    def __init__(self, work: Callable[[list[Piece], Connection], None],
                 share_list: list[list[Piece]]) -> None:
        import multiprocessing  # see _can_fork

        context = multiprocessing.get_context("fork")
        self.conns: list[Connection] = []
        self.processes = []
        for share in share_list:
            mine, theirs = context.Pipe()
            process = context.Process(target=_run, args=(work, share, theirs), daemon=True)
            process.start()
            theirs.close()
            self.conns.append(mine)
            self.processes.append(process)

    def ask(self, messages: list[Any] | None = None) -> list[Any] | None:
        """Each worker's next reply (after sending it its message, if any),
        or None as soon as one worker fails: a syntax error early in a
        large file is then reported without waiting for the other shares."""
        from multiprocessing.connection import wait

        replies: dict[int, Any] = {}
        try:
            if messages is not None:
                for conn, message in zip(self.conns, messages, strict=True):
                    conn.send(message)
            waiting = {id(conn): n for n, conn in enumerate(self.conns)}
            while waiting:
                for ready in wait([self.conns[n] for n in waiting.values()]):
                    n = waiting.pop(id(ready))
                    replies[n] = self.conns[n].recv()
                    if replies[n] is None:
                        return None
        except (EOFError, OSError):
            return None
        return [replies[n] for n in range(len(self.conns))]

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        # A worker has nothing left to do once its last reply is read; after
        # a failure the others may still be parsing, for nothing.
        for conn in self.conns:
            conn.close()
        for process in self.processes:
            if process.is_alive():
                process.terminate()
            process.join()


def _run(work: Callable[[list[Piece], Connection], None], share: list[Piece],
         conn: Connection) -> None:
    """A worker's life: any failure is one None to its parent, never a traceback."""
    try:
        work(share, conn)
    except BaseException:  # the parent does the work itself instead
        with contextlib.suppress(OSError):
            conn.send(None)
    finally:
        conn.close()
