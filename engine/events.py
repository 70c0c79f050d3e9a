"""The event runner: plays compiled card programs inside the engine.

``EventRunner`` is what the engine knows as ``game.events``. It runs a card's
event or a Tiananmen award (a list of operations from the card language,
docs/operations.md), registers lasting effects (7.2) as plain data in
``state['effects']``, and answers the hook points the engine consults. Every
operation is general: nothing here knows a particular card, space or country.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from engine import hooks, rng
from engine import power_struggle as ps_rules
from engine.board import opponent
from engine.selectors import (
    Context,
    amount,
    card_matches,
    card_ref,
    countries,
    holds,
    ops_source,
    spaces,
    value,
    who,
)

Steps = Generator[Any, Any, Any]

#: Compiled Operations options (docs/operations.md) -> engine Ops uses (6.0).
_USES = {"place": "place", "support_checks": "check", "tiananmen": "tiananmen"}

#: The engine-side hook a timed end of the game waits on: step 4.5.5.
END_OF_TURN_GAME_END = "new_years_eve"


class EventRunner:
    """Runs the events of a compiled deck (``dsl.load_deck()``)."""

    def __init__(self, deck):
        self.deck = deck
        self.cards = {n: c for n, c in deck.cards.items() if c.event is not None}
        self.boxes = {n: b for n, b in deck.boxes.items() if b.program}

    # ------------------------------------------------------- engine interface
    def mods(self) -> list[dict]:
        """The mod card files of the deck (saves record them)."""
        return list(self.deck.mods)

    def has_event(self, number: int) -> bool:
        return number in self.cards

    def has_box(self, box: int) -> bool:
        return box in self.boxes

    def playable(self, game, number: int, side: str) -> bool:
        """7.1: the event's prerequisites hold (red titles, 'may not be played
        after...'); ruling R43."""
        card = self.cards[number]
        ctx = Context(you=side, card=number)
        return all(holds(game, cond, ctx) for cond in card.requires)

    def run_event(self, game, number: int, side: str) -> Steps:
        """The event happens for ``side``; True when it took effect (5.2)."""
        card = self.cards[number]
        st = game.state
        if number in st["cancelled"] or any(n in st["events_played"]
                                            for n in card.no_effect_after):
            game.note("no_effect", f"{game.card_name(number)} has no effect now (5.2)")
            return True
        ctx = Context(you=side, card=number)
        yield from self.run(game, card.event, ctx)
        return True

    def on_ops(self, game, number: int, side: str) -> Steps:
        """What a card does when played for Operations (a 'when played for
        operations' clause)."""
        card = self.cards.get(number) or self.deck.cards.get(number)
        if card is not None and card.on_ops:
            yield from self.run(game, card.on_ops, Context(you=side, card=number))

    def box_award(self, game, box: int, side: str) -> Steps:
        """6.3.5: the award of the first player to reach ``box``."""
        game.note("award", f"{side} receives the award of box {box}", player=side, box=box)
        yield from self.run(game, self.boxes[box].program, Context(you=side, box=box))

    def effect_value(self, game, effect: dict, ctx: dict) -> Any:
        """What a lasting rule gives at a modifier or ban hook in ``ctx``."""
        rule = effect["rule"]
        hook = rule["hook"]
        env = _effect_context(effect)
        player = ctx.get("player")
        if rule.get("player") is not None and who(env, rule["player"]) != player:
            return 0
        if "space" in ctx and rule.get("where") is not None:
            if ctx["space"] not in spaces(game, rule["where"], env):
                return 0
        if hook == "ops_value":
            if rule.get("printed") is not None and ctx.get("printed") != rule["printed"]:
                return 0
            if rule.get("if_all_spent_in") and effect["id"] not in ctx.get("declared", ()):
                return 0
            return rule["delta"]
        if hook in ("check_modifier", "adjacency_modifier"):
            if ctx.get("consume"):
                _use(game, effect)
            if hook == "check_modifier":
                return rule["delta"]
            ignored = who(env, rule["ignore_controlled_by"])
            return ctx["hostile"] if ignored != player else -ctx["friendly"]
        if hook in ("check_ban", "placement_ban"):
            return True
        if hook == "placement_cost":
            return rule["cost"] - ctx["cost"]
        if hook == "hand_size":
            return rule["size"] - game.data.hand_size
        if hook == "ps_roll_modifier":
            if rule.get("if_winner") and who(env, rule["if_winner"]) != ctx.get("winner"):
                return 0
            return rule["delta"]
        if hook == "play_option":
            used = effect.get("used_turn") == game.state["turn"]
            return not used and rule["mode"] == ctx.get("mode")
        return rule.get("delta", 0)

    def rule_spaces(self, game, effect: dict, player: str) -> set[int]:
        """The spaces a ban rule covers for ``player`` (none if not his)."""
        rule = effect["rule"]
        env = _effect_context(effect)
        if rule.get("player") is not None and who(env, rule["player"]) != player:
            return set()
        if rule.get("where") is None:
            return set(range(len(game.data.spaces)))
        return set(spaces(game, rule["where"], env))

    def run_effect(self, game, effect: dict, ctx: dict) -> Steps:
        """Run a trigger or obligation registered at a hook; True when it took
        the place of the action the hook announces."""
        rule = effect["rule"]
        env = _effect_context(effect)
        env.update({k: v for k, v in ctx.items() if k in ("played", "space")})
        if "country" in ctx:
            env["power_struggle_country"] = ctx["country"]
        if not self._filter(game, rule.get("filter") or {}, env, ctx):
            return False
        if rule.get("once"):
            _end_effect(game, effect)
        game.note("trigger", f"{_source(game, effect)} takes effect", card=effect.get("card"))
        env["effect"] = effect.get("group", effect["id"])
        if rule["hook"] == END_OF_TURN_GAME_END:
            yield from self._game_end(game)
        yield from self.run(game, rule["do"], env)
        return rule["hook"] == "action_round_replace"

    def applies(self, game, effect: dict, ctx: dict) -> bool:
        """Whether a trigger or obligation would act at its hook in ``ctx``
        (its filter: whose action, which country or space, its condition)."""
        env = _effect_context(effect)
        env.update({k: v for k, v in ctx.items() if k in ("played", "space")})
        return self._filter(game, effect["rule"].get("filter") or {}, env, ctx)

    def _filter(self, game, filt: dict, env: Context, ctx: dict) -> bool:
        if filt.get("player") and who(env, filt["player"]) != ctx.get("player"):
            return False
        if filt.get("country") and ctx.get("country") not in countries(game, filt["country"], env):
            return False
        if filt.get("where") and ctx.get("space") not in spaces(game, filt["where"], env):
            return False
        return not (filt.get("cond") and not holds(game, filt["cond"], env))

    def declarations(self, game, side: str) -> list[tuple[dict, list[int]]]:
        """11.1: ops bonuses that need every Op spent in some spaces, with
        those spaces; the player declares before using the Ops."""
        found = []
        for effect in hooks.active(game, "ops_value"):
            rule = effect["rule"]
            env = _effect_context(effect)
            if rule.get("if_all_spent_in") and who(env, rule.get("player")) == side:
                found.append((effect, spaces(game, rule["if_all_spent_in"], env)))
        return found

    # --------------------------------------------------------------- programs
    def run(self, game, program: list[dict], ctx: Context) -> Steps:
        """Run a list of operations in ``ctx``."""
        for op in program:
            ctx["actor"] = who(ctx, op.get("player", "you")) or ctx["you"]
            if op.get("optional"):
                ctx["did"] = (yield game.ask(
                    "may", ctx["actor"], ["yes", "no"],
                    f"{ctx['actor']}: {_describe(op)}?", ["Yes", "No"])) == "yes"
                if not ctx["did"]:
                    continue
            yield from getattr(self, "op_" + op["op"])(game, op, ctx)

    # SP operations (direct placement ignores 6.1: KO 7.4, ruling R36) ------------
    def op_place(self, game, op, ctx) -> Steps:
        owner = who(ctx, op["owner"])
        yield from self._spread(game, op, ctx, owner, add=True)

    def op_remove(self, game, op, ctx) -> Steps:
        owner = who(ctx, op["owner"])
        yield from self._spread(game, op, ctx, owner, add=False)

    def _spread(self, game, op, ctx, owner: str, add: bool) -> Steps:
        """Place or remove SPs: in each matching space, in one chosen space,
        or one at a time where the actor likes (per-space cap, 'up to')."""
        sp = game.state["sp"][owner]
        n, optional = amount(game, op["amount"], ctx)
        targets = spaces(game, op["where"], ctx)
        verb = "places" if add else "removes"
        if op["choice"] == "each" or (n is None and not optional):
            for s in targets:
                k = n if n is not None else sp[s]
                self._change(game, owner, s, k if add else -min(k, sp[s]), verb)
            yield from self._settle(game)
            return
        if op["choice"] == "one" and targets:
            space = yield from self._pick_space(game, ctx, targets, f"{verb} {n} {owner} SP")
            k = n if add else min(n, sp[space])
            self._change(game, owner, space, k if add else -k, verb)
            yield from self._settle(game)
            return
        done: dict[int, int] = {}
        cap = op.get("per_space_max")
        count = 0
        while n is None or count < n:
            options = [s for s in targets
                       if (add or sp[s] > 0) and (cap is None or done.get(s, 0) < cap)]
            if not options:
                break
            if optional:
                options = [*options, "done"]
            left = "" if n is None else f" ({n - count} left)"
            space = yield from self._pick_space(
                game, ctx, options, f"{verb} 1 {owner} SP{left}")
            if space == "done":
                break
            self._change(game, owner, space, 1 if add else -1, verb)
            done[space] = done.get(space, 0) + 1
            count += 1
        yield from self._settle(game)

    def op_place_to_control(self, game, op, ctx) -> Steps:
        """Add just enough SPs for the owner to control the space (2.1.7)."""
        owner = who(ctx, op["owner"])
        other = game.state["sp"][opponent(owner)]
        targets = spaces(game, op["where"], ctx)
        if op["choice"] == "one" and len(targets) > 1:
            targets = [(yield from self._pick_space(game, ctx, targets, "control a space"))]
        for s in targets:
            need = other[s] + game.stability[s] - game.state["sp"][owner][s]
            if need > 0:
                self._change(game, owner, s, need, "places")
        yield from self._settle(game)

    def op_replace(self, game, op, ctx) -> Steps:
        old, new = who(ctx, op["owner"]), who(ctx, op["new_owner"])
        n, _ = amount(game, op["amount"], ctx)
        sp = game.state["sp"]
        for s in spaces(game, op["where"], ctx):
            k = min(sp[old][s], n if n is not None else sp[old][s])
            self._change(game, old, s, -k, "removes")
            self._change(game, new, s, k, "places")
        yield from self._settle(game)

    def op_move(self, game, op, ctx) -> Steps:
        owner = who(ctx, op["owner"])
        n, _ = amount(game, op["amount"], ctx)
        sp = game.state["sp"][owner]
        sources = spaces(game, op["from"], ctx)
        dests = spaces(game, op["to"], ctx)
        if not dests:
            return
        dest = dests[0]
        if len(dests) > 1:
            dest = yield from self._pick_space(game, ctx, dests, "move SPs to")
        for s in sources:
            k = sp[s] if n is None else min(n, sp[s])
            if k and s != dest:
                self._change(game, owner, s, -k, "removes")
                self._change(game, owner, dest, k, "places")
        yield from self._settle(game)

    def op_eliminate(self, game, op, ctx) -> Steps:
        for s in spaces(game, op["space"], ctx):
            game.destroy_space(s)
        yield from self._settle(game)

    # Operations played by events (7.4) ---------------------------------------
    def op_support_checks(self, game, op, ctx) -> Steps:
        from engine.actions import use_ops

        n, _ = amount(game, op["count"], ctx)
        card, printed = ops_source(game, op["ops"], ctx)
        if printed == 0:
            return
        within = spaces(game, op["where"], ctx) if op.get("where") is not None else None
        yield from use_ops(game, ctx["actor"], "check", card, printed, within, n,
                           bonus=op.get("bonus", 0),
                           need_opponent_sp=op.get("needs_opponent_sp", True))

    def op_operations(self, game, op, ctx) -> Steps:
        """An event's Operations (7.4): one use among those it names that the
        rules allow now, with the 7.3 modifiers and 11.1 declarations."""
        from engine.actions import choose_use, use_ops

        side = ctx["actor"]
        card, printed = ops_source(game, op["ops"], ctx)
        if printed == 0:
            game.note("wasted", f"{side} has no Ops to use", player=side)
            return
        allowed = [_USES[o] for o in op["options"]]
        use = yield from choose_use(game, side, allowed, ctx.get("card"))
        if use is None:
            game.note("wasted", f"{side} has no legal use for the Ops", player=side)
            return
        within = spaces(game, op["where"], ctx) if op.get("where") is not None else None
        yield from use_ops(game, side, use, card, printed, within)

    # Tracks, scoring, the end -------------------------------------------------
    def op_vp(self, game, op, ctx) -> Steps:
        n, _ = amount(game, op["amount"], ctx)
        sign = 1 if ctx["actor"] == "democrat" else -1
        game.add_vp(sign * n, f"{_source_ctx(game, ctx)}")
        return
        yield

    def op_ussr_advance(self, game, op, ctx) -> Steps:
        game.state["ussr"] = op["to"]
        game.note("ussr", f"The U.S.S.R. marker moves to {op['name']} (12)")
        return
        yield

    def op_tiananmen_advance(self, game, op, ctx) -> Steps:
        from engine.operations import advance_tiananmen

        for _ in range(op["boxes"]):
            if game.state["tiananmen"][ctx["actor"]] < len(game.data.tiananmen):
                yield from advance_tiananmen(game, ctx["actor"])

    def op_power_struggle(self, game, op, ctx) -> Steps:
        from engine.scoring import hold_power_struggle

        options = countries(game, op["country"], ctx)
        if not options:
            return
        country = options[0]
        if len(options) > 1:
            country = yield game.ask("country", ctx["actor"], options,
                                     f"{ctx['actor']}: hold a power struggle in")
        ctx["power_struggle_country"] = country
        yield from hold_power_struggle(game, country, ctx["actor"], initiative=ctx["actor"])

    def op_score(self, game, op, ctx) -> Steps:
        from engine.scoring import score_country

        for country in countries(game, op["country"], ctx):
            score_country(game, country)
        return
        yield

    def op_end_game(self, game, op, ctx) -> Steps:
        """10.3: end now, or at step 4.5.5 of this turn (after 4.5.4)."""
        if op["when"] == "now":
            _game_over_by_vp(game, "end_game")
        _register(game, ctx, {"hook": END_OF_TURN_GAME_END, "do": []},
                  {"until": "end_of_game"})
        game.note("end_game", "The game will end at the end of this turn (10.3)")
        return
        yield

    def _game_end(self, game) -> Steps:
        """10.3: the triggers waiting for the end (a last Power Struggle) run,
        then the leader wins as at the end of Final Scoring, so no automatic
        victory is checked meanwhile (ruling R40)."""
        game.state["defer_victory"] = True
        yield from hooks.run(game, "game_end")
        _game_over_by_vp(game, END_OF_TURN_GAME_END)

    # Cards ----------------------------------------------------------------------
    def op_draw(self, game, op, ctx) -> Steps:
        n, _ = amount(game, op["count"], ctx)
        side = ctx["actor"]
        if op["deck"] == "power_struggle":
            drawn = ps_rules.draw_ps_cards(game, side, n)
        else:
            drawn = []
            for _ in range(n):
                card = game.draw_card()
                if card is None:
                    break
                game.hand(side).append(card)
                drawn.append(card)
        ctx["drawn"] = drawn
        ctx["drawn_deck"] = op["deck"]
        game.note("draw", f"{side} draws {len(drawn)} card(s)", player=side)
        return
        yield

    def op_discard(self, game, op, ctx) -> Steps:
        sel = op["cards"]
        if sel.get("pool") == "drawn" and ctx.get("drawn_deck") == "power_struggle":
            chosen = yield from self._pick_cards(game, ctx, sel, ctx["drawn"], "discard",
                                                 power_struggle=True)
            ps_rules.discard_ps_cards(game, ctx["actor"], chosen)
            ctx["discarded"] = chosen
            return
        owner = who(ctx, sel.get("of")) or ctx["actor"]
        pool = self._pool(game, sel, ctx, owner)
        chosen = yield from self._pick_cards(game, ctx, sel, pool, "discard")
        for card in chosen:
            move_card(game, card, "discard")
        ctx["discarded"] = chosen
        if chosen:
            game.note("discard", f"{owner} discards "
                      + ", ".join(game.card_name(c) for c in chosen), player=owner)

    def op_reveal(self, game, op, ctx) -> Steps:
        sel = op["cards"]
        if sel.get("pool") == "power_struggle_hand":
            ctx["revealed"] = ps_rules.reveal_ps_hand(game, ctx["actor"])
            return
        pool = self._pool(game, sel, ctx, ctx["actor"])
        chosen = yield from self._pick_cards(game, ctx, sel, pool, "reveal")
        ctx["revealed"] = chosen
        game.note("reveal", f"{ctx['actor']} reveals "
                  + (", ".join(game.card_name(c) for c in chosen) or "no card"))

    def op_declare_next_card(self, game, op, ctx) -> Steps:
        """Show the card for the player's next round: one he may play then."""
        from engine.actions import legal_cards

        side = ctx["actor"]
        options = legal_cards(game, side, game.state["rounds"][side] + 1)
        if not options:
            return
        card = yield game.ask("declare", side, options,
                              f"{side}: reveal the card you will play next",
                              describe=game.card_name)
        game.state["must_play"][side] = card
        game.note("reveal", f"{side} reveals {game.card_name(card)} as his next play")

    def op_take(self, game, op, ctx) -> Steps:
        sel = op["cards"]
        side = ctx["actor"]
        if sel.get("pool") == "power_struggle_hand":
            n, _ = amount(game, sel["count"], ctx)
            ctx["taken"] = ps_rules.take_random_ps_cards(game, side, who(ctx, sel["of"]), n)
            return
        pool = self._pool(game, sel, ctx, who(ctx, sel.get("of")) or side)
        chosen = yield from self._pick_cards(game, ctx, sel, pool, "take")
        for card in chosen:
            move_card(game, card, ("hand", side))
        ctx["taken"] = chosen
        if chosen:
            game.note("take", f"{side} takes " + ", ".join(game.card_name(c) for c in chosen))

    def op_give(self, game, op, ctx) -> Steps:
        side = ctx["actor"]
        to = who(ctx, op["to"])
        pool = self._pool(game, op["cards"], ctx, side)
        chosen = yield from self._pick_cards(game, ctx, op["cards"], pool, "give")
        for card in chosen:
            move_card(game, card, ("hand", to))
        ctx["given"] = chosen
        game.note("give", f"{side} gives {to} "
                  + (", ".join(game.card_name(c) for c in chosen) or "no card"))

    def op_play_event(self, game, op, ctx) -> Steps:
        """5.3 / ruling R35: the referenced card's event, carried out by the actor;
        an asterisk card whose event happens leaves the game."""
        from engine.actions import event_available, run_event

        card = card_ref(ctx, op["card"])
        side = ctx["actor"]
        if card is None or not event_available(game, card, side):
            return
        move_card(game, card, "played_aside")
        happened = yield from run_event(game, card, side)
        _dispose(game, card, happened)

    def op_play_ops(self, game, op, ctx) -> Steps:
        from engine.actions import choose_use, play_for_ops

        side = ctx["actor"]
        if "cards" in op:
            pool = self._pool(game, op["cards"], ctx, side)
            chosen = yield from self._pick_cards(game, ctx, op["cards"], pool, "play")
            card = chosen[0] if chosen else None
        else:
            card = card_ref(ctx, op["card"])
        if card is None or game.data.cards[card].ops is None:
            return
        move_card(game, card, "played_aside")
        game.note("play", f"{side} uses {game.card_name(card)} for operations", card=card)
        use = yield from choose_use(game, side, card=card,
                                    prompt=f"{side}: use {game.card_name(card)} for")
        happened = yield from play_for_ops(game, side, card, use,
                                           allow_event=not op.get("without_event"))
        _dispose(game, card, happened)

    def op_set_aside(self, game, op, ctx) -> Steps:
        """Cards leave the hand until the start of the next turn (ruling R45)."""
        side = ctx["actor"]
        pool = self._pool(game, op["cards"], ctx, side)
        chosen = yield from self._pick_cards(game, ctx, op["cards"], pool, "set aside")
        for card in chosen:
            game.hand(side).remove(card)
            game.state["set_aside"][side].append(card)
        if chosen:
            game.note("set_aside", f"{side} sets aside {len(chosen)} card(s) until next turn")

    # Choices and flow -------------------------------------------------------------
    def op_choose(self, game, op, ctx) -> Steps:
        side = ctx["actor"]
        kind = op["kind"]
        if kind == "space":
            options = spaces(game, op["among"], ctx)
            if options:
                ctx["chosen_space"] = yield from self._pick_space(game, ctx, options, "choose")
        elif kind == "country":
            options = countries(game, op["among"], ctx)
            if options:
                ctx["chosen_country"] = yield game.ask("country", side, options,
                                                       f"{side}: choose a country")
        else:
            pool = self._pool(game, op["among"], ctx, side)
            chosen = yield from self._pick_cards(game, ctx, op["among"], pool, "choose")
            ctx["chosen"] = chosen

    def op_choose_one(self, game, op, ctx) -> Steps:
        side = ctx["actor"]
        labels = [o["label"] for o in op["options"]]
        pick = yield game.ask("option", side, list(range(len(labels))),
                              f"{side}: choose one", labels)
        yield from self.run(game, op["options"][pick]["do"], ctx)

    def op_roll(self, game, op, ctx) -> Steps:
        side = ctx["actor"]
        roll = game.roll(side, _source_ctx(game, ctx))
        mods = [value(game, m, ctx) for m in op["modifiers"]]
        ctx["roll"] = roll + sum(mods)
        if mods:
            game.note("roll", f"{side}'s modified roll: {roll} "
                      + " ".join(f"{m:+d}" for m in mods) + f" = {ctx['roll']}")
        return
        yield

    def op_roll_off(self, game, op, ctx) -> Steps:
        need = op["best_of"] // 2 + 1
        wins = dict.fromkeys(op["players"], 0)
        while max(wins.values()) < need:
            totals = {}
            for side in op["players"]:
                ctx["roller"] = side
                totals[side] = game.roll(side, "roll-off") + value(game, op["add"], ctx)
            a, b = op["players"]
            if totals[a] != totals[b]:
                wins[a if totals[a] > totals[b] else b] += 1
            game.note("roll_off", f"Roll-off: {a} {totals[a]}, {b} {totals[b]}; "
                      f"rounds {wins[a]}-{wins[b]}")
        ctx["roll_off_winner"] = max(wins, key=wins.get)
        ctx.pop("roller", None)
        return
        yield

    def op_if(self, game, op, ctx) -> Steps:
        branch = op["then"] if holds(game, op["cond"], ctx) else op["else"]
        yield from self.run(game, branch, ctx)

    def op_for_each(self, game, op, ctx) -> Steps:
        if op["kind"] == "country":
            for country in countries(game, op["among"], ctx):
                ctx["this_country"] = country
                yield from self.run(game, op["do"], ctx)
        else:
            for space in spaces(game, op["among"], ctx):
                ctx["this_space"] = space
                yield from self.run(game, op["do"], ctx)

    # Lasting effects (7.2) ----------------------------------------------------------
    def op_lasting(self, game, op, ctx) -> Steps:
        group = None  # the rules of one lasting block end together (end_effect)
        for rule in op["rules"]:
            group = _register(game, ctx, rule, op["duration"], group)["group"]
        yield from hooks.run(game, "as_soon_as")

    def op_trigger(self, game, op, ctx) -> Steps:
        _register(game, ctx, op, {"until": "end_of_game"})
        yield from hooks.run(game, "as_soon_as")

    def op_cancel(self, game, op, ctx) -> Steps:
        st = game.state
        for card in op["cards"]:
            if card not in st["cancelled"]:
                st["cancelled"].append(card)
            for effect in [e for e in st["effects"] if e["card"] == card]:
                _end_effect(game, effect)
        return
        yield

    def op_end_effect(self, game, op, ctx) -> Steps:
        """End the lasting effect the running rule belongs to: every rule of
        its block (a capture ends the final-scoring penalty beside it)."""
        group = ctx.get("effect")
        for effect in [e for e in game.state["effects"] if e.get("group", e["id"]) == group]:
            _end_effect(game, effect)
        return
        yield

    # Helpers ----------------------------------------------------------------------
    def _change(self, game, owner: str, space: int, delta: int, verb: str) -> None:
        if not delta:
            return
        game.state["sp"][owner][space] += delta
        game.note("sp", f"{owner} SPs in {game.space_name(space)} {delta:+d}",
                  player=owner, space=space, delta=delta)

    def _settle(self, game) -> Steps:
        yield from hooks.run(game, "as_soon_as")

    def _pick_space(self, game, ctx, options: list, what: str) -> Steps:
        side = ctx["actor"]
        if len(options) == 1:
            return options[0]
        return (yield game.ask(
            "space", side, options, f"{side}: {what}",
            describe=lambda o: "Done" if o == "done" else game.space_name(o)))

    def _pool(self, game, sel: dict, ctx, owner: str) -> list[int]:
        pool = sel.get("pool", "hand")
        if pool == "hand":
            cards = game.hand(owner)
        elif pool == "discard":
            cards = game.state["discard"]
        else:
            cards = ctx.get(pool, [])
        return [c for c in cards if card_matches(game, c, sel, ctx)]

    def _pick_cards(self, game, ctx, sel: dict, pool: list[int], verb: str,
                    power_struggle: bool = False) -> Steps:
        """Choose cards from ``pool``: at random, all of them, the highest
        Ops (ties: the chooser picks, B.10), or one at a time."""
        n, optional = amount(game, sel.get("count", 1), ctx)
        pool = list(pool)
        if sel.get("highest_ops") and pool:
            top = max(game.data.cards[c].ops or 0 for c in pool)
            pool = [c for c in pool if (game.data.cards[c].ops or 0) == top]
        if n is None and not optional:
            return pool
        if sel.get("random"):
            picked = []
            for _ in range(min(n, len(pool))):
                picked.append(pool.pop(rng.next_int(game.state, len(pool))))
            return picked
        side = ctx["actor"]
        describe = (lambda c: game.data.ps_cards[c].name) if power_struggle else game.card_name
        picked = []
        while pool and (n is None or len(picked) < n):
            options = pool + (["done"] if optional else [])
            if len(options) == 1 and not optional:
                card = options[0]
            else:
                card = yield game.ask("pick_card", side, options, f"{side}: {verb} a card",
                                      describe=lambda c: "Done" if c == "done" else describe(c))
            if card == "done":
                break
            pool.remove(card)
            picked.append(card)
        return picked


# ----------------------------------------------------------------- effects
def _effect_context(effect: dict) -> Context:
    ctx = Context(effect.get("vars") or {})
    ctx["you"] = effect["owner"]
    ctx["card"] = effect.get("card")
    return ctx


def _register(game, ctx: Context, rule: dict, duration: dict, group: int | None = None) -> dict:
    """Add a lasting rule or trigger to the state, keeping the bindings it was
    registered with; its card goes on display until its effects end (7.2).
    ``group`` is the id of the first rule of the same lasting block."""
    st = game.state
    st["effect_seq"] += 1
    keep = ("chosen_space", "chosen_country", "this_space", "this_country",
            "power_struggle_country")
    effect = {
        "id": st["effect_seq"],
        "card": ctx.get("card"),
        "box": ctx.get("box"),
        "owner": ctx["you"],
        "hook": rule["hook"],
        "rule": rule,
        "until": duration["until"],
        "uses": duration.get("uses"),
        "country": duration.get("country"),
        "vars": {k: ctx[k] for k in keep if k in ctx},
        "group": group or st["effect_seq"],
    }
    st["effects"].append(effect)
    card = ctx.get("card")
    if card is not None and card not in st["display"] and ctx.get("box") is None:
        move_card(game, card, "display")
    return effect


def _use(game, effect: dict) -> None:
    if effect.get("uses") is None:
        return
    effect["uses"] -= 1
    if effect["uses"] <= 0:
        _end_effect(game, effect)


def _end_effect(game, effect: dict) -> None:
    """Unregister an effect; a card with no effect left leaves the display:
    out of the game if it has an asterisk, else to the discard pile (7.2)."""
    st = game.state
    if effect in st["effects"]:
        st["effects"].remove(effect)
    card = effect.get("card")
    if card is not None and card in st["display"] and not any(
            e["card"] == card for e in st["effects"]):
        st["display"].remove(card)
        (st["removed"] if game.data.cards[card].removed else st["discard"]).append(card)
        game.note("effect_ends", f"{game.card_name(card)} is no longer in effect")


def expire(game, until: str, **match: Any) -> None:
    """End the effects whose duration ``until`` has come (end of turn, next
    deal, end of an action round or of a power struggle)."""
    for effect in [e for e in game.state["effects"] if e["until"] == until]:
        if "country" in match and effect.get("country"):
            env = _effect_context(effect)
            if match["country"] not in countries(game, effect["country"], env):
                continue
        _end_effect(game, effect)


def move_card(game, card: int, dest) -> None:
    """Move a strategy card from wherever it is to ``dest``: a pile name,
    ('hand', side), or 'played_aside' (in play, off every pile)."""
    st = game.state
    if st["played"] == card:
        st["played"] = None
    for pile in (st["deck"], st["discard"], st["removed"], st["display"],
                 st["hands"]["democrat"], st["hands"]["communist"], st["aside"]):
        if card in pile:
            pile.remove(card)
            break
    if dest == "played_aside":
        st["aside"].append(card)
    elif isinstance(dest, tuple):
        st["hands"][dest[1]].append(card)
    else:
        st[dest].append(card)


def _dispose(game, card: int, happened: bool) -> None:
    """After a card used by another card's event: removed if its asterisk
    event happened, else discarded, unless its event put it on display."""
    st = game.state
    if card in st["aside"]:
        st["aside"].remove(card)
        dest = st["removed"] if happened and game.data.cards[card].removed else st["discard"]
        dest.append(card)


def _game_over_by_vp(game, how: str) -> None:
    from engine.game import GameOver

    vp = game.state["vp"]
    winner = "democrat" if vp > 0 else "communist" if vp < 0 else None
    raise GameOver(winner, how, f"VP {vp:+d}")


def _source(game, effect: dict) -> str:
    if effect.get("card") is not None:
        return game.card_name(effect["card"])
    return f"Tiananmen box {effect.get('box')}"


def _source_ctx(game, ctx: Context) -> str:
    if ctx.get("card") is not None:
        return game.card_name(ctx["card"])
    return f"Tiananmen box {ctx.get('box')}"


def _describe(op: dict) -> str:
    return op["op"].replace("_", " ")

