"""Checkers on the rectified board: circles of the expected size, then light versus dark.

Circles are found with OpenCV's HOUGH_GRADIENT_ALT (radius bounded by the card size), kept only
when their inside is one colour (card art is not), and one per cell; a second, looser pass finds
low-contrast checkers (dark on a dark table) but demands a one-coloured inside.

Their colour is judged relative to each other: each checker's brightness is divided by the local
white level (cards' white margins, fitted as a smooth surface over the board, so vignetting and a
light gradient cancel), then the values are split in two by the largest drop in within-group
variance.
Only when the spread is too small for two sets does a fixed level decide.
"""

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.koper.board_finder import BOARD_CELLS, checker_circles
from vision.koper.card_locator import CardLayout, RectifiedBoard
from vision.koper.config import KoperReadConfig


@dataclass(frozen=True)
class Checker:
    """One checker: its cell, its centre and radius in rectified pixels, relative brightness
    and colour ("light" or "dark")."""

    row: int
    col: int
    centre: tuple[float, float]
    radius: float
    brightness: float
    color: str


def detect_circles(rect: RectifiedBoard, config: KoperReadConfig) -> list[tuple[float, ...]]:
    """Candidate checker circles (x, y, r) in rectified pixels, at most one per cell.

    Each pass of ``checker_passes`` searches the board with the cells already holding a circle
    flattened to their mean grey: the search's time goes with the edges it sees.
    """
    cw, ch = rect.cell
    short = min(cw, ch) * 0.94
    grey = cv2.cvtColor(rect.image, cv2.COLOR_BGR2GRAY)
    grey = cv2.GaussianBlur(grey, (0, 0), config.checker_blur)
    lab = cv2.cvtColor(rect.image, cv2.COLOR_BGR2LAB)
    best: dict[tuple[int, int], tuple[float, ...]] = {}
    for quality, max_outliers in config.checker_passes:
        for row, col in best:  # later passes look only where earlier ones found nothing
            (x0, y0), (x1, y1) = rect.origin(row, col), rect.origin(row + 1, col + 1)
            x0, y0, x1, y1 = round(x0), round(y0), round(x1), round(y1)
            grey[y0:y1, x0:x1] = int(cv2.mean(grey[y0:y1, x0:x1])[0])
        for x, y, r in checker_circles(grey, short, quality, config):
            cell = rect.cell_at(x, y)
            if not (0 <= cell[0] < BOARD_CELLS and 0 <= cell[1] < BOARD_CELLS) or cell in best:
                continue  # HoughCircles returns the strongest circles first
            if _uniform_share(lab, x, y, r, config) >= 1.0 - max_outliers:
                best[cell] = (float(x), float(y), float(r))
    return list(best.values())


def _disc(image: np.ndarray, x: float, y: float, radius: float) -> np.ndarray:
    """The pixels of ``image`` inside the disc of ``radius`` (at least 1) about (x, y)."""
    rad = max(1, round(radius))
    x0, y0 = max(0, round(x) - rad), max(0, round(y) - rad)
    roi = image[y0 : round(y) + rad + 1, x0 : round(x) + rad + 1]
    mask = np.zeros(roi.shape[:2], np.uint8)
    cv2.circle(mask, (round(x) - x0, round(y) - y0), rad, 255, -1)
    return roi[mask > 0]


def _uniform_share(lab: np.ndarray, x: float, y: float, r: float, config) -> float:
    """Share of the disc (85 % of the radius) that is the disc's own colour: within
    ``checker_lightness_tolerance`` in L and ``checker_colour_tolerance`` in a and b of the
    median. A checker's top is one colour (a highlight or a groove only change its lightness);
    card art inside a circle-like outline is not."""
    pixels = _disc(lab, x, y, 0.85 * r).astype(np.int16)
    if pixels.size == 0:
        return 0.0
    diff = np.abs(pixels - np.median(pixels, axis=0))
    same = (diff[:, 0] <= config.checker_lightness_tolerance) & (
        diff[:, 1:].max(axis=1) <= config.checker_colour_tolerance
    )
    return float(same.mean())


def white_surface(rect: RectifiedBoard, layout: CardLayout) -> np.ndarray:
    """Coefficients of a quadratic surface through the cards' white levels (V channel, 90th
    percentile of each card), fitted in cell units: white(x, y) = [1, x, y, x², xy, y²] @ c."""
    v = _value(rect.image)
    rows, vals = [], []
    for (r, c), quad in layout.quads.items():
        x0, y0 = quad.min(axis=0).astype(int)
        x1, y1 = quad.max(axis=0).astype(int)
        patch = v[max(0, y0) : y1, max(0, x0) : x1]
        if patch.size:
            rows.append(_terms((c + 0.5), (r + 0.5)))
            vals.append(float(np.percentile(patch, 90)))
    if len(vals) < 6:
        return np.array([float(np.max(v)), 0, 0, 0, 0, 0])
    coef, *_ = np.linalg.lstsq(np.array(rows), np.array(vals), rcond=None)
    return coef


def _value(image: np.ndarray) -> np.ndarray:
    """HSV value (the brightest of B, G, R) of a BGR image."""
    b, g, r = cv2.split(image)
    return cv2.max(cv2.max(b, g), r)


def _terms(x: float, y: float) -> np.ndarray:
    return np.array([1.0, x, y, x * x, x * y, y * y])


def _split(values: np.ndarray, config: KoperReadConfig) -> np.ndarray:
    """True for light: the 1-D two-group split with the least within-group variance."""
    if values.size == 0:
        return np.zeros(0, bool)
    if values.max() - values.min() < config.checker_min_split:
        return values >= config.checker_light_level
    order = np.sort(values)
    best, cut = np.inf, order[0]
    for k in range(1, order.size):
        lo, hi = order[:k], order[k:]
        score = lo.var() * lo.size + hi.var() * hi.size
        if score < best:
            best, cut = score, 0.5 * (order[k - 1] + order[k])
    return values > cut


def find_checkers(
    rect: RectifiedBoard, layout: CardLayout, circles, config: KoperReadConfig
) -> list[Checker]:
    """The checkers of ``circles`` (from :func:`detect_circles`) with their cell and light/dark
    colour."""
    if not circles:
        return []
    v = _value(rect.image)
    coef = white_surface(rect, layout)
    cw, ch = rect.cell
    levels = []
    for x, y, r in circles:
        inner = float(np.median(_disc(v, x, y, 0.6 * r)))
        white = float(_terms((x - rect.margin) / cw, (y - rect.margin) / ch) @ coef)
        levels.append(inner / max(white, 1.0))
    return recolour(
        [
            Checker(*rect.cell_at(x, y), (x, y), r, lev, "")
            for (x, y, r), lev in zip(circles, levels, strict=True)
        ],
        config,
    )


def recolour(checkers: list[Checker], config: KoperReadConfig) -> list[Checker]:
    """``checkers`` with their colours split afresh among themselves by relative brightness
    (after some circles were found to be something else)."""
    light = _split(np.array([ck.brightness for ck in checkers]), config)
    return [
        replace(ck, color="light" if is_light else "dark")
        for ck, is_light in zip(checkers, light, strict=True)
    ]
