"""What the coin tracker reports of each frame, and the geometry of the coins' paths.

A sliding coin's path in one frame is a :class:`Step`; a coin set off from rest, with its
cause, a :class:`Start`; and everything a frame shows the tracker, a :class:`Motion`
(:mod:`vision.croquet.motion.tracks`). The call modules (:mod:`.passes`, :mod:`.hits`,
:mod:`.strikes`, :mod:`.flicks`, :mod:`.rests`) read these alone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from engines.croquetnole.layout import Point


@dataclass(frozen=True)
class Step:
    """A sliding coin's path in one frame: from ``a`` (at ``t0``) to ``b`` (at ``t1``), and its
    velocity (mm/s) before it."""

    coin: str
    a: Point
    b: Point
    t0: float
    t1: float
    before: Point

    def chord(self, frame_s: float) -> bool:
        """Whether the step joins two readings with frames unseen between them (more than a
        frame and a half apart: out of hiding, or from a spot the coin left unseen): a chord
        across the way the coin took, not its path.

        >>> Step("a", (0.0, 0.0), (9.0, 0.0), 0.0, 0.05, (0.0, 0.0)).chord(1 / 120)
        True
        """
        return self.t1 - self.t0 > 1.5 * frame_s


@dataclass(frozen=True)
class Start:
    """A coin at rest set off at ``t`` from ``at``: by a hand (``by`` is None) or struck by
    the coin ``by``, whose path came ``margin_mm`` inside touching distance of it (for a hand,
    how far inside a finger's reach it was, or 0 when no hand was seen: only the coin's
    coming out from under one says it was flicked)."""

    coin: str
    t: float
    at: Point
    by: str | None
    margin_mm: float = 0.0


@dataclass(frozen=True)
class Motion:
    """The tracker's report on one frame (see the module doc); ``positions`` holds every coin
    on the table (a hidden coin where it was last known), ``moving`` the sliding coins, seen
    or not."""

    t: float
    positions: Mapping[str, Point]
    moving: frozenset[str]
    hidden: frozenset[str]
    steps: tuple[Step, ...] = ()
    starts: tuple[Start, ...] = ()
    #: Coins come to rest this frame, each with the time it stopped.
    stops: tuple[tuple[str, float], ...] = ()
    off: tuple[tuple[str, Point], ...] = ()
    placed: tuple[tuple[str, Point], ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()
    provisional: frozenset[str] = frozenset()
    guessed: tuple[tuple[str, float], ...] = ()
    #: Coins at rest read again a little off the spot where they lay (within a reading's reach
    #: of it, so not taken to have moved) and now taken to lie there: each with where it lay
    #: and where it lies.
    shifted: tuple[tuple[str, Point, Point], ...] = ()
    #: Coins at rest read off their spot (beyond a reading's stray) and not yet read still
    #: there: whether they moved is not known yet.
    settling: frozenset[str] = frozenset()
    #: Coins out from under a hand whose names were traded this frame (:mod:`.names`): each
    #: set off from the spot of the coin it turned out to be, not from the one it was taken
    #: for, so its start and its way so far (under its new name) are given again from there.
    restarts: tuple[tuple[Start, tuple[Step, ...]], ...] = ()


def pt(v: np.ndarray) -> Point:
    """A point of numpy's as a pair of floats."""
    return (float(v[0]), float(v[1]))


def nearest_on_segment(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> np.ndarray:
    """The point of the segment ``a``-``b`` nearest ``p``.

    >>> nearest_on_segment(np.array([0.0, 0]), np.array([10.0, 0]), np.array([-4.0, 1])).tolist()
    [0.0, 0.0]
    """
    d = b - a
    n = float(d @ d)
    u = 0.0 if n == 0 else min(1.0, max(0.0, float((p - a) @ d) / n))
    return a + u * d


def segment_distance(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> float:
    """How far ``p`` lies from the segment ``a``-``b``.

    >>> segment_distance(np.array([0.0, 0]), np.array([10.0, 0]), np.array([5.0, 3]))
    3.0
    """
    return float(np.hypot(*(nearest_on_segment(a, b, p) - p)))


def approach(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> float:
    """How near (mm) a coin moving from ``a`` to ``b`` came to ``p`` while heading toward it
    (infinite if it headed away from ``p`` from the start). A coin that lay against another
    and moves off it came no nearer: it did not strike it.

    >>> a, b = np.array([0.0, 0.0]), np.array([10.0, 0.0])
    >>> approach(a, b, np.array([5.0, 3.0])), approach(a, b, np.array([-18.0, 0.0]))
    (3.0, inf)
    """
    if float((p - a) @ (b - a)) <= 0:
        return math.inf
    return segment_distance(a, b, p)


def way_distance(way: Sequence[np.ndarray], p: np.ndarray) -> float:
    """How near (mm) a coin moving along the polyline ``way`` came to ``p`` while heading
    toward it (:func:`approach`).

    >>> way_distance([np.array([0.0, 0]), np.array([10.0, 0]), np.array([10.0, 10])],
    ...              np.array([12.0, 5]))
    2.0
    """
    if len(way) == 1:
        return float(np.hypot(*(way[0] - p)))
    return min(approach(a, b, p) for a, b in itertools.pairwise(way))


def slide_time(mm: float, speed: float, decel: float) -> float:
    """How long (s) a coin slowing at ``decel`` (mm/s^2) took to slide ``mm`` ending at
    ``speed`` (mm/s): ``mm = speed * t + decel * t^2 / 2``.

    >>> round(slide_time(150.0, 0.0, 3000.0), 3), round(slide_time(100.0, 1000.0, 0.0), 3)
    (0.316, 0.1)
    """
    if decel <= 0:
        return mm / speed if speed > 0 else 0.0
    return (-speed + math.sqrt(speed * speed + 2 * decel * mm)) / decel


def edge_crossing(a: np.ndarray, b: np.ndarray, table: Point) -> Point | None:
    """Where the path from ``a`` (on the table) to ``b`` first crosses the table's edge, or
    None if ``b`` is on the table.

    >>> edge_crossing(np.array([10.0, 50.0]), np.array([-10.0, 50.0]), (100.0, 100.0))
    (0.0, 50.0)
    """
    w, h = table
    if 0 <= b[0] <= w and 0 <= b[1] <= h:
        return None
    d = b - a
    u = 1.0
    for k, lim in ((0, w), (1, h)):
        if d[k] < 0 and b[k] < 0:
            u = min(u, float(-a[k] / d[k]))
        elif d[k] > 0 and b[k] > lim:
            u = min(u, float((lim - a[k]) / d[k]))
    return pt(a + max(0.0, u) * d)


@dataclass(frozen=True)
class Line:
    """A straight path fitted to a coin's readings (friction slows a sliding coin but does not
    turn it): through ``centre`` along the unit ``direction`` (the way the coin went), with the
    readings' spread ``sd`` across it, ``n`` readings, and the sum of their squared distances
    from the centre along it (``spread``), which says how far the line holds when extended."""

    centre: np.ndarray
    direction: np.ndarray
    sd: float
    n: int
    spread: float

    def at(self, u: float) -> np.ndarray:
        """The point ``u`` mm along the line from its centre."""
        return self.centre + u * self.direction

    def place(self, p: np.ndarray) -> tuple[float, float]:
        """Where ``p`` lies: how far along the line from its centre, and how far to its left."""
        d = np.asarray(p, float) - self.centre
        normal = np.array([-self.direction[1], self.direction[0]])
        return float(d @ self.direction), float(d @ normal)

    def sd_at(self, u: float, sd: float) -> float:
        """The error across the line at ``u`` mm along it, for readings spread by ``sd``
        across it: a straight fit's error grows as it is extended beyond its readings."""
        return sd * math.sqrt(1.0 / self.n + u * u / max(self.spread, 1e-9))


def fit_line(points: Sequence[np.ndarray]) -> Line:
    """The straight line through ``points`` (at least two, in the order the coin passed them)
    that lies nearest them all (principal axis).

    >>> line = fit_line([np.array([0.0, 0.0]), np.array([1.0, 1.0]), np.array([2.0, 0.0])])
    >>> line.direction.round(3).tolist(), round(line.place(np.array([1.0, -3.0]))[1], 3)
    ([1.0, 0.0], -3.333)
    """
    pts = np.asarray(points, float)
    centre = pts.mean(axis=0)
    _, _, axes = np.linalg.svd(pts - centre)
    direction = axes[0] if float((pts[-1] - pts[0]) @ axes[0]) >= 0 else -axes[0]
    along = (pts - centre) @ direction
    across = (pts - centre) @ np.array([-direction[1], direction[0]])
    dof = max(len(pts) - 2, 1)
    return Line(
        centre, direction, math.sqrt(float(across @ across) / dof), len(pts), float(along @ along)
    )
