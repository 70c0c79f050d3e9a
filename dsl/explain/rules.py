"""Lasting effects (7.2) said in English: how long they last, and what each
of their rules changes at its hook point (docs/operations.md, "Lasting
effects and hook points"), one function per hook."""

from __future__ import annotations

from typing import Any

from dof.dsl.explain import english as en
from dof.dsl.explain.selectors import check_targets, countries, spaces
from dof.dsl.explain.speaker import Speaker, hook, renders
from dof.engine.data.vocabulary import Hook, Op, Until


@renders(Op.LASTING)
def _lasting(sp: Speaker, op: dict) -> None:
    with sp.under(sp.until(op["duration"])):
        for rule in op["rules"]:
            sp.rule(rule)


@renders(Op.TRIGGER)
def _trigger(sp: Speaker, op: dict) -> None:
    sp.rule(op)


@renders(Op.CANCEL)
def _cancel(sp: Speaker, op: dict) -> None:
    """A cancelled card's lasting effect ends, and its event has no effect
    if played later (7.2; 5.2 example 5)."""
    sp.cite("7.2")
    named = en.listing([sp.card(n) for n in op["cards"]])
    many = len(op["cards"]) > 1
    sp.say(f"the {'events' if many else 'event'} {named} {'are' if many else 'is'} cancelled: "
           f"{'their' if many else 'its'} lasting effect ends for good, and "
           f"{'their events have' if many else 'its event has'} no effect if played later")


@renders(Op.END_EFFECT)
def _end_effect(sp: Speaker, op: dict) -> None:
    sp.cite("7.2")
    sp.say("this effect ends")


# ---------------------------------------------------------------- how long


def lasts(sp: Speaker, rule: dict, duration: dict) -> str:
    """How long a lasting rule or trigger lasts once in force, in words:
    its block's duration ('for the rest of the turn', 7.2), or for a
    trigger that acts once, until the moment it acts (it ends then:
    'until the next power struggle'); a trigger that acts each time lasts
    for the rest of the game."""
    if rule.get("once") and rule["hook"] in _ONCE:
        return _ONCE[rule["hook"]](sp, rule)
    return sp.until(duration)


def ends(sp: Speaker, rule: dict, duration: dict) -> str:
    """What ends a lasting rule or trigger in force, with the rule: a
    trigger that acts once ends when it has acted; else its duration comes
    (_ENDS); a card that cancels it ends it sooner (7.2)."""
    if rule.get("once") and rule["hook"] in _ONCE:
        sp.cite("7.2")
        return "it ends once it has acted"
    said = _ENDS[duration["until"]]
    if callable(said):
        return said(sp, duration)
    rules, text = said
    sp.cite(*rules)
    return text


def _uses_left(sp: Speaker, duration: dict) -> str:
    sp.cite("7.2")
    left = duration.get("uses") or 1
    return f"it ends once it has applied {'once more' if left == 1 else f'{left} more times'}"


def _struggle_over(sp: Speaker, duration: dict) -> str:
    sp.cite("8")
    where = duration.get("country")
    return "it ends when the next power struggle" + (
        f" in {countries(sp, where)}" if where else "") + " is over"


#: What ends an effect, by its duration (7.2), with the rule: those whose
#: words depend on the effect have a function instead.
_ENDS: dict[str, Any] = {
    Until.END_OF_TURN: (("4.5.3",), "it ends at the end of this turn"),
    Until.END_OF_GAME: (("7.2",), "it lasts to the end of the game, unless cancelled"),
    Until.CANCELLED: (("7.2",), "it ends only when an event cancels it or its own text ends it"),
    Until.USED: _uses_left,
    Until.END_OF_ACTION_ROUND: (("7.2",), "it ends at the end of this action round"),
    Until.NEXT_DEAL: (("4.5.1",), "it ends when the next turn's cards are dealt"),
    Until.END_OF_POWER_STRUGGLE: _struggle_over,
    Until.OPPONENT_REACHES_BOX: (("6.3.5",), "it ends when the opponent reaches this box"),
}


def _next_struggle(sp: Speaker, rule: dict, moment: str) -> str:
    where = rule.get("filter", {}).get("country")
    return f"until {moment}the next power struggle" + (
        f" in {countries(sp, where)}" if where else "")


def _next_play(sp: Speaker, rule: dict) -> str:
    who = rule.get("filter", {}).get("player")
    return f"until {en.subject(who)} {en.verb(who, 'play')} a card in {en.his(who)} next " \
           "action round"


#: Until when a trigger that acts once lasts (it ends when it has acted).
_ONCE = {
    Hook.PS_SETUP: lambda sp, rule: _next_struggle(sp, rule, ""),
    Hook.AFTER_POWER_STRUGGLE: lambda sp, rule: _next_struggle(sp, rule, "the end of "),
    Hook.END_OF_TURN: lambda sp, rule: "until the end of this turn",
    Hook.ACTION_ROUND_END: lambda sp, rule: "until the end of this action round",
    Hook.CARD_PLAYED: _next_play,
    Hook.AS_SOON_AS: lambda sp, rule: f"until {sp.cond(rule['filter']['cond'])}",
    Hook.FINAL_SCORING: lambda sp, rule: "until Final Scoring",
    Hook.GAME_END: lambda sp, rule: "until the end of the game",
}


def _whose(player: str | None, thing: str) -> str:
    """'support checks by the Democrat', 'cards played by you', 'all support checks'."""
    return f"{thing} by {en.obj(player)}" if player else f"all {thing}"


# ---------------------------------------------------------------- modifiers and bans


def _nobody(player: str | None) -> str:
    """Who a ban binds: 'the Communist may not', 'no player may'."""
    return f"{en.subject(player)} may not" if player else "no player may"


@hook(Hook.OPS_VALUE)
def _ops_value(sp: Speaker, rule: dict) -> None:
    """Summed with the other modifiers, never below 1 (7.3.1, 7.3.2); a
    player's own cards, for all purposes (7.3.3)."""
    sp.cite("7.3.1", "7.3.2")
    delta, printed, who = rule["delta"], rule.get("printed"), rule.get("player")
    by = f"played by {en.obj(who)}" if who else "played by anyone"
    if printed is not None:
        sp.cite("6.3.5")
        text = (f"cards printed with {en.counted(printed, 'Op')}, {by}, count as "
                f"{en.counted(printed + delta, 'Op')} ({en.signed(delta)})")
    else:
        more = "more" if delta > 0 else "less"
        text = f"cards {by} are worth {en.counted(abs(delta), 'Op')} {more} (never below 1)"
    if rule.get("if_all_spent_in"):
        sp.cite("11.1")
        text += f", if all their Ops are spent {check_targets(sp, rule['if_all_spent_in'])}"
    sp.say(text)


@hook(Hook.CHECK_MODIFIER)
def _check_modifier(sp: Speaker, rule: dict) -> None:
    sp.cite("6.2.4")
    where = f" {check_targets(sp, rule['where'])}" if rule.get("where") else ""
    sp.say(f"{_whose(rule.get('player'), 'support checks')}{where} get "
           f"{en.signed(rule['delta'])}")


@hook(Hook.ADJACENCY_MODIFIER)
def _adjacency_modifier(sp: Speaker, rule: dict) -> None:
    sp.cite("6.2.4")
    where = f" {check_targets(sp, rule['where'])}" if rule.get("where") else ""
    sp.say(f"{_whose(rule.get('player'), 'support checks')}{where} ignore the -1 for each "
           f"adjacent space controlled by {en.obj(rule['ignore_controlled_by'])}")


@hook(Hook.CHECK_BAN)
def _check_ban(sp: Speaker, rule: dict) -> None:
    sp.cite("6.2")
    sp.say(f"{_nobody(rule.get('player'))} make support checks "
           f"{check_targets(sp, rule['where'])}")


@hook(Hook.PLACEMENT_BAN)
def _placement_ban(sp: Speaker, rule: dict) -> None:
    sp.cite("6.1")
    sp.say(f"{_nobody(rule.get('player'))} place SPs with Ops in "
           f"{spaces(sp, rule['where'], 'any').removeprefix('any ')}")


@hook(Hook.PLACEMENT_COST)
def _placement_cost(sp: Speaker, rule: dict) -> None:
    """6.1.3: an SP costs 1 Op, 2 in an opponent-controlled space."""
    sp.cite("6.1.3")
    where = spaces(sp, rule["where"], "any").removeprefix("any ")
    sp.say(f"placing an SP in {where} costs {en.obj(rule.get('player'))} "
           f"{en.counted(rule['cost'], 'Op')}")


@hook(Hook.TIANANMEN_MODIFIER)
def _tiananmen_modifier(sp: Speaker, rule: dict) -> None:
    sp.cite("6.3.1")
    sp.say(f"{_whose(rule.get('player'), 'Tiananmen Square attempts')} get "
           f"{en.signed(rule['delta'])}")


@hook(Hook.ACTION_ROUNDS)
def _action_rounds(sp: Speaker, rule: dict) -> None:
    """4.5.2: the game data gives the usual number of action rounds."""
    sp.cite("4.5.2")
    usual, delta = sp.names.data.action_rounds, rule["delta"]
    who = rule.get("player")
    take = en.acts(who, "take", rule.get("optional", False))
    sp.say(f"{take} {en.counted(delta, 'extra action round')} "
           f"({usual + delta} instead of {usual})")


@hook(Hook.HAND_SIZE)
def _hand_size(sp: Speaker, rule: dict) -> None:
    """4.5.1: the game data gives the usual hand size."""
    sp.cite("4.5.1")
    usual, size = sp.names.data.hand_size, rule["size"]
    differs = size - usual
    than = (f", {abs(differs)} {'fewer' if differs < 0 else 'more'} than the usual {usual}"
            if differs else "")
    sp.say(f"{en.acts(rule.get('player'), 'be')} dealt a hand of {en.counted(size, 'card')}"
           f"{than}")


@hook(Hook.PS_ROLL_MODIFIER)
def _ps_roll_modifier(sp: Speaker, rule: dict) -> None:
    sp.cite("8.4.1")
    winner = rule.get("if_winner")
    sp.say(f"both aftermath rolls get {en.signed(rule['delta'])}"
           + (f" if {en.subject(winner)} {en.verb(winner, 'win')}" if winner else ""))


#: What each play option lets a player do (6.3.5, boxes 7 and 8).
_PLAY_OPTIONS = {"ops_without_opponent_event": "play a card for Operations without its "
                                               "opponent's event",
                 "ops_and_event": "use one card for both its Operations and its event, "
                                  "in either order"}


@hook(Hook.PLAY_OPTION)
def _play_option(sp: Speaker, rule: dict) -> None:
    sp.cite("6.3.5")
    who = rule.get("player")
    per = rule.get("per_turn", 1)
    often = "once per turn" if per == 1 else f"{per} times per turn"
    sp.say(f"{often}, {en.acts(who, 'may')} {_PLAY_OPTIONS[rule['mode']]}".replace(
        "may may", "may"))


# ---------------------------------------------------------------- triggers


def _struggle(sp: Speaker, rule: dict) -> str:
    where = rule.get("filter", {}).get("country")
    return "power struggle" + (f" in {countries(sp, where)}" if where else "")


@hook(Hook.PS_SETUP)
def _ps_setup(sp: Speaker, rule: dict) -> None:
    sp.cite("8.1.2")
    which = "the next" if rule.get("once") else "each"
    with sp.under(f"at {which} {_struggle(sp, rule)}, after the deal and before play"):
        sp.program(rule["do"])


@hook(Hook.AFTER_POWER_STRUGGLE)
def _after_power_struggle(sp: Speaker, rule: dict) -> None:
    sp.cite("8.4")
    which = "the next" if rule.get("once") else "each"
    with sp.under(f"after {which} {_struggle(sp, rule)}, once it is over"):
        sp.program(rule["do"])


@hook(Hook.END_OF_TURN)
def _end_of_turn(sp: Speaker, rule: dict) -> None:
    sp.cite("4.5.3")
    with sp.under("at the end of this turn" if rule.get("once") else "at the end of each turn"):
        sp.program(rule["do"])


@hook(Hook.ACTION_ROUND_END)
def _action_round_end(sp: Speaker, rule: dict) -> None:
    with sp.under("at the end of this action round"):
        sp.program(rule["do"])


@hook(Hook.AFTER_DEAL)
def _after_deal(sp: Speaker, rule: dict) -> None:
    sp.cite("4.5.1")
    with sp.under("at the start of each turn, after the deal"):
        sp.program(rule["do"])


def _rounds_of(rule: dict) -> str:
    who = rule.get("filter", {}).get("player")
    return f"each action round of {en.obj(who)}" if who else "each action round"


@hook(Hook.ACTION_ROUND_START)
def _action_round_start(sp: Speaker, rule: dict) -> None:
    sp.cite("4.5.2")
    with sp.under(f"at the start of {_rounds_of(rule)}"):
        sp.program(rule["do"])


@hook(Hook.ACTION_ROUND_REPLACE)
def _action_round_replace(sp: Speaker, rule: dict) -> None:
    """He may still play a Scoring card instead (4.5.4)."""
    sp.cite("4.5.2", "4.5.4")
    who = rule.get("filter", {}).get("player")
    with sp.under(f"instead of {_rounds_of(rule)} ({en.he(who)} may still play a Scoring "
                  "card)"):
        sp.program(rule["do"])


@hook(Hook.AFTER_CHECK)
def _after_check(sp: Speaker, rule: dict) -> None:
    sp.cite("6.2")
    filt = rule.get("filter", {})
    who = filt.get("player")
    where = f" {check_targets(sp, filt['where'])}" if filt.get("where") else ""
    with sp.under(f"each time {en.acts(who, 'make')} a support check{where}, "
                  "whatever its result"):
        sp.program(rule["do"])


@hook(Hook.CARD_PLAYED)
def _card_played(sp: Speaker, rule: dict) -> None:
    who = rule.get("filter", {}).get("player")
    when = f"in {en.his(who)} next action round" if rule.get("once") else "each time"
    with sp.under(f"after {en.acts(who, 'play')} a card {when}, once {en.he(who)} "
                  f"{en.verb(who, 'have')} chosen how to use it and before its effects"):
        sp.program(rule["do"])


@hook(Hook.AS_SOON_AS)
def _as_soon_as(sp: Speaker, rule: dict) -> None:
    with sp.under(f"as soon as {sp.cond(rule['filter']['cond'])}"):
        sp.program(rule["do"])


@hook(Hook.FINAL_SCORING)
def _final_scoring(sp: Speaker, rule: dict) -> None:
    sp.cite("10.4")
    with sp.under("at Final Scoring"):
        sp.program(rule["do"])


@hook(Hook.GAME_END)
def _game_end(sp: Speaker, rule: dict) -> None:
    sp.cite("10.3")
    with sp.under("when the game ends at the end of the turn, before the winner is decided"):
        sp.program(rule["do"])


@hook(Hook.NEW_YEARS_EVE)
def _new_years_eve(sp: Speaker, rule: dict) -> None:
    sp.cite("4.5.5", "10.3")
    with sp.under("at step 4.5.5 of this turn"):
        sp.program(rule["do"])
