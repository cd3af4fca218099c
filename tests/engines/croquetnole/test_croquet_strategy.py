"""The text's strategy section, played as scenarios: each trick must work as the text says."""

from __future__ import annotations

from engines.croquetnole import default_layout

LAYOUT = default_layout()
# Moons' knight has got into Suns (gate scored) and is heading for the door.
MOONS_IN_SUNS = "correct moons-knight location suns; correct moons-knight next suns-door"


def test_defensive_guard_behind_the_gate_takes_an_invader_that_hits_it(croquet) -> None:
    r = croquet("""
        moons-knight flicks; moons-knight passes moons-gate out; rest
        correct moons-knight next suns-gate in
        moons-knight flicks; moons-knight passes suns-gate in; moons-knight strikes suns-guard
    """)
    assert r.coin("moons-knight").prisoner_of == "suns"


def test_defensive_three_flick_capture_from_just_behind_the_gate(croquet) -> None:
    r = croquet(MOONS_IN_SUNS + "; end turn")
    r = r.then("suns-guard flicks; suns-guard passes suns-gate out; rest")  # 1. just out
    assert r.state.flicks_left == 1
    r = r.then("suns-guard flicks; suns-guard passes suns-gate in; rest")  # 2. back in, close
    assert r.state.flicks_left == 1 and r.coin("suns-guard").on_duty
    r = r.then("suns-guard flicks; suns-guard strikes moons-knight")  # 3. take it
    assert r.kinds == ["prisoner_taken", "place", "bonus"]
    assert r.state.flicks_left == 1


def test_defensive_capture_would_free_a_prisoner_already_held(croquet) -> None:
    r = croquet("""
        end turn; correct crowns-knight prisoner_of suns
        suns-guard flicks; suns-guard passes suns-gate out
    """)
    assert r.coin("crowns-knight").prisoner_of is None
    assert r.of("prisoner_released")[0].text == (
        "Crowns knight is released from Suns: the Suns guard went off duty."
    )


def test_release_your_own_prisoner_before_the_enemy_guard_arrives(croquet) -> None:
    # Moons holds the Suns knight; the Suns guard (on duty, come round the tiles) is nearly at
    # the Moons tower. Moons plays its guard out and back in: the prisoner goes free, and the
    # Suns guard is not sent home: it must be played all the way back.
    r = croquet("""
        correct suns-knight prisoner_of moons; correct suns-guard at 432 640
        moons-guard flicks; moons-guard passes moons-gate out; rest
        moons-guard flicks; moons-guard passes moons-gate in; rest
    """)
    assert r.coin("suns-knight").prisoner_of is None
    assert not r.of("guard_returned")
    assert all(p.coin != "suns-guard" for p in r.state.placements)
    r = r.then("moons-guard flicks; rest").then("suns-guard flicks; suns-guard hits moons-tower")
    assert r.kinds == ["turn"]  # nothing left to free: hitting the tower does nothing


def test_offensive_loose_croquet_carries_the_guard_along(croquet) -> None:
    r = croquet("""
        correct moons-guard location wasteland; correct moons-guard at 432 450
        correct moons-knight location wasteland; correct moons-knight next suns-gate in
        moons-knight flicks; moons-knight strikes moons-guard; rest
        croquet 3
        moons-knight placed at 413 450
    """)
    assert "loose croquet" in r.of("croquet")[0].text
    assert r.state.flicks_left == 2
    # The croquet stroke hits the guard again (no new bonus) and scores the Suns gate (+1).
    r = r.then("""
        moons-knight flicks; moons-knight strikes moons-guard; moons-knight passes suns-gate in
        rest
    """)
    assert r.kinds == ["bonus", "score"]
    assert "again before scoring" in r.events[1].text
    assert r.coin("moons-knight").course[0] == "suns-door"
    assert r.state.flicks_left == 2


def test_offensive_guard_hits_its_knight_for_two_flicks_and_goes_home(croquet) -> None:
    r = croquet("""
        correct moons-guard location wasteland; correct moons-knight location wasteland
        moons-guard flicks; moons-guard strikes moons-knight; rest
    """)
    assert r.state.flicks_left == 2
    r = r.then("""
        moons-guard flicks; rest
        moons-guard flicks; moons-guard passes moons-gate in; rest
    """)
    assert r.state.flicks_left == 1  # "This gives you another turn"
    assert r.coin("moons-guard").on_duty


def test_rescue_by_the_guard_then_knight_drives_it_onto_an_invader(croquet) -> None:
    r = croquet("""
        correct moons-knight prisoner_of suns
        correct arms-knight location moons; correct arms-knight at 450 600
        moons-guard flicks; moons-guard hits suns-tower; rest
    """)
    assert r.of("guard_returned")
    r = r.then("moons-guard placed; moons-knight placed; end turn; end turn; end turn")
    assert r.state.turn == "moons"
    assert r.state.placements[-1].target == LAYOUT.castle("moons").knight_start
    # Knight placed by its guard, then drives the guard (on duty) into the invading Arms knight.
    r = r.then("""
        moons-knight placed
        moons-knight flicks; moons-knight strikes moons-guard; moons-guard strikes arms-knight
    """)
    assert r.coin("arms-knight").prisoner_of == "moons"
    assert "not the coin in play" in r.of("bonus")[-1].text


def test_capture_an_invader_near_the_gate_by_driving_both_in(croquet) -> None:
    r = croquet("""
        correct moons-knight location wasteland; correct moons-knight next suns-gate in
        end turn
        suns-guard flicks; suns-guard passes suns-gate out; rest
        suns-guard flicks; suns-guard strikes moons-knight; rest
    """)
    assert r.state.flicks_left == 2  # two bonus flicks for hitting it, neither on duty
    r = r.then("""
        suns-guard flicks; rest
        suns-guard flicks; suns-guard strikes moons-knight; moons-knight passes suns-gate in
        suns-guard passes suns-gate in; rest
    """)
    assert r.state.flicks_left == 1  # back on duty: "this gives you another turn"
    assert r.coin("moons-knight").location == "suns"
    r = r.then("suns-guard flicks; suns-guard strikes moons-knight")
    assert r.coin("moons-knight").prisoner_of == "suns"
