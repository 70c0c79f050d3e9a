"""Tests of `dof lsp`, driven the way an editor drives it: framed JSON-RPC
messages over a pair of pipes to a server running in a thread.

Each test reads as an editor session: open a file, type, hover, ask for
completions; the server answers with what an editor would show.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from editor_helpers import MOD_CARD, read_as
from lsprotocol import types as lsp

from dof.cli.lsp import create_server, lacking
from dof.cli.lsp_complete import match_tier
from dof.cli.lsp_deck import Workbench
from dof.cli.lsp_tokens import TYPES
from dof.dsl import builtin_cards_dir, load_deck

TIMEOUT = 10.0

class Editor:
    """The client side of the protocol, as an editor speaks it."""

    def __init__(self) -> None:
        to_server, self._server_in = _pipe()
        self._server_out, from_server = _pipe()
        self._out = to_server
        self._in = from_server
        self._inbox: queue.Queue[dict | None] = queue.Queue()
        self._pending: list[dict] = []
        self._ids = 0
        self.server = threading.Thread(
            target=create_server().start_io, args=(self._server_in, self._server_out),
            daemon=True)
        self.server.start()
        threading.Thread(target=self._read, daemon=True).start()
        self.capabilities = self.request("initialize", {
            "processId": None, "rootUri": None, "capabilities": {}})["capabilities"]
        self.notify("initialized", {})

    def _read(self) -> None:
        read_frames(self._in, self._inbox)

    def send(self, message: dict) -> None:
        self._out.write(framed({"jsonrpc": "2.0", **message}))
        self._out.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: dict | None = None) -> Any:
        self._ids += 1
        ident = self._ids
        self.send({"id": ident, "method": method, "params": params})
        reply = self.wait(lambda m: m.get("id") == ident and "method" not in m)
        assert "error" not in reply, reply["error"]
        return reply["result"]

    def wait(self, wanted) -> dict:
        """The first message ``wanted`` accepts; others are kept for later."""
        for message in self._pending:
            if wanted(message):
                self._pending.remove(message)
                return message
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                message = self._inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no answer in {TIMEOUT} s; got {self._pending}") from None
            assert message is not None, "the server closed the connection"
            if wanted(message):
                return message
            self._pending.append(message)

    def diagnostics(self, uri: str, version: int | None = None) -> list[dict]:
        message = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri
                            and (version is None or m["params"].get("version") == version))
        return message["params"]["diagnostics"]

    def open(self, path: Path, text: str | None = None) -> str:
        uri = path.as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "card", "version": 1,
            "text": path.read_text(encoding="utf-8") if text is None else text}})
        return uri

    def at(self, method: str, uri: str, line: int, character: int, **extra) -> Any:
        return self.request(method, {"textDocument": {"uri": uri},
                                     "position": {"line": line, "character": character},
                                     **extra})

    def close(self) -> None:
        self.request("shutdown")
        self.notify("exit", {})
        self._out.close()
        self.server.join(TIMEOUT)
        assert not self.server.is_alive(), "the server did not stop after 'exit'"


def read_frames(stream, inbox: queue.Queue) -> None:
    """Frames from the server (headers, a blank line, a JSON body) into
    ``inbox``, then None when the server closes the stream."""
    while True:
        length = None
        while (line := stream.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        if not line or length is None:
            inbox.put(None)
            return
        inbox.put(json.loads(stream.read(length)))


def framed(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _pipe():
    read, write = os.pipe()
    return os.fdopen(write, "wb"), os.fdopen(read, "rb")


@pytest.fixture(scope="module")
def editor():
    """One server for the module (each test opens files of its own folder)."""
    session = Editor()
    yield session
    session.close()


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    """A mod folder with one card on disk (the typo Gdnask is on line 6)."""
    (tmp_path / "variants.card").write_text(MOD_CARD, encoding="utf-8")
    return tmp_path


def position_of(text: str, needle: str, skip: int = 0) -> tuple[int, int]:
    """(line, character) of ``needle`` in ``text``, ``skip`` characters into it."""
    offset = text.index(needle) + skip
    return text.count("\n", 0, offset), offset - (text.rfind("\n", 0, offset) + 1)


# ------------------------------------------------------------------ handshake
def test_initialize_advertises_every_feature(editor):
    caps = editor.capabilities
    assert caps["hoverProvider"] and caps["definitionProvider"]
    assert caps["documentSymbolProvider"] and caps["referencesProvider"]
    assert caps["codeActionProvider"] == {"codeActionKinds": ["quickfix"]}
    assert caps["semanticTokensProvider"]["legend"]["tokenTypes"] == list(TYPES)
    assert '"' in caps["completionProvider"]["triggerCharacters"]
    assert caps["textDocumentSync"]["openClose"]


def test_a_client_lacking_a_capability_is_told_what_it_misses(editor):
    """The test client announces no capability: it is told, once, which
    features it cannot show and what works all the same."""
    shown = editor.wait(lambda m: m.get("method") == "window/showMessage")["params"]
    assert shown["type"] == 2  # a warning
    assert shown["message"].startswith("dof lsp: this editor's LSP client does not announce "
                                       "semantic tokens (no highlighting from the server;")
    assert "code action literals (no quick fixes" in shown["message"]
    assert "docs/editors.md" in shown["message"]


def test_a_client_with_every_capability_is_told_nothing():
    caps = lsp.ClientCapabilities(text_document=lsp.TextDocumentClientCapabilities(
        semantic_tokens=lsp.SemanticTokensClientCapabilities(
            requests=lsp.ClientSemanticTokensRequestOptions(full=True), token_types=[],
            token_modifiers=[], formats=[]),
        code_action=lsp.CodeActionClientCapabilities(
            code_action_literal_support=lsp.ClientCodeActionLiteralOptions(
                lsp.ClientCodeActionKindOptions(value_set=["quickfix"]))),
        references=lsp.ReferenceClientCapabilities()))
    assert lacking(caps) == ""
    assert "references" in lacking(lsp.ClientCapabilities())


# ------------------------------------------------------------------ diagnostics
def test_diagnostics_are_lints_codes_and_messages(editor, mod):
    path = mod / "variants.card"
    diags = editor.diagnostics(editor.open(path))
    lint = [d for d in load_deck(mod=mod).diagnostics if Path(d.span.path) == path]
    assert [d["code"] for d in diags] == [d.code for d in lint] == ["E101"]
    assert diags[0]["message"].splitlines()[0] == lint[0].message
    assert "hint: did you mean 'Gdansk'?" in diags[0]["message"]
    assert diags[0]["severity"] == 1 and diags[0]["source"] == "dof"
    line, col = position_of(MOD_CARD, "Gdnask")
    assert diags[0]["range"] == {"start": {"line": line, "character": col},
                                 "end": {"line": line, "character": col + len("Gdnask")}}


def test_diagnostics_follow_the_unsaved_text(editor, mod):
    uri = editor.open(mod / "variants.card")
    assert editor.diagnostics(uri, 1)
    line, col = position_of(MOD_CARD, "Gdnask")
    fix = {"range": {"start": {"line": line, "character": col},
                     "end": {"line": line, "character": col + 6}}, "text": "Gdansk"}
    editor.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [fix]})
    assert editor.diagnostics(uri, 2) == []
    line, col = position_of(MOD_CARD, "places 2")
    typo = {"range": {"start": {"line": line, "character": col},
                      "end": {"line": line, "character": col + 6}}, "text": "plaecs"}
    editor.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [typo]})
    [syntax] = editor.diagnostics(uri, 3)
    assert syntax["code"] == "E001" and "hint: did you mean 'places'" in syntax["message"]
    assert syntax["range"] == {"start": {"line": line, "character": col},
                               "end": {"line": line, "character": col + 6}}


def test_every_syntax_error_of_the_buffer_is_shown_with_the_other_cards_findings(editor, mod):
    broken = (MOD_CARD.replace("places 2", "puts 2").replace("1 SP in each", "1 SP to each")
              .replace("    }\n}", "}") + MOD_CARD.replace("111", "112")
              .replace("Round Table Returns", "Round Table Again"))
    diags = editor.diagnostics(editor.open(mod / "variants.card", broken))
    # The three slips of card 111 (puts, to, the event's '}' left out) and
    # card 112's unknown space: card 111's own Gdnask is not checked.
    assert [(d["code"], d["range"]["start"]["line"]) for d in diags] == [
        ("E001", 4), ("E001", 5), ("E001", 6), ("E101", 13)]


def test_a_warning_is_a_warning_and_other_files_of_the_mod_are_read(editor, mod):
    (mod / "more.card").write_text(
        'card 112 "Round Table Returns" {\n    period late; side democrat; ops 1\n'
        '    summary "Same name."\n}\n', encoding="utf-8")
    clean = MOD_CARD.replace("Gdnask", "Gdansk").replace("ops 2;", "ops 2; lasting;")
    diags = editor.diagnostics(editor.open(mod / "variants.card", clean))
    assert [(d["code"], d["severity"]) for d in diags] == [("W502", 2)]
    [dup] = editor.diagnostics(editor.open(mod / "more.card"))
    assert dup["code"] == "E406" and "card 111" in dup["message"]


def test_ranges_count_utf16_units_as_editors_do(editor, tmp_path):
    text = MOD_CARD.replace("democrat places 2 SP in Gdnask",
                            'cancel "\U0001f600"; democrat places 2 SP in Gdnask')
    diags = editor.diagnostics(editor.open(tmp_path / "emoji.card", text))
    assert [d["code"] for d in diags] == ["E102", "E101"]
    line, col = position_of(text, "Gdnask")
    assert diags[1]["range"]["start"] == {"line": line, "character": col + 1}


def test_a_mod_folder_given_to_dof_lsp_is_checked_as_one(tmp_path):
    (tmp_path / "base.card").write_text(MOD_CARD.replace("Gdnask", "Gdansk"), encoding="utf-8")
    (tmp_path / "sub").mkdir()
    nested = tmp_path / "sub" / "later.card"
    nested.write_text('card 112 "Second Round" {\n    period late; side democrat; ops 1\n'
                      '    summary "Needs the first."\n    requires event "Round Table Returns"\n'
                      '}\n', encoding="utf-8")
    path = str(nested.resolve())

    def codes(bench: Workbench) -> list[str]:
        return [d.code for d in bench.check(path, {}).deck.diagnostics if d.span.path == path]

    assert codes(Workbench(tmp_path)) == []
    assert codes(Workbench()) == ["E102"]  # alone in its folder, the first card is unknown


def test_built_in_card_files_are_clean(editor):
    uri = editor.open(builtin_cards_dir() / "early.card")
    assert editor.diagnostics(uri) == []


# ------------------------------------------------------------------ hover
def hover_text(editor, uri: str, text: str, needle: str, skip: int = 1) -> str:
    result = editor.at("textDocument/hover", uri, *position_of(text, needle, skip))
    assert result is not None, needle
    return result["contents"]["value"]


def test_hover_shows_cards_spaces_countries_and_keywords(editor, mod):
    uri = editor.open(mod / "variants.card")
    card = hover_text(editor, uri, MOD_CARD, "The Wall Must Go!", 5)
    assert "86 The Wall Must Go!" in card and "late" in card and "democrat" in card
    assert "ops" in card
    germany = hover_text(editor, uri, MOD_CARD, "East Germany", 7)
    assert "country" in germany and "Eastern Europe" in germany
    worker = hover_text(editor, uri, MOD_CARD, "Worker")
    assert "space type" in worker
    places = hover_text(editor, uri, MOD_CARD, "places 2")
    assert "R36" in places


def test_hover_on_a_space_gives_its_map_facts(editor, mod):
    text = MOD_CARD.replace("Gdnask", "Gdansk")
    uri = editor.open(mod / "variants.card", text)
    gdansk = hover_text(editor, uri, text, "Gdansk")
    assert "Poland" in gdansk and "stability 3" in gdansk and "battleground" in gdansk
    result = editor.at("textDocument/hover", uri, *position_of(text, "Gdansk", 2))
    line, col = position_of(text, "Gdansk")
    assert result["range"]["start"] == {"line": line, "character": col}


def test_hover_on_a_card_header_explains_the_card(editor, mod):
    """What the engine will do with the card (dof explain), rules and all."""
    text = MOD_CARD.replace("Gdnask", "Gdansk")
    uri = editor.open(mod / "variants.card", text)
    shown = hover_text(editor, uri, text, "card 111")
    assert shown.startswith("**#111 Round Table Returns** · Late Year · Democrat event · 2 Ops")
    assert "- Playable as an event only if the event \"The Wall Must Go!\" has occurred. (7.1)" in (
        shown)
    assert "  - The Democrat places 2 SPs in Gdansk, placed directly. (6.1.1)" in shown
    result = editor.at("textDocument/hover", uri, *position_of(text, "Returns"))
    assert result["range"]["start"] == {"line": 0, "character": 0}


def test_no_hover_on_an_unknown_name_or_a_summary(editor, mod):
    uri = editor.open(mod / "variants.card")
    for needle in ("Gdnask", "Democrat places"):
        assert editor.at("textDocument/hover", uri, *position_of(MOD_CARD, needle, 1)) is None


# ------------------------------------------------------------------ completion
def labels(result: dict) -> list[str]:
    return [item["label"] for item in result["items"]]


def complete(editor, mod: Path, text: str) -> tuple[dict, int, int]:
    """Completions at the end of ``text``, typed into a new card in the mod."""
    uri = editor.open(mod / "variants.card", text)
    lines = text.split("\n")
    line, col = len(lines) - 1, len(lines[-1])
    return editor.at("textDocument/completion", uri, line, col), line, col


HEAD = 'card 111 "Round Table Returns" {\n    period late; side democrat; ops 2\n'


def test_completion_offers_places_after_in(editor, mod):
    result, *_ = complete(editor, mod, HEAD + "    event {\n        democrat places 2 SP in ")
    found = labels(result)
    assert {"Gdansk", "Poland", "East Germany", "Balkans", "Worker"} <= set(found)
    assert "each" in found and "period" not in found


def test_completion_replaces_a_name_being_typed(editor, mod):
    result, line, col = complete(editor, mod, HEAD + "    event {\n        place 2 SP in East G")
    item = next(i for i in result["items"] if i["label"] == "East Germany")
    assert item["textEdit"] == {"newText": "East Germany", "range": {
        "start": {"line": line, "character": col - len("East G")},
        "end": {"line": line, "character": col}}}


def test_completion_offers_the_verbs_a_player_can_take(editor, mod):
    found = labels(complete(editor, mod, HEAD + "    event {\n        communist ")[0])
    assert {"places", "removes", "may", "draws"} <= set(found)
    assert "Gdansk" not in found and "summary" not in found


def test_completion_offers_card_metadata_keywords(editor, mod):
    found = labels(complete(editor, mod, HEAD + "    ")[0])
    assert {"requires", "summary", "event", "lasting"} <= set(found)


def test_completion_inside_quotes_offers_card_names(editor, mod):
    result, line, col = complete(editor, mod, HEAD + '    requires event "The W')
    item = next(i for i in result["items"] if i["label"] == "The Wall Must Go!")
    assert item["textEdit"]["newText"] == 'The Wall Must Go!"'
    assert item["textEdit"]["range"]["start"] == {"line": line, "character": col - 5}
    assert "86" in item["detail"] and "late" in item["detail"]
    assert "Gdansk" not in labels(result)


def test_completion_after_an_earlier_mistake_still_offers_places(editor, mod):
    text = HEAD + "    event {\n        democrat frobs 2 SP\n        remove 2 SP from "
    assert "Gdansk" in labels(complete(editor, mod, text)[0])


def test_completion_is_filtered_and_ranked_by_the_typed_prefix(editor, mod):
    """Issue 22: after 'SP in Buc' the server offered 105 names in no order,
    and accepting the first inserted 'Babes-Bolyai University'."""
    result, line, col = complete(editor, mod, HEAD + "    event {\n        place 2 SP in Buc")
    assert result["isIncomplete"] is True
    first = result["items"][0]
    assert first["label"] == "Bucuresti" and first["filterText"] == "Bucuresti"
    assert all(match_tier("Buc", item["label"]) is not None for item in result["items"])
    assert first["textEdit"] == {"newText": "Bucuresti", "range": {
        "start": {"line": line, "character": col - 3}, "end": {"line": line, "character": col}}}


def test_names_that_start_with_the_prefix_come_before_fuzzy_matches(editor, mod):
    result, *_ = complete(editor, mod, HEAD + "    event {\n        place 2 SP in Bu")
    assert labels(result) == [
        "Bucuresti", "Budapest", "Bulgaria", "Bulgarian Orthodox Church", "Bulgarian Writers",
        "Bureaucrat", "Burgas",  # each starts with 'Bu'
        "Ceske Budejovice",  # a later word does
        "Babes-Bolyai University", "battleground", "non-battleground"]  # 'B', then 'u'
    assert [item["sortText"] for item in result["items"]] == [f"{i:04d}" for i in range(11)]
    # What a client's own filtering keeps: a label that starts with the
    # typed text, else that text itself.
    assert {item["filterText"] for item in result["items"][7:]} == {"Bu"}


def test_a_name_typed_with_accents_or_without_finds_the_name(editor, mod):
    for typed in ("Łó", "lod"):
        result, *_ = complete(editor, mod, HEAD + f"    event {{\n        place 2 SP in {typed}")
        first = result["items"][0]
        assert first["label"] == "Lodz" and first["textEdit"]["newText"] == "Lodz"
        assert first["filterText"] == typed  # what the client's own filter keeps


def test_keywords_are_filtered_by_the_prefix_too(editor, mod):
    result, *_ = complete(editor, mod, HEAD + "    event {\n        communist pl")
    assert labels(result) == ["place", "places", "play", "plays"]


def test_completion_offers_only_what_the_grammar_accepts_there(editor, mod):
    event = HEAD + "    event {\n        "
    found = labels(complete(editor, mod, event + "place 2 SP in Gdansk and ")[0])
    assert "Bucuresti" in found and "the" in found
    assert "each" not in found and "places" not in found  # a name follows 'and' here
    assert labels(complete(editor, mod, event + "place 2 SP ")[0]) == ["in"]


def test_no_card_names_in_a_summary_or_a_comment(editor, mod):
    assert labels(complete(editor, mod, HEAD + '    summary "The W')[0]) == []
    assert labels(complete(editor, mod, HEAD + "    # place 2 SP in ")[0]) == []


# ------------------------------------------------------------------ definition
def test_definition_of_a_built_in_card(editor, mod):
    uri = editor.open(mod / "variants.card")
    found = editor.at("textDocument/definition", uri,
                      *position_of(MOD_CARD, "The Wall Must Go!", 3))
    target = builtin_cards_dir() / "late.card"
    assert Path(found["uri"].removeprefix("file://")).resolve() == target.resolve()
    text = target.read_text(encoding="utf-8")
    line, col = position_of(text, 'card 86 "The Wall Must Go!"', len("card 86 "))
    assert found["range"] == {"start": {"line": line, "character": col},
                              "end": {"line": line, "character": col + 19}}


def test_definition_of_a_mod_card_in_another_file(editor, mod):
    (mod / "more.card").write_text(
        'card 112 "Second Round" {\n    period late; side democrat; ops 1\n'
        '    summary "Needs the first."\n    requires event "Round Table Returns"\n}\n',
        encoding="utf-8")
    text = (mod / "more.card").read_text(encoding="utf-8")
    uri = editor.open(mod / "more.card")
    found = editor.at("textDocument/definition", uri,
                      *position_of(text, "Round Table Returns", 2))
    assert found["uri"] == (mod / "variants.card").resolve().as_uri()
    assert found["range"]["start"] == {"line": 0, "character": len("card 111 ")}


def test_no_definition_outside_a_card_name(editor, mod):
    uri = editor.open(mod / "variants.card")
    assert editor.at("textDocument/definition", uri, *position_of(MOD_CARD, "Worker")) is None


def test_references_of_a_card_are_its_prerequisites_and_the_events_naming_it(editor, mod):
    text = MOD_CARD.replace("The Wall Must Go!", "The Crowd Turns Against Ceausescu")
    uri = editor.open(mod / "variants.card", text)
    at = position_of(text, "The Crowd", 2)
    found = editor.at("textDocument/references", uri, *at, context={"includeDeclaration": True})
    places = [(Path(f["uri"].removeprefix("file://")).name, f["range"]["start"]["line"])
              for f in found]
    assert places == [("middle.card", 120),  # its header, then each place that names it
                      ("late.card", 160), ("late.card", 163), ("variants.card", at[0])]
    line, col = position_of(text, '"The Crowd')
    assert found[-1]["range"] == {"start": {"line": line, "character": col}, "end": {
        "line": line, "character": col + len('"The Crowd Turns Against Ceausescu"')}}
    without = editor.at("textDocument/references", uri, *at, context={"includeDeclaration": False})
    assert without == found[1:]


# ------------------------------------------------------------------ quick fixes
def quick_fixes(editor, uri: str, line: int) -> list[dict]:
    return editor.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "context": {"diagnostics": []},
        "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}})


def test_a_did_you_mean_hint_is_a_quick_fix(editor, mod):
    uri = editor.open(mod / "variants.card")
    [diag] = editor.diagnostics(uri)
    line, _ = position_of(MOD_CARD, "Gdnask")
    [fix] = quick_fixes(editor, uri, line)
    assert fix["title"] == "Replace with 'Gdansk'" and fix["kind"] == "quickfix"
    assert fix["isPreferred"] and fix["diagnostics"] == [diag]
    assert fix["edit"]["changes"] == {uri: [{"newText": "Gdansk", "range": diag["range"]}]}


def test_each_name_a_hint_offers_is_a_quick_fix_and_a_card_keeps_its_quotes(editor, mod):
    text = MOD_CARD.replace("Gdnask", "Bucarest").replace('"The Wall Must Go!"',
                                                          '"The Wall Must Goo"')
    uri = editor.open(mod / "variants.card", text)
    line, _ = position_of(text, "Bucarest")
    assert [f["title"] for f in quick_fixes(editor, uri, line)] == [
        "Replace with 'Bucuresti'", "Replace with 'Budapest'"]
    line, col = position_of(text, "The Wall Must Goo")
    fix = quick_fixes(editor, uri, line)[0]
    assert fix["edit"]["changes"][uri] == [{"newText": "The Wall Must Go!", "range": {
        "start": {"line": line, "character": col}, "end": {"line": line, "character": col + 17}}}]


def test_a_misspelt_keyword_is_a_quick_fix(editor, mod):
    text = MOD_CARD.replace("democrat places 2", "democrat plaecs 2")
    uri = editor.open(mod / "variants.card", text)
    line, _ = position_of(text, "plaecs")
    fixes = quick_fixes(editor, uri, line)
    # Only the words that make the line parse are offered (dsl/spelling.py).
    assert [fix["edit"]["changes"][uri][0]["newText"] for fix in fixes] == ["places"]
    assert [fix.get("isPreferred") for fix in fixes] == [True]
    assert quick_fixes(editor, uri, line + 1) == []


# ------------------------------------------------------------------ highlighting
def highlighted(editor, uri: str, text: str) -> list[tuple[str, str, list[str]]]:
    """The server's semantic tokens, decoded: (text, type, modifiers)."""
    data = editor.request("textDocument/semanticTokens/full",
                          {"textDocument": {"uri": uri}})["data"]
    lines, out, line, col = text.split("\n"), [], 0, 0
    for i in range(0, len(data), 5):
        dline, dcol, length, kind, mods = data[i:i + 5]
        line, col = line + dline, (col if dline == 0 else 0) + dcol
        units = lines[line].encode("utf-16-le")  # the columns count UTF-16 units
        out.append((units[2 * col:2 * (col + length)].decode("utf-16-le"), TYPES[kind],
                    ["declaration"] if mods & 1 else []))
    return out


def test_highlighting_tells_keywords_names_cards_numbers_and_comments(editor, mod):
    text = MOD_CARD.replace("    event {", "    event {  # the event, or more").replace(
        "democrat places 1 SP in each Worker space in East Germany",
        'democrat places 1 SP in Berlin; cancel "\U0001f600"; remove 1 SP from Gdansk')
    found = highlighted(editor, editor.open(mod / "variants.card", text), text)
    assert found[:3] == [("card", "keyword", []), ("111", "number", []),
                         ('"Round Table Returns"', "class", ["declaration"])]
    assert ('"The Wall Must Go!"', "class", []) in found
    assert ('"Democrat places SPs in Poland."', "string", []) in found
    assert ("# the event, or more", "comment", []) in found
    assert not [f for f in found if f[0] == "Gdnask"]  # unknown: its diagnostic says so
    # After the emoji (two UTF-16 units) the columns still land on the words.
    assert found[-7:] == [("cancel", "keyword", []), ('"\U0001f600"', "string", []),
                          ("remove", "keyword", []), ("1", "number", []),
                          ("SP", "keyword", []), ("from", "keyword", []),
                          ("Gdansk", "enumMember", [])]


def test_places_are_highlighted_by_what_they_are_on_the_map(editor, mod):
    uri = editor.open(mod / "variants.card")
    found = highlighted(editor, uri, MOD_CARD)
    assert ("Worker", "type", []) in found and ("East Germany", "namespace", []) in found


@pytest.mark.parametrize("name", ["early", "middle", "late", "scoring", "tiananmen",
                                  "power_struggle"])
def test_highlighting_agrees_with_the_parser_on_every_printed_card_file(editor, name):
    path = builtin_cards_dir() / f"{name}.card"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    starts = [0]
    for row in lines:
        starts.append(starts[-1] + len(row) + 1)
    shown: list[str | None] = [None] * len(text)
    data = editor.request("textDocument/semanticTokens/full",
                          {"textDocument": {"uri": editor.open(path)}})["data"]
    line = col = 0
    for i in range(0, len(data), 5):
        dline, dcol, length, kind, _ = data[i:i + 5]
        line, col = line + dline, (col if dline == 0 else 0) + dcol
        start = starts[line] + col
        shown[start:start + length] = [SHOWN[TYPES[kind]]] * length
    parsed = read_as(text)
    differ = [(text.count("\n", 0, i) + 1, text[i], parsed[i], shown[i])
              for i in range(len(text)) if not text[i].isspace() and parsed[i] != shown[i]]
    assert differ == []


def test_an_open_file_is_read_once_for_its_check_and_its_highlighting(tmp_path, monkeypatch):
    """The tokens highlighted are those of the reading that found the
    diagnostics (dsl/scan.py), kept while the text is the same."""
    from dof.dsl.lalr import Machine
    from dof.dsl.scan import tokens

    path = str((tmp_path / "variants.card").resolve())
    text = MOD_CARD.replace("places 1 SP", "puts 1 SP")  # a mistake: the reading goes past it
    bench = Workbench()
    assert "E001" in [d.code for d in bench.check(path, {path: text}).deck.diagnostics]
    read_apart = tokens(text)
    assert any(not t.parsed for t in read_apart)

    def read_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("read again")

    monkeypatch.setattr(Machine, "parse", read_again)
    assert bench.tokens(path, text) == read_apart
    with pytest.raises(AssertionError, match="read again"):
        bench.tokens(path, text + " ")  # another text: read anew


#: What a semantic token type is, as the parser's tokens say it.
SHOWN = {"keyword": "keyword", "comment": "comment", "number": "number", "string": "string",
         "class": "string", "enumMember": "name", "namespace": "name", "type": "name"}


# ------------------------------------------------------------------ outline
def test_document_symbols_list_cards_and_boxes(editor, tmp_path):
    text = ('# a mod\n' + MOD_CARD + '\ntiananmen box 4 "Hunger Strike" / "Students Arrested" {\n'
            '    democrat needs 6; communist needs 7\n    summary "Remove 2 SPs."\n'
            '    award immediately { you remove 2 opponent SP from any spaces }\n}\n')
    path = tmp_path / "boxes.card"
    path.write_text(text, encoding="utf-8")
    found = editor.request("textDocument/documentSymbol",
                           {"textDocument": {"uri": editor.open(path)}})
    assert [s["name"] for s in found] == ["111 Round Table Returns",
                                          "Box 4: Hunger Strike / Students Arrested"]
    card, box = found
    assert card["range"]["start"] == {"line": 1, "character": 0}
    assert card["range"]["end"] == {"line": 9, "character": 1}
    assert card["selectionRange"]["start"] == {"line": 1, "character": len("card 111 ")}
    assert box["range"]["start"]["line"] == 11 and box["range"]["end"]["line"] == 15


# ------------------------------------------------------------------ the command
def test_dof_lsp_answers_on_stdio():
    messages = [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "capabilities": {}}},
                {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
                {"jsonrpc": "2.0", "method": "exit"}]
    stdin = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
                     for body in (json.dumps(m).encode() for m in messages))
    done = subprocess.run([sys.executable, "-m", "dof.cli.main", "lsp"], input=stdin,
                          capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert b'"serverInfo": {"name": "dof"' in done.stdout
    assert done.stdout.startswith(b"Content-Length: ")


def test_dof_lsp_in_a_terminal_says_what_it_is_for():
    """Typed at a prompt, `dof lsp` would wait in silence for an editor's messages."""
    import pty

    terminal, stdin = pty.openpty()
    server = subprocess.Popen([sys.executable, "-m", "dof.cli.main", "lsp"], stdin=stdin,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(stdin)
    try:
        told = server.stderr.readline().decode()
        os.write(terminal, b"\x04")  # Ctrl-D: the end of input
        assert server.wait(TIMEOUT) == 0
    finally:
        os.close(terminal)
        if server.poll() is None:
            server.kill()
        server.wait()
    assert told == ("dof lsp speaks the Language Server Protocol on standard input and output: "
                    "an editor starts it (docs/editors.md). Ctrl-D ends it.\n")


# ------------------------------------------------------------- broken frames
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": None, "capabilities": {}}}
#: A request the server would answer (id 9), were its frame readable.
LOST = json.dumps({**INITIALIZE, "id": 9}).encode()


def next_frame(inbox: queue.Queue) -> dict | None:
    try:
        return inbox.get(timeout=TIMEOUT)
    except queue.Empty:
        raise AssertionError(f"no answer in {TIMEOUT} s: the server hangs") from None


@pytest.mark.parametrize("sent, code, told", [
    (b"Content-Length: 99999999999\r\n\r\n" + LOST, -32600,
     "Invalid request: Content-Length 99999999999 is not between 1 and 67108864 bytes (64 MB)"),
    (b"Content-Length: 5\r\n\r\n" + LOST, -32700,
     "Parse error: the 5 bytes the Content-Length header gives are not a JSON message"),
    (b"Content-Length: abc\r\n\r\n" + LOST, -32600,
     "Invalid request: Content-Length 'abc' is not a number of bytes"),
    (b"Content-Length: -5\r\n\r\n" + LOST, -32600,
     "Invalid request: Content-Length '-5' is not a number of bytes"),
    (b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + LOST, -32600,
     "Invalid request: the message has no Content-Length header"),
], ids=["huge", "too small", "not a number", "negative", "missing"])
def test_a_broken_frame_is_answered_and_the_next_message_served(sent, code, told):
    """Issue 19 item 10: a Content-Length that is huge (it used to end the
    server with MemoryError), too small, not a number, negative or missing
    (they left it answering nothing ever again) gets a JSON-RPC error with a
    null id, and the next message is answered as usual."""
    server = subprocess.Popen([sys.executable, "-m", "dof.cli.main", "lsp"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    inbox: queue.Queue[dict | None] = queue.Queue()
    threading.Thread(target=read_frames, args=(server.stdout, inbox), daemon=True).start()
    try:
        server.stdin.write(sent + framed(INITIALIZE))
        server.stdin.flush()
        replies = [next_frame(inbox) for _ in range(2)]
        assert replies[0] == {"jsonrpc": "2.0", "id": None,
                              "error": {"code": code, "message": told}}
        assert replies[1]["id"] == 1 and replies[1]["result"]["serverInfo"]["name"] == "dof"
        server.stdin.write(framed({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
                           + framed({"jsonrpc": "2.0", "method": "exit"}))
        server.stdin.close()
        assert server.wait(TIMEOUT) == 0
    finally:
        if server.poll() is None:  # it hangs: the test fails, never blocks
            server.kill()
        server.wait()
