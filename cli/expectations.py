"""A scenario's ``expect`` block: what the game must look like after the
plays (docs/scenarios.md, "The expectations").

Each key is read from the plain data of the block (engine/data/positions.py
Reader, so a misspelt name is a mistake at its place) into a check of the
:class:`Result`; a check returns what differs, in words, or nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dof.engine.data.located import Key, KeyPath
from dof.engine.data.outcome import Termination
from dof.engine.data.positions import PositionError, Reader
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.rules.decisions import Decision, GameOver
from dof.engine.script import labels, matches, short

#: How many log lines a failure shows.
LOG_SHOWN = 40


@dataclass
class Result:
    """What the plays did: the game afterwards, the log lines they wrote,
    the questions the scripts answered (``asked``; ``chosen`` holds the
    card choices of the rounds among them), and the end of the game if it
    came."""

    game: Game
    log: list[dict]
    asked: list[Decision] = field(default_factory=list)
    chosen: list[Decision] = field(default_factory=list)
    game_over: GameOver | None = None


Check = Callable[[Result], list[str]]


@dataclass
class Expectation:
    """One key of ``expect``: its name, where the key is written, its check."""

    name: str
    at: KeyPath
    check: Check


def read_expect(reader: Reader, value: Any, at: KeyPath) -> list[Expectation]:
    """Each expectation of an ``expect`` block, in the order written."""
    entries = reader.mapping(value, at, "expect", EXPECTATIONS)
    return [Expectation(name, at + (Key(name),), EXPECTATIONS[name](reader, item, at + (name,)))
            for name, item in entries.items()]


# ------------------------------------------------------------ comparisons
def _card_diff(game: Game, want: list[int], have: list[int]) -> str:
    missing = Counter(want) - Counter(have)
    extra = Counter(have) - Counter(want)
    parts = []
    if missing:
        parts.append("missing " + ", ".join(game.card_name(c) for c in sorted(missing)))
    if extra:
        parts.append("not expected " + ", ".join(game.card_name(c) for c in sorted(extra)))
    return "; ".join(parts)


def _names_diff(want: list[str], have: list[str]) -> str:
    missing = Counter(want) - Counter(have)
    extra = Counter(have) - Counter(want)
    parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
        [f"not expected {', '.join(extra)}"] if extra else [])
    return "; ".join(parts)


def _equal(what: str, want: Any, got: Callable[[Result], Any], fmt: str = "{}") -> Check:
    def check(result: Result) -> list[str]:
        value = got(result)
        return [] if value == want else [f"{what}: expected {fmt.format(want)}, "
                                         f"got {fmt.format(value)}"]
    return check


def _per_key(want: dict, got: Callable[[Result], dict], what: str) -> Check:
    def check(result: Result) -> list[str]:
        values = got(result)
        return [f"{what} of {k}: expected {v}, got {values[k]}"
                for k, v in want.items() if values[k] != v]
    return check


def _cards(what: str, want: list[int], got: Callable[[Result], list[int]]) -> Check:
    """Exactly these cards, in any order."""
    def check(result: Result) -> list[str]:
        diff = _card_diff(result.game, want, list(got(result)))
        return [f"{what}: {diff}"] if diff else []
    return check


def _by_side(what: str, want: dict[str, list[int]], got: Callable[[Result, str], list[int]]
             ) -> Check:
    """Exactly these cards for each side listed."""
    def check(result: Result) -> list[str]:
        out = []
        for side, cards in want.items():
            diff = _card_diff(result.game, cards, got(result, side))
            if diff:
                out.append(f"the {side}'s {what}: {diff}")
        return out
    return check


# ---------------------------------------------------------------- readers
def _sps(side: str) -> Callable[[Reader, Any, KeyPath], Check]:
    """Every space where ``side`` has SPs, exactly."""
    def read(r: Reader, value: Any, at: KeyPath) -> Check:
        want = {r.data.spaces[r.space(k, k_at)].name: r.integer(v, v_at, f"{side} SPs", 0)
                for k, k_at, v, v_at in r.pairs(value, at, f"{side} SPs")}

        def check(result: Result) -> list[str]:
            game = result.game
            have = {game.space_name(s): n for s, n in enumerate(game.state["sp"][side]) if n}
            wrong = [f"{name}: expected {want.get(name, 0)}, got {have.get(name, 0)}"
                     for name in sorted(set(want) | set(have), key=game.space_ids.__getitem__)
                     if want.get(name, 0) != have.get(name, 0)]
            return [f"{side} SPs differ: " + "; ".join(wrong)] if wrong else []
        return check
    return read


def _vp(r: Reader, value: Any, at: KeyPath) -> Check:
    return _equal("VP", r.integer(value, at, "vp"), lambda res: res.game.state["vp"], "{:+d}")


def _turn(r: Reader, value: Any, at: KeyPath) -> Check:
    return _equal("the turn", r.integer(value, at, "turn", 1, r.data.turns),
                  lambda res: res.game.state["turn"])


def _ussr(r: Reader, value: Any, at: KeyPath) -> Check:
    return _equal("the U.S.S.R. track", r.ussr_box(value, at), lambda res: res.game.state["ussr"])


def _tiananmen(r: Reader, value: Any, at: KeyPath) -> Check:
    want = {r.side(k, k_at): r.integer(v, v_at, "a Tiananmen Square track box", 0,
                                       len(r.data.tiananmen))
            for k, k_at, v, v_at in r.pairs(value, at, "tiananmen")}
    return _per_key(want, lambda res: res.game.state["tiananmen"], "Tiananmen track")


def _attempted(r: Reader, value: Any, at: KeyPath) -> Check:
    want = ", ".join(sorted({r.side(v, v_at) for v, v_at
                             in r.items(value, at, "tiananmen_attempted")})) or "none"
    return _equal("made this turn's Tiananmen Square attempt", want,
                  lambda res: ", ".join(sorted(s for s, used in res.game.state["tst_used"].items()
                                               if used)) or "none")


def _power(r: Reader, value: Any, at: KeyPath) -> Check:
    want = {r.country(k, k_at): r.side(v, v_at) for k, k_at, v, v_at in r.pairs(value, at, "power")}
    return _per_key(want, lambda res: res.game.state["power"], "Power")


def _scoring_plays(r: Reader, value: Any, at: KeyPath) -> Check:
    want = {r.country(k, k_at): r.integer(v, v_at, "Scoring card plays", 0)
            for k, k_at, v, v_at in r.pairs(value, at, "scoring_plays")}
    return _per_key(want, lambda res: res.game.state["scoring_plays"], "Scoring card plays")


def _hands(r: Reader, value: Any, at: KeyPath) -> Check:
    want = {r.side(k, k_at): [c for c, _ in r.cards(v, v_at, "a hand")]
            for k, k_at, v, v_at in r.pairs(value, at, "hands")}
    return _by_side("hand", want, lambda res, side: res.game.hand(side))


def _holds(r: Reader, value: Any, at: KeyPath) -> Check:
    """Each side listed holds these cards, among others (a hand dealt at random)."""
    want = {r.side(k, k_at): [c for c, _ in r.cards(v, v_at, "cards held")]
            for k, k_at, v, v_at in r.pairs(value, at, "holds")}

    def check(result: Result) -> list[str]:
        game = result.game
        return [f"the {side}'s hand: missing " + ", ".join(game.card_name(c) for c in missing)
                for side, cards in want.items()
                if (missing := [c for c in cards if c not in game.hand(side)])]
    return check


def _hand_sizes(r: Reader, value: Any, at: KeyPath) -> Check:
    want = {r.side(k, k_at): r.integer(v, v_at, "a hand's size", 0)
            for k, k_at, v, v_at in r.pairs(value, at, "hand_sizes")}

    def check(result: Result) -> list[str]:
        return [f"the {side}'s hand: expected {n} card(s), got {len(result.game.hand(side))}"
                for side, n in want.items() if len(result.game.hand(side)) != n]
    return check


def _set_aside(r: Reader, value: Any, at: KeyPath) -> Check:
    want = {r.side(k, k_at): [c for c, _ in r.cards(v, v_at, "cards set aside")]
            for k, k_at, v, v_at in r.pairs(value, at, "set_aside")}
    return _by_side("cards set aside", want, lambda res, side: res.game.state["set_aside"][side])


def _pile(name: str) -> Callable[[Reader, Any, KeyPath], Check]:
    """The cards of the pile or list ``name`` of the state, exactly."""
    def read(r: Reader, value: Any, at: KeyPath) -> Check:
        return _cards(name, [c for c, _ in r.cards(value, at, name)],
                      lambda res: res.game.state[name])  # type: ignore[literal-required]
    return read


def _destroyed(r: Reader, value: Any, at: KeyPath) -> Check:
    want = sorted(r.data.spaces[r.space(v, v_at)].name
                  for v, v_at in r.items(value, at, "destroyed"))

    def check(result: Result) -> list[str]:
        game = result.game
        diff = _names_diff(want, [game.space_name(s) for s in game.state["destroyed"]])
        return [f"destroyed spaces: {diff}"] if diff else []
    return check


def _links(r: Reader, value: Any, at: KeyPath) -> Check:
    """The adjacencies a destroyed space's neighbours were joined by."""
    want = []
    for pair, pair_at in r.items(value, at, "links"):
        spaces = [r.space(v, v_at) for v, v_at in r.items(pair, pair_at, "a link")]
        if len(spaces) != 2:
            raise PositionError("a link joins 2 spaces: [SPACE, SPACE]", pair_at, "E201")
        want.append(_link(r.data.spaces[s].name for s in spaces))

    def check(result: Result) -> list[str]:
        game = result.game
        diff = _names_diff(want, [_link(game.space_name(s) for s in pair)
                                  for pair in game.state["links"]])
        return [f"links: {diff}"] if diff else []
    return check


def _link(names) -> str:
    return " - ".join(sorted(names))


def _in_effect(r: Reader, value: Any, at: KeyPath) -> Check:
    """The cards in effect: lasting effects in force, and events that
    changed the game for good (a space destroyed, an event cancelled); an
    entry ``{card, chosen}`` also names what the effect chose (the
    Tyrant's refuge)."""
    want: list[int] = []
    chosen: dict[int, tuple[str, Any, str]] = {}
    for item, item_at in r.items(value, at, "in_effect"):
        if isinstance(item, dict):
            entries = r.mapping(item, item_at, "an effect in force", ("card", "chosen"),
                                required=("card", "chosen"))
            card = r.card(entries["card"], item_at + ("card",))
            chosen[card] = _chosen(r, entries["chosen"], item_at + ("chosen",))
        else:
            card = r.card(item, item_at)
        want.append(card)

    def check(result: Result) -> list[str]:
        diff = _card_diff(result.game, want, in_effect(result.game))
        out = [f"in effect: {diff}"] if diff else []
        return out + [problem for card, (kind, what, name) in chosen.items()
                      if (problem := _chose(result.game, card, kind, what, name))]
    return check


def _chosen(r: Reader, value: Any, at: KeyPath) -> tuple[str, Any, str]:
    """What an effect chose: ('chosen_country', name, name) or
    ('chosen_space', id, name)."""
    country = r.names.countries.get(r.text(value, at, "what the effect chose"))
    if country is not None:
        return "chosen_country", country, country
    space = r.space(value, at)
    return "chosen_space", space, r.data.spaces[space].name


def _chose(game: Game, card: int, kind: str, what: Any, name: str) -> str | None:
    found = [e["vars"].get(kind) for e in game.state["effects"] if e["card"] == card]
    if not found or what in found:
        return None
    got = ", ".join(sorted({game.space_name(v) if kind == "chosen_space" else str(v)
                            for v in found if v is not None})) or "nothing"
    return f"{game.card_name(card)} chose {got}, not {name}"


def in_effect(game: Game) -> list[int]:
    """The cards in effect: those with lasting effects in force (7.2), then
    the events played that changed the game for good and were not
    cancelled since (their card is printed lasting, 2.2.5)."""
    st = game.state
    cards = list(dict.fromkeys(e["card"] for e in st["effects"] if e["card"] is not None))
    events = game.events
    if events is not None:
        cards += [c for c in st["events_played"] if c not in cards and c not in st["cancelled"]
                  and game.data.cards[c].lasting and events.changes_for_good(c)]
    return cards


def _log_lines(result: Result) -> str:
    lines = [entry["text"] for entry in result.log]
    cut = lines[-LOG_SHOWN:]
    head = [f"... {len(lines) - len(cut)} earlier lines"] if len(cut) < len(lines) else []
    return "the plays logged:\n" + "\n".join("    " + line for line in head + cut)


def _log(r: Reader, value: Any, at: KeyPath) -> Check:
    """Each text in a log line of the plays, in this order."""
    texts = [r.text(v, v_at, "a log text") for v, v_at in r.items(value, at, "log")]

    def check(result: Result) -> list[str]:
        lines = [entry["text"].casefold() for entry in result.log]
        seen = 0
        for text in texts:
            found = next((i for i in range(seen, len(lines)) if text.casefold() in lines[i]),
                         None)
            if found is None:
                after = " after the previous one" if seen else ""
                return [f"no log line contains {text!r}{after}\n{_log_lines(result)}"]
            seen = found + 1
        return []
    return check


def _not_in_log(r: Reader, value: Any, at: KeyPath) -> Check:
    texts = [r.text(v, v_at, "a log text") for v, v_at in r.items(value, at, "not_in_log")]

    def check(result: Result) -> list[str]:
        return [f"a log line contains {text!r}: {entry['text']!r}" for text in texts
                for entry in result.log if text.casefold() in entry["text"].casefold()][:1]
    return check


def _revealed(r: Reader, value: Any, at: KeyPath) -> Check:
    """The sides whose Power Struggle hand was shown to the opponent during
    the plays, in order (Securitate)."""
    want = [r.side(v, v_at) for v, v_at in r.items(value, at, "revealed")]

    def check(result: Result) -> list[str]:
        got = [e["player"] for e in result.log if e["kind"] == "ps_reveal"]
        return [] if got == want else [f"Power Struggle hands revealed: expected "
                                       f"{', '.join(want) or 'none'}, got "
                                       f"{', '.join(got) or 'none'}"]
    return check


def _game_over(r: Reader, value: Any, at: KeyPath) -> Check:
    """The game ended with this winner (or draw), and, when a mapping says
    ``how``, in this way (a Termination: final scoring, held scoring card...)."""
    how = None
    winner, winner_at = value, at
    if isinstance(value, dict):
        entries = r.mapping(value, at, "game_over", ("winner", "how"), required=("winner",))
        winner, winner_at = entries["winner"], at + ("winner",)
        if "how" in entries:
            words = r.choice(str(entries["how"]).replace("_", " "), at + ("how",), "how",
                             [t.value.replace("_", " ") for t in Termination])
            how = Termination(words.replace(" ", "_"))
    want = r.choice(winner, winner_at, "game_over", (*SIDES, "draw"))

    def check(result: Result) -> list[str]:
        end = result.game_over
        if end is None:
            expected = "a draw" if want == "draw" else f"a {want} win"
            return [f"the game did not end (expected {expected}; VP "
                    f"{result.game.state['vp']:+d})"]
        got = end.winner or "draw"
        if got != want:
            return [f"the game ended: expected {want}, got {got} ({end.how}: {end.detail})"]
        if how is not None and end.how != how:
            return [f"the game ended by {end.how} ({end.detail}), not by {how}"]
        return []
    return check


# ------------------------------------------------------------------ asked
@dataclass
class Question:
    """An expected question: who, what kind, and optionally its options."""

    player: str
    kind: str
    options: list[Any] | None

    def __str__(self) -> str:
        return f"{self.player} {self.kind}"


def _question(r: Reader, value: Any, at: KeyPath) -> Question:
    """``communist space``, or ``communist space: [Gdansk, Lodz]`` with the
    options offered."""
    head, head_at, options = value, at, None
    if isinstance(value, dict):
        if len(value) != 1:
            raise PositionError("an asked question with options is one 'PLAYER KIND: "
                                "[options]' line", at, "E201")
        [(head, options)] = value.items()
        head_at = at + (Key(head),)
        options = [r.scalar(v, v_at) for v, v_at in r.items(options, at + (head,), "options")]
    text = r.text(head, head_at, "an asked question")
    words = text.split()
    if len(words) != 2:
        hint = ("its options are a list, not text: '- PLAYER KIND: [options]' on a line of "
                "its own, or {PLAYER KIND: [options]} inside [...]" if ":" in text else None)
        raise PositionError("an asked question is 'PLAYER KIND', such as 'communist space' or "
                            "'democrat use'", head_at, "E201", hint)
    sides = [s for s in SIDES if s.startswith(words[0].casefold())]
    if len(sides) != 1:
        raise PositionError(f"{words[0]!r} is not a player (democrat or communist)", head_at,
                            "E201")
    return Question(sides[0], words[1], options)


def _asked(r: Reader, value: Any, at: KeyPath) -> Check:
    """The questions the scripts answered, in order, with their options (in
    any order, each as often as offered) where given; the card chosen for
    each round too, when a ``card`` question is listed."""
    want = [_question(r, v, v_at) for v, v_at in r.items(value, at, "asked")]
    with_cards = any(q.kind == "card" for q in want)

    def check(result: Result) -> list[str]:
        asked = [d for d in result.asked if with_cards or not any(d is c for c in result.chosen)]
        got = [f"{d.player} {d.kind}" for d in asked]
        if got != [str(q) for q in want]:
            return ["the questions asked differ\nexpected: " + ", ".join(map(str, want))
                    + "\n   asked: " + ", ".join(got)]
        return [problem for i, (question, decision) in enumerate(zip(want, asked, strict=True))
                if (problem := _options_differ(result.game, i, question, decision))]
    return check


def _options_differ(game: Game, i: int, question: Question, decision: Decision) -> str | None:
    if question.options is None:
        return None
    shown = [short(label) for label in labels(decision)]
    named = []
    for value in question.options:
        found = matches(game, decision, value)
        named.append(shown[found[0]] if found else str(value))
    missing = Counter(named) - Counter(shown)
    extra = Counter(shown) - Counter(named)
    if not (missing or extra):
        return None
    parts = ([f"not offered: {', '.join(missing)}"] if missing else []) + (
        [f"offered too: {', '.join(extra)}"] if extra else [])
    return f"question {i + 1} ({question}) options differ: " + "; ".join(parts)


#: The readers of the expectation keys, in the order docs/scenarios.md gives them.
EXPECTATIONS: dict[str, Callable[[Reader, Any, KeyPath], Check]] = {
    "democrat": _sps("democrat"), "communist": _sps("communist"), "vp": _vp, "turn": _turn,
    "tiananmen": _tiananmen, "tiananmen_attempted": _attempted, "power": _power,
    "ussr": _ussr, "scoring_plays": _scoring_plays, "hands": _hands, "holds": _holds,
    "hand_sizes": _hand_sizes, "set_aside": _set_aside,
    **{pile: _pile(pile) for pile in ("discard", "removed", "display", "events_played",
                                      "cancelled")},
    "in_effect": _in_effect, "destroyed": _destroyed, "links": _links, "log": _log,
    "not_in_log": _not_in_log, "revealed": _revealed, "asked": _asked,
    "game_over": _game_over,
}
