"""Checks what the grammar cannot: names, scope and types (arity, ranges, metadata).

The checker walks each card's statements in order, dispatching on each
node's kind as the compiler does, tracking what earlier statements made
available ("the chosen space" needs a ``choose``, "the roll" a ``roll``,
``if he did`` a ``may``...), and reports every problem as a diagnostic. As
it walks it tells its :class:`Hooks` what it has read: the lints
(dsl/lints/), which make the warnings and the checks of the deck as a whole,
listen there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from dof.dsl.ast import BoxDef, CardDef, CardName, Name, Node, Num, PsCardDef, Signed, player
from dof.dsl.diagnostics import Reporter, Span, did_you_mean
from dof.dsl.facts import (
    card_facts,
    clause_or_head,
    clause_word,
    head,
    keyword,
    optional,
    scoring_struggles,
    struggle_where,
)
from dof.dsl.names import Names
from dof.engine.data.records import StrategyCard
from dof.engine.data.terms import SIDES, key

# Metadata a card file must write: all of it for a new (mod) card; a printed
# card takes what its file leaves out from strategy.yaml.
REQUIRED = ("period", "side", "summary")
REQUIRED_PRINTED = ("summary",)
SINGLE = ("period", "side", "ops", "no_ops", "removed", "lasting_flag", "red_title", "summary",
          "event", "on_ops")
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


class Hooks:
    """What the checker has read, told as it walks (the lints of dsl/lints
    listen): each method is called once the checker has read what it names,
    in the walk's order, so that what a listener reports falls among the
    checker's findings where it belongs. Each does nothing here."""

    def metadata(self, cdef: CardDef, facts: StrategyCard) -> None:
        """A card's metadata clauses are read."""

    def card(self, cdef: CardDef, facts: StrategyCard, statements: list[Node]) -> None:
        """A card is read; ``statements``: its event's statements and lasting
        rules in the order read (none when it has no event)."""

    def box(self, bdef: BoxDef) -> None:
        """A Tiananmen box is read."""

    def next_statement(self, stmt: Node, following: Node) -> None:
        """A statement of a block is read, and ``following`` comes after it."""

    def if_stmt(self, node: Node, scope: Scope) -> None:
        """An 'if' statement is about to be read, in ``scope``."""

    def description(self, np: Node) -> None:
        """A description of spaces ('Worker spaces in Poland') is read."""

    def comparison(self, node: Node, scope: Scope) -> None:
        """A comparison ('the roll is 4 or more') is read, in ``scope``."""


class Checker:
    """Reports problems in cards and boxes; ``deck_names`` maps name keys to
    numbers; ``hooks`` hears what is read (the lints)."""

    def __init__(self, names: Names, reporter: Reporter, deck_names: dict[str, int],
                 deck_titles: list[str], printed: dict[int, StrategyCard],
                 hooks: Hooks | None = None) -> None:
        self.names = names
        self.r = reporter
        self.hooks = hooks or Hooks()
        self.deck_names = deck_names
        self.deck_titles = deck_titles
        self.printed = printed
        self.printed_names = {key(c.name): c.number for c in printed.values()}
        self._owner_refs = True   # whether the card being checked names 'the owner of' a card
        # While an event is checked: its statements and lasting rules, in order
        # (the hooks read them once the card is read, instead of walking the tree).
        self._statements: list[Node] | None = None
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
            elif clause.kind == "on_ops" and self._not_empty(clause.children[0], clause,
                               "nothing happens when the card is played for operations"):
                self._on_ops = True
                self.body(clause.children[0], Scope())
                self._on_ops = False
        self._owner_refs = True
        self._scoring(cdef, facts)
        self.hooks.card(cdef, facts, statements)

    def _scoring(self, cdef: CardDef, facts: StrategyCard) -> None:
        """Ruling R54: a Scoring card starts a power struggle in its country
        (8.0), and its event says which: one statement at its top level,
        held every time in one named country."""
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
                keyword(event, "event") if event else clause_or_head(cdef, "side"))
            lacks = "holds no power struggle" if event else "has no event"
            self.r.report("E401", f"{self._what} is a Scoring card but {lacks}: a Scoring card "
                          "starts a power struggle in its country, then scores it (8.0, ruling "
                          "R54)", at, f"write 'hold a power struggle in {country or 'Poland'}' "
                          "at the top of its event; to score a country without a power "
                          "struggle, make it a democrat, communist or neutral card")
            return
        first, *more = struggles
        if optional(first) or struggle_where(first).kind != "cty_names":
            self.r.report("E216", f"{self._what} is a Scoring card: its power struggle is held "
                          "every time it is played, in one country its event names (8.0, "
                          "ruling R54)", first.span, "e.g. 'hold a power struggle in Poland'")
        for extra in more:
            self.r.report("E216", f"{self._what} is a Scoring card: it holds one power "
                          "struggle, in its country (8.0, ruling R54)", extra.span,
                          "a Scoring card scores one country; hold the others in another card")

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

    def _metadata(self, cdef: CardDef, facts: StrategyCard) -> None:
        if not 1 <= cdef.number <= 999:
            self.r.report("E301", f"card number {cdef.number} is out of range 1-999", head(cdef))
        seen: dict[str, Node] = {}
        for clause in cdef.clauses:
            kind = "ops" if clause.kind == "no_ops" else clause.kind
            if kind in SINGLE and kind in seen:
                self.r.report("E405", f"'{clause_word(kind)}' is given twice", clause.span,
                              f"first given at {seen[kind].span}")
            seen.setdefault(kind, clause)
        printed = cdef.number in self.printed
        for kind in REQUIRED_PRINTED if printed else REQUIRED:
            if kind not in seen:
                self.r.report("E401", f"card {cdef.number} \"{cdef.name}\" has no "
                              f"'{clause_word(kind)}'", head(cdef), _META_HINT[kind])
        ops = cdef.clause("ops")
        if facts.side == "scoring":
            if ops:
                self.r.report("E217", "a Scoring card has no Ops value (rule 2.2.1)", ops.span,
                              "write 'no ops'")
        elif "ops" not in seen and not printed:
            self.r.report("E401", f"card {cdef.number} \"{cdef.name}\" has no 'ops'", head(cdef),
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
        self.hooks.metadata(cdef, facts)

    # ------------------------------------------------------------- power struggle cards
    def ps_card(self, pdef: PsCardDef) -> None:
        """A wild card's plays (8.3.2): a wild card of the Power Struggle deck,
        a summary, and what it does when played to attack or to match."""
        self._what = f'power struggle card "{pdef.name}"'
        wild = {key(c.name) for c in self.names.data.ps_cards if c.kind == "wild"}
        if key(pdef.name) not in wild:
            self.r.report("E105", f"\"{pdef.name}\" is not a wild card of the Power Struggle "
                          "deck", head(pdef), did_you_mean(pdef.name, sorted(
                              {c.name for c in self.names.data.ps_cards if c.kind == "wild"})))
        if not pdef.all("summary"):
            self.r.report("E401", f"power struggle card \"{pdef.name}\" has no 'summary'",
                          head(pdef))
        plays = pdef.all("ps_play")
        if not plays:
            self.r.report("E401", f"power struggle card \"{pdef.name}\" has no play", head(pdef),
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
                          head(bdef))
        needs = {player(n.children[0]): n for n in bdef.all("needs")}
        for side in SIDES:
            if side not in needs:
                self.r.report("E401", f"box {bdef.number} has no '{side} needs N'", head(bdef),
                              "the number printed in the box for that side (rule 6.3.2)")
        for node in needs.values():
            n = _number(node)
            if not 2 <= n <= 12:
                self.r.report("E301", f"threshold {n} is out of range 2-12", n.span,
                              "a die (1-6) plus Ops (1-4) plus modifiers")
        if not bdef.all("summary"):
            self.r.report("E401", f"box {bdef.number} has no 'summary'", head(bdef))
        self.award(bdef)
        self.hooks.box(bdef)

    def award(self, bdef: BoxDef) -> None:
        """A box's one award (6.3.5): at once, or lasting until the opponent
        reaches the box."""
        awards = bdef.all("award_now") + bdef.all("award_lasting")
        if not awards:
            self.r.report("E401", f"box {bdef.number} has no 'award'", head(bdef),
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

    # ------------------------------------------------------------- statements
    def block(self, node: Node, scope: Scope) -> Scope:
        """Check statements in order; return the scope after the last one."""
        stmts = [s for s in node.children if isinstance(s, Node)]
        for i, stmt in enumerate(stmts):
            scope = self.stmt(stmt, scope)
            if i + 1 < len(stmts):
                self.hooks.next_statement(stmt, stmts[i + 1])
        return scope

    def body(self, node: Node, scope: Scope) -> Scope:
        inner = node.children[0]
        if inner.kind == "block":
            return self.block(inner, scope)
        return self.stmt(inner, scope)

    def stmt(self, node: Node, scope: Scope) -> Scope:
        """Check a statement by its kind (an ``s_`` method); the scope after it."""
        if self._statements is not None:
            self._statements.append(node)
        method: Callable[[Node, Scope], Scope] = getattr(self, "s_" + node.kind)
        return method(node, scope)

    def s_if_stmt(self, node: Node, scope: Scope) -> Scope:
        cond, then, *rest = node.children
        self.hooks.if_stmt(node, scope)
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

    def s_choose_one(self, node: Node, scope: Scope) -> Scope:
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

    def s_for_each(self, node: Node, scope: Scope) -> Scope:
        target, body = node.children
        inner = target.children[0]
        if inner.kind == "country_desc":
            self.country_desc(inner, scope)
            after = self.body(body, scope.child("this_country"))
        else:
            self.spaces(inner, scope)
            after = self.body(body, scope.child("this_space"))
        return _may_draw_ps(scope, [after])

    def s_lasting(self, node: Node, scope: Scope) -> Scope:
        duration, rules = node.children
        if duration.kind == "until_ps_end":
            self.ps_where(duration.children[0], scope)
        if duration.kind == "for_uses":
            self._range(duration.ints()[0], 1, 20, "number of uses")
        self.rules(rules, scope.child(in_effect=True))
        return scope

    def s_trigger(self, node: Node, scope: Scope) -> Scope:
        when = node.children[0]
        if when.kind in REPEATING and not scope.in_effect:
            self.r.report("E207", "a repeating trigger needs a duration", when.span,
                          "put it inside e.g. 'for the rest of the turn { ... }' or "
                          "'until cancelled { ... }'")
        self.trigger(node, scope)
        return scope

    def s_next_rule(self, node: Node, scope: Scope) -> Scope:
        self.check_rule(node, scope)
        return scope

    def s_roll_off(self, node: Node, scope: Scope) -> Scope:
        best_of, expr = node.children
        if best_of < 1 or best_of % 2 == 0:
            self.r.report("E301", f"best of {best_of}: must be an odd number", best_of.span)
        self.expr(expr, scope.child("roller"))
        return scope.child("roll_off")

    def s_score(self, node: Node, scope: Scope) -> Scope:
        self.countries(node.children[0], scope, single=True)
        return scope

    def s_cancel(self, node: Node, scope: Scope) -> Scope:
        for name in _strings(node.children[0]):
            self.card_name(name)
        return scope

    def s_end_effect(self, node: Node, scope: Scope) -> Scope:
        if not scope.in_effect:
            self.r.report("E208", "'end this effect' is only meaningful inside a lasting "
                          "effect or trigger", node.span)
        return scope

    def s_eliminate(self, node: Node, scope: Scope) -> Scope:
        self.one_space(node.children[0], scope)
        return scope

    def s_succeed(self, node: Node, scope: Scope) -> Scope:
        if scope.in_box:
            self.r.report("E209", "a Tiananmen box is no event: 'this event succeeds' means "
                          "nothing here", node.span)
        return scope

    def s_bar_suit(self, node: Node, scope: Scope) -> Scope:
        if not scope.in_match:
            self.r.report("E210", "only a Power Struggle card played to match an attack "
                          "knows the attacked suit", node.span,
                          "write it under 'when played to match:' (rule 8.3.2)")
        return scope

    # ------------------------------------------------------------- actions
    def s_action(self, node: Node, scope: Scope) -> Scope:
        """An action: what every verb shares, then its own checks by its kind
        (a ``v_`` method, given the verb, the action and the scope, which
        returns the scope after it; a verb with nothing of its own has none)."""
        verb = node.children[-1]
        kind = verb.kind
        if self._owner_refs:
            for ref in (n for n in node.walk() if n.kind == "owner_of"):
                self.card_ref(ref.children[0], scope)
        if kind in AMOUNTS:
            self.amount(verb.children[0], scope, allowed=AMOUNTS[kind])
        method: Callable[[Node, Node, Scope], Scope] | None = getattr(self, "v_" + kind, None)
        out = scope if method is None else method(verb, node, scope)
        if scope.in_box and any(c.kind == "this_card" for c in verb.walk()):
            self.r.report("E209", "a Tiananmen box has no card: 'this card' means nothing here",
                          verb.span)
        return out.child("may") if optional(node) else out

    def v_place(self, verb: Node, node: Node, scope: Scope) -> Scope:
        """Placing, removing, replacing or moving SPs."""
        if verb.kind == "replace" and len(verb.nodes("owner")) < 2:
            self.r.report("E204", "'replaces' needs whose SP go and whose come: e.g. "
                          "'replaces 1 democrat SP with communist SP in ...'", verb.span)
        for spaces in verb.nodes("spaces"):
            self.spaces(spaces, scope)
        cap = verb.first("cap")
        if cap:
            self._range(cap.ints()[0], 1, 20, "per-space limit")
        return scope

    v_remove = v_replace = v_move = v_place

    def v_place_enough(self, verb: Node, node: Node, scope: Scope) -> Scope:
        self.spaces(verb.nodes("spaces")[0], scope)
        return scope

    def v_checks(self, verb: Node, node: Node, scope: Scope) -> Scope:
        where = verb.first("check_where")
        if where:
            self.spaces(where.children[0], scope)
        self.ops_value(verb.nodes("ops_of", "ops_fixed", "ops_expr")[0], scope)
        for bonus in verb.nodes("check_bonus"):
            self._range(bonus.ints()[0], -6, 6, "modifier")
        return scope

    def v_operations(self, verb: Node, node: Node, scope: Scope) -> Scope:
        self.ops_value(verb.nodes("ops_of", "ops_fixed", "ops_expr")[0], scope)
        where = verb.first("spaces")
        if where:
            self.spaces(where, scope)
        return scope

    def v_ussr(self, verb: Node, node: Node, scope: Scope) -> Scope:
        name = _strings(verb)[0]
        if key(name.text) not in self.names.ussr:
            self.r.report("E105", f"unknown U.S.S.R. track box \"{name.text}\"", name.span,
                          did_you_mean(name.text, [p["name"] for p in
                                                   self.names.data.ussr_track]))
        return scope

    def v_tiananmen_advance(self, verb: Node, node: Node, scope: Scope) -> Scope:
        self._range(verb.ints()[0], 1, 8, "number of boxes")
        return scope

    def v_power_struggle(self, verb: Node, node: Node, scope: Scope) -> Scope:
        self.countries(verb.children[0], scope, single=True)
        if "ps_hands" in scope.bound:
            self.r.report("E215", f"{self._what} holds a power struggle during another: "
                          "all the Power Struggle cards are in play then (8.1.1, ruling "
                          "R56)", node.span,
                          "hold it after this one: 'after the next power struggle: ...'")
        return scope.child("power_struggle")  # binds the country of the power struggle

    def v_draw_cards(self, verb: Node, node: Node, scope: Scope) -> Scope:
        out = scope.child("drawn")
        out.bound.discard("drawn_ps")
        return out

    def v_discard(self, verb: Node, node: Node, scope: Scope) -> Scope:
        """A verb that acts on strategy cards, and binds what it acted on."""
        kind = verb.kind
        cards = verb.nodes("cards", "cards_of_pool")[0]
        self.cards(cards, scope, discard=kind == "discard")
        return scope.child({"discard": "discard", "reveal": "revealed", "take": "take",
                            "give": "give", "choose_card": "choose_card"}.get(kind, kind))

    v_reveal = v_take = v_give = v_set_aside = v_choose_card = v_play_ops_from = v_discard

    def v_draw_ps(self, verb: Node, node: Node, scope: Scope) -> Scope:
        """A verb that acts on Power Struggle cards (ruling R57)."""
        if "ps_hands" not in scope.bound:
            self.r.report("E213", f"{self._what} acts on Power Struggle cards where no power "
                          "struggle is being fought: they are in the players' hands only "
                          "then (8.1.1, ruling R57)", node.span, "write it in a wild card's "
                          "play, or at a power struggle's deal ('at the next power struggle, "
                          "after the deal: ...')")
        return scope.child("drawn", "drawn_ps") if verb.kind == "draw_ps" else scope

    v_take_ps = v_discard_ps = v_reveal_ps = v_draw_ps

    def v_play_event(self, verb: Node, node: Node, scope: Scope) -> Scope:
        ref = verb.children[0]
        self.card_ref(ref, scope)
        # Played for its Ops, a card may have its event happen too; its
        # event never plays it again (ruling R55).
        if ref.kind == "this_card" and not scope.in_box and not (
                self._on_ops and verb.kind == "play_event"):
            self.r.report("E212", f"{self._what} plays itself: it is already being played, "
                          "so this would play it again without end (ruling R55)", node.span,
                          "play another card: e.g. 'the chosen card'")
        return scope

    v_play_ops = v_play_event

    def v_choose_space(self, verb: Node, node: Node, scope: Scope) -> Scope:
        self.spaces(verb.children[0], scope)
        return scope.child("chosen_space")

    def v_choose_country(self, verb: Node, node: Node, scope: Scope) -> Scope:
        self.country_desc(verb.children[0], scope)
        return scope.child("chosen_country")

    def v_roll(self, verb: Node, node: Node, scope: Scope) -> Scope:
        for mod in verb.children:
            self.expr(mod.children[0], scope)
        out = scope.child("roll", "roll_unmodified" if not verb.children else "roll")
        if verb.children:
            out.bound.discard("roll_unmodified")
        return out

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
            self.hooks.description(np)

    def one_space(self, node: Node, scope: Scope) -> None:
        self.space_np(node, scope)

    def space_np(self, node: Node, scope: Scope) -> None:
        kind = node.kind
        if kind in _SPACE_REFS:
            need, hint = _SPACE_REFS[kind]
            self._needs(scope, need, node.span, hint)
        elif kind == "sel_names":
            for name in _names(node):
                self.place_name(name)
        else:
            for part in node.children:
                self.space_filter(part, scope)

    def space_filter(self, part: Node, scope: Scope) -> None:
        """One part of a space phrase: the names and references it holds."""
        kind = part.kind
        if kind == "space_types":
            for name in _names(part):
                self.type_name(name)
        elif kind == "space_loc":
            self.countries(part.children[0], scope)
        elif kind == "f_adjacent":
            self.one_space(part.children[0], scope)
        elif kind == "f_except":
            for name in _names(part):
                self.space_name(name)
        elif kind == "f_roller":
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
        """A condition, dispatched on its kind as the compiler compiles it;
        a condition with nothing to check (on a player alone) has no method."""
        kind = node.kind
        if kind in ("cond_and", "cond_or", "cond_not"):
            for child in node.nodes():
                self.cond(child, scope)
        elif kind in ("cond_event", "cond_in_effect", "cond_not_in_effect", "cond_cancelled",
                      "cond_succeeded"):
            self.card_name(_strings(node)[0])
        elif kind in ("cond_exists", "cond_none"):
            self.spaces(node.children[0], scope)
        else:
            method: Callable[[Node, Scope], None] | None = getattr(self, "c_" + kind, None)
            if method is not None:
                method(node, scope)

    def c_cond_controls(self, node: Node, scope: Scope) -> None:
        self.spaces(node.children[1], scope)

    def c_cond_power_in(self, node: Node, scope: Scope) -> None:
        self.countries(node.children[1], scope)

    def c_cond_power_count(self, node: Node, scope: Scope) -> None:
        self._range(node.ints()[0], 0, 6, "number of countries")

    def c_cond_ts_reached(self, node: Node, scope: Scope) -> None:
        self._range(node.ints()[0], 1, 8, "box number")

    def c_cond_compare(self, node: Node, scope: Scope) -> None:
        left, comparison = node.children
        self.expr(left, scope)
        for part in comparison.nodes():
            self.expr(part, scope)
        self.hooks.comparison(node, scope)

    def c_cond_cards_exist(self, node: Node, scope: Scope) -> None:
        pool = node.nodes("drawn", "revealed")[0]
        self.pool(pool, scope)
        if pool.kind == "drawn":
            self._strategy_drawn(pool, scope)

    def c_cond_card(self, node: Node, scope: Scope) -> None:
        self.card_ref(node.children[0], scope)
        pred = node.children[1]
        if pred.kind == "pred_named":
            self.card_name(_strings(pred)[0])

    def c_cond_did(self, node: Node, scope: Scope) -> None:
        self._needs(scope, "may", node.span, "'did' tests an earlier optional action: "
                    "write '... may ...' before it")

    def c_cond_won_roll_off(self, node: Node, scope: Scope) -> None:
        self._needs(scope, "roll_off", node.span, "needs an earlier 'roll off between ...'")

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


def _number(node: Node) -> Num:
    """A phrase's first integer, which the parser makes a Num: it has a span
    for the diagnostic."""
    n = node.ints()[0]
    assert isinstance(n, Num)
    return n


def _may_draw_ps(scope: Scope, bodies: list[Scope]) -> Scope:
    """The scope after a statement with bodies: 'the drawn cards' may be
    Power Struggle cards after it if they may be at the end of one body
    (lint then allows only what suits them; ruling R57)."""
    if any("drawn_ps" in body.bound for body in bodies):
        return scope.child("drawn", "drawn_ps")
    return scope


def _names(node: Node) -> list[Name]:
    return node.found(Name)


def _strings(node: Node) -> list[CardName]:
    return node.found(CardName)


def _signed(node: Node) -> list[int]:
    return [v for v in node.ints() if isinstance(v, Signed)]


_META_HINT = {
    "period": "add 'period early', 'period middle' or 'period late' (rule 4.1)",
    "side": "add 'side democrat', 'side communist', 'side neutral' or 'side scoring' (rule 2.2.2)",
    "summary": "add a one-line summary in your own words: summary \"...\"",
}

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

#: A space phrase that refers to something bound before it: what it needs
#: bound, and the hint when it is not.
_SPACE_REFS = {
    "ref_chosen_space": ("chosen_space", "'the chosen space' needs an earlier 'chooses a "
                         "space ...'"),
    "ref_this_space": ("this_space", "'this space' is only meaningful inside 'for each ... "
                       "space'"),
    **{kind: (need, _NEEDS_MSG[need]) for kind, need in (
        ("spaces_of_chosen_country", "chosen_country"),
        ("spaces_of_this_country", "this_country"),
        ("spaces_of_struggle_country", "power_struggle"))},
}
