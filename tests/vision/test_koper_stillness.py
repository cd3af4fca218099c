"""The stillness detector on rendered frames with and without a hand."""

import numpy as np
import pytest

from vision.cards import list_designs
from vision.koper.stillness import StillnessConfig, StillnessDetector
from vision.sim.koper_board import render_board
from vision.sim.koper_layout import random_layout

SIZE = (640, 360)


@pytest.fixture(scope="module")
def frames():
    if not list_designs():
        pytest.skip("gnome-cards-data is not installed")
    cells, checkers = random_layout(8)

    def frame(k, hand=None):
        return render_board(
            cells, checkers, "anglo", seed=8, size=SIZE, hand=hand, frame_seed=100 + k
        ).image

    moving = [frame(k, (0.3 + 0.05 * k, 0.35 + 0.03 * k)) for k in range(4)]
    calm = [frame(10 + k) for k in range(6)]
    return moving, calm


def test_moving_hand_is_not_still_then_calm_frames_are(frames):
    moving, calm = frames
    det = StillnessDetector(StillnessConfig(still_frames=3))
    states = [det.update(f) for f in moving + calm]
    assert not any(s.still for s in states[:5])
    assert all(s.motion > 0.004 for s in states[1:5])
    assert [s.became_still for s in states].count(True) == 1
    assert states[-1].still


def test_a_hand_coming_back_breaks_stillness(frames):
    moving, calm = frames
    det = StillnessDetector(StillnessConfig(still_frames=2))
    for f in calm:
        det.update(f)
    assert det.update(moving[0]).still is False


def test_still_seconds_are_waited_for_with_timestamps(frames):
    _, calm = frames
    det = StillnessDetector(StillnessConfig(still_frames=1, still_seconds=1.0))
    states = [det.update(f, t=0.25 * k) for k, f in enumerate(calm)]
    first = next(k for k, s in enumerate(states) if s.still)
    assert first == 5  # calm from t=0.25 (second frame) until t=1.25


def test_reset_forgets_the_calm():
    det = StillnessDetector(StillnessConfig(still_frames=1))
    blank = np.zeros((90, 160), np.uint8)
    det.update(blank)
    assert det.update(blank).still
    det.reset()
    assert not det.update(blank).still
