"""A corpus of the mistakes a modder makes, each with the diagnostic it
gets: code, place, caret and a hint in the language's own words (issue 22,
item 2). A hint only ever offers what parses there (dsl/recovery.py tries
each word on the parser's table; dsl/spelling.py's spellings are parsed)."""

from __future__ import annotations

import pytest
from dsl_helpers import CARD, deck_of

#: A statement of the test card's event (its first line is line 5), and what
#: it gets: where (line:col), how many carets, how the message starts (to its
#: first expected word), the hint.
STATEMENTS = [
    # A verb of English, not of the language: its nearest verbs, tried in place.
    ('democrat puts 3 SP in Gdansk',
     '5:18', 4, "unexpected word 'puts'; expected one of: 'places'",
     "did you mean 'places'?"),
    ('democrat adds 3 SP to Romania',
     '5:18', 4, "unexpected word 'adds'; expected one of: 'places'",
     "did you mean 'democrat places 3 SP in Romania'?"),
    ('democrat scores 1 VP',
     '5:18', 6, "unexpected word 'scores'; expected one of: 'gains'",
     "did you mean 'gains'?"),
    ('communist loses 1 VP',
     '5:19', 5, "unexpected word 'loses'; expected one of: 'chooses'",
     "write 'democrat gains 1 VP': a player loses VP as the other gains them (one VP track, rule "
     "10.1)"),
    ('democrat loses 2 SP in Gdansk',
     '5:18', 5, "unexpected word 'loses'; expected one of: 'removes'",
     "did you mean 'democrat removes 2 SP from Gdansk'?"),
    ("communist makes 1 support check in Gdansk with this card's ops",
     '5:51', 4, "unexpected 'with'; expected one of: 'using'",
     "did you mean 'using'?"),
    ('democrat rolls a dice',
     '5:26', 4, "unexpected word 'dice'; expected one of: 'die'",
     "did you mean 'die'?"),
    # The wrong preposition.
    ('democrat places 3 SP to Gdansk',
     '5:30', 2, "unexpected 'to'; expected one of: 'in'",
     "did you mean 'in'?"),
    ('democrat removes 2 SP in Gdansk',
     '5:31', 2, "unexpected 'in'; expected one of: 'from'",
     "did you mean 'from'?"),
    ('democrat places 1 SP on Gdansk',
     '5:30', 2, "unexpected 'on'; expected one of: 'in'",
     "did you mean 'in'?"),
    # English plurals, capitalised keywords.
    ('democrats gains 1 VP',
     '5:9', 9, "unexpected word 'democrats'",
     "did you mean 'democrat'?"),
    ('democrat gains 1 VPs',
     '5:26', 3, "unexpected word 'VPs'",
     "did you mean 'VP'?"),
    ('Democrat gains 1 VP',
     '5:9', 8, "unexpected name 'Democrat'; expected one of: 'democrat'",
     "did you mean 'democrat'? (keywords are lowercase)"),
    ('If the turn is 3: democrat gains 1 VP',
     '5:9', 2, "unexpected name 'If'; expected one of: 'if'",
     "did you mean 'if'? (keywords are lowercase)"),
    # A brace, ':', ';' or ',' too many or left out.
    ('democrat gains 1 VP }',
     '6:9', 8, "unexpected 'democrat'; expected one of: 'cancels'",
     "the '}' at 5:29 closed the block this line is indented in: is it one too many?"),
    ('if the turn is 3 democrat gains 1 VP',
     '5:26', 8, "missing ':' before 'democrat'",
     "a condition or trigger is followed by ':' and one statement, or by a { block }"),
    ('democrat places 2 SP in Gdansk at most 1 per space',
     '5:40', 2, "missing ',' before 'at'",
     "a ',' comes before 'at most N per space', 'each with +N' and 'even without ...'"),
    # Quotes: left out, never closed, single, around a space's name.
    ('cancel The Wall',
     '5:16', 3, 'unexpected name \'The\'; expected one of: a quoted card name (e.g. "The Wall")',
     'write it between double quotes: "The Wall"'),
    ('cancel "The Wall',
     '5:16', 9, 'this quote is never closed',
     'close it on its line: "The Wall"'),
    ("cancel 'The Wall'",
     '5:16', 10, "'The Wall' is in single quotes",
     'write it between double quotes: "The Wall"'),
    ('democrat places 1 SP in "Gdansk"',
     '5:33', 8, 'unexpected card name "Gdansk"; expected one of: \'an\'',
     'only card names are quoted: write Gdansk'),
    # Lists and statements joined as in English.
    ('democrat places 1 SP in Gdansk, Krakow',
     '5:39', 1, "names in a list are joined with 'and' or 'or', not with ','",
     "write 'Gdansk and Krakow' (or 'or')"),
    ('democrat places 1 SP in Gdansk and in Krakow',
     '5:40', 3, "unexpected 'and'; expected one of: ','",
     "write 'democrat places 1 SP in Gdansk and Krakow': names in a list share their 'in' or "
     "'from'"),
    ('democrat gains 1 VP, democrat gains 1 VP',
     '5:28', 1, "unexpected ','; expected one of: 'otherwise'",
     "did you mean ';'?"),
    # Constructs the language spells otherwise.
    ('democrat gains 1 VP for each democrat-controlled space in Romania',
     '5:29', 3, "unexpected 'for'; expected one of: 'otherwise'",
     "write 'democrat gains (1 for each democrat-controlled space in Romania) VP': an amount "
     "counted for each of something is written in parentheses"),
    ('if the turn == 3: democrat gains 1 VP',
     '5:21', 2, "unexpected '=='; expected one of: ')'",
     "did you mean 'is'?"),
    ('if the roll >= 4: democrat gains 1 VP',
     '5:21', 2, "unexpected '>='; expected one of: ')'",
     "did you mean 'is at least'?"),
    ('if the turn is 3 then democrat gains 1 VP',
     '5:26', 4, "unexpected word 'then'; expected one of: ')'",
     "did you mean ':'?"),
    ('if the turn is 3: democrat gains 1 VP else: democrat gains 2 VP',
     '5:47', 4, "unexpected word 'else'; expected one of: 'otherwise'",
     "did you mean 'otherwise'?"),
    ('if turn is 3: democrat gains 1 VP',
     '5:12', 4, "unexpected 'turn'; expected one of: 'there'",
     "did you mean 'the turn'?"),
    ('at the end of turn: democrat gains 1 VP',
     '5:23', 4, "unexpected 'turn'; expected one of: 'each'",
     "did you mean 'this turn'?"),
    ('until end of turn: cards played by democrat get +1 ops',
     '5:15', 3, "unexpected 'end'; expected one of: 'cancelled'",
     "write 'for the rest of the turn: cards played by democrat get +1 ops': the language's words "
     "for a turn's duration (rule 7.2)"),
    ('democrat gains 1 Victory Point',
     '5:26', 7, "unexpected name 'Victory'; expected one of: 'scoring'",
     "write 'democrat gains 1 VP': victory points are written VP"),
    ('democrat places two SP in Gdansk',
     '5:25', 3, "unexpected word 'two'; expected one of: '('",
     "did you mean '2'?"),
    # A word or mark too many, a name in lowercase, a statement saying too much
    # or too little.
    ('democrat gains 1 VP.',
     '5:28', 1, "unexpected character '.'; expected one of: 'otherwise'",
     "a statement ends at the end of its line (or at ';'): leave out the '.'"),
    ('democrat may may gain 1 VP',
     '5:22', 3, "unexpected 'may'; expected one of: 'make'",
     "'may' is written twice"),
    ('democrat places 2 SP in gdansk',
     '5:33', 6, "unexpected word 'gdansk'; expected one of: 'an'",
     "names start with a capital letter: did you mean 'Gdansk'?"),
    ('democrat places 2 sp in Gdansk',
     '5:27', 2, "unexpected word 'sp'; expected one of: 'SP'",
     "did you mean 'SP'?"),
    ('democrat draws 2 cards from the deck',
     '5:32', 4, "unexpected 'from'; expected one of: 'otherwise'",
     "write 'democrat draws 2 cards': cards are drawn from the draw deck: the statement need not "
     "say so"),
    ('cards played by democrat get +1 ops',
     '5:9', 35, 'a lasting rule needs a duration',
     "put it inside e.g. 'for the rest of the turn: ...' or 'until cancelled { ... }' (rule 7.2)"),
]

#: A line of the test card written otherwise: the text as written right,
#: the text with the mistake, and what it gets.
CARD_LINES = [
    # Clauses and headers.
    ('side democrat', 'side democrats',
     '2:24', 9, "unexpected word 'democrats'",
     "did you mean 'democrat'?"),
    ('period early', 'period Early',
     '2:12', 5, "unexpected name 'Early'; expected one of: 'early'",
     "did you mean 'early'? (keywords are lowercase)"),
    ('period early; side democrat', 'period early side democrat',
     '2:18', 4, "missing ';' before 'side'",
     "statements and clauses on one line are separated by ';'"),
    ('period early; side democrat; ops 2', 'period: early; side democrat; ops 2',
     '2:11', 1, "unexpected ':'; expected one of: 'early'",
     "write 'period early': a clause is written without ':'"),
    ('summary "A card made up for a test."', 'summary A card made up for a test.',
     '3:13', 1, "unexpected name 'A'; expected one of: a quoted summary (e.g. \"Four Democratic "
     'SPs anywhere in Poland.")',
     'write it between double quotes: "A card made up for a test."'),
    ('summary', 'sumary',
     '3:5', 6, "unexpected word 'sumary'; expected one of: 'cancels'",
     "did you mean 'summary'?"),
    ('    event {\n', '    event\n',
     '4:10', 1, "missing '{' at the end of the line",
     "a block of statements is written between '{' and '}'"),
    ('        democrat gains 1 VP\n    }\n}', '        democrat gains 1 VP\n}',
     '4:11', 1, "this '{' is never closed",
     "close it with '}': the parser noticed at the end of the file"),
    ('card 201 "Test Card" {', 'card 201 "Test Card"',
     '1:21', 1, "missing '{' at the end of the line",
     "a block of statements is written between '{' and '}'"),
    ('card 201 "Test Card" {', 'card 201 Test Card {',
     '1:10', 4, 'unexpected name \'Test\'; expected one of: a quoted card name (e.g. "The Wall")',
     'write it between double quotes: "Test Card"'),
    ('card 201 "Test Card" {', 'card 201 Test Card" {',
     '1:10', 4, 'unexpected name \'Test\'; expected one of: a quoted card name (e.g. "The Wall")',
     'write it between double quotes: "Test Card"'),
    ('card 201 "Test Card" {', 'card 201 "Test Card {',
     '1:10', 12, 'this quote is never closed',
     'close it on its line: "Test Card"'),
    ('card 201 "Test Card" {', 'card 201 "Test Card" democrat 2 early {',
     '1:22', 8, "unexpected 'democrat'; expected one of: '{'",
     'a header holds only the number and name: \'card 7 "State Run Media" {\'; side, ops and '
     'period are clauses between the braces'),
    ('card 201 "Test Card" {', 'card #201 "Test Card" {',
     '1:24', 1, 'unexpected end of line; expected one of: a number',
     '\'#\' starts a comment, so \'#201 "Test Card" {\' is not read'),
    ('card 201 "Test Card" {', 'Card 201 "Test Card" {',
     '1:1', 4, "unexpected name 'Card'; expected one of: 'card'",
     "did you mean 'card'? (keywords are lowercase)"),
    ('ops 2\n', 'ops 2\n    requires "The Wall"\n',
     '3:24', 1, "unexpected end of line; expected one of: 'has'",
     'write \'requires event "The Wall"\': a card that needs another\'s event requires the event'),
]


def the_one_diagnostic(tmp_path, text: str) -> tuple[str, int, str, str | None]:
    [diag] = deck_of(tmp_path, text).diagnostics
    assert diag.code == "E001"
    return f"{diag.span.line}:{diag.span.col}", diag.caret().count("^"), diag.message, diag.hint


def test_the_corpus_holds_thirty_mistakes_or_more():
    assert len(STATEMENTS) + len(CARD_LINES) >= 30


@pytest.mark.parametrize("mistake, where, carets, message, hint", STATEMENTS,
                         ids=[m for m, *_ in STATEMENTS])
def test_a_mistaken_statement_gets_a_hint(tmp_path, mistake, where, carets, message, hint):
    body = f"        {mistake}\n        democrat gains 1 VP"
    found = the_one_diagnostic(tmp_path, CARD.format(body=body))
    assert found[:2] == (where, carets)
    assert found[2].startswith(message), found[2]
    assert found[3] == hint


@pytest.mark.parametrize("right, wrong, where, carets, message, hint", CARD_LINES,
                         ids=[w for _, w, *_ in CARD_LINES])
def test_a_mistaken_card_line_gets_a_hint(tmp_path, right, wrong, where, carets, message, hint):
    text = CARD.format(body="        democrat gains 1 VP")
    assert right in text
    found = the_one_diagnostic(tmp_path, text.replace(right, wrong, 1))
    assert found[:2] == (where, carets)
    assert found[2].startswith(message), found[2]
    assert found[3] == hint


def test_a_box_header_with_more_than_its_names_is_one_mistake(tmp_path):
    box = ('tiananmen box 1 "Reformer Memorialized" / "Reformer Discredited" democrat {\n'
           "    democrat needs 5; communist needs 6\n"
           '    summary "+1 to your own Tiananmen Square attempts."\n'
           "    award until the opponent reaches this box: tiananmen attempts by you get +1\n"
           "}\n")
    assert the_one_diagnostic(tmp_path, box) == (
        "1:66", 8, "unexpected 'democrat'; expected one of: '{'",
        "a header holds only its number and names; the rest are clauses between the braces")


@pytest.mark.parametrize("text, expected", [
    ('    summary Four SPs anywhere.\n',
     'a quoted summary (e.g. "Four Democratic SPs anywhere in Poland.")'),
    ("    event { move the U.S.S.R. marker to Sajudis }\n",
     'a box of the U.S.S.R. track, quoted (e.g. "Sajudis")'),
    ("    event { democrat chooses one { option first: democrat gains 1 VP } }\n",
     'the option\'s label, quoted (e.g. "operations")'),
    ("    cancels The Wall\n", 'a quoted card name (e.g. "The Wall")'),
], ids=["summary", "U.S.S.R. track box", "option", "card name"])
def test_a_quoted_text_is_expected_as_what_the_grammar_takes_it_for(tmp_path, text, expected):
    """Where a quoted text is expected, the message says what it would be
    there, as the rule that takes it says: a summary, a box of the U.S.S.R.
    track, an option's label, or else a card's name."""
    card = 'card 201 "Test Card" {\n    period early; side democrat; ops 2\n' + text + "}\n"
    message = the_one_diagnostic(tmp_path, card)[2]
    assert message.endswith(f"expected one of: {expected}"), message
