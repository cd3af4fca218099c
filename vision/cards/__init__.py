"""Playing-card artwork: card identifiers and the Debian gnome-cards-data deck designs."""

from vision.cards.designs import (
    NON_FRENCH_DESIGNS,
    card_images,
    design_path,
    list_designs,
    render_sheet,
)
from vision.cards.ids import CARD_IDS, RANKS, SUITS, card_id

__all__ = [
    "CARD_IDS",
    "NON_FRENCH_DESIGNS",
    "RANKS",
    "SUITS",
    "card_id",
    "card_images",
    "design_path",
    "list_designs",
    "render_sheet",
]
