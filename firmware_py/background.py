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
