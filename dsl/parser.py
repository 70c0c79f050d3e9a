"""Card text -> syntax tree, turning every failure into a diagnostic.

Reading and parsing never raise for a bad card file: undecodable or binary
bytes, empty files and syntax errors all become diagnostics (E001-E004)
with a precise position and an "expected one of ..." message.

The grammar (``effects.lark``) is the specification and Lark builds its LALR
table, but the table is driven here by :class:`_Machine`, which builds the
syntax tree directly while it parses. Lark's own loop builds a parse tree,
then positions, then a transformed copy: about ten times the time and memory,
which a large mod file (megabytes) cannot afford.

Lark is imported when the first file is parsed, not with this module: a
command whose compiled deck comes from the cache never needs it.
"""

from __future__ import annotations

import difflib
import gc
import re
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from dof.dsl.ast import (
    BoxDef,
    CardDef,
    CardName,
    Name,
    Node,
    Num,
    PsCardDef,
    Signed,
    SourceFile,
    Text,
)
from dof.dsl.diagnostics import Reporter, Span, did_you_mean
from dof.dsl.grammar import friendly, keyword, parser
from dof.engine.data.files import CARDS, read_limited

if TYPE_CHECKING:
    from lark import Token
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
    from lark.grammar import Rule, Symbol, Terminal


def read_source(path: Path, reporter: Reporter) -> str | None:
    """The text of a card file, or None (with a diagnostic) if unusable."""
    name = str(path)
    try:
        data = read_limited(path, CARDS)
    except OSError as exc:
        reporter.report("E002", f"cannot read file: {exc.strerror or exc}", Span(name, 1, 1))
        return None
    return decode_source(name, data, reporter)


def decode_source(name: str, data: bytes, reporter: Reporter) -> str | None:
    """Decode UTF-8 card text; binary or undecodable input gets E002."""
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        reporter.report("E002", "file contains NUL bytes: it looks binary, not a card file",
                        Span(name, line, 1), "card files are UTF-8 text")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        reporter.report("E002", f"byte 0x{data[exc.start]:02x} is not valid UTF-8",
                        Span(name, line, col), "save the file as UTF-8 text")
        return None
    reporter.add_source(name, text)
    return text


#: Levels of the syntax tree a card may nest (the built-in cards need under
#: 20); deeper trees would exhaust Python's stack in the tools that walk them.
MAX_DEPTH = 120


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a while.

    Parsing and checking make millions of small objects and no reference
    cycles; the collector would rescan all of them at each of its passes,
    which doubles the time to lint a large file."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_source(name: str, text: str, reporter: Reporter) -> SourceFile | None:
    """Parse card text; None (with diagnostics) on a syntax error."""
    reporter.add_source(name, text)
    if empty_file(name, text, reporter):
        return None
    try:
        with paused_gc():
            return _machine().parse(name, text)
    except _Stop as stop:
        if stop.error is not None:
            _syntax_error(name, text, stop.error, reporter)
        else:
            assert stop.span is not None  # a stop without an error is one for nesting
            reporter.report("E004", "blocks, conditions or parentheses nest too deeply here",
                            stop.span, "split the event into simpler statements; a card may "
                            f"nest {MAX_DEPTH} levels of its syntax")
        return None
    except Exception as exc:  # noqa: BLE001 - a bug in dof, reported, never raised
        reporter.report("E900", f"internal error while reading this file: {exc!r}",
                        Span(name, 1, 1), "this is a bug in dof; please report it with the file")
        return None


def empty_file(name: str, text: str, reporter: Reporter) -> bool:
    """Whether card text holds nothing but comments and blanks (E003)."""
    if re.sub(r"#[^\n]*", "", text).strip():
        return False
    reporter.report("E003", "file is empty: no card or Tiananmen box defined",
                    Span(name, 1, 1), 'start with: card 1 "Name" { ... }')
    return True


def prepare() -> None:
    """Build the parsing machine now: processes forked afterwards share it
    instead of each building or loading Lark's table."""
    _machine()


def parse_piece(name: str, text: str, start: int, end: int, line: int) -> SourceFile | None:
    """Parse ``text[start:end]``, a run of whole cards, boxes and wild cards
    starting at the beginning of line ``line``, with spans in the whole file.
    None when that run does not parse on its own: the caller parses the whole
    file with :func:`parse_source` for the diagnostic (see dsl/pieces.py)."""
    try:
        with paused_gc():
            src = _machine().parse(name, text[start:end], line)
    except Exception:  # noqa: BLE001 - any failure: the whole file is parsed again
        return None
    src.text = text  # the cards' source excerpts come from the whole file's lines
    return src


# ------------------------------------------------------------------ the parsing machine


#: A Span's fields as a plain tuple: what the parser's stack keeps (see
#: :meth:`_Machine.parse`).
_Place = tuple[str, int, int, int, int]


class _Word:
    """A NAME token: the ``name`` rule joins a run of them into a :class:`Name`."""

    __slots__ = ("text", "span")

    def __init__(self, text: str, span: Span) -> None:
        self.text, self.span = text, span


class _Splice(list):
    """The children of an inlined rule (``_stmt``, ``_verb_phrase``...): they
    join the parent's children, as in Lark's trees. An inlined rule with one
    child passes that child on bare, without a list."""


_NOTHING = _Splice()  # an inlined rule that keeps nothing ("places"); never changed


class _Stop(Exception):
    """Parsing stopped: a syntax error, as Lark reports it, or nesting too deep."""

    def __init__(self, error: UnexpectedInput | None = None, span: Span | None = None) -> None:
        super().__init__()
        self.error, self.span = error, span


class _Rule:
    """How one grammar rule shapes its node, as Lark's tree builder would:
    which children it keeps, which inlined rules it splices in, its name;
    and what the machine may skip for it (see :func:`_grammar_facts`)."""

    __slots__ = ("goto", "size", "keep", "kind", "splice", "expand1", "all_kept", "ends_fixed",
                 "words", "plain", "mode")

    def __init__(self, rule: Rule, nullable: set[str], wordy: set[str]) -> None:
        self.goto = str(rule.origin.name)  # Lark's names are Tokens: slow to hash
        expansion = rule.expansion
        self.size = len(expansion)
        self.keep = tuple((i, not s.is_term and s.name.startswith("_"))
                          for i, s in enumerate(expansion) if not _filtered(s))
        self.all_kept = len(self.keep) == self.size and not any(sp for _, sp in self.keep)
        self.kind = str(rule.alias or rule.origin.name)
        self.splice = self.goto.startswith("_")
        self.expand1 = bool(rule.options.expand1) and not rule.alias
        # First and last children always take up text: the node's place is theirs.
        self.ends_fixed = bool(expansion) and all(
            s.is_term or s.name not in nullable for s in (expansion[0], expansion[-1]))
        # Some child may be a bare NAME token, which only the name rule keeps.
        self.words = any(s.name in wordy for i, _ in self.keep for s in (expansion[i],))
        # A Node built straight from its children, nothing to filter or special.
        self.plain = not self.words and self.kind not in _Build.SPECIAL
        self.mode = self._mode()

    def _mode(self) -> int:
        """How the machine reduces this rule (the one-child cases are most)."""
        if self.size != 1:
            return _GENERAL
        if not self.keep:
            return _DROP if self.splice else _NODE_OF_NONE
        splice_child = self.keep[0][1]
        if self.splice or (self.expand1 and not splice_child):
            return _PASS
        if self.expand1:
            return _GENERAL  # a node only if the inlined rule gives more than one child
        return _NODE_OF_SPLICE if splice_child else _NODE_OF_ONE


# Reductions of one child: keep its value; give nothing (an inlined keyword
# rule); make a node of it, of nothing, or of an inlined rule's children.
# Any other rule: _GENERAL.
_PASS, _DROP, _NODE_OF_ONE, _NODE_OF_NONE, _NODE_OF_SPLICE, _GENERAL = range(6)


def _filtered(symbol: Symbol) -> bool:
    """A terminal the tree leaves out (punctuation, keywords). ``is_term`` is
    Lark's mark of a Terminal: a cast, where isinstance would need Lark
    imported here, which costs more than building the whole table."""
    return symbol.is_term and cast("Terminal", symbol).filter_out


def _kept_terminal(symbol: Symbol) -> bool:
    """A terminal whose token the tree keeps (a number, a name...)."""
    return symbol.is_term and not _filtered(symbol)


def _grammar_facts(rules: list[Rule], converted: set[str]) -> tuple[set[str], set[str]]:
    """Rules that may match no text (nullable), and symbols whose value may be
    a bare token (a NAME) rather than a node: fixpoints over the grammar."""
    nullable: set[str] = set()
    wordy = {s.name for r in rules for s in r.expansion
             if _kept_terminal(s) and s.name not in converted}
    changed = True
    while changed:
        changed = False
        for r in rules:
            origin = str(r.origin.name)
            if origin not in nullable and all(
                    not s.is_term and s.name in nullable for s in r.expansion):
                nullable.add(origin)
                changed = True
            passes = origin.startswith("_") or (r.options.expand1 and not r.alias)
            if passes and origin not in wordy and any(
                    s.name in wordy for s in r.expansion if not _filtered(s)):
                wordy.add(origin)
                changed = True
    return nullable, wordy


class _Machine:
    """Lark's LALR table and per-state scanners, driven in one tight loop.

    Tokens are matched with the regular expressions of Lark's contextual
    lexer (each prefixed to skip blanks, one match per token), so the
    accepted language is exactly the grammar's; on an error the machine
    raises the exception Lark would have raised."""

    def __init__(self) -> None:
        from lark.parsers.lalr_analysis import Shift

        lark = parser()
        table = lark.parser.parser.parser.parse_table  # Lark's internals: untyped
        self.start: int = table.start_states["start"]
        self.end: int = table.end_states["start"]
        nullable, wordy = _grammar_facts(lark.rules, _Build.CONVERTED)
        rules = {rule: _Rule(rule, nullable, wordy) for rule in lark.rules}
        # Lark's rows hold both a state's actions on terminals (shift to a
        # state or reduce by a rule) and its gotos on rules (always a state):
        # apart, each has one type. Lark's symbol names are Tokens, slow to hash.
        self.actions: dict[int, dict[str, int | _Rule]] = {}
        self.gotos: dict[int, dict[str, int]] = {}
        for state, row in table.states.items():
            on_terminal = self.actions[state] = {}
            on_rule = self.gotos[state] = {}
            for sym, (action, arg) in row.items():
                if sym.isupper():
                    on_terminal[str(sym)] = arg if action is Shift else rules[arg]
                else:
                    on_rule[str(sym)] = arg
        contextual = lark.parser.lexer
        self.root = contextual.root_lexer
        kept = {s.name for r in rules for s in r.expansion if _kept_terminal(s)}
        # What to do with a token, by type: 1 kept as a value, 2 may hold line
        # breaks, 4 ignored (a comment). Most are keywords: 0, nothing to do.
        self.token_kind = {t.name: (t.name in kept) | 2 * (t.name in self.root.newline_types)
                           | 4 * (t.name in self.root.ignore_types) for t in lark.terminals}
        # Lark retypes a keyword that a pattern also matches (its "unless"
        # callbacks, made with the scanner); the machine does not, so the
        # grammar must keep them apart.
        if self.root.scanner and self.root.callback:
            raise NotImplementedError("a keyword that a pattern also matches: split the terminals")
        # Each parser state's lexer is compiled when the state is first met.
        self.lexers = contextual.lexers
        self.compiled: dict[int, Callable[[str, int], re.Match | None]] = {}
        self.matchers = {state: self._compile_first(state) for state in self.lexers}

    def _compile_first(self, state: int) -> Callable[[str, int], re.Match | None]:
        def compile_and_match(text: str, pos: int) -> re.Match | None:
            return self._compile(state)(text, pos)
        return compile_and_match

    def _compile(self, state: int) -> Callable[[str, int], re.Match | None]:
        """The matcher of one lexer context (the terminals a parser state
        allows): Lark's alternation of them, in Lark's order, prefixed to skip
        blanks, so that one regex match yields one token. Blanks before a
        terminal that swallows them (``}``, ``otherwise``) are skipped too: its
        token starts at its first visible character, as diagnostics show it."""
        lexer = self.lexers[state]
        match = self.compiled.get(id(lexer))
        if match is None:
            pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in lexer.terminals)
            match = re.compile(r"[ \t]*(?:" + pattern + ")", lexer.g_regex_flags).match
            self.compiled[id(lexer)] = match
        self.matchers[state] = match
        return match

    # One long loop on purpose: it runs once per token of every card file.
    def parse(self, path: str, text: str, first_line: int = 1) -> SourceFile:  # noqa: C901
        """The tree of ``text``, whose first line is line ``first_line`` of
        the file ``path`` (a piece of a file parsed apart, see :func:`parse_piece`)."""
        build = _Build(path)
        actions, gotos, matchers = self.actions, self.gotos, self.matchers
        token_kind = self.token_kind
        end_state, new_tuple, splice_type = self.end, tuple.__new__, _Splice
        # The parser's stack, in four lists: states, values, places and depths.
        # A place is a plain tuple of a Span's fields (None for a rule that
        # matched no text); a node's Span is made from it with tuple.__new__,
        # without the NamedTuple's Python __new__.
        states: list[int] = [self.start]
        values: list[Any] = [None]
        places: list[_Place | None] = [None]
        depths: list[int] = [0]
        state = self.start
        place: _Place | None
        pos, size_text = 0, len(text)
        line, line_start = first_line, 0
        while True:
            typ, place, value, start = "$END", None, None, pos
            while pos < size_text:
                m = matchers[state](text, pos)
                if m is None:
                    raise _Stop(self._lex_error(text, pos, line, line_start, state))
                group = m.lastgroup
                assert group is not None  # one of the pattern's named groups matched
                typ = group
                start, pos = m.span(typ)
                col = start - line_start + 1
                tline = line
                what = token_kind[typ]
                if what:
                    if what & 2:
                        newlines = text.count("\n", start, pos)
                        if newlines:
                            line += newlines
                            line_start = text.rindex("\n", start, pos) + 1
                    if what & 4:
                        typ, start = "$END", pos
                        continue
                place = (path, tline, col, line, pos - line_start + 1)
                if what & 1:
                    value = build.token(typ, text[start:pos], place)
                break
            row = actions[state]
            while True:
                try:
                    act = row[typ]
                except KeyError:
                    raise _Stop(self._parse_error(typ, text[start:pos], place, pos, row)) from None
                if act.__class__ is int:
                    states.append(act)
                    values.append(value)
                    places.append(place)
                    depths.append(1)
                    state = act
                    break
                rule: _Rule = act  # type: ignore[assignment]  # not an int: a reduction
                mode = rule.mode
                if mode < _GENERAL:
                    # One child: the top of the stack becomes the rule's, in place.
                    state = gotos[states[-2]][rule.goto]
                    states[-1] = state
                    if mode == _PASS:
                        node: Any = values[-1]
                    elif mode == _DROP:
                        values[-1] = node = _NOTHING
                    else:
                        kid, span_place = values[-1], places[-1]
                        if mode == _NODE_OF_ONE:
                            kids = [kid]
                        elif mode == _NODE_OF_NONE:
                            kids = []
                        else:
                            kids = list(kid) if kid.__class__ is splice_type else [kid]
                        if span_place is not None and rule.plain:
                            node = Node(rule.kind, new_tuple(Span, span_place), kids)
                        else:
                            node = build.node(rule, kids, span_place)
                        values[-1] = node
                        depth = depths[-1] = depths[-1] + 1
                        if depth > MAX_DEPTH:
                            raise _Stop(span=node.span)
                else:
                    size = rule.size
                    if size:
                        kvalues, kplaces = values[-size:], places[-size:]
                        depth = max(depths[-size:])
                        del states[-size:], values[-size:], places[-size:], depths[-size:]
                        if rule.ends_fixed:
                            first, final = kplaces[0], kplaces[-1]
                            assert first is not None and final is not None  # they take up text
                            span_place = (path, first[1], first[2], final[3], final[4])
                        else:
                            span_place = _place_of(kplaces)
                        if rule.all_kept:
                            kids = kvalues
                        else:
                            kids = []
                            for i, splice in rule.keep:
                                kid = kvalues[i]
                                if splice and kid.__class__ is splice_type:
                                    kids.extend(kid)
                                else:
                                    kids.append(kid)
                    else:
                        kids, span_place, depth = [], None, 0
                    if rule.splice:
                        node = kids[0] if len(kids) == 1 else splice_type(kids)
                    elif rule.expand1 and len(kids) == 1:
                        node = kids[0]
                    else:
                        if rule.plain and span_place is not None:
                            node = Node(rule.kind, new_tuple(Span, span_place), kids)
                        else:
                            node = build.node(rule, kids, span_place)
                        depth += 1
                        if depth > MAX_DEPTH:
                            raise _Stop(span=node.span)
                    state = gotos[states[-1]][rule.goto]
                    states.append(state)
                    values.append(node)
                    places.append(span_place)
                    depths.append(depth)
                if state == end_state and typ == "$END":
                    return build.source(node, text)
                row = actions[state]

    def _lex_error(self, text: str, pos: int, line: int, line_start: int,
                   state: int) -> UnexpectedInput:
        """What Lark's contextual lexer raises: a token that belongs to another
        context, or no token at all."""
        from lark import Token
        from lark.exceptions import UnexpectedCharacters, UnexpectedToken

        col = pos - line_start + 1
        lexer = self.lexers[state]
        allowed = {t.name for t in lexer.terminals} - lexer.ignore_types
        for mre in self.root.scanner._mres:
            m = mre.match(text, pos)
            if m is not None:
                val = m.group()
                end_line = line + val.count("\n")
                end_col = (len(val) - val.rindex("\n") if "\n" in val else col + len(val))
                token = Token(m.lastgroup, val, pos, line, col, end_line, end_col, m.end())
                return UnexpectedToken(token, allowed or {"<END-OF-FILE>"})
        return UnexpectedCharacters(text, pos, line, col, allowed=allowed or {"<END-OF-FILE>"})

    @staticmethod
    def _parse_error(typ: str, val: str, place: _Place | None, pos: int,
                     row: dict[str, Any]) -> UnexpectedToken:
        """What Lark's parser raises for a token the table has no action for."""
        from lark import Token
        from lark.exceptions import UnexpectedToken

        _, line, col, end_line, end_col = place or ("", 1, 1, 1, 1)
        token = Token(typ, val, pos - len(val), line, col, end_line, end_col, pos)
        return UnexpectedToken(token, set(row))


def _place_of(places: list[_Place | None]) -> _Place | None:
    """Where a node is whose first or last children may match no text."""
    first = next((p for p in places if p is not None), None)
    if first is None:
        return None
    final = next(p for p in reversed(places) if p is not None)
    return (first[0], first[1], first[2], final[3], final[4])


@cache
def _machine() -> _Machine:
    return _Machine()


class _Build:
    """Makes :mod:`dsl.ast` nodes for the machine, keeping spans."""

    #: Kept tokens that become values (numbers, card names...); any other
    #: kept token (NAME) stays a bare word for the ``name`` rule.
    CONVERTED = {"INT", "SIGNED", "RANGE", "STRING", "CONTROLLED_ADJ", "OR_MORE", "OR_LESS"}
    #: Rules with their own classes in :mod:`dsl.ast`.
    SPECIAL = ("name", "card", "box", "ps_card")

    def __init__(self, path: str) -> None:
        self.path = path
        self.special: dict[str, Callable[[list, Span], Any]] = {
            kind: getattr(self, kind) for kind in self.SPECIAL}

    def token(self, typ: str, text: str, place: _Place) -> Any:
        """A kept token as the tree holds it: numbers and card names with spans."""
        span = Span(*place)
        if typ == "NAME":
            return _Word(text, span)
        if typ in ("INT", "SIGNED"):
            n = Num(int(text)) if typ == "INT" else Signed(int(text))
            n.span = span
            return n
        if typ == "RANGE":
            t = Text(text)
            t.span = span
            return t
        if typ == "STRING":
            return CardName(text[1:-1], span)
        if typ == "CONTROLLED_ADJ":
            return text.split("-")[0]
        if typ in ("OR_MORE", "OR_LESS"):
            return typ.lower()
        return _Word(text, span)

    def node(self, rule: _Rule, children: list, place: _Place | None) -> Any:
        kind = rule.kind
        special = self.special.get(kind)
        if special is not None:
            assert place is not None  # cards, boxes and names always take up text
            return special(children, Span(*place))
        kids = [c for c in children if c.__class__ is not _Word] if rule.words else children
        if place is not None:
            return Node(kind, Span(*place), kids)
        # A rule that matched no text takes the place of its first placed child.
        span = next((c.span for c in kids if hasattr(c, "span") and c.span.line),
                    Span(self.path, 0, 0))
        return Node(kind, span, kids)

    def source(self, root: Node, text: str) -> SourceFile:
        src = SourceFile(self.path, text)
        for item in root.children:
            if isinstance(item, CardDef):
                src.cards.append(item)
            elif isinstance(item, BoxDef):
                src.boxes.append(item)
            elif isinstance(item, PsCardDef):
                src.ps_cards.append(item)
        return src

    def name(self, children: list, place: Span) -> Name:
        words = [c for c in children if c.__class__ is _Word]
        first, last = words[0].span, words[-1].span
        return Name(" ".join(w.text for w in words),
                    Span(self.path, first.line, first.col, last.end_line, last.end_col))

    def card(self, children: list, place: Span) -> CardDef:
        number, title, *clauses = [c for c in children if c.__class__ is not _Word]
        return CardDef(int(number), title.text, place,
                       [c for c in clauses if isinstance(c, Node)], self._head(place, title))

    def ps_card(self, children: list, place: Span) -> PsCardDef:
        title, *clauses = [c for c in children if c.__class__ is not _Word]
        return PsCardDef(title.text, place,
                         [c for c in clauses if isinstance(c, Node)], self._head(place, title))

    def box(self, children: list, place: Span) -> BoxDef:
        number, dem, com, *clauses = [c for c in children if c.__class__ is not _Word]
        return BoxDef(int(number), {"democrat": dem.text, "communist": com.text},
                      place, [c for c in clauses if isinstance(c, Node)],
                      self._head(place, com))

    def _head(self, place: Span, title: CardName) -> Span:
        """The header (``card 7 "State Run Media"``): what a finding about the
        whole card underlines, rather than every line of it."""
        return Span(self.path, place.line, place.col, title.span.end_line, title.span.end_col)
# ------------------------------------------------------------------ errors


def _expected(terminals: set[str] | frozenset[str]) -> list[str]:
    words = sorted({friendly(t) for t in terminals if not t.startswith("__")})
    return words


def _expected_text(terminals: set[str] | frozenset[str], near: str = "") -> str:
    """The expected tokens; a long list is cut to those most like ``near``."""
    words = _expected(terminals)
    if len(words) > 12:
        def likeness(w: str) -> float:
            return -difflib.SequenceMatcher(None, near.lower(), w.strip("'")).ratio()
        words = sorted(words, key=likeness)[:10] + ["..."]
    return ", ".join(words)


def _keyword_hint(word: str, terminals: set[str] | frozenset[str]) -> str | None:
    kws = [k for k in (keyword(t) for t in terminals) if k]
    return did_you_mean(word, kws)


def _syntax_error(name: str, text: str, exc: UnexpectedInput, reporter: Reporter) -> None:
    """Map Lark's error kinds to E001 with friendly wording; the common slips
    (a lasting rule with no duration, a missing ';' or ':', curly quotes,
    invisible spaces, negative amounts, commas between names) get a message
    of their own instead of a list of expected words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        lines = text.rstrip().splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
        expected = _expected_text(getattr(exc, "expected", set()))
        hint = "is a closing '}' missing?" if text.count("{") > text.count("}") else None
        reporter.report("E001", f"unexpected end of file; expected {expected}",
                        Span(name, line, col), hint)
        return
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        span = Span(name, tok.line, tok.column, tok.end_line or tok.line,
                    tok.end_column or tok.column + 1)
        if tok.type in ("_SEP", "_RBRACE", "_COLON", "_COMMA", "_LBRACE", "_OTHERWISE"):
            # These tokens swallow blank space; point at their first visible character.
            offset = next((i for i, c in enumerate(str(tok)) if not c.isspace()), 0)
            span = _advance(span, str(tok)[:offset])
        found = (_no_duration(name, text, _token_pos(tok))
                 or _sign_slip(name, text, tok, span, exc.expected)
                 or _comma_between_names(name, text, tok)
                 or _missing_separator(name, text, tok, span, exc.expected)
                 or _unexpected_token(tok, span, exc.expected))
    elif isinstance(exc, UnexpectedCharacters):
        found = (_odd_character(name, text, exc)
                 or _no_duration(name, text, _lex_pos(exc))
                 or _glued_word(name, text, exc)
                 or _unexpected_word(name, text, exc))
    else:
        found = ("syntax error", Span(name, getattr(exc, "line", 1) or 1,
                                      getattr(exc, "column", 1) or 1), None)
    message, span, hint = found
    reporter.report("E001", message, span, hint)


_Found = tuple[str, Span, str | None]


def _token_pos(tok: Token) -> int:
    """Where a token starts in the text (Lark's Token may not know; the
    machine's tokens always do)."""
    assert tok.start_pos is not None
    return tok.start_pos


def _lex_pos(exc: UnexpectedCharacters) -> int:
    """Where the lexer stopped. Lark declares ``pos_in_stream`` by its class
    default, None; every UnexpectedCharacters sets it."""
    return cast(int, exc.pos_in_stream)


def _unexpected_token(tok: Token, span: Span, expected: set[str]) -> _Found:
    hint = _keyword_hint(str(tok), expected)
    if tok.type == "NAME" and any(keyword(t) for t in expected):
        hint = hint and hint + " (keywords are lowercase)" or (
            "names start with a capital letter; keywords are lowercase")
    return (f"unexpected {_describe_token(tok)}; expected one of: "
            f"{_expected_text(expected, str(tok).strip())}", span, hint)


def _unexpected_word(name: str, text: str, exc: UnexpectedCharacters) -> _Found:
    pos = _lex_pos(exc)
    match = re.match(r"[\w'\-]+", text[pos:])
    word = match.group(0) if match else text[pos]
    allowed = exc.allowed or set()
    what = f"word '{word}'" if match else f"character {word!r}"
    hint = _keyword_hint(word, allowed) if match else None
    if word == '"':
        hint = "a quoted name must end on the same line"
    return (f"unexpected {what}; expected one of: {_expected_text(allowed, word)}",
            Span(name, exc.line, exc.column, exc.line, exc.column + len(word)), hint)


#: Characters that look like a quote or a space but are not the ones the language reads.
_QUOTES = "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2018\u2019\u201a\u201b\u2032\u2033"


def _odd_character(name: str, text: str, exc: UnexpectedCharacters) -> _Found | None:
    """Curly quotes from a word processor; no-break, zero-width and other
    invisible spaces pasted from a web page."""
    pos = _lex_pos(exc)
    char = text[pos]
    span = Span(name, exc.line, exc.column, exc.line, exc.column + 1)
    if char in _QUOTES:
        line = text[pos - exc.column + 1:].split("\n", 1)[0]
        quoted = re.search(f"[{_QUOTES}]([^{_QUOTES}\n]*)[{_QUOTES}]", line)
        example = f'"{quoted.group(1)}"' if quoted else '"The Wall"'
        return (f"curly quote '{char}': card names are written between straight double "
                'quotes (")', span, f"write {example}")
    category = unicodedata.category(char)
    if char != " " and (category in ("Zs", "Cf") or char in "\u00a0\u2028\u2029"):
        described = unicodedata.name(char, "an invisible character").lower()
        if category == "Zs":
            return (f"a {described} (U+{ord(char):04X}) stands here instead of a space",
                    span, "replace it with an ordinary space")
        return (f"an invisible {described} (U+{ord(char):04X}) stands here", span,
                "delete it: it is not part of the card text")
    return None


def _glued_word(name: str, text: str, exc: UnexpectedCharacters) -> _Found | None:
    """A keyword with letters after it ('democrats', 'placed'): the lexer took
    the keyword and stumbled on the rest; show the whole word."""
    pos = _lex_pos(exc)
    start = pos
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "-"):
        start -= 1
    if start == pos or not text[pos].isalnum():
        return None
    match = re.match(r"[\w\-]+", text[start:])
    assert match is not None  # text[start] is a letter, a digit or '-'
    word = match.group(0)
    prefix = text[start:pos]
    if prefix not in _keywords():
        return None
    col = exc.column - (pos - start)
    return (f"unexpected word '{word}'", Span(name, exc.line, col, exc.line, col + len(word)),
            f"did you mean '{prefix}'?")


@cache
def _keywords() -> frozenset[str]:
    return frozenset(k for k in (keyword(t.name) for t in parser().terminals) if k)


def _sign_slip(name: str, text: str, tok: Token, span: Span,
               expected: set[str]) -> _Found | None:
    """A signed number where an amount goes ('places -2 SP', 'gains +1 VP'),
    or a bare number where a modifier needs its sign ('get 1')."""
    if tok.type == "SIGNED" and "INT" in expected:
        number = str(tok)
        if number.startswith("+"):
            return (f"'{number}' has a sign, but an amount is a plain number", span,
                    f"write '{number[1:]}'")
        before = text[:_token_pos(tok)].split()[-1:] or [""]
        hint = {"places": "to take SPs away, write 'removes N SP from ...'",
                "place": "to take SPs away, write 'removes N SP from ...'",
                "gains": "the other player gains the VP instead: e.g. 'opponent gains 1 VP'",
                "gain": "the other player gains the VP instead: e.g. 'opponent gains 1 VP'",
                }.get(before[0], "amounts count from 1 up; say what happens with a verb")
        return f"a negative amount '{number}': amounts are never negative", span, hint
    if tok.type == "INT" and "SIGNED" in expected and "INT" not in expected:
        return (f"a modifier needs its sign: '+{tok}' or '-{tok}'", span,
                f"write e.g. 'get +{tok}'")
    return None


def _comma_between_names(name: str, text: str, tok: Token) -> _Found | None:
    """'in Gdansk, Krakow': names are joined with 'and' / 'or' (a comma
    there reads as the start of ', at most N per space')."""
    if tok.type != "NAME":
        return None
    before = text[:_token_pos(tok)].rstrip(" \t")
    if not before.endswith(","):
        return None
    previous = re.search(r"([A-Z][\w\-/.]*(?:[ \t]+[A-Z][\w\-/.]*)*)[ \t]*,$", before)
    if previous is None:
        return None
    comma = len(before) - 1
    col = comma - (text.rfind("\n", 0, comma) + 1) + 1
    line = text.count("\n", 0, comma) + 1
    return ("names in a list are joined with 'and' or 'or', not with ','",
            Span(name, line, col, line, col + 1),
            f"write '{previous.group(1)} and {tok}' (or 'or')")


def _missing_separator(name: str, text: str, tok: Token, span: Span,
                       expected: set[str]) -> _Found | None:
    """A ';' or ':' left out ('period early side democrat', 'if the turn is 3
    democrat gains 1 VP'): the line parses once it is put back."""
    for mark, terminal, why in (
            (":", "_COLON", "a condition or trigger is followed by ':' and one statement, "
             "or by a { block }"),
            (";", "_SEP", "statements and clauses on one line are separated by ';'")):
        if terminal in expected and _parses_with(text, _token_pos(tok), mark):
            return f"missing '{mark}' before {_describe_token(tok)}", span, why
    return None


def _no_duration(name: str, text: str, pos: int) -> _Found | None:
    """A lasting rule written as a statement ('cards played by democrat get +1
    ops'): it parses as a rule, so it only lacks its duration."""
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    line = text[line_start: len(text) if line_end < 0 else line_end]
    head = max(line.rfind(c, 0, pos - line_start) for c in "{;:")
    start = line_start + head + 1
    statement = text[start: line_start + len(line)].split(";")[0].split("#")[0]
    statement = statement.rstrip().rstrip("}").rstrip()
    stripped = statement.lstrip()
    if not stripped or start + len(statement) <= pos:
        return None
    try:
        _machine().parse("", f'card 1 "x" {{ event {{ for the rest of the turn: {stripped} }} }}')
    except _Stop:
        return None
    col = start + len(statement) - len(stripped) - line_start + 1
    lineno = text.count("\n", 0, start) + 1
    return ("a lasting rule needs a duration", Span(name, lineno, col, lineno, col + len(stripped)),
            "put it inside e.g. 'for the rest of the turn: ...' or 'until cancelled { ... }' "
            "(rule 7.2)")


#: A card, box or wild card starts at the beginning of a line with one of these.
_ITEM_START = re.compile(r"^(?:card\s+\d|tiananmen\s+box|power\s+struggle\s+card)", re.M)


def _parses_with(text: str, pos: int, mark: str) -> bool:
    """Whether the line at ``pos`` parses to its end once ``mark`` stands there.

    Only the card holding ``pos`` is parsed, up to the end of that line, so
    running out of text there means the rest of the line went through."""
    start = max((m.start() for m in _ITEM_START.finditer(text, 0, pos)), default=0)
    line_end = text.find("\n", pos)
    excerpt = text[start:pos] + mark + " " + text[pos: len(text) if line_end < 0 else line_end]
    try:
        _machine().parse("", excerpt)
    except _Stop as stop:
        from lark.exceptions import UnexpectedToken

        return isinstance(stop.error, UnexpectedToken) and stop.error.token.type == "$END"
    return True


def _describe_token(tok: Token) -> str:
    if tok.type in ("_SEP",):
        return "end of line"
    if tok.type == "NAME":
        return f"name '{tok}'"
    if tok.type in ("INT", "SIGNED", "RANGE"):
        return f"number '{tok}'"
    if tok.type == "STRING":
        return f"card name {tok}"
    return f"'{str(tok).strip()}'"


def _advance(span: Span, skipped: str) -> Span:
    """Move a span start past leading blank text (which may hold newlines)."""
    if "\n" not in skipped:
        return Span(span.path, span.line, span.col + len(skipped), span.end_line, span.end_col)
    line = span.line + skipped.count("\n")
    col = len(skipped) - skipped.rfind("\n")
    return Span(span.path, line, col, line, col + 1)


