"""The Koper board's layout facts the reader needs: its size, the shape of a layout, and the
canonical layout for learning a deck from a photo.

A layout is plain data in image orientation (row 0 at the top of the image), the same shape the
reader returns: :data:`Cells` is 8 rows of 8 card ids or None, a :data:`Checker` is
``(row, col, "light" | "dark")``.

This is runtime code: the simulator builds its layouts on these facts
(:mod:`vision.sim.koper_layout`), and nothing here imports the simulator or the lab tools.

>>> cells = canonical_cells()
>>> cells[0][:3], cells[2][1:6]
(('AC', '2C', '3C'), ('5D', None, None, None, '6D'))
"""

from vision.cards.ids import CARD_IDS

Cells = tuple[tuple[str | None, ...], ...]
Checker = tuple[int, int, str]

BOARD_SIZE = 8
#: The 12 empty cells of the canonical layout (learning a deck from a photo): the centre block
#: rows 2-5, columns 2-4, so that cards still span all 8 rows and columns.
CANONICAL_EMPTY: frozenset[tuple[int, int]] = frozenset(
    (r, c) for r in range(2, 6) for c in range(2, 5)
)


def canonical_cells() -> Cells:
    """The canonical layout: cards in ``CARD_IDS`` order (clubs, diamonds, hearts, spades, each
    ace to king), row by row in image orientation, skipping ``CANONICAL_EMPTY``."""
    ids = iter(CARD_IDS)
    return tuple(
        tuple(None if (r, c) in CANONICAL_EMPTY else next(ids) for c in range(BOARD_SIZE))
        for r in range(BOARD_SIZE)
    )
