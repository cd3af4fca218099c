"""Grazes: coins at rest touched too lightly to move (:mod:`vision.croquet.motion.grazes`)."""

from __future__ import annotations

import math

import numpy as np

from engines.croquetnole.layout import Point
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.grazes import Grazes, graze_chance
from vision.croquet.motion.paths import Step
from vision.croquet.motion.strikes import Strikes

CFG = MotionConfig(fps=120.0, position_sd_mm=0.1, pixel_mm=0.5)
W = CFG.coin_mm
TARGET = (100.0, 0.0)


def pass_by(
    g: Grazes,
    gap: float,
    speed: float,
    bias: float = 0.0,
    t0: float = 0.0,
    frames: int = 16,
    heading: float = 1.0,
) -> None:
    """A coin sliding at ``speed`` along a straight line whose nearest point lies ``gap`` mm
    from TARGET's centre (reaching it on the ninth frame); readings within a coin's width and
    two pixels of TARGET are read ``bias`` mm nearer it (their outlines blur together)."""
    step = heading * speed / CFG.fps
    prev: Point | None = None
    for k in range(frames):
        t = t0 + k / CFG.fps
        x = TARGET[0] + (k - 8) * step
        y = TARGET[1] + gap
        if math.hypot(x - TARGET[0], y - TARGET[1]) <= W + 2 * CFG.pixel_mm:
            y -= bias
        if prev is not None:
            g.steps(t, [Step("a", prev, (x, y), t - 1 / CFG.fps, t, (speed, 0.0))], {"b": TARGET})
        prev = (x, y)


def calls(g: Grazes, t: float = 1.0) -> list[tuple[str, str]]:
    return [(s.coin, s.target) for s in g.judge(t, {"b"}, 3000.0)]


def test_a_slow_coin_read_inside_touching_distance_grazed_the_coin_it_passed() -> None:
    g = Grazes(CFG, Strikes(CFG))
    pass_by(g, W - 0.5, 150.0)
    assert calls(g) == [("a", "b")]


def test_a_fast_coin_that_touched_would_have_moved_the_coin_so_it_passed_by() -> None:
    g = Grazes(CFG, Strikes(CFG))
    pass_by(g, W - 0.3, 1500.0)
    assert calls(g) == []


def test_readings_blurred_into_the_coin_passed_do_not_bring_the_path_nearer() -> None:
    """Read 1.2 mm nearer while the outlines touch, the path a millimetre clear would read
    0.2 mm inside; the line through the readings clear of the coin says a millimetre clear."""
    g = Grazes(CFG, Strikes(CFG))
    pass_by(g, W + 1.0, 150.0, bias=1.2)
    assert calls(g) == []


def test_a_coin_moving_off_from_beside_one_at_rest_did_not_graze_it() -> None:
    g = Grazes(CFG, Strikes(CFG))
    g.steps(0.0, [], {"b": TARGET})
    a, b = (TARGET[0] + 2.0, TARGET[1] + W - 0.2), (TARGET[0] + 4.0, TARGET[1] + W - 0.2)
    for k in range(8):
        t = (k + 1) / CFG.fps
        g.steps(t, [Step("a", a, b, t - 1 / CFG.fps, t, (240.0, 0.0))], {"b": TARGET})
        a, b = b, (b[0] + 2.0, b[1])
    assert calls(g) == []


def test_a_path_taken_before_the_coin_came_to_rest_there_is_not_measured_against_it() -> None:
    """The coin at rest arrived after the other had passed its spot: only the readings since
    it lay there count, and they show the other creeping a few millimetres off."""
    g = Grazes(CFG, Strikes(CFG))
    way = [(100.0 - 40.0 + 5.0 * k, 0.0) for k in range(8)] + [(100.0 + 2.0, W + 3.0)] * 6
    for k in range(1, len(way)):
        t = k / CFG.fps
        still = {"b": TARGET} if k >= 8 else {}
        g.steps(t, [Step("a", way[k - 1], way[k], t - 1 / CFG.fps, t, (0.0, 0.0))], still)
    assert calls(g) == []


def test_a_coin_passed_that_then_set_off_is_judged_by_its_start() -> None:
    g = Grazes(CFG, Strikes(CFG))
    pass_by(g, W - 0.5, 150.0)
    g.set_off("b", 0.0)
    assert calls(g) == []


def test_the_chance_of_a_graze_is_the_share_of_such_readings_that_were_touches() -> None:
    """Coins pass coins at rest at true gaps spread evenly about touching, at any speed; those
    whose touch moved the other visibly are seen as strikes, the rest read with the gap's
    error. Among the readings given a chance near p, a share near p were touches."""
    rng = np.random.default_rng(7)
    sd, decel = 0.4, 3000.0
    n = 200_000
    gap = rng.uniform(W - 2.0, W + 2.0, n)
    speed = rng.uniform(30.0, 1500.0, n)
    # A perfectly inelastic blow between equal coins, at the angle the gap gives.
    cos2 = np.clip(1.0 - (gap / W) ** 2, 0.0, None)
    moved = (speed / 2) ** 2 * cos2 / (2 * decel)
    unseen = moved < CFG.start_mm
    read = gap + rng.normal(0.0, sd, n)
    chance = np.array(
        [
            graze_chance(r, sd, v, decel, CFG)
            for r, v in zip(read[unseen], speed[unseen], strict=True)
        ]
    )
    touched = gap[unseen] < W
    for lo, hi in ((0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9)):
        band = (chance >= lo) & (chance < hi)
        assert band.sum() > 500
        assert abs(touched[band].mean() - chance[band].mean()) < 0.05


def test_a_coin_come_to_rest_unseen_against_another_pushed_it_as_the_reading_says() -> None:
    g = Grazes(CFG, Strikes(CFG))
    touching = g.arrived("a", (TARGET[0] + W - 0.3, TARGET[1]), 2.0, {"b": TARGET})
    assert [(s.coin, s.target, s.t) for s in touching] == [("a", "b", 2.0)]
    assert touching[0].confidence < 0.9  # a reading, not a sight: the players are asked
    apart = g.arrived("c", (TARGET[0], TARGET[1] + W + 1.5), 2.0, {"b": TARGET})
    assert apart == []


def test_a_coin_come_to_rest_against_one_it_already_touches_did_not_strike_it_again() -> None:
    strikes = Strikes(CFG)
    strikes.contact.add(frozenset(("a", "b")))
    g = Grazes(CFG, strikes)
    assert g.arrived("a", (TARGET[0] + W - 0.3, TARGET[1]), 2.0, {"b": TARGET}) == []


def test_a_shift_read_before_its_striker_is_told_set_off_waits_for_it() -> None:
    # The guard came out from under the hand and struck the knight; the knight is read
    # shifted away from it a frame before the guard's start is told (timed back to 2.0).
    g = Grazes(CFG, Strikes(CFG))
    where = {"guard": (0.0, 0.0), "knight": (0.0, 20.5)}
    assert g.nudged("knight", (0.0, 19.2), (0.0, 20.5), 2.1, where) == []
    g.set_off("guard", 2.0)
    [strike] = g.retry(2.11, where)
    assert (strike.coin, strike.target) == ("guard", "knight")
    assert strike.confidence > 0.9 and 2.0 <= strike.t <= 2.1
    assert g.retry(2.12, where) == []
    # A coin set off after the shift was read did not make it; nor is a shift kept for
    # longer than a hand lingers.
    g = Grazes(CFG, Strikes(CFG))
    assert g.nudged("knight", (0.0, 19.2), (0.0, 20.5), 2.1, where) == []
    g.set_off("guard", 2.2)
    assert g.retry(2.21, where) == []
    assert g.retry(2.1 + CFG.settle_s + 0.01, where) == [] and g.shifts == []


def test_a_shift_away_from_where_its_striker_set_off_is_a_strike_though_it_went_aside() -> None:
    # A knight flicked from beside a guard glances off it at once and slides away aside: where
    # it lies now is far from the guard, but its way from its spot passed within touching
    # distance. The guard, read shifted away from that spot, was struck.
    strikes = Strikes(CFG)
    g = Grazes(CFG, strikes)
    strikes.set_off("knight", (0.0, 0.0))
    g.set_off("knight", 2.0)
    where = {"knight": (-20.0, -15.0), "guard": (W + 1.3, 0.5)}
    [strike] = g.nudged("guard", (W + 1.2, 0.0), (W + 2.5, 0.0), 2.1, where)
    assert (strike.coin, strike.target) == ("knight", "guard") and strike.confidence > 0.9
    # Shifted toward that spot, it was not struck from it.
    g = Grazes(CFG, strikes)
    g.set_off("knight", 2.0)
    assert g.nudged("guard", (W + 1.2, 0.0), (W + 0.2, 0.0), 2.1, where) == []


def test_a_shift_by_a_coin_that_may_have_lain_touching_it_is_a_strike_only_if_likelier() -> None:
    # "a" came to rest unseen 0.05 mm beyond touching "b": too unlikely a graze to call, but
    # the two may touch. Later "a" is set off into "b", which is read shifted 0.6 mm away from
    # it, and "a" read back off it, the two apart, in the same frame: if they touched, "a"
    # pushed "b" (no blow), so the strike is only as likely as they lay apart: not called.
    spot = (TARGET[0] - W - 0.05, TARGET[1])

    def pushed(g: Grazes) -> list[tuple[str, str]]:
        g.strikes.set_off("a", spot)
        g.set_off("a", 3.0)
        after = {"a": (spot[0] - 1.0, spot[1]), "b": (TARGET[0] + 0.6, TARGET[1])}
        g.strikes.steps(3.1, [], after)
        return [(s.coin, s.target) for s in g.nudged("b", TARGET, after["b"], 3.1, after)]

    g = Grazes(CFG, Strikes(CFG))
    assert g.arrived("a", spot, 2.0, {"b": TARGET}) == []
    assert pushed(g) == []
    # Nothing said they might touch: a strike.
    assert pushed(Grazes(CFG, Strikes(CFG))) == [("a", "b")]
