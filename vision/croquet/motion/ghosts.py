"""A coin taken to lie where the bare table was only painted in, revised when it shows sliding.

Where a coin stood at set-up the bare table was only painted in (:func:`learn_table`). When the
coin leaves, the real table there differs from the guess and may read as a coin, as grey as a
grey coin on a grey tile: nothing in one reading tells the two apart. A coin hidden under a hand
and read again still, a few millimetres off such a spot, is taken to have slid there unseen, but
while a hand is over the table (``settle_s`` at most) that stays in doubt. If meanwhile readings
that no coin takes show a coin sliding straight away from that spot (:func:`runs_from`), out
beyond the painted disc, they are that coin's: it set off from its spot when it was taken to,
its way runs through them, and what lies at the spot is the guess's error. Once no hand is over
the table, the coin lies where it was read.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.origins import runs_from
from vision.croquet.motion.paths import Start, Step, pt
from vision.croquet.motion.track import State, Track


@dataclass(frozen=True)
class _Doubt:
    """A coin taken to have slid unseen to a reading in its painted disc: its start, and when
    it was taken to lie there."""

    start: Start
    t: float


class Ghosts:
    """The coins whose rest may be a reading of the painted guess (see the module doc). Its
    thresholds come from the tracker's configuration at each call, which follows the
    position noise measured as play goes on."""

    def __init__(self) -> None:
        self.doubted: dict[str, _Doubt] = {}
        #: The last frame's readings no coin took, and its time.
        self._free: tuple[float, list[np.ndarray]] = (0.0, [])

    @staticmethod
    def may_be(
        spot: np.ndarray,
        at: np.ndarray,
        painted: Sequence[tuple[float, float]],
        cfg: MotionConfig,
    ) -> bool:
        """Whether a coin that lay at ``spot`` and is read at ``at`` may be the guess's error:
        ``spot`` is a set-up spot still painted in, and ``at`` lies within its painted disc."""
        disc = cfg.painted_radii * cfg.radius_mm
        return any(math.dist(pt(spot), p) <= cfg.radius_mm / 2 for p in painted) and (
            float(np.hypot(*(at - spot))) <= disc
        )

    def doubt(self, start: Start, t: float) -> None:
        """The coin of ``start`` was taken at ``t`` to have slid unseen from its spot into its
        painted disc, while a hand was over the table."""
        self.doubted[start.coin] = _Doubt(start, t)

    def revise(
        self,
        tracks: Mapping[str, Track],
        free: list[np.ndarray],
        t: float,
        hands: bool,
        cfg: MotionConfig,
    ) -> list[tuple[Start, tuple[Step, ...]]]:
        """Given this frame's readings no coin took (``free``) at ``t`` and whether a hand is
        over the table, the doubted coins that show sliding out, each with its start and its
        way given again; each is set sliding on from its last reading."""
        last_t, last = self._free
        self._free = (t, free)
        if not hands:
            self.doubted.clear()
            return []
        out: list[tuple[Start, tuple[Step, ...]]] = []
        for coin, d in list(self.doubted.items()):
            tr = tracks[coin]
            if t - d.t > cfg.settle_s or tr.state is not State.REST:
                del self.doubted[coin]
                continue
            run = _sliding_out(np.array(d.start.at), last, free, t - last_t, cfg)
            if run is None:
                continue
            del self.doubted[coin]
            q, p = run
            at = d.start.at
            since = min(d.start.t, last_t)
            way = (
                Step(coin, at, pt(q), since, last_t, (0.0, 0.0)),
                Step(coin, pt(q), pt(p), last_t, t, (0.0, 0.0)),
            )
            tr.state, tr.spot, tr.mm = State.SLIDING, np.array(at, float), p
            tr.velocity = (p - q) / max(t - last_t, cfg.frame_s)
            tr.seen_t, tr.still, tr.doubt, tr.read = t, [], [], None
            out.append((Start(coin, since, at, d.start.by, d.start.margin_mm), way))
        return out


def _sliding_out(
    spot: np.ndarray, last: list[np.ndarray], now: list[np.ndarray], dt: float, cfg: MotionConfig
) -> tuple[np.ndarray, np.ndarray] | None:
    """Two readings, one of the last frame and one of this (``dt`` s later), a coin sliding
    straight away from ``spot`` makes: farther apart than a still coin's readings move, no
    farther than the fastest flick carries it, both beyond the painted disc, the second the
    farther out, and their line run back passing the spot (:func:`runs_from`)."""
    disc = cfg.painted_radii * cfg.radius_mm
    reach = cfg.max_speed_mm_s * dt + cfg.radius_mm / 2
    for p in now:
        out = float(np.hypot(*(p - spot)))
        for q in last:
            step = float(np.hypot(*(p - q)))
            if not cfg.still_step_mm <= step <= reach:
                continue
            if disc < float(np.hypot(*(q - spot))) < out and runs_from(spot, [q, p], cfg):
                return q, p
    return None
