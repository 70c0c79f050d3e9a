"""Saves: a game saved at any decision loads back exactly, and a save that
cannot be right (hand-edited into an impossible position, made with other
mod cards) is refused with a message that names what is wrong."""

from __future__ import annotations

import json

import pytest

from dof.dsl import load_deck
from dof.engine.data import load_data
from dof.engine.events import EventRunner
from dof.engine.game import Game, SaveError

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
    with pytest.raises(SaveError, match="made with extra.card, but the game now has no mod"):
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
