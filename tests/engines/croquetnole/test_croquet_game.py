"""A full four-player game to a win, replayed from its match record, and the phone's view."""

from __future__ import annotations

import json

import pytest

from engines.core import Action, EngineError, MatchRecord, replay, replay_events
from engines.croquetnole import GAME, State, default_layout
from engines.croquetnole.names import CASTLES
from engines.croquetnole.notation import play

LAYOUT = default_layout()


def clause_for(step: str, coin: str) -> str:
    """The event that scores ``step`` for ``coin``: "suns-gate in" -> a pass, a tower -> a hit."""
    name, _, direction = step.partition(" ")
    if name.endswith("tower"):
        return f"{coin} hits {name}"
    return f"{coin} passes {name} {direction or 'out'}"


class Match:
    """Plays a match clause by clause, keeping the record the runtime would keep."""

    def __init__(self) -> None:
        self.state: State = GAME.new_state({}, seed=0)
        self.record = MatchRecord("croquetnole", 0, {})
        self.kinds: list[str] = []

    def play(self, script: str) -> None:
        self.state, events, actions = play(self.state, script)
        for a in actions:
            self.record = self.record.push(a)
        self.kinds.extend(e.kind for e in events)

    def place_due(self) -> None:
        """Do every placement the referee asks for."""
        self.play("; ".join(f"{p.coin} placed" for p in self.state.placements) or "rest")

    def advance(self, castle: str, steps: int) -> None:
        """A turn: the knight scores its next ``steps`` steps, misses once, then the guard is
        played once without going anywhere."""
        self.place_due()
        k = f"{castle}-knight"
        assert self.state.turn == castle
        if self.state.phase == "knight":
            for _ in range(steps):
                step = self.state.coin(k).course[0]
                self.play(f"{k} flicks; {clause_for(step, k)}")
                if self.state.winner is not None:
                    return
                self.play("rest")
            self.play(f"{k} flicks; rest")
        self.place_due()
        self.play(f"{castle}-guard flicks; rest")


def test_a_full_four_player_game_to_a_win() -> None:
    m = Match()
    # Round 1: Moons gets into Suns; Suns' guard, on duty, hits it: a prisoner.
    m.advance("moons", 2)
    m.place_due()
    m.play("suns-knight flicks; suns-knight passes suns-gate out; rest; suns-knight flicks; rest")
    m.play("suns-guard flicks; suns-guard strikes moons-knight; rest")
    assert m.state.coin("moons-knight").prisoner_of == "suns"
    m.play("suns-guard flicks; rest")
    m.advance("crowns", 2)
    # Arms' knight flies off the table: back on the edge, no more flicks for it.
    m.place_due()
    m.play("arms-knight flicks; arms-knight off at 870 500; rest")
    m.place_due()
    m.play("arms-guard flicks; rest")
    # Round 2: the Moons guard, on duty, goes round the tiles and hits the Suns tower.
    assert (m.state.turn, m.state.phase) == ("moons", "guard")
    m.play("moons-guard flicks; rest moons-guard 300 560")
    m.advance("suns", 2)
    m.advance("crowns", 2)
    m.advance("arms", 2)
    m.play("moons-guard flicks; moons-guard hits suns-tower; rest")
    assert m.state.coin("moons-knight").recovering
    for castle in CASTLES[1:]:
        m.advance(castle, 1)
    # From round 4 everyone races; Moons restarts Suns from its own gate and runs home.
    while m.state.winner is None:
        castle = m.state.turn
        m.advance(castle, 3 if castle == "moons" else 2)
    assert m.state.winner == "moons"
    assert m.state.round >= 5
    assert m.kinds.count("win") == 1
    for kind in ("prisoner_taken", "prisoner_released", "guard_returned", "off_table", "score"):
        assert kind in m.kinds
    for castle in CASTLES[1:]:
        assert len(m.state.coin(f"{castle}-knight").course) < 15

    # The match record rebuilds the same state, also through JSON.
    assert replay(GAME, m.record) == m.state
    again = MatchRecord.from_json(json.loads(json.dumps(m.record.to_json())))
    state, events = replay_events(GAME, again)
    assert state == m.state
    assert [e.kind for e in events] == list(
        e.kind for e in m.state.log[len(GAME.new_state({}, 0).log) :]
    )


def test_undo_is_popping_the_record() -> None:
    m = Match()
    m.place_due()
    before = m.state
    m.play("moons-knight flicks; moons-knight passes moons-gate out")
    assert replay(GAME, m.record.pop().pop()) == before


def test_view_is_json_with_everything_the_phone_shows(croquet) -> None:
    r = croquet("""
        correct moons-knight location suns; correct moons-knight next suns-tower
        moons-knight flicks; moons-knight hits suns-guard; rest
    """)
    v = GAME.view(r.state)
    assert json.loads(json.dumps(v)) == v
    assert (v["turn"], v["seat"], v["phase"]) == ("moons", 0, "guard")
    assert v["in_play"] == {"coin": "moons-guard", "flicks_left": 1, "flicking": False}
    moons, suns = v["castles"][0], v["castles"][1]
    assert moons["knight"]["prisoner_of"] == "suns"
    assert moons["knight"]["next_text"] == "the Suns tower"
    assert moons["guard"]["on_duty"] is True
    assert suns["prisoners"] == ["moons-knight"]
    assert suns["tower"] == list(LAYOUT.castle("suns").tower_top)
    assert v["placements"][-1] == {
        "coin": "moons-knight",
        "target": list(LAYOUT.castle("suns").tower_top),
        "tolerance_mm": 19.05,
        "why": "a prisoner is held on top of the Suns tower.",
    }
    assert v["log"][-1]["kind"] == "turn"
    assert v["winner"] is None and v["croquet"] is None
    assert v["report"]["coins"][:2] == ["moons-knight", "moons-guard"]
    assert len(v["report"]["gates_doors"]) == 8 and len(v["report"]["towers"]) == 4


def test_view_offers_croquet_kinds_and_legal_inputs_list_them(croquet) -> None:
    r = croquet("""
        correct moons-guard location wasteland; correct moons-guard at 432 520
        moons-knight flicks; moons-knight strikes moons-guard
    """)
    v = GAME.view(r.state)
    assert [k["kind"] for k in v["croquet"]["kinds"]] == [1, 2, 3, 4, 5]
    legal = GAME.legal_actions(r.state)
    assert Action("rest", None, {"positions": {}}) in legal
    assert Action("croquet", 0, {"kind": 4}) in legal
    r = r.then("rest")
    kinds = [a.kind for a in GAME.legal_actions(r.state)]
    assert kinds == ["croquet"] * 5 + ["end_turn"]


def test_legal_inputs_at_the_start_and_every_one_is_accepted(setup_state) -> None:
    legal = GAME.legal_actions(setup_state)
    assert legal == [
        Action("flick", None, {"coin": "moons-knight"}),
        Action("flick", None, {"coin": "moons-guard"}),
        Action("end_turn", 0),
    ]
    assert all(GAME.apply(setup_state, a).ok for a in legal)
    fresh = GAME.new_state({}, 0)
    placements = [a for a in GAME.legal_actions(fresh) if a.kind == "place"]
    assert len(placements) == 5
    assert all(GAME.apply(fresh, a).events[0].kind == "placed" for a in placements)


def test_options_choose_players_course_and_layout() -> None:
    lay = default_layout().to_json()
    state = GAME.new_state({"players": ["moons", "crowns"], "course": "players", "layout": lay}, 0)
    assert [c.name for c in state.coins] == [
        "moons-knight",
        "moons-guard",
        "crowns-knight",
        "crowns-guard",
    ]
    assert state.coin("moons-knight").course[1] == "crowns-gate in"
    assert len(state.coin("moons-knight").course) == 7
    every = GAME.new_state({"players": ["moons", "crowns"]}, 0)
    assert every.coin("moons-knight").course[1] == "suns-gate in"
    assert len(GAME.view(every)["castles"]) == 4


@pytest.mark.parametrize(
    "options",
    [
        {"players": ["mars"]},
        {"players": []},
        {"croquet_default": 3},
        {"course": "some"},
        {"speed": 2},
        {
            "players": ["suns"],
            "layout": {
                "tiles": [
                    {"center": [0, 0]},
                    {"center": [100, 0]},
                    {"center": [50, 200], "stack": 2},
                ],
                "castles": {"moons": {"gate": [0, 1], "door": [0, 1], "tower": 2}},
            },
        },
    ],
)
def test_bad_options_are_engine_errors(options: dict) -> None:
    with pytest.raises(EngineError):
        GAME.new_state(options, 0)
