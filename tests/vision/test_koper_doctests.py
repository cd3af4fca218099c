"""The runnable examples in the Koper vision modules' docstrings hold."""

import doctest
import importlib

import pytest

from vision.cards import list_designs

MODULES = [
    "vision.cards.ids",
    "vision.cards.designs",
    "vision.sim.koper_layout",
    "vision.sim.koper_board",
    "vision.koper.config",
    "vision.koper.features",
    "vision.koper.profiles",
    "vision.koper.reader",
    "vision.koper.annotate",
    "vision.koper.stillness",
    "vision.koper.evaluate",
]


@pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")
@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
