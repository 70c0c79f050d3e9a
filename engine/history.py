"""A saved game move by move from its start: what `dof replay` shows.

A save holds the game's start and every answer given since (engine/saves.py),
and the game's seeded chance rolls the dice, so the whole game can be walked
again. :class:`Replay` walks it once, keeping for each move who answered
which question, how the answer read on the screen and the log lines it led
to, and checks that the walk reaches the saved game. Positions in between
are rebuilt when asked for, not kept: a whole game replays in a few
hundredths of a second.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from dof.engine.game import Game
from dof.engine.rules.decisions import Decision
from dof.engine.saves import SaveError, read_save


@dataclass(frozen=True)
class Move:
    """One answer of a replayed game: its ``number`` (from 1), who answered
    (``player``) which question (``kind``, ``prompt``) in which ``turn`` and
    action round (``ar``, of the ``phasing`` player: None outside the action
    rounds), the ``answer`` and its ``label`` as the player saw it, and the
    ``log`` lines that followed, up to the next decision."""

    number: int
    player: str
    kind: str
    prompt: str
    turn: int
    ar: int
    answer: Any
    label: str
    log: list[dict]
    phasing: str | None = None

    def to_json(self) -> dict:
        return asdict(self)


def _label(decision: Decision | None, value: Any) -> str:
    """The answer as its option read on the screen; an answer that is not
    an option is shown as it is (replaying it fails with the reason)."""
    if decision is None or value not in decision.options:
        return repr(value)
    return decision.label(decision.options.index(value))


class Replay:
    """The game of a save (:meth:`Game.to_json` output), move by move from
    its start. SaveError when it cannot be replayed: not a save, made with
    other mod cards, an older save that kept no start, or a replay that
    goes another way than the saved game (naming the move from which it
    does) or does not end in the saved state.

    ``start`` is the state at the start (``start["seed"]`` the seed),
    ``opening`` the log lines before the first move, ``moves`` the moves
    and ``final`` the game after them, which is the saved game.
    """

    def __init__(self, obj: Any, data, events=None) -> None:
        saved = read_save(obj, data, events)
        if not saved.from_the_start:
            raise SaveError("the save was made by an older dof (save version 1), which kept "
                            "only the answers of the current action round: it cannot be "
                            "replayed from the start (dof play --load still continues it)")
        self._saved, self._data, self._events = saved, data, events
        game = Game.replay_start(saved, data, events)
        self.start: dict = saved.start
        self.opening: list[dict] = list(game.log)
        self.moves: list[Move] = []
        ends = [len(game.log)]
        for number, value in enumerate(saved.answers, 1):
            decision, st = game.pending, game.state
            label, turn, ar, phasing = _label(decision, value), st["turn"], st["ar"], \
                st["phasing"]
            game.replay_move(number, value)
            assert decision is not None  # replay_move takes no answer once the game is over
            self.moves.append(Move(number, decision.player, decision.kind, decision.prompt,
                                   turn, ar, value, label, game.log[ends[-1]:], phasing))
            ends.append(len(game.log))
        saved.check(game.log, game.state, ends)
        self.final: Game = game

    def game_at(self, move: int) -> Game:
        """The game after its first ``move`` answers (0: at the first decision)."""
        if not 0 <= move <= len(self.moves):
            raise ValueError(f"move {move}: the game has moves 1 to {len(self.moves)}")
        game = Game.replay_start(self._saved, self._data, self._events)
        for number, value in enumerate(self._saved.answers[:move], 1):
            game.replay_move(number, value)
        return game
