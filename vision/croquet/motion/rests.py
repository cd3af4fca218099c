"""Everything stopped: the ``rest`` call.

A turn's coins are at rest once none slides, seen or unseen, after something set one off (a
flick or a blow; a placement by hand is no flick and ends in no rest). The call comes when the
last of them stopped (not when its stillness was confirmed, ``still_frames`` later), and holds
where every coin on the table lies (a coin hidden under a resting hand where it was last known).

>>> from vision.croquet.motion.paths import Motion, Start
>>> r = Rests()
>>> r.update(Motion(1.0, {"a": (1.0, 1.0)}, frozenset({"a"}), frozenset(),
...                 starts=(Start("a", 1.0, (0.0, 0.0), None),)))
[]
>>> [(c.kind, c.t) for c in r.update(Motion(2.0, {"a": (5.0, 1.0)}, frozenset(), frozenset(),
...                                         stops=(("a", 1.96),)))]
[('rest', 1.96)]
"""

from __future__ import annotations

import math

from vision.croquet.motion.calls import Rest
from vision.croquet.motion.paths import Motion


class Rests:
    """When everything has stopped after coins were set off (see the module doc)."""

    def __init__(self) -> None:
        self.active = False
        self.stopped = -math.inf

    def update(self, motion: Motion) -> list[Rest]:
        if motion.starts:
            self.active = True
        self.stopped = max([self.stopped, *(t for _, t in motion.stops)])
        if not self.active or motion.moving:
            return []
        self.active = False
        t = min(motion.t, self.stopped) if self.stopped > -math.inf else motion.t
        self.stopped = -math.inf
        return [Rest(t, tuple(sorted(motion.positions.items())))]
