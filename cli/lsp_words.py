"""What the card language's keywords mean, and how a card's printed facts
read, shown when the editor hovers or completes one.

Mostly data, one entry per construct of docs/language.md: the meaning in a
line, and the rule (or ruling, docs/rulings.md) it implements, "" when the
construct is the language's own. A verb's "-s" form reads its entry.
"""

from __future__ import annotations

from dof.engine.data.records import StrategyCard

KEYWORDS: dict[str, tuple[str, str]] = {
    # card metadata
    "card": ("A strategy card: `card N \"Name\" { metadata; event }`.", ""),
    "period": ("The deck the card joins: `early`, `middle` or `late` (turns 1-3, 4-7, 8-10).",
               "rule 4.1"),
    "side": ("Whose event: `democrat`, `communist`, `neutral` or `scoring`.", "rule 2.2.2"),
    "ops": ("The printed Operations value (1-4); `this card's ops` adds the 7.3 modifiers.",
            "rule 7.3"),
    "removed": ("`removed after event`: the asterisk, the card leaves the game after its "
                "event.", "rule 2.2.4"),
    "lasting": ("The underlined title: the event stays in effect (W502 if it disagrees).",
                "rule 2.2.5"),
    "red": ("`red title`: another event's prerequisite.", "rule 2.2.6"),
    "summary": ("One line in your own words, shown by `dof cards` and hovers.", ""),
    "requires": ("The event cannot be chosen until the condition holds.", "rule 7.1"),
    "cancels": ("When the event occurs, the named card's lasting effects end.", "rule 7.2"),
    "cancel": ("Ends the named cards' lasting effects; they have no effect afterwards.",
               "rule 7.2"),
    "event": ("The card's event, run when it is played as an event.", "rule 5.2"),
    # Tiananmen Square and Power Struggle cards
    "tiananmen": ("The Tiananmen Square track: boxes, attempts and awards.", "rule 6.3"),
    "needs": ("The die roll a player needs to reach the box.", "rule 6.3.2"),
    "award": ("What the player who reaches the box first gets: `immediately` or "
              "`until the opponent reaches this box`.", "rule 6.3.5"),
    "struggle": ("A Power Struggle in a country: deal, attacks, aftermath.", "rule 8"),
    "attack": ("`when played to attack`: a wild card played in Step 1.", "rule 8.3.2"),
    "match": ("`when played to match`: a wild card played in Step 2.", "rule 8.3.2"),
    # players
    "democrat": ("The Democrat player; `democrat SP` are his support points.", ""),
    "communist": ("The Communist player; `communist SP` are his support points.", ""),
    "you": ("The player carrying out the event; in a box, the one who reached it first.",
            "rule 6.3.5"),
    "opponent": ("The other player than the one carrying out the event.", "rule 5.2"),
    "may": ("An optional action, offered only when it can act; `if he did` reads what "
            "happened.", "ruling R50"),
    # verbs
    "place": ("Direct placement of SPs: no adjacency, no double cost.", "ruling R36"),
    "remove": ("Takes SPs off spaces (the opponent's unless an owner is given).", ""),
    "replace": ("Swaps one player's SPs for the other's in a space.", ""),
    "move": ("Moves SPs from spaces to others, or the U.S.S.R. marker.", ""),
    "make": ("`makes N support checks ... using this card's ops`.", "rule 6.2"),
    "use": ("`uses this card's ops`: a full Operations play (placement follows 6.1).",
            "rule 7.4"),
    "gain": ("Victory points for the player.", "rule 10.1"),
    "advance": ("Moves the player's marker on the Tiananmen Square track.", "rule 6.3.4"),
    "hold": ("`holds a power struggle in X`: a Power Struggle outside scoring.", "rule 8"),
    "score": ("Scores a country as its Scoring card does.", "rule 9.3"),
    "draw": ("Draws strategy or Power Struggle cards.", ""),
    "discard": ("Discards cards; never Scoring cards unless `including scoring cards`.",
                "ruling R39"),
    "reveal": ("Shows cards to the other player; later statements read `the revealed "
               "cards`.", ""),
    "take": ("Takes cards from the discard pile or the other player.", ""),
    "give": ("Gives cards from the hand to the other player.", ""),
    "play": ("Plays a card's event, or a card for Operations.", "rule 5.2"),
    "choose": ("Picks a space, country or card that later statements call `the chosen ...`; "
               "nothing to choose ends the event.", "ruling R50"),
    "roll": ("Rolls a die (`the roll`), or a roll off between the players.", ""),
    "eliminate": ("Removes a space from the map.", ""),
    "end": ("`end the game`, or `end this effect` inside a lasting effect.", "rule 10.3"),
    # control flow
    "if": ("Runs the body when the condition holds; `otherwise` belongs to the nearest `if`.",
           ""),
    "otherwise": ("The branch of the nearest `if` taken when its condition fails.", ""),
    "option": ("One choice of `chooses one`; with `if`, offered only while it holds.",
               "ruling R51"),
    "each": ("Every matching space, country or event, fixed when the statement starts.", ""),
    "for": ("`for each ...` repeats a body; `for the rest of the turn/game` starts a lasting "
            "effect.", "rule 7.2"),
    "until": ("How long a lasting effect stays: `until cancelled`, `until the next deal`...",
              "rule 7.2"),
    "succeeds": ("`this event succeeds` records an outcome that `has succeeded` tests later.",
                 ""),
    # spaces
    "battleground": ("A space with a multi-coloured background.", "rule 2.1.5"),
    "uncontrolled": ("A space neither player controls.", ""),
    "adjacent": ("Spaces joined to the named one by a line.", "rule 2.1.6"),
    "except": ("Leaves the named spaces out of a description.", ""),
    "enough": ("`places enough SP to control ...`: as many as control needs.", ""),
    "up": ("`up to N`: the player may stop early (a \"Done\" choice).", ""),
    # lasting rules and triggers
    "extra": ("Extra action rounds; with `may`, the player is asked when it comes.",
              "ruling R52"),
    "instead": ("`instead of each P action round`: replaces the player's action rounds.",
                "ruling R38"),
    "adjacency": ("`ignore adjacency to P-controlled spaces` in support checks.", "rule 6.2.4"),
    "attempts": ("`tiananmen attempts by P get +N`: a die modifier.", "rule 6.3"),
    "aftermath": ("`aftermath rolls get +N`: the Power Struggle's aftermath roll.", "rule 8.4"),
}


def meaning(word: str) -> tuple[str, str] | None:
    """The entry for a keyword as written (``places`` reads ``place``)."""
    return KEYWORDS.get(word) or (KEYWORDS.get(word[:-1]) if word.endswith("s") else None)


def card_facts(card: StrategyCard) -> str:
    """A card as printed: period, side, Ops, asterisk, underline, red title."""
    facts = [card.period, card.side, "no ops" if card.ops is None else f"{card.ops} ops"]
    facts += [label for flag, label in ((card.removed, "removed after event"),
                                        (card.lasting, "lasting"),
                                        (card.red_title, "red title")) if flag]
    return " · ".join(f for f in facts if f)
