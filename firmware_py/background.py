"""A loop on a background thread that can be stopped: the camera watchers' shared scaffolding.

A subclass sets ``thread_name`` and implements ``_run``, checking ``self._stop`` (an Event).

>>> class Ticker(BackgroundLoop):
...     thread_name = "ticker"
...     def _run(self) -> None:
...         self._stop.wait()
>>> t = Ticker(); t.start(); t.stop(); t._thread.is_alive()
False
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

from firmware_py import systemd


class BackgroundLoop:
    """``start()`` runs ``_run`` on a daemon thread; ``stop()`` asks it to end and waits."""

    thread_name = "loop"
    join_timeout_s = 15.0

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _run(self) -> None:
        raise TypeError(f"{type(self).__name__} must define _run")

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, daemon=True, name=self.thread_name)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=self.join_timeout_s)


class CameraWatcher(BackgroundLoop):
    """The part every game's camera watcher shares: the referee it reports to, the frame source
    it reads and the camera view it publishes annotated pictures to, plus its configuration."""

    def __init__(self, referee: Any, source: Any, camera_view: Any, config: Any) -> None:
        super().__init__()
        self.referee = referee
        self.source = source
        self.camera_view = camera_view
        self.config = config

    def _frames(self) -> Iterator[Any]:
        """The source's frames until stopped (``config.frame_timeout_s`` each at most). The page
        says "no picture" while none come and "watching" again when they do; systemd's
        watchdog is fed while frames arrive, at most once a second, so a stuck camera restarts
        the service."""
        self.referee.set_extra("camera", "watching")
        fed, blind = 0.0, False
        while not self._stop.is_set():
            frame = self.source.read(timeout=self.config.frame_timeout_s)
            if frame is None:
                self.referee.set_extra("camera", "no picture")
                blind = True
                self._stop.wait(0.5)
                continue
            if blind:
                self.referee.set_extra("camera", "watching")
                blind = False
            now = time.monotonic()
            if now - fed >= 1.0:
                systemd.notify("WATCHDOG=1")
                fed = now
            yield frame
