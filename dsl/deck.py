"""Load, check and compile a deck of card files: the library's entry point.

``load_deck()`` never raises for a problem in a card file: everything it
finds is in ``Deck.diagnostics``. Cards whose files define no event (or whose
event has errors) are still in the deck, with ``event=None``: the engine
plays them for Ops only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dof.dsl.ast import BoxDef, CardDef, PsCardDef, SourceFile, player
from dof.dsl.checker import Checker
from dof.dsl.compiled import CompiledBox, CompiledCard, Deck
from dof.dsl.compiler import Compiler
from dof.dsl.diagnostics import Diagnostic, Reporter, Span
from dof.dsl.facts import card_facts
from dof.dsl.folders import builtin_cards_dir, card_files
from dof.dsl.lints import Lints
from dof.dsl.names import Names, default_names
from dof.dsl.parser import (
    empty_file,
    parse_piece,
    parse_source,
    paused_gc,
    prepare,
    read_source,
)
from dof.dsl.pieces import Piece, Workers, shares
from dof.engine.data.files import CARDS, read_limited
from dof.engine.data.located import DataError
from dof.engine.data.records import GameData, StrategyCard
from dof.engine.data.terms import key

if TYPE_CHECKING:
    from multiprocessing.connection import Connection


def load_deck(paths: list[Path] | None = None, mod: Path | None = None,
              data: GameData | None = None, jobs: int | None = None) -> Deck:
    """Parse, check and compile card files; a mod adds or replaces cards by number.

    A deck of more than a megabyte of card text without a mod is read by
    ``jobs`` processes at once (default: every core; see dsl/pieces.py)."""
    with paused_gc():
        return _load(paths, mod, data, jobs)


def _load(paths: list[Path] | None, mod: Path | None, data: GameData | None,
          jobs: int | None) -> Deck:
    reporter = Reporter()
    try:
        names = Names(data) if data is not None else default_names()
    except DataError as exc:
        reporter.report("E002", f"cannot load the game data: {exc.message}",
                        Span(str(exc.path), exc.line or 1, 1))
        return Deck({}, {}, reporter.sorted())
    texts = _read_all(card_files(paths if paths is not None else [builtin_cards_dir()],
                                 reporter), reporter)
    if mod is None:
        deck = _load_in_pieces(texts, names, reporter, jobs)
        if deck is not None:
            return deck
    layers = [_parse_all(texts, reporter)]
    if mod is not None:
        if not mod.is_dir():
            reporter.report("E002", "mod folder not found", Span(str(mod), 1, 1),
                            "give a folder of .card files")
        found = card_files([mod], reporter, "E005") if mod.is_dir() else []
        layers.append(_parse_all(_read_all(found, reporter), reporter))
    deck = build_deck(names, merge_layers(layers, reporter), reporter)
    if mod is not None and mod.is_dir():
        deck.mods = _fingerprint(mod)
    return deck


def _fingerprint(mod: Path) -> list[dict[str, str]]:
    """Name and SHA-256 of each card file of a mod (an unreadable one is
    already a diagnostic)."""
    out = []
    for path in card_files([mod]):
        try:
            digest = hashlib.sha256(read_limited(path, CARDS)).hexdigest()
        except OSError:
            continue
        out.append({"file": path.relative_to(mod).as_posix(), "sha256": digest})
    return out


def _load_in_pieces(texts: list[tuple[str, str]], names: Names, reporter: Reporter,
                    jobs: int | None) -> Deck | None:
    """The deck of one layer of card files, read by several processes (see
    dsl/pieces.py), with exactly the findings of one; None when the text is
    small or a piece does not parse on its own (nothing is reported then)."""
    quiet = Reporter()
    full = [(path, text) for path, text in texts if not empty_file(path, text, quiet)]
    share_list = shares(full, jobs)
    if share_list is None:
        return None
    whole = dict(full)
    prepare()

    def work(share: list[Piece], conn: Connection) -> None:
        parsed = []
        for path, start, end, line in share:
            src = parse_piece(path, whole[path], start, end, line)
            if src is None:
                conn.send(None)
                return
            parsed.append(src)
        conn.send([_heads(src) for src in parsed])
        deck_names, titles, wanted = conn.recv()
        items = [(kind, getattr(parsed[piece], kind)[index], parsed[piece])
                 for piece, kind, index in wanted]
        conn.send(build_items(names, deck_names, titles, items, reporter))

    with Workers(work, share_list) as workers:
        heads = workers.ask()
        if heads is None:
            return None
        layer, where = _gathered(heads, whole)
        # Findings made here wait in `local` until the workers are done: if one
        # fails, one process does the work again and finds them again.
        local = reporter.clone()
        for path, text in texts:  # E003, as one process reports it
            if path not in whole:
                empty_file(path, text, local)
        found = merge_layers([layer], local)
        deck_names, titles = deck_titles(names, found["cards"], local)
        items = work_items(found)
        wanted: list[list[tuple[int, str, int]]] = [[] for _ in heads]
        for _, head, _ in items:
            worker, piece, kind, index = where[id(head)]
            wanted[worker].append((piece, kind, index))
        replies = workers.ask([(deck_names, titles, mine) for mine in wanted])
        if replies is None:
            return None
    reporter.extend(local.diagnostics)
    done = [iter(reply) for reply in replies]
    return assemble(names, items, [next(done[where[id(head)][0]]) for _, head, _ in items],
                    reporter)


def _gathered(heads: list[list[SourceFile]], whole: dict[str, str]
              ) -> tuple[list[SourceFile], dict[int, tuple[int, int, str, int]]]:
    """The workers' heads as one layer of files with their texts, and where
    each definition's head is: by its id, (worker, piece, kind, index)."""
    where: dict[int, tuple[int, int, str, int]] = {}
    layer = []
    for worker, pieces in enumerate(heads):
        for piece, src in enumerate(pieces):
            src.text = whole[src.path]
            layer.append(src)
            for kind in ("cards", "boxes", "ps_cards"):
                for index, head in enumerate(getattr(src, kind)):
                    where[id(head)] = (worker, piece, kind, index)
    return layer, where


def _heads(src: SourceFile) -> SourceFile:
    """What a file defines without the definitions' clauses (or its text):
    enough to find names given twice and to name every card of the deck."""
    return SourceFile(
        src.path, "",
        [CardDef(c.number, c.name, c.span, [], c.head) for c in src.cards],
        [BoxDef(b.number, b.names, b.span, [], b.head) for b in src.boxes],
        [PsCardDef(p.name, p.span, [], p.head) for p in src.ps_cards])


def _read_all(files: list[Path], reporter: Reporter) -> list[tuple[str, str]]:
    """(path, text) of each readable card file."""
    texts = []
    for path in files:
        text = read_source(path, reporter)
        if text is not None:
            texts.append((str(path), text))
    return texts


def _parse_all(texts: list[tuple[str, str]], reporter: Reporter) -> list[SourceFile]:
    parsed = []
    for path, text in texts:
        src = parse_source(path, text, reporter)
        if src is not None:
            parsed.append(src)
    return parsed


def merge_layers(layers: list[list[SourceFile]], reporter: Reporter) -> dict[str, dict]:
    """Cards and boxes by number, Power Struggle cards by name, each with its
    source file; a later layer (a mod) replaces what an earlier one defines.
    Public with :func:`build_deck` for tools that parse text themselves (the
    language server checks unsaved buffers)."""
    kinds = {  # kind: (definitions of a file, identity, how it is named)
        "cards": (lambda src: src.cards, lambda d: d.number, "card number {}"),
        "boxes": (lambda src: src.boxes, lambda d: d.number, "Tiananmen box {}"),
        "ps_cards": (lambda src: src.ps_cards, lambda d: key(d.name),
                     "power struggle card \"{}\""),
    }
    found: dict[str, dict] = {kind: {} for kind in kinds}
    for layer in layers:
        seen: dict[str, dict] = {kind: {} for kind in kinds}
        for src in layer:
            # A tree may come from a tool's cache, parsed with another reporter
            # (the language server's): this one needs its text too, for source
            # lines and '# dof: ignore' comments.
            reporter.add_source(src.path, src.text)
            for kind, (items, ident, what) in kinds.items():
                for item in items(src):
                    first = seen[kind].setdefault(ident(item), item)
                    if first is not item:
                        shown = item.name if kind == "ps_cards" else ident(item)
                        named = f' as "{first.name}"' if kind == "cards" else ""
                        reporter.report("E402", f"{what.format(shown)} is defined twice",
                                        item.head or item.span,
                                        f"first defined at {first.span}{named}")
                        continue
                    found[kind][ident(item)] = (item, src)
    return found


def build_deck(names: Names, found: dict[str, dict], reporter: Reporter) -> Deck:
    """Check and compile what :func:`merge_layers` found, then check the deck as a whole."""
    deck_names, titles = deck_titles(names, found["cards"], reporter)
    items = work_items(found)
    return assemble(names, items, build_items(names, deck_names, titles, items, reporter),
                    reporter)


def deck_titles(names: Names, cards: dict[int, tuple[CardDef, Any]],
                reporter: Reporter) -> tuple[dict[str, int], list[str]]:
    """Every card of the deck by name key, and the names sorted: what checking
    a card needs of the others (E406 for a name given twice)."""
    printed = names.data.cards
    deck_names = {key(c.name): n for n, c in printed.items() if n not in cards}
    for number, (cdef, _) in sorted(cards.items()):
        other = deck_names.setdefault(key(cdef.name), number)
        if other == number:
            continue
        if number not in printed and other in printed and key(printed[other].name) == key(
                cdef.name):
            reporter.report("E406", f"\"{cdef.name}\" is the name of printed card {other}: a new "
                            "card needs a name of its own", cdef.head or cdef.span,
                            f"to change card {other} itself, number this card {other} (a mod "
                            "replaces a card by its number); otherwise rename it, since "
                            "requires, cancels and conditions refer to cards by name")
        else:
            reporter.report("E406", f"\"{cdef.name}\" is already the name of card {other}",
                            cdef.head or cdef.span, "every card needs a name of its own: other "
                            "cards refer to it by name (requires, cancels, conditions)")
    titles = sorted({c.name for n, c in printed.items() if n not in cards}
                    | {cdef.name for cdef, _ in cards.values()})
    return deck_names, titles


#: A definition to check and compile: its kind ("cards", "boxes" or
#: "ps_cards", as :func:`merge_layers` names them), itself and its file.
Item = tuple[str, Any, SourceFile]


def work_items(found: dict[str, dict]) -> list[Item]:
    """What :func:`merge_layers` found, in the order the deck is built: cards
    and boxes by number, wild cards as found. A definition whose text has a
    syntax error is left out: its number and name count in the deck (no
    other card finds it unknown), but what parsed of it is not checked,
    which would report the syntax error's consequences again."""
    return ([("cards", d, src) for _, (d, src) in sorted(found["cards"].items())
             if not d.syntax_error]
            + [("boxes", d, src) for _, (d, src) in sorted(found["boxes"].items())
               if not d.syntax_error]
            + [("ps_cards", d, src) for d, src in found["ps_cards"].values()
               if not d.syntax_error])


@dataclass
class Built:
    """What checking and compiling one definition gave: its findings in the
    order made, what it compiled to (a CompiledCard, a CompiledBox, a wild
    card's plays) and, for a card, what the deck-wide lints gathered of it
    by code (None where gathering failed)."""

    diagnostics: list[Diagnostic]
    result: Any
    gathered: dict[str, Any] = field(default_factory=dict)
    questions: dict[str, str] = field(default_factory=dict)


def build_items(names: Names, deck_names: dict[str, int], titles: list[str],
                items: list[Item], reporter: Reporter) -> list[Built]:
    """Check and compile each item on its own: each keeps its findings apart
    (``reporter`` gives the sources), so that the items may be built in
    several processes and put together in order by :func:`assemble`."""
    work = reporter.clone()
    printed = names.data.cards
    lints = Lints(names, work)
    checker = Checker(names, work, deck_names, titles, printed, lints)
    compiler = Compiler(names, deck_names)
    checks: dict[str, Callable[[Any], Any]] = {
        "cards": checker.card, "boxes": checker.box, "ps_cards": checker.ps_card}
    compiles: dict[str, Callable[[Any], Any]] = {
        "cards": compiler.card, "boxes": compiler.box, "ps_cards": compiler.ps_card}
    out = []
    for kind, item, src in items:
        before = len(work.diagnostics)
        questions = compiler.reading(src.lines)
        ok = _guarded(work, item.span, partial(checks[kind], item))
        program = _guarded(work, item.span, partial(compiles[kind], item)) if ok else None
        gathered: dict[str, Any] = {}
        if kind == "cards":
            result: Any = _compiled_card(item, printed.get(item.number), src, program, names)
            gathered = {lint.code: _guarded(work, item.span,
                                            partial(lint.gather, item, result.printed))
                        for lint in lints.gathering}
        elif kind == "boxes":
            result = _compiled_box(item, src, program)
        else:
            result = program if isinstance(program, dict) else {}
        out.append(Built(work.diagnostics[before:], result, gathered, questions))
    return out


def assemble(names: Names, items: list[Item], built: list[Built], reporter: Reporter) -> Deck:
    """The deck from each item's :class:`Built`, findings in the order of
    ``items``, then the lints of the deck as a whole (E404, E004)."""
    printed = names.data.cards
    defined = {item.number for kind, item, _ in items if kind == "cards"}
    out_cards: dict[int, CompiledCard] = {
        n: _unwritten(c) for n, c in printed.items() if n not in defined}
    out_boxes: dict[int, CompiledBox] = {}
    out_ps: dict[str, dict[str, list]] = {}
    lints = Lints(names, reporter)
    gathered: dict[str, dict[int, Any]] = {lint.code: {} for lint in lints.lints}
    questions: dict[str, str] = {}
    for (kind, item, _), done in zip(items, built, strict=True):
        reporter.extend(done.diagnostics)
        questions.update(done.questions)
        if kind == "cards":
            out_cards[item.number] = done.result
            for code, value in done.gathered.items():
                if value is not None:
                    gathered[code][item.number] = value
        elif kind == "boxes":
            out_boxes[item.number] = done.result
        else:
            out_ps[item.name] = done.result
    for lint in lints.deck_wide:
        _guarded(reporter, Span("", 1, 1), partial(lint.deck, out_cards, gathered[lint.code]))
    return Deck(out_cards, out_boxes, reporter.sorted(), len(defined), len(out_boxes),
                ps_cards=out_ps, questions=questions)


def _guarded(reporter: Reporter, span: Span, work) -> Any:
    """Run a check or compile step; False/None when it found or hit an error.

    A crash here is a bug in dof, not in the card: it is still reported as a
    diagnostic so that lint never raises.
    """
    before = reporter.errors
    try:
        result = work()
    except Exception as exc:  # lint must never raise (see docstring)
        reporter.report("E900", f"internal error while processing this: {exc!r}", span,
                        "this is a bug in dof; please report it with the card text")
        return None
    if reporter.errors > before:
        return None
    return True if result is None else result


def _source(src: SourceFile, span: Span) -> str:
    return "\n".join(src.lines[span.line - 1: span.end_line or span.line])


def _compiled_card(cdef: CardDef, printed: StrategyCard | None, src: SourceFile,
                   program: dict | None, names: Names) -> CompiledCard:
    summary = cdef.clause("summary")
    program = program or {}
    return CompiledCard(
        printed=card_facts(cdef, printed, names),
        summary=summary.strings()[0].text if summary else "",
        span=str(cdef.span), source=_source(src, cdef.span),
        event=program.get("event"), requires=program.get("requires", []),
        no_effect_after=program.get("no_effect_after", []),
        cancels=program.get("cancels", []), on_ops=program.get("on_ops"))


def _unwritten(card: StrategyCard) -> CompiledCard:
    """A printed card that no card file defines: metadata only, Ops only."""
    return CompiledCard(printed=card, summary="", span=None, source="", event=None)


def _compiled_box(bdef: BoxDef, src: SourceFile, program: dict | None) -> CompiledBox:
    summary = bdef.all("summary")
    program = program or {}
    return CompiledBox(
        number=bdef.number, names=bdef.names,
        needs={player(n.children[0]): int(n.ints()[0]) for n in bdef.all("needs")},
        award=program.get("award"), summary=summary[0].strings()[0].text if summary else "",
        span=str(bdef.span), source=_source(src, bdef.span), program=program.get("program", []))
