"""Find a Koper board from its cards: a white-card mask, the board's outer quadrilateral, and the
homography from board cell coordinates to the image.

Stages are plain functions over numpy arrays, each usable on a rendered frame:

- :func:`card_mask`: pixels that look like card faces (bright, low saturation);
- :func:`board_quad`: the outer edges of the union of cards, as four fitted lines;
- :func:`find_board`: both, plus orientation and the board-to-image homography.

Board coordinates are in cells: (0, 0) is the board's top-left corner as seen in the image and
(8, 8) its bottom-right; the cell (row r, col c) spans [c, c+1] x [r, r+1].
"""

from dataclasses import dataclass

import cv2
import numpy as np

from engines.koper.board import EDGES
from vision.errors import NoBoardFound
from vision.koper.config import KoperReadConfig

BOARD_CELLS = 8


@dataclass(frozen=True)
class BoardGeometry:
    """Where the board is in the working image.

    ``corners`` are top-left, top-right, bottom-right, bottom-left (working-image pixels);
    ``homography`` maps board cell coordinates to working-image pixels; ``landscape`` is True when
    cards lie with their long side along the rows (the board's long side across the image).
    """

    corners: np.ndarray
    homography: np.ndarray
    landscape: bool


def card_mask(image_bgr: np.ndarray, config: KoperReadConfig) -> np.ndarray:
    """Binary mask (uint8 0/255) of card-white pixels: unsaturated, and at least
    ``card_white_level`` times as bright as the brightest unsaturated pixels (their 95th
    percentile), so the split follows the exposure and survives a light gradient across the
    board. Wood and felt are saturated; a neutral table (slate) is much darker than card white."""
    hsv = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2HSV)
    top_sat = config.card_max_saturation - 1
    neutral = cv2.inRange(hsv, (0, 0, 0), (255, top_sat, 255))
    count = int(cv2.countNonZero(neutral))
    if count < 0.01 * neutral.size:
        return np.zeros(neutral.shape, np.uint8)
    hist = cv2.calcHist([hsv], [2], neutral, [256], [0, 256]).ravel()
    white_level = float(np.searchsorted(np.cumsum(hist), 0.95 * count))
    least = int(config.card_white_level * white_level) + 1  # brighter than the level
    return cv2.inRange(hsv, (0, 0, least), (255, top_sat, 255))


def _order_corners(pts: np.ndarray) -> np.ndarray:
    """Order four points top-left, top-right, bottom-right, bottom-left (image y down)."""
    centre = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates, starting near the left
    start = int(np.argmin(pts[:, 0] + pts[:, 1]))
    return np.roll(pts, -start, axis=0)


def _line_intersection(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Intersection of two lines given as (vx, vy, x0, y0)."""
    m = np.array([[a[0], -b[0]], [a[1], -b[1]]])
    rhs = np.array([b[2] - a[2], b[3] - a[3]])
    t = np.linalg.solve(m, rhs)[0]
    return np.array([a[2] + t * a[0], a[3] + t * a[1]])


def _fit_sides(contour: np.ndarray, quad: np.ndarray, tol: float) -> np.ndarray:
    """Refit each side of ``quad`` to the contour points within ``tol`` pixels of it, between
    its end corners; return the quadrilateral of the fitted lines' intersections."""
    lines = []
    for k in range(4):
        p, q = quad[k], quad[(k + 1) % 4]
        d = q - p
        length = float(np.linalg.norm(d))
        d = d / length
        rel = contour - p
        along = rel @ d
        across = np.abs(rel[:, 0] * d[1] - rel[:, 1] * d[0])
        sel = contour[(across < tol) & (along > 0.05 * length) & (along < 0.95 * length)]
        if len(sel) < 5:
            lines.append(np.array([d[0], d[1], p[0], p[1]]))
            continue
        lines.append(cv2.fitLine(sel.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel())
    return np.array([_line_intersection(lines[k - 1], lines[k]) for k in range(4)])


def board_quad(mask: np.ndarray, config: KoperReadConfig) -> np.ndarray:
    """The board's outer quadrilateral (ordered corners) from the card mask.

    Cards are joined into one blob (closing over the gaps), the largest blob is taken, and its
    sides are fitted as straight lines so that an empty corner cell does not cut the corner.
    """
    h, w = mask.shape
    k = max(3, round(w * config.join_fraction)) | 1
    joined = cv2.morphologyEx(
        mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    )
    contours, _ = cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        raise NoBoardFound("no board found: nothing card-like in the image")
    blob = max(contours, key=cv2.contourArea)
    if cv2.contourArea(blob) < config.min_board_fraction * h * w:
        raise NoBoardFound("no board found: no group of cards large enough")
    contour = blob.reshape(-1, 2).astype(np.float64)
    quad = _order_corners(cv2.boxPoints(cv2.minAreaRect(blob)).astype(np.float64))
    cell = min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])) / BOARD_CELLS
    for tol in (0.5 * cell, 0.25 * cell, 0.15 * cell):
        quad = _order_corners(_fit_sides(contour, quad, tol))
    return quad


def checker_circles(
    grey: np.ndarray,
    short: float,
    quality: float,
    config: KoperReadConfig,
    slack: float = 0.0,
    radius: tuple[float, float] | None = None,
) -> np.ndarray:
    """Checker-sized circles (x, y, r), strongest first, in a blurred grey image where a card's
    short side is ``short`` pixels: OpenCV's HOUGH_GRADIENT_ALT at circle perfectness
    ``quality``, radius within ``radius`` of the card (by default ``checker_radius``, the
    largest pieces), widened by ``slack`` each way."""
    lo, hi = config.checker_radius if radius is None else radius
    found = cv2.HoughCircles(
        grey,
        cv2.HOUGH_GRADIENT_ALT,
        dp=config.checker_hough_dp,
        minDist=0.8 * short,
        param1=config.checker_edge_threshold,
        param2=quality,
        minRadius=round(lo * short * (1 - slack)),
        maxRadius=round(hi * short * (1 + slack)),
    )
    return np.empty((0, 3)) if found is None else found.reshape(-1, 3)


def _mask_without_checkers(image_bgr: np.ndarray, mask: np.ndarray, config) -> np.ndarray:
    """The card mask with every checker-sized circle of the image painted out: light checkers
    standing beside the cards would otherwise bulge the card area's outline (above all along
    an empty edge line). The circles' size comes from the cards' (the mask's larger pieces)."""
    stats = cv2.connectedComponentsWithStats(mask, connectivity=8)[2][1:]
    sides = np.minimum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    boxes = stats[:, cv2.CC_STAT_WIDTH] * stats[:, cv2.CC_STAT_HEIGHT]
    short = float(np.median(sides[boxes >= np.percentile(boxes, 75)]))
    grey = cv2.GaussianBlur(
        cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY), (0, 0), config.checker_blur
    )
    cleared = mask.copy()
    for x, y, r in checker_circles(grey, short, min(config.checker_passes)[0], config, slack=0.15):
        cv2.circle(
            cleared, (round(x), round(y)), round(r * (1 + config.checker_mask_margin)), 0, -1
        )
    return cleared


def find_board(
    image_bgr: np.ndarray, config: KoperReadConfig, empty_edge: str | None = None
) -> tuple[BoardGeometry, np.ndarray]:
    """Locate the board in the working image; returns its geometry and the card mask.

    The cards' outline spans the whole 8 x 8 grid, unless the builder declared ``empty_edge``
    (one of :data:`engines.koper.board.EDGES`, as the camera sees the board): then a whole edge
    line of the board is empty spaces (the rules let the builder say where the edge is), the
    cards span the other seven lines, and the outline is taken with the checkers painted out
    (on the empty line they would stand beside the cards and stretch it).
    """
    if empty_edge is not None and empty_edge not in EDGES:
        raise ValueError(f"empty_edge must be one of {', '.join(EDGES)}, not {empty_edge!r}")
    mask = card_mask(image_bgr, config)
    outline = mask if empty_edge is None else _mask_without_checkers(image_bgr, mask, config)
    quad = board_quad(outline, config)
    if cv2.contourArea(quad.astype(np.float32)) < config.min_board_fraction * mask.size:
        raise NoBoardFound("no board found: the card area is too small")
    gap = config.edge_gap
    x0, y0, x1, y1 = gap, gap, BOARD_CELLS - gap, BOARD_CELLS - gap
    x0 += empty_edge == "left"
    x1 -= empty_edge == "right"
    y0 += empty_edge == "top"
    y1 -= empty_edge == "bottom"
    spanned = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    hom = cv2.getPerspectiveTransform(spanned, quad.astype(np.float32))
    width = 0.5 * (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3]))
    height = 0.5 * (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1]))
    landscape = width / (x1 - x0) > height / (y1 - y0)  # the cells' own shape
    lo, hi = gap, BOARD_CELLS - gap
    grid = np.float64([[lo, lo], [hi, lo], [hi, hi], [lo, hi]]).reshape(-1, 1, 2)
    corners = cv2.perspectiveTransform(grid, hom.astype(np.float64)).reshape(-1, 2)
    return BoardGeometry(corners, hom, bool(landscape)), mask
