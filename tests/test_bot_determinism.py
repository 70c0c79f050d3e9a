"""A seed gives the same bot games in any process, on any build: what a
look-ahead draws its dice and deal from is a hash of a canonical text of the
position (engine/api.py), never of an object's bytes or of Python's own hash,
which changes from one process to the next."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import dof
from dof.engine import Game, view

#: Plays a greedy game and part of a search game, and prints what they came to.
GAMES = """
import hashlib, json
import dof
from dof.engine import GreedyAgent, SearchAgent, play

def digest(obj):
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:16]

out = []
for seed, agents, limit in (
        (4, {"democrat": GreedyAgent(9), "communist": GreedyAgent(10)}, None),
        (6, {"democrat": SearchAgent(11, playouts=6), "communist": GreedyAgent(12)}, 120)):
    game = dof.new_game(seed=seed)
    play(game, agents, limit)
    out.append([game.decisions, game.result, digest(game.log), digest(game.state)])
print(json.dumps(out))
"""


def played(hash_seed: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.Popen([sys.executable, "-c", GAMES], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_seed_plays_the_same_greedy_and_search_games_in_any_process():
    runs = [played(h) for h in ("1", "2024")]
    outputs = []
    for run in runs:
        out, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
        outputs.append(json.loads(out))
    greedy, search = outputs[0]
    assert greedy[1] is not None and search[0] == 120  # a whole game, and 120 decisions
    assert outputs[0] == outputs[1]


def test_a_position_whose_objects_are_shared_otherwise_previews_alike():
    """The same position, seen the same way, previews alike however its
    state's objects are shared: a game whose state was read back from JSON
    previews every answer, dice and cards drawn too, as the game itself."""
    data, events = dof.load_rules()
    game = dof.new_game(seed=7)
    rng = random.Random(7)
    compared = 0
    while game.pending is not None and game.decisions < 300:
        if game.decisions % 10 == 0:
            twin = Game.from_json(game.to_json(), data, events, verify=False)
            twin.state = json.loads(json.dumps(twin.state))  # objects no longer shared
            twin.chance.attach(twin)
            side = game.pending.player
            for answer in game.pending.options[:6]:
                previews = [view(g, side).preview(answer) for g in (game, twin)]
                assert previews[0].state == previews[1].state
                assert previews[0].log == previews[1].log
                compared += 1
        game.answer(rng.choice(game.pending.options))
    assert compared > 50
