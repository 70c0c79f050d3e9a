"""`dof lsp`: a language server for card files, for any editor that speaks LSP.

It reports what `dof lint` reports, as you type; hovers show what the engine
will do with a card (its header: `dof explain`), a space's or country's facts,
or what a keyword means and its rule;
completion offers the keywords the grammar accepts at the cursor and the
names of the map and the deck; go to definition jumps from a quoted card name
to its ``card N "Name"`` header; the outline lists the file's cards and boxes.
Editor set-up: docs/editors.md.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import BinaryIO, cast
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from dof.cli.lsp_deck import Checked, Workbench
from dof.cli.lsp_frames import Frames, Output
from dof.cli.lsp_text import (
    HEADER,
    PLACE_WORDS,
    block_end,
    cursor_context,
    expected,
    item_start,
    keyword_words,
    name_runs,
    previous_words,
    starts_name,
    token_at,
)
from dof.cli.lsp_words import meaning
from dof.cli.version import version
from dof.dsl.diagnostics import Diagnostic, Span
from dof.dsl.explain import Explainer
from dof.dsl.names import Names
from dof.engine.data.records import StrategyCard
from dof.engine.data.terms import key

Item = tuple[str, lsp.CompletionItemKind, str, str]  # label, kind, detail, documentation


class DofServer(LanguageServer):
    """The language server, with the last check of each open card file's deck."""

    def __init__(self, mod: Path | None = None) -> None:
        super().__init__("dof", version(),
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.bench = Workbench(mod)
        self.checked: dict[str, Checked] = {}

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """Serve over ``stdin`` and ``stdout`` (by default the process's),
        reading only well-formed messages: a malformed one is answered with
        an error and serving goes on (cli/lsp_frames.py)."""
        out = Output(stdout or sys.stdout.buffer)
        frames = Frames(stdin or sys.stdin.buffer, out.write)
        super().start_io(cast(BinaryIO, frames), cast(BinaryIO, out))

    # ------------------------------------------------------------ checking
    def open_files(self) -> dict[str, TextDocument]:
        return {path_key(uri): doc for uri, doc in self.workspace.text_documents.items()}

    def check(self, uri: str) -> Checked:
        """Check the deck of ``uri`` and publish the diagnostics of each open
        file in it (a change in one mod file can fix or break another)."""
        docs = self.open_files()
        result = self.bench.check(path_key(uri), {p: d.source for p, d in docs.items()})
        for path, doc in docs.items():
            if path not in result.files:
                continue
            self.checked[path] = result
            lines = doc.source.split("\n")
            found = [self.diagnostic(lines, d) for d in result.deck.diagnostics
                     if d.span.path == path]
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=doc.uri, diagnostics=found, version=doc.version))
        return result

    def checked_for(self, doc: TextDocument) -> Checked:
        return self.checked.get(path_key(doc.uri)) or self.check(doc.uri)

    def diagnostic(self, lines: list[str], diag: Diagnostic) -> lsp.Diagnostic:
        message = diag.message + (f"\nhint: {diag.hint}" if diag.hint else "")
        return lsp.Diagnostic(
            range=self.span_range(lines, diag.span), message=message, code=diag.code,
            source="dof", severity=lsp.DiagnosticSeverity.Error if diag.is_error
            else lsp.DiagnosticSeverity.Warning)

    # ------------------------------------------------------------ positions
    def span_range(self, lines: list[str], span: Span) -> lsp.Range:
        """A diagnostic's range: its span on one line; otherwise the token at
        its start, or the rest of its first line when it covers several (a
        whole card: a squiggle under all of it would hide the others)."""
        line = min(max(span.line, 1), len(lines)) - 1
        text = lines[line]
        col = min(max(span.col, 1) - 1, len(text))
        if span.end_line == span.line and span.end_col > span.col:
            end = span.end_col - 1
        elif span.end_line > span.line:
            end = len(text.rstrip())
        else:
            at = token_at(text, col)
            end = at[0][at[1]].end if at and at[0][at[1]].start == col else col + 1
        return self.to_range(lines, line, col, line, min(max(end, col), len(text)))

    def to_range(self, lines: list[str], line: int, col: int, end_line: int,
                 end_col: int) -> lsp.Range:
        """A range of 0-based code-point columns, in the client's units."""
        codec = self.workspace.position_codec
        return lsp.Range(codec.position_to_client_units(lines, lsp.Position(line, col)),
                         codec.position_to_client_units(lines, lsp.Position(end_line, end_col)))

    def cursor(self, doc: TextDocument, pos: lsp.Position) -> tuple[list[str], int, int]:
        """The document's lines and the cursor as line and code-point column."""
        lines = doc.source.split("\n")
        at = self.workspace.position_codec.position_from_client_units(lines, pos)
        return lines, at.line, at.character

    # ------------------------------------------------------------ hover
    def hover(self, doc: TextDocument, pos: lsp.Position) -> lsp.Hover | None:
        lines, line, col = self.cursor(doc, pos)
        header = HEADER.match(lines[line]) if line < len(lines) else None
        if header is not None and col <= len(lines[line].rstrip()):
            shown = explain_hover(self.checked_for(doc), header)
            if shown:  # what the engine will do with the card whose header this is
                return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, shown),
                                 self.to_range(lines, line, header.start(), line, header.end()))
        at = token_at(lines[line], col) if line < len(lines) else None
        if at is None:
            return None
        found, index = at
        tok = found[index]
        checked = self.checked_for(doc)
        text, start, end = tok.text, tok.start, tok.end
        if tok.kind == "string":
            shown = string_hover(checked, text.strip('"'))
        elif tok.capitalised:
            shown = None
            for run in name_runs(lines[line], found, index):
                shown = place_hover(checked.names, run[0])
                if shown:
                    text, start, end = run
                    break
        else:
            shown = keyword_hover(text)
        if not shown:
            return None
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, shown),
                         self.to_range(lines, line, start, line, end))

    # ------------------------------------------------------------ definition
    def definition(self, doc: TextDocument, pos: lsp.Position) -> lsp.Location | None:
        lines, line, col = self.cursor(doc, pos)
        at = token_at(lines[line], col) if line < len(lines) else None
        if at is None or at[0][at[1]].kind != "string":
            return None
        found = self.checked_for(doc).definition(at[0][at[1]].text.strip('"'))
        if found is None:
            return None
        src, cdef = found
        target = src.text.split("\n")
        row = cdef.span.line - 1
        title = re.search(r'"[^"\n]*"', target[row][cdef.span.col - 1:])
        start = cdef.span.col - 1 + (title.start() if title else 0)
        end = cdef.span.col - 1 + (title.end() if title else 4)
        docs = self.open_files()
        uri = docs[src.path].uri if src.path in docs else (
            Path(src.path).as_uri() if Path(src.path).is_absolute() else src.path)
        return lsp.Location(uri, self.to_range(target, row, start, row, end))

    # ------------------------------------------------------------ outline
    def symbols(self, doc: TextDocument) -> list[lsp.DocumentSymbol]:
        text = doc.source
        lines = text.split("\n")
        out = []
        for m in HEADER.finditer(text):
            group = next(g for g in ("name", "dem", "ps") if m.group(g) is not None)
            if group == "name":
                name, detail, kind = f"{m['number']} {m['name']}", "card", lsp.SymbolKind.Class
            elif group == "dem":
                name, detail, kind = (f"Box {m['box']}: {m['dem']} / {m['com']}",
                                      "tiananmen box", lsp.SymbolKind.Struct)
            else:
                name, detail, kind = m["ps"], "power struggle card", lsp.SymbolKind.Class
            start = m.start() + len(m.group()) - len(m.group().lstrip())
            pick = (m.start(group) - 1, m.end("com" if group == "dem" else group) + 1)
            out.append(lsp.DocumentSymbol(
                name=name, detail=detail, kind=kind,
                range=self.offsets(lines, text, start, block_end(text, start)),
                selection_range=self.offsets(lines, text, *pick)))
        return out

    def offsets(self, lines: list[str], text: str, start: int, end: int) -> lsp.Range:
        def where(offset: int) -> tuple[int, int]:
            return text.count("\n", 0, offset), offset - (text.rfind("\n", 0, offset) + 1)

        return self.to_range(lines, *where(start), *where(end))

    # ------------------------------------------------------------ completion
    def complete(self, doc: TextDocument, pos: lsp.Position) -> list[lsp.CompletionItem]:
        lines, line, col = self.cursor(doc, pos)
        if line >= len(lines):
            return []
        prefix = lines[line][:col]
        where, start = cursor_context(prefix)
        if where == "comment":
            return []
        text = doc.source
        offset = sum(len(row) + 1 for row in lines[:line]) + start
        before = text[item_start(text, offset):offset]
        accepts = expected(before)
        words = previous_words(before)
        checked = self.checked_for(doc)
        quoted = string_items(checked, before, words) if (accepts is None and where == "string") \
            or (accepts is not None and "STRING" in accepts) else []
        if where == "string":
            closing = "" if lines[line][col:col + 1] == '"' else '"'
            edit = self.to_range(lines, line, start + 1, line, col)
            return [completion(item, edit, item[0] + closing, "0") for item in quoted]
        edit = self.to_range(lines, line, start, line, col)
        place = bool(words) and words[-1] in PLACE_WORDS
        if accepts is None:  # the card does not parse up to here: guess from the last word
            names = place or starts_name(prefix[start:])
            keywords = sorted({w for ws in keyword_words().values() for w in ws})
        else:
            names = "NAME" in accepts
            table = keyword_words()
            keywords = sorted({w for t in accepts for w in table.get(t, ())})
        items = [completion((w, lsp.CompletionItemKind.Keyword, "keyword",
                             (meaning(w) or ("", ""))[0]), edit, w, "1" if place else "0")
                 for w in keywords]
        if names:
            items += [completion(item, edit, item[0], "0" if place else "1")
                      for item in name_items(checked.names)]
        if accepts is not None:
            items += [completion(item, edit, f'"{item[0]}"', "2") for item in quoted]
        return items


def path_key(uri: str) -> str:
    """How a document is named in the deck: its resolved path, or its URI
    when it is no file (an unsaved buffer)."""
    path = to_fs_path(uri)
    return str(Path(unquote(path)).resolve()) if path else uri


def completion(item: Item, edit: lsp.Range, new_text: str, rank: str) -> lsp.CompletionItem:
    label, kind, detail, documentation = item
    return lsp.CompletionItem(label=label, kind=kind, detail=detail,
                              documentation=documentation or None, sort_text=rank + label,
                              text_edit=lsp.TextEdit(edit, new_text))


# ------------------------------------------------------------------ the game's facts
def card_facts(card: StrategyCard) -> str:
    """A card as printed: number, name, period, side, Ops, asterisk, underline."""
    facts = [card.period, card.side, "no ops" if card.ops is None else f"{card.ops} ops"]
    facts += [label for flag, label in ((card.removed, "removed after event"),
                                        (card.lasting, "lasting"),
                                        (card.red_title, "red title")) if flag]
    return " · ".join(f for f in facts if f)


def string_hover(checked: Checked, text: str) -> str | None:
    """A quoted name: a card of the deck, a U.S.S.R. track box, a Power Struggle card."""
    parts = []
    card = next((c for c in checked.deck.cards.values() if key(c.printed.name) == key(text)),
                None)
    if card is not None:
        parts.append(f"**{card.printed.number} {card.printed.name}**\n\n"
                     f"{card_facts(card.printed)}")
        parts.append(card.summary or ("" if card.written else "_no card file writes it: "
                                      "played for Ops only_"))
    box = checked.names.ussr.get(text)
    if box is not None:
        parts.append(f"U.S.S.R. track box {box} (rule 12)")
    if text in checked.names.ps_cards:
        parts.append(f"**{text}**: a Power Struggle card (rule 8.3)")
    return "\n\n".join(p for p in parts if p) or None


def explain_hover(checked: Checked, header: re.Match[str]) -> str | None:
    """A card's, box's or wild card's explanation (`dof explain`), as Markdown."""
    deck, explainer = checked.deck, Explainer(checked.deck.cards, checked.names)
    if header["number"] and int(header["number"]) in deck.cards:
        found = explainer.card(deck.cards[int(header["number"])])
    elif header["box"] and int(header["box"]) in deck.boxes:
        found = explainer.box(deck.boxes[int(header["box"])])
    elif header["ps"] and checked.names.ps_cards.get(header["ps"]) in deck.ps_cards:
        name = str(checked.names.ps_cards.get(header["ps"]))
        found = explainer.wild(name, deck.ps_cards[name])
    else:
        return None
    lines = [f"**{found.title}** · {' · '.join(found.facts)}"]
    if found.summary:
        lines.append(f"_{found.summary}_")
    lines.append("\n".join("  " * line.depth + f"- {line.text}"
                           + (f" ({', '.join(line.rules)})" if line.rules else "")
                           for line in found.lines))
    return "\n\n".join(lines)


def keyword_hover(word: str) -> str | None:
    entry = meaning(word)
    if entry is None:
        return None
    text, rule = entry
    return f"**{word}**: {text}" + (f" ({rule})" if rule else "")


def place_hover(names: Names, text: str) -> str | None:
    """A capitalised name: a space, country, region or space type of the map."""
    data = names.data
    found = names.resolve_place(text)
    if found is None:
        kind = names.types.get(text)
        if kind is None:
            return None
        count = sum(s.type == kind for s in data.spaces)
        return f"**{kind.capitalize()}**: space type, {count} spaces"
    what, name = found
    if what == "space":
        space = next(s for s in data.spaces if s.name == name)
        adjacent = ", ".join(sorted(data.spaces[i].name for i in space.adjacent))
        return (f"**{space.name}**: space of {space.country} ({space.region})\n\n"
                f"{space.type.capitalize()} · stability {space.stability} · "
                f"{'battleground' if space.battleground else 'not a battleground'}\n\n"
                f"adjacent: {adjacent}")
    if what == "country":
        country = data.countries[name]
        return (f"**{name}**: country ({country.region})\n\n"
                f"{len(country.spaces)} spaces, {len(country.battlegrounds)} battlegrounds · "
                f"scoring: presence {country.presence}, domination {country.domination}, "
                f"control {country.control} VP · power {country.power} · "
                f"Scoring card {country.scoring_card}")
    members = sorted(c.name for c in data.countries.values() if c.region == name)
    return f"**{name}**: region: {', '.join(members)}"


def name_items(names: Names) -> list[Item]:
    """Spaces, countries, regions and space types, for a name being typed."""
    data = names.data
    out: list[Item] = [(s.name, lsp.CompletionItemKind.Constant,
                        f"{s.country} · {s.type} · stability {s.stability}"
                        + (" · battleground" if s.battleground else ""), "")
                       for s in sorted(data.spaces, key=lambda s: s.name)]
    out += [(c, lsp.CompletionItemKind.Module, f"country ({data.countries[c].region})", "")
            for c in sorted(data.countries)]
    out += [(r, lsp.CompletionItemKind.Module, "region", "")
            for r in sorted({c.region for c in data.countries.values()})]
    out += [(t, lsp.CompletionItemKind.EnumMember, "space type", "")
            for t in names.type_names()]
    return out


def string_items(checked: Checked, before: str, words: list[str]) -> list[Item]:
    """Names a quoted text may hold here: a card, or what the words before
    it ask for (a card header's printed name, a U.S.S.R. box, a wild card)."""
    data = checked.names.data
    header = re.search(r"\bcard\s+(\d+)\s*$", before)
    if header:
        printed = data.cards.get(int(header.group(1)))
        return [(printed.name, lsp.CompletionItemKind.Reference, "printed name", "")] \
            if printed else []
    if not words or words[-1] in ("summary", "option", "box") or before.rstrip().endswith("/") \
            or words[-1].isdigit():
        return []
    if words[-2:] == ["marker", "to"]:
        return [(p["name"], lsp.CompletionItemKind.EnumMember,
                 f"U.S.S.R. track box {p['position']}", "") for p in data.ussr_track]
    if words[-2:] == ["struggle", "card"]:
        return [(c.name, lsp.CompletionItemKind.Reference, "wild card", "")
                for c in data.ps_cards if c.kind == "wild"]
    return [(c.printed.name, lsp.CompletionItemKind.Reference,
             f"{c.printed.number} · {card_facts(c.printed)}", c.summary)
            for c in sorted(checked.deck.cards.values(), key=lambda c: c.printed.number)]


# ------------------------------------------------------------------ the server
def create_server(mod: Path | None = None) -> DofServer:
    """A server with its features registered; ``mod`` is the folder of a mod
    whose files are checked together (default: each file's own folder)."""
    server = DofServer(mod)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: DofServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: DofServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: DofServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.checked.pop(path_key(params.text_document.uri), None)
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=params.text_document.uri, diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: DofServer, params: lsp.HoverParams) -> lsp.Hover | None:
        return ls.hover(ls.workspace.get_text_document(params.text_document.uri),
                        params.position)

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: DofServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        return ls.definition(ls.workspace.get_text_document(params.text_document.uri),
                             params.position)

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: DofServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        return ls.symbols(ls.workspace.get_text_document(params.text_document.uri))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=['"']))
    def complete(ls: DofServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        items = ls.complete(ls.workspace.get_text_document(params.text_document.uri),
                            params.position)
        return lsp.CompletionList(is_incomplete=False, items=items)

    return server


def run_lsp(mod: Path | None = None) -> int:
    """Serve one editor over stdin and stdout until it exits."""
    create_server(mod).start_io()
    return 0

