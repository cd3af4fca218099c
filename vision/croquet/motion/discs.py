"""Coins as discs in a mask of changed pixels: how many, where their centres lie, whether a piece
of a region is as wide and as round as a coin.

A coin shows as its disc (and a rim pixel's blend with the table); a region of touching coins
splits at their tangents. These are the pixel-level readings :mod:`.sightings` makes of each
region: its pixels' spread, a k-means split seeded by the coins expected there, each centre
moved to the disc its pixels fill, how full a disc is, and a face's holes filled.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

#: Mean-shift steps at most when a coin's centre is read (:func:`disc_centres`).
_SHIFTS = 10


def least_variance(pts: np.ndarray) -> float:
    """The variance of points (N x 2) along the direction they spread least: the smaller
    eigenvalue of their 2 x 2 covariance, in closed form.

    >>> round(least_variance(np.array([[0.0, 0], [4, 0], [0, 2], [4, 2]])), 3)
    1.333
    """
    d = pts - pts.mean(axis=0)
    n = max(len(pts) - 1, 1)
    a, c = float(d[:, 0] @ d[:, 0]) / n, float(d[:, 1] @ d[:, 1]) / n
    b = float(d[:, 0] @ d[:, 1]) / n
    return max(0.0, (a + c) / 2 - math.hypot((a - c) / 2, b))


def nonzero(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows and columns of a 2-D uint8 mask's nonzero pixels in raster order, as
    :func:`numpy.nonzero` gives them: :func:`cv2.findNonZero` finds them several times faster.

    >>> m = np.zeros((3, 4), np.uint8); m[0, 2] = m[2, 1] = m[2, 3] = 1
    >>> [a.tolist() for a in nonzero(m)], [a.tolist() for a in np.nonzero(m)]
    ([[0, 2, 2], [2, 1, 3]], [[0, 2, 2], [2, 1, 3]])
    >>> [len(a) for a in nonzero(np.zeros((3, 4), np.uint8))]
    [0, 0]
    """
    at = cv2.findNonZero(mask)
    if at is None:
        none = np.zeros(0, np.intp)
        return none, none
    at = at.reshape(-1, 2)
    return at[:, 1], at[:, 0]


def disc_centres(
    pts: np.ndarray, starts: np.ndarray, radius: float, weights: np.ndarray | None = None
) -> np.ndarray:
    """The centres of the coin-sized discs that the changed pixels ``pts`` fill, found from
    ``starts`` (k x 2) by mean shift with a disc of the coin's ``radius``: each centre moves to
    the mean of the pixels within its disc that lie nearer it than any other centre, again and
    again. A coin's own pixels fill the disc; what clings to its region beyond its rim (a
    shade's fringe, a hand's edge, the painted-in ring round a set-up spot) no longer pulls its
    reading, as it pulls the region's centroid; and where two coins touch, the pixels are
    parted at the line halfway between their centres, which for two equal discs in contact is
    their common tangent, so neither's rim pulls the other's reading. With ``weights`` (each
    pixel's share of coin, :func:`coverage`), the means are weighted.

    >>> yy, xx = np.mgrid[-20:21, -20:41]
    >>> disc = (xx**2 + yy**2 <= 64) | ((xx > 8) & (xx < 30) & (abs(yy) < 2))
    >>> pts = np.column_stack([xx[disc], yy[disc]]).astype(float)
    >>> start = pts.mean(axis=0, keepdims=True)
    >>> start.round(1).tolist(), disc_centres(pts, start, 8.0).round(1).tolist()
    ([[4.6, 0.0]], [[0.0, 0.0]])
    >>> pair = (xx**2 + yy**2 <= 64) | ((xx - 16) ** 2 + yy**2 <= 64)
    >>> pts = np.column_stack([xx[pair], yy[pair]]).astype(float)
    >>> disc_centres(pts, np.array([[2.0, 1.0], [14.0, -1.0]]), 9.0).round(1).tolist()
    [[0.0, 0.0], [16.0, 0.0]]
    """
    c = np.array(starts, float).reshape(-1, 2)
    p = np.asarray(pts, float)
    w = np.ones(len(p)) if weights is None else np.asarray(weights, float)
    rows = np.arange(len(p))
    px, py = p[:, :1], p[:, 1:]
    for _ in range(_SHIFTS):
        dx, dy = px - c[:, 0], py - c[:, 1]
        d2 = dx * dx + dy * dy
        own = d2.argmin(axis=1)
        share = np.zeros_like(d2)
        share[rows, own] = np.where(d2[rows, own] <= radius * radius, w, 0.0)
        total = share.sum(axis=0)
        new = c.copy()
        some = total > 0
        new[some] = (share.T @ p)[some] / total[some, None]
        done = float(((new - c) ** 2).sum(axis=1).max()) < 1e-4
        c = new
        if done:
            break
    return c


def holes_filled(mask: np.ndarray) -> np.ndarray:
    """``mask`` (0/1 uint8) closed, with every hole in it filled (what the patch's border
    cannot reach through unchanged pixels): a coin's face inked as dark as the table round it
    is still the coin's."""
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    outside = cv2.copyMakeBorder(closed, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    cv2.floodFill(outside, None, (0, 0), 2)
    return (outside[1:-1, 1:-1] != 2).astype(np.uint8)


def disc_filled(mask: np.ndarray, centre: np.ndarray, radius: float) -> float:
    """The share of the disc of ``radius`` (pixels) round ``centre`` (x, y) that ``mask``
    covers; the part of the disc beyond the mask's edges counts as uncovered.

    >>> m = np.zeros((20, 20), np.uint8); m[5:15, 5:15] = 1
    >>> round(disc_filled(m, np.array([9.5, 9.5]), 4.0), 2)
    1.0
    >>> round(disc_filled(m, np.array([5.0, 9.5]), 4.0), 2)
    0.59
    """
    dx, dy = _disc_offsets(radius)
    cx, cy = round(float(centre[0])), round(float(centre[1]))
    xs, ys = dx + cx, dy + cy
    h, w = mask.shape
    on = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    return float(np.count_nonzero(mask[ys[on], xs[on]])) / len(xs)


@lru_cache(maxsize=8)
def _disc_offsets(radius: float) -> tuple[np.ndarray, np.ndarray]:
    """The columns and rows, from its centre, of the pixels of a disc of ``radius``."""
    r = math.ceil(radius)
    yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
    inside = xx * xx + yy * yy <= radius * radius
    return xx[inside], yy[inside]


def coverage(mask: np.ndarray, largest: np.ndarray, flat: float) -> np.ndarray:
    """Each changed pixel's share of a coin (0 to 1, float32). A pixel on a coin's rim sees
    coin and table mixed in proportion to how much of it the coin covers, so its difference
    from the table grows with that share: it counts by how far its difference (``largest``)
    lies between the threshold ``flat`` and the coin's own, the median difference of the
    region's inner pixels (those whose eight neighbours all changed). Inner pixels count
    whole, an ink mark as faint as the table included: the rim decides where a coin is. Read
    so, a coin's centre moves smoothly with it, not by whole pixels as its outline's do.

    >>> m = np.zeros((5, 8), np.uint8); m[1:4, 1:6] = 1
    >>> d = np.where(m, 90, 0).astype(np.uint8); d[2, 5] = 50
    >>> coverage(m, d, 10.0)[2].round(2).tolist()
    [0.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.0, 0.0]
    """
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    inner = cv2.erode(closed, np.ones((3, 3), np.uint8), borderValue=0) > 0
    core = inner & (mask > 0)
    full = float(np.median(largest[core])) if core.any() else 0.0
    if full <= flat:
        return mask.astype(np.float32)
    share = np.clip((largest.astype(np.float32) - flat) / (full - flat), 0.0, 1.0)
    share[mask == 0] = 0.0
    share[inner] = 1.0
    return share


def split_region(
    pts: np.ndarray, k: int, coin_px: float, shown_at: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Split a region's pixels ``pts`` (N x 2, float32) into ``k`` coins by k-means, starting
    from the coins expected inside it (seen at ``shown_at``, N x 2, in the region's pixels)
    where there are as many, else from k-means++ seeds. The centres, and whether each is the
    nearest centre of any pixel."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
    lo, hi = pts.min(axis=0) - coin_px, pts.max(axis=0) + coin_px
    inside = shown_at[((shown_at >= lo) & (shown_at <= hi)).all(axis=1)]
    if len(inside) == k:
        seeds = inside.astype(np.float32)
        first = nearest_centre(pts, seeds)
        labels = first.astype(np.int32).reshape(-1, 1)
        _, _, centres = cv2.kmeans(pts, k, labels, criteria, 1, cv2.KMEANS_USE_INITIAL_LABELS)
    else:
        cv2.setRNGSeed(0)
        # k-means++ seeds its own labels: the ones given are not read.
        unused = np.zeros((len(pts), 1), np.int32)
        _, _, centres = cv2.kmeans(pts, k, unused, criteria, 3, cv2.KMEANS_PP_CENTERS)
    return centres, np.bincount(nearest_centre(pts, centres), minlength=k) > 0


def nearest_centre(pts: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """The index of the centre (K x 2) nearest each point (N x 2).

    >>> pts, centres = np.array([[0.0, 0.0], [5.0, 1.0]]), np.array([[4.0, 0.0], [0.0, 1.0]])
    >>> nearest_centre(pts, centres).tolist()
    [1, 0]
    """
    dx = pts[:, :1] - centres[:, 0]
    dy = pts[:, 1:] - centres[:, 1]
    return (dx * dx + dy * dy).argmin(axis=1)
