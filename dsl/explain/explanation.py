"""A card, a Tiananmen Square box or a Power Struggle wild card explained:
its compiled program said in English, line by line, with the rules each
line relies on.

The words come from the program the engine runs, never from the card's
summary, so that where the two disagree the explanation shows what the
engine will do (XMage writes each card's rules text from its effects the
same way). What other cards of the deck do to this one (a prerequisite it
meets or breaks, a cancellation) is said too: it is part of what playing
the card does.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dof.dsl.explain import english as en
from dof.dsl.explain.english import quoted
from dof.dsl.explain.rules import ends, lasts
from dof.dsl.explain.speaker import Line, Speaker, rule_order
from dof.dsl.names import Names
from dof.engine.data.vocabulary import Cond, Op

if TYPE_CHECKING:  # the deck is built with the lints, which explain its cards
    from dof.dsl.compiled import CompiledBox, CompiledCard


@dataclass(frozen=True)
class Explanation:
    """What one card, box or wild card does. ``kind`` is 'card', 'box' or
    'wild card'; ``facts`` its printed facts in words ('Democrat event',
    '3 Ops'...)."""

    kind: str
    number: int | None
    name: str
    side: str | None
    ops: int | None
    facts: tuple[str, ...]
    summary: str
    lines: tuple[Line, ...]
    span: str | None = None
    rules: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        cited = {rule for line in self.lines for rule in line.rules}
        object.__setattr__(self, "rules", tuple(sorted(cited, key=rule_order)))

    @property
    def title(self) -> str:
        """'#3 Walesa', 'Tiananmen box 3: Foreign News / People's Daily'."""
        if self.kind == "card":
            return f"#{self.number} {self.name}"
        if self.kind == "box":
            return f"Tiananmen box {self.number}: {self.name}"
        if self.kind == "effect":
            return self.name
        return f"Power Struggle card {en.quoted(self.name)}"

    @property
    def text(self) -> str:
        """The lines as plain text, without their rules: what a summary is
        compared with."""
        return "\n".join(line.text for line in self.lines)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "number": self.number, "name": self.name, "side": self.side,
                "ops": self.ops, "facts": list(self.facts), "summary": self.summary,
                "lines": [line.to_json() for line in self.lines], "rules": list(self.rules)}


# ---------------------------------------------------------------- strategy cards


_SIDES = ("democrat", "communist")

#: The fields of a program that name a player (docs/operations.md, "Players").
_PLAYER_FIELDS = frozenset({"player", "owner", "new_owner", "to", "control", "not_control",
                            "with_sp", "without_sp", "ignore_controlled_by", "if_winner",
                            "power", "of", "sides", "players"})


def as_side(value: Any, side: str) -> Any:
    """A program with "you" and "opponent" named as the sides they are:
    "you" carries out a one-sided event, whoever played it (5.2)."""
    other = {"democrat": "communist", "communist": "democrat"}[side]
    named = {"you": side, "opponent": other}

    def player(v: Any) -> Any:
        if isinstance(v, list):
            return [named.get(x, x) if isinstance(x, str) else x for x in v]
        return named.get(v, v) if isinstance(v, str) else v

    if isinstance(value, dict):
        return {k: player(v) if k in _PLAYER_FIELDS and not isinstance(v, dict)
                else as_side(v, side) for k, v in value.items()}
    if isinstance(value, list):
        return [as_side(v, side) for v in value]
    return value


class Explainer:
    """Explains the cards, boxes and wild cards of one deck: ``cards`` is
    every card of it by number (a mod's too), which other cards name."""

    def __init__(self, cards: Mapping[int, CompiledCard], names: Names) -> None:
        self.cards = cards
        self.names = names
        self.titles = {n: c.printed.name for n, c in cards.items()}
        self._others: dict[int, list[tuple[str, str]]] | None = None

    def speaker(self) -> Speaker:
        return Speaker(self.names, self.titles)

    def card(self, card: CompiledCard) -> Explanation:
        """A strategy card: its prerequisites, its event, what it does when
        played for Operations, and what other cards of the deck do to it."""
        p = card.printed
        sp = self.speaker()
        one_sided = p.side in ("democrat", "communist")

        def mine(program: Any) -> Any:
            return as_side(program, p.side) if one_sided else program

        if card.requires:
            sp.cite("7.1")
            sp.say("playable as an event only if "
                   + " and ".join(sp.cond(c) for c in mine(card.requires)))
        for number in card.no_effect_after:
            sp.cite("5.2")
            sp.say(f"no effect once the event {sp.card(number)} has occurred")
        if card.event is None:
            sp.say("no event is written: the card is played for Operations only")
        else:
            with sp.under("event"):
                sp.program(mine(card.event))
        if card.on_ops:
            with sp.under("when played for Operations"):
                sp.program(mine(card.on_ops))
        for rule, sentence in self.others().get(p.number, []):
            sp.cite(rule)
            sp.say(sentence)
        return Explanation("card", p.number, p.name, p.side, p.ops, _card_facts(card),
                           card.summary, tuple(sp.lines), card.span)

    def others(self) -> dict[int, list[tuple[str, str]]]:
        """What other cards do to each card, by its number, as (rule,
        sentence): prerequisites it meets or breaks (7.1), an event it ends
        (5.2), its cancellation (7.2). Read once from the whole deck."""
        if self._others is None:
            said: dict[int, list[tuple[str, str]]] = {}
            for _, other in sorted(self.cards.items()):
                name = quoted(other.printed.name)
                for cond in other.requires:
                    for found, negated in _card_conds(cond):
                        if found["cond"] == Cond.EVENT_OCCURRED:
                            said.setdefault(found["card"], []).append(("7.1", (
                                f"once this event has occurred, {name} can no longer be played "
                                "as an event") if negated else (
                                f"this event lets {name} be played as an event (its "
                                "prerequisite)")))
                for ended in other.no_effect_after:
                    said.setdefault(ended, []).append(
                        ("5.2", f"once this event has occurred, {name} has no effect"))
                for op in _ops(other.event or [], Op.CANCEL):
                    for cancelled in op["cards"]:
                        said.setdefault(cancelled, []).append(
                            ("7.2", f"the event {name} cancels this card"))
            self._others = said
        return self._others

    def box(self, box: CompiledBox) -> Explanation:
        """A Tiananmen Square box: its thresholds and the award of the first
        player to reach it ("you"; 6.3.5)."""
        sp = self.speaker()
        sp.cite("6.3.5")
        how = "a lasting award" if box.award == "lasting" else "an immediate award"
        with sp.under(f"{how} for the first player to reach this box (you)"):
            if box.program:
                sp.program(box.program)
            else:
                sp.say("no award is written")
        needs = ", ".join(f"{side.capitalize()} needs {box.needs[side]}"
                          for side in ("democrat", "communist") if side in box.needs)
        name = " / ".join(box.names[side] for side in ("democrat", "communist")
                          if side in box.names)
        return Explanation("box", box.number, name, None, None, (needs,), box.summary,
                           tuple(sp.lines), box.span)

    def effect(self, title: str, effect: Mapping[str, Any]) -> Explanation:
        """A lasting effect in force (7.2), as the game state holds it (its
        rule, owner, duration and uses left): what it does, said for its
        owner's side, then what ends it. ``title`` names its card or box;
        ``facts`` holds how long it lasts ('for the rest of the turn',
        'until the next power struggle'), the label the board shows."""
        owner = effect.get("owner")
        rule = as_side(effect["rule"], owner) if owner in _SIDES else effect["rule"]
        duration = {k: effect[k] for k in ("until", "uses", "country")
                    if effect.get(k) is not None}
        sp = self.speaker()
        sp.rule(rule)
        sp.say(ends(sp, rule, duration))
        label = lasts(self.speaker(), rule, duration)
        return Explanation("effect", effect.get("card"), title, owner, None, (label,), "",
                           tuple(sp.lines))

    def wild(self, name: str, plays: Mapping[str, list], summary: str = "") -> Explanation:
        """A Power Struggle wild card: what it does played to attack or to
        match (8.3.2); "you" is the player who plays it."""
        sp = self.speaker()
        for step in ("attack", "match"):
            if step in plays:
                sp.cite("8.3.2")
                with sp.under(f"{_PLAYS[step]} (you: the player who plays it)"):
                    sp.program(plays[step])
        return Explanation("wild card", None, name, None, None, ("wild card",), summary,
                           tuple(sp.lines))


def explain_card(card: CompiledCard, cards: Mapping[int, CompiledCard],
                 names: Names) -> Explanation:
    """One card of the deck ``cards`` (to explain many, keep one Explainer)."""
    return Explainer(cards, names).card(card)


def explain_box(box: CompiledBox, cards: Mapping[int, CompiledCard],
                names: Names) -> Explanation:
    return Explainer(cards, names).box(box)


def explain_wild(name: str, plays: Mapping[str, list], cards: Mapping[int, CompiledCard],
                 names: Names) -> Explanation:
    return Explainer(cards, names).wild(name, plays)


def _card_facts(card: CompiledCard) -> tuple[str, ...]:
    p = card.printed
    side = {"scoring": "Scoring card", "neutral": "neutral event (either player)"}.get(
        p.side, f"{p.side.capitalize()} event")
    facts = [f"{p.period.capitalize()} Year", side,
             "no Ops" if p.ops is None else en.counted(p.ops, "Op")]
    facts += [words for words, on in (("removed after its event", p.removed),
                                      ("lasting", p.lasting), ("red title", p.red_title)) if on]
    return tuple(facts)


#: The step of a power struggle a wild card is played in (8.3.2).
_PLAYS = {"attack": "played to attack", "match": "played to match an attack"}


def _card_conds(cond: dict, negated: bool = False) -> Iterator[tuple[dict, bool]]:
    """Each condition inside ``cond``, and whether it is negated."""
    yield cond, negated
    if cond["cond"] == Cond.NOT:
        yield from _card_conds(cond["arg"], not negated)
    for arg in cond.get("args", ()):
        yield from _card_conds(arg, negated)


def _ops(value: Any, kind: str) -> Iterator[dict]:
    """Every operation of ``kind`` anywhere in a program (branches, options,
    lasting rules)."""
    if isinstance(value, dict):
        if value.get("op") == kind:
            yield value
        for inner in value.values():
            yield from _ops(inner, kind)
    elif isinstance(value, list):
        for inner in value:
            yield from _ops(inner, kind)
