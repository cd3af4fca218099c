"""The latest annotated camera picture, JPEG-encoded once and shared by every phone.

The camera loop calls :meth:`CameraView.publish` with an annotated BGR frame; web clients call
:meth:`latest` (snapshot) or :meth:`wait_newer` (MJPEG stream). Publishing is rate-limited so a
120 fps tracker does not spend its time encoding JPEGs nobody can see.

>>> import numpy as np
>>> view = CameraView(max_fps=100)
>>> view.publish(np.zeros((8, 8, 3), np.uint8))
True
>>> view.latest()[1][:2] == b"\\xff\\xd8"
True
"""

from __future__ import annotations

import threading
import time

import cv2
import numpy as np


class CameraView:
    """A shared, versioned JPEG of the newest annotated frame."""

    def __init__(self, max_fps: float = 4.0, width: int = 960, quality: int = 80) -> None:
        self.max_fps = max_fps
        self.width = width
        self.quality = quality
        self._cond = threading.Condition()
        self._jpeg: bytes | None = None
        self._version = 0
        self._last = 0.0

    def due(self) -> bool:
        """Whether a frame published now would be kept (callers may skip annotating if not)."""
        return time.monotonic() - self._last >= 1.0 / self.max_fps

    def publish(self, image: np.ndarray, force: bool = False) -> bool:
        """Encode ``image`` (downscaled to ``width``) if due or forced; whether it was kept."""
        if not force and not self.due():
            return False
        h, w = image.shape[:2]
        if w > self.width:
            image = cv2.resize(image, (self.width, round(h * self.width / w)), cv2.INTER_AREA)
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.quality])
        if not ok:
            return False
        with self._cond:
            self._jpeg = buf.tobytes()
            self._version += 1
            self._last = time.monotonic()
            self._cond.notify_all()
        return True

    def latest(self) -> tuple[int, bytes | None]:
        """The newest JPEG and its version (0, None before the first)."""
        with self._cond:
            return self._version, self._jpeg

    def wait_newer(self, seen: int, timeout: float) -> tuple[int, bytes | None]:
        """Block until a JPEG newer than version ``seen`` exists (or ``timeout``); return it,
        or ``(seen, None)`` on timeout."""
        with self._cond:
            if not self._cond.wait_for(lambda: self._version > seen, timeout):
                return seen, None
            return self._version, self._jpeg
