"""The physical quantities the coin referee's thresholds come from, and those thresholds.

Every threshold of :mod:`vision.croquet.motion` is here. Most are properties derived from a few
physical quantities: the coin's size, the frame interval, the fastest and the softest flick,
the slowest and fastest friction a table may have, and the position noise, measured on the
table as play goes on (:attr:`vision.croquet.motion.tracks.CoinTracker.variance`). The rest
describe how things look in a picture (a shadow, a coin's share of its region, a coin's
colour), each with the reason for its value. The camera's pixel noise is measured too
(:class:`vision.croquet.motion.table_model.CameraNoise`). None is fitted to a scene.

>>> cfg = MotionConfig(fps=120.0, position_sd_mm=0.1)
>>> round(cfg.frame_s * 1000, 3), round(cfg.max_step_mm, 1)
(8.333, 20.8)
>>> round(cfg.start_mm, 2), round(cfg.still_step_mm, 2)
(0.4, 0.62)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engines.croquetnole.layout import COIN_MM


@dataclass(frozen=True)
class MotionConfig:
    """Physical quantities (the fields) and the thresholds derived from them (the properties).

    ``position_sd_mm`` is the spread of a still, whole coin's reading from frame to frame; the
    referee measures it on each table at set-up and replaces the default. ``sure_sds`` is how
    many of those spreads make a change real: at 4, a Gaussian reading strays that far once in
    some 16,000 frames."""

    coin_mm: float = COIN_MM
    fps: float = 120.0
    #: The fastest flick: a hard flick reaches about 2.5 m/s (a coin sent the width of a table).
    max_speed_mm_s: float = 2500.0
    #: How fast friction slows a sliding coin: from a fast card table to a slow baize (mm/s^2).
    decel_min_mm_s2: float = 1500.0
    decel_max_mm_s2: float = 6000.0
    position_sd_mm: float = 0.15
    #: How wide a pixel of the camera's picture is on the table (mm): the referee sets it from
    #: the calibration. A coin's outline is read to about a pixel where what lies against it
    #: changes (a coin beside it leaves, a hand's shade lifts), so a coin read again after that
    #: lies where it lay unless it is read farther than its noise and a pixel from there.
    pixel_mm: float = 0.5
    sure_sds: float = 4.0
    #: A changed region of at least this many coins' area is a hand (a palm alone covers some
    #: 25 coins' area; the coins of a scrum, touching, rarely more than four).
    hand_coins: float = 6.0
    #: How far beyond a coin's rim a flicking fingertip lies: the rules' fingertip rests with
    #: its nail against the coin, and the hand around it shows within a finger's width.
    finger_mm: float = 20.0
    #: A hand's length, wrist to fingertip (an adult's is some 18 cm): the palm of a hand that
    #: flicks a coin lies within it, behind the fingertip, so the flick goes away from it.
    hand_mm: float = 180.0
    #: A coin is at rest after lying still this long (s): two frames more than a bounce lasts.
    still_s: float = 0.04
    #: The longest a coin out from under a hand keeps a provisional name (s): as long as a
    #: hand lingers after a flick before it lifts off the coins beside it.
    settle_s: float = 1.0
    #: Two bodies that touched have separated once the gap between them opens beyond this (mm):
    #: the rules count a new touch only after that (RULINGS: hitting a tower).
    separate_mm: float = 0.5
    #: The softest flick (mm/s): a coin nudged along barely a coin's width.
    soft_flick_mm_s: float = 200.0
    #: How far round a coin's SETUP position the bare table is painted in at set-up, in coin
    #: radii: its rim and a quarter more for where it was really put.
    painted_radii: float = 1.25
    #: The share of bare-table differences a pixel's change must exceed: one in a thousand.
    noise_tail: float = 1e-3
    #: Ratios of frame to bare table that one common shadow factor spans at most (a shadow dims
    #: every channel alike, by the share of the light it blocks; a thing of another colour
    #: changes them unequally), and how far apart the channels' ratios may lie.
    shadow_ratio: tuple[float, float] = (0.3, 0.93)
    shadow_spread: float = 0.1
    #: The least share of a coin's area a region must have to be a coin seen whole.
    coin_fill: float = 0.6
    #: A look differing by this much (chromaticity, summed over the channels) counts as far as
    #: this many millimetres in the assignment: 0.1 parts a coloured knight from an inked
    #: guard, some 20 mm.
    look_mm: float = 200.0
    #: A sighting whose look differs from a coin's by more than a coloured knight's from an
    #: inked guard is not that coin: a coin keeps its colour wherever it lies (the light's
    #: level, which changes, is divided out of the chromaticity), while a hand's or sleeve's
    #: fragment does not share it.
    look_gate: float = 0.1

    @property
    def radius_mm(self) -> float:
        return self.coin_mm / 2

    @property
    def decel_mid_mm_s2(self) -> float:
        """The middle of the friction range (geometric mean): for times of slides not seen."""
        return math.sqrt(self.decel_min_mm_s2 * self.decel_max_mm_s2)

    @property
    def frame_s(self) -> float:
        return 1.0 / self.fps

    @property
    def max_step_mm(self) -> float:
        """The farthest a coin slides between two frames."""
        return self.max_speed_mm_s * self.frame_s

    @property
    def start_mm(self) -> float:
        """How far a reading must lie from a coin's rest spot for the coin to have moved:
        ``sure_sds`` position spreads."""
        return self.sure_sds * self.position_sd_mm

    @property
    def still_step_mm(self) -> float:
        """The most a still coin's reading moves from one frame to the next (the difference of
        two readings spreads by sqrt(2) of one), plus what friction lets a coin about to stop
        slide in one frame at the slowest friction: a coin sliding less is stopping."""
        slowest = 0.5 * self.decel_min_mm_s2 * self.frame_s**2
        return self.sure_sds * math.sqrt(2) * self.position_sd_mm + slowest

    @property
    def still_frames(self) -> int:
        """Frames a coin must lie still to be at rest (``still_s``)."""
        return max(2, math.ceil(self.still_s * self.fps))

    @property
    def touch_mm(self) -> float:
        """Two coins whose centres come this near touched: a coin's width plus the error of
        the two readings (``sure_sds`` spreads of their difference)."""
        return self.coin_mm + self.sure_sds * math.sqrt(2) * self.position_sd_mm

    @property
    def gap_sd_mm(self) -> float:
        """How far the gap between a sliding coin and one at rest reads astray: the still
        coin's position spread and a pixel for the sliding one (a blurred outline is read to
        about a pixel)."""
        return math.hypot(self.position_sd_mm, self.pixel_mm)

    @property
    def apart_mm(self) -> float:
        """Two coins' centres lie a coin's width apart at the least (touching), on the table;
        split readings closer than this are one coin cut in two (a smear read as two), or two
        touching coins cut in three: a coin's width less a pixel for the split's own error (a
        k-means split of two touching discs, blurred by a pixel, puts each centre within a few
        tenths of a pixel of the true one)."""
        return self.coin_mm - self.pixel_mm

    @property
    def hit_mm(self) -> float:
        """A coin whose centre comes this near a tower's square touched it: its radius plus the
        error of its reading."""
        return self.radius_mm + self.sure_sds * self.position_sd_mm

    @property
    def lost_frames(self) -> int:
        """Frames a sliding coin may go unseen before it is taken to have stopped unseen: the
        longest a slide can last, at the fastest flick and the slowest friction."""
        return math.ceil(self.max_speed_mm_s / self.decel_min_mm_s2 * self.fps)

    def measured(self, position_sd_mm: float) -> MotionConfig:
        """This configuration with the position spread measured on the table (never below a
        hundredth of a millimetre: no camera here reads a coin finer)."""
        return replace(self, position_sd_mm=max(0.01, position_sd_mm))


DEFAULT_MOTION = MotionConfig()
