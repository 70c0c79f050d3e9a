"""YAML files that people write by hand, read with the place of every value.

A scenario file is YAML, and its mistakes (a misspelt space, a key that
does not exist, an answer the game never offered) must point at the exact
``PATH:LINE:COL`` with the source line and a caret, like a card file's
(:class:`dsl.Diagnostic`). So the file is read as YAML *nodes*, which keep
their marks, and each value is turned into data where it is used. The codes
(E6xx, and the E0xx-E3xx that card files use too) are in the one table,
``dof.dsl.diagnostics.CODES``, which every Diagnostic is checked against.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from dof.dsl.diagnostics import Diagnostic, Span, did_you_mean
from dof.engine.files import SCENARIO, read_limited

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
            text = read_limited(path, SCENARIO).decode("utf-8")
        except UnicodeDecodeError:
            raise FileProblem(Diagnostic("E002", "not a UTF-8 text file", where)) from None
        except OSError as exc:
            raise FileProblem(Diagnostic("E002", f"cannot read the file: {exc.strerror or exc}",
                                         where)) from None
        lines = text.splitlines()
        loader = _Loader(text)
        try:
            documents = []
            while loader.check_node():
                node = loader.get_node()
                if node is not None:
                    documents.append(node)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            span = Span(str(path), mark.line + 1, mark.column + 1) if mark else where
            problem = exc.problem or exc.context or "invalid YAML"
            raise FileProblem(_located("E001", f"YAML syntax error: {problem}", span,
                                       lines)) from None
        except yaml.YAMLError as exc:
            raise FileProblem(Diagnostic("E001", f"YAML error: {exc}", where)) from None
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
        if isinstance(node, SequenceNode):
            return list(node.value)
        if single and isinstance(node, ScalarNode) and self.scalar(node) is not None:
            return [node]
        raise self.problem(node, "E201", f"{what} must be a list, not {_kind(node)}")

    def scalar(self, node: Node) -> Any:
        """A plain value (text, number, true/false, null)."""
        if not isinstance(node, ScalarNode):
            raise self.problem(node, "E201", f"expected a single value, not {_kind(node)}")
        try:
            return SafeConstructor().construct_object(node)
        except ConstructorError as exc:
            raise self.problem(node, "E201", f"not a valid value: {exc.problem}") from None

    def text(self, node: Node, what: str) -> str:
        value = self.scalar(node)
        if isinstance(value, bool) or value is None or isinstance(value, list | dict):
            raise self.problem(node, "E201", f"{what} must be a name or text, not "
                                             f"{_shown(value)}")
        return str(value)

    def integer(self, node: Node, what: str, lo: int | None = None,
                hi: int | None = None) -> int:
        value = self.scalar(node)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.problem(node, "E201", f"{what} must be a whole number, not "
                                             f"{_shown(value)}")
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


def _located(code: str, message: str, span: Span, lines: list[str],
             hint: str | None = None) -> Diagnostic:
    source = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    return Diagnostic(code, message, span, hint, source)


def _kind(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    text = str(node.value)
    # A whole file read as one scalar (not YAML at all) would fill the screen.
    return f"the value {text!r}" if len(text) <= 60 else f"the value {text[:57]!r}..."


def _shown(value: Any) -> str:
    return "nothing" if value is None else repr(value)
