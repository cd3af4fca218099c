"""The command-line contract (DESIGN): JSON on stdout, one clear line on stderr for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sim.koper_board import render_board
from vision.sim.koper_layout import random_layout


def tableside(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware_py.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def assert_one_line_error(out: subprocess.CompletedProcess[str], words: str) -> None:
    assert out.returncode != 0
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert words in lines[0].lower()


def test_koper_read_missing_file() -> None:
    assert_one_line_error(
        tableside("koper", "read", "/nonexistent/board.png", "--json"), "cannot read"
    )


def test_koper_read_not_an_image(tmp_path: Path) -> None:
    bad = tmp_path / "board.png"
    bad.write_text("this is not a picture")
    assert_one_line_error(tableside("koper", "read", str(bad), "--json"), "not an image")


def test_koper_read_an_empty_table(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    table = np.full((864, 1536, 3), (40, 90, 50), np.uint8)
    table = cv2.add(table, rng.integers(0, 20, table.shape, dtype=np.uint8))
    path = tmp_path / "empty.jpg"
    cv2.imwrite(str(path), table)
    out = tableside("koper", "read", str(path), "--json")
    assert_one_line_error(out, "board")


def test_koper_read_prints_the_contract_json(tmp_path: Path) -> None:
    cells, checkers = random_layout(5)
    shot = render_board(cells, checkers, "anglo", seed=5, size=(2304, 1296))
    path = tmp_path / "board.jpg"
    cv2.imwrite(str(path), shot.image)
    out = tableside("koper", "read", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"cells", "checkers", "confidence"}  # DESIGN's extension: confidences
    assert data["cells"] == [list(row) for row in cells]
    got = sorted((k["row"], k["col"], k["color"]) for k in data["checkers"])
    assert got == sorted(checkers)
    assert all(set(k) == {"row", "col", "color", "confidence"} for k in data["checkers"])
    assert all(0 <= v <= 1 for row in data["confidence"] for v in row)


def test_koper_read_takes_the_decks_it_may_be(tmp_path: Path) -> None:
    cells, checkers = random_layout(6)
    shot = render_board(cells, checkers, "paris", seed=6, size=(1536, 864))
    path = tmp_path / "board.png"
    cv2.imwrite(str(path), shot.image)
    out = tableside("koper", "read", str(path), "--json", "--deck", "anglo, paris")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["cells"] == [list(row) for row in cells]


@pytest.mark.parametrize("args", [["koper"], ["nonsense"], ["koper", "read"]])
def test_usage_errors_exit_2_without_traceback(args: list[str]) -> None:
    out = tableside(*args)
    assert out.returncode == 2 and "Traceback" not in out.stderr and "usage" in out.stderr


def test_croquetnole_analyze_missing_inputs(tmp_path: Path) -> None:
    out = tableside(
        "croquetnole",
        "analyze",
        "/nonexistent/game.avi",
        "--setup",
        "/nonexistent/setup.json",
        "--json",
    )
    assert_one_line_error(out, "no setup file")
    setup = tmp_path / "setup.json"
    setup.write_text("{not json")
    out = tableside("croquetnole", "analyze", "/nonexistent/game.avi", "--setup", str(setup))
    assert_one_line_error(out, "not valid json")
    setup.write_text("{}")
    out = tableside("croquetnole", "analyze", "/nonexistent/game.avi", "--setup", str(setup))
    assert_one_line_error(out, "no video file")


def test_croquetnole_simulate_then_analyze_prints_the_contract_lines(tmp_path: Path) -> None:
    made = tableside(
        "croquetnole",
        "simulate",
        str(tmp_path),
        "--flicks",
        "2",
        "--seed",
        "3",
        "--mode",
        "1280x720",
        "--json",
    )
    assert made.returncode == 0, made.stderr
    files = json.loads(made.stdout)
    out = tableside(
        "croquetnole",
        "analyze",
        files["video"],
        "--setup",
        files["setup"],
        "--layout",
        files["layout"],
        "--json",
    )
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    times = [e["t"] for e in lines]
    assert times == sorted(times)
    kinds = {e["event"] for e in lines}
    assert {"flick", "rest", "ruling"} <= kinds
    truth = json.loads(Path(files["truth"]).read_text())
    true_flicks = [e["coin"] for e in truth["events"] if e["event"] == "flick"]
    assert [e["coin"] for e in lines if e["event"] == "flick"] == true_flicks
