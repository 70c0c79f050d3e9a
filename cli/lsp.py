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

from dof.cli.lsp_complete import completion_item, completions
from dof.cli.lsp_deck import Checked, Workbench
from dof.cli.lsp_frames import Frames, Output
from dof.cli.lsp_text import HEADER, block_end, name_runs, token_at
from dof.cli.lsp_tokens import LEGEND, UnitCounter, encode, pieces
from dof.cli.lsp_words import card_facts, meaning
from dof.cli.version import version
from dof.dsl.ast import CardDef, SourceFile
from dof.dsl.diagnostics import Diagnostic, Span
from dof.dsl.explain import Explainer
from dof.dsl.names import Names
from dof.engine.data.names import suggestions
from dof.engine.data.terms import key


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

    def tell_what_is_missing(self) -> None:
        """One warning to an editor whose client cannot show some feature."""
        missing = lacking(self.client_capabilities)
        if missing:
            self.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Warning, missing))

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
        return None if found is None else self.title(*found)

    def title(self, src: SourceFile, cdef: CardDef) -> lsp.Location:
        """Where a card's name is in its ``card N "Name"`` header."""
        target = src.text.split("\n")
        row = cdef.span.line - 1
        title = re.search(r'"[^"\n]*"', target[row][cdef.span.col - 1:])
        start = cdef.span.col - 1 + (title.start() if title else 0)
        end = cdef.span.col - 1 + (title.end() if title else 4)
        return lsp.Location(self.location(src, cdef.span).uri,
                            self.to_range(target, row, start, row, end))

    def location(self, src: SourceFile, span: Span) -> lsp.Location:
        """Where a span of a deck's file is, for the editor: an open file by
        its URI, any other by its path."""
        docs = self.open_files()
        uri = docs[src.path].uri if src.path in docs else (
            Path(src.path).as_uri() if Path(src.path).is_absolute() else src.path)
        return lsp.Location(uri, self.span_range(src.text.split("\n"), span))

    # ------------------------------------------------------------ references
    def references(self, doc: TextDocument, pos: lsp.Position,
                   declaration: bool) -> list[lsp.Location] | None:
        """Where the deck names the card under the cursor (a quoted name, or
        the title of its header): prerequisites, cancels, the events that
        test it; its header too if ``declaration``."""
        lines, line, col = self.cursor(doc, pos)
        at = token_at(lines[line], col) if line < len(lines) else None
        if at is None or at[0][at[1]].kind != "string":
            return None
        name = at[0][at[1]].text.strip('"')
        checked = self.checked_for(doc)
        found = [self.location(src, ref.span) for src, ref in checked.references(name)]
        defined = checked.definition(name)
        if declaration and defined is not None:
            found.insert(0, self.title(*defined))
        return found

    # ------------------------------------------------------------ quick fixes
    def code_actions(self, doc: TextDocument, wanted: lsp.Range) -> list[lsp.CodeAction]:
        """A quick fix for each 'did you mean' of a diagnostic on the lines
        asked for: the name it offers in place of the slip."""
        lines = doc.source.split("\n")
        checked = self.checked_for(doc)
        path = path_key(doc.uri)
        out: list[lsp.CodeAction] = []
        for diag in checked.deck.diagnostics:
            span = diag.span
            if span.path != path or not wanted.start.line <= span.line - 1 <= wanted.end.line:
                continue
            shown = self.diagnostic(lines, diag)
            for name in suggestions(diag.hint):
                edit = self.replacement(lines, shown.range, name)
                if edit is None:
                    continue
                out.append(lsp.CodeAction(
                    title=f"Replace with '{name}'", kind=lsp.CodeActionKind.QuickFix,
                    diagnostics=[shown], is_preferred=len(out) == 0 or None,
                    edit=lsp.WorkspaceEdit(changes={doc.uri: [edit]})))
        return out

    def replacement(self, lines: list[str], where: lsp.Range, name: str) -> lsp.TextEdit | None:
        """The edit that puts ``name`` in place of the slip a diagnostic
        underlines: the word, or the quoted text in it (a card's header)."""
        if where.start.line != where.end.line:
            return None
        codec = self.workspace.position_codec
        start = codec.position_from_client_units(lines, where.start).character
        end = codec.position_from_client_units(lines, where.end).character
        text = lines[where.start.line]
        quoted = list(re.finditer(r'"[^"\n]*"', text[start:end]))
        if quoted:
            start, end = start + quoted[-1].start() + 1, start + quoted[-1].end() - 1
        if text[start:end] == name:
            return None
        return lsp.TextEdit(self.to_range(lines, where.start.line, start, where.start.line, end),
                            name)

    # ------------------------------------------------------------ highlighting
    def semantic_tokens(self, doc: TextDocument) -> lsp.SemanticTokens:
        checked = self.checked_for(doc)
        found = pieces(doc.source, self.bench.tokens(path_key(doc.uri), doc.source),
                       checked.names, set(checked.definitions))
        units = UnitCounter(self.workspace.position_encoding or "utf-16")
        return lsp.SemanticTokens(data=encode(doc.source.split("\n"), found, units))

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
    def complete(self, doc: TextDocument, pos: lsp.Position) -> lsp.CompletionList:
        lines, line, col = self.cursor(doc, pos)
        if line >= len(lines):
            return lsp.CompletionList(is_incomplete=False, items=[])
        offset = sum(len(row) + 1 for row in lines[:line])
        start, found = completions(self.checked_for(doc), doc.source, lines[line], offset, col)
        edit = self.to_range(lines, line, start, line, col)
        typed = lines[line][start:col]
        return lsp.CompletionList(is_incomplete=True, items=[
            completion_item(offer, new_text, rank, typed, edit)
            for rank, (offer, new_text, _) in enumerate(found)])


def path_key(uri: str) -> str:
    """How a document is named in the deck: its resolved path, or its URI
    when it is no file (an unsaved buffer)."""
    path = to_fs_path(uri)
    return str(Path(unquote(path)).resolve()) if path else uri


# ------------------------------------------------------------------ the game's facts
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

    @server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    def references(ls: DofServer, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
        return ls.references(ls.workspace.get_text_document(params.text_document.uri),
                             params.position, params.context.include_declaration)

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def code_actions(ls: DofServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        return ls.code_actions(ls.workspace.get_text_document(params.text_document.uri),
                               params.range)

    @server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    def semantic_tokens(ls: DofServer, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens:
        return ls.semantic_tokens(ls.workspace.get_text_document(params.text_document.uri))

    @server.feature(lsp.INITIALIZED)
    def initialized(ls: DofServer, params: lsp.InitializedParams) -> None:
        ls.tell_what_is_missing()

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: DofServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        return ls.symbols(ls.workspace.get_text_document(params.text_document.uri))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=['"']))
    def complete(ls: DofServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        return ls.complete(ls.workspace.get_text_document(params.text_document.uri),
                           params.position)

    return server


#: What the server offers that an editor's client must announce it can take,
#: and what is lost without it: (capability, feature, consequence).
NEEDS = (
    ("text_document.semantic_tokens", "semantic tokens",
     "no highlighting from the server; the TextMate grammar of docs/editors.md highlights"),
    ("text_document.code_action.code_action_literal_support", "code action literals",
     "no quick fixes for the 'did you mean' hints"),
    ("text_document.references", "references", "no list of where a card is named"),
)


def lacking(caps: lsp.ClientCapabilities) -> str:
    """One message naming what the client lacks of what the server offers,
    and what that costs; "" when it lacks nothing."""
    missing = [f"{feature} ({cost})" for path, feature, cost in NEEDS
               if _capability(caps, path) is None]
    if not missing:
        return ""
    return ("dof lsp: this editor's LSP client does not announce " + "; ".join(missing)
            + ". Diagnostics, hover, completion and go to definition work; "
              "docs/editors.md says which editor versions have the rest.")


def _capability(caps: object, path: str) -> object:
    for part in path.split("."):
        caps = getattr(caps, part, None)
    return caps


def run_lsp(mod: Path | None = None) -> int:
    """Serve one editor over stdin and stdout until it exits."""
    if sys.stdin.isatty():
        print("dof lsp speaks the Language Server Protocol on standard input and output: "
              "an editor starts it (docs/editors.md). Ctrl-D ends it.", file=sys.stderr)
    create_server(mod).start_io()
    return 0

