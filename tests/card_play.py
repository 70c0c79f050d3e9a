"""Helpers for tests that play strategy cards through the engine.

A card test sets an exact position (``position``), plays a card from a hand
(``play``) answering every decision from a script, with fixed dice
(``helpers.fix_dice``), then checks the resulting state and log::

    game = position(events, democrat={"Gdansk": 3}, hands={C: [STATE_RUN_MEDIA]})
    play(game, C, STATE_RUN_MEDIA, ["event", "Gdansk", "Gdansk"])
    assert sp(game, D, "Gdansk") == 1

Answers may name a space ("Gdansk"); ``seen`` collects the decisions asked,
so a test can check who was asked what (``kinds(seen)``).
"""

from __future__ import annotations

from helpers import DATA, drive, logs, scripted_chance, set_board, sid

from dof.engine.data.chance import PS_DECK
from dof.engine.game import Driver, Game
from dof.engine.rules.actions import play_card
from dof.engine.rules.piles import move_card

D, C = "democrat", "communist"


def position(events, democrat=None, communist=None, hands=None, phasing=C,
             seed: int = 0, turn: int = 1) -> Game:
    """A game with the event runner, an exact board, exact hands (the dealt
    cards go back to the draw deck) and ``phasing`` to act in action round 1
    of ``turn`` (the Middle and Late Year cards join the deck as by then)."""
    game = Game.new(DATA, seed, events=events)
    set_board(game, democrat, communist)
    st = game.state
    st["deck"] += st["hands"][D] + st["hands"][C]
    st["hands"] = {D: [], C: []}
    st["turn"] = turn
    for after_turn, period in DATA.deck_additions.items():
        if turn > after_turn:
            st["deck"] += DATA.cards_of_period(period)
    for side, cards in (hands or {}).items():
        for card in cards:
            move_card(game, card, ("hand", side))
    st["phasing"] = phasing
    st["ar"] = 1
    return game


def set_hand(game: Game, side: str, cards) -> None:
    """``side``'s hand is exactly ``cards``; the cards he held go back to the deck."""
    st = game.state
    st["deck"].extend(st["hands"][side])
    st["hands"][side] = []
    for card in cards:
        move_card(game, card, ("hand", side))


def discard(game: Game, *cards: int) -> None:
    """Put cards on the discard pile (out of the draw deck)."""
    for card in cards:
        move_card(game, card, "discard")


def play(game: Game, side: str, card: int, answers=(), seen=None):
    """``side`` plays ``card`` (5.0), put in his hand first if needed,
    answering every decision from ``answers``."""
    if card not in game.hand(side):
        move_card(game, card, ("hand", side))
    return drive(game, play_card(game, side, card), answers, seen)


def run_until(steps, answers=()):
    """Start a rule (or go on with its Driver), give it ``answers`` and
    return the next Decision (the test stops there, e.g. inside a Power
    Struggle)."""
    run = steps if isinstance(steps, Driver) else Driver(steps)
    decision = run.pending or run.send()
    for value in answers:
        if value not in decision.options and isinstance(value, str):
            value = sid(value)
        assert value in decision.options, (value, decision.kind, decision.options)
        decision = run.send(value)
    return decision


def kinds(seen) -> list[tuple[str, str]]:
    """(kind, player) of each decision asked."""
    return [(d.kind, d.player) for d in seen]


def texts(game: Game, kind: str) -> list[str]:
    """The text of the game log entries of one kind."""
    return [e["text"] for e in logs(game, kind)]


def effect_cards(game: Game) -> list[int]:
    """The cards whose lasting effects are in force, in the order registered
    (a Tiananmen award has no card)."""
    return [e["card"] for e in game.state["effects"] if e["card"] is not None]


def ps_ids(*names: str) -> list[int]:
    """Distinct Power Struggle card ids by printed name, in order."""
    free = [c.id for c in DATA.ps_cards]
    out = []
    for name in names:
        cid = next(c for c in free if DATA.ps_cards[c].name == name)
        free.remove(cid)
        out.append(cid)
    return out


def stack_ps_deck(game: Game, ids) -> None:
    """Every Power Struggle deck of ``game`` deals ``ids`` first, in this
    order (the scorer's hand, then his opponent's, then later draws)."""
    assert len(set(ids)) == len(ids), "a Power Struggle card twice"
    scripted_chance(game).lay_out(
        PS_DECK, lambda deck: [c for c in deck if c not in ids] + list(reversed(ids)))
