"""The engine's layers: each module imports only modules of lower layers, all
at module top, so the import graph has no cycle and no import hides in a
function. The order below is the one place it is written down. (A standard
or third-party module may still be imported where it is needed, to keep
start-up fast: it cannot close a cycle.)

Above the engine sit the card language (dof.dsl) and the CLI (dof.cli): the
engine imports neither, and the language does not import the CLI.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent

#: The engine's modules, bottom to top. A module may import modules of lower
#: layers only (none of its own layer). The rules reach the card-program
#: interpreter (program, ops_*, events) only through ``game.events``.
LAYERS: list[tuple[str, frozenset[str]]] = [
    ("words, dice and reading files",
     frozenset({"rng", "outcome", "vocabulary", "terms", "files"})),
    ("game data records, decisions", frozenset({"records", "yaml_lines", "decisions"})),
    # The game as the rules see it (a Protocol): below every module that takes one.
    ("game data schema, the rules' game", frozenset({"schema", "protocols"})),
    ("foundations", frozenset({"board", "data", "piles"})),
    ("hooks", frozenset({"hooks"})),
    ("rule primitives", frozenset({"operations", "setup", "power_struggle"})),
    # A state is checked against the setup's options and the struggle's steps.
    ("state checks", frozenset({"validate"})),
    ("selectors", frozenset({"selectors"})),
    ("lasting effects", frozenset({"effects"})),
    ("scoring", frozenset({"scoring"})),
    ("card play", frozenset({"actions"})),
    ("turn sequence", frozenset({"turn"})),
    ("interpreter base", frozenset({"program"})),
    ("card-language operations",
     frozenset({"ops_sps", "ops_cards", "ops_flow", "ops_effects", "ops_rules"})),
    ("interpreter", frozenset({"events"})),
    ("public API", frozenset({"api"})),
    ("game driver", frozenset({"game"})),
    ("judging a position", frozenset({"judge"})),
    ("search bot", frozenset({"search"})),
    ("tools on a game", frozenset({"position", "agents", "history", "__init__"})),
]

LAYER_OF = {module: (i, name) for i, (name, modules) in enumerate(LAYERS) for module in modules}

ENGINE = sorted((ROOT / "engine").glob("*.py"))
DSL = sorted((ROOT / "dsl").glob("*.py"))


#: Packages whose imported names are modules (``from dof.engine import hooks``).
PACKAGES = {"dof", "dof.engine", "dof.dsl", "dof.cli"}


def imported(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The modules an import statement imports: ``from dof.engine import
    hooks`` gives ``dof.engine.hooks``; a relative import is resolved inside
    ``package``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parent = package.rsplit(".", node.level - 1)[0]
        base = f"{parent}.{base}" if base else parent
    if base in PACKAGES:
        return [f"{base}.{alias.name}" for alias in node.names]
    return [base]


def imports(source: str, package: str) -> list[tuple[ast.stmt, str, bool]]:
    """(statement, dotted name, at module top) for every import in ``source``."""
    tree = ast.parse(source)
    top = {id(node) for node in tree.body}
    return [(node, name, id(node) in top)
            for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
            for name in imported(node, package)]


def layer_problems(module: str, source: str) -> list[str]:
    """What breaks the layer rules in engine module ``module``."""
    where = f"engine/{module}.py"
    if module not in LAYER_OF:
        return [f"{where} is in no layer: add it to LAYERS in tests/test_layers.py"]
    level, layer = LAYER_OF[module]
    problems = []
    for node, name, at_top in imports(source, "dof.engine"):
        line = f"{where}:{node.lineno}"
        if not at_top and name.startswith("dof."):
            problems.append(f"{line}: imports {name} inside a function or class; "
                            "every import of dof belongs at module top")
        if name.startswith(("dof.dsl", "dof.cli")):
            problems.append(f"{line}: imports {name}; the engine never imports the card "
                            "language or the CLI")
        parts = name.split(".")
        if parts[:2] != ["dof", "engine"] or len(parts) != 3 or parts[2] not in LAYER_OF:
            continue
        other = parts[2]
        other_level, other_layer = LAYER_OF[other]
        if other != module and other_level >= level:
            problems.append(f"{line}: {module} (layer {level}, {layer}) imports {other} "
                            f"(layer {other_level}, {other_layer}); a module imports only "
                            "modules of lower layers")
    return problems


def test_every_engine_module_has_a_layer():
    assert sorted(p.stem for p in ENGINE if p.stem not in LAYER_OF) == []


def test_every_layer_names_existing_modules():
    assert sorted(set(LAYER_OF) - {p.stem for p in ENGINE}) == []


@pytest.mark.parametrize("path", ENGINE, ids=[p.name for p in ENGINE])
def test_engine_module_keeps_the_layers(path):
    assert layer_problems(path.stem, path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", DSL, ids=[p.name for p in DSL])
def test_the_card_language_does_not_import_the_cli(path):
    found = [f"dsl/{path.name}:{node.lineno}: imports {name}"
             for node, name, _ in imports(path.read_text(encoding="utf-8"), "dof.dsl")
             if name.startswith("dof.cli")]
    assert found == []


def test_the_checker_reads_trees_not_the_parser_or_the_compiler():
    """Checking names and types needs the AST only (dsl/ast.py), so the
    language server can check a buffer without building programs."""
    source = (ROOT / "dsl" / "checker.py").read_text(encoding="utf-8")
    found = [name for _, name, _ in imports(source, "dof.dsl")
             if name in ("dof.dsl.parser", "dof.dsl.compiler")]
    assert found == []


# ------------------------------------------------ the checker, by example
def test_an_import_hidden_in_a_function_is_named_with_its_line():
    source = "from dof.engine import hooks\n\n\ndef f():\n    from dof.engine.rng import die\n"
    assert layer_problems("scoring", source) == [
        "engine/scoring.py:5: imports dof.engine.rng inside a function or class; "
        "every import of dof belongs at module top"]


def test_an_upward_import_names_both_layers():
    assert layer_problems("selectors", "from dof.engine.actions import ops_value\n") == [
        "engine/selectors.py:1: selectors (layer 7, selectors) imports actions "
        "(layer 10, card play); a module imports only modules of lower layers"]


def test_the_rules_may_not_import_the_interpreter():
    problems = layer_problems("turn", "from dof.engine import events, hooks\n")
    assert problems == [
        "engine/turn.py:1: turn (layer 11, turn sequence) imports events "
        "(layer 14, interpreter); a module imports only modules of lower layers"]


def test_the_engine_may_not_import_the_card_language():
    assert layer_problems("game", "from dof.dsl.deck import load_deck\n") == [
        "engine/game.py:1: imports dof.dsl.deck; the engine never imports the card language "
        "or the CLI"]


def test_a_new_module_must_be_placed():
    assert layer_problems("newcomer", "") == [
        "engine/newcomer.py is in no layer: add it to LAYERS in tests/test_layers.py"]
