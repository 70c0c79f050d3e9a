"""What a lasting rule (7.2) means at each hook point: one function per
hook, filed by hook name as the operations' handlers are by operation.

The rules consult a hook where the rulebook lets a card change them
(engine/rules/hooks.py); the event runner answers with the rules registered
there, of three kinds (docs/operations.md, "Lasting effects and hook
points"):

- a **modifier** (``@modifier``) gives a value where its rule's player and
  space match, which the rules sum (or, for a play option, test);
- a **ban** (``@ban``) forbids its player some spaces;
- a **trigger** (``@trigger``) runs a program once its filter holds, and
  says whether it took the place of the action the hook announces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from dof.engine.data.outcome import Termination
from dof.engine.data.state import Effect
from dof.engine.data.vocabulary import Hook
from dof.engine.programs.program import Runner
from dof.engine.programs.selectors import Context, spaces, who
from dof.engine.rules import hooks
from dof.engine.rules.decisions import GameOver
from dof.engine.rules.protocols import RulesGame, Steps
from dof.engine.rules.scoring import vp_leader

#: What a modifier rule gives in the hook's context (``ctx``: what the rules
#: pass), its own bindings being ``env``.
Modifier = Callable[[RulesGame, Effect, Context, dict], Any]
#: The spaces a ban rule forbids ``player``.
Ban = Callable[[RulesGame, Effect, Context, str], set[int]]
#: What a trigger rule does: a program run with ``yield from``, true when
#: it took the place of the hook's action.
Trigger = Callable[[Runner, RulesGame, dict, Context], Steps]

MODIFIERS: dict[str, Modifier] = {}
BANS: dict[str, Ban] = {}
TRIGGERS: dict[str, Trigger] = {}

F = TypeVar("F", bound=Callable[..., Any])


def _filer(table: dict[str, Any]) -> Callable[..., Callable[[F], F]]:
    """A decorator that files a function in ``table`` as the meaning of the
    hooks it names; a hook has one meaning, of one kind."""
    def files(*kinds: str) -> Callable[[F], F]:
        def register(fn: F) -> F:
            for kind in kinds:
                if kind in MODIFIERS or kind in BANS or kind in TRIGGERS:
                    raise ValueError(f"hook {kind!r} has two meanings")
                table[kind] = fn
            return fn
        return register
    return files


modifier = _filer(MODIFIERS)
ban = _filer(BANS)
trigger = _filer(TRIGGERS)


def covered(game: RulesGame, rule: dict, env: Context, player: str) -> set[int]:
    """The spaces a rule with a ``player`` and a ``where`` covers for
    ``player``: none if the rule is not his, every space if it names none."""
    if rule.get("player") is not None and who(env, rule["player"]) != player:
        return set()
    if rule.get("where") is None:
        return set(range(len(game.data.spaces)))
    return set(spaces(game, rule["where"], env))


# ------------------------------------------------------------------ modifiers
@modifier(Hook.OPS_VALUE)
def ops_value(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> int:
    """7.3: the change to a card's Ops value, for cards of the rule's
    printed value; one that needs every Op spent in some spaces counts
    only once the player declared so (11.1)."""
    rule = effect["rule"]
    if rule.get("printed") is not None and ctx.get("printed") != rule["printed"]:
        return 0
    if rule.get("if_all_spent_in") and effect["id"] not in ctx.get("declared", ()):
        return 0
    return rule["delta"]


@modifier(Hook.CHECK_MODIFIER)
def check_modifier(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> int:
    """6.2.4: a change to a support check's roll; the check counts the use
    once it is done."""
    _consumed(effect, ctx)
    return effect["rule"]["delta"]


@modifier(Hook.ADJACENCY_MODIFIER)
def adjacency_modifier(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> int:
    """6.2.4: the neighbours the named player controls count for nothing:
    the opponent's (``hostile``, -1 each) are undone, or, when he is the
    checking player, his own (``friendly``, +1 each)."""
    _consumed(effect, ctx)
    ignored = who(env, effect["rule"]["ignore_controlled_by"])
    return ctx["hostile"] if ignored != ctx.get("player") else -ctx["friendly"]


def _consumed(effect: Effect, ctx: dict) -> None:
    """Note that ``effect`` modified a support check (it lasts some uses)."""
    used = ctx.get("consume")
    if used is not None:
        used.append(effect)


@modifier(Hook.PLACEMENT_COST)
def placement_cost(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> int:
    """6.1.3: an SP costs the rule's price where it applies."""
    return effect["rule"]["cost"] - ctx["cost"]


@modifier(Hook.TIANANMEN_MODIFIER, Hook.ACTION_ROUNDS)
def delta(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> int:
    """6.3.1, 4.1: more (or less) on a Tiananmen attempt, or action rounds."""
    return effect["rule"]["delta"]


@modifier(Hook.HAND_SIZE)
def hand_size(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> int:
    """4.5.1: the hand is dealt to the rule's size."""
    return effect["rule"]["size"] - game.data.hand_size


@modifier(Hook.PS_ROLL_MODIFIER)
def ps_roll_modifier(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> int:
    """8.4.1: a change to both aftermath rolls, when the named player won."""
    rule = effect["rule"]
    if rule.get("if_winner") and who(env, rule["if_winner"]) != ctx.get("winner"):
        return 0
    return rule["delta"]


@modifier(Hook.PLAY_OPTION)
def play_option(game: RulesGame, effect: Effect, env: Context, ctx: dict) -> bool:
    """6.3.5 (boxes 7, 8): whether the rule's way to play a card is open:
    the way asked for, not yet used this turn."""
    used = effect.get("used_turn") == game.state["turn"]
    return not used and effect["rule"]["mode"] == ctx.get("mode")


# ------------------------------------------------------------------ bans
@ban(Hook.CHECK_BAN, Hook.PLACEMENT_BAN)
def forbidden(game: RulesGame, effect: Effect, env: Context, player: str) -> set[int]:
    """6.1, 6.2: the player may not place or check in the spaces the rule
    covers."""
    return covered(game, effect["rule"], env, player)


# ------------------------------------------------------------------ triggers
@trigger(Hook.PS_SETUP, Hook.AFTER_POWER_STRUGGLE, Hook.END_OF_TURN, Hook.ACTION_ROUND_END,
         Hook.AFTER_DEAL, Hook.ACTION_ROUND_START, Hook.AFTER_CHECK, Hook.CARD_PLAYED,
         Hook.AS_SOON_AS, Hook.FINAL_SCORING, Hook.GAME_END)
def runs(runner: Runner, game: RulesGame, rule: dict, env: Context) -> Steps:
    """The rule's program happens at the hook, beside what the rules do there."""
    yield from runner.run_whole(game, rule["do"], env)
    return False


@trigger(Hook.ACTION_ROUND_REPLACE)
def replaces_the_round(runner: Runner, game: RulesGame, rule: dict, env: Context) -> Steps:
    """4.5.4 (a strike, 11.2): the rule's program is the player's action round."""
    yield from runner.run_whole(game, rule["do"], env)
    return True


@trigger(Hook.NEW_YEARS_EVE)
def ends_the_game(runner: Runner, game: RulesGame, rule: dict, env: Context) -> Steps:
    """10.3: at step 4.5.5 of the turn (the rule an ``end_game`` at the end
    of the turn registers), the triggers waiting for the end (a last Power
    Struggle) run, then the leader wins as at the end of Final Scoring, so
    no automatic victory is checked meanwhile (ruling R40)."""
    game.state["defer_victory"] = True
    yield from hooks.run(game, Hook.GAME_END)
    raise GameOver(vp_leader(game), Termination.NEW_YEARS_EVE, f"VP {game.state['vp']:+d}")
