"""Draw a board reading on the image for the phone's snapshot view: the grid, each card's id,
checkers as rings (white for light, black for dark), uncertain cells outlined in red.

>>> import numpy as np
>>> from vision.koper.reader import BoardReading
>>> r = BoardReading(((None,) * 8,) * 8, ((0, 0, "light"),), ((1.0,) * 8,) * 8,
...                  ((10, 10), (90, 10), (90, 90), (10, 90)), "anglo", True)
>>> annotate(np.zeros((100, 100, 3), np.uint8), r).shape
(100, 100, 3)
"""

import cv2
import numpy as np

from vision.koper.board_finder import BOARD_CELLS
from vision.koper.reader import BoardReading

#: Cells whose confidence is below this are outlined in red.
LOW_CONFIDENCE = 0.3


def annotate(image: np.ndarray, reading: BoardReading) -> np.ndarray:
    """A copy of ``image`` with ``reading`` drawn on it."""
    out = image.copy()
    unit = np.float32([[0, 0], [BOARD_CELLS, 0], [BOARD_CELLS, BOARD_CELLS], [0, BOARD_CELLS]])
    hom = cv2.getPerspectiveTransform(unit, np.float32(reading.corners))

    def to_img(x: float, y: float) -> tuple[int, int]:
        p = cv2.perspectiveTransform(np.float32([[[x, y]]]), hom)[0, 0]
        return round(float(p[0])), round(float(p[1]))

    scale = max(1.0, out.shape[1] / 1536)
    thick = max(1, round(2 * scale))
    for k in range(BOARD_CELLS + 1):
        cv2.line(out, to_img(k, 0), to_img(k, BOARD_CELLS), (255, 200, 0), thick, cv2.LINE_AA)
        cv2.line(out, to_img(0, k), to_img(BOARD_CELLS, k), (255, 200, 0), thick, cv2.LINE_AA)
    cell_px = np.linalg.norm(np.subtract(to_img(1, 0), to_img(0, 0)))
    font = 0.012 * cell_px
    for r in range(BOARD_CELLS):
        for c in range(BOARD_CELLS):
            if reading.confidences[r][c] < LOW_CONFIDENCE:
                pts = np.array(
                    [
                        to_img(c + 0.06, r + 0.06),
                        to_img(c + 0.94, r + 0.06),
                        to_img(c + 0.94, r + 0.94),
                        to_img(c + 0.06, r + 0.94),
                    ]
                )
                cv2.polylines(out, [pts.reshape(-1, 1, 2)], True, (0, 0, 255), thick)
            card = reading.cells[r][c]
            if card is None:
                continue
            org = to_img(c + 0.12, r + 0.35)
            cv2.putText(
                out, card, org, cv2.FONT_HERSHEY_SIMPLEX, font, (0, 0, 0), 4 * thick, cv2.LINE_AA
            )
            cv2.putText(
                out, card, org, cv2.FONT_HERSHEY_SIMPLEX, font, (0, 255, 255), thick, cv2.LINE_AA
            )
    for r, c, colour in reading.checkers:
        centre = to_img(c + 0.5, r + 0.5)
        ring = (255, 255, 255) if colour == "light" else (0, 0, 0)
        cv2.circle(out, centre, round(0.3 * cell_px), (0, 200, 0), 3 * thick, cv2.LINE_AA)
        cv2.circle(out, centre, round(0.3 * cell_px), ring, thick, cv2.LINE_AA)
    return out
