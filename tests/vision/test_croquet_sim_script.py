"""The scene script language and the virtual players' course."""

from __future__ import annotations

import math

import pytest

from engines.croquetnole.layout import default_layout
from vision.sim.croquet_script import (
    Flick,
    HandRest,
    Lift,
    Place,
    RandomPlay,
    TableView,
    Wait,
    course,
    parse_script,
    setup_positions,
    split_setup,
)


def test_every_kind_of_line_parses() -> None:
    actions = parse_script("""
        # the setup
        place moons-knight at (400, 500)
        place suns-guard at 100.5 200
        flick moons-knight toward suns-gate at 1.2 m/s
        flick moons-knight toward suns-guard at 0.5 m/s
        flick moons-knight toward (300, 300) at 2 m/s
        Flick moons-knight heading -45 deg at 0.9 m/s
        hand rests near (400, 500) 0.5 s
        hand rests near (400, 500) for 1 s
        lift suns-guard to (300, 320)
        wait 0.25 s
    """)
    assert actions == (
        Place("moons-knight", (400.0, 500.0)),
        Place("suns-guard", (100.5, 200.0)),
        Flick("moons-knight", 1200.0, toward="suns-gate"),
        Flick("moons-knight", 500.0, toward="suns-guard"),
        Flick("moons-knight", 2000.0, toward=(300.0, 300.0)),
        Flick("moons-knight", 900.0, heading_deg=-45.0),
        HandRest((400.0, 500.0), 0.5),
        HandRest((400.0, 500.0), 1.0),
        Lift("suns-guard", (300.0, 320.0)),
        Wait(0.25),
    )
    setup, rest = split_setup(actions)
    assert setup == {"moons-knight": (400.0, 500.0), "suns-guard": (100.5, 200.0)}
    assert rest == actions[2:]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("flick moons-knight toward suns-moat at 1 m/s", "unknown feature"),
        ("place stars-knight at 1 2", "unknown coin"),
        ("jump moons-knight", "cannot read"),
    ],
)
def test_bad_lines_are_named(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=rf"line 2: .*{message}"):
        parse_script(f"wait 1 s\n{line}")


def test_a_knights_course_follows_the_rulings() -> None:
    steps = course("moons")
    assert steps[0] == ("moons-gate", "out")
    assert steps[1:5] == (
        ("suns-gate", "in"),
        ("suns-door", None),
        ("suns-tower", None),
        ("suns-gate", "out"),
    )
    assert steps[-2:] == (("moons-gate", "in"), ("moons-tower", None))
    assert len(steps) == 1 + 3 * 4 + 2
    assert course("arms", ("moons", "arms"))[1] == ("moons-gate", "in")


def test_virtual_players_take_turns_and_aim_out_of_their_castle_first() -> None:
    lay = default_layout()
    view = TableView(0.0, lay, setup_positions(lay), (), ())
    play = RandomPlay(
        seed=1,
        flicks=4,
        hand_rest_share=0.0,
        lift_share=0.0,
        guard_share=0.0,
        wild_share=0.0,
        aim_sd_deg=0.0,
        speed_sd=0.0,
    )
    flicks = [play.next_action(view) for _ in range(4)]
    assert [f.coin for f in flicks if isinstance(f, Flick)] == [
        "moons-knight",
        "suns-knight",
        "crowns-knight",
        "arms-knight",
    ]
    first = flicks[0]
    assert isinstance(first, Flick) and first.heading_deg == pytest.approx(-90.0, abs=5.0)
    assert play.next_action(view) is None


def test_virtual_players_put_fallen_coins_back_on_the_edge_first() -> None:
    lay = default_layout()
    positions = setup_positions(lay)
    del positions["arms-guard"]
    fell = ({"t": 1.0, "event": "off_table", "coin": "arms-guard", "at": [870.0, 400.0]},)
    play = RandomPlay(seed=1, flicks=4)
    action = play.next_action(TableView(2.0, lay, positions, ("arms-guard",), fell))
    assert action == Place("arms-guard", lay.edge_spot((870.0, 400.0)))


def test_an_engine_driven_player_can_name_the_coin_and_the_step() -> None:
    lay = default_layout()
    positions = setup_positions(lay)
    positions["suns-knight"] = (340.0, 432.0)  # between the Suns gate (x 381) and door (x 280)
    view = TableView(0.0, lay, positions, (), ())
    play = RandomPlay(seed=2, aim_sd_deg=0.0, speed_sd=0.0)
    flick = play.aim(view, "suns-knight", ("suns-door", None))
    # Straight through the door along its axis, toward the Suns tower: to the left.
    assert flick.heading_deg is not None
    assert math.cos(math.radians(flick.heading_deg)) == pytest.approx(-1.0, abs=1e-3)
    assert flick.speed_mm_s > 500
