"""How the parser goes on after a syntax error, so that one run reports every mistake.

The machine (dsl/lalr.py) hands a :class:`Recovery` each token its table
has no action for, with its stacks. The recovery records the error as a
:class:`Slip` and mends the stacks, in the first of these ways that lets
the rest of the line and the start of the next one parse (each tried on a
copy of the state stack, without building the tree):

- a repair: a mark the text left out (':', ';' or ',' before the token,
  '{' for the line break after ``event``), the language's word for the one
  written (``places`` for ``puts``, ``in`` for ``to``: dsl/spelling.py; two
  on one line, 'adds 3 SP to' -> 'places 3 SP in', are one mistake), a
  small word left out ('the turn'), a '}' for each block left open when
  what follows belongs outside them (the next card's header, the end of
  the file, a clause of the card), or the token left out (a word or mark
  written twice);
- otherwise panic mode: what is being read (a statement, a lasting rule, a
  clause, a card) is dropped, the stack cut back to the state that expects
  one and given it as read, and the text skipped to where the next one
  starts: a line break or ';' outside braces and outside a phrase that
  runs on (after ',', ':' or '{', before 'otherwise'), the '}' that closes
  the enclosing block, or the next card's header at the start of a line
  (then the blocks left open are closed).

One mistake gives one slip: an error at the first token read after a skip
belongs to the mistake before it, and is mended without a slip. A file
reports at most :data:`CAP` slips; the rest are counted (:attr:`Recovery.more`).
A definition (card, box, wild card) whose text holds an error is marked
``syntax_error``: the deck knows its number and name but does not check it,
so that a mistake of syntax brings no findings of meaning after it.

The editor reads a file through the same recovery (dsl/scan.py): watched,
it keeps every token the machine reads and those it refused; and it stops
at a cursor (:class:`Reached`), so that the editor's tokens and
completions go past a mistake exactly as `dof lint` does.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from dof.dsl.diagnostics import Span
from dof.dsl.grammar import NAME_CHAR, NAME_START, WORD
from dof.dsl.lalr import NOTHING, token_value
from dof.dsl.spelling import nearest

if TYPE_CHECKING:
    from collections.abc import Callable

    from lark.exceptions import UnexpectedInput

    from dof.dsl.lalr import Machine

#: What a recovery takes as read when it drops what is being read: a
#: statement, a lasting rule, a clause of a card, box or wild card, a whole
#: definition. Each is inlined in the tree (its name starts with '_'), so
#: taking it as read adds nothing to the tree.
RECOVER = ("_stmt", "_rule", "_card_clause", "_box_clause", "_ps_clause", "_item")

#: Slips reported per file; the rest are counted.
CAP = 50

#: A repair must let the rest of the error's line parse, and this many
#: tokens after it: the line break and the next line's first word.
AFTER_LINE = 2

#: A card, box or wild card header at the start of a line: where a skip stops.
HEADER = re.compile(r"[ \t]*(?:card[ \t]+\d|tiananmen[ \t]+box\b|power[ \t]+struggle[ \t]+card\b)")

#: The same, anywhere in a text.
_HEADERS = re.compile(r"^" + HEADER.pattern, re.M)

#: What a skip reads: strings, comments, line breaks, the marks that open,
#: close, separate or run a phrase on, 'otherwise', and anything else by the word.
_SCAN = re.compile(r'"[^"\n]*"?|#[^\n]*|\n|[{};:,]|otherwise\b|[^\s"#{};:,]+')

#: A step of a plan (:attr:`Recovery.plan`): a terminal name is a token the
#: text left out; these mend the stack.
_CUT = "<cut>"      # cut back to the innermost state expecting a statement, clause...
_ITEM = "<item>"    # cut back to the top level, dropping the definition
_CLOSE = "<close>"  # a '}' (after a cut when the state cannot take one)

#: A token the machine meets: its terminal, start and end in the text.
_Token = tuple[str, int, int]
#: A step of a plan: a token put in (a terminal, with its text when the
#: tree keeps it: a name, a number), or one of _CUT, _ITEM, _CLOSE.
_Step = str | tuple[str, str]
#: A repair to try: its kind (Slip.fix), its steps, where the text is read
#: on, and the edit of the text it stands for (start, end, what to write).
_Try = tuple[str, Sequence[_Step], int, tuple[int, int, str] | None]
#: A place on the machine's stack (a Span's fields).
_Place = tuple[str, int, int, int, int]


@dataclass
class Slip:
    """One syntax error: the error Lark would raise there, and how the parse went on."""

    error: UnexpectedInput
    #: How it was mended: "insert" (``marks`` put before the token),
    #: "replace" (``marks`` put instead of it), "close" (``closed`` blocks
    #: closed before it, then ``marks``), "delete" (the token left out),
    #: "header" (a header read on from the '{' ending its line), or ""
    #: (skipped to the next statement).
    fix: str = ""
    marks: tuple[str, ...] = ()
    closed: int = 0
    #: The '{' still open where the error was met, outermost first.
    open_braces: list[Span] = field(default_factory=list)
    #: The parser's states where the error was met: what the grammar
    #: expected there (see :meth:`dof.dsl.lalr.Machine.taken_by`).
    states: list[int] = field(default_factory=list)
    #: The words a "replace" or "insert" of words stands for, as edits of
    #: the text (start, end, what to write): one, or two on one line
    #: ('adds 3 SP to' -> 'places 3 SP in').
    edits: list[tuple[int, int, str]] = field(default_factory=list)


@dataclass(frozen=True)
class _Tables:
    """What recovering reads of the machine's table, found once per machine."""

    #: The states reached by shifting '{': each opens a block on the stack.
    braces: frozenset[int]
    #: The states expecting one of RECOVER, with the first they expect.
    recover: dict[int, str]
    #: The states expecting a whole definition.
    top: frozenset[int]
    #: The word each keyword terminal stands for, and the terminal of each word.
    words: dict[str, str]
    terminals: dict[str, str]


#: Terminals written as a word or mark that their pattern does not spell plainly.
_SPELT = {"_COLON": ":", "_SEP": ";", "_LBRACE": "{", "_RBRACE": "}", "_COMMA": ",",
          "_OTHERWISE": "otherwise"}


@cache
def _tables(machine: Machine) -> _Tables:
    braces = frozenset(act for row in machine.actions.values()
                       for typ, act in row.items() if typ == "_LBRACE" and act.__class__ is int)
    recover = {state: next(sym for sym in RECOVER if sym in gotos)
               for state, gotos in machine.gotos.items() if any(sym in gotos for sym in RECOVER)}
    top = frozenset(state for state, gotos in machine.gotos.items() if "_item" in gotos)
    words = {t.name: t.pattern.value for t in machine.root[0] if t.pattern.type == "str"}
    words.update(_SPELT)
    return _Tables(braces, recover, top, words, {w: t for t, w in words.items()})


class Reached(Exception):
    """A reading came to its ``until`` (see Recovery): the parser's states there."""

    def __init__(self, states: list[int]) -> None:
        super().__init__()
        self.states = states


class Recovery:
    """Goes on after each syntax error of one text (see the module's docstring).

    ``watch``: keep every token the machine reads (:attr:`read`) and those
    it refused (:attr:`refused`). ``until``: the machine reads no token
    past that offset (what a token before it looks ahead at may follow
    it), and the recovery stops there (raising :class:`Reached`) rather
    than go on or skip past it."""

    def __init__(self, machine: Machine, path: str, text: str, first_line: int = 1, *,
                 watch: bool = False, until: int | None = None) -> None:
        self.machine, self.path, self.text, self.first_line = machine, path, text, first_line
        self.tables = _tables(machine)
        self.slips: list[Slip] = []
        #: Errors past the CAP, and where the first of them is.
        self.more = 0
        self.more_at: Span | None = None
        self._marks: list[tuple[int, int]] = []  # (line, col) of each error, sorted
        self._newlines: list[int] | None = None
        self.last_error = -1  # where the last error was met
        self._quiet_to = -1  # errors up to here belong to the last one
        # The plan being carried out: its steps, where the text is read on,
        # and the place of the token last put in (to know it if refused).
        self.plan: list[_Step] = []
        self._plan_at = -1
        self._fed: Any = None
        #: Watched: the tokens the machine read and kept, in order (terminal,
        #: start, end), and those it refused, in order ("$LEX" for text no
        #: terminal reads): from each to the next token read, the text was
        #: read past.
        self.read: list[_Token] = []
        self.refused: list[_Token] = []
        self.watch = watch
        self.until = len(text) + 1 if until is None else until
        #: The lexers the machine reads with (see Machine.parse).
        self.matchers: Any = _Watched(machine, self.read) if watch else machine.matchers

    # ------------------------------------------------------------ called by the machine

    def recover(self, typ: str, start: int, end: int, place: _Place | None, states: list[int],
                values: list[Any], places: list[Any], depths: list[int],
                ) -> tuple[int, int, int, int, tuple[str, Any, _Place] | None]:
        """Mend the stacks after the machine found no action for ``typ``
        (text[start:end]; "$LEX" when no token matched at ``end``). Gives
        the state, where to read on (position, line, start of that line),
        and a token to take first, or None."""
        fed, self._fed = self._fed, None
        derailed = fed is not None and place is fed  # a token put in was refused
        watched = self.watch and not derailed  # the text refused, not a token put in
        refused = self.read.pop() if watched and typ not in ("$LEX", "$END") else None
        if _glued(self.text, end) and typ != "$END" and place is not fed:
            typ, end = "$LEX", start  # a keyword that only begins a word ('a' of 'adds')
        if typ == "$LEX":
            start = end = _skip_blanks(self.text, end)
            end = bad_end(self.text, start)
        elif typ == "$END":
            start = end = len(self.text)
        if start >= self.until:
            raise Reached(list(states))
        if typ == "$LEX" and watched:
            refused = ("$LEX", start, end)  # no token: the word no terminal reads
        if refused is not None:
            self.refused.append(refused)
        stacks = (states, values, places, depths)
        if self.plan and start == self._plan_at and place is not fed:
            return self._carry_out(stacks)
        self.plan = []
        again = start == self.last_error or derailed
        quiet = again or start <= self._quiet_to or self._extra_brace(start, end, states)
        self.last_error = start
        slip = None
        if not quiet:
            slip = self._record(typ, start, end, place, states, places)
        if not again:
            repair = self._repair(typ, start, end, states)
            if repair is not None:
                attempt, edits, quiet_to = repair
                fix, steps, resume, _ = attempt
                if slip is not None:
                    slip.fix, slip.edits = fix, edits
                    slip.marks = tuple(s for s in steps if s not in (_CUT, _ITEM, _CLOSE)
                                       and isinstance(s, str))
                    slip.closed = steps.count(_CLOSE)
                self._mark_repair(fix, start, steps.count(_CLOSE), states, places)
                self.plan, self._plan_at, self._quiet_to = list(steps), resume, quiet_to
                return self._carry_out(stacks)
        self._mark(start)
        return self._panic(end if again else start, stacks)

    def _extra_brace(self, start: int, end: int, states: list[int]) -> bool:
        """A '}' that closes nothing, with no definition started since the
        last error: that error closed a block early ('democrat gains 1 VP }'
        read as the event's end), and this '}' is the one it took."""
        return (self.text[start:end].endswith("}") and self.last_error >= 0
                and not any(s in self.tables.braces for s in states)
                and not _HEADERS.search(self.text, self.last_error, start))

    def broken(self, span: Span) -> bool:
        """Whether a syntax error was met within ``span``."""
        marks = self._marks
        i = bisect.bisect_left(marks, (span.line, span.col))
        return i < len(marks) and marks[i] <= (span.end_line, span.end_col)

    # ------------------------------------------------------------ what is reported

    def _record(self, typ: str, start: int, end: int, place: _Place | None,
                states: list[int], places: list[Any]) -> Slip | None:
        line, line_start = self._line_of(start)
        if len(self.slips) >= CAP:
            self.more += 1
            if self.more_at is None:
                self.more_at = Span(self.path, line, start - line_start + 1)
            return None
        machine = self.machine
        if typ == "$LEX":
            error = machine.lex_error(self.text, start, line, line_start, states[-1])
        else:
            error = machine.parse_error(typ, self.text[start:end], place, end,
                                        machine.actions[states[-1]])
        braces = self.tables.braces
        opened = [Span(self.path, p[1], p[2], p[1], p[2] + 1)
                  for s, p in zip(states, places, strict=True) if s in braces and p is not None]
        slip = Slip(error, open_braces=opened, states=list(states))
        self.slips.append(slip)
        return slip

    def _mark(self, pos: int) -> None:
        line, line_start = self._line_of(pos)
        bisect.insort(self._marks, (line, pos - line_start + 1))

    def _mark_repair(self, fix: str, start: int, closed: int, states: list[int],
                     places: list[Any]) -> None:
        """Mark the definition a repair mends: a block left open is the
        mistake of the definition that holds its '{', not of the one whose
        header showed it."""
        if fix != "close":
            self._mark(start)
            return
        braces = self.tables.braces
        opened = [p for s, p in zip(states, places, strict=True) if s in braces and p is not None]
        for place in opened[-closed:]:
            bisect.insort(self._marks, (place[1], place[2]))

    # ------------------------------------------------------------ repairs

    def _repair(self, typ: str, start: int, end: int, states: list[int],
                ) -> tuple[_Try, list[tuple[int, int, str]], int] | None:
        """The first repair that lets the text parse on (see :meth:`_tries`):
        the attempt, the edits of the text it stands for, and up to where
        errors belong to this one. A word put for another may let the line
        parse up to a second slip that a word of its own mends ('adds 3 SP
        to Romania'): both are the one mistake."""
        until = _line_end(self.text, start)
        stops = []
        for attempt in self._tries(typ, start, end, states):
            stop = self._reach(states, attempt[1], attempt[2], until)
            if stop is None:
                return attempt, [attempt[3]] if attempt[3] else [], attempt[2]
            if attempt[3] and stop[0] < until:
                stops.append((attempt, stop))
        for attempt, (at, at_end, stack) in stops:
            second = next((other[3] for other in self._words_for(at, at_end, stack)
                           if self._reach(stack, other[1], other[2], until) is None), None)
            if attempt[3] and second:
                return attempt, [attempt[3], second], at
        return None

    def _tries(self, typ: str, start: int, end: int, states: list[int]) -> Iterator[_Try]:
        """The repairs worth trying, best first: a ':' or ';' left out, a
        line break where a '{' belongs, the language's word for the one
        written (:func:`dof.dsl.spelling.nearest`), the '}' of blocks left
        open, the token left out (a word or mark too many)."""
        if typ != "$END":
            yield "insert", ["_COLON"], start, None
            yield "insert", ["_SEP"], start, None
            yield "insert", ["_COMMA"], start, None
            if self.text[start:start + 1] in ("\n", "\r", ";"):  # where a block should open
                yield "replace", ["_LBRACE"], _after_layout(self.text, start), None
            yield from self._words_for(start, end, states)
        if typ != "$END" and self._in_header(states):  # what the header holds past its name
            brace = _HEADER_END.search(self.text, start, _line_end(self.text, start) + 1)
            if brace:
                yield "header", [], brace.start(1), None
        opened = sum(s in self.tables.braces for s in states)
        for closed in range(1, opened + 1):
            yield "close", [_CLOSE] * closed, start, None
            yield "close", [_CLOSE] * closed + ["_SEP"], start, None
        if typ != "$END":  # a word or mark too many, without or with the layout around it
            for resume in sorted({end, _after_layout(self.text, end)}
                                 | ({start + 1} if self.text[start] in "{:," else set())):
                yield "delete", [], resume, None

    def _in_header(self, states: list[int]) -> bool:
        """Whether the machine is reading a definition's header (a card's
        number and name, a box's names): no clause or statement has begun."""
        recover = self.tables.recover
        return recover[next(s for s in reversed(states) if s in recover)] == "_item"

    def _words_for(self, start: int, end: int, states: list[int]) -> Iterator[_Try]:
        """The language's words that may stand where text[start:end] does:
        its nearest keywords (or phrases), 'the' before it, the name it
        spells in lowercase, the card name it leaves unquoted."""
        text, tables = self.text, self.tables
        raw = text[start:end]
        word = raw.strip()
        start += len(raw) - len(raw.lstrip())  # layout a token took before its word
        row = self.machine.actions[states[-1]]
        if not word or (start and text[start - 1].isalnum() and word[0].isalnum()):
            return  # layout, or what is left of a word a keyword began
        words = [tables.words[t] for t in row if t in tables.words]
        for phrase in nearest(word, words + (["2", "3", "4", "5", "6"] if "INT" in row else [])):
            steps = [("INT", w) if w.isdigit() else tables.terminals.get(w, "")
                     for w in phrase.split()]
            if all(steps):
                yield "replace", steps, end, (start, start + len(word), phrase)
        for little in _LITTLE_WORDS:
            if little in row:
                yield "insert", [little], start, (start, start, tables.words[little] + " ")
        if "NAME" in row and word.islower() and _NAME.fullmatch(word.capitalize()) \
                and word not in tables.terminals:
            yield "replace", [("NAME", word.capitalize())], end, (start, end, word.capitalize())
        if "STRING" in row:  # names, or a summary, left unquoted
            for run in (_BEFORE_BRACE.match(text, start), _UNQUOTED.match(text, start),
                        _REST.match(text, start)):
                if run is not None:
                    quoted = '"' + run.group().strip("\"'").strip() + '"'
                    yield "replace", [("STRING", quoted)], run.end(), (start, run.end(), quoted)
        if "NAME" in row and _QUOTED_NAME.fullmatch(word):  # only card names are quoted
            yield "replace", [("NAME", word[1:-1])], end, (start, end, word[1:-1])

    # ------------------------------------------------------------ panic mode

    def _panic(self, scan_from: int, stacks: tuple[list, list, list, list],
               ) -> tuple[int, int, int, int, tuple[str, Any, _Place] | None]:
        """Drop what is being read and skip to where the next one starts."""
        states = stacks[0]
        braced = any(s in self.tables.braces for s in states)
        cut = self._cut(stacks, self.tables.recover, scan_from)
        if self.tables.recover[states[-2]] == "_item":  # a definition dropped at its header
            kind, resume = self._next_header(scan_from)
        else:
            kind, resume = self._sync(scan_from, cut, braced)
        if resume >= self.until:  # the skip passes the cursor: it stands where the cut left
            raise Reached(list(states))
        if kind in ("header", "end"):
            self.plan = self._closing(states, resume)
        self._plan_at = resume
        if not self.plan:
            token = self._lex(states[-1], resume)
            self._quiet_to = token[1] if token is not None else resume
        else:
            self._quiet_to = resume
        return self._carry_out(stacks)

    def _next_header(self, pos: int) -> tuple[str, int]:
        """Where the next definition starts after ``pos`` (its header at the
        start of a line), or the end of the text: what a definition dropped
        at its header holds is not read as definitions."""
        m = _HEADERS.search(self.text, pos + 1)
        return ("header", _skip_blanks(self.text, m.start())) if m else ("end", len(self.text))

    def _sync(self, pos: int, depth: int, braced: bool) -> tuple[str, int]:
        """Where the next statement, clause or definition starts after
        ``pos``, ``depth`` blocks in: ("sep", a line break or ';'), ("close",
        the '}' of the enclosing block), ("header", a definition's header)
        or ("end", the end of the text)."""
        text = self.text
        if _at_line_start(text, pos) and HEADER.match(text, pos):
            return "header", pos
        runs_on = False  # the phrase goes on after a line break (after ',', ':' or '{')
        for m in _SCAN.finditer(text, pos):
            word = m.group()
            if word == "\n" or word == ";":
                if word == "\n" and HEADER.match(text, m.end()):
                    return "header", _skip_blanks(text, m.end())
                if depth == 0 and not runs_on and not _runs_on_after(text, m.end()):
                    return "sep", m.start()
                continue
            if word[0] == "#":
                continue
            runs_on = word in ("{", ":", ",")
            if word == "{" and _opens_block(text, m.end()):
                depth += 1
            elif word == "}":
                if depth > 0:
                    depth -= 1
                elif braced:
                    return "close", m.start()
                # else a '}' that closes nothing: skipped
        return "end", len(text)

    def _closing(self, states: list[int], resume: int) -> list[_Step]:
        """The steps that close the blocks left open before a header (or the
        end of the text) at ``resume``, so that it parses; at worst the
        definition being read is dropped."""
        until = _line_end(self.text, resume)
        opened = sum(s in self.tables.braces for s in states)
        for closed in range(opened + 1):
            for steps in ([_CLOSE] * closed, [_CLOSE] * closed + ["_SEP"]):
                if self._fits(states, steps, resume, until):
                    return list(steps)
        return [_ITEM, "_SEP"] if resume < len(self.text) else [_ITEM]

    # ------------------------------------------------------------ mending the real stacks

    def _carry_out(self, stacks: tuple[list, list, list, list],
                   ) -> tuple[int, int, int, int, tuple[str, Any, _Place] | None]:
        """Carry out the plan's steps up to its next token, which the machine
        takes; when none is left, the text is read on where the plan says."""
        states = stacks[0]
        pos = self._plan_at
        line, line_start = self._line_of(pos)
        while self.plan:
            step = self.plan.pop(0)
            if step == _CUT:
                self._cut(stacks, self.tables.recover)
                continue
            if step == _ITEM:
                self._cut(stacks, dict.fromkeys(self.tables.top, "_item"))
                continue
            if step == _CLOSE:
                if not self.machine.advance(list(states), "_RBRACE"):
                    self._cut(stacks, self.tables.recover)
                step = "_RBRACE"
            self._fed = place = self._here(stacks[2])
            if isinstance(step, tuple):  # a name, number or card name: the tree keeps it
                return states[-1], pos, line, line_start, (
                    step[0], token_value(step[0], step[1], place), place)
            return states[-1], pos, line, line_start, (step, None, place)
        return states[-1], pos, line, line_start, None

    def _cut(self, stacks: tuple[list, list, list, list], recover: dict[int, str],
             pos: int | None = None) -> int:
        """Cut the stacks back to the innermost state expecting one of
        ``recover``'s symbols and give it one, read as nothing: at ``pos``
        (what it drops reaches there), or else after the last token kept.
        Gives how many blocks the cut left (their '}' are still in the text)."""
        states, values, places, depths = stacks
        at = max(i for i, s in enumerate(states) if s in recover)
        braces = self.tables.braces
        opened = sum(s in braces for s in states[at + 1:])
        if pos is None:
            place = self._here(places[:at + 1])
        else:
            line, line_start = self._line_of(pos)
            place = (self.path, line, pos - line_start + 1, line, pos - line_start + 1)
        del states[at + 1:], values[at + 1:], places[at + 1:], depths[at + 1:]
        states.append(self.machine.gotos[states[at]][recover[states[at]]])
        values.append(NOTHING)
        places.append(place)
        depths.append(0)
        return opened

    def _here(self, places: list[Any]) -> _Place:
        """A place of no width after the last token on the stack: that of
        a token put in, or of a statement taken as read."""
        last = next((p for p in reversed(places) if p is not None), None)
        if last is None:
            return (self.path, self.first_line, 1, self.first_line, 1)
        return (self.path, last[3], last[4], last[3], last[4])

    # ------------------------------------------------------------ trying on a copy

    def _fits(self, states: list[int], steps: Sequence[_Step], resume: int, until: int) -> bool:
        return self._reach(states, steps, resume, until) is None

    def _reach(self, states: list[int], steps: Sequence[_Step], resume: int, until: int,
               ) -> tuple[int, int, list[int]] | None:
        """None when the text parses on after ``steps``, read from
        ``resume``: to the end of the line (``until``) and AFTER_LINE tokens
        beyond, or to the reading's own ``until`` (a cursor: what follows is
        not typed yet). Otherwise where it stops: the start and end of the
        text refused, and the stack of states then. Between tokens put in,
        the text's token is offered first, as the machine does."""
        stack = list(states)
        advance = self.machine.advance
        pos, beyond = resume, 0
        for step in steps:
            if step in (_CUT, _ITEM):
                self._cut_states(stack, self.tables.recover if step == _CUT
                                 else dict.fromkeys(self.tables.top, "_item"))
                continue
            if step == _CLOSE:
                if not self.machine.advance(list(stack), "_RBRACE"):
                    self._cut_states(stack, self.tables.recover)
                step = "_RBRACE"
            if not advance(stack, step if isinstance(step, str) else step[0]):
                return resume, resume, stack
            token = self._lex(stack[-1], resume)
            if token is not None and token[1] < self.until and advance(stack, token[0]):
                if token[0] == "$END":
                    return None
                pos, beyond = token[2], int(token[1] >= until)
                break
        return self._read_on(stack, pos, beyond, until)

    def _read_on(self, stack: list[int], pos: int, beyond: int, until: int,
                 ) -> tuple[int, int, list[int]] | None:
        """Read on from ``pos`` as :meth:`_reach` does, ``beyond`` tokens
        past the line end already read."""
        advance = self.machine.advance
        while beyond < AFTER_LINE:
            token = self._lex(stack[-1], pos)
            at = _skip_blanks(self.text, pos) if token is None else token[1]
            if at >= self.until:
                return None
            if token is None:
                return at, bad_end(self.text, at), stack
            if not advance(stack, token[0]):
                return token[1], token[2], stack
            if token[0] == "$END":
                return None
            beyond += token[1] >= until
            pos = token[2]
        return None

    def _cut_states(self, stack: list[int], recover: dict[int, str]) -> None:
        at = max(i for i, s in enumerate(stack) if s in recover)
        del stack[at + 1:]
        stack.append(self.machine.gotos[stack[at]][recover[stack[at]]])

    def _lex(self, state: int, pos: int) -> _Token | None:
        """The token at ``pos`` as the machine reads it in ``state`` (comments
        skipped); None when no terminal of that state matches."""
        text, machine = self.text, self.machine
        while pos < len(text):
            m = machine.matchers[state](text, pos)
            if m is None:
                return None
            typ = m.lastgroup
            assert typ is not None  # one of the pattern's named groups matched
            start, pos = m.span(typ)
            if not machine.token_kind[typ] & 4:
                return typ, start, pos
        return "$END", len(text), len(text)

    # ------------------------------------------------------------ places in the text

    def _line_of(self, pos: int) -> tuple[int, int]:
        """The line number of ``pos`` and where that line starts."""
        if self._newlines is None:
            self._newlines = [m.start() for m in re.finditer("\n", self.text)]
        before = bisect.bisect_left(self._newlines, pos)
        return self.first_line + before, (self._newlines[before - 1] + 1 if before else 0)


class _Watched(dict):
    """The machine's lexers, each also keeping the tokens it reads."""

    def __init__(self, machine: Machine, read: list[_Token]) -> None:
        super().__init__()
        self.machine, self.keep = machine, read.append

    def __missing__(self, state: int) -> Callable[[str, int], re.Match | None]:
        match, keep = self.machine.matcher(state), self.keep

        def watched(text: str, pos: int) -> re.Match | None:
            m = match(text, pos)
            if m is not None:
                typ = m.lastgroup or ""
                keep((typ, *m.span(typ)))
            return m

        self[state] = watched
        return watched


def _skip_blanks(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


#: What the lexer could not read: a quoted text, closed or not, a word or a
#: run of signs ('==').
BAD_TEXT = re.compile(rf"\"[^\"\n]*\"?|'[^'\n]*'|{WORD}|[=<>!&|]+")

#: A card name left unquoted: capitalised words (the closing quote
#: written), or a quote never closed, or single quotes.
_UNQUOTED = re.compile(rf"\"[^\"\n]*|'[^'\n]*'?|{NAME_START}(?:{NAME_CHAR}|')*"
                       rf"(?:[ \t]+{NAME_START}(?:{NAME_CHAR}|')*)*\"?")

#: The '{' that ends a line (after a header's number and name).
_HEADER_END = re.compile(r"(\{)[ \t]*(?:#[^\n]*)?$", re.M)

#: A quote never closed before the '{' that ends its line (a header's name).
_BEFORE_BRACE = re.compile(r'"[^"\n{]*[^"\n{\s](?=[ \t]*\{[ \t]*(?:#[^\n]*)?$)', re.M)

#: The rest of a statement, up to a ';', a comment or a '}'.
_REST = re.compile(r"[^;#}\n]*[^;#}\s]")

#: A space or country name quoted as a card's is.
_QUOTED_NAME = re.compile(rf'"{NAME_START}{NAME_CHAR}*(?: {NAME_START}{NAME_CHAR}*)*"')

#: A name, as the NAME terminal reads one.
_NAME = re.compile(rf"{NAME_START}{NAME_CHAR}*(?<!\.)")

#: Small words the language often needs where English leaves them out
#: ('if the turn is 3', 'at the end of this turn').
_LITTLE_WORDS = ("THE", "THIS", "A", "AN", "EACH")


def bad_end(text: str, pos: int) -> int:
    """The end of the text the lexer could not read at ``pos``: the quoted
    text, word (or what is left of it) or run of signs ('==') there, or the
    one character."""
    m = BAD_TEXT.match(text, pos)
    return m.end() if m else min(pos + 1, len(text))


def _glued(text: str, end: int) -> bool:
    """Whether the text at ``end`` goes on with the word before it."""
    return text[end - 1:end].isalnum() and text[end:end + 1].isalnum()


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _at_line_start(text: str, pos: int) -> bool:
    return not text[text.rfind("\n", 0, pos) + 1:pos].strip(" \t")


#: Blanks, line breaks, ';' and comments: what '{', ':' and ',' take after them.
_LAYOUT = re.compile(r"(?:[ \t\r\n;]|#[^\n]*)*")

_LINE_REST = re.compile(r"[ \t]*(?:#[^\n]*)?\r?\n((?:[ \t]*(?:#[^\n]*)?\r?\n)*)([ \t]*)")


def _opens_block(text: str, pos: int) -> bool:
    """Whether the '{' before ``pos`` opens a block, as the layout shows it:
    unless it ends its line and the next line is indented no deeper than
    its own (a '{' too many, which a skip must not count)."""
    m = _LINE_REST.match(text, pos)
    if m is None:
        return True
    line_start = text.rfind("\n", 0, pos) + 1
    own = len(text[line_start:pos]) - len(text[line_start:pos].lstrip(" \t"))
    return len(m.group(2).expandtabs(1)) > own


def _after_layout(text: str, pos: int) -> int:
    m = _LAYOUT.match(text, pos)
    assert m is not None  # it matches nothing at worst
    return m.end()


_RUNS_ON = re.compile(r"(?:[ \t\r\n;]|#[^\n]*)*(?:\}|otherwise\b)")


def _runs_on_after(text: str, pos: int) -> bool:
    """Whether what follows a line break belongs to the line before: a '}'
    (found by the skip itself) or 'otherwise'."""
    return _RUNS_ON.match(text, pos) is not None
