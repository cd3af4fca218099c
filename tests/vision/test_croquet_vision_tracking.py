"""Coins keep their identity through a hand over them and through a collision; a coin lifted and
put down is a placement, a coin slid from where it stood is a flick."""

from __future__ import annotations

import functools
from typing import Any

from engines.croquetnole.layout import default_layout
from vision.croquet.evaluate import SceneRun, match_events, referee_scene
from vision.croquet.tracker import merge_boxes
from vision.sim.croquet_camera import CameraMode, CameraModel
from vision.sim.croquet_render import CroquetRenderer, RenderConfig
from vision.sim.croquet_scene import CroquetScene

MODE = CameraMode(960, 540, 120.0)
PAIR = "place arms-guard at 600 650\nplace arms-knight at 640 650\n"


@functools.cache
def renderer() -> CroquetRenderer:
    lay = default_layout()
    return CroquetRenderer(lay, CameraModel.over_table(MODE, lay.table), RenderConfig(), seed=2)


def run(script: str) -> SceneRun:
    return referee_scene(CroquetScene.from_script(script), renderer())


def kinds(r: SceneRun) -> list[tuple[Any, ...]]:
    return [(e["event"], e.get("coin")) for e in r.found]


def test_a_hand_resting_over_a_coin_changes_nothing_and_the_coin_keeps_its_name() -> None:
    r = run(PAIR + "hand rests near 610 650 for 0.5 s\nflick arms-guard heading 90 deg at 0.5 m/s")
    assert kinds(r) == [("flick", "arms-guard"), ("rest", None)]
    assert r.swaps == 0
    assert len(r.rest_errors) == 2 and max(r.rest_errors) < 2.0


def test_identities_survive_a_collision() -> None:
    r = run(PAIR + "flick arms-knight toward arms-guard at 1.0 m/s")
    assert ("strike", "arms-knight") in kinds(r)
    strike = next(e for e in r.found if e["event"] == "strike")
    assert strike["target"] == "arms-guard"
    assert r.swaps == 0
    assert max(r.rest_errors) < 2.0


def test_a_coin_lifted_and_put_down_is_a_placement_not_a_flick() -> None:
    r = run(PAIR + "lift arms-guard to 560 720")
    assert kinds(r) == [("place", "arms-guard")]
    place = r.found[0]
    assert abs(place["at"][0] - 560.0) < 2.0 and abs(place["at"][1] - 720.0) < 2.0
    assert len(match_events(r.found, r.truth, 0.05, 1.0)) == 1


def test_a_coin_slid_from_where_it_stood_is_a_flick_not_a_placement() -> None:
    r = run(PAIR + "flick arms-guard heading 180 deg at 0.6 m/s")
    assert kinds(r) == [("flick", "arms-guard"), ("rest", None)]
    assert abs(r.found[0]["t"] - r.truth[0]["t"]) < 0.05


def test_a_coin_brought_onto_the_table_is_placed_and_recognised_by_its_colour() -> None:
    r = run(PAIR + "wait 0.2 s\nplace crowns-knight at 300 700")
    assert kinds(r) == [("place", "crowns-knight")]


def test_overlapping_search_windows_are_searched_once_and_apart_ones_alone() -> None:
    chain = [(0, 0, 10, 10), (40, 0, 50, 10), (8, 0, 20, 10), (18, 0, 42, 10)]
    assert merge_boxes(chain) == [(0, 0, 50, 10)]
    apart = [(0, 0, 10, 10), (30, 30, 40, 40)]
    assert merge_boxes(apart) == apart
    # Diagonal neighbours whose bounding box would hold much empty table stay apart.
    assert len(merge_boxes([(0, 0, 10, 10), (9, 9, 19, 19)])) == 2
