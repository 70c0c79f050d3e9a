"""Game data: the map, countries, decks, tracks and tables, loaded from YAML.

The data lives in the ``cards`` package (``map.yaml``, ``countries.yaml``,
``tables.yaml``, ``power_struggle.yaml``, ``strategy.yaml``) so that a mod can
ship a folder with the same file names. Loading validates everything and turns
every mistake into a :class:`~dof.engine.data.located.DataError` that names the
file and the place (line and column) of the offending entry, never a raw YAML or
Python traceback, whichever of PyYAML's readers reads it.

Usage::

    from dof.engine.data import load_data
    data = load_data()                 # the built-in cards/ folder
    data.space(name).stability         # a space by name or alias
    data.result(9)                     # clamped to the last row of the table

The records are in :mod:`dof.engine.data.records`, the checks of each file in
:mod:`dof.engine.data.schema`, the words (sides, suits...) in
:mod:`dof.engine.data.terms`.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from dof.engine.data.files import DATA_FILES
from dof.engine.data.located import DataError, Doc
from dof.engine.data.records import GameData
from dof.engine.data.schema import (
    link_countries,
    read_countries,
    read_power_struggle,
    read_spaces,
    read_strategy,
    read_tables,
)


def load_data(directory: Path | str | None = None, *, reader: str | None = None) -> GameData:
    """Load and validate the game data from ``directory`` (default: the cards package),
    read by PyYAML's ``reader`` (a name in located.READERS; by default
    libyaml's where PyYAML has it, else its own).

    Raises DataError for any missing file, YAML syntax error, missing or
    mistyped field, unknown or duplicate name, broken cross-reference or wrong
    count.
    """
    if directory is None:
        directory = Path(str(resources.files("dof.cards")))
    directory = Path(directory)
    if not directory.is_dir():
        raise DataError(directory, None, "data directory not found")
    docs = {name: Doc.read(directory / name, reader) for name in DATA_FILES}

    countries_raw, final = read_countries(docs["countries.yaml"])
    spaces = read_spaces(docs["map.yaml"], countries_raw)
    cards = read_strategy(docs["strategy.yaml"], countries_raw)
    countries = link_countries(docs["countries.yaml"], countries_raw, spaces, cards)
    ps_cards = read_power_struggle(docs["power_struggle.yaml"])
    tables = read_tables(docs["tables.yaml"], cards)

    return GameData(
        spaces=spaces,
        countries=countries,
        cards=cards,
        ps_cards=ps_cards,
        results=tables["results"],
        tiananmen=tables["tiananmen"],
        ussr_track=tables["ussr_track"],
        setup_order=tables["setup_order"],
        turns=tables["turns"],
        hand_size=tables["hand_size"],
        action_rounds=tables["action_rounds"],
        deck_additions=tables["deck_additions"],
        final_power_bonus=final["communist_power_bonus_per_country"],
        source_dir=directory,
    )
