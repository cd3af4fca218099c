"""The table's sliding friction read from slides seen to a stop (:mod:`.friction`)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.friction import Friction

CFG = MotionConfig(fps=120.0, position_sd_mm=0.15, pixel_mm=0.5)
STOP = np.array([400.0, 300.0])
ALONG_X = np.array([1.0, 0.0])


def slide(
    fr: Friction,
    coin: str,
    rate: float,
    frames: int,
    heading: np.ndarray = ALONG_X,
    t_stop: float = 1.0,
    noise_mm: float = 0.0,
    seed: int = 0,
) -> None:
    """Readings of ``coin`` sliding along ``heading`` to a stop at STOP at ``t_stop``, slowed
    at ``rate``, for the last ``frames`` frames."""
    rng = np.random.default_rng(seed)
    for k in range(frames, 0, -1):
        tau = k / CFG.fps
        p = STOP - heading * rate * tau * tau / 2 + rng.normal(0, noise_mm, 2)
        fr.seen(coin, t_stop - tau, p)


@pytest.mark.parametrize("rate", [1500.0, 3300.0, 6000.0])
def test_the_rate_of_a_noisy_slide_is_read_within_three_percent(rate: float) -> None:
    fr = Friction(CFG)
    slide(fr, "c", rate, 30, noise_mm=CFG.position_sd_mm, seed=int(rate))
    got = fr.measure("c", STOP)
    assert got is not None and abs(got - rate) <= 0.03 * rate


def test_only_the_last_straight_run_counts_when_a_tower_turned_the_coin() -> None:
    fr = Friction(CFG)
    # Before the bounce it came the other way along y at a made-up pace; after it, 20 frames
    # straight to the stop along x at 3000 mm/s^2.
    for k in range(40, 20, -1):
        fr.seen("c", 1.0 - k / CFG.fps, STOP + np.array([-60.0, 200.0 - 4.0 * (40 - k)]))
    slide(fr, "c", 3000.0, 20)
    got = fr.measure("c", STOP)
    assert got is not None and abs(got - 3000.0) <= 30.0


def test_a_coin_stopped_dead_by_a_head_on_strike_shows_no_rate() -> None:
    fr = Friction(CFG)
    # Sliding at about 1 m/s, then stopped within 2 mm: no one rate of friction does that.
    for k in range(20, 0, -1):
        fr.seen("c", 1.0 - k / CFG.fps, STOP - np.array([2.0 + 8.0 * k, 0.0]))
    assert fr.measure("c", STOP) is None


def test_the_configured_middle_stands_until_three_slides_are_read_then_their_median() -> None:
    fr = Friction(CFG)
    for n, rate in enumerate((5000.0, 5200.0, 4800.0)):
        assert fr.decel == pytest.approx(CFG.decel_mid_mm_s2 if n < 3 else 5000.0)
        slide(fr, str(n), rate, 30)
        fr.stopped(str(n), STOP)
    assert fr.decel == pytest.approx(5000.0, rel=0.01)


def test_a_coin_set_off_again_or_hidden_forgets_its_readings() -> None:
    fr = Friction(CFG)
    slide(fr, "c", 3000.0, 30)
    fr.forget("c")
    slide(fr, "c", 3000.0, 3)
    assert fr.measure("c", STOP) is None
