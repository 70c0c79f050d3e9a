"""Plays scripted in advance: every question answered from a list of
answers written as a person reads the options, every die and Power
Struggle deal fixed.

A scenario (docs/scenarios.md), a position's events put in force and a
test play cards this way: an answer names an option as it is shown (a
space's or card's name, "event", "#12", an event's option label) or, for an
event's option, by its number (docs/api.md). Whatever does not fit (an
answer not offered, a question with no answer left, an answer or a die
never used, more Power Struggle cards than a side is dealt) is a
:class:`ScriptError` at its place in the script's data
(engine/data/positions.py), never a traceback.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from dof.engine.data.chance import PS_DECK, NoDieLeft, ScriptedChance
from dof.engine.data.located import KeyPath, shown
from dof.engine.data.positions import Play, PositionError, Reader
from dof.engine.data.records import GameData
from dof.engine.data.terms import SIDES, key
from dof.engine.game import Driver, Game
from dof.engine.rules.decisions import Decision
from dof.engine.rules.operations import OPS_USES
from dof.engine.rules.power_struggle import controlled_count, deal_count
from dof.engine.rules.protocols import Steps


class ScriptError(PositionError):
    """A script that does not fit the game: an answer not offered (E611), a
    question with no answer left (E612), an answer never used (E613), dice
    that do not match the rolls (E614)."""


# ----------------------------------------------------------------- answers
def describe(decision: Decision) -> str:
    """A question as the failure messages show it."""
    return f"the {decision.player} is asked {decision.prompt!r} ({decision.kind})"


def labels(decision: Decision) -> list[str]:
    return [decision.label(i) for i in range(len(decision.options))]


def offered(decision: Decision) -> str:
    """The options of ``decision`` as a hint shows them; an event's options
    with their numbers, which answer them too."""
    shown_ = labels(decision)
    if decision.kind == "option":
        shown_ = [f"{option}: {label}" for option, label in zip(decision.options, shown_,
                                                                 strict=True)]
    return "offered: " + ", ".join(shown_) if shown_ else "nothing was offered"


def pick(game: Game, decision: Decision, answer: Any, at: KeyPath) -> Any:
    """The option ``answer`` names, or a ScriptError showing what was offered."""
    found = matches(game, decision, answer)
    named = {decision.label(i) for i in found}
    if found and len(named) == 1:
        return decision.options[found[0]]
    what = "names " + " and ".join(sorted(named)) if found else "is not among the options"
    raise ScriptError(f"{shown(answer)} {what}: {describe(decision)}", at, "E611",
                      offered(decision))


def matches(game: Game, decision: Decision, answer: Any) -> list[int]:
    """Indexes of the options ``answer`` names: the option itself ("event",
    "yes"), its label with or without a trailing '(...)', a card's number
    or name, a space's name or alias, or an event's option by its number
    (the option itself, docs/api.md)."""
    wanted = {_key(answer)}
    number = isinstance(answer, int) and not isinstance(answer, bool)
    if number:
        wanted.add(f"#{answer}")
    elif isinstance(answer, str):
        with contextlib.suppress(KeyError):
            wanted.add(_key(game.data.space(answer).name))
    return [i for i, option in enumerate(decision.options)
            if wanted & option_keys(option, decision.label(i))
            or (number and decision.kind == "option" and option == answer)]


def option_keys(option: Any, label: str) -> set[str]:
    """What an option answers to."""
    keys = {_key(label), _key(short(label))}
    if isinstance(option, str):
        keys |= {_key(option), _key(option.replace("_", " "))}
    card = re.fullmatch(r"(#\d+)\s+(.*)", label)
    if card:
        keys |= {_key(card[1]), _key(card[2])}
    return keys


def short(label: str) -> str:
    """A label without its trailing '(...)': 'Name' of 'Name (2 Ops)'."""
    return re.sub(r"\s*\([^)]*\)$", "", label)


def _key(value: Any) -> str:
    """An answer or option as a name key (numbers and words alike)."""
    return key(str(value))


#: The options the rules' own questions offer, besides names: how a card is
#: used (6.0), yes or no, the order of an opponent's event (5.2) or of a
#: card's Ops and event (6.3.5), stopping, conceding (8.3.2).
RULES_WORDS = frozenset(key(word) for word in (
    *OPS_USES, *map(short, OPS_USES.values()), "support checks", "event", "ops and event",
    "ops_and_event", "ops", "yes", "no", "before", "after", "stop", "done", "concede",
    "obligation"))


def names_something(game: Game, answer: Any) -> bool:
    """Whether ``answer`` names anything a question could offer: a space,
    country, card or Power Struggle card, or one of the rules' words
    (RULES_WORDS); an event's own options are its card file's to name."""
    if isinstance(answer, bool) or answer is None:
        return False
    names = game.data.names
    if isinstance(answer, int):
        return answer in game.data.cards
    text = str(answer)
    if key(text) in RULES_WORDS or any(text in table for table in (
            names.spaces, names.countries, names.cards, names.ps_cards)):
        return True
    try:
        Reader(game.data).card_number(text)
    except PositionError:
        return False
    return True


def answer_by_name(game: Game, *answers: Any) -> None:
    """Answer ``game``'s pending decisions in turn, each answer naming an
    option as a scenario's script does (a space's or card's name, "event",
    "#12", an event's option by its label or number); ScriptError (at the
    answer's index) for one that is not offered, or when the game is over."""
    for i, answer in enumerate(answers):
        decision = game.pending
        if decision is None:
            raise ScriptError(f"the game is over: {shown(answer)} answers nothing", (i,), "E613")
        game.answer(pick(game, decision, answer, (i,)))


class Script:
    """A play's ``answers``, each given to the next question asked, of
    either player; every question needs one (E612) and every answer must be
    used (E613). ``asked`` collects the questions answered."""

    def __init__(self, game: Game, play: Play, asked: list[Decision] | None = None) -> None:
        self.game, self.play = game, play
        self.left = list(enumerate(play.answers))
        self.asked = asked

    def answer(self, decision: Decision) -> Any:
        """The option the next answer names (E611 if none)."""
        if self.asked is not None:
            self.asked.append(decision)
        if not self.left:
            raise ScriptError(f"{describe(decision)}, but no answer is left in the script",
                              self.play.path("answers"), "E612", offered(decision))
        i, answer = self.left.pop(0)
        return pick(self.game, decision, answer, self.play.path("answers", i))

    @property
    def finished(self) -> bool:
        return not self.left

    def done(self) -> None:
        """The play is over: E613 for an answer never given."""
        if self.left:
            what = (f"the play of {self.game.card_name(self.play.card)}"
                    if self.play.card is not None else f"the run to the {self.play.to}")
            raise ScriptError(f"answer not used: {what} ended before this answer was needed",
                              self.play.path("answers", self.left[0][0]), "E613")


def run_scripted(game: Game, play: Play, steps: Steps, chance: PlayChance) -> Any:
    """Run a rule to its end with the engine's Driver, answering each
    question from ``play``'s script and rolling its dice (``chance`` is the
    game's); every answer and die must be used. What the rule returned."""
    script = Script(game, play)
    chance.start(play)
    run = Driver(steps)
    decision = run.send()
    chance.check()
    while decision is not None:
        decision = run.send(script.answer(decision))
        chance.check()
    script.done()
    chance.finish()
    return run.value


# -------------------------------------------------------------------- dice
class PlayChance(ScriptedChance):
    """The game's chance as scripted plays give it: while a play runs
    (:meth:`start`), the play's ``dice`` in order, or the seeded dice when
    it gives none; every die of the script must be rolled (E614). ``game``
    is the game it serves (for a layout that reads the board).

    A draw the script cannot make (a die more than it gives, a deck it
    cannot stack) is the script's mistake: the source keeps the first
    (:meth:`fail`), draws on from the seeded generator, and whoever steps
    the game raises it at the next decision (:meth:`check`), as a mistake
    raised inside the rules would leave the game halfway through an answer.
    """

    def __init__(self) -> None:
        super().__init__()
        self.play: Play | None = None
        self.problem: Exception | None = None

    def start(self, play: Play) -> None:
        """Roll ``play``'s dice from now on."""
        self.play = play
        self.dice = None if play.dice is None else list(play.dice)

    def fail(self, problem: Exception) -> None:
        """Keep ``problem`` for :meth:`check` (the first one met counts)."""
        if self.problem is None:
            self.problem = problem

    def check(self) -> None:
        """Raise the problem a draw met, if any."""
        if self.problem is not None:
            raise self.problem

    def die(self, who: str, why: str) -> int:
        try:
            return super().die(who, why)
        except NoDieLeft as short_:
            play = self.play
            assert play is not None and play.dice is not None  # dice are scripted
            self.fail(ScriptError(str(short_), play.at, "E614",
                                  f"add a die to the play's dice: {len(play.dice)} given"))
            self.dice = None
            return super().die(who, why)

    def finish(self) -> None:
        """The play is over: E614 for a die of its script never rolled; the
        seeded dice roll again."""
        left, self.dice = self.dice, None
        play = self.play
        if left and play is not None and play.dice is not None:
            rolled = len(play.dice) - len(left)
            raise ScriptError(f"die not used: the play rolled {rolled} time(s)",
                              play.path("dice", rolled), "E614")


# ---------------------------------------------------- Power Struggle deals
@dataclass
class PsDeal:
    """The Power Struggle cards (names) dealt at one struggle, by side, then
    the next ones drawn; ``at`` says where each is written."""

    hands: dict[str, list[tuple[str, KeyPath]]]
    draws: list[tuple[str, KeyPath]]
    at: KeyPath = ()


def read_deals(reader: Reader, value: Any, at: KeyPath = ()) -> list[PsDeal]:
    """The Power Struggle cards dealt at the next struggle (``{democrat:
    [...], communist: [...], draws: [...]}``), or a list of such, one for
    each struggle in order, as a scenario's ``power_struggle`` writes them."""
    items = [(value, at)] if isinstance(value, Mapping) else reader.items(value, at,
                                                                          "power_struggle")
    deals = []
    for item, item_at in items:
        entries = reader.mapping(item, item_at, "power_struggle", (*SIDES, "draws"))
        hands = {side: [(reader.ps_card(card, card_at), card_at) for card, card_at in
                        reader.items(entries[side], item_at + (side,), f"the {side}'s cards")]
                 for side in SIDES if side in entries}
        draws = [(reader.ps_card(card, card_at), card_at) for card, card_at in
                 reader.items(entries.get("draws", []), item_at + ("draws",), "draws")]
        deals.append(PsDeal(hands, draws, item_at))
    return deals


class PsDeals:
    """Deal the scripted Power Struggle cards at the next struggles, one
    :class:`PsDeal` each, in order: each fresh deck is shuffled with the
    game's generator as usual (8.1.1), then the named cards are put where
    the deal takes each side's cards. ``held`` counts the struggles dealt."""

    def __init__(self, chance: ScriptedChance, deals: list[PsDeal]) -> None:
        self.chance, self.deals, self.held = chance, deals, 0
        chance.lay_out(PS_DECK, self._layout)

    def _layout(self, deck: list[int]) -> list[int]:
        self.held += 1
        if self.held > len(self.deals):
            return deck
        try:
            return stacked(self.chance.game, self.deals[self.held - 1], deck)
        except ScriptError as problem:
            self.chance.fail(problem)
            return deck

    def check(self) -> None:
        """E613 for a deal no struggle took."""
        if self.held < len(self.deals):
            count = "no Power Struggle was held" if not self.held else (
                f"{self.held} Power Struggle(s) held, {len(self.deals)} scripted")
            raise ScriptError(f"power_struggle: {count}", self.deals[self.held].at, "E613")


def deal_power_struggles(chance: ScriptedChance, data: GameData, value: Any) -> PsDeals:
    """Deal the Power Struggle cards ``value`` names (a scenario's
    ``power_struggle``: the cards of each side by name, then the draws; or
    a list of such, one for each struggle in order) at the next struggles
    of the game ``chance`` serves; PositionError if ``value`` names no such
    cards, ScriptError when a struggle cannot deal them."""
    return PsDeals(chance, read_deals(Reader(data), value))


def stacked(game: Game, deal: PsDeal, deck: list[int]) -> list[int]:
    """``deck`` laid out so that the struggle under way deals ``deal``: the
    scorer's cards, his opponent's, then the draws (the rest of a side's
    deal, if it is dealt more, comes from the shuffled deck)."""
    ps = game.state["ps"]
    assert ps is not None, "the deal is for a Power Struggle under way"
    free = list(deck)
    take = _taker(game, free)
    sides = (ps["scorer"], game.opponent(ps["scorer"]))
    counts = {side: deal_count(controlled_count(game, side, ps["country"])) for side in sides}
    dealt = {}
    for side in sides:
        listed = deal.hands.get(side, [])
        if len(listed) > counts[side]:
            raise ScriptError(f"the {side} controls "
                              f"{controlled_count(game, side, ps['country'])} space(s) in "
                              f"{ps['country']} and is dealt {counts[side]} Power Struggle "
                              f"cards, not {len(listed)}", listed[counts[side]][1], "E301")
        dealt[side] = [take(name, at) for name, at in listed]
    draws = [take(name, at) for name, at in deal.draws]
    order = []  # in the order the deal takes them: scorer, opponent, then draws
    for side in sides:
        fill = [free.pop() for _ in range(min(counts[side] - len(dealt[side]), len(free)))]
        order += dealt[side] + fill
    order += draws
    return free + list(reversed(order))


def _taker(game: Game, free: list[int]) -> Callable[[str, KeyPath], int]:
    """Take a card by name out of ``free``; E301 when none is left."""
    def take(name: str, at: KeyPath) -> int:
        for cid in free:
            if game.data.ps_cards[cid].name == name:
                free.remove(cid)
                return cid
        raise ScriptError(f"no {name!r} card is left in the Power Struggle deck", at, "E301")
    return take
