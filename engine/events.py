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

from dof.engine import hooks, rng
from dof.engine import power_struggle as ps_rules
from dof.engine.board import opponent
from dof.engine.selectors import (
    Context,
    actor,
    amount,
    card_matches,
    card_ref,
    countries,
    holds,
    ops_source,
    ops_value_for,
    spaces,
    value,
    who,
)

Steps = Generator[Any, Any, Any]

#: Compiled Operations options (docs/operations.md) -> engine Ops uses (6.0).
_USES = {"place": "place", "support_checks": "check", "tiananmen": "tiananmen"}

#: What a hook passes on to the trigger programs it runs (docs/operations.md).
_HOOK_BINDINGS = ("played", "played_use", "space")

#: The engine-side hook a timed end of the game waits on: step 4.5.5.
END_OF_TURN_GAME_END = "new_years_eve"


class EventEnds(Exception):  # noqa: N818 - a control-flow signal, not an error
    """A ``choose`` found nothing to choose: the rest of the event cannot
    act, so the event ends there (it still counts as played; rulings R43,
    R50)."""


class EventRunner:
    """Runs the events of a compiled deck (``dsl.load_deck()``)."""

    def __init__(self, deck):
        self.deck = deck
        self.cards = {n: c for n, c in deck.cards.items() if c.event is not None}
        self.boxes = {n: b for n, b in deck.boxes.items() if b.program}
        self.ps_cards = {name: plays for name, plays in deck.ps_cards.items() if plays}

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
        yield from self.run_whole(game, card.event, ctx)
        return True

    def on_ops(self, game, number: int, side: str) -> Steps:
        """What a card does when played for Operations (a 'when played for
        operations' clause)."""
        card = self.cards.get(number) or self.deck.cards.get(number)
        if card is not None and card.on_ops:
            yield from self.run_whole(game, card.on_ops, Context(you=side, card=number))

    def box_award(self, game, box: int, side: str) -> Steps:
        """6.3.5: the award of the first player to reach ``box``."""
        game.note("award", f"{side} receives the award of box {box}", player=side, box=box)
        yield from self.run_whole(game, self.boxes[box].program, Context(you=side, box=box))

    def ps_modes(self, name: str) -> set[str]:
        """How a Power Struggle wild card may be played: "attack", "match" (8.3.2)."""
        return set(self.ps_cards.get(name, ()))

    def ps_play(self, game, name: str, mode: str, side: str, suit: str | None = None) -> Steps:
        """A wild card's text, carried out by the player who played it (8.3.2);
        a card played to match knows the attacked suit."""
        ps = game.state["ps"]
        ctx = Context(you=side, card=None, power_struggle_country=ps["country"],
                      attacked_suit=suit)
        yield from self.run_whole(game, self.ps_cards[name][mode], ctx)

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
        env.update({k: v for k, v in ctx.items() if k in _HOOK_BINDINGS})
        if "country" in ctx:
            env["power_struggle_country"] = ctx["country"]
        if not self._filter(game, rule.get("filter") or {}, env, ctx):
            return False
        once = rule.get("once")
        if once:
            # Off its hook before it runs (it must not fire again inside its
            # own program); its card stays in effect until the program has
            # registered whatever lasts beyond it.
            game.state["effects"].remove(effect)
        game.note("trigger", f"{_source(game, effect)} takes effect", card=effect.get("card"))
        env["effect"] = effect.get("group", effect["id"])
        if rule["hook"] == END_OF_TURN_GAME_END:
            yield from self._game_end(game)
        yield from self.run_whole(game, rule["do"], env)
        if once:
            _end_effect(game, effect)
        return rule["hook"] == "action_round_replace"

    def applies(self, game, effect: dict, ctx: dict) -> bool:
        """Whether a trigger or obligation would act at its hook in ``ctx``
        (its filter: whose action, which country or space, its condition)."""
        env = _effect_context(effect)
        env.update({k: v for k, v in ctx.items() if k in _HOOK_BINDINGS})
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
    def run_whole(self, game, program: list[dict], ctx: Context) -> Steps:
        """Run a whole event, award or trigger: a ``choose`` that finds
        nothing ends it there (EventEnds)."""
        try:
            yield from self.run(game, program, ctx)
        except EventEnds:
            game.note("event_ends", f"{_source_ctx(game, ctx)}: nothing to choose, "
                      "so the rest does not happen")

    def run(self, game, program: list[dict], ctx: Context) -> Steps:
        """Run a list of operations in ``ctx``. An optional one ("may") is
        offered only when it can act; afterwards ``did`` records whether it
        actually did (a card discarded, an SP moved), not the yes or no."""
        for op in program:
            ctx["actor"] = actor(game, ctx, op.get("player", "you"))
            handler = getattr(self, "op_" + op["op"])
            if not op.get("optional"):
                yield from handler(game, op, ctx)
                continue
            ctx["did"] = False
            if not self._can_act(game, op, ctx):
                continue
            if (yield game.ask("may", ctx["actor"], ["yes", "no"],
                               f"{ctx['actor']}: {_describe(op)}?", ["Yes", "No"])) != "yes":
                continue
            ctx.pop("acted", None)
            yield from handler(game, op, ctx)
            ctx["did"] = ctx.pop("acted", True)

    def _can_act(self, game, op: dict, ctx: Context) -> bool:
        """Whether an optional operation has anything to act on now."""
        kind = op["op"]
        sel = op.get("cards") or (op.get("among") if op.get("kind") == "card" else None)
        if sel is not None:
            if sel.get("pool") == "power_struggle_hand":
                ps = game.state["ps"]
                return bool(ps and ps["hands"][who(ctx, sel.get("of")) or ctx["actor"]])
            return bool(self._pool(game, sel, ctx, who(ctx, sel.get("of")) or ctx["actor"]))
        if kind == "choose":
            find = spaces if op["kind"] == "space" else countries
            return bool(find(game, op["among"], ctx))
        if kind == "remove":
            sp = game.state["sp"][who(ctx, op["owner"])]
            return any(sp[s] for s in spaces(game, op["where"], ctx))
        if kind == "support_checks":
            from dof.engine.operations import check_targets

            within = spaces(game, op["where"], ctx) if op.get("where") is not None else None
            return bool(check_targets(game, ctx["actor"], within,
                                      op.get("needs_opponent_sp", True)))
        if kind == "power_struggle":
            return bool(countries(game, op["country"], ctx))
        return True

    # SP operations (direct placement ignores 6.1: KO 7.4, ruling R36) ------------
    def op_place(self, game, op, ctx) -> Steps:
        owner = who(ctx, op["owner"])

        def place(space: int, k: int) -> None:
            self._change(game, owner, space, k)

        yield from self._spread(game, op, ctx, place, None, f"place 1 {owner} SP")

    def op_remove(self, game, op, ctx) -> Steps:
        owner = who(ctx, op["owner"])
        sp = game.state["sp"][owner]

        def remove(space: int, k: int) -> None:
            self._change(game, owner, space, -k)

        yield from self._spread(game, op, ctx, remove, sp.__getitem__,
                                f"remove 1 {owner} SP")

    def op_replace(self, game, op, ctx) -> Steps:
        """Owner's SPs become new owner's SPs, one for one, in the same space."""
        old, new = who(ctx, op["owner"]), who(ctx, op["new_owner"])
        sp = game.state["sp"][old]

        def replace(space: int, k: int) -> None:
            self._change(game, old, space, -k)
            self._change(game, new, space, k)

        yield from self._spread(game, op, ctx, replace, sp.__getitem__,
                                f"replace 1 {old} SP with a {new} SP")

    def _spread(self, game, op, ctx, apply, available, what: str) -> Steps:
        """Apply an SP change by the op's amount and choice: the whole amount
        in one chosen space ("one"), in every matching space ("each"), or one
        SP at a time where the actor likes ("any"), at most ``per_space_max``
        per space, stopping early if the amount is "up to". ``available``
        counts what a space can give (None: no limit, SPs are added)."""
        n, optional = amount(game, op["amount"], ctx)
        targets = spaces(game, op["where"], ctx)
        if available is not None:
            targets = [s for s in targets if available(s) > 0]
        cap = op.get("per_space_max")
        count = 0
        if not targets:
            ctx["acted"] = False
            return
        if op["choice"] == "one" or op["choice"] == "each" or n is None and not optional:
            if op["choice"] == "one":
                targets = [(yield from self._pick_space(game, ctx, targets, what))]
            for s in targets:
                k = n if n is not None else available(s)
                k = k if available is None else min(k, available(s))
                k = k if cap is None else min(k, cap)
                apply(s, k)
                count += k
        else:
            done: dict[int, int] = {}
            while n is None or count < n:
                options = [s for s in targets if (available is None or available(s) > 0)
                           and (cap is None or done.get(s, 0) < cap)]
                if not options:
                    break
                left = "" if n is None else f" ({n - count} left)"
                space = yield from self._pick_space(
                    game, ctx, [*options, "done"] if optional else options, what + left)
                if space == "done":
                    break
                apply(space, 1)
                done[space] = done.get(space, 0) + 1
                count += 1
        ctx["acted"] = count > 0
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
                self._change(game, owner, s, need)
        yield from self._settle(game)

    def op_move(self, game, op, ctx) -> Steps:
        """Take the owner's SPs out of the source spaces into the destination
        spaces, one at a time as the actor likes, at most ``per_space_max``
        into any one space; "up to" lets him stop early."""
        owner = who(ctx, op["owner"])
        sp = game.state["sp"][owner]
        n, optional = amount(game, op["amount"], ctx)
        sources = [s for s in spaces(game, op["from"], ctx) if sp[s]]
        dests = spaces(game, op["to"], ctx)
        ctx["acted"] = False
        if not sources or not dests:
            return
        if op.get("from_choice") == "one" and len(sources) > 1:
            sources = [(yield from self._pick_space(game, ctx, sources, "move SPs from"))]
        if op.get("to_choice") == "one" and len(dests) > 1:
            dests = [(yield from self._pick_space(game, ctx, dests, "move SPs to"))]
        cap = op.get("per_space_max")
        if len(sources) == 1 and len(dests) == 1 and not optional:
            src, dst = sources[0], dests[0]
            k = sp[src] if n is None else min(n, sp[src])
            k = k if cap is None else min(k, cap)
            if src != dst and k:
                self._change(game, owner, src, -k)
                self._change(game, owner, dst, k)
                ctx["acted"] = True
            yield from self._settle(game)
            return
        moved: dict[int, int] = {}
        count = 0
        while n is None or count < n:
            froms = [s for s in sources if sp[s]]
            if not froms:
                break
            src = froms[0]
            if len(froms) > 1:
                src = yield from self._pick_space(game, ctx, froms, f"move 1 {owner} SP from")
            tos = [d for d in dests if d != src and (cap is None or moved.get(d, 0) < cap)]
            if not tos:
                break
            left = "" if n is None else f" ({n - count} left)"
            dst = yield from self._pick_space(game, ctx, [*tos, "done"] if optional else tos,
                                              f"move 1 {owner} SP to{left}")
            if dst == "done":
                break
            self._change(game, owner, src, -1)
            self._change(game, owner, dst, 1)
            moved[dst] = moved.get(dst, 0) + 1
            count += 1
        ctx["acted"] = count > 0
        yield from self._settle(game)

    def op_eliminate(self, game, op, ctx) -> Steps:
        for s in spaces(game, op["space"], ctx):
            game.destroy_space(s)
        yield from self._settle(game)

    # Operations played by events (7.4) ---------------------------------------
    def op_support_checks(self, game, op, ctx) -> Steps:
        from dof.engine.actions import use_ops

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
        from dof.engine.actions import choose_use, use_ops

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
        from dof.engine.operations import advance_tiananmen

        for _ in range(op["boxes"]):
            if game.state["tiananmen"][ctx["actor"]] < len(game.data.tiananmen):
                yield from advance_tiananmen(game, ctx["actor"])

    def op_power_struggle(self, game, op, ctx) -> Steps:
        from dof.engine.scoring import hold_power_struggle

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
        from dof.engine.scoring import score_country

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
        if sel.get("pool") == "power_struggle_hand":
            n, _ = amount(game, sel["count"], ctx)
            ctx["discarded"] = ps_rules.discard_random_ps_cards(game, ctx["actor"], n)
            ctx["acted"] = bool(ctx["discarded"])
            return
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
        ctx["acted"] = bool(chosen)
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
        from dof.engine.actions import legal_cards

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
        ctx["acted"] = bool(chosen)
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
        ctx["acted"] = bool(chosen)
        game.note("give", f"{side} gives {to} "
                  + (", ".join(game.card_name(c) for c in chosen) or "no card"))

    def op_play_event(self, game, op, ctx) -> Steps:
        """5.3 / ruling R35: the referenced card's event, carried out by the actor;
        an asterisk card whose event happens leaves the game. A Scoring card
        is played as if from the hand (8.0): its struggle, its scoring, the
        10.1 check after both, and out of the game if the Democrat took
        Power (8.4.4)."""
        from dof.engine.actions import event_available, run_event
        from dof.engine.scoring import play_scoring_card

        card = card_ref(ctx, op["card"])
        side = ctx["actor"]
        ctx["acted"] = False
        if card is None or not event_available(game, card, side):
            return
        move_card(game, card, "played_aside")
        ctx["acted"] = True
        if game.data.cards[card].side == "scoring":
            game.note("play", f"{side} plays {game.card_name(card)}", player=side, card=card)
            yield from play_scoring_card(game, side, card)
            return
        happened = yield from run_event(game, card, side)
        _dispose(game, card, happened)

    def op_play_ops(self, game, op, ctx) -> Steps:
        from dof.engine.actions import choose_use, play_for_ops

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
        game.note("play", f"{side} uses {game.card_name(card)} for operations", player=side,
                  card=card)
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
        ctx["acted"] = bool(chosen)
        if chosen:
            game.note("set_aside", f"{side} sets aside {len(chosen)} card(s) until next turn")

    # Choices and flow -------------------------------------------------------------
    def op_choose(self, game, op, ctx) -> Steps:
        """Bind a chosen space, country or card; with nothing to choose the
        statements that refer to it cannot act, so the event ends here."""
        side = ctx["actor"]
        kind = op["kind"]
        if kind == "space":
            options = spaces(game, op["among"], ctx)
            if options:
                ctx["chosen_space"] = yield from self._pick_space(game, ctx, options, "choose")
        elif kind == "country":
            options = countries(game, op["among"], ctx)
            if len(options) == 1:
                ctx["chosen_country"] = options[0]
            elif options:
                ctx["chosen_country"] = yield game.ask("country", side, options,
                                                       f"{side}: choose a country")
        else:
            options = self._pool(game, op["among"], ctx, who(ctx, op["among"].get("of")) or side)
            chosen = yield from self._pick_cards(game, ctx, op["among"], options, "choose")
            ctx["chosen"] = chosen
            options = chosen
        if not options:
            raise EventEnds
        ctx["acted"] = True

    def op_choose_one(self, game, op, ctx) -> Steps:
        """The actor picks one of the options offered now (an option's
        ``if`` must hold); a single option needs no question (ruling R51)."""
        side = ctx["actor"]
        open_ = [i for i, o in enumerate(op["options"])
                 if o.get("if") is None or holds(game, o["if"], ctx)]
        if not open_:
            return
        pick = open_[0]
        if len(open_) > 1:
            pick = yield game.ask("option", side, open_, f"{side}: choose one",
                                  [op["options"][i]["label"] for i in open_])
        yield from self.run(game, op["options"][pick]["do"], ctx)

    def op_succeed(self, game, op, ctx) -> Steps:
        """Record that this event succeeded, for later cards to test."""
        done = game.state["succeeded"]
        if ctx.get("card") is not None and ctx["card"] not in done:
            done.append(ctx["card"])
        return
        yield

    def op_bar_suit(self, game, op, ctx) -> Steps:
        """8.3.2 Step 2: the attacked suit may not be played, or named for a
        leader, for the rest of this Power Struggle."""
        ps = game.state["ps"]
        suit = ctx.get("attacked_suit")
        if ps is not None and suit and suit not in ps["blocked"]:
            ps["blocked"].append(suit)
            game.note("ps_blocked", f"{ps_rules.SUIT_NAMES[suit]} may not be played for the "
                      "rest of this Power Struggle", blocked=suit)
        return
        yield

    def op_roll(self, game, op, ctx) -> Steps:
        side = ctx["actor"]
        roll = game.roll(side, _source_ctx(game, ctx))
        mods = [value(game, m, ctx) for m in op["modifiers"]]
        ctx["roll"] = roll + sum(mods)
        if any(mods):
            game.note("roll", f"{side}'s modified roll: {roll} "
                      + " ".join(f"{m:+d}" for m in mods if m) + f" = {ctx['roll']}")
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
    def _change(self, game, owner: str, space: int, delta: int) -> None:
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
        """The cards of a card phrase's pool that pass its filters; Ops are
        read as ``owner`` would use them (7.3.3)."""
        pool = sel.get("pool", "hand")
        if pool == "hand":
            cards = game.hand(owner)
        elif pool == "discard":
            cards = game.state["discard"]
        else:
            cards = ctx.get(pool, [])
        return [c for c in cards if card_matches(game, c, sel, ctx, owner)]

    def _pick_cards(self, game, ctx, sel: dict, pool: list[int], verb: str,
                    power_struggle: bool = False) -> Steps:
        """Choose cards from ``pool``: at random, all of them, the highest
        Ops (ties: the chooser picks, B.10), or one at a time."""
        n, optional = amount(game, sel.get("count", 1), ctx)
        pool = list(pool)
        if sel.get("highest_ops") and pool:
            holder = who(ctx, sel.get("of")) or ctx["actor"]
            worth = {c: ops_value_for(game, c, holder) for c in pool}
            top = max(worth.values())
            pool = [c for c in pool if worth[c] == top]  # the chooser picks a tie (R42)
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
    from dof.engine.game import GameOver

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

