"""Where strategy cards are: moving a card between piles, and where a played
card goes when its play is over (5.2, 2.2.4, 7.2).

The piles are plain lists in the state (deck, discard, removed, display,
both hands, ``aside`` for cards in play off every pile); these few
functions keep a card on exactly one of them.
"""

from __future__ import annotations

from typing import cast

from dof.engine.rules.protocols import RulesGame


def move_card(game: RulesGame, card: int, dest) -> None:
    """Move a strategy card from wherever it is to ``dest``: a pile name,
    ('hand', side), or 'played_aside' (in play, off every pile)."""
    st = game.state
    if st["played"] == card:
        st["played"] = None
    for pile in (st["deck"], st["discard"], st["removed"], st["display"],
                 st["hands"]["democrat"], st["hands"]["communist"], st["aside"]):
        if card in pile:
            pile.remove(card)
            break
    if dest == "played_aside":
        st["aside"].append(card)
    elif isinstance(dest, tuple):
        st["hands"][dest[1]].append(card)
    else:
        cast(dict[str, list[int]], st)[dest].append(card)


def dispose(game: RulesGame, card: int, happened: bool) -> None:
    """After a card used by another card's event: removed if its asterisk
    event happened, else discarded, unless its event put it on display."""
    st = game.state
    if card in st["aside"]:
        st["aside"].remove(card)
        dest = st["removed"] if happened and game.data.cards[card].removed else st["discard"]
        dest.append(card)


def finish_card(game: RulesGame, card: int, happened: bool) -> None:
    """5.2 / 2.2.4: after the round the card goes to the discard pile, or out of
    the game when its asterisk event happened; an event may have put it on
    display already (lasting effects, 7.2)."""
    st = game.state
    if st["played"] != card:
        return
    st["played"] = None
    if happened and game.data.cards[card].removed:
        st["removed"].append(card)
    else:
        st["discard"].append(card)
