"""Judging a position for the search bot (engine/bots/search.py): an estimate of
the VP the game will end on, read from the state alone.

Why not VP and controlled spaces (agents.evaluate): a country is worth what
it will score, and it scores at Final Scoring (10.4) and each time its
Scoring card is played (8.0), when a Power Struggle is won or lost first. So
a country's standing (9.2-9.3: presence, domination, control and
Battlegrounds, counted exactly) is weighted by how often it can still score,
which depends on where its Scoring card is, and the Power Struggle is judged
by the cards each side would be dealt (8.1.1) and what winning it is worth:
VP, and for the Democrat the chance to topple the Communist, who otherwise
scores his Power Value times the plays (8.4.6) and keeps his Final Scoring
bonus (10.4.1). Everything comes from the game data: no country or card is
named here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

from dof.engine.data.records import GameData
from dof.engine.rules.actions import rounds_allowed
from dof.engine.rules.board import Standing, holder, retally, tally
from dof.engine.rules.power_struggle import deal_count
from dof.engine.rules.protocols import RulesGame

#: Mean VP of a won Power Struggle (8.4.3: a die on the results table).
PS_VP = 1.5
#: Chance that a winning Democrat's VP roll of 4+ topples the Communist (8.4.4).
TOPPLE = 0.5
#: How many more Power Struggle cards make a sure win: the scale of the
#: logistic that judges a struggle by the two hand sizes (8.1.1).
PS_SCALE = 3.0
#: Scoring-card plays to expect per turn for a card in the deck or discards:
#: about 16 of some 50-100 cards are played each turn.
PLAYS_PER_TURN = 0.25
#: Value of a box on the Tiananmen Square track (its award, 6.3.5) and of an
#: SP that changes no control (it guards the space, or is a step towards it).
BOX = 1.0
SP = 0.04
WIN = 1000.0
#: A hand with more Scoring cards than action rounds left loses the game at
#: the end of the turn (4.5.4), unless an effect gives an extra round.
STUCK = WIN / 2
#: Countries' SPs tallied and standings valued at most before the judge
#: forgets them (Judge.standings, Judge.worths).
MEMO = 1 << 16


@dataclass(frozen=True)
class CountryFacts:
    """A country's spaces and Scoring Box, as the judge reads them."""

    index: int
    name: str
    #: (space, stability, battleground) for each space.
    cells: tuple[tuple[int, int, bool], ...]
    presence: int
    domination: int
    control: int
    power: int
    scoring_card: int


class Judge:
    """Values positions of one game data for either side (D-positive inside)."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.countries = [
            CountryFacts(i, name, tuple((s, data.spaces[s].stability, data.spaces[s].battleground)
                                        for s in c.spaces),
                         c.presence, c.domination, c.control, c.power, c.scoring_card)
            for i, (name, c) in enumerate(data.countries.items())
        ]
        self.by_name = {facts.name: facts for facts in self.countries}
        self.country_of = [0] * len(data.spaces)
        for facts in self.countries:
            for s, _, _ in facts.cells:
                self.country_of[s] = facts.index
        self.stability = tuple(s.stability for s in data.spaces)
        self.battleground = tuple(int(s.battleground) for s in data.spaces)
        self.first_turn = {facts.index: self._first_turn(facts.scoring_card)
                           for facts in self.countries}
        #: By turn: each country's plays to expect from that turn on while
        #: its Scoring card is in no hand (Judge.weights), worked out once.
        self.plays_from = [tuple(self._plays(facts, turn) for facts in self.countries)
                           for turn in range(data.turns + 2)]
        #: A search meets the same few countries' SPs and standings again
        #: and again, in every decision of a playout and in every playout:
        #: each country's standing by its SPs (board.tally) and its worth to
        #: the Democrat by its standing (Judge.worth) are kept, up to MEMO
        #: of each.
        self.sps_of = [itemgetter(*(s for s, _, _ in facts.cells)) for facts in self.countries]
        self.standings: dict[tuple, Standing] = {}
        self.worths: dict[tuple[int, Standing, tuple[float, float], bool], float] = {}

    def _first_turn(self, card: int) -> int:
        """The first turn a card can be drawn (4.4: its period's deck joins)."""
        period = self.data.cards[card].period
        for turn in range(1, self.data.turns + 1):
            if self.data.period_of_turn(turn) == period:
                return turn
        return self.data.turns + 1

    # ------------------------------------------------------------ weights
    def _plays(self, facts: CountryFacts, turn: int) -> float:
        """How many more times the country's Scoring card will be played
        from ``turn`` on, held in no hand: from the turn its deck joins."""
        since = max(turn, self.first_turn[facts.index])
        return PLAYS_PER_TURN * max(0.0, self.data.turns - since + 0.5)

    def weights(self, state: Mapping[str, Any],
                hands: tuple[str, ...]) -> list[tuple[float, float]]:
        """Per country: (how many more times it will be scored by a Scoring
        card, the Communist's Power VP per such scoring if he keeps Power),
        for this state; a Scoring card in one of ``hands`` is played this turn."""
        in_hand = {c for side in hands for c in state["hands"][side]}
        gone = state["removed"]
        # A Scoring card whose Power Struggle is being fought now is gone too.
        fought = state["played"] if state["ps"] is not None else None
        power, scoring_plays = state["power"], state["scoring_plays"]
        out = []
        for facts, plays in zip(self.countries, self.plays_from[state["turn"]], strict=True):
            card = facts.scoring_card
            if power[facts.name] == "democrat":
                out.append((0.0, 0.0))
                continue
            if card in gone or card == fought:
                plays = 0.0
            elif card in in_hand:
                plays += 1.0
            out.append((plays, facts.power * (scoring_plays[facts.name] + 1)))
        return out

    # ----------------------------------------------------------- countries
    def country(self, facts: CountryFacts, dem: list[int], com: list[int],
                destroyed: list[int], weight: tuple[float, float], communist_power: bool) -> float:
        """The country's worth to the Democrat (negative: to the Communist)."""
        return self.valued(facts, self.standing(facts, dem, com, destroyed), weight,
                           communist_power)

    def standing(self, facts: CountryFacts, dem: list[int], com: list[int],
                 destroyed: list[int]) -> Standing:
        """The country's standing with these SPs (board.tally), kept."""
        sps = self.sps_of[facts.index]
        key = (facts.index, sps(dem), sps(com), tuple(destroyed))
        standing = self.standings.get(key)
        if standing is None:
            if len(self.standings) >= MEMO:
                self.standings.clear()
            standing = self.standings[key] = tally(facts.cells, dem, com, destroyed)
        return standing

    def valued(self, facts: CountryFacts, standing: Standing, weight: tuple[float, float],
               communist_power: bool) -> float:
        """The country's worth to the Democrat with this standing (Judge.worth), kept."""
        key = (facts.index, standing, weight, communist_power)
        worth = self.worths.get(key)
        if worth is None:
            if len(self.worths) >= MEMO:
                self.worths.clear()
            worth = self.worths[key] = self.worth(facts, standing, weight, communist_power)
        return worth

    def worth(self, facts: CountryFacts, standing: Standing, weight: tuple[float, float],
              communist_power: bool) -> float:
        """The country's worth to the Democrat with this standing."""
        nd, nc, bd, bc, bgs = standing
        score = self.level(facts, nd, nc, bd, bc, bgs) - self.level(facts, nc, nd, bc, bd, bgs)
        plays, power = weight
        value = (1.0 + plays) * score
        if communist_power:
            value += self.data.final_power_bonus
        if plays:
            value += plays * struggle(nd, nc, power, communist_power, self.data.final_power_bonus)
        return value

    @staticmethod
    def level(facts: CountryFacts, n: int, m: int, own_bg: int, other_bg: int, bgs: int) -> int:
        """9.2-9.3: one side's points in a country scored now."""
        if not n:
            return 0
        if n > m and bgs and own_bg == bgs:
            return facts.control + own_bg
        if n > m and own_bg > other_bg and n - own_bg >= 1:
            return facts.domination + own_bg
        return facts.presence + own_bg

    # --------------------------------------------------------------- all
    def value(self, game: RulesGame, side: str, hands: tuple[str, ...] = ()) -> float:
        """``side``'s judgement of a game (a sample): the VP it expects to
        end on (positive: his way), or +-WIN for a finished game. ``hands``
        are the hands whose cards the judge may read (both, in a sample)."""
        state = game.state
        result = state["result"]
        sign = 1.0 if side == "democrat" else -1.0
        if result:
            winner = result["winner"]
            return 0.0 if winner is None else WIN + abs(result["vp"]) if winner == side \
                else -WIN - abs(result["vp"])
        dem, com = state["sp"]["democrat"], state["sp"]["communist"]
        destroyed = state["destroyed"]
        power = state["power"]
        total = float(state["vp"])
        for facts, weight in zip(self.countries, self.weights(state, hands), strict=True):
            total += self.country(facts, dem, com, destroyed, weight,
                                  power[facts.name] == "communist")
        track = state["tiananmen"]
        total += BOX * (track["democrat"] - track["communist"])
        total += SP * (sum(dem) - sum(com))
        if state["phase"] == "action_rounds":
            for hand in hands:
                if self.stuck(game, hand):
                    total += -STUCK if hand == "democrat" else STUCK
        return sign * total

    def stuck(self, game: RulesGame, side: str) -> bool:
        """Whether ``side`` holds more Scoring cards than he has action rounds
        left this turn (4.5.4). His round in progress counts while he has not
        played its card."""
        state = game.state
        cards = self.data.cards
        held = sum(1 for c in state["hands"][side]
                   if c is not None and cards[c].side == "scoring")
        if not held:
            return False
        left = rounds_allowed(game, side) - state["rounds"][side]
        if state["phasing"] == side and state["played"] is None and state["ps"] is None:
            left += 1
        return held > left

    def country_worth(self, state: dict, side: str, facts: CountryFacts,
                      weights: list[tuple[float, float]]) -> float:
        """``side``'s worth of one country now."""
        sp = state["sp"]
        worth = self.country(facts, sp["democrat"], sp["communist"], state["destroyed"],
                             weights[facts.index], state["power"][facts.name] == "communist")
        return worth if side == "democrat" else -worth


class Countries:
    """One side's worth of each country at one moment, as single spaces'
    SPs change: the bots weigh every placement, check target or SP to lose
    of a decision against the same state, each changing one space. So each
    country is tallied once, and only if some option changes the control
    of one of its spaces (a change moves only that space's control,
    board.retally); the weights (Judge.weights, for the side's own hand
    unless given) are read only then too, and the judge keeps standings and
    their worths for all decisions (Judge.standings, Judge.worths)."""

    def __init__(self, judge: Judge, state: Mapping[str, Any], side: str,
                 weights: list[tuple[float, float]] | None = None) -> None:
        self.judge = judge
        self.state = state
        self.side = side
        self.sign = 1.0 if side == "democrat" else -1.0
        self._weights = weights
        self.dem, self.com = state["sp"]["democrat"], state["sp"]["communist"]
        self.destroyed = state["destroyed"]
        #: country -> (its standing, the side's worth of it), as it stands
        self.now: dict[int, tuple[Standing, float]] = {}

    @property
    def weights(self) -> list[tuple[float, float]]:
        if self._weights is None:
            self._weights = self.judge.weights(self.state, (self.side,))
        return self._weights

    def gain(self, space: int, held: int) -> float:
        """What the side's worth of the country holding ``space`` would
        gain were the space controlled as ``held`` says (board.holder's 1,
        -1 or 0): 0.0 when that is who controls it now."""
        before = holder(self.judge.stability[space], self.dem[space], self.com[space])
        if held == before or space in self.destroyed:
            return 0.0
        standing, now = self._now(space)
        return self._worth(space, retally(standing, self.judge.battleground[space], before,
                                          held)) - now

    def if_held(self, space: int, dem: int, com: int) -> float:
        """The side's worth of the country holding ``space`` were ``dem``
        and ``com`` SPs there (and everything else as it stands)."""
        held = holder(self.judge.stability[space], dem, com)
        before = holder(self.judge.stability[space], self.dem[space], self.com[space])
        standing, now = self._now(space)
        if held == before or space in self.destroyed:
            return now
        return self._worth(space, retally(standing, self.judge.battleground[space], before,
                                          held))

    def _now(self, space: int) -> tuple[Standing, float]:
        """The standing of the space's country now, and its worth."""
        country = self.judge.country_of[space]
        now = self.now.get(country)
        if now is None:
            facts = self.judge.countries[country]
            standing = self.judge.standing(facts, self.dem, self.com, self.destroyed)
            now = self.now[country] = (standing, self._worth(space, standing))
        return now

    def _worth(self, space: int, standing: Standing) -> float:
        """The side's worth of the space's country with this standing."""
        country = self.judge.country_of[space]
        facts = self.judge.countries[country]
        return self.sign * self.judge.valued(facts, standing, self.weights[country],
                                             self.state["power"][facts.name] == "communist")


@lru_cache(maxsize=4096)
def struggle(nd: int, nc: int, power: float, communist_power: bool, bonus: int) -> float:
    """A Power Struggle's expected worth to the Democrat from the spaces each
    side controls now (8.1.1 cards, 8.4 aftermath, 8.4.6 Power VP; ``bonus``
    the Communist's Final Scoring bonus for Power, 10.4.1, negative)."""
    cards_d, cards_c = deal_count(nd), deal_count(nc)
    if not cards_d and not cards_c:
        win = 0.5
    elif not cards_d:
        win = 0.03
    elif not cards_c:
        win = 0.97
    else:
        win = 1.0 / (1.0 + math.exp((cards_c - cards_d) / PS_SCALE))
    value = (2 * win - 1) * PS_VP
    if communist_power:
        topple = win * TOPPLE
        value += topple * -bonus - (1.0 - topple) * power
    return value
