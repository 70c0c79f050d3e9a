"""Fast start-up: compiled decks and the parser's table come from dof's cache
folder, and each command imports only what it needs.

Every test here points DOF_CACHE_DIR at a folder of its own.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import dof.dsl.cache as cache
from dof.cli.lint import run_lint
from dof.cli.sim import play_one
from dof.dsl import builtin_cards_dir, load_deck
from dof.dsl.cache import load_data_cached, load_deck_cached
from dof.dsl.grammar import parser
from dof.engine.data import load_data
from dof.engine.programs.events import EventRunner

MOD_CARD = """
card 111 "Round Table Returns" {
    period late; side democrat; ops 2; removed after event
    summary "Democrat scores 1 VP."
    event { democrat gains 1 VP }
}
"""


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DOF_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def compiles(monkeypatch) -> list[tuple]:
    """The decks actually compiled (the cache calls load_deck for a miss)."""
    calls: list[tuple] = []

    def counted(*args):
        calls.append(args)
        return load_deck(*args)

    monkeypatch.setattr(cache, "load_deck", counted)
    return calls


def deck_entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("deck-*.pickle"))


def copy_of_cards(tmp_path: Path) -> Path:
    """A folder with the built-in card files, to edit."""
    folder = tmp_path / "cards"
    folder.mkdir()
    for path in builtin_cards_dir().glob("*.card"):
        shutil.copy(path, folder)
    return folder


# ------------------------------------------------------------- compiled decks
def test_the_second_load_comes_from_the_cache(cache_dir, compiles):
    first = load_deck_cached()
    second = load_deck_cached()
    assert len(compiles) == 1
    assert len(deck_entries(cache_dir)) == 1
    assert second == first and second is not first
    assert second.card(3).event == load_deck().card(3).event


def test_a_cached_deck_plays_the_same_games(cache_dir):
    data = load_data()
    fresh = load_deck(data=data)
    load_deck_cached(data=data)
    cached = load_deck_cached(data=data)
    kinds = {"democrat": "greedy", "communist": "random"}
    for seed in (1, 2, 3):
        games = [play_one(data.with_cards(deck.card_facts()), EventRunner(deck), seed, kinds)
                 for deck in (fresh, cached)]
        assert games[0] == games[1]


def test_an_edited_card_file_makes_a_new_deck(tmp_path, cache_dir, compiles):
    cards = copy_of_cards(tmp_path)
    assert 111 not in load_deck_cached([cards]).cards
    (cards / "late.card").write_text((cards / "late.card").read_text() + MOD_CARD)
    assert load_deck_cached([cards]).card(111).summary == "Democrat scores 1 VP."
    assert load_deck_cached([cards]).card(111).summary == "Democrat scores 1 VP."
    assert len(compiles) == 2


def test_an_edited_mod_file_makes_a_new_deck(tmp_path, cache_dir, compiles):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "new.card").write_text(MOD_CARD)
    assert load_deck_cached(mod=mod).card(111).printed.ops == 2
    (mod / "new.card").write_text(MOD_CARD.replace("ops 2", "ops 3"))
    assert load_deck_cached(mod=mod).card(111).printed.ops == 3
    assert load_deck_cached(mod=mod).card(111).printed.ops == 3
    assert [call[1] for call in compiles] == [mod, mod]


def test_an_edited_module_of_a_folder_of_dof_makes_new_decks(tmp_path, monkeypatch):
    """A lint (dsl/lints/) or a rule (engine/rules/) changed is a new dof,
    whose decks are built anew, as for a module at the top of dsl/."""
    copies = {package: tmp_path / package for package in ("dof.dsl", "dof.engine")}
    for package, copy in copies.items():
        shutil.copytree(Path(str(cache.resources.files(package))), copy,
                        ignore=shutil.ignore_patterns("__pycache__"))
    real = cache.resources.files
    monkeypatch.setattr(cache.resources, "files",
                        lambda package: copies.get(package) or real(package))
    source_hash = cache.source_hash.__wrapped__  # source_hash() is taken once per process
    hashes = [source_hash()]
    for edited in ("dof.dsl/deck.py", "dof.dsl/lints/never_acts.py", "dof.engine/rules/turn.py"):
        with (tmp_path / edited).open("a", encoding="utf-8") as file:
            file.write("# edited\n")
        hashes.append(source_hash())
    assert len(set(hashes)) == 4


def test_a_corrupt_entry_is_rebuilt(cache_dir, compiles):
    load_deck_cached()
    [entry] = deck_entries(cache_dir)
    entry.write_bytes(b"not a pickle")
    assert load_deck_cached().compiled_cards == 110
    assert pickle.loads(entry.read_bytes()).compiled_cards == 110
    assert len(compiles) == 2


def test_an_entry_that_is_not_a_deck_is_rebuilt(cache_dir, compiles):
    load_deck_cached()
    [entry] = deck_entries(cache_dir)
    entry.write_bytes(pickle.dumps({"cards": {}}))
    assert load_deck_cached().compiled_cards == 110
    assert len(compiles) == 2


def test_a_cache_folder_that_cannot_be_made_is_skipped(tmp_path, monkeypatch, compiles):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("DOF_CACHE_DIR", str(blocker / "dof"))
    assert load_deck_cached().compiled_cards == 110
    assert load_deck_cached().compiled_cards == 110
    assert len(compiles) == 2
    assert blocker.read_text() == ""


def test_dof_no_cache_compiles_every_time_and_writes_nothing(cache_dir, monkeypatch, compiles):
    monkeypatch.setenv("DOF_NO_CACHE", "1")
    load_deck_cached()
    load_deck_cached()
    assert len(compiles) == 2
    assert not cache_dir.exists()


def test_the_cache_folder_follows_xdg_without_dof_cache_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("DOF_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "dof"
    monkeypatch.setenv("DOF_NO_CACHE", "1")
    assert cache.cache_dir() is None


def test_a_deck_with_errors_is_not_stored(tmp_path, cache_dir, compiles):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "broken.card").write_text(MOD_CARD.replace("gains", "gainz"))
    assert load_deck_cached(mod=mod).errors == load_deck_cached(mod=mod).errors == 1
    assert len(compiles) == 2
    assert deck_entries(cache_dir) == []


def test_lint_says_the_same_from_the_cache_warnings_included(tmp_path, cache_dir, capsys):
    empty = tmp_path / "drafts"
    empty.mkdir()
    (empty / "notes.txt").write_text("ideas")
    paths = [builtin_cards_dir(), empty]
    outputs = []
    for _ in range(2):
        assert run_lint(paths, "json", console=Console(width=200)) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert len(deck_entries(cache_dir)) == 1
    assert outputs[0] == outputs[1]
    [warning] = outputs[1]["diagnostics"]
    assert warning["code"] == "W505" and "notes.txt" in warning["hint"]


def test_old_entries_are_pruned(tmp_path, cache_dir, monkeypatch):
    monkeypatch.setattr(cache, "MAX_DECKS", 2)
    mod = tmp_path / "mod"
    mod.mkdir()
    for ops in (1, 2, 3):
        (mod / "new.card").write_text(MOD_CARD.replace("ops 2", f"ops {ops}"))
        load_deck_cached(mod=mod)
    assert len(deck_entries(cache_dir)) == 2
    assert load_deck_cached(mod=mod).card(111).printed.ops == 3


# ------------------------------------------------------------------ game data
def test_the_game_data_comes_from_the_cache_the_same(cache_dir, monkeypatch):
    first = load_data_cached()
    [entry] = cache_dir.glob("data-*.pickle")
    with monkeypatch.context() as patch:
        patch.setattr(cache, "load_data", lambda: pytest.fail("the data was read again"))
        second = load_data_cached()
    assert second is not first and repr(second) == repr(first) == repr(load_data())
    assert second.space("Leipzig").stability == load_data().space("Leipzig").stability
    entry.write_bytes(b"not a pickle")
    assert repr(load_data_cached()) == repr(first)
    assert entry.read_bytes().startswith(b"\x80")  # a pickle again


def test_games_from_the_cached_data_are_the_same(cache_dir):
    deck = load_deck()
    load_data_cached()
    games = [play_one(data.with_cards(deck.card_facts()), EventRunner(deck), 5,
                      {"democrat": "greedy", "communist": "search"})
             for data in (load_data(), load_data_cached())]
    assert games[0] == games[1]


# ---------------------------------------------------------------- the parser
def test_the_parser_table_is_kept_and_a_corrupt_one_rebuilt(cache_dir):
    build = parser.__wrapped__  # parser() itself is built once per process
    build()
    [entry] = cache_dir.glob("lark-*.pickle")
    assert build().parse(MOD_CARD) == parser().parse(MOD_CARD)
    entry.write_bytes(b"\x80garbage")
    assert build().parse(MOD_CARD) == parser().parse(MOD_CARD)
    assert entry.read_bytes().startswith(b"\x80\x05")  # a pickle again


# ------------------------------------------------- what a process imports
def imported_after(code: str, cache_dir: Path) -> set[str]:
    """The modules a fresh Python imports to run ``code``: not those it held
    before (Python's own start-up, and an editable install's finder, which
    imports pathlib and typing before any code runs)."""
    script = ("import json, sys\n_held = set(sys.modules)\n" + code
              + "\nprint(json.dumps(sorted(set(sys.modules) - _held)))")
    env = {**os.environ, "DOF_CACHE_DIR": str(cache_dir)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_dof_help_imports_neither_the_engine_nor_lark_nor_rich(cache_dir):
    modules = imported_after(
        "from dof.cli.main import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass",
        cache_dir)
    assert "dof.cli.main" in modules
    assert not {"dof.engine", "dof.dsl", "lark", "rich", "importlib.metadata"} & modules
    assert not {"pathlib", "typing", "tempfile"} & modules  # a fifth of its start-up


def test_dof_version_still_reads_the_installed_version(capsys):
    from dof.cli.main import main

    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith("dof 0.")


def test_a_cached_deck_loads_without_lark(cache_dir):
    load = "from dof.dsl.cache import load_deck_cached\nload_deck_cached()"
    assert "lark" in imported_after(load, cache_dir)  # the first load parses
    assert "lark" not in imported_after(load, cache_dir)


def test_only_a_large_deck_imports_multiprocessing(cache_dir):
    """Reading a large deck on several cores (dsl/pieces.py) costs the
    commands that read the ordinary deck nothing."""
    load = "from dof.dsl import load_deck\nload_deck()"
    assert "multiprocessing" not in imported_after(load, cache_dir)


#: What builds a deck or the game data: none of it is imported when the
#: cache has them.
BUILDERS = {"dof.dsl.deck", "dof.dsl.parser", "dof.dsl.checker", "dof.dsl.compiler",
            "dof.dsl.lints", "dof.dsl.explain", "lark", "dof.engine.data.load", "yaml"}


@pytest.mark.parametrize("argv", [["sim", "--games", "1", "--json"], ["lint"]])
def test_a_warm_command_imports_nothing_that_builds_the_deck(cache_dir, argv):
    """A short command whose deck and game data are in the cache imports
    none of the parser, checker, compiler, lints, explanations or YAML
    reader, nor fractions (no odds shown) or multiprocessing (one game)."""
    run = ("from dof.cli.main import main\n"
           "import contextlib, io\n"
           "with contextlib.redirect_stdout(io.StringIO()):\n"
           f"    main({argv!r})")
    assert imported_after(run, cache_dir) >= BUILDERS  # the first run builds them
    assert not (BUILDERS | {"fractions", "multiprocessing"}) & imported_after(run, cache_dir)


def test_sim_json_imports_no_rich(cache_dir):
    run = ("from dof.cli.main import main\n"
           "import contextlib, io\n"
           "with contextlib.redirect_stdout(io.StringIO()):\n"
           "    main(['sim', '--games', '1', '--json'])")
    assert "rich" not in imported_after(run, cache_dir)
