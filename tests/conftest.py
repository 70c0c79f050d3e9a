"""Shared fixtures: the game data is loaded once per test session, and dof's
cache folder is one of the session's own, never the user's."""

import shutil
import tempfile

import pytest

from dof.engine.data import load_data

_CACHE = pytest.StashKey[tuple[pytest.MonkeyPatch, str]]()


def pytest_configure(config):
    """DOF_CACHE_DIR for the session, set before collection (which already
    loads decks, for the scenario params): the commands the tests run, in
    process and in subprocesses, share one fresh cache."""
    folder = tempfile.mkdtemp(prefix="dof-cache-")
    patch = pytest.MonkeyPatch()
    patch.setenv("DOF_CACHE_DIR", folder)
    patch.delenv("DOF_NO_CACHE", raising=False)
    config.stash[_CACHE] = patch, folder


def pytest_unconfigure(config):
    patch, folder = config.stash[_CACHE]
    patch.undo()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def data():
    return load_data()


@pytest.fixture(scope="session")
def events():
    """The event runner for the built-in card files."""
    from dof.dsl import load_deck
    from dof.engine.programs.events import EventRunner

    return EventRunner(load_deck())
