"""Shared fixtures: the game data is loaded once per test session."""

import pytest

from engine.data import load_data


@pytest.fixture(scope="session")
def data():
    return load_data()


@pytest.fixture(scope="session")
def events():
    """The event runner for the built-in card files."""
    import dsl
    from engine.events import EventRunner

    return EventRunner(dsl.load_deck())
