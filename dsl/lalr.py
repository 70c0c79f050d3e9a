"""Lark's LALR table, driven by dof's own loop: the one module that reads Lark's internals.

The grammar (``effects.lark``) is the specification and Lark builds its LALR
table and contextual lexer; :class:`Machine` drives them in one loop that
builds the syntax tree (:mod:`dsl.ast`) while it parses. Lark's own
``parse`` (or its interactive parser) builds a parse tree with positions
that must then be copied into dof's tree: measured, three times the parsing
time and twice the time of `dof lint` on the built-in deck (50 ms against
25 ms), and 1.8 times the memory on a large file. The loop also owns its
stacks, which hold the state and place of every open token and rule: what
recovering from a syntax error needs (pop to a state that takes a
statement, clause or card; skip to a ';', a line break or a '}'; report an
unclosed '{' at its place), where Lark's interactive parser can feed tokens
but not pop its stack.

What it reads of Lark, beyond its public API (``Lark``, ``Token``, the
``Unexpected*`` errors), all read and checked when the machine is built:

- the parse table, ``Lark.parser.parser.parser.parse_table``: ``states``
  (state -> symbol -> (action, argument)), ``start_states``,
  ``end_states``, and the actions ``Shift`` and ``Reduce`` of
  ``lark.parsers.lalr_analysis``;
- the rules a Reduce names, ``Lark.rules``: ``origin.name``, ``expansion``
  (symbols: ``name``, ``is_term``, ``filter_out``), ``alias``,
  ``options.expand1``: how Lark's tree builder shapes their nodes;
- the contextual lexer, ``Lark.parser.lexer``: ``lexers`` (state -> lexer:
  ``terminals`` in Lark's order, ``ignore_types``, ``g_regex_flags``) and
  ``root_lexer`` (``terminals``, ``g_regex_flags``, ``newline_types``,
  ``ignore_types``, and ``scanner`` then ``callback``: the keywords a
  pattern also matches); a terminal's ``name`` and ``pattern.to_regexp()``.

Lark 1.0.0 to 1.3.1 lay these out alike (every release tested with
``.ci/lark-versions``); a Lark that lays them out otherwise is refused with
:class:`LarkMismatch`, which says which versions to install.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, cast

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
from dof.dsl.diagnostics import Span
from dof.dsl.grammar import parser

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput, UnexpectedToken
    from lark.grammar import Rule, Symbol, Terminal
    from lark.lexer import TerminalDef

    from dof.dsl.recovery import Recovery

#: The Lark releases whose table and lexers :class:`Machine` reads, as
#: pyproject.toml requires them (tests/test_lalr.py keeps the two alike).
LARK_VERSIONS = ">=1.1,<1.4"

#: Levels of the syntax tree a card may nest (the built-in cards need under
#: 20); deeper trees would exhaust Python's stack in the tools that walk them.
MAX_DEPTH = 120


class LarkMismatch(Exception):
    """The installed Lark lays out its table or lexer otherwise than the
    releases dof was written for: dof cannot parse a card with it."""


@contextmanager
def _reading(what: str) -> Iterator[None]:
    """Turn a failure to read part of Lark into one message that says what
    changed and which Lark to install."""
    try:
        yield
    except (AttributeError, ImportError, KeyError, TypeError, ValueError) as exc:
        import lark

        raise LarkMismatch(
            f"dof's parser reads Lark's LALR table; Lark {lark.__version__} changed it "
            f"({what}: {exc}): install lark{LARK_VERSIONS}") from exc


def _check(holds: bool, what: str) -> None:
    """A part of Lark that is there but says something else."""
    if not holds:
        raise ValueError(what)


#: A Span's fields as a plain tuple: what the parser's stack keeps (see
#: :meth:`Machine.parse`).
_Place = tuple[str, int, int, int, int]

#: A context of Lark's contextual lexer: its terminals in Lark's order, its
#: regular expression flags, the terminals it skips.
_Context = tuple[list["TerminalDef"], int, frozenset[str]]


class _Word:
    """A NAME token: the ``name`` rule joins a run of them into a :class:`Name`."""

    __slots__ = ("span", "text")

    def __init__(self, text: str, span: Span) -> None:
        self.text, self.span = text, span


class _Splice(list):
    """The children of an inlined rule (``_stmt``, ``_verb_phrase``...): they
    join the parent's children, as in Lark's trees. An inlined rule with one
    child passes that child on bare, without a list."""


NOTHING = _Splice()  # an inlined rule that keeps nothing ("places"); never changed


class Stop(Exception):
    """Parsing stopped: a syntax error, as Lark reports it, or nesting too deep."""

    def __init__(self, error: UnexpectedInput | None = None, span: Span | None = None) -> None:
        super().__init__()
        self.error, self.span = error, span


class _Rule:
    """How one grammar rule shapes its node, as Lark's tree builder would:
    which children it keeps, which inlined rules it splices in, its name;
    and what the machine may skip for it (see :func:`_grammar_facts`)."""

    __slots__ = (
        "all_kept",
        "ends_fixed",
        "expand1",
        "goto",
        "keep",
        "kind",
        "mode",
        "plain",
        "size",
        "splice",
        "words",
    )

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


class Machine:
    """Lark's LALR table and per-state scanners, driven in one tight loop.

    Tokens are matched with the regular expressions of Lark's contextual
    lexer (each prefixed to skip blanks, one match per token), so the
    accepted language is exactly the grammar's; on an error the machine
    raises the exception Lark would have raised."""

    def __init__(self, lark: Lark) -> None:
        with _reading("the parse table, Lark.parser.parser.parser.parse_table"):
            table = lark.parser.parser.parser.parse_table
            states = table.states
            self.start: int = table.start_states["start"]
            self.end: int = table.end_states["start"]
            _check(self.start in states and self.end in states, "no start or end state")
        with _reading("the grammar's rules, Lark.rules"):
            lark_rules = list(lark.rules)
            nullable, wordy = _grammar_facts(lark_rules, _Build.CONVERTED)
            rules = {rule: _Rule(rule, nullable, wordy) for rule in lark_rules}
            # Each rule's name, symbols and kind: what :meth:`taken_by` walks.
            self.expansions = [(str(r.origin.name), tuple(str(s.name) for s in r.expansion),
                                str(r.alias or r.origin.name)) for r in lark_rules]
            self.takers: dict[str, dict[int, frozenset[str]]] = {}  # see taken_by
        with _reading("the table's actions, Shift or Reduce by one of Lark.rules"):
            self.actions, self.gotos = self._rows(states, rules)
        with _reading("the contextual lexer, Lark.parser.lexer"):
            self._read_lexers(lark, rules)

    @staticmethod
    def _rows(states: dict, rules: dict[Rule, _Rule]) -> tuple[
            dict[int, dict[str, int | _Rule]], dict[int, dict[str, int]]]:
        """Lark's rows hold both a state's actions on terminals (shift to a
        state or reduce by a rule) and its gotos on rules (always a state):
        apart, each has one type. Lark's symbol names are Tokens, slow to hash."""
        from lark.parsers.lalr_analysis import Reduce, Shift

        actions: dict[int, dict[str, int | _Rule]] = {}
        gotos: dict[int, dict[str, int]] = {}
        for state, row in states.items():
            on_terminal = actions[state] = {}
            on_rule = gotos[state] = {}
            for sym, (action, arg) in row.items():
                if action is Shift and arg in states:
                    (on_terminal if sym.isupper() else on_rule)[str(sym)] = arg
                elif action is Reduce and sym.isupper():
                    on_terminal[str(sym)] = rules[arg]
                else:
                    raise ValueError(f"state {state} on {sym}: {action} {arg}")
        return actions, gotos

    def _read_lexers(self, lark: Lark, rules: dict[Rule, _Rule]) -> None:
        """What the machine takes of Lark's contextual lexer: each state's
        terminals (compiled when the state is first met) and the kinds of
        token that hold line breaks or are skipped."""
        contextual = lark.parser.lexer
        root = contextual.root_lexer
        terminals = list(root.terminals)
        _check(all(isinstance(t.name, str) and isinstance(t.pattern.to_regexp(), str)
                   for t in terminals), "terminals read otherwise")
        newline, ignore = frozenset(root.newline_types), frozenset(root.ignore_types)
        # Lark retypes a keyword that a pattern also matches (its "unless"
        # callbacks); the machine does not, so the grammar must keep them apart.
        if root.scanner and root.callback:
            raise NotImplementedError("a keyword that a pattern also matches: split the terminals")
        kept = {s.name for r in rules for s in r.expansion if _kept_terminal(s)}
        # What to do with a token, by type: 1 kept as a value, 2 may hold line
        # breaks, 4 ignored (a comment). Most are keywords: 0, nothing to do.
        self.token_kind = {t.name: (t.name in kept) | 2 * (t.name in newline)
                           | 4 * (t.name in ignore) for t in terminals}
        # Each state's terminals in Lark's order, its flags and what it ignores.
        self.contexts: dict[int, _Context] = {}
        by_lexer: dict[int, _Context] = {}
        for state, lexer in contextual.lexers.items():
            context = by_lexer.get(id(lexer))
            if context is None:
                context = by_lexer[id(lexer)] = (
                    list(lexer.terminals), int(lexer.g_regex_flags), frozenset(lexer.ignore_types))
            self.contexts[state] = context
        _check(set(self.contexts) == set(self.actions), "a lexer for each parser state")
        # Every terminal: at a syntax error, whether the text there is a word
        # of another context, as Lark's lexer tells (compiled at the first).
        self.root: _Context = (terminals, int(root.g_regex_flags), ignore)
        self.root_match: Callable[[str, int, int], re.Match | None] | None = None
        self.compiled: dict[int, Callable[[str, int], re.Match | None]] = {}
        self.matchers = {state: self._compile_first(state) for state in self.contexts}

    def _compile_first(self, state: int) -> Callable[[str, int], re.Match | None]:
        def compile_and_match(text: str, pos: int) -> re.Match | None:
            return self.matcher(state)(text, pos)
        return compile_and_match

    def matcher(self, state: int) -> Callable[[str, int], re.Match | None]:
        """The matcher of one lexer context (the terminals a parser state
        allows): Lark's alternation of them, in Lark's order, prefixed to skip
        blanks, so that one regex match yields one token. Blanks before a
        terminal that swallows them (``}``, ``otherwise``) are skipped too: its
        token starts at its first visible character, as diagnostics show it."""
        context = self.contexts[state]
        match = self.compiled.get(id(context))
        if match is None:
            match = self.compiled[id(context)] = _matcher(context)
        self.matchers[state] = match
        return match

    # One long loop on purpose, of more branches than any other function: it
    # runs once per token of every card file, and a call per branch would
    # cost more than all it does.
    def parse(self, path: str, text: str, first_line: int = 1,  # noqa: C901
              recovery: Recovery | None = None) -> SourceFile:
        """The tree of ``text``, whose first line is line ``first_line`` of
        the file ``path`` (a piece of a file parsed apart, see dsl/pieces.py).

        Without a ``recovery`` a syntax error stops the loop (:class:`Stop`)
        at the token or character the table has no action for. With one,
        the loop hands it the error and its stacks, which hold every open
        rule with its place: the recovery records the error, mends the
        stacks and says where to go on (see dsl/recovery.py), so that the
        tree holds every card that parsed. A clean file never reaches it.
        The loop reads the text with the recovery's lexers (the machine's
        own, or ones that also keep every token for an editor), up to the
        recovery's ``until`` (an editor's cursor; what a token before it
        looks ahead at may follow it)."""
        build = _Build(path, recovery)
        actions, gotos = self.actions, self.gotos
        matchers = self.matchers if recovery is None else recovery.matchers
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
        pos, size_text = 0, len(text) if recovery is None else min(len(text), recovery.until)
        line, line_start = first_line, 0
        while True:
            typ, place, value, start = "$END", None, None, pos
            while pos < size_text:
                m = matchers[state](text, pos)
                if m is None:
                    if recovery is None:
                        raise Stop(self.lex_error(text, pos, line, line_start, state))
                    typ = "$LEX"  # no token: the recovery finds the word or character
                    break
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
                    if recovery is None:
                        raise Stop(self.parse_error(typ, text[start:pos], place, pos,
                                                     row)) from None
                    state, pos, line, line_start, token = recovery.recover(
                        typ, start, pos, place, states, values, places, depths)
                    if token is None:
                        break  # go on reading the text at pos
                    typ, value, place = token  # a token the text left out
                    row = actions[state]
                    continue
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
                        values[-1] = node = NOTHING
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
                            raise Stop(span=node.span)
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
                            raise Stop(span=node.span)
                    state = gotos[states[-1]][rule.goto]
                    states.append(state)
                    values.append(node)
                    places.append(span_place)
                    depths.append(depth)
                if state == end_state and typ == "$END":
                    return build.source(node, text)
                row = actions[state]

    # ------------------------------------------------------------ the table without a tree

    def advance(self, stack: list[int], typ: str) -> bool:
        """Offer a token of kind ``typ`` to a stack of states as the loop
        does, without building a tree: True when it is shifted (or ends the
        text); False when refused, the reductions made before it kept."""
        actions, gotos, end = self.actions, self.gotos, self.end
        while True:
            act = actions[stack[-1]].get(typ)
            if act is None:
                return False
            if act.__class__ is int:
                stack.append(act)
                return True
            rule: _Rule = act  # type: ignore[assignment]  # not an int: a reduction
            if rule.size:
                del stack[-rule.size:]
            stack.append(gotos[stack[-1]][rule.goto])
            if stack[-1] == end and typ == "$END":
                return True

    def accepted(self, stack: list[int]) -> frozenset[str]:
        """The terminals a stack of states takes next."""
        return frozenset(typ for typ in self.actions[stack[-1]] if self.advance(list(stack), typ))

    def taken_by(self, stack: list[int], terminal: str) -> frozenset[str]:
        """What ``terminal`` would be next on ``stack``: the kinds of the
        rules that would take it there (a STRING after 'summary' is a
        ``summary``'s, after 'cancel' a ``card_names``')."""
        after = list(stack)
        if not self.advance(after, terminal) or terminal == "$END":
            return frozenset()
        takers = self.takers.get(terminal)
        if takers is None:
            takers = self.takers[terminal] = self._takers(terminal)
        return takers.get(after[-2], frozenset())

    def _takers(self, terminal: str) -> dict[int, frozenset[str]]:
        """The states that shift ``terminal``, each with the kinds of the
        rules holding it there: each rule walked from every state that
        starts it (one with a goto on its name), up to the terminal. A rule
        Lark makes of a repetition ('__card_names_star_0') counts as the
        rule written with it."""
        owner: dict[str, str] = {}
        for _, symbols, kind in self.expansions:
            for symbol in symbols:
                if symbol.startswith("__"):
                    owner.setdefault(symbol, kind)
        starts: dict[str, list[int]] = {}
        for state, row in self.gotos.items():
            for name in row:
                starts.setdefault(name, []).append(state)
        found: dict[int, set[str]] = {}
        for name, symbols, kind in self.expansions:
            while kind in owner:
                kind = owner[kind]
            for i, symbol in enumerate(symbols):
                if symbol == terminal:
                    for state in starts.get(name, ()):
                        at = self._walk(state, symbols[:i])
                        if at is not None:
                            found.setdefault(at, set()).add(kind)
        return {state: frozenset(kinds) for state, kinds in found.items()}

    def _walk(self, state: int, symbols: tuple[str, ...]) -> int | None:
        """The state reached from ``state`` over ``symbols``: shifts on
        terminals, gotos on rules."""
        for symbol in symbols:
            step = (self.actions[state].get(symbol) if symbol.isupper()
                    else self.gotos[state].get(symbol))
            if step.__class__ is not int:
                return None
            state = step
        return state

    def any_token(self, text: str, pos: int, end: int) -> re.Match | None:
        """The token at ``pos`` (before ``end``) as Lark's lexer reads it in
        any context; None where no terminal matches, or where a keyword only
        starts a longer word ('a' of 'adds')."""
        if self.root_match is None:
            self.root_match = _matcher(self.root, prefix="")
        m = self.root_match(text, pos, end)
        if m is None or (m.group()[-1:].isalnum() and text[m.end():m.end() + 1].isalnum()):
            return None
        return m

    # ------------------------------------------------------------ errors as Lark raises them

    def lex_error(self, text: str, pos: int, line: int, line_start: int,
                  state: int) -> UnexpectedInput:
        """What Lark's contextual lexer raises: a token that belongs to another
        context, or no token at all. A keyword that only starts a longer word
        is no token of it ('a' of 'adds'): the error is the whole word."""
        from lark import Token
        from lark.exceptions import UnexpectedCharacters, UnexpectedToken

        col = pos - line_start + 1
        terminals, _, ignore = self.contexts[state]
        allowed = {t.name for t in terminals} - ignore or {"<END-OF-FILE>"}
        m = self.any_token(text, pos, len(text))
        if m is None:
            return UnexpectedCharacters(text, pos, line, col, allowed=allowed)
        val, typ = m.group(), m.lastgroup
        assert typ is not None  # one of the pattern's named groups matched
        end_line = line + val.count("\n")
        end_col = (len(val) - val.rindex("\n") if "\n" in val else col + len(val))
        token = Token(typ, val, pos, line, col, end_line, end_col, m.end())
        return UnexpectedToken(token, allowed)

    @staticmethod
    def parse_error(typ: str, val: str, place: _Place | None, pos: int,
                    row: dict[str, Any]) -> UnexpectedToken:
        """What Lark's parser raises for a token the table has no action for."""
        from lark import Token
        from lark.exceptions import UnexpectedToken

        _, line, col, end_line, end_col = place or ("", 1, 1, 1, 1)
        token = Token(typ, val, pos - len(val), line, col, end_line, end_col, pos)
        return UnexpectedToken(token, set(row))


def _matcher(context: _Context, prefix: str = r"[ \t]*") -> Callable[..., re.Match | None]:
    """One regular expression for a lexer context: its terminals in Lark's
    order, each a named group, after ``prefix`` (blanks)."""
    terminals, flags, _ = context
    pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
    return re.compile(prefix + "(?:" + pattern + ")", flags).match


def _place_of(places: list[_Place | None]) -> _Place | None:
    """Where a node is whose first or last children may match no text."""
    first = next((p for p in places if p is not None), None)
    if first is None:
        return None
    final = next(p for p in reversed(places) if p is not None)
    return (first[0], first[1], first[2], final[3], final[4])


def _never(span: Span) -> bool:
    return False


@cache
def machine() -> Machine:
    """The machine of dof's grammar, built once per process (from Lark's
    table, itself cached on disk: dsl/grammar.py)."""
    return Machine(parser())


class _Build:
    """Makes :mod:`dsl.ast` nodes for the machine, keeping spans."""

    #: Kept tokens that become values (numbers, card names...); any other
    #: kept token (NAME) stays a bare word for the ``name`` rule.
    CONVERTED: ClassVar[set[str]] = {
        "INT", "SIGNED", "RANGE", "STRING", "CONTROLLED_ADJ", "OR_MORE", "OR_LESS"}
    #: Rules with their own classes in :mod:`dsl.ast`.
    SPECIAL = ("name", "card", "box", "ps_card")

    def __init__(self, path: str, recovery: Recovery | None = None) -> None:
        self.path = path
        # Whether a definition's text holds a syntax error (never, without a recovery).
        self.broken: Callable[[Span], bool] = recovery.broken if recovery else _never
        self.special: dict[str, Callable[[list, Span], Any]] = {
            kind: getattr(self, kind) for kind in self.SPECIAL}

    @staticmethod
    def token(typ: str, text: str, place: _Place) -> Any:
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
                       [c for c in clauses if isinstance(c, Node)], self._head(place, title),
                       self.broken(place))

    def ps_card(self, children: list, place: Span) -> PsCardDef:
        title, *clauses = [c for c in children if c.__class__ is not _Word]
        return PsCardDef(title.text, place,
                         [c for c in clauses if isinstance(c, Node)], self._head(place, title),
                         self.broken(place))

    def box(self, children: list, place: Span) -> BoxDef:
        number, dem, com, *clauses = [c for c in children if c.__class__ is not _Word]
        return BoxDef(int(number), {"democrat": dem.text, "communist": com.text},
                      place, [c for c in clauses if isinstance(c, Node)],
                      self._head(place, com), self.broken(place))

    def _head(self, place: Span, title: CardName) -> Span:
        """The header (``card 7 "State Run Media"``): what a finding about the
        whole card underlines, rather than every line of it."""
        return Span(self.path, place.line, place.col, title.span.end_line, title.span.end_col)


#: A kept token's value (:meth:`_Build.token`): for the tokens a recovery
#: puts in where the text left them out.
token_value = _Build.token
