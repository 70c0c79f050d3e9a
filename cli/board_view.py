"""Rich renderables of a game position: the board, tracks, hand and log.

Everything here only reads ``game.state``/``game.data``/``game.log`` and
returns renderables, so the same view serves the human prompt, the end of a
game and tests (render to a recording console).
"""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dof.engine.board import controller
from dof.engine.terms import SIDES

SIDE_STYLE = {"democrat": "bold blue", "communist": "bold red"}
HOW_TEXT = {
    "automatic_victory": "automatic victory",
    "final_scoring": "final scoring",
    "held_scoring_card": "a held Scoring card",
    "new_years_eve": "New Year's Eve",
}
LOG_STYLE = {
    "roll": "yellow",
    "check": "yellow",
    "tiananmen": "yellow",
    "ps_roll": "yellow",
    "vp": "bold",
    "score": "bold",
    "game_over": "bold magenta",
    "play": "cyan",
    "event": "cyan",
}


def side_text(side: str | None, text: str | None = None) -> Text:
    """A side's name (or ``text``) in that side's colour."""
    if side is None:
        return Text(text or "-", style="dim")
    return Text(text or side.capitalize(), style=SIDE_STYLE.get(side, ""))


def vp_text(vp: int) -> Text:
    """VP are signed toward the Democrat: colour them by who leads."""
    side = "democrat" if vp > 0 else "communist" if vp < 0 else None
    return Text(f"{vp:+d}", style=SIDE_STYLE.get(side, "bold")) if side else Text("0")


def format_result(game) -> str:
    """One line naming the winner and how the game ended."""
    res = game.result
    if res is None:
        return "The game is not over."
    # The engine advances the turn marker before final scoring; never show
    # a turn past the last one.
    turn = res["turn"]
    where = f"VP {res['vp']:+d}, turn {turn}"
    how = HOW_TEXT.get(res["how"], res["how"])
    if res["winner"] is None:
        detail = f": {res['detail']}" if res["detail"] else ""
        return f"The game is a draw by {how}{detail} ({where})"
    return f"{res['winner'].capitalize()} wins by {how} ({where})"


def status_panel(game) -> Panel:
    """Turn, action round, phasing player, VP, tracks and lasting effects."""
    st = game.state
    data = game.data
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    head = Text.assemble(
        f"Turn {st['turn']}/{data.turns}   Action round {st['ar']}   Phasing: ",
        side_text(st["phasing"]), "   VP: ", vp_text(st["vp"]),
        f"   Deck {len(st['deck'])}  Discard {len(st['discard'])}  Removed {len(st['removed'])}",
    )
    grid.add_row("Game", head)
    grid.add_row("Tiananmen", tiananmen_text(game))
    ussr = data.ussr_track[min(st["ussr"], len(data.ussr_track) - 1)]
    grid.add_row("U.S.S.R.", Text(f"{st['ussr']}: {ussr['name']}"))
    power = Text()
    for i, (country, side) in enumerate(st["power"].items()):
        if i:
            power.append(", ")
        power.append(country + " ")
        power.append_text(side_text(side))
    grid.add_row("Power", power)
    grid.add_row("In effect", effects_text(game))
    hands = Text("Cards in hand: ")
    for side in SIDES:
        hands.append_text(side_text(side))
        hands.append(f" {len(st['hands'][side])}  ")
    grid.add_row("Hands", hands)
    return Panel(grid, title="1989: Dawn of Freedom", border_style="white")


def tiananmen_text(game) -> Text:
    """Both Tiananmen markers with the name of the box each has reached."""
    out = Text()
    for i, side in enumerate(SIDES):
        box = game.state["tiananmen"][side]
        if i:
            out.append("; ")
        out.append_text(side_text(side))
        if box:
            out.append(f" box {box} ({game.data.tiananmen[box - 1].names[side]})")
        else:
            out.append(" start")
        if box < len(game.data.tiananmen):
            out.append(f", next needs {game.data.tiananmen[box].needs[side]}", style="dim")
    return out


def in_effect(game) -> list[tuple[str | None, str]]:
    """The cards whose effects last or that are on display, as (owner,
    text), each card once (one card may sit on several hooks); the board
    on screen and the picture (board_svg) both show these."""
    st = game.state
    items: list[tuple[str | None, str, str]] = []
    for eff in st["effects"]:
        card = eff.get("card")
        name = game.card_name(card) if isinstance(card, int) else str(card or eff["hook"])
        until = eff.get("until")
        items.append((eff.get("owner"), name,
                      f" (until {until.replace('_', ' ')})" if until else ""))
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
        out.append(text, style=SIDE_STYLE.get(owner, ""))
    return out if out.plain else Text("nothing", style="dim")


def country_table(game, country: str) -> Table:
    """One country's spaces with SPs and control, coloured by controller."""
    st = game.state
    destroyed = st["destroyed"]
    power = st["power"][country]
    title = Text.assemble(f"{country}  (Power: ", side_text(power), ")")
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False,
                  header_style="bold", expand=False)
    table.add_column("Space", no_wrap=True)
    table.add_column("Type", no_wrap=True)
    table.add_column("St", justify="right")
    table.add_column("BG")
    table.add_column("D", justify="right", style="blue")
    table.add_column("C", justify="right", style="red")
    table.add_column("Ctrl")
    for sid in game.data.countries[country].spaces:
        space = game.data.spaces[sid]
        if sid in destroyed:
            table.add_row(Text(space.name, style="strike dim"), space.type, "", "", "", "",
                          Text("gone", style="dim"))
            continue
        who = controller(game, sid)
        d, c = st["sp"]["democrat"][sid], st["sp"]["communist"][sid]
        table.add_row(
            Text(space.name, style=SIDE_STYLE.get(who, "")),
            space.type,
            str(space.stability),
            Text("BG", style="bold") if space.battleground else "",
            str(d) if d else "",
            str(c) if c else "",
            side_text(who, who[0].upper()) if who else Text("-", style="dim"),
        )
    return table


def map_view(game) -> Columns:
    return Columns([country_table(game, c) for c in game.data.countries], padding=(1, 3))


def hand_table(game, side: str) -> Table:
    """``side``'s hand: number, name, side and Ops of each card."""
    table = Table(title=Text.assemble("Hand of the ", side_text(side)), title_justify="left",
                  show_edge=False, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("Card")
    table.add_column("Side")
    table.add_column("Ops", justify="right")
    for n in game.state["hands"][side]:
        card = game.data.cards[n]
        owner = card.side if card.side in SIDE_STYLE else None
        table.add_row(str(n), card.name, side_text(owner, card.side),
                      "-" if card.ops is None else str(card.ops))
    return table


def power_struggle_view(game, side: str | None) -> RenderableType | None:
    """The Power Struggle in progress: country, round, attack, cards held."""
    ps = game.state.get("ps")
    if not ps:
        return None
    cards = game.data.ps_cards
    lines = Text(f"Power Struggle in {ps['country']}, round {ps['round']}; attacker: ")
    lines.append_text(side_text(ps["attacker"]))
    counts = ", ".join(f"{s} {len(ps['hands'][s])}" for s in SIDES)
    lines.append(f"; cards held: {counts}")
    if ps.get("attack"):
        lines.append(f"\nAttack: {cards[ps['attack']['card']].name} ({ps['attack']['suit']})")
    if side in SIDES:
        held = ", ".join(cards[c].name for c in ps["hands"][side]) or "none"
        lines.append(f"\nYour Power Struggle cards: {held}")
    return Panel(lines, border_style="magenta")


def log_view(game, count: int = 15, new_from: int | None = None) -> RenderableType:
    """The last ``count`` log entries; those from index ``new_from`` on are marked new."""
    start = max(0, len(game.log) - count)
    text = Text()
    for i in range(start, len(game.log)):
        entry = game.log[i]
        fresh = new_from is not None and i >= new_from
        style = LOG_STYLE.get(entry["kind"], "")
        if new_from is not None and not fresh:
            style = "dim"
        text.append(f"T{entry['turn']} AR{entry['ar']:<2} ", style="dim")
        text.append(entry["text"], style=style)
        if i < len(game.log) - 1:
            text.append("\n")
    return Panel(text or Text("(empty)", style="dim"), title="Log", title_align="left",
                 border_style="dim")


def log_line(entry: dict) -> Text:
    """One log entry as a line of output (bot games print these as they come)."""
    line = Text(f"T{entry['turn']} AR{entry['ar']:<2} ", style="dim")
    line.append(entry["text"], style=LOG_STYLE.get(entry["kind"], ""))
    return line


def board_view(game, viewer: str | None = None, new_from: int | None = None,
               log_count: int = 15) -> Group:
    """The whole screen for ``viewer`` (whose hand is shown)."""
    parts: list[RenderableType] = [status_panel(game), map_view(game)]
    ps = power_struggle_view(game, viewer)
    if ps is not None:
        parts.append(ps)
    if viewer in SIDES:
        parts.append(hand_table(game, viewer))
    parts.append(log_view(game, log_count, new_from))
    return Group(*parts)
