"""The prompt screen of `dof play`: what a player needs to answer one
decision, fitted to the terminal (80x24 and up).

Top to bottom: the board in a few lines, the log since the player's last
decision (as much as fits), his hand, the question, its options and why
an option he might expect is missing.

Options keep their numbers from one question to the next, so that a number
learnt is a number kept: a space is always its map number (1-75, grouped
by country), a strategy card its card number, a use of a card always the
same digit; other questions number their options 1 to n. Spaces are listed
by country, shrunk to one line per country when they do not all fit.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from dof.cli.board_view import (
    card_line,
    country_lines,
    effects_lines,
    fit_lines,
    hand_line,
    line,
    ops_short,
    power_struggle_lines,
    status_lines,
    words,
)
from dof.cli.round_summary import news_lines
from dof.engine.data.records import GameData
from dof.engine.data.terms import SIDES, key
from dof.engine.rules.decisions import Decision
from dof.engine.rules.odds import Odds

#: Decision kinds whose whole-number options are space ids (docs/api.md).
SPACE_KINDS = frozenset({"setup_place", "place", "check", "space", "ps_support_loss"})
#: Decision kinds whose options are Power Struggle cards (ids, or [leader id, suit]).
PS_CARD_KINDS = frozenset({"ps_attack", "ps_match", "ps_raise_discard"})
#: Decision kinds that show the card in play above the question.
CARD_CONTEXT_KINDS = frozenset({"use", "event_order", "order", "suppress", "may", "space",
                                "pick_card", "option", "country"})
#: The uses of a card (kind "use") always carry the same number.
USE_NUMBERS = {"place": 1, "check": 2, "tiananmen": 3, "event": 4, "ops_and_event": 5}
_CARD_LABEL = re.compile(r"#(\d+) ")
_COST_ONE = re.compile(r" \(cost 1\)$")
#: Screen lines a reason for a missing option may take, and all of them.
REASON_LINES, REASONS_LINES = 2, 5


@dataclass
class Choice:
    """A decision as the screen shows it: its options in display order,
    each with its label and the number that picks it."""

    decision: Decision
    #: Option indices in display order.
    order: list[int]
    labels: list[str]
    numbers: list[int]
    #: What the options are: "space", "card", "country", "ps_card" (a Power
    #: Struggle card) or "" (anything else).
    what: str
    #: For each option in display order, the whole names it answers to
    #: besides its label: a space's name and aliases, a card's number and
    #: name, a Power Struggle card's name (with the game data only).
    names: list[list[str]] = field(default_factory=list)
    #: Every whole name of a thing of the options' kind, offered or not, by
    #: name key, with the thing's name: all spaces (and aliases), cards,
    #: countries or Power Struggle cards, and what the screen's reasons name.
    whole: dict[str, str] = field(default_factory=dict)

    def option(self, i: int) -> Any:
        """The decision's option at display position ``i``."""
        return self.decision.options[self.order[i]]

    @property
    def spaces(self) -> dict[int, int]:
        """Space id -> number, for the space options."""
        if self.what != "space":
            return {}
        return {self.option(i): n for i, n in enumerate(self.numbers) if _whole(self.option(i))}

    def hint(self) -> str:
        """What to type, for the input prompt."""
        n = len(self.numbers)
        if self.numbers == list(range(1, n + 1)):
            return f"1-{n}"
        return "card number or name" if self.what == "card" else "number or name"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def make_choice(decision: Decision, data: GameData | None = None) -> Choice:
    """The display order and numbers of ``decision``'s options (see the
    module's docstring); an option that is neither space nor card after
    spaces or cards (Stop, Done, the obligation) is 0. With ``data``, also
    the names a player may type (Choice.names, Choice.whole)."""
    options = decision.options
    raw = [decision.label(i) for i in range(len(options))]
    spaces = [i for i, o in enumerate(options) if decision.kind in SPACE_KINDS and _whole(o)]
    cards = [] if spaces else [
        i for i, o in enumerate(options)
        if _whole(o) and (m := _CARD_LABEL.match(raw[i])) and int(m[1]) == o]
    first = sorted(spaces or cards, key=lambda i: options[i])
    order = first + [i for i in range(len(options)) if i not in set(first)]
    if first:
        rest = len(order) - len(first)
        numbers = [options[i] + 1 if spaces else options[i] for i in first]
        numbers += [0] if rest == 1 else [max(numbers) + k + 1 for k in range(rest)]
    elif decision.kind == "use" and all(o in USE_NUMBERS for o in options):
        numbers = [USE_NUMBERS[options[i]] for i in order]
    else:
        numbers = list(range(1, len(order) + 1))
    what = "space" if spaces else "card" if cards else _what(decision)
    choice = Choice(decision, order, [_label(decision, raw[i]) for i in order], numbers, what)
    if data is not None:
        choice.names = [_names_of(data, what, choice.option(i)) for i in range(len(order))]
        choice.whole = _whole_names(data, decision, what)
    return choice


def _what(decision: Decision) -> str:
    """What options that are neither spaces nor strategy cards are."""
    if decision.kind == "country":
        return "country"
    if decision.kind in PS_CARD_KINDS or (decision.kind == "pick_card" and any(
            _whole(o) for o in decision.options)):
        return "ps_card"  # an event's pick among strategy cards is "card"
    return ""


def _names_of(data: GameData, what: str, option: Any) -> list[str]:
    """The whole names ``option`` answers to besides its label."""
    if what == "space" and _whole(option):
        return [data.spaces[option].name, *data.spaces[option].aliases]
    if what == "card" and _whole(option):
        return [_card_name(data, option)]
    if what == "ps_card" and (_whole(option) or isinstance(option, list)):
        return [data.ps_cards[option[0] if isinstance(option, list) else option].name]
    return []


def _whole_names(data: GameData, decision: Decision, what: str) -> dict[str, str]:
    """Choice.whole: name key -> the name of the thing it names."""
    names: dict[str, str] = {}
    if what == "space":
        names = {key(n): s.name for s in data.spaces for n in (s.name, *s.aliases)}
    elif what == "card":
        for number in data.cards:
            name = _card_name(data, number)
            names.update({key(name): name, f"#{number}": name,
                          key(data.cards[number].name): name})
    elif what == "country":
        names = {key(c): c for c in data.countries}
    elif what == "ps_card":
        names = {key(c.name): c.name for c in data.ps_cards}
    for named, _ in decision.unavailable():
        if not named.startswith("Other "):  # a group, not a name
            for name in named.split(", "):
                names.setdefault(key(name), name)
    return names


def _card_name(data: GameData, number: int) -> str:
    return f"#{number} {data.cards[number].name}"


def _label(decision: Decision, text: str) -> str:
    """An option's label for the screen: a placement's usual cost of 1 Op
    goes without saying, and a label reads as a player writes."""
    if decision.kind == "place":
        text = _COST_ONE.sub("", text)
    text = words(text)
    return text[:1].upper() + text[1:]


def prompt_screen(game, choice: Choice, new_from: int, width: int, height: int) -> list[Text]:
    """The whole screen for ``choice``, in at most ``height - 1`` lines (the
    last is the input line); the log gets the lines left over."""
    decision = choice.decision
    viewer = decision.player
    # In a Power Struggle only its country matters: the room goes to the cards.
    ps = game.state["ps"]
    countries = country_lines(game, width, only=ps["country"] if ps else None)
    top = [*status_lines(game, width), *effects_lines(game, width), *countries,
           *power_struggle_lines(game, viewer, width)]
    ask = []
    if viewer in SIDES and choice.what != "card" and game.state["hands"][viewer]:
        ask.append(hand_line(game, viewer, width))
    card = decision.context.get("card")
    if decision.kind in CARD_CONTEXT_KINDS and isinstance(card, int):
        ask.append(card_line(game, card, width, prefix="Card: "))
    ask.append(line(Text(question(decision), style="bold"), width=width))
    reasons = reason_lines(decision, width)
    room = height - 1 - len(top) - len(ask) - len(reasons)
    # What happened since the last answer gets up to half the room: long
    # option lists are folded (cards by name and Ops) rather than it cut.
    news = len(news_lines(game, room, new_from, width))
    options = option_lines(game, choice, width, room - min(news, room // 2))
    log = news_lines(game, room - len(options), new_from, width)
    return [*top, *log, *ask, *options, *reasons]


# ------------------------------------------------------------------ odds
def odds_short(odds: Odds) -> str:
    """A roll's odds beside its option: '83%', and for a support check the
    opponent SPs it removes and the SPs it adds on average ('83% -1.5+1.0')."""
    if odds.kind != "check":
        return odds.percent()
    return f"{odds.percent()} -{float(odds.removed):.1f}+{float(odds.added):.1f}"


def odds_terms(odds: Odds) -> str:
    """What the die is rolled against: 'die +3 Ops -1 adjacent opponent
    control, beat 4' (a check must beat twice the stability, 6.2.4; an
    attempt reach its box's number, 6.3.1)."""
    terms = " ".join(f"{v:+d} {why}" for why, v in odds.terms)
    goal = "beat" if odds.kind == "check" else "reach"
    return f"die {terms}, {goal} {odds.need}"


def odds_faces(odds: Odds) -> str:
    """Which faces of the die succeed: '4+', 'all', 'none'."""
    return "none" if odds.least > 6 else "all" if odds.least == 1 else f"{odds.least}+"


def odds_table(choice: Choice, width: int) -> list[Text]:
    """Each option that rolls a die, a line each: its chance, the faces
    that succeed, for a check the SPs removed and added on average, and
    what the die is rolled against (on a line of its own when too long)."""
    rows = [(choice.numbers[i], choice.labels[i], choice.decision.odds(choice.option(i)))
            for i in range(len(choice.order))]
    rows = [(n, label, odds) for n, label, odds in rows if odds is not None]
    if not rows:
        return []
    checks = rows[0][2].kind == "check"
    name = max(len(label) for _, label, _ in rows)
    name = min(name, 24)
    head = f"{'':>2} {'':<{name}} Odds Faces" + ("  -SPs +SPs" if checks else "")
    out = [line(Text(head + "  Roll", style="bold"), width=width)]
    for number, label, odds in rows:
        cut = label if len(label) <= name else label[:name - 1] + "…"
        row = f"{number:>2} {cut:<{name}} {odds.percent():>4} {odds_faces(odds):>5}"
        if checks:
            row += f"  {float(odds.removed):>4.1f} {float(odds.added):>4.1f}"
        terms = odds_terms(odds)
        if len(row) + 2 + len(terms) <= width:
            out.append(line(f"{row}  {terms}", width=width))
        else:
            out += [line(row, width=width), line(" " * 6 + terms, width=width)]
    return out


#: What the figures beside a support check's targets mean (6.2.4-6.2.6).
ODDS_LEGEND = "Odds: chance of success, -SPs removed +SPs added on average; 'odds': in full"
#: The line under spaces listed one country a line, without and with odds.
COMPACT_HINT = {
    False: "Type a space's name, or a country's name to see its spaces with their numbers.",
    True: "Type a space's name, or a country's to see its numbers; 'odds': chances in full"}


def question(decision: Decision) -> str:
    """The decision's prompt as a player reads it."""
    return words(decision.prompt[:1].upper() + decision.prompt[1:])


def option_lines(game, choice: Choice, width: int, room: int) -> list[Text]:
    """The numbered options in at most ``room`` lines where they can be:
    spaces by country (one line per country when all do not fit), cards
    one a line with Ops and summary, others one a line or in columns."""
    if choice.what == "space":
        full = _space_lines(game, choice, width, compact=False)
        return full if len(full) <= room else _space_lines(game, choice, width, compact=True)
    if choice.what == "card":
        count = sum(1 for i in range(len(choice.order)) if _whole(choice.option(i)))
        rest = len(choice.order) - count
        if count + rest <= room:
            cards = [card_line(game, choice.option(i), width) for i in range(count)]
        else:  # too many for a line each: names and Ops only ('card N' tells more)
            cards = _squeeze([f"{choice.labels[i]} ({ops_short(game, choice.option(i))})"
                              for i in range(count)], width, room - rest)
        return [*cards, *_plain_lines(choice, count, width, rest)]
    return _plain_lines(choice, 0, width, room)


def _plain_lines(choice: Choice, start: int, width: int, room: int) -> list[Text]:
    """Options from display position ``start`` on: one a line; in columns
    (numbered down each column) when that does not fit ``room``; else one
    after another, wrapped."""
    items = [f"{choice.numbers[i]:>2}. {choice.labels[i]}{_odds_note(choice, i)}"
             for i in range(start, len(choice.labels))]
    if len(items) <= max(room, 1):
        return [line(item, width=width) for item in items]
    cell = min(max(len(item) for item in items) + 2, width)
    columns = max(1, width // cell)
    rows = math.ceil(len(items) / columns)
    if rows <= room:
        return _columns(items, rows, cell, width)
    return _squeeze(items, width, room)


def _odds_note(choice: Choice, i: int) -> str:
    """The odds of an option that is no space (a Tiananmen attempt): '50%
    (a 4+ on the die)'; `odds` says what the die is rolled against."""
    odds = choice.decision.odds(choice.option(i))
    if odds is None:
        return ""
    faces = {"all": "any die", "none": "no die"}.get(odds_faces(odds),
                                                     f"a {odds_faces(odds)} on the die")
    return f": {odds.percent()} ({faces}; 'odds': why)"


def _columns(items: list[str], rows: int, cell: int, width: int) -> list[Text]:
    """``items`` down ``rows`` rows, column after column, ``cell`` wide each."""
    return [line("".join(f"{items[c * rows + r]:<{cell}}"
                         for c in range(math.ceil(len(items) / rows))
                         if c * rows + r < len(items)).rstrip(), width=width)
            for r in range(rows)]


def _squeeze(items: list[str], width: int, room: int) -> list[Text]:
    """``items`` in at most ``room`` lines if they can be: one after
    another, else in as many columns as that takes, each item cut to fit
    (the last resort of a very long list)."""
    flowed = _flow(items, width)
    rows = max(room, 1)
    cell = width // math.ceil(len(items) / rows)
    if len(flowed) <= rows or cell < 12:
        return flowed
    cut = [item if len(item) < cell else item[:cell - 2] + "…" for item in items]
    return _columns(cut, rows, cell, width)


def _flow(items: list[str], width: int, indent: int = 0) -> list[Text]:
    """``items`` one after another, two spaces apart, wrapped at ``width``
    (continuation lines indented by ``indent``)."""
    out: list[str] = []
    for item in items:
        if out and len(out[-1]) + 2 + len(item) <= width:
            out[-1] += "  " + item
        else:
            out.append((" " * indent if out else "") + item)
    return [line(text, width=width) for text in out]


def _space_lines(game, choice: Choice, width: int, compact: bool) -> list[Text]:
    """Space options by country: 'Poland  13 Szczecin  14 Gdansk ...'
    wrapped under the country's name, or with ``compact`` one line per
    country with the range of its map numbers; then the other options."""
    indent = 15
    numbers = choice.spaces
    labels = {choice.option(i): choice.labels[i] for i in range(len(choice.order))}
    odds_shown = False
    for s, label in labels.items():
        odds = choice.decision.odds(s)
        if odds is not None:
            labels[s] = f"{label} {odds.percent() if compact else odds_short(odds)}"
            odds_shown = True
    out: list[Text] = []
    for country, info in game.data.countries.items():
        offered = [s for s in info.spaces if s in numbers]
        if not offered:
            continue
        head = Text(f"{country:<{indent}}", style="bold")
        if compact:
            span = f"{info.spaces[0] + 1}-{info.spaces[-1] + 1}"
            out.append(line(head, f"({span})".ljust(8), ", ".join(labels[s] for s in offered),
                            width=width))
            continue
        flowed = _flow([f"{numbers[s]:>2} {labels[s]}" for s in offered], width - indent)
        out += [line(head if k == 0 else " " * indent, part, width=width)
                for k, part in enumerate(flowed)]
    if compact:
        out.append(line(Text(COMPACT_HINT[odds_shown], style="dim"), width=width))
    out += _plain_lines(choice, len(numbers), width, len(choice.order))
    if odds_shown and not compact:
        out.append(line(Text(ODDS_LEGEND, style="dim"), width=width))
    return out


def not_offered(game, choice: Choice, text: str) -> str | None:
    """Why the thing ``text`` names exactly (a map space or a card by its
    number, or anything by a whole name or alias, Choice.whole) is not among
    ``choice``'s options, with the rule, as one line; None when ``text``
    names nothing whole, or an option."""
    data = game.data
    text = text.strip()
    if text.isdecimal():
        number = int(text)
        if choice.what == "space" and 0 < number <= len(data.spaces):
            name = data.spaces[number - 1].name
        elif choice.what == "card" and number in data.cards:
            name = _card_name(data, number)
        else:
            return None
    else:
        name = choice.whole.get(key(text))
    offered = {key(n) for i, label in enumerate(choice.labels)
               for n in (label, *(choice.names[i] if choice.names else []))}
    if name is None or key(name) in offered:
        return None
    space = next((s for s in data.spaces if s.name == name), None)
    refused = f"{name} ({space.id + 1}) is not an option" if space else f"{name} is not an option"
    reasons = choice.decision.unavailable()
    why = next((w for what, w in reasons if name in what.split(", ")), None)
    if why:
        return words(f"{refused}: {why}")
    # One of the things the screen's reasons leave out as a group.
    group = _group(game, choice, name)
    why = next((f"{what}: {w}" for what, w in reasons if what == group), None)
    return words(f"{refused}. {why}" if why else f"{refused} here")


def _group(game, choice: Choice, name: str) -> str | None:
    """The screen's group reason that covers the thing ``name``: 'Other
    spaces' any space, 'Other cards' a card in the player's hand."""
    if choice.what == "space":
        return "Other spaces"
    hand = game.state["hands"].get(choice.decision.player) or []
    if choice.what == "card" and any(_card_name(game.data, c) == name for c in hand if c):
        return "Other cards"
    return None


def reason_lines(decision: Decision, width: int) -> list[Text]:
    """Why options a player might expect are missing, with the rule."""
    out: list[Text] = []
    for what, why in decision.unavailable():
        text = Text.assemble("- ", Text(words(what), style="yellow"), ": ", words(why))
        out += fit_lines(text, width, REASON_LINES)
    return out[:REASONS_LINES]
