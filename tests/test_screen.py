"""The `dof play` screen for a person at an 80x24 terminal (cli/screen.py,
cli/board_view.py, cli/human.py): the board in a few lines, numbered
options that keep their numbers, `card N` and `board COUNTRY` at any
prompt, why an option is missing, and the log in a player's words.

A HumanAgent takes its keyboard from a list of lines and prints to a
console of the terminal's size; the tests read what it printed.
"""

from __future__ import annotations

import io
import json

import pytest
from card_play import D, position
from rich.console import Console

from dof.cli.board_view import board_lines, entry_text, in_effect, words
from dof.cli.explained import in_force, source_title
from dof.cli.human import HumanAgent, Quit
from dof.cli.play import run_play
from dof.cli.screen import make_choice, prompt_screen
from dof.engine.bots.agents import make_agent
from dof.engine.data.terms import SIDES
from dof.engine.game import Game
from dof.engine.rules.actions import play_card

WIDTH, HEIGHT = 80, 24
MICHNIK = 4


def terminal() -> Console:
    """An 80x24 terminal that keeps what is printed."""
    return Console(file=io.StringIO(), width=WIDTH, height=HEIGHT, force_terminal=False)


def printed(con: Console) -> str:
    return con.file.getvalue()


def keyboard(lines: list[str]):
    queue = list(lines)
    return lambda prompt: queue.pop(0)


def bot_game(data, events, seed: int, decisions: int) -> Game:
    """A game between random bots, ``decisions`` answers in."""
    game = Game.new(data, seed, events=events)
    bots = {side: make_agent("random", i) for i, side in enumerate(SIDES)}
    for _ in range(decisions):
        game.answer(bots[game.pending.player].choose(game, game.pending))
    return game


@pytest.fixture(scope="module")
def mid_game(data, events) -> Game:
    return bot_game(data, events, 7, 300)


# ---------------------------------------------------------------- the board
def test_the_board_is_a_line_per_country_within_80_columns(mid_game):
    lines = [text.plain for text in board_lines(mid_game, "democrat", WIDTH)]
    assert all(len(text) <= WIDTH for text in lines)
    assert lines[0].startswith("Turn 5/10: ")
    for country in mid_game.data.countries:
        assert sum(text.startswith(country) for text in lines) == 1
    assert any(text.startswith("Country        Pw  Democrat ") for text in lines)
    assert lines[-1].startswith("Hand (Ops): #")
    assert len(lines) <= 12


def test_every_question_of_a_whole_game_fits_80x24(data, events):
    """Every decision of a bot game, drawn as a person would see it: at most
    23 lines (the 24th is the input line), none wider than 80 columns."""
    game = Game.new(data, 10, events=events)
    bots = {side: make_agent("random", i) for i, side in enumerate(SIDES)}
    seen = 0
    while game.pending is not None:
        lines = prompt_screen(game, make_choice(game.pending), seen, WIDTH, HEIGHT)
        assert len(lines) <= HEIGHT - 1, game.pending.prompt
        assert all(len(text.plain) <= WIDTH and "\n" not in text.plain for text in lines)
        seen = len(game.log)
        game.answer(bots[game.pending.player].choose(game, game.pending))


def test_the_first_screen_lists_the_free_spaces_by_country(data, events):
    """The Communist's first free SP (3.4): too many spaces for a line each,
    so a line per country with its map numbers; 13 is Szczecin."""
    con = terminal()
    game = Game.new(data, 3, events=events)
    agent = HumanAgent(con, keyboard(["13"]), clear=False)
    assert agent.choose(game, game.pending) == data.space("Szczecin").id
    screen = printed(con).splitlines()
    assert len(screen) <= HEIGHT - 1
    assert screen[0].startswith("Turn 1/10: setup")
    assert any(text.startswith("East Germany   (1-12)  Schwerin, Rostock, Berlin,")
               for text in screen)
    assert any(text.startswith("Poland         (13-26) Szczecin, Bydgoszcz, Poznan,")
               for text in screen)  # Gdansk holds Democratic SPs
    assert "Type a space's name, or a country's name" in printed(con)
    assert "- Other spaces: they hold opponent SPs (3.4)" in screen


def test_a_space_keeps_its_number_from_question_to_question(data, events):
    """Numbers are map numbers: Poznan is 16 whatever else is offered (the
    Democrat may place in Gdansk, 14, where the Communist may not)."""
    game = Game.new(data, 3, events=events)
    communist = make_choice(game.pending)
    game.answer(data.space("Szczecin").id)
    game.answer(data.space("Bydgoszcz").id)
    democrat = make_choice(game.pending)
    poznan, gdansk = data.space("Poznan").id, data.space("Gdansk").id
    assert communist.spaces[poznan] == democrat.spaces[poznan] == 16
    assert gdansk not in communist.spaces and democrat.spaces[gdansk] == 14


def test_board_country_shows_its_spaces_in_full(mid_game):
    con = terminal()
    agent = HumanAgent(con, keyboard(["board pol", "board atlantis", "quit", "no"]),
                       show_board=False)
    with pytest.raises(Quit):
        agent.choose(mid_game, mid_game.pending)
    text = printed(con)
    assert "Poland  (Power:" in text and "Stab" in text and "Warszawa" in text
    assert "Jagiellonian University" in text
    assert "Usage: board COUNTRY (one of East Germany, Poland" in text


def test_a_country_name_at_a_space_question_lists_its_spaces(data, events):
    """'Romania' names the country even where it starts 'Romanian Writers':
    it lists the spaces with their numbers and asks again."""
    game = Game.new(data, 3, events=events)
    con = terminal()
    agent = HumanAgent(con, keyboard(["romania", "Romanian Writers"]), show_board=False)
    assert agent.choose(game, game.pending) == data.space("Romanian Writers").id
    assert "Romania  (Power: Communist)" in printed(con)


# ------------------------------------------------------------------- cards
def test_the_card_question_shows_ops_and_summary(mid_game):
    con = terminal()
    first = sorted(mid_game.pending.options)[0]
    agent = HumanAgent(con, keyboard([str(first)]), clear=False)
    agent.shown = len(mid_game.log)  # nothing new since his last answer: room for the cards
    assert agent.choose(mid_game, mid_game.pending) == first  # a card by its number
    text = printed(con)
    assert " #38 The July Concept           3 C  Three Communist SPs anywhere in Bulgaria." in text
    assert " #49 Foreign Currency Debt Bur… 1 D  " in text  # a long name is cut
    assert "[card number or name]>" not in text  # the prompt goes to input()


def test_card_n_at_a_prompt_shows_the_card_and_asks_again(mid_game):
    con = terminal()
    answer = str(mid_game.pending.options[0])
    agent = HumanAgent(con, keyboard(["card 3", "card walsa", "card the", "card", answer]),
                       show_board=False)
    assert agent.choose(mid_game, mid_game.pending) == mid_game.pending.options[0]
    text = printed(con)
    assert "#3 Walesa  Early Year, Democrat event, 3 Ops" in text
    assert "Four Democratic SPs anywhere in Poland, then two Polish support checks." in text
    assert 'requires event "Solidarity Legalized"' in text  # its text in the card language
    assert "Unknown card 'walsa'; did you mean 'Walesa'?" in text
    assert "'the' matches #9 The Wall, #38 The July Concept" in text
    assert "Usage: card N" in text


# ------------------------------------------------------ why an option is missing
def test_the_screen_says_why_tiananmen_is_not_offered(events):
    game = position(events, communist={"Lodz": 1}, hands={D: [MICHNIK]}, phasing=D)
    game.state["tst_used"][D] = True
    asked = next(play_card(game, D, MICHNIK))
    con = terminal()
    agent = HumanAgent(con, keyboard(["3", "4"]), show_board=False)
    assert agent.choose(game, asked) == "event"
    text = printed(con)
    assert "- Tiananmen Square attempt (6.3): already attempted this turn (6.3.3)" in text
    assert "There is no option 3" in text  # the uses keep their numbers: 4 is the event


# ----------------------------------------------------------------- wording
def test_players_are_named_with_capitals_and_codes_are_words(mid_game):
    assert words("democrat places 1 SP in Gdansk") == "Democrat places 1 SP in Gdansk"
    assert words("The communist's award of box 2 ends") == "The Communist's award of box 2 ends"
    assert words("Game over: democrat (automatic_victory). VP reached +21") == \
        "Game over: Democrat (automatic victory). VP reached +21"
    assert words("Democratic SPs") == "Democratic SPs"
    game = Game.from_json(json.loads(json.dumps(mid_game.to_json())), mid_game.data,
                          mid_game.events)
    game.state["effects"].append({**game.state["effects"][0], "until": "end_of_game"})
    assert any(text.endswith("(for the rest of the game)") for _, text in in_effect(game))
    texts = [entry_text(game, entry) for entry in game.log]
    assert not any(" democrat " in f" {t} " or " communist " in f" {t} " for t in texts)
    assert not any("_" in t for t in texts)


def test_a_power_struggle_vp_roll_says_what_it_gives(data, events):
    """8.4.3: the winner's modified roll read on the Results Table; a
    Democrat's 4 or more also takes Power (8.4.4)."""
    game = bot_game(data, events, 2, 37)
    rolls = [i for i, e in enumerate(game.log)
             if e["kind"] == "ps_roll" and e["text"].startswith("Victory Point")]
    assert rolls
    for i in rolls:
        text, gained = entry_text(game, game.log[i]), game.log[i + 1]
        assert gained["kind"] == "vp"
        assert text.startswith(f"{game.log[i]['player'].capitalize()}'s Victory Point roll ")
        assert f"gains {abs(gained['delta'])} VP (8.4.3)" in text
    assert entry_text(game, game.log[rolls[0]]) == (
        "Democrat's Victory Point roll 6 +1 raised the stakes = 7: Democrat gains 4 VP (8.4.3) "
        "and takes Power (8.4.4)")


def test_hot_seat_prompts_and_log_use_capitals(data, events):
    """Two people at one terminal: 14 (Gdansk) is not the Communist's to
    take, so he is asked again; the log and the prompts name the players
    with capitals."""
    con = terminal()
    code = run_play({"democrat": "human", "communist": "human"}, seed=3, load=None, save=None,
                    extra_sps={}, data=data, events=events, console=con,
                    input_fn=keyboard(["13", "14", "15", "14", "log", "quit", "no"]))
    assert code == 0
    text = printed(con)
    assert ("Gdansk (14) is not an option. Other spaces: they hold opponent SPs (3.4)"
            in " ".join(text.split()))
    assert "T1      Communist places 1 SP in Szczecin (setup)" in text
    assert "T1      Communist places 1 SP in Bydgoszcz (setup)" in text
    assert "T1      Democrat places 1 SP in Gdansk (setup)" in text
    assert "democrat" not in text and "communist" not in text


def test_the_help_fits_the_terminal(mid_game):
    con = terminal()
    agent = HumanAgent(con, keyboard(["help", str(mid_game.pending.options[0])]),
                       show_board=False)
    agent.choose(mid_game, mid_game.pending)
    shown = printed(con)
    help_lines = shown[shown.index("Answer with"):].splitlines()
    assert "card N          a card's text and facts" in shown
    assert len(help_lines) < HEIGHT and all(len(text) < WIDTH for text in help_lines)


# ----------------------------------------------------------- the opponent's round
def test_what_the_opponent_played_is_on_the_screen_of_the_next_question(data, events):
    """Issue 23: the bot's whole round scrolled into '... N earlier log
    lines'. At each of the Democrat's card plays of a bot game the screen
    (80x24) shows what the Communist played since his last answer and how:
    in full when it fits, else in short, the opponent's play last."""
    game = Game.new(data, 4, events=events)
    bots = {side: make_agent("random", i) for i, side in enumerate(SIDES)}
    since, shown = 0, 0
    while game.pending is not None and game.state["turn"] <= 3:
        decision = game.pending
        if decision.player == "democrat":
            plays = [e for e in game.log[since:] if e["kind"] == "play"
                     and e["player"] == "communist"]
            lines = [t.plain for t in prompt_screen(game, make_choice(decision), since,
                                                    WIDTH, HEIGHT)]
            assert len(lines) <= HEIGHT - 1 and all(len(t) <= WIDTH for t in lines)
            if plays and decision.kind == "card":
                screen = " ".join(" ".join(lines).split())
                assert " ".join(entry_text(game, plays[-1]).split()) in screen, lines
                shown += 1
            since = len(game.log)
        game.answer(bots[decision.player].choose(game, decision))
    assert shown > 10


def test_a_round_in_short_gives_the_card_its_sps_checks_and_vp(data, events):
    from dof.cli.round_summary import summary_lines

    game = Game.new(data, 4, events=events)
    log = [{"kind": "play", "turn": 2, "ar": 3, "text": "communist plays #8 Prudence for "
            "Operations: support checks", "player": "communist", "card": 8, "use": "check"},
           {"kind": "check", "turn": 2, "ar": 3, "text": "...", "player": "communist",
            "space": 13, "roll": 5, "total": 9, "need": 6, "removed": 2, "added": 1},
           {"kind": "check", "turn": 2, "ar": 3, "text": "...", "player": "communist",
            "space": 12, "roll": 1, "total": 4, "need": 6, "removed": 0, "added": 0},
           {"kind": "vp", "turn": 2, "ar": 3, "text": "VP -1 (Poland scoring); now -4",
            "delta": -1},
           {"kind": "tiananmen", "turn": 2, "ar": 3, "player": "communist",
            "text": "communist reaches Tiananmen box 2: Students Dispersed"}]
    lines = [t.plain for t in summary_lines(game, log, WIDTH, 10)]
    assert lines == [
        "In short since your last answer ('log' for all):",
        "T2 AR3  Communist plays #8 Prudence for Operations: support checks",
        "        SPs: Gdansk -2D +1C",
        "        Checks: Gdansk 5 (9 vs 6): -2+1; Szczecin 1 (4 vs 6): fails",
        "        VP: -1 (Poland scoring); now -4",
        "        Communist reaches Tiananmen box 2: Students Dispersed"]
    short = [t.plain for t in summary_lines(game, log, WIDTH, 5)]
    assert short[0] == "In short since your last answer, some events left out ('log' for all):"
    assert len(short) == 5


# ------------------------------------------------------------------- effects
def test_effects_tells_every_effect_in_force_in_full(data, events):
    """Issue 23: 'In effect' is cut at 80 columns; `effects` says each
    effect in force: its card and owner, how long it lasts, what it does
    and what ends it, with the rules."""
    game = Game.new(data, 1, events=events)
    bots = {side: make_agent("random", i) for i, side in enumerate(SIDES)}
    while len(game.state["effects"]) < 4:
        game.answer(bots[game.pending.player].choose(game, game.pending))
    con = terminal()
    choice = make_choice(game.pending)
    agent = HumanAgent(con, keyboard(["effects", str(choice.numbers[0])]), show_board=False)
    assert agent.choose(game, game.pending) == choice.option(0)
    text = printed(con)
    for effect in game.state["effects"]:
        whose = f" (the {effect['owner'].capitalize()}'s)"
        lasts = in_force(game, effect).facts[0]
        assert f"{source_title(game, effect)}{whose}\n{lasts}\n" in text
    ends = [t for t in text.splitlines() if t.startswith(("  It ends", "  It lasts"))]
    assert len(ends) == len(game.state["effects"]) and all(t.endswith("]") for t in ends)
    effects = [t.plain for t in board_lines(game, "democrat", WIDTH) if "In effect" in t.plain
               or t.plain.endswith("('effects': all)")]
    assert effects and all(len(t) <= WIDTH for t in effects)
