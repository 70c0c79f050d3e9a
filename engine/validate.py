"""The shape and invariants of a game state, checked when a save is loaded.

A save file is plain JSON a person can edit. A state that is well formed
JSON but impossible for the game (negative SPs, a card in two places, a
Power held by nobody, a list one space short) would otherwise be accepted
and fail much later, far from the cause. :func:`check_state` rejects it at
once with a message that names the field, e.g. ``sp.democrat[12]``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from dof.engine.terms import SIDES


class StateError(ValueError):
    """A state that breaks the schema or an invariant; the message names the field."""


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Check:
    def __init__(self, data, state: Any) -> None:
        self.data = data
        self.state = state

    def fail(self, path: str, why: str) -> None:
        raise StateError(f"{path}: {why}")

    def get(self, obj: Any, path: str, key: str, kind: type | tuple) -> Any:
        if not isinstance(obj, dict) or key not in obj:
            self.fail(f"{path}{key}", "missing")
        value = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = any(_int(value) if k is int else isinstance(value, k) for k in kinds)
        if not ok:
            names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
            self.fail(f"{path}{key}", f"expected {names}, found {type(value).__name__} "
                      f"{value!r:.40}")
        return value

    def number(self, obj: Any, path: str, key: str, lo: int | None = None,
               hi: int | None = None) -> int:
        value = self.get(obj, path, key, int)
        if lo is not None and value < lo or hi is not None and value > hi:
            bounds = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
            self.fail(f"{path}{key}", f"{value} is out of range ({bounds})")
        return value

    def per_side(self, obj: Any, path: str, key: str, kind: type | tuple) -> dict:
        value = self.get(obj, path, key, dict)
        if set(value) != set(SIDES):
            self.fail(f"{path}{key}", f"expected the keys democrat and communist, found "
                      f"{sorted(value)}")
        for side in SIDES:
            self.get(value, f"{path}{key}.", side, kind)
        return value

    def cards(self, obj: Any, path: str, key: str) -> list:
        value = self.get(obj, path, key, list)
        for i, card in enumerate(value):
            if not _int(card) or card not in self.data.cards:
                self.fail(f"{path}{key}[{i}]", f"{card!r} is not a strategy card number")
        return value


def check_state(data, state: Any, phases: tuple[str, ...]) -> None:
    """Raise StateError unless ``state`` is a possible game state for ``data``."""
    c = _Check(data, state)
    if not isinstance(state, dict):
        c.fail("state", "expected an object")
    n_spaces = len(data.spaces)
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
    c.number(state, "", "vp")
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
    for i, effect in enumerate(c.get(state, "", "effects", list)):
        path = f"effects[{i}]."
        c.number(effect, path, "id", 1)
        c.get(effect, path, "hook", str)
        c.get(effect, path, "rule", dict)
        c.get(effect, path, "until", str)
        if c.get(effect, path, "owner", str) not in SIDES:
            c.fail(f"{path}owner", f"{effect['owner']!r} is not a player")
        card = c.get(effect, path, "card", (int, type(None)))
        if card is not None and card not in data.cards:
            c.fail(f"{path}card", f"{card} is not a strategy card number")
    c.get(state, "", "defer_victory", bool)
    c.get(state, "", "options", dict)
    c.get(state, "", "result", (dict, type(None)))
    ps = c.get(state, "", "ps", (dict, type(None)))
    if ps is not None:
        _check_struggle(c, data, ps)
    _check_card_places(c, data, state)


def _check_struggle(c: _Check, data, ps: dict) -> None:
    n = len(data.ps_cards)
    country = c.get(ps, "ps.", "country", str)
    if country not in data.countries:
        c.fail("ps.country", f"unknown country {country!r}")
    places: Counter = Counter()
    for key in ("deck", "discard"):
        places.update(c.get(ps, "ps.", key, list))
    hands = c.per_side(ps, "ps.", "hands", list)
    for side in SIDES:
        places.update(hands[side])
    for card, times in places.items():
        if not _int(card) or not 0 <= card < n:
            c.fail("ps", f"{card!r} is not a Power Struggle card id")
        if times > 1:
            c.fail("ps", f"Power Struggle card {card} is in {times} places")
    if ps.get("step") not in (None, "idle", "deal") and len(places) != n:
        c.fail("ps", f"{n - len(places)} Power Struggle card(s) are nowhere")


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
