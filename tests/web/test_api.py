"""The phone API: watching is free, acting needs the PIN, rejections come back with reasons."""

from __future__ import annotations

import json
import threading

from flask.testing import FlaskClient

from firmware_py.table import Table


def start_koper(player: FlaskClient) -> None:
    res = player.post("/api/start", json={"game": "koper", "options": {"builder": 0}})
    assert res.status_code == 200, res.get_json()


def test_spectators_watch_but_cannot_act(client: FlaskClient, table: Table) -> None:
    table.start_game("koper", {})
    assert client.get("/api/view").get_json()["game"] == "koper"
    for url, body in [
        ("/api/action", {"kind": "move", "player": 0, "data": {"from": [5, 4], "to": [4, 4]}}),
        ("/api/undo", {}),
        ("/api/start", {"game": "koper"}),
        ("/api/button/end_turn", {}),
    ]:
        res = client.post(url, json=body)
        assert res.status_code == 403
        assert "PIN" in res.get_json()["reason"]


def test_wrong_pin_is_refused(client: FlaskClient) -> None:
    res = client.post("/api/pin", json={"pin": "0000"})
    assert res.status_code == 403 and not res.get_json()["ok"]


def test_move_accepted_then_illegal_move_explained(player: FlaskClient) -> None:
    start_koper(player)
    ok = player.post(
        "/api/action", json={"kind": "move", "player": 0, "data": {"from": [5, 4], "to": [4, 4]}}
    )
    assert ok.status_code == 200 and ok.get_json()["ok"]
    view = player.get("/api/view").get_json()
    assert view["state"]["moves"] == ["e6-e5"] and view["player"] is True
    bad = player.post(
        "/api/action", json={"kind": "move", "player": 1, "data": {"from": [0, 0], "to": [5, 5]}}
    )
    assert bad.status_code == 409 and bad.get_json()["reason"]
    assert player.post("/api/undo").get_json()["ok"]
    assert player.get("/api/view").get_json()["state"]["moves"] == []


def test_malformed_requests_get_400(player: FlaskClient) -> None:
    start_koper(player)
    assert player.post("/api/action", json={"data": {}}).status_code == 400
    assert player.post("/api/action", data="not json").status_code == 400
    assert player.post("/api/action", json={"kind": "move", "player": "x"}).status_code == 400
    res = player.post("/api/start", json={"game": "chess"})
    assert res.status_code == 400 and "chess" in res.get_json()["reason"]
    res = player.post("/api/start", json={"game": "koper", "options": {"cells": [[1]]}})
    assert res.status_code == 400 and res.get_json()["reason"]


def test_event_stream_pushes_each_new_version(player: FlaskClient, table: Table) -> None:
    start_koper(player)
    res = player.get("/api/stream", buffered=False)
    chunks = iter(res.response)

    def next_view() -> dict:
        for chunk in chunks:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("id:"):
                return json.loads(text.split("data: ", 1)[1])
        raise AssertionError("stream ended")

    first = next_view()
    assert first["leds"]["seats"][:2] == [True, False]
    threading.Timer(0.05, lambda: table.referee.set_problem("Put the checker back.")).start()
    second = next_view()
    assert second["version"] > first["version"]
    assert second["problem"] == "Put the checker back."
    assert second["leds"]["status"] == "attention"
    res.close()


def test_home_and_game_pages_render(client: FlaskClient, table: Table) -> None:
    table.start_game("koper", {})
    home = client.get("/").get_data(as_text=True)
    assert "Start Koper" in home and 'href="/play/koper"' in home
    page = client.get("/play/koper")
    assert page.status_code == 200 and "koper.js" in page.get_data(as_text=True)
    assert client.get("/play/chess").status_code == 404
    assert client.get("/camera/snapshot.jpg").status_code == 404


def test_malformed_action_data_is_an_answer_not_a_crash(player: FlaskClient) -> None:
    start_koper(player)
    for data in ({"from": "zz", "to": [4, 4]}, {}, {"at": [9, 9]}):
        res = player.post("/api/action", json={"kind": "move", "player": 0, "data": data})
        assert res.status_code == 409 and res.get_json()["reason"]
    res = player.post("/api/action", json={"kind": "dance", "player": 0, "data": {}})
    assert res.status_code == 409 and res.get_json()["reason"]


def test_home_page_offers_the_qr_code_of_the_table_url(client: FlaskClient, table: Table) -> None:
    assert "Join from another phone" not in client.get("/").get_data(as_text=True)
    table.set_urls(["http://tableside.local:8080/", "http://192.168.1.20:8080/"])
    home = client.get("/").get_data(as_text=True)
    assert "<svg" in home and "http://192.168.1.20:8080/" in home


def test_a_card_correction_needs_a_square_and_a_camera(player: FlaskClient) -> None:
    start_koper(player)
    bad = player.post("/api/koper/card", json={"at": [9, 0], "card": "QH"})
    assert bad.status_code == 400 and "square" in bad.get_json()["reason"]
    bad = player.post("/api/koper/card", json={"at": [0, 0], "card": 5})
    assert bad.status_code == 400
    # No camera watches this table: the players enter moves themselves.
    res = player.post("/api/koper/card", json={"at": [5, 6], "card": None})
    assert res.status_code == 409 and "camera" in res.get_json()["reason"]
    res = player.post("/api/koper/marked", json={})
    assert res.status_code == 409 and "camera" in res.get_json()["reason"]


def test_remembering_a_deck_needs_a_name_and_a_camera(player: FlaskClient) -> None:
    start_koper(player)
    for body in ({}, {"name": ""}, {"name": 5}):
        bad = player.post("/api/koper/deck", json=body)
        assert bad.status_code == 400 and "name" in bad.get_json()["reason"]
    res = player.post("/api/koper/deck", json={"name": "Club deck"})
    assert res.status_code == 409 and "camera" in res.get_json()["reason"]
