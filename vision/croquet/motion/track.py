"""One coin as the tracker holds it: its state, what it was last read at, and where it
should show next (:mod:`vision.croquet.motion.tracks` runs the transitions).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

import numpy as np

from engines.croquetnole.layout import Point
from vision.croquet.motion.config import MotionConfig


class State(enum.Enum):
    """A coin's state (see :mod:`vision.croquet.motion.tracks`)."""

    ABSENT = "absent"
    REST = "rest"
    SLIDING = "sliding"
    HIDDEN = "hidden"
    OFF = "off"


@dataclass
class Track:
    """What the tracker (:mod:`.tracks`) holds of one coin."""

    coin: str
    look: np.ndarray | None
    state: State = State.ABSENT
    mm: np.ndarray = field(default_factory=lambda: np.zeros(2))
    velocity: np.ndarray = field(default_factory=lambda: np.zeros(2))
    spot: np.ndarray = field(default_factory=lambda: np.zeros(2))
    seen_t: float = 0.0
    hidden_t: float = 0.0
    #: When a reading was last given to the coin, in any state.
    read_t: float = -math.inf
    #: Whether a hidden coin went out of sight sliding (it means nothing in another state).
    moving_hidden: bool = False
    hand_t: float = -math.inf
    #: Hidden at rest, with its spot now clear of every hand and no coin showing there: it
    #: left unseen (set each frame by the tracker).
    bare: bool = False
    still: list[np.ndarray] = field(default_factory=list)
    #: Readings away from the spot with nothing to move it, or of a coin come back.
    doubt: list[np.ndarray] = field(default_factory=list)
    #: When the last of ``doubt`` was read.
    doubt_t: float = 0.0
    #: A coin that came out of hiding sliding: what set it off, and since when it was hidden.
    #: When it set off is worked out from its speed once a second reading gives it.
    unseen_start: tuple[str | None, float, float] | None = None
    #: A coin at rest read away from its spot with something to move it: what, by what
    #: margin, since when, and that reading with its time. The next reading confirms it.
    leaving: tuple[str | None, float, float, np.ndarray, float] | None = None
    #: A coin at rest read, frame after frame, farther from its spot than a reading strays
    #: with no hand within a finger's reach: those readings with their times.
    astray: list[tuple[float, np.ndarray]] = field(default_factory=list)
    #: The last reading afresh of the coin since it came to rest, and whether it was split
    #: from a region of several coins (for the position noise: any two readings of a coin
    #: lying still, made alike, differ by the noise alone).
    read: tuple[np.ndarray, bool] | None = None

    @property
    def in_motion(self) -> bool:
        """Sliding, seen or not."""
        return self.state is State.SLIDING or (self.state is State.HIDDEN and self.moving_hidden)

    @property
    def under_hand(self) -> bool:
        """Hidden at rest (under a hand)."""
        return self.state is State.HIDDEN and not self.moving_hidden

    def predict(self, t: float) -> np.ndarray:
        """Where the coin should show at ``t``: a sliding coin carried on at its speed; a coin
        at rest read away and about to set off at that reading; a coin in doubt at its last
        doubtful reading; otherwise where it lies (or was last known)."""
        if self.in_motion:
            return self.mm + self.velocity * (t - self.seen_t)
        if self.state is State.REST and self.leaving is not None:
            return self.leaving[3]
        if self.doubt and self.state is not State.REST:
            return self.doubt[-1]
        return self.spot if self.state is State.REST else self.mm

    def gate(self, t: float, cfg: MotionConfig, table: Point) -> float:
        """How far (mm) from :meth:`predict` a sighting at ``t`` may be the coin's: at rest
        (or in doubt, or just out of hiding) a flick's first step and a radius; sliding, its
        own step and the readings' error; hidden, as far as the fastest flick (or a hand
        carrying it) goes in the time it has been hidden; off or absent, anywhere."""
        r = cfg.radius_mm
        if self.state is State.REST:
            return cfg.max_step_mm + r
        if self.state is State.SLIDING and self.unseen_start is not None:
            return cfg.max_step_mm + r
        if self.state is State.SLIDING:
            return float(np.hypot(*self.velocity)) * (t - self.seen_t) + 2 * cfg.start_mm + r / 2
        if self.state is State.HIDDEN and self.doubt:
            return cfg.max_step_mm + r
        if self.state is State.HIDDEN:
            return min(cfg.max_speed_mm_s * (t - self.hidden_t) + r, math.hypot(*table))
        return math.hypot(*table)
