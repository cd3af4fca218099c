"""One scenario per row of the text's bonus-flick table, and the five kinds of croquet."""

from __future__ import annotations

import pytest

from engines.core import Action
from engines.croquetnole import COIN_MM, GAME
from engines.croquetnole.notation import parse

OFF_DUTY_GUARD = "correct moons-guard location wasteland; correct moons-guard at 432 520"


def test_row1_knight_scoring_earns_one_bonus_flick(croquet) -> None:
    r = croquet("moons-knight flicks; moons-knight passes moons-gate out")
    assert r.of("score")[0].text == "Moons knight scores the Moons gate (out): one bonus flick."
    assert r.state.flicks_left == 1


def test_row2_guard_taking_a_prisoner_earns_one_bonus_flick(croquet) -> None:
    r = croquet("""
        end turn
        correct moons-knight location suns; correct moons-knight next suns-tower
        suns-guard flicks; suns-guard hits moons-knight
    """)
    assert r.kinds[-3:] == ["prisoner_taken", "place", "bonus"]
    assert r.state.flicks_left == 1


def test_row3_guard_leaving_and_entering_earn_one_bonus_each_per_turn(croquet) -> None:
    r = croquet("""
        moons-guard flicks; moons-guard passes moons-gate out
        moons-guard flicks; moons-guard passes moons-gate in
        moons-guard flicks; moons-guard passes moons-gate out
    """)
    texts = [e.text for e in r.of("bonus")]
    assert texts[:2] == [
        "Moons guard leaves its castle by the gate and is off duty: one bonus flick.",
        "Moons guard enters its castle by the gate and is on duty: one bonus flick.",
    ]
    assert "already had one for that this turn" in texts[2]
    assert r.state.flicks_left == 0


def test_row3_the_limit_is_per_turn(croquet) -> None:
    r = croquet("""
        moons-guard flicks; moons-guard passes moons-gate out; rest; end turn; end turn; end turn
        end turn; moons-guard flicks; moons-guard passes moons-gate in
    """)
    assert r.of("bonus")[-1].data["left"] == 1


def test_row4_strike_earns_two_bonus_flicks(croquet) -> None:
    r = croquet("""
        moons-knight flicks; moons-knight passes moons-gate out
        correct suns-guard location wasteland
        moons-knight strikes suns-guard
    """)
    assert r.of("bonus")[0].text == "Moons knight strikes the Suns guard: 2 bonus flicks."
    assert r.state.flicks_left == 3


def test_row4_no_second_bonus_off_the_same_coin_until_it_scores(croquet) -> None:
    r = croquet("""
        moons-knight flicks; correct suns-guard location wasteland
        moons-knight strikes suns-guard; rest
        moons-knight flicks; moons-knight strikes suns-guard; rest
    """)
    assert r.state.flicks_left == 1
    assert "again before scoring" in r.of("bonus")[-1].text
    r = r.then("""
        moons-knight flicks; moons-knight passes moons-gate out
        moons-knight strikes suns-guard
    """)
    assert r.state.flicks_left == 3  # scored (1) and may earn the strike again (2)


def test_row4_no_bonus_when_a_guard_on_duty_is_involved(croquet) -> None:
    r = croquet("moons-guard flicks; moons-guard strikes suns-knight")
    assert "guard on duty" in r.of("bonus")[0].text
    assert r.state.flicks_left == 0


def test_row4_a_coin_set_moving_by_the_coin_in_play_earns_nothing(croquet) -> None:
    r = croquet("""
        moons-knight flicks; correct suns-guard location wasteland
        correct crowns-guard location wasteland
        suns-guard strikes crowns-guard
    """)
    assert r.kinds == ["correction", "correction"]
    assert r.state.flicks_left == 0


@pytest.mark.parametrize(
    ("kind", "placement_mm"),
    [(1, None), (2, 2 * COIN_MM), (3, COIN_MM + 3), (4, COIN_MM + 3), (5, None)],
)
def test_row5_knight_hitting_its_own_off_duty_guard_takes_croquet(
    croquet, kind: int, placement_mm: float | None
) -> None:
    r = croquet(OFF_DUTY_GUARD).then("moons-knight flicks; moons-knight strikes moons-guard")
    assert r.kinds == ["croquet_offered"]
    assert r.events[-1].data["kinds"] == [1, 2, 3, 4, 5]
    r = r.then(f"rest; croquet {kind}")
    assert r.state.flicks_left == 2
    assert r.state.phase == "knight"  # the croquet kept the knight in play after it stopped
    due = [p for p in r.state.placements if p.coin == "moons-knight"]
    if placement_mm is None:
        assert due == []
    else:
        assert (due[0].target, due[0].tolerance) == ((432.0, 520.0), placement_mm)
        r = r.then("moons-knight placed at 432 500; moons-knight flicks")
        assert r.kinds == ["placed"]


def test_croquet_default_applies_when_the_player_flicks_without_choosing(croquet) -> None:
    r = croquet(OFF_DUTY_GUARD).then("""
        moons-knight flicks; moons-knight strikes moons-guard; rest
        moons-knight flicks
    """)
    assert "(none was chosen before the next flick: the default)" in r.of("croquet")[0].text
    assert r.state.flicks_left == 1


def test_croquet_default_is_an_option() -> None:
    state = GAME.new_state({"croquet_default": 5}, 0)
    assert state.options.croquet_default == 5


def test_no_croquet_off_the_own_guard_on_duty(croquet) -> None:
    r = croquet("moons-knight flicks; moons-knight strikes moons-guard")
    assert r.kinds == ["bonus"]
    assert r.state.croquet is None


def test_croquet_when_none_is_offered_is_rejected(setup_state) -> None:
    step = GAME.apply(setup_state, parse("croquet 1"))
    assert (step.ok, step.reason) == (False, "No croquet is on offer.")


def test_croquet_kind_must_be_one_to_five(croquet) -> None:
    r = croquet(OFF_DUTY_GUARD).then("moons-knight flicks; moons-knight strikes moons-guard")
    assert not GAME.apply(r.state, Action("croquet", 0, {"kind": 6})).ok
    assert not GAME.apply(r.state, Action("croquet", 1, {"kind": 1})).ok  # not Suns' turn
