"""The position noise of coin readings, measured on the table as play goes on.

The moves between two readings afresh of a coin lying still (whole, no hand beside it) say
how much a reading strays: each axis of a move spreads by sqrt(2) of one reading, so a move's
squared length is 2 var times a chi-square of two degrees of freedom (:func:`spread`). Coins
read by splitting a region of several touching coins are measured apart: where coins touch,
which pixel belongs to which is less sure, the more so in a compressed picture.
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np

#: Moves between readings of still coins kept to measure the position noise.
_JITTER_READINGS = 2000
#: The share of those moves whose size sets the position noise (:func:`spread`).
_JITTER_SHARE = 0.1


def spread(moves: deque[float], default: float) -> float:
    """A reading's variance per axis from squared moves between readings of still coins, or
    ``default`` until enough are in.

    A move's squared length is 2 var times a chi-square of two degrees of freedom, exceeded
    by a share q of moves at -2 ln q. Read at ``_JITTER_SHARE`` (one move in ten): far more
    often than a coin set off or misread moves, so those do not count, while a reading whose
    errors run heavier than a Gaussian's (a pixel's worth of outline gained or lost, a
    compression block) sets a spread its tail respects, which the median would not.

    >>> rng = np.random.default_rng(1)
    >>> moves = deque((rng.normal(0.0, 0.2 * math.sqrt(2), (2000, 2)) ** 2).sum(axis=1))
    >>> round(math.sqrt(spread(moves, 1.0)), 2)
    0.2
    """
    if len(moves) < _JITTER_READINGS // 10:
        return default
    level = float(np.quantile(np.fromiter(moves, float), 1 - _JITTER_SHARE))
    return level / (-4 * math.log(_JITTER_SHARE))


class PositionNoise:
    """Squared moves (mm^2) between readings afresh of still coins, whole and split apart
    (see the module doc)."""

    def __init__(self) -> None:
        self.whole: deque[float] = deque(maxlen=_JITTER_READINGS)
        self.split: deque[float] = deque(maxlen=_JITTER_READINGS)

    def add(self, moved: float, split: bool) -> None:
        """A still coin's reading moved by sqrt(``moved``) mm since its last reading afresh."""
        (self.split if split else self.whole).append(moved)

    def variance(self, default: float) -> float:
        """A whole coin's reading's variance per axis (mm^2), ``default`` until enough moves
        are in. Read from the largest tenth of the moves, it ignores the few moves of a coin
        set off or misread; a spot taken wrongly does not enter it (the spread about the spot
        would count it)."""
        return spread(self.whole, default)

    def split_variance(self, default: float) -> float:
        """A split coin's reading's variance, never less than a whole coin's."""
        whole = self.variance(default)
        return max(spread(self.split, whole), whole)
