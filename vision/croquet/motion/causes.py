"""What set a coin at rest moving: a coin's blow, a hand, or nothing.

Nothing moves unless something moved it. A coin read away from its spot was struck by a coin
whose path this frame or the last came within touching distance of it (``touch_mm``); else, by
a coin in motion whose way came that near while this one could not be seen (hidden under a
hand, or read as one with the coin striking it), or, beside a hand that pulls its readings, at
any time since everything last stood still; else by a hand near it of late; else by nothing
(the reading was wrong). Each cause comes with its margin: how far inside touching distance the
path came, or how far inside a finger's reach the hand was (:class:`~.paths.Start`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.paths import Step, approach, pt, way_distance
from vision.croquet.motion.sightings import View
from vision.croquet.motion.track import State, Track

#: Whether something moved a coin, what (a coin's name, or None for a hand) and by what margin.
Cause = tuple[bool, str | None, float]


class Blows:
    """The timed ways of the coins set off since everything last stood still and the steps of
    the last frame, from which what moved a coin at rest is read (see the module doc)."""

    def __init__(self, config: MotionConfig) -> None:
        self.cfg = config
        #: Per coin in motion, its readings since it set off: (time, reading).
        self.ways: dict[str, list[tuple[float, np.ndarray]]] = {}
        self.last_steps: tuple[Step, ...] = ()

    def follow(self, steps: Sequence[Step], tracks: Mapping[str, Track]) -> None:
        """Take this frame's ``steps``; once no coin of ``tracks`` is in motion, forget the
        ways (the next flick starts afresh)."""
        self.last_steps = tuple(steps)
        for st in steps:
            way = self.ways.setdefault(st.coin, [(st.t0, np.array(st.a))])
            way.append((st.t1, np.array(st.b)))
        if not any(tr.in_motion for tr in tracks.values()):
            self.ways.clear()

    def striker(
        self, tr: Track, steps: Sequence[Step], tracks: Mapping[str, Track]
    ) -> tuple[str | None, float]:
        """The coin whose path this frame or the last (carried on by its speed for a frame: a
        blow between frames) came nearest ``tr``'s spot, heading toward it (:func:`approach`),
        within touching distance, if any, and how far inside that distance it came."""
        best, near = None, self.cfg.touch_mm
        for st in (*steps, *self.last_steps):
            if st.coin == tr.coin:
                continue
            a, b = np.array(st.a), np.array(st.b)
            ahead = b + np.array(st.before) * (st.t1 - st.t0)
            d = min(approach(a, b, tr.spot), approach(b, ahead, tr.spot))
            if d <= near:
                best, near = st.coin, d
        for other in tracks.values():
            if other is tr or not (other.in_motion and other.state is State.HIDDEN):
                continue
            # Sliding unseen: it may be anywhere a frame's slide from where it was last seen.
            d = float(np.hypot(*(other.mm - tr.spot))) - self.cfg.max_step_mm
            if d <= near:
                best, near = other.coin, max(d, 0.0)
        return best, self.cfg.touch_mm - near

    def cause(
        self,
        tr: Track,
        t: float,
        steps: Sequence[Step],
        view: View,
        tracks: Mapping[str, Track],
    ) -> Cause:
        """What moved ``tr``, read away from its spot at ``t`` (see the module doc)."""
        cfg = self.cfg
        striker, margin = self.striker(tr, steps, tracks)
        if striker is not None:
            return True, striker, margin
        handled = t - tr.hand_t <= cfg.still_s + cfg.frame_s
        if tr.state is State.HIDDEN or handled:
            since = -math.inf if handled else tr.hidden_t - cfg.frame_s
            ways = {}
            for c, way in self.ways.items():
                other = tracks[c]
                if c == tr.coin or not other.in_motion:
                    continue
                # Out of sight, it may have gone as far as its speed carried it since.
                unseen = float(np.hypot(*other.velocity)) * max(0.0, t - other.seen_t)
                gap = way_distance([*since_time(way, since), other.mm], tr.spot) - unseen
                if gap <= cfg.touch_mm:
                    ways[c] = gap
            if ways:
                by = min(ways, key=lambda c: ways[c])
                return True, by, cfg.touch_mm - ways[by]
        if not handled:
            return False, None, 0.0
        reach = cfg.radius_mm + cfg.finger_mm
        return True, None, max(0.0, reach - view.hand_distance(pt(tr.spot)))


def struck_on_arrival(
    tr: Track, at: np.ndarray, tracks: Iterable[Track], cfg: MotionConfig
) -> list[Track]:
    """The coins of ``tracks`` that ``tr``, hidden and now found at rest at ``at``, struck as
    its unseen slide ended: those in motion that set off since it hid from within touching
    distance of ``at``. A coin stopped against another's spot as that one set off brought the
    blow that sent it off."""
    return [
        o
        for o in tracks
        if o is not tr
        and o.in_motion
        and o.seen_t >= tr.hidden_t
        and float(np.hypot(*(o.spot - at))) <= cfg.touch_mm
    ]


def blow_speed(tr: Track, at: np.ndarray, tracks: Iterable[Track], cfg: MotionConfig) -> float:
    """How fast ``tr``, hidden and now found at rest at ``at``, was going when its unseen
    slide ended, at least: 0 if friction stopped it; if it struck coins as it ended
    (:func:`struck_on_arrival`), it stopped by the blow, which sent them off no faster than
    ``tr`` came (two equal coins: the struck one takes at most the striker's speed along their
    line of centres)."""
    return max(
        (float(np.hypot(*o.velocity)) for o in struck_on_arrival(tr, at, tracks, cfg)),
        default=0.0,
    )


def since_time(way: Sequence[tuple[float, np.ndarray]], t: float) -> list[np.ndarray]:
    """The points of the timed ``way`` from the one before time ``t`` on (the segment under
    way at ``t`` included).

    >>> way = [(0.0, np.zeros(2)), (1.0, np.ones(2)), (2.0, 2 * np.ones(2))]
    >>> [p.tolist() for p in since_time(way, 1.5)], len(since_time(way, -math.inf))
    ([[1.0, 1.0], [2.0, 2.0]], 3)
    """
    first = max(0, next((i for i, (ti, _) in enumerate(way) if ti >= t), len(way)) - 1)
    return [p for _, p in way[first:]]
