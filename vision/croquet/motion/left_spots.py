"""What a coin's spot shows once the coin may have left it: the sightings that are the bare
table's painted-in guess rather than a coin (:func:`not_painted`), and the coins hidden at rest
whose spot shows them gone (:func:`mark_bare`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.paths import pt
from vision.croquet.motion.sightings import Sighting, View
from vision.croquet.motion.table_model import look_apart
from vision.croquet.motion.track import Track


def mark_bare(
    tracks: Iterable[Track], view: View, sightings: Sequence[Sighting], cfg: MotionConfig
) -> None:
    """Mark each coin of ``tracks`` hidden at rest whose spot is clear of every hand (by a
    radius, so the coin's disc would show whole, and half a finger's width for the hand's
    shade) and shows no coin (none of ``sightings`` within a coin's width): it left its spot
    unseen (:attr:`Track.bare`). Its readings need not come out from under the hand: a coin
    flicked fast is smeared past reading (a long exposure) until it is far out in the open.

    >>> import numpy as np
    >>> from vision.croquet.motion.track import State
    >>> tr = Track("a", None, State.HIDDEN, spot=np.array([100.0, 100.0]))
    >>> mark_bare([tr], View((), (), 1.0), (), MotionConfig())
    >>> tr.bare
    True
    """
    clear = cfg.radius_mm + cfg.finger_mm / 2
    for tr in tracks:
        tr.bare = (
            tr.under_hand
            and not view.hand_within(pt(tr.spot), clear)
            and not any(math.dist(s.mm, pt(tr.spot)) <= cfg.coin_mm for s in sightings)
        )


def not_painted(tracks: Iterable[Track], view: View, cfg: MotionConfig) -> list[Sighting]:
    """The sightings, less those of the painted-in guess at a set-up spot (``view.painted``)
    whose coin (of ``tracks``) lies hidden under a hand or is taken to be sliding away from it:
    where that coin has left, the real table differs from the guess within the painted disc
    (``painted_radii`` radii), and shows as a coin there. A coin still lying there (the one
    taken to slide away may be another that lay hidden beside it: :mod:`.names`) shows its own
    face, unmixed with the table (a coin at rest is not smeared): a reading there whose look
    differs from it by more than ``look_gate`` (:func:`look_apart`, the table's colour left
    out) is the table.

    >>> import numpy as np
    >>> from vision.croquet.motion.track import State
    >>> tr = Track("a", np.array([40.0, 40.0, 200.0]), State.HIDDEN, spot=np.array([100.0, 100.0]))
    >>> wood, coin = Sighting((104.0, 105.0), (60.0, 90.0, 150.0)), Sighting((101.0, 100.0),
    ...                                                                    (42.0, 41.0, 198.0))
    >>> view = View((wood, coin), (), 1.0, ((100.0, 100.0),))
    >>> [s.look for s in not_painted([tr], view, MotionConfig())]
    [(42.0, 41.0, 198.0)]
    """
    near = cfg.radius_mm / 2
    spots = [
        (tr.look, p)
        for tr in tracks
        if (tr.under_hand or tr.in_motion) and tr.look is not None
        for p in view.painted
        if math.dist(pt(tr.spot), p) <= near
    ]
    if not spots:
        return list(view.sightings)
    disc = cfg.painted_radii * cfg.radius_mm

    def guess(s: Sighting) -> bool:
        return any(
            math.dist(s.mm, p) <= disc and look_apart(s.look, look, None) > cfg.look_gate
            for look, p in spots
        )

    return [s for s in view.sightings if not guess(s)]
