"""The game's terms, defined once: sides, suits, periods, space types, and how
a name is keyed for lookup.

The data files, the card language and the CLI all check values against these
tuples and look names up with :func:`key`, so that a name the data accepts
is the name a card file or a command can use (the engine never imports the
card language, so the definitions live here and ``dof.dsl`` imports them).
"""

from __future__ import annotations

import difflib
import unicodedata
from functools import lru_cache
from typing import Any

# Rules 2.1.2, 2.1.3, 2.2.2, 2.3.2, 6.3.5.
SIDES = ("democrat", "communist")
SPACE_TYPES = (
    "elite",
    "bureaucrat",
    "farmer",
    "worker",
    "intellectual",
    "student",
    "church",
    "minority",
)
REGIONS = ("Eastern Europe", "Balkans")
PERIODS = ("early", "middle", "late")
CARD_SIDES = ("democrat", "communist", "neutral", "scoring")
SUITS = ("rally", "march", "strike", "petition")
PS_KINDS = ("suit", "leader", "wild")
AWARDS = ("lasting", "immediate")

#: What a value of each kind is called in a message about a file a person
#: wrote: YAML's words (a JSON save calls a mapping an object, and empty null).
KINDS: dict[type, str] = {bool: "true or false", int: "a whole number",
                          float: "a number with a fraction", str: "text", list: "a list",
                          dict: "a mapping", type(None): "empty"}

# Letters that Unicode does not decompose into a base letter plus accent, so
# NFKD alone would keep a name written with "ł" apart from its spelling with "l".
_UNDECOMPOSED = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D"})


@lru_cache(maxsize=8192)
def key(name: str) -> str:
    """Lookup key of a name: case-, accent- and spacing-insensitive, so that
    a name written with its accents and one typed plain in lowercase agree
    (cached: the same few hundred names come back in every card file)."""
    text = unicodedata.normalize("NFKD", name).translate(_UNDECOMPOSED)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())


def unknown(what: str, name: Any, known: list[str]) -> str:
    """'unknown space 'Xyz'; did you mean 'Xya'?' for a name not found
    (names compared by their keys)."""
    message = f"unknown {what} {name!r}"
    if isinstance(name, str):
        keyed = {key(k): k for k in known}
        close = difflib.get_close_matches(key(name), list(keyed), n=1, cutoff=0.6)
        if close:
            message += f"; did you mean {keyed[close[0]]!r}?"
    return message
