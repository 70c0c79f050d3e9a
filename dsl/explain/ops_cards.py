"""Operations on cards said in English: drawn, discarded, revealed, taken,
given, played for their event or their Ops, set aside."""

from __future__ import annotations

from dof.dsl.explain import english as en
from dof.dsl.explain.selectors import amount, cards
from dof.dsl.explain.speaker import Speaker, renders
from dof.engine.data.vocabulary import Op


@renders(Op.DRAW)
def _draw(sp: Speaker, op: dict) -> None:
    struggle = op.get("deck") == "power_struggle"
    if struggle:
        sp.cite("8.1.2")
    count = op["count"]
    sp.drawn = count if isinstance(count, int) else None
    noun = "Power Struggle card" if struggle else "card"
    sp.say(f"{en.acts(op['player'], 'draw', op.get('optional', False))} "
           f"{amount(sp, count, noun)}")


@renders(Op.DISCARD)
def _discard(sp: Speaker, op: dict) -> None:
    """A discarded card's event does not happen (5.3); from a hand, Scoring
    cards only where the card says so (ruling B.3.8)."""
    sel, who = op["cards"], op["player"]
    text = f"{en.acts(who, 'discard', op.get('optional', False))} {cards(sp, sel, who)}"
    if sel.get("pool", "hand") == "hand" and "scoring" not in sel:
        text += ", Scoring cards included"
    if sel.get("pool") == "drawn" and sp.drawn is not None and isinstance(sel.get("count"), int):
        kept = sp.drawn - sel["count"]
        if kept > 0:
            text += f", keeping the other {kept}"
    sp.cite("8.3.2" if sel.get("pool") == "power_struggle_hand" else "5.3")
    sp.say(text)


@renders(Op.REVEAL)
def _reveal(sp: Speaker, op: dict) -> None:
    sel, who = op["cards"], op["player"]
    if sel.get("pool") == "power_struggle_hand":
        sp.cite("8.1.2")
        shown = f"{en.his(who)} Power Struggle cards to {en.his(who)} opponent"
    else:
        shown = cards(sp, sel, who, from_word="in")
    sp.say(f"{en.acts(who, 'reveal', op.get('optional', False))} {shown}")


@renders(Op.DECLARE_NEXT_CARD)
def _declare_next_card(sp: Speaker, op: dict) -> None:
    sp.cite("4.5.2")
    who = op["player"]
    sp.say(f"{en.acts(who, 'show')} the card {en.he(who)} will play in {en.his(who)} next "
           "action round, and must play it then")


@renders(Op.TAKE)
def _take(sp: Speaker, op: dict) -> None:
    sel, who = op["cards"], op["player"]
    if sel.get("pool") == "power_struggle_hand":
        sp.cite("8.1.2")
    into = f" into {en.his(who)} hand" if sel.get("pool") == "discard" else ""
    sp.say(f"{en.acts(who, 'take', op.get('optional', False))} {cards(sp, sel, who)}{into}")


@renders(Op.GIVE)
def _give(sp: Speaker, op: dict) -> None:
    who = op["player"]
    sp.say(f"{en.acts(who, 'give', op.get('optional', False))} {en.obj(op['to'])} "
           f"{cards(sp, op['cards'], who)}")


@renders(Op.PLAY_EVENT)
def _play_event(sp: Speaker, op: dict) -> None:
    """The event happens now if its prerequisites hold (7.1); an asterisked
    card is then removed (2.2.4)."""
    sp.cite("7.1")
    sp.say(f"{en.acts(op['player'], 'carry', op.get('optional', False))} out the event of "
           f"{en.card_ref(op['card'])}")


@renders(Op.PLAY_OPS)
def _play_ops(sp: Speaker, op: dict) -> None:
    who = op["player"]
    played = en.card_ref(op["card"]) if "card" in op else cards(sp, op["cards"], who)
    text = f"{en.acts(who, 'play', op.get('optional', False))} {played} for Operations"
    if op.get("without_event"):
        sp.cite("5.2")
        text += ", without its opponent's event"
    sp.cite("6.0")
    sp.say(text)


@renders(Op.SET_ASIDE)
def _set_aside(sp: Speaker, op: dict) -> None:
    who = op["player"]
    sp.say(f"{en.acts(who, 'set', op.get('optional', False))} aside "
           f"{cards(sp, op['cards'], who)} until the next turn: it returns to {en.his(who)} "
           "hand before the next deal")
