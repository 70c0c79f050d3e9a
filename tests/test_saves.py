"""Saves: a game saved at any decision loads back exactly, and a save that
cannot be right (hand-edited into an impossible position, made with other
mod cards) is refused with a message that names what is wrong."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

import pytest

import dof
from dof.cli.saves import LoadError, read_save_file
from dof.dsl import load_deck
from dof.dsl.parser import MAX_DEPTH
from dof.engine import RandomAgent, Replay, play
from dof.engine.data import load_data
from dof.engine.data.state import MAX_BID, initial_state
from dof.engine.data.validate import deeper_than
from dof.engine.game import Game
from dof.engine.position import start_game
from dof.engine.programs.events import EventRunner
from dof.engine.saves import SAVE_NESTING, SaveError, read_save

DATA = load_data()


def saved(game: Game) -> dict:
    return json.loads(json.dumps(game.to_json()))


@pytest.fixture
def game() -> Game:
    return Game.new(DATA, seed=3)


def edit_both(obj: dict, change) -> dict:
    """A consistent hand edit: the same change to the start and the state."""
    change(obj["start"]["state"])
    change(obj["state"])
    return obj


@pytest.mark.parametrize("change, field", [
    (lambda st: st["sp"]["democrat"].__setitem__(12, -3), "sp.democrat[12]"),
    (lambda st: st["sp"]["communist"].pop(), "sp.communist"),
    (lambda st: st["sp"]["democrat"].__setitem__(0, "two"), "sp.democrat[0]"),
    (lambda st: st.__setitem__("vp", "ten"), "vp"),
    (lambda st: st["power"].__setitem__("Poland", "nobody"), "power.Poland"),
    (lambda st: st["discard"].append(st["deck"][0]), "card"),
    (lambda st: st["deck"].pop(), "nowhere"),
    (lambda st: st["hands"]["democrat"].append(999), "hands.democrat"),
    (lambda st: st.__setitem__("turn", 42), "turn"),
    (lambda st: st["tiananmen"].__setitem__("democrat", 9), "tiananmen.democrat"),
    (lambda st: st.pop("effects"), "effects"),
])
def test_an_impossible_state_is_refused_naming_the_field(game, change, field):
    obj = edit_both(saved(game), change)
    with pytest.raises(SaveError, match="impossible") as refused:
        Game.from_json(obj, DATA)
    assert field in str(refused.value)


def test_a_save_is_refused_with_other_mod_cards(tmp_path):
    mod = tmp_path / "mod"
    mod.mkdir()
    card = mod / "extra.card"
    card.write_text('card 111 "Extra" {\n  period early; side democrat; ops 2\n'
                    '  summary "x"\n  event { democrat gains 1 VP }\n}\n')
    with_mod = EventRunner(load_deck(mod=mod))
    game = Game.new(DATA, 1, events=with_mod)
    obj = saved(game)
    assert obj["mods"] == [{"file": "extra.card", "sha256": obj["mods"][0]["sha256"]}]
    Game.from_json(obj, DATA, with_mod)  # the same mod: fine
    with pytest.raises(SaveError, match=r"made with extra\.card, but the game now has no mod"):
        Game.from_json(obj, DATA, EventRunner(load_deck()))
    card.write_text(card.read_text().replace("1 VP", "2 VP"))
    with pytest.raises(SaveError, match=r"extra.card changed since"):
        Game.from_json(obj, DATA, EventRunner(load_deck(mod=mod)))


def test_an_engine_failure_leaves_the_game_at_its_decision(game, monkeypatch):
    """Whatever stops the rules midway leaves the game whole at the decision
    that was being answered, so it can still be saved and played on."""
    before = saved(game)
    decision = game.pending
    real_note = Game.note

    def note(self, kind, text, **fields):
        if kind == "place":  # a bug that the answer runs into
            raise RuntimeError("a bug")
        real_note(self, kind, text, **fields)

    monkeypatch.setattr(Game, "note", note)
    with pytest.raises(RuntimeError):
        game.answer(decision.options[0])
    monkeypatch.undo()
    assert saved(game) == before and game.pending.options == decision.options
    game.answer(decision.options[0])
    assert game.decisions == 1 and game.pending is not None


# ------------------------------------------- every part checked (issue 19, item 4)
RULES = dof.load_rules()
STRUGGLE_SEED = 4  # this game's random bots hold a Power Struggle by their 160th answer


def played(seed: int, answers: int, events=None) -> Game:
    """A game between random bots, saved once (so it keeps checkpoints),
    after ``answers`` answers."""
    game = Game.new(DATA, seed, events=events)
    game.to_json()
    play(game, {"democrat": RandomAgent(seed), "communist": RandomAgent(seed + 1)},
         limit=answers)
    return game


@pytest.fixture(scope="module")
def in_struggle() -> dict:
    """A save made inside a Power Struggle (its state's ``ps`` is set)."""
    game = Game.new(DATA, STRUGGLE_SEED, events=RULES[1])
    game.to_json()
    agents = {"democrat": RandomAgent(1), "communist": RandomAgent(2)}
    while game.state["ps"] is None or game.state["ps"]["step"] != "rounds":
        play(game, agents, limit=1)
    return saved(game)


@pytest.fixture(scope="module")
def over() -> dict:
    game = played(5, 10_000, events=RULES[1])
    assert game.over
    return saved(game)


def refused(obj: dict, events=None) -> str:
    """Why loading ``obj`` is refused; the replay (dof replay) gives the same reason."""
    with pytest.raises(SaveError) as loading:
        Game.from_json(obj, DATA, events)
    with pytest.raises(SaveError) as replaying:
        Replay(obj, DATA, events)
    assert str(replaying.value) == str(loading.value)
    return str(loading.value)


def every_state(obj: dict, change) -> dict:
    """A consistent hand edit of the start, the checkpoint and the state."""
    for state in (obj["start"]["state"], obj["checkpoint"]["state"], obj["state"]):
        change(state)
    return obj


def bid(**sps) -> Callable[[dict], None]:
    return lambda state: state["options"].__setitem__("extra_sps", sps)


@pytest.mark.parametrize("extra_sps, message", [
    ({"democrat": 0, "communist": "2"}, "extra_sps.communist: expected a whole number, found "
                                        "text '2'"),
    ({"x": 1}, "extra_sps.x: not a player (the players are democrat and communist)"),
    ({"democrat": 0, "communist": 400}, "extra_sps.communist: 400 is more than the 10 a bid "
                                        "allows (13.0, ruling R3)"),
    ({"democrat": 1_000_000, "communist": 0}, "extra_sps.democrat: 1000000 is more than the "
                                              "10 a bid allows (13.0, ruling R3)"),
    ({"democrat": -1, "communist": 0}, "extra_sps.democrat: -1 is not a number of SPs "
                                       "(at least 0)"),
    ({"democrat": 2, "communist": 3}, "extra_sps: 2 for the democrat and 3 for the communist: "
                                      "a bid gives extra SPs to one side only (13.0, ruling R3)"),
])
def test_a_bid_edited_in_a_save_is_refused_as_the_command_line_refuses_it(
        game, extra_sps, message):
    obj = every_state(saved(game), bid(**extra_sps))
    assert refused(obj) == f"the save's options are impossible: {message}"


def test_the_options_of_a_save_are_those_dof_knows():
    game = Game.new(DATA, 3)
    obj = every_state(saved(game), lambda st: st["options"].__setitem__("fog_of_war", True))
    assert refused(obj) == ("the save's options are impossible: fog_of_war: not a field of "
                            "the options (its fields: voluntary_stop, extra_sps)")
    obj = every_state(saved(game), lambda st: st["options"].pop("voluntary_stop"))
    assert refused(obj) == "the save's options are impossible: voluntary_stop: missing"


def test_a_new_game_takes_the_bids_a_save_takes():
    """One check for the command line, the API and saves (ruling R3)."""
    assert dof.new_game(extra_sps={"communist": MAX_BID}).state["options"]["extra_sps"] == {
        "democrat": 0, "communist": MAX_BID}
    with pytest.raises(ValueError, match=r"^extra_sps.communist: 11 is more than the 10"):
        dof.new_game(extra_sps={"communist": MAX_BID + 1})
    with pytest.raises(ValueError, match=r"extra_sps\.democrat: expected a whole number, found "
                                         r"true or false True"):
        dof.new_game(extra_sps={"democrat": True})


def test_a_power_struggle_at_the_start_is_refused(game, in_struggle):
    """A save starts where the rules take a checkpoint: at a turn step or
    between action rounds, never inside a Power Struggle (whose steps the
    turn would not resume)."""
    obj = saved(game)
    obj["start"]["state"]["ps"] = obj["state"]["ps"] = in_struggle["state"]["ps"]
    assert refused(obj) == ("the save's start is impossible: ps: a game starts at a turn "
                            "step or an action round, never inside a Power Struggle")
    obj = copy.deepcopy(in_struggle)
    obj["checkpoint"]["state"]["ps"] = obj["state"]["ps"]
    assert refused(obj, RULES[1]).startswith("the save's checkpoint is impossible: ps: a game "
                                             "starts at a turn step")


def test_a_save_made_inside_a_power_struggle_loads(in_struggle):
    game = Game.from_json(in_struggle, DATA, RULES[1])
    assert game.state["ps"] == in_struggle["state"]["ps"] and game.pending is not None


@pytest.mark.parametrize("change, message", [
    (lambda ps: ps.pop("round"), "ps.round: missing"),
    (lambda ps: ps.__setitem__("step", "party"), "ps.step: unknown step 'party' (one of "
                                                 "deal, raise_the_stakes, rounds, support_loss,"
                                                 " vp_roll, takes_power, surrender, "
                                                 "power_scoring, done)"),
    (lambda ps: ps.__setitem__("attacker", "nobody"), "ps.attacker: 'nobody' is not a player"),
    (lambda ps: ps["blocked"].append("dance"), "ps.blocked[0]: 'dance' is not a suit"),
    (lambda ps: ps["raised"].__setitem__("democrat", "yes"),
     "ps.raised.democrat: expected true or false, found text 'yes'"),
    (lambda ps: ps.__setitem__("mood", 1),
     "ps.mood: not a field of a Power Struggle (its fields: step, country, scorer, attacker, "
     "hands, dealt, deck, discard, raised, revealed, blocked, attack, round, winner, suit, "
     "vp_total, takes_power, surrendered)"),
    (lambda ps: ps["dealt"]["democrat"].insert(0, 52), "ps.dealt.democrat[0]: 52 is not a "
                                                       "Power Struggle card id"),
])
def test_a_power_struggle_in_the_state_is_checked_whole(in_struggle, change, message):
    obj = copy.deepcopy(in_struggle)
    change(obj["state"]["ps"])
    assert refused(obj, RULES[1]) == f"the save's state is impossible: {message}"


def test_a_result_is_that_of_a_game_over(game, over):
    obj = every_state(saved(game), lambda st: st.__setitem__("result", {"winner": "democrat"}))
    assert refused(obj) == ("the save's start is impossible: result: the game is not over "
                            "(phase setup), so it has no result yet")
    for change, message in [
        (lambda res: res.pop("vp"), "result.vp: missing"),
        (lambda res: res.__setitem__("vp", "17"), "result.vp: expected a whole number, found "
                                                  "text '17'"),
        (lambda res: res.__setitem__("how", "luck"), "result.how: 'luck' is not a way a game "
         "ends (one of automatic_victory, final_scoring, held_scoring_card, new_years_eve, "
         "end_game)"),
        (lambda res: res.__setitem__("turn", 11), "result.turn: 11 is out of range (1..10)"),
    ]:
        obj = copy.deepcopy(over)
        change(obj["state"]["result"])
        assert refused(obj, RULES[1]) == f"the save's state is impossible: {message}"
    obj = copy.deepcopy(over)
    obj["state"]["result"] = None
    assert refused(obj, RULES[1]) == ("the save's state is impossible: result: missing: the "
                                      "game is over (phase game_over)")


def test_vp_that_would_have_ended_the_game_are_refused(game):
    obj = every_state(saved(game), lambda st: st.__setitem__("vp", 20))
    assert refused(obj) == ("the save's start is impossible: vp: +20 with the game not over: "
                            "20 VP either way wins at once (10.1)")


def test_a_field_dof_does_not_know_is_refused(game):
    obj = every_state(saved(game), lambda st: st.__setitem__("weather", "rain"))
    assert refused(obj).startswith("the save's start is impossible: weather: not a field of a "
                                   "game state (its fields: seed, rng, options, phase,")


@pytest.mark.parametrize("change, message", [
    (lambda obj: obj.__setitem__("checkpoint", []),
     "the save's checkpoint is impossible: expected an object, found a list []"),
    (lambda obj: obj["checkpoint"].__setitem__("answers", 9999),
     "the save's checkpoint is impossible: answers: 9999 is not a place in the save's answers "
     "(0..160)"),
    (lambda obj: obj["checkpoint"]["state"]["sp"]["democrat"].__setitem__(3, -1),
     "the save's checkpoint is impossible: sp.democrat[3]: -1 (German Writers): SPs are whole "
     "numbers of at least 0"),
    (lambda obj: obj.__setitem__("answers", {"1": 2}),
     "the save's answers are impossible: expected a list, found an object {'1': 2}"),
    (lambda obj: obj["log"][3].__setitem__("turn", "1"),
     "the save's log is impossible: [3].turn: expected a whole number, found text '1'"),
    (lambda obj: obj["log"][4].__setitem__("player", "Bob"),
     "the save's log is impossible: [4].player: 'Bob' is not a player"),
    (lambda obj: obj["start"]["log"].append(7),
     "the save's start's log is impossible: [0]: expected an object, found a whole number 7"),
    (lambda obj: obj.__setitem__("mods", [{"file": ["x"]}]),
     "the save's mods field is not a list of files (each a file name and its sha256)"),
])
def test_each_part_of_a_save_is_checked_before_it_is_used(change, message):
    obj = saved(played(9, 160))
    change(obj)
    assert refused(obj) == message


def test_a_lasting_effect_holds_a_rule_of_the_cards(over):
    """A save keeps lasting effects with the rule their card wrote; an
    effect whose rule or duration no card writes is refused before the
    rules would run it."""
    data, events = RULES
    effects = over["state"]["effects"]
    assert effects and Game.from_json(over, data, events).state["effects"] == effects
    obj = copy.deepcopy(over)
    obj["state"]["effects"][0]["rule"]["hook"] = "on_a_whim"
    assert refused(obj, events) == ("the save's state is impossible: effects[0].hook: "
                                    f"{effects[0]['hook']!r} is not the hook of its rule")
    obj = copy.deepcopy(over)
    obj["state"]["effects"][0]["rule"]["extra"] = 1
    assert refused(obj, events) == ("the save's state is impossible: effects[0].rule: not a "
                                    "lasting rule of these cards: an effect holds a rule as a "
                                    "card or Tiananmen box writes it")
    obj = copy.deepcopy(over)
    obj["state"]["effects"][0]["uses"] = 3
    assert refused(obj, events).startswith("the save's state is impossible: effects[0].until: ")
    obj = copy.deepcopy(over)
    obj["state"]["effects"][0]["vars"] = {"chosen_space": 999}
    assert refused(obj, events) == ("the save's state is impossible: effects[0].vars."
                                    "chosen_space: 999 is not a space")


def nested(levels: int) -> list:
    value: list = []
    for _ in range(levels - 1):
        value = [value]
    return value


def test_json_nested_deeper_than_any_save_is_refused(game):
    obj = saved(game)
    obj["answers"] = nested(SAVE_NESTING)  # with the save's own level: one too deep
    assert refused(obj) == ("the save nests lists and objects more than 256 levels deep, "
                            "deeper than any dof save")


def test_the_deepest_program_the_card_language_compiles_fits_in_a_save(tmp_path):
    """A mod card may nest its syntax up to MAX_DEPTH levels; its lasting
    rule, compiled about twice as deep, must still load from a save."""
    chain = " or ".join(["democrat leads on VP"] * (MAX_DEPTH - 13))
    (tmp_path / "deep.card").write_text(
        'card 201 "Deep" {\n period early; side democrat; ops 2; lasting\n summary "x"\n'
        " event {\n  until cancelled {\n   instead of each communist action round {\n"
        f"    if {chain}: democrat gains 1 VP\n   }}\n  }}\n }}\n}}\n")
    deck = load_deck(mod=tmp_path)
    assert deck.diagnostics == []
    data, events = DATA.with_cards(deck.card_facts()), EventRunner(deck)
    game = Game(data, initial_state(data, 1, {}), events)
    for _ in events.run_event(game, 201, "democrat"):
        raise AssertionError("the event asks nothing")
    obj = json.loads(json.dumps(start_game(data, game.state, events).to_json()))
    assert deeper_than(obj, 2 * MAX_DEPTH - 30)
    assert Game.from_json(obj, data, events).state["effects"][0]["card"] == 201


def test_a_save_file_nested_a_thousand_deep_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"x": ' + "[" * 1000 + "]" * 1000 + "}")
    with pytest.raises(LoadError) as refused_file:
        read_save_file(str(path), verb="replay")
    assert str(refused_file.value) == (f"cannot replay {path}: the save nests lists and objects "
                                       "more than 256 levels deep, deeper than any dof save")


def test_a_number_of_thousands_of_digits_is_no_json_save(tmp_path):
    path = tmp_path / "long.json"
    path.write_text('{"vp": ' + "7" * 5000 + "}")
    with pytest.raises(LoadError, match=r"not a JSON save file \(Exceeds the limit"):
        read_save_file(str(path))


def test_every_save_of_real_games_loads():
    """The checks refuse no save dof writes: games saved at many decisions,
    inside Power Struggles and at the end, with a bid, all load."""
    data, events = RULES
    loaded = 0
    for seed in range(3):
        game = Game.new(data, seed, {"extra_sps": {"communist": MAX_BID}}, events)
        agents = {"democrat": RandomAgent(seed), "communist": RandomAgent(seed + 7)}
        while not game.over:
            play(game, agents, limit=37)
            assert Game.from_json(saved(game), data, events).state == game.state
            loaded += 1
    assert loaded > 30


# ------------------------------------------------------------ the save module
def test_a_save_is_checked_against_the_log_and_state_its_replay_gave(game):
    """engine/saves.py reads and checks a save without a Game: the driver
    replays the answers and hands it what they gave."""
    for _ in range(4):
        game.answer(game.pending.options[0])
    parts = read_save(saved(game), DATA)
    assert (parts.version, len(parts.answers)) == (2, 4)
    parts.check(game.log, game.state, [len(parts.log)] * 5)  # the very game: no complaint
    other = copy.deepcopy(game.state)
    other["vp"] = 3
    with pytest.raises(SaveError, match=r"^the save is inconsistent: replaying its 4 answers "
                                        r"does not give its state \(different: vp\)$"):
        parts.check(game.log, other, [len(parts.log)] * 5)
    ends = [0, 1, 2, 3, 4]  # the log's length after each move: its line 2 is move 3's
    with pytest.raises(SaveError, match=r"^the save does not replay as it was played: from "
                                        r"move 3 \(turn 1\) the game goes another way"):
        parts.check(game.log[:2], game.state, ends)


def test_save_error_is_where_it_always_was():
    import dof.engine
    import dof.engine.game

    assert dof.engine.SaveError is dof.engine.game.SaveError is SaveError


def as_an_earlier_dof_logged_it(log: list[dict]) -> list[dict]:
    """A log as dof wrote it before a card play said its use and a card's
    die roll its total and outcome: no ``use`` field, a 'modified roll'
    line (a 'roll' with no die) when the roll had modifiers, no outcome."""
    out = []
    for entry in log:
        entry = {k: v for k, v in entry.items() if k != "use"}
        if entry["kind"] == "roll_total":
            if any(entry["mods"]):
                out.append({"kind": "roll", "turn": entry["turn"], "ar": entry["ar"],
                            "text": f"{entry['player']}'s modified roll: ..."})
        elif entry["kind"] != "roll_outcome":
            out.append(entry)
    return out


def test_a_game_saved_before_the_log_told_more_loads_and_replays():
    """The log now tells what the answers and dice fixed (a card's use, a
    card roll's total and outcome): a save's check leaves that out, so a
    save an earlier dof wrote loads whole and replays move by move, and a
    log that differs in what was played is still refused."""
    events = EventRunner(load_deck())
    modified = 0
    for seed in range(4):
        game = Game.new(DATA, seed, events=events)
        play(game, {"democrat": RandomAgent(seed), "communist": RandomAgent(seed + 5)})
        obj = saved(game)
        modified += sum(e["kind"] == "roll_total" and any(e["mods"]) for e in obj["log"])
        obj["log"] = as_an_earlier_dof_logged_it(obj["log"])
        loaded = Game.from_json(obj, DATA, events)
        assert loaded.restored is None and loaded.state == game.state
        assert len(Replay(obj, DATA, events).moves) == game.decisions
        last = next(e for e in reversed(obj["log"]) if e.get("player") in ("democrat",
                                                                            "communist"))
        last["player"] = "democrat" if last["player"] == "communist" else "communist"
        with pytest.raises(SaveError, match="does not replay as it was played"):
            Game.from_json(obj, DATA, events)
    assert modified
