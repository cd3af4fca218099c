"""Frame sources: where the referee's pictures come from, behind one small protocol.

* :class:`Picamera2Source` the Raspberry Pi camera (picamera2 is imported lazily: it exists only
  on the Pi, from apt); a preview stream for watching and a full-resolution still for reading.
* :class:`OpenCVDeviceSource` a USB camera through ``cv2.VideoCapture``.
* :class:`VideoFileSource` a recorded video; :class:`ImageFolderSource` a folder of stills.
* :class:`RenderSource` frames drawn by a simulator (the virtual table).

Which one runs is configuration (``camera.source``), parsed by :func:`open_source`:
``picamera2``, ``device:0``, ``file:game.mp4``, ``folder:shots/``; ``sim`` sources are built by the
runtime, which owns the simulator.

>>> import numpy as np
>>> src = RenderSource(lambda: np.zeros((4, 6, 3), np.uint8), fps=30)
>>> src.read().image.shape
(4, 6, 3)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class SourceError(RuntimeError):
    """A frame source cannot be opened or read; the message says what to check."""


@dataclass(frozen=True)
class Frame:
    """One picture (BGR, uint8) and when it was taken, in seconds on the source's clock."""

    image: np.ndarray
    t: float
    index: int


class FrameSource(Protocol):
    """What every source offers. ``read`` returns None at the end of a recording or on timeout."""

    fps: float

    def read(self, timeout: float = 2.0) -> Frame | None: ...

    def still(self, timeout: float = 5.0) -> np.ndarray | None: ...

    def close(self) -> None: ...


class Picamera2Source:
    """The Pi camera. RGB888 is BGR in memory (FACTS), what OpenCV expects.

    Captures never block forever: each waits with a timeout (a bare capture can hang, FACTS).
    """

    def __init__(self, preview_size: tuple[int, int], still_size: tuple[int, int], fps: float = 30):
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]
        except ImportError as exc:
            raise SourceError(
                "picamera2 is not available: on the Pi install python3-picamera2 with apt and "
                "create the venv with --system-site-packages"
            ) from exc
        if not Picamera2.global_camera_info():
            raise SourceError("no camera found: check the ribbon cable and `rpicam-hello`")
        try:
            self._cam = Picamera2()
        except (IndexError, RuntimeError) as exc:
            raise SourceError(f"the camera could not be opened ({exc}); is it in use?") from exc
        self.fps = fps
        self._video = self._cam.create_video_configuration(
            main={"size": tuple(preview_size), "format": "RGB888"},
            controls={"FrameRate": fps},
        )
        self._still = self._cam.create_still_configuration(
            main={"size": tuple(still_size), "format": "RGB888"}
        )
        self._cam.configure(self._video)
        self._cam.start()
        self._index = 0
        self._t0 = time.monotonic()

    def read(self, timeout: float = 2.0) -> Frame | None:
        job = self._cam.capture_array("main", wait=False)
        try:
            image = self._cam.wait(job, timeout=timeout)
        except TimeoutError:
            return None
        self._index += 1
        return Frame(image, time.monotonic() - self._t0, self._index)

    def still(self, timeout: float = 5.0) -> np.ndarray | None:
        job = self._cam.switch_mode_and_capture_array(self._still, "main", wait=False)
        try:
            return self._cam.wait(job, timeout=timeout)
        except TimeoutError:
            return None

    def close(self) -> None:
        self._cam.close()


class _CaptureSource:
    """Shared part of the cv2.VideoCapture sources: frames timed by the source's own clock."""

    def __init__(self, capture: cv2.VideoCapture, what: str, fps: float | None = None) -> None:
        if not capture.isOpened():
            raise SourceError(f"cannot open {what}")
        self._cap = capture
        self.fps = fps or capture.get(cv2.CAP_PROP_FPS) or 30.0
        self._index = 0

    def read(self, timeout: float = 2.0) -> Frame | None:
        ok, image = self._cap.read()
        if not ok or image is None:
            return None
        t = self._index / self.fps
        self._index += 1
        return Frame(image, t, self._index - 1)

    def still(self, timeout: float = 5.0) -> np.ndarray | None:
        frame = self.read(timeout)
        return None if frame is None else frame.image

    def close(self) -> None:
        self._cap.release()


class OpenCVDeviceSource(_CaptureSource):
    """A USB camera (``/dev/videoN``) at the requested size."""

    def __init__(self, index: int, size: tuple[int, int]) -> None:
        cap = cv2.VideoCapture(index)
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        super().__init__(cap, f"camera device {index}")


class VideoFileSource(_CaptureSource):
    """A recorded video; frame times come from the frame index and the file's frame rate."""

    def __init__(self, path: Path | str) -> None:
        path = Path(path)
        if not path.is_file():
            raise SourceError(f"no video file at {path}")
        super().__init__(cv2.VideoCapture(str(path)), f"video {path} (not a video OpenCV can read)")


class ImageFolderSource:
    """Stills from a folder, in name order: each ``read`` gives the next; the last one repeats."""

    def __init__(self, folder: Path | str, fps: float = 2.0) -> None:
        folder = Path(folder)
        self._paths = sorted(p for p in folder.glob("*") if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._paths:
            raise SourceError(f"no images in {folder}")
        self.fps = fps
        self._index = 0

    def read(self, timeout: float = 2.0) -> Frame | None:
        path = self._paths[min(self._index, len(self._paths) - 1)]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise SourceError(f"{path} is not an image OpenCV can read")
        frame = Frame(image, self._index / self.fps, self._index)
        self._index += 1
        return frame

    def still(self, timeout: float = 5.0) -> np.ndarray | None:
        frame = self.read(timeout)
        return None if frame is None else frame.image

    def close(self) -> None:
        self._paths = self._paths[:1]


class RenderSource:
    """Frames drawn on demand by ``render`` (a simulator), paced at ``fps`` in real time.

    ``still_render`` draws the full-resolution still; it defaults to ``render``.
    """

    def __init__(
        self,
        render: Callable[[], np.ndarray],
        fps: float = 10.0,
        still_render: Callable[[], np.ndarray] | None = None,
        realtime: bool = False,
    ) -> None:
        self._render = render
        self._still = still_render or render
        self.fps = fps
        self._realtime = realtime
        self._index = 0
        self._t0 = time.monotonic()

    def read(self, timeout: float = 2.0) -> Frame | None:
        if self._realtime:
            due = self._t0 + self._index / self.fps
            time.sleep(max(0.0, due - time.monotonic()))
        frame = Frame(self._render(), self._index / self.fps, self._index)
        self._index += 1
        return frame

    def still(self, timeout: float = 5.0) -> np.ndarray | None:
        return self._still()

    def close(self) -> None:
        self._render = self._still = _closed


def _closed() -> np.ndarray:
    raise SourceError("the source is closed")


def open_source(
    spec: str, preview_size: tuple[int, int], still_size: tuple[int, int], fps: float = 30.0
) -> Any:
    """The frame source a configuration string names (see the module docstring)."""
    kind, _, arg = spec.partition(":")
    if kind == "picamera2":
        return Picamera2Source(preview_size, still_size, fps)
    if kind == "device":
        if not arg.isdigit():
            raise SourceError(f"device source needs a number, e.g. device:0 (got {spec!r})")
        return OpenCVDeviceSource(int(arg), preview_size)
    if kind == "file":
        return VideoFileSource(arg)
    if kind == "folder":
        return ImageFolderSource(arg)
    raise SourceError(
        f"unknown camera source {spec!r} (picamera2, device:N, file:PATH, folder:DIR)"
    )
