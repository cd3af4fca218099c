"""Where a coin's readings say it slid from.

A coin set off slides straight from where it lay until it meets a tile or a coin (friction
slows it but never turns it). So its readings show whether it slides (:func:`sliding_on`), and
the line through them, run back, says where from: its spot (:func:`runs_from`), or a tile face
it bounced off (:func:`off_a_tile`) or a coin it struck (:func:`off_a_coin`) on the way. A
hand's fragment or shade read where no coin lies runs from none of them. The coin tracker
(:mod:`.tracks`) asks these of the readings of a coin coming out from under a hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engines.croquetnole.layout import Tile
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.hits import turned_at


def sliding_on(readings: Sequence[np.ndarray], cfg: MotionConfig, by_hand: bool = False) -> bool:
    """Whether a coin's readings, the last one now, show it sliding: its last two steps each
    longer than a still coin's readings move (``still_step_mm``) and the same way; or, clear
    of a hand, its last step longer than a misreading strays (half its radius). A sliding coin
    goes on the way it went; one noisy step of a still coin is not followed by another along
    it. Beside a hand, a fragment of the hand or its shade may jump as far as a coin slides,
    but it does not go on as a sliding coin does.

    >>> cfg = MotionConfig(position_sd_mm=0.15)
    >>> pts = [np.array(p) for p in ((0.0, 0.0), (1.0, 0.0), (2.0, 0.0))]
    >>> sliding_on(pts[:2], cfg), sliding_on(pts, cfg), sliding_on([*pts[:2], pts[0]], cfg)
    (False, True, False)
    >>> jump = [np.array(p) for p in ((0.0, 0.0), (8.0, 0.0))]
    >>> sliding_on(jump, cfg), sliding_on(jump, cfg, by_hand=True)
    (True, False)
    """
    if len(readings) < 2:
        return False
    last = readings[-1] - readings[-2]
    if not by_hand and float(np.hypot(*last)) > cfg.radius_mm / 2:
        return True
    if len(readings) < 3:
        return False
    before = readings[-2] - readings[-3]
    steps = min(float(np.hypot(*last)), float(np.hypot(*before)))
    return steps >= cfg.still_step_mm and float(last @ before) > 0


def runs_from(spot: np.ndarray, readings: Sequence[np.ndarray], cfg: MotionConfig) -> bool:
    """Whether a coin's last two ``readings`` run straight away from ``spot``, where it lay:
    a coin set off slides straight on from where it was touched (friction never turns it), so
    the line through its readings, run back, passes its spot, give or take what a hand may
    have nudged it unseen before the flick (half its radius, as far as a reading beside a
    hand strays) and what the readings' noise turns that line by, ``sure_sds`` spreads of
    it over the way back. A hand's fragment or shade read where no coin is does not lie on
    that line.

    >>> cfg = MotionConfig(position_sd_mm=0.25)
    >>> spot = np.array([0.0, 0.0])
    >>> on = [np.array([50.0, 0.0]), np.array([58.0, 0.0])]
    >>> aside = [np.array([50.0, 30.0]), np.array([52.0, 22.0])]
    >>> runs_from(spot, on, cfg), runs_from(spot, aside, cfg)
    (True, False)
    """
    a, b = readings[-2], readings[-1]
    step = b - a
    run = float(np.hypot(*step))
    back = b - spot
    if run == 0 or float(step @ back) <= 0:
        return False
    miss = abs(float(step[0] * back[1] - step[1] * back[0])) / run
    turn = cfg.sure_sds * math.sqrt(2) * cfg.position_sd_mm / run
    return miss <= cfg.radius_mm / 2 + turn * float(np.hypot(*back))


@dataclass(frozen=True)
class _RunBack:
    """The line through a coin's last two readings, run back from the last a millimetre a
    point as far as a hand's length: the way the coin went (a unit vector), the points
    (nearest first), how far back each lies, and how far the readings' noise may turn the
    line (radians: ``sure_sds`` spreads of two readings over the step between them)."""

    way: np.ndarray
    path: np.ndarray
    back: np.ndarray
    turn: float

    def first_met(
        self, spot: np.ndarray, met: Sequence[int], cfg: MotionConfig
    ) -> np.ndarray | None:
        """The nearest of the points ``met`` (indices on the path), if it lies within a
        hand's length of ``spot``; None if not."""
        if not met or float(np.hypot(*(self.path[min(met)] - spot))) > cfg.hand_mm:
            return None
        return self.path[min(met)]


def _run_back(run: Sequence[np.ndarray], cfg: MotionConfig) -> _RunBack | None:
    """The line through the last two of ``run`` run back (:class:`_RunBack`); None if they
    coincide."""
    a, b = run[-2], run[-1]
    n = float(np.hypot(*(b - a)))
    if n == 0:
        return None
    way = (b - a) / n
    back = np.arange(0.0, cfg.hand_mm, 1.0)
    turn = cfg.sure_sds * math.sqrt(2) * cfg.position_sd_mm / n
    return _RunBack(way, b - back[:, None] * way, back, turn)


def off_a_tile(
    spot: np.ndarray, run: Sequence[np.ndarray], tiles: Sequence[Tile], cfg: MotionConfig
) -> np.ndarray | None:
    """Where a coin whose last two readings ``run`` run straight away from a tile met it, if
    it could have come there from ``spot`` and bounced so (:func:`turned_at`): a coin flicked
    under a hand may meet a tile there unseen (it turns only where it meets a tile or a
    coin). The line through the readings is run back as far as a hand's length; it must come
    within touching distance of a tile (a radius, give or take what a reading beside a hand
    strays and what the readings' noise turns the line by, as in :func:`runs_from`), no
    farther than a hand's length from the spot. None if not.

    >>> from engines.croquetnole.layout import Tile
    >>> cfg = MotionConfig(position_sd_mm=0.25)
    >>> tile = Tile((0.0, 50.0))
    >>> bounced = [np.array([68.5, 50.4]), np.array([76.1, 47.9])]
    >>> off_a_tile(np.array([100.0, 80.0]), bounced, [tile], cfg).round().tolist()
    [34.0, 62.0]
    >>> off_a_tile(np.array([100.0, 20.0]), bounced, [tile], cfg) is None
    True
    """
    line = _run_back(run, cfg)
    if line is None:
        return None
    reach = cfg.radius_mm * 1.5 + line.turn * line.back
    met = [turned_at(t, line.way, line.path, spot, reach, line.turn, cfg) for t in tiles]
    return line.first_met(spot, [m[0] for m in met if m is not None], cfg)


def off_a_coin(
    spot: np.ndarray, run: Sequence[np.ndarray], others: Sequence[np.ndarray], cfg: MotionConfig
) -> np.ndarray | None:
    """Where a coin whose last two readings ``run`` run straight away from where it struck
    one of the coins lying at ``others`` struck it, if it could have come there from
    ``spot``: a coin flicked under a hand may strike another there unseen and turn. The line
    through the readings, run back as far as a hand's length, must come within a coin's width
    of the other's spot (centre to centre, give or take what a reading beside a hand strays
    and what the readings' noise turns the line by, as in :func:`runs_from`), at a point no
    farther than a hand's length from ``spot`` that the coin came to heading toward the
    other. A striker keeps the way it went across the line of centres and gives the other
    some of the rest: it leaves along the tangent or on toward the other's side, never back
    away from it (give or take the line's error). None if not.

    >>> cfg = MotionConfig(position_sd_mm=0.25)
    >>> struck = [np.array([100.0, 0.0])]
    >>> on = [np.array([120.0, 19.0]), np.array([128.0, 19.0])]
    >>> off_a_coin(np.array([0.0, 60.0]), on, struck, cfg).round().tolist()
    [100.0, 19.0]
    >>> off_a_coin(np.array([0.0, -60.0]), on, struck, cfg) is None
    True
    """
    line = _run_back(run, cfg)
    if line is None:
        return None
    reach = cfg.coin_mm + cfg.radius_mm / 2 + line.turn * line.back
    met = []
    for other in others:
        d = np.hypot(*(line.path - other).T)
        # Where the line passes the other nearest: a striker leaves along the tangent at
        # the contact, or turned a little toward the other's side, so the line passes it
        # there or just beyond.
        k = int(d.argmin())
        towards = (other - line.path[k]) / max(float(d[k]), 1e-9)
        came = line.path[k] - spot
        if d[k] <= reach[k] and float(came @ towards) > 0 and line.way @ towards >= -line.turn:
            met.append(k)
    return line.first_met(spot, met, cfg)
