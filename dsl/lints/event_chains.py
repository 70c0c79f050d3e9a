"""E004: so many cards play other cards' events that, played one inside
another, their events could nest deeper than dof can follow."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dof.dsl.diagnostics import Span
from dof.dsl.lints.base import Lint, lint
from dof.engine.data.vocabulary import Op

if TYPE_CHECKING:
    from dof.dsl.compiled import CompiledCard

#: The Python frames a chain of events may take, one playing the next: what
#: the engine's stack holds (1000 frames) less what a game around them takes.
CHAIN_FRAMES = 700
#: The frames an event played by another takes, and each level of blocks
#: inside it (measured: 5 and 2; a trigger's hook takes a few more).
PLAY_FRAMES, LEVEL_FRAMES = 8, 2


@lint
class EventChains(Lint):
    """Cards that play other cards' events (ruling R55), so many (about 60)
    or so deeply nested that, played one inside another, their events would
    nest deeper than dof can follow. Each such card may be played inside the
    one before, as long as the piles hold such cards, and the engine follows
    the events one inside another."""

    code = "E004"

    def deck(self, cards: dict[int, CompiledCard], gathered: dict[int, Any]) -> None:
        cost = {n: PLAY_FRAMES + LEVEL_FRAMES * _depth([c.event, c.on_ops])
                for n, c in cards.items() if c.written}
        players = [n for n in cost if _plays([cards[n].event, cards[n].on_ops])]
        frames = sum(cost[n] for n in players) + max(cost.values(), default=0)
        if players and frames > CHAIN_FRAMES:
            last = max(players)  # the deck's last: a mod's new card, if any
            span = cards[last].span
            assert span is not None  # a written card has its place
            path, line, col = span.rsplit(":", 2)
            self.report(f"{len(players)} cards play other cards' events (card {last} among "
                        "them): played one inside another, their events could nest deeper than "
                        "dof can follow", Span(path, int(line), int(col)),
                        "fewer cards that play another card's event, or fewer blocks nested in "
                        "them")


def _depth(value: Any) -> int:
    """How deeply the operations of compiled programs nest (each list of
    operations is a level)."""
    if isinstance(value, dict):
        return max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        level = any(isinstance(v, dict) and "op" in v for v in value)
        return level + max((_depth(v) for v in value), default=0)
    return 0


def _plays(value: Any) -> bool:
    """Whether compiled programs play a card's event or Ops (which may be
    another card's that plays one in turn)."""
    if isinstance(value, dict):
        return value.get("op") in (Op.PLAY_EVENT, Op.PLAY_OPS) or any(
            _plays(v) for v in value.values())
    return isinstance(value, list) and any(_plays(v) for v in value)
