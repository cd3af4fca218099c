"""The runtime's Koper layout facts: the canonical layout for learning a deck."""

from vision.cards import CARD_IDS
from vision.koper.layout import BOARD_SIZE, CANONICAL_EMPTY, canonical_cells


def test_canonical_layout_is_in_sheet_order_around_a_centre_hole() -> None:
    cells = canonical_cells()
    assert len(cells) == BOARD_SIZE and all(len(row) == BOARD_SIZE for row in cells)
    ids = [c for row in cells for c in row if c is not None]
    assert ids == list(CARD_IDS)
    assert {(r, c) for r in range(8) for c in range(8) if cells[r][c] is None} == CANONICAL_EMPTY


def test_canonical_layout_spans_every_row_and_column() -> None:
    cells = canonical_cells()
    assert all(any(c is not None for c in row) for row in cells)
    assert all(any(cells[r][c] is not None for r in range(8)) for c in range(8))
