"""A coin's nudge measured on its rim: hundredths of a millimetre on the rendered table, also with
another coin lying against it and with the frame's own sensor noise; and a coin a hand partly
covers placed by the part of its rim that shows."""

from __future__ import annotations

import functools

import cv2
import numpy as np
import pytest

from engines.croquetnole.layout import COIN_MM, default_layout
from vision.croquet.config import DEFAULT_CONFIG
from vision.croquet.rim import (
    Rim,
    _fit_circle,
    _normals,
    _percentile_90,
    blocked_rays,
    rim_centre,
    rim_shift,
    take_rim,
)
from vision.sim.croquet_camera import MODES
from vision.sim.croquet_render import CroquetRenderer, render_mode
from vision.sim.croquet_scene import CroquetScene

AT = (300.0, 300.0)


@functools.lru_cache(maxsize=2)
def renderer(mode: str = "1536x864") -> CroquetRenderer:
    return render_mode(MODES[mode], default_layout(), 3)


def frames(script: str, mode: str = "1536x864") -> list[np.ndarray]:
    """The frames of a short still scene (each with its own sensor noise)."""
    scene = CroquetScene.from_script(script + "\nwait 0.03 s")
    return [image for image, _ in renderer(mode).frames(scene)]


def measure(before: np.ndarray, after: np.ndarray, others: list[tuple[float, float]], mode: str):
    """The rim shift of the coin at ``AT`` from ``before`` to ``after``, in table mm, with the
    rays near ``others`` (coins in ``after``, mm) left out."""
    cam = renderer(mode).camera
    h = DEFAULT_CONFIG.coin_seen_height_mm
    centre = cam.project(np.array([AT]), h)[0]
    jac = cam.jacobian(AT, h)
    ppm = float(np.sqrt(abs(np.linalg.det(jac))))
    rim = take_rim(before, centre, COIN_MM / 2 * ppm, DEFAULT_CONFIG, ppm)
    paths = [(p, p) for p in cam.project(np.array(others, float).reshape(-1, 2), h)]
    clear = (COIN_MM / 2 + DEFAULT_CONFIG.rim_clear_mm) * ppm
    shift = rim_shift(rim, after, blocked_rays(rim, paths, clear), DEFAULT_CONFIG)
    return None if shift is None else np.linalg.solve(jac, shift)


@pytest.mark.parametrize("mode", ["1536x864", "1280x720"])
def test_a_still_coin_reads_still_and_a_nudge_of_five_hundredths_reads_as_one(mode: str) -> None:
    still = frames(f"place crowns-guard at {AT}", mode)
    nudged = frames(f"place crowns-guard at ({AT[0] + 0.05}, {AT[1]})", mode)
    for after in still[1:]:
        assert np.hypot(*measure(still[0], after, [], mode)) < 0.01
    for after in nudged[1:]:
        assert measure(still[0], after, [], mode) == pytest.approx([0.05, 0.0], abs=0.015)


def test_a_nudge_reads_with_the_striking_coin_lying_against_the_struck_one() -> None:
    still = frames(f"place crowns-guard at {AT}")
    other = (AT[0] + 0.08 + COIN_MM + 0.1, AT[1] + 2.0)
    nudged = frames(
        f"place crowns-guard at ({AT[0] + 0.08}, {AT[1]})\nplace moons-knight at {other}"
    )
    for after in nudged[1:]:
        assert measure(still[0], after, [other], "1536x864") == pytest.approx([0.08, 0], abs=0.01)


def test_no_nudge_is_read_when_too_few_rays_are_left() -> None:
    still = frames(f"place crowns-guard at {AT}")
    assert measure(still[0], still[1], [AT], "1536x864") is None


FELT = np.array([52.0, 108.0, 40.0])
WHITE = np.array([235.0, 232.0, 228.0])
SKIN = (120, 160, 215)


def coin_on_felt(centre: tuple[float, float], others: tuple[tuple[float, float], ...] = ()):
    """A 120 px square of felt with anti-aliased white coins 20 px across (radius 10 px)."""
    yy, xx = np.mgrid[:120, :120]
    img = np.zeros((120, 120, 3)) + FELT
    for cx, cy in (centre, *others):
        face = np.clip(10.0 - np.hypot(xx - cx, yy - cy) + 0.5, 0, 1)[..., None]
        img = img * (1 - face) + WHITE * face
    return img.astype(np.uint8)


@pytest.mark.parametrize("cover", [6, 9, 12])
def test_a_coin_under_the_edge_of_a_hand_is_placed_by_its_rim(cover: int) -> None:
    # A hand covers the lower part of a coin (6-12 px of its 20 px width): what shows of its
    # face is centred 1-4 px above the coin's centre; the rim seen against the felt places it
    # within a tenth of a pixel. The background (one pixel in four) still shows the coin where
    # it lay before it slid here, half a coin's width away, and another coin beside it.
    centre = (60.3, 55.6)
    img = coin_on_felt(centre, ((30.0, 56.0),))
    cv2.rectangle(img, (20, round(centre[1] + 10 - cover)), (100, 119), SKIN, -1)
    background = coin_on_felt((60.0, 65.0), ((30.0, 56.0),))[::4, ::4]
    face = (img.min(axis=2) > 150) & (
        np.hypot(*np.mgrid[:120, :120][::-1] - np.array(centre)[:, None, None]) < 12
    )
    ys, xs = np.nonzero(face)
    shows = np.array([xs.mean(), ys.mean()])
    static = np.zeros(img.shape[:2], bool)
    found = rim_centre(img, shows, 10.0, background, static, DEFAULT_CONFIG)
    assert np.hypot(*(shows - centre)) > 1.0
    assert found is not None
    assert np.hypot(*(found - centre)) < 0.15


def test_no_centre_is_found_from_too_short_an_arc_of_rim() -> None:
    # Only a sliver of the coin shows beyond the hand: its rim cannot place it.
    centre = (60.0, 60.0)
    img = coin_on_felt(centre)
    cv2.rectangle(img, (0, 52), (119, 119), SKIN, -1)
    background = coin_on_felt((200.0, 200.0))[::4, ::4]
    static = np.zeros(img.shape[:2], bool)
    assert rim_centre(img, np.array([60.0, 51.0]), 10.0, background, static) is None


def test_the_rim_level_is_numpys_90th_percentile_and_the_circle_fit_is_exact() -> None:
    rng = np.random.default_rng(5)
    for n in (1, 2, 7, 64 * 41):
        values = rng.normal(120.0, 40.0, (n, 1)).astype(np.float32)
        assert _percentile_90(values) == pytest.approx(float(np.percentile(values, 90)), rel=1e-6)
    theta = np.linspace(0.3, 2.0, 9)
    points = np.column_stack([40.0 + 12.0 * np.cos(theta), 30.0 + 12.0 * np.sin(theta)])
    assert _fit_circle(points, np.array([37.0, 33.0]), 12.0) == pytest.approx(
        [40.0, 30.0], abs=1e-4
    )


def test_paths_far_from_a_rim_block_no_ray_and_near_ones_block_the_rays_they_pass() -> None:
    # The rays reach 14 px from the centre; a path is skipped when it passes farther than that
    # plus the clearance from the centre, and the rays it is tested against ray by ray are the
    # ones it passes within the clearance of.
    radii = np.linspace(6.0, 14.0, 9)
    rim = Rim(np.array([100.0, 100.0]), _normals(8), radii, np.zeros((8, 9)), np.zeros((8, 9)))
    far = (np.array([100.0, 117.1]), np.array([200.0, 117.1]))
    assert not blocked_rays(rim, [far], 3.0).any()
    grazing = (np.array([0.0, 116.9]), np.array([200.0, 116.9]))
    assert np.flatnonzero(blocked_rays(rim, [grazing], 3.0)).tolist() == [2]
