"""Expressions, conditions and durations said in English, one function per
kind of the vocabulary (docs/operations.md, "Amounts and expressions",
"Conditions", "Lasting effects and hook points")."""

from __future__ import annotations

from dof.dsl.explain import english as en
from dof.dsl.explain.selectors import cards, countries, spaces
from dof.dsl.explain.speaker import Speaker, condition, duration, expression
from dof.engine.data.vocabulary import Cond, Expr, Until

# ---------------------------------------------------------------- expressions


@expression(Expr.ROLL)
def _roll(sp: Speaker, e: dict) -> str:
    return "the roll"


@expression(Expr.TURN)
def _turn(sp: Speaker, e: dict) -> str:
    return "the turn number"


@expression(Expr.ADD)
def _add(sp: Speaker, e: dict) -> str:
    a, b = e["args"]
    return f"{sp.expr(a)} plus {sp.expr(b)}"


@expression(Expr.SUB)
def _sub(sp: Speaker, e: dict) -> str:
    a, b = e["args"]
    return f"{sp.expr(a)} minus {sp.expr(b)}"


@expression(Expr.MUL)
def _mul(sp: Speaker, e: dict) -> str:
    """'1 for each Worker space ...' where a number multiplies a count."""
    a, b = e["args"]
    if isinstance(a, int) and isinstance(b, dict) and b.get("expr") in _EACH:
        return f"{a} for {_EACH[b['expr']](sp, b)}"
    return f"{sp.expr(a)} times {sp.expr(b)}"


@expression(Expr.NEG)
def _neg(sp: Speaker, e: dict) -> str:
    return f"minus {sp.expr(e['of'])}"


@expression(Expr.TABLE)
def _table(sp: Speaker, e: dict) -> str:
    """'4 on a roll of 1-2, 3 on 3-4, 1 on 5-6'."""
    rows = [f"{value} on {lo}" if lo == hi else f"{value} on {lo}-{hi}"
            for lo, hi, value in e["rows"]]
    key = sp.expr(e["key"])
    first, *rest = rows
    head = first.replace(" on ", " on a roll of " if key == "the roll" else f" when {key} is ", 1)
    return ", ".join([head, *rest])


@expression(Expr.COUNT_SPACES)
def _count_spaces(sp: Speaker, e: dict) -> str:
    return f"the number of {spaces(sp, e['where'], 'all')}"


@expression(Expr.COUNT_COUNTRIES)
def _count_countries(sp: Speaker, e: dict) -> str:
    sp.cite("8.4")
    return f"the number of countries where {en.acts(e['power'], 'hold')} Power"


@expression(Expr.COUNT_DRAWN)
def _count_drawn(sp: Speaker, e: dict) -> str:
    """A suit is named by its cards' name ('Rally in the Square'), as a card file names it."""
    suit = e["suit"]
    named = next((c.name for c in sp.names.data.ps_cards if c.suit == suit), suit)
    return f"the number of {en.quoted(named)} cards among the drawn cards"


@expression(Expr.COUNT_DISCARDED)
def _count_discarded(sp: Speaker, e: dict) -> str:
    return "the number of cards discarded"


@expression(Expr.COUNT_CARDS)
def _count_cards(sp: Speaker, e: dict) -> str:
    return f"the number of {cards(sp, e['cards'], quantity='all')}"


@expression(Expr.COUNT_EVENTS)
def _count_events(sp: Speaker, e: dict) -> str:
    named = en.listing([sp.card(n) for n in e["cards"]])
    return f"the number of the events {named} that have occurred"


#: Each thing a count counts: 'each space controlled by ...'.
_EACH = {
    Expr.COUNT_SPACES: lambda sp, e: spaces(sp, e["where"], "each"),
    Expr.COUNT_COUNTRIES: lambda sp, e: (
        f"each country where {en.acts(e['power'], 'hold')} Power"),
    Expr.COUNT_DRAWN: lambda sp, e: _count_drawn(sp, e).replace(
        "the number of ", "each ", 1).replace(" cards among", " card among", 1),
    Expr.COUNT_DISCARDED: lambda sp, e: "each card discarded",
    Expr.COUNT_CARDS: lambda sp, e: "each " + cards(sp, e["cards"], quantity="all").replace(
        "cards", "card", 1),
    Expr.COUNT_EVENTS: lambda sp, e: (
        f"each of the events {en.listing([sp.card(n) for n in e['cards']])} that has occurred"),
}


@expression(Expr.OPS)
def _ops(sp: Speaker, e: dict) -> str:
    if "card" in e:
        sp.cite("7.3.3")
        return "this card's Ops" if e["card"] == "this" else f"the Ops of {en.card_ref(e['card'])}"
    sp.cite("7.4")
    return str(e["as_if"]) if "as_if" in e else sp.expr(e["expr"])


# ---------------------------------------------------------------- conditions

_CMP_WORDS = {">=": "{} or more", "<=": "{} or less", ">": "greater than {}",
              "<": "less than {}", "==": "{}"}


@condition(Cond.AND)
def _and(sp: Speaker, c: dict) -> str:
    return " and ".join(sp.cond(a) for a in c["args"])


@condition(Cond.OR)
def _or(sp: Speaker, c: dict) -> str:
    return " or ".join(sp.cond(a) for a in c["args"])


#: A condition negated in its own words ('... has not occurred').
_NEGATED = {Cond.EVENT_OCCURRED: Cond.EVENT_OCCURRED, Cond.IN_EFFECT: Cond.NOT_IN_EFFECT,
            Cond.NOT_IN_EFFECT: Cond.IN_EFFECT, Cond.EXISTS: Cond.NONE, Cond.NONE: Cond.EXISTS}


@condition(Cond.NOT)
def _not(sp: Speaker, c: dict) -> str:
    inner = c["arg"]
    kind = inner["cond"]
    if kind == Cond.EVENT_OCCURRED:
        sp.cite("7.1")
        return f"the event {sp.card(inner['card'])} has not occurred"
    if kind in _NEGATED:
        return sp.cond({**inner, "cond": _NEGATED[kind]})
    if kind == Cond.CARD and "number" in inner:
        return _card(sp, inner, negated=True)
    if kind == Cond.DID:
        return sp.cond({**inner, "value": not inner["value"]})
    return f"it is not so that {sp.cond(inner)}"


@condition(Cond.EVENT_OCCURRED)
def _event_occurred(sp: Speaker, c: dict) -> str:
    sp.cite("7.1")
    return f"the event {sp.card(c['card'])} has occurred"


@condition(Cond.IN_EFFECT)
def _in_effect(sp: Speaker, c: dict) -> str:
    sp.cite("7.2")
    return f"{sp.card(c['card'])} is in effect"


@condition(Cond.NOT_IN_EFFECT)
def _not_in_effect(sp: Speaker, c: dict) -> str:
    sp.cite("7.2")
    return f"{sp.card(c['card'])} is not in effect"


@condition(Cond.CANCELLED)
def _cancelled(sp: Speaker, c: dict) -> str:
    return f"{sp.card(c['card'])} has been cancelled"


@condition(Cond.SUCCEEDED)
def _succeeded(sp: Speaker, c: dict) -> str:
    return f"the event {sp.card(c['card'])} has succeeded"


@condition(Cond.CONTROLS)
def _controls(sp: Speaker, c: dict) -> str:
    sp.cite("2.1.7")
    which = spaces(sp, c["where"], "a" if c.get("choice") == "one" else "each", "and")
    return f"{en.acts(c['player'], 'control')} {which}"


@condition(Cond.HOLDS_POWER)
def _holds_power(sp: Speaker, c: dict) -> str:
    sp.cite("8.4")
    return f"{en.acts(c['player'], 'hold')} Power in {countries(sp, c['country'])}"


@condition(Cond.POWER_COUNT)
def _power_count(sp: Speaker, c: dict) -> str:
    sp.cite("8.4")
    many = _CMP_WORDS[c["cmp"]].format(c["value"])
    return f"{en.acts(c['player'], 'hold')} Power in {many} countries"


@condition(Cond.VP_LEAD)
def _vp_lead(sp: Speaker, c: dict) -> str:
    return f"{en.acts(c['player'], 'lead')} on VP"


@condition(Cond.TIANANMEN_AHEAD)
def _tiananmen_ahead(sp: Speaker, c: dict) -> str:
    sp.cite("6.3")
    return f"{en.acts(c['player'], 'be')} ahead on the Tiananmen Square track"


@condition(Cond.TIANANMEN_REACHED)
def _tiananmen_reached(sp: Speaker, c: dict) -> str:
    sp.cite("6.3")
    return f"{en.acts(c['player'], 'have')} reached box {c['box']} of the Tiananmen Square track"


@condition(Cond.COMPARE)
def _compare(sp: Speaker, c: dict) -> str:
    left = sp.expr(c["left"])
    if c["cmp"] == "between":
        lo, hi = c["value"]
        return f"{left} is {lo}-{hi}"
    return f"{left} is " + _CMP_WORDS[c["cmp"]].format(sp.expr(c["value"]))


@condition(Cond.PERIOD)
def _period(sp: Speaker, c: dict) -> str:
    """The period with its turns, from the game data (4.1)."""
    sp.cite("4.1")
    data = sp.names.data
    turns = [t for t in range(1, data.turns + 1) if data.period_of_turn(t) == c["period"]]
    span = f" (turns {turns[0]}-{turns[-1]})" if turns else ""
    return f"the turn is in the {c['period'].capitalize()} Year{span}"


@condition(Cond.CARDS_EXIST)
def _cards_exist(sp: Speaker, c: dict) -> str:
    return f"there is {cards(sp, c['cards'], quantity='a')}"


@condition(Cond.EXISTS)
def _exists(sp: Speaker, c: dict) -> str:
    return f"there is {spaces(sp, c['where'], 'a', 'or')}"


@condition(Cond.NONE)
def _none(sp: Speaker, c: dict) -> str:
    return f"there is {spaces(sp, c['where'], 'no', 'or')}"


@condition(Cond.CARD)
def _card(sp: Speaker, c: dict, negated: bool = False) -> str:
    card = en.card_ref(c["card"])
    if "number" in c:
        how = ", played as an event" if c.get("as_event") else ""
        return f"{card} is {'not ' if negated else ''}{sp.card(c['number'])}{how}"
    event = " ".join(w for w in ("playable" if c.get("playable") else "",
                                 en.listing([en.side(s) for s in c.get("sides", [])], "or"),
                                 "event") if w)
    if c.get("playable"):
        sp.cite("7.1")
    return f"{card} has {en.a(event)}"


@condition(Cond.DID)
def _did(sp: Speaker, c: dict) -> str:
    who = en.subject(sp.asked) if sp.asked else "he"
    return f"{who} did" if c["value"] else f"{who} did not"


@condition(Cond.WON_ROLL_OFF)
def _won_roll_off(sp: Speaker, c: dict) -> str:
    return f"{en.subject(c['player'])} won the roll-off"


# ---------------------------------------------------------------- durations


@duration(Until.END_OF_TURN)
def _end_of_turn(sp: Speaker, d: dict) -> str:
    sp.cite("7.2", "4.5.3")
    return "for the rest of the turn"


@duration(Until.END_OF_GAME)
def _end_of_game(sp: Speaker, d: dict) -> str:
    sp.cite("7.2")
    return "for the rest of the game"


@duration(Until.CANCELLED)
def _cancelled_duration(sp: Speaker, d: dict) -> str:
    sp.cite("7.2")
    return "until cancelled"


@duration(Until.USED)
def _used(sp: Speaker, d: dict) -> str:
    sp.cite("7.2")
    uses = d.get("uses", 1)
    return "until it has applied once" if uses == 1 else f"until it has applied {uses} times"


@duration(Until.END_OF_ACTION_ROUND)
def _end_of_action_round(sp: Speaker, d: dict) -> str:
    sp.cite("7.2")
    return "until the end of this action round"


@duration(Until.NEXT_DEAL)
def _next_deal(sp: Speaker, d: dict) -> str:
    sp.cite("7.2", "4.5.1")
    return "until the next deal"


@duration(Until.END_OF_POWER_STRUGGLE)
def _end_of_power_struggle(sp: Speaker, d: dict) -> str:
    sp.cite("7.2", "8")
    where = d.get("country")
    return "until the end of the next power struggle" + (
        f" in {countries(sp, where)}" if where else "")


@duration(Until.OPPONENT_REACHES_BOX)
def _opponent_reaches_box(sp: Speaker, d: dict) -> str:
    sp.cite("6.3.5")
    return "until the opponent reaches this box"
