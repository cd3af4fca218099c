"""Playing cards as the DESIGN identifiers name them: rank then suit, upper case ("TS", "AH").

Ranks are numbers 2..14 (jack 11, queen 12, king 13, ace 14) so hands compare by arithmetic;
the words are the ones announcements use.

>>> Card.parse("TS")
Card(rank=10, suit='S')
>>> rank_word(12, plural=True), suit_word("H")
('queens', 'hearts')
"""

from __future__ import annotations

from dataclasses import dataclass

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"
RANK_WORDS = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True, order=True)
class Card:
    """One card: ``rank`` 2..14 and ``suit`` one of S H D C."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card an identifier names; ValueError for anything that is not one."""
        if (
            not isinstance(text, str)
            or len(text) != 2
            or text[0] not in RANK_CHARS
            or text[1] not in SUIT_CHARS
        ):
            raise ValueError(f"{text!r} is not a card (rank 2-9TJQKA then suit SHDC)")
        return cls(RANK_CHARS.index(text[0]) + 2, text[1])

    @property
    def id(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit

    def __str__(self) -> str:
        return self.id


DECK: tuple[str, ...] = tuple(r + s for s in SUIT_CHARS for r in RANK_CHARS)


def rank_word(rank: int, plural: bool = False) -> str:
    """The announcement word for a rank: 12 -> "queen" (or "queens")."""
    return (RANK_PLURALS if plural else RANK_WORDS)[rank - 2]


def suit_word(suit: str) -> str:
    """The announcement word for a suit letter: "S" -> "spades"."""
    return SUIT_WORDS[suit]
