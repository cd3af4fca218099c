"""The annotated camera view: a JPEG snapshot and a low-rate MJPEG stream.

Each annotated frame is encoded once by the camera loop and shared by every client (the Pi 5 has
no hardware JPEG encoder, FACTS). Phones that freeze MJPEG in the background can poll the
snapshot instead.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from flask import Blueprint, Response, abort, stream_with_context

from web.auth import table

bp = Blueprint("camera", __name__, url_prefix="/camera")

#: A stream ends after this long so that a waitress thread is never held by a vanished phone;
#: the page reconnects when it is still showing.
STREAM_MAX_S = 300.0


@bp.get("/snapshot.jpg")
def snapshot() -> Response:
    jpeg = table().camera_view.latest()[1]
    if jpeg is None:
        abort(404, "No camera picture yet.")
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/stream.mjpg")
def stream() -> Response:
    view = table().camera_view

    def frames() -> Iterator[bytes]:
        seen = -1
        end = time.monotonic() + STREAM_MAX_S
        while time.monotonic() < end:
            seen, jpeg = view.wait_newer(seen, timeout=10.0)
            if jpeg is not None:
                yield b"--frame\r\nContent-Type: image/jpeg\r\n\r\n" + jpeg + b"\r\n"

    return Response(
        stream_with_context(frames()), mimetype="multipart/x-mixed-replace; boundary=frame"
    )
