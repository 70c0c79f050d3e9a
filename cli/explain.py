"""`dof explain`: what the engine will do with a card, in plain English.

Each card, Tiananmen Square box or Power Struggle wild card is said from
its compiled program (dof.dsl.explain), not copied from its summary, with
the rules each line relies on: what a modder reads to check that a card
file says what he meant.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.text import Text

from dof.cli.lint import broken_mod
from dof.dsl import Deck
from dof.dsl.cache import load_deck_cached
from dof.dsl.explain import Explainer, Explanation, Line
from dof.dsl.names import default_names
from dof.engine.data.names import NameTable, did_you_mean

#: "box 4", "tiananmen 4", "tiananmen box 4": a Tiananmen box by its number.
BOX_NUMBER = re.compile(r"(?:tiananmen\s+box|tiananmen|box)\s*#?(\d+)", re.I)


class Unknown(Exception):
    """A name that is no card, box or wild card of the deck (exit code 2)."""


def run_explain(queries: list[str], every: bool = False, fmt: str = "text",
                mod: Path | None = None, console: Console | None = None) -> int:
    """Explain the cards, boxes and wild cards named (or all of them)."""
    console = console or Console(highlight=False)
    deck = load_deck_cached(mod=mod)
    if mod is not None and deck.errors:
        return broken_mod(console, deck, mod, fmt)
    names = default_names()
    explainer = Explainer(deck.cards, names)
    try:
        found = everything(deck, explainer) if every else [
            find(deck, explainer, query) for query in queries]
    except Unknown as exc:
        print(f"dof explain: {exc}", file=sys.stderr)
        return 2
    if fmt == "json":
        console.print_json(json.dumps({"explanations": [e.to_json() for e in found]}))
        return 0
    for index, explanation in enumerate(found):
        if index:
            console.print()
        console.print(render(explanation))
    return 0


# ---------------------------------------------------------------- finding


def everything(deck: Deck, explainer: Explainer) -> list[Explanation]:
    """Every card by number, then the boxes, then the wild cards."""
    return ([explainer.card(c) for _, c in sorted(deck.cards.items())]
            + [explainer.box(b) for _, b in sorted(deck.boxes.items())]
            + [explainer.wild(n, plays) for n, plays in deck.ps_cards.items()])


def find(deck: Deck, explainer: Explainer, query: str) -> Explanation:
    """The card (by number or any spelling of its name: the game data's
    name index, with a mod's cards), box ('box 3' or either of its names)
    or wild card that ``query`` names; Unknown with a 'did you mean'."""
    text = query.strip().lstrip("#")
    numbered = BOX_NUMBER.fullmatch(text)
    if numbered and int(numbered.group(1)) in deck.boxes:
        return explainer.box(deck.boxes[int(numbered.group(1))])
    names = explainer.names
    cards = names.data.with_cards(deck.card_facts()).names.cards
    number = int(text) if text.isdecimal() else cards.get(text)
    if number is not None and number in deck.cards:
        return explainer.card(deck.cards[number])
    boxes: NameTable[int] = NameTable("Tiananmen box")
    for box in deck.boxes.values():
        for name in box.names.values():
            boxes.add(name, box.number)
    box_number = boxes.get(text)
    if box_number is not None:
        return explainer.box(deck.boxes[box_number])
    wild = names.ps_cards.get(text)
    if wild is not None and wild in deck.ps_cards:
        return explainer.wild(wild, deck.ps_cards[wild])
    if wild is not None:
        raise Unknown(f"{wild!r} is a Power Struggle card with no play to explain: only the "
                      "wild cards have one (8.3.2)")
    what = "box" if numbered else "card number" if text.isdecimal() else "card"
    hint = None if text.isdecimal() or numbered else did_you_mean(
        text, [*cards.names, *boxes.names, *deck.ps_cards])
    raise Unknown(f"no {what} {query!r} in the deck" + (f"; {hint}" if hint else ""))


# ---------------------------------------------------------------- text


def render(explanation: Explanation) -> RenderableType:
    """An explanation for the terminal: its title and facts, its summary,
    then each line indented by its depth, wrapped with a hanging indent,
    the rules it relies on dimmed after it."""
    head = Text()
    head.append(explanation.title, style="bold")
    head.append("\n" + " · ".join(explanation.facts), style="dim")
    if explanation.summary:
        head.append("\nsummary: ", style="dim")
        head.append(explanation.summary, style="italic")
    parts: list[RenderableType] = [Indented(head, 0), *(_line(line) for line in explanation.lines)]
    if explanation.rules:
        parts.append(Indented(Text("rules: " + ", ".join(explanation.rules), style="dim"), 0))
    return Group(*parts)


def _line(line: Line) -> RenderableType:
    """One line, indented by its depth; its rules are one word (a line breaks
    before them, never inside)."""
    text = Text(line.text)
    if line.rules:
        text.append(f" [{','.join(line.rules)}]", style="dim")
    return Indented(text, 2 + 2 * line.depth)


class Indented:
    """Text wrapped under its own first line, ``indent`` columns in, with no
    padding after it (a Padding pads each line to the terminal's width)."""

    def __init__(self, text: Text, indent: int) -> None:
        self.text, self.indent = text, indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for row in self.text.wrap(console, max(options.max_width - self.indent, 20)):
            yield Segment(" " * self.indent)
            row.rstrip()
            yield from row.render(console)
            yield Segment.line()
