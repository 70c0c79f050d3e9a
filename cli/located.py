"""YAML files that people write by hand, read with the place of every value.

A scenario file is YAML, and its mistakes (a misspelt space, a key that
does not exist, an answer the game never offered) must point at the exact
``PATH:LINE:COL`` with the source line and a caret, like a card file's
(:class:`dsl.Diagnostic`). So the file is read as YAML *nodes*, which keep
their marks, and each value is turned into data where it is used. The codes
(E6xx, and the E0xx-E3xx that card files use too) are in the one table,
``dof.dsl.diagnostics.CODES``, which every Diagnostic is checked against.

Only the plain values these files hold are read: text, whole numbers,
true/false, empty, lists and mappings. A YAML tag that makes anything else
(``!!timestamp``, ``!!python/...``) is refused where it is written, and a YAML
syntax error is told in dof's words at its place, whether libyaml or
PyYAML's own reader found it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.error import Mark
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import Reader
from yaml.resolver import BaseResolver, Resolver

from dof.dsl.diagnostics import Diagnostic, Span, did_you_mean
from dof.engine.data.files import SCENARIO, read_limited
from dof.engine.data.yaml_lines import unprintable

_YAML = "tag:yaml.org,2002:"
STR, INT, BOOL, NULL, SEQ, MAP = (_YAML + kind for kind in
                                  ("str", "int", "bool", "null", "seq", "map"))

#: What a value of each plain type is called in messages.
PLAIN = {STR: "text", INT: "a whole number", BOOL: "true or false", NULL: "empty"}

#: The most digits a number may have: a 64-bit seed has 20, a count or a
#: turn a few. Python refuses to read numbers of more than 4,300 digits.
MAX_DIGITS = 20

#: How deep lists and mappings may nest when PyYAML reads without libyaml
#: (which stops at 1000 levels itself): its reader recurses, and Python's
#: stack is not deep. A scenario needs 5 levels.
MAX_DEPTH = 100

TOO_DEEP = "lists or mappings nest too deeply here"


class _PlainResolver(BaseResolver):
    """YAML 1.1's implicit types less those these files never hold: a date
    or a fraction written plainly (``as: 2001-12-14``, ``turn: 1.5``) is
    read as the text it is, and ``<<`` and ``=`` are keys like any other."""

    yaml_implicit_resolvers = {
        first: [(tag, pattern) for tag, pattern in resolvers if tag in PLAIN]
        for first, resolvers in Resolver.yaml_implicit_resolvers.items()}


class _TooDeep(Exception):
    """Nodes nested deeper than MAX_DEPTH, where they get too deep."""

    def __init__(self, mark: Mark):
        self.mark = mark


class _PyLoader(yaml.SafeLoader):
    """PyYAML's own reader, with the plain types only; nodes are composed,
    never constructed (see ``YamlFile.scalar``)."""

    yaml_implicit_resolvers = _PlainResolver.yaml_implicit_resolvers

    def __init__(self, text: str):
        super().__init__(text)
        self.depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_Loader: type = _PyLoader
if yaml.__with_libyaml__:
    class _CLoader(yaml.CSafeLoader):
        """libyaml's reader, faster, and it reads a tab between values as
        YAML allows (PyYAML's own refuses it); it composes in C."""

        yaml_implicit_resolvers = _PlainResolver.yaml_implicit_resolvers

    _Loader = _CLoader


class FileProblem(Exception):
    """A mistake in a hand-written file, as one located diagnostic."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass
class YamlFile:
    """A file's text and documents (nodes); makes diagnostics that point
    into it."""

    path: str
    lines: list[str]
    documents: list[Node]

    @classmethod
    def read(cls, path: Path) -> YamlFile:
        """Read and parse a file; FileProblem (E001-E003) when it cannot be."""
        where = Span(str(path), 1, 1)
        try:
            text = read_limited(path, SCENARIO).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise FileProblem(Diagnostic("E002", "not a UTF-8 text file", where)) from None
        except OSError as exc:
            raise FileProblem(Diagnostic("E002", f"cannot read the file: {exc.strerror or exc}",
                                         where)) from None
        lines = text.splitlines()
        bad = unprintable(text)
        if bad is not None:
            line, col, message = bad
            raise FileProblem(_located("E001", message, Span(str(path), line, col), lines,
                                       "delete it"))
        loader = _Loader(text)
        try:
            documents = []
            while loader.check_node():
                node = loader.get_node()
                if node is not None:
                    documents.append(node)
        except yaml.MarkedYAMLError as exc:
            code, mark, message = _yaml_mistake(exc, lines)
            raise FileProblem(_located(code, message, _at(path, mark), lines)) from None
        except _TooDeep as exc:
            raise FileProblem(_located("E004", TOO_DEEP, _at(path, exc.mark), lines)) from None
        finally:
            loader.dispose()
        if not documents:
            raise FileProblem(Diagnostic("E003", "the file holds no YAML document", where))
        return cls(str(path), lines, documents)

    # ------------------------------------------------------------ problems
    def span(self, node: Node) -> Span:
        start, end = node.start_mark, node.end_mark
        return Span(self.path, start.line + 1, start.column + 1, end.line + 1, end.column + 1)

    def diagnostic(self, node: Node, code: str, message: str,
                   hint: str | None = None) -> Diagnostic:
        return _located(code, message, self.span(node), self.lines, hint)

    def problem(self, node: Node, code: str, message: str,
                hint: str | None = None) -> FileProblem:
        return FileProblem(self.diagnostic(node, code, message, hint))

    # ------------------------------------------------------------- reading
    def mapping(self, node: Node, what: str, allowed: Iterable[str] = (),
                required: Iterable[str] = ()) -> dict[str, tuple[Node, Node]]:
        """A mapping's entries by key (key node, value node); with
        ``allowed``, any other key is E601 with a suggestion."""
        self._untagged(node)
        if not isinstance(node, MappingNode):
            raise self.problem(node, "E201", f"{what} must be a mapping (key: value lines), "
                                             f"not {_kind(node)}")
        entries: dict[str, tuple[Node, Node]] = {}
        allowed = list(allowed)
        for key_node, value_node in node.value:
            key = self.scalar(key_node)
            if not isinstance(key, str | int) or isinstance(key, bool):
                raise self.problem(key_node, "E201", f"a key of {what} must be a name")
            key = str(key)
            if key in entries:
                raise self.problem(key_node, "E603", f"{what}: {key!r} is given twice")
            if allowed and key not in allowed:
                raise self.problem(key_node, "E601", f"{what}: unknown key {key!r}",
                                   did_you_mean(key, allowed) or "expected one of "
                                   + ", ".join(allowed))
            entries[key] = (key_node, value_node)
        for key in required:
            if key not in entries:
                raise self.problem(node, "E602", f"{what}: missing key {key!r}")
        return entries

    def sequence(self, node: Node, what: str, single: bool = False) -> list[Node]:
        """A list's items; with ``single`` a lone value stands for a list of one."""
        self._untagged(node)
        if isinstance(node, SequenceNode):
            return list(node.value)
        if single and isinstance(node, ScalarNode) and self.scalar(node) is not None:
            return [node]
        raise self.problem(node, "E201", f"{what} must be a list, not {_kind(node)}")

    def scalar(self, node: Node) -> Any:
        """A plain value (text, whole number, true/false, null); a number
        too long to be a count is refused where it is written."""
        self._untagged(node)
        if not isinstance(node, ScalarNode):
            raise self.problem(node, "E201", f"expected a single value, not {_kind(node)}")
        if node.tag == STR:
            return node.value
        if node.tag == INT and len(node.value) > MAX_DIGITS:
            raise self.problem(node, "E301", f"a number of {len(node.value)} digits is too "
                                             f"big: dof reads at most {MAX_DIGITS}",
                               "put it in quotes if it is a name or text")
        try:
            return SafeConstructor().construct_object(node)
        except ValueError:  # PyYAML takes 0x_ for a number, then cannot read it
            raise self.problem(node, "E201", f"{shown(node.value)} is not a number "
                                             "dof can read") from None

    def _untagged(self, node: Node) -> None:
        """Refuse a tag (``!!timestamp``, ``!!set``, ``!!python/...``, ``!mine``)
        that would make the value anything but what it is written as; ``!!str``
        is the one that may change it, into text."""
        if isinstance(node, ScalarNode):
            plain = _PlainResolver().resolve(ScalarNode, node.value, (True, False))
        else:
            plain = MAP if isinstance(node, MappingNode) else SEQ
        if node.tag in (plain, STR):
            return
        tag = _tag_name(node.tag)
        if node.tag in PLAIN:
            raise self.problem(node, "E201", f"{shown(node.value)} is not "
                                             f"{PLAIN[node.tag]}, as its tag {tag} says")
        raise self.problem(node, "E201", f"dof reads no YAML tag such as {tag}: write the "
                                         "value without it")

    def text(self, node: Node, what: str) -> str:
        value = self.scalar(node)
        if isinstance(value, bool) or value is None or isinstance(value, list | dict):
            raise self.problem(node, "E201", f"{what} must be a name or text, not "
                                             f"{shown(value)}")
        return str(value)

    def integer(self, node: Node, what: str, lo: int | None = None,
                hi: int | None = None) -> int:
        value = self.scalar(node)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.problem(node, "E201", f"{what} must be a whole number, not "
                                             f"{shown(value)}")
        if lo is not None and value < lo or hi is not None and value > hi:
            bounds = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
            raise self.problem(node, "E301", f"{what} must be {bounds}, not {value}")
        return value

    def choice(self, node: Node, what: str, choices: Iterable[str]) -> str:
        """One of ``choices`` (case-insensitive); a unique prefix is enough."""
        choices = list(choices)
        word = self.text(node, what).strip().casefold()
        found = [c for c in choices if c == word] or [c for c in choices if word
                                                      and c.startswith(word)]
        if len(found) != 1:
            raise self.problem(node, "E201", f"{what} must be one of {', '.join(choices)}, "
                                             f"not {self.scalar(node)!r}")
        return found[0]


def _yaml_mistake(exc: yaml.MarkedYAMLError, lines: list[str]) -> tuple[str, Mark | None, str]:
    """The code, place and words of a YAML syntax error, for the person
    editing the file rather than PyYAML's ('expected <block end>, but found
    ...'). libyaml and PyYAML's own reader word their errors differently, so
    dof's words come from the kind of error and the text where it is. Most
    are at the problem's mark; a quote or bracket left open is where it opens."""
    problem, at, opened = exc.problem or "", exc.problem_mark, exc.context_mark
    said = f"{exc.context or ''}: {problem}"
    kind = next((kind for pattern, kind in _KINDS if re.search(pattern, said)), None)
    if kind is None:
        return "E001", at or opened, re.sub(r"'?<([a-z ]+)>'?", r"\1", problem)
    if kind == "too deep":
        return "E004", at, TOO_DEEP
    rest = _after(lines, at)
    if kind == "token":
        kind = "tab" if rest[:1] == "\t" else "start"
    elif kind == "block end":
        starts_line = at is not None and not _line(lines, at)[:at.column].strip()
        kind = ("list item" if rest[:1] == "-" and "mapping" in said else
                "indentation" if starts_line else "more text")
    elif kind == "bracket" and not rest.strip():
        kind = "never closed"
    elif kind in ("escape", "hex escape") and at is not None:
        # libyaml marks the backslash, PyYAML what follows it: both at the backslash.
        back = at.column - _line(lines, at).rfind("\\", 0, at.column + 1)
        at = Mark(at.name, at.index - back, at.line, at.column - back, None, 0)
    close = re.search(r"or '(.)'", problem)
    alias = re.match(r"\*([^\s,\[\]{}]+)", rest)
    words = _SAY[kind].format(
        char=("the end of the file" if not rest.strip() else
              "the end of the line" if rest[0] == "\n" else repr(rest[0])),
        opened=f"{opened.line + 1}:{opened.column + 1}" if opened else "?",
        close=close[1] if close else "", alias=alias[1] if alias else "name")
    return "E001", opened if kind in _AT_OPENING and opened else at, words


def _line(lines: list[str], mark: Mark) -> str:
    return lines[mark.line] if mark.line < len(lines) else ""


def _after(lines: list[str], mark: Mark | None) -> str:
    """The text from ``mark`` to the end of the file."""
    if mark is None:
        return ""
    return "\n".join([_line(lines, mark)[mark.column:], *lines[mark.line + 1:]])


#: The kinds of YAML syntax error, by a pattern of libyaml's or PyYAML's
#: "context: problem", each before a more general one.
_KINDS = [
    (r"maximum nesting depth", "too deep"),
    (r"(parsing|scanning) a tag|tag handle|URI", "tag"),
    (r"directive|incompatible YAML document", "directive"),
    (r"while scanning a block scalar", "block scalar"),
    (r"that cannot start any token", "token"),
    (r"tab character that violates indentation", "tab"),
    (r"mapping values are not allowed", "colon"),
    (r"could not find expected ':'", "no colon"),
    (r"sequence entries are not allowed", "dash"),
    (r"mapping keys are not allowed", "question mark"),
    (r"expected <block end>|did not find expected (key|'-' indicator)", "block end"),
    (r"<document start>", "document"),
    (r"expected ',' or '.'", "bracket"),
    (r"node content", "no value"),
    (r"unexpected end of stream", "quote"),
    (r"unexpected document (separator|indicator)", "quote before ---"),
    (r"undefined alias", "alias"),
    (r"second occurrence", "anchor twice"),
    (r"unknown escape character", "escape"),
    (r"hexa?decimal", "hex escape"),
    (r"alphabetic or numeric character", "anchor name"),
]

#: What dof says of each kind; {char} is the character where it is.
_SAY = {
    "tag": "dof reads no YAML tags ('!...'): write the value without it",
    "directive": "a line that starts with '%' is a YAML directive: put a value that starts "
                 "with '%' in quotes",
    "block scalar": "'|' and '>' start a block of text on the lines below, and only a digit "
                    "1-9, '+' or '-' may follow them: put a value that starts with them in "
                    "quotes",
    "tab": "a tab: YAML files are indented with spaces, not tabs",
    "start": "a value cannot start with {char}: put the value in quotes",
    "colon": "':' cannot start a value here: put a value that holds ': ' in quotes, and check "
             "the indentation and the ':' of the lines above",
    "no colon": "this key has no ':' after it (a list item starts with '- ')",
    "dash": "'-' cannot start a list item here: check the indentation, or put the value in "
            "quotes",
    "question mark": "'?' cannot start a key here: check the indentation, or put the value in "
                     "quotes",
    "list item": "a list item '-' where the mapping expects a key: check the indentation",
    "indentation": "this line's indentation does not match the lines above it (the keys of a "
                   "mapping start in one column)",
    "more text": "more text after a value: put the whole value in quotes",
    "document": "this does not fit in the document above it: check the indentation, or start "
                "a new document with '---'",
    "bracket": "',' or '{close}' is missing before {char} (the bracket at {opened} is not "
               "closed)",
    "never closed": "this bracket is never closed with '{close}'",
    "no value": "a value is missing before {char}",
    "quote": "this quote is never closed",
    "quote before ---": "this quote is not closed before the '---' that starts the next "
                        "document",
    "alias": "*{alias} names no anchor: write &{alias} on a value before it, in the same "
             "document",
    "anchor twice": "this anchor is given twice (first at {opened})",
    "escape": "unknown escape in double quotes: write '\\\\' for a backslash, or use single "
              "quotes",
    "hex escape": "this escape needs hexadecimal digits: 2 after \\x, 4 after \\u, 8 after "
                  "\\U",
    "anchor name": "an anchor '&' or alias '*' needs a name of letters or digits",
}

#: The kinds shown where the quote, bracket, key or tag at fault opens.
_AT_OPENING = {"tag", "directive", "no colon", "never closed", "quote", "quote before ---"}


def _tag_name(tag: str) -> str:
    """A tag as written in the file: ``!!timestamp``, ``!mine``."""
    name = ("!!" + tag[len(_YAML):] if tag.startswith(_YAML) else
            tag if tag.startswith("!") else f"!<{tag}>")
    return name if len(name) <= 40 else name[:37] + "..."


def _at(path: Path, mark: Mark | None) -> Span:
    return Span(str(path), mark.line + 1, mark.column + 1) if mark else Span(str(path), 1, 1)


def _located(code: str, message: str, span: Span, lines: list[str],
             hint: str | None = None) -> Diagnostic:
    source = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    # A control character would ring, or drive, the terminal it is shown on.
    source = Reader.NON_PRINTABLE.sub("\ufffd", source)
    return Diagnostic(code, message, span, hint, source)


def _kind(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return f"the value {shown(str(node.value))}"


def shown(value: Any) -> str:
    """A value as a message quotes it: a whole file read as one value (not
    YAML at all) would fill the screen."""
    if value is None:
        return "nothing"
    return f"{value[:57]!r}..." if isinstance(value, str) and len(value) > 60 else repr(value)
