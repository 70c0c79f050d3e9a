"""The house's layers (docs/architecture.md), as import-linter contracts in
pyproject.toml: the command line on the card language on the engine; inside
the engine, data -> rules -> card programs -> the driver, saves and API ->
bots; inside the command line, its entry point over the commands over what
they show and read; the checker never reaches the parser or the compiler;
and no two modules of one folder import each other, even through others.

An import counts wherever it is written, in a function too (start-up keeps
some imports lazy), so a lazy import cannot hide a cycle or a step up.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest
from importlinter.api import read_configuration
from importlinter.application.use_cases import lint_imports
from importlinter.contracts.layers import LayersContract

ROOT = Path(__file__).parent.parent
CONFIG = str(ROOT / "pyproject.toml")


def test_every_contract_is_kept(capsys):
    kept = lint_imports(config_filename=CONFIG, no_logo=True, cache_dir=None)
    report = capsys.readouterr().out
    assert kept, report


def test_the_contracts_name_every_layer_of_the_house():
    contracts = {c["id"]: c for c in read_configuration(CONFIG)["contracts_options"]}
    assert contracts["house"]["layers"] == ["dof.cli", "dof.dsl", "dof.engine"]
    assert contracts["engine"]["layers"] == [
        "bots", "game : saves : api : history : position : script : actions", "programs",
        "rules",
        "data"]
    assert contracts["acyclic"]["ancestors"] == ["dof"]


# ------------------------------------------------ a broken layer, by example
@pytest.fixture
def graph() -> grimp.ImportGraph:
    """dof's imports as import-linter reads them (a fresh graph: a test may add to it)."""
    return grimp.build_graph("dof", exclude_type_checking_imports=True)


def engine_contract() -> LayersContract:
    [options] = [c for c in read_configuration(CONFIG)["contracts_options"]
                 if c["id"] == "engine"]
    return LayersContract(name=options["name"], session_options={"root_packages": ["dof"]},
                          contract_options=options)


def test_the_engine_contract_holds_today(graph):
    assert engine_contract().check(graph, verbose=False).kept


def test_a_rule_that_imports_the_interpreter_breaks_the_engine_contract(graph):
    """The rules reach the card programs only through ``game.events``."""
    graph.add_import(importer="dof.engine.rules.turn", imported="dof.engine.programs.events")
    check = engine_contract().check(graph, verbose=False)
    assert not check.kept
    [dependency] = check.metadata["invalid_dependencies"]
    assert (dependency["importer"], dependency["imported"]) == (
        "dof.engine.rules", "dof.engine.programs")


def test_the_old_home_of_play_card_still_imports_with_a_warning():
    """docs/api.md named dof.engine.actions.play_card before the rules had a folder."""
    import importlib
    import sys

    from dof.engine.rules.actions import play_card

    sys.modules.pop("dof.engine.actions", None)
    with pytest.warns(DeprecationWarning, match="dof.engine.rules.actions"):
        old = importlib.import_module("dof.engine.actions")
    assert old.play_card is play_card


def test_every_folder_of_code_is_installed():
    """A folder the editable install finds but pyproject.toml does not list
    is missing from a wheel, where every import of its parent then fails."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    folders = {"dof." + ".".join(init.parent.relative_to(ROOT).parts)
               for top in ("cli", "dsl", "engine", "cards")
               for init in (ROOT / top).rglob("__init__.py")}
    assert folders <= set(setuptools["packages"]), folders - set(setuptools["packages"])
