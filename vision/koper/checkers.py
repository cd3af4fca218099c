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

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
from scipy.special import ndtr

from vision.koper.board_finder import BOARD_CELLS, checker_circles
from vision.koper.card_locator import CardLayout, RectifiedBoard
from vision.koper.config import KoperReadConfig

#: Look differences below this (brightness in hundredths of the local white, Lab units) are
#: within what light across one board and a piece's own sheen vary: the least spread a set's look
#: is given.
LOOK_NOISE = 3.0


@dataclass(frozen=True)
class Checker:
    """One checker: its cell, its centre and radius in rectified pixels, relative brightness,
    colour ("light" or "dark"), its look in Lab (L, and a and b about grey), its radius as a
    fraction of the card's short side (``size``: the same whatever the camera) and the chance
    that its colour is right (``confidence``)."""

    row: int
    col: int
    centre: tuple[float, float]
    radius: float
    brightness: float
    color: str
    lab: tuple[float, float, float] = (0.0, 0.0, 0.0)
    size: float = 0.0
    confidence: float = 1.0


def look_of(ck: Checker) -> np.ndarray:
    """A piece's look, which the light falling on it does not change: its brightness in
    hundredths of the local white, and its colour as Lab a and b in hundredths of its Lab L (a
    and b grow with the light as L does: a red piece in a bright corner reads redder in Lab,
    not in this ratio).

    >>> look_of(Checker(0, 0, (0.0, 0.0), 9.0, 0.8, "", (128.0, 32.0, -16.0))).tolist()
    [80.0, 25.0, -12.5]
    """
    lightness = max(ck.lab[0], 1.0)
    return np.array(
        [100.0 * ck.brightness, 100.0 * ck.lab[1] / lightness, 100.0 * ck.lab[2] / lightness]
    )


def card_short(rect: RectifiedBoard) -> float:
    """A card's short side in rectified pixels: the cell's, less the gaps between cards."""
    cw, ch = rect.cell
    return min(cw, ch) * 0.94


def detect_circles(
    rect: RectifiedBoard,
    config: KoperReadConfig,
    radii: Sequence[tuple[float, float]] | None = None,
    known_looks: bool = False,
) -> list[tuple[float, ...]]:
    """Candidate checker circles (x, y, r) in rectified pixels, at most one per cell.

    Each pass of ``checker_passes`` searches the board with the cells already holding a circle
    flattened to their mean grey (the search's time goes with the edges it sees), over each
    range of ``radii`` in turn (fractions of the card's short side). By default, large pieces
    first and then small ones (``checker_radius``, ``checker_radius_small``): a piece's outline
    is its largest circle, and the rings inside a large one are smaller circles. The search
    looks at the board's grey first, then at its colourfulness (Lab chroma, scaled by
    ``checker_chroma_gain``): a red chip on a brown table is as dark as the table, and only its
    colour sets it apart. Colour is searched over all sizes at once: a piece's colour edge is
    its outline alone (a groove or a relief changes its brightness, not its hue).

    A circle must be one colour inside (a share ``1 - max_outliers`` of it, per pass): that
    test stands in for knowing what a piece looks like. With the sets' looks learnt
    (``known_looks``: :mod:`vision.koper.pieces` then keeps only circles that look like a set),
    every pass allows the most outliers any does: a chip's edge spots or a coin's relief.
    """
    short = card_short(rect)
    ranges = (config.checker_radius, config.checker_radius_small) if radii is None else radii
    whole = (min(lo for lo, _ in ranges), max(hi for _, hi in ranges))
    lab = cv2.cvtColor(rect.image, cv2.COLOR_BGR2LAB)
    a, b = (lab[..., k].astype(np.float32) - 128.0 for k in (1, 2))
    chroma = np.clip(config.checker_chroma_gain * cv2.magnitude(a, b), 0, 255).astype(np.uint8)
    grey, chroma = (
        cv2.GaussianBlur(im, (0, 0), config.checker_blur)
        for im in (cv2.cvtColor(rect.image, cv2.COLOR_BGR2GRAY), chroma)
    )
    searches = [(grey, ranges), (chroma, [whole])]
    best: dict[tuple[int, int], tuple[float, ...]] = {}
    loosest = max(outliers for _, outliers in config.checker_passes)
    passes = [
        (image, radius, quality, loosest if known_looks else most)
        for image, ranges_here in searches
        for radius in ranges_here
        for quality, most in config.checker_passes
    ]
    for image, radius, quality, max_outliers in passes:
        for row, col in best:  # later passes look only where earlier ones found nothing
            (x0, y0), (x1, y1) = rect.origin(row, col), rect.origin(row + 1, col + 1)
            x0, y0, x1, y1 = round(x0), round(y0), round(x1), round(y1)
            image[y0:y1, x0:x1] = int(cv2.mean(image[y0:y1, x0:x1])[0])
        for x, y, r in checker_circles(image, short, quality, config, radius=radius):
            cell = rect.cell_at(x, y)
            if not (0 <= cell[0] < BOARD_CELLS and 0 <= cell[1] < BOARD_CELLS) or cell in best:
                continue  # HoughCircles returns the strongest circles first
            if _uniform_share(lab, x, y, r, config) >= 1.0 - max_outliers:
                best[cell] = (float(x), float(y), float(r))
    circles = list(best.values())
    return circles if known_looks else in_sets(circles, config.piece_size_share)


def in_sets(
    circles: list[tuple[float, ...]], share: float, least: int = 4
) -> list[tuple[float, ...]]:
    """The circles that have company of their size: pieces come in sets of one size (two for
    two denominations of coin), twelve to a set, while a round detail of a card's art that
    passes for a piece is of a size of its own. A circle is kept if at least ``least`` circles
    (itself among them) have a radius within ``share`` of its own; all are kept when there
    are fewer than ``least``.

    >>> pieces = [(0.0, 0.0, r) for r in (30.0, 31.0, 29.5, 30.5, 18.0)]
    >>> [c[2] for c in in_sets(pieces, 0.15)]
    [30.0, 31.0, 29.5, 30.5]
    """
    if len(circles) < least:
        return circles
    radii = np.array([c[2] for c in circles])
    near = np.abs(radii[:, None] - radii[None, :]) <= share * radii[:, None]
    return [c for c, n in zip(circles, near.sum(axis=1), strict=True) if n >= least]


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


def _split(checkers: list[Checker], config: KoperReadConfig) -> tuple[np.ndarray, np.ndarray]:
    """True for light, and the chance of each call: the two-group split of the checkers' looks
    (:func:`look_of`) along their
    first principal axis with the least within-group variance; the lighter group (Lab L: a
    brass coin has as bright a channel as a silver one, but is darker to the eye) is light.
    Looks spread less than ``checker_min_split`` of the white along that axis are one set: a
    fixed brightness decides, unsurely (0.5). Each call's chance is that of a look spread by
    the groups' pooled spread (:data:`LOOK_NOISE` at least) lying on its group's side of the
    point half-way between the groups.

    >>> looks = [(200, 0, 2), (198, 1, 3), (175, 5, 30), (173, 4, 31)]
    >>> ck = [Checker(0, k, (0.0, 0.0), 9.0, 0.8, "", lab) for k, lab in enumerate(looks)]
    >>> light, sure = _split(ck, KoperReadConfig())  # brass and silver: as bright, other hues
    >>> light.tolist(), [round(float(p), 2) for p in sure]
    ([True, True, False, False], [1.0, 1.0, 1.0, 1.0])
    """
    if not checkers:
        return np.zeros(0, bool), np.zeros(0)
    bright = np.array([ck.brightness for ck in checkers])
    looks = np.array([look_of(ck) for ck in checkers])
    lightness = np.array([ck.lab[0] for ck in checkers])
    centred = looks - looks.mean(axis=0)
    axis = np.linalg.svd(centred, full_matrices=False)[2][0]
    values = centred @ axis
    if values.max() - values.min() < 100.0 * config.checker_min_split:
        return bright >= config.checker_light_level, np.full(len(checkers), 0.5)
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
    lo, hi = values[~high], values[high]
    middle = 0.5 * (lo.mean() + hi.mean())
    pooled = math.sqrt((lo.var() * lo.size + hi.var() * hi.size) / len(values))
    sure = ndtr(np.where(high, values - middle, middle - values) / max(pooled, LOOK_NOISE))
    light = high if lightness[high].mean() >= lightness[~high].mean() else ~high
    return light, sure


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
    short = card_short(rect)
    found = []
    for x, y, r in circles:
        inner = float(np.median(_disc(v, x, y, 0.6 * r)))
        white = float(_terms((x - rect.margin) / cw, (y - rect.margin) / ch) @ coef)
        big_l, a, b = np.median(_disc(lab, x, y, 0.6 * r), axis=0) - (0.0, 128.0, 128.0)
        look = (float(big_l), float(a), float(b))
        cell = rect.cell_at(x, y)
        found.append(Checker(*cell, (x, y), r, inner / max(white, 1.0), "", look, r / short))
    return recolour(found, config)


def recolour(checkers: list[Checker], config: KoperReadConfig) -> list[Checker]:
    """``checkers`` with their colours split afresh among themselves by their looks (after
    some circles were found to be something else)."""
    light, sure = _split(checkers, config)
    return [
        replace(ck, color="light" if is_light else "dark", confidence=float(p))
        for ck, is_light, p in zip(checkers, light, sure, strict=True)
    ]
