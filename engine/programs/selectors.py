"""Evaluating compiled selectors, expressions and conditions.

Card programs describe spaces, countries, cards, amounts and conditions as
data (docs/operations.md). These functions turn that data into space ids,
country names, card numbers, integers and booleans for the current game,
given the running program's context (who "you" are, the chosen space...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from dof.engine.data.terms import SIDES
from dof.engine.data.vocabulary import Cond, Expr
from dof.engine.rules.actions import event_available
from dof.engine.rules.board import controller, opponent
from dof.engine.rules.operations import ops_value
from dof.engine.rules.protocols import RulesGame


class Context(dict):
    """What a running program knows: its card or box, who carries it out
    ("you"), and what earlier statements chose, drew, rolled or discarded."""


def side_of(ctx: Context, ref: str) -> str:
    """The player a compiled operation's reference names: the compiler
    accepts only references that name one (``who`` is None for others)."""
    side = who(ctx, ref)
    assert side is not None, ref
    return side


def who(ctx: Context, ref: str | None) -> str | None:
    """A player reference ('democrat', 'communist', 'you', 'opponent', 'he')."""
    if ref in SIDES:
        return ref
    if ref == "you":
        return ctx["you"]
    if ref == "opponent":
        return opponent(ctx["you"])
    if ref == "he":
        return ctx.get("actor", ctx["you"])
    return None


def actor(game: RulesGame, ctx: Context, ref: str) -> str:
    """Who carries out a statement: a player reference, or 'owner:REF', the
    owner of a referenced card (card_owner)."""
    if ref.startswith("owner:"):
        card = card_ref(ctx, ref[6:])
        return ctx["you"] if card is None else card_owner(game, card, ctx)
    return who(ctx, ref) or ctx["you"]


# ------------------------------------------------------------------ spaces
def spaces(game: RulesGame, sel: dict, ctx: Context) -> list[int]:
    """The ids of the existing spaces that ``sel`` describes."""
    if "union" in sel:
        found: set[int] = set()
        for part in sel["union"]:
            found.update(spaces(game, part, ctx))
        return sorted(found)
    if "ref" in sel:
        value = ctx.get(sel["ref"])
        return [] if value is None else [value]
    if "names" in sel:
        ids: Iterable[int] = [game.space_ids[n] for n in sel["names"]]
    elif "in" in sel:
        ids = [s for c in countries(game, sel["in"], ctx) for s in game.country_spaces[c]]
    else:
        ids = range(len(game.data.spaces))
    return _matching(game, ids, sel, ctx)


def space_in(game: RulesGame, space: Any, sel: dict, ctx: Context) -> bool:
    """Whether ``space`` is one of ``spaces(game, sel, ctx)``: the same
    test for one space, without listing every space of the map."""
    if space is None:
        return False
    if "union" in sel:
        return any(space_in(game, space, part, ctx) for part in sel["union"])
    if "ref" in sel:
        return ctx.get(sel["ref"]) == space
    if "names" in sel:
        if game.data.spaces[space].name not in sel["names"]:
            return False
    elif "in" in sel and game.space_country[space] not in countries(game, sel["in"], ctx):
        return False
    return bool(_matching(game, (space,), sel, ctx))


def _matching(game: RulesGame, ids, sel: dict, ctx: Context) -> list[int]:
    """The spaces among ``ids`` that exist and pass ``sel``'s filters: one
    pass per filter, its parameters resolved once."""
    destroyed = game.state["destroyed"]
    found = [s for s in ids if s not in destroyed] if destroyed else list(ids)
    info = game.data.spaces
    sp = game.state["sp"]
    if found and "types" in sel:
        types = sel["types"]
        found = [s for s in found if info[s].type in types]
    if found and "battleground" in sel:
        battleground = sel["battleground"]
        found = [s for s in found if info[s].battleground == battleground]
    if found and "control" in sel:
        want = sel["control"]
        holder = None if want == "none" else ctx.get("roller") if want == "roller" \
            else who(ctx, want)
        found = [s for s in found if controller(game, s) == holder]
    if found and "not_control" in sel:
        holder = who(ctx, sel["not_control"])
        found = [s for s in found if controller(game, s) != holder]
    if found and "with_sp" in sel:
        own = sp[side_of(ctx, sel["with_sp"])]
        found = [s for s in found if own[s]]
    if found and "without_sp" in sel:
        own = sp[side_of(ctx, sel["without_sp"])]
        found = [s for s in found if not own[s]]
    if found and "adjacent_to" in sel:
        near = sel["adjacent_to"]
        found = [s for s in found
                 if any(space_in(game, n, near, ctx) for n in game.adjacent[s])]
    if found and "except" in sel:
        names = sel["except"]
        found = [s for s in found if info[s].name not in names]
    return found


# --------------------------------------------------------------- countries
def countries(game: RulesGame, sel: dict, ctx: Context) -> list[str]:
    """The country names ``sel`` describes, in map order."""
    if "ref" in sel:
        value = ctx.get(sel["ref"])
        return [] if value is None else [value]
    if "of_space" in sel:
        return sorted({game.space_country[s] for s in spaces(game, sel["of_space"], ctx)})
    names = list(game.data.countries)
    if "countries" in sel:
        names = [c for c in names if c in sel["countries"]]
    if "regions" in sel:
        names = [c for c in names if game.data.countries[c].region in sel["regions"]]
    if "power" in sel:
        holder = who(ctx, sel["power"])
        names = [c for c in names if game.state["power"][c] == holder]
    if "except" in sel:
        names = [c for c in names if c not in sel["except"]]
    return names


# ------------------------------------------------------------------- cards
def drawn(ctx: Context, deck: str) -> list[int]:
    """'The drawn cards': those the program's last draw gave, when it drew
    from ``deck`` ("strategy" or "power_struggle"); none from the other
    deck, whose cards the phrase cannot mean (ruling R57)."""
    return ctx.get("drawn", []) if ctx.get("drawn_deck") == deck else []


def card_ref(ctx: Context, ref: str) -> int | None:
    """'this' card, or the card an earlier statement discarded, gave, took..."""
    if ref == "this":
        return ctx.get("card")
    value = ctx.get(ref)
    if isinstance(value, list):
        return value[-1] if value else None
    return value


def card_matches(game: RulesGame, card: int, sel: dict, ctx: Context,
                 holder: str | None = None) -> bool:
    """Whether strategy card ``card`` passes the filters of a card phrase.
    Its Ops are the value for ``holder`` with the 7.3 modifiers (7.3.3,
    ruling R47); a playable event is one its owner could have happen now
    (7.1)."""
    info = game.data.cards[card]
    is_scoring = info.side == "scoring"
    if sel.get("scoring") is False and is_scoring:
        return False
    if sel.get("scoring") is True and not is_scoring:
        return False
    if "sides" in sel and not side_matches(info.side, sel["sides"], ctx):
        return False
    if sel.get("red_title") and not info.red_title:
        return False
    if sel.get("removed") and not info.removed:
        return False
    if "min_ops" in sel and ops_value_for(game, card, holder or ctx.get(
            "actor", ctx["you"])) < sel["min_ops"]:
        return False
    return not (sel.get("playable") and not event_playable(game, card, ctx))


def card_owner(game: RulesGame, card: int, ctx: Context) -> str:
    """Who carries out a card's event: its side, or for a neutral or
    Scoring card the player carrying out the current event (5.3, R35)."""
    side = game.data.cards[card].side
    return side if side in SIDES else ctx.get("actor", ctx["you"])


def event_playable(game: RulesGame, card: int, ctx: Context) -> bool:
    """7.1 / ruling R43: the card's event can take place now for its owner."""
    return event_available(game, card, card_owner(game, card, ctx))


def ops_value_for(game: RulesGame, card: int, holder: str) -> int:
    """A card's Ops as ``holder`` would use them (7.3.3); 0 for a Scoring card."""
    return 0 if game.data.cards[card].ops is None else ops_value(game, holder, card)


def side_matches(side: str, wanted: list[str], ctx: Context) -> bool:
    """A card's event side against 'democrat', 'communist', 'neutral' or a
    player reference; a Scoring card counts as a neutral event (5.3 ex. 2)."""
    side = "neutral" if side == "scoring" else side
    for ref in wanted:
        if ref == "neutral" and side == "neutral":
            return True
        if ref != "neutral" and who(ctx, ref) == side:
            return True
    return False


# ------------------------------------------------------------- expressions
Expression = Callable[[RulesGame, dict, Context], int]
Condition = Callable[[RulesGame, dict, Context], bool]

#: Compiled expression kinds (``{"expr": kind, ...}``, vocabulary.Expr) and
#: how each is valued.
EXPRESSIONS: dict[str, Expression] = {}
#: Compiled condition kinds (``{"cond": kind, ...}``, vocabulary.Cond) and how
#: each is tested.
CONDITIONS: dict[str, Condition] = {}


def _registrar(table: dict[str, Any]) -> Callable[..., Callable[[Any], Any]]:
    """A decorator factory: ``@kinds("a", "b")`` files the function under
    those kinds in ``table``."""
    def kinds(*names: str) -> Callable[[Any], Any]:
        def register(fn: Any) -> Any:
            table.update(dict.fromkeys(names, fn))
            return fn
        return register
    return kinds


_expression = _registrar(EXPRESSIONS)
_condition = _registrar(CONDITIONS)


def _handler(table: dict[str, Any], node: dict, key: str) -> Any:
    """The function filed for ``node``'s kind; a kind no construct compiles
    to is a bug, said plainly."""
    handler = table.get(node[key])
    if handler is None:
        raise ValueError(f"unknown {key} kind {node[key]!r}")
    return handler


def value(game: RulesGame, expr: Any, ctx: Context) -> int:
    """An integer expression: a number, the roll, a count, a table lookup."""
    if isinstance(expr, int):
        return expr
    return _handler(EXPRESSIONS, expr, "expr")(game, expr, ctx)


@_expression(Expr.ROLL)
def _roll(game: RulesGame, expr: dict, ctx: Context) -> int:
    return ctx.get("roll", 0)


@_expression(Expr.TURN)
def _turn(game: RulesGame, expr: dict, ctx: Context) -> int:
    return game.state["turn"]


@_expression(Expr.ADD, Expr.SUB, Expr.MUL)
def _arithmetic(game: RulesGame, expr: dict, ctx: Context) -> int:
    a, b = (value(game, x, ctx) for x in expr["args"])
    kind = expr["expr"]
    return a + b if kind == Expr.ADD else a - b if kind == Expr.SUB else a * b


@_expression(Expr.NEG)
def _neg(game: RulesGame, expr: dict, ctx: Context) -> int:
    return -value(game, expr["of"], ctx)


@_expression(Expr.COUNT_SPACES)
def _count_spaces(game: RulesGame, expr: dict, ctx: Context) -> int:
    return len(spaces(game, expr["where"], ctx))


@_expression(Expr.COUNT_COUNTRIES)
def _count_countries(game: RulesGame, expr: dict, ctx: Context) -> int:
    holder = who(ctx, expr["power"])
    return sum(1 for c in game.data.countries if game.state["power"][c] == holder)


@_expression(Expr.COUNT_DRAWN)
def _count_drawn(game: RulesGame, expr: dict, ctx: Context) -> int:
    suit = expr["suit"]
    return sum(1 for c in drawn(ctx, "power_struggle") if _ps_suit(game, c) == suit)


@_expression(Expr.COUNT_DISCARDED)
def _count_discarded(game: RulesGame, expr: dict, ctx: Context) -> int:
    return len(ctx.get("discarded", []))


@_expression(Expr.COUNT_CARDS)
def _count_cards(game: RulesGame, expr: dict, ctx: Context) -> int:
    sel = expr["cards"]
    pool = drawn(ctx, "strategy") if sel["pool"] == "drawn" else ctx.get(sel["pool"], [])
    return sum(1 for c in pool if card_matches(game, c, sel, ctx))


@_expression(Expr.COUNT_EVENTS)
def _count_events(game: RulesGame, expr: dict, ctx: Context) -> int:
    return sum(1 for c in expr["cards"] if c in game.state["events_played"])


@_expression(Expr.OPS)
def _ops(game: RulesGame, expr: dict, ctx: Context) -> int:
    return ops_amount(game, expr, ctx)


@_expression(Expr.TABLE)
def _table(game: RulesGame, expr: dict, ctx: Context) -> int:
    key = value(game, expr["key"], ctx)
    for lo, hi, out in expr["rows"]:
        if lo <= key <= hi:
            return out
    return 0


def _ps_suit(game: RulesGame, card: int) -> str | None:
    info = game.data.ps_cards[card]
    return info.suit or info.name


def ops_source(game: RulesGame, spec: dict, ctx: Context) -> tuple[int | None, int | None]:
    """(card, printed value) of an event's Ops (7.4): a card's own Ops, or
    "as if" a card of N Ops, or a computed number (ruling R46). A card
    reference that finds no card, or a computed 0, gives (card, 0): no Ops."""
    if "card" in spec:
        card = card_ref(ctx, spec["card"])
        if card is None or game.data.cards[card].ops is None:
            return None, 0
        return card, None
    if "as_if" in spec:
        return ctx.get("card"), spec["as_if"]
    return ctx.get("card"), max(0, value(game, spec["expr"], ctx))


def ops_amount(game: RulesGame, spec: dict, ctx: Context) -> int:
    """An Ops value for an event (7.3, 7.4), as modified for the player using
    it (7.3.3); 0 when there are no Ops."""
    card, printed = ops_source(game, spec, ctx)
    if printed == 0:
        return 0
    return ops_value(game, ctx.get("actor", ctx["you"]), card, printed=printed)


def amount(game: RulesGame, spec: Any, ctx: Context) -> tuple[int | None, bool]:
    """(how many, whether fewer may be chosen); None means 'all'."""
    if spec == "all":
        return None, False
    if spec == "any_number":
        return None, True
    if isinstance(spec, dict) and "up_to" in spec:
        return spec["up_to"], True
    return value(game, spec, ctx), False


def number(game: RulesGame, spec: Any, ctx: Context) -> int:
    """An amount the card checker allows only as a number (dsl/checker.py
    AMOUNTS: cards drawn or discarded, VP, support checks), never 'all'."""
    n, _ = amount(game, spec, ctx)
    assert n is not None, spec
    return n


# -------------------------------------------------------------- conditions
def compare(a: int, cmp: str, b: Any) -> bool:
    if cmp == "between":
        return b[0] <= a <= b[1]
    return {">=": a >= b, "<=": a <= b, "==": a == b, ">": a > b, "<": a < b}[cmp]


def holds(game: RulesGame, cond: dict, ctx: Context) -> bool:
    """Whether a compiled condition holds now."""
    return _handler(CONDITIONS, cond, "cond")(game, cond, ctx)


@_condition(Cond.AND)
def _and(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return all(holds(game, c, ctx) for c in cond["args"])


@_condition(Cond.OR)
def _or(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return any(holds(game, c, ctx) for c in cond["args"])


@_condition(Cond.NOT)
def _not(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return not holds(game, cond["arg"], ctx)


@_condition(Cond.EVENT_OCCURRED)
def _event_occurred(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return cond["card"] in game.state["events_played"]


@_condition(Cond.IN_EFFECT, Cond.NOT_IN_EFFECT)
def _in_effect(game: RulesGame, cond: dict, ctx: Context) -> bool:
    live = any(e["card"] == cond["card"] for e in game.state["effects"])
    return live if cond["cond"] == Cond.IN_EFFECT else not live


@_condition(Cond.CANCELLED)
def _cancelled(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return cond["card"] in game.state["cancelled"]


@_condition(Cond.SUCCEEDED)
def _succeeded(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return cond["card"] in game.state["succeeded"]


@_condition(Cond.CONTROLS)
def _controls(game: RulesGame, cond: dict, ctx: Context) -> bool:
    player = who(ctx, cond["player"])
    found = spaces(game, cond["where"], ctx)
    test = all if cond.get("choice") == "each" else any
    return bool(found) and test(controller(game, s) == player for s in found)


@_condition(Cond.HOLDS_POWER)
def _holds_power(game: RulesGame, cond: dict, ctx: Context) -> bool:
    player = who(ctx, cond["player"])
    found = countries(game, cond["country"], ctx)
    return bool(found) and all(game.state["power"][c] == player for c in found)


@_condition(Cond.POWER_COUNT)
def _power_count(game: RulesGame, cond: dict, ctx: Context) -> bool:
    player = who(ctx, cond["player"])
    n = sum(1 for c in game.data.countries if game.state["power"][c] == player)
    return compare(n, cond["cmp"], cond["value"])


@_condition(Cond.VP_LEAD)
def _vp_lead(game: RulesGame, cond: dict, ctx: Context) -> bool:
    vp = game.state["vp"]
    return vp > 0 if who(ctx, cond["player"]) == "democrat" else vp < 0


@_condition(Cond.TIANANMEN_AHEAD)
def _tiananmen_ahead(game: RulesGame, cond: dict, ctx: Context) -> bool:
    player = who(ctx, cond["player"])
    assert player is not None  # the compiler checks player references
    track = game.state["tiananmen"]
    return track[player] > track[opponent(player)]  # ruling R18


@_condition(Cond.TIANANMEN_REACHED)
def _tiananmen_reached(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return game.state["tiananmen"][side_of(ctx, cond["player"])] >= cond["box"]


@_condition(Cond.COMPARE)
def _compare(game: RulesGame, cond: dict, ctx: Context) -> bool:
    target = cond["value"]
    if not isinstance(target, list):
        target = value(game, target, ctx)
    return compare(value(game, cond["left"], ctx), cond["cmp"], target)


@_condition(Cond.PERIOD)
def _period(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return game.data.period_of_turn(game.state["turn"]) == cond["period"]


@_condition(Cond.CARDS_EXIST)
def _cards_exist(game: RulesGame, cond: dict, ctx: Context) -> bool:
    sel = cond["cards"]
    return any(card_matches(game, c, sel, ctx) for c in ctx.get(sel["pool"], []))


@_condition(Cond.EXISTS, Cond.NONE)
def _exists(game: RulesGame, cond: dict, ctx: Context) -> bool:
    found = bool(spaces(game, cond["where"], ctx))
    return found if cond["cond"] == Cond.EXISTS else not found


@_condition(Cond.DID)
def _did(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return ctx.get("did", False) == cond["value"]


@_condition(Cond.WON_ROLL_OFF)
def _won_roll_off(game: RulesGame, cond: dict, ctx: Context) -> bool:
    return ctx.get("roll_off_winner") == who(ctx, cond["player"])


@_condition(Cond.CARD)
def _card_condition(game: RulesGame, cond: dict, ctx: Context) -> bool:
    card = card_ref(ctx, cond["card"])
    if card is None:
        return False
    if "number" in cond:
        as_event = ctx.get("played_use") in ("event", "ops_and_event")
        return card == cond["number"] and (as_event or not cond.get("as_event"))
    side = game.data.cards[card].side
    if not side_matches(side, cond["sides"], ctx):
        return False
    return not cond.get("playable") or event_playable(game, card, ctx)
