"""The game state's shape, defined once: plain JSON a save holds and a bot
reads (docs/api.md, "The game state").

Why TypedDicts: the state stays a dict of lists and numbers that round-trips
through JSON at any decision, while its fields are written down in one place
that mypy checks where a state is built (``initial_state``, the rules' power
struggle) and that the load check (data/validate.py) reads its field names
from. The steps of the two state machines are named here too: a state holds
the step it is at.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from dof.engine.data.chance import seed_state
from dof.engine.data.records import GameData
from dof.engine.data.terms import SIDES

#: The turn's steps (4.5), as ``state['phase']`` names them.
PHASES = [
    "setup",                # 3.0
    "deal",                 # 4.5.1
    "action_rounds",        # 4.5.2
    "extra_support_check",  # 4.5.3
    "verify_held_cards",    # 4.5.4
    "new_years_eve",        # 4.5.5
    "advance_turn",         # 4.5.6
    "final_scoring",        # 4.5.7
    "game_over",
]

#: The Power Struggle's steps (8.0), as ``state['ps']['step']`` names them.
PS_STEPS = [
    "deal",              # 8.1 (with the 8.1.2 adjustments and other setup effects)
    "raise_the_stakes",  # 8.2
    "rounds",            # 8.3 Power Struggle Rounds (initiative)
    "support_loss",      # 8.4.2
    "vp_roll",           # 8.4.3
    "takes_power",       # 8.4.4
    "surrender",         # 8.4.5
    "power_scoring",     # 8.4.6
    "done",
]

#: The largest 13.0 bid: a bid is a handful of 1-SP markers held in one
#: hand (ruling R3 caps it, as rules-diff B.1.2 advises). New games and
#: saves are checked against it (data/validate.py check_options).
MAX_BID = 10

#: 10.1: the VP total that wins at once, either way.
VICTORY_VP = 20


class Options(TypedDict):
    """How a game is played, fixed at its start."""

    #: Ruling R6: a player may stop before any support check roll.
    voluntary_stop: bool
    #: 13.0 as a harness parameter (ruling R3): side -> extra SPs placed after 3.4.
    extra_sps: dict[str, int]


DEFAULT_OPTIONS: Options = {"voluntary_stop": True,
                            "extra_sps": {"democrat": 0, "communist": 0}}


class Effect(TypedDict):
    """A lasting effect (7.2): a rule a card or Tiananmen box registered at a
    hook (rules/effects.py register), whose it is and how long it lasts."""

    id: int
    card: int | None
    box: int | None
    owner: str
    hook: str
    #: The compiled rule (docs/operations.md), as the card file writes it.
    rule: dict[str, Any]
    until: str
    uses: int | None
    #: The countries a duration tied to a power struggle names (a selector).
    country: Any
    #: The bindings kept from the registering program (validate.EFFECT_BINDINGS).
    vars: dict[str, Any]
    #: The id of the first rule of the same lasting block.
    group: int
    #: The turn a once-a-turn award was used (rules/actions.py).
    used_turn: NotRequired[int]


class Attack(TypedDict):
    """The card a Power Struggle round's attack was made with (8.3.2)."""

    card: int
    suit: str
    rank: int


class PowerStruggle(TypedDict):
    """A Power Struggle in progress (rules/power_struggle.py), ``state['ps']``."""

    step: str
    country: str
    scorer: str
    attacker: str
    hands: dict[str, list[int]]
    dealt: dict[str, list[int]]
    deck: list[int]
    discard: list[int]
    raised: dict[str, bool]
    revealed: dict[str, bool]
    blocked: list[str]
    attack: Attack | None
    round: int
    winner: str | None
    suit: str | None
    vp_total: int | None
    takes_power: bool
    surrendered: bool


class Result(TypedDict):
    """How a game ended (data/outcome.py reads it)."""

    winner: str | None
    how: str
    detail: str
    vp: int
    turn: int


class State(TypedDict):
    """The whole game at a decision. Per-player fields are keyed by side;
    spaces are map ids (list positions), cards their numbers."""

    seed: int
    #: The dice generator's state (data/chance.py).
    rng: int
    options: Options
    phase: str
    turn: int
    #: The phasing player's own action round (4.5.2), 0 outside them.
    ar: int
    phasing: str | None
    vp: int
    sp: dict[str, list[int]]
    destroyed: list[int]
    #: Pairs of spaces a destroyed space's neighbours are joined by.
    links: list[list[int]]
    #: Cards an event put aside while it runs.
    aside: list[int]
    #: Cards set aside until the next deal (ruling R45).
    set_aside: dict[str, list[int]]
    cancelled: list[int]
    effect_seq: int
    must_play: dict[str, int | None]
    hands: dict[str, list[int]]
    deck: list[int]
    discard: list[int]
    removed: list[int]
    display: list[int]
    played: int | None
    tiananmen: dict[str, int]
    tst_tries: dict[str, int]
    tst_used: dict[str, bool]
    ussr: int
    power: dict[str, str]
    scoring_plays: dict[str, int]
    events_played: list[int]
    succeeded: list[int]
    effects: list[Effect]
    rounds: dict[str, int]
    defer_victory: bool
    ps: PowerStruggle | None
    result: Result | None


def initial_state(data: GameData, seed: int, options: dict) -> State:
    """The state before setup: fixed SPs of 3.2/3.3 on the map, nothing dealt."""
    # Unknown options are kept: the load check (data/validate.py) names them.
    opts = cast(Options, {**DEFAULT_OPTIONS, **options})
    opts["extra_sps"] = {**DEFAULT_OPTIONS["extra_sps"], **opts["extra_sps"]}
    return {
        "seed": seed,
        "rng": seed_state(seed),
        "options": opts,
        "phase": "setup",
        "turn": 1,
        "ar": 0,
        "phasing": None,
        "vp": 0,
        "sp": {side: [s.setup[side] for s in data.spaces] for side in SIDES},
        "destroyed": [],
        "links": [],
        "aside": [],
        "set_aside": {"democrat": [], "communist": []},
        "cancelled": [],
        "effect_seq": 0,
        "must_play": {"democrat": None, "communist": None},
        "hands": {"democrat": [], "communist": []},
        "deck": data.cards_of_period("early"),
        "discard": [],
        "removed": [],
        "display": [],
        "played": None,
        "tiananmen": {"democrat": 0, "communist": 0},
        "tst_tries": {"democrat": 0, "communist": 0},
        "tst_used": {"democrat": False, "communist": False},
        "ussr": 0,
        "power": {name: "communist" for name in data.countries},
        "scoring_plays": {name: 0 for name in data.countries},
        "events_played": [],
        "succeeded": [],
        "effects": [],
        "rounds": {"democrat": 0, "communist": 0},
        "defer_victory": False,
        "ps": None,
        "result": None,
    }


def plain(state: State) -> dict[str, Any]:
    """The state as the plain dict it is, for code that reads any field by
    name (a save's comparison, a snapshot)."""
    return cast(dict[str, Any], state)


def fields(shape: Any) -> tuple[str, ...]:
    """The field names of one of the TypedDicts above, in order."""
    return tuple(shape.__annotations__)
