"""The players' word on cards the camera read unsure, taken into the same one-of-each assignment.

A board holds each of the 52 cards once, so a card the players name for one cell is not free for
any other: the cell that held it must take another, and that one's old card goes elsewhere. The
reader's own costs (:attr:`~vision.koper.reader.BoardReading.card_costs`) decide where, exactly
as they decided the first reading: the assignment is solved again with every card the players
named pinned to its cell (:func:`corrected`). Which cards to offer for a cell comes from the
same costs: the cheapest whole assignments that give the cell each other card
(:func:`likely_cards`).

>>> import numpy as np
>>> from vision.koper.reader import BoardReading
>>> costs = np.array([[0.1, 0.2, 0.9], [0.15, 0.3, 0.9], [0.9, 0.9, 0.1]])
>>> cells = ((("AS", "2S", "3S"),) + ((None,) * 3,) * 7)
>>> r = BoardReading(cells, (), ((0.0,) * 3,) * 8, (), "test", True,
...                  card_cells=((0, 0), (0, 1), (0, 2)), card_ids=("AS", "2S", "3S"),
...                  card_costs=costs)
>>> likely_cards(r, (0, 1), 2)
['2S', 'AS']
>>> corrected(r, {(0, 1): "AS"}).cells[0][:3]
('2S', 'AS', '3S')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import numpy as np
from scipy.optimize import linear_sum_assignment

from vision.errors import VisionError
from vision.koper.config import KoperReadConfig
from vision.koper.matching import assign
from vision.koper.reader import BoardReading, card_confidences

Square = tuple[int, int]

#: A card read less sure than this is put to the players before the game goes on with it; the
#: bench counts the wrong cards read at least this sure (``sure_wrong``), which must be none.
ASK_BELOW = 0.9


def _costs(reading: BoardReading) -> np.ndarray:
    if reading.card_costs is None:
        raise VisionError("this reading kept no costs: read the board again")
    return reading.card_costs


def likely_cards(reading: BoardReading, cell: Square, count: int = 6) -> list[str]:
    """The ``count`` cards most likely at ``cell`` (a cell holding a card), the card read
    first: each other card ranked by the cost of the cheapest whole assignment that puts it
    there (a card another cell holds firmly is unlikely, however like it the cell looks)."""
    costs = _costs(reading)
    row = reading.card_cells.index(cell)
    read = reading.cells[cell[0]][cell[1]]
    forbidden = float(np.abs(costs).sum()) + 1.0
    totals = []
    for card, cid in enumerate(reading.card_ids):
        if cid == read:
            continue
        trial = costs.copy()
        trial[row, :] = forbidden
        trial[row, card] = costs[row, card]
        r, c = linear_sum_assignment(trial)
        totals.append((float(trial[r, c].sum()), cid))
    first = [read] if read is not None else []
    return [*first, *(cid for _, cid in sorted(totals)[: max(0, count - len(first))])]


def corrected(
    reading: BoardReading, named: Mapping[Square, str], config: KoperReadConfig | None = None
) -> BoardReading:
    """``reading`` with the cards the players ``named`` (cell -> card id) pinned where they said and
    every other card cell assigned again; the named cells are sure (confidence 1), the others as
    sure as their margins in the new assignment (as in the first reading). Raises ValueError for a
    cell that holds no card, an unknown card, or one card named for two cells."""
    cfg = config or KoperReadConfig()
    costs = _costs(reading).copy()
    if len(set(named.values())) != len(named):
        raise ValueError("each card is on the board once: one card was named for two cells")
    forbidden = float(np.abs(costs).sum()) + 1.0
    for cell, card in named.items():
        if cell not in reading.card_cells:
            raise ValueError(f"no card lies at row {cell[0]}, column {cell[1]}")
        if card not in reading.card_ids:
            raise ValueError(f"{card!r} is not a card of the deck")
        row, col = reading.card_cells.index(cell), reading.card_ids.index(card)
        keep = costs[row, col]
        costs[row, :] = forbidden
        costs[:, col] = forbidden
        costs[row, col] = keep
    result = assign(costs, cfg)
    sure = card_confidences(costs, result.cards, cfg)
    grid = [list(row) for row in reading.cells]
    conf = [list(row) for row in reading.confidences]
    for i, (r, c) in enumerate(reading.card_cells):
        if result.cards[i] >= 0:
            grid[r][c] = reading.card_ids[result.cards[i]]
            conf[r][c] = 1.0 if (r, c) in named else float(sure[i])
    return replace(
        reading,
        cells=tuple(tuple(row) for row in grid),
        confidences=tuple(tuple(row) for row in conf),
    )
