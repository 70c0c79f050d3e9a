"""Game setup (rules 3.1-3.5) and the 2020 Play Balance Mechanism (13.0)."""

from __future__ import annotations

from functools import partial

from dof.engine.data.chance import DECK
from dof.engine.data.vocabulary import Hook
from dof.engine.rules import hooks
from dof.engine.rules.board import opponent
from dof.engine.rules.decisions import Changes
from dof.engine.rules.protocols import RulesGame


def deal(game: RulesGame) -> None:
    """4.5.1 / 3.1: deal to the hand size alternately, Communist first,
    skipping a player whose hand is full; reshuffle when the deck runs
    out mid-deal and stop when no card is left anywhere (ruling R5)."""
    st = game.state
    want = {
        side: game.data.hand_size + hooks.total(game, Hook.HAND_SIZE, player=side)
        for side in ("communist", "democrat")
    }
    while True:
        dealt = False
        for side in ("communist", "democrat"):
            if len(st["hands"][side]) < want[side]:
                card = game.draw_card()
                if card is None:
                    return
                st["hands"][side].append(card)
                dealt = True
        if not dealt:
            return


def free_spaces(game: RulesGame, side: str) -> list[int]:
    """3.4 / ruling R4: spaces holding no opponent SPs (no adjacency, no cost)."""
    other = game.state["sp"][game.opponent(side)]
    destroyed = game.state["destroyed"]
    return [s for s in range(len(other)) if not other[s] and s not in destroyed]


def setup_missing(game: RulesGame, side: str) -> list[tuple[str, str]]:
    """Why the other spaces are not offered for a free SP (Decision.unavailable)."""
    other = game.state["sp"][game.opponent(side)]
    return [("Other spaces", "they hold opponent SPs (3.4)")] if any(other) else []


def setup_ahead(game: RulesGame, side: str, left: int, space: int,
                chance: object) -> Changes | None:
    """Decision.ahead of a free SP (3.4): one more in ``space``, when
    ``left`` free SPs are still to come, the next one's question at once."""
    return [(("sp", side, space), game.state["sp"][side][space] + 1)] if left else None


def setup_step(game: RulesGame):
    """3.1 deal, then 3.4 free SPs in the order 2/3/3/4/2, then 13.0 bid SPs."""
    st = game.state
    game.chance.shuffle(st["deck"], DECK)
    deal(game)
    game.note("setup", "Cards dealt; fixed SPs placed (3.2, 3.3)")
    order = list(game.data.setup_order)
    for side, n in st["options"]["extra_sps"].items():
        if n:
            order.append((side, n))
    left = sum(n for _, n in order)
    for side, n in order:
        for i in range(n):
            left -= 1
            options = free_spaces(game, side)
            space = yield game.ask(
                "setup_place", side, options,
                f"Place a free SP ({i + 1} of {n}) in a space with no opponent SPs",
                describe=game.space_name, why_not=partial(setup_missing, game, side),
                ahead=partial(setup_ahead, game, side, left),
            )
            st["sp"][side][space] += 1
            game.note("place", f"{side} places 1 SP in {game.space_name(space)} (setup)",
                      player=side, space=space)


def resolve_bids(bid_a: tuple[str, int], bid_b: tuple[str, int], roll=None) -> dict:
    """13.0: resolve two secret bids of (colour, SPs) into sides and extra SPs.

    A bid's colour is the side the bidder offers his opponent, so the bidder
    wants the other side. Ruling R3: a 0 bid means 'either side';
    equal bids are settled by ``roll()`` returning the player (``"a"`` or
    ``"b"``) whose bid wins. Returns {"a": side, "b": side, "extra_sps": {...}}.
    """
    (col_a, n_a), (col_b, n_b) = bid_a, bid_b
    if n_a == 0 and n_b == 0:
        winner = roll()
        side = "democrat"
        sides = {winner: side, ("b" if winner == "a" else "a"): opponent(side)}
        return {**sides, "extra_sps": {"democrat": 0, "communist": 0}}
    if n_a and n_b and col_a != col_b:
        return {"a": opponent(col_a), "b": opponent(col_b),
                "extra_sps": {"democrat": 0, "communist": 0}}
    if n_a == n_b:
        winner = roll()
    elif n_a > n_b:
        winner = "a"
    else:
        winner = "b"
    loser = "b" if winner == "a" else "a"
    colour, bid = (col_a, n_a) if winner == "a" else (col_b, n_b)
    return {winner: opponent(colour), loser: colour,
            "extra_sps": {colour: bid, opponent(colour): 0}}
