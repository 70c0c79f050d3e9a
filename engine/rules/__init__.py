"""The rules of the game (2020 edition), as straight-line generators that
yield Decisions: the board, piles, lasting-effect hooks, operations (6.0),
the power struggle (8.0), scoring (9.0, 10.4), card play (5.0, 7.0) and the
turn (4.5). They reach the card programs only through ``game.events``
(rules/protocols.py), never by import.
"""
