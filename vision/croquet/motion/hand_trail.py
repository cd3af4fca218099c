"""Where hands have been over the table lately: the coin tracker asks whether a hand came near
a point since some time (a coin comes out from under a hand, and is placed only by one).

A frame's hand points are kept in runs of :data:`_HAND_RUN` points with each run's bounding
box, so a search near a point measures point by point only the runs whose box comes near it.

>>> trail = HandTrail(keep_s=1.0)
>>> trail.follow([np.array([[0.0, 0.0], [10.0, 0.0]])], 0.5)
>>> trail.within(0.0, (10.0, 3.0), 5.0), trail.within(0.6, (10.0, 3.0), 5.0)
(True, False)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from engines.croquetnole.layout import Point

#: Hand points in each run whose box rules them out at once when the trail is searched near a
#: point (:meth:`HandTrail.within`): it sets how fast, never what is found.
_HAND_RUN = 32


@dataclass(frozen=True)
class _Runs:
    """Hand points in runs of ``_HAND_RUN`` (R x ``_HAND_RUN`` x 2, table mm), with each run's
    time (R) and the corners of its bounding box (R x 2 each)."""

    t: np.ndarray
    points: np.ndarray
    lo: np.ndarray
    hi: np.ndarray


def _runs(t: float, points: np.ndarray) -> _Runs:
    """One frame's hand points (N x 2) at ``t`` in runs of ``_HAND_RUN``, in their order: a
    hand's points run along its rows, so a run lies close together and its box is small. The
    last run is made up with its last point again, which leaves every nearest distance as it
    was.

    >>> r = _runs(0.5, np.array([[0.0, 0.0], [3.0, 1.0], [9.0, 2.0]]))
    >>> r.points.shape, r.lo.tolist(), r.hi.tolist()
    ((1, 32, 2), [[0.0, 0.0]], [[9.0, 2.0]])
    """
    n = -(-len(points) // _HAND_RUN) * _HAND_RUN
    padded = np.concatenate([points, np.repeat(points[-1:], n - len(points), axis=0)])
    runs = padded.reshape(-1, _HAND_RUN, 2)
    return _Runs(np.full(len(runs), t), runs, runs.min(axis=1), runs.max(axis=1))


class HandTrail:
    """The hands of the last ``keep_s`` seconds: when, and points spread over them."""

    def __init__(self, keep_s: float) -> None:
        self.keep_s = keep_s
        self._frames: deque[tuple[float, np.ndarray]] = deque()
        self._runs: deque[_Runs] = deque()
        #: The runs in one array each, made when first wanted after a frame.
        self._flat: _Runs | None = None

    def __iter__(self) -> Iterator[tuple[float, np.ndarray]]:
        """Each frame's time and hand points (N x 2, table mm), oldest first."""
        return iter(self._frames)

    def follow(self, hands: Sequence[np.ndarray], t: float) -> None:
        """Take the hands' points of the frame at ``t``; forget frames older than ``keep_s``."""
        if hands:
            points = np.vstack(hands)
            self._frames.append((t, points))
            self._runs.append(_runs(t, points))
        while self._frames and self._frames[0][0] < t - self.keep_s:
            self._frames.popleft()
            self._runs.popleft()
        self._flat = None

    def within(self, since: float, p: Point, reach: float) -> bool:
        """Whether a hand has come within ``reach`` (mm) of ``p`` since ``since``. Only the
        runs whose box comes within ``reach`` are measured point by point: no point of the
        others can lie nearer than their box."""
        if not self._runs:
            return False
        if self._flat is None:
            self._flat = _Runs(
                np.concatenate([r.t for r in self._runs]),
                np.concatenate([r.points for r in self._runs]),
                np.concatenate([r.lo for r in self._runs]),
                np.concatenate([r.hi for r in self._runs]),
            )
        runs = self._flat
        q = np.asarray(p, float)
        gap = np.maximum(np.maximum(runs.lo - q, q - runs.hi), 0.0)
        box = np.sqrt(gap[:, 0] * gap[:, 0] + gap[:, 1] * gap[:, 1])
        near = (runs.t >= since) & (box <= reach)
        if not near.any():
            return False
        d = runs.points[near].reshape(-1, 2) - q
        return float(np.sqrt((d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]).min())) <= reach
