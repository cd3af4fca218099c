"""Koper board layouts for the simulator: which card lies in which cell, where checkers stand.

A layout is plain data in image orientation (row 0 at the top of the image), the same shape the
reader returns: ``cells`` is 8 rows of 8 card ids or None, ``checkers`` a tuple of
``(row, col, "light" | "dark")``. The board's size, those shapes and the canonical layout are
the runtime's (:mod:`vision.koper.layout`); this module adds the random layouts.

>>> cells, checkers = random_layout(seed=3)
>>> sum(c is not None for row in cells for c in row), len(checkers)
(52, 24)
"""

import numpy as np

from vision.cards.ids import CARD_IDS
from vision.koper.layout import BOARD_SIZE, Cells, Checker

EMPTY_SPACES = BOARD_SIZE * BOARD_SIZE - len(CARD_IDS)


def _spans_board(empty: set[tuple[int, int]]) -> bool:
    """True when every row and every column holds at least one card (the board's extent shows)."""
    rows_full = all(any((r, c) not in empty for c in range(BOARD_SIZE)) for r in range(BOARD_SIZE))
    cols_full = all(any((r, c) not in empty for r in range(BOARD_SIZE)) for c in range(BOARD_SIZE))
    return rows_full and cols_full


def edge_cells(edge: str) -> set[tuple[int, int]]:
    """The 8 cells of one edge line ("top", "bottom", "left", "right") of the board."""
    last = BOARD_SIZE - 1
    spots = {
        "top": lambda k: (0, k),
        "bottom": lambda k: (last, k),
        "left": lambda k: (k, 0),
        "right": lambda k: (k, last),
    }[edge]
    return {spots(k) for k in range(BOARD_SIZE)}


def random_layout(
    seed: int,
    *,
    light: int = 12,
    dark: int = 12,
    on_cards_only: bool = False,
    empty_edge: str | None = None,
) -> tuple[Cells, tuple[Checker, ...]]:
    """A shuffled board and ``light`` + ``dark`` checkers on distinct random cells.

    Whole empty edge lines are avoided (the rules then need the builder to say where the edge
    is, which a photo cannot show), except ``empty_edge``, which is made all empty spaces.

    >>> cells, _ = random_layout(seed=3, empty_edge="top")
    >>> cells[0] == (None,) * 8, sum(c is None for row in cells for c in row)
    (True, 12)
    """
    rng = np.random.default_rng(seed)
    cells_all = [(r, c) for r in range(BOARD_SIZE) for c in range(BOARD_SIZE)]
    edge = edge_cells(empty_edge) if empty_edge else set()
    rest = [rc for rc in cells_all if rc not in edge]
    while True:
        picks = rng.choice(len(rest), size=EMPTY_SPACES - len(edge), replace=False)
        empty = edge | {rest[i] for i in picks}
        if _spans_board(empty - edge):
            break
    order = rng.permutation(len(CARD_IDS))
    ids = iter(CARD_IDS[i] for i in order)
    cells = tuple(
        tuple(None if (r, c) in empty else next(ids) for c in range(BOARD_SIZE))
        for r in range(BOARD_SIZE)
    )
    spots = [rc for rc in cells_all if not (on_cards_only and rc in empty)]
    chosen = rng.choice(len(spots), size=light + dark, replace=False)
    checkers = tuple(
        (spots[i][0], spots[i][1], "light" if k < light else "dark") for k, i in enumerate(chosen)
    )
    return cells, tuple(sorted(checkers))
