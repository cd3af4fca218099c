"""Where a coin hidden at rest went, once it is read still away from where it lay.

A coin hidden under a hand and then read still (``still_frames`` readings within
``still_step_mm`` of one another) away from its spot is one of these (:func:`went`):

* it ``LIES`` there still: read within ``start_mm`` and a pixel of its spot (``pixel_mm``: its
  outline read again once what lay against it moved);
* it was ``PUT`` there by hand: never seen moving as it came to rest (a coin put down lies still
  when the hand leaves it) and farther than a coin and a finger from its spot (nearer, it may
  have slid beside the hand that flicked it), where a hand has been since it hid, or where none
  was seen with none over the table now (a dark hand over a dark table reads as its shade); or,
  however near, if the rules say it must be put down by hand now (carried);
* it is put there, but ``WAIT``: its spot lies under a hand, and what shows may be a fingertip
  apart from the hand's region with the coin still under it; it is said once the spot shows;
* it ``SLID`` there unseen: seen moving as it came to rest, or lying within a coin and a finger
  of its spot, where a hand has been (a flick or a blow whose call goes out unsure); or it lies
  within touching distance of where a coin that set off since it hid lay (``struck``): it came
  at least as fast as that coin went, and stopped by the blow (a hand setting a coin down sends
  none off);
* ``NOTHING`` of it shows there: never seen moving, where no hand has been since it hid, with a
  hand over the table now: no hand set a coin down there or uncovered one, and a coin that slid
  there in the open would have shown sliding. A piece of the hand, or its shade.

>>> from dataclasses import replace
>>> from vision.croquet.motion.config import MotionConfig
>>> cfg = MotionConfig(position_sd_mm=0.1, pixel_mm=0.5)
>>> seen = StillAway(gone=60.0, slid=False, struck=False, covered=True, carried=False,
...                  hands=True, spot_covered=False)
>>> went(seen, cfg).name, went(replace(seen, slid=True), cfg).name
('PUT', 'SLID')
>>> went(replace(seen, struck=True), cfg).name
'SLID'
>>> went(replace(seen, covered=False), cfg).name, went(replace(seen, gone=0.6), cfg).name
('NOTHING', 'LIES')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from vision.croquet.motion.config import MotionConfig


class Went(enum.Enum):
    """What a coin hidden at rest and read still away from its spot did (see the module doc)."""

    LIES = "lies"
    PUT = "put"
    WAIT = "wait"
    SLID = "slid"
    NOTHING = "nothing"


@dataclass(frozen=True)
class StillAway:
    """What the tracker knows of a coin hidden at rest and read still away from its spot: how
    far (mm) from it, whether its readings moved as it came to rest, whether it lies within
    touching distance of where a coin that set off since it hid lay, whether a hand has been
    over where it lies since it hid, whether the rules say it must be put down by hand, whether
    a hand is over the table now, and whether one lies over its spot now."""

    gone: float
    slid: bool
    struck: bool
    covered: bool
    carried: bool
    hands: bool
    spot_covered: bool


def went(e: StillAway, cfg: MotionConfig) -> Went:
    """What the coin did (see the module doc)."""
    if e.gone <= cfg.start_mm + cfg.pixel_mm:
        return Went.LIES
    beyond = e.gone > cfg.coin_mm + cfg.finger_mm
    moved = e.slid or e.struck
    put = e.carried or (beyond and not moved)
    unseen_hand = put and not e.covered and not e.hands
    if not moved and not e.covered and not unseen_hand:
        return Went.NOTHING
    if put and (e.covered or unseen_hand):
        return Went.WAIT if not e.carried and e.spot_covered else Went.PUT
    return Went.SLID
