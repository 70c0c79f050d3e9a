"""The schema of the data files: each section's readers check fields, types,
names, cross-references and counts, and build the records.

Every check raises :class:`DataError` at the place of the offending entry
(see :mod:`dof.engine.data.located`); :func:`dof.engine.data.load_data` calls the
readers in the order their cross-references need.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from dof.engine.data.located import Doc
from dof.engine.data.names import NameTable
from dof.engine.data.records import (
    Country,
    PowerStruggleCard,
    ResultRow,
    Space,
    StrategyCard,
    TiananmenBox,
)
from dof.engine.data.terms import (
    AWARDS,
    CARD_SIDES,
    KINDS,
    PERIODS,
    PS_KINDS,
    REGIONS,
    SIDES,
    SPACE_TYPES,
    SUITS,
    unknown,
)

# Component counts (rules 2.0, 2.2.1, 2.3.1, 6.3.5).
N_SPACES = 75
N_CARDS = 110
N_PS_CARDS = 52
N_BOXES = 8


def _field(
    doc: Doc,
    entry: dict,
    field_name: str,
    kind: type | tuple[type, ...],
    what: str,
    *,
    optional: bool = False,
    nullable: bool = False,
    default: Any = None,
) -> Any:
    """Read one field of an entry, checking presence and type."""
    if field_name not in entry:
        if optional:
            return default
        raise doc.error(entry, f"{what}: missing field '{field_name}'")
    value = entry[field_name]
    if value is None and nullable:
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if ok and isinstance(value, str) and not value.strip():
        ok = False
    if not ok:
        expected = " or ".join(KINDS.get(k, k.__name__) for k in kinds)
        if nullable:
            expected += f" or {KINDS[type(None)]}"
        raise doc.error(
            entry, f"{what}: field '{field_name}' must be {expected}, got {value!r}", field_name
        )
    return value


def _entries(doc: Doc, items: list, what: str) -> Iterator[dict]:
    for item in items:
        if not isinstance(item, dict):
            raise doc.error(items, f"each {what} must be a mapping, got {item!r}")
        yield item


def _check_keys(doc: Doc, entry: dict, allowed: set[str], what: str) -> None:
    for field_name in entry:
        if field_name not in allowed:
            raise doc.error(entry, f"{what}: unknown field {field_name!r}", field_name)


def _choice(doc: Doc, entry: dict, field_name: str, choices: tuple[str, ...], what: str) -> str:
    value = _field(doc, entry, field_name, str, what)
    if value not in choices:
        raise doc.error(
            entry,
            f"{what}: unknown {field_name} {value!r}; expected one of {', '.join(choices)}",
            field_name,
        )
    return value


def _per_side(doc: Doc, entry: dict, field_name: str, kind: type, what: str) -> dict:
    value = _field(doc, entry, field_name, dict, what)
    if set(value) != set(SIDES):
        raise doc.error(
            entry,
            f"{what}: '{field_name}' must have exactly the keys democrat, communist",
            field_name,
        )
    for side in SIDES:
        _field(doc, value, side, kind, f"{what} {field_name}")
    return {side: value[side] for side in SIDES}


def _count(doc: Doc, items: list, expected: int, what: str) -> None:
    if len(items) != expected:
        raise doc.error(items, f"expected {expected} {what}, found {len(items)}")


# --- countries.yaml ------------------------------------------------------------------


def read_countries(doc: Doc) -> tuple[dict[str, dict], dict[str, int]]:
    """countries.yaml: each country's Scoring Box numbers (rule 9.3), kept raw
    until the map and deck exist to link them; and the final-scoring bonus."""
    raw = doc.top("countries", dict)
    out: dict[str, dict] = {}
    for name, entry in raw.items():
        what = f"country {name!r}"
        if not isinstance(name, str) or not name.strip():
            raise doc.error(raw, f"country names must be strings, got {name!r}", name)
        if not isinstance(entry, dict):
            raise doc.error(raw, f"{what} must be a mapping", name)
        fields = {"region", "presence", "domination", "control", "power", "scoring_card"}
        _check_keys(doc, entry, fields | {"adjective"}, what)
        out[name] = {
            "region": _choice(doc, entry, "region", REGIONS, what),
            **{k: _field(doc, entry, k, int, what) for k in sorted(fields - {"region"})},
            "adjective": _field(doc, entry, "adjective", str, what, optional=True, default=""),
            "_entry": entry,
        }
        for k in ("presence", "domination", "control", "power"):
            if out[name][k] < 0:
                raise doc.error(entry, f"{what}: '{k}' must not be negative", k)
    if not out:
        raise doc.error(raw, "no countries")
    final = doc.top("final_scoring", dict)
    values = {
        k: _field(doc, final, k, int, "final_scoring")
        for k in ("communist_power_bonus_per_country",)
    }
    _check_keys(doc, final, set(values), "final_scoring")
    doc.only("countries", "final_scoring")
    return out, values


# --- map.yaml ------------------------------------------------------------------------

_SPACE_FIELDS = {
    "id",
    "name",
    "aliases",
    "country",
    "region",
    "type",
    "stability",
    "battleground",
    "adjacent",
    "setup",
    "at",
    "beside",
}


def read_spaces(doc: Doc, countries: dict[str, dict]) -> tuple[Space, ...]:
    """map.yaml: the spaces (rule 2.1), their names unique by lookup key and
    adjacency listed on both ends."""
    items = doc.top("spaces", list)
    doc.only("spaces")
    entries = list(_entries(doc, items, "space"))
    _count(doc, items, N_SPACES, "spaces")
    by_id, index = _space_names(doc, items, entries)
    spaces = [_read_space(doc, by_id[sid], sid, countries, index) for sid in range(len(by_id))]
    # Rule 2.1.6: a line joins two spaces, so each must list the other.
    for space in spaces:
        for oid in space.adjacent:
            if space.id not in spaces[oid].adjacent:
                raise doc.error(
                    by_id[space.id],
                    f"asymmetric adjacency: {space.name!r} lists {spaces[oid].name!r} "
                    f"but {spaces[oid].name!r} does not list {space.name!r}",
                    "adjacent",
                )
    _check_places(doc, by_id, spaces)
    return tuple(spaces)


def _space_names(doc: Doc, items: list, entries: list[dict]
                 ) -> tuple[dict[int, dict], NameTable[int]]:
    """Each space's entry by id, and the index of their names and aliases:
    ids 0, 1, ... each once, names unique by lookup key."""
    by_id: dict[int, dict] = {}
    index: NameTable[int] = NameTable("space")
    for entry in entries:
        sid = _field(doc, entry, "id", int, "space")
        what = f"space {sid}"
        name = _field(doc, entry, "name", str, what)
        what = f"space {name!r}"
        if sid in by_id:
            raise doc.error(entry, f"{what}: duplicate id {sid}", "id")
        if not 0 <= sid < len(items):
            raise doc.error(entry, f"{what}: id must be 0..{len(items) - 1}", "id")
        by_id[sid] = entry
        aliases = _field(doc, entry, "aliases", list, what, optional=True, default=[])
        for n in (name, *aliases):
            if not isinstance(n, str) or not n.strip():
                raise doc.error(entry, f"{what}: aliases must be non-empty strings", "aliases")
            first = index.add(n, sid, alias=n != name)
            if first is not None:
                raise doc.error(
                    entry,
                    f"{what}: duplicate space name {n!r} (see {by_id[first]['name']!r})",
                    "aliases" if n != name else "name",
                )
    if sorted(by_id) != list(range(len(by_id))):
        raise doc.error(items, f"space ids must be 0..{len(by_id) - 1}, each once")
    return by_id, index


def _read_space(doc: Doc, entry: dict, sid: int, countries: dict[str, dict],
                index: NameTable[int]) -> Space:
    """One space (2.1) of map.yaml, its country and region as
    countries.yaml has them."""
    name = entry["name"]
    what = f"space {name!r}"
    _check_keys(doc, entry, _SPACE_FIELDS, what)
    country = _field(doc, entry, "country", str, what)
    if country not in countries:
        raise doc.error(
            entry, f"{what}: " + unknown("country", country, list(countries)), "country"
        )
    region = _choice(doc, entry, "region", REGIONS, what)
    if region != countries[country]["region"]:
        raise doc.error(
            entry,
            f"{what}: region {region!r} differs from {country}'s region "
            f"{countries[country]['region']!r} (countries.yaml)",
            "region",
        )
    stype = _choice(doc, entry, "type", SPACE_TYPES, what)
    stability = _field(doc, entry, "stability", int, what)
    if stability < 1:
        raise doc.error(entry, f"{what}: stability must be at least 1", "stability")
    battleground = _field(doc, entry, "battleground", bool, what)
    setup = _per_side(doc, entry, "setup", int, what)
    if min(setup.values()) < 0:
        raise doc.error(entry, f"{what}: setup SPs must not be negative", "setup")
    return Space(
        id=sid,
        name=name,
        country=country,
        region=region,
        type=stype,
        stability=stability,
        battleground=battleground,
        adjacent=_adjacent(doc, entry, sid, index, what),
        setup=setup,
        aliases=tuple(entry.get("aliases") or ()),
        **_place(doc, entry, sid, index, what),
    )


def _adjacent(doc: Doc, entry: dict, sid: int, index: NameTable[int],
              what: str) -> tuple[int, ...]:
    """The spaces a space's entry lists as adjacent (2.1.6), each once."""
    adjacent: set[int] = set()
    for other in _field(doc, entry, "adjacent", list, what):
        oid = index.get(other)
        if oid is None:
            raise doc.error(entry, f"{what}: adjacent " + index.unknown(other), "adjacent")
        if oid == sid:
            raise doc.error(entry, f"{what}: a space cannot be adjacent to itself", "adjacent")
        if oid in adjacent:
            raise doc.error(entry, f"{what}: {other!r} is listed twice", "adjacent")
        adjacent.add(oid)
    return tuple(sorted(adjacent))


#: A latitude and longitude as commonly published: "52.52 N, 13.40 E".
_LAT_LON = re.compile(r"(\d{1,2}(?:\.\d+)?) ?([NS]),? +(\d{1,3}(?:\.\d+)?) ?([EW])")


def _place(doc: Doc, entry: dict, sid: int, index: NameTable[int], what: str) -> dict:
    """Where the picture of the board draws a space (not a rule): ``at`` a
    city's latitude and longitude, or ``beside`` another space (an
    institution drawn beside the space of its city)."""
    given = [f for f in ("at", "beside") if f in entry]
    if len(given) != 1:
        raise doc.error(entry, f"{what}: give one of 'at' (a city's latitude and longitude, "
                        "e.g. '52.52 N, 13.40 E') or 'beside' (a space)", *given[1:])
    if given == ["beside"]:
        other = _field(doc, entry, "beside", str, what)
        oid = index.get(other)
        if oid is None:
            raise doc.error(entry, f"{what}: beside " + index.unknown(other), "beside")
        if oid == sid:
            raise doc.error(entry, f"{what}: a space cannot be beside itself", "beside")
        return {"beside": oid}
    at = _field(doc, entry, "at", str, what)
    found = _LAT_LON.fullmatch(at.strip())
    lat, lon = (float(found[1]), float(found[3])) if found else (91.0, 0.0)
    if not found or lat > 90 or lon > 180:
        raise doc.error(entry, f"{what}: 'at' must be a latitude and longitude such as "
                        f"'52.52 N, 13.40 E', got {at!r}", "at")
    return {"lat_lon": (lat if found[2] == "N" else -lat, lon if found[4] == "E" else -lon)}


def _check_places(doc: Doc, by_id: dict[int, dict], spaces: list[Space]) -> None:
    """Each chain of 'beside' ends at a space with a latitude and longitude."""
    for space in spaces:
        seen = [space.id]
        while (beside := spaces[seen[-1]].beside) is not None:
            if beside in seen:
                names = " -> ".join(spaces[s].name for s in [*seen, beside])
                raise doc.error(by_id[space.id],
                                f"space {space.name!r}: 'beside' goes round in a circle "
                                f"({names}); one of them needs 'at'", "beside")
            seen.append(beside)


# --- strategy.yaml -------------------------------------------------------------------

_CARD_FIELDS = {
    "number",
    "name",
    "period",
    "side",
    "ops",
    "removed",
    "red_title",
    "lasting",
    "scores",
}


def read_strategy(doc: Doc, countries: dict[str, dict]) -> dict[int, StrategyCard]:
    """strategy.yaml: the printed facts of the 110 strategy cards (rule 2.2)."""
    items = doc.top("cards", list)
    doc.only("cards")
    cards: dict[int, StrategyCard] = {}
    seen_names: NameTable[int] = NameTable("card")
    for entry in _entries(doc, items, "card"):
        number = _field(doc, entry, "number", int, "card")
        what = f"card {number}"
        _check_keys(doc, entry, _CARD_FIELDS, what)
        if number in cards:
            raise doc.error(entry, f"duplicate card number {number}", "number")
        if not 1 <= number <= N_CARDS:
            raise doc.error(entry, f"{what}: number must be 1..{N_CARDS}", "number")
        name = _field(doc, entry, "name", str, what)
        other = seen_names.add(name, number)
        if other is not None:
            raise doc.error(
                entry, f"{what}: duplicate card name {name!r} (also card {other})", "name"
            )
        side = _choice(doc, entry, "side", CARD_SIDES, what)
        ops = _field(doc, entry, "ops", int, what, nullable=True)
        scores = _field(doc, entry, "scores", str, what, optional=True, nullable=True)
        if side == "scoring":
            if ops is not None:
                raise doc.error(entry, f"{what}: a Scoring card has no ops (use null)", "ops")
            if scores is None:
                raise doc.error(entry, f"{what}: a Scoring card needs 'scores: <country>'")
            if scores not in countries:
                raise doc.error(
                    entry, f"{what}: " + unknown("country", scores, list(countries)), "scores"
                )
        else:
            if ops is None or ops < 1:
                raise doc.error(entry, f"{what}: ops must be a positive integer", "ops")
            if scores is not None:
                raise doc.error(entry, f"{what}: only Scoring cards have 'scores'", "scores")
        cards[number] = StrategyCard(
            number=number,
            name=name,
            period=_choice(doc, entry, "period", PERIODS, what),
            side=side,
            ops=ops,
            removed=_field(doc, entry, "removed", bool, what),
            red_title=_field(doc, entry, "red_title", bool, what),
            lasting=_field(doc, entry, "lasting", bool, what),
            scores=scores,
        )
    _count(doc, items, N_CARDS, "strategy cards")
    if sorted(cards) != list(range(1, N_CARDS + 1)):
        raise doc.error(items, f"card numbers must be 1..{N_CARDS}, each once")
    return dict(sorted(cards.items()))


def link_countries(
    doc: Doc,
    raw: dict[str, dict],
    spaces: tuple[Space, ...],
    cards: dict[int, StrategyCard],
) -> dict[str, Country]:
    """Build the countries, checking their Scoring cards against strategy.yaml."""
    out: dict[str, Country] = {}
    for name, c in raw.items():
        number = c["scoring_card"]
        card = cards.get(number)
        if card is None or card.side != "scoring" or card.scores != name:
            raise doc.error(
                c["_entry"],
                f"country {name!r}: scoring_card {number} is not the {name} Scoring card "
                "in strategy.yaml",
                "scoring_card",
            )
        own = [s for s in spaces if s.country == name]
        if not own:
            raise doc.error(c["_entry"], f"country {name!r} has no spaces in map.yaml")
        out[name] = Country(
            name=name,
            region=c["region"],
            presence=c["presence"],
            domination=c["domination"],
            control=c["control"],
            power=c["power"],
            scoring_card=number,
            adjective=c["adjective"],
            spaces=tuple(s.id for s in own),
            battlegrounds=tuple(s.id for s in own if s.battleground),
        )
    return out


# --- power_struggle.yaml -------------------------------------------------------------


def read_power_struggle(doc: Doc) -> tuple[PowerStruggleCard, ...]:
    """power_struggle.yaml: the 52 Power Struggle cards (rule 2.3)."""
    items = doc.top("power_struggle_cards", list)
    doc.only("power_struggle_cards")
    cards: dict[int, PowerStruggleCard] = {}
    for entry in _entries(doc, items, "Power Struggle card"):
        cid = _field(doc, entry, "id", int, "Power Struggle card")
        what = f"Power Struggle card {cid}"
        _check_keys(doc, entry, {"id", "name", "kind", "suit", "leader", "rank"}, what)
        if cid in cards:
            raise doc.error(entry, f"duplicate Power Struggle card id {cid}", "id")
        if not 0 <= cid < N_PS_CARDS:
            raise doc.error(entry, f"{what}: id must be 0..{N_PS_CARDS - 1}", "id")
        kind = _choice(doc, entry, "kind", PS_KINDS, what)
        suit = leader = None
        if kind == "suit":
            suit = _choice(doc, entry, "suit", SUITS, what)
        elif "suit" in entry:
            raise doc.error(entry, f"{what}: only suited cards have a suit", "suit")
        if kind == "leader":
            leader = _choice(doc, entry, "leader", SPACE_TYPES, what)
        elif "leader" in entry:
            raise doc.error(entry, f"{what}: only leader cards have a leader", "leader")
        rank = _field(doc, entry, "rank", int, what)
        if kind == "wild" and rank != 0:
            raise doc.error(entry, f"{what}: wild cards have rank 0", "rank")
        if kind != "wild" and not 1 <= rank <= 6:
            raise doc.error(entry, f"{what}: rank must be 1..6", "rank")
        cards[cid] = PowerStruggleCard(
            id=cid,
            name=_field(doc, entry, "name", str, what),
            kind=kind,
            suit=suit,
            leader=leader,
            rank=rank,
        )
    _count(doc, items, N_PS_CARDS, "Power Struggle cards")
    if sorted(cards) != list(range(N_PS_CARDS)):
        raise doc.error(items, f"Power Struggle card ids must be 0..{N_PS_CARDS - 1}, each once")
    return tuple(cards[i] for i in range(N_PS_CARDS))


# --- tables.yaml ---------------------------------------------------------------------


def read_tables(doc: Doc, cards: dict[int, StrategyCard]) -> dict[str, Any]:
    """tables.yaml: results table, Tiananmen and U.S.S.R. tracks, set-up order,
    turn structure and when each deck joins."""
    out: dict[str, Any] = {
        "results": _read_results(doc),
        "tiananmen": _read_tiananmen(doc),
        "ussr_track": _read_ussr_track(doc, cards),
        "setup_order": _read_setup_order(doc),
    }
    for field_name in ("turns", "hand_size", "action_rounds"):
        value = _field(doc, doc.data, field_name, int, "tables.yaml")
        if value < 1:
            raise doc.error(doc.data, f"'{field_name}' must be positive", field_name)
        out[field_name] = value
    out["deck_additions"] = _read_deck_additions(doc, out["turns"])
    doc.only(
        "power_struggle_results",
        "tiananmen_track",
        "ussr_track",
        "setup_free_sps",
        "turns",
        "hand_size",
        "action_rounds",
        "deck_additions",
    )
    return out


def _read_results(doc: Doc) -> tuple[ResultRow, ...]:
    """The Power Struggle Results Table (8.4): contiguous rolls, ascending."""
    rows_raw = doc.top("power_struggle_results", list)
    rows: list[ResultRow] = []
    for entry in _entries(doc, rows_raw, "result row"):
        what = "result row"
        _check_keys(doc, entry, {"roll", "support_loss", "vp", "takes_power"}, what)
        row = ResultRow(
            roll=_field(doc, entry, "roll", int, what),
            support_loss=_field(doc, entry, "support_loss", int, what),
            vp=_field(doc, entry, "vp", int, what),
            takes_power=_field(doc, entry, "takes_power", bool, what),
        )
        if rows and row.roll != rows[-1].roll + 1:
            raise doc.error(
                entry,
                f"result rows must be consecutive rolls; expected "
                f"{rows[-1].roll + 1}, got {row.roll}",
                "roll",
            )
        if row.support_loss < 0 or row.vp < 0:
            raise doc.error(entry, f"result row {row.roll}: values must not be negative")
        rows.append(row)
    if not rows:
        raise doc.error(rows_raw, "the results table is empty")
    return tuple(rows)


def _read_tiananmen(doc: Doc) -> tuple[TiananmenBox, ...]:
    """The Tiananmen Square track (6.3), its boxes numbered in order."""
    boxes_raw = doc.top("tiananmen_track", list)
    boxes: list[TiananmenBox] = []
    for entry in _entries(doc, boxes_raw, "Tiananmen box"):
        number = _field(doc, entry, "box", int, "Tiananmen box")
        what = f"Tiananmen box {number}"
        _check_keys(doc, entry, {"box", "names", "needs", "award"}, what)
        if number != len(boxes) + 1:
            raise doc.error(entry, f"{what}: boxes must be numbered 1, 2, ... in order", "box")
        boxes.append(
            TiananmenBox(
                box=number,
                names=_per_side(doc, entry, "names", str, what),
                needs=_per_side(doc, entry, "needs", int, what),
                award=_choice(doc, entry, "award", AWARDS, what),
            )
        )
    _count(doc, boxes_raw, N_BOXES, "Tiananmen boxes")
    return tuple(boxes)


def _read_ussr_track(doc: Doc, cards: dict[int, StrategyCard]) -> tuple[dict, ...]:
    """The U.S.S.R. Stability track (12), its positions in order."""
    track_raw = doc.top("ussr_track", list)
    track: list[dict] = []
    for entry in _entries(doc, track_raw, "U.S.S.R. track position"):
        position = _field(doc, entry, "position", int, "U.S.S.R. track position")
        what = f"U.S.S.R. track position {position}"
        _check_keys(doc, entry, {"position", "name", "card", "vp"}, what)
        if position != len(track):
            raise doc.error(entry, f"{what}: positions must be 0, 1, ... in order", "position")
        card = _field(doc, entry, "card", int, what, nullable=True)
        if card is not None and card not in cards:
            raise doc.error(entry, f"{what}: unknown card {card}", "card")
        track.append(
            {
                "position": position,
                "name": _field(doc, entry, "name", str, what),
                "card": card,
                "vp": _field(doc, entry, "vp", int, what),
            }
        )
    if not track:
        raise doc.error(track_raw, "the U.S.S.R. track is empty")
    return tuple(track)


def _read_setup_order(doc: Doc) -> tuple[tuple[str, int], ...]:
    """Who places how many free SPs at set-up (3.4), in order."""
    order_raw = doc.top("setup_free_sps", list)
    order: list[tuple[str, int]] = []
    for entry in _entries(doc, order_raw, "set-up step"):
        what = "set-up step"
        _check_keys(doc, entry, {"side", "sps"}, what)
        side = _choice(doc, entry, "side", SIDES, what)
        sps = _field(doc, entry, "sps", int, what)
        if sps < 1:
            raise doc.error(entry, f"{what}: sps must be positive", "sps")
        order.append((side, sps))
    return tuple(order)


def _read_deck_additions(doc: Doc, turns: int) -> dict[int, str]:
    """The turn at whose start each later period's cards join the deck (4.4)."""
    additions_raw = doc.top("deck_additions", dict)
    additions: dict[int, str] = {}
    for turn, period in additions_raw.items():
        if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn < turns:
            raise doc.error(
                additions_raw,
                f"deck_additions: turn must be 1..{turns - 1}, got {turn!r}",
                turn,
            )
        if period not in PERIODS:
            raise doc.error(
                additions_raw,
                f"deck_additions: unknown period {period!r}; expected one of {', '.join(PERIODS)}",
                turn,
            )
        additions[turn] = period
    return dict(sorted(additions.items()))
