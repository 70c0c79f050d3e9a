"""What a player reads of a game position: the board in a few lines, one
country in full, the hand, cards, and the log in a player's words.

Everything here only reads ``game.state``/``game.data``/``game.log`` and
returns lines of Rich Text (one screen line each, never wider than asked), so
that the prompt (cli/screen.py) can count them to fit an 80x24 terminal, and
the same view serves the end of a game and tests. The engine's log keeps its
own text (saved games and their records hash it); the words a player reads
are made here, at display time.
"""

from __future__ import annotations

import re

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from dof.cli.explained import in_force, roll_modifiers, source_title
from dof.engine.data.outcome import Termination
from dof.engine.data.terms import SIDES, key
from dof.engine.data.vocabulary import Until
from dof.engine.rules.actions import rounds_allowed
from dof.engine.rules.board import controller, opponent
from dof.engine.rules.scoring import country_levels

SIDE_STYLE = {"democrat": "bold blue", "communist": "bold red"}
HOW_TEXT = {
    Termination.AUTOMATIC_VICTORY.value: "automatic victory",
    Termination.FINAL_SCORING.value: "final scoring",
    Termination.HELD_SCORING_CARD.value: "a held Scoring card",
    Termination.NEW_YEARS_EVE.value: "New Year's Eve",
}
#: How long a lasting effect lasts, as a player says it.
UNTIL_TEXT = {
    Until.END_OF_TURN: "the end of the turn",
    Until.END_OF_GAME: "the end of the game",
    Until.END_OF_ACTION_ROUND: "the end of the action round",
    Until.NEXT_DEAL: "the next deal",
    Until.END_OF_POWER_STRUGGLE: "the end of the Power Struggle",
    Until.OPPONENT_REACHES_BOX: "the opponent reaches the box",
    Until.CANCELLED: "cancelled",
    Until.USED: "used",
}
LOG_STYLE = {
    "roll": "yellow",
    "roll_total": "yellow",
    "roll_outcome": "yellow",
    "check": "yellow",
    "tiananmen": "yellow",
    "ps_roll": "yellow",
    "vp": "bold",
    "score": "bold",
    "game_over": "bold magenta",
    "play": "cyan",
    "event": "cyan",
}
#: Side letters for card sides and control.
SIDE_LETTER = {"democrat": "D", "communist": "C", "neutral": "N", "scoring": "S"}
LEVEL_TEXT = {"presence": "pres", "domination": "dom", "control": "ctrl"}

_SIDE_WORD = re.compile(r"\b(democrat|communist)\b")
_CODES = {**HOW_TEXT, Termination.EVENT.value: "an event",
          **{code: text for code, text in UNTIL_TEXT.items() if "_" in code}}
_CODE_WORD = re.compile(r"\b(" + "|".join(sorted(_CODES, key=len, reverse=True)) + r")\b")


def words(text: str) -> str:
    """Engine text in a player's words: the sides' names capitalised and
    internal codes (how long an effect lasts, how a game ended) spelled out."""
    text = _CODE_WORD.sub(lambda m: _CODES[m.group(0)], text)
    return _SIDE_WORD.sub(lambda m: m.group(0).capitalize(), text)


def side_text(side: str | None, text: str | None = None) -> Text:
    """A side's name (or ``text``) in that side's colour."""
    if side is None:
        return Text(text or "-", style="dim")
    return Text(text or side.capitalize(), style=SIDE_STYLE.get(side, ""))


def vp_text(vp: int) -> Text:
    """VP are signed toward the Democrat: colour them by who leads."""
    side = "democrat" if vp > 0 else "communist" if vp < 0 else None
    return Text(f"{vp:+d}", style=SIDE_STYLE.get(side, "bold")) if side else Text("0")


def line(*parts: str | Text, width: int = 80) -> Text:
    """One screen line: never wraps, an ellipsis where it is cut."""
    text = Text.assemble(*parts, no_wrap=True, overflow="ellipsis")
    text.truncate(width, overflow="ellipsis")
    return text


def format_result(game) -> str:
    """One line naming the winner and how the game ended."""
    res = game.result
    if res is None:
        return "The game is not over."
    where = f"VP {res['vp']:+d}, turn {res['turn']}"
    how = words(res["how"])
    if res["winner"] is None:
        detail = f": {res['detail']}" if res["detail"] else ""
        return f"The game is a draw by {how}{detail} ({where})"
    return f"{res['winner'].capitalize()} wins by {how} ({where})"


# ------------------------------------------------------------- the board
def status_lines(game, width: int = 80) -> list[Text]:
    """Turn, action round, who plays, VP, piles and the tracks, in two lines."""
    st = game.state
    data = game.data
    hands = len(st["hands"]["democrat"]), len(st["hands"]["communist"])
    side = st["phasing"]
    when = (Text.assemble(": ", side_text(side), f"'s round {st['rounds'][side]} of "
                          f"{rounds_allowed(game, side)}") if side else Text(": setup"))
    first = line(
        Text(f"Turn {st['turn']}/{data.turns}", style="bold"), when, "  VP ", vp_text(st["vp"]),
        f"  Hands D{hands[0]} C{hands[1]}  Deck {len(st['deck'])}  "
        f"Discard {len(st['discard'])}", width=width)
    second = line("Tiananmen: ", tiananmen_text(game), width=width)
    if st["ussr"]:
        track = data.ussr_track
        second.append(f"  USSR: {track[min(st['ussr'], len(track) - 1)]['name']}")
        second.truncate(width, overflow="ellipsis")
    return [first, second]


def tiananmen_text(game) -> Text:
    """Both Tiananmen markers: the box each has reached and what the next needs."""
    out = Text()
    boxes = game.data.tiananmen
    for i, side in enumerate(SIDES):
        box = game.state["tiananmen"][side]
        if i:
            out.append("; ")
        out.append_text(side_text(side))
        out.append(f" box {box}" if box else " start")
        if box < len(boxes):
            out.append(f" (next {boxes[box].needs[side]})", style="dim")
        else:
            out.append(" (last box)", style="dim")
    return out


def in_effect(game) -> list[tuple[str | None, str]]:
    """The cards whose effects last or that are on display, as (owner,
    text), each card once (one card may sit on several hooks); the board
    on screen and the picture (board_svg) both show these."""
    st = game.state
    items: list[tuple[str | None, str, str]] = []
    for eff in st["effects"]:
        owner = eff.get("owner")
        if eff.get("until") == Until.OPPONENT_REACHES_BOX and owner in SIDES:
            note = f" (until the {opponent(owner).capitalize()} reaches it)"
        else:  # how long, from the effect's own duration or trigger (dof explain)
            said = in_force(game, eff)
            note = f" ({said.facts[0]})" if said is not None else ""
        items.append((owner, source_title(game, eff), note))
    items += [(None, game.card_name(card), " (on display)") for card in st["display"]]
    seen: set[str] = set()
    out = []
    for owner, name, note in items:
        if name not in seen:
            seen.add(name)
            out.append((owner, name + note))
    return out


def effects_text(game) -> Text:
    """Lasting effects and cards on display, by card name and owner."""
    out = Text()
    for i, (owner, text) in enumerate(in_effect(game)):
        if i:
            out.append(", ")
        out.append(text, style=SIDE_STYLE.get(owner or "", ""))
    return out if out.plain else Text("nothing", style="dim")


def effects_lines(game, width: int = 80, most: int = 2) -> list[Text]:
    """'In effect: ...' in at most ``most`` lines (none when nothing is)."""
    if not in_effect(game):
        return []
    text = Text.assemble(Text("In effect: ", style="bold"), effects_text(game))
    return fit_lines(text, width, most, more=" ('effects': all)")


def fit_lines(text: Text, width: int, most: int, more: str = "") -> list[Text]:
    """``text`` wrapped to ``width``, cut with an ellipsis after ``most``
    lines, and ``more`` after it (where to read the rest)."""
    wrapped = list(text.wrap(Console(width=width), width))
    if len(wrapped) > most:
        wrapped = wrapped[:most]
        last = wrapped[-1]
        last.truncate(width - 1 - len(more))
        last.append("…")
        last.append(more, style="dim")
    return wrapped


#: A country line: its name and who holds Power, then for each side the
#: spaces and Battlegrounds it controls (of all), its SPs and its scoring
#: level (9.1-9.2), then the VP the country would score now (9.3).
_NAME, _SIDE_CELLS = "{:<14} {:>2}  ", "{:>5} {:>3} {:>2} {:<4} "
COUNTRY_HEADER = (_NAME.format("Country", "Pw") + "Democrat " + _SIDE_CELLS.format(
    "ctrl", "BG", "SP", "lvl") + "Communist " + _SIDE_CELLS.format("ctrl", "BG", "SP", "lvl")
    + "Score")
_SIDE_STYLE_PLAIN = {"democrat": "blue", "communist": "red"}


def country_lines(game, width: int = 80, only: str | None = None) -> list[Text]:
    """The board's countries (or ``only`` one), one line each under a
    header (COUNTRY_HEADER)."""
    out = [line(Text(COUNTRY_HEADER, style="bold"), width=width)]
    for name, country in game.data.countries.items():
        if only in (None, name):
            out.append(country_line(game, name, country, width))
    return out


def country_line(game, name: str, country, width: int = 80) -> Text:
    """One country's line of the board (see COUNTRY_HEADER)."""
    st = game.state
    spaces = [s for s in country.spaces if s not in st["destroyed"]]
    bgs = [s for s in spaces if game.data.spaces[s].battleground]
    levels = country_levels(game, name)
    power = st["power"][name]
    out = Text(f"{name:<14} ")
    out.append(f"{SIDE_LETTER[power]:>2}", style=SIDE_STYLE[power])
    out.append("  ")
    points = {}
    for side in SIDES:
        held = sum(1 for s in spaces if controller(game, s) == side)
        level, bg_held = levels[side]
        points[side] = (getattr(country, level) if level else 0) + bg_held
        sp = sum(st["sp"][side][s] for s in spaces)
        out.append(" " * (len(side) + 1))
        out.append(_SIDE_CELLS.format(f"{held}/{len(spaces)}", f"{bg_held}/{len(bgs)}", sp,
                                      LEVEL_TEXT.get(level or "", "-")),
                   style=_SIDE_STYLE_PLAIN[side] if held else "dim")
    out.append_text(vp_text(points["democrat"] - points["communist"]))
    return line(out, width=width)


def country_table(game, country: str, offered: dict[int, int] | None = None) -> Table:
    """One country's spaces in full: map number, name, type, stability,
    Battleground, SPs of each side and control. With ``offered`` (space id
    -> option number) only the spaces a pending question offers are numbered."""
    st = game.state
    destroyed = st["destroyed"]
    power = st["power"][country]
    title = Text.assemble(f"{country}  (Power: ", side_text(power), ")")
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False,
                  header_style="bold", expand=False, box=None)
    table.add_column("#", justify="right", style="" if offered else "dim")
    table.add_column("Space", no_wrap=True)
    table.add_column("Type", no_wrap=True)
    table.add_column("Stab", justify="right")
    table.add_column("BG")
    table.add_column("Dem", justify="right", style="blue")
    table.add_column("Com", justify="right", style="red")
    table.add_column("Control")
    for sid in game.data.countries[country].spaces:
        space = game.data.spaces[sid]
        number = str(offered.get(sid, "")) if offered else str(sid + 1)
        if sid in destroyed:
            table.add_row(number, Text(space.name, style="strike dim"), space.type, "", "",
                          "", "", Text("destroyed", style="dim"))
            continue
        who = controller(game, sid)
        d, c = st["sp"]["democrat"][sid], st["sp"]["communist"][sid]
        table.add_row(
            number,
            Text(space.name, style=SIDE_STYLE.get(who or "", "")),
            space.type,
            str(space.stability),
            Text("BG", style="bold") if space.battleground else "",
            str(d) if d else "",
            str(c) if c else "",
            side_text(who) if who else Text("-", style="dim"),
        )
    return table


def find_country(game, text: str, exact: bool = False) -> str | None:
    """The country ``text`` names (case and accents ignored; unless
    ``exact``, a unique start of its name is enough), or None."""
    want = key(text)
    if not want:
        return None
    names = list(game.data.countries)
    found = [n for n in names if key(n) == want]
    if not found and not exact:
        found = [n for n in names if key(n).startswith(want)]
    return found[0] if len(found) == 1 else None


def power_struggle_lines(game, side: str | None, width: int = 80) -> list[Text]:
    """The Power Struggle in progress: country, round, attack, cards held."""
    ps = game.state.get("ps")
    if not ps:
        return []
    cards = game.data.ps_cards
    rounds = f", round {ps['round']}" if ps["round"] else ""
    head = Text(f"Power Struggle in {ps['country']}{rounds}; attacker ", style="magenta")
    head.append_text(side_text(ps["attacker"]))
    head.append(f"; cards D{len(ps['hands']['democrat'])} C{len(ps['hands']['communist'])}")
    if ps.get("attack"):
        head.append(f"; attack: {cards[ps['attack']['card']].name} ({ps['attack']['suit']})")
    out = fit_lines(head, width, 2)
    if side in SIDES:
        held = ", ".join(cards[c].name for c in ps["hands"][side]) or "none"
        out += fit_lines(Text(f"Your Power Struggle cards: {held}"), width, 2)
    return out


# ---------------------------------------------------------------- cards
def card_summary(game, number: int) -> str:
    """The card's one-line summary from the compiled deck ('' without one)."""
    deck = getattr(game.events, "deck", None)
    card = deck.cards.get(number) if deck is not None else None
    return card.summary if card is not None else ""


def card_text(game, number: int, prefix: str = "") -> Text:
    """'  #3 Walesa  3 D  summary': the card, its printed Ops, whose event
    (Democrat, Communist, Neutral, Scoring) and its summary."""
    card = game.data.cards[number]
    owner = card.side if card.side in SIDE_STYLE else None
    ops = "-" if card.ops is None else str(card.ops)
    name = card.name if len(card.name) <= 26 else card.name[:25] + "…"
    return Text.assemble(prefix, f"{'#' + str(number):>4} {name:<26} {ops} ",
                         side_text(owner, SIDE_LETTER.get(card.side, "?")), "  ",
                         Text(card_summary(game, number), style="dim"))


def card_line(game, number: int, width: int = 80, prefix: str = "") -> Text:
    """A card_text in one screen line."""
    return line(card_text(game, number, prefix), width=width)


def hand_line(game, side: str, width: int = 80) -> Text:
    """``side``'s hand in one line: number, name and Ops of each card
    ('hand' shows it in full)."""
    cards = sorted(game.state["hands"][side])
    text = ", ".join(f"{game.card_name(n)} ({ops_short(game, n)})" for n in cards)
    return line(Text("Hand (Ops): ", style="bold"), text or "empty", width=width)


def ops_short(game, number: int) -> str:
    """A card's printed Ops, or S for a Scoring card."""
    ops = game.data.cards[number].ops
    return "S" if ops is None else str(ops)


def ops_text(game, number: int) -> str:
    """A card's printed Ops ('2 Ops'), or 'Scoring'."""
    ops = game.data.cards[number].ops
    return "Scoring" if ops is None else f"{ops} Ops"


def card_facts(game, number: int, viewer: str | None) -> RenderableType:
    """A card in full for a player: its printed facts, where it is now (as
    far as ``viewer`` may know), its summary and its text in the card language."""
    card = game.data.cards[number]
    flags = [f for f, on in (("removed after its event (*)", card.removed),
                             ("lasting event", card.lasting),
                             ("red title: another event needs it", card.red_title)) if on]
    side = {"neutral": "either player's event", "scoring": "Scoring card"}.get(
        card.side, f"{card.side.capitalize()} event")
    head = Text(game.card_name(number), style="bold")
    head.append(f"  {card.period.capitalize()} Year, {side}, {ops_text(game, number)}")
    lines: list[RenderableType] = [head]
    if flags:
        lines.append(Text(", ".join(flags).capitalize()))
    where = card_place(game, number, viewer)
    if where:
        lines.append(Text(where.capitalize(), style="dim"))
    deck = getattr(game.events, "deck", None)
    compiled = deck.cards.get(number) if deck is not None else None
    if compiled is not None and compiled.summary:
        lines.append(Text(compiled.summary, style="italic"))
    if compiled is not None and compiled.source:
        lines.append(Text(compiled.source.strip(), style="dim"))
    return Group(*lines)


def card_place(game, number: int, viewer: str | None) -> str:
    """Where a card is, as far as ``viewer`` may know ('' when hidden)."""
    st = game.state
    notes = []
    if st["played"] == number:
        notes.append("being played")
    elif viewer in SIDES and number in st["hands"][viewer]:
        notes.append("in your hand")
    elif number in st["discard"]:
        notes.append("in the discard pile")
    elif number in st["removed"]:
        notes.append("removed from the game")
    if number in st["events_played"]:
        notes.append("its event has taken place")
    if any(e.get("card") == number for e in st["effects"]) or number in st["display"]:
        notes.append("in effect")
    return "; ".join(notes)


# ------------------------------------------------------------------ log
def entry_text(game, entry: dict) -> str:
    """A log entry in a player's words; a card's die roll names its
    modifiers, a Power Struggle Victory Point roll says what it gives
    (8.4.3, 8.4.4)."""
    text = words(entry["text"])
    if entry["kind"] == "roll_total":
        return roll_text(game, entry, text)
    if entry["kind"] != "ps_roll":
        return text
    who = entry["player"].capitalize()
    text = f"{who}'s {text}"
    if not entry["text"].startswith("Victory Point"):
        return text
    row = game.data.result(entry["total"])
    text += f": {who} gains {row.vp or 'no'} VP (8.4.3)"
    if entry["player"] == "democrat" and row.takes_power:
        text += " and takes Power (8.4.4)"
    return text


def roll_text(game, entry: dict, text: str) -> str:
    """A card's die roll with the words of each modifier, as its card says
    them (dof explain): "the Communist's roll for #88 Adamec: 1 -2 (minus 1
    for each Worker space in Czechoslovakia controlled by the Democrat) = -1"."""
    mods = entry.get("mods") or []
    said = roll_modifiers(game, entry.get("at"), entry.get("you"))
    if not mods or len(said) != len(mods):
        return text
    head = text.split(": ", 1)[0]
    told = "".join(f" {m:+d} ({what})" for m, what in zip(mods, said, strict=True))
    return f"{head}: {entry['roll']}{told} = {entry['total']}"


#: Log entries that restate the die roll just before them, which the
#: screen leaves out.
RESTATE_ROLL = frozenset({"check", "tiananmen", "ps_roll", "ps_initiative", "roll_total"})


def when(entry: dict) -> str:
    """'T3 AR5 ' for a log entry of turn 3, action round 5; 'T3      ' for
    one outside the action rounds (4.5.2)."""
    return f"T{entry['turn']} " + (f"AR{entry['ar']:<2} " if entry["ar"] else " " * 5)


def log_text(game, entry: dict, times: int = 1) -> Text:
    """A log entry as a line of output, with its turn and action round (none
    outside the action rounds: setup, the deal, the end of a turn; bot games
    print these as they come); ``times`` counts identical entries in a row."""
    out = Text(when(entry), style="dim")
    out.append(entry_text(game, entry), style=LOG_STYLE.get(entry["kind"], ""))
    if times > 1:
        out.append(f" ({times} times)")
    return out


def log_runs(game, new_from: int) -> list[tuple[dict, int]]:
    """The log from index ``new_from`` on as (entry, times): identical
    entries in a row are one, and a die roll that the next entry restates
    with its modifiers is left out."""
    log = game.log
    runs: list[tuple[dict, int]] = []
    for i in range(new_from, len(log)):
        entry = log[i]
        if (entry["kind"] == "roll" and "roll" in entry and i + 1 < len(log)
                and log[i + 1]["kind"] in RESTATE_ROLL):
            continue
        if runs and runs[-1][0] == entry:
            runs[-1] = (entry, runs[-1][1] + 1)
        else:
            runs.append((entry, 1))
    return runs


def log_lines(game, room: int, new_from: int, width: int = 80) -> list[Text]:
    """The log from index ``new_from`` on (log_runs), newest last, in at
    most ``room`` screen lines; a first line says how many did not fit."""
    if room <= 0:
        return []
    console = Console(width=width)
    runs = log_runs(game, new_from)
    out: list[Text] = []
    shown = 0
    for entry, times in reversed(runs):
        wrapped = list(log_text(game, entry, times).wrap(console, width))
        earlier = len(runs) - shown - 1
        if len(out) + len(wrapped) + (1 if earlier else 0) > room:
            break
        out[:0] = wrapped
        shown += 1
    skipped = len(runs) - shown
    if skipped:
        out.insert(0, Text(f"... {skipped} earlier log line{'' if skipped == 1 else 's'}: "
                           "type 'log' to read them", style="dim"))
    return out


def board_lines(game, viewer: str | None = None, width: int = 80) -> list[Text]:
    """The board in a few lines: status, cards in effect, countries, the
    Power Struggle and ``viewer``'s hand (the end of a game shows this)."""
    parts = [*status_lines(game, width), *effects_lines(game, width),
             *country_lines(game, width), *power_struggle_lines(game, viewer, width)]
    if viewer in SIDES:
        parts.append(hand_line(game, viewer, width))
    return parts
