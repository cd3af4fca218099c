"""Everything stopped: the ``rest`` call.

A turn's coins are at rest once none slides, seen or unseen, after something set one off (a
flick or a blow; a placement by hand is no flick and ends in no rest). The call comes when the
last of them stopped (not when its stillness was confirmed, ``still_frames`` later), and holds
where every coin on the table lies (a coin hidden under a resting hand where it was last known).
It waits while a start is held undecided (:class:`~vision.croquet.motion.flicks.Flicks`): a
start withdrawn there moved nothing, and if every start was withdrawn, nothing came to rest.

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
from collections.abc import Collection

from vision.croquet.motion.calls import Rest
from vision.croquet.motion.paths import Motion


class Rests:
    """When everything has stopped after coins were set off (see the module doc)."""

    def __init__(self) -> None:
        #: The coins set off since everything last stood still, less those withdrawn.
        self.started: set[str] = set()
        self.stopped = -math.inf

    def update(
        self, motion: Motion, undecided: bool = False, withdrawn: Collection[str] = ()
    ) -> list[Rest]:
        """The call of this frame's ``motion``, if everything has stopped; ``undecided``: a
        start is still held, ``withdrawn``: coins whose start was withdrawn."""
        self.started |= {st.coin for st in motion.starts}
        self.started -= set(withdrawn)
        self.stopped = max([self.stopped, *(t for _, t in motion.stops)])
        if motion.moving or undecided:
            return []
        if not self.started:
            self.stopped = -math.inf
            return []
        self.started = set()
        t = min(motion.t, self.stopped) if self.stopped > -math.inf else motion.t
        self.stopped = -math.inf
        return [Rest(t, tuple(sorted(motion.positions.items())))]
