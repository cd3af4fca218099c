"""The layout: the RULINGS default on the card table, LAYOUT JSON, and the derived geometry."""

from __future__ import annotations

import math

import pytest

from engines.core import EngineError
from engines.croquetnole import COIN_MM, TILE_MM, Layout, default_layout
from engines.croquetnole.layout import Tile, as_point, distance

LAY = default_layout()
CENTRE = (432.0, 432.0)
T = TILE_MM


def test_default_layout_uses_twenty_tiles() -> None:
    assert len(LAY.tiles) == 16
    assert sum(t.stack for t in LAY.tiles) == 20
    assert LAY.castle_names == ("moons", "suns", "crowns", "arms")


@pytest.mark.parametrize(
    ("castle", "outward"),
    [("moons", (0, 1)), ("suns", (-1, 0)), ("crowns", (0, -1)), ("arms", (1, 0))],
)
def test_each_castle_runs_outward_gate_door_tower(castle: str, outward: tuple[int, int]) -> None:
    geo = LAY.castle(castle)
    for corridor, dist in ((geo.gate, T), (geo.door, 3 * T)):
        assert corridor.center == pytest.approx(
            (CENTRE[0] + dist * outward[0], CENTRE[1] + dist * outward[1])
        )
        assert corridor.inward == pytest.approx(outward)
        assert 2 * corridor.half_width == pytest.approx(T)  # one tile-width apart
        assert 2 * corridor.half_depth == pytest.approx(T)
    assert geo.tower.stack == 2
    assert geo.tower.center == pytest.approx(
        (CENTRE[0] + 5 * T * outward[0], CENTRE[1] + 5 * T * outward[1])
    )


def test_neighbours_share_gate_tiles() -> None:
    tiles = dict(LAY.castles)
    assert set(tiles["moons"].gate) & set(tiles["suns"].gate) == {0}
    assert set(tiles["suns"].gate) & set(tiles["crowns"].gate) == {1}


@pytest.mark.parametrize("castle", ["moons", "suns", "crowns", "arms"])
def test_start_spots_are_within_a_coin_width_of_the_tower_on_the_inside(castle: str) -> None:
    geo = LAY.castle(castle)
    for spot in (geo.knight_start, geo.guard_start):
        gap = geo.tower.distance_to(spot) - COIN_MM / 2
        assert 0 < gap <= COIN_MM
        # between the door and the tower: nearer the centre than the tower is
        assert distance(spot, CENTRE) < distance(geo.tower.center, CENTRE)
        assert not geo.door.contains(spot)
    assert distance(geo.knight_start, geo.guard_start) > COIN_MM  # the two coins do not overlap


def test_corridor_local_coordinates_and_contains() -> None:
    gate = LAY.castle("moons").gate
    assert gate.local((432.0, gate.center[1] + 10)) == pytest.approx((0.0, 10.0))
    assert gate.contains(gate.center)
    assert not gate.contains((432.0, gate.center[1] + T))
    assert not gate.contains((432.0 + T, gate.center[1]))


def test_tile_distance_and_corners() -> None:
    tile = Tile((100.0, 100.0), 45.0)
    assert tile.distance_to((100.0, 100.0)) == 0
    assert tile.distance_to((100.0 + T / 2 * math.sqrt(2) + 5, 100.0)) == pytest.approx(5)
    assert len(tile.corners()) == 4
    assert Tile((0.0, 0.0)).half_extent((1.0, 0.0)) == pytest.approx(T / 2)


def test_a_rotated_layout_still_points_inward_at_the_tower() -> None:
    tiles = [Tile((0.0, 0.0), 30.0), Tile((100.0, 0.0), 30.0), Tile((50.0, -150.0), 0, 2)]
    lay = Layout.from_json(
        {
            "tiles": [
                {"center": list(t.center), "angle_deg": t.angle_deg, "stack": t.stack}
                for t in tiles
            ],
            "castles": {"suns": {"gate": [0, 1], "door": [0, 1], "tower": 2}},
        }
    )
    gate = lay.castle("suns").gate
    assert gate.inward == pytest.approx((0.0, -1.0))
    assert gate.half_width < 25.4  # rotated tiles reach further into the gap
    assert lay.castle_names == ("suns",)


def test_json_round_trip_and_table_extension() -> None:
    obj = LAY.to_json()
    assert obj["castles"]["moons"] == {"gate": [3, 0], "door": [4, 5], "tower": 6}
    assert Layout.from_json(obj) == LAY
    del obj["table"]
    assert Layout.from_json(obj).table == (864.0, 864.0)


@pytest.mark.parametrize(
    "bad",
    [
        {"tiles": []},
        {"tiles": [], "castles": {"moons": {"gate": [0, 1], "door": [2, 3], "tower": 4}}},
        {
            "tiles": [{"center": [0, 0]}, {"center": [10, 0]}],
            "castles": {"mars": {"gate": [0, 1], "door": [0, 1], "tower": 0}},
        },
        {"tiles": [{"center": "here"}], "castles": {}},
    ],
)
def test_malformed_layouts_raise_engine_errors(bad: dict) -> None:
    with pytest.raises(EngineError):
        Layout.from_json(bad)


def test_overlapping_gate_tiles_are_refused() -> None:
    lay = Layout.from_json(
        {
            "tiles": [{"center": [0, 0]}, {"center": [30, 0]}, {"center": [15, 200], "stack": 2}],
            "castles": {"arms": {"gate": [0, 1], "door": [0, 1], "tower": 2}},
        }
    )
    with pytest.raises(EngineError):
        lay.castle("arms")


def test_edge_spot_keeps_the_coin_on_the_table() -> None:
    r = COIN_MM / 2
    assert LAY.edge_spot((-20.0, 300.0)) == (r, 300.0)
    assert LAY.edge_spot((900.0, 900.0)) == (864 - r, 864 - r)
    assert as_point([1, 2]) == (1.0, 2.0) and as_point("x") is None
