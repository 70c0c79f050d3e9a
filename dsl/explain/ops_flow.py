"""Choices, branches, dice and the rules an event invokes, said in English:
VP, the U.S.S.R. and Tiananmen Square tracks, power struggles, scoring and
the end of the game."""

from __future__ import annotations

from dof.dsl.explain import english as en
from dof.dsl.explain.selectors import amount, cards, countries, spaces
from dof.dsl.explain.speaker import Speaker, renders
from dof.engine.data.vocabulary import Op


@renders(Op.CHOOSE)
def _choose(sp: Speaker, op: dict) -> None:
    """A choice that finds nothing ends the event (ruling R50)."""
    who, kind, among = op["player"], op["kind"], op["among"]
    if kind == "space":
        what = spaces(sp, among, "one")
    elif kind == "country":
        some = countries(sp, among, many=False)
        what = "one " + some[2:] if some.startswith("a ") else "one of " + some
    else:
        what = cards(sp, among, who)
    sp.cite("R50")
    sp.say(f"{en.acts(who, 'choose', op.get('optional', False))} {what} "
           "(if there is none, the event ends here)")


@renders(Op.CHOOSE_ONE)
def _choose_one(sp: Speaker, op: dict) -> None:
    with sp.under(f"{en.acts(op['player'], 'choose')} one of"):
        for option in op["options"]:
            guard = option.get("if")
            only = f", only if {sp.cond(guard)}" if guard else ""
            with sp.under(f"option {en.quoted(option['label'])}{only}"):
                sp.program(option["do"])


@renders(Op.IF)
def _if(sp: Speaker, op: dict) -> None:
    with sp.under(f"if {sp.cond(op['cond'])}"):
        sp.program(op["then"])
    other = op.get("else") or []
    while len(other) == 1 and other[0]["op"] == Op.IF:  # otherwise if ...
        with sp.under(f"otherwise, if {sp.cond(other[0]['cond'])}"):
            sp.program(other[0]["then"])
        other = other[0].get("else") or []
    if other:
        with sp.under("otherwise"):
            sp.program(other)


@renders(Op.FOR_EACH)
def _for_each(sp: Speaker, op: dict) -> None:
    among = (countries(sp, op["among"]) if op["kind"] == "country"
             else spaces(sp, op["among"], "all"))
    each = among.replace("countries", "country", 1).replace("spaces", "space", 1)
    with sp.under(f"for each {each}"):
        sp.program(op["do"])


@renders(Op.ROLL)
def _roll(sp: Speaker, op: dict) -> None:
    mods = []
    for mod in op.get("modifiers", []):
        said = sp.expr(mod)
        mods.append(said if said.startswith("minus ") else f"plus {said}")
    sp.say(f"{en.acts(op['player'], 'roll', op.get('optional', False))} a die"
           + "".join(f", {m}" for m in mods))


@renders(Op.ROLL_OFF)
def _roll_off(sp: Speaker, op: dict) -> None:
    players = en.listing([en.subject(p) for p in op["players"]])
    add = sp.expr(op["add"]) if op.get("add") else ""
    sp.say(f"{players} roll off, best of {op['best_of']}: each rolls a die"
           + (f" plus {add}" if add else "")
           + "; the higher roll wins a round, a tie is rolled again")


@renders(Op.SUCCEED)
def _succeed(sp: Speaker, op: dict) -> None:
    sp.cite("R53")
    sp.say("this event counts as having succeeded")


@renders(Op.VP)
def _vp(sp: Speaker, op: dict) -> None:
    """10.1: 20 VP wins at once."""
    sp.cite("10.1")
    sp.say(f"{en.acts(op['player'], 'gain', op.get('optional', False))} "
           f"{amount(sp, op['amount'], 'VP', 'VP')}")


@renders(Op.USSR_ADVANCE)
def _ussr_advance(sp: Speaker, op: dict) -> None:
    sp.cite("12")
    sp.say(f"the U.S.S.R. Stability marker moves to {en.quoted(op['name'])} "
           f"(position {op['to']})")


@renders(Op.TIANANMEN_ADVANCE)
def _tiananmen_advance(sp: Speaker, op: dict) -> None:
    """Not an attempt (6.3.4); a box reached first gives its award (6.3.5)."""
    sp.cite("6.3.4", "6.3.5")
    sp.say(f"{en.acts(op['player'], 'advance', op.get('optional', False))} "
           f"{en.counted(op['boxes'], 'box', 'boxes')} on the Tiananmen Square track "
           "(not an attempt; a box reached first gives its award)")


@renders(Op.POWER_STRUGGLE)
def _power_struggle(sp: Speaker, op: dict) -> None:
    sp.cite("8")
    where = countries(sp, op["country"], many=False)
    named = op["country"].get("countries", [])
    country = sp.names.data.countries.get(named[0]) if len(named) == 1 else None
    card = f" ({sp.card(country.scoring_card)})" if country is not None else ""
    sp.say(f"{en.acts(op['player'], 'hold', op.get('optional', False))} a power struggle in "
           f"{where}, as the player of its Scoring card{card}")


@renders(Op.SCORE)
def _score(sp: Speaker, op: dict) -> None:
    sp.cite("9.3")
    sp.say(f"{countries(sp, op['country'], many=False)} is scored")


@renders(Op.END_GAME)
def _end_game(sp: Speaker, op: dict) -> None:
    """10.3: the game ends without Final Scoring; the leader on VP wins."""
    sp.cite("10.3")
    when = "at the end of this turn" if op.get("when") == "end_of_turn" else "now"
    sp.say(f"{en.acts(op['player'], 'end', op.get('optional', False))} the game {when}, "
           "without Final Scoring: the leader on VP wins")


@renders(Op.BAR_SUIT)
def _bar_suit(sp: Speaker, op: dict) -> None:
    sp.cite("8.3.2")
    sp.say("the attacked suit may not be played or named for the rest of this power struggle")
