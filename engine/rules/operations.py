"""Operations (6.0): a card's Ops value (7.3), placing SPs (6.1), support
checks (6.2) and Tiananmen Square attempts (6.3), including their uses by
events (7.4)."""

from __future__ import annotations

from functools import partial
from itertools import compress

from dof.engine.data.chance import Chance
from dof.engine.data.state import Effect
from dof.engine.data.vocabulary import Hook, Until
from dof.engine.rules import hooks, odds
from dof.engine.rules.ahead import after
from dof.engine.rules.board import controlled_spaces, controls
from dof.engine.rules.decisions import Changes
from dof.engine.rules.odds import Odds
from dof.engine.rules.protocols import RulesGame


# ------------------------------------------------------------ 7.3 Ops value
def ops_value(game: RulesGame, side: str, card: int | None, declared=(),
              printed: int | None = None) -> int:
    """7.3: the card's Ops for ``side``: printed value plus every modifier in
    aggregate, then a minimum of 1 (7.3.2; ruling R8). ``printed`` stands in
    for the card's own value when an event grants Ops "as if a card of N Ops"
    or a computed number of Ops (ruling R46)."""
    if printed is None:
        assert card is not None  # only a card's own Ops need no printed value
        printed = game.data.cards[card].ops
        assert printed is not None  # Scoring cards (no Ops) are never played for Ops
    return max(1, printed + hooks.total(game, Hook.OPS_VALUE, player=side, card=card,
                                        printed=printed, declared=declared))


# ------------------------------------------------------------ 6.1 placement
def placement_costs(game: RulesGame, side: str, spaces) -> dict[int, int]:
    """6.1.3: 2 Ops in an opponent-controlled space, else 1, recomputed for
    every SP (ruling R11); lasting effects may change a cost (a waived surcharge) or
    forbid placing. Spaces where placing is forbidden are left out."""
    costs = dict.fromkeys(spaces, 1)
    for s in controlled_spaces(game, game.opponent(side), costs):
        costs[s] = 2
    if hooks.active(game, Hook.PLACEMENT_BAN):
        banned = hooks.banned_spaces(game, Hook.PLACEMENT_BAN, side)
        costs = {s: c for s, c in costs.items() if s not in banned}
    changes = hooks.active(game, Hook.PLACEMENT_COST)
    if changes:
        events = game.events
        assert events is not None  # lasting effects come only from card programs
        covered = [(e, events.rule_spaces(game, e, side)) for e in changes]
        for s in costs.keys() & set().union(*(where for _, where in covered)):
            cost = costs[s]
            delta = sum(events.effect_value(game, e, {"player": side, "cost": cost})
                        for e, where in covered if s in where)
            costs[s] = max(1, cost + delta)
    return costs


def reach(game: RulesGame, side: str, within=None) -> list[int]:
    """6.1.2: spaces holding friendly SPs and their neighbours, taken once
    before the first SP is placed (ruling R11)."""
    adjacent = game.adjacent
    own = game.state["sp"][side]
    held = list(compress(range(len(own)), own))
    found = set(held).union(*[adjacent[s] for s in held])
    spaces = sorted(found.difference(game.state["destroyed"]))
    if within is not None:
        spaces = [s for s in spaces if s in within]
    return spaces


def place_with_ops(game: RulesGame, side: str, ops: int, card: int | None = None, within=None):
    """6.1: place SPs one at a time, each in reach and paid for in Ops; Ops that
    cannot be spent are lost (ruling R7)."""
    st = game.state
    spaces = reach(game, side, within)
    costs = placement_costs(game, side, spaces)
    left = ops
    while left > 0:
        if costs and max(costs.values()) <= left:
            options = list(costs)
        else:
            options = [s for s, cost in costs.items() if cost <= left]
        if not options:
            game.note("wasted", f"{side} cannot spend the remaining {left} Ops", player=side)
            return

        def label(s: int, costs: dict[int, int] = costs) -> str:
            return f"{game.space_name(s)} (cost {costs[s]})"

        space = yield game.ask(
            "place", side, options, f"{side}: place an SP ({left} Ops left)", describe=label,
            why_not=partial(placement_missing, game, spaces, costs, left, within is not None),
            ahead=partial(placement_ahead, game, side, spaces, costs, left),
            ops_left=left, card=card,
        )
        left -= costs[space]
        st["sp"][side][space] += 1
        game.note("place", f"{side} places 1 SP in {game.space_name(space)}", player=side,
                  space=space)
        acting = hooks.any_active(game, PLACING)
        yield from hooks.run(game, Hook.AS_SOON_AS, space=space)
        if left > 0:
            costs = placement_costs(game, side, spaces) if acting else \
                costs_after(game, side, costs, space)


def costs_after(game: RulesGame, side: str, costs: dict[int, int],
                space: int) -> dict[int, int]:
    """The placement costs once an SP is placed in ``space`` where no
    lasting effect acts on placing (6.1.3 alone; ruling R11 takes them
    again for every SP): that SP changes who controls its own space alone,
    so only its cost can change (the opponent may lose control there). The
    old dict is left as it was: the answered question's labels and reasons
    still read it."""
    sp = game.state["sp"]
    if costs[space] == 2 and not controls(game.stability[space], sp[game.opponent(side)][space],
                                          sp[side][space]):
        return {**costs, space: 1}
    return costs


def placement_ahead(game: RulesGame, side: str, spaces: list[int], costs: dict[int, int],
                    left: int, space: int, chance: Chance) -> Changes | None:
    """Decision.ahead of a placement (6.1): one more SP in ``space``, when
    the next SP's question follows at once: no trigger acts on it, and Ops
    are left that pay for an SP somewhere."""
    rest = left - costs[space]
    if rest <= 0:
        return None
    sp = game.state["sp"]
    own = sp[side][space] + 1
    changes: Changes = [(("sp", side, space), own)]
    if not hooks.any_active(game, PLACING):
        # 6.1.3 alone: an SP costs 2 where the opponent controls, else 1,
        # and this SP changes who controls its own space alone.
        paid = rest >= 2 or not controls(game.stability[space], sp[game.opponent(side)][space],
                                         own) or any(c == 1 for s, c in costs.items() if s != space)
        return changes if paid else None
    then = after(game, changes)
    if not hooks.idle(then, Hook.AS_SOON_AS, space=space) or \
            all(cost > rest for cost in placement_costs(then, side, spaces).values()):
        return None
    return changes


#: The hooks whose effects act on placing SPs or after (6.1, 7.2).
PLACING = (Hook.AS_SOON_AS, Hook.PLACEMENT_BAN, Hook.PLACEMENT_COST)


def space_names(game: RulesGame, spaces) -> str:
    """Space names for a player, in map order."""
    return ", ".join(game.space_name(s) for s in sorted(spaces))


def placement_missing(game: RulesGame, reachable: list[int], costs: dict[int, int], left: int,
                      confined: bool) -> list[tuple[str, str]]:
    """Why spaces are not among the placement options (Decision.unavailable):
    out of reach (6.1.2), banned by a lasting event, or too dear for the Ops
    left (6.1.3)."""
    out = []
    banned = [s for s in reachable if s not in costs]
    if banned:
        out.append((space_names(game, banned), "a lasting event forbids placing SPs there (7.2)"))
    for cost in sorted({c for c in costs.values() if c > left}):
        dear = [s for s, c in costs.items() if c == cost]
        out.append((space_names(game, dear), f"an SP there costs {cost} Ops (opponent-controlled, "
                                             f"6.1.3); {left} left"))
    if len(reachable) < live_count(game):
        where = " or outside the spaces these Ops are limited to" if confined else ""
        out.append(("Other spaces", f"out of reach of your SPs (6.1.2){where}"))
    return out


def live_count(game: RulesGame) -> int:
    """How many spaces are on the map (a space can be destroyed)."""
    return len(game.stability) - len(game.state["destroyed"])


# -------------------------------------------------------- 6.2 support checks
def check_targets(game: RulesGame, side: str, within=None,
                  need_opponent_sp: bool = True) -> list[int]:
    """6.2.3: any space holding opponent SPs (no reach needed in 2020), less
    those a lasting effect forbids; a card may waive the SP test (5.4)."""
    targets = check_candidates(game, side, within, need_opponent_sp)
    if hooks.active(game, Hook.CHECK_BAN):
        banned = hooks.banned_spaces(game, Hook.CHECK_BAN, side)
        targets = [s for s in targets if s not in banned]
    return targets


def check_candidates(game: RulesGame, side: str, within=None,
                     need_opponent_sp: bool = True) -> list[int]:
    """6.2.3: the spaces holding opponent SPs (among ``within``), before
    lasting effects forbid any."""
    other = game.state["sp"][game.opponent(side)]
    if need_opponent_sp:
        if within is None:
            return list(compress(range(len(other)), other))
        return [s for s in within if other[s]]
    spaces = range(len(other)) if within is None else within
    destroyed = game.state["destroyed"]
    return [s for s in spaces if s not in destroyed]


def checks_missing(game: RulesGame, side: str, targets: list[int], within=None,
                   need_opponent_sp: bool = True) -> list[tuple[str, str]]:
    """Why spaces are not among the support check targets
    (Decision.unavailable): a lasting event forbids them, or they hold no
    opponent SPs (6.2.3)."""
    out = []
    candidates = check_candidates(game, side, within, need_opponent_sp)
    banned = [s for s in candidates if s not in targets]
    if banned:
        out.append((space_names(game, banned),
                    "a lasting event forbids support checks there (7.2)"))
    if need_opponent_sp and len(candidates) < live_count(game):
        where = " or are outside the spaces these checks are limited to" if within else ""
        out.append(("Other spaces", f"they hold no opponent SPs to check (6.2.3){where}"))
    return out


def check_modifiers(game: RulesGame, side: str, space: int, bonus: int = 0,
                    used: list[Effect] | None = None) -> list[tuple[str, int]]:
    """6.2.4: +1 per adjacent friendly-controlled space, -1 per adjacent
    opponent-controlled space, then lasting-effect modifiers; evaluated at the
    moment of each check (ruling R44). The effects that applied are added to
    ``used``: a check counts their uses once its result is known (7.2)."""
    opp = game.opponent(side)
    own, other = game.state["sp"][side], game.state["sp"][opp]
    stability = game.stability
    friendly = hostile = 0
    for n in game.adjacent[space]:
        if controls(stability[n], own[n], other[n]):
            friendly += 1
        elif controls(stability[n], other[n], own[n]):
            hostile += 1
    adjust = hooks.total(game, Hook.ADJACENCY_MODIFIER, player=side, space=space,
                         friendly=friendly, hostile=hostile, consume=used)
    mods = []
    if friendly:
        mods.append(("adjacent friendly control", friendly))
    if hostile:
        mods.append(("adjacent opponent control", -hostile))
    if adjust:
        mods.append(("lasting effects on adjacency", adjust))
    extra = hooks.total(game, Hook.CHECK_MODIFIER, player=side, space=space, consume=used)
    if extra:
        mods.append(("lasting effects", extra))
    if bonus:
        mods.append(("event bonus", bonus))
    return mods


def check_terms(game: RulesGame, side: str, ops: int, space: int, bonus: int = 0,
                used: list[Effect] | None = None) -> list[tuple[str, int]]:
    """6.2.4: what a support check adds to its die, the Ops first, then the
    modifiers (check_modifiers, which adds the effects that applied to
    ``used``)."""
    return [("Ops", ops), *check_modifiers(game, side, space, bonus, used)]


def check_odds(game: RulesGame, side: str, ops: int, space: int, bonus: int = 0) -> Odds:
    """The odds of a support check in ``space`` now, with the modifiers in
    force (ruling R44: they are read again when the die is rolled)."""
    return odds.check_odds(check_terms(game, side, ops, space, bonus), 2 * game.stability[space],
                           game.state["sp"][game.opponent(side)][space])


def support_check(game: RulesGame, side: str, ops: int, space: int, card: int | None = None,
                  bonus: int = 0):
    """6.2.4-6.2.6: roll + Ops + modifiers against twice the stability; the
    excess removes opponent SPs, then adds friendly ones; equal fails
    (odds.check_result)."""
    st = game.state
    opp = game.opponent(side)
    name = game.space_name(space)
    roll = game.roll(side, f"support check in {name}")
    used: list[Effect] = []
    terms = check_terms(game, side, ops, space, bonus, used)
    total = roll + sum(v for _, v in terms)
    need = 2 * game.stability[space]
    detail = "".join(f" {v:+d} {why}" for why, v in terms[1:])
    removed, added = odds.check_result(total, need, st["sp"][opp][space])
    st["sp"][opp][space] -= removed
    st["sp"][side][space] += added
    game.note(
        "check",
        f"{side} support check in {name}: roll {roll} +{ops} Ops{detail} = {total} "
        f"vs {need}: " + (f"removes {removed}, adds {added}" if removed + added else "fails"),
        player=side, space=space, roll=roll, total=total, need=need, removed=removed, added=added,
    )
    if used:  # after the result: "no longer in effect" follows the check it served
        assert game.events is not None  # lasting effects come only from card programs
        game.events.use(game, used)
    yield from hooks.run(game, Hook.AFTER_CHECK, player=side, space=space, card=card)
    if removed + added:
        yield from hooks.run(game, Hook.AS_SOON_AS, space=space)


def check_ahead(game: RulesGame, side: str, ops: int, card: int | None, bonus: int, within,
                need_opponent_sp: bool, last: bool, target: int | str,
                chance: Chance) -> Changes | None:
    """Decision.ahead of a support check's target: the SPs the check
    removes and adds with the look-ahead's die, when the next check's
    question follows at once: this is not the last check, no lasting
    effect modifies it (whose use would be counted) or acts after it, and
    a target is left for the next one."""
    if last or target == "stop":
        return None
    assert isinstance(target, int)
    roll = chance.die(side, "support check")
    used: list[Effect] = []
    terms = check_terms(game, side, ops, target, bonus, used)
    if used:
        return None
    opp = game.opponent(side)
    sp = game.state["sp"]
    removed, added = odds.check_result(roll + sum(v for _, v in terms),
                                       2 * game.stability[target], sp[opp][target])
    left = sp[opp][target] - removed
    changes: Changes = [(("sp", opp, target), left),
                        (("sp", side, target), sp[side][target] + added)]
    if not hooks.any_active(game, CHECKING):
        # 6.2.3 alone: the next check's targets hold opponent SPs.
        others = sum(sp[opp]) if within is None else sum(sp[opp][s] for s in within)
        return changes if left or others > sp[opp][target] or not need_opponent_sp else None
    then = after(game, changes)
    if not hooks.idle(then, Hook.AFTER_CHECK, player=side, space=target, card=card) or (
            removed + added and not hooks.idle(then, Hook.AS_SOON_AS, space=target)) or \
            not check_targets(then, side, within, need_opponent_sp):
        return None
    return changes


#: The hooks whose effects act on a support check or after it (6.2, 7.2).
CHECKING = (Hook.AFTER_CHECK, Hook.AS_SOON_AS, Hook.CHECK_BAN)


def support_checks(game: RulesGame, side: str, ops: int, count: int = 2, card: int | None = None,
                   within=None, bonus: int = 0, need_opponent_sp: bool = True):
    """6.2.2: a card gives two checks, each on a target chosen in turn; a player
    may stop before a roll (ruling R6) and checks without a target are
    skipped."""
    for i in range(count):
        targets = check_targets(game, side, within, need_opponent_sp)
        if not targets:
            game.note("no_target", f"{side} has no legal support check target", player=side)
            return
        options: list = targets
        if game.state["options"]["voluntary_stop"]:
            options.append("stop")
        space = yield game.ask("check", side, options,
                               f"{side}: support check {i + 1} of {count} ({ops} Ops)",
                               describe=_describe_target(game),
                               why_not=partial(checks_missing, game, side, targets, within,
                                               need_opponent_sp),
                               odds=partial(_target_odds, game, side, ops, bonus),
                               ahead=partial(check_ahead, game, side, ops, card, bonus,
                                             within, need_opponent_sp, i + 1 == count),
                               ops=ops, card=card)
        if space == "stop":
            return
        yield from support_check(game, side, ops, space, card, bonus)


def _target_odds(game: RulesGame, side: str, ops: int, bonus: int, target) -> Odds | None:
    """The odds of a support check on ``target`` (None for Stop)."""
    return None if target == "stop" else check_odds(game, side, ops, target, bonus)


def _describe_target(game: RulesGame):
    return lambda o: "Stop (make no more checks)" if o == "stop" else game.space_name(o)


# ------------------------------------------------------ 6.3 Tiananmen Square
def can_attempt_tiananmen(game: RulesGame, side: str) -> bool:
    """6.3.3 one attempt per turn; 6.3.7 none from the last box."""
    st = game.state
    return not st["tst_used"][side] and st["tiananmen"][side] < len(game.data.tiananmen)


def tiananmen_barred(game: RulesGame, side: str) -> str | None:
    """Why ``side`` may not attempt Tiananmen now, for a player (None if he may)."""
    if game.state["tiananmen"][side] >= len(game.data.tiananmen):
        return "your marker is in the final box (6.3.7)"
    if game.state["tst_used"][side]:
        return "already attempted this turn (6.3.3)"
    return None


def tiananmen_terms(game: RulesGame, side: str, ops: int,
                    card: int | None = None) -> list[tuple[str, int]]:
    """6.3.1: what a Tiananmen Square attempt adds to its die: the Ops, +1
    for a card with the player's own event or a neutral one (ruling R9),
    +1 after a failed attempt (ruling R10), and lasting effects."""
    st = game.state
    terms = [("Ops", ops)]
    if card is not None and game.data.cards[card].side in (side, "neutral"):
        terms.append(("own event", 1))  # silver cards count (ruling R9)
    if st["tst_tries"][side]:
        terms.append(("second or later attempt", 1))  # a flat +1 (ruling R10)
    extra = hooks.total(game, Hook.TIANANMEN_MODIFIER, player=side)
    if extra:
        terms.append(("lasting effects", extra))
    return terms


def tiananmen_odds(game: RulesGame, side: str, ops: int, card: int | None = None) -> Odds:
    """The odds of ``side``'s Tiananmen Square attempt now (None of the
    modifiers change before its die is rolled)."""
    box = game.data.tiananmen[game.state["tiananmen"][side]]
    return odds.attempt_odds(tiananmen_terms(game, side, ops, card), box.needs[side])


def tiananmen_attempt(game: RulesGame, side: str, ops: int, card: int | None = None):
    """6.3.1-6.3.2: roll + Ops + modifiers; reaching the next box's number for
    this side advances the marker (odds.attempt_succeeds)."""
    if not can_attempt_tiananmen(game, side):
        raise RuntimeError(f"{side} may not attempt Tiananmen now (6.3.3, 6.3.7): "
                           "offer the use through ops_uses()")
    st = game.state
    st["tst_used"][side] = True
    box = game.data.tiananmen[st["tiananmen"][side]]
    terms = tiananmen_terms(game, side, ops, card)
    roll = game.roll(side, "Tiananmen Square attempt")
    total = roll + sum(v for _, v in terms)
    need = box.needs[side]
    detail = "".join(f" {v:+d} {why}" for why, v in terms[1:])
    ok = odds.attempt_succeeds(total, need)
    game.note("tiananmen", f"{side} Tiananmen attempt for box {box.box}: roll {roll} +{ops} Ops"
              f"{detail} = {total} vs {need}: " + ("success" if ok else "failure"),
              player=side, roll=roll, total=total, need=need)
    if ok:
        yield from advance_tiananmen(game, side)
    else:
        st["tst_tries"][side] += 1


def advance_tiananmen(game: RulesGame, side: str):
    """6.3.4-6.3.5: move one box; the first to arrive gets its award; a lasting
    award of the opponent's ends when this side reaches the same box."""
    st = game.state
    st["tiananmen"][side] += 1
    st["tst_tries"][side] = 0
    box = game.data.tiananmen[st["tiananmen"][side] - 1]
    game.note("tiananmen", f"{side} reaches Tiananmen box {box.box}: {box.names[side]}",
              player=side, box=box.box)
    opp = game.opponent(side)
    before = len(st["effects"])
    st["effects"] = [
        e for e in st["effects"]
        if not (e.get("until") == Until.OPPONENT_REACHES_BOX and e.get("box") == box.box
                and e["owner"] == opp)
    ]
    if len(st["effects"]) < before:
        game.note("award_ends", f"The {opp}'s award of box {box.box} ends")
    if st["tiananmen"][opp] >= box.box:
        return
    if game.events is None or not game.events.has_box(box.box):
        game.note("unwritten", f"The award of box {box.box} is not written yet")
        return
    yield from game.events.box_award(game, box.box, side)


def use_odds(game: RulesGame, side: str, card: int | None, printed: int | None = None):
    """Decision.odds for a question on how to use a card's Ops: the odds
    of a Tiananmen Square attempt with them (the Ops as 7.3 gives them for
    it: no 11.1 bonus can be declared for an attempt)."""
    def odds_of(use) -> Odds | None:
        if use != "tiananmen":
            return None
        return tiananmen_odds(game, side, ops_value(game, side, card, (), printed), card)
    return odds_of


#: The three uses of Operations (6.0), with their labels.
OPS_USES = {
    "place": "Place SPs (6.1)",
    "check": "Support checks (6.2)",
    "tiananmen": "Tiananmen Square attempt (6.3)",
}


def ops_uses(game: RulesGame, side: str, allowed=None) -> list[str]:
    """The operations uses open to ``side`` now, among ``allowed`` (default:
    all three): every path to a Tiananmen attempt passes here, so none is
    offered after this turn's attempt (6.3.3) or from the last box (6.3.7).
    Ruling R7 lets a use with no legal target still be chosen: the Ops are
    then wasted."""
    uses = list(OPS_USES) if allowed is None else [u for u in OPS_USES if u in allowed]
    if "tiananmen" in uses and not can_attempt_tiananmen(game, side):
        uses.remove("tiananmen")
    return uses


def uses_missing(game: RulesGame, side: str, allowed=None,
                 futile_checks: bool = False) -> list[tuple[str, str]]:
    """Why a use of the Ops among ``allowed`` is not offered (ops_uses), for
    Decision.unavailable; with ``futile_checks``, also that support checks,
    though offered, would find no target (6.2.3, ruling R7)."""
    out = []
    barred = tiananmen_barred(game, side)
    if barred and (allowed is None or "tiananmen" in allowed):
        out.append((OPS_USES["tiananmen"], barred))
    if futile_checks and not check_targets(game, side):
        out.append((OPS_USES["check"], "no space holds opponent SPs you may check (6.2.3); "
                                       "choosing it loses the Ops (ruling R7)"))
    return out
