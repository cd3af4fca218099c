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
from typing import Any


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
