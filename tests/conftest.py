"""Shared fixtures: the game data is loaded once per test session."""

import pytest

from dof.engine.data import load_data


@pytest.fixture(scope="session")
def data():
    return load_data()


@pytest.fixture(scope="session")
def events():
    """The event runner for the built-in card files."""
    from dof.dsl import load_deck
    from dof.engine.events import EventRunner

    return EventRunner(load_deck())
