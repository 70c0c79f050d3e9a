"""`dof cards`: list the deck, or show one card with its source and compiled form."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console, Group
from rich.highlighter import RegexHighlighter
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

from cli.lint import print_diagnostic
from dsl import CompiledCard, Deck, load_deck
from dsl.names import key


class CardHighlighter(RegexHighlighter):
    """Colours card source: comments, card names, names, numbers, players."""

    base_style = "card."
    highlights = [  # later patterns win where they overlap
        r"(?P<name>\b[A-Z][\w\-/.]*)",
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
    """List all cards, or show the one matching ``query`` (number or name prefix)."""
    console = console or Console(highlight=False)
    deck = load_deck(mod=mod)
    if mod is not None and deck.errors:
        # A broken mod would otherwise show up as "no card matches".
        for diagnostic in deck.diagnostics:
            print_diagnostic(console, diagnostic)
        console.print(Text(f"the mod {mod} has {deck.errors} error(s); fix them first "
                           f"(dof lint --mod {mod})", style="bold red"), soft_wrap=True)
        return 1
    if query is None:
        if fmt == "json":
            console.print_json(json.dumps(_listing(deck)))
        else:
            console.print(_table(deck))
        return 0
    found = find_cards(deck, query)
    if len(found) != 1:
        what = "no card matches" if not found else "several cards match"
        console.print(Text(f"{what} '{query}'", style="bold red"))
        for card in found[:20]:
            console.print(Text(f"  {card.number:>3}  {card.name}"))
        if not found:
            console.print(Text("give a card number or the start of a card name"))
        return 1
    card = found[0]
    if fmt == "json":
        console.print_json(json.dumps(card.to_json()))
    else:
        _show(console, card)
    return 0


def find_cards(deck: Deck, query: str) -> list[CompiledCard]:
    """Cards matching a number, an exact name, or a unique name prefix."""
    if query.strip().lstrip("#").isdigit():
        number = int(query.strip().lstrip("#"))
        return [deck.cards[number]] if number in deck.cards else []
    k = key(query)
    exact = [c for c in deck.cards.values() if key(c.name) == k]
    if exact:
        return exact
    return sorted((c for c in deck.cards.values() if key(c.name).startswith(k)),
                  key=lambda c: c.number)


def _listing(deck: Deck) -> dict:
    return {
        "cards": [{"number": c.number, "name": c.name, "side": c.side, "ops": c.ops,
                   "period": c.period, "written": c.written}
                  for c in sorted(deck.cards.values(), key=lambda c: c.number)],
        "boxes": [{"number": b.number, "names": b.names, "needs": b.needs, "award": b.award,
                   "written": b.written} for b in sorted(deck.boxes.values(),
                                                         key=lambda b: b.number)],
    }


def _table(deck: Deck) -> Table:
    table = Table(title="Strategy cards", show_lines=False)
    for col in ("#", "Name", "Period", "Side", "Ops", "Event"):
        table.add_column(col, justify="right" if col in ("#", "Ops") else "left")
    for card in sorted(deck.cards.values(), key=lambda c: c.number):
        table.add_row(str(card.number), card.name + ("*" if card.removed else ""), card.period,
                      card.side, "-" if card.ops is None else str(card.ops),
                      "written" if card.written else "Ops only")
    return table


def _show(console: Console, card: CompiledCard) -> None:
    facts = Text()
    facts.append(f"#{card.number} {card.name}\n", style="bold")
    flags = [f for f, on in (("removed after event", card.removed), ("lasting", card.lasting),
                             ("red title", card.red_title)) if on]
    ops = "no ops" if card.ops is None else f"{card.ops} Ops"
    facts.append(", ".join([f"{card.period} year", card.side, ops, *flags]) + "\n")
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
