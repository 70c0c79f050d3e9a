"""The lints (dsl/lints/): each finds what its docs row says, by example,
where it says; a warning is silenced by its code on its line, an error is
not; and a lint is a class filed by its code, which the checker's walk and
the deck's build call without knowing it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dsl_helpers import deck_of

from dof.dsl.ast import Node
from dof.dsl.checker import Hooks, Scope
from dof.dsl.diagnostics import CODES
from dof.dsl.lints import LINTS, Lint, lint

ROOT = Path(__file__).parent.parent
DOCS_ROW = re.compile(r"^\| ([EW]\d{3}) \| (.+) \|$", re.M)


def card(body: str, head: str = "period early; side democrat; ops 2", number: int = 201,
         name: str = "Test Card") -> str:
    lines = "\n".join("        " + line for line in body.strip("\n").splitlines())
    return (f'card {number} "{name}" {{\n    {head}\n    summary "A card made up for a test."\n'
            f"    event {{\n{lines}\n    }}\n}}\n")


def chain(count: int) -> str:
    """``count`` new cards, each of which plays the event of a card it discards."""
    return "".join(card("democrat discards 1 card\ndemocrat plays the event of the discarded card",
                        number=number, name=f"Chain {number}")
                   for number in range(201, 201 + count))


#: Each lint's example: a card file and what lint finds in it (line:col code message).
EXAMPLES = {
    "E004": (chain(70), [
        "553:1 E004 70 cards play other cards' events (card 270 among them): played one inside "
        "another, their events could nest deeper than dof can follow"]),
    "E404": (card("democrat gains 1 VP").replace("    event {", '    requires event "Test Card"\n'
                                                 "    event {"), [
        "4:20 E404 card 201 requires its own event"]),
    "W501": (card("democrat places 1 SP in Minority spaces in Poland\ndemocrat rolls a die\n"
                  "if the roll is 7 or more: democrat gains 1 VP"), [
        "5:33 W501 no space on the map matches this description, so this never acts",
        "7:21 W501 a die shows 1 to 6, so this condition never holds"]),
    "W502": (card("for the rest of the turn: communist may not make support checks in Poland"), [
        "4:5 W502 the event sets up a lasting effect but the card is not marked 'lasting'"]),
    "W503": (card("if democrat controls Gdansk:\n    democrat gains 1 VP\n"
                  "    democrat gains 2 VP"), [
        "7:13 W503 this line is indented as if it were inside the ':' above, but a ':' takes one "
        "statement"]),
    "W504": ('tiananmen box 1 "Reformer Memorialized" / "Reformer Discredited" {\n'
             '    democrat needs 5; communist needs 6\n    summary "x"\n'
             "    award immediately { democrat gains 1 VP }\n}\n", [
        "1:1 W504 box 1: award is immediate here but lasting in the game data"]),
    "W506": (card("democrat rolls a die\nif the roll is 1 or more: democrat gains 1 VP\n"
                  "otherwise: democrat gains 2 VP"), [
        "7:9 W506 'otherwise' never runs: the conditions before it hold for every die result "
        "(1-6)"]),
    "W507": (card("communist gains 2 VP"), [
        "5:9 W507 card 201 is a democrat card, but only the communist acts in its event, to his "
        "own gain"]),
    "W508": (card("democrat removes 2 democrat SP from Gdansk"), [
        "5:28 W508 the democrat removes his own SPs here, in his own event"]),
    "W510": (card("hold a power struggle in Hungary\nscore Hungary", number=22,
                  name="Poland Scoring", head="period early; side scoring; no ops"), [
        "5:9 W510 card 22: its power struggle is in 'Hungary' here but it scores 'Poland' in "
        "strategy.yaml"]),
    "W511": (card("democrat places 2 SP in Krakow").replace(
        "A card made up for a test.", "Three SPs in Gdansk."), [
        "3:13 W511 card 201's summary says 3 and Gdansk; its event does not"]),
    "W512": ('card 3 "Wałęsa" {\n    summary "Ops only in this variant."\n}\n'
             'card 22 "Poland Scoring" {\n    summary "The rules score Poland."\n}\n', [
        '1:1 W512 card 3 "Wałęsa" has no event: the printed event "Walesa" (2.2.1) is dropped, '
        "and the card is played for its Ops only"]),
}


def findings(tmp_path: Path, text: str) -> list[str]:
    return [f"{d.span.line}:{d.span.col} {d.code} {d.message}"
            for d in deck_of(tmp_path, text).diagnostics]


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_each_lint_finds_its_example(tmp_path, code):
    text, expected = EXAMPLES[code]
    assert findings(tmp_path, text) == expected


def ignoring(text: str, code: str, lines: list[int]) -> str:
    """``text`` with '# dof: ignore CODE' at the end of each of ``lines``."""
    out = text.splitlines()
    for line in lines:
        out[line - 1] += f"  # dof: ignore {code}"
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("code", sorted(c for c in EXAMPLES if c.startswith("W")))
def test_a_warning_is_silenced_by_its_code_on_its_line(tmp_path, code):
    text, expected = EXAMPLES[code]
    lines = sorted({int(found.split(":")[0]) for found in expected})
    assert findings(tmp_path, ignoring(text, code, lines)) == []
    other = "W503" if code != "W503" else "W501"
    assert findings(tmp_path, ignoring(text, other, lines)) == expected


def test_an_error_of_a_lint_cannot_be_ignored(tmp_path):
    text, expected = EXAMPLES["E404"]
    assert findings(tmp_path, ignoring(text, "E404", [4])) == [
        *expected, "4:47 W509 E404 is an error, and errors cannot be ignored: fix the card "
        "instead"]


# ---------------------------------------------------------------- the registry
def test_every_lint_has_its_code_severity_docs_row_and_example():
    documented = dict(DOCS_ROW.findall((ROOT / "docs" / "language.md").read_text("utf-8")))
    assert sorted(LINTS) == sorted(EXAMPLES) == [
        "E004", "E404", "W501", "W502", "W503", "W504", "W506", "W507", "W508", "W510", "W511",
        "W512"]
    for code, cls in LINTS.items():
        assert cls.code == code and code in CODES and code in documented
        assert cls.severity() == ("warning" if code.startswith("W") else "error")
        assert cls.__doc__ and cls.__module__.startswith("dof.dsl.lints.")


def test_every_warning_of_a_card_is_a_lint():
    """The checker reports errors only (names, scope, types); the warnings
    outside dsl/lints are about the files given (W505: a folder without card
    files) and about '# dof: ignore' comments themselves (W509)."""
    reported: dict[str, set[str]] = {}
    for path in (ROOT / "dsl").glob("*.py"):
        if path.name != "diagnostics.py":  # the table of the codes, and W509's reporter
            for code in re.findall(r'"(W\d{3})"', path.read_text("utf-8")):
                reported.setdefault(code, set()).add(path.name)
    assert reported == {"W505": {"folders.py"}}
    assert re.findall(r'report\("([EW]\d{3})"', (ROOT / "dsl" / "checker.py").read_text(
        "utf-8")) and not re.search(r'"(E404|E004|W\d{3})"',
                                    (ROOT / "dsl" / "checker.py").read_text("utf-8"))


def test_a_code_is_filed_once_and_only_a_code_of_the_table():
    class Again(Lint):
        code = "W501"

    class Unknown(Lint):
        code = "W599"

    for cls in (Again, Unknown):
        with pytest.raises(ValueError, match="is not a code of CODES of its own"):
            lint(cls)


def test_a_new_lint_hears_the_walk_and_is_silenced_by_its_code(tmp_path, monkeypatch):
    """A lint filed under a code listens to the hooks it defines, reports
    among the checker's findings, and '# dof: ignore CODE' silences it."""
    heard: list[str] = []

    class EveryComparison(Lint):
        """A comparison, wherever it is."""

        code = "W501"

        def comparison(self, node: Node, scope: Scope) -> None:
            heard.append(node.kind)
            self.report("a comparison", node.span)

    assert "comparison" in vars(Hooks)
    monkeypatch.setitem(LINTS, "W501", EveryComparison)
    text = card("democrat rolls a die\nif the roll is 4 or more: democrat gains 1 VP\n"
                "if the turn is 3: democrat gains 1 VP  # dof: ignore W501")
    assert findings(tmp_path, text) == ["6:12 W501 a comparison"]
    assert heard == ["cond_compare", "cond_compare"]
