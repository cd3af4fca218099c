"""Prisoners: taking them, holding them, and both ways of releasing them (the text's
"Prisoners", with RULINGS' reading of "invading")."""

from __future__ import annotations

from engines.croquetnole import default_layout

CAPTURE = "moons-knight flicks; moons-knight hits suns-guard; rest; moons-knight placed"
# The Moons knight has scored the Suns gate and door and is inside Suns.
INVADING = "correct moons-knight location suns; correct moons-knight next suns-tower"
SUNS_TOWER = list(default_layout().castle("suns").tower_top)
MOONS_TOWER = list(default_layout().castle("moons").tower_top)


def test_invading_knight_that_hits_the_guard_on_duty_is_taken(croquet) -> None:
    r = croquet(INVADING).then("moons-knight flicks; moons-knight hits suns-guard")
    assert r.kinds == ["prisoner_taken", "place", "bonus"]
    k = r.coin("moons-knight")
    assert k.prisoner_of == "suns"
    assert r.state.placements[-1].target == tuple(SUNS_TOWER)
    assert r.state.flicks_left == 0  # a prisoner has no more flicks
    assert "not the coin in play" in r.of("bonus")[0].text  # the Suns guard is not being played
    r = r.then("rest")
    assert r.state.phase == "guard"


def test_invading_knight_hit_by_the_guard_on_duty_is_taken_and_the_guard_earns_a_flick(
    croquet,
) -> None:
    r = croquet(INVADING + "; end turn; suns-guard flicks; suns-guard hits moons-knight")
    assert r.of("prisoner_taken")[0].data == {
        "coin": "moons-knight",
        "castle": "suns",
        "guard": "suns-guard",
    }
    assert r.of("bonus")[-1].text == "Suns guard takes a prisoner: one bonus flick."
    assert r.state.flicks_left == 1


def test_a_knight_in_the_wasteland_is_not_invading(croquet) -> None:
    r = croquet("""
        moons-knight flicks; moons-knight passes moons-gate out
        moons-knight strikes suns-guard
    """)
    assert r.coin("moons-knight").prisoner_of is None
    assert r.kinds == ["score", "bonus"]
    assert "guard on duty" in r.of("bonus")[0].text
    assert r.state.flicks_left == 1  # only the score's bonus


def test_only_the_guard_of_the_invaded_castle_takes_prisoners(croquet) -> None:
    r = croquet(INVADING).then("moons-knight flicks; moons-knight strikes crowns-guard")
    assert r.coin("moons-knight").prisoner_of is None
    assert r.kinds == ["bonus"]


def test_an_off_duty_guard_takes_no_prisoner(croquet) -> None:
    r = croquet(INVADING + "; correct suns-guard location wasteland").then(
        "moons-knight flicks; moons-knight strikes suns-guard"
    )
    assert r.coin("moons-knight").prisoner_of is None
    assert r.of("bonus")[0].text == "Moons knight strikes the Suns guard: 2 bonus flicks."


def test_a_prisoner_never_moves_by_itself(croquet) -> None:
    r = croquet(INVADING).then("""
        moons-knight flicks; moons-knight hits suns-guard; rest
        moons-knight placed
        moons-guard flicks; moons-guard strikes moons-knight
        moons-knight passes suns-gate out
        rest moons-knight 10 10
    """)
    k = r.coin("moons-knight")
    assert (k.prisoner_of, k.location, k.position) == ("suns", "suns", tuple(SUNS_TOWER))


def test_a_prisoner_cannot_be_flicked_and_its_owner_plays_only_the_guard(croquet) -> None:
    r = croquet(INVADING).then(CAPTURE + "; end turn; end turn; end turn; end turn")
    assert r.state.turn == "moons" and r.state.phase == "guard"
    assert "prisoner in Suns, so only the guard" in r.of("turn")[-1].text
    r = r.then("moons-knight flicks")
    assert r.kinds == ["flick_refused"]
    assert "prisoner" in r.events[0].text


def test_released_when_the_castles_guard_goes_off_duty(croquet) -> None:
    r = croquet(INVADING).then(CAPTURE + "; end turn")
    r = r.then("suns-guard flicks; suns-guard passes suns-gate out")
    assert r.kinds == ["turn", "prisoner_released", "place", "bonus"]
    k = r.coin("moons-knight")
    assert (k.prisoner_of, k.location, k.recovering) == (None, "moons", True)
    assert r.state.placements[-1].target == tuple(MOONS_TOWER)
    # It must leave home by its gate, then invade Suns again from the gate.
    assert k.course[:3] == ("moons-gate out", "suns-gate in", "suns-door")


def test_a_released_knight_recovers_on_its_tower_until_its_next_turn(croquet) -> None:
    r = croquet(INVADING).then(
        CAPTURE
        + """
        end turn
        suns-guard flicks; suns-guard passes suns-gate out; rest
        moons-knight placed
        end turn; end turn
    """
    )
    assert r.state.turn == "arms"
    r = r.then("end turn")
    assert r.state.turn == "moons" and r.state.phase == "knight"
    due = r.state.placements[-1]
    assert due.coin == "moons-knight"
    assert due.target == default_layout().castle("moons").knight_start
    assert not r.coin("moons-knight").recovering


def test_released_by_its_own_guard_on_duty_hitting_the_tower(croquet) -> None:
    # The guard left home "some other way" (around the gate tiles), so it is still on duty.
    r = croquet(INVADING).then(CAPTURE)
    r = r.then("moons-guard flicks; moons-guard hits suns-tower")
    assert r.kinds == ["prisoner_released", "place", "guard_returned", "place"]
    assert r.state.placements[-1].target == default_layout().castle("moons").guard_start
    assert r.coin("moons-knight").recovering


def test_an_off_duty_guard_cannot_release_its_knight(croquet) -> None:
    r = croquet(INVADING).then(
        CAPTURE
        + """
        moons-guard flicks; moons-guard passes moons-gate out; rest
        moons-guard flicks; moons-guard hits suns-tower
    """
    )
    assert r.kinds[-1] == "no_release"
    assert r.coin("moons-knight").prisoner_of == "suns"


def test_guard_must_go_back_on_duty_then_leave_some_other_way(croquet) -> None:
    # The text's note: off duty on the way, it returns through its gate, leaves another way.
    r = croquet(INVADING).then(
        CAPTURE
        + """
        moons-guard flicks; moons-guard passes moons-gate out; rest
        moons-guard flicks; moons-guard passes moons-gate in; rest
        moons-guard flicks; rest moons-guard 300 520
        end turn; end turn; end turn
        moons-guard flicks; rest moons-guard 250 470
    """
    )
    assert r.coin("moons-guard").on_duty
    r = r.then("end turn; end turn; end turn; moons-guard flicks; moons-guard hits suns-tower")
    assert r.coin("moons-knight").prisoner_of is None
    assert r.of("guard_returned")


def test_a_recovering_knight_sits_on_its_tower_until_placed(croquet) -> None:
    r = (
        croquet(INVADING)
        .then(CAPTURE)
        .then("""
        moons-guard flicks; moons-guard hits suns-tower; moons-guard strikes moons-knight
        moons-knight passes moons-gate out
        rest moons-knight 300 300
    """)
    )
    k = r.coin("moons-knight")
    assert (k.recovering, k.location, k.course[0]) == (True, "moons", "moons-gate out")
    assert k.position == tuple(SUNS_TOWER)  # not yet lifted across to its own tower
    assert "bonus" not in r.kinds
