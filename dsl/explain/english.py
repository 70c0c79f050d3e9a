"""The words an explanation is made of: who acts, how a verb agrees with
him, lists and counts.

A compiled program names players as ``"democrat"``, ``"you"``,
``"opponent"``... (docs/operations.md, "Players"); these turn them into the
words a player reads, so that every renderer says them alike.
"""

from __future__ import annotations

#: A player as the subject of a sentence.
_SUBJECTS = {"democrat": "the Democrat", "communist": "the Communist", "you": "you",
             "opponent": "your opponent", "he": "he", "roller": "the roller",
             "neutral": "neither player", None: "any player"}

#: A player's SPs, cards...: "Democrat SPs", "your SPs".
_OWNERS = {"democrat": "Democrat", "communist": "Communist", "you": "your",
           "opponent": "opposing", "he": "his", "roller": "the roller's", "none": "no"}

#: A player as the object of a phrase ("controlled by ...").
_OBJECTS = {**_SUBJECTS, "none": "neither player"}

#: Verbs whose third person is not the base form plus s or es.
_IRREGULAR = {"have": "has", "be": "is", "do": "does", "may": "may"}
#: Verbs whose second person is not the base form.
_SECOND = {"be": "are"}


def subject(player: str | None) -> str:
    """The player acting: 'the Democrat', 'you', 'the owner of the chosen card'."""
    if isinstance(player, str) and player.startswith("owner:"):
        return f"the owner of {card_ref(player.split(':', 1)[1])}"
    return _SUBJECTS.get(player, str(player))


def obj(player: str | None) -> str:
    """A player after a preposition: 'controlled by the Communist'."""
    return subject(player) if player not in _OBJECTS else _OBJECTS[player]


def owner(player: str | None) -> str:
    """Whose SPs: 'Democrat', 'your', 'opposing'."""
    return _OWNERS.get(player or "", subject(player) + "'s")


def possessive(player: str | None) -> str:
    """Whose hand: "the Communist's", 'your', 'his'."""
    if player in ("you", "he"):
        return {"you": "your", "he": "his"}[player]
    return subject(player) + "'s"


def side(player: str) -> str:
    """Whose event a card has: 'Democrat', 'neutral', "your opponent's"."""
    return {"democrat": "Democrat", "communist": "Communist", "neutral": "neutral",
            "you": "your own", "opponent": "your opponent's"}.get(player, player)


def second_person(player: str | None) -> bool:
    return player == "you"


def he(player: str | None) -> str:
    """The player again, as a pronoun: 'he', 'you'."""
    return "you" if second_person(player) else "he"


def his(player: str | None) -> str:
    """'his', 'your'."""
    return "your" if second_person(player) else "his"


def verb(player: str | None, base: str, optional: bool = False) -> str:
    """The verb as ``player`` says it: 'you remove', 'the Democrat removes',
    'the Democrat may remove'."""
    if optional:
        return f"may {base}"
    first, _, rest = base.partition(" ")
    if second_person(player):
        return f"{_SECOND.get(first, first)} {rest}".rstrip()
    if first in _IRREGULAR:
        third = _IRREGULAR[first]
    elif first.endswith(("s", "sh", "ch", "x", "z", "o")):
        third = first + "es"
    elif first.endswith("y") and first[-2:-1] not in "aeiou":
        third = first[:-1] + "ies"
    else:
        third = first + "s"
    return f"{third} {rest}".rstrip()


def acts(player: str | None, base: str, optional: bool = False) -> str:
    """Subject and verb: 'the Communist places', 'you may discard'."""
    return f"{subject(player)} {verb(player, base, optional)}"


def plural(count: object, noun: str, many: str | None = None) -> str:
    """'1 SP', '3 SPs', 'up to 4 SPs': a noun after its count."""
    return noun if count == 1 else (many or noun + "s")


def counted(count: int, noun: str, many: str | None = None) -> str:
    return f"{count} {plural(count, noun, many)}"


def listing(items: list[str], last: str = "and") -> str:
    """'A', 'A and B', 'A, B and C' (``last``: 'and' or 'or')."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def a(phrase: str) -> str:
    """The phrase after 'a' or 'an', or as it is when a possessive starts it
    ('your own event')."""
    if phrase.startswith(("your ", "his ", "the ")):
        return phrase
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def quoted(name: str) -> str:
    return f'"{name}"'


def signed(delta: int) -> str:
    """A modifier as printed: '+1', '-2'."""
    return f"{delta:+d}"


#: What a card reference (``"card": "discarded"``) names.
_CARD_REFS = {"this": "this card", "chosen": "the chosen card", "played": "the played card"}


def card_ref(ref: str) -> str:
    """'the discarded card', 'this card'."""
    return _CARD_REFS.get(ref, f"the {ref} card")


def capital(text: str) -> str:
    """The text with its first letter capitalised (a sentence's start)."""
    return text[:1].upper() + text[1:]
