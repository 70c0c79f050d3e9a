"""Load, check and compile a deck of card files: the library's entry point.

``load_deck()`` never raises for a problem in a card file: everything it
finds is in ``Deck.diagnostics``. Cards whose files define no event (or whose
event has errors) are still in the deck, with ``event=None``: the engine
plays them for Ops only.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from dof.dsl.ast import BoxDef, CardDef, SourceFile, player
from dof.dsl.checker import Checker, DeckCard, card_facts, check_deck
from dof.dsl.compiler import Compiler
from dof.dsl.diagnostics import Diagnostic, Reporter, Span
from dof.dsl.names import Names, default_names
from dof.dsl.parser import parse_source, paused_gc, read_source
from dof.engine.records import GameData, StrategyCard
from dof.engine.terms import key
from dof.engine.yaml_lines import DataError

SUFFIX = ".card"


@dataclass(frozen=True)
class CompiledCard:
    """A strategy card as the engine sees it: its printed facts (strategy.yaml,
    or what a mod's card file writes) plus its compiled event."""

    printed: StrategyCard
    summary: str
    span: str | None
    source: str
    event: list[dict[str, Any]] | None
    requires: list[dict[str, Any]] = field(default_factory=list)
    no_effect_after: list[int] = field(default_factory=list)
    cancels: list[int] = field(default_factory=list)
    on_ops: list[dict[str, Any]] | None = None

    @property
    def written(self) -> bool:
        """True when the card's event is written in the language."""
        return self.event is not None

    def to_json(self) -> dict[str, Any]:
        p = self.printed
        return {"number": p.number, "name": p.name, "period": p.period, "side": p.side,
                "ops": p.ops, "removed": p.removed, "lasting": p.lasting,
                "red_title": p.red_title, "summary": self.summary,
                "span": self.span, "written": self.written, "event": self.event,
                "requires": self.requires, "no_effect_after": self.no_effect_after,
                "cancels": self.cancels, "on_ops": self.on_ops}


@dataclass(frozen=True)
class CompiledBox:
    """A Tiananmen Square box (rule 6.3): names, thresholds and award."""

    number: int
    names: dict[str, str]
    needs: dict[str, int]
    award: str | None
    summary: str
    span: str
    source: str
    program: list[dict[str, Any]]

    @property
    def written(self) -> bool:
        return bool(self.program)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "names": self.names, "needs": self.needs,
                "award": self.award, "summary": self.summary, "span": self.span,
                "written": self.written, "program": self.program}


@dataclass
class Deck:
    """Compiled cards and boxes, with everything lint found."""

    cards: dict[int, CompiledCard]
    boxes: dict[int, CompiledBox]
    diagnostics: list[Diagnostic]
    compiled_cards: int = 0
    compiled_boxes: int = 0
    #: The mod's card files: {"file": name within the mod folder, "sha256": ...}.
    mods: list[dict[str, str]] = field(default_factory=list)
    #: Power Struggle wild cards by name: {"attack"|"match": program} (8.3.2).
    ps_cards: dict[str, dict[str, list]] = field(default_factory=dict)

    def card(self, number: int) -> CompiledCard:
        return self.cards[number]

    def card_facts(self) -> dict[int, StrategyCard]:
        """The printed facts of every card of the deck, for a game whose deck
        includes a mod's new or replaced cards (``GameData.with_cards``)."""
        return {n: c.printed for n, c in self.cards.items()}

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(not d.is_error for d in self.diagnostics)


def builtin_cards_dir() -> Path:
    """The folder of card files shipped in the ``cards`` package."""
    return Path(str(resources.files("dof.cards")))


def card_files(paths: list[Path], reporter: Reporter | None = None,
               empty: str = "W505") -> list[Path]:
    """Card files named directly, or found (sorted) under directories; a
    folder without any is reported with ``empty`` (a warning for lint, an
    error for a mod, which must add or replace something)."""
    out: list[Path] = []
    for path in paths:
        if not path.is_dir():
            out.append(path)
            continue
        found = sorted(p for p in path.rglob("*" + SUFFIX) if p.is_file())
        if not found and reporter is not None:
            others = sorted(p.name for p in path.iterdir() if p.is_file())[:5]
            what = "mod folder" if empty == "E005" else "folder"
            reporter.report(empty, f"the {what} holds no card files (*{SUFFIX})",
                            Span(str(path), 1, 1),
                            f"card files end in {SUFFIX}" + (
                                f"; found {', '.join(others)}" if others else ""))
        out.extend(found)
    return out


def load_deck(paths: list[Path] | None = None, mod: Path | None = None,
              data: GameData | None = None) -> Deck:
    """Parse, check and compile card files; a mod adds or replaces cards by number."""
    with paused_gc():
        return _load(paths, mod, data)


def _load(paths: list[Path] | None, mod: Path | None, data: GameData | None) -> Deck:
    reporter = Reporter()
    try:
        names = Names.build(data) if data is not None else default_names()
    except DataError as exc:
        reporter.report("E002", f"cannot load the game data: {exc.message}",
                        Span(str(exc.path), exc.line or 1, 1))
        return Deck({}, {}, reporter.sorted())
    base = _parse_all(card_files(paths if paths is not None else [builtin_cards_dir()],
                                 reporter), reporter)
    layers = [base]
    if mod is not None:
        if not mod.is_dir():
            reporter.report("E002", "mod folder not found", Span(str(mod), 1, 1),
                            "give a folder of .card files")
        layers.append(_parse_all(card_files([mod], reporter, "E005") if mod.is_dir() else [],
                                 reporter))
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
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            continue
        out.append({"file": path.relative_to(mod).as_posix(), "sha256": digest})
    return out


def _parse_all(files: list[Path], reporter: Reporter) -> list[SourceFile]:
    parsed = []
    for path in files:
        text = read_source(path, reporter)
        if text is None:
            continue
        src = parse_source(str(path), text, reporter)
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
    cards: dict[int, tuple[CardDef, SourceFile]] = found["cards"]
    boxes: dict[int, tuple[BoxDef, SourceFile]] = found["boxes"]
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
    checker = Checker(names, reporter, deck_names, titles, printed)
    compiler = Compiler(names, deck_names)
    out_cards: dict[int, CompiledCard] = {
        n: _unwritten(c) for n, c in printed.items() if n not in cards}
    compiled = 0
    for number, (cdef, src) in sorted(cards.items()):
        ok = _guarded(reporter, cdef.span, lambda cdef=cdef: checker.card(cdef))
        program = _guarded(reporter, cdef.span, lambda cdef=cdef: compiler.card(cdef)) if ok \
            else None
        out_cards[number] = _compiled_card(cdef, printed.get(number), src, program)
        compiled += 1
    out_boxes: dict[int, CompiledBox] = {}
    for number, (bdef, src) in sorted(boxes.items()):
        ok = _guarded(reporter, bdef.span, lambda bdef=bdef: checker.box(bdef))
        program = _guarded(reporter, bdef.span, lambda bdef=bdef: compiler.box(bdef)) if ok \
            else None
        out_boxes[number] = _compiled_box(bdef, src, program)
    out_ps: dict[str, dict[str, list]] = {}
    for pdef, _src in found["ps_cards"].values():
        ok = _guarded(reporter, pdef.span, lambda pdef=pdef: checker.ps_card(pdef))
        plays = _guarded(reporter, pdef.span, lambda pdef=pdef: compiler.ps_card(pdef)) if ok \
            else None
        out_ps[pdef.name] = plays if isinstance(plays, dict) else {}
    deck_cards = [DeckCard(n, c.printed.name, c.printed.period, Span(c.span or "", 1, 1))
                  for n, c in out_cards.items()]
    for dc in deck_cards:
        if dc.number in cards:
            dc.cdef = cards[dc.number][0]
    _guarded(reporter, Span("", 1, 1), lambda: check_deck(deck_cards, reporter, names.data.turns))
    return Deck(out_cards, out_boxes, reporter.sorted(), compiled, len(out_boxes), ps_cards=out_ps)


def _guarded(reporter: Reporter, span: Span, work) -> Any:
    """Run a check or compile step; False/None when it found or hit an error.

    A crash here is a bug in dof, not in the card: it is still reported as a
    diagnostic so that lint never raises.
    """
    before = reporter.errors
    try:
        result = work()
    except Exception as exc:  # noqa: BLE001 - lint must never raise (see docstring)
        reporter.report("E900", f"internal error while processing this: {exc!r}", span,
                        "this is a bug in dof; please report it with the card text")
        return None
    if reporter.errors > before:
        return None
    return True if result is None else result


def _source(src: SourceFile, span: Span) -> str:
    return "\n".join(src.lines[span.line - 1: span.end_line or span.line])


def _compiled_card(cdef: CardDef, printed: StrategyCard | None, src: SourceFile,
                   program: dict | None) -> CompiledCard:
    summary = cdef.clause("summary")
    program = program or {}
    return CompiledCard(
        printed=card_facts(cdef, printed),
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
