"""The JSON API: the GameView (plain and as Server-Sent Events) and every action as a POST.

Rejections are answers, not errors: ``{"ok": false, "reason": "..."}`` with status 409 for a
move the rules refuse, 400 for a malformed request, 403 without the PIN.
"""

from __future__ import annotations

import json
import queue
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context

from engines.core import Action, EngineError
from web.auth import check_pin, is_player, players_only, table

bp = Blueprint("api", __name__, url_prefix="/api")


def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    return data if isinstance(data, dict) else {}


def _answer(reason: str | None, **done: Any) -> tuple[Response, int]:
    """The answer to a request the table took (``reason`` None: 200 with ``done``) or refused
    for ``reason`` (409: the request was well formed, the table's state forbids it)."""
    if reason is not None:
        return jsonify(ok=False, reason=reason), 409
    return jsonify(ok=True, **done), 200


@bp.get("/view")
def view() -> Response:
    """The whole GameView now, with whether this browser may act."""
    return jsonify({**table().view(), "player": is_player()})


@bp.get("/stream")
def stream() -> Response:
    """Server-Sent Events: the whole GameView after every change, a comment as heartbeat."""
    heartbeat = float(current_app.config["SSE_HEARTBEAT_S"])
    box, unsubscribe = table().referee.stream()
    tab = table()

    def events() -> Iterator[str]:
        try:
            while True:
                try:
                    view = box.get(timeout=heartbeat)
                except queue.Empty:
                    yield ": keep-alive\n\n"
                    continue
                payload = json.dumps(tab.decorate(view), separators=(",", ":"))
                yield f"id: {view['version']}\nevent: view\ndata: {payload}\n\n"
        finally:
            unsubscribe()

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(stream_with_context(events()), mimetype="text/event-stream", headers=headers)


@bp.post("/pin")
def pin() -> tuple[Response, int]:
    """Check the table PIN; a correct one signs this browser in as a player."""
    if check_pin(str(_body().get("pin", ""))):
        return jsonify(ok=True), 200
    return jsonify(ok=False, reason="That is not the PIN shown on the device."), 403


@bp.post("/action")
@players_only
def action() -> tuple[Response, int]:
    """Submit one action ``{"kind", "player", "data"}`` to the current game."""
    body = _body()
    if not isinstance(body.get("kind"), str) or not isinstance(body.get("data", {}), dict):
        return jsonify(ok=False, reason="An action needs a kind and a data object."), 400
    player = body.get("player")
    if player is not None and not isinstance(player, int):
        return jsonify(ok=False, reason="player must be a seat number."), 400
    step = table().referee.submit(Action(body["kind"], player, body.get("data") or {}))
    if not step.ok:
        return jsonify(ok=False, reason=step.reason), 409
    return jsonify(ok=True, events=[e.to_json() for e in step.events]), 200


@bp.post("/undo")
@players_only
def undo() -> tuple[Response, int]:
    """Take back the last accepted action (the UNDO button does the same)."""
    if table().referee.undo():
        return jsonify(ok=True), 200
    return jsonify(ok=False, reason="There is nothing to undo."), 409


@bp.post("/start")
@players_only
def start() -> tuple[Response, int]:
    """Start a new game: ``{"game": "koper", "options": {...}}``."""
    body = _body()
    game = body.get("game")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        return jsonify(ok=False, reason="options must be an object."), 400
    try:
        match_id = table().start_game(str(game), options)
    except KeyError:
        return jsonify(ok=False, reason=f"Unknown game {game!r}."), 400
    except (EngineError, ValueError) as exc:
        return jsonify(ok=False, reason=str(exc)), 400
    return jsonify(ok=True, match_id=match_id), 200


@bp.post("/koper/card")
@players_only
def koper_card() -> tuple[Response, int]:
    """The players' word on a card the camera read unsure: ``{"at": [row, col], "card": "QH"}``,
    or ``"card": null`` when it was read right."""
    body = _body()
    at, card = body.get("at"), body.get("card")
    if not (
        isinstance(at, list)
        and len(at) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 8 for v in at)
    ):
        return jsonify(ok=False, reason="at must be a square [row, col], both 0 to 7."), 400
    if card is not None and not (isinstance(card, str) and len(card) == 2):
        return jsonify(ok=False, reason='card must be a card such as "QH", or null.'), 400
    return _answer(table().correct_card((at[0], at[1]), card))


@bp.post("/koper/marked")
@players_only
def koper_marked() -> tuple[Response, int]:
    """The players' word that every card the camera marked unsure was read right: ``{}``."""
    return _answer(table().confirm_marked())


@bp.post("/koper/deck")
@players_only
def koper_deck() -> tuple[Response, int]:
    """Remember the deck the camera learnt from this game's boards: ``{"name": "Club deck"}``."""
    name = _body().get("name")
    if not isinstance(name, str) or not name.strip():
        return jsonify(ok=False, reason='name must be the deck\'s name, such as "Club deck".'), 400
    return _answer(table().remember_deck(name), name=name.strip())


@bp.post("/button/<name>")
@players_only
def button(name: str) -> tuple[Response, int]:
    """Press a virtual GPIO button (demo and tests: mock pins only)."""
    controls = table().controls
    if not controls.virtual:
        return jsonify(ok=False, reason="This table has real buttons."), 409
    try:
        controls.press(name)
    except ValueError as exc:
        return jsonify(ok=False, reason=str(exc)), 404
    return jsonify(ok=True), 200
