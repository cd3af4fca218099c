"""The table's sliding friction, measured from the coins seen slide to a stop.

Friction slows a sliding coin at one rate, ``a``, whatever its speed (dry friction: the cloth's
grip times gravity), so ``d`` mm short of where it stops, a coin is ``sqrt(2 d / a)`` s from
stopping: ``sqrt(d)`` falls in a straight line with time, at ``sqrt(a / 2)`` per second, until it
reaches 0 when the coin stops. The rate is the table's (its cloth, the coins' faces), not the
flick's: it is read from each slide seen to its end and the median of them all taken, and
until ``_SLIDES`` slides have been read the middle of the configured range stands
(:attr:`MotionConfig.decel_mid_mm_s2`). It times the slides nobody saw: a coin that slid out
from under a hand set off as long before it showed as friction takes to slow it to the speed it
showed.

Only the slide's last straight run says anything (a tower or a coin turned it before): the
readings are taken back from the stop while each lies on the line through the later ones
within what a reading strays (``sure_sds`` position spreads, a pixel at least: a sliding
coin's outline is read to a pixel), and the fit must run at least a coin's width and leave no
reading farther off that line in time than that either. A head-on strike that stops the
striker dead bends the line of ``sqrt(d)`` and is left out so.

>>> from vision.croquet.motion.config import MotionConfig
>>> fr = Friction(MotionConfig(fps=120.0))
>>> a = 4000.0
>>> for k in range(40):  # a coin stopping at x = 300 mm at t = 1 s, seen at 120 fps
...     tau = 1.0 - k / 120
...     fr.seen("c", k / 120, np.array([300.0 - a * tau * tau / 2, 50.0]))
>>> round(fr.measure("c", np.array([300.0, 50.0])))
4000
"""

from __future__ import annotations

import math
import statistics

import numpy as np

from vision.croquet.motion.config import MotionConfig

#: Slides read before the table's rate is taken from them rather than the configured middle.
_SLIDES = 3
#: Readings at least in a slide's last straight run for its rate to be read.
_READINGS = 5


class Friction:
    """Each sliding coin's readings since it last set off, and the rates read from the
    slides seen to their stop (see the module doc)."""

    def __init__(self, config: MotionConfig) -> None:
        self.cfg = config
        self._readings: dict[str, list[tuple[float, np.ndarray]]] = {}
        self.rates: list[float] = []

    @property
    def decel(self) -> float:
        """The table's rate (mm/s^2): the median of the slides read, within the configured
        range, or its middle until ``_SLIDES`` have been read."""
        if len(self.rates) < _SLIDES:
            return self.cfg.decel_mid_mm_s2
        rate = statistics.median(self.rates)
        return min(max(rate, self.cfg.decel_min_mm_s2), self.cfg.decel_max_mm_s2)

    def seen(self, coin: str, t: float, at: np.ndarray) -> None:
        """``coin`` read sliding at ``at`` at ``t``."""
        self._readings.setdefault(coin, []).append((t, np.asarray(at, float)))

    def forget(self, coin: str) -> None:
        """``coin``'s readings say nothing of one slide (it set off again, went out of sight
        or its name changed)."""
        self._readings.pop(coin, None)

    def stopped(self, coin: str, at: np.ndarray) -> None:
        """``coin`` came to rest at ``at``: read its slide's rate, if it shows one."""
        rate = self.measure(coin, at)
        if rate is not None:
            self.rates.append(rate)

    def measure(self, coin: str, at: np.ndarray) -> float | None:
        """The rate ``coin``'s last straight run of readings shows, ending at ``at`` (see
        the module doc), or None if it shows none; its readings are forgotten."""
        readings = self._readings.pop(coin, [])
        stop = np.asarray(at, float)
        strays = max(self.cfg.sure_sds * self.cfg.position_sd_mm, self.cfg.pixel_mm)
        run: list[tuple[float, np.ndarray]] = []
        for t, p in reversed(readings):
            d = float(np.hypot(*(p - stop)))
            if d <= strays:
                continue
            if run and not _on_line(stop, run[-1][1], p, strays):
                break
            run.append((t, p))
        if len(run) < _READINGS:
            return None
        ts = np.array([t for t, _ in run])
        ds = np.array([float(np.hypot(*(p - stop))) for _, p in run])
        if float(ds.max() - ds.min()) < self.cfg.coin_mm:
            return None
        # sqrt(d) = k (t_stop - t), each reading weighted by d: sqrt(d) strays by
        # strays / (2 sqrt(d)).
        root = np.sqrt(ds)
        slope, intercept = np.polyfit(ts, root, 1, w=np.sqrt(ds))
        k = -float(slope)
        if k <= 0:
            return None
        off = np.abs(root - (slope * ts + intercept)) * 2 * root
        if float(off.max()) > strays:
            return None
        return 2 * k * k


def _on_line(stop: np.ndarray, later: np.ndarray, p: np.ndarray, strays: float) -> bool:
    """Whether ``p`` lies on the line from ``stop`` through the ``later`` reading, beyond it,
    within ``strays`` mm across (the last run of a slide heads straight to its stop)."""
    way = later - stop
    n = math.hypot(*way)
    if n == 0:
        return True
    u = way / n
    rel = p - stop
    across = abs(float(rel[0] * u[1] - rel[1] * u[0]))
    return float(rel @ u) >= n - strays and across <= strays * (1 + float(rel @ u) / n)
