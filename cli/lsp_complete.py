"""Completion in card files: what the grammar accepts at the cursor, filtered
and ranked by what is typed.

The grammar's own table says which terminals may come next
(:func:`dof.dsl.scan.accepted`): keywords, a name of the map where a name
fits, a quoted card name where one does. Of those, the ones that match the
word being typed are offered, those that start with it first, then those
with a later word that starts with it, then those that hold its letters in
order (fuzzy). Each item says what it replaces (a text edit) and carries a
filter text that keeps it in any client's own filtering, and the list is
marked incomplete so that clients ask again as the word grows: every editor
shows the same list, in the same order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types as lsp

from dof.cli.lsp_deck import Checked
from dof.cli.lsp_text import (
    PLACE_WORDS,
    cursor_context,
    item_start,
    keyword_words,
    previous_words,
)
from dof.cli.lsp_words import card_facts, meaning
from dof.dsl.names import Names
from dof.dsl.scan import accepted
from dof.engine.data.terms import key


@dataclass(frozen=True)
class Offer:
    """Something the cursor may take: what the list shows and what it inserts."""

    label: str
    kind: lsp.CompletionItemKind
    detail: str
    documentation: str = ""
    group: int = 0  # the order of kinds of offer, before the label


def match_tier(typed: str, label: str) -> int | None:
    """How well ``label`` matches the word being typed (case and accents
    aside, as names are looked up: 'lodz' and 'Łó' match 'Lodz'): 0 it starts
    with it, 1 one of its later words does, 2 it holds its letters in order
    from a word's start (fuzzy); None if it does not match."""
    if not typed:
        return 0
    want, have = key(typed), key(label)
    if not want:
        return 0
    if have.startswith(want):
        return 0
    starts = [m.start() for m in re.finditer(r"(?<![\w'])\w", have)]
    if any(have.startswith(want, i) for i in starts[1:]):
        return 1
    for first in starts:
        if have[first] == want[0] and _in_order(want[1:], have[first + 1:]):
            return 2
    return None


def _in_order(letters: str, text: str) -> bool:
    found = iter(text)
    return all(c in found for c in letters)


def completions(checked: Checked, text: str, line_text: str, line_offset: int,
                col: int) -> tuple[int, list[tuple[Offer, str, int]]]:
    """What to offer at column ``col`` of the line that starts at
    ``line_offset`` of ``text``: the column where the replaced text starts,
    and each offer with the text it inserts and its match tier, best first."""
    prefix = line_text[:col]
    where, start = cursor_context(prefix)
    if where == "comment":
        return start, []
    offset = line_offset + start
    base = item_start(text, offset)
    before = text[base:offset]
    accepts = accepted(text[base:line_offset + col], offset - base)
    words = previous_words(before)
    if where == "string":
        if "STRING" not in accepts:
            return start + 1, []
        closing = "" if line_text[col:col + 1] == '"' else '"'
        found = [(o, o.label + closing) for o in string_offers(checked, before, words)]
        return start + 1, ranked(prefix[start + 1:], found)
    place = bool(words) and words[-1] in PLACE_WORDS
    table = keyword_words()
    keywords = sorted({w for t in accepts for w in table.get(t, ())})
    found = [(Offer(w, lsp.CompletionItemKind.Keyword, "keyword",
                    (meaning(w) or ("", ""))[0], 1 if place else 0), w) for w in keywords]
    if "NAME" in accepts:
        found += [(o, o.label) for o in name_offers(checked.names, 0 if place else 1)]
    if "STRING" in accepts:
        found += [(o, f'"{o.label}"') for o in string_offers(checked, before, words)]
    return start, ranked(prefix[start:], found)


def ranked(typed: str, found: list[tuple[Offer, str]]) -> list[tuple[Offer, str, int]]:
    """The offers that match ``typed``, best first: by match, then kind, then label."""
    out = []
    for offer, new_text in found:
        tier = match_tier(typed, offer.label)
        if tier is not None:
            out.append((offer, new_text, tier))
    out.sort(key=lambda o: (o[2], o[0].group, o[0].label.lower()))
    return out


def completion_item(offer: Offer, new_text: str, rank: int, typed: str,
                    edit: lsp.Range) -> lsp.CompletionItem:
    """An offer as the protocol carries it. Its filter text is its label
    when that starts with what is typed (a client's own filtering agrees),
    else what is typed (so that no client drops a match the server made)."""
    return lsp.CompletionItem(
        label=offer.label, kind=offer.kind, detail=offer.detail,
        documentation=offer.documentation or None, sort_text=f"{rank:04d}",
        filter_text=offer.label if offer.label.startswith(typed) else typed,
        text_edit=lsp.TextEdit(edit, new_text))


def name_offers(names: Names, group: int) -> list[Offer]:
    """Spaces, countries, regions and space types, for a name being typed."""
    data = names.data
    out = [Offer(s.name, lsp.CompletionItemKind.Constant,
                 f"{s.country} · {s.type} · stability {s.stability}"
                 + (" · battleground" if s.battleground else ""), "", group)
           for s in data.spaces]
    out += [Offer(c, lsp.CompletionItemKind.Module, f"country ({data.countries[c].region})",
                  "", group) for c in data.countries]
    out += [Offer(r, lsp.CompletionItemKind.Module, "region", "", group)
            for r in sorted({c.region for c in data.countries.values()})]
    out += [Offer(t, lsp.CompletionItemKind.EnumMember, "space type", "", group)
            for t in names.type_names()]
    return out


def string_offers(checked: Checked, before: str, words: list[str]) -> list[Offer]:
    """Names a quoted text may hold here: a card, or what the words before
    it ask for (a card header's printed name, a U.S.S.R. box, a wild card)."""
    data = checked.names.data
    header = re.search(r"\bcard\s+(\d+)\s*$", before)
    if header:
        printed = data.cards.get(int(header.group(1)))
        return [Offer(printed.name, lsp.CompletionItemKind.Reference, "printed name", "", 2)] \
            if printed else []
    if not words or words[-1] in ("summary", "option", "box") or before.rstrip().endswith("/") \
            or words[-1].isdigit():
        return []
    if words[-2:] == ["marker", "to"]:
        return [Offer(p["name"], lsp.CompletionItemKind.EnumMember,
                      f"U.S.S.R. track box {p['position']}", "", 2) for p in data.ussr_track]
    if words[-2:] == ["struggle", "card"]:
        return [Offer(c.name, lsp.CompletionItemKind.Reference, "wild card", "", 2)
                for c in data.ps_cards if c.kind == "wild"]
    return [Offer(c.printed.name, lsp.CompletionItemKind.Reference,
                  f"{c.printed.number} · {card_facts(c.printed)}", c.summary, 2)
            for c in sorted(checked.deck.cards.values(), key=lambda c: c.printed.number)]
