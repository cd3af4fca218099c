"""Card identifiers (DESIGN.md, CONTRACT identifiers): rank then suit, upper case.

>>> card_id("T", "S")
'TS'
>>> CARD_IDS[:3]
('AC', '2C', '3C')

``CARD_IDS`` follows the order of a gnome-cards sheet (rows clubs, diamonds, hearts, spades;
columns ace to king). The same order is the canonical layout used to learn a deck from a photo.
"""

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")

#: Suits in the order of the rows of a gnome-cards sheet.
SHEET_SUITS: tuple[str, ...] = ("C", "D", "H", "S")
#: Ranks in the order of the columns of a gnome-cards sheet.
SHEET_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


def card_id(rank: str, suit: str) -> str:
    """The contract identifier of one card, validating both parts."""
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: rank {rank!r} suit {suit!r}")
    return rank + suit


CARD_IDS: tuple[str, ...] = tuple(card_id(r, s) for s in SHEET_SUITS for r in SHEET_RANKS)
