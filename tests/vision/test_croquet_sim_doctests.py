"""The runnable examples in the virtual Croquetnole table's docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "vision.markers",
    "vision.sim.croquet_art",
    "vision.sim.croquet_camera",
    "vision.sim.croquet_physics",
    "vision.sim.croquet_render",
    "vision.sim.croquet_scene",
    "vision.sim.croquet_script",
    "vision.sim.croquet_truth",
    "vision.sim.croquet_video",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
