"""The knight's course, invading castles and entering/leaving them (the text's "Invading Castles
and Scoring" and "Entering and Leaving Castles")."""

from __future__ import annotations

from engines.croquetnole.course import after_release, full_course
from engines.croquetnole.names import CASTLES


def test_course_follows_the_texts_example_for_moons() -> None:
    # "Moons must first enter the Suns castle gate, then pass through the Suns door, then hit the
    # Suns tower, then leave through the Suns gate, then enter the Crowns gate ..."
    assert full_course("moons", CASTLES) == (
        "moons-gate out",
        "suns-gate in",
        "suns-door",
        "suns-tower",
        "suns-gate out",
        "crowns-gate in",
        "crowns-door",
        "crowns-tower",
        "crowns-gate out",
        "arms-gate in",
        "arms-door",
        "arms-tower",
        "arms-gate out",
        "moons-gate in",
        "moons-tower",
    )


def test_course_starts_with_the_castle_to_the_left_and_runs_clockwise() -> None:
    assert full_course("crowns", CASTLES)[1::4] == (
        "arms-gate in",
        "moons-gate in",
        "suns-gate in",
        "crowns-gate in",
    )


def test_release_restarts_the_prison_castle_after_leaving_home() -> None:
    # Imprisoned in Crowns after scoring its gate and door: all four Crowns steps again.
    remaining = full_course("moons", CASTLES)[7:]
    assert after_release(remaining, "moons", "crowns")[:6] == (
        "moons-gate out",
        "crowns-gate in",
        "crowns-door",
        "crowns-tower",
        "crowns-gate out",
        "arms-gate in",
    )


def test_release_from_a_castle_not_on_the_course_yet_keeps_the_course() -> None:
    remaining = full_course("moons", CASTLES)[1:]
    assert after_release(remaining, "moons", "arms") == ("moons-gate out", *remaining)


def test_release_does_not_repeat_a_pending_exit() -> None:
    remaining = full_course("moons", CASTLES)
    assert after_release(remaining, "moons", "suns") == remaining


def test_scoring_the_whole_invasion_of_suns(croquet) -> None:
    r = croquet("""
        moons-knight flicks; moons-knight passes moons-gate out; rest
        moons-knight flicks; moons-knight passes suns-gate in; rest
        moons-knight flicks; moons-knight passes suns-door out; rest
        moons-knight flicks; moons-knight hits suns-tower; rest
        moons-knight flicks; moons-knight passes suns-gate out; rest
    """)
    assert [e.data["step"] for e in r.of("score")] == [
        "moons-gate out",
        "suns-gate in",
        "suns-door",
        "suns-tower",
        "suns-gate out",
    ]
    assert r.coin("moons-knight").course[0] == "crowns-gate in"
    assert r.coin("moons-knight").location == "wasteland"
    assert r.state.flicks_left == 1


def test_a_door_counts_either_way(croquet) -> None:
    r = croquet("""
        correct moons-knight location suns; correct moons-knight next suns-door
        moons-knight flicks; moons-knight passes suns-door out
    """)
    assert r.kinds == ["correction", "correction", "score"]


def test_features_out_of_sequence_score_nothing(croquet) -> None:
    r = croquet("""
        moons-knight flicks; moons-knight passes moons-gate out
        moons-knight passes crowns-gate in; moons-knight passes crowns-door
        moons-knight hits suns-tower
    """)
    assert r.kinds == ["score", "no_score", "no_score", "no_score"]
    assert r.coin("moons-knight").course[0] == "suns-gate in"
    assert r.coin("moons-knight").location == "crowns"  # it did enter Crowns, scoring nothing
    assert r.state.flicks_left == 1


def test_coins_start_inside_their_own_castle_and_guards_on_duty(setup_state) -> None:
    for c in setup_state.coins:
        assert c.location == c.owner
        assert c.on_duty == (not c.is_knight)


def test_guard_leaves_goes_off_duty_and_reenters_back_on_duty(croquet) -> None:
    r = croquet("""
        moons-guard flicks; moons-guard passes moons-gate out; rest
    """)
    assert not r.coin("moons-guard").on_duty
    assert r.coin("moons-guard").location == "wasteland"
    r = r.then("moons-guard flicks; moons-guard passes moons-gate in; rest")
    assert r.coin("moons-guard").on_duty


def test_crossing_a_gate_outward_without_being_inside_changes_nothing(croquet) -> None:
    r = croquet("moons-guard flicks; moons-guard passes moons-gate out; rest")
    r = r.then("moons-guard flicks; moons-guard passes suns-gate out")
    assert r.coin("moons-guard").location == "wasteland"
    assert r.kinds == []


def test_a_coin_is_inside_a_castle_until_it_leaves_by_the_gate(croquet) -> None:
    # A coin that wanders around the gate tiles is still inside: only the gate lets it out.
    r = croquet("""
        moons-knight flicks; moons-knight passes moons-gate out; rest
        moons-knight flicks; moons-knight passes suns-gate in
        rest moons-knight 500 600
    """)
    assert r.coin("moons-knight").location == "suns"


def test_out_of_sequence_rulings_say_why(croquet) -> None:
    r = croquet("moons-knight flicks; moons-knight hits suns-tower; moons-knight passes suns-door")
    assert [e.text for e in r.of("no_score")] == [
        "Moons knight hits the Suns tower out of sequence (next is the Moons gate (out)): "
        "no score.",
        "Moons knight goes through the Suns door out of sequence (next is the Moons gate (out)): "
        "no score.",
    ]
