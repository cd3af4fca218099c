"""Castle Croquetnole refereed by hand through the phone API, with the page's action shapes.

The page posts either one of the view's legal actions as it is (flick, rest, place, croquet,
end_turn) or an observed event built from the view's report lists (pass, hit, strike, off_table)
and corrections; these tests do the same.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from firmware_py.plugins import croquetnole_active_seats, croquetnole_options
from firmware_py.table import Table

Json = dict[str, Any]


def start(player: FlaskClient, **form: Any) -> Json:
    """Start a match from the home page's form answers; the new GameView."""
    res = player.post("/api/start", json={"game": "croquetnole", "options": form})
    assert res.status_code == 200, res.get_json()
    return view(player)


def view(client: FlaskClient) -> Json:
    return client.get("/api/view").get_json()


def legal(v: Json, kind: str, /, **data: Any) -> Json:
    """The one legal action of ``kind`` whose data has ``data``, as the page finds its button's."""
    found = [a for a in v["legal"] if a["kind"] == kind and data.items() <= a["data"].items()]
    assert len(found) == 1, (kind, data, v["legal"])
    return found[0]


def act(player: FlaskClient, action: Json) -> Json:
    """Post an action; it must be accepted. The rulings it made."""
    res = player.post("/api/action", json=action)
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def observe(kind: str, **data: Any) -> Json:
    """An observed event as the report panel sends it (anyone may report it)."""
    return {"kind": kind, "player": None, "data": data}


def place_all(player: FlaskClient) -> Json:
    v = view(player)
    for action in [a for a in v["legal"] if a["kind"] == "place"]:
        act(player, action)
    return view(player)


def kinds(rulings: Json) -> list[str]:
    return [e["kind"] for e in rulings["events"]]


def castle(v: Json, name: str) -> Json:
    return next(c for c in v["state"]["castles"] if c["name"] == name)


def test_the_view_carries_the_legal_actions_and_the_options(player: FlaskClient) -> None:
    v = start(player, players="moons,crowns", course="players", croquet_default=1)
    assert v["options"] == {
        "players": ["moons", "crowns"],
        "course": "players",
        "croquet_default": 1,
    }
    assert v["state"]["players"] == ["moons", "crowns"]
    assert not castle(v, "suns")["playing"]
    assert [a["kind"] for a in v["legal"]] == ["place", "place", "place", "end_turn"]
    assert legal(v, "end_turn") == {"kind": "end_turn", "player": 0, "data": {}}
    assert castle(v, "moons")["knight"]["course"][1] == "crowns-gate in"


def test_start_form_answers_become_engine_options() -> None:
    form = {"players": "moons,suns,crowns,arms", "course": "all", "croquet_default": "5"}
    assert croquetnole_options(form) == {
        "players": ["moons", "suns", "crowns", "arms"],
        "course": "all",
        "croquet_default": 5,
    }
    assert croquetnole_active_seats({"seat": 2, "winner": None}) == [2]
    assert croquetnole_active_seats({"seat": 2, "winner": "crowns"}) == []


def test_bad_start_options_are_explained(player: FlaskClient) -> None:
    res = player.post(
        "/api/start", json={"game": "croquetnole", "options": {"players": "moons,hearts"}}
    )
    assert res.status_code == 400 and "players" in res.get_json()["reason"]


def test_home_page_offers_croquetnole_with_its_options(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert 'data-game="croquetnole"' in html
    for name in ("players", "course", "croquet_default"):
        assert f'name="{name}"' in html
    page = client.get("/play/croquetnole").get_data(as_text=True)
    assert "croquetnole.js" in page and 'id="report-box"' in page


def test_a_turn_with_a_scoring_gate_a_guard_bonus_and_the_turn_passing(
    player: FlaskClient, table: Table
) -> None:
    start(player)
    v = place_all(player)
    assert v["state"]["placements"] == []
    assert table.view()["leds"]["seats"] == [True, False, False, False]

    act(player, legal(v, "flick", coin="moons-knight"))
    v = view(player)
    assert [a["kind"] for a in v["legal"]] == ["rest", "end_turn"]
    done = act(player, observe("pass", coin="moons-knight", feature="moons-gate", direction="out"))
    assert kinds(done) == ["score"] and "bonus flick" in done["events"][0]["text"]
    act(player, legal(view(player), "rest"))
    v = view(player)
    assert v["state"]["in_play"] == {"coin": "moons-knight", "flicks_left": 1, "flicking": False}
    assert castle(v, "moons")["knight"]["next"] == "suns-gate in"
    assert castle(v, "moons")["knight"]["location"] == "wasteland"

    # The second flick: nothing happens, the knight gives way to the guard.
    act(player, legal(v, "flick", coin="moons-knight"))
    act(player, legal(view(player), "rest"))
    v = view(player)
    assert v["state"]["phase"] == "guard"
    assert [a["kind"] for a in v["legal"]] == ["flick", "end_turn"]

    # The guard leaves its castle by the gate: off duty, one bonus flick.
    act(player, legal(v, "flick", coin="moons-guard"))
    out = act(player, observe("pass", coin="moons-guard", feature="moons-gate", direction="out"))
    assert kinds(out) == ["bonus"] and "off duty" in out["events"][0]["text"]
    act(player, legal(view(player), "rest"))
    v = view(player)
    assert not castle(v, "moons")["guard"]["on_duty"]
    assert v["state"]["in_play"]["flicks_left"] == 1

    # End the turn early: Suns plays next, its knight to be placed; the LEDs follow.
    act(player, legal(v, "end_turn"))
    v = view(player)
    assert v["state"]["turn"] == "suns"
    assert legal(v, "place", coin="suns-knight")["data"]["at"] == castle(v, "suns")["knight_start"]
    assert table.view()["leds"]["seats"] == [False, True, False, False]


def test_end_turn_from_another_seat_is_refused_and_undo_restores(player: FlaskClient) -> None:
    start(player)
    res = player.post("/api/action", json={"kind": "end_turn", "player": 2, "data": {}})
    assert res.status_code == 409 and "Moons" in res.get_json()["reason"]
    act(player, legal(view(player), "end_turn"))
    assert view(player)["state"]["turn"] == "suns"
    assert player.post("/api/undo").get_json()["ok"]
    v = view(player)
    assert v["state"]["turn"] == "moons" and v["events"][-1]["kind"] == "undo"


def test_the_table_end_turn_button_ends_the_croquetnole_turn(
    player: FlaskClient, table: Table
) -> None:
    start(player)
    assert player.post("/api/button/end_turn").get_json()["ok"]
    assert view(player)["state"]["turn"] == "suns"


def test_croquet_kinds_are_offered_and_the_placement_follows(player: FlaskClient) -> None:
    start(player, players="moons,crowns")
    v = place_all(player)
    # Moons: the guard goes off duty, the turn ends; Crowns passes.
    act(player, legal(v, "flick", coin="moons-guard"))
    act(player, observe("pass", coin="moons-guard", feature="moons-gate", direction="out"))
    act(player, legal(view(player), "rest"))
    act(player, legal(view(player), "end_turn"))
    act(player, legal(view(player), "end_turn"))
    # Round 2: the Moons knight hits its own guard, off duty: croquet.
    act(player, legal(view(player), "flick", coin="moons-knight"))
    hit = act(player, observe("strike", coin="moons-knight", target="moons-guard"))
    assert kinds(hit) == ["croquet_offered"]
    v = view(player)
    assert v["state"]["croquet"]["coin"] == "moons-knight"
    act(player, legal(v, "rest"))
    v = view(player)
    offered = sorted(a["data"]["kind"] for a in v["legal"] if a["kind"] == "croquet")
    assert offered == [1, 2, 3, 4, 5]
    assert not [a for a in v["legal"] if a["kind"] == "flick"]
    chosen = act(player, legal(v, "croquet", kind=3))
    assert kinds(chosen) == ["croquet", "place"]
    v = view(player)
    assert v["state"]["in_play"]["flicks_left"] == 2
    assert legal(v, "place", coin="moons-knight")


def test_off_the_table_and_a_correction(player: FlaskClient) -> None:
    start(player)
    v = place_all(player)
    act(player, legal(v, "flick", coin="moons-knight"))
    off = act(player, observe("off_table", coin="moons-knight", at=[432, 864]))
    assert kinds(off) == ["off_table", "place"]
    act(player, legal(view(player), "rest"))
    v = view(player)
    spot = legal(v, "place", coin="moons-knight")["data"]["at"]
    assert spot[1] < 864 and v["state"]["phase"] == "guard"
    fixed = act(
        player, observe("correct", coin="moons-knight", location="wasteland", next="suns-gate in")
    )
    assert kinds(fixed) == ["correction"]
    knight = castle(view(player), "moons")["knight"]
    assert knight["location"] == "wasteland" and knight["next"] == "suns-gate in"


def test_spectators_see_the_match_but_cannot_report(client: FlaskClient, table: Table) -> None:
    table.start_game("croquetnole", {})
    v = view(client)
    assert v["game"] == "croquetnole" and v["player"] is False and v["legal"]
    res = client.post("/api/action", json=observe("flick", coin="moons-knight"))
    assert res.status_code == 403
