"""Card-program operations on Strength Points (SPs): place, remove, replace,
move, place enough to control, and take a space off the map.

Direct placement by an event ignores 6.1 (no adjacency, no double cost: KO
7.4, ruling R36); every change is followed by the ``as_soon_as`` triggers.
"""

from __future__ import annotations

from functools import partial

from dof.engine.data.vocabulary import Op
from dof.engine.programs.program import Runner, Steps, change_sp, handles, pick_space, settle
from dof.engine.programs.selectors import Context, amount, side_of, spaces
from dof.engine.rules.ahead import after
from dof.engine.rules.board import opponent
from dof.engine.rules.decisions import Changes
from dof.engine.rules.protocols import RulesGame


@handles(Op.PLACE)
def op_place(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    owner = side_of(ctx, op["owner"])
    yield from _spread(game, op, ctx, ((owner, 1),), None, ("place", f"{owner} SP"),
                       op["per_space_max"])


@handles(Op.REMOVE)
def op_remove(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    owner = side_of(ctx, op["owner"])
    yield from _spread(game, op, ctx, ((owner, -1),), owner, ("remove", f"{owner} SP"),
                       op["per_space_max"])


@handles(Op.REPLACE)
def op_replace(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """Owner's SPs become new owner's SPs, one for one, in the same space."""
    old, new = side_of(ctx, op["owner"]), side_of(ctx, op["new_owner"])
    yield from _spread(game, op, ctx, ((old, -1), (new, 1)), old,
                       ("replace", f"{old} SP with {new} SP"))


def asking(verb: str, noun: str, n: int | None, optional: bool = False,
           count: int | None = None, where: str = "in") -> str:
    """What a player placing, removing or moving SPs is asked, with the
    whole amount: 'place 3 democrat SP in one space' (``where``: 'from',
    'to'), or one SP at a time 'place 3 democrat SP, one at a time: 1 of 3'
    ('up to 3': he may stop)."""
    many = "all" if n is None else f"up to {n}" if optional else str(n)
    if count is None:
        return f"{verb} {many} {noun} {where} one space"
    step = f": {count + 1} of {n}" if n is not None else ""
    return f"{verb} {many} {noun}, one at a time{step}"


#: How one SP changes hands: (whose SPs, +1 or -1) for each side it touches.
Moves = tuple[tuple[str, int], ...]


def _spread(game: RulesGame, op: dict, ctx: Context, moves: Moves, source: str | None,
            what: tuple[str, str], cap: int | None = None) -> Steps:
    """Apply an SP change (``moves`` for each SP) by the op's amount and
    choice: the whole amount in one chosen space ("one"), in every matching
    space ("each"), or one SP at a time where the actor likes ("any"), at
    most ``cap`` per space, stopping early if the amount is "up to".
    ``source`` is the side whose SPs are taken (None: SPs are added);
    ``what`` is the verb and the noun the question says (asking)."""
    n, optional = amount(game, op["amount"], ctx)
    targets = spaces(game, op["where"], ctx)
    sp = game.state["sp"]
    if source is not None:
        targets = [s for s in targets if sp[source][s] > 0]
    count = 0
    if not targets:
        ctx["acted"] = False
        return
    if op["choice"] == "one" or op["choice"] == "each" or (n is None and not optional):
        if op["choice"] == "one":
            targets = [(yield from pick_space(game, ctx, targets, asking(*what, n)))]
        for s in targets:
            if n is None:
                assert source is not None  # only a removal takes "all" SPs
                k = sp[source][s]
            else:
                k = n
            k = k if source is None else min(k, sp[source][s])
            k = k if cap is None else min(k, cap)
            _move(game, moves, s, k)
            count += k
    else:
        done: dict[int, int] = {}
        while n is None or count < n:
            options = _spread_options(game, targets, source, cap, done, optional)
            if not options:
                break
            told = partial(_spread_ahead, game, moves, targets, source, cap, done,
                           optional, n is None or count + 1 < n)
            space = yield from pick_space(game, ctx, options, asking(*what, n, optional, count),
                                          told)
            if space == "done":
                break
            _move(game, moves, space, 1)
            done[space] = done.get(space, 0) + 1
            count += 1
    ctx["acted"] = count > 0
    yield from settle(game)


def _move(game: RulesGame, moves: Moves, space: int, k: int) -> None:
    for owner, sign in moves:
        change_sp(game, owner, space, sign * k)


def _spread_options(game: RulesGame, targets: list[int], source: str | None, cap: int | None,
                    done: dict[int, int], optional: bool) -> list:
    """The spaces where the next SP of a spread may go (and "done" when it
    may stop), none when none is left."""
    sp = game.state["sp"]
    options: list = [s for s in targets if (source is None or sp[source][s] > 0)
                     and (cap is None or done.get(s, 0) < cap)]
    return [*options, "done"] if options and optional else options


def _spread_ahead(game: RulesGame, moves: Moves, targets: list[int], source: str | None,
                  cap: int | None, done: dict[int, int], optional: bool, more: bool,
                     space: int | str, chance: object) -> Changes | None:
    """Decision.ahead of an SP placed, removed or replaced one at a time
    (``_spread``): its change in ``space``, when the next SP's question
    follows at once: ``more`` SPs are to come, and more than one answer is
    left for the next (the rules answer a single one themselves). ``done``
    is the spread's own count by space, read while it waits on this
    question."""
    if space == "done" or not more:
        return None
    assert isinstance(space, int)
    sp = game.state["sp"]
    changes: Changes = [(("sp", owner, space), sp[owner][space] + sign) for owner, sign in moves]
    then = after(game, changes)
    following = _spread_options(then, targets, source, cap, {**done, space: done.get(space, 0) + 1},
                                optional)
    return changes if len(following) > 1 else None


@handles(Op.PLACE_TO_CONTROL)
def op_place_to_control(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """Add just enough SPs for the owner to control the space (2.1.7)."""
    owner = side_of(ctx, op["owner"])
    other = game.state["sp"][opponent(owner)]
    targets = spaces(game, op["where"], ctx)
    if op["choice"] == "one" and len(targets) > 1:
        targets = [(yield from pick_space(game, ctx, targets, "control a space"))]
    for s in targets:
        need = other[s] + game.stability[s] - game.state["sp"][owner][s]
        if need > 0:
            change_sp(game, owner, s, need)
    yield from settle(game)


@handles(Op.MOVE)
def op_move(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    """Take the owner's SPs out of the source spaces into the destination
    spaces, one at a time as the actor likes, at most ``per_space_max``
    into any one space; "up to" lets him stop early."""
    owner = side_of(ctx, op["owner"])
    sp = game.state["sp"][owner]
    n, optional = amount(game, op["amount"], ctx)
    sources = [s for s in spaces(game, op["from"], ctx) if sp[s]]
    dests = spaces(game, op["to"], ctx)
    ctx["acted"] = False
    if not sources or not dests:
        return
    if op.get("from_choice") == "one" and len(sources) > 1:
        sources = [(yield from pick_space(game, ctx, sources,
                                          asking("move", f"{owner} SP", n, optional,
                                                 where="from")))]
    if op.get("to_choice") == "one" and len(dests) > 1:
        dests = [(yield from pick_space(game, ctx, dests,
                                        asking("move", f"{owner} SP", n, optional,
                                               where="to")))]
    cap = op.get("per_space_max")
    if len(sources) == 1 and len(dests) == 1 and not optional:
        src, dst = sources[0], dests[0]
        k = sp[src] if n is None else min(n, sp[src])
        k = k if cap is None else min(k, cap)
        if src != dst and k:
            change_sp(game, owner, src, -k)
            change_sp(game, owner, dst, k)
            ctx["acted"] = True
        yield from settle(game)
        return
    moved: dict[int, int] = {}
    count = 0
    while n is None or count < n:
        froms = [s for s in sources if sp[s]]
        if not froms:
            break
        src = froms[0]
        if len(froms) > 1:
            src = yield from pick_space(game, ctx, froms,
                                        asking("move", f"{owner} SP", n, optional, count)
                                        + ": from")
        tos = [d for d in dests if d != src and (cap is None or moved.get(d, 0) < cap)]
        if not tos:
            break
        dst = yield from pick_space(game, ctx, [*tos, "done"] if optional else tos,
                                    asking("move", f"{owner} SP", n, optional, count) + ": to")
        if dst == "done":
            break
        change_sp(game, owner, src, -1)
        change_sp(game, owner, dst, 1)
        moved[dst] = moved.get(dst, 0) + 1
        count += 1
    ctx["acted"] = count > 0
    yield from settle(game)


@handles(Op.ELIMINATE)
def op_eliminate(runner: Runner, game: RulesGame, op: dict, ctx: Context) -> Steps:
    for s in spaces(game, op["space"], ctx):
        game.destroy_space(s)
    yield from settle(game)
