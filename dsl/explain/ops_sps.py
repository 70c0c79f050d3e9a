"""Operations on the map said in English: SPs placed, removed, replaced and
moved, a space taken off the map, support checks and Operations (rules
6.1, 6.2, 7.4)."""

from __future__ import annotations

from dof.dsl.explain import english as en
from dof.dsl.explain.selectors import amount, check_targets, ops_value, spaces
from dof.dsl.explain.speaker import Speaker, renders
from dof.engine.data.vocabulary import Op


def _cap(op: dict, into: str) -> str:
    """'at most 2 in any one space' (``into``: 'in', 'from' or 'to')."""
    cap = op.get("per_space_max")
    return f", at most {cap} {into} any one space" if cap else ""


def _sps(sp: Speaker, value: object, whose: str) -> str:
    """'4 Democrat SPs', 'all opposing SPs', 'up to 4 SPs', '1 of his own SPs'."""
    if whose.endswith(" own") and value != "all":
        counted = amount(sp, value, "SP")
        head, _, noun = counted.rpartition(" ")
        return f"{head} of {whose} SPs" if noun in ("SP", "SPs") else counted
    return amount(sp, value, f"{whose} SP".strip())


def _whose(who: str, owner: str) -> str:
    """Whose SPs a player acts on: 'Democrat', 'opposing', 'his own'."""
    return f"{en.his(who)} own" if owner == who else en.owner(owner)


@renders(Op.PLACE)
def _place(sp: Speaker, op: dict) -> None:
    """Placed by the event itself: no adjacency and no double cost (6.1.1)."""
    sp.cite("6.1.1")
    who, owner = op["player"], op["owner"]
    whose = "" if owner == who else en.owner(owner)
    where = spaces(sp, op["where"], op.get("choice", "any"))
    sp.say(f"{en.acts(who, 'place', op.get('optional', False))} "
           f"{_sps(sp, op['amount'], whose)} in {where}{_cap(op, 'in')}, placed directly")


@renders(Op.PLACE_TO_CONTROL)
def _place_to_control(sp: Speaker, op: dict) -> None:
    sp.cite("2.1.7", "6.1.1")
    who, owner = op["player"], op["owner"]
    for_whom = "" if owner == who else f" for {en.obj(owner)}"
    where = spaces(sp, op["where"], op.get("choice", "any"))
    sp.say(f"{en.acts(who, 'place', op.get('optional', False))} just enough SPs to control "
           f"{where}{for_whom}")


@renders(Op.REMOVE)
def _remove(sp: Speaker, op: dict) -> None:
    who = op["player"]
    where = spaces(sp, op["where"], op.get("choice", "any"))
    sp.say(f"{en.acts(who, 'remove', op.get('optional', False))} "
           f"{_sps(sp, op['amount'], _whose(who, op['owner']))} from {where}{_cap(op, 'from')}")


@renders(Op.REPLACE)
def _replace(sp: Speaker, op: dict) -> None:
    who, count = op["player"], op["amount"]
    where = spaces(sp, op["where"], op.get("choice", "any"))
    new = _whose(who, op["new_owner"])
    instead = f"{new} SPs" if count != 1 else (
        f"one of {new} SPs" if new.endswith(" own") else f"{en.a(new)} SP")
    sp.say(f"{en.acts(who, 'replace', op.get('optional', False))} "
           f"{_sps(sp, count, _whose(who, op['owner']))} with {instead} in {where}")


@renders(Op.MOVE)
def _move(sp: Speaker, op: dict) -> None:
    who = op["player"]
    source = spaces(sp, op["from"], op.get("from_choice", "any"))
    target = spaces(sp, op["to"], op.get("to_choice", "any"))
    sp.say(f"{en.acts(who, 'move', op.get('optional', False))} "
           f"{_sps(sp, op['amount'], _whose(who, op['owner']))} from {source} to {target}"
           f"{_cap(op, 'to')}")


@renders(Op.ELIMINATE)
def _eliminate(sp: Speaker, op: dict) -> None:
    sp.cite("2.1.6")
    sp.say(f"{en.capital(spaces(sp, op['space'], 'one'))} is taken off the map: "
           "its neighbours are joined to each other")


@renders(Op.SUPPORT_CHECKS)
def _support_checks(sp: Speaker, op: dict) -> None:
    """Each check is d6 + the Ops + adjacency (6.2.4); targets need opposing
    SPs (6.2.3) unless the card says otherwise (5.4)."""
    sp.cite("6.2")
    who, count = op["player"], op["count"]
    ops = ops_value(sp, op["ops"])
    checks = amount(sp, count, "support check")
    text = f"{en.acts(who, 'make', op.get('optional', False))} {checks} " \
           f"{check_targets(sp, op.get('where'))}, adding {ops}"
    if op.get("bonus"):
        text += f", {'each ' if count != 1 else ''}with {en.signed(op['bonus'])}"
    if not op.get("needs_opponent_sp", True):
        sp.cite("5.4", "6.2.3")
        text += ", even where there are no opposing SPs"
    sp.say(text)


#: What Operations (7.4) may be used for, and the rule of each.
_OPERATIONS = {"place": ("place SPs", "6.1"), "support_checks": ("make support checks", "6.2"),
               "tiananmen": ("make a Tiananmen Square attempt", "6.3")}


@renders(Op.OPERATIONS)
def _operations(sp: Speaker, op: dict) -> None:
    """Ops as if a card were played (7.4): rule 6.1 and the Ops modifiers apply."""
    sp.cite("7.4")
    uses = []
    for option in op["options"]:
        words, rule = _OPERATIONS[option]
        sp.cite(rule)
        uses.append(words)
    where = op.get("where")
    place = f" {check_targets(sp, where)}" if where else ""
    sp.say(f"{en.acts(op['player'], 'use', op.get('optional', False))} "
           f"{ops_value(sp, op['ops'])} to {en.listing(uses, 'or')}{place}, "
           "as if a card were played for Operations")
