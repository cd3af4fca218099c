"""Scoring the referees family by family: the groups, their seeds, one scene through all three
referees, and the report's shape."""

from __future__ import annotations

import pytest

from firmware_py.cli import main
from vision.lab.croquet_families import (
    GROUPS,
    REFEREES,
    FamilySpec,
    evaluate_families,
    format_report,
    group_seeds,
)
from vision.sim.croquet_camera import MODES
from vision.sim.croquet_variation import FAMILIES, HELD_BACK


def test_every_family_is_a_group_beside_tuning_with_seeds_of_its_own() -> None:
    assert ("tuning", *FAMILIES) == GROUPS
    seeds = group_seeds(GROUPS, 3)
    flat = [s for group in seeds.values() for s in group]
    assert len(flat) == len(set(flat)) == 3 * len(GROUPS)
    # Adding scenes to a group changes no other group's scenes.
    assert group_seeds(("light",), 5)["light"][:3] == seeds["light"]


@pytest.mark.slow
def test_one_held_back_scene_is_scored_by_every_referee_and_pooled() -> None:
    spec = FamilySpec("surface", group_seeds(("surface",), 1)["surface"], 1, MODES["1280x720"])
    result = evaluate_families([spec])
    assert set(result) == {"surface", "held_back"}
    entry = result["surface"]
    assert entry["scenes"] == 1 and set(entry["variants"]) <= HELD_BACK["surface"]
    for name in REFEREES:
        measures = entry[name]
        assert measures["events"]["flick"]["true"] >= 1
        assert measures["frames"] > 0 or measures["failed"]
    text = format_report(result)
    assert "== surface: 1 scenes (held back:" in text and "baseline" in text


def test_an_unknown_group_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["croquetnole", "families", "--groups", "tuning,carpets"]) != 0
    err = capsys.readouterr().err
    assert "unknown group 'carpets'" in err and "Traceback" not in err
