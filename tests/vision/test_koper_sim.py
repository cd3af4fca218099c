"""The rendered Koper board: layouts, reproducibility, ground truth, the hand."""

import numpy as np
import pytest

from vision.cards import CARD_IDS, list_designs
from vision.sim.koper_board import render_board
from vision.sim.koper_layout import random_layout

pytestmark = pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")
SIZE = (640, 360)


def test_random_layout_holds_each_card_once_and_24_checkers():
    cells, checkers = random_layout(seed=5)
    ids = [c for row in cells for c in row if c is not None]
    assert sorted(ids) == sorted(CARD_IDS)
    assert len(checkers) == 24 and len({(r, c) for r, c, _ in checkers}) == 24
    assert sum(k == "light" for _, _, k in checkers) == 12
    # every row and column keeps a card, so the board's extent shows on a photo
    assert all(any(c is not None for c in row) for row in cells)
    assert all(any(cells[r][c] is not None for r in range(8)) for c in range(8))


def test_render_is_reproducible_and_seed_dependent():
    cells, checkers = random_layout(seed=2)
    a = render_board(cells, checkers, "anglo", seed=2, size=SIZE)
    b = render_board(cells, checkers, "anglo", seed=2, size=SIZE)
    c = render_board(cells, checkers, "anglo", seed=3, size=SIZE)
    assert a.image.shape == (360, 640, 3) and a.image.dtype == np.uint8
    assert np.array_equal(a.image, b.image)
    assert not np.array_equal(a.image, c.image)
    assert a.truth.cells == cells and a.truth.checkers == tuple(sorted(checkers))
    assert 0 <= a.truth.tilt_deg <= 15 and len(a.truth.corners) == 4


def test_truth_corners_enclose_the_board_in_the_image():
    cells, checkers = random_layout(seed=4)
    shot = render_board(cells, checkers, "paris", seed=4, size=SIZE, tilt_deg=15.0)
    xs, ys = zip(*shot.truth.corners, strict=True)
    assert 0 < min(xs) < max(xs) < SIZE[0] and 0 < min(ys) < max(ys) < SIZE[1]
    assert shot.truth.tilt_deg == 15.0


def test_hand_covers_part_of_the_frame():
    cells, checkers = random_layout(seed=1)
    plain = render_board(cells, checkers, "anglo", seed=1, size=SIZE, noise_sigma=0)
    hand = render_board(cells, checkers, "anglo", seed=1, size=SIZE, noise_sigma=0, hand=(0.5, 0.4))
    changed = np.abs(plain.image.astype(int) - hand.image.astype(int)).max(axis=2) > 30
    assert 0.02 < changed.mean() < 0.5
