"""The runtime never loads the simulator or the lab tools: importing the Koper reader, the
Croquetnole coin referee, either camera watcher, the device or the web app, and reading or
learning a deck from a still on the command line, leave every ``vision.sim`` and ``vision.lab``
module out of ``sys.modules``.

Each check runs in a fresh interpreter, since this test process has loaded both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

import vision
from vision.cards import list_designs
from vision.koper.layout import canonical_cells

ROOT = Path(vision.__file__).resolve().parents[1]
NOT_RUNTIME = ("vision.sim", "vision.lab")
needs_designs = pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")


def loaded_after(code: str, env: dict[str, str] | None = None) -> list[str]:
    """The simulator and lab modules a fresh interpreter holds after running ``code``."""
    probe = (
        f"{code}\n"
        "import json, sys\n"
        f"prefixes = {NOT_RUNTIME!r}\n"
        "print(json.dumps(sorted(m for m in sys.modules\n"
        "    if any(m == p or m.startswith(p + '.') for p in prefixes))))\n"
    )
    run_env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1", **(env or {})}
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env=run_env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_the_probe_sees_the_simulator_when_it_is_loaded() -> None:
    assert {"vision.sim.koper_board", "vision.lab.koper_evaluate"} <= set(
        loaded_after("import vision.lab.koper_evaluate")
    )


@pytest.mark.parametrize(
    "module",
    [
        "vision.koper",
        "firmware_py.koper_watch",
        "vision.croquet.motion.referee",
        "vision.croquet.analyze",
        "firmware_py.croquet_watch",
        "firmware_py.device",
        "web",
    ],
)
def test_importing_the_runtime_loads_no_simulator_nor_lab(module: str) -> None:
    assert loaded_after(f"import {module}") == []


@needs_designs
def test_reading_and_learning_on_the_command_line_load_no_simulator_nor_lab(
    tmp_path: Path,
) -> None:
    from vision.sim.koper_board import render_board
    from vision.sim.koper_layout import random_layout

    cells, checkers = random_layout(4)
    board = tmp_path / "board.png"
    cv2.imwrite(str(board), render_board(cells, checkers, "anglo", seed=4, size=(1536, 864)).image)
    deck = tmp_path / "deck.png"
    shot = render_board(canonical_cells(), (), "paris", seed=77, size=(1536, 864), blur_sigma=0.5)
    cv2.imwrite(str(deck), shot.image)
    code = (
        "from firmware_py.cli import main\n"
        f"assert main(['koper', 'read', {str(board)!r}, '--deck', 'anglo', '--json']) == 0\n"
        f"assert main(['koper', 'learn-deck', {str(deck)!r}, '--name', 'club']) == 0\n"
    )
    assert loaded_after(code, {"XDG_DATA_HOME": str(tmp_path / "data")}) == []
