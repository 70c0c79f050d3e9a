"""The shape and invariants of a game state, checked when a save is loaded.

A save file is plain JSON a person can edit. A state that is well formed
JSON but impossible for the game (negative SPs, a card in two places, a
Power held by nobody, a list one space short, a bid over the 13.0 cap, a
result of a game not over) would otherwise be accepted and fail much
later, far from the cause. :func:`check_state` rejects it at once with a
message that names the field, e.g. ``sp.democrat[12]``; :func:`check_options`
and :func:`check_log` do the same for a game's options and log, and
:func:`deeper_than` measures nesting without recursion. Every path that
reads a save uses them (engine/saves.py read_save).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from dof.engine.data.outcome import Termination
from dof.engine.data.state import (
    DEFAULT_OPTIONS,
    MAX_BID,
    PS_STEPS,
    VICTORY_VP,
    Attack,
    Effect,
    PowerStruggle,
    Result,
    State,
    fields,
)
from dof.engine.data.terms import KINDS, SIDES, SUITS


class StateError(ValueError):
    """A state that breaks the schema or an invariant; the message names the field."""


class OptionsError(StateError):
    """Options no game can have (an unknown one, a bid over the 13.0 cap)."""


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: JSON's kinds of value, as a message names them: the words of a YAML
#: file's messages (terms.KINDS), but JSON's object and null.
_KINDS = {**KINDS, dict: "an object", type(None): "null"}


def _kind(kind: type) -> str:
    return _KINDS.get(kind, kind.__name__)


def found(value: Any) -> str:
    """What a message says was found instead: its kind and its start."""
    return "null" if value is None else f"{_kind(type(value))} {value!r:.40}"


class _Check:
    def __init__(self, data, state: Any, error: type[StateError] = StateError) -> None:
        self.data = data
        self.state = state
        self.error = error

    def fail(self, path: str, why: str) -> None:
        raise self.error(f"{path}: {why}")

    def keys(self, obj: dict, path: str, known: Any, what: str) -> None:
        """Every key of ``obj`` (``what`` it is) is one of ``known``: a key
        this dof does not know is a field it would not read, or would read
        as something else."""
        for name in obj:
            if name not in known:
                self.fail(f"{path}{name}", f"not a field of {what} (its fields: "
                          f"{', '.join(known)})")

    def get(self, obj: Any, path: str, key: str, kind: type | tuple) -> Any:
        if not isinstance(obj, dict) or key not in obj:
            self.fail(f"{path}{key}", "missing")
        value = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = any(_int(value) if k is int else isinstance(value, k) for k in kinds)
        if not ok:
            self.fail(f"{path}{key}", f"expected {' or '.join(map(_kind, kinds))}, found "
                      f"{found(value)}")
        return value

    def number(self, obj: Any, path: str, key: str, lo: int | None = None,
               hi: int | None = None) -> int:
        value = self.get(obj, path, key, int)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            bounds = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
            self.fail(f"{path}{key}", f"{value} is out of range ({bounds})")
        return value

    def per_side(self, obj: Any, path: str, key: str, kind: type | tuple) -> dict:
        value = self.get(obj, path, key, dict)
        for name in value:
            if name not in SIDES:
                self.fail(f"{path}{key}.{name}", "not a player (the players are democrat and "
                          "communist)")
        for side in SIDES:
            self.get(value, f"{path}{key}.", side, kind)
        return value

    def cards(self, obj: Any, path: str, key: str) -> list:
        value = self.get(obj, path, key, list)
        for i, card in enumerate(value):
            if not _int(card) or card not in self.data.cards:
                self.fail(f"{path}{key}[{i}]", f"{card!r} is not a strategy card number")
        return value


def check_state(data, state: Any, phases: tuple[str, ...], start: bool = False,
                rules: Mapping[str, list[dict]] | None = None) -> None:
    """Raise StateError unless ``state`` is a possible game state for ``data``
    (OptionsError for its options); with ``start``, one a game can start
    from: a save's start and checkpoint, taken at a turn step or between
    action rounds, never inside a Power Struggle. With ``rules`` (the
    card programs' lasting rules, Events.lasting_rules), each lasting
    effect must hold one of them, for as long as its card says."""
    c = _Check(data, state)
    if not isinstance(state, dict):
        raise StateError(f"expected an object, found {found(state)}")
    c.keys(state, "", fields(State), "a game state")
    check_options(c.get(state, "", "options", dict))
    phase = _check_clock(c, data, state, phases)
    _check_board(c, data, state)
    _check_piles(c, data, state)
    _check_tracks(c, data, state)
    for i, effect in enumerate(c.get(state, "", "effects", list)):
        _check_effect(c, data, effect, f"effects[{i}].", rules)
    vp = c.number(state, "", "vp")
    deferred = c.get(state, "", "defer_victory", bool)
    if not deferred and phase != "game_over" and abs(vp) >= VICTORY_VP:
        c.fail("vp", f"{vp:+d} with the game not over: {VICTORY_VP} VP either way wins at "
               "once (10.1)")
    _check_result(c, data, c.get(state, "", "result", (dict, type(None))), phase)
    ps = c.get(state, "", "ps", (dict, type(None)))
    if ps is not None and start:
        c.fail("ps", "a game starts at a turn step or an action round, never inside a Power "
               "Struggle")
    if ps is not None:
        _check_struggle(c, data, ps)
    _check_card_places(c, data, state)


def _check_clock(c: _Check, data, state: dict, phases: tuple[str, ...]) -> str:
    """The seed and the generator's place, the turn step, turn and round,
    and who is phasing; the step is returned."""
    c.number(state, "", "seed")
    c.number(state, "", "rng", 0, (1 << 64) - 1)
    phase = c.get(state, "", "phase", str)
    if phase not in phases:
        c.fail("phase", f"unknown step {phase!r}")
    c.number(state, "", "turn", 1, data.turns)
    c.number(state, "", "ar", 0)
    phasing = c.get(state, "", "phasing", (str, type(None)))
    if phasing is not None and phasing not in SIDES:
        c.fail("phasing", f"unknown player {phasing!r}")
    return phase


def _check_board(c: _Check, data, state: dict) -> None:
    """Each side's SPs on every space, destroyed spaces and new links."""
    n_spaces = len(data.spaces)
    sp = c.per_side(state, "", "sp", list)
    for side in SIDES:
        if len(sp[side]) != n_spaces:
            c.fail(f"sp.{side}", f"has {len(sp[side])} entries; the map has {n_spaces} spaces")
        for i, n in enumerate(sp[side]):
            if not _int(n) or n < 0:
                c.fail(f"sp.{side}[{i}]", f"{n!r} ({data.spaces[i].name}): SPs are whole "
                       "numbers of at least 0")
    for key in ("destroyed",):
        for i, s in enumerate(c.get(state, "", key, list)):
            if not _int(s) or not 0 <= s < n_spaces:
                c.fail(f"{key}[{i}]", f"{s!r} is not a space id")
    for i, link in enumerate(c.get(state, "", "links", list)):
        if not (isinstance(link, list) and len(link) == 2
                and all(_int(s) and 0 <= s < n_spaces for s in link)):
            c.fail(f"links[{i}]", f"{link!r} is not a pair of space ids")


def _check_piles(c: _Check, data, state: dict) -> None:
    """The piles and hands of strategy cards, and the cards a player must
    play or is playing."""
    for key in ("deck", "discard", "removed", "display", "aside", "cancelled",
                "events_played", "succeeded"):
        c.cards(state, "", key)
    for key in ("hands", "set_aside"):
        value = c.per_side(state, "", key, list)
        for side in SIDES:
            c.cards(value, f"{key}.", side)
    must = c.per_side(state, "", "must_play", (int, type(None)))
    for side in SIDES:
        if must[side] is not None and must[side] not in data.cards:
            c.fail(f"must_play.{side}", f"{must[side]} is not a strategy card number")
    played = c.get(state, "", "played", (int, type(None)))
    if played is not None and played not in data.cards:
        c.fail("played", f"{played} is not a strategy card number")


def _check_tracks(c: _Check, data, state: dict) -> None:
    """The Tiananmen Square and U.S.S.R. tracks, the rounds played, and who
    holds power in each country with how often it was scored."""
    boxes = len(data.tiananmen)
    for key, kind in (("tiananmen", int), ("tst_tries", int), ("rounds", int),
                      ("tst_used", bool)):
        value = c.per_side(state, "", key, kind)
        for side in SIDES:
            if kind is int:
                c.number(value, f"{key}.", side, 0, boxes if key == "tiananmen" else None)
    c.number(state, "", "ussr", 0, len(data.ussr_track) - 1)
    c.number(state, "", "effect_seq", 0)
    for key, entry_kind in (("power", str), ("scoring_plays", int)):
        value = c.get(state, "", key, dict)
        if set(value) != set(data.countries):
            c.fail(key, f"expected one entry per country, found {sorted(value)}")
        for country in data.countries:
            entry = c.get(value, f"{key}.", country, entry_kind)
            if key == "power" and entry not in SIDES:
                c.fail(f"power.{country}", f"{entry!r} is not a player")
            if key == "scoring_plays" and entry < 0:
                c.fail(f"scoring_plays.{country}", f"{entry} is negative")


#: The bindings a lasting effect keeps from the program that registered it
#: (engine/rules/effects.py), and what each names.
EFFECT_BINDINGS = {"chosen_space": "space", "chosen_country": "country",
                   "this_space": "space", "this_country": "country",
                   "power_struggle_country": "country"}


def unplaced(value: Any) -> Any:
    """``value`` without card-file locations (``at``: where a lasting
    effect's rule is written), which differ between installs of the same
    cards and are no part of the game, and with its tuples as the lists a
    save file reads back."""
    if isinstance(value, dict):
        return {k: unplaced(v) for k, v in value.items() if k != "at"}
    if isinstance(value, list | tuple):
        return [unplaced(v) for v in value]
    return value


def rule_key(rule: Any) -> str:
    """A lasting rule (or a duration's country) as text to look up by, the
    same wherever the cards are installed."""
    return json.dumps(unplaced(rule), sort_keys=True)


def _check_effect(c: _Check, data, effect: Any, path: str,
                  rules: Mapping[str, list[dict]] | None) -> None:
    """A lasting effect (7.2): whose it is, from which card or Tiananmen box,
    the bindings it keeps; with ``rules``, its duration too."""
    if not isinstance(effect, dict):
        c.fail(path.rstrip("."), f"expected an object, found {found(effect)}")
    c.keys(effect, path, fields(Effect), "a lasting effect")
    c.number(effect, path, "id", 1)
    c.number(effect, path, "group", 1)
    if c.get(effect, path, "owner", str) not in SIDES:
        c.fail(f"{path}owner", f"{effect['owner']!r} is not a player")
    card = c.get(effect, path, "card", (int, type(None)))
    if card is not None and card not in data.cards:
        c.fail(f"{path}card", f"{card} is not a strategy card number")
    if c.get(effect, path, "box", (int, type(None))) is not None:
        c.number(effect, path, "box", 1, len(data.tiananmen))
    if "used_turn" in effect:
        c.number(effect, path, "used_turn", 1, data.turns)
    for name, value in c.get(effect, path, "vars", dict).items():
        kind = EFFECT_BINDINGS.get(name)
        if kind is None:
            c.fail(f"{path}vars.{name}", f"not a binding an effect keeps (one of "
                   f"{', '.join(EFFECT_BINDINGS)})")
        if (kind == "space" and not (_int(value) and 0 <= value < len(data.spaces))) or \
                (kind == "country" and value not in data.countries):
            c.fail(f"{path}vars.{name}", f"{value!r:.40} is not a {kind}")
    rule = c.get(effect, path, "rule", dict)
    if c.get(effect, path, "hook", str) != rule.get("hook"):
        c.fail(f"{path}hook", f"{effect['hook']!r:.40} is not the hook of its rule")
    c.get(effect, path, "until", str)
    c.get(effect, path, "uses", (int, type(None)))
    if rules is not None:
        _check_duration(c, effect, path, rules)


def _check_duration(c: _Check, effect: dict, path: str,
                    rules: Mapping[str, list[dict]]) -> None:
    """The effect's rule is one the cards write, and it lasts as its card
    says (until, uses, country)."""
    rule, until, uses = effect["rule"], effect["until"], effect["uses"]
    durations = rules.get(rule_key(rule))
    if durations is None:
        c.fail(f"{path}rule", "not a lasting rule of these cards: an effect holds a rule as a "
               "card or Tiananmen box writes it")
    country = rule_key(effect.get("country"))
    if not any(d["until"] == until and rule_key(d.get("country")) == country
               and (uses is None if d.get("uses") is None else uses is not None
                    and 1 <= uses <= d["uses"]) for d in durations or ()):
        c.fail(f"{path}until", f"{until!r:.40} with {uses!r:.10} uses and country "
               f"{effect.get('country')!r:.40}: not how long its card makes this rule last")


def check_options(options: Any) -> None:
    """OptionsError unless ``options`` are options a game can have: each
    one known, of its type, a 13.0 bid for one side only and at most
    MAX_BID SPs (ruling R3). New games and saves pass the same check, so a
    bid the command line refuses is refused in a save too."""
    c = _Check(None, options, OptionsError)
    if not isinstance(options, dict):
        c.fail("options", f"expected an object, found {found(options)}")
    c.keys(options, "", tuple(DEFAULT_OPTIONS), "the options")
    c.get(options, "", "voluntary_stop", bool)
    bid = c.per_side(options, "", "extra_sps", int)
    for side in SIDES:
        if bid[side] < 0:
            c.fail(f"extra_sps.{side}", f"{bid[side]} is not a number of SPs (at least 0)")
        if bid[side] > MAX_BID:
            c.fail(f"extra_sps.{side}", f"{bid[side]} is more than the {MAX_BID} a bid allows "
                   "(13.0, ruling R3)")
    if all(bid.values()):
        c.fail("extra_sps", f"{bid['democrat']} for the democrat and {bid['communist']} for the "
               "communist: a bid gives extra SPs to one side only (13.0, ruling R3)")


def _check_result(c: _Check, data, result: dict | None, phase: str) -> None:
    """A game has a result once it is over, and only then; the result says
    who won, how, with what VP and on which turn (engine/data/outcome.py)."""
    if result is None:
        if phase == "game_over":
            c.fail("result", "missing: the game is over (phase game_over)")
        return
    if phase != "game_over":
        c.fail("result", f"the game is not over (phase {phase}), so it has no result yet")
    c.keys(result, "result.", fields(Result), "a result")
    winner = c.get(result, "result.", "winner", (str, type(None)))
    if winner is not None and winner not in SIDES:
        c.fail("result.winner", f"{winner!r} is not a player")
    how = c.get(result, "result.", "how", str)
    if how not in set(Termination):
        c.fail("result.how", f"{how!r} is not a way a game ends (one of "
               f"{', '.join(Termination)})")
    c.get(result, "result.", "detail", str)
    c.number(result, "result.", "vp")
    c.number(result, "result.", "turn", 1, data.turns)


def _check_struggle(c: _Check, data, ps: dict) -> None:
    """A Power Struggle in progress (engine/rules/power_struggle.py): every field
    of its plain data, and each of its cards in one place at most (in
    exactly one once they are dealt, 8.1)."""
    c.keys(ps, "ps.", fields(PowerStruggle), "a Power Struggle")
    step = c.get(ps, "ps.", "step", str)
    if step not in PS_STEPS:
        c.fail("ps.step", f"unknown step {step!r} (one of {', '.join(PS_STEPS)})")
    country = c.get(ps, "ps.", "country", str)
    if country not in data.countries:
        c.fail("ps.country", f"unknown country {country!r}")
    for key, kind in (("scorer", str), ("attacker", str), ("winner", (str, type(None)))):
        who = c.get(ps, "ps.", key, kind)
        if who is not None and who not in SIDES:
            c.fail(f"ps.{key}", f"{who!r} is not a player")
    for key in ("raised", "revealed"):
        c.per_side(ps, "ps.", key, bool)
    for key in ("takes_power", "surrendered"):
        c.get(ps, "ps.", key, bool)
    c.number(ps, "ps.", "round", 0)
    c.get(ps, "ps.", "vp_total", (int, type(None)))
    suit = c.get(ps, "ps.", "suit", (str, type(None)))
    if suit is not None and suit not in SUITS:
        c.fail("ps.suit", f"{suit!r} is not a suit")
    for i, blocked in enumerate(c.get(ps, "ps.", "blocked", list)):
        if blocked not in SUITS:
            c.fail(f"ps.blocked[{i}]", f"{blocked!r} is not a suit")
    attack = c.get(ps, "ps.", "attack", (dict, type(None)))
    if attack is not None:
        c.keys(attack, "ps.attack.", fields(Attack), "an attack")
        _ps_card(c, c.get(attack, "ps.attack.", "card", int), "ps.attack.card")
        if c.get(attack, "ps.attack.", "suit", str) not in SUITS:
            c.fail("ps.attack.suit", f"{attack['suit']!r} is not a suit")
        c.number(attack, "ps.attack.", "rank", 0)
    _check_struggle_cards(c, data, ps, step)


def _check_struggle_cards(c: _Check, data, ps: dict, step: str) -> None:
    """Each Power Struggle card in one place at most, and in exactly one
    once they are dealt (8.1)."""
    dealt = c.per_side(ps, "ps.", "dealt", list)
    places: Counter = Counter()
    for key in ("deck", "discard"):
        places.update(c.get(ps, "ps.", key, list))
    hands = c.per_side(ps, "ps.", "hands", list)
    for side in SIDES:
        places.update(hands[side])
        for i, card in enumerate(dealt[side]):
            _ps_card(c, card, f"ps.dealt.{side}[{i}]")
    for card, times in places.items():
        _ps_card(c, card, "ps")
        if times > 1:
            c.fail("ps", f"Power Struggle card {card} is in {times} places")
    n = len(data.ps_cards)
    if step != "deal" and len(places) != n:
        c.fail("ps", f"{n - len(places)} Power Struggle card(s) are nowhere")




def _ps_card(c: _Check, card: Any, path: str) -> None:
    if not _int(card) or not 0 <= card < len(c.data.ps_cards):
        c.fail(path, f"{card!r} is not a Power Struggle card id")


def check_log(data, log: Any) -> None:
    """StateError unless ``log`` is a list of log entries (Game.note): each
    with its kind, turn, action round and text, and the player, a roll and
    its total, when it names them, of their types."""
    c = _Check(data, log)
    if not isinstance(log, list):
        raise StateError(f"expected a list, found {found(log)}")
    for i, entry in enumerate(log):
        path = f"[{i}]."
        if not isinstance(entry, dict):
            c.fail(f"[{i}]", f"expected an object, found {found(entry)}")
        c.get(entry, path, "kind", str)
        c.number(entry, path, "turn", 1, data.turns)
        c.number(entry, path, "ar", 0)
        c.get(entry, path, "text", str)
        if "player" in entry and entry["player"] not in SIDES:
            c.fail(f"{path}player", f"{entry['player']!r:.40} is not a player")
        for key in ("roll", "total"):
            if key in entry:
                c.number(entry, path, key)


def deeper_than(obj: Any, limit: int) -> bool:
    """Whether ``obj`` nests lists and objects more than ``limit`` levels
    deep; measured in a loop, not by recursion, so any depth can be."""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list | tuple):
            if depth > limit:
                return True
            stack.extend((item, depth + 1) for item in value)
    return False


def _check_card_places(c: _Check, data, state: dict) -> None:
    """Every strategy card is in exactly one place (7.2: on display counts),
    the Middle and Late Year cards not yet shuffled in included (4.4)."""
    places: Counter = Counter()
    for pile in ("deck", "discard", "removed", "display", "aside"):
        places.update(state[pile])
    for side in SIDES:
        places.update(state["hands"][side])
        places.update(state["set_aside"][side])
    if state["played"] is not None:
        places[state["played"]] += 1
    for after_turn, period in data.deck_additions.items():
        if state["turn"] <= after_turn:
            places.update(data.cards_of_period(period))
    for card, times in sorted(places.items()):
        if times > 1:
            c.fail("cards", f"card {card} ({data.cards[card].name}) is in {times} places")
    missing = sorted(set(data.cards) - set(places))
    if missing:
        c.fail("cards", f"card {missing[0]} ({data.cards[missing[0]].name}) is nowhere")
