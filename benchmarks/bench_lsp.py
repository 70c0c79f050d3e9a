"""How fast `dof lsp` answers what an editor asks as you type, on the largest
built-in card file.

Run: python benchmarks/bench_lsp.py [--repeat N]
Opens the file in a server (in this process, no pipes: the server's own
work), then times a completion after the 'in' of --repeat event lines (a
name about to be typed: the longest list), the semantic
tokens of the whole file (read by its last check), a check after an edit
(what a keystroke costs before diagnostics are published), and a whole
keystroke: the edit, its check, then the highlighting of the new text.
Prints the median and the worst, in milliseconds of wall time; nothing
here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time
from collections.abc import Callable
from functools import partial

from lsprotocol import types as lsp

from dof.cli.lsp import create_server
from dof.dsl import builtin_cards_dir


def timed(action: Callable[[], object], times: int) -> list[float]:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        action()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    path = max(builtin_cards_dir().glob("*.card"), key=lambda p: p.stat().st_size)
    text = path.read_text(encoding="utf-8")
    server = create_server()
    # Initialized as an editor would; what it would be sent is dropped (no transport).
    for _ in server.protocol.lsp_initialize(
            lsp.InitializeParams(capabilities=lsp.ClientCapabilities())):
        pass
    logging.getLogger("pygls").setLevel(logging.CRITICAL)
    uri = path.resolve().as_uri()
    server.workspace.put_text_document(lsp.TextDocumentItem(uri, "card", 1, text))
    doc = server.workspace.get_text_document(uri)
    server.check(uri)
    lines = text.split("\n")
    spots = [(i, row.index(" in ") + 4) for i, row in enumerate(lines)
             if " in " in row and not row.lstrip().startswith(("summary", "#"))][:args.repeat]
    edits = iter(range(2, 10 ** 6))

    def keystroke() -> None:
        version = next(edits)
        server.workspace.put_text_document(
            lsp.TextDocumentItem(uri, "card", version, text + " " * (version % 2)))
        server.check(uri)
        server.semantic_tokens(server.workspace.get_text_document(uri))

    results = {
        "completion": [t for at in (lsp.Position(line, col) for line, col in spots)
                       for t in timed(partial(server.complete, doc, at), 1)],
        "semantic tokens": timed(lambda: server.semantic_tokens(doc), args.repeat),
        "check after an edit": timed(lambda: server.bench.check(
            str(path.resolve()), {str(path.resolve()): text + " "}), args.repeat),
        "a keystroke": timed(keystroke, args.repeat),
    }
    print(f"{path.name}: {len(text)} characters, {len(lines)} lines")
    for what, times in results.items():
        print(f"{what:>20}: median {statistics.median(times):6.1f} ms, "
              f"worst {max(times):6.1f} ms ({len(times)} runs)")


if __name__ == "__main__":
    main()
