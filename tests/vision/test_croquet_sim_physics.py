"""The virtual table's coin physics: friction, collisions, tiles, falls and determinism."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engines.croquetnole.layout import COIN_MM, TILE_MM, Layout, Tile, default_layout
from vision.sim.croquet_physics import OFF, ON, CoinTable, PhysicsConfig

EMPTY = Layout((), (), (864.0, 864.0))


class FallLog:
    """A step observer that only keeps the falls."""

    def __init__(self) -> None:
        self.falls: list[tuple[str, float, tuple[float, float]]] = []

    def on_step(
        self, table: CoinTable, t0: float, t1: float, p0: np.ndarray, v0: np.ndarray
    ) -> None:
        return None

    def on_off_table(
        self,
        table: CoinTable,
        coin: str,
        t: float,
        at: tuple[float, float],
    ) -> None:
        self.falls.append((coin, t, at))


@pytest.mark.parametrize("speed", [500.0, 1200.0, 2000.0, 2500.0])
def test_friction_stops_a_coin_where_constant_deceleration_says(speed: float) -> None:
    cfg = PhysicsConfig()
    table = CoinTable(EMPTY, ("moons-knight",), cfg)
    table.place("moons-knight", (40.0, 100.0))
    table.flick("moons-knight", (speed * 0.6, speed * 0.8))
    table.advance(5.0)
    slide = speed**2 / (2 * cfg.decel_mm_s2)
    x, y = table.position("moons-knight")
    assert math.hypot(x - 40.0, y - 100.0) == pytest.approx(slide, abs=1e-6)
    assert table.stopped_at == pytest.approx(speed / cfg.decel_mm_s2, abs=2e-3)
    assert not table.is_moving()


def test_a_two_metre_flick_slides_about_sixty_centimetres() -> None:
    table = CoinTable(EMPTY, ("suns-knight",))
    table.place("suns-knight", (100.0, 400.0))
    table.flick("suns-knight", (2000.0, 0.0))
    table.advance(3.0)
    assert 550 < table.position("suns-knight")[0] - 100.0 < 700


@pytest.mark.parametrize("offset", [0.0, 6.0, 14.0])
def test_coin_collision_conserves_momentum_and_loses_some_energy(offset: float) -> None:
    table = CoinTable(EMPTY, ("moons-knight", "suns-guard"))
    table.place("moons-knight", (200.0, 400.0))
    table.place("suns-guard", (300.0, 400.0 + offset))
    table.flick("moons-knight", (1500.0, 0.0))
    before = table.vel.sum(axis=0).copy()
    energy = float((table.vel**2).sum())
    # Stop just after contact: friction has not yet taken much, so compare through impulses only.
    decel = PhysicsConfig().decel_mm_s2
    while float(np.hypot(*(table.pos[1] - table.pos[0]))) > COIN_MM + 0.01 and table.t < 1:
        table.advance(table.t + 1e-4)
    table.advance(table.t + 2e-3)
    after = table.vel.sum(axis=0)
    # Friction changes momentum by at most decel * t per moving coin.
    slack = 2 * decel * table.t
    assert np.allclose(after, before, atol=slack)
    assert float(table.vel[1] @ (1.0, 0.0)) > 0  # the guard was pushed
    assert float((table.vel**2).sum()) < energy


def test_head_on_collision_transfers_most_of_the_speed() -> None:
    table = CoinTable(EMPTY, ("moons-knight", "suns-guard"))
    table.place("moons-knight", (200.0, 400.0))
    table.place("suns-guard", (240.0, 400.0))
    table.flick("moons-knight", (1000.0, 0.0))
    table.advance(0.05)
    v_knight, v_guard = table.vel[0, 0], table.vel[1, 0]
    assert v_guard > 0.8 * 1000 * (1 + 0.85) / 2 - 200
    assert abs(v_knight) < 0.2 * v_guard


def test_no_tunnelling_through_a_tile_at_2_5_m_s() -> None:
    tile = Tile((432.0, 432.0))
    table = CoinTable(Layout((tile,), (), (864.0, 864.0)), ("arms-knight",))
    start = (432.0 - 200.0, 432.0)
    table.place("arms-knight", start)
    table.flick("arms-knight", (2500.0, 0.0))
    lowest = math.inf
    while table.is_moving():
        table.advance(table.t + 1 / 120)
        lowest = min(lowest, tile.distance_to(table.position("arms-knight")))
    assert lowest >= COIN_MM / 2 - 1e-6
    assert table.position("arms-knight")[0] < 432.0 - TILE_MM / 2  # bounced back


def test_a_coin_bounces_off_a_tile_edge_at_an_angle() -> None:
    tile = Tile((432.0, 432.0))
    table = CoinTable(Layout((tile,), (), (864.0, 864.0)), ("arms-knight",))
    table.place("arms-knight", (300.0, 300.0))
    table.flick("arms-knight", (1000.0, 1000.0))
    table.advance(0.5)
    x, y = table.position("arms-knight")
    assert tile.distance_to((x, y)) >= COIN_MM / 2 - 1e-6
    assert x < 432.0 - TILE_MM / 2 or y < 432.0 - TILE_MM / 2


def test_off_table_is_detected_where_the_centre_crossed_the_edge() -> None:
    table = CoinTable(EMPTY, ("crowns-knight",))
    log = FallLog()
    table.place("crowns-knight", (100.0, 800.0))
    table.flick("crowns-knight", (300.0, 1200.0))
    table.advance(2.0, log)
    assert table.status[0] == OFF
    ((coin, t, at),) = log.falls
    assert coin == "crowns-knight"
    assert at[1] == pytest.approx(864.0, abs=1e-6)
    # Straight line from (100, 800) with slope 0.25: crossing y = 864 at x = 116.
    assert at[0] == pytest.approx(116.0, abs=0.3)
    assert 0 < t < 0.1


def test_a_coin_on_a_tower_rides_it_and_drops_off_its_edge() -> None:
    lay = default_layout()
    tower = lay.castle("moons").tower
    table = CoinTable(lay, ("moons-knight",))
    table.place("moons-knight", tower.center)
    assert table.height()[0] == pytest.approx(2 * 6.35)
    table.flick("moons-knight", (0.0, 800.0))
    table.advance(1.0)
    assert table.status[0] == ON
    assert table.height()[0] == 0.0
    assert tower.distance_to(table.position("moons-knight")) >= COIN_MM / 2 - 1e-6


def test_simulation_is_deterministic() -> None:
    def run() -> np.ndarray:
        lay = default_layout()
        table = CoinTable(lay, ("moons-knight", "moons-guard", "suns-knight"))
        table.place("moons-knight", (432.0, 560.0))
        table.place("moons-guard", (440.0, 460.0))
        table.place("suns-knight", (300.0, 300.0))
        table.flick("moons-knight", (100.0, -2200.0))
        table.advance(3.0)
        return table.pos.copy()

    assert np.array_equal(run(), run())


def test_flicking_a_coin_that_is_not_on_the_table_is_an_error() -> None:
    table = CoinTable(EMPTY, ("moons-knight",))
    with pytest.raises(ValueError, match="not on the table"):
        table.flick("moons-knight", (1.0, 0.0))
