"""The syntax tree of a card file; every node keeps its source span.

The grammar has many small phrases (selectors, conditions, amounts), so
phrases share one node class, :class:`Node`, tagged with the grammar rule
that built it (``kind``: ``"place"``, ``"sel_desc"``, ``"cond_roll"``...).
Cards, boxes and names have their own classes because the checker and the
deck read their fields directly. Literals (:class:`Num`, :class:`Signed`,
:class:`Text`) and :func:`player` are here so that the parser, checker and
compiler share them without importing one another.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from dof.dsl.diagnostics import Span

T = TypeVar("T")


class Num(int):
    """An integer literal that remembers where it was written."""

    span: Span


class Signed(Num):
    """A signed modifier literal ("+1", "-2")."""


class Text(str):
    """A range literal ("1-2") that remembers where it was written."""

    span: Span


@dataclass
class Name:
    """A capitalised name (space, country, region or space type) as written."""

    text: str
    span: Span


@dataclass
class CardName:
    """A quoted card name as written ("The Wall")."""

    text: str
    span: Span


@dataclass(slots=True)
class Node:
    """A phrase of the language: ``kind`` is the grammar rule (or its alias).

    ``children`` holds sub-nodes and literal values (int for INT and signed
    numbers, str for ranges) in source order. Slots: a large card file makes
    millions of nodes.
    """

    kind: str
    span: Span
    children: list[Any] = field(default_factory=list)

    def nodes(self, *kinds: str) -> list[Node]:
        """Direct child nodes, optionally only those of the given kinds."""
        if kinds:
            return [c for c in self.children if c.__class__ is Node and c.kind in kinds]
        return [c for c in self.children if c.__class__ is Node]

    def first(self, *kinds: str) -> Node | None:
        for c in self.children:
            if c.__class__ is Node and (not kinds or c.kind in kinds):
                return c
        return None

    def ints(self) -> list[int]:
        return [c for c in self.children if isinstance(c, int) and not isinstance(c, bool)]

    def strings(self) -> list[CardName]:
        return [c for c in self.children if isinstance(c, CardName)]

    def names(self) -> list[Name]:
        return [c for c in self.children if isinstance(c, Name)]

    def found(self, cls: type[T]) -> list[T]:
        """Every value of class ``cls`` (:class:`Name`, :class:`CardName`) in
        this phrase, in :meth:`walk`'s order (a node's own before those below
        it), in one pass: the checker asks this of most phrases it reads."""
        out: list[T] = []
        stack = [self]
        while stack:
            node = stack.pop()
            below = []
            for c in node.children:
                if c.__class__ is Node:
                    below.append(c)
                elif c.__class__ is cls:
                    out.append(c)
            if below:
                below.reverse()
                stack += below
        return out

    def walk(self) -> Iterator[Node]:
        """This node and all nodes below it, depth first. A loop, not nested
        generators, which would pass each node up through every level."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            below = [c for c in node.children if c.__class__ is Node]
            if below:
                below.reverse()
                stack += below


def player(node: Node) -> str:
    """'democrat', 'communist', 'you', 'opponent', 'he' or 'owner:REF' (the
    side of a referenced card) from a player phrase."""
    while node.kind in ("player", "player_side", "owner", "card_side", "card_side_name"):
        node = node.children[0]
    if node.kind == "owner_of":
        ref = node.children[0]
        return "owner:" + ("this" if ref.kind == "this_card" else ref.children[0].kind)
    return node.kind


@dataclass
class CardDef:
    """A ``card N "Name" { ... }`` definition: metadata clauses and event."""

    number: int
    name: str
    span: Span
    clauses: list[Node] = field(default_factory=list)
    head: Span | None = None    # ``card N "Name"``, where findings about the card point
    #: Its text has a syntax error: the deck knows its number and name, but
    #: its clauses are neither checked nor compiled (they may be cut short).
    syntax_error: bool = False

    def clause(self, kind: str) -> Node | None:
        return next((c for c in self.clauses if c.kind == kind), None)

    def all(self, kind: str) -> list[Node]:
        return [c for c in self.clauses if c.kind == kind]


@dataclass
class BoxDef:
    """A ``tiananmen box N "Democrat name" / "Communist name" { ... }``."""

    number: int
    names: dict[str, str]
    span: Span
    clauses: list[Node] = field(default_factory=list)
    head: Span | None = None
    #: Its text has a syntax error: the deck knows its number and name, but
    #: its clauses are neither checked nor compiled (they may be cut short).
    syntax_error: bool = False

    def all(self, kind: str) -> list[Node]:
        return [c for c in self.clauses if c.kind == kind]


@dataclass
class PsCardDef:
    """A ``power struggle card "Name" { ... }``: a wild card's plays (8.3.2)."""

    name: str
    span: Span
    clauses: list[Node] = field(default_factory=list)
    head: Span | None = None
    #: Its text has a syntax error: the deck knows its number and name, but
    #: its clauses are neither checked nor compiled (they may be cut short).
    syntax_error: bool = False

    def all(self, kind: str) -> list[Node]:
        return [c for c in self.clauses if c.kind == kind]


@dataclass
class SourceFile:
    """One parsed card file."""

    path: str
    text: str
    cards: list[CardDef] = field(default_factory=list)
    boxes: list[BoxDef] = field(default_factory=list)
    ps_cards: list[PsCardDef] = field(default_factory=list)

    @cached_property
    def lines(self) -> list[str]:
        """The text's lines, split once: every card's source excerpt needs them."""
        return self.text.splitlines()
