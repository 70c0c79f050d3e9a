"""YAML that remembers line numbers, so that a mistake in a data file is
reported at the line to fix.

Usage::

    doc = Doc.read(path)                 # DataError for unreadable or bad YAML
    cards = doc.top("cards", list)       # a required top-level section
    raise doc.error(entry, "bad ops", "ops")   # PATH:LINE of that key
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from yaml.reader import Reader


def unprintable(text: str) -> tuple[int, int, str] | None:
    """The first character YAML refuses (a control character other than tab
    and line breaks, U+FFFE, U+FFFF) as (line, column, message), 1-based, on
    the lines ``text.splitlines()`` gives; None when there is none.

    PyYAML reports it as a character offset ("position 150") or, with
    libyaml, a byte offset, on two lines; this finds it before YAML reads
    the text, so both readers of YAML files report it the same way."""
    found = Reader.NON_PRINTABLE.search(text)
    if found is None:
        return None
    # The lines up to it, the last one ending just before it.
    lines = (text[: found.start()] + "x").splitlines()
    char = found.group()
    kind = "control character" if unicodedata.category(char) == "Cc" else "character"
    return len(lines), len(lines[-1]), f"the {kind} U+{ord(char):04X} is not allowed in YAML"


class DataError(Exception):
    """A mistake in a data file, reported as ``PATH:LINE: message``.

    Modders edit these files by hand, so every problem must point at the file
    and line to fix (``line`` is 1-based, or None when no line applies).
    """

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else f"{self.path}"
        return f"{where}: {self.message}"

    def __reduce__(self):  # keep the three attributes through pickling
        return (type(self), (self.path, self.line, self.message))


_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loader that remembers where every mapping and sequence starts.

    ``marks`` maps id(container) to (line, {key: line}) while the document is
    alive; duplicate mapping keys are an error instead of silently dropped.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.marks: dict[int, tuple[int, dict[Any, int]]] = {}


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int) -> None:
        self.key, self.line = key, line


def _construct_map(loader: _LineLoader, node: yaml.MappingNode) -> Iterator[dict]:
    data: dict = {}
    key_lines: dict[Any, int] = {}
    loader.marks[id(data)] = (node.start_mark.line + 1, key_lines)
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=False)
        line = key_node.start_mark.line + 1
        try:
            duplicate = key in data
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "unhashable mapping key", key_node.start_mark
            ) from None
        if duplicate:
            raise _DuplicateKey(key, line)
        value = loader.construct_object(value_node, deep=False)
        data[key] = value
        key_lines[key] = line
        if id(value) in loader.marks:  # a nested entry is reported at its key's line
            loader.marks[id(value)] = (line, loader.marks[id(value)][1])


def _construct_seq(loader: _LineLoader, node: yaml.SequenceNode) -> Iterator[list]:
    data: list = []
    loader.marks[id(data)] = (node.start_mark.line + 1, {})
    yield data
    data.extend(loader.construct_object(child, deep=False) for child in node.value)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


class Doc:
    """One parsed data file: its Python data plus line lookups for errors."""

    def __init__(self, path: Path, data: Any, marks: dict[int, tuple[int, dict]]) -> None:
        self.path = path
        self.data = data
        self._marks = marks

    @classmethod
    def read(cls, path: Path) -> Doc:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError(path, None, "file not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(path, None, f"cannot read file: {exc}") from None
        bad = unprintable(text)
        if bad is not None:
            raise DataError(path, bad[0], f"{bad[2]} (column {bad[1]})")
        loader = _LineLoader(text)
        try:
            data = loader.get_single_data()
        except _DuplicateKey as exc:
            raise DataError(path, exc.line, f"duplicate key {exc.key!r}") from None
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            problem = exc.problem or exc.context or "invalid YAML"
            raise DataError(path, line, f"YAML syntax error: {problem}") from None
        except yaml.YAMLError as exc:
            raise DataError(path, None, f"YAML error: {exc}") from None
        finally:
            loader.dispose()
        return cls(path, data, loader.marks)

    def line(self, obj: Any, key: Any = None) -> int | None:
        """Line of a container, or of one of its keys when given and present."""
        mark = self._marks.get(id(obj))
        if mark is None:
            return None
        if key is not None and key in mark[1]:
            return mark[1][key]
        return mark[0]

    def error(self, obj: Any, message: str, key: Any = None) -> DataError:
        return DataError(self.path, self.line(obj, key), message)

    def top(self, key: str, kind: type) -> Any:
        """A required top-level section of the given container type."""
        if not isinstance(self.data, dict):
            raise DataError(self.path, 1, f"the file must be a mapping with a '{key}' section")
        if key not in self.data:
            raise self.error(self.data, f"missing section '{key}'")
        value = self.data[key]
        if not isinstance(value, kind):
            raise self.error(self.data, f"'{key}' must be {KIND_NAMES[kind]}", key)
        return value

    def only(self, *keys: str) -> None:
        """Reject unknown top-level sections (usually a typo in a section name)."""
        for key in self.data:
            if key not in keys:
                raise self.error(self.data, f"{self.path.name}: unknown field {key!r}", key)


#: How a container or value type is named in messages.
KIND_NAMES = {
    list: "a list",
    dict: "a mapping",
    str: "a string",
    int: "an integer",
    bool: "a boolean",
}
