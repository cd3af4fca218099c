"""Reading the castles from a set-up frame: the default layout and a shifted, turned one."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from engines.croquetnole.layout import Layout, Tile, default_layout
from vision.croquet.calibrate import calibrate
from vision.croquet.layout_reader import layout_offsets, read_layout, table_size
from vision.markers import TableProfile
from vision.sim.croquet_camera import CameraMode, CameraModel
from vision.sim.croquet_render import CroquetRenderer, RenderConfig
from vision.sim.croquet_scene import CroquetScene
from vision.sim.croquet_script import setup_positions

MODE = CameraMode(1280, 720, 120.0)


def shifted() -> Layout:
    """The default castles moved 25 mm right and 15 mm up, each tile turned a little."""
    base = default_layout()
    tiles = tuple(
        dataclasses.replace(
            t,
            center=(t.center[0] + 25.0, t.center[1] - 15.0),
            angle_deg=(-6.0 + 3.0 * k) % 12.0 - 6.0,
        )
        for k, t in enumerate(base.tiles)
    )
    return Layout(tiles, base.castles, base.table)


def read(layout: Layout) -> Layout:
    cam = CameraModel.over_table(MODE, layout.table)
    scene = CroquetScene(setup_positions(layout), [], layout)
    image, _ = next(CroquetRenderer(layout, cam, RenderConfig(), seed=5).frames(scene))
    return read_layout(image, calibrate(image), table_size(TableProfile()))


@pytest.mark.parametrize("layout", [default_layout(), shifted()], ids=["default", "shifted"])
def test_the_castles_are_read_where_they_stand(layout: Layout) -> None:
    got = read(layout)
    assert got.castle_names == layout.castle_names
    assert len(got.tiles) == len(layout.tiles)
    offsets = layout_offsets(got, layout)
    assert offsets["max"] is not None and offsets["max"] < 3.0
    towers = [t for t in got.tiles if t.stack == 2]
    assert len(towers) == 4


def test_the_shifted_layout_differs_from_the_default_by_the_shift() -> None:
    offsets = layout_offsets(read(shifted()), default_layout())
    assert offsets["moons-tower"] == pytest.approx(np.hypot(25.0, 15.0), abs=3.0)


def test_offsets_name_a_castle_the_read_layout_lacks() -> None:
    full = default_layout()
    moons_only = Layout(full.tiles, full.castles[:1], full.table)
    offsets = layout_offsets(moons_only, full)
    assert offsets["moons-gate"] == 0.0 and offsets["suns-gate"] is None
    assert offsets["max"] is None
    assert isinstance(full.tiles[0], Tile)


@pytest.mark.parametrize("layout", [default_layout(), shifted()], ids=["default", "shifted"])
def test_every_gate_door_and_tower_is_read_within_four_tenths_of_a_millimetre(
    layout: Layout,
) -> None:
    # Placed on a view of their tops alone, the tiles are not drawn toward the camera's nadir by
    # the grey sides that show on that side of them (found on the 1 px per mm view they were
    # read up to 0.5 mm off here, 0.8 mm for the shifted, turned tiles).
    offsets = layout_offsets(read(layout), layout)
    assert offsets["max"] is not None and offsets["max"] < 0.4
