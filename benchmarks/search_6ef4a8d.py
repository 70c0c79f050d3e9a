"""A frozen copy of the search bot and its judge as they were at commit
6ef4a8d (engine/bots/search.py and judge.py, one module): the fixture that
benchmarks/bench_search_strength.py plays the search bot against, in the
same games, to tell whether a faster search is a weaker one. Not part of
the package, and never to be changed: its games are the yardstick.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from dof.engine.api import View
from dof.engine.data.records import GameData
from dof.engine.data.terms import SIDES
from dof.engine.rules.actions import rounds_allowed
from dof.engine.rules.board import controller, controls, opponent
from dof.engine.rules.decisions import Decision
from dof.engine.rules.operations import placement_costs
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
        self.first_turn = {facts.index: self._first_turn(facts.scoring_card)
                           for facts in self.countries}

    def _first_turn(self, card: int) -> int:
        """The first turn a card can be drawn (4.4: its period's deck joins)."""
        period = self.data.cards[card].period
        for turn in range(1, self.data.turns + 1):
            if self.data.period_of_turn(turn) == period:
                return turn
        return self.data.turns + 1

    # ------------------------------------------------------------ weights
    def weights(self, state: Mapping[str, Any],
                hands: tuple[str, ...]) -> list[tuple[float, float]]:
        """Per country: (how many more times it will be scored by a Scoring
        card, the Communist's Power VP per such scoring if he keeps Power),
        for this state; a Scoring card in one of ``hands`` is played this turn."""
        turn = state["turn"]
        left = max(0.0, self.data.turns - turn + 0.5)
        in_hand = {c for side in hands for c in state["hands"][side] if c is not None}
        gone = set(state["removed"])
        if state["ps"] is not None and state["played"] is not None:
            gone.add(state["played"])  # its Power Struggle is being fought now
        out = []
        for facts in self.countries:
            card = facts.scoring_card
            democratic = state["power"][facts.name] == "democrat"
            if card in gone or democratic:
                plays = 0.0
            else:
                since = max(turn, self.first_turn[facts.index])
                plays = PLAYS_PER_TURN * max(0.0, self.data.turns - since + 0.5) if \
                    since > turn else PLAYS_PER_TURN * left
                if card in in_hand:
                    plays += 1.0
            power = 0.0 if democratic else facts.power * (state["scoring_plays"][facts.name] + 1)
            out.append((plays, power))
        return out

    # ----------------------------------------------------------- countries
    def country(self, facts: CountryFacts, dem: list[int], com: list[int],
                destroyed: list[int], weight: tuple[float, float], communist_power: bool) -> float:
        """The country's worth to the Democrat (negative: to the Communist)."""
        nd = nc = bd = bc = 0
        bgs = 0
        for s, stab, bg in facts.cells:
            if destroyed and s in destroyed:
                continue
            if bg:
                bgs += 1
            # Only the side with more SPs may control (stabilities are at least 1).
            d, c = dem[s], com[s]
            if d > c and controls(stab, d, c):
                nd += 1
                bd += bg
            elif c > d and controls(stab, c, d):
                nc += 1
                bc += bg
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

    def country_at(self, state: dict, side: str, weights: list[tuple[float, float]],
                   space: int) -> float:
        """``side``'s worth of the country holding ``space``: a change to that
        space's SPs moves nothing else but the SP term."""
        return self.country_worth(state, side, self.countries[self.country_of[space]], weights)


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


# ------------------------------------------------------------------ search
#: Playouts for a searched decision by default: about 0.05 s a decision on
#: average and 0.4 s at most on one core (benchmarks/bench_search.py).
PLAYOUTS = 96
#: At most this many answers of a wide question are searched, those that
#: look best one decision ahead: an event's "any space" choice can offer 70.
WIDTH = 12
#: A playout that has not reached the side's next card play after this many
#: decisions is judged where it is.
MAX_STEPS = 400
#: Decisions the judge answers without playouts.
STATIC = frozenset({"place", "setup_place", "check", "ps_support_loss"})

Sample = Any  # a Game, as View.sample returns it (engine/api.py)


class Playout:
    """Cheap answers for both sides of a sample: the default policy that
    plays out the rest of a searched line. Placements, checks and Support
    Loss read the judge; Power Struggle plays follow rules of thumb; other
    questions are answered at random."""

    def __init__(self, judge: Judge, rng: random.Random) -> None:
        self.judge = judge
        self.rng = rng
        self.data = judge.data

    def answer(self, game: Sample, decision: Decision) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        handler = self.HANDLERS.get(decision.kind)
        if handler is not None:
            return handler(self, game, decision)
        if decision.kind in ("may", "declare", "suppress", "extra_round") and "yes" in options:
            return "yes"
        return options[self.rng.randrange(len(options))]

    # --------------------------------------------------------- strategy
    def card(self, game: Sample, decision: Decision) -> Any:
        """A random card; a Scoring card once the country looks good for the
        player (or when it must be played)."""
        side = decision.player
        cards = self.data.cards
        scoring = [c for c in decision.options
                   if isinstance(c, int) and cards[c].side == "scoring"]
        if scoring and len(scoring) < len(decision.options):
            weights = self.judge.weights(game.state, (side,))
            for c in scoring:
                facts = self.judge.by_name.get(cards[c].scores or "")
                if facts is None or self.rng.random() < 0.2 \
                        or self.judge.country_worth(game.state, side, facts, weights) > 0:
                    return c
            others = [c for c in decision.options if c not in scoring]
            return others[self.rng.randrange(len(others))]
        return decision.options[self.rng.randrange(len(decision.options))]

    def use(self, game: Sample, decision: Decision) -> Any:
        """Own events mostly as events; an opponent's card on the Tiananmen
        track when it can (no event then, 6.3.6); else SPs or checks."""
        options = decision.options
        card = decision.context.get("card")
        owner = self.data.cards[card].side if card is not None else None
        if "event" in options and self.rng.random() < 0.6:
            return "event"
        if owner == opponent(decision.player) and "tiananmen" in options \
                and self.rng.random() < 0.7:
            return "tiananmen"
        ops = [u for u in options if u in ("place", "check")]
        if not ops:
            return options[self.rng.randrange(len(options))]
        return "place" if "place" in ops and (len(ops) == 1 or self.rng.random() < 0.7) \
            else "check"

    # ----------------------------------------------------- SPs and checks
    def place(self, game: Sample, decision: Decision) -> Any:
        """The space where one more SP is worth most per Op."""
        side = decision.player
        state = game.state
        sp = state["sp"][side]
        judge = self.judge
        weights = judge.weights(state, (side,))
        costs = placement_costs(game, side, decision.options) if decision.kind == "place" \
            else {}
        base: dict[int, float] = {}
        best, best_value = None, -math.inf
        for s in decision.options:
            country = judge.country_of[s]
            if country not in base:
                base[country] = judge.country_at(state, side, weights, s)
            sp[s] += 1
            gain = judge.country_at(state, side, weights, s) - base[country] + SP
            sp[s] -= 1
            value = gain / costs.get(s, 1) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = s, value
        return best

    def check(self, game: Sample, decision: Decision) -> Any:
        """The target where a check is worth most on average over the die
        (6.2.4-6.2.6: adjacency modifiers; lasting effects are left out)."""
        side = decision.player
        ops = decision.context.get("ops", 1)
        weights = self.judge.weights(game.state, (side,))
        base: dict[int, float] = {}
        best, best_value = decision.options[0], -math.inf
        for s in decision.options:
            if s == "stop":
                continue
            value = self.check_gain(game, side, s, ops, weights, base)
            value += self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = s, value
        return best

    def check_gain(self, game: Sample, side: str, space: int, ops: int,
                   weights: list[tuple[float, float]], base: dict[int, float]) -> float:
        """A support check's mean worth over the six rolls; ``base`` keeps
        each country's worth before the check."""
        other = opponent(side)
        mods = ops - 2 * game.stability[space]
        for n in game.adjacent[space]:
            who = controller(game, n)
            if who == side:
                mods += 1
            elif who == other:
                mods -= 1
        if mods + 6 <= 0:
            return 0.0
        state = game.state
        judge = self.judge
        country = judge.country_of[space]
        if country not in base:
            base[country] = judge.country_at(state, side, weights, space)
        own, theirs = state["sp"][side], state["sp"][other]
        had_own, had_theirs = own[space], theirs[space]
        gain = 0.0
        for excess in range(max(1, mods + 1), mods + 7):
            removed = min(excess, had_theirs)
            theirs[space] = had_theirs - removed
            own[space] = had_own + excess - removed
            gain += judge.country_at(state, side, weights, space) - base[country] + SP * excess
        own[space], theirs[space] = had_own, had_theirs
        return gain / 6

    def support_loss(self, game: Sample, decision: Decision) -> Any:
        """The SP whose loss costs least."""
        side = decision.player
        state = game.state
        sp = state["sp"][side]
        weights = self.judge.weights(state, (side,))
        best, best_value = decision.options[0], -math.inf
        for s in decision.options:
            sp[s] -= 1
            value = self.judge.country_at(state, side, weights, s)
            sp[s] += 1
            if value > best_value:
                best, best_value = s, value
        return best

    # ------------------------------------------------- Power Struggle (8)
    def ps_raise(self, game: Sample, decision: Decision) -> Any:
        """Raise the stakes (8.2) with a clearly larger hand, even after the
        three discards."""
        ps = game.state["ps"]
        side = decision.player
        mine, theirs = len(ps["hands"][side]), len(ps["hands"][opponent(side)])
        return "yes" if mine - 3 >= theirs + 3 else "no"

    def ps_discard(self, game: Sample, decision: Decision) -> Any:
        """Keep wild cards, leaders and long suits: discard a card of the
        shortest suit, lowest rank first."""
        return min(decision.options, key=self._keep_score(game, decision.player))

    def ps_attack(self, game: Sample, decision: Decision) -> Any:
        """Lead from the longest suit, highest rank first (8.3.2): it can
        lead again, and a high rank keeps the initiative."""
        keep = self._keep_score(game, decision.player)
        cards = self.data.ps_cards

        def strength(option: Any) -> tuple:
            cid = option[0] if isinstance(option, list) else option
            card = cards[cid]
            if card.kind != "suit":
                return (-1, 0.0)
            return (1, keep(cid))
        return max(decision.options, key=strength)

    def ps_match(self, game: Sample, decision: Decision) -> Any:
        """Always match (the cards are lost after the struggle anyway), with
        the least useful card."""
        matches = [o for o in decision.options if o != "concede"]
        return min(matches, key=self._keep_score(game, decision.player))

    def _keep_score(self, game: Sample, side: str) -> Callable[[Any], float]:
        """How much a Power Struggle card is worth keeping: wild cards and
        leaders most, then cards of long suits and high rank."""
        ps = game.state["ps"]
        cards = self.data.ps_cards
        length: dict[str | None, int] = {}
        for cid in ps["hands"][side]:
            suit = cards[cid].suit
            length[suit] = length.get(suit, 0) + 1

        def score(option: Any) -> float:
            if option == "concede":
                return math.inf
            card = cards[option[0] if isinstance(option, list) else option]
            if card.kind != "suit":
                return 100.0
            return length.get(card.suit, 0) * 10 + card.rank
        return score

    def ps_surrender(self, game: Sample, decision: Decision) -> Any:
        return "no"

    HANDLERS: ClassVar[dict[str, Callable[[Playout, Sample, Decision], Any]]] = {
        "card": card, "use": use, "place": place, "setup_place": place, "check": check,
        "ps_support_loss": support_loss, "ps_raise": ps_raise,
        "ps_raise_discard": ps_discard, "ps_attack": ps_attack, "ps_match": ps_match,
        "ps_surrender": ps_surrender,
    }


class SearchAgent:
    """Plays by determinized Monte Carlo search (see the module's doc):
    about ``playouts`` playouts per searched decision (at least one per line
    searched), or as many as fit in ``seconds`` per decision (the answers
    then depend on the machine); with both, whichever runs out first."""

    def __init__(self, seed: int = 0, playouts: int | None = PLAYOUTS,
                 seconds: float | None = None) -> None:
        if playouts is None and seconds is None:
            raise ValueError("a search needs a budget: playouts, seconds or both")
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self._judge: Judge | None = None
        self.plan: tuple[int, Any] | None = None  # (card, use) chosen together

    def judge(self, view: View) -> Judge:
        """The judge of the view's game data, made once."""
        if self._judge is None or self._judge.data is not view.data:
            self._judge = Judge(view.data)
        return self._judge

    def choose(self, view: View, decision: Decision) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        plan, self.plan = self.plan, None
        if decision.kind == "use" and plan is not None \
                and decision.context.get("card") == plan[0] and plan[1] in options:
            return plan[1]
        judge = self.judge(view)
        if decision.kind in STATIC:
            sample = view.sample(self.rng.getrandbits(32))
            return Playout(judge, self.rng).answer(sample, sample.pending)
        if decision.kind == "card":
            lines = self.card_lines(view, decision)
        elif len(options) > WIDTH:
            lines = [(o,) for o in self.shortlist(view, judge, options)]
        else:
            lines = [(o,) for o in options]
        best = self.search(view, judge, lines)
        if decision.kind == "card" and len(best) == 2:
            self.plan = (best[0], best[1])
        return best[0]

    def card_lines(self, view: View, decision: Decision) -> list[tuple]:
        """Every card with every use its play offers (5.0-5.4): one line each."""
        lines: list[tuple] = []
        seed = self.rng.getrandbits(32)
        for card in decision.options:
            sample = view.sample(seed)
            sample.answer(card)
            asked = sample.pending
            if asked is not None and asked.kind == "use" and asked.player == decision.player:
                lines.extend((card, use) for use in asked.options)
            else:
                lines.append((card,))
        return lines

    def shortlist(self, view: View, judge: Judge, options: list) -> list:
        """The WIDTH answers that look best one decision ahead (on one
        shared sample), to search among."""
        seed = self.rng.getrandbits(32)
        glance = []
        for i, option in enumerate(options):
            sample = view.sample(seed)
            sample.answer(option)
            glance.append((-judge.value(sample, view.side, SIDES), i))
        return [options[i] for _, i in sorted(glance)[:WIDTH]]

    def search(self, view: View, judge: Judge, lines: Sequence[tuple]) -> tuple:
        """The line with the best mean judgement, by successive halving: each
        round plays the lines still in it on shared samples, a pass of one
        playout each at a time, until its share of the budget is spent, and
        keeps the better half. With fewer playouts than lines, a random few
        are searched."""
        side = view.side
        start = time.perf_counter()
        budget = self.playouts
        if budget is not None and len(lines) > budget:
            lines = self.rng.sample(list(lines), budget)
        alive = list(range(len(lines)))
        total = [0.0] * len(lines)
        count = [0] * len(lines)
        rounds = max(1, math.ceil(math.log2(len(lines))))
        spent = 0
        for r in range(rounds):
            share = None if budget is None else (budget - spent) // (rounds - r)
            deadline = None if self.seconds is None \
                else start + self.seconds * (r + 1) / rounds
            used = 0
            while True:
                seed = self.rng.getrandbits(32)
                for i in alive:
                    total[i] += self.playout(view, judge, side, lines[i], seed)
                    count[i] += 1
                used += len(alive)
                if (share is not None and used + len(alive) > share) \
                        or (deadline is not None and time.perf_counter() > deadline):
                    break
            spent += used
            alive.sort(key=lambda i: -total[i] / count[i])
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                break
        return lines[alive[0]]

    def playout(self, view: View, judge: Judge, side: str, line: tuple, seed: int) -> float:
        """Play ``line`` on a sample, then the policy until the side's next
        card play; the judge's value there."""
        sample = view.sample(seed)
        for answer in line:
            asked = sample.pending
            if asked is None or asked.player != side or answer not in asked.options:
                break
            sample.answer(answer)
        policy = Playout(judge, random.Random(seed))
        for _ in range(MAX_STEPS):
            asked = sample.pending
            if asked is None or (asked.player == side and asked.kind == "card"):
                break
            sample.answer(policy.answer(sample, asked))
        return judge.value(sample, side, SIDES)


def search_budget(text: str) -> dict[str, Any]:
    """SearchAgent's budget from text ('search:' and this on the command
    line): 'N' playouts or 'Ts' seconds a decision; ValueError for anything
    else."""
    try:
        if text.endswith("s") and 0 < float(text[:-1]) < math.inf:
            return {"playouts": None, "seconds": float(text[:-1])}
        if text.isdigit() and int(text) > 0:
            return {"playouts": int(text)}
    except ValueError:
        pass
    raise ValueError(f"a search budget is N playouts or Ts seconds, not {text!r}")
