"""The simple baseline referee (vision/lab/croquet_baseline) on short scripted scenes through the
simulator, and its precision and recall on one random game, as every report shows it."""

from __future__ import annotations

import functools
import json

import numpy as np
import pytest

from engines.croquetnole.layout import default_layout
from vision.lab.croquet_baseline import BaselineReferee, referee_scene_baseline
from vision.lab.croquet_evaluate import EvalSpec, SceneRun, Tally, event_keys, random_scene, report
from vision.markers import TableProfile
from vision.sim.croquet_camera import CameraMode, CameraModel
from vision.sim.croquet_render import CroquetRenderer, RenderConfig
from vision.sim.croquet_scene import CroquetScene
from vision.sim.croquet_scenes import SCENES

MODE = CameraMode(960, 540, 120.0)


@functools.cache
def renderer() -> CroquetRenderer:
    lay = default_layout()
    return CroquetRenderer(lay, CameraModel.over_table(MODE, lay.table), RenderConfig(), seed=1)


@functools.cache
def run(script: str) -> SceneRun:
    return referee_scene_baseline(CroquetScene.from_script(script), renderer())


def near_in_time(r: SceneRun, kind: str, tol: float = 0.1) -> bool:
    """The first found event of ``kind`` lies within ``tol`` s of the first true one."""
    found = next(e for e in r.found if e["event"] == kind)
    true = next(e for e in r.truth if e["event"] == kind)
    return abs(found["t"] - true["t"]) <= tol


PASS, HIT, STRIKE, OFF, LIFT = (SCENES[k] for k in ("pass", "hit", "strike", "off_table", "place"))


def test_a_flick_through_a_gate_is_a_flick_a_pass_out_and_a_rest_where_the_coin_lies() -> None:
    r = run(PASS)
    assert event_keys(r.found) == [
        ("flick", "moons-knight", None, None),
        ("pass", "moons-knight", "moons-gate", "out"),
        ("rest", None, None, None),
    ]
    assert near_in_time(r, "flick") and near_in_time(r, "pass") and near_in_time(r, "rest", 0.4)
    rest = r.found[-1]["positions"]["moons-knight"]
    true = r.truth[-1]["positions"]["moons-knight"]
    assert np.hypot(*np.subtract(rest, true)) < 5.0  # an uncalibrated lens: a few mm
    assert r.swaps == 0


def test_a_flick_into_a_tower_passes_its_door_in_and_hits_it() -> None:
    r = run(HIT)
    assert ("pass", "moons-knight", "suns-door", "in") in event_keys(r.found)
    assert ("hit", "moons-knight", "suns-tower", None) in event_keys(r.found)
    assert near_in_time(r, "hit")


def test_a_flick_into_another_coin_strikes_it() -> None:
    r = run(STRIKE)
    assert event_keys(r.found) == [
        ("flick", "suns-knight", None, None),
        ("strike", "suns-knight", "arms-guard", None),
        ("rest", None, None, None),
    ]
    assert near_in_time(r, "strike")


def test_a_coin_flicked_off_the_table_is_off_where_it_crossed_the_edge() -> None:
    r = run(OFF)
    assert ("off_table", "suns-knight", None, None) in event_keys(r.found)
    off = next(e for e in r.found if e["event"] == "off_table")
    assert off["at"][0] == pytest.approx(0.0, abs=0.5)
    assert off["at"][1] == pytest.approx(700.0, abs=5.0)
    assert near_in_time(r, "off_table")
    assert "suns-knight" not in r.found[-1]["positions"]


@pytest.mark.slow
def test_a_coin_carried_by_hand_is_a_place_not_a_flick() -> None:
    r = run(LIFT)
    assert event_keys(r.found) == [
        ("place", "suns-knight", None, None),
        ("flick", "moons-guard", None, None),
        ("rest", None, None, None),
    ]
    place = r.found[0]
    assert np.hypot(*np.subtract(place["at"], (300.0, 300.0))) < 5.0


def test_without_the_table_markers_the_baseline_says_so() -> None:
    blank = np.full((540, 960, 3), 90, np.uint8)
    with pytest.raises(ValueError, match="markers"):
        BaselineReferee(blank, TableProfile(), {}, default_layout(), 120.0)


@pytest.mark.slow
def test_on_a_random_game_the_baseline_scores_like_a_baseline() -> None:
    spec = EvalSpec(seeds=(0,), flicks=5, mode=MODE)
    scene, rend = random_scene(0, 5, MODE, RenderConfig())
    r = referee_scene_baseline(scene, rend)
    tally = Tally()
    tally.add(r, spec)
    rep = report(tally, {MODE.name: [r.frames / r.seconds]})
    print(json.dumps({k: rep[k] for k in ("events", "identity_swaps", "rest_position_mm")}))
    events = rep["events"]
    for kind in ("flick", "pass", "rest"):
        assert events[kind]["recall"] >= 0.5 and events[kind]["precision"] >= 0.5, kind
    assert rep["rest_position_mm"]["median"] < 6.0
