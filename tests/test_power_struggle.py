"""Rule 8, the Power Struggle: the rulebook's worked examples, the 2011
sample-turn Poland struggle, and a random-answer soak.

Each test builds a real game, clears the map, places SPs by space name, and
drives ``power_struggle`` with scripted answers and dice. Hands are stacked
through the ``ps_setup`` hook, the same hook the 8.1.2 card effects use.
"""

from __future__ import annotations

import gc
import inspect
import json
import random

import pytest
from helpers import fix_dice

from dof.dsl import load_deck
from dof.engine.data import load_data
from dof.engine.data.chance import Chance
from dof.engine.data.terms import SIDES
from dof.engine.game import Driver, Game
from dof.engine.programs.events import EventRunner
from dof.engine.rules import power_struggle as psm

DATA = load_data()
N_PS = len(DATA.ps_cards)
DECK = load_deck()


# ----------------------------------------------------------------- helpers
class Effects(EventRunner):
    """The card-effect runner, where a test's effect in the state may also
    be plain data naming a Python callable here (to stack hands or count a
    deal); the wild cards run their card-language text as in play."""

    def __init__(self) -> None:
        super().__init__(DECK)
        self.fns: list = []

    def effect_value(self, game, effect, ctx):
        if "fn" in effect:
            return self.fns[effect["fn"]](game, ctx)
        return super().effect_value(game, effect, ctx)

    def run_effect(self, game, effect, ctx):
        if "fn" in effect:
            self.fns[effect["fn"]](game, ctx)
            return False
        return (yield from super().run_effect(game, effect, ctx))


def new_game(**sps: dict[str, int]) -> Game:
    """A game with an empty map except ``democrat={...}, communist={...}``
    SPs by space name, and VP at 0, as when a Scoring card is played."""
    game = Game.new(DATA, seed=7)
    game.events = Effects()
    st = game.state
    st["sp"] = {side: [0] * len(DATA.spaces) for side in SIDES}
    for side, spaces in sps.items():
        for name, n in spaces.items():
            st["sp"][side][DATA.space(name).id] = n
    st["vp"] = 0
    st["defer_victory"] = True
    for country in DATA.countries:
        st["scoring_plays"][country] = 1
    return game


def sp(game: Game, side: str, name: str) -> int:
    return game.state["sp"][side][DATA.space(name).id]


class Pool:
    """Hands out distinct PS card ids by printed name ('March 6', 'Elite
    Leader'...), so two hands built from one pool never share a card."""

    def __init__(self) -> None:
        self.free = [c.id for c in DATA.ps_cards]

    def __call__(self, *names: str) -> list[int]:
        taken = []
        for name in names:
            cid = next(c for c in self.free if DATA.ps_cards[c].name == name)
            self.free.remove(cid)
            taken.append(cid)
        return taken

    def one(self, name: str) -> int:
        return self(name)[0]


def cards(*names: str) -> list[int]:
    """Distinct PS card ids by printed name, from a fresh pool."""
    return Pool()(*names)


def add_effect(game: Game, hook: str, fn) -> None:
    game.events.fns.append(fn)
    game.state["effects"].append({"hook": hook, "fn": len(game.events.fns) - 1})


def stack_hands(game: Game, democrat: list[int], communist: list[int]) -> None:
    """After the deal, replace both hands (the other cards go back to the deck)."""
    def stack(game, ctx):
        ps = game.state["ps"]
        pool = ps["deck"] + ps["hands"]["democrat"] + ps["hands"]["communist"]
        ps["hands"] = {"democrat": list(democrat), "communist": list(communist)}
        ps["dealt"] = {"democrat": list(democrat), "communist": list(communist)}
        ps["deck"] = [c for c in pool if c not in democrat and c not in communist]
    add_effect(game, "ps_setup", stack)


#: The machine step (``state['ps']['step']``) each decision kind is asked in.
STEP_OF = {
    "ps_raise": "raise_the_stakes",
    "ps_raise_discard": "raise_the_stakes",
    "ps_attack": "rounds",
    "ps_match": "rounds",
    "space": "rounds",  # a wild card's text (Scare Tactics) picks a space
    "ps_support_loss": "support_loss",
    "ps_surrender": "surrender",
}


def check_invariants(game: Game, decision) -> None:
    """At every decision: plain JSON state, the machine in the step the
    decision belongs to, and all 52 PS cards somewhere, once."""
    json.loads(json.dumps(game.state))
    ps = game.state["ps"]
    assert ps["step"] == STEP_OF[decision.kind]
    every = ps["deck"] + ps["discard"] + ps["hands"]["democrat"] + ps["hands"]["communist"]
    assert sorted(every) == list(range(N_PS))


def run(game: Game, country: str, scorer: str, script=(), policy=None, look=None, **kw):
    """Drive a power struggle; ``script`` is a list of (kind, answer) pairs
    that must come in that order; ``policy(decision)`` answers the rest;
    ``look(decision)`` sees each decision while it is pending."""
    script = list(script)
    asked = []

    def reply(decision):
        check_invariants(game, decision)
        if look is not None:
            look(decision)
        if script:
            kind, answer = script.pop(0)
            assert decision.kind == kind, (decision.kind, decision.prompt, decision.options)
        else:
            assert policy is not None, f"unscripted decision: {decision.prompt}"
            answer = policy(decision)
        answer = decision.check(answer)
        asked.append((decision, answer))
        return answer

    result = Driver(psm.power_struggle(game, country, scorer, **kw)).finish(reply)
    assert not script, f"script not used up: {script}"
    assert game.state["ps"] is None
    json.dumps(game.state)
    return result, asked


def logged(game: Game, kind: str) -> list[str]:
    return [e["text"] for e in game.log if e["kind"] == kind]


def dealt_sizes(game: Game) -> dict[str, int]:
    seen = {}

    def look(game, ctx):
        seen.update({s: len(h) for s, h in game.state["ps"]["hands"].items()})
    add_effect(game, "ps_setup", look)
    return seen


# --------------------------------------------------------------- 8.1 deal
@pytest.mark.parametrize("controlled, expected", [(0, 0), (1, 6), (2, 8), (3, 10), (4, 12),
                                                  (5, 14)])
def test_deal_counts_6_for_the_first_space_and_2_for_each_further(controlled, expected):
    names = ["Szczecin", "Gdansk", "Poznan", "Wroclaw", "Lodz"][:controlled]
    game = new_game(democrat={n: 3 for n in names})
    seen = dealt_sizes(game)
    fix_dice(game, [1, 1])
    run(game, "Poland", "communist", policy=lambda d: d.options[-1])
    assert seen == {"democrat": expected, "communist": 0}


def test_deal_example_8_1_2_roundtable_talks_transfer():
    """8.1.2 example: Democrat 4 spaces -> 12, Communist 2 -> 8; then the
    Democrat takes 2 random cards from the Communist before anyone looks."""
    game = new_game(
        democrat={"Polish Catholic Church": 5, "Polish Writers": 2, "Wroclaw": 3, "Krakow": 3},
        communist={"Bydgoszcz": 4, "Warszawa": 3},
    )
    dealt = dealt_sizes(game)
    add_effect(game, "ps_setup",
               lambda g, ctx: psm.take_random_ps_cards(g, "democrat", "communist", 2))
    after = dealt_sizes(game)
    fix_dice(game, [6] * 40)
    run(game, "Poland", "democrat", policy=lambda d: d.options[-1])
    assert dealt == {"democrat": 12, "communist": 8}
    assert after == {"democrat": 14, "communist": 6}


def test_transfers_take_only_cards_as_dealt_so_order_does_not_matter():
    """B.7.3: transfers act simultaneously; a received card is never passed on."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    moved = {}

    def both(game, ctx):
        moved["to_d"] = psm.take_random_ps_cards(game, "democrat", "communist", 2)
        moved["to_c"] = psm.take_random_ps_cards(game, "communist", "democrat", 6)
    add_effect(game, "ps_setup", both)
    fix_dice(game, [6] * 40)
    run(game, "Poland", "democrat", policy=lambda d: d.options[-1])
    assert len(moved["to_c"]) == 6 and not set(moved["to_d"]) & set(moved["to_c"])


def test_every_struggle_reshuffles_all_52_cards():
    """B.7.1: the deck is rebuilt from all 52 cards for every struggle."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    seen = []

    def look(game, ctx):
        ps = game.state["ps"]
        seen.append((len(ps["deck"]), len(ps["discard"])))
    add_effect(game, "ps_setup", look)
    for _ in range(2):
        game.state["sp"]["communist"][DATA.space("Warszawa").id] = 3   # undo Support Loss
        game.state["sp"]["democrat"][DATA.space("Gdansk").id] = 3
        fix_dice(game, [1] * 40)
        run(game, "Poland", "democrat", policy=lambda d: d.options[-1])
    assert seen == [(N_PS - 12, 0), (N_PS - 12, 0)]


# ---------------------------------------- the 2020 running example (8.2-8.4)
def test_rulebook_running_example_8_2_to_8_4_4():
    """8.2: Democrat 14 cards, Communist 6; the Democrat raises. 8.3: he leads
    March 6; the Communist matches with a March (not his Elite Leader; his
    Intellectual Leader is unusable), rolls 2 (needs 6); the Democrat leads
    another March and the Communist concedes. 8.4.2: Support Loss roll 1+1 =
    2 -> 1 SP, from Bydgoszcz. 8.4.3: VP roll 3+1 = 4 -> 2 VP. 8.4.4: the
    Democrat takes Power in Poland."""
    game = new_game(
        democrat={"Polish Catholic Church": 5, "Polish Writers": 2, "Wroclaw": 3, "Krakow": 3},
        communist={"Bydgoszcz": 4, "Warszawa": 3},
    )
    take = Pool()
    march6, march5 = take("March 6", "March 5")
    democrat = [march6, march5, *take("March 4", "March 3", "Strike 6", "Strike 5", "Strike 4",
                                      "Strike 3", "Petition 6", "Petition 5",
                                      "Rally in the Square", "Rally in the Square",
                                      "Church Leader", "Student Leader")]
    c_march, elite, intellectual = take("March 3", "Elite Leader", "Intellectual Leader")
    communist = [c_march, elite, intellectual, *take("Rally in the Square", "Strike 3",
                                                     "Petition 5")]
    stack_hands(game, democrat, communist)
    assert (len(democrat), len(communist)) == (14, 6)
    fix_dice(game, [2, 1, 3])

    def communist_match(options):
        # His Intellectual Leader is not offered: he does not control Polish Writers.
        assert intellectual not in options and elite in options and c_march in options
        return c_march

    asked = {}

    def policy(d):
        asked.setdefault(d.kind, []).append(d.options)
        return communist_match(d.options) if d.kind == "ps_match" else None

    result, _ = run(game, "Poland", "democrat", [
        ("ps_raise", "yes"),
        ("ps_raise_discard", democrat[13]),
        ("ps_raise_discard", democrat[12]),
        ("ps_raise_discard", democrat[9]),
        ("ps_raise", "no"),
        ("ps_attack", march6),
        ("ps_match", c_march),
        ("ps_attack", march5),
        ("ps_match", "concede"),          # 8.3.4 example: he need not match
        ("ps_support_loss", DATA.space("Bydgoszcz").id),
    ], policy=policy)
    assert result == {"winner": "democrat", "democrat_took_power": True,
                      "surrendered": False, "suit": "march"}
    assert sp(game, "communist", "Bydgoszcz") == 3 and sp(game, "communist", "Warszawa") == 3
    assert game.state["vp"] == 2
    assert game.state["power"]["Poland"] == "democrat"
    rolls = logged(game, "ps_roll")
    assert rolls == ["Support Loss roll 1 +1 raised the stakes = 2",
                     "Victory Point roll 3 +1 raised the stakes = 4"]


# ---------------------------------------------- the 2011 sample turn, Poland
def test_sample_turn_2011_poland():
    """The 2011 sample turn (its third 'Strike 3' must be the Strike 6 in the
    Communist's hand). The Communist controls 3 spaces (10 cards), the
    Democrat 4 (12 cards). The Democrat raises, blocks Strike with Tactic
    Fails, and wins because the Communist's last card, an Intellectual
    Leader, is unusable: no suit modifier, even though the last card played
    was a Rally (B.7.9). Support Loss 2+1 = 3 -> 1 SP; VP 4+1 = 5 -> 2/P."""
    game = new_game(
        democrat={"Wroclaw": 3, "Polish Catholic Church": 5, "Krakow": 3, "Poznan": 3},
        communist={"Bydgoszcz": 4, "Warszawa": 3, "Gdansk": 3},
    )
    seen = dealt_sizes(game)
    (d_rally1, d_rally2, d_march3, d_march4, d_march5, d_strike4, d_petition6,
     d_int1, d_int2, d_elite, d_church, tactic_fails) = cards(
        "Rally in the Square", "Rally in the Square", "March 3", "March 4", "March 5",
        "Strike 4", "Petition 6", "Intellectual Leader", "Intellectual Leader",
        "Elite Leader", "Church Leader", "Tactic Fails")
    democrat = [d_rally1, d_rally2, d_march3, d_march4, d_march5, d_strike4, d_petition6,
                d_int1, d_int2, d_elite, d_church, tactic_fails]
    free = [c.id for c in DATA.ps_cards if c.id not in democrat]

    def take(name: str) -> int:
        cid = next(c for c in free if DATA.ps_cards[c].name == name)
        free.remove(cid)
        return cid

    c_rally = take("Rally in the Square")
    c_march = [take("March 3") for _ in range(3)]
    c_strike3a, c_strike3b, c_strike6 = take("Strike 3"), take("Strike 3"), take("Strike 6")
    c_petition6, c_int, c_worker = take("Petition 6"), take("Intellectual Leader"), \
        take("Worker Leader")
    communist = [c_rally, *c_march, c_strike3a, c_strike3b, c_strike6, c_petition6, c_int,
                 c_worker]
    stack_hands(game, democrat, communist)
    # counterattacks: 5 (needs 6), 1 (6), 2 (3), then 1 (5), 4 (4), 3 (3); aftermath 2, 4
    fix_dice(game, [5, 1, 2, 1, 4, 3, 2, 4])
    result, asked = run(game, "Poland", "communist", [
        ("ps_raise", "no"),
        ("ps_raise", "yes"),
        ("ps_raise_discard", d_int1),
        ("ps_raise_discard", d_int2),
        ("ps_raise_discard", d_elite),
        ("ps_attack", c_petition6),
        ("ps_match", d_petition6),
        ("ps_attack", c_strike3a),
        ("ps_match", d_strike4),
        ("ps_attack", c_strike3b),
        ("ps_match", d_church),            # a Church space is his: the leader is usable
        ("ps_attack", c_strike6),
        ("ps_match", tactic_fails),        # Strike is barred; no counterattack
        ("ps_attack", c_rally),
        ("ps_match", d_rally1),            # automatic counterattack: no roll
        ("ps_attack", d_march5),
        ("ps_match", c_march[0]),
        ("ps_attack", d_march4),
        ("ps_match", c_march[1]),          # roll 4 >= 4: the Communist attacks
        ("ps_attack", c_march[2]),
        ("ps_match", d_march3),            # roll 3 >= 3: the Democrat attacks
        ("ps_attack", d_rally2),
        ("ps_match", c_worker),            # automatic counterattack again
        ("ps_support_loss", DATA.space("Gdansk").id),
    ])
    assert seen == {"communist": 10, "democrat": 12}
    # After Tactic Fails the Communist may not attack with Strike.
    after_block = [d for d, _ in asked if d.kind == "ps_attack"][4]
    assert after_block.options == [c_rally, *c_march] + [
        [c_worker, suit] for suit in ("rally", "march", "petition")]
    assert result == {"winner": "democrat", "democrat_took_power": True,
                      "surrendered": False, "suit": None}
    assert logged(game, "ps_roll") == ["Support Loss roll 2 +1 raised the stakes = 3",
                                       "Victory Point roll 4 +1 raised the stakes = 5"]
    assert sp(game, "communist", "Gdansk") == 2
    assert game.state["vp"] == 2 and game.state["power"]["Poland"] == "democrat"
    assert game.state["scoring_plays"]["Poland"] == 1          # untouched: the caller's job


# ------------------------------------------------------ playable cards, 8.3
def test_leader_usable_only_with_a_controlled_space_of_its_type():
    """2.3.2 example: the Communist controls Bydgoszcz (Elite) and Lodz
    (Worker): Elite and Worker Leaders are usable, the Church Leader is not."""
    game = new_game(communist={"Bydgoszcz": 4, "Lodz": 3, "Polish Catholic Church": 4})
    elite, worker, church = cards("Elite Leader", "Worker Leader", "Church Leader")
    stack_hands(game, [], [elite, worker, church])
    attacks = []

    def policy(d):
        if d.kind == "ps_attack":
            attacks.append(d.options)
        return "no" if d.kind == "ps_raise" else d.options[0]

    fix_dice(game, [6, 6, 6, 6])
    run(game, "Poland", "communist", policy=policy)
    assert attacks[0] == [[elite, s] for s in psm.SUITS] + [[worker, s] for s in psm.SUITS]


def test_option_labels_name_the_card_and_declared_suit():
    elite, march = cards("Elite Leader", "March 6")
    game = new_game(communist={"Bydgoszcz": 4})
    stack_hands(game, [], [elite, march])
    fix_dice(game, [1, 1])
    _, asked = run(game, "Poland", "communist", [("ps_attack", march), ("ps_surrender", "no")])
    attack = asked[0][0]
    assert [attack.label(i) for i in range(len(attack.options))] == [
        "Elite Leader as Rally in the Square", "Elite Leader as March",
        "Elite Leader as Strike", "Elite Leader as Petition", "March 6"]


def test_attacker_with_only_tactic_fails_and_unusable_leaders_loses():
    """B.7.7: Tactic Fails cannot lead; the defender wins with no suit."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    stack_hands(game, cards("Tactic Fails", "Elite Leader"), cards("March 6"))
    fix_dice(game, [3, 3])
    result, _asked = run(game, "Poland", "democrat", [("ps_surrender", "no")])
    assert result["winner"] == "communist" and result["suit"] is None
    assert logged(game, "ps_roll") == ["Support Loss roll 3 = 3", "Victory Point roll 3 = 3"]


def test_attacker_with_no_cards_loses_at_once():
    """8.3.1 NOTE: the scorer controls nothing in the country, gets no cards."""
    game = new_game(communist={"Warszawa": 3})
    fix_dice(game, [1, 1])
    result, asked = run(game, "Poland", "democrat",
                        policy=lambda d: "no" if d.kind in ("ps_raise", "ps_surrender") else None)
    assert result == {"winner": "communist", "democrat_took_power": False,
                      "surrendered": False, "suit": None}
    assert [d.kind for d, _ in asked] == ["ps_raise", "ps_surrender"]


def test_neither_player_with_cards_the_scoring_card_player_loses():
    """B.7.4 (KO 8.3.2): the player of the Scoring card loses."""
    for scorer in SIDES:
        game = new_game()
        fix_dice(game, [1, 1])
        result, _ = run(game, "Hungary", scorer, policy=lambda d: "no")
        assert result["winner"] == game.opponent(scorer)


def test_initiative_argument_gives_the_first_attack_to_the_other_side():
    """``initiative`` (10.3 gives it to the Democrat) moves the first attack;
    the Scoring-card player still decides first on raising the stakes."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    stack_hands(game, cards("March 6"), cards("Strike 6", "Strike 5", "Strike 4"))
    fix_dice(game, [1, 1])
    result, asked = run(game, "Poland", "communist", [
        ("ps_raise", "no"),
        ("ps_attack", cards("March 6")[0]),
        ("ps_surrender", "no"),
    ], initiative="democrat")
    assert asked[1][0].player == "democrat"
    assert result["winner"] == "democrat" and result["suit"] == "march"


def test_tactic_fails_blocks_the_suit_for_both_and_for_leaders():
    """8.3.2 Step 2: the suit is barred for both players, also as a leader's
    declared suit; the attacker keeps the initiative (no roll)."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Bydgoszcz": 4})
    take = Pool()
    strike6, strike5, d_march = take("Strike 6", "Strike 5", "March 6")
    tactic, elite, c_strike = take("Tactic Fails", "Elite Leader", "Strike 4")
    stack_hands(game, [strike6, strike5, d_march], [tactic, elite, c_strike])
    fix_dice(game, [6, 1, 1])
    reasons: list = []
    result, asked = run(game, "Poland", "democrat", [
        ("ps_raise", "no"),
        ("ps_raise", "no"),
        ("ps_attack", strike6),
        ("ps_match", tactic),             # no roll: the Democrat attacks again
        ("ps_attack", d_march),           # his Strike 5 is no longer playable
        ("ps_match", elite),              # roll 6 >= 6: the Communist attacks
        ("ps_surrender", "no"),
    ], look=lambda d: d.kind != "ps_raise" and reasons.append((d.kind, d.unavailable())))
    attacks = [d for d, _ in asked if d.kind == "ps_attack"]
    assert attacks[1].options == [d_march]
    # What a player is told about the cards he cannot play (the screen's reasons).
    assert reasons == [
        ("ps_attack", []), ("ps_match", []),
        ("ps_attack", [("Strike 5", "Strike may not be played for the rest of this Power "
                        "Struggle (8.3.2)")]),
        ("ps_match", [("Strike 4", "a match must be March, the attacked suit (8.3.2 Step 2)")]),
        ("ps_surrender", [])]
    # The Communist's Strike 4 is barred and his leader is spent: no playable
    # card, so the Democrat wins with no suit.
    assert result["winner"] == "democrat" and result["suit"] is None
    assert game.state["ps"] is None


def test_the_attacker_is_told_why_a_leader_or_a_wild_card_is_not_offered():
    """A leader whose space type the attacker does not control (2.3.2,
    ruling R25) and a wild card whose text only matches (8.3.2) are missing
    from the attack, each with its reason (Decision.unavailable)."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Lublin": 4})  # a farmer space
    take = Pool()
    strike6, tactic, elite, strike4 = take("Strike 6", "Tactic Fails", "Elite Leader", "Strike 4")
    stack_hands(game, [strike6], [tactic, elite, strike4])
    fix_dice(game, [1, 1, 1, 1])
    attacks = []
    run(game, "Poland", "communist", policy=lambda d: "no" if "no" in d.options else d.options[0],
        look=lambda d: d.kind == "ps_attack" and attacks.append((d.options, d.unavailable())))
    assert attacks == [([strike4], [
        ("Tactic Fails", "its text plays it only to match (8.3.2)"),
        ("Elite Leader", "you control no elite space in Poland, whose leaders you could use "
                         "(2.3.2, ruling R25)")])]


def test_leader_matches_any_suit_but_tactic_fails_is_spent():
    game = new_game(democrat={"Gdansk": 3}, communist={"Bydgoszcz": 4})
    take = Pool()
    strike6, march = take("Strike 6", "March 6")
    tactic, elite = take("Tactic Fails", "Elite Leader")
    stack_hands(game, [strike6, march], [tactic, elite])
    fix_dice(game, [1, 1, 1])
    result, asked = run(game, "Poland", "democrat", [
        ("ps_attack", strike6),
        ("ps_match", tactic),
        ("ps_attack", march),
        ("ps_match", elite),             # roll 1 < 6: the Democrat keeps the initiative
        ("ps_surrender", "no"),
    ])
    matches = [d for d, _ in asked if d.kind == "ps_match"]
    assert matches[0].options == [tactic, elite, "concede"]
    assert matches[1].options == [elite, "concede"]
    # The Democrat, attacking again, has no card: the Communist wins.
    assert result["winner"] == "communist" and result["suit"] is None


def test_elite_leader_attack_options_skip_blocked_suits():
    game = new_game(communist={"Bydgoszcz": 4})
    elite = cards("Elite Leader")[0]
    stack_hands(game, [], [elite])
    options = []

    def grab(game, ctx):
        game.state["ps"]["blocked"] = ["strike", "rally"]
        options.append(psm.attack_options(game, "communist"))
        game.state["ps"]["blocked"] = []
    add_effect(game, "ps_setup", grab)
    fix_dice(game, [1, 1])
    run(game, "Poland", "communist", policy=lambda d: d.options[0])
    assert options == [[[elite, "march"], [elite, "petition"]]]


def test_rally_counterattack_is_automatic():
    """8.3.2 Step 3: a matched Rally (rank 1) gives the initiative, no roll."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    d_rally, c_rally, c_march = cards("Rally in the Square", "Rally in the Square", "March 6")
    stack_hands(game, [d_rally], [c_rally, c_march])
    fix_dice(game, [6, 6])                  # only the two aftermath rolls
    result, _ = run(game, "Poland", "democrat", [
        ("ps_attack", d_rally),
        ("ps_match", c_rally),
        ("ps_attack", c_march),               # the Democrat has nothing left
        ("ps_surrender", "no"),
    ])
    assert result["winner"] == "communist" and result["suit"] == "march"
    assert logged(game, "ps_initiative") == [
        "Automatic counterattack: the communist takes the initiative"]


def test_leader_declared_rally_needs_a_roll_of_3_but_wins_with_rally():
    """B.7.8: a leader attacking as Rally keeps rank 3 for the counterattack;
    unmatched, it is a Rally win (+2, KO 8.4.1)."""
    game = new_game(democrat={"Gdansk": 3, "Polish Writers": 2}, communist={"Warszawa": 3})
    take = Pool()
    leader1, leader2 = take("Intellectual Leader", "Intellectual Leader")
    c_rally, c_rally2 = take("Rally in the Square", "Rally in the Square")
    stack_hands(game, [leader1, leader2], [c_rally, c_rally2])
    fix_dice(game, [2, 1, 1])           # counterattack 2 < 3 fails; aftermath 1, 1
    result, _ = run(game, "Poland", "democrat", [
        ("ps_attack", [leader1, "rally"]),
        ("ps_match", c_rally),
        ("ps_attack", [leader2, "rally"]),
        ("ps_match", "concede"),
        ("ps_surrender", "no"),
    ])
    assert logged(game, "ps_initiative") == [
        "Counterattack roll 2 < 3: the democrat keeps the initiative"]
    assert result["suit"] == "rally"
    # 1 + 2 Rally = 3: 1 VP, no Power, so Poland Power VP 3 x 1.
    assert logged(game, "ps_roll")[1] == "Victory Point roll 1 +2 Rally in the Square = 3"
    assert game.state["vp"] == 1 - 3


def test_defender_must_roll_to_counterattack():
    """8.3.4: after a match the roll is taken; it is not a decision."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    m6, m5 = cards("March 6", "March 5")
    stack_hands(game, [m6], [m5])
    fix_dice(game, [6, 1, 1])
    _, asked = run(game, "Poland", "democrat", [("ps_attack", m6), ("ps_match", m5),
                                                 ("ps_surrender", "no")])
    assert "ps_counterattack" not in [d.kind for d, _ in asked]
    assert logged(game, "ps_initiative") == [
        "Counterattack roll 6 >= 6: the communist takes the initiative"]


def test_concede_is_never_offered_to_the_attacker():
    """8.3.3: the attacker must play a playable card."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    stack_hands(game, cards("March 6", "Strike 6"), cards("Petition 6"))
    fix_dice(game, [1, 1])
    _, asked = run(game, "Poland", "democrat", [("ps_attack", cards("March 6")[0]),
                                                 ("ps_surrender", "no")])
    assert "concede" not in asked[0][0].options


# -------------------------------------------------------------- wild cards
def test_support_falters_discards_two_random_cards_and_passes_the_initiative():
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    take = Pool()
    falters = take.one("Support Falters")
    c_hand = take("March 6", "March 5", "March 4")
    stack_hands(game, [falters], c_hand)
    fix_dice(game, [1, 1])
    result, asked = run(game, "Poland", "democrat", [
        ("ps_raise", "no"),
        ("ps_attack", falters),
    ], policy=lambda d: d.options[0] if d.kind == "ps_attack" else "no")
    second = asked[2][0]
    assert second.player == "communist" and len(second.options) == 1
    assert second.options[0] in c_hand
    assert len(game.state["discard"]) == 0            # the strategy discard is untouched
    assert result["winner"] == "communist"


def test_support_surge_draws_two():
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    surge = cards("Support Surge")[0]
    stack_hands(game, [surge], cards("Rally in the Square"))
    sizes = []

    def policy(d):
        if d.kind == "ps_match":
            sizes.append(len(game.state["ps"]["hands"]["democrat"]))
            return "concede"
        return d.options[0] if d.kind == "ps_attack" else "no"

    fix_dice(game, [1, 1])
    run(game, "Poland", "democrat", [("ps_attack", surge)], policy=policy)
    assert logged(game, "ps_draw") == ["democrat draws 2 Power Struggle card(s)"]


def test_scare_tactics_removes_an_sp_for_good_and_can_cost_a_leader():
    """B.7.10 / B.7.7: the SP goes at once (not Support Loss); the Communist
    loses control of Bydgoszcz and with it his Elite Leader."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Bydgoszcz": 4, "Warszawa": 3})
    scare = cards("Scare Tactics")[0]
    d_march = cards("March 6")[0]
    elite = cards("Elite Leader")[0]
    stack_hands(game, [scare, d_march], [elite])
    fix_dice(game, [1, 1])
    result, asked = run(game, "Poland", "democrat", [
        ("ps_attack", scare),
        ("space", DATA.space("Bydgoszcz").id),
        ("ps_surrender", "no"),
    ])
    assert sp(game, "communist", "Bydgoszcz") == 3
    assert set(asked[1][0].options) == {DATA.space("Bydgoszcz").id, DATA.space("Warszawa").id}
    # The Communist, now attacker, holds only an unusable leader: he loses.
    assert result["winner"] == "democrat" and result["suit"] is None


# ------------------------------------------------------ 8.2 raise the stakes
def test_raise_needs_three_cards_and_can_leave_the_raiser_with_none():
    """B.7.6: a player may raise down to 0 cards; then as attacker he loses,
    and the +1 still applies to the rolls whoever wins."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    d_hand = cards("March 6", "March 5", "March 4")
    stack_hands(game, d_hand, cards("Strike 6", "Strike 5"))
    fix_dice(game, [2, 2])
    result, asked = run(game, "Poland", "democrat", [
        ("ps_raise", "yes"),
        ("ps_raise_discard", d_hand[0]),
        ("ps_raise_discard", d_hand[1]),
        ("ps_raise_discard", d_hand[2]),
        ("ps_surrender", "no"),
    ])
    kinds = [d.kind for d, _ in asked]
    assert kinds.count("ps_raise") == 1          # the Communist holds only 2 cards
    assert result["winner"] == "communist"
    assert logged(game, "ps_roll") == ["Support Loss roll 2 +1 raised the stakes = 3",
                                       "Victory Point roll 2 +1 raised the stakes = 3"]
    assert sp(game, "democrat", "Gdansk") == 2
    assert game.state["vp"] == -1 - 3


def test_both_raising_gives_plus_two():
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    d_hand = cards("March 6", "March 5", "March 4", "March 3")
    c_hand = cards("Strike 6", "Strike 5", "Strike 4", "Strike 3")
    stack_hands(game, d_hand, c_hand)
    fix_dice(game, [2, 2])
    result, _ = run(game, "Poland", "democrat", [
        ("ps_raise", "yes"), *[("ps_raise_discard", c) for c in d_hand[1:]],
        ("ps_raise", "yes"), *[("ps_raise_discard", c) for c in c_hand[:3]],
        ("ps_attack", d_hand[0]),
    ])
    assert result == {"winner": "democrat", "democrat_took_power": True,
                      "surrendered": False, "suit": "march"}
    assert logged(game, "ps_roll") == ["Support Loss roll 2 +2 raised the stakes = 4",
                                       "Victory Point roll 2 +2 raised the stakes = 4"]
    assert sp(game, "communist", "Warszawa") == 1


# ------------------------------------------------------------- 8.4 aftermath
def democrat_wins_with(suit_card: str, rolls: list[int], **sps):
    game = new_game(**sps)
    stack_hands(game, cards(suit_card), [])
    fix_dice(game, rolls)
    return game


def test_support_loss_modified_2_is_1_sp_and_surplus_is_ignored():
    """8.4.2: the loser picks each SP; losses beyond his SPs are ignored."""
    game = new_game(democrat={"Gdansk": 3},
                    communist={"Bydgoszcz": 1, "Warszawa": 1, "Lodz": 1})
    stack_hands(game, cards("Rally in the Square"), [])
    fix_dice(game, [5, 1])                 # 5 + 2 Rally = 7 -> 4 SPs, he has 3
    _result, _asked = run(game, "Poland", "democrat", [
        ("ps_attack", cards("Rally in the Square")[0]),
        ("ps_support_loss", DATA.space("Lodz").id),
        ("ps_support_loss", DATA.space("Warszawa").id),
        ("ps_surrender", "no"),
    ])
    assert sum(game.state["sp"]["communist"]) == 0
    assert "The communist must remove 4 SP(s) in Poland" in logged(game, "ps_support_loss")
    # 1 + 2 = 3: 1 VP, no Power; Poland Power VP 3 x 1.
    assert game.state["vp"] == 1 - 3


@pytest.mark.parametrize("roll, suit_card, vp, power", [
    (2, "Rally in the Square", 2, True),    # 2 + 2 = 4: Democrat takes Power (8.4.4)
    (1, "Rally in the Square", 1, False),   # 1 + 2 = 3: the Communist keeps it
    (6, "Petition 6", 2, True),             # 6 - 2 = 4
    (5, "Petition 6", 1, False),            # 5 - 2 = 3
    (6, "Rally in the Square", 4, True),    # 8 clamps to the last row (B.7.12)
    (1, "Petition 6", 0, False),            # -1 clamps to the first row
])
def test_democrat_takes_power_on_a_modified_4(roll, suit_card, vp, power):
    game = new_game(democrat={"Gdansk": 3})
    stack_hands(game, cards(suit_card), [])
    fix_dice(game, [1, roll])
    script = [("ps_attack", cards(suit_card)[0])]
    if not power:
        script.append(("ps_surrender", "no"))
    result, _ = run(game, "Poland", "democrat", script)
    assert result["democrat_took_power"] is power
    assert game.state["power"]["Poland"] == ("democrat" if power else "communist")
    assert game.state["vp"] == vp - (0 if power else 3)


def test_communist_winner_never_takes_power_for_the_democrat():
    game = new_game(communist={"Warszawa": 3})
    stack_hands(game, [], cards("Rally in the Square"))
    fix_dice(game, [6, 6])
    result, _ = run(game, "Poland", "communist",
                    [("ps_attack", cards("Rally in the Square")[0]), ("ps_surrender", "no")])
    assert result["winner"] == "communist" and not result["democrat_took_power"]
    assert game.state["vp"] == -4 - 3        # 6 + 2 = 8 -> row 7: 4 VP; then Power 3 x 1


def test_surrender_gives_power_away_without_power_vp():
    """8.4.5: offered only to a Communist who kept Power; no Power VP."""
    game = new_game(communist={"Warszawa": 3})
    stack_hands(game, [], cards("March 6"))
    fix_dice(game, [1, 3])
    result, _ = run(game, "Poland", "communist",
                    [("ps_attack", cards("March 6")[0]), ("ps_surrender", "yes")])
    assert result == {"winner": "communist", "democrat_took_power": True,
                      "surrendered": True, "suit": "march"}
    assert game.state["power"]["Poland"] == "democrat"
    assert game.state["vp"] == -1            # the VP roll only


def test_no_surrender_offer_after_the_democrat_took_power():
    game = new_game(democrat={"Gdansk": 3})
    stack_hands(game, cards("March 6"), [])
    fix_dice(game, [1, 4])
    _, asked = run(game, "Poland", "democrat", [("ps_attack", cards("March 6")[0])])
    assert [d.kind for d, _ in asked] == ["ps_attack"]


@pytest.mark.parametrize("plays, power_vp", [(1, -3), (2, -6), (3, -9)])
def test_power_scoring_poland_value_3_times_plays(plays, power_vp):
    """8.4.6 example: Poland's Power Value 3 gives -3, -6, -9."""
    game = new_game(communist={"Warszawa": 3})
    game.state["scoring_plays"]["Poland"] = plays
    fix_dice(game, [1, 1])                 # VP roll 1: 0 VP
    run(game, "Poland", "democrat", [("ps_raise", "no"), ("ps_surrender", "no")])
    assert game.state["vp"] == power_vp
    assert logged(game, "vp")[-1].startswith(f"VP {power_vp:+d} (Communist retains Power")


def test_roll_modifier_hook_applies_to_both_rolls():
    """8.4.1: an event modifier (as Yakovlev: +1 when the Democrat wins)."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    add_effect(game, "ps_roll_modifier",
               lambda g, ctx: 1 if ctx["winner"] == "democrat" else 0)
    stack_hands(game, cards("March 6"), [])
    fix_dice(game, [2, 3])
    run(game, "Poland", "democrat", [("ps_attack", cards("March 6")[0])])
    assert logged(game, "ps_roll") == ["Support Loss roll 2 +1 events = 3",
                                       "Victory Point roll 3 +1 events = 4"]
    assert game.state["power"]["Poland"] == "democrat"


def test_reveal_helper_marks_the_hand():
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    add_effect(game, "ps_setup", lambda g, ctx: psm.reveal_ps_hand(g, "communist"))
    revealed = []
    fix_dice(game, [6] * 40)

    def policy(d):
        revealed.append(game.state["ps"]["revealed"]["communist"])
        return d.options[-1]

    run(game, "Poland", "democrat", policy=policy)
    assert revealed and all(revealed)
    assert logged(game, "ps_reveal")[0].startswith("communist reveals his Power Struggle hand")


# ------------------------------------------------------------------- soak
def test_random_struggles_keep_52_cards_and_no_negative_sp():
    """Random answers and dice over many struggles in random positions: the
    state is JSON at every decision, the 52 cards are all accounted for, SPs
    never go negative, and the step machine ends idle."""
    rnd = random.Random(1989)
    countries = list(DATA.countries)
    game = new_game()
    kinds = set()
    for _ in range(400):
        st = game.state
        st["sp"] = {side: [0] * len(DATA.spaces) for side in SIDES}
        country = rnd.choice(countries)
        for s in game.country_spaces[country]:
            for side in SIDES:
                if rnd.random() < 0.4:
                    st["sp"][side][s] = rnd.randint(0, 5)
        st["power"][country] = "communist"
        st["scoring_plays"][country] = rnd.randint(1, 3)
        game.use_chance(Chance())  # the seeded dice, from a random seed
        game.chance.reseed(rnd.getrandbits(64))
        scorer = rnd.choice(SIDES)

        def policy(d):
            kinds.add(d.kind)
            return rnd.choice(d.options)

        result, _ = run(game, country, scorer, policy=policy)
        assert result["winner"] in SIDES
        assert min(st["sp"]["democrat"]) >= 0 and min(st["sp"]["communist"]) >= 0
    assert {"ps_raise", "ps_raise_discard", "ps_attack", "ps_match",
            "ps_support_loss", "ps_surrender"} <= kinds


def test_same_seed_and_answers_replay_to_the_same_state():
    """A save is a snapshot plus answers: replaying them must give the same
    struggle, dice and cards included."""
    def play(answers=None):
        game = new_game(democrat={"Gdansk": 3, "Krakow": 3, "Polish Writers": 2},
                        communist={"Warszawa": 3, "Bydgoszcz": 4})
        game.chance.reseed(12345)
        rnd = random.Random(3)
        given = list(answers or [])
        _, asked = run(game, "Poland", "communist",
                       policy=lambda d: given.pop(0) if answers else rnd.choice(d.options))
        return game.state, [a for _, a in asked]

    state, answers = play()
    again, _ = play(answers)
    assert len(answers) > 3 and again == state


def test_a_struggle_left_at_a_decision_is_not_kept_alive_by_the_machine():
    """A look-ahead copy drops its game in the middle of a struggle: the one
    machine of the process lets go of each struggle as soon as it has moved
    it on (engine/rules/machine.py), so nothing but the game holds it."""
    game = new_game(democrat={"Gdansk": 3}, communist={"Warszawa": 3})
    driver = Driver(psm.power_struggle(game, "Poland", "communist"))
    assert driver.send().kind == "ps_raise"
    ps = game.state["ps"]
    del driver, game
    gc.collect()
    assert [r for r in gc.get_referrers(ps) if not inspect.isframe(r)] == []
