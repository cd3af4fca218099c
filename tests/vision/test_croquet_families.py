"""Scoring the referees family by family: the groups, their seeds, one scene through all three
referees, and the report's shape."""

from __future__ import annotations

import pytest

from firmware_py.cli import main
from vision.croquet.config import DEFAULT_CONFIG
from vision.lab.croquet_families import (
    GROUPS,
    KIND_SEED_OFFSET,
    REFEREES,
    FamilySpec,
    evaluate_families,
    format_report,
    group_seeds,
)
from vision.sim.croquet_camera import MODES
from vision.sim.croquet_scenes import SCENES
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
    seeds = group_seeds(("surface",), 1)["surface"]
    spec = FamilySpec("surface", seeds, 1, MODES["1280x720"], kinds=("off_table",))
    result = evaluate_families([spec])
    assert set(result) == {"surface", "held_back"}
    entry = result["surface"]
    assert entry["scenes"] == 2 and set(entry["variants"]) <= HELD_BACK["surface"]
    assert entry["seeds"] == [seeds[0], seeds[0] + KIND_SEED_OFFSET]
    assert entry["kinds"] == ["off_table"]
    for name in REFEREES:
        measures = entry[name]
        assert measures["events"]["flick"]["true"] >= 2
        # The scripted scene carries a coin off the table; random play seldom does.
        assert measures["events"]["off_table"]["true"] == 1
        assert measures["frames"] > 0 or measures["failed"]
    text = format_report(result)
    assert "== surface: 2 scenes (held back:" in text and "baseline" in text


def test_a_group_plays_each_scripted_kind_on_a_table_of_its_own() -> None:
    spec = FamilySpec("light", (800, 801), 4)
    jobs = spec.jobs(DEFAULT_CONFIG)
    games = [j for j in jobs if j[5] is None]
    scripted = [j for j in jobs if j[5] is not None]
    assert [j[1] for j in games] == [800, 801]
    assert [j[5] for j in scripted] == list(SCENES)
    assert len({j[1] for j in jobs}) == len(jobs)


def test_an_unknown_group_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["croquetnole", "families", "--groups", "tuning,carpets"]) != 0
    err = capsys.readouterr().err
    assert "unknown group 'carpets'" in err and "Traceback" not in err


def test_an_unknown_scene_kind_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["croquetnole", "families", "--kinds", "pass,juggle"]) != 0
    err = capsys.readouterr().err
    assert "unknown scene kind 'juggle'" in err and "Traceback" not in err


def test_a_base_among_the_tuning_seeds_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Tuning scenes use seeds below 100000: a family block there would score tuned scenes.
    assert main(["croquetnole", "families", "--base", "5000"]) != 0
    err = capsys.readouterr().err
    assert "--base must be 100000 or more" in err and "Traceback" not in err
