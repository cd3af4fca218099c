"""Coins standing at set-up, read by their outline alone (vision/croquet/standing.py): found
whatever their edition and cloth, and never on an empty spot."""

from __future__ import annotations

import numpy as np
import pytest

from vision.croquet.calibrate import calibrate
from vision.croquet.standing import coins_standing
from vision.sim.croquet_camera import MODES
from vision.sim.croquet_scene import CroquetScene
from vision.sim.croquet_variation import draw_variation, varied_scene

#: The camera mode the referee is specified at (a coin some 15 px across).
MODE = MODES["1536x864"]
SEEN_MM = 2.5

#: Tables that the old white-coin finder could not read: tinted coins on wood, geometric coins
#: on felt, and the held-back bold edition on wood.
TABLES = [(4, None), (2, None), (100110, "coin_art")]


def _first(seed: int, group: str | None, empty: bool) -> tuple[np.ndarray, CroquetScene, object]:
    variation = draw_variation(seed, group)
    scene, r = varied_scene(seed, 1, MODE, variation)
    shown = CroquetScene({}, [], scene.layout, scene.fps) if empty else scene
    first, _ = next(r.frames(shown))
    return first, scene, calibrate(first, r.profile)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "group"), TABLES)
def test_every_coin_of_any_edition_is_found_standing_where_it_stands(
    seed: int, group: str | None
) -> None:
    first, scene, cal = _first(seed, group, empty=False)
    found = coins_standing(first, cal, scene.setup, SEEN_MM)
    assert set(found) == set(scene.setup)
    worst = max(np.hypot(*np.subtract(at, scene.setup[c])) for c, (at, _) in found.items())
    assert worst < 2.0


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "group"), TABLES)
def test_no_coin_is_found_on_an_empty_spot(seed: int, group: str | None) -> None:
    first, scene, cal = _first(seed, group, empty=True)
    assert coins_standing(first, cal, scene.setup, SEEN_MM) == {}
