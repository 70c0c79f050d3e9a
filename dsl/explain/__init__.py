"""`dof explain`'s library: a compiled card program said in plain English,
with the rules each line relies on.

    from dof.dsl import load_deck
    from dof.dsl.explain import explain_card
    from dof.dsl.names import default_names
    deck = load_deck()
    print(explain_card(deck.card(3), deck.cards, default_names()).text)

Each kind of the vocabulary has one renderer (speaker.py files them;
ops_sps, ops_cards, ops_flow, rules and terms hold them), as each has one
handler in the engine.
"""

from dof.dsl.explain import ops_cards, ops_flow, ops_sps, rules, terms  # noqa: F401 - each files its renderers
from dof.dsl.explain.explanation import (
    Explainer,
    Explanation,
    explain_box,
    explain_card,
    explain_wild,
)
from dof.dsl.explain.speaker import Line

__all__ = ["Explainer", "Explanation", "Line", "explain_box", "explain_card", "explain_wild"]
