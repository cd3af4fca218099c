"""Everything stopped: the ``rest`` call.

A turn's coins are at rest once none slides, seen or unseen, after something set one off (a
flick or a blow; a placement by hand is no flick and ends in no rest). The call holds where
every coin on the table lies (a coin hidden under a resting hand where it was last known).

>>> from vision.croquet.motion.tracks import Motion, Start
>>> r = Rests()
>>> r.update(Motion(1.0, {"a": (1.0, 1.0)}, frozenset({"a"}), frozenset(),
...                 starts=(Start("a", 1.0, (0.0, 0.0), None),)))
[]
>>> [c.kind for c in r.update(Motion(2.0, {"a": (5.0, 1.0)}, frozenset(), frozenset()))]
['rest']
"""

from __future__ import annotations

from vision.croquet.motion.calls import Rest
from vision.croquet.motion.tracks import Motion


class Rests:
    """When everything has stopped after coins were set off (see the module doc)."""

    def __init__(self) -> None:
        self.active = False

    def update(self, motion: Motion) -> list[Rest]:
        if motion.starts:
            self.active = True
        if not self.active or motion.moving:
            return []
        self.active = False
        return [Rest(motion.t, tuple(sorted(motion.positions.items())))]
