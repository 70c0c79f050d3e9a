"""Checks what the grammar cannot: names, types, arity, ranges, metadata.

The checker walks each card's statements in order, tracking what earlier
statements made available ("the chosen space" needs a ``choose``, "the
roll" a ``roll``, ``if he did`` a ``may``...), and reports every problem as a
diagnostic. Cross-card checks (duplicate numbers, references to cards not in
the deck, prerequisites that can never be met) run over the whole deck.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from dof.dsl.ast import BoxDef, CardDef, CardName, Name, Node, Num, PsCardDef, Signed, player
from dof.dsl.diagnostics import Reporter, Span, did_you_mean
from dof.dsl.names import Names
from dof.engine.data.records import StrategyCard
from dof.engine.data.terms import SIDES, key

# Metadata a card file must write: all of it for a new (mod) card; a printed
# card takes what its file leaves out from strategy.yaml.
REQUIRED = ("period", "side", "summary")
REQUIRED_PRINTED = ("summary",)
SINGLE = ("period", "side", "ops", "no_ops", "removed", "lasting_flag", "red_title", "summary",
          "event", "on_ops")
# Turn on which each period's cards join the deck (rule 4.1).
FIRST_TURN = {"early": 1, "middle": 4, "late": 8}
REPEATING = {"at_each_ps_deal", "at_start_of_each_turn", "at_end_of_each_turn", "at_each_round",
             "instead_of_round", "each_check"}
PS_TRIGGERS = {"at_next_ps_deal", "at_each_ps_deal", "after_next_ps"}
# Triggers that run while a power struggle is fought, its cards in the players'
# hands (8.1.2): the other one runs once it is over.
PS_DEAL_TRIGGERS = {"at_next_ps_deal", "at_each_ps_deal"}
# The amounts each verb carries out exactly (docs/language.md, "Amounts").
ANY_AMOUNT = frozenset({"amt_int", "amt_up_to", "amt_all", "amt_one", "amt_any", "amt_expr",
                        "amt_table"})
_NUMBER = frozenset({"amt_int", "amt_one", "amt_expr", "amt_table"})
AMOUNTS = {
    "place": _NUMBER | {"amt_up_to"},
    "remove": _NUMBER | {"amt_up_to", "amt_all"},
    "replace": frozenset({"amt_int", "amt_one", "amt_all"}),
    "move": frozenset({"amt_int", "amt_one", "amt_up_to", "amt_all"}),
    "checks": frozenset({"amt_int", "amt_one", "amt_expr"}),
    "gain_vp": _NUMBER,
    "draw_cards": frozenset({"amt_int", "amt_one", "amt_expr"}),
    "draw_ps": frozenset({"amt_int", "amt_one", "amt_expr"}),
    "take_ps": frozenset({"amt_int", "amt_one"}),
    "discard_ps": frozenset({"amt_int", "amt_one"}),
}
REF_NEEDS = {  # card reference -> what must come before it
    "discarded": "discard", "given": "give", "taken": "take", "chosen": "choose_card",
    "played": "card_played",
}


@dataclass
class Scope:
    """What the statements so far have made available."""

    bound: set[str] = field(default_factory=set)
    in_effect: bool = False     # inside a lasting rule or trigger body
    in_box: bool = False
    in_match: bool = False      # a Power Struggle card played to match an attack
    prerequisite: bool = False  # a card's 'requires': E404 reports what can never hold

    def child(self, *extra: str, in_effect: bool | None = None) -> Scope:
        return Scope(self.bound.union(extra), self.in_effect if in_effect is None else in_effect,
                     self.in_box, self.in_match, self.prerequisite)


@dataclass
class DeckCard:
    """What cross-card checks need to know about a card in the deck."""

    number: int
    name: str
    period: str | None
    span: Span
    cdef: CardDef | None = None


class Checker:
    """Reports problems in cards and boxes; ``deck`` maps name keys to numbers."""

    def __init__(self, names: Names, reporter: Reporter, deck_names: dict[str, int],
                 deck_titles: list[str], printed: dict[int, StrategyCard]) -> None:
        self.names = names
        self.r = reporter
        self.deck_names = deck_names
        self.deck_titles = deck_titles
        self.printed = printed
        self.printed_names = {key(c.name): c.number for c in printed.values()}
        self._owner_refs = True   # whether the card being checked names 'the owner of' a card
        # While an event is checked: its statements and lasting rules, in order
        # (the card-wide checks after it read them, instead of walking the tree).
        self._statements: list[Node] | None = None
        self._chained: set[int] = set()   # 'otherwise if' statements already seen in a chain
        self._what = ""   # the card, wild card or box being checked, as messages name it
        self._on_ops = False  # checking a card's 'when played for operations'

    # ------------------------------------------------------------- cards
    def card(self, cdef: CardDef) -> None:
        self._what = f'card {cdef.number} "{cdef.name}"'
        facts = card_facts(cdef, self.printed.get(cdef.number), self.names)
        self._metadata(cdef, facts)
        # 'the owner of' a card is rare: look for its word before walking actions for it
        # (with no source text to look in, walk them all).
        lines = self.r.lines(cdef.span.path, cdef.span.line, cdef.span.end_line)
        self._owner_refs = not any(lines) or "owner" in "\n".join(lines)
        statements: list[Node] = []
        for clause in cdef.clauses:
            if clause.kind == "requires":
                self.requires(clause.children[0])
            elif clause.kind in ("no_effect_after", "cancels"):
                for name in _strings(clause):
                    self.card_name(name)
            elif clause.kind == "event":
                if self._not_empty(clause.children[0], clause, "the event is empty"):
                    self._statements = statements
                    self.block(clause.children[0], Scope())
                    self._statements = None
            elif clause.kind == "on_ops":
                if self._not_empty(clause.children[0], clause,
                                   "nothing happens when the card is played for operations"):
                    self._on_ops = True
                    self.body(clause.children[0], Scope())
                    self._on_ops = False
        self._owner_refs = True
        self._scoring(cdef, facts)
        event = cdef.clause("event")
        if event is not None:
            self._lasting_flag(cdef, facts, event, statements)
            self._side_acts(cdef, facts, statements)
            self._own_sp(cdef, facts, event)

    def _scoring(self, cdef: CardDef, facts: StrategyCard) -> None:
        """Ruling R54: a Scoring card starts a power struggle in its country
        (8.0), and its event says which: one statement at its top level,
        held every time in one named country. W510 when a printed Scoring
        card's file names another country than strategy.yaml."""
        if facts.side != "scoring":
            return
        event = cdef.clause("event")
        struggles = scoring_struggles(cdef)
        if not struggles:
            if event is None and facts.scores is not None:
                return  # a printed Scoring card's file that writes no event: strategy.yaml's
            scores = event.children[0].nodes("score") if event else []
            country = " ".join(n.text for n in _names(scores[0])) if scores else ""
            at = scores[0].span if scores else (
                _keyword(event, "event") if event else _clause_or_head(cdef, "side"))
            lacks = "holds no power struggle" if event else "has no event"
            self.r.report("E401", f"{self._what} is a Scoring card but {lacks}: a Scoring card "
                          "starts a power struggle in its country, then scores it (8.0, ruling "
                          "R54)", at, f"write 'hold a power struggle in {country or 'Poland'}' "
                          "at the top of its event; to score a country without a power "
                          "struggle, make it a democrat, communist or neutral card")
            return
        first, *more = struggles
        if _optional(first) or _struggle_where(first).kind != "cty_names":
            self.r.report("E216", f"{self._what} is a Scoring card: its power struggle is held "
                          "every time it is played, in one country its event names (8.0, "
                          "ruling R54)", first.span, "e.g. 'hold a power struggle in Poland'")
        for extra in more:
            self.r.report("E216", f"{self._what} is a Scoring card: it holds one power "
                          "struggle, in its country (8.0, ruling R54)", extra.span,
                          "a Scoring card scores one country; hold the others in another card")
        printed = self.printed.get(cdef.number)
        if (printed is not None and printed.scores is not None and facts.scores is not None
                and facts.scores != printed.scores):
            self.r.report("W510", f"card {cdef.number}: its power struggle is in "
                          f"{facts.scores!r} here but it scores {printed.scores!r} in "
                          "strategy.yaml", first.span, "add '# dof: ignore W510' where a "
                          "variant changes the card on purpose")

    def _not_empty(self, node: Node, clause: Node, message: str) -> bool:
        """E407 for a block with no statement: an event (or award, or play)
        written as ``{ }`` would run and do nothing; a card without its
        ``event`` clause plays for Ops only, which is what '{ }' usually means."""
        inner = node.children[0] if node.kind == "body" else node
        if inner.kind == "block" and not inner.children:
            self.r.report("E407", message, clause.span,
                          "write what happens, or leave the clause out (a card with no "
                          "'event' plays for Ops only)")
            return False
        return True

    def _side_acts(self, cdef: CardDef, facts: StrategyCard, statements: list[Node]) -> None:
        """W507: a Democratic or Communist event is carried out by its side
        (rule 5.2). A card where that side never acts and the other side gains
        (SPs, VP, checks, Ops, cards) most likely names the wrong side. The
        other side may act in an event (General Strike, Stasi): only when he
        gains and the card's side does nothing is it flagged."""
        side = _event_side(facts)
        if side is None:
            return
        other = _OPPONENT[side]
        gains = None
        for node in statements:
            if node.kind != "action":
                continue
            actor = _actor(node, side)
            if actor == side:
                return
            if gains is None and actor == other and _gains(node.children[-1], actor, side):
                gains = node
        if gains is not None:
            self.r.report("W507", f"card {cdef.number} is a {side} card, but only the {other} "
                          "acts in its event, to his own gain", gains.span,
                          f"the event of a {side} card is carried out by the {side} "
                          "(rule 5.2): check 'side' and the players the event names")

    def _own_sp(self, cdef: CardDef, facts: StrategyCard, event: Node) -> None:
        """W508: removing SPs takes the opponent's unless told otherwise, and a
        player's own event rarely costs him SPs; the rare card that does
        (Nagy Reburied) says so in its summary too."""
        side = _event_side(facts)
        summary = cdef.clause("summary")
        if side is None or summary is None or _SIDE_WORDS[side].search(
                _strings(summary)[0].text):
            return
        for stmt in event.children[0].children:
            if stmt.kind != "action" or stmt.children[-1].kind != "remove":
                continue
            owners = stmt.children[-1].nodes("owner")
            if _actor(stmt, side) == side and owners and _as_side(player(owners[0]), side) == side:
                self.r.report("W508", f"the {side} removes his own SPs here, in his own event",
                              owners[0].span, f"to remove the {_OPPONENT[side]}'s SPs, leave out "
                              "the owner (removing takes the opponent's SPs); if the card really "
                              "costs its player SPs, say so in its summary")

    def _metadata(self, cdef: CardDef, facts: StrategyCard) -> None:
        if not 1 <= cdef.number <= 999:
            self.r.report("E301", f"card number {cdef.number} is out of range 1-999", _head(cdef))
        seen: dict[str, Node] = {}
        for clause in cdef.clauses:
            kind = "ops" if clause.kind == "no_ops" else clause.kind
            if kind in SINGLE and kind in seen:
                self.r.report("E405", f"'{_clause_word(kind)}' is given twice", clause.span,
                              f"first given at {seen[kind].span}")
            seen.setdefault(kind, clause)
        printed = cdef.number in self.printed
        for kind in REQUIRED_PRINTED if printed else REQUIRED:
            if kind not in seen:
                self.r.report("E401", f"card {cdef.number} \"{cdef.name}\" has no "
                              f"'{_clause_word(kind)}'", _head(cdef), _META_HINT[kind])
        ops = cdef.clause("ops")
        if facts.side == "scoring":
            if ops:
                self.r.report("E217", "a Scoring card has no Ops value (rule 2.2.1)", ops.span,
                              "write 'no ops'")
        elif "ops" not in seen and not printed:
            self.r.report("E401", f"card {cdef.number} \"{cdef.name}\" has no 'ops'", _head(cdef),
                          "add e.g. 'ops 2' (printed Operations value, 1-4)")
        elif (no_ops := cdef.clause("no_ops")) is not None:
            self.r.report("E217", "only Scoring cards have no Ops value (rule 2.2.1)",
                          no_ops.span, "write e.g. 'ops 2'")
        if ops and not 1 <= ops.ints()[0] <= 4:
            n = _number(ops)
            self.r.report("E301", f"Ops value {n} is out of range 1-4", n.span,
                          "printed Operations values run from 1 to 4 (rule 2.2.1)")
        summary = cdef.clause("summary")
        if summary and not _strings(summary)[0].text.strip():
            self.r.report("E401", "summary is empty", summary.span)
        self._against_data(cdef)

    def _against_data(self, cdef: CardDef) -> None:
        """W510 for each printed fact the card file writes differently from
        strategy.yaml (a name only when its lookup key differs)."""
        printed = self.printed.get(cdef.number)
        if printed is None:
            return
        for field_name, value in written_facts(cdef).items():
            theirs = getattr(printed, field_name)
            if value != theirs and (field_name != "name" or key(value) != key(theirs)):
                if field_name in _FLAGS:
                    differs = f"marked '{_clause_word(_FLAGS[field_name])}' here but not"
                else:
                    differs = f"{field_name} is {value!r} here but {theirs!r}"
                self.r.report("W510", f"card {cdef.number}: {differs} in strategy.yaml",
                              _clause_or_head(cdef, *_FACT_CLAUSES[field_name]),
                              "leave it out to take strategy.yaml's, or add '# dof: ignore "
                              "W510' where a variant changes the card on purpose")

    def _lasting_flag(self, cdef: CardDef, facts: StrategyCard, event: Node,
                      statements: list[Node]) -> None:
        """W502: an underlined title (2.2.5) means the event leaves something
        in play beyond its action round: a lasting rule or trigger, a change
        to the map, cards set aside, an end of the game still to come. A
        'cancel' neither needs nor forbids the underline."""
        registers = any(_persists(n) for n in statements)
        flagged = facts.lasting
        if flagged and any(n.kind == "cancel" for n in statements):
            return  # a cancellation may last the rest of the game (Army Backs Revolution)
        if registers and not flagged:
            self.r.report("W502", "the event sets up a lasting effect but the card is not "
                          "marked 'lasting'", _keyword(event, "event"),
                          "add 'lasting' (rule 2.2.5)")
        elif flagged and not registers:
            self.r.report("W502", "the card is marked 'lasting' but its event sets up no "
                          "lasting effect or trigger", _clause_or_head(cdef, "lasting_flag"))

    # ------------------------------------------------------------- power struggle cards
    def ps_card(self, pdef: PsCardDef) -> None:
        """A wild card's plays (8.3.2): a wild card of the Power Struggle deck,
        a summary, and what it does when played to attack or to match."""
        self._what = f'power struggle card "{pdef.name}"'
        wild = {key(c.name) for c in self.names.data.ps_cards if c.kind == "wild"}
        if key(pdef.name) not in wild:
            self.r.report("E105", f"\"{pdef.name}\" is not a wild card of the Power Struggle "
                          "deck", _head(pdef), did_you_mean(pdef.name, sorted(
                              {c.name for c in self.names.data.ps_cards if c.kind == "wild"})))
        if not pdef.all("summary"):
            self.r.report("E401", f"power struggle card \"{pdef.name}\" has no 'summary'",
                          _head(pdef))
        plays = pdef.all("ps_play")
        if not plays:
            self.r.report("E401", f"power struggle card \"{pdef.name}\" has no play", _head(pdef),
                          "add 'when played to attack: ...' or 'when played to match: ...' "
                          "(rule 8.3.2)")
        seen: set[str] = set()
        for play in plays:
            mode, body = play.children
            if mode.kind in seen:
                self.r.report("E405", "this play is given twice", play.span)
            seen.add(mode.kind)
            if self._not_empty(body, play, "this play does nothing"):
                self.body(body, Scope({"power_struggle", "ps_hands"},
                                      in_match=mode.kind == "to_match"))

    # ------------------------------------------------------------- boxes
    def box(self, bdef: BoxDef) -> None:
        self._what = f"Tiananmen box {bdef.number}"
        if not 1 <= bdef.number <= 8:
            self.r.report("E301", f"box number {bdef.number} is out of range 1-8 (rule 6.3)",
                          _head(bdef))
        needs = {player(n.children[0]): n for n in bdef.all("needs")}
        for side in SIDES:
            if side not in needs:
                self.r.report("E401", f"box {bdef.number} has no '{side} needs N'", _head(bdef),
                              "the number printed in the box for that side (rule 6.3.2)")
        for node in needs.values():
            n = _number(node)
            if not 2 <= n <= 12:
                self.r.report("E301", f"threshold {n} is out of range 2-12", n.span,
                              "a die (1-6) plus Ops (1-4) plus modifiers")
        for kind in ("summary",):
            if not bdef.all(kind):
                self.r.report("E401", f"box {bdef.number} has no 'summary'", _head(bdef))
        awards = bdef.all("award_now") + bdef.all("award_lasting")
        if not awards:
            self.r.report("E401", f"box {bdef.number} has no 'award'", _head(bdef),
                          "'award immediately { ... }' or 'award until the opponent reaches "
                          "this box: ...' (rule 6.3.5)")
        for extra in awards[1:]:
            self.r.report("E405", "'award' is given twice", extra.span)
        for award in awards[:1]:
            scope = Scope(in_box=True)
            if award.kind == "award_now":
                if self._not_empty(award.children[0], award, "the award is empty"):
                    self.block(award.children[0], scope)
            else:
                self.rules(award.children[0], scope.child(in_effect=True))
        self._box_against_data(bdef)

    def _box_against_data(self, bdef: BoxDef) -> None:
        data = next((b for b in self.names.data.tiananmen if b.box == bdef.number), None)
        if data is None:
            return
        for side in SIDES:
            if key(bdef.names[side]) != key(data.names[side]):
                self.r.report("W504", f"box {bdef.number}: {side} name is "
                              f"'{bdef.names[side]}' here but '{data.names[side]}' in the "
                              "game data", _head(bdef))
        for node in bdef.all("needs"):
            side = player(node.children[0])
            if node.ints()[0] != data.needs[side]:
                self.r.report("W504", f"box {bdef.number}: {side} needs {node.ints()[0]} here "
                              f"but {data.needs[side]} in the game data", node.span)
        kind = "immediate" if bdef.all("award_now") else "lasting"
        if (bdef.all("award_now") or bdef.all("award_lasting")) and kind != data.award:
            self.r.report("W504", f"box {bdef.number}: award is {kind} here but {data.award} in"
                          " the game data", _head(bdef))

    # ------------------------------------------------------------- statements
    def block(self, node: Node, scope: Scope) -> Scope:
        """Check statements in order; return the scope after the last one."""
        stmts = [s for s in node.children if isinstance(s, Node)]
        for i, stmt in enumerate(stmts):
            scope = self.stmt(stmt, scope)
            # W503 is about a body below its statement's first line: none on one line
            if i + 1 < len(stmts) and stmt.span.end_line != stmt.span.line:
                self._indent(stmt, stmts[i + 1])
        return scope

    def _indent(self, stmt: Node, following: Node) -> None:
        """W503: a line indented under a one-statement ``:`` body is not inside it."""
        bodies = [b for b in stmt.nodes("body") if b.children and b.children[0].kind != "block"]
        for body in bodies:
            inner = body.children[0]
            if (inner.span.line > stmt.span.line and following.span.line > inner.span.line
                    and following.span.col > stmt.span.col):
                self.r.report("W503", "this line is indented as if it were inside the ':' above,"
                              " but a ':' takes one statement", following.span,
                              "wrap the statements in { ... } to run them together")

    def body(self, node: Node, scope: Scope) -> Scope:
        inner = node.children[0]
        if inner.kind == "block":
            return self.block(inner, scope)
        return self.stmt(inner, scope)

    def stmt(self, node: Node, scope: Scope) -> Scope:
        kind = node.kind
        if self._statements is not None:
            self._statements.append(node)
        if kind == "action":
            return self.action(node, scope)
        if kind == "if_stmt":
            cond, then, *rest = node.children
            if id(node) not in self._chained:
                self._branches(node, scope)
            self.cond(cond, scope)
            after = self.body(then, scope.child())
            branches = [after]
            if rest:
                other = rest[0]
                after2 = self.body(other, scope.child()) if other.kind == "body" else self.stmt(
                    other, scope.child())
                branches.append(after2)
                after = Scope(after.bound & after2.bound, scope.in_effect, scope.in_box,
                              scope.in_match, scope.prerequisite)
            return _may_draw_ps(scope.child(*(after.bound & scope.bound)), branches)
        if kind == "choose_one":
            labels: dict[str, Span] = {}
            branches = []
            for option in node.nodes("option"):
                label = _strings(option)[0]
                if key(label.text) in labels:
                    self.r.report("E405", f"option \"{label.text}\" is given twice", label.span)
                labels[key(label.text)] = label.span
                guard = option.first("option_if")
                if guard:
                    self.cond(guard.children[0], scope)
                branches.append(self.body(option.nodes("body")[0], scope.child()))
            if len(labels) < 2:
                self.r.report("E205", "'chooses one' needs at least two options", node.span)
            return _may_draw_ps(scope, branches)
        if kind == "for_each":
            target, body = node.children
            inner = target.children[0]
            if inner.kind == "country_desc":
                self.country_desc(inner, scope)
                after = self.body(body, scope.child("this_country"))
            else:
                self.spaces(inner, scope)
                after = self.body(body, scope.child("this_space"))
            return _may_draw_ps(scope, [after])
        if kind == "lasting":
            duration, rules = node.children
            if duration.kind == "until_ps_end":
                self.ps_where(duration.children[0], scope)
            if duration.kind == "for_uses":
                self._range(duration.ints()[0], 1, 20, "number of uses")
            self.rules(rules, scope.child(in_effect=True))
            return scope
        if kind == "trigger":
            when = node.children[0]
            if when.kind in REPEATING and not scope.in_effect:
                self.r.report("E207", "a repeating trigger needs a duration", when.span,
                              "put it inside e.g. 'for the rest of the turn { ... }' or "
                              "'until cancelled { ... }'")
            self.trigger(node, scope)
            return scope
        if kind == "next_rule":
            self.check_rule(node, scope)
            return scope
        if kind == "roll_off":
            best_of, expr = node.children
            if best_of < 1 or best_of % 2 == 0:
                self.r.report("E301", f"best of {best_of}: must be an odd number", best_of.span)
            self.expr(expr, scope.child("roller"))
            return scope.child("roll_off")
        if kind == "score":
            self.countries(node.children[0], scope, single=True)
            return scope
        if kind == "cancel":
            for name in _strings(node.children[0]):
                self.card_name(name)
            return scope
        if kind == "end_effect":
            if not scope.in_effect:
                self.r.report("E208", "'end this effect' is only meaningful inside a lasting "
                              "effect or trigger", node.span)
            return scope
        if kind == "eliminate":
            self.one_space(node.children[0], scope)
            return scope
        if kind == "succeed":
            if scope.in_box:
                self.r.report("E209", "a Tiananmen box is no event: 'this event succeeds' means "
                              "nothing here", node.span)
            return scope
        if kind == "bar_suit":
            if not scope.in_match:
                self.r.report("E210", "only a Power Struggle card played to match an attack "
                              "knows the attacked suit", node.span,
                              "write it under 'when played to match:' (rule 8.3.2)")
            return scope
        raise AssertionError(kind)

    def action(self, node: Node, scope: Scope) -> Scope:
        verb = node.children[-1]
        optional = _optional(node)
        kind = verb.kind
        out = scope
        if self._owner_refs:
            for ref in (n for n in node.walk() if n.kind == "owner_of"):
                self.card_ref(ref.children[0], scope)
        if kind in AMOUNTS:
            self.amount(verb.children[0], scope, allowed=AMOUNTS[kind])
        if kind in ("place", "remove", "replace", "move"):
            owners = verb.nodes("owner")
            if kind == "replace" and len(owners) < 2:
                self.r.report("E204", "'replaces' needs whose SP go and whose come: e.g. "
                              "'replaces 1 democrat SP with communist SP in ...'", verb.span)
            for spaces in verb.nodes("spaces"):
                self.spaces(spaces, scope)
            cap = verb.first("cap")
            if cap:
                self._range(cap.ints()[0], 1, 20, "per-space limit")
        elif kind == "place_enough":
            self.spaces(verb.nodes("spaces")[0], scope)
        elif kind == "checks":
            where = verb.first("check_where")
            if where:
                self.spaces(where.children[0], scope)
            self.ops_value(verb.first("ops_of", "ops_fixed", "ops_expr"), scope)
            for bonus in verb.nodes("check_bonus"):
                self._range(bonus.ints()[0], -6, 6, "modifier")
        elif kind == "operations":
            self.ops_value(verb.first("ops_of", "ops_fixed", "ops_expr"), scope)
            where = verb.first("spaces")
            if where:
                self.spaces(where, scope)
        elif kind == "ussr":
            name = _strings(verb)[0]
            if key(name.text) not in self.names.ussr:
                self.r.report("E105", f"unknown U.S.S.R. track box \"{name.text}\"", name.span,
                              did_you_mean(name.text, [p["name"] for p in
                                                       self.names.data.ussr_track]))
        elif kind == "tiananmen_advance":
            self._range(verb.ints()[0], 1, 8, "number of boxes")
        elif kind == "power_struggle":
            self.countries(verb.children[0], scope, single=True)
            if "ps_hands" in scope.bound:
                self.r.report("E215", f"{self._what} holds a power struggle during another: "
                              "all the Power Struggle cards are in play then (8.1.1, ruling "
                              "R56)", node.span,
                              "hold it after this one: 'after the next power struggle: ...'")
            out = scope.child("power_struggle")  # binds the country of the power struggle
        elif kind == "draw_cards":
            out = scope.child("drawn")
            out.bound.discard("drawn_ps")
        elif kind in ("discard", "reveal", "take", "give", "set_aside", "choose_card",
                      "play_ops_from"):
            cards = verb.nodes("cards", "cards_of_pool")[0]
            self.cards(cards, scope, discard=kind == "discard")
            out = scope.child({"discard": "discard", "reveal": "revealed", "take": "take",
                               "give": "give", "choose_card": "choose_card"}.get(kind, kind))
        elif kind in ("draw_ps", "take_ps", "discard_ps", "reveal_ps"):
            if "ps_hands" not in scope.bound:
                self.r.report("E213", f"{self._what} acts on Power Struggle cards where no power "
                              "struggle is being fought: they are in the players' hands only "
                              "then (8.1.1, ruling R57)", node.span, "write it in a wild card's "
                              "play, or at a power struggle's deal ('at the next power struggle, "
                              "after the deal: ...')")
            if kind == "draw_ps":
                out = scope.child("drawn", "drawn_ps")
        elif kind in ("play_event", "play_ops"):
            ref = verb.children[0]
            self.card_ref(ref, scope)
            # Played for its Ops, a card may have its event happen too; its
            # event never plays it again (ruling R55).
            if ref.kind == "this_card" and not scope.in_box and not (
                    self._on_ops and kind == "play_event"):
                self.r.report("E212", f"{self._what} plays itself: it is already being played, "
                              "so this would play it again without end (ruling R55)", node.span,
                              "play another card: e.g. 'the chosen card'")
        elif kind == "choose_space":
            self.spaces(verb.children[0], scope)
            out = scope.child("chosen_space")
        elif kind == "choose_country":
            self.country_desc(verb.children[0], scope)
            out = scope.child("chosen_country")
        elif kind == "roll":
            for mod in verb.children:
                self.expr(mod.children[0], scope)
            out = scope.child("roll", "roll_unmodified" if not verb.children else "roll")
            if verb.children:
                out.bound.discard("roll_unmodified")
        if scope.in_box and any(c.kind == "this_card" for c in verb.walk()):
            self.r.report("E209", "a Tiananmen box has no card: 'this card' means nothing here",
                          verb.span)
        return out.child("may") if optional else out

    # ------------------------------------------------------------- lasting rules, triggers
    def rules(self, node: Node, scope: Scope) -> None:
        for rule in node.children:
            if not isinstance(rule, Node):
                continue
            if self._statements is not None:
                self._statements.append(rule)
            if rule.kind == "trigger":
                self.trigger(rule, scope)
            elif rule.kind in ("check_rule", "next_rule"):
                self.check_rule(rule, scope)
            else:
                for n in rule.walk():
                    if n.kind == "spaces":
                        self.spaces(n, scope)
                for value in _signed(rule):
                    self._range(value, -6, 6, "modifier")
                if rule.kind == "hand_size":
                    self._range(rule.ints()[0], 1, 12, "hand size")
                if rule.kind in ("extra_rounds", "optional_extra_rounds"):
                    self._range(rule.ints()[0], 1, 3, "number of extra action rounds")
                if rule.kind == "place_cost":
                    self._range(rule.ints()[0], 1, 4, "placement cost")

    def check_rule(self, node: Node, scope: Scope) -> None:
        scope_node = node.first("check_scope")
        where = scope_node.first("check_where") if scope_node else None
        if where:
            self.spaces(where.children[0], scope)
        effect = node.first("check_modifier")
        if effect:
            self._range(effect.ints()[0], -6, 6, "modifier")

    def trigger(self, node: Node, scope: Scope) -> None:
        when, body = node.children
        inner = scope.child(in_effect=True)
        if when.kind in PS_TRIGGERS:
            self.ps_where(when.children[0], scope)
            inner = inner.child("power_struggle", *(
                ("ps_hands",) if when.kind in PS_DEAL_TRIGGERS else ()))
        elif when.kind == "each_check":
            where = when.first("check_where")
            if where:
                self.spaces(where.children[0], scope)
        elif when.kind == "as_soon_as":
            self.cond(when.children[0], scope)
        elif when.kind == "after_next_play":
            inner = inner.child("card_played")
        self.body(body, inner)

    def ps_where(self, node: Node, scope: Scope) -> None:
        if node.children:
            self.countries(node.children[0], scope)

    # ------------------------------------------------------------- selectors
    def spaces(self, node: Node, scope: Scope) -> None:
        np = node.children[-1]
        self.space_np(np, scope)
        if np.kind == "sel_desc":
            sel = _static_sel(self, np)
            if sel is not None and not self.names.static_spaces(sel):
                wider = {k: v for k, v in sel.items() if k != "except"}
                if "except" in sel and self.names.static_spaces(wider):
                    cut = np.first("f_except")
                    self.r.report("W501", f"'except {' and '.join(sel['except'])}' leaves no space "
                                  "this description matches, so this never acts", cut.span)
                else:
                    self.r.report("W501", "no space on the map matches this description, so "
                                  "this never acts", np.span)

    def one_space(self, node: Node, scope: Scope) -> None:
        self.space_np(node, scope)

    def space_np(self, node: Node, scope: Scope) -> None:
        kind = node.kind
        if kind == "ref_chosen_space":
            self._needs(scope, "chosen_space", node.span, "'the chosen space' needs an earlier "
                        "'chooses a space ...'")
        elif kind == "ref_this_space":
            self._needs(scope, "this_space", node.span, "'this space' is only meaningful inside"
                        " 'for each ... space'")
        elif kind == "sel_names":
            for name in _names(node):
                self.place_name(name)
        elif kind in _COUNTRY_NEEDS:
            need = _COUNTRY_NEEDS[kind]
            self._needs(scope, need, node.span, _NEEDS_MSG[need])
        else:
            for part in node.children:
                if part.kind == "space_types":
                    for name in _names(part):
                        self.type_name(name)
                elif part.kind == "space_loc":
                    self.countries(part.children[0], scope)
                elif part.kind == "f_adjacent":
                    self.one_space(part.children[0], scope)
                elif part.kind == "f_except":
                    for name in _names(part):
                        self.space_name(name)
                elif part.kind == "f_roller":
                    self._needs(scope, "roller", part.span, "'the roller' is only meaningful in "
                                "a roll-off's 'each adding ...'")

    def countries(self, node: Node, scope: Scope, single: bool = False) -> None:
        if node.kind == "countries":
            node = node.children[0]
        kind = node.kind
        if kind == "cty_names":
            names = _names(node)
            for name in names:
                self.country_name(name)
            if single and (len(names) > 1 or any(
                    key(n.text) in self.names.regions for n in names)):
                self.r.report("E203", "name one country here", node.span)
        elif kind == "cty_chosen":
            self._needs(scope, "chosen_country", node.span, "'the chosen country' needs an "
                        "earlier 'chooses a country ...'")
        elif kind == "cty_this":
            self._needs(scope, "this_country", node.span, "'this country' is only meaningful "
                        "inside 'for each country ...'")
        elif kind == "cty_struggle":
            self._needs(scope, "power_struggle", node.span, "only meaningful in a trigger at a "
                        "power struggle or after 'hold a power struggle'")
        elif kind == "cty_of_space":
            self.one_space(node.children[0], scope)
        else:
            self.country_desc(node, scope)

    def country_desc(self, node: Node, scope: Scope) -> None:
        for f in node.nodes("cf_other_than"):
            for name in _names(f):
                self.country_name(name)

    def cards(self, node: Node, scope: Scope, discard: bool = False) -> None:
        self.amount(node.children[0], scope)
        if node.kind == "cards_of_pool":
            pool = node.nodes("drawn", "revealed")[0]
            self.pool(pool, scope)
            filtered = len(node.nodes()) > 2  # an amount, the pool, filters
            if pool.kind == "drawn" and (not discard or filtered):
                self._strategy_drawn(pool, scope)
        for f in node.nodes("with_min_ops"):
            self._range(f.ints()[0], 1, 4, "Ops value")

    def pool(self, pool: Node, scope: Scope) -> None:
        self._needs(scope, pool.kind, pool.span, f"'the {pool.kind} cards' needs an earlier "
                    f"'{'draws' if pool.kind == 'drawn' else 'reveals'} ...'")

    def _strategy_drawn(self, pool: Node, scope: Scope) -> None:
        """E214: drawn Power Struggle cards are only discarded (all, or some
        the player picks) or counted by name; strategy-card filters and verbs
        mean nothing for them (ruling R57)."""
        if "drawn_ps" in scope.bound:
            self.r.report("E214", "the drawn cards are Power Struggle cards: they can only be "
                          "discarded, or counted by name", pool.span,
                          "e.g. 'discards all of the drawn cards', 'the number of \"Rally in "
                          "the Square\" cards among the drawn cards'")

    def card_ref(self, node: Node, scope: Scope) -> None:
        if node.kind == "this_card":
            if scope.in_box:
                self.r.report("E209", "a Tiananmen box has no card: 'this card' means nothing "
                              "here", node.span)
            return
        word = node.children[0].kind
        need = REF_NEEDS[word]
        self._needs(scope, need, node.span, f"'the {word} card' needs an earlier statement "
                    f"that {'plays' if word == 'played' else need.split('_')[0] + 's'} a card")

    # ------------------------------------------------------------- amounts, expressions
    def amount(self, node: Node, scope: Scope, allowed: frozenset[str] = ANY_AMOUNT) -> None:
        """An amount, of a kind the verb can carry out exactly (AMOUNTS)."""
        kind = node.kind
        if kind not in allowed:
            words = {"amt_up_to": "'up to'", "amt_all": "'all'", "amt_any": "'any number of'",
                     "amt_table": "a table", "amt_expr": "an expression"}
            self.r.report("E202", f"{words.get(kind, 'this amount')} is not an amount here",
                          node.span, "give a number")
        if kind in ("amt_int", "amt_up_to"):
            self._range(node.ints()[0], 1, 20, "amount")
        elif kind == "amt_expr":
            self.expr(node.children[0], scope)
        elif kind == "amt_table":
            self._needs(scope, "roll", node.span, "a table is read with the last die roll: "
                        "add 'rolls a die' before it")
            for row in node.children[0].nodes("row"):
                self._range(row.ints()[0], 0, 20, "amount")

    def ops_value(self, node: Node, scope: Scope) -> None:
        if node.kind == "ops_of":
            self.card_ref(node.children[0], scope)
        elif node.kind == "ops_fixed":
            self._range(node.ints()[0], 1, 4, "Ops value")
        else:
            self.expr(node.children[0], scope)

    def expr(self, node: Node, scope: Scope) -> None:
        kind = node.kind
        if kind == "the_roll":
            self._needs(scope, "roll", node.span, "'the roll' needs an earlier 'rolls a die'")
        elif kind in ("ops_of", "ops_fixed", "ops_expr"):
            self.ops_value(node, scope)
        elif kind in ("count", "per_each"):
            what = node.nodes()[-1]
            if what.kind == "count_spaces":
                self.spaces(what.children[0], scope)
            elif what.kind == "count_ps_suit":
                self.ps_name(_strings(what)[0])
                self._needs(scope, "drawn_ps", what.span, "needs an earlier 'draws ... power "
                            "struggle cards'")
            elif what.kind == "count_discarded":
                self._needs(scope, "discard", what.span, "needs an earlier 'discards ...'")
            elif what.kind == "count_events":
                for name in _strings(what.children[0]):
                    self.card_name(name)
            elif what.kind == "count_pool":
                pool = what.nodes("drawn", "revealed")[0]
                self.pool(pool, scope)
                if pool.kind == "drawn":
                    self._strategy_drawn(pool, scope)
        else:
            for child in node.nodes():
                self.expr(child, scope)

    # ------------------------------------------------------------- conditions
    def requires(self, node: Node) -> None:
        """A prerequisite (rule 7.1) reads the game state only."""
        for n in node.walk():
            if n.kind in ("the_roll", "cond_did", "cond_card", "cond_won_roll_off",
                          "cond_cards_exist", "count_pool", "owner_of"):
                self.r.report("E211", "a prerequisite can only test the game state (events, "
                              "Power, control, VP, turn, Tiananmen track)", n.span)
                return
        self.cond(node, Scope(prerequisite=True))

    def cond(self, node: Node, scope: Scope) -> None:
        kind = node.kind
        if kind in ("cond_and", "cond_or", "cond_not"):
            for child in node.nodes():
                self.cond(child, scope)
        elif kind in ("cond_event", "cond_in_effect", "cond_not_in_effect", "cond_cancelled",
                      "cond_succeeded"):
            self.card_name(_strings(node)[0])
        elif kind == "cond_controls":
            self.spaces(node.children[1], scope)
        elif kind == "cond_power_in":
            self.countries(node.children[1], scope)
        elif kind == "cond_power_count":
            self._range(node.ints()[0], 0, 6, "number of countries")
        elif kind == "cond_ts_reached":
            self._range(node.ints()[0], 1, 8, "box number")
        elif kind == "cond_compare":
            left, comparison = node.children
            self.expr(left, scope)
            for part in comparison.nodes():
                self.expr(part, scope)
            for subject, universe, never in self._subjects(scope):
                if left.kind == "the_" + subject and _hits(node, subject, universe) == set():
                    self.r.report("W501", never, comparison.span)
        elif kind == "cond_cards_exist":
            pool = node.nodes("drawn", "revealed")[0]
            self.pool(pool, scope)
            if pool.kind == "drawn":
                self._strategy_drawn(pool, scope)
        elif kind in ("cond_exists", "cond_none"):
            self.spaces(node.children[0], scope)
        elif kind == "cond_card":
            self.card_ref(node.children[0], scope)
            pred = node.children[1]
            if pred.kind == "pred_named":
                self.card_name(_strings(pred)[0])
        elif kind == "cond_did":
            self._needs(scope, "may", node.span, "'did' tests an earlier optional action: "
                        "write '... may ...' before it")
        elif kind == "cond_won_roll_off":
            self._needs(scope, "roll_off", node.span, "needs an earlier 'roll off between ...'")

    def _otherwise(self, body: Span) -> Span:
        """The 'otherwise' before a body (the tree keeps no keywords), looked
        for back from the body over a few lines; the body itself if not found."""
        for line in range(body.line, max(0, body.line - 3), -1):
            text = self.r.line(body.path, line)
            end = body.col - 1 if line == body.line else len(text)
            col = text.rfind("otherwise", 0, end)
            if col >= 0:
                return Span(body.path, line, col + 1, line, col + 1 + len("otherwise"))
        return body

    def _subjects(self, scope: Scope) -> list[tuple[str, range, str]]:
        """What conditions may be checked against: an unmodified die roll
        (1-6) and the turn (1-10; a prerequisite's turns are E404's)."""
        found = []
        if "roll_unmodified" in scope.bound:
            found.append(("roll", range(1, 7), "a die shows 1 to 6, so this condition never "
                          "holds"))
        if not scope.prerequisite:
            turns = self.names.data.turns
            found.append(("turn", range(1, turns + 1), f"the game lasts turns 1 to {turns}, "
                          "so this condition never holds"))
        return found

    def _branches(self, node: Node, scope: Scope) -> None:
        """W506: a branch of an 'if ... otherwise if ... otherwise' chain that
        can never run, because the conditions before it already take every
        die result or turn it could see."""
        conds: list[Node] = []
        last: Node | None = None
        while True:
            cond, _, *rest = node.children
            conds.append(cond)
            if not rest or rest[0].kind != "if_stmt":
                last = rest[0] if rest else None
                break
            node = rest[0]
            self._chained.add(id(node))
        for subject, universe, _ in self._subjects(scope):
            left = set(universe)
            for cond in conds:
                hits = _hits(cond, subject, universe)
                if hits is None:
                    break
                if hits and not hits & left:
                    self.r.report("W506", "this branch never runs: the conditions before it "
                                  f"already take every {_WHAT[subject]} it tests", cond.span)
                left -= hits
            else:
                if last is not None and not left:
                    self.r.report("W506", "'otherwise' never runs: the conditions before it "
                                  f"hold for every {_WHAT[subject]}", self._otherwise(last.span),
                                  "drop the last condition, or the 'otherwise'")

    # ------------------------------------------------------------- names
    def place_name(self, name: Name) -> None:
        if self.names.resolve_place(name.text) is None:
            if key(name.text) in self.names.types:
                self.r.report("E201", f"'{name.text}' is a space type, not a space", name.span,
                              f"write '{name.text} spaces'")
                return
            self.r.report("E101", f"unknown space or country '{name.text}'", name.span,
                          did_you_mean(name.text, self.names.space_names()
                                       + self.names.country_names()))

    def space_name(self, name: Name) -> None:
        if key(name.text) not in self.names.spaces:
            self.r.report("E101", f"unknown space '{name.text}'", name.span,
                          did_you_mean(name.text, self.names.space_names()))

    def country_name(self, name: Name) -> None:
        k = key(name.text)
        if k in self.names.countries or k in self.names.regions:
            return
        if k in self.names.spaces:
            self.r.report("E201", f"'{name.text}' is a space, not a country", name.span,
                          "name a country (e.g. Poland) or a region (Eastern Europe, "
                          "the Balkans)")
            return
        self.r.report("E103", f"unknown country or region '{name.text}'", name.span,
                      did_you_mean(name.text, self.names.country_names()))

    def type_name(self, name: Name) -> None:
        if key(name.text) not in self.names.types:
            self.r.report("E104", f"unknown space type '{name.text}'", name.span,
                          did_you_mean(name.text, self.names.type_names()) or
                          "space types: " + ", ".join(self.names.type_names()))

    def card_name(self, name: CardName) -> None:
        k = key(name.text)
        if k in self.deck_names:
            return
        if k in self.printed_names:
            number = self.printed_names[k]
            self.r.report("E403", f"card \"{name.text}\" (#{number}) is not in the deck", name.span,
                          f"card {number} has been replaced by a card with another name")
            return
        self.r.report("E102", f"unknown card \"{name.text}\"", name.span,
                      did_you_mean(name.text, self.deck_titles))

    def ps_name(self, name: CardName) -> None:
        if key(name.text) not in self.names.ps_cards:
            self.r.report("E105", f"unknown power struggle card \"{name.text}\"", name.span,
                          did_you_mean(name.text, sorted({c.name for c in
                                                          self.names.data.ps_cards})))

    # ------------------------------------------------------------- helpers
    def _needs(self, scope: Scope, what: str, span: Span, hint: str) -> None:
        if what not in scope.bound:
            self.r.report("E206", _NEEDS_MSG[what], span, hint)

    def _range(self, value: int, lo: int, hi: int, what: str) -> None:
        if not lo <= value <= hi:
            span = getattr(value, "span", None)
            if span is not None:
                self.r.report("E301", f"{what} {value} is out of range {lo} to {hi}", span)


#: What a card's 'requires' clause asks, as :func:`requirements` gives it:
#: the events it tests (card name, whether it must have occurred) and the E404
#: findings (message, where) about turns on which it can never be met.
Requirement = tuple[list[tuple[CardName, bool]], list[tuple[str, Span]]]


def requirements(card: DeckCard, turns: int) -> list[Requirement]:
    """What each of a written card's 'requires' clauses asks, in order: the
    part of the cross-card checks that reads its tree (see :func:`check_deck`)."""
    assert card.cdef is not None  # only written cards have clauses
    return [(list(_required_events(clause.children[0], True)),
             _turn_never(card, clause.children[0], turns))
            for clause in card.cdef.all("requires")]


def check_deck(cards: list[DeckCard], needed: dict[int, list[Requirement]],
               reporter: Reporter) -> None:
    """E404: prerequisites that can never be met (self-reference, cycles, turns);
    ``needed`` holds the :func:`requirements` of each written card."""
    by_number = {c.number: c for c in cards}
    by_key = {key(c.name): c.number for c in cards}
    needs: dict[int, list[tuple[int, CardName]]] = {}
    for card in cards:
        for events, never in needed.get(card.number, ()):
            for name, positive in events:
                other = by_key.get(key(name.text))
                if other is None:
                    continue
                if positive:
                    needs.setdefault(card.number, []).append((other, name))
                    if other == card.number:
                        reporter.report("E404", f"card {card.number} requires its own event",
                                        name.span, "an event cannot occur before it is played")
            for message, span in never:
                reporter.report("E404", message, span)
    loops = _cycles(needs)
    for start, edges in needs.items():
        for other, name in edges:
            if other != start and loops.get(other) == loops.get(start, -1):
                reporter.report("E404", f"\"{by_number[start].name}\" and \"{name.text}\" "
                                "require each other, so neither can ever be played as an event",
                                name.span, "break the cycle of 'requires event'")


def _cycles(needs: dict[int, list[tuple[int, CardName]]]) -> dict[int, int]:
    """The strongly connected component of each card in the 'requires event'
    graph (Tarjan's algorithm, without recursion): two cards in the same one
    require each other, directly or through others. Linear in the graph."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    component: dict[int, int] = {}
    path: list[int] = []
    for root in needs:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        path.append(root)
        todo = [(root, iter(needs.get(root, [])))]
        while todo:
            card, edges = todo[-1]
            other = next((o for o, _ in edges if o not in component), None)
            if other is not None and other not in index:
                index[other] = low[other] = len(index)
                path.append(other)
                todo.append((other, iter(needs.get(other, []))))
            elif other is not None:
                low[card] = min(low[card], index[other])
            else:
                todo.pop()
                if todo:
                    low[todo[-1][0]] = min(low[todo[-1][0]], low[card])
                if low[card] == index[card]:
                    while True:
                        member = path.pop()
                        component[member] = card
                        if member == card:
                            break
    return component


def _required_events(node: Node, positive: bool) -> Iterable[tuple[CardName, bool]]:
    """(card, whether it must have occurred) for each event test in a condition."""
    if node.kind == "cond_not":
        yield from _required_events(node.children[0], not positive)
    elif node.kind == "cond_and":
        for child in node.nodes():
            yield from _required_events(child, positive)
    elif node.kind == "cond_event":
        yield _strings(node)[0], positive


def _turn_never(card: DeckCard, cond: Node, turns: int) -> list[tuple[str, Span]]:
    """E404 findings for 'requires the turn is ...' on no turn of the game, or
    only on turns before the card's period joins the deck (rule 4.1)."""
    first = FIRST_TURN.get(card.period or "", 1)
    found = []
    for n in cond.walk():
        if n.kind != "cond_compare" or n.children[0].kind != "the_turn":
            continue
        hits = _hits(n, "turn", range(1, turns + 1))
        if hits is None or any(t >= first for t in hits):
            continue
        if hits:
            found.append((f"this {card.period} card joins the deck on turn {first} "
                          f"(rule 4.1), so this prerequisite is never met", n.span))
        else:
            found.append((f"the game lasts turns 1 to {turns}, so this prerequisite "
                          "is never met", n.span))
    return found


def _number(node: Node) -> Num:
    """A phrase's first integer, which the parser makes a Num: it has a span
    for the diagnostic."""
    n = node.ints()[0]
    assert isinstance(n, Num)
    return n


def _hits(cond: Node, subject: str, universe: range) -> set[int] | None:
    """The values of ``subject`` (an unmodified die roll, the turn) for which
    a condition holds; None when it tests anything else."""
    kind = cond.kind
    if kind == "cond_not":
        inner = _hits(cond.children[0], subject, universe)
        return None if inner is None else set(universe) - inner
    if kind in ("cond_and", "cond_or"):
        parts = [_hits(c, subject, universe) for c in cond.nodes()]
        known = [part for part in parts if part is not None]
        if len(known) < len(parts):
            return None
        found = known[0]
        for part in known[1:]:
            found = found & part if kind == "cond_and" else found | part
        return found
    if kind == "cond_period" and subject == "turn":
        first = FIRST_TURN[cond.children[0].kind]
        later = [t for t in FIRST_TURN.values() if t > first]
        return {t for t in universe if first <= t < min(later, default=universe.stop)}
    if kind != "cond_compare" or cond.children[0].kind != "the_" + subject:
        return None
    comparison = cond.children[1]
    test = _COMPARE.get(comparison.kind)
    if test is None:
        return None
    if comparison.kind in ("cmp_gt", "cmp_lt", "cmp_ge", "cmp_le"):
        operand = comparison.children[0]
        if operand.kind != "num":
            return None
        bounds = [operand.ints()[0]]
    elif comparison.kind == "cmp_range" and len(comparison.children) == 1:
        bounds = [int(x) for x in comparison.children[0].split("-")]
    else:
        bounds = list(comparison.children)
    return {v for v in universe if test(v, *bounds)}


#: How each comparison tests a value ("is 3 or more", "is 2-5", "is greater than 7"...).
_COMPARE: dict[str, Callable[..., bool]] = {
    "cmp_word": lambda v, n, word: v >= n if word.kind == "or_more" else v <= n,
    "cmp_range": lambda v, lo, hi: lo <= v <= hi,
    "cmp_eq": lambda v, n: v == n,
    "cmp_gt": lambda v, n: v > n,
    "cmp_lt": lambda v, n: v < n,
    "cmp_ge": lambda v, n: v >= n,
    "cmp_le": lambda v, n: v <= n,
}
_WHAT = {"roll": "die result (1-6)", "turn": "turn of the game"}


def written_facts(cdef: CardDef) -> dict[str, Any]:
    """The printed facts (rule 2.2) a card file writes, by StrategyCard field.
    A flag (``removed after event``, ``lasting``, ``red title``) counts as
    written only when present: its absence cannot say "not printed"."""
    facts: dict[str, Any] = {"name": cdef.name}
    period, side, ops = cdef.clause("period"), cdef.clause("side"), cdef.clause("ops")
    if period:
        facts["period"] = period.children[0].kind
    if side:
        facts["side"] = player(side.children[0])
    if ops:
        facts["ops"] = int(ops.ints()[0])
    elif cdef.clause("no_ops"):
        facts["ops"] = None
    for field_name, kind in _FLAGS.items():
        if cdef.clause(kind):
            facts[field_name] = True
    return facts


def card_facts(cdef: CardDef, printed: StrategyCard | None, names: Names) -> StrategyCard:
    """A card's printed facts: what its file writes, the rest from strategy.yaml
    (``printed``). A new mod card (``printed`` None) must write them all;
    what it leaves out is empty here and an E401 from the checker. A Scoring
    card's country is the one its event holds its power struggle in."""
    written = written_facts(cdef)
    if printed is not None:
        facts = replace(printed, **written)
    else:
        facts = StrategyCard(number=cdef.number, name=cdef.name,
                             period=written.get("period", ""), side=written.get("side", ""),
                             ops=written.get("ops"),
                             **{flag: written.get(flag, False) for flag in _FLAGS})
    return replace(facts, scores=_scored(cdef, facts, printed, names))


def _scored(cdef: CardDef, facts: StrategyCard, printed: StrategyCard | None,
            names: Names) -> str | None:
    """Ruling R54: the country a Scoring card scores, which its event names
    in the power struggle it holds (8.0); a printed Scoring card whose file
    writes no event keeps strategy.yaml's. None when there is none."""
    if facts.side != "scoring":
        return None
    if cdef.clause("event") is None:
        return printed.scores if printed is not None else None
    struggles = scoring_struggles(cdef)
    return _struggle_country(struggles[0], names) if struggles else None


def scoring_struggles(cdef: CardDef) -> list[Node]:
    """The statements at the top level of a card's event that hold a power
    struggle: a Scoring card's must be one, held every time, in one named
    country (8.0, ruling R54)."""
    event = cdef.clause("event")
    if event is None:
        return []
    return [s for s in event.children[0].nodes("action")
            if s.children[-1].kind == "power_struggle"]


def _struggle_country(stmt: Node, names: Names) -> str | None:
    """The one country a 'hold a power struggle' statement names, when it
    is held every time ('may' is not) in that country."""
    where = _struggle_where(stmt)
    if _optional(stmt) or where.kind != "cty_names":
        return None
    found = [names.resolve_place(n.text) for n in _names(where)]
    if len(found) != 1 or found[0] is None or found[0][0] != "country":
        return None
    return found[0][1]


def _struggle_where(stmt: Node) -> Node:
    """Where a 'hold a power struggle' statement holds it: names, 'the
    chosen country', a description..."""
    where = stmt.children[-1].children[0]
    return where.children[0] if where.kind == "countries" else where


def _optional(action: Node) -> bool:
    """Whether an action is a 'may'."""
    return any(c.kind == "may" for c in action.children[:-1])


def _event_side(facts: StrategyCard) -> str | None:
    """'democrat' or 'communist' for a card whose event belongs to a side."""
    return facts.side if facts.side in _OPPONENT else None


def _clause_or_head(cdef: CardDef, *kinds: str) -> Span:
    """Where a finding about a printed fact points: the clause that writes it,
    else the card's header (the name, or a fact taken from strategy.yaml)."""
    clause = next((c for c in cdef.clauses if c.kind in kinds), None)
    return clause.span if clause else _head(cdef)


#: StrategyCard flag -> the clause that sets it.
_FLAGS = {"removed": "removed", "lasting": "lasting_flag", "red_title": "red_title"}
#: StrategyCard field -> the clauses that write it (the name is in the header).
_FACT_CLAUSES = {"name": (), "period": ("period",), "side": ("side",), "ops": ("ops", "no_ops"),
                 **{flag: (kind,) for flag, kind in _FLAGS.items()}}

_OPPONENT = {"democrat": "communist", "communist": "democrat"}
_SIDE_WORDS = {side: re.compile(rf"\b({side}s?|{side}ic|own|your)\b", re.I) for side in _OPPONENT}


def _as_side(who: str, side: str) -> str:
    """A player phrase as a side, in an event carried out by ``side``."""
    return {"you": side, "opponent": _OPPONENT[side]}.get(who, who)


def _actor(action: Node, side: str) -> str:
    """Who carries out an action of a ``side`` card's event ('he' is left as is)."""
    who = next((player(c) for c in action.children[:-1] if c.kind != "may"), "you")
    return _as_side(who, side)


def _gains(verb: Node, actor: str, side: str) -> bool:
    """Whether an action is to its actor's gain: his SPs, VP, checks, Ops, cards."""
    if verb.kind in ("place", "place_enough", "remove", "replace"):
        owners = [_as_side(player(o), side) for o in verb.nodes("owner")]
        if verb.kind == "remove":
            return not owners or owners[0] != actor
        if verb.kind == "replace":
            return bool(owners) and owners[-1] == actor
        return not owners or owners[0] == actor
    return verb.kind in ("checks", "operations", "gain_vp", "draw_cards", "take", "play_event",
                         "play_ops", "play_ops_from", "tiananmen_advance")


def _static_sel(checker: Checker, np: Node) -> dict | None:
    """The map-fixed part of a description, when its names all resolve."""
    sel: dict = {}
    for part in np.children:
        if part.kind == "space_types":
            types = [checker.names.types.get(key(n.text)) for n in _names(part)]
            if None in types:
                return None
            sel["types"] = types
        elif part.kind == "battleground":
            sel["battleground"] = True
        elif part.kind == "non_battleground":
            sel["battleground"] = False
        elif part.kind == "f_except":
            spaces = [checker.names.spaces.get(key(n.text)) for n in _names(part)]
            if None in spaces:
                return None
            sel["except"] = spaces
        elif part.kind == "f_adjacent" and part.children[0].kind == "sel_names":
            found = [checker.names.resolve_place(n.text) for n in _names(part.children[0])]
            if len(found) == 1 and found[0] is not None and found[0][0] == "space":
                sel["adjacent"] = found[0][1]
        elif part.kind == "space_loc":
            where = part.children[0]
            where = where.children[0] if where.kind == "countries" else where
            if where.kind != "cty_names":
                continue
            loc: dict = {}
            for name in _names(where):
                place = checker.names.resolve_place(name.text)
                if place is None or place[0] == "space":
                    return None
                loc.setdefault("countries" if place[0] == "country" else "regions", []).append(
                    place[1])
            sel["in"] = loc
    return sel


def _persists(node: Node) -> bool:
    """Whether a statement leaves an effect in play after its action round."""
    kind = node.kind
    if kind == "lasting":
        return node.children[0].kind != "until_round_end"
    if kind == "trigger":
        return node.children[0].kind != "at_end_of_this_round"
    if kind == "action":
        return node.children[-1].kind in ("set_aside", "end_game")
    return kind in ("next_rule", "eliminate")


def _head(item: CardDef | BoxDef | PsCardDef) -> Span:
    """Where a finding about a whole card points: its header line."""
    return item.head or item.span


def _may_draw_ps(scope: Scope, bodies: list[Scope]) -> Scope:
    """The scope after a statement with bodies: 'the drawn cards' may be
    Power Struggle cards after it if they may be at the end of one body
    (lint then allows only what suits them; ruling R57)."""
    if any("drawn_ps" in body.bound for body in bodies):
        return scope.child("drawn", "drawn_ps")
    return scope


def _keyword(node: Node, word: str) -> Span:
    """The keyword that starts a clause, for a finding about the clause as a whole."""
    at = node.span
    return Span(at.path, at.line, at.col, at.line, at.col + len(word))


def _names(node: Node) -> list[Name]:
    return node.found(Name)


def _strings(node: Node) -> list[CardName]:
    return node.found(CardName)


def _signed(node: Node) -> list[int]:
    return [v for v in node.ints() if isinstance(v, Signed)]


def _clause_word(kind: str) -> str:
    return {"removed": "removed after event", "lasting_flag": "lasting",
            "red_title": "red title", "on_ops": "when played for operations"}.get(kind, kind)


_META_HINT = {
    "period": "add 'period early', 'period middle' or 'period late' (rule 4.1)",
    "side": "add 'side democrat', 'side communist', 'side neutral' or 'side scoring' (rule 2.2.2)",
    "summary": "add a one-line summary in your own words: summary \"...\"",
}

_COUNTRY_NEEDS = {"spaces_of_chosen_country": "chosen_country",
                  "spaces_of_this_country": "this_country",
                  "spaces_of_struggle_country": "power_struggle"}

_NEEDS_MSG = {
    "chosen_space": "'the chosen space' refers to no earlier choice",
    "chosen_country": "'the chosen country' refers to no earlier choice",
    "this_space": "'this space' is used outside 'for each'",
    "this_country": "'this country' is used outside 'for each'",
    "roll": "'the roll' refers to no earlier die roll",
    "may": "'did' refers to no earlier optional ('may') action",
    "roll_off": "no roll-off happened before this",
    "roller": "'the roller' is used outside a roll-off",
    "power_struggle": "there is no power struggle here",
    "drawn": "no cards were drawn before this",
    "drawn_ps": "no Power Struggle cards were drawn before this",
    "revealed": "no cards were revealed before this",
    "discard": "no card was discarded before this",
    "give": "no card was given before this",
    "take": "no card was taken before this",
    "choose_card": "no card was chosen before this",
    "card_played": "'the played card' is only meaningful after 'after ... plays a card'",
}
