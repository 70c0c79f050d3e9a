"""Selectors said in English: which spaces, which countries, which cards,
how many (docs/operations.md, "Selectors" and "Amounts").

A description whose spaces the map alone decides (a type in a named
country) names them too when they are few: "each Elite space in Hungary
(Szombathely)", so that what a card's summary names by name, its
explanation names as well.
"""

from __future__ import annotations

from typing import Any

from dof.dsl.explain import english as en
from dof.dsl.explain.speaker import Speaker
from dof.engine.data.vocabulary import Expr

#: At most this many spaces are named after a description that fixes them.
NAMED_AT_MOST = 3

_SPACE_REFS = {"chosen_space": "the chosen space", "this_space": "this space"}
_COUNTRY_REFS = {"chosen_country": "the chosen country", "this_country": "this country",
                 "power_struggle_country": "the country of the power struggle"}
#: The parts of a space selector that only play decides.
_IN_PLAY = ("control", "not_control", "with_sp", "without_sp", "adjacent_to")


def place(name: str) -> str:
    """A region or country as a place: 'Poland', 'the Balkans' (a plural name
    takes 'the', as English does)."""
    return f"the {name}" if name.endswith("s") else name


def countries(sp: Speaker, sel: dict | None, many: bool = True) -> str:
    """Countries: 'Poland', 'the Balkans', 'the chosen country', 'countries
    where the Communist holds Power' (``many=False``: 'a country where ...')."""
    if not sel:
        return "any country" if many else "a country"
    if "ref" in sel:
        return _COUNTRY_REFS[sel["ref"]]
    if "of_space" in sel:
        return f"the country of {spaces(sp, sel['of_space'], 'one')}"
    named = [place(n) for n in (*sel.get("countries", ()), *sel.get("regions", ()))]
    if named:
        return en.listing(named, "or")
    if "power" in sel:
        sp.cite("8.4")
        who = sel["power"]
        text = (f"countries where {en.acts(who, 'hold')} Power" if many else
                f"a country where {en.acts(who, 'hold')} Power")
    else:
        text = "countries" if many else "a country"
    if sel.get("except"):
        text += " other than " + en.listing(sel["except"], "or")
    return text


def spaces(sp: Speaker, sel: dict | None, quantity: str = "any", join: str = "and") -> str:
    """Spaces, with how many of them: ``quantity`` is 'any' (as many as the
    actor likes), 'each', 'one', 'a', 'no' or 'all' (plural, no word before:
    'the number of Worker spaces'). Names are joined by ``join``."""
    if sel is None or not sel:
        return {"any": "any spaces", "each": "every space", "one": "any one space",
                "a": "a space", "no": "no space", "all": "spaces"}[quantity]
    if "ref" in sel:
        return _SPACE_REFS[sel["ref"]]
    if "union" in sel:
        return en.listing([spaces(sp, part, quantity, join) for part in sel["union"]], "or")
    if set(sel) == {"names"}:
        return _named(sel["names"], quantity, join)
    return _described(sp, sel, quantity)


def _named(names: list[str], quantity: str, join: str) -> str:
    if len(names) == 1:
        return names[0]
    if quantity in ("one", "a"):
        return "one of " + en.listing(names, "or")
    if quantity == "each":
        return "each of " + en.listing(names, join)
    return en.listing(names, "or" if quantity == "no" else join)


def _described(sp: Speaker, sel: dict, quantity: str) -> str:
    many = quantity in ("any", "all")
    before = []
    if sel.get("battleground") is not None:
        before.append("Battleground" if sel["battleground"] else "non-Battleground")
    if sel.get("control") == "none":
        before.append("uncontrolled")
    kinds = en.listing([t.capitalize() for t in sel.get("types", ())], "or")
    noun = " ".join([*before, kinds, "spaces" if many else "space"]).replace("  ", " ").strip()
    after = _filters(sp, sel, many)
    word = {"any": "any ", "each": "each ", "one": "one ", "no": "no ", "all": "",
            "a": ""}[quantity]
    text = word + (en.a(noun) if quantity == "a" else noun) + "".join(" " + a for a in after)
    fixed = _fixed(sp, sel)
    return f"{text} ({fixed})" if fixed else text


def _filters(sp: Speaker, sel: dict, many: bool) -> list[str]:
    """What follows the noun: next to what, whose SPs, where, whose control."""
    after = []
    if "names" in sel:
        after.append("among " + en.listing(sel["names"], "or"))
    if "adjacent_to" in sel:
        sp.cite("2.1.6")
        after.append("adjacent to " + spaces(sp, sel["adjacent_to"], "one"))
    if "with_sp" in sel:
        after.append(f"with {en.owner(sel['with_sp'])} SPs")
    if "without_sp" in sel:
        after.append(f"with no {en.owner(sel['without_sp'])} SPs")
    if "in" in sel:
        after.append("in " + countries(sp, sel["in"], many))
    control = sel.get("control")
    if control not in (None, "none"):
        sp.cite("2.1.7")
        after.append(f"controlled by {en.obj(control)}")
    if "not_control" in sel:
        sp.cite("2.1.7")
        after.append(f"not controlled by {en.obj(sel['not_control'])}")
    if sel.get("except"):
        after.append("except " + en.listing(sel["except"]))
    return after


def _fixed(sp: Speaker, sel: dict) -> str:
    """The spaces a description names, when the map alone decides them and
    they are few: 'Plzen, Praha'."""
    where = sel.get("in", {})
    if "names" in sel or any(k in sel for k in _IN_PLAY if k != "control") or not (
            set(where) <= {"countries", "regions"}) or sel.get("control") not in (None, "none"):
        return ""
    found = sp.names.static_spaces(sel)
    if found is None or not 0 < len(found) <= NAMED_AT_MOST:
        return ""
    return ", ".join(s.name for s in sp.names.data.spaces if s.id in found)


def check_targets(sp: Speaker, where: dict | None) -> str:
    """Where support checks go: 'in Poland', 'against Student spaces', 'anywhere'."""
    if where is None or not where:
        return "anywhere"
    if set(where) == {"in"}:
        return "in " + spaces(sp, where, "all").removeprefix("spaces in ")
    return "against " + spaces(sp, where, "all", "or")



# ---------------------------------------------------------------- amounts
def amount(sp: Speaker, value: Any, noun: str, many: str | None = None) -> str:
    """'3 SPs', 'up to 4 SPs', 'all', '(the number of discarded cards) cards'."""
    if isinstance(value, int):
        return en.counted(value, noun, many)
    if value == "all":
        return f"all {many or noun + 's'}"
    if value == "any_number":
        return f"any number of {many or noun + 's'}"
    if isinstance(value, dict) and "up_to" in value:
        return f"up to {en.counted(value['up_to'], noun, many)}"
    if isinstance(value, dict) and value.get("expr") == Expr.TABLE:
        rows = ", ".join(f"{v} on {lo}" if lo == hi else f"{v} on {lo}-{hi}"
                         for lo, hi, v in value["rows"])
        return f"{many or noun + 's'} according to {sp.expr(value['key'])} ({rows})"
    said = sp.expr(value)
    first, _, rest = said.partition(" ")
    if first.isdecimal() and rest.startswith("for each "):
        return f"{first} {en.plural(int(first), noun, many)} {rest}"
    return f"{many or noun + 's'} equal to {said}"


def ops_value(sp: Speaker, ops: dict) -> str:
    """An Ops value: this card's (modified, 7.3.3), a fixed one (7.4), a computed one."""
    if "card" in ops:
        sp.cite("7.3.3")
        ref = ops["card"]
        return "this card's Ops" if ref == "this" else f"the Ops of {en.card_ref(ref)}"
    sp.cite("7.4")
    if "as_if" in ops:
        return f"{ops['as_if']} Ops"
    return amount(sp, ops["expr"], "Op")


# ---------------------------------------------------------------- cards
#: Cards bound by an earlier operation, chosen among by a later one.
_POOLS = ("drawn", "revealed")


def cards(sp: Speaker, sel: dict, actor: str | None = None, quantity: str = "",
          from_word: str = "from") -> str:
    """'1 non-Scoring card from his hand', '2 of the drawn cards', '2 random
    Power Struggle cards from the Communist'; ``quantity`` 'a' or 'all'
    for one card or every one the selector matches, whatever its count."""
    pool = sel.get("pool", "hand")
    words = [w for w, on in ((pool, pool in _POOLS), ("random", sel.get("random")),
                             ("non-Scoring", sel.get("scoring") is False),
                             ("Scoring", sel.get("scoring") is True),
                             ("red-titled", sel.get("red_title")),
                             ("asterisked", sel.get("removed"))) if on]
    if sel.get("removed"):
        sp.cite("2.2.4")
    noun = " ".join([*words, "Power Struggle card" if pool == "power_struggle_hand" else "card"])
    count = sel.get("count", 1)
    if quantity == "a":
        head = en.a(noun)
    elif quantity == "all":
        head = noun + "s"
    elif pool in _POOLS:
        head = _pool_count(sp, count, f"the {noun}s")
    else:
        head = amount(sp, count, noun)
    return " ".join([head + _source(sel, actor, from_word), *_card_filters(sp, sel)])


def _source(sel: dict, actor: str | None, from_word: str) -> str:
    """Where the cards are: ' from his hand', ' from the discard pile', ' from
    the Communist' (his Power Struggle cards)."""
    pool, whose = sel.get("pool", "hand"), sel.get("of")
    if pool == "hand":
        hand = (f"{en.his(actor)} hand" if whose in (None, actor)
                else f"{en.possessive(whose)} hand")
        return f" {from_word} {hand}"
    if pool == "discard":
        return f" {from_word} the discard pile"
    if pool == "power_struggle_hand" and whose not in (None, actor):
        return f" {from_word} {en.obj(whose)}"
    return ""


def _pool_count(sp: Speaker, count: Any, pool: str) -> str:
    """'2 of the drawn cards', 'all of the revealed red-titled cards'."""
    if count == "all":
        return f"all of {pool}"
    return f"{amount(sp, count, 'card').removesuffix(' cards').removesuffix(' card')} of {pool}"


def _card_filters(sp: Speaker, sel: dict) -> list[str]:
    after = []
    sides = sel.get("sides")
    if sides:
        kinds = en.listing([en.side(s) for s in sides], "or")
        if sel.get("playable"):
            sp.cite("7.1")
            after.append(f"with {en.a('playable ' + kinds + ' event')}")
        else:
            after.append(f"with {en.a(kinds + ' event')}")
    elif sel.get("playable"):
        sp.cite("7.1")
        after.append("with a playable event")
    if "min_ops" in sel:
        after.append(f"worth at least {en.counted(sel['min_ops'], 'Op')}")
    if sel.get("highest_ops"):
        after.append("with the highest Ops value (the giver chooses among ties)")
    return after

