"""The event runner: plays compiled card programs inside the engine.

``EventRunner`` is what the engine knows as ``game.events``. It runs a card's
event or a Tiananmen award (a list of operations from the card language,
docs/operations.md), registers lasting effects (7.2) as plain data in
``state['effects']``, and answers the hook points the engine consults with
what each hook's rules mean (``hook_rules``). Every operation is general:
nothing here knows a particular card, space or country.

The interpreter sits on top of the rules: the operations (the ``ops_*``
modules, filed in ``program.HANDLERS``) call the rules, and the rules reach
the interpreter only through ``game.events``, never by import.
"""

from __future__ import annotations

from typing import Any

from dof.engine.data.state import Effect
from dof.engine.data.validate import rule_key
from dof.engine.data.vocabulary import Hook, Op
from dof.engine.programs import ops_cards, ops_effects, ops_flow, ops_rules, ops_sps
from dof.engine.programs.hook_rules import BANS, MODIFIERS, TRIGGERS, covered
from dof.engine.programs.program import HANDLERS, EventEnds, Steps, card_pool, source_name
from dof.engine.programs.selectors import (
    Context,
    actor,
    countries,
    holds,
    side_of,
    space_in,
    spaces,
    who,
)
from dof.engine.rules import effects, hooks
from dof.engine.rules.operations import check_targets
from dof.engine.rules.power_struggle import running
from dof.engine.rules.protocols import RulesGame

#: The modules whose handlers fill ``HANDLERS``, by domain.
OPERATION_MODULES = (ops_sps, ops_cards, ops_flow, ops_effects, ops_rules)

#: The operations on the cards of a pool (their ``cards``), which a player
#: may decline only when the pool holds some.
_ON_CARDS = frozenset({Op.DISCARD, Op.REVEAL, Op.TAKE, Op.GIVE, Op.PLAY_OPS, Op.SET_ASIDE})

#: What a hook passes on to the trigger programs it runs (docs/operations.md).
_HOOK_BINDINGS = ("played", "played_use", "space")


class EventRunner:
    """Runs the events of a compiled deck (``dsl.load_deck()``)."""

    def __init__(self, deck):
        self.deck = deck
        self.cards = {n: c for n, c in deck.cards.items() if c.event is not None}
        self.boxes = {n: b for n, b in deck.boxes.items() if b.program}
        self.ps_cards = {name: plays for name, plays in deck.ps_cards.items() if plays}
        self.questions: dict[str, str] = deck.questions
        self._lasting: dict[str, list[dict]] | None = None

    # ------------------------------------------------------- engine interface
    def mods(self) -> list[dict]:
        """The mod card files of the deck (saves record them)."""
        return list(self.deck.mods)

    def lasting_rules(self) -> dict[str, list[dict]]:
        """Every rule a lasting effect of these cards can hold (by rule_key)
        with the durations the cards give it: the rules of each lasting
        block, each trigger, and the 10.3 end of the game; a save's effects
        are checked against them (engine/data/validate.py)."""
        if self._lasting is None:
            found = {rule_key(ops_rules.END_GAME_RULE): [ops_rules.END_GAME_DURATION]}
            stack: list[Any] = [[c.event, c.on_ops] for c in self.deck.cards.values()]
            stack += [b.program for b in self.boxes.values()]
            stack += list(self.ps_cards.values())
            while stack:
                node = stack.pop()
                if isinstance(node, dict):
                    if node.get("op") == Op.LASTING:
                        for rule in node["rules"]:
                            found.setdefault(rule_key(rule), []).append(node["duration"])
                    elif node.get("op") == Op.TRIGGER:
                        found.setdefault(rule_key(node), []).append(ops_rules.END_GAME_DURATION)
                    stack.extend(node.values())
                elif isinstance(node, list | tuple):
                    stack.extend(node)
            self._lasting = found
        return self._lasting

    def has_event(self, number: int) -> bool:
        return number in self.cards

    def has_box(self, box: int) -> bool:
        return box in self.boxes

    def playable(self, game: RulesGame, number: int, side: str) -> bool:
        """7.1: the event's prerequisites hold (red titles, 'may not be played
        after...'); ruling R43."""
        requires = self.cards[number].requires
        if not requires:
            return True
        ctx = Context(you=side, card=number)
        return all(holds(game, cond, ctx) for cond in requires)

    def unmet(self, game: RulesGame, number: int, side: str) -> dict | None:
        """The first prerequisite of the event that does not hold now (7.1),
        so that a player can be told why the event is not offered."""
        ctx = Context(you=side, card=number)
        return next((cond for cond in self.cards[number].requires
                     if not holds(game, cond, ctx)), None)

    def run_event(self, game: RulesGame, number: int, side: str) -> Steps:
        """The event happens for ``side``; True when it took effect (5.2)."""
        card = self.cards[number]
        st = game.state
        if number in st["cancelled"] or any(n in st["events_played"]
                                            for n in card.no_effect_after):
            game.note("no_effect", f"{game.card_name(number)} has no effect now (5.2)")
            return True
        ctx = Context(you=side, card=number)
        yield from self.run_whole(game, card.event, ctx)
        return True

    def on_ops(self, game: RulesGame, number: int, side: str) -> Steps:
        """What a card does when played for Operations (a 'when played for
        operations' clause)."""
        card = self.cards.get(number) or self.deck.cards.get(number)
        if card is not None and card.on_ops:
            yield from self.run_whole(game, card.on_ops, Context(you=side, card=number))

    def box_award(self, game: RulesGame, box: int, side: str) -> Steps:
        """6.3.5: the award of the first player to reach ``box``."""
        game.note("award", f"{side} receives the award of box {box}: "
                           f"\"{self.boxes[box].summary}\"", player=side, box=box)
        yield from self.run_whole(game, self.boxes[box].program, Context(you=side, box=box))

    def award_lasts(self, box: int) -> bool:
        """Whether ``box``'s award lasts until the opponent reaches the box
        (6.3.5), rather than happening once when it is reached."""
        return box in self.boxes and self.boxes[box].award == "lasting"

    def cancels(self, number: int) -> list[int]:
        """The cards whose events ``number``'s event cancels whenever it
        happens (7.2): its ``cancels`` clause and the ``cancel`` statements
        its event runs unconditionally (not those under an ``if`` or a
        trigger, which cancel only when their moment comes)."""
        card = self.cards.get(number)
        if card is None or card.event is None:
            return []
        return [c for op in card.event if op["op"] == Op.CANCEL for c in op["cards"]]

    def changes_for_good(self, number: int) -> bool:
        """Whether ``number``'s event changes the game for good rather than
        through lasting effects that end: it destroys a space or cancels an
        event, and registers no lasting rule or trigger (so nothing in the
        state says it is in effect but that it was played)."""
        card = self.cards.get(number)
        found: set[str] = set()
        stack: list[Any] = [card.event if card is not None else None]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                found.add(node.get("op", ""))
                stack.extend(node.values())
            elif isinstance(node, list | tuple):
                stack.extend(node)
        return bool(found & {Op.ELIMINATE, Op.CANCEL}) and not found & {Op.LASTING, Op.TRIGGER}

    def ps_modes(self, name: str) -> set[str]:
        """How a Power Struggle wild card may be played: "attack", "match" (8.3.2)."""
        return set(self.ps_cards.get(name, ()))

    def ps_play(self, game: RulesGame, name: str, mode: str, side: str,
                suit: str | None = None) -> Steps:
        """A wild card's text, carried out by the player who played it (8.3.2);
        a card played to match knows the attacked suit."""
        ps = running(game)
        ctx = Context(you=side, card=None, power_struggle_country=ps["country"],
                      attacked_suit=suit)
        yield from self.run_whole(game, self.ps_cards[name][mode], ctx)

    def effect_value(self, game: RulesGame, effect: Effect, ctx: dict) -> Any:
        """What a lasting rule gives at a modifier hook in ``ctx``: nothing
        for another player's action or a space it does not cover, else what
        its hook means (hook_rules.MODIFIERS)."""
        rule = effect["rule"]
        env = effect_context(effect)
        if rule.get("player") is not None and who(env, rule["player"]) != ctx.get("player"):
            return 0
        if ("space" in ctx and rule.get("where") is not None
                and not space_in(game, ctx["space"], rule["where"], env)):
            return 0
        return MODIFIERS[rule["hook"]](game, effect, env, ctx)

    def banned(self, game: RulesGame, effect: Effect, player: str) -> set[int]:
        """The spaces a lasting rule at a ban hook forbids ``player``
        (hook_rules.BANS)."""
        return BANS[effect["rule"]["hook"]](game, effect, effect_context(effect), player)

    def use(self, game: RulesGame, used: list[Effect]) -> None:
        """Count a use of each effect that modified a support check (7.2)."""
        for effect in used:
            effects.use(game, effect)

    def rule_spaces(self, game: RulesGame, effect: Effect, player: str) -> set[int]:
        """The spaces a lasting rule covers for ``player`` (none if not his)."""
        return covered(game, effect["rule"], effect_context(effect), player)

    def run_effect(self, game: RulesGame, effect: Effect, ctx: dict) -> Steps:
        """Run a trigger or obligation registered at a hook, as its hook
        means (hook_rules.TRIGGERS), with ``yield from``; true when it took
        the place of the action the hook announces. Most effects at a hook
        do not act (their filter: whose action, where): for those it is an
        empty tuple, whose ``yield from`` gives None at once, as hooks.run's."""
        env = _hook_env(effect, ctx)
        if not self._filter(game, effect["rule"].get("filter") or {}, env, ctx):
            return ()  # type: ignore[return-value]  # a finished Steps, minus the generator
        return self._acts(game, effect, env)

    def _acts(self, game: RulesGame, effect: Effect, env: Context) -> Steps:
        """What run_effect does with an effect that acts."""
        rule = effect["rule"]
        once = rule.get("once")
        if once:
            # Off its hook before it runs (it must not fire again inside its
            # own program); its card stays in effect until the program has
            # registered whatever lasts beyond it.
            game.state["effects"].remove(effect)
        game.note("trigger", f"{_source(game, effect)} takes effect", card=effect.get("card"))
        env["effect"] = effect.get("group", effect["id"])
        replaced = yield from TRIGGERS[rule["hook"]](self, game, rule, env)
        if once:
            effects.end(game, effect)
        return replaced

    def effect_countries(self, game: RulesGame, effect: Effect) -> list[str]:
        """The countries whose power struggle ends an effect that lasts until
        the end of one (its duration's country phrase)."""
        return countries(game, effect["country"], effect_context(effect))

    def applies(self, game: RulesGame, effect: Effect, ctx: dict) -> bool:
        """Whether a trigger or obligation would act at its hook in ``ctx``
        (its filter: whose action, which country or space, its condition)."""
        return self._filter(game, effect["rule"].get("filter") or {}, _hook_env(effect, ctx), ctx)

    def _filter(self, game: RulesGame, filt: dict, env: Context, ctx: dict) -> bool:
        if filt.get("player") and who(env, filt["player"]) != ctx.get("player"):
            return False
        if filt.get("country") and ctx.get("country") not in countries(game, filt["country"], env):
            return False
        if filt.get("where") and not space_in(game, ctx.get("space"), filt["where"], env):
            return False
        return not (filt.get("cond") and not holds(game, filt["cond"], env))

    def declarations(self, game: RulesGame, side: str) -> list[tuple[Effect, list[int]]]:
        """11.1: ops bonuses that need every Op spent in some spaces, with
        those spaces; the player declares before using the Ops."""
        found = []
        for effect in hooks.active(game, Hook.OPS_VALUE):
            rule = effect["rule"]
            env = effect_context(effect)
            if rule.get("if_all_spent_in") and who(env, rule.get("player")) == side:
                found.append((effect, spaces(game, rule["if_all_spent_in"], env)))
        return found

    # --------------------------------------------------------------- programs
    def run_whole(self, game: RulesGame, program: list[dict], ctx: Context) -> Steps:
        """Run a whole event, award or trigger: a ``choose`` that finds
        nothing ends it there (EventEnds)."""
        try:
            yield from self.run(game, program, ctx)
        except EventEnds:
            game.note("event_ends", f"{source_name(game, ctx)}: nothing to choose, "
                      "so the rest does not happen")

    def run(self, game: RulesGame, program: list[dict], ctx: Context) -> Steps:
        """Run a list of operations in ``ctx``. An optional one ("may") is
        offered only when it can act, in its card file's words; afterwards
        ``did`` records whether it actually did (a card discarded, an SP
        moved), not the yes or no."""
        for op in program:
            ctx["actor"] = actor(game, ctx, op.get("player", "you"))
            optional = op.get("optional")
            if optional:
                ctx["did"] = False
                if not self._can_act(game, op, ctx):
                    continue
                if (yield game.ask("may", ctx["actor"], ["yes", "no"],
                                   f"{ctx['actor']}: {self._says(op)}?",
                                   ["Yes", "No"], card=ctx.get("card"))) != "yes":
                    continue
                ctx.pop("acted", None)
            handler, steps = HANDLERS[op["op"]]
            if steps:
                yield from handler(self, game, op, ctx)
            else:
                handler(self, game, op, ctx)
            if optional:
                ctx["did"] = ctx.pop("acted", True)

    def _says(self, op: dict) -> str:
        """What an optional operation asks: its statement's words after
        'may', as the compiler kept them ("discard 1 non-scoring card"); an
        operation the deck has no words for (a lasting rule in a save made
        where the card files lay elsewhere) names its kind ("discard")."""
        return self.questions.get(op.get("at", "")) or op["op"].replace("_", " ")

    def _can_act(self, game: RulesGame, op: dict, ctx: Context) -> bool:
        """Whether an optional operation has anything to act on now."""
        kind = op["op"]
        sel = op.get("cards") if kind in _ON_CARDS else None  # play_ops may name one "card"
        if kind == Op.CHOOSE:
            if op["kind"] != "card":
                find = spaces if op["kind"] == "space" else countries
                return bool(find(game, op["among"], ctx))
            sel = op["among"]
        if sel is not None:
            if sel.get("pool") == "power_struggle_hand":
                ps = game.state["ps"]
                return bool(ps and ps["hands"][who(ctx, sel.get("of")) or ctx["actor"]])
            return bool(card_pool(game, sel, ctx, who(ctx, sel.get("of")) or ctx["actor"]))
        if kind == Op.REMOVE:
            sp = game.state["sp"][side_of(ctx, op["owner"])]
            return any(sp[s] for s in spaces(game, op["where"], ctx))
        if kind == Op.SUPPORT_CHECKS:
            within = spaces(game, op["where"], ctx) if op.get("where") is not None else None
            return bool(check_targets(game, ctx["actor"], within,
                                      op.get("needs_opponent_sp", True)))
        if kind == Op.POWER_STRUGGLE:  # none during another (ruling R56)
            return game.state["ps"] is None and bool(countries(game, op["country"], ctx))
        return True


def effect_context(effect: Effect) -> Context:
    """The context an effect's rule runs in: its owner, its card and the
    bindings it was registered with."""
    ctx = Context(effect.get("vars") or {})
    ctx["you"] = effect["owner"]
    ctx["card"] = effect.get("card")
    return ctx


def _hook_env(effect: Effect, ctx: dict) -> Context:
    """The context a trigger's filter and program run in at its hook: the
    effect's own (effect_context) with what the hook passes on."""
    env = effect_context(effect)
    for key in _HOOK_BINDINGS:
        if key in ctx:
            env[key] = ctx[key]
    if "country" in ctx:
        env["power_struggle_country"] = ctx["country"]
    return env


def _source(game: RulesGame, effect: Effect) -> str:
    card = effect["card"]
    return game.card_name(card) if card is not None else f"Tiananmen box {effect['box']}"
