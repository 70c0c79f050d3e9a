"""A card that lints clean plays as written (issue 19, item 8): mutants of
the printed cards that lint with no error are played as events in several
random games, and no game raises.

A mutant is a printed card's text with one to three changes of the kinds a
modder makes: a card, space or country name, a number, a side, a player, a
verb, a duration or a trigger swapped for another; a statement deleted,
duplicated, or spliced in from another card or from the examples of
docs/language.md. About half the mutants do not lint; each one that does
replaces the printed card in a mod (or joins the deck under a new number),
is put in a player's hand once its period's cards are in the game, is played
as its event as soon as he may (a neutral or Scoring card by each side in
turn), and the game goes on to its end with random answers; a wild card's
mutant is played whenever its holder may. After each game every card is in
exactly one place (tests/test_properties.py).

The suite plays a fixed, seeded set of 400 (about 190 lint clean, 17 s).
``DOF_MUTANTS=5000 pytest tests/test_card_mutants.py`` plays more
(``DOF_MUTANT_SEED`` picks another set); a failure prints the mutant, which
is also left in the test's temporary folder to lint and play by hand.
"""

from __future__ import annotations

import os
import random
import re
import traceback
from pathlib import Path

import pytest
from test_properties import check_invariants

from dof.dsl import builtin_cards_dir, load_deck
from dof.engine.data import load_data
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.programs.events import EventRunner
from dof.engine.rules.piles import move_card

DATA = load_data()
ROOT = Path(__file__).parent.parent
SOURCES = {p.name: p.read_text(encoding="utf-8")
           for p in sorted(builtin_cards_dir().glob("*.card")) if p.name != "tiananmen.card"}
CARD = re.compile(r'^(card (\d+)|power struggle card) "[^"]*" \{\n.*?^\}\n', re.M | re.S)
#: Each printed card's text: strategy cards by number, wild cards by name.
CARDS = {m.group(2) or m.group(0).split('"')[1]: m.group(0)
         for src in SOURCES.values() for m in CARD.finditer(src)}
NUMBERED = sorted(n for n in CARDS if n.isdigit())
WILD = sorted(n for n in CARDS if not n.isdigit())
META = re.compile(r"^\s*(period|side|ops|no ops|summary|requires|no effect|cancels|removed|"
                  r"lasting|red title|event \{|when played for operations)\b")
#: Statement lines of the printed events and of the language's examples
#: (docs/language.md), to splice into other cards.
EXAMPLES = "\n".join(block for block in re.findall(
    r"```card\n(.*?)```", (ROOT / "docs" / "language.md").read_text(encoding="utf-8"), re.S)
    if not block.startswith(("card", "tiananmen", "power struggle")))
STATEMENTS = sorted({line.strip() for text in [*CARDS.values(), EXAMPLES]
                     for line in text.splitlines()
                     if line.strip() not in ("", "}", "{") and not META.match(line)
                     and not line.strip().startswith(("#", "card ", "power struggle card"))})

WORDS: dict[str, list[str]] = {
    "player": ["democrat", "communist", "you", "opponent"],
    "side": ["side democrat", "side communist", "side neutral", "side scoring"],
    "ops": ["ops 1", "ops 2", "ops 3", "ops 4", "no ops"],
    "period": ["period early", "period middle", "period late"],
    "verb": ["places", "removes", "draws", "discards", "reveals", "takes", "gives", "plays",
             "chooses", "rolls", "holds", "gains", "makes", "uses", "moves", "sets"],
    "verb_bare": ["place", "remove", "draw", "discard", "reveal", "take", "give", "play",
                  "choose", "roll", "hold", "gain", "make", "use", "move", "set"],
    "duration": ["for the rest of the turn", "for the rest of the game", "until cancelled",
                 "until the end of this action round", "until the next deal",
                 "until the end of the next power struggle", "for the next 2 uses"],
    "trigger": ["at the next power struggle, after the deal",
                "at each power struggle, after the deal", "after the next power struggle",
                "at the end of this turn", "at the end of this action round",
                "at the start of each turn", "at the end of each turn",
                "at the start of each democrat action round", "instead of each communist "
                "action round", "each time democrat makes a support check",
                "after communist plays a card in his next action round", "at final scoring",
                "when the game ends", "as soon as democrat controls Gdansk"],
    "card": [f'"{c.name}"' for c in DATA.cards.values()],
    "place": sorted({s.name for s in DATA.spaces} | set(DATA.countries)),
    "number": [str(n) for n in range(1, 7)],
    "ref": ["this card", "the chosen card", "the discarded card", "the played card",
            "the given card", "the taken card"],
    "deck": ["cards", "power struggle cards", "random power struggle cards",
             "non-scoring cards", "scoring cards"],
}
PATTERNS = {kind: re.compile(r"(?<![\w\"-])(" + "|".join(
    re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?![\w\"-])")
    for kind, words in WORDS.items()}


def mutate(rng: random.Random, text: str) -> str:
    """One change to a card's text (see the module's docstring)."""
    lines = text.splitlines(keepends=True)
    body = [i for i, line in enumerate(lines[1:-1], 1)
            if line.strip() not in ("", "}") and not META.match(line)]
    kind = rng.choice([*WORDS, "header", "delete", "duplicate", "splice", "splice"])
    if kind in ("delete", "duplicate", "splice"):
        if not body:
            return text
        i = rng.choice(body)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        else:
            indent = re.match(r"\s*", lines[i]).group(0)
            lines.insert(i + rng.randint(0, 1), indent + rng.choice(STATEMENTS).strip() + "\n")
        return "".join(lines)
    if kind == "header":
        number = rng.choice([*(n for n in CARDS if n.isdigit()), "111", "112"])
        return re.sub(r"^card \d+", f"card {number}", text, count=1)
    found = list(PATTERNS.get(kind, PATTERNS["player"]).finditer(text, text.index("\n")))
    if not found:
        return text
    hit = rng.choice(found)
    return text[:hit.start()] + rng.choice(WORDS[kind]) + text[hit.end():]


def mutant(rng: random.Random) -> str:
    """A printed card (sometimes two, for cards that act on each other) with
    one to three changes."""
    texts = []
    for _ in range(rng.choice([1, 1, 1, 2])):
        text = CARDS[rng.choice(WILD if rng.random() < 0.15 else NUMBERED)]
        for _ in range(rng.randint(1, 3)):
            text = mutate(rng, text)
        texts.append(text)
    return "\n".join(texts)


def wild_names(text: str) -> list[str]:
    """The wild cards a mutant writes."""
    return re.findall(r'^power struggle card "([^"]*)"', text, re.M)


def first_turn(period: str) -> int:
    """The turn a period's cards join the game (4.4)."""
    return 1 + max([after for after, p in DATA.deck_additions.items() if p == period],
                   default=0)


def play_wild(data, events, name: str, seed: int) -> bool:
    """A random game in which a player plays the wild card ``name`` whenever
    he may; True if it was played."""
    rng = random.Random(seed)
    game = Game.new(data, seed, events=events)
    played = False
    while game.pending is not None:
        options = game.pending.options
        wild = [o for o in options if isinstance(o, int) and game.pending.kind in (
            "ps_attack", "ps_match") and data.ps_cards[o].name == name]
        played = played or bool(wild)
        game.answer(wild[0] if wild else options[rng.randrange(len(options))])
    check_invariants(game)
    return played


def play_as_event(data, events, number: int, seed: int) -> bool:
    """A random game in which card ``number`` is put in a player's hand once
    its period has begun and is played as an event the first time he may
    (a neutral or Scoring card by either side, as the seed falls); True if
    it was. Other decisions are answered at random."""
    rng = random.Random(seed)
    facts = data.cards[number]
    side = facts.side if facts.side in SIDES else SIDES[seed % 2]
    turn = rng.randint(first_turn(facts.period), data.turns)
    game = Game.new(data, seed, events=events)
    held = played = False
    while game.pending is not None:
        decision = game.pending
        options = decision.options
        if (not held and game.state["turn"] >= turn and decision.kind == "card"
                and number not in options):  # a card in the options stays where it is
            move_card(game, number, ("hand", side))
            held = True
        if held and not played and decision.kind == "card" and number in options:
            answer = number
            played = facts.side == "scoring"
        elif (held and not played and decision.kind == "use"
              and decision.context.get("card") == number and "event" in options):
            answer, played = "event", True
        else:
            answer = options[rng.randrange(len(options))]
        game.answer(answer)
    check_invariants(game)
    return played


def lints_clean(folder: Path, text: str):
    """The deck with the mutant as a mod, or None when it has an error."""
    (folder / "mutant.card").write_text(text, encoding="utf-8")
    deck = load_deck(mod=folder)
    return None if deck.errors else deck


def sweep(count: int, seed: int, folder: Path, games: int = 3) -> dict[str, int]:
    """Lint ``count`` mutants; play each that lints clean in ``games`` games.
    An exception fails with the mutant's text."""
    rng = random.Random(seed)
    counts = {"mutants": 0, "clean": 0, "games": 0, "played": 0}
    for _ in range(count):
        text = mutant(rng)
        counts["mutants"] += 1
        deck = lints_clean(folder, text)
        if deck is None:
            continue
        counts["clean"] += 1
        data = DATA.with_cards(deck.card_facts())
        events = EventRunner(deck)
        cards = [*map(int, re.findall(r"^card (\d+)", text, re.M)), *wild_names(text)]
        first = rng.randrange(2, 1 << 30, 2)  # the games' seeds: even, then odd...
        for g in range(games):
            card = cards[g % len(cards)]
            play = play_wild if isinstance(card, str) else play_as_event
            try:
                counts["played"] += play(data, events, card, first + g)
            except Exception:  # the failure shows the mutant
                pytest.fail(f"card {card} raised in game {g}:\n{traceback.format_exc()}\n"
                            f"--- mutant ---\n{text}")
            counts["games"] += 1
    return counts


def test_mutants_of_the_printed_cards_that_lint_clean_play_as_events(tmp_path):
    count = int(os.environ.get("DOF_MUTANTS", "400"))
    counts = sweep(count, int(os.environ.get("DOF_MUTANT_SEED", "19")), tmp_path)
    print(counts)
    assert counts["clean"] >= count // 3
    assert counts["games"] == 3 * counts["clean"]
    assert counts["played"] >= counts["games"] // 2  # most games did play the mutant
