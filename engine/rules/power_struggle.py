"""The Power Struggle (rule 8) as a `transitions` state machine.

A Power Struggle runs when a Scoring card is played (8.0): deal the 52-card
Power Struggle deck (8.1), raise the stakes (8.2), play cards in Power Struggle
Rounds until a winner is known (8.3), then the aftermath (8.4): the loser's
Support Loss roll, the winner's VP roll, the Democrat taking Power, the
Communist's voluntary surrender, and the Communist's Power VP. Country
scoring (8.5 / 9.3) and moving the Scoring card are the caller's job.

Its plain-data state lives in ``state['ps']`` while it runs (None otherwise),
so a game can be saved at any decision inside it; the machine's current step
is ``state['ps']['step']``, which one machine for the process moves on
(engine/rules/machine.py).

Rulings are cited by their number in docs/rulings.md (R19-R32 follow
rules-diff B.7).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from functools import partial
from typing import TYPE_CHECKING, Any

from dof.engine.data.chance import PS_DECK
from dof.engine.data.state import PS_STEPS, Attack, PowerStruggle
from dof.engine.data.terms import SUITS
from dof.engine.data.vocabulary import Hook
from dof.engine.rules import hooks
from dof.engine.rules.board import controller, opponent
from dof.engine.rules.machine import Sequencer
from dof.engine.rules.protocols import RulesGame, Steps

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict

SUIT_NAMES = {
    "rally": "Rally in the Square",
    "march": "March",
    "strike": "Strike",
    "petition": "Petition",
}
#: 8.4.1: the winning suit's modifier to both aftermath rolls.
SUIT_MODIFIER = {"petition": -2, "rally": 2}
#: 8.1.1: cards dealt for the first controlled space and for each further one.
FIRST_SPACE_CARDS = 6
FURTHER_SPACE_CARDS = 2
#: 8.2.2: cards a player discards to Raise the Stakes.
RAISE_COST = 3


def communist_in_power(game: RulesGame, ps: PowerStruggle) -> bool:
    """Whether the Communist still holds Power in the struggle's country."""
    return game.state["power"][ps["country"]] == "communist"


#: The conditions are functions of the game and the struggle (the trigger's
#: arguments), not names for the machine to look up on its model.
TRANSITIONS: list[TransitionConfigDict] = [
    {"trigger": "advance", "source": "deal", "dest": "raise_the_stakes"},
    {"trigger": "advance", "source": "raise_the_stakes", "dest": "rounds"},
    {"trigger": "advance", "source": "rounds", "dest": "support_loss"},
    {"trigger": "advance", "source": "support_loss", "dest": "vp_roll"},
    {"trigger": "advance", "source": "vp_roll", "dest": "takes_power"},
    # 8.4.5 is offered only to a Communist who kept Power (ruling R30) ...
    {"trigger": "advance", "source": "takes_power", "dest": "surrender",
     "conditions": [communist_in_power]},
    {"trigger": "advance", "source": "takes_power", "dest": "done"},
    # ... and 8.4.6 scores only if he still holds it (8.4.7: never the Democrat).
    {"trigger": "advance", "source": "surrender", "dest": "power_scoring",
     "conditions": [communist_in_power]},
    {"trigger": "advance", "source": "surrender", "dest": "done"},
    {"trigger": "advance", "source": "power_scoring", "dest": "done"},
]


#: The Power Struggle's machine, shared by all struggles (engine/rules/machine.py).
_STRUGGLE = Sequencer("step", PS_STEPS, TRANSITIONS, "advance")


def running(game: RulesGame) -> PowerStruggle:
    """The Power Struggle in progress (its helpers are called only during one)."""
    ps = game.state["ps"]
    assert ps is not None, "no Power Struggle is being fought"
    return ps


# ------------------------------------------------------------- card queries
def wild_modes(game: RulesGame, card) -> set[str]:
    """How a wild card may be played (8.3.2): "attack" in Step 1, "match" in
    Step 2, as its text in the card files says; nothing when unwritten."""
    if card.kind != "wild" or game.events is None:
        return set()
    return game.events.ps_modes(card.name)


def leader_types(game: RulesGame, side: str, country: str) -> set[str]:
    """2.3.2 / ruling R25: the space types ``side`` controls in ``country`` now,
    i.e. the leaders he may use (re-evaluated at every play)."""
    destroyed = game.state["destroyed"]
    spaces = game.data.spaces
    return {
        spaces[s].type for s in game.country_spaces[country]
        if s not in destroyed and controller(game, s) == side
    }


def controlled_count(game: RulesGame, side: str, country: str) -> int:
    """8.1.1 / ruling R20: spaces ``side`` controls in ``country`` now (a destroyed
    space does not exist)."""
    destroyed = game.state["destroyed"]
    return sum(
        1 for s in game.country_spaces[country]
        if s not in destroyed and controller(game, s) == side
    )


def deal_count(controlled: int) -> int:
    """8.1.1: 6 cards for the first controlled space, 2 for each further one."""
    return FIRST_SPACE_CARDS + FURTHER_SPACE_CARDS * (controlled - 1) if controlled else 0


def attack_options(game: RulesGame, side: str) -> list:
    """8.3.2 Step 1 / ruling R25: the attacker's playable cards. Suited cards of an
    unblocked suit (card id); leaders of a controlled type, once per unblocked
    suit ([card id, suit]); wild cards played to attack (card id)."""
    ps = running(game)
    cards = game.data.ps_cards
    blocked = ps["blocked"]
    options: list = []
    types = None
    for cid in ps["hands"][side]:
        card = cards[cid]
        if card.kind == "suit":
            if card.suit not in blocked:
                options.append(cid)
        elif card.kind == "leader":
            if types is None:
                types = leader_types(game, side, ps["country"])
            if card.leader in types:
                options.extend([cid, s] for s in SUITS if s not in blocked)
        elif "attack" in wild_modes(game, card):
            options.append(cid)
    return options


def match_options(game: RulesGame, side: str, suit: str) -> list[int]:
    """8.3.2 Step 2 / ruling R25: the defender's answers to an attack in ``suit``:
    same-suit cards, usable leaders, wild cards played to match."""
    ps = running(game)
    cards = game.data.ps_cards
    options: list[int] = []
    types = None
    for cid in ps["hands"][side]:
        card = cards[cid]
        if card.kind == "suit":
            if card.suit == suit:
                options.append(cid)
        elif card.kind == "leader":
            if types is None:
                types = leader_types(game, side, ps["country"])
            if card.leader in types:
                options.append(cid)
        elif "match" in wild_modes(game, card):
            options.append(cid)
    return options


def struggle_cards_missing(game: RulesGame, side: str,
                           suit: str | None = None) -> list[tuple[str, str]]:
    """Why Power Struggle cards in ``side``'s hand are not offered
    (Decision.unavailable): to attack, or with ``suit`` to match an attack
    in that suit (8.3.2, ruling R25)."""
    ps = game.state["ps"]
    if ps is None:  # asked after the struggle: nothing is missing now
        return []
    cards = game.data.ps_cards
    types = leader_types(game, side, ps["country"])
    out = []
    for cid in ps["hands"][side]:
        card = cards[cid]
        if card.kind == "suit":
            if suit is None and card.suit in ps["blocked"]:
                out.append((card.name, f"{SUIT_NAMES[card.suit]} may not be played for the rest "
                            "of this Power Struggle (8.3.2)"))
            elif suit is not None and card.suit != suit:
                out.append((card.name, f"a match must be {SUIT_NAMES[suit]}, the attacked suit "
                            "(8.3.2 Step 2)"))
        elif card.kind == "leader":
            if card.leader not in types:
                out.append((card.name, f"you control no {card.leader} space in {ps['country']}, "
                            "whose leaders you could use (2.3.2, ruling R25)"))
            elif suit is None and all(s in ps["blocked"] for s in SUITS):
                out.append((card.name, "every suit is barred for the rest of this Power "
                            "Struggle (8.3.2)"))
        elif ("match" if suit else "attack") not in wild_modes(game, card):
            out.append((card.name, ("its text is not written in the card language"
                                    if not wild_modes(game, card) else
                                    f"its text plays it only to {'attack' if suit else 'match'}")
                        + " (8.3.2)"))
    return list(dict.fromkeys(out))  # a hand may hold several cards of one name


def card_label(game: RulesGame, cid: int, suit: str | None = None) -> str:
    """Display name of a PS card, with a leader's declared suit."""
    name = game.data.ps_cards[cid].name
    return f"{name} as {SUIT_NAMES[suit]}" if suit else name


def _card_describer(game: RulesGame):
    """Lazy option labels (Decision.describe): bots never read them."""
    def describe(option) -> str:
        if isinstance(option, list):
            return card_label(game, option[0], option[1])
        return card_label(game, option) if isinstance(option, int) else str(option)
    return describe


# ------------------------------------------- helpers for card effects (7.2)
def draw_ps_cards(game: RulesGame, side: str, n: int) -> list[int]:
    """Draw up to ``n`` cards from the Power Struggle deck into ``side``'s
    hand; an empty deck gives what remains, no reshuffle (ruling R28)."""
    ps = running(game)
    deck = ps["deck"]
    drawn = [deck.pop() for _ in range(min(n, len(deck)))]
    ps["hands"][side].extend(drawn)
    if drawn:
        game.note("ps_draw", f"{side} draws {len(drawn)} Power Struggle card(s)",
                  player=side, n=len(drawn))
    return drawn


def pick_random_ps_cards(game: RulesGame, victim: str, n: int, *,
                         as_dealt: bool = False) -> list[int]:
    """``n`` random cards of ``victim``'s hand (fewer if he has fewer).

    ``as_dealt`` restricts the pick to cards he was dealt in 8.1.1 and still
    holds, so several 8.1.2 transfers act as if simultaneous (ruling R21): a card
    received from another transfer is never passed on."""
    ps = running(game)
    hand = ps["hands"][victim]
    pool = [c for c in hand if c in ps["dealt"][victim]] if as_dealt else list(hand)
    picked = []
    for _ in range(min(n, len(pool))):
        picked.append(game.chance.pick(pool))
    return picked


def take_random_ps_cards(game: RulesGame, taker: str, victim: str, n: int,
                         *, as_dealt: bool = True) -> list[int]:
    """8.1.2: ``taker`` takes ``n`` random cards from ``victim``'s hand (what
    there is if fewer), by default from the hand as dealt (ruling R21)."""
    ps = running(game)
    picked = pick_random_ps_cards(game, victim, n, as_dealt=as_dealt)
    hand = ps["hands"][victim]
    for cid in picked:
        hand.remove(cid)
    ps["hands"][taker].extend(picked)
    game.note("ps_take", f"{taker} takes {len(picked)} random Power Struggle card(s) "
              f"from the {victim}", player=taker, victim=victim, n=len(picked))
    return picked


def held_ps_cards(game: RulesGame, cards: list[int]) -> list[int]:
    """Those of ``cards`` that are in a player's hand now (not played or
    discarded since they were drawn)."""
    hands = running(game)["hands"]
    return [c for c in cards if c in hands["democrat"] or c in hands["communist"]]


def discard_ps_cards(game: RulesGame, side: str, cards: list[int]) -> None:
    """``side`` discards these Power Struggle cards from the hands that hold
    them: his own, or his opponent's when the event says so (ruling R57)."""
    ps = running(game)
    for holder in (side, opponent(side)):
        mine = [c for c in cards if c in ps["hands"][holder]]
        for cid in mine:
            ps["hands"][holder].remove(cid)
            ps["discard"].append(cid)
        if mine:
            whose = "" if holder == side else f" of the {holder}'s"
            game.note("ps_discard", f"{side} discards {len(mine)}{whose} Power Struggle "
                      "card(s)", player=side, n=len(mine))


def discard_random_ps_cards(game: RulesGame, victim: str, n: int) -> list[int]:
    """``victim`` discards ``n`` random Power Struggle cards (fewer if he has
    fewer): a wild card's play (ruling R28)."""
    ps = running(game)
    picked = pick_random_ps_cards(game, victim, n)
    hand = ps["hands"][victim]
    for cid in picked:
        hand.remove(cid)
    ps["discard"].extend(picked)
    game.note("ps_discard", f"{victim} discards at random: "
              + (", ".join(card_label(game, c) for c in picked) or "nothing"),
              player=victim, cards=picked)
    return picked


def reveal_ps_hand(game: RulesGame, side: str) -> list[int]:
    """Show ``side``'s Power Struggle hand to his opponent (an event's doing);
    it stays marked as revealed for agents and user interfaces."""
    ps = running(game)
    ps["revealed"][side] = True
    hand = ps["hands"][side]
    game.note("ps_reveal", f"{side} reveals his Power Struggle hand: "
              + (", ".join(card_label(game, c) for c in hand) or "no cards"),
              player=side, cards=list(hand))
    return list(hand)


def _remove_sp(game: RulesGame, side: str, space: int, why: str) -> Steps:
    game.state["sp"][side][space] -= 1
    game.note("remove", f"{side} loses 1 SP in {game.space_name(space)} ({why})",
              player=side, space=space)
    yield from hooks.run(game, Hook.AS_SOON_AS, space=space)


def _play(ps: PowerStruggle, side: str, cid: int) -> None:
    """A card leaves the hand for the PS discard pile (played or discarded)."""
    ps["hands"][side].remove(cid)
    ps["discard"].append(cid)


# ------------------------------------------------------------ entry point
def power_struggle(game: RulesGame, country: str, scorer: str, *,
                   initiative: str | None = None) -> Generator[Any, Any, dict]:
    """Run 8.1-8.4 in ``country``; ``scorer`` played its Scoring card and
    decides first on raising the stakes; he also has the initiative unless
    ``initiative`` names the side that has it (10.3).

    Returns {"winner", "democrat_took_power", "suit"} ("suit" is the winning
    suit giving the 8.4.1 modifier, or None).
    """
    st = game.state
    had_power = st["power"][country]
    ps: PowerStruggle = {
        "step": "deal",
        "country": country,
        "scorer": scorer,
        "attacker": initiative or scorer,
        "hands": {"democrat": [], "communist": []},
        "dealt": {"democrat": [], "communist": []},
        "deck": [],
        "discard": [],
        "raised": {"democrat": False, "communist": False},
        "revealed": {"democrat": False, "communist": False},
        "blocked": [],
        "attack": None,
        "round": 0,
        "winner": None,
        "suit": None,
        "vp_total": None,
        "takes_power": False,
        "surrendered": False,
    }
    st["ps"] = ps
    game.note("ps_start", f"Power Struggle in {country} ({scorer} played the Scoring card)",
              country=country, scorer=scorer)
    while ps["step"] != "done":
        steps = STEP_RUNNERS[ps["step"]](game, ps)
        if steps is not None:  # a step that asks nothing is a plain function
            yield from steps
        _STRUGGLE.fire(ps, game, ps)
    result = {
        "winner": ps["winner"],
        # True when Power passed to the Democrat (8.4.4 or 8.4.5): the caller
        # then removes the Scoring card for good (8.4.7).
        "democrat_took_power": had_power != "democrat" and st["power"][country] == "democrat",
        "surrendered": ps["surrendered"],
        "suit": ps["suit"],
    }
    st["ps"] = None
    return result


# ------------------------------------------------------------- 8.1 deal
def deal_step(game: RulesGame, ps: PowerStruggle) -> Steps:
    """8.1.1 / ruling R19-R20: shuffle all 52 cards and deal by the spaces each
    side controls now; then the setup effects (8.1.2 transfers, etc.) on the
    ``ps_setup`` hook (ruling R23)."""
    country = ps["country"]
    deck = list(range(len(game.data.ps_cards)))
    game.chance.shuffle(deck, PS_DECK)
    ps["deck"] = deck
    for side in (ps["scorer"], opponent(ps["scorer"])):
        n = controlled_count(game, side, country)
        hand = [deck.pop() for _ in range(min(deal_count(n), len(deck)))]
        ps["hands"][side] = hand
        ps["dealt"][side] = list(hand)
        game.note("ps_deal", f"{side} controls {n} space(s) in {country}: "
                  f"dealt {len(hand)} Power Struggle cards", player=side, n=len(hand))
    yield from hooks.run(game, Hook.PS_SETUP, country=country, scorer=ps["scorer"])


# -------------------------------------------------- 8.2 raise the stakes
def raise_the_stakes_step(game: RulesGame, ps: PowerStruggle) -> Steps:
    """8.2 / ruling R24: each player once, Scoring-card player first, knowing the
    earlier choice; raising discards 3 cards (down to 0 is allowed)."""
    for side in (ps["scorer"], opponent(ps["scorer"])):
        hand = ps["hands"][side]
        if len(hand) < RAISE_COST:
            continue
        answer = yield game.ask(
            "ps_raise", side, ["yes", "no"],
            f"{side}: Raise the Stakes in {ps['country']} by discarding {RAISE_COST} cards?",
            country=ps["country"], opponent_raised=ps["raised"][opponent(side)],
        )
        if answer != "yes":
            continue
        ps["raised"][side] = True
        discarded = []
        for i in range(RAISE_COST):
            options = list(hand)
            cid = yield game.ask(
                "ps_raise_discard", side, options,
                f"{side}: discard a card to Raise the Stakes ({i + 1} of {RAISE_COST})",
                describe=_card_describer(game), country=ps["country"],
            )
            _play(ps, side, cid)
            discarded.append(cid)
        game.note("ps_raise", f"{side} raises the stakes, discarding "
                  + ", ".join(card_label(game, c) for c in discarded),
                  player=side, cards=discarded)


# ------------------------------------------------------ 8.3 play cards
def rounds_step(game: RulesGame, ps: PowerStruggle) -> Steps:
    """8.3: Power Struggle Rounds until a winner is known."""
    if not ps["hands"]["democrat"] and not ps["hands"]["communist"]:
        # ruling R22 (KO 8.3.2): with no cards at all, the Scoring-card player loses.
        _decide(game, ps, opponent(ps["scorer"]), None, "neither player has any card")
        return
    while ps["winner"] is None:
        yield from _round(game, ps)


def _decide(game: RulesGame, ps: PowerStruggle, winner: str, suit: str | None, how: str) -> None:
    ps["winner"] = winner
    ps["suit"] = suit
    ps["attack"] = None
    with_suit = f" with {SUIT_NAMES[suit]}" if suit else ""
    game.note("ps_winner", f"The {winner} wins the Power Struggle in {ps['country']}"
              f"{with_suit} ({how})", player=winner, suit=suit)


def _round(game: RulesGame, ps: PowerStruggle) -> Steps:
    """8.3.2: one Power Struggle Round."""
    attacker = ps["attacker"]
    defender = opponent(attacker)
    ps["round"] += 1
    # Step 1: the attacker must play a playable card (8.3.3).
    options = attack_options(game, attacker)
    if not options:
        # 8.3.2 NOTE / ruling R27: the defender wins with no suit modifier.
        _decide(game, ps, defender, None, f"the {attacker} has no playable card")
        return
    answer = yield game.ask(
        "ps_attack", attacker, options, f"{attacker}: attack in {ps['country']}",
        describe=_card_describer(game), why_not=partial(struggle_cards_missing, game, attacker),
        country=ps["country"], blocked=list(ps["blocked"]),
    )
    if isinstance(answer, list):
        cid, suit = answer
    else:
        cid, suit = answer, game.data.ps_cards[answer].suit
    card = game.data.ps_cards[cid]
    _play(ps, attacker, cid)
    if card.kind == "wild":
        # 8.3.2 Step 1: follow its text, skip Steps 2-3, the defender attacks next.
        game.note("ps_attack", f"{attacker} plays {card.name}", player=attacker, card=cid)
        assert game.events is not None  # offered only with its text (wild_modes)
        yield from game.events.ps_play(game, card.name, "attack", attacker)
        ps["attacker"] = defender
        return
    attack: Attack = {"card": cid, "suit": suit, "rank": card.rank}
    ps["attack"] = attack
    declared = suit if card.kind == "leader" else None
    game.note("ps_attack", f"{attacker} attacks with {card_label(game, cid, declared)}",
              player=attacker, card=cid, suit=suit)
    # Step 2: the defender may match; without a match the attacker wins in his suit.
    matches = match_options(game, defender, suit)
    if not matches:
        _decide(game, ps, attacker, suit, f"the {defender} cannot match")
        return
    answer = yield game.ask(
        "ps_match", defender, [*matches, "concede"],
        f"{defender}: match the {card_label(game, cid)} ({SUIT_NAMES[suit]}) or concede",
        describe=_card_describer(game),
        why_not=partial(struggle_cards_missing, game, defender, suit),
        country=ps["country"], attack=dict(attack),
    )
    if answer == "concede":
        _decide(game, ps, attacker, suit, f"the {defender} concedes")
        return
    match = game.data.ps_cards[answer]
    _play(ps, defender, answer)
    if match.kind == "wild":
        # 8.3.2 Step 2: follow its text; no counterattack, the attacker keeps
        # the initiative.
        ps["attack"] = None
        game.note("ps_match", f"{defender} plays {match.name} against the {SUIT_NAMES[suit]}",
                  player=defender, card=answer)
        assert game.events is not None  # offered only with its text (wild_modes)
        yield from game.events.ps_play(game, match.name, "match", defender, suit)
        return
    game.note("ps_match", f"{defender} matches with {match.name}", player=defender, card=answer)
    # Step 3 / 8.3.4: the defender must try to seize the initiative; a rank-1
    # attack (a real Rally card) is an automatic counterattack (ruling R26).
    rank = card.rank
    ps["attack"] = None
    if rank <= 1:
        game.note("ps_initiative", f"Automatic counterattack: the {defender} takes the "
                  "initiative", player=defender)
        ps["attacker"] = defender
        return
    roll = game.roll(defender, f"counterattack, needs {rank}")
    if roll >= rank:
        game.note("ps_initiative", f"Counterattack roll {roll} >= {rank}: the {defender} "
                  "takes the initiative", player=defender, roll=roll)
        ps["attacker"] = defender
    else:
        game.note("ps_initiative", f"Counterattack roll {roll} < {rank}: the {attacker} "
                  "keeps the initiative", player=defender, roll=roll)


# --------------------------------------------------------- 8.4 aftermath
def roll_modifiers(game: RulesGame, ps: PowerStruggle) -> list[tuple[str, int]]:
    """8.4.1 / ruling R30: the modifiers shared by both aftermath rolls: the
    winning suit, +1 per player who raised, and lasting effects."""
    mods: list[tuple[str, int]] = []
    suit = ps["suit"]
    if suit in SUIT_MODIFIER:
        mods.append((SUIT_NAMES[suit], SUIT_MODIFIER[suit]))
    raised = sum(ps["raised"].values())
    if raised:
        mods.append(("raised the stakes", raised))
    extra = hooks.total(game, Hook.PS_ROLL_MODIFIER, country=ps["country"], winner=ps["winner"])
    if extra:
        mods.append(("events", extra))
    return mods


def _aftermath_roll(game: RulesGame, ps: PowerStruggle, who: str, what: str):
    """Roll for ``who``, apply the 8.4.1 modifiers and read the results table
    (clamped to its end rows, ruling R30); log the roll with its modifiers."""
    roll = game.roll(who, what)
    mods = roll_modifiers(game, ps)
    total = roll + sum(v for _, v in mods)
    row = game.data.result(total)
    spelled = "".join(f" {v:+d} {name}" for name, v in mods)
    game.note("ps_roll", f"{what} roll {roll}{spelled} = {total}", player=who, roll=roll,
              total=total, modifiers=mods)
    return total, row


def support_loss_step(game: RulesGame, ps: PowerStruggle) -> Steps:
    """8.4.2 / ruling R31: the loser rolls and removes that many of his SPs in the
    country, one at a time where he likes; a surplus is ignored."""
    loser = opponent(_winner(ps))
    _total, row = _aftermath_roll(game, ps, loser, "Support Loss")
    lose = row.support_loss
    game.note("ps_support_loss", f"The {loser} must remove {lose} SP(s) in {ps['country']}",
              player=loser, n=lose)
    sp = game.state["sp"][loser]
    destroyed = game.state["destroyed"]
    spaces = [s for s in game.country_spaces[ps["country"]] if s not in destroyed]
    for i in range(lose):
        options = [s for s in spaces if sp[s]]
        if not options:
            break
        if len(options) == 1:
            space = options[0]
        else:
            space = yield game.ask(
                "ps_support_loss", loser, options,
                f"{loser}: remove an SP in {ps['country']} (Support Loss {i + 1} of {lose})",
                describe=game.space_name,
                country=ps["country"], left=lose - i,
            )
        yield from _remove_sp(game, loser, space, "Support Loss")


def _winner(ps: PowerStruggle) -> str:
    """The struggle's winner, known once its rounds are over (8.3)."""
    winner = ps["winner"]
    assert winner is not None, "the Power Struggle has no winner yet"
    return winner


def vp_roll_step(game: RulesGame, ps: PowerStruggle) -> None:
    """8.4.3: the winner rolls for VP; the modified roll is kept for 8.4.4."""
    winner = _winner(ps)
    total, row = _aftermath_roll(game, ps, winner, "Victory Point")
    ps["vp_total"] = total
    ps["takes_power"] = bool(row.takes_power)
    game.add_vp(row.vp if winner == "democrat" else -row.vp,
                f"Power Struggle in {ps['country']} won by the {winner}")


def takes_power_step(game: RulesGame, ps: PowerStruggle) -> None:
    """8.4.4: a winning Democrat with a modified VP roll of 4+ (the table's
    'P' rows) takes Power."""
    if ps["winner"] == "democrat" and ps["takes_power"]:
        game.state["power"][ps["country"]] = "democrat"
        game.note("ps_power", f"The Communist is toppled from Power in {ps['country']}",
                  country=ps["country"])


def surrender_step(game: RulesGame, ps: PowerStruggle) -> Steps:
    """8.4.5: the Communist who kept Power may give it up (no Power VP)."""
    answer = yield game.ask(
        "ps_surrender", "communist", ["yes", "no"],
        f"communist: voluntarily give up Power in {ps['country']}?", country=ps["country"],
    )
    if answer == "yes":
        ps["surrendered"] = True
        game.state["power"][ps["country"]] = "democrat"
        game.note("ps_power", f"The Communist gives up Power in {ps['country']}",
                  country=ps["country"])


def power_scoring_step(game: RulesGame, ps: PowerStruggle) -> None:
    """8.4.6 / ruling R32: Power Value x plays of this Scoring card (this one
    included; the caller has counted it)."""
    country = ps["country"]
    value = game.data.countries[country].power
    plays = game.state["scoring_plays"][country]
    game.add_vp(-value * plays, f"Communist retains Power in {country} ({value} x {plays})")


STEP_RUNNERS: dict[str, Callable[[RulesGame, PowerStruggle], Steps | None]] = {
    "deal": deal_step,
    "raise_the_stakes": raise_the_stakes_step,
    "rounds": rounds_step,
    "support_loss": support_loss_step,
    "vp_roll": vp_roll_step,
    "takes_power": takes_power_step,
    "surrender": surrender_step,
    "power_scoring": power_scoring_step,
}
