"""YAML that people write by hand, read with the place of every value.

The game data (``cards/*.yaml``, or a mod's copy of them), scenario files
and position files are YAML a person edits, and a mistake in one is told at
its ``PATH:LINE:COL`` in dof's words, never in PyYAML's. So a file is read
as YAML *nodes*, which keep their marks: :class:`YamlText` turns a
document into plain data (:meth:`YamlText.value`) and finds the node a
path into that data leads to (:meth:`YamlText.node_at`: a scenario's
reader says where a mistake is as such a path), and :class:`Doc` turns a
whole data file into data at once, remembering where each mapping, list
and key was written.

Only the plain values these files hold are read: text, whole numbers,
true/false, empty, lists and mappings. A YAML tag that makes anything else
(``!!timestamp``, ``!!python/...``) is refused where it is written, and so
are a number of more than 20 digits, a control character, lists or mappings
nested more than 100 levels deep, and each YAML syntax error, in the same
words whether libyaml or PyYAML's own reader read the file (``READERS``;
``reader=`` picks one, as the tests do). The codes (E0xx-E3xx, E6xx) are
those of ``dof.dsl.diagnostics.CODES``.

Usage::

    doc = Doc.read(path)                  # DataError for unreadable or bad YAML
    cards = doc.top("cards", list)        # a required top-level section
    raise doc.error(entry, "bad ops", "ops")   # PATH:LINE:COL of that key
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Self

import yaml
from yaml.constructor import SafeConstructor
from yaml.error import Mark
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import Reader
from yaml.resolver import BaseResolver, Resolver

from dof.engine.data.files import DATA, Kind, read_limited
from dof.engine.data.terms import KINDS

_YAML = "tag:yaml.org,2002:"
STR, INT, BOOL, NULL, SEQ, MAP = (_YAML + kind for kind in
                                  ("str", "int", "bool", "null", "seq", "map"))

#: What a value of each plain type is called in messages.
PLAIN = {STR: KINDS[str], INT: KINDS[int], BOOL: KINDS[bool], NULL: KINDS[type(None)]}

#: The most digits a number may have: a 64-bit seed has 20, a count or a
#: turn a few. Python refuses to read numbers of more than 4,300 digits.
MAX_DIGITS = 20

#: How deep lists and mappings may nest: PyYAML's own reader recurses, and
#: Python's stack is not deep (libyaml stops at 1000 levels itself). A
#: scenario needs 5 levels, the game data 4.
MAX_DEPTH = 100

TOO_DEEP = "lists or mappings nest too deeply here"


class _PlainResolver(BaseResolver):
    """YAML 1.1's implicit types less those these files never hold: a date
    or a fraction written plainly (``as: 2001-12-14``, ``turn: 1.5``) is
    read as the text it is, and ``<<`` and ``=`` are keys like any other."""

    # PyYAML reads it from the class; its stubs call it an instance variable.
    yaml_implicit_resolvers = {  # noqa: RUF012
        first: [(tag, pattern) for tag, pattern in resolvers if tag in PLAIN]
        for first, resolvers in Resolver.yaml_implicit_resolvers.items()}


#: Their one resolver and one constructor of plain values (neither keeps
#: anything of what it reads).
_RESOLVER = _PlainResolver()
_CONSTRUCTOR = SafeConstructor()


class _TooDeep(Exception):
    """Nodes nested deeper than MAX_DEPTH, where they get too deep."""

    def __init__(self, mark: Mark):
        self.mark = mark


class _PyLoader(yaml.SafeLoader):
    """PyYAML's own reader, with the plain types only; nodes are composed,
    never constructed (see ``YamlText.scalar``)."""

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


#: PyYAML's readers: its own, and libyaml's when PyYAML was built with it.
READERS: dict[str, type] = {"PyYAML": _PyLoader}
if yaml.__with_libyaml__:
    class _CLoader(yaml.CSafeLoader):
        """libyaml's reader, faster, and it reads a tab between values as
        YAML allows (PyYAML's own refuses it); it composes in C."""

        yaml_implicit_resolvers = _PlainResolver.yaml_implicit_resolvers

    READERS["libyaml"] = _CLoader

#: The reader dof uses: libyaml's where there is one.
READER = "libyaml" if "libyaml" in READERS else "PyYAML"


@dataclass(frozen=True)
class Key:
    """A step of a :data:`KeyPath` that stands for a mapping's key itself, not
    its value (an unknown key, a misspelt space written as a key)."""

    name: Any

    def __str__(self) -> str:
        return str(self.name)


#: Where a value is in plain data read from a file: keys and list indexes
#: from the top (a ``Key`` for a key itself).
KeyPath = tuple[Any, ...]


def path_text(at: KeyPath) -> str:
    """A path as a Python reader reads it: ``democrat.Gdnask``, ``hands.democrat[2]``."""
    text = ""
    for step in at:
        text += f"[{step}]" if isinstance(step, int) else f".{step}" if text else str(step)
    return text


class Place(NamedTuple):
    """Where a value is written: 1-based line and column, and where it ends."""

    line: int
    column: int
    end_line: int = 0
    end_column: int = 0


class YamlText:
    """A YAML file's text and documents (nodes), read into plain values.
    Each kind of file (a game data file here, a scenario in cli/located.py)
    says how big it may be and how a mistake is told."""

    #: The kind of file, which bounds its size (engine/data/files.py).
    kind: ClassVar[Kind]

    #: The exception a mistake in this kind of file is (``mistake`` makes it).
    Mistake: ClassVar[type[Exception]]
    #: Whether a file may hold several documents, each standing alone: a
    #: mistake in one leaves the others to be read.
    several: ClassVar[bool] = False

    def __init__(self, path: str | PathLike[str]) -> None:
        self.path = str(path)
        self.lines: list[str] = []
        #: The documents read, and (``parts``) each in its place with the
        #: mistake of each that could not be read.
        self.documents: list[Node] = []
        self.parts: list[Node | Exception] = []

    @classmethod
    def read(cls, path: str | PathLike[str], reader: str | None = None) -> Self:
        """Read and compose a file with ``reader`` (a name in READERS;
        default READER); its mistake (E001-E004) when it cannot be."""
        file = cls(path)
        try:
            text = read_limited(path, cls.kind).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise file.mistake("E002", "not a UTF-8 text file", None) from None
        except OSError as exc:
            raise file.mistake("E002", f"cannot read the file: {exc.strerror or exc}",
                               None) from None
        file.lines = text.splitlines()
        file.parts = file._parts(text, READERS[reader or READER])
        file.documents = [part for part in file.parts if isinstance(part, Node)]
        if not file.parts:
            raise file.mistake("E003", "the file holds no YAML document", None)
        return file

    def _parts(self, text: str, read_with: type) -> list[Node | Exception]:
        """The documents of ``text``; in a kind of file that may hold
        several, a document that cannot be read is its mistake, in its place
        among the others (each is read on its own then)."""
        try:
            return list(self._documents(text, read_with))
        except self.Mistake as whole:
            chunks = document_texts(text)
            if not self.several or len(chunks) < 2:
                raise
            first: Exception | None = whole
        parts: list[Node | Exception] = []
        for start, chunk in chunks:
            try:
                # Blank lines before it keep every mark at its line in the file.
                parts += self._documents("\n" * start + chunk, read_with)
            except self.Mistake as mistake:
                # The first document in error is where the file's first
                # mistake is, told as the whole file reads it (a quote left
                # open up to the next '---' is told so).
                parts.append(first or mistake)
                first = None
        return parts

    def _documents(self, text: str, read_with: type) -> list[Node]:
        """The documents of ``text``, or the first mistake in it."""
        bad = unprintable(text)
        if bad is not None:
            line, column, message = bad
            raise self.mistake("E001", message, Place(line, column), "delete it")
        return self._compose(text, read_with)

    def _compose(self, text: str, read_with: type) -> list[Node]:
        """The documents ``read_with`` composes of ``text``; a syntax error
        (E001) or nesting deeper than MAX_DEPTH (E004) told at its place."""
        try:
            documents = _compose(text, read_with)
        except yaml.MarkedYAMLError as exc:
            code, mark, message = _yaml_mistake(exc, self.lines)
            if code == "E004":  # libyaml stops at 1000 levels: say where 100 are passed
                mark = _too_deep_at(text) or mark
            raise self.mistake(code, message, _at(mark)) from None
        except _TooDeep as exc:
            raise self.mistake("E004", TOO_DEEP, _at(exc.mark)) from None
        deep = None if read_with is _PyLoader else _too_deep(documents)
        if deep is not None:
            raise self.problem(deep, "E004", TOO_DEEP)
        return documents

    # ------------------------------------------------------------ mistakes
    def mistake(self, code: str, message: str, place: Place | None,
                hint: str | None = None) -> Exception:
        """The exception that tells a mistake at ``place`` (None: the file
        as a whole) in this kind of file."""
        raise NotImplementedError

    def place(self, node: Node) -> Place:
        start, end = node.start_mark, node.end_mark
        return Place(start.line + 1, start.column + 1, end.line + 1, end.column + 1)

    def problem(self, node: Node | None, code: str, message: str,
                hint: str | None = None) -> Exception:
        """The exception that tells a mistake in ``node`` (None: the file as
        a whole)."""
        return self.mistake(code, message, None if node is None else self.place(node), hint)

    # ------------------------------------------------------------- reading
    def value(self, node: Node, what: str | None = None) -> Any:
        """``node`` as plain data (text, whole numbers, true/false, empty,
        lists, mappings), each value checked where it is written (see
        :meth:`scalar`, :meth:`entries`); a list or mapping an alias names
        again is the same object, never a copy (an alias bomb stays small).
        ``what`` names a mapping in the messages; a nested one is named by
        its key."""
        made: dict[int, Any] = {}

        def plain(node: Node, what: str | None) -> Any:
            if id(node) in made:
                return made[id(node)]
            if isinstance(node, MappingNode):
                mapping: dict[Any, Any] = {}
                made[id(node)] = mapping
                for key, _, item in self.entries(node, what):
                    mapping[key] = plain(item, str(key))
                return mapping
            if isinstance(node, SequenceNode):
                self._untagged(node)
                items: list[Any] = []
                made[id(node)] = items
                items.extend(plain(item, what) for item in node.value)
                return items
            return self.scalar(node)

        return plain(node, what)

    def node_at(self, node: Node, at: KeyPath) -> Node:
        """The node that a path into ``node``'s :meth:`value` (keys and list
        indexes; a ``Key`` step for a key itself) leads to, or the last one
        it reaches."""
        for step in at:
            name = step.name if isinstance(step, Key) else step
            found = None
            if isinstance(node, MappingNode):
                found = next(((k if name is not step else v) for k, v in node.value
                              if str(self.scalar(k)) == str(name)), None)
            elif isinstance(node, SequenceNode) and isinstance(step, int) \
                    and 0 <= step < len(node.value):
                found = node.value[step]
            if found is None:
                return node
            node = found
        return node

    def entries(self, node: Node, what: str | None = None) -> list[tuple[Any, Node, Node]]:
        """A mapping's (key, key node, value node), each key a single value
        given once (``what`` names the mapping in the messages)."""
        self._untagged(node)
        if not isinstance(node, MappingNode):
            raise self.problem(node, "E201", f"{what or 'this'} must be a mapping (key: value "
                                             f"lines), not {_kind(node)}")
        found: list[tuple[Any, Node, Node]] = []
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = self.scalar(key_node)
            if key in seen:
                raise self.problem(key_node, "E603", (f"{what}: " if what else "")
                                   + f"{key!r} is given twice")
            seen.add(key)
            found.append((key, key_node, value_node))
        return found

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
            return _CONSTRUCTOR.yaml_constructors[node.tag](_CONSTRUCTOR, node)
        except ValueError:  # PyYAML takes 0x_ for a number, then cannot read it
            raise self.problem(node, "E201", f"{shown(node.value)} is not a number "
                                             "dof can read") from None

    def _untagged(self, node: Node) -> None:
        """Refuse a tag (``!!timestamp``, ``!!set``, ``!!python/...``, ``!mine``)
        that would make the value anything but what it is written as; ``!!str``
        is the one that may change it, into text."""
        if node.tag == STR:
            return
        if isinstance(node, ScalarNode):
            plain = _RESOLVER.resolve(ScalarNode, node.value, (True, False))
        else:
            plain = MAP if isinstance(node, MappingNode) else SEQ
        if node.tag == plain:
            return
        tag = _tag_name(node.tag)
        if node.tag in PLAIN:
            raise self.problem(node, "E201", f"{shown(node.value)} is not "
                                             f"{PLAIN[node.tag]}, as its tag {tag} says")
        raise self.problem(node, "E201", f"dof reads no YAML tag such as {tag}: write the "
                                         "value without it")


class DataError(Exception):
    """A mistake in a game data file, reported as ``PATH:LINE:COL: message``.

    Modders edit these files by hand, so every problem must point at the file
    and place to fix (``line`` and ``column`` are 1-based, or None when no
    place applies).
    """

    def __init__(self, path: Path | str, line: int | None, message: str,
                 column: int | None = None) -> None:
        self.path = Path(path)
        self.line = line
        self.column = column
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ":".join(str(n) for n in (self.path, self.line, self.column) if n is not None)
        return f"{where}: {self.message}"

    def __reduce__(self):  # keep the attributes through pickling
        return (type(self), (self.path, self.line, self.message, self.column))


class Doc(YamlText):
    """One game data file: its Python data, and where each of its mappings,
    lists and keys is written, for the checks' errors."""

    kind = DATA
    Mistake = DataError

    def __init__(self, path: str | PathLike[str]) -> None:
        super().__init__(path)
        self.data: Any = None
        #: id(mapping or list) -> (its place, {key: the key's place})
        self._marks: dict[int, tuple[Place, dict[Any, Place]]] = {}
        self._made: dict[int, Any] = {}  # id(node) -> its value: an alias is one value

    @classmethod
    def read(cls, path: str | PathLike[str], reader: str | None = None) -> Self:
        doc = super().read(path, reader)
        if len(doc.documents) > 1:
            raise doc.problem(doc.documents[1], "E001", "a game data file holds one YAML "
                                                        "document: delete the '---' above")
        doc.data = doc._value(doc.documents[0], 1)
        doc._made.clear()
        return doc

    def mistake(self, code: str, message: str, place: Place | None,
                hint: str | None = None) -> DataError:
        if hint:
            message += f" ({hint})"
        if place is None:
            return DataError(self.path, None, message)
        return DataError(self.path, place.line, message, place.column)

    def _value(self, node: Node, depth: int) -> Any:
        """``node`` as Python data, each mapping and list marked with its place."""
        if id(node) in self._made:
            return self._made[id(node)]
        if depth > MAX_DEPTH:
            raise self.problem(node, "E004", TOO_DEEP)
        if not isinstance(node, MappingNode | SequenceNode):
            return self.scalar(node)
        keys: dict[Any, Place] = {}
        value: Any = {} if isinstance(node, MappingNode) else []
        self._made[id(node)] = value
        self._marks[id(value)] = (self.place(node), keys)
        if isinstance(node, SequenceNode):
            value.extend(self._value(item, depth + 1) for item in self.sequence(node, "a list"))
            return value
        for key, key_node, value_node in self.entries(node):
            keys[key] = self.place(key_node)
            value[key] = self._value(value_node, depth + 1)
            if id(value[key]) in self._marks:  # a nested entry is reported at its key
                self._marks[id(value[key])] = (keys[key], self._marks[id(value[key])][1])
        return value

    def where(self, obj: Any, key: Any = None) -> Place | None:
        """Where a mapping or list is written, or one of its keys when given
        and present."""
        mark = self._marks.get(id(obj))
        if mark is None:
            return None
        if key is not None and key in mark[1]:
            return mark[1][key]
        return mark[0]

    def error(self, obj: Any, message: str, key: Any = None) -> DataError:
        return self.mistake("E201", message, self.where(obj, key))

    def top(self, key: str, kind: type) -> Any:
        """A required top-level section of the given container type."""
        if not isinstance(self.data, dict):
            raise self.mistake("E201", f"the file must be a mapping with a '{key}' section",
                               Place(1, 1))
        if key not in self.data:
            raise self.error(self.data, f"missing section '{key}'")
        value = self.data[key]
        if not isinstance(value, kind):
            raise self.error(self.data, f"'{key}' must be {KINDS[kind]}", key)
        return value

    def only(self, *keys: str) -> None:
        """Reject unknown top-level sections (usually a typo in a section name)."""
        for key in self.data:
            if key not in keys:
                raise self.error(self.data, f"{Path(self.path).name}: unknown field {key!r}",
                                 key)


#: A line that starts a YAML document.
_DOCUMENT_START = re.compile(r"^---(?=\s|$)", re.M)


def document_texts(text: str) -> list[tuple[int, str]]:
    """The texts of the documents of ``text``, each with the number of
    lines before it: a document starts at a ``---`` line (YAML sees one
    there even inside a quote or a bracket, so a document cut there is
    the one YAML reads)."""
    starts = [0] + [m.start() for m in _DOCUMENT_START.finditer(text) if m.start()]
    return [(text.count("\n", 0, a), text[a:b]) for a, b in zip(starts, [*starts[1:], len(text)],
                                                                 strict=True)]


def _compose(text: str, read_with: type) -> list[Node]:
    """The documents of ``text`` as ``read_with`` composes them."""
    loader = read_with(text)
    try:
        documents = []
        while loader.check_node():
            node = loader.get_node()
            if node is not None:
                documents.append(node)
        return documents
    finally:
        loader.dispose()


def _too_deep_at(text: str) -> Mark | None:
    """Where PyYAML's own reader finds lists or mappings nested too deep."""
    try:
        _compose(text, _PyLoader)
    except _TooDeep as exc:
        return exc.mark
    except yaml.YAMLError:
        pass
    return None


def _too_deep(documents: list[Node]) -> Node | None:
    """The first node nested deeper than MAX_DEPTH, where PyYAML's own reader
    stops (libyaml stops at 1000 levels only), so that both refuse the same
    files at the same place; a node an alias names again is not gone
    through again."""
    seen: set[int] = set()
    stack = [(node, 1) for node in reversed(documents)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if depth > MAX_DEPTH:
            return node
        if isinstance(node, MappingNode):
            stack.extend((item, depth + 1) for pair in reversed(node.value)
                         for item in reversed(pair))
        elif isinstance(node, SequenceNode):
            stack.extend((item, depth + 1) for item in reversed(node.value))
    return None


def unprintable(text: str) -> tuple[int, int, str] | None:
    """The first character YAML refuses (a control character other than tab
    and line breaks, U+FFFE, U+FFFF) as (line, column, message), 1-based, on
    the lines ``text.splitlines()`` gives; None when there is none.

    PyYAML reports it as a character offset ("position 150") or, with
    libyaml, a byte offset, on two lines; this finds it before YAML reads
    the text, so every reader reports it the same way."""
    found = Reader.NON_PRINTABLE.search(text)
    if found is None:
        return None
    # The lines up to it, the last one ending just before it.
    lines = (text[: found.start()] + "x").splitlines()
    char = found.group()
    kind = "control character" if unicodedata.category(char) == "Cc" else "character"
    return len(lines), len(lines[-1]), f"the {kind} U+{ord(char):04X} is not allowed in YAML"


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
    elif kind == "no value" and not rest.strip() and at is not None:
        # libyaml marks the end of the file, PyYAML the end of its text: both there.
        text = [line.rstrip() for line in lines[:at.line + 1]]
        last = max((i for i, line in enumerate(text) if line), default=0)
        at = Mark(at.name, at.index, last, len(text[last]) if text else 0, None, 0)
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


def _at(mark: Mark | None) -> Place:
    return Place(mark.line + 1, mark.column + 1) if mark else Place(1, 1)


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
