"""Scenario files as pytest tests, for a mod's own test suite.

Either let pytest collect every ``*.scenario.yaml`` as tests, one per
scenario, by enabling this plugin (``-p dof.cli.pytest_scenarios``, or
``pytest_plugins = ["dof.cli.pytest_scenarios"]`` in the top conftest.py) and
naming the mod folder with ``--dof-mod DIR`` or the ``dof_mod`` ini option
(``--dof-scenarios`` for the built-in deck); or parametrize a test yourself::

    from dof.cli.pytest_scenarios import check_scenario, scenario_params

    @pytest.mark.parametrize("scenario", scenario_params("scenarios", mod="mymod"))
    def test_scenario(scenario):
        check_scenario(scenario)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from dof.cli.lint import display_path
from dof.cli.scenario import SUFFIXES, Outcome, Scenario, load_file, run_scenario, scenario_files
from dof.engine.data.positions import Reader


class ScenarioFailed(AssertionError):
    """A scenario that did not pass; the message holds its diagnostics."""


@cache
def game_for(mod: str | None) -> tuple:
    """The game data and event runner, once per mod folder (None: no mod)."""
    from dof.cli.main import CliError, load_game

    try:
        return load_game(Path(mod) if mod else None)
    except CliError as exc:
        raise pytest.UsageError(f"dof scenarios: {exc}") from None


def scenario_params(*paths: str | Path, mod: str | Path | None = None) -> list:
    """One pytest param per scenario in the files and folders given (folders
    searched for ``*.scenario.yaml``), with the scenario's name as its id."""
    data, events = game_for(str(mod) if mod else None)
    reader = Reader(data)
    files, problems = scenario_files([Path(p) for p in paths])
    params = [pytest.param(p, id=display_path(p.span.path)) for p in problems]
    for file in files:
        scenarios, problem = load_file(file, reader)
        if problem is not None:
            params.append(pytest.param(problem, id=display_path(str(file))))
        params += [pytest.param((s, data, events), id=s.id) for s in scenarios]
    return params


def check_scenario(param) -> None:
    """Run a :func:`scenario_params` scenario; ScenarioFailed shows why it
    did not pass."""
    if not isinstance(param, tuple):  # a file that cannot be read
        raise ScenarioFailed(param.format())
    scenario, data, events = param
    outcome = run_scenario(scenario, data, events)
    if outcome.status != "passed":
        raise ScenarioFailed(failure_text(outcome))


def failure_text(outcome: Outcome) -> str:
    return "\n".join(p.format() for p in outcome.problems)


# ---------------------------------------------------------------- plugin
def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dof", "dof scenario files")
    group.addoption("--dof-mod", metavar="DIR", help="collect *.scenario.yaml files as tests, "
                                                      "for the card mod in DIR")
    group.addoption("--dof-scenarios", action="store_true",
                    help="collect *.scenario.yaml files as tests (built-in deck)")
    parser.addini("dof_mod", "the card mod folder the scenario files are for")
    parser.addini("dof_scenarios", "collect *.scenario.yaml files as tests", type="bool",
                  default=False)


def _collecting(config: pytest.Config) -> bool:
    """Enabled in a conftest shared by several folders, the plugin collects
    scenario files only once asked to."""
    return bool(config.getoption("--dof-mod") or config.getoption("--dof-scenarios")
                or config.getini("dof_mod") or config.getini("dof_scenarios"))


def pytest_collect_file(parent: pytest.Collector, file_path: Path):
    if file_path.name.endswith(SUFFIXES) and _collecting(parent.config):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one test per scenario."""

    def collect(self):
        config = self.config
        mod = config.getoption("--dof-mod") or config.getini("dof_mod") or None
        if mod and not config.getoption("--dof-mod"):
            mod = str(Path(config.rootpath) / mod)
        data, events = game_for(mod)
        scenarios, problem = load_file(self.path, Reader(data))
        if problem is not None:
            yield ScenarioItem.from_parent(self, name="(file)", scenario=None,
                                           problem=problem.format())
        for scenario in scenarios:
            yield ScenarioItem.from_parent(self, name=scenario.name, scenario=scenario,
                                           game=(data, events))


class ScenarioItem(pytest.Item):
    """One scenario of a file."""

    def __init__(self, *, scenario: Scenario | None, game: tuple = (),
                 problem: str = "", **kwargs):
        super().__init__(**kwargs)
        self.scenario, self.game, self.problem = scenario, game, problem

    def runtest(self) -> None:
        if self.scenario is None:
            raise ScenarioFailed(self.problem)
        outcome = run_scenario(self.scenario, *self.game)
        if outcome.status != "passed":
            raise ScenarioFailed(failure_text(outcome))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        line = self.scenario.line - 1 if self.scenario else 0
        return self.path, line, f"scenario: {self.name}"
