"""A uniform interpreter (issue 20, item 5): how the card-program runner
(engine/programs/) carries out compiled operations.

- A handler that asks nothing is a plain function; the runner calls it, and
  ``yield from``-s a handler that may ask (a generator function). No
  function of the interpreter is a generator only by a ``yield`` it never
  reaches.
- What a lasting rule means at a hook is one function filed by the hook's
  name (hook_rules), as the operations' handlers are; a hook has one.
- The compiler words the question of an optional statement ("may") from its
  card file (``Deck.questions``, by the statement's place), so nothing reads
  card files while a game runs. The words are no part of the operation: a
  lasting effect keeps its operations in the game state, and saves.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import DATA, drive, new_game, sid

from dof import load_rules
from dof.dsl import load_deck
from dof.engine.data.vocabulary import Hook, Op
from dof.engine.game import Game
from dof.engine.programs import hook_rules
from dof.engine.programs.events import EventRunner
from dof.engine.programs.program import HANDLERS
from dof.engine.programs.selectors import Context

ROOT = Path(__file__).parent.parent
D, C = "democrat", "communist"


def events():
    return load_rules()[1]


def unreached_yields(path: Path) -> list[str]:
    """The functions of ``path`` that end in ``return`` then a bare
    ``yield``: generators only so as to be generators."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and len(node.body) > 1:
            *_, last_but_one, last = node.body
            if isinstance(last_but_one, ast.Return) and isinstance(last, ast.Expr) \
                    and isinstance(last.value, ast.Yield) and last.value.value is None:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    return found


def test_no_function_of_the_interpreter_is_a_generator_by_an_unreached_yield():
    stubs = [f for path in sorted((ROOT / "engine" / "programs").glob("*.py"))
             for f in unreached_yields(path)]
    assert stubs == []


def test_the_registry_knows_which_handlers_ask():
    assert HANDLERS[Op.VP].steps is False
    assert HANDLERS[Op.ROLL].steps is False
    assert HANDLERS[Op.CHOOSE].steps is True
    assert HANDLERS[Op.PLACE].steps is True


def test_a_plain_handler_runs_in_a_program_and_when_its_player_says_yes():
    """'gain 2 VP' runs at once; 'you may gain 1 VP' asks, then runs, and
    'did' records it."""
    runner = events()
    game = new_game(events=runner)
    program = [{"op": Op.VP, "player": "you", "amount": 2},
               {"op": Op.VP, "player": "you", "amount": 1, "optional": True}]
    ctx = Context(you=D, card=None, box=1)
    seen: list = []
    drive(game, runner.run(game, program, ctx), ["yes"], seen)
    assert game.state["vp"] == 3
    assert [d.kind for d in seen] == ["may"]
    assert ctx["did"] is True


# ------------------------------------------------ hooks
def test_a_hook_has_one_meaning():
    with pytest.raises(ValueError, match="hook 'hand_size' has two meanings"):
        hook_rules.trigger(Hook.HAND_SIZE)(hook_rules.runs)
    assert hook_rules.MODIFIERS[Hook.HAND_SIZE] is hook_rules.hand_size


def test_each_kind_of_hook_means_what_its_function_says():
    """Box 1 (+1 to the holder's Tiananmen attempts): the modifier counts
    for its holder only; a ban forbids the spaces its rule covers."""
    runner = events()
    game = new_game(events=runner)
    drive(game, runner.box_award(game, 1, D))
    [award] = game.state["effects"]
    assert award["hook"] == Hook.TIANANMEN_MODIFIER
    assert runner.effect_value(game, award, {"player": D}) == 1
    assert runner.effect_value(game, award, {"player": C}) == 0
    ban = {**award, "hook": Hook.CHECK_BAN,
           "rule": {"hook": Hook.CHECK_BAN, "player": "you", "where": {"names": ["Gdansk"]}}}
    assert runner.banned(game, ban, D) == {sid("Gdansk")}
    assert runner.banned(game, ban, C) == set()


# ------------------------------------------------ the words of a question
MAY = """card 201 "Second Thoughts" {
    period early; side democrat; ops 2
    summary "The Democrat may discard a card for a VP, and may draw."
    event {
        democrat may discard 1 card with at least 2 ops   # a comment
        if he did: gain 1 VP
        you may draw 2 cards; gain 1 VP
    }
}
"""


def test_the_deck_keeps_the_words_after_may_of_each_optional_statement(tmp_path):
    (tmp_path / "may.card").write_text(MAY, encoding="utf-8")
    deck = load_deck([tmp_path / "may.card"])
    discard, _, draw, _ = deck.cards[201].event
    assert deck.questions == {discard["at"]: "discard 1 card with at least 2 ops",
                              draw["at"]: "draw 2 cards"}
    assert discard["at"].endswith("may.card:5:9") and set(discard) == {
        "op", "player", "cards", "optional", "at"}


ON_OPS = """card 201 "Second Thoughts" {
    period early; side democrat; ops 2
    summary "Played for operations, it may draw a card."
    when played for operations: you may draw 1 card
}
"""


def test_a_question_has_its_words_wherever_its_program_runs(tmp_path):
    """The runner reads no card file: a card with no event asks, when played
    for operations, in its own words (it once asked 'draw?')."""
    (tmp_path / "ops.card").write_text(ON_OPS, encoding="utf-8")
    deck = load_deck(mod=tmp_path, data=DATA)
    runner = EventRunner(deck)
    game = Game.new(DATA.with_cards(deck.card_facts()), 1, events=runner)
    seen: list = []
    drive(game, runner.on_ops(game, 201, D), ["no"], seen)
    assert [d.prompt for d in seen] == ["democrat: draw 1 card?"]
