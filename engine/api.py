"""The public API for bots, tools and servers: views, agents, play and undo.

Why views: a bot must decide from what its side may know. ``view(game, side)``
is that side's window on one moment of the game: its own hand, the sizes of
the opponent's hand and of the decks, everything on the table, the log, and
the pending decision if it is that side's. Hidden cards read as ``None``, the
seed and the dice generator are not shown, and nothing on a view refers to
the Game or its live state (an untrusted bot belongs in another process all
the same: a Python object can always be introspected).

A view is lazy, as one is made for every decision and most bots (RandomAgent)
never look: it copies the state when first read, and reading it after its
game has moved on raises StaleView. What it returned is the bot's own to keep.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, cast, runtime_checkable

from dof.engine.data.chance import Chance, seed_state
from dof.engine.data.outcome import Outcome
from dof.engine.data.records import GameData
from dof.engine.data.terms import SIDES
from dof.engine.rules.ahead import changed
from dof.engine.rules.board import opponent
from dof.engine.rules.decisions import Decision, IllegalAnswer
from dof.engine.rules.odds import Odds


class StaleView(RuntimeError):
    """A view read after its game moved on to another decision."""


class UndoError(Exception):
    """undo() cannot go back: nothing to undo, or a die was rolled or a
    hidden card drawn, dealt, shuffled or shown since; the message says which."""


@runtime_checkable
class Agent(Protocol):
    """Anything that answers decisions from its side's view."""

    def choose(self, view: View, decision: Decision) -> Any:
        """Return one of ``decision.options``."""
        ...


#: A view's decision not read yet (a foreseen preview's, engine/api.py _foreseen).
_UNREAD: Any = object()


class View:
    """What ``side`` may know of a game at one decision (see ``view``).

    ``decision`` is the pending decision when it is this side's, else None;
    ``data`` the printed map and cards. ``state`` has the game state's keys
    (docs/api.md) with hidden cards as None; ``hand``, ``opponent_hand_size``
    and ``deck_size`` read it for you.
    """

    __slots__ = ("_data", "_decision", "_log", "_read", "_side", "_state")

    def __init__(self, side: str, decision: Decision | None, data: GameData,
                 read: Callable[..., Any]) -> None:
        self._side = side
        self._decision: Any = decision  # or _UNREAD
        self._data = data
        self._read = read
        self._state: dict | None = None
        self._log: list[dict] | None = None

    side = property(lambda self: self._side, doc="The side this view is for.")

    @property
    def decision(self) -> Decision | None:
        """The pending decision when it is this side's, else None."""
        if self._decision is _UNREAD:
            self._decision = self._read("decision")
        return self._decision

    data = property(lambda self: self._data, doc="The printed map and cards.")

    @property
    def state(self) -> dict:
        """The public state: a copy, so changing it changes nothing in the game."""
        if self._state is None:
            self._state = self._read("state")
        return self._state

    @property
    def log(self) -> list[dict]:
        """The game log up to this moment (a copy)."""
        if self._log is None:
            self._log = self._read("log")
        return self._log

    @property
    def hand(self) -> list[int]:
        return list(self.state["hands"][self.side])

    @property
    def opponent_hand_size(self) -> int:
        return len(self.state["hands"][opponent(self.side)])

    @property
    def deck_size(self) -> int:
        return len(self.state["deck"])

    def preview(self, answer: Any) -> View:
        """This side's view after ``answer``, up to the next decision.

        The look-ahead runs on a copy whose dice are re-seeded and whose hidden
        cards (the deck, the opponent's hand) are dealt anew among their
        places, both from what this side sees alone: it foresees neither a
        roll nor a card, and two games this side cannot tell apart preview
        alike. A preview's own view cannot
        be previewed or sampled again (IllegalAnswer): look further ahead on a
        game of :meth:`sample`.

        Where the rules tell what the answer does before they ask again (a
        placement or a support check with another to follow, a card chosen
        and its use: Decision.ahead), the preview's state is this view's
        with those changes, as exact as a replay and made without one; its
        decision, log and odds are then replayed when first read, which
        must be before the game moves on (else StaleView). Such a state
        shares the lists and dicts the answer leaves alone with the other
        previews of this decision: copy a part before changing it.
        """
        if self._decision is None:
            raise IllegalAnswer(f"there is no {self.side} decision to preview")
        return self._read("preview", answer)

    def odds(self, answer: Any) -> Odds | None:
        """The odds of the die that ``answer`` rolls, from the modifiers in
        force now: a support check on a space (the chance of success and the
        SPs it removes and adds on average) or a Tiananmen Square attempt
        (the "tiananmen" use of a card). None for an answer that rolls no
        die. They are the rules' own figures (engine/rules/odds.py), read
        from what this side sees: the table, not the hidden cards."""
        if self._decision is None:
            raise IllegalAnswer(f"there is no {self.side} decision to weigh")
        return self._read("odds", answer)

    def sample(self, seed: int, snapshots: bool = True) -> Any:
        """A Game this side cannot tell from the real one, for a bot to play
        on for both sides (a search): the cards it cannot see are dealt anew
        from ``seed`` and the dice re-seeded from it. Unlike a preview, the
        sample holds nothing of the real hidden cards or dice: the same view
        and seed give the same sample whatever they are. It cannot be saved
        or looked ahead from before its next checkpoint (an action round or
        turn step begins), whose snapshot would be the real game's; without
        ``snapshots``, never: it takes no snapshot at its checkpoints, a
        copy of the state that a playout nobody saves need not pay for.
        """
        if self._decision is None:
            raise IllegalAnswer(f"there is no {self.side} decision to sample at")
        return self._read("sample", (seed, snapshots))

    def __repr__(self) -> str:
        kind = self.decision.kind if self.decision else "no decision"
        return f"<View for the {self.side} ({kind})>"


def view(game, side: str) -> View:
    """``side``'s view of ``game`` now (see View)."""
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r} (expected democrat or communist)")
    return _view(game, side, deep=True)


def _view(game, side: str, deep: bool, previewed: bool = False) -> View:
    """A view; ``deep=False`` shares the parts it does not hide with the
    game, for a look-ahead copy that nothing else holds. One closure serves
    all its reads: a view is made for every decision, so it must cost little.

    A ``previewed`` view (of a preview's copy) looks no further ahead: the
    copy rebuilds itself from the real game's snapshot, so a look-ahead from
    it would replay the previewed answer with the real dice and cards."""
    pending = game.pending
    at = len(game.log)
    looks: _Looks | None = None  # made at the first look ahead

    def moment(what: str, answer: Any = None) -> Any:
        nonlocal looks
        if game.pending is not pending:
            raise StaleView("this view is of an earlier decision: the game has moved on")
        if what == "state":
            return _public(game.state, side, deep)
        if what == "log":
            return marshal.loads(marshal.dumps(game.log[:at]))
        if what == "odds":
            return pending.odds(answer)
        if previewed:
            raise IllegalAnswer(_NO_FURTHER)
        if looks is None:
            looks = _Looks(game, side)
        if what == "preview":
            return looks.preview(pending.check(answer))
        return looks.sample(*answer)

    mine = pending is not None and pending.player == side
    return View(side, _copy(pending) if mine else None, game.data, moment)


class _Looks:
    """The look-aheads of one side at one decision, and what they share:
    the seed of what the side sees, the dice, the deal of the first replayed
    preview (its shuffle and the seed cost more than the rest of a preview:
    the next ones lay it out again) and of each sample's seed, the public
    state that foreseen previews change."""

    def __init__(self, game, side: str) -> None:
        game.past_kept("looked ahead from")
        self.game, self.side, self.pending = game, side, game.pending
        self.made: dict[str, Any] = {}

    def seed(self) -> int:
        if "seed" not in self.made:
            self.made["seed"] = _seen_seed(self.game.state, self.side, self.pending)
        return self.made["seed"]

    def sample(self, seed: int, snapshots: bool):
        """A sample from ``seed`` (View.sample): the deal of its hidden
        cards and dice is made once and laid out again for the next sample
        of that seed (a search plays every line it weighs on the same
        samples)."""
        copy = self.game.lookahead()
        dealt = self.made.setdefault("samples", {})
        if seed in dealt:
            _lay_out(copy, self.side, dealt[seed])
        else:
            dice = _reseed(copy, self.side, self.pending, seed)
            dealt[seed] = _layout(copy.state, self.side, dice)
        copy.forget_past(snapshots)  # the real game's snapshots would replay its secrets
        return copy

    def preview(self, answer: Any) -> View:
        """The view after ``answer``: foreseen where the rules can, else replayed."""
        made = self.made
        if _AHEAD and self.pending.ahead is not None:
            if "dice" not in made:
                made["dice"] = seed_state(_dice(self.seed()))
            dice = Chance(cast(Any, {"rng": made["dice"]}))  # a generator and nothing else
            changes = self.pending.ahead(answer, dice)
            if changes is not None:
                if "base" not in made:
                    made["base"] = _public(self.game.state, self.side, deep=True)
                return _foreseen(self.game, self.side, changed(made["base"], changes),
                                 lambda: self.replayed(answer))
        return self.replayed(answer)

    def replayed(self, answer: Any) -> View:
        """The preview of ``answer`` on a copy that replays the rules."""
        game, side = self.game, self.side
        if game.pending is not self.pending:
            raise StaleView("a preview's decision, log and odds are read before its game moves on")
        copy = game.lookahead()
        if "layout" in self.made:
            _lay_out(copy, side, self.made["layout"])
        else:
            dice = _reseed(copy, side, self.pending, self.seed())
            self.made["layout"] = _layout(copy.state, side, dice)
        copy.answer(answer)
        return _view(copy, side, deep=False, previewed=True)


#: Whether a preview takes what the rules foresee of an answer
#: (Decision.ahead) rather than replay it; the tests compare both ways.
_AHEAD = True

_NO_FURTHER = ("a preview cannot be looked ahead from again: it would replay with the real "
               "dice and cards; to look further ahead, play on a game of View.sample(seed)")


def _foreseen(game, side: str, state: dict, replay: Callable[[], View]) -> View:
    """A preview whose state the rules foresaw (Decision.ahead): its
    decision, log and odds, which they do not, come from ``replay`` when read."""
    replayed: list[View] = []

    def moment(what: str, answer: Any = None) -> Any:
        if what == "state":
            return state
        if what in ("preview", "sample"):
            raise IllegalAnswer(_NO_FURTHER)
        if not replayed:
            replayed.append(replay())
        if what == "decision":
            return replayed[0].decision
        return replayed[0].log if what == "log" else replayed[0].odds(answer)

    return View(side, _UNREAD, game.data, moment)


def play(game, agents: Mapping[str, Agent], limit: int | None = None) -> Outcome | None:
    """Let ``agents`` (by side) answer every decision, each from its own
    view, until the game ends; its Outcome, or None when ``limit`` decisions
    were answered first."""
    answered = 0
    while (pending := game.pending) is not None:
        if limit is not None and answered >= limit:
            return None
        seen = _view(game, pending.player, deep=True)
        game.answer(agents[pending.player].choose(seen, seen._decision))
        answered += 1
    return Outcome.from_result(game.result)


def undo(game, side: str | None = None):
    """The game as it was at ``side``'s previous decision (by default the
    player to act), as a new Game; ``game`` itself is left as it is.

    Refused (UndoError) across a die roll, a shuffle or a random pick, a card
    drawn or dealt, or a card ``side`` could not see coming into view (an
    opponent's card played or revealed): undo takes back a choice, never
    information. The game is rebuilt from its start with the answers given
    since (a save's: see Game.to_json), so it reaches back to any earlier
    decision those allow, in an earlier action round or turn step too.
    """
    if side is None:
        if game.pending is None:
            raise UndoError("the game is over: say whose decision to undo")
        side = game.pending.player
    save = game.to_json()
    answers = save["answers"]
    begin = {**save, "answers": [], "state": None}
    replay = type(game).from_json(begin, game.data, game.events, verify=False)
    last: tuple[int, _Moment] | None = None
    for i, value in enumerate(answers):
        if replay.pending.player == side:
            last = i, _Moment(replay, side)
        replay.answer(value)
    if last is None:
        raise UndoError(f"nothing to undo: the {side} has made no decision in this game")
    back, then = last
    # The replay is now the game as it stands, its chance's record running
    # from the same start as the moment's.
    reason = then.barrier(_Moment(replay, side), replay.log)
    if reason:
        raise UndoError(f"cannot undo the {side}'s last decision: {reason}")
    return type(game).from_json({**begin, "answers": answers[:back]}, game.data, game.events,
                                verify=False)


# ------------------------------------------------------------------ helpers
def _copy(decision: Decision) -> Decision:
    """The decision for an agent: its own lists, and no label maker (which
    would lead back to the game); given label strings are kept."""
    return Decision(decision.kind, decision.player, decision.options[:], decision.prompt,
                    decision.labels and decision.labels[:], decision.context.copy())


def _public(state: dict, side: str, deep: bool) -> dict:
    """A copy of ``state`` as ``side`` sees it: hidden cards become None.
    With ``deep=False`` only the dicts that hold hidden cards are new."""
    if deep:
        out = marshal.loads(marshal.dumps(state))
    else:
        out = {**state, "hands": dict(state["hands"]), "set_aside": dict(state["set_aside"])}
        if state["ps"] is not None:
            out["ps"] = {**state["ps"], "hands": dict(state["ps"]["hands"]),
                         "dealt": dict(state["ps"]["dealt"])}
    other = opponent(side)
    out["seed"] = out["rng"] = None
    out["deck"] = [None] * len(out["deck"])
    for key in ("hands", "set_aside"):
        out[key][other] = [None] * len(out[key][other])
    ps = out["ps"]
    if ps is not None:
        ps["deck"] = [None] * len(ps["deck"])
        ps["dealt"][other] = [None] * len(ps["dealt"][other])
        if not ps["revealed"][other]:
            ps["hands"][other] = [None] * len(ps["hands"][other])
    return out


def _forget(state: dict, side: str, pending: Decision, deal: random.Random) -> None:
    """Deal the cards ``side`` cannot see anew among their places by
    ``deal``, keeping each pile's size. The cards he knows stay put: those
    he is picking from (an opponent's hand shown to him) and a card the
    opponent revealed as his next play. Lists change in place: the rules in
    progress hold them."""
    other = opponent(side)
    known = {state["must_play"][other]}
    if pending.kind == "pick_card":
        known |= {o for o in pending.options if isinstance(o, int)}
    _shuffle_among([state["deck"], state["hands"][other], state["set_aside"][other]],
                   known, deal)
    ps = state["ps"]
    if ps is not None:
        piles = [ps["deck"]] if ps["revealed"][other] else [ps["deck"], ps["hands"][other]]
        moved = _shuffle_among(piles, set(), deal)
        ps["dealt"][other] = [moved.get(c, c) for c in ps["dealt"][other]]


def _seen_seed(state: dict, side: str, pending: Decision) -> int:
    """A preview's seed, made only of what ``side`` sees at ``pending``: the
    same position seen the same way previews the same, whatever the hidden
    cards and the real dice are, so that a bot's look-ahead tells it nothing
    of them (and every answer at one decision is weighed on the same dice).

    It hashes a canonical text of what is seen (JSON, keys sorted), never an
    object's bytes (marshal's depend on how objects are shared, so a loaded
    game or another build would preview otherwise), and with a hash that
    no process randomises: one seed plays the same greedy games everywhere."""
    other = opponent(side)
    seen = (state["turn"], state["ar"], state["phasing"], state["phase"], state["vp"], state["sp"],
            state["tiananmen"], state["hands"][side], len(state["hands"][other]),
            len(state["deck"]), pending.kind, pending.player, pending.options)
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _reseed(copy, side: str, pending: Decision, seed: int) -> int:
    """Make a look-ahead copy one that ``side`` cannot tell from the real
    game: its dice re-seeded and the cards he cannot see dealt anew, from
    ``seed`` alone (sorted first, so that where they really were makes no
    difference). Returns the dice's new seed (:func:`_dice`)."""
    deal = random.Random(seed)
    dice = deal.getrandbits(64)
    copy.chance.reseed(dice)
    _forget(copy.state, side, pending, deal)
    return dice


def _dice(seed: int) -> int:
    """The seed of the dice :func:`_reseed` gives a copy from ``seed``."""
    return random.Random(seed).getrandbits(64)


def _layout(state: dict, side: str, dice: int) -> dict:
    """Where :func:`_reseed` put the cards ``side`` cannot see, and its dice's seed."""
    other = opponent(side)
    ps = state["ps"]
    return {"dice": dice, "deck": state["deck"][:], "hand": state["hands"][other][:],
            "set_aside": state["set_aside"][other][:],
            "ps": ps and {"deck": ps["deck"][:], "hand": ps["hands"][other][:],
                          "dealt": ps["dealt"][other][:]}}


def _lay_out(copy, side: str, layout: dict) -> None:
    """Put a :func:`_layout` back on a look-ahead copy, in place (the rules
    in progress hold the lists)."""
    state = copy.state
    other = opponent(side)
    copy.chance.reseed(layout["dice"])
    state["deck"][:] = layout["deck"]
    state["hands"][other][:] = layout["hand"]
    state["set_aside"][other][:] = layout["set_aside"]
    ps = state["ps"]
    if ps is not None:
        ps["deck"][:] = layout["ps"]["deck"]
        ps["hands"][other][:] = layout["ps"]["hand"]
        ps["dealt"][other][:] = layout["ps"]["dealt"]


def _shuffle_among(piles: list[list], known: set, deal: random.Random) -> dict:
    """Deal the unknown cards of ``piles`` anew among their places (sorted,
    then shuffled by ``deal``); returns {old card: new card} for every place."""
    places = [(pile, i) for pile in piles for i, c in enumerate(pile) if c not in known]
    cards = sorted(pile[i] for pile, i in places)
    deal.shuffle(cards)
    moved = {}
    for (pile, i), card in zip(places, cards, strict=True):
        moved[pile[i]] = card
        pile[i] = card
    return moved


class _Moment:
    """What undo compares between two decisions of one game: who decides,
    what its chance had drawn by then (data/chance.py), the decks and the
    cards hidden from the undoing side."""

    def __init__(self, game, side: str) -> None:
        st = game.state
        self.side = side
        self.player = game.pending.player if game.pending else None
        self.log_at = len(game.log)
        self.drawn = game.chance.drawn
        self.decks = (list(st["deck"]), list(st["ps"]["deck"]) if st["ps"] else None)
        self.hidden = _hidden(st, side)

    def barrier(self, now: _Moment, log: list[dict]) -> str:
        """Why the game cannot go back from ``now`` to this moment ('' if it can)."""
        since = log[self.log_at:now.log_at]
        if now.drawn != self.drawn:
            roll = next((e["text"] for e in since if "roll" in e), None)
            return (f"a die was rolled since ({roll})" if roll
                    else "cards were shuffled or picked at random since")
        if now.decks != self.decks:
            return "cards were drawn or dealt since"
        seen = self.hidden - now.hidden
        if seen:
            return f"{len(seen)} card(s) the {self.side} could not see came into view since"
        return ""


def _hidden(state: dict, side: str) -> set[tuple[str, int]]:
    """The cards ``side`` cannot see: strategy ('s') and Power Struggle ('p')."""
    other = opponent(side)
    out = {("s", c) for c in (*state["deck"], *state["hands"][other],
                              *state["set_aside"][other])}
    ps = state["ps"]
    if ps is not None:
        out |= {("p", c) for c in ps["deck"]}
        if not ps["revealed"][other]:
            out |= {("p", c) for c in ps["hands"][other]}
    return out
