"""The phone page: a Flask app factory with one blueprint per concern. No game logic lives here.

The app is handed the running *table* (the referee, the controls, the camera view and the PIN;
see :class:`firmware_py.table.Table`) and only translates HTTP to it:

* ``pages``: the home page and one page per game (plain HTML, CSS and a little JavaScript).
* ``api``: the GameView as JSON and as Server-Sent Events; actions, undo, new games, virtual
  buttons as POSTs. Changing anything needs the table PIN; watching does not.
* ``camera``: the annotated camera snapshot (JPEG) and a low-rate MJPEG stream.

>>> app = create_app({"TESTING": True}, table=None)  # doctest: +SKIP
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Flask


def create_app(test_config: dict[str, Any] | None = None, *, table: Any) -> Flask:
    """Build the Flask app serving ``table``.

    ``test_config`` overrides Flask settings (``TESTING``, ``SECRET_KEY``). The secret key signs
    the PIN session cookie; the table keeps it in its settings so phones stay signed in across
    restarts.
    """
    app = Flask(__name__)
    app.config.from_mapping(
        SECRET_KEY=table.secret_key if table is not None else secrets.token_hex(16),
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=12 * 3600,
        SSE_HEARTBEAT_S=15.0,
    )
    if test_config:
        app.config.from_mapping(test_config)
    app.extensions["table"] = table

    from web import api, camera, pages

    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(camera.bp)
    return app
