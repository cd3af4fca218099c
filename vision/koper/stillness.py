"""Stillness: has the scene stopped changing long enough to read the board?

A small stateful detector fed camera frames. Each frame is reduced to a small, blurred grey image;
the share of pixels that changed by more than ``pixel_threshold`` since the previous frame is the
frame's motion. The scene is still once motion has stayed below ``motion_threshold`` for
``still_frames`` frames in a row (and, when timestamps are given, for ``still_seconds``). It
reports only stillness: deciding whether the still board differs from the last reading is the
runtime's job.

>>> import numpy as np
>>> det = StillnessDetector(StillnessConfig(still_frames=2))
>>> frame = np.zeros((120, 160, 3), np.uint8)
>>> [det.update(frame).became_still for _ in range(4)]
[False, False, True, False]
"""

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class StillnessConfig:
    """Thresholds of the stillness detector."""

    #: Width in pixels of the grey frames compared (frames are downscaled to it).
    width: int = 160
    #: Gaussian blur (pixels at ``width``) that hides sensor noise and JPEG blocks.
    blur: float = 1.0
    #: A pixel moved when its grey level changed by more than this (0-255).
    pixel_threshold: int = 18
    #: The frame is calm when less than this share of its pixels moved.
    motion_threshold: float = 0.004
    #: Calm frames in a row needed before the scene counts as still.
    still_frames: int = 5
    #: Seconds of calm needed as well, when ``update`` is given timestamps.
    still_seconds: float = 0.0


@dataclass(frozen=True)
class StillnessState:
    """The detector's verdict after one frame: ``motion`` (share of moved pixels), ``still``
    (the scene is still), ``became_still`` (True only on the frame where it turned still)."""

    motion: float
    still: bool
    became_still: bool


class StillnessDetector:
    """Feed frames with :meth:`update`; it says when the scene has settled.

    >>> det = StillnessDetector()
    >>> det.update(np.zeros((90, 160), np.uint8)).still
    False
    """

    def __init__(self, config: StillnessConfig | None = None) -> None:
        self.config = config or StillnessConfig()
        self.reset()

    def reset(self) -> None:
        """Forget the past: the next frames must be calm again before it reports still."""
        self._previous: np.ndarray | None = None
        self._calm = 0
        self._calm_since: float | None = None
        self._still = False

    def _small(self, frame: np.ndarray) -> np.ndarray:
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        h, w = grey.shape[:2]
        small = cv2.resize(
            grey,
            (self.config.width, max(1, round(h * self.config.width / w))),
            interpolation=cv2.INTER_AREA,
        )
        return cv2.GaussianBlur(small, (0, 0), self.config.blur)

    def update(self, frame: np.ndarray, t: float | None = None) -> StillnessState:
        """Take one frame (BGR or grey; ``t`` its time in seconds, optional)."""
        cfg = self.config
        small = self._small(frame)
        if self._previous is None or self._previous.shape != small.shape:
            motion = 1.0
        else:
            moved = cv2.absdiff(small, self._previous) > cfg.pixel_threshold
            motion = float(moved.mean())
        self._previous = small
        if motion < cfg.motion_threshold:
            self._calm += 1
            if self._calm_since is None:
                self._calm_since = t
        else:
            self._calm = 0
            self._calm_since = None
        waited = t is None or self._calm_since is None or t - self._calm_since >= cfg.still_seconds
        still = self._calm >= cfg.still_frames and waited
        became = still and not self._still
        self._still = still
        return StillnessState(motion, still, became)
