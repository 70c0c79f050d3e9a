"""The dof card language: parse, check and compile card files.

    from dof.dsl import load_deck
    deck = load_deck()                  # the built-in cards/ folder
    deck.card(3).event                  # Walesa's compiled program
    [d.format() for d in deck.diagnostics]

The names below are imported on first use (PEP 562): importing a module of
the package (``dof.dsl.pieces``, ``dof.dsl.cache``) must not import the
parser, checker and compiler behind ``load_deck``, which a deck found in the
cache does without.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dof.dsl.compiled import CompiledBox, CompiledCard, Deck
    from dof.dsl.deck import load_deck
    from dof.dsl.diagnostics import CODES, Diagnostic, Span
    from dof.dsl.folders import builtin_cards_dir

#: Each public name and the module that holds it.
_HOMES = {"CODES": "diagnostics", "Diagnostic": "diagnostics", "Span": "diagnostics",
          "CompiledBox": "compiled", "CompiledCard": "compiled", "Deck": "compiled",
          "builtin_cards_dir": "folders", "load_deck": "deck"}

__all__ = ["CODES", "CompiledBox", "CompiledCard", "Deck", "Diagnostic", "Span",
           "builtin_cards_dir", "load_deck"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'dof.dsl' has no attribute {name!r}")
    value = getattr(import_module(f"dof.dsl.{home}"), name)
    globals()[name] = value
    return value
