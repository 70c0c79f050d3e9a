"""A card that lints clean runs as written (issue 19, item 8): what the engine
assumes about a card's program, lint checks first, naming the card and the
statement; or the engine does what the text says.

- A Scoring card's country is the one its event holds its power struggle in
  (ruling R54), so a mod can add a Scoring card or move one to another
  country; a Scoring card that holds none is refused.
- A card that plays its own event is refused (ruling R55).
- No power struggle is held during another (ruling R56): refused in a wild
  card's play and at a deal; a trigger that would, does nothing.
- Power Struggle cards are drawn, taken, discarded and revealed only while a
  struggle is fought (ruling R57); the drawn ones may be discarded by the
  other player, as strategy cards may.
"""

from __future__ import annotations

from pathlib import Path

from card_play import ps_ids, stack_ps_deck
from helpers import drive, fix_dice, set_board, sid

from dof import load_rules
from dof.dsl import load_deck
from dof.engine.game import Game
from dof.engine.rules.actions import play_card
from dof.engine.rules.piles import move_card

D, C = "democrat", "communist"

BALTIC = '''card 111 "Baltic Scoring" {
    period early
    side scoring
    no ops
    summary "Power struggle in Poland, then Poland is scored."
    event {
        hold a power struggle in Poland
        score Poland
    }
}
'''


#: The Democrat's hand in the power struggles below: he attacks with March 4,
#: and the Communist, dealt nothing, cannot match.
HAND = ps_ids("March 4", "March 3", "Strike 3", "Strike 4", "Petition 5", "Petition 6")


def mod(tmp_path: Path, text: str) -> Path:
    """A mod folder holding ``text`` as its one card file."""
    folder = tmp_path / "mod"
    folder.mkdir(exist_ok=True)
    (folder / "cards.card").write_text(text, encoding="utf-8")
    return folder


def findings(tmp_path: Path, text: str) -> list[str]:
    """What lint says of a mod: 'LINE:COL CODE message' for each finding."""
    deck = load_deck(mod=mod(tmp_path, text))
    return [f"{d.span.line}:{d.span.col} {d.code} {d.message}" for d in deck.diagnostics]


def card(body: str, head: str = "period early; side democrat; ops 2") -> str:
    """A new card 111 whose event is ``body`` (one statement a line)."""
    lines = "\n".join("        " + line for line in body.strip("\n").splitlines())
    return (f'card 111 "Test Card" {{\n    {head}\n    summary "A test."\n'
            f"    event {{\n{lines}\n    }}\n}}\n")


def game_with(tmp_path: Path, text: str, seed: int = 1) -> Game:
    data, events = load_rules(mod(tmp_path, text))
    return Game.new(data, seed, events=events)


# ------------------------------------------------------------ Scoring cards
def test_a_new_scoring_card_scores_the_country_of_its_power_struggle(tmp_path):
    game = game_with(tmp_path, BALTIC)
    assert game.data.cards[111].scores == "Poland"
    set_board(game, democrat={"Gdansk": 4})
    stack_ps_deck(game, HAND)
    fix_dice(game, [1, 4])  # Support Loss, then the VP roll
    move_card(game, 111, ("hand", D))
    drive(game, play_card(game, D, 111), ["no", HAND[0]])
    assert game.state["power"]["Poland"] == D
    assert 111 in game.state["removed"]  # 8.4.7: the Democrat took Power
    assert [e["text"] for e in game.log if e["kind"] == "score"] == [
        "Poland scoring: democrat presence + 1 battleground = 4; "
        "communist nothing + 0 battlegrounds = 0"]


def test_a_printed_scoring_card_moved_to_another_country_scores_that_one(tmp_path):
    text = BALTIC.replace("111 \"Baltic Scoring\"", "22 \"Poland Scoring\"").replace(
        "Poland", "Hungary").replace("Hungary Scoring", "Poland Scoring")
    assert findings(tmp_path, text) == [
        "7:9 W510 card 22: its power struggle is in 'Hungary' here but it scores 'Poland' in "
        "strategy.yaml"]
    game = game_with(tmp_path, text)
    assert game.data.cards[22].scores == "Hungary"
    fix_dice(game, [1, 1])  # Support Loss, then the VP roll: no change of Power
    move_card(game, 22, ("hand", C))
    # Nobody controls a space in Hungary: no card, so the player of the
    # Scoring card loses (ruling R22); the Communist keeps Power.
    drive(game, play_card(game, C, 22), ["no"])
    assert [e["text"] for e in game.log if e["kind"] == "ps_start"] == [
        "Power Struggle in Hungary (communist played the Scoring card)"]
    assert 22 in game.state["discard"]


def test_a_printed_card_turned_into_a_scoring_card_gets_the_country_it_names(tmp_path):
    text = '''card 7 "State Run Media" {
    side scoring; no ops  # dof: ignore W510
    summary "Now the Bulgaria Scoring card."
    event { hold a power struggle in Bulgaria; score Bulgaria }
}
'''
    assert findings(tmp_path, text) == []
    game = game_with(tmp_path, text)
    assert (game.data.cards[7].side, game.data.cards[7].scores) == ("scoring", "Bulgaria")


def test_a_scoring_card_that_holds_no_power_struggle_is_refused(tmp_path):
    assert findings(tmp_path, BALTIC.replace("        hold a power struggle in Poland\n", "")) == [
        '7:9 E401 card 111 "Baltic Scoring" is a Scoring card but holds no power struggle: a '
        "Scoring card starts a power struggle in its country, then scores it (8.0, ruling R54)"]
    no_event = BALTIC.split("    event")[0] + "}\n"
    assert findings(tmp_path, no_event) == [
        '3:5 E401 card 111 "Baltic Scoring" is a Scoring card but has no event: a Scoring card '
        "starts a power struggle in its country, then scores it (8.0, ruling R54)"]


def test_a_scoring_card_holds_one_power_struggle_every_time_in_a_named_country(tmp_path):
    maybe = BALTIC.replace("hold a power", "democrat may hold a power")
    assert findings(tmp_path, maybe) == [
        '7:9 E216 card 111 "Baltic Scoring" is a Scoring card: its power struggle is held every '
        "time it is played, in one country its event names (8.0, ruling R54)"]
    twice = BALTIC.replace("score Poland", "hold a power struggle in Hungary")
    assert findings(tmp_path, twice) == [
        '8:9 E216 card 111 "Baltic Scoring" is a Scoring card: it holds one power struggle, in '
        "its country (8.0, ruling R54)"]


def test_a_card_that_only_scores_a_country_is_an_ordinary_event(tmp_path):
    assert findings(tmp_path, card("score Poland")) == []


def test_the_printed_scoring_cards_score_the_countries_of_strategy_yaml(data):
    deck = load_deck()
    assert {n: c.printed.scores for n, c in deck.cards.items() if c.printed.scores} == {
        n: c.scores for n, c in data.cards.items() if c.scores}


# ------------------------------------------------------------ a card playing itself
def test_a_card_that_plays_itself_is_refused(tmp_path):
    assert findings(tmp_path, card("democrat plays the event of this card")) == [
        '5:9 E212 card 111 "Test Card" plays itself: it is already being played, so this would '
        "play it again without end (ruling R55)"]
    assert findings(tmp_path, card("for the rest of the turn {\n"
                                   "    at the start of each turn: you play this card for "
                                   "operations\n}", head="period early; side democrat; ops 2; "
                                   "lasting")) == [
        '6:40 E212 card 111 "Test Card" plays itself: it is already being played, so this would '
        "play it again without end (ruling R55)"]


def test_a_card_played_for_operations_may_have_its_own_event_happen(tmp_path):
    text = card("democrat gains 1 VP").replace(
        '    summary "A test."\n',
        '    summary "A test."\n    when played for operations: you play the event of this card\n')
    assert findings(tmp_path, text) == []
    game = game_with(tmp_path, text)
    move_card(game, 111, ("hand", D))
    drive(game, play_card(game, D, 111), ["place"] + ["Gdansk"] * 2)
    assert game.state["vp"] == 1
    assert findings(tmp_path, text.replace("play the event of this card",
                                           "play this card for operations")) == [
        '4:33 E212 card 111 "Test Card" plays itself: it is already being played, so this would '
        "play it again without end (ruling R55)"]


def test_cards_that_play_each_other_stop_when_the_pile_has_none_left(tmp_path):
    """Card A plays B's event from the discard pile, and B would play A's:
    A is being played, so it is not on the pile, and B's choice finds
    nothing (ruling R50). No card in play is ever on a pile or in a hand,
    so a chain of events ends when the piles do."""
    echo = card("democrat chooses 1 card with a playable event from the discard pile\n"
                "democrat plays the event of the chosen card")
    text = echo + echo.replace('111 "Test Card"', '112 "Other Card"')
    assert findings(tmp_path, text) == []
    game = game_with(tmp_path, text)
    for number in list(game.state["discard"]):
        move_card(game, number, "deck")
    move_card(game, 112, "discard")
    move_card(game, 111, ("hand", D))
    drive(game, play_card(game, D, 111), ["event"])
    assert [e["text"] for e in game.log if e["kind"] == "event_ends"] == [
        "#112 Other Card: nothing to choose, so the rest does not happen"]
    assert game.state["discard"] == [112, 111]


# ------------------------------------------------------------ power struggles
SCARE = '''power struggle card "Scare Tactics" {
    summary "Holds a power struggle."
    when played to attack: hold a power struggle in Poland
}
'''


def test_a_wild_card_that_holds_a_power_struggle_is_refused(tmp_path):
    assert findings(tmp_path, SCARE) == [
        '3:28 E215 power struggle card "Scare Tactics" holds a power struggle during another: '
        "all the Power Struggle cards are in play then (8.1.1, ruling R56)"]


def test_a_trigger_at_a_deal_that_holds_a_power_struggle_is_refused(tmp_path):
    assert findings(tmp_path, card("at the next power struggle, after the deal: hold a power "
                                   "struggle in Poland", head="period early; side democrat; "
                                   "ops 2; lasting")) == [
        '5:53 E215 card 111 "Test Card" holds a power struggle during another: all the Power '
        "Struggle cards are in play then (8.1.1, ruling R56)"]
    assert findings(tmp_path, card("after the next power struggle: hold a power struggle in "
                                   "Hungary", head="period early; side democrat; ops 2; "
                                   "lasting")) == []


def test_a_trigger_that_fires_during_a_power_struggle_holds_none(tmp_path):
    """The Support Loss of the struggle in Poland gives the Democrat Warszawa:
    the trigger waiting for that fires then, and its struggle in Hungary
    cannot be held (ruling R56); the one in Poland goes on to its end."""
    game = game_with(tmp_path, card(
        "as soon as democrat controls Warszawa: hold a power struggle in Hungary",
        head="period early; side democrat; ops 2; lasting"))
    set_board(game, democrat={"Gdansk": 4, "Warszawa": 3}, communist={"Warszawa": 1})
    move_card(game, 111, ("hand", D))
    drive(game, play_card(game, D, 111), ["event"])
    stack_ps_deck(game, HAND)
    fix_dice(game, [2, 1])  # the Communist loses his SP in Warszawa
    move_card(game, 22, ("hand", D))
    drive(game, play_card(game, D, 22), ["no", HAND[0], "no"])  # no surrender (8.4.5)
    assert game.state["sp"][C][sid("Warszawa")] == 0
    assert [e["text"] for e in game.log if e["kind"] in ("ps_start", "no_power_struggle")] == [
        "Power Struggle in Poland (democrat played the Scoring card)",
        "No power struggle can be held in Hungary during the one in Poland: its cards are all "
        "in play (8.1.1, ruling R56)"]
    assert game.state["ps"] is None and 22 in game.state["discard"]


# ------------------------------------------------------------ Power Struggle cards
def test_power_struggle_cards_outside_a_power_struggle_are_refused(tmp_path):
    message = ('card 111 "Test Card" acts on Power Struggle cards where no power struggle is '
               "being fought: they are in the players' hands only then (8.1.1, ruling R57)")
    assert findings(tmp_path, card("democrat draws 2 power struggle cards")) == [
        f"5:9 E213 {message}"]
    assert findings(tmp_path, card("hold a power struggle in Poland\n"
                                   "democrat reveals his power struggle cards")) == [
        f"6:9 E213 {message}"]
    assert findings(tmp_path, card("after the next power struggle: opponent discards 1 random "
                                   "power struggle card", head="period early; side democrat; "
                                   "ops 2; lasting")) == [f"5:40 E213 {message}"]


def test_drawn_power_struggle_cards_are_only_discarded_or_counted(tmp_path):
    head = "period early; side democrat; ops 2; lasting"
    assert findings(tmp_path, card("at the next power struggle, after the deal {\n"
                                   "    democrat draws 2 power struggle cards\n"
                                   "    democrat reveals all of the drawn cards\n}", head)) == [
        "7:41 E214 the drawn cards are Power Struggle cards: they can only be discarded, or "
        "counted by name"]
    assert findings(tmp_path, card("at the next power struggle, after the deal {\n"
                                   "    democrat draws 2 power struggle cards\n"
                                   "    democrat gains (the number of \"Rally in the Square\" "
                                   "cards among the drawn cards) VP\n"
                                   "    democrat discards 1 of the drawn cards\n}", head)) == []


CROSS = card("""for the rest of the game {
    at each power struggle, after the deal {
        communist draws 2 power struggle cards
        democrat discards all of the drawn cards
    }
}""", head="period early; side democrat; ops 2; lasting")


def test_power_struggle_cards_drawn_by_one_player_may_be_discarded_by_the_other(tmp_path):
    assert findings(tmp_path, CROSS) == []
    game = game_with(tmp_path, CROSS)
    set_board(game, democrat={"Gdansk": 4})
    move_card(game, 111, ("hand", D))
    drive(game, play_card(game, D, 111), ["event"])
    stack_ps_deck(game, HAND + ps_ids("Strike 6", "Strike 5"))
    fix_dice(game, [1, 4])
    move_card(game, 22, ("hand", C))
    seen: list = []
    # The Communist, who controls nothing, has only the cards he drew, and
    # the Democrat discards them: the Communist cannot attack (ruling R22).
    drive(game, play_card(game, C, 22), ["no"], seen)
    assert [e["text"] for e in game.log if e["kind"] in ("ps_draw", "ps_discard")] == [
        "communist draws 2 Power Struggle card(s)",
        "democrat discards 2 of the communist's Power Struggle card(s)"]
    assert [(d.kind, d.player) for d in seen][:1] == [("ps_raise", D)]


def test_drawn_power_struggle_cards_discarded_already_are_not_discarded_again(tmp_path):
    text = CROSS.replace("communist draws", "democrat draws").replace(
        "        democrat discards all of the drawn cards\n",
        "        democrat discards all of the drawn cards\n" * 2)
    assert findings(tmp_path, text) == []
    game = game_with(tmp_path, text)
    set_board(game, democrat={"Gdansk": 4})
    move_card(game, 111, ("hand", D))
    drive(game, play_card(game, D, 111), ["event"])
    stack_ps_deck(game, HAND + ps_ids("Strike 6", "Strike 5"))
    fix_dice(game, [1, 4])
    move_card(game, 22, ("hand", C))
    drive(game, play_card(game, C, 22), ["no"])
    assert [e["text"] for e in game.log if e["kind"] in ("ps_draw", "ps_discard")] == [
        "democrat draws 2 Power Struggle card(s)", "democrat discards 2 Power Struggle card(s)"]


def test_the_drawn_cards_count_by_name_only_when_they_are_power_struggle_cards(tmp_path):
    """The Power Struggle cards are drawn only if the Democrat leads on VP:
    he does not, so the drawn cards are the strategy cards 1, 2 and 3 drawn
    before, which are no Rally in the Square cards (ruling R57)."""
    text = card("""at the next power struggle, after the deal {
    democrat draws 3 cards
    if democrat leads on VP: democrat draws 2 power struggle cards
    communist gains (1 plus the number of "Rally in the Square" cards among the drawn cards) VP
}""", head="period early; side democrat; ops 2; lasting")
    assert findings(tmp_path, text) == []
    game = game_with(tmp_path, text)
    set_board(game, democrat={"Gdansk": 4})
    move_card(game, 111, ("hand", D))
    drive(game, play_card(game, D, 111), ["event"])
    for number in (3, 2, 1):  # the deck is drawn from its end
        move_card(game, number, "deck")
    stack_ps_deck(game, HAND)
    fix_dice(game, [1, 4])
    move_card(game, 22, ("hand", C))
    drive(game, play_card(game, C, 22), ["no"])
    assert next(e["text"] for e in game.log if e["kind"] == "vp") == (
        "VP -1 (#111 Test Card); now -1")


def chain(count: int) -> str:
    """``count`` new cards, each of which plays a card's event from the discard pile."""
    return "".join(card("democrat chooses 1 card with a playable event from the discard pile\n"
                        "democrat plays the event of the chosen card").replace(
        '111 "Test Card"', f'{number} "Chain {number}"') for number in range(111, 111 + count))


def test_a_chain_of_events_as_long_as_lint_allows_plays_to_its_end(tmp_path):
    """58 cards that play a card from the discard pile (and the 8 printed
    ones that play another card), all on the pile: each plays the next."""
    text = chain(58)
    assert findings(tmp_path, text) == []
    game = game_with(tmp_path, text)
    for number in list(game.state["discard"]):
        move_card(game, number, "deck")
    for number in range(112, 111 + 58):
        move_card(game, number, "discard")
    move_card(game, 111, ("hand", D))
    # Each card chooses the highest card on the pile; the last choice is not asked.
    drive(game, play_card(game, D, 111), ["event", *range(168, 112, -1)])
    assert [e["text"] for e in game.log if e["kind"] == "event_ends"] == [
        "#112 Chain 112: nothing to choose, so the rest does not happen"]
    assert sorted(game.state["discard"]) == list(range(111, 111 + 58))


def test_so_many_cards_playing_other_cards_that_their_events_could_nest_too_deeply(tmp_path):
    assert findings(tmp_path, chain(60)) == [
        "473:1 E004 68 cards play other cards' events (card 170 among them): played one inside "
        "another, their events could nest deeper than dof can follow"]
