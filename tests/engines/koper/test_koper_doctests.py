"""The runnable examples in the Koper modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "engines.koper",
    "engines.koper.announcing",
    "engines.koper.board",
    "engines.koper.cards",
    "engines.koper.game",
    "engines.koper.hands",
    "engines.koper.moves",
    "engines.koper.observe",
    "engines.koper.setup",
    "engines.koper.state",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
