"""The runnable examples in the Croquetnole vision pipeline's docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "vision.croquet.calibrate",
    "vision.croquet.coins",
    "vision.croquet.config",
    "vision.croquet.events",
    "vision.croquet.evaluate",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
