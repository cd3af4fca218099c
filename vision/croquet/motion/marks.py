"""What has shown still at one place, and since when: a reading there is no coin read elsewhere
after it began.

One coin is in one place. A coin hidden under a hand can come out anywhere the hand has been, but
not where something has shown still since before the coin was last read elsewhere: whatever shows
there was there while the coin lay elsewhere, and has not left, so it is something else: a piece
of the hand or its sleeve, a shade, another coin. The tracker (:mod:`.assignment`) gives no such
reading to a coin hidden at rest, unless a reading of that mark was given to the coin itself (a
coin nudged aside and then covered is read where it went before it hid). A coin not read since
the mark began (one lost among the coins of a scrum) may lie there: the tracker had it wrong.

A *mark* is a run of readings, each within ``still_step_mm`` (what a still coin's reading moves
from frame to frame) of the one before, with one frame unread at most between two: one frame
unread is no reading (a piece of a hand shows in most frames, not all), while for longer the
place may have been covered, and what shows after may have been put there meanwhile.

>>> from vision.croquet.motion.config import MotionConfig
>>> marks, cfg = StillMarks(), MotionConfig()
>>> def frame(n, *readings):  # since which frame each reading has shown still there
...     return [round(m.since * 120) for m in marks.follow(readings, n / 120, cfg)]
>>> frame(0, (10.0, 10.0)), frame(1, (10.1, 10.0), (50.0, 0.0))
([0], [0, 1])

One frame unread (the third) is no reading; two are:

>>> frame(2, (50.0, 0.0)), frame(3, (10.0, 10.0)), frame(6, (10.0, 10.0))
([1], [0], [6])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from engines.croquetnole.layout import Point
from vision.croquet.motion.config import MotionConfig


@dataclass
class Mark:
    """Something shown still at ``at`` (its latest reading) since ``since``, last read at
    ``last_t``; ``owners`` are the coins any of its readings was given to."""

    since: float
    at: Point
    last_t: float
    owners: set[str] = field(default_factory=set)


class StillMarks:
    """The marks of the frames so far (see the module doc)."""

    def __init__(self) -> None:
        self._marks: list[Mark] = []

    def follow(self, readings: Sequence[Point], t: float, cfg: MotionConfig) -> list[Mark]:
        """Take the frame at ``t``'s ``readings``: for each, the mark it is read in (one
        new since ``t`` where nothing showed still before). Each mark goes on with the nearest
        reading within a still step of its last, nearest pairs first; the other readings begin
        marks of their own."""
        live = [m for m in self._marks if t - m.last_t < 2.5 * cfg.frame_s]
        pairs = sorted(
            (math.dist(m.at, p), i, j)
            for i, m in enumerate(live)
            for j, p in enumerate(readings)
            if math.dist(m.at, p) <= cfg.still_step_mm
        )
        went_on: dict[int, Mark] = {}
        taken: set[int] = set()
        for _, i, j in pairs:
            if i not in taken and j not in went_on:
                taken.add(i)
                went_on[j] = live[i]
        now = [
            Mark(went_on[j].since, p, t, went_on[j].owners) if j in went_on else Mark(t, p, t)
            for j, p in enumerate(readings)
        ]
        self._marks = now + [m for i, m in enumerate(live) if i not in taken]
        return now
