"""Checked syntax tree -> engine operations (plain JSON-able data).

The output vocabulary is named in dof.engine.data.vocabulary (the compiler writes
those names, the engine reads them) and documented in docs/operations.md.
Every operation is a dict with an ``"op"`` key and an ``"at"`` key
(``path:line:col``, for logs); selectors, amounts, conditions and rules are
nested dicts and lists. The question an optional statement ("may") asks is
in its card file's words, kept apart by its ``at`` (``Compiler.reading``,
``Deck.questions``) so that the engine never reads a card file. Nothing here
mentions a particular card, space or country: those come from the card
files. The compiler assumes the checker passed (names resolve).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dof.dsl.ast import BoxDef, CardDef, CardName, Name, Node, PsCardDef, player
from dof.dsl.names import Names
from dof.engine.data.terms import key
from dof.engine.data.vocabulary import Cond, Expr, Hook, Op, Until

#: One compiled operation (a JSON object).
Operation = dict[str, Any]

# Grammar aliases -> engine hook names (docs/operations.md, "Hook points").
_TRIGGER_HOOKS: dict[str, tuple[str, bool]] = {
    # kind: (hook, fires once)
    "at_next_ps_deal": (Hook.PS_SETUP, True),
    "at_each_ps_deal": (Hook.PS_SETUP, False),
    "after_next_ps": (Hook.AFTER_POWER_STRUGGLE, True),
    "at_end_of_this_turn": (Hook.END_OF_TURN, True),
    "at_end_of_this_round": (Hook.ACTION_ROUND_END, True),
    "at_start_of_each_turn": (Hook.AFTER_DEAL, False),
    "at_end_of_each_turn": (Hook.END_OF_TURN, False),
    "at_each_round": (Hook.ACTION_ROUND_START, False),
    "instead_of_round": (Hook.ACTION_ROUND_REPLACE, False),
    "each_check": (Hook.AFTER_CHECK, False),
    "after_next_play": (Hook.CARD_PLAYED, True),
    "as_soon_as": (Hook.AS_SOON_AS, True),
    "at_final_scoring": (Hook.FINAL_SCORING, True),
    "when_game_ends": (Hook.GAME_END, True),
}

_DURATIONS = {
    "rest_of_turn": {"until": Until.END_OF_TURN},
    "rest_of_game": {"until": Until.END_OF_GAME},
    "until_cancelled": {"until": Until.CANCELLED},
    "until_round_end": {"until": Until.END_OF_ACTION_ROUND},
    "until_next_deal": {"until": Until.NEXT_DEAL},
}

_CMP = {"or_more": ">=", "or_less": "<="}

_ARITHMETIC = {"add": Expr.ADD, "sub": Expr.SUB, "mul": Expr.MUL}

# "in the chosen country": a country where spaces are expected.
#: Conditions that join two conditions, by the node's kind.
_JUNCTIONS = {"cond_and": Cond.AND, "cond_or": Cond.OR}
#: Conditions on one card named by the card file.
_CARD_CONDS = {"cond_event": Cond.EVENT_OCCURRED, "cond_in_effect": Cond.IN_EFFECT,
               "cond_not_in_effect": Cond.NOT_IN_EFFECT, "cond_cancelled": Cond.CANCELLED,
               "cond_succeeded": Cond.SUCCEEDED}
#: Conditions on one player alone.
_PLAYER_CONDS = {"cond_vp_lead": Cond.VP_LEAD, "cond_ts_ahead": Cond.TIANANMEN_AHEAD,
                 "cond_won_roll_off": Cond.WON_ROLL_OFF}
#: Conditions that some space, or none, is of a kind.
_SPACE_CONDS = {"cond_exists": Cond.EXISTS, "cond_none": Cond.NONE}

#: A space filter that always sets one field of the selector to one value.
_SPACE_FLAGS: dict[str, tuple[str, Any]] = {
    "battleground": ("battleground", True), "non_battleground": ("battleground", False),
    "f_uncontrolled": ("control", "none")}
#: A space filter naming a player, and the selector's field it sets.
_SPACE_PLAYERS = {"f_not_controlled": "not_control", "f_with_sp": "with_sp",
                  "f_without_sp": "without_sp"}
#: A card filter that always sets one field of the selector to one value.
_CARD_FLAGS: dict[str, tuple[str, Any]] = {
    "card_adj": ("random", True), "non_scoring": ("scoring", False),
    "scoring": ("scoring", True), "with_playable": ("playable", True),
    "with_red_title": ("red_title", True), "with_highest_ops": ("highest_ops", True),
    "with_removed": ("removed", True)}
#: Where a card filter takes its cards from.
_CARD_SOURCES = {"src_hand": "hand", "src_discard": "discard", "src_player_hand": "hand"}

_COUNTRY_REFS = {"spaces_of_chosen_country": "chosen_country",
                 "spaces_of_this_country": "this_country",
                 "spaces_of_struggle_country": "power_struggle_country"}


def _child(node: Node, *kinds: str) -> Node:
    """The child node of one of ``kinds`` that the grammar always gives ``node``."""
    found = node.first(*kinds)
    assert found is not None, f"{node.span}: a {node.kind} without {' or '.join(kinds)}"
    return found


class Compiler:
    """Compiles cards and boxes; ``cards`` maps name keys to card numbers."""

    def __init__(self, names: Names, cards: dict[str, int]) -> None:
        self.names = names
        self.cards = cards
        self.lines: Sequence[str] = ()
        self.questions: dict[str, str] = {}

    def reading(self, lines: Sequence[str]) -> dict[str, str]:
        """Compile what follows from a card file of these ``lines``: the
        question of each optional statement compiled from now on is put in
        the dict returned, by the statement's place (its ``at``)."""
        self.lines = lines
        self.questions = {}
        return self.questions

    # ------------------------------------------------------------- top level
    def card(self, cdef: CardDef) -> dict[str, Any]:
        """The compiled parts of a card: event, prerequisites, cancellations."""
        event = cdef.clause("event")
        on_ops = cdef.clause("on_ops")
        cancels = [self.card_number(n) for c in cdef.all("cancels") for n in c.nodes()[0].strings()]
        program = None
        if event is not None:
            program = self.block(event.children[0])
            if cancels:
                program = [{"op": Op.CANCEL, "cards": cancels, "at": str(event.span)}, *program]
        return {
            "event": program,
            "requires": [self.cond(c.children[0]) for c in cdef.all("requires")],
            "no_effect_after": [self.card_number(c.strings()[0]) for c in cdef.all(
                "no_effect_after")],
            "cancels": cancels,
            "on_ops": self.body(on_ops.children[0]) if on_ops else None,
        }

    def ps_card(self, pdef: PsCardDef) -> dict[str, Any]:
        """A wild card's programs by the step it is played in (8.3.2)."""
        plays = {}
        for play in pdef.all("ps_play"):
            mode, body = play.children
            plays["attack" if mode.kind == "to_attack" else "match"] = self.body(body)
        return plays

    def box(self, bdef: BoxDef) -> dict[str, Any]:
        """A Tiananmen box award: immediate ops, or a lasting effect (6.3.5)."""
        now = bdef.all("award_now")
        lasting = bdef.all("award_lasting")
        if now:
            return {"award": "immediate", "program": self.block(now[0].children[0])}
        if lasting:
            node = lasting[0]
            return {"award": "lasting", "program": [{
                "op": Op.LASTING, "duration": {"until": Until.OPPONENT_REACHES_BOX},
                "rules": self.rules(node.children[0]), "at": str(node.span)}]}
        return {"award": None, "program": []}

    def card_number(self, name: CardName) -> int:
        return self.cards[key(name.text)]

    # ------------------------------------------------------------- statements
    def block(self, node: Node) -> list[Operation]:
        return [self.stmt(s) for s in node.children if isinstance(s, Node)]

    def body(self, node: Node) -> list[Operation]:
        inner = node.children[0]
        return self.block(inner) if inner.kind == "block" else [self.stmt(inner)]

    def stmt(self, node: Node) -> Operation:
        method = getattr(self, "s_" + node.kind)
        op = method(node)
        op.setdefault("at", str(node.span))
        return op

    def s_action(self, node: Node) -> Operation:
        actor = "you"
        optional = False
        verb = node.children[-1]
        for child in node.children[:-1]:
            if child.kind == "may":
                optional = True
            else:
                actor = player(child)
        op = getattr(self, "v_" + verb.kind)(verb, actor)
        op = {"op": op.pop("op"), "player": actor, **op}
        if optional:
            op["optional"] = True  # the player may decline; `if he did` reads the answer
            self.questions[str(node.span)] = self.says(node)
        return op

    def says(self, node: Node) -> str:
        """What an optional statement says after its 'may', in its card
        file's words ("discard 1 non-scoring card"): the player is asked
        whether to do it in the card's own words. (Not a field of the
        operation: lasting effects keep their operations in the game state,
        which the words are no part of.)"""
        span = node.span  # a statement ends at the end of its line
        line = self.lines[span.line - 1]
        end = span.end_col - 1 if span.end_line == span.line else len(line)
        words = line[span.col - 1:end].split()
        if "may" in words:
            words = words[words.index("may") + 1:]
        return " ".join(words)

    def s_if_stmt(self, node: Node) -> Operation:
        cond, then, *rest = node.children
        op: Operation = {"op": Op.IF, "cond": self.cond(cond), "then": self.body(then), "else": []}
        if rest:
            other = rest[0]
            op["else"] = self.body(other) if other.kind == "body" else [self.stmt(other)]
        return op

    def s_choose_one(self, node: Node) -> Operation:
        who, *options = node.children
        out = []
        for o in options:
            guard = o.first("option_if")
            out.append({"label": o.strings()[0].text, "do": self.body(o.nodes("body")[0]),
                        "if": self.cond(guard.children[0]) if guard else None})
        return {"op": Op.CHOOSE_ONE, "player": player(who), "options": out}

    def s_for_each(self, node: Node) -> Operation:
        target, body = node.children
        inner = target.children[0]
        if inner.kind == "country_desc":
            return {"op": Op.FOR_EACH, "kind": "country", "among": self.country_desc(inner),
                    "do": self.body(body)}
        return {"op": Op.FOR_EACH, "kind": "space", "among": self.spaces(inner)["where"],
                "do": self.body(body)}

    def s_lasting(self, node: Node) -> Operation:
        duration, rules = node.children
        return {"op": Op.LASTING, "duration": self.duration(duration), "rules": self.rules(rules)}

    def s_trigger(self, node: Node) -> Operation:
        return {"op": Op.TRIGGER, **self.trigger(node)}

    def s_next_rule(self, node: Node) -> Operation:
        return {"op": Op.LASTING, "duration": {"until": Until.USED, "uses": 1},
                "rules": [self.r_check_rule(node)]}

    def s_roll_off(self, node: Node) -> Operation:
        best_of, expr = node.children
        return {"op": Op.ROLL_OFF, "players": ["democrat", "communist"], "best_of": int(best_of),
                "add": self.expr(expr)}

    def s_score(self, node: Node) -> Operation:
        return {"op": Op.SCORE, "country": self.countries(node.children[0])}

    def s_cancel(self, node: Node) -> Operation:
        return {"op": Op.CANCEL, "cards": [self.card_number(n) for n in node.children[0].strings()]}

    def s_end_effect(self, node: Node) -> Operation:
        return {"op": Op.END_EFFECT}

    def s_eliminate(self, node: Node) -> Operation:
        return {"op": Op.ELIMINATE, "space": self.one_space(node.children[0])}

    def s_succeed(self, node: Node) -> Operation:
        return {"op": Op.SUCCEED}

    def s_bar_suit(self, node: Node) -> Operation:
        return {"op": Op.BAR_SUIT}

    # ------------------------------------------------------------- verbs
    def _sp_parts(self, node: Node) -> tuple[Any, list[str], list[Node], int | None]:
        amount = self.amount(node.children[0])
        owners = [player(o) for o in node.nodes("owner")]
        spaces = node.nodes("spaces")
        cap = node.first("cap")
        return amount, owners, spaces, (int(cap.ints()[0]) if cap else None)

    def v_place(self, node: Node, actor: str) -> Operation:
        amount, owners, (where,), cap = self._sp_parts(node)
        return {"op": Op.PLACE, "amount": amount, "owner": owners[0] if owners else actor,
                **self.spaces(where), "per_space_max": cap}

    def v_place_enough(self, node: Node, actor: str) -> Operation:
        owners = [player(o) for o in node.nodes("owner")]
        return {"op": Op.PLACE_TO_CONTROL, "owner": owners[0] if owners else actor,
                **self.spaces(node.nodes("spaces")[0])}

    def v_remove(self, node: Node, actor: str) -> Operation:
        amount, owners, (where,), cap = self._sp_parts(node)
        return {"op": Op.REMOVE, "amount": amount, "owner": owners[0] if owners else "opponent",
                **self.spaces(where), "per_space_max": cap}

    def v_replace(self, node: Node, actor: str) -> Operation:
        amount, owners, (where,), _ = self._sp_parts(node)
        return {"op": Op.REPLACE, "amount": amount, "owner": owners[0], "new_owner": owners[-1],
                **self.spaces(where)}

    def v_move(self, node: Node, actor: str) -> Operation:
        amount, owners, (src, dst), cap = self._sp_parts(node)
        source, target = self.spaces(src), self.spaces(dst)
        return {"op": Op.MOVE, "amount": amount, "owner": owners[0] if owners else actor,
                "from": source["where"], "from_choice": source["choice"],
                "to": target["where"], "to_choice": target["choice"], "per_space_max": cap}

    def v_checks(self, node: Node, actor: str) -> Operation:
        where = node.first("check_where")
        op: Operation = {"op": Op.SUPPORT_CHECKS, "count": self.amount(node.children[0]),
                  "ops": self.ops_value(_child(node, "ops_of", "ops_fixed", "ops_expr")),
                  "where": self.spaces(where.children[0])["where"] if where else None,
                  "bonus": 0, "needs_opponent_sp": True}
        for extra in node.nodes("check_bonus", "check_anywhere"):
            if extra.kind == "check_bonus":
                op["bonus"] = int(extra.ints()[0])
            else:
                op["needs_opponent_sp"] = False  # card text overrides rule 6.2.3 (5.4)
        return op

    def v_operations(self, node: Node, actor: str) -> Operation:
        options = [{"opt_place": "place", "opt_checks": "support_checks",
                    "opt_tiananmen": "tiananmen"}[o.kind]
                   for o in node.nodes("opt_place", "opt_checks", "opt_tiananmen")]
        where = node.first("spaces")
        return {"op": Op.OPERATIONS,
                "ops": self.ops_value(_child(node, "ops_of", "ops_fixed", "ops_expr")),
                "options": options or ["place", "support_checks", "tiananmen"],
                "where": self.spaces(where)["where"] if where else None}

    def v_gain_vp(self, node: Node, actor: str) -> Operation:
        return {"op": Op.VP, "amount": self.amount(node.children[0])}

    def v_ussr(self, node: Node, actor: str) -> Operation:
        name = node.strings()[0].text
        return {"op": Op.USSR_ADVANCE, "to": self.names.ussr[name], "name": name}

    def v_tiananmen_advance(self, node: Node, actor: str) -> Operation:
        return {"op": Op.TIANANMEN_ADVANCE, "boxes": int(node.ints()[0])}

    def v_power_struggle(self, node: Node, actor: str) -> Operation:
        return {"op": Op.POWER_STRUGGLE, "country": self.countries(node.children[0])}

    def v_end_game(self, node: Node, actor: str) -> Operation:
        return {"op": Op.END_GAME, "when": "end_of_turn" if node.children else "now"}

    def v_draw_cards(self, node: Node, actor: str) -> Operation:
        return {"op": Op.DRAW, "count": self.amount(node.children[0]), "deck": "strategy"}

    def v_draw_ps(self, node: Node, actor: str) -> Operation:
        return {"op": Op.DRAW, "count": self.amount(node.children[0]), "deck": "power_struggle"}

    def v_discard(self, node: Node, actor: str) -> Operation:
        return {"op": Op.DISCARD, "cards": self.cards_sel(node.children[0], default_scoring=False)}

    def v_discard_ps(self, node: Node, actor: str) -> Operation:
        return {"op": Op.DISCARD, "cards": {"pool": "power_struggle_hand", "random": True,
                                           "count": self.amount(node.children[0])}}

    def v_reveal(self, node: Node, actor: str) -> Operation:
        return {"op": Op.REVEAL, "cards": self.cards_sel(node.children[0])}

    def v_reveal_ps(self, node: Node, actor: str) -> Operation:
        return {"op": Op.REVEAL, "cards": {"pool": "power_struggle_hand", "count": "all"}}

    def v_declare_next(self, node: Node, actor: str) -> Operation:
        return {"op": Op.DECLARE_NEXT_CARD}

    def v_take(self, node: Node, actor: str) -> Operation:
        return {"op": Op.TAKE, "cards": self.cards_sel(node.children[0])}

    def v_take_ps(self, node: Node, actor: str) -> Operation:
        amount, _random, victim = node.children
        return {"op": Op.TAKE, "cards": {"pool": "power_struggle_hand", "of": player(victim),
                                         "count": self.amount(amount), "random": True}}

    def v_give(self, node: Node, actor: str) -> Operation:
        to, cards = node.children
        return {"op": Op.GIVE, "to": player(to), "cards": self.cards_sel(cards)}

    def v_play_event(self, node: Node, actor: str) -> Operation:
        return {"op": Op.PLAY_EVENT, "card": self.card_ref(node.children[0])}

    def v_play_ops(self, node: Node, actor: str) -> Operation:
        return {"op": Op.PLAY_OPS, "card": self.card_ref(node.children[0]),
                "without_event": bool(node.nodes("without_event"))}

    def v_play_ops_from(self, node: Node, actor: str) -> Operation:
        return {"op": Op.PLAY_OPS, "cards": self.cards_sel(node.children[0]),
                "without_event": bool(node.nodes("without_event"))}

    def v_set_aside(self, node: Node, actor: str) -> Operation:
        return {"op": Op.SET_ASIDE, "cards": self.cards_sel(node.children[0]),
                "until": "next_turn"}

    def v_choose_space(self, node: Node, actor: str) -> Operation:
        return {"op": Op.CHOOSE, "kind": "space", "among": self.spaces(node.children[0])["where"]}

    def v_choose_country(self, node: Node, actor: str) -> Operation:
        return {"op": Op.CHOOSE, "kind": "country", "among": self.country_desc(node.children[0])}

    def v_choose_card(self, node: Node, actor: str) -> Operation:
        return {"op": Op.CHOOSE, "kind": "card", "among": self.cards_sel(node.children[0])}

    def v_roll(self, node: Node, actor: str) -> Operation:
        mods = [self.expr(m.children[0]) if m.kind == "mod_plus"
                else {"expr": Expr.NEG, "of": self.expr(m.children[0])} for m in node.children]
        return {"op": Op.ROLL, "modifiers": mods}

    # ------------------------------------------------------------- lasting rules
    def duration(self, node: Node) -> dict[str, Any]:
        if node.kind in _DURATIONS:
            return dict(_DURATIONS[node.kind])
        if node.kind == "for_uses":
            return {"until": Until.USED, "uses": int(node.ints()[0])}
        return {"until": Until.END_OF_POWER_STRUGGLE, "country": self.ps_where(node.children[0])}

    def rules(self, node: Node) -> list[dict[str, Any]]:
        return [self.rule(r) for r in node.children if isinstance(r, Node)]

    def rule(self, node: Node) -> dict[str, Any]:
        if node.kind == "trigger":
            return self.trigger(node)
        if node.kind == "next_rule":
            return {**self.r_check_rule(node), "uses": 1}
        out = getattr(self, "r_" + node.kind)(node)
        out["at"] = str(node.span)
        return out

    def r_ops_rule(self, node: Node) -> dict[str, Any]:
        printed = node.first("printed")
        cond = node.first("ops_if")
        return {"hook": Hook.OPS_VALUE, "player": player(node.children[0]),
                "delta": int(node.ints()[0]),
                "printed": int(printed.ints()[0]) if printed else None,
                "if_all_spent_in": self.spaces(cond.children[0])["where"] if cond else None}

    def r_check_rule(self, node: Node) -> dict[str, Any]:
        scope = node.first("check_scope")
        who = scope.first("by_player") if scope else None
        where = scope.first("check_where") if scope else None
        base = {"player": player(who.children[0]) if who else None,
                "where": self.spaces(where.children[0])["where"] if where else None,
                "at": str(node.span)}
        effect = _child(node, "check_modifier", "check_ignore_adjacency")
        if effect.kind == "check_modifier":
            return {"hook": Hook.CHECK_MODIFIER, **base, "delta": int(effect.ints()[0])}
        return {"hook": Hook.ADJACENCY_MODIFIER, **base,
                "ignore_controlled_by": self.control(effect.children[0])}

    def r_check_ban(self, node: Node) -> dict[str, Any]:
        who, where = node.children
        return {"hook": Hook.CHECK_BAN, "player": player(who),
                "where": self.spaces(where.children[0])["where"]}

    def r_place_ban(self, node: Node) -> dict[str, Any]:
        who, where = node.children
        return {"hook": Hook.PLACEMENT_BAN, "player": player(who),
                "where": self.spaces(where)["where"]}

    def r_place_cost(self, node: Node) -> dict[str, Any]:
        where, who, cost = node.children
        return {"hook": Hook.PLACEMENT_COST, "player": player(who), "where":
                self.spaces(where)["where"], "cost": int(cost)}

    def r_ts_rule(self, node: Node) -> dict[str, Any]:
        who, delta = node.children
        return {"hook": Hook.TIANANMEN_MODIFIER, "player": player(who), "delta": int(delta)}

    def r_extra_rounds(self, node: Node) -> dict[str, Any]:
        who, count = node.children
        return {"hook": Hook.ACTION_ROUNDS, "player": player(who), "delta": int(count)}

    def r_optional_extra_rounds(self, node: Node) -> dict[str, Any]:
        return {**self.r_extra_rounds(node), "optional": True}  # the player may pass it

    def r_hand_size(self, node: Node) -> dict[str, Any]:
        who, size = node.children
        return {"hook": Hook.HAND_SIZE, "player": player(who), "size": int(size)}

    def r_aftermath_rule(self, node: Node) -> dict[str, Any]:
        winner = node.first("winner")
        return {"hook": Hook.PS_ROLL_MODIFIER, "delta": int(node.ints()[0]),
                "if_winner": player(winner.children[0]) if winner else None}

    def r_play_option(self, node: Node) -> dict[str, Any]:
        who, mode = node.children
        return {"hook": Hook.PLAY_OPTION, "player": player(who), "per_turn": 1,
                "mode": {"mode_no_event": "ops_without_opponent_event",
                         "mode_both": "ops_and_event"}[mode.kind]}

    def trigger(self, node: Node) -> dict[str, Any]:
        when, body = node.children
        hook, once = _TRIGGER_HOOKS[when.kind]
        filt: dict[str, Any] = {}
        if when.kind in ("at_next_ps_deal", "at_each_ps_deal", "after_next_ps"):
            filt["country"] = self.ps_where(when.children[0])
        elif when.kind in ("at_each_round", "instead_of_round", "after_next_play"):
            filt["player"] = player(when.children[0])
        elif when.kind == "each_check":
            filt["player"] = player(when.children[0])
            where = when.first("check_where")
            filt["where"] = self.spaces(where.children[0])["where"] if where else None
        elif when.kind == "as_soon_as":
            filt["cond"] = self.cond(when.children[0])
        return {"hook": hook, "filter": filt, "once": once, "do": self.body(body),
                "at": str(node.span)}

    def ps_where(self, node: Node) -> Any:
        return self.countries(node.children[0]) if node.children else None

    # ------------------------------------------------------------- selectors
    def spaces(self, node: Node) -> dict[str, Any]:
        """{"where": selector, "choice": "any"|"one"|"each"} for a space phrase."""
        quant = node.first("q_one", "q_each", "q_any")
        choice = {"q_one": "one", "q_each": "each", "q_any": "any", None: "any"}[
            quant.kind if quant else None]
        np = node.children[-1]
        if np.kind in ("ref_chosen_space", "ref_this_space"):
            choice = "one"
        return {"where": self.space_np(np), "choice": choice}

    def one_space(self, node: Node) -> dict[str, Any]:
        return self.space_np(node)

    def space_np(self, node: Node) -> dict[str, Any]:
        if node.kind == "ref_chosen_space":
            return {"ref": "chosen_space"}
        if node.kind == "ref_this_space":
            return {"ref": "this_space"}
        if node.kind in _COUNTRY_REFS:
            return {"in": {"ref": _COUNTRY_REFS[node.kind]}}
        if node.kind == "sel_names":
            return self.place_names(node.children[0])
        sel: dict[str, Any] = {}
        for part in node.children:
            sel.update(self.space_filter(part))
        return sel

    def space_filter(self, part: Node) -> dict[str, Any]:
        """The selector fields one part of a space phrase sets."""
        kind, c = part.kind, part.children
        if kind in _SPACE_FLAGS:
            field, value = _SPACE_FLAGS[kind]
            return {field: value}
        if kind in _SPACE_PLAYERS:
            return {_SPACE_PLAYERS[kind]: player(c[0])}
        if kind == "space_adj":
            return {"control": self.control(c[0])}
        if kind == "space_types":
            return {"types": [self.names.types[n.text] for n in c[0].names()]}
        if kind == "space_loc":
            return {"in": self.countries(c[0])}
        if kind in ("f_controlled", "f_roller"):
            return {"control": player(c[0]) if c else "roller"}
        if kind == "f_adjacent":
            return {"adjacent_to": self.one_space(c[0])}
        if kind == "f_except":
            return {"except": [self.names.spaces[n.text] for n in c[0].names()]}
        return {}

    def control(self, node: Node) -> str:
        if node.kind == "uncontrolled":
            return "none"
        if node.children and isinstance(node.children[0], str):
            word = node.children[0]
            return "you" if word == "your" else word
        return player(node)

    def resolve_place(self, name: Name) -> tuple[str, str]:
        """(kind, canonical name) of a space, country or region name."""
        found = self.names.resolve_place(name.text)
        assert found is not None, f"{name.span}: the checker passed an unknown {name.text!r}"
        return found

    def place_names(self, names: Node) -> dict[str, Any]:
        """Bare names: spaces, countries or regions; a mixed list is a union."""
        groups: dict[str, list[str]] = {}
        for name in names.names():
            kind, canonical = self.resolve_place(name)
            groups.setdefault(kind, []).append(canonical)
        parts: list[dict[str, Any]] = []
        for kind, found in groups.items():
            if kind == "space":
                parts.append({"names": found})
            else:
                parts.append({"in": {"countries" if kind == "country" else "regions": found}})
        return parts[0] if len(parts) == 1 else {"union": parts}

    def countries(self, node: Node) -> dict[str, Any]:
        if node.kind == "countries":
            node = node.children[0]
        if node.kind == "cty_names":
            out: dict[str, list[str]] = {}
            for name in node.children[0].names():
                kind, canonical = self.resolve_place(name)
                out.setdefault("regions" if kind == "region" else "countries", []).append(
                    canonical)
            return out
        if node.kind == "cty_chosen":
            return {"ref": "chosen_country"}
        if node.kind == "cty_this":
            return {"ref": "this_country"}
        if node.kind == "cty_struggle":
            return {"ref": "power_struggle_country"}
        if node.kind == "cty_of_space":
            return {"of_space": self.one_space(node.children[0])}
        return self.country_desc(node)

    def country_desc(self, node: Node) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in node.nodes("cf_power", "cf_other_than"):
            if f.kind == "cf_power":
                out["power"] = player(f.children[0])
            else:
                out["except"] = [self.resolve_place(n)[1] for n in f.children[0].names()]
        return out

    def cards_sel(self, node: Node, default_scoring: bool | None = None) -> dict[str, Any]:
        """A card phrase: how many, from which pool, with which filters."""
        amount = self.amount(node.children[0])
        if node.kind == "cards_of_pool":
            pool = node.nodes("drawn", "revealed")[0].kind
            return self.card_filters({"pool": pool, "count": amount}, node.children[1:])
        sel: dict[str, Any] = {"pool": "hand", "count": amount}
        if default_scoring is not None:
            sel["scoring"] = default_scoring  # rule B.3.8: no Scoring cards unless stated
        return self.card_filters(sel, node.children[1:])

    def card_filters(self, sel: dict[str, Any], parts: list) -> dict[str, Any]:
        """``sel`` with the fields each part of a card phrase sets."""
        for part in parts:
            if not isinstance(part, Node):
                continue
            kind = part.kind
            if kind in _CARD_FLAGS:
                field, value = _CARD_FLAGS[kind]
                sel[field] = value
            elif kind == "including_scoring":
                sel.pop("scoring", None)
            elif kind in ("with_side", "with_playable_side"):
                sel["sides"] = [player(s) for s in part.children]
                if kind == "with_playable_side":
                    sel["playable"] = True
            elif kind == "with_min_ops":
                sel["min_ops"] = int(part.ints()[0])
            elif kind == "card_from":
                source = part.children[0]
                sel["pool"] = _CARD_SOURCES[source.kind]
                if source.kind == "src_player_hand":
                    sel["of"] = player(source.children[0])
        return sel

    def card_ref(self, node: Node) -> str:
        if node.kind == "this_card":
            return "this"
        return node.children[0].kind  # discarded, given, taken, chosen, played

    # ------------------------------------------------------------- amounts, expressions
    def amount(self, node: Node) -> Any:
        kind = node.kind
        if kind == "amt_int":
            return int(node.ints()[0])
        if kind == "amt_up_to":
            return {"up_to": int(node.ints()[0])}
        if kind == "amt_all":
            return "all"
        if kind == "amt_one":
            return 1
        if kind == "amt_any":
            return "any_number"
        if kind == "amt_expr":
            return self.expr(node.children[0])
        rows = []
        for row in node.children[0].nodes("row"):
            value, key_ = row.children
            lo, hi = (int(x) for x in key_.split("-")) if isinstance(key_, str) else (
                int(key_), int(key_))
            rows.append([lo, hi, int(value)])
        return {"expr": Expr.TABLE, "key": {"expr": Expr.ROLL}, "rows": rows}

    def ops_value(self, node: Node) -> dict[str, Any]:
        if node.kind == "ops_of":
            return {"card": self.card_ref(node.children[0])}  # modified value, rule 7.3.3
        if node.kind == "ops_fixed":
            return {"as_if": int(node.ints()[0])}              # rule 7.4
        return {"expr": self.expr(node.children[0])}

    def expr(self, node: Node) -> Any:
        kind = node.kind
        if kind == "num":
            return int(node.ints()[0])
        if kind == "the_roll":
            return {"expr": Expr.ROLL}
        if kind == "the_turn":
            return {"expr": Expr.TURN}
        if kind in _ARITHMETIC:
            a, b = node.children
            return {"expr": _ARITHMETIC[kind], "args": [self.expr(a), self.expr(b)]}
        if kind == "count":
            return self.countable(node.children[0])
        if kind == "per_each":
            n, what = node.children
            return {"expr": Expr.MUL, "args": [int(n), self.countable(what)]}
        if kind in ("ops_of", "ops_fixed", "ops_expr"):
            return {"expr": Expr.OPS, **self.ops_value(node)}
        raise ValueError(f"unknown expression {kind}")

    def countable(self, node: Node) -> dict[str, Any]:
        kind = node.kind
        if kind == "count_spaces":
            return {"expr": Expr.COUNT_SPACES, "where": self.spaces(node.children[0])["where"]}
        if kind == "count_countries":
            return {"expr": Expr.COUNT_COUNTRIES, "power": player(node.children[0])}
        if kind == "count_ps_suit":
            return {"expr": Expr.COUNT_DRAWN,
                    "suit": self.names.ps_suit(node.strings()[0].text)}
        if kind == "count_discarded":
            return {"expr": Expr.COUNT_DISCARDED}
        if kind == "count_pool":
            pool = node.nodes("drawn", "revealed")[0].kind
            return {"expr": Expr.COUNT_CARDS, "cards": self.card_filters(
                {"pool": pool, "count": "all"}, node.children[1:])}
        return {"expr": Expr.COUNT_EVENTS, "cards": [self.card_number(n) for n in
                                                  node.children[0].strings()]}

    # ------------------------------------------------------------- conditions
    def cond(self, node: Node) -> dict[str, Any]:
        kind = node.kind
        c = node.children
        if kind in _JUNCTIONS:
            return {"cond": _JUNCTIONS[kind], "args": [self.cond(c[0]), self.cond(c[1])]}
        if kind in _CARD_CONDS:
            return {"cond": _CARD_CONDS[kind], "card": self.card_number(node.strings()[0])}
        if kind in _PLAYER_CONDS:
            return {"cond": _PLAYER_CONDS[kind], "player": player(c[0])}
        if kind in _SPACE_CONDS:
            return {"cond": _SPACE_CONDS[kind], "where": self.spaces(c[0])["where"]}
        method: Callable[[Node], dict[str, Any]] | None = getattr(self, "c_" + kind, None)
        if method is None:
            raise ValueError(f"unknown condition {kind}")
        return method(node)

    def c_cond_not(self, node: Node) -> dict[str, Any]:
        return {"cond": Cond.NOT, "arg": self.cond(node.children[0])}

    def c_cond_controls(self, node: Node) -> dict[str, Any]:
        who, where = node.children
        return {"cond": Cond.CONTROLS, "player": player(who), **self.spaces(where)}

    def c_cond_power_in(self, node: Node) -> dict[str, Any]:
        who, where = node.children
        return {"cond": Cond.HOLDS_POWER, "player": player(who), "country": self.countries(where)}

    def c_cond_power_count(self, node: Node) -> dict[str, Any]:
        who, n, cmp = node.children
        return {"cond": Cond.POWER_COUNT, "player": player(who), "cmp": _CMP[cmp.kind],
                "value": int(n)}

    def c_cond_ts_reached(self, node: Node) -> dict[str, Any]:
        who, box = node.children
        return {"cond": Cond.TIANANMEN_REACHED, "player": player(who), "box": int(box)}

    def c_cond_compare(self, node: Node) -> dict[str, Any]:
        left, comparison = node.children
        return {"cond": Cond.COMPARE, "left": self.expr(left), **self.comparison(comparison)}

    def c_cond_period(self, node: Node) -> dict[str, Any]:
        return {"cond": Cond.PERIOD, "period": node.children[0].kind}

    def c_cond_cards_exist(self, node: Node) -> dict[str, Any]:
        pool = node.nodes("drawn", "revealed")[0].kind
        return {"cond": Cond.CARDS_EXIST, "cards": self.card_filters(
            {"pool": pool, "count": "all"}, node.children[1:])}

    def c_cond_card(self, node: Node) -> dict[str, Any]:
        card, pred = node.children
        return {"cond": Cond.CARD, "card": self.card_ref(card), **self.card_pred(pred)}

    def c_cond_did(self, node: Node) -> dict[str, Any]:
        return {"cond": Cond.DID, "value": node.children[1].kind == "did_yes"}

    def comparison(self, node: Node) -> dict[str, Any]:
        kind = node.kind
        if kind == "cmp_word":
            n, word = node.children
            return {"cmp": _CMP[word.kind], "value": int(n)}
        if kind == "cmp_range":
            if len(node.children) == 1:
                lo, hi = (int(x) for x in node.children[0].split("-"))
            else:
                lo, hi = (int(x) for x in node.children)
            return {"cmp": "between", "value": [lo, hi]}
        if kind == "cmp_eq":
            return {"cmp": "==", "value": int(node.ints()[0])}
        op = {"cmp_gt": ">", "cmp_lt": "<", "cmp_ge": ">=", "cmp_le": "<="}[kind]
        return {"cmp": op, "value": self.expr(node.children[0])}

    def card_pred(self, node: Node) -> dict[str, Any]:
        if node.kind == "pred_named":
            return {"number": self.card_number(node.strings()[0]),
                    "as_event": bool(node.nodes("as_event"))}
        return {"sides": [player(s) for s in node.children],
                "playable": node.kind == "pred_playable_side"}

