"""Errors and penalties, refused flicks, the turn flow, placements, corrections and winning."""

from __future__ import annotations

from engines.core import Action
from engines.croquetnole import GAME, default_layout
from engines.croquetnole.notation import parse

LAYOUT = default_layout()


# -- Starting the game and the turn -----------------------------------------------------------


def test_setup_asks_for_every_guard_and_the_first_knight() -> None:
    state = GAME.new_state({}, 0)
    assert [(p.coin, p.target) for p in state.placements] == [
        ("moons-guard", LAYOUT.castle("moons").guard_start),
        ("suns-guard", LAYOUT.castle("suns").guard_start),
        ("crowns-guard", LAYOUT.castle("crowns").guard_start),
        ("arms-guard", LAYOUT.castle("arms").guard_start),
        ("moons-knight", LAYOUT.castle("moons").knight_start),
    ]


def test_each_player_places_the_knight_on_the_first_turn(croquet) -> None:
    r = croquet("moons-knight flicks; rest; moons-guard flicks; rest")
    assert r.state.turn == "suns"
    assert r.state.placements[-1].coin == "suns-knight"
    r = r.then("suns-knight flicks")
    assert r.kinds == ["flick_refused"]
    assert "must first be put down by hand" in r.events[0].text


def test_knight_then_guard(croquet) -> None:
    r = croquet("moons-knight flicks; rest")
    assert r.of("turn")[0].text == "Moons knight has no flicks left. Moons guard to play."
    r = r.then("moons-knight flicks")
    assert r.kinds == ["flick_refused"]


def test_playing_the_guard_first_skips_the_knight(croquet) -> None:
    r = croquet("moons-guard flicks")
    assert r.kinds == ["turn"]
    assert r.state.phase == "guard" and r.state.flicks_left == 0


def test_end_turn_passes_clockwise_among_the_players() -> None:
    state = GAME.new_state({"players": ["suns", "arms"]}, 0)
    assert state.turn == "suns"
    state = GAME.apply(state, Action("end_turn", 1)).state
    assert (state.turn, state.round) == ("arms", 1)
    state = GAME.apply(state, Action("end_turn", 3)).state
    assert (state.turn, state.round) == ("suns", 2)


def test_end_turn_from_another_seat_is_rejected(setup_state) -> None:
    step = GAME.apply(setup_state, Action("end_turn", 2))
    assert (step.ok, step.reason) == (False, "It is Moons' turn.")


# -- Errors and penalties ----------------------------------------------------------------------


def test_own_coin_off_the_table_returns_to_the_edge_and_loses_its_flicks(croquet) -> None:
    r = croquet("""
        moons-knight flicks; moons-knight passes moons-gate out
        moons-knight off at 500 870
    """)
    assert r.of("off_table")[0].data["spot"] == [500.0, 864 - 19.05 / 2]
    assert r.state.flicks_left == 0
    assert r.coin("moons-knight").position is None
    assert r.state.placements[-1].coin == "moons-knight"


def test_another_players_coin_knocked_off_just_goes_back(croquet) -> None:
    r = croquet("moons-knight flicks; suns-guard off at -3 400")
    assert r.of("off_table")[0].text == (
        "Suns guard went off the table: it just goes back on the edge where it fell."
    )
    assert r.state.placements[-1].target == (19.05 / 2, 400.0)


def test_into_a_gate_while_inside_another_castle_is_illegal(croquet) -> None:
    r = croquet("""
        correct moons-knight location suns; correct moons-knight at 300 300
        moons-knight flicks; moons-knight passes crowns-gate in; moons-knight hits crowns-tower
        rest moons-knight 432 250
    """)
    assert r.kinds[2:5] == ["illegal_flick", "place", "turn"]
    k = r.coin("moons-knight")
    assert k.location == "suns"
    assert r.state.placements[-1].target == (300.0, 300.0)
    assert r.state.phase == "guard"  # may not be flicked again that turn


def test_a_refused_flick_scores_nothing_and_its_coins_go_back(croquet) -> None:
    r = croquet("""
        rest moons-knight 440 640, suns-knight 100 100
        suns-guard flicks; suns-guard passes suns-gate out; suns-guard strikes moons-knight
        rest suns-guard 350 430, moons-knight 400 700
    """)
    assert r.kinds == ["flick_refused", "place", "place"]
    assert r.coin("suns-guard").on_duty
    targets = {p.coin: p.target for p in r.state.placements}
    assert targets["moons-knight"] == (440.0, 640.0)
    assert targets["suns-guard"] == LAYOUT.castle("suns").guard_start
    assert r.state.flicks_left == 1


def test_a_coin_with_no_flicks_left_is_refused(croquet) -> None:
    r = croquet("moons-knight flicks; rest; moons-knight flicks")
    assert r.of("flick_refused")[0].data["reason"] == (
        "it has no flicks left: the knight's part of this turn is over"
    )


def test_a_guard_with_no_flicks_left_has_handed_the_turn_on(croquet) -> None:
    r = croquet("moons-guard flicks; moons-guard flicks")
    assert r.of("flick_refused")[0].data["reason"] == "it is Suns' turn"


def test_correcting_the_flicks_to_none_moves_the_turn_on(croquet) -> None:
    r = croquet("correct flicks 0")
    assert r.state.phase == "guard"


# -- Placements and corrections ----------------------------------------------------------------


def test_a_placement_far_from_its_target_stays_due(croquet) -> None:
    r = croquet("moons-knight off at 10 10; moons-knight placed at 100 100")
    assert r.kinds[-1] == "misplaced"
    assert r.state.placements[-1].coin == "moons-knight"


def test_a_coin_moved_by_hand_unasked_is_noted(croquet) -> None:
    r = croquet("moons-knight placed at 400 700")
    assert r.kinds == ["moved_by_hand"]
    assert r.coin("moons-knight").position == (400.0, 700.0)


def test_corrections_set_what_the_camera_got_wrong(croquet) -> None:
    r = croquet("""
        correct moons-guard location wasteland
        correct moons-knight prisoner_of crowns
        correct flicks 3
    """)
    assert not r.coin("moons-guard").on_duty
    assert r.coin("moons-knight").location == "crowns"
    assert r.state.flicks_left == 3
    assert r.of("correction")[1].text == "Correction: Moons knight is a prisoner in Crowns."
    r = r.then("moons-knight off at 0 0; correct moons-knight cancel")
    assert all(p.coin != "moons-knight" for p in r.state.placements)


def test_nonsense_corrections_are_rejected(setup_state) -> None:
    for data in (
        {"coin": "moons-guard", "prisoner_of": "suns"},
        {"coin": "moons-knight", "prisoner_of": "moons"},
        {"coin": "moons-knight", "next": "moons-door"},
        {"coin": "moons-knight", "location": "mars"},
        {"coin": "moons-knight", "at": [1]},
        {"coin": "moons-knight", "prisoner_of": "suns", "location": "wasteland"},
        {"flicks": -1},
        {},
    ):
        assert not GAME.apply(setup_state, Action("correct", None, data)).ok, data


def test_observations_that_cannot_describe_the_table_are_rejected(setup_state) -> None:
    for clause in (
        "moons-knight passes moons-tower in",
        "moons-knight hits moons-gate",
        "moons-knight strikes moons-knight",
    ):
        assert not GAME.apply(setup_state, parse(clause)).ok, clause
    for action in (
        Action("flick", None, {"coin": "mars-knight"}),
        Action("pass", None, {"coin": "moons-knight", "feature": "suns-gate", "direction": "up"}),
        Action("rest", None, {"positions": {"moons-knight": [1]}}),
        Action("off_table", None, {"coin": "moons-knight"}),
        Action("dance", 0),
    ):
        assert not GAME.apply(setup_state, action).ok, action
    two = GAME.new_state({"players": ["moons", "suns"]}, 0)
    assert "not in this match" in GAME.apply(two, parse("arms-knight flicks")).reason


# -- Winning ---------------------------------------------------------------------------------------

HOME = "correct moons-knight location wasteland; correct moons-knight next moons-gate in"


def test_the_knight_wins_at_its_own_tower_with_its_guard_on_duty(croquet) -> None:
    r = croquet(
        HOME
        + """
        moons-knight flicks; moons-knight passes moons-gate in; moons-knight hits moons-tower
    """
    )
    assert r.kinds[-2:] == ["score", "win"]
    assert r.state.winner == "moons"
    assert r.events[-1].data == {"winner": "moons", "seat": 0}
    assert GAME.is_terminal(r.state)
    assert GAME.legal_actions(r.state) == []
    assert GAME.apply(r.state, parse("rest")).reason == "The game is over: Moons won."


def test_no_win_while_the_guard_is_off_duty(croquet) -> None:
    r = croquet(
        HOME
        + """
        correct moons-guard location wasteland
        moons-knight flicks; moons-knight passes moons-gate in; moons-knight hits moons-tower
    """
    )
    assert r.kinds[-1] == "no_score"
    assert r.state.winner is None
