"""The deck an open card file belongs to, checked from the editor's buffers.

`dof lint` reads card files from disk; an editor holds unsaved text. This
builds the same deck with the same checker (so the same codes and messages)
with every open buffer standing in for its file. A built-in card file is
checked as `dof lint` checks the built-in cards; any other card file as a mod
(`dof lint --mod FOLDER`), its folder being the mod unless `dof lsp --mod DIR`
names one that holds it.

Parsing is most of the cost of a check, so the syntax tree of each file is
kept while its text is unchanged: a keystroke re-parses only its own buffer.
An open file is read once for its check and its highlighting (the reading
is kept with its text, dsl/scan.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dof.dsl.ast import BoxDef, CardDef, CardName, PsCardDef, SourceFile

# load_deck() reads every file from disk; its layering and building steps are
# run here on the editor's text instead (a public load_deck(sources=...) would do).
from dof.dsl.compiled import Deck
from dof.dsl.deck import build_deck, merge_layers
from dof.dsl.diagnostics import Reporter
from dof.dsl.folders import SUFFIX, builtin_cards_dir, card_files
from dof.dsl.names import Names, default_names
from dof.dsl.parser import decode_source, parse_source
from dof.dsl.scan import Token, read, tokens
from dof.engine.data.terms import key

if TYPE_CHECKING:
    from dof.dsl.recovery import Recovery

Item = CardDef | BoxDef | PsCardDef

#: Quoted texts that name no card: a summary, an option, a U.S.S.R. track
#: box, a Power Struggle suit.
NOT_CARDS = frozenset({"summary", "option", "ussr", "count_ps_suit"})


@dataclass
class Checked:
    """One check of a deck: what lint found, and where each card is defined."""

    deck: Deck
    files: set[str]
    definitions: dict[str, tuple[SourceFile, CardDef]]  # card name key -> where defined
    names: Names
    items: list[tuple[Item, SourceFile]]  # the deck's cards, boxes and wild cards

    def definition(self, name: str) -> tuple[SourceFile, CardDef] | None:
        return self.definitions.get(key(name))

    def references(self, name: str) -> list[tuple[SourceFile, CardName]]:
        """Where the cards, boxes and wild cards of the deck name card
        ``name`` (its prerequisites, cancels, the events that test it)."""
        wanted = key(name)
        return [(src, found) for item, src in self.items for clause in item.clauses
                for node in clause.walk() if node.kind not in NOT_CARDS
                for found in node.strings() if key(found.text) == wanted]


class Workbench:
    """Checks the decks that open card files belong to."""

    def __init__(self, mod: Path | None = None) -> None:
        self.mod = mod.resolve() if mod is not None else None
        self.builtin = builtin_cards_dir().resolve()
        self._parsed: dict[str, tuple[str, SourceFile]] = {}
        self._readings: dict[str, tuple[str, Recovery | None]] = {}

    def mod_files(self, path: str) -> list[str] | None:
        """The mod layer a file is checked with; None for a built-in card file."""
        file = Path(path)
        if not file.is_absolute():  # an unsaved buffer: a mod of its own
            return [path]
        if file.is_relative_to(self.builtin):
            return None
        if self.mod is not None and file.is_relative_to(self.mod):
            found = card_files([self.mod])
        else:
            found = sorted(p for p in file.parent.glob("*" + SUFFIX) if p.is_file())
        files = [str(p) for p in found]
        return files if path in files else [*files, path]

    def check(self, path: str, buffers: dict[str, str]) -> Checked:
        """Check the deck of ``path``, reading open ``buffers`` instead of their files."""
        reporter = Reporter()
        base = self._parse_all([str(p) for p in card_files([self.builtin])], buffers, reporter)
        layers = [base]
        mod = self.mod_files(path)
        if mod is not None:
            layers.append(self._parse_all(mod, buffers, reporter))
        found = merge_layers(layers, reporter)
        names = default_names()
        deck = build_deck(names, found, reporter)
        files = {src.path for layer in layers for src in layer} | set(mod or [path])
        definitions = {key(cdef.name): (src, cdef) for cdef, src in found["cards"].values()}
        items = [pair for kind in found.values() for pair in kind.values()]
        return Checked(deck, files, definitions, names, items)

    def _parse_all(self, paths: list[str], buffers: dict[str, str],
                   reporter: Reporter) -> list[SourceFile]:
        out = []
        for path in paths:
            text = buffers.get(path)
            if text is None:
                try:
                    data = Path(path).read_bytes()
                except OSError:
                    continue  # deleted since it was listed; nothing to check
                text = decode_source(path, data, reporter)
            if text is None:
                continue
            src = self._parse(path, text, reporter, path in buffers)
            if src is not None:
                out.append(src)
        return out

    def _parse(self, path: str, text: str, reporter: Reporter, open_file: bool,
               ) -> SourceFile | None:
        """A file's syntax tree, reused while its text is unchanged (a tree
        that parsed with no diagnostic; the checker only reads it); an open
        file's tokens, from the same reading."""
        cached = self._parsed.get(path)
        if cached is not None and cached[0] == text:
            return cached[1]
        before = len(reporter.diagnostics)
        if open_file:
            src, reading = read(path, text, reporter)
            self._readings[path] = (text, reading)
        else:
            src = parse_source(path, text, reporter)
        if src is not None and len(reporter.diagnostics) == before:
            self._parsed[path] = (text, src)
        return src

    def tokens(self, path: str, text: str) -> list[Token]:
        """The tokens of an open file: those its last check read while its
        text is the same, else read now."""
        kept = self._readings.get(path)
        return tokens(text, kept[1] if kept is not None and kept[0] == text else None)
