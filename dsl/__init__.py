"""The dof card language: parse, check and compile card files.

    from dof.dsl import load_deck
    deck = load_deck()                  # the built-in cards/ folder
    deck.card(3).event                  # Walesa's compiled program
    [d.format() for d in deck.diagnostics]
"""

from dof.dsl.deck import CompiledBox, CompiledCard, Deck, builtin_cards_dir, load_deck
from dof.dsl.diagnostics import CODES, Diagnostic, Span

__all__ = ["CODES", "CompiledBox", "CompiledCard", "Deck", "Diagnostic", "Span",
           "builtin_cards_dir", "load_deck"]
