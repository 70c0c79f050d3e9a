"""The vocabulary of compiled card programs: one name for each kind.

The card-language compiler (dof.dsl) writes these names into plain JSON
programs and the engine reads them back: operations (``{"op": ...}``),
expressions (``{"expr": ...}``), conditions (``{"cond": ...}``), the hooks a
lasting rule sits on (``"hook"``) and the durations of lasting effects
(``{"until": ...}``). Both sides spell them through this module, so a name
cannot drift on one side only; each operation declares its fields here too.
docs/operations.md documents each, and tests/test_language_contract.py
checks that every name has a handler in the engine, a construct that emits
it and a line in the docs, and that no operation is written or read with a
field it does not declare.

The names are plain strings (not enum members): compiled programs are stored
in ``state['effects']`` and so in saves, which must stay plain data.
"""

from __future__ import annotations

#: Version of the compiled program format. Lasting effects keep their compiled
#: rules in the game state, so saves record it; bump it whenever a name or a
#: field of a compiled program changes meaning.
PROGRAM_FORMAT = 1


class _Names:
    """A namespace of string constants."""

    @classmethod
    def every(cls) -> frozenset[str]:
        """Every name of this kind."""
        return frozenset(v for k, v in vars(cls).items() if k.isupper())


class Op(_Names):
    """Operation kinds, by domain (docs/operations.md, "Operations")."""

    # Strength points on the map
    PLACE = "place"
    PLACE_TO_CONTROL = "place_to_control"
    REMOVE = "remove"
    REPLACE = "replace"
    MOVE = "move"
    ELIMINATE = "eliminate"
    # Strategy and Power Struggle cards
    DRAW = "draw"
    DISCARD = "discard"
    REVEAL = "reveal"
    DECLARE_NEXT_CARD = "declare_next_card"
    TAKE = "take"
    GIVE = "give"
    PLAY_EVENT = "play_event"
    PLAY_OPS = "play_ops"
    SET_ASIDE = "set_aside"
    # Choices and flow
    CHOOSE = "choose"
    CHOOSE_ONE = "choose_one"
    IF = "if"
    FOR_EACH = "for_each"
    ROLL = "roll"
    ROLL_OFF = "roll_off"
    SUCCEED = "succeed"
    # Rules an event invokes: Operations (7.4), tracks, scoring, the end
    SUPPORT_CHECKS = "support_checks"
    OPERATIONS = "operations"
    VP = "vp"
    USSR_ADVANCE = "ussr_advance"
    TIANANMEN_ADVANCE = "tiananmen_advance"
    POWER_STRUGGLE = "power_struggle"
    BAR_SUIT = "bar_suit"
    SCORE = "score"
    END_GAME = "end_game"
    # Lasting effects (7.2)
    LASTING = "lasting"
    TRIGGER = "trigger"
    CANCEL = "cancel"
    END_EFFECT = "end_effect"


#: Fields every operation has: its kind, and where its card file writes it
#: (``path:line:col``).
OP_COMMON = frozenset({"op", "at"})

#: The fields each operation may carry besides those (docs/operations.md,
#: "Operations"): all the compiler writes and all its handler reads. One a
#: player does names him (``player``) and may be ``"optional": true``
#: (``may``); the runner reads both of every operation, with defaults.
OP_FIELDS: dict[str, tuple[str, ...]] = {
    Op.PLACE: ("player", "amount", "owner", "where", "choice", "per_space_max"),
    Op.PLACE_TO_CONTROL: ("player", "owner", "where", "choice"),
    Op.REMOVE: ("player", "amount", "owner", "where", "choice", "per_space_max"),
    Op.REPLACE: ("player", "amount", "owner", "new_owner", "where", "choice"),
    Op.MOVE: ("player", "amount", "owner", "from", "from_choice", "to", "to_choice",
              "per_space_max"),
    Op.ELIMINATE: ("space",),
    Op.DRAW: ("player", "count", "deck"),
    Op.DISCARD: ("player", "cards"),
    Op.REVEAL: ("player", "cards"),
    Op.DECLARE_NEXT_CARD: ("player",),
    Op.TAKE: ("player", "cards"),
    Op.GIVE: ("player", "to", "cards"),
    Op.PLAY_EVENT: ("player", "card"),
    Op.PLAY_OPS: ("player", "card", "cards", "without_event"),
    Op.SET_ASIDE: ("player", "cards", "until"),
    Op.CHOOSE: ("player", "kind", "among"),
    Op.CHOOSE_ONE: ("player", "options"),
    Op.IF: ("cond", "then", "else"),
    Op.FOR_EACH: ("kind", "among", "do"),
    Op.ROLL: ("player", "modifiers"),
    Op.ROLL_OFF: ("players", "best_of", "add"),
    Op.SUCCEED: (),
    Op.SUPPORT_CHECKS: ("player", "count", "ops", "where", "bonus", "needs_opponent_sp"),
    Op.OPERATIONS: ("player", "ops", "options", "where"),
    Op.VP: ("player", "amount"),
    Op.USSR_ADVANCE: ("player", "to", "name"),
    Op.TIANANMEN_ADVANCE: ("player", "boxes"),
    Op.POWER_STRUGGLE: ("player", "country"),
    Op.BAR_SUIT: (),
    Op.SCORE: ("country",),
    Op.END_GAME: ("player", "when"),
    Op.LASTING: ("duration", "rules"),
    Op.TRIGGER: ("hook", "filter", "once", "do"),
    Op.CANCEL: ("cards",),
    Op.END_EFFECT: (),
}

class Expr(_Names):
    """Integer expression kinds (docs/operations.md, "Amounts and expressions")."""

    ROLL = "roll"
    TURN = "turn"
    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    NEG = "neg"
    TABLE = "table"
    COUNT_SPACES = "count_spaces"
    COUNT_COUNTRIES = "count_countries"
    COUNT_DRAWN = "count_drawn"
    COUNT_DISCARDED = "count_discarded"
    COUNT_CARDS = "count_cards"
    COUNT_EVENTS = "count_events"
    OPS = "ops"


class Cond(_Names):
    """Condition kinds (docs/operations.md, "Conditions")."""

    AND = "and"
    OR = "or"
    NOT = "not"
    EVENT_OCCURRED = "event_occurred"
    IN_EFFECT = "in_effect"
    NOT_IN_EFFECT = "not_in_effect"
    CANCELLED = "cancelled"
    SUCCEEDED = "succeeded"
    CONTROLS = "controls"
    HOLDS_POWER = "holds_power"
    POWER_COUNT = "power_count"
    VP_LEAD = "vp_lead"
    TIANANMEN_AHEAD = "tiananmen_ahead"
    TIANANMEN_REACHED = "tiananmen_reached"
    COMPARE = "compare"
    PERIOD = "period"
    CARDS_EXIST = "cards_exist"
    EXISTS = "exists"
    NONE = "none"
    CARD = "card"
    DID = "did"
    WON_ROLL_OFF = "won_roll_off"


class Hook(_Names):
    """Hook points the engine consults for lasting effects
    (docs/operations.md, "Lasting effects and hook points")."""

    # Modifiers (summed) and bans (or-ed)
    OPS_VALUE = "ops_value"
    CHECK_MODIFIER = "check_modifier"
    ADJACENCY_MODIFIER = "adjacency_modifier"
    CHECK_BAN = "check_ban"
    PLACEMENT_BAN = "placement_ban"
    PLACEMENT_COST = "placement_cost"
    TIANANMEN_MODIFIER = "tiananmen_modifier"
    ACTION_ROUNDS = "action_rounds"
    HAND_SIZE = "hand_size"
    PS_ROLL_MODIFIER = "ps_roll_modifier"
    PLAY_OPTION = "play_option"
    # Triggers (run programs)
    PS_SETUP = "ps_setup"
    AFTER_POWER_STRUGGLE = "after_power_struggle"
    END_OF_TURN = "end_of_turn"
    ACTION_ROUND_END = "action_round_end"
    AFTER_DEAL = "after_deal"
    ACTION_ROUND_START = "action_round_start"
    ACTION_ROUND_REPLACE = "action_round_replace"
    AFTER_CHECK = "after_check"
    CARD_PLAYED = "card_played"
    AS_SOON_AS = "as_soon_as"
    FINAL_SCORING = "final_scoring"
    GAME_END = "game_end"
    #: Step 4.5.5: registered by the engine itself for an ``end_game`` at the
    #: end of the turn (10.3), never by a card.
    NEW_YEARS_EVE = "new_years_eve"


class Until(_Names):
    """How long a lasting effect lasts (``{"until": ...}``)."""

    END_OF_TURN = "end_of_turn"
    END_OF_GAME = "end_of_game"
    CANCELLED = "cancelled"
    USED = "used"
    END_OF_ACTION_ROUND = "end_of_action_round"
    NEXT_DEAL = "next_deal"
    END_OF_POWER_STRUGGLE = "end_of_power_struggle"
    OPPONENT_REACHES_BOX = "opponent_reaches_box"
