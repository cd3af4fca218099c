"""Checkers on the rectified board: circles of the expected size, then light versus dark.

Circles are found with OpenCV's HOUGH_GRADIENT_ALT (radius bounded by the card size), kept only
when their inside is one colour (card art is not), and one per cell; a second, looser pass finds
low-contrast checkers (dark on a dark table) but demands a one-coloured inside.

Their colour is judged relative to each other, by the two sets' looks: each checker's look is
its brightness divided by the local white level (cards' white margins, fitted as a smooth
surface over the board, so vignetting and a light gradient cancel) and its colour (Lab a and b).
Two sets differ in brightness (light and dark checkers, chips) or in colour at much the same
brightness (a brass coin and a silver one), so the looks are split in two along the direction
they spread most (their first principal axis), where the within-group variance drops most; the
lighter group to the eye (Lab L) is "light". Only when the spread is too small for two sets does
a fixed level of brightness decide.
"""

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.koper.board_finder import BOARD_CELLS, checker_circles
from vision.koper.card_locator import CardLayout, RectifiedBoard
from vision.koper.config import KoperReadConfig


@dataclass(frozen=True)
class Checker:
    """One checker: its cell, its centre and radius in rectified pixels, relative brightness,
    colour ("light" or "dark") and its look in Lab (L, and a and b about grey)."""

    row: int
    col: int
    centre: tuple[float, float]
    radius: float
    brightness: float
    color: str
    lab: tuple[float, float, float] = (0.0, 0.0, 0.0)


def detect_circles(rect: RectifiedBoard, config: KoperReadConfig) -> list[tuple[float, ...]]:
    """Candidate checker circles (x, y, r) in rectified pixels, at most one per cell.

    Each pass of ``checker_passes`` searches the board with the cells already holding a circle
    flattened to their mean grey (the search's time goes with the edges it sees), for large
    pieces first and then small ones (``checker_radius``, ``checker_radius_small``): a piece's
    outline is its largest circle, and the rings inside a large one are smaller circles.
    """
    cw, ch = rect.cell
    short = min(cw, ch) * 0.94
    grey = cv2.cvtColor(rect.image, cv2.COLOR_BGR2GRAY)
    grey = cv2.GaussianBlur(grey, (0, 0), config.checker_blur)
    lab = cv2.cvtColor(rect.image, cv2.COLOR_BGR2LAB)
    best: dict[tuple[int, int], tuple[float, ...]] = {}
    passes = [
        (radius, quality, max_outliers)
        for radius in (config.checker_radius, config.checker_radius_small)
        for quality, max_outliers in config.checker_passes
    ]
    for radius, quality, max_outliers in passes:
        for row, col in best:  # later passes look only where earlier ones found nothing
            (x0, y0), (x1, y1) = rect.origin(row, col), rect.origin(row + 1, col + 1)
            x0, y0, x1, y1 = round(x0), round(y0), round(x1), round(y1)
            grey[y0:y1, x0:x1] = int(cv2.mean(grey[y0:y1, x0:x1])[0])
        for x, y, r in checker_circles(grey, short, quality, config, radius=radius):
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


def _split(checkers: list[Checker], config: KoperReadConfig) -> np.ndarray:
    """True for light: the two-group split of the checkers' looks (brightness, in hundredths
    of the local white, and Lab a and b, in Lab units) along their first principal axis with
    the least within-group variance; the lighter group (Lab L: a brass coin has as bright a
    channel as a silver one, but is darker to the eye) is light. Looks spread less than
    ``checker_min_split`` of the white along that axis are one set: a fixed brightness decides.

    >>> looks = [(200, 0, 2), (198, 1, 3), (175, 5, 30), (173, 4, 31)]
    >>> ck = [Checker(0, k, (0.0, 0.0), 9.0, 0.8, "", lab) for k, lab in enumerate(looks)]
    >>> _split(ck, KoperReadConfig()).tolist()  # brass and silver coins: as bright, other hues
    [True, True, False, False]
    """
    if not checkers:
        return np.zeros(0, bool)
    bright = np.array([ck.brightness for ck in checkers])
    looks = np.array([(100.0 * ck.brightness, *ck.lab[1:]) for ck in checkers])
    lightness = np.array([ck.lab[0] for ck in checkers])
    centred = looks - looks.mean(axis=0)
    axis = np.linalg.svd(centred, full_matrices=False)[2][0]
    values = centred @ axis
    if values.max() - values.min() < 100.0 * config.checker_min_split:
        return bright >= config.checker_light_level
    order = np.argsort(values)
    ranked = values[order]
    best, cut = np.inf, 1
    for k in range(1, ranked.size):
        lo, hi = ranked[:k], ranked[k:]
        score = lo.var() * lo.size + hi.var() * hi.size
        if score < best:
            best, cut = score, k
    high = np.zeros(len(checkers), bool)
    high[order[cut:]] = True
    return high if lightness[high].mean() >= lightness[~high].mean() else ~high


def find_checkers(
    rect: RectifiedBoard, layout: CardLayout, circles, config: KoperReadConfig
) -> list[Checker]:
    """The checkers of ``circles`` (from :func:`detect_circles`) with their cell and light/dark
    colour."""
    if not circles:
        return []
    v = _value(rect.image)
    lab = cv2.cvtColor(rect.image, cv2.COLOR_BGR2LAB)
    coef = white_surface(rect, layout)
    cw, ch = rect.cell
    found = []
    for x, y, r in circles:
        inner = float(np.median(_disc(v, x, y, 0.6 * r)))
        white = float(_terms((x - rect.margin) / cw, (y - rect.margin) / ch) @ coef)
        big_l, a, b = np.median(_disc(lab, x, y, 0.6 * r), axis=0) - (0.0, 128.0, 128.0)
        look = (float(big_l), float(a), float(b))
        found.append(Checker(*rect.cell_at(x, y), (x, y), r, inner / max(white, 1.0), "", look))
    return recolour(found, config)


def recolour(checkers: list[Checker], config: KoperReadConfig) -> list[Checker]:
    """``checkers`` with their colours split afresh among themselves by their looks (after
    some circles were found to be something else)."""
    light = _split(checkers, config)
    return [
        replace(ck, color="light" if is_light else "dark")
        for ck, is_light in zip(checkers, light, strict=True)
    ]
