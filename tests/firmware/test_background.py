"""The camera watchers' shared frame loop: what the page is told while the camera is silent."""

from types import SimpleNamespace

from firmware_py.background import CameraWatcher


class _Referee:
    def __init__(self) -> None:
        self.said: list[str] = []

    def set_extra(self, key: str, value: str) -> None:
        assert key == "camera"
        self.said.append(value)


class _Source:
    """Gives nothing, then a frame, then nothing more."""

    def __init__(self, watcher_stop) -> None:
        self.replies = [None, "frame-1"]
        self.stop = watcher_stop

    def read(self, timeout: float):
        if not self.replies:
            self.stop.set()
            return None
        return self.replies.pop(0)


def test_frames_say_no_picture_then_watching_again() -> None:
    referee = _Referee()
    watcher = CameraWatcher(referee, None, None, SimpleNamespace(frame_timeout_s=0.01))
    watcher.source = _Source(watcher._stop)
    frames = list(watcher._frames())
    assert frames == ["frame-1"]
    assert referee.said[:3] == ["watching", "no picture", "watching"]
