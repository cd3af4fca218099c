"""A simple checker finder beside the Koper reader's (:mod:`vision.koper.checkers`,
:mod:`vision.koper.pieces`): what a hobby project writes, kept to tell whether the real thing
earns its complexity.

The board is found and rectified as the reader does it; then OpenCV's classic circle search
(HOUGH_GRADIENT) looks over the rectified grey for circles of every size a piece may have (15 mm
coins to checkers that fill a card), the strongest circle of each cell is a checker, and the
checkers are split in two by Otsu's threshold on the median grey inside each: the brighter are
"light". No one-colour test, no colour, nothing learnt.

>>> from vision.sim.koper_board import render_board
>>> from vision.sim.koper_layout import random_layout
>>> cells, checkers = random_layout(4)
>>> shot = render_board(cells, checkers, "anglo", seed=4, size=(1536, 864))
>>> len(baseline_checkers(shot.image)) >= 20
True
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.koper.board_finder import BOARD_CELLS, find_board
from vision.koper.card_locator import rectify
from vision.koper.checkers import card_short
from vision.koper.config import KoperReadConfig


def baseline_checkers(
    image: np.ndarray, config: KoperReadConfig | None = None
) -> tuple[tuple[int, int, str], ...]:
    """The checkers (row, col, "light" | "dark") the simple finder reads in a BGR still."""
    cfg = config or KoperReadConfig()
    h, w = image.shape[:2]
    factor = max(1, w // cfg.work_width)
    work = cv2.resize(image, (w // factor, h // factor), interpolation=cv2.INTER_AREA)
    geometry, _ = find_board(work, cfg, None)
    rect = rectify(work, geometry, cfg)
    grey = cv2.medianBlur(cv2.cvtColor(rect.image, cv2.COLOR_BGR2GRAY), 5)
    short = card_short(rect)
    found = cv2.HoughCircles(
        grey,
        cv2.HOUGH_GRADIENT,
        dp=1.2,
        minDist=0.8 * short,
        param1=100,
        param2=30,
        minRadius=round(cfg.checker_radius_small[0] * short),
        maxRadius=round(cfg.checker_radius[1] * short),
    )
    cells: dict[tuple[int, int], float] = {}
    for x, y, r in [] if found is None else found.reshape(-1, 3):
        cell = rect.cell_at(float(x), float(y))
        if not (0 <= cell[0] < BOARD_CELLS and 0 <= cell[1] < BOARD_CELLS) or cell in cells:
            continue
        mask = np.zeros(grey.shape, np.uint8)
        cv2.circle(mask, (round(float(x)), round(float(y))), max(1, round(0.6 * r)), 255, -1)
        cells[cell] = float(np.median(grey[mask > 0]))
    if not cells:
        return ()
    levels = np.array(list(cells.values()), np.uint8).reshape(-1, 1)
    cut, _ = cv2.threshold(levels, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return tuple(sorted((r, c, "light" if v > cut else "dark") for (r, c), v in cells.items()))
