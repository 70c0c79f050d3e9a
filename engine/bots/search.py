"""The search bot: determinized Monte Carlo over what its side can see.

Why this shape: a game has some 600 decisions, most of them one SP placed or
one support check aimed, and a bot that searched each would be slow without
being better. So the search spends its playouts where a choice shapes the
game, which card to play and how (one search over card and use together),
the Power Struggle's plays and the other questions events ask, and answers
placements and support checks with the judge (engine/bots/judge.py) directly.

A playout takes a sample of the game (View.sample: the cards the side cannot
see dealt anew, the dice re-seeded), answers the candidate, lets a cheap
policy (Playout) play both sides until the side's next card play, and judges
the position reached. The candidates share their samples (common random
numbers), successive halving gives the promising ones more, and the search
stops once one line is clearly ahead of the rest: a fifth of searched
questions judge every answer alike. The bot draws every seed from its own
generator and, unless a time limit is set, spends at most a fixed number
of playouts: the same seed and views give the same answers on any machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from dof.engine.api import View
from dof.engine.bots.judge import SP, Countries, Judge
from dof.engine.data.terms import SIDES
from dof.engine.rules.board import holder, opponent
from dof.engine.rules.decisions import Decision
from dof.engine.rules.operations import placement_costs

#: Playouts for a searched decision at most, by default: about 0.008 s a
#: decision on average and 0.1 s at most on one core against greedy
#: (benchmarks/bench_search.py).
#: Fewer play measurably worse: against this budget, over both sides of
#: 100 seeds (benchmarks/bench_search_strength.py), 48 scored 41.5% (95%
#: interval 34.9..48.4%) and 32 scored 46.8% (40.0..53.7%). Stopping once
#: separated (below) measured no loss: 52.5% (45.6..59.3%) against the
#: search of 6ef4a8d, which spends the whole budget, at 0.41 of its CPU time.
PLAYOUTS = 96
#: At most this many answers of a wide question are searched, those that
#: look best one decision ahead: an event's "any space" choice can offer 70.
WIDTH = 12
#: A playout that has not reached the side's next card play after this many
#: decisions is judged where it is.
MAX_STEPS = 400
#: A search stops once its leader is this many standard errors ahead of
#: every other line, after at least MIN_PASSES passes (:func:`separated`).
#: Replayed on the playouts of 1,278 searched decisions of six games
#: (benchmarks/bench_search_stops.py), it spent 45% fewer and kept the whole
#: budget's answer in 94.9% of them; a fifth of searched decisions (an
#: event's space, the order of an event and the Ops, discards) judge every
#: answer alike on every sample. 2.0 and 8 kept 97.9% and spent 34% fewer;
#: both scored within noise of the whole budget (bench_search_strength.py).
SEPARATION = 1.5
MIN_PASSES = 6
#: Decisions the judge answers without playouts.
STATIC = frozenset({"place", "setup_place", "check", "ps_support_loss"})

Sample = Any  # a Game, as View.sample returns it (engine/api.py)
#: Not one of board.holder's answers: a space whose control is not read yet.
UNSEEN = 2


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
        """The space where one more SP is worth most per Op. Most SPs change
        no control: who holds a space before and after one more (:func:`placed`)
        is worked out once for its stability and SPs, and the country is
        valued only for the others."""
        side = decision.player
        state = game.state
        dem, com = state["sp"]["democrat"], state["sp"]["communist"]
        own = 1 if side == "democrat" else 0
        worth = Countries(self.judge, state, side)
        costs = placement_costs(game, side, decision.options) if decision.kind == "place" \
            else {}
        best, best_value = None, -math.inf
        stability = game.stability
        gain, cost, draw = worth.gain, costs.get, self.rng.random
        for s in decision.options:
            before, after = placed(stability[s], dem[s], com[s], own)
            value = ((0.0 if after == before else gain(s, after)) + SP) \
                / cost(s, 1) + draw() * 1e-6
            if value > best_value:
                best, best_value = s, value
        return best

    def check(self, game: Sample, decision: Decision) -> Any:
        """The target where a check is worth most on average over the die
        (6.2.4-6.2.6: adjacency modifiers; lasting effects are left out)."""
        side = decision.player
        state = game.state
        dem, com = state["sp"]["democrat"], state["sp"]["communist"]
        own_sp, their_sp = state["sp"][side], state["sp"][opponent(side)]
        stability = game.stability
        democrat = side == "democrat"
        sign = 1 if democrat else -1
        ops = decision.context.get("ops", 1)
        worth = Countries(self.judge, state, side)
        # Who controls each space looked at (board.holder), UNSEEN until then.
        held = [UNSEEN] * len(stability)
        adjacent, draw = game.adjacent, self.rng.random
        best, best_value = decision.options[0], -math.inf
        for s in decision.options:
            if s == "stop":
                continue
            near = 0
            for n in adjacent[s]:
                who = held[n]
                if who == UNSEEN:
                    who = held[n] = holder(stability[n], dem[n], com[n])
                near += who
            whos, bonuses, value = rolls(stability[s], own_sp[s], their_sp[s],
                                         ops - 2 * stability[s] + sign * near, democrat)
            if value is None:
                value = self.check_gain(worth, s, whos, bonuses)
            value += draw() * 1e-6
            if value > best_value:
                best, best_value = s, value
        return best

    @staticmethod
    def check_gain(worth: Countries, space: int, whos: tuple[int, ...],
                   bonuses: tuple[float, ...]) -> float:
        """A support check's mean worth over the six rolls (:func:`rolls`,
        which knows it already when no roll changes who controls the
        space); the country is valued once for each side that a roll can
        leave in control of the space."""
        after: dict[int, float] = {}  # by who would control the space (board.holder)
        gain = 0.0
        for who, bonus in zip(whos, bonuses, strict=True):
            change = after.get(who)
            if change is None:
                change = after[who] = worth.gain(space, who)
            gain += change + bonus
        return gain / 6

    def support_loss(self, game: Sample, decision: Decision) -> Any:
        """The SP whose loss costs least."""
        side = decision.player
        state = game.state
        dem, com = state["sp"]["democrat"], state["sp"]["communist"]
        own = 1 if side == "democrat" else 0
        worth = Countries(self.judge, state, side)
        best, best_value = decision.options[0], -math.inf
        for s in decision.options:
            value = worth.if_held(s, dem[s] - own, com[s] - 1 + own)
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


#: Who would control a space after each roll of a support check that
#: removes or adds SPs (board.holder's 1, -1 or 0, for the Democrat however
#: the checking side is), what the SPs it moves are worth (SP each), and the
#: check's mean worth when no roll changes who controls the space (else
#: None): Playout.check_gain's sum over the six rolls, in their order.
Rolls = tuple[tuple[int, ...], tuple[float, ...], float | None]


@lru_cache(maxsize=1 << 14)
def rolls(stability: int, own: int, theirs: int, mods: int, democrat: bool) -> Rolls:
    """A support check's rolls (6.2.4-6.2.6) against a space of this
    stability holding ``own`` SPs of the checking side and ``theirs`` of
    the other, with these modifiers: each excess over twice the stability
    removes an opposing SP, or adds an own one once none is left. The same
    few spaces, SPs and modifiers come back in every playout, so they are
    worked out once."""
    def held(mine: int, left: int) -> int:
        return holder(stability, mine, left) if democrat else holder(stability, left, mine)

    before = held(own, theirs)
    whos: list[int] = []
    bonuses: list[float] = []
    for excess in range(max(1, mods + 1), mods + 7):
        removed = min(excess, theirs)
        whos.append(held(own + excess - removed, theirs - removed))
        bonuses.append(SP * excess)
    quiet = None
    if all(who == before for who in whos):
        gain = 0.0
        for bonus in bonuses:
            gain += 0.0 + bonus  # what no change of control adds, as check_gain adds it
        quiet = gain / 6
    return tuple(whos), tuple(bonuses), quiet


@lru_cache(maxsize=1 << 12)
def placed(stability: int, dem: int, com: int, own: int) -> tuple[int, int]:
    """Who controls a space of this stability with these SPs, and who would
    with one more SP (the Democrat's when ``own`` is 1), as board.holder says."""
    return holder(stability, dem, com), holder(stability, dem + own, com + 1 - own)


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
            sample = view.sample(self.rng.getrandbits(32), snapshots=False)
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
            sample = view.sample(seed, snapshots=False)
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
            sample = view.sample(seed, snapshots=False)
            sample.answer(option)
            glance.append((-judge.value(sample, view.side, SIDES), i))
        return [options[i] for _, i in sorted(glance)[:WIDTH]]

    def search(self, view: View, judge: Judge, lines: Sequence[tuple]) -> tuple:
        """The line with the best mean judgement, by successive halving: each
        round plays the lines still in it on shared samples, a pass of one
        playout each at a time, until its share of the budget (or of the
        time) is spent, and keeps the better half. The search stops early
        once the leader is :func:`separated` from every other line still in
        it. With fewer playouts than lines, a random few are searched."""
        budget = self.playouts
        if budget is not None and len(lines) > budget:
            lines = self.rng.sample(list(lines), budget)
        rounds = max(1, math.ceil(math.log2(len(lines))))
        passes: Sequence[int | None]
        if budget is None:
            passes = [None] * rounds  # as many as the time allows
            seeds = iter(lambda: self.rng.getrandbits(32), None)
        else:
            passes = planned = schedule(len(lines), budget)
            # Every pass's seed is drawn before the first, so that however
            # early the search stops, the bot's generator is where the whole
            # budget leaves it: a stop changes this answer at most.
            seeds = iter([self.rng.getrandbits(32) for _ in range(sum(planned))])
        start = time.perf_counter()
        alive = list(range(len(lines)))
        values: list[list[float]] = [[] for _ in lines]
        total = [0.0] * len(lines)
        for r, share in enumerate(passes):
            deadline = None if self.seconds is None \
                else start + self.seconds * (r + 1) / rounds
            played = 0
            while True:
                seed = next(seeds)
                for i in alive:
                    value = self.playout(view, judge, view.side, lines[i], seed)
                    values[i].append(value)
                    total[i] += value
                played += 1
                if separated(values, total, alive, SEPARATION, MIN_PASSES):
                    return lines[max(alive, key=total.__getitem__)]
                if played == share or (deadline is not None and time.perf_counter() > deadline):
                    break
            alive.sort(key=lambda i: -total[i])
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                break
        return lines[alive[0]]

    def playout(self, view: View, judge: Judge, side: str, line: tuple, seed: int) -> float:
        """Play ``line`` on a sample, then the policy until the side's next
        card play; the judge's value there. Nobody saves a playout: its
        sample takes no snapshots."""
        sample = view.sample(seed, snapshots=False)
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


def schedule(lines: int, budget: int) -> tuple[int, ...]:
    """The passes of each round of SearchAgent.search over this many lines
    with this many playouts: a round's share is what is left over the
    rounds left, spent a pass of every line still in at a time (at least
    one), and each round keeps the better half."""
    rounds = max(1, math.ceil(math.log2(lines)))
    passes: list[int] = []
    spent = 0
    for r in range(rounds):
        n = max(1, (budget - spent) // (rounds - r) // lines)
        passes.append(n)
        spent += n * lines
        lines = max(1, (lines + 1) // 2)
        if lines == 1:
            break
    return tuple(passes)


def separated(values: Sequence[list[float]], total: Sequence[float], alive: Sequence[int],
              errors: float, passes: int) -> bool:
    """Whether the searched lines' leader has been told apart from every
    other line still in, after at least ``passes`` passes: its mean lead
    over each, on the shared samples, is at least ``errors`` standard errors
    of the paired differences (or no sample told the two apart at all).
    ``values`` are each line's judgements, pass by pass, ``total`` their sums."""
    n = len(values[alive[0]])
    if n < passes or len(alive) < 2:
        return False
    lead = max(alive, key=total.__getitem__)
    mine = values[lead]
    for other in alive:
        if other == lead:
            continue
        mean = (total[lead] - total[other]) / n
        spread = sum((a - b - mean) ** 2 for a, b in zip(mine, values[other], strict=True))
        if mean * mean * n * (n - 1) < errors * errors * spread:
            return False
    return True


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
