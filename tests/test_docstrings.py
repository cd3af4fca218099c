"""Every runnable example in the project's docstrings stays true.

Modules are discovered, not listed, so a new module's examples are checked without anyone
remembering to add it here.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ("engines", "vision", "firmware_py", "web")


def modules_with_examples() -> list[str]:
    found = []
    finder = doctest.DocTestFinder()
    for package in PACKAGES:
        root = importlib.import_module(package)
        names = [package] + [
            m.name for m in pkgutil.walk_packages(root.__path__, prefix=f"{package}.")
        ]
        for name in names:
            module = importlib.import_module(name)
            examples = [e for test in finder.find(module) for e in test.examples]
            if any(not e.options.get(doctest.SKIP) for e in examples):
                found.append(name)
    return found


@pytest.mark.parametrize("name", modules_with_examples())
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_discovery_finds_the_examples_of_each_layer() -> None:
    roots = {name.split(".")[0] for name in modules_with_examples()}
    assert {"engines", "vision", "firmware_py"} <= roots
