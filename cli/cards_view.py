"""`dof cards`: list the deck, or show one card or Tiananmen box with its
source and compiled form."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import ClassVar

from rich.console import Console, Group
from rich.highlighter import RegexHighlighter
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

from dof.cli.lint import broken_mod
from dof.dsl import CompiledBox, CompiledCard, Deck
from dof.dsl.cache import load_deck_cached
from dof.dsl.grammar import NAME_CHAR, NAME_START
from dof.engine.data.names import did_you_mean
from dof.engine.data.terms import key


class CardHighlighter(RegexHighlighter):
    """Colours card source: comments, card names, names, numbers, players."""

    base_style = "card."
    highlights: ClassVar[list[str]] = [  # later patterns win where they overlap
        rf"(?P<name>(?<!{NAME_CHAR}){NAME_START}{NAME_CHAR}*)",
        r"(?P<keyword>\b(card|event|period|side|ops|summary|requires|if|otherwise|for|each|"
        r"until|at|the|next|may|lasting|award|tiananmen|box)\b)",
        r"(?P<number>(?<![\w])[+-]?\d+(-\d+)?\b)",
        r"(?P<player>\b(democrat|communist|you|opponent)(-controlled)?\b)",
        r"(?P<string>\"[^\"\n]*\")",
        r"(?P<comment>#[^\n]*)",
    ]


THEME = Theme({"card.comment": "dim italic", "card.string": "green", "card.player": "magenta",
               "card.number": "cyan", "card.name": "bold", "card.keyword": "blue"})


def run_cards(query: str | None, fmt: str = "text", mod: Path | None = None,
              console: Console | None = None) -> int:
    """List all cards, or show the one card or Tiananmen box matching ``query``
    (a card number or name prefix; 'box N' or a box name for a box)."""
    console = console or Console(highlight=False)
    deck = load_deck_cached(mod=mod)
    if mod is not None and deck.errors:
        # A broken mod would otherwise show up as "no card matches".
        return broken_mod(console, deck, mod, fmt)
    if query is None:
        if fmt == "json":
            console.print_json(json.dumps(_listing(deck)))
        else:
            console.print(_table(deck))
        return 0
    found: list[CompiledCard | CompiledBox] = [*find_cards(deck, query), *find_boxes(deck, query)]
    if len(found) != 1:
        boxes = any(isinstance(item, CompiledBox) for item in found)
        what = ("no card or box matches" if not found else
                "several cards or boxes match" if boxes else "several cards match")
        hint = None if found else did_you_mean(query, [
            *(c.printed.name for c in deck.cards.values()),
            *(name for b in deck.boxes.values() for name in b.names.values())])
        error = f"{what} '{query}'" + (f"; {hint}" if hint else "")
        if fmt == "json":
            console.print_json(json.dumps({"error": error,
                                           "matches": [_brief(item) for item in found]}))
            return 1
        console.print(Text(error, style="bold red"))
        for item in found[:20]:
            console.print(Text(f"  {_label(item)}"))
        if not found:
            console.print(Text("give a card number or the start of a card name, or 'box N' "
                               "or a Tiananmen box name"))
        return 1
    item = found[0]
    if fmt == "json":
        console.print_json(json.dumps(item.to_json()))
    elif isinstance(item, CompiledBox):
        _show_box(console, item)
    else:
        _show(console, item)
    return 0


def find_cards(deck: Deck, query: str) -> list[CompiledCard]:
    """Cards matching a number, an exact name, or a unique name prefix."""
    if query.strip().lstrip("#").isdecimal():
        number = int(query.strip().lstrip("#"))
        return [deck.cards[number]] if number in deck.cards else []
    return _by_name(query, sorted(deck.cards.values(), key=lambda c: c.printed.number),
                    lambda c: [c.printed.name])


#: "box 4", "tiananmen 4", "tiananmen box 4": a box by its number.
BOX_NUMBER = re.compile(r"(?:tiananmen\s+box|tiananmen|box)\s*#?(\d+)", re.I)


def find_boxes(deck: Deck, query: str) -> list[CompiledBox]:
    """Tiananmen Square boxes matching 'box N', or either side's name (exact, or
    a unique prefix). A bare number is a card's."""
    numbered = BOX_NUMBER.fullmatch(query.strip())
    if numbered:
        number = int(numbered.group(1))
        return [deck.boxes[number]] if number in deck.boxes else []
    if query.strip().lstrip("#").isdecimal():
        return []
    return _by_name(query, sorted(deck.boxes.values(), key=lambda b: b.number),
                    lambda b: list(b.names.values()))


def _by_name(query: str, items: list, names) -> list:
    """Items with a name equal to ``query``, else those with a name starting with it
    (in the order given)."""
    k = key(query)
    exact = [i for i in items if any(key(n) == k for n in names(i))]
    if exact:
        return exact
    return [i for i in items if any(key(n).startswith(k) for n in names(i))]


def _label(item: CompiledCard | CompiledBox) -> str:
    if isinstance(item, CompiledBox):
        return f"box {item.number}  {item.names['democrat']} / {item.names['communist']}"
    return f"{item.printed.number:>3}  {item.printed.name}"


def _brief(item: CompiledCard | CompiledBox) -> dict:
    """A card or box named as in the listing (_listing)."""
    if isinstance(item, CompiledBox):
        return {"box": item.number, "names": item.names}
    return {"number": item.printed.number, "name": item.printed.name}


def _listing(deck: Deck) -> dict:
    return {
        "cards": [{"number": c.printed.number, "name": c.printed.name, "side": c.printed.side,
                   "ops": c.printed.ops, "period": c.printed.period, "written": c.written}
                  for c in sorted(deck.cards.values(), key=lambda c: c.printed.number)],
        "boxes": [{"number": b.number, "names": b.names, "needs": b.needs, "award": b.award,
                   "written": b.written} for b in sorted(deck.boxes.values(),
                                                         key=lambda b: b.number)],
    }


def _table(deck: Deck) -> Table:
    table = Table(title="Strategy cards", show_lines=False)
    for col in ("#", "Name", "Period", "Side", "Ops", "Event"):
        table.add_column(col, justify="right" if col in ("#", "Ops") else "left")
    for card in sorted(deck.cards.values(), key=lambda c: c.printed.number):
        p = card.printed
        table.add_row(str(p.number), p.name + ("*" if p.removed else ""), p.period,
                      p.side, "-" if p.ops is None else str(p.ops),
                      "written" if card.written else "Ops only")
    return table


def _show(console: Console, card: CompiledCard) -> None:
    p = card.printed
    facts = Text()
    facts.append(f"#{p.number} {p.name}\n", style="bold")
    flags = [f for f, on in (("removed after event", p.removed), ("lasting", p.lasting),
                             ("red title", p.red_title)) if on]
    ops = "no ops" if p.ops is None else f"{p.ops} Ops"
    facts.append(", ".join([f"{p.period} year", p.side, ops, *flags]) + "\n")
    facts.append(card.summary or "(no summary)", style="italic")
    if card.span:
        facts.append(f"\ndefined at {card.span}", style="dim")
    parts: list = [facts]
    if card.source:
        parts.append(Panel(CardHighlighter()(Text(card.source)), title="source"))
    if card.written:
        compiled = {"event": card.event, "requires": card.requires, "cancels": card.cancels,
                    "no_effect_after": card.no_effect_after, "on_ops": card.on_ops}
        parts.append(Panel(Pretty(compiled), title="compiled operations"))
    else:
        parts.append(Text("event not written yet: the engine plays this card for Ops only",
                          style="yellow"))
    console.push_theme(THEME)
    try:
        console.print(Group(*parts))
    finally:
        console.pop_theme()


def _show_box(console: Console, box: CompiledBox) -> None:
    facts = Text()
    facts.append(f"Tiananmen box {box.number}: {box.names['democrat']} (democrat) / "
                 f"{box.names['communist']} (communist)\n", style="bold")
    facts.append(f"democrat needs {box.needs.get('democrat')}, communist needs "
                 f"{box.needs.get('communist')}; award {box.award or 'not written'}\n")
    facts.append(box.summary or "(no summary)", style="italic")
    facts.append(f"\ndefined at {box.span}", style="dim")
    parts: list = [facts, Panel(CardHighlighter()(Text(box.source)), title="source")]
    if box.written:
        parts.append(Panel(Pretty(box.program), title="compiled operations"))
    console.push_theme(THEME)
    try:
        console.print(Group(*parts))
    finally:
        console.pop_theme()
