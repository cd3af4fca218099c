"""The table PIN: anyone may watch, only someone who typed the PIN shown on the device may act.

The PIN is checked once and remembered in Flask's signed session cookie.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import current_app, jsonify, session


def table() -> Any:
    """The running table the app serves."""
    return current_app.extensions["table"]


def is_player() -> bool:
    """Whether this browser has entered the table PIN."""
    return session.get("pin") == table().pin


def check_pin(candidate: str) -> bool:
    """Compare in constant time and remember a correct PIN in the session."""
    ok = hmac.compare_digest(str(candidate).strip().encode(), table().pin.encode())
    if ok:
        session["pin"] = table().pin
        session.permanent = True
    return ok


def players_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse a request (403 with a reason) unless the table PIN was entered."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not is_player():
            return jsonify(ok=False, reason="Enter the table PIN shown on the device first."), 403
        return view(*args, **kwargs)

    return wrapper
