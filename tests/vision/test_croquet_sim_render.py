"""The virtual table's renderer: markers a detector finds where the camera model says, coins
drawn where the ground truth says, hands hiding coins, motion blur, rolling shutter, speed-free."""

from __future__ import annotations

import functools

import cv2
import numpy as np
import pytest

from engines.croquetnole.layout import COIN_MM, default_layout
from vision.croquet.calibrate import find_markers
from vision.markers import ARUCO_DICTIONARY, TableProfile, marker_corners_mm
from vision.sim.croquet_camera import MODES, CameraMode, CameraModel
from vision.sim.croquet_render import CroquetRenderer, FrameTruth, RenderConfig, render_mode
from vision.sim.croquet_scene import CroquetScene

SMALL = CameraMode(960, 540, 120.0)
LAYOUT = default_layout()


@functools.lru_cache(maxsize=8)
def renderer(mode: CameraMode = SMALL, seed: int = 1, **config: object) -> CroquetRenderer:
    """A renderer (cached: building the static scene is the slow part, rendering is pure)."""
    return render_mode(
        mode,
        LAYOUT,
        seed,
        RenderConfig(**config),  # type: ignore[arg-type]
        tilt_deg=4.0,
        azimuth_deg=60.0,
    )


def first(r: CroquetRenderer, script: str) -> tuple[np.ndarray, FrameTruth]:
    return next(r.frames(CroquetScene.from_script(script)))


def blob_centre(image: np.ndarray, near: tuple[float, float]) -> tuple[float, float]:
    """Centre of the light blob (a coin's face on the dark felt) nearest ``near``."""
    mask = (image[..., 2] > 200).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    best = min(contours, key=lambda c: cv2.pointPolygonTest(c, near, True) * -1)
    m = cv2.moments(best)
    return (m["m10"] / m["m00"], m["m01"] / m["m00"])


def test_camera_model_agrees_with_opencv_projection() -> None:
    cam = CameraModel.over_table(MODES["1536x864"], tilt_deg=5.0, k1=-0.08, k2=0.02)
    pts = np.array([[0, 0], [864, 0], [432, 432], [100, 700], [864, 864]], float)
    mine = cam.project(pts, 6.35)
    world = np.column_stack([pts, np.full(len(pts), -6.35)])
    theirs, _ = cv2.projectPoints(world, cam.rvec, cam.tvec, cam.matrix(), cam.dist_coeffs())
    assert np.allclose(mine, theirs.reshape(-1, 2), atol=1e-6)


@pytest.mark.parametrize(
    ("mode", "corner_px"), [(MODES["1536x864"], 1.0), (MODES["1280x720"], 2.5)]
)
def test_markers_are_detected_where_the_camera_model_puts_them(
    mode: CameraMode, corner_px: float
) -> None:
    r = renderer(mode, noise_sd=2.0)
    image, _ = first(r, "place moons-knight at (432, 600)")
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY), params)
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    assert ids is not None and sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    expected = marker_corners_mm(TableProfile())
    for found, mid in zip(corners, ids.ravel(), strict=True):
        want = r.camera.project(expected[int(mid)])
        got = found.reshape(4, 2)
        assert np.abs(got - want).max() < corner_px
        assert np.abs(got.mean(axis=0) - want.mean(axis=0)).max() < 0.5


@pytest.mark.parametrize("mode", [MODES["1536x864"], MODES["1280x720"]])
def test_the_markers_corners_show_where_they_are_to_a_tenth_of_a_pixel(mode: CameraMode) -> None:
    # The calibration takes the table's place from these 16 corners. Painted with OpenCV's
    # anti-aliased fill at the texture's two texels per pixel, they were found 0.1 px off on
    # the whole (the pose, and so every coin, 0.15 mm) and 0.3 px apart (rms).
    r = renderer(mode, noise_sd=0.0, light_unevenness=0.0)
    image, _ = first(r, "place moons-knight at (432, 600)")
    found = find_markers(image)
    expected = marker_corners_mm(TableProfile())
    err = np.concatenate([found[i] - r.camera.project(expected[i]) for i in sorted(found)])
    assert len(err) == 16
    assert np.abs(err.mean(axis=0)).max() < 0.08, err.mean(axis=0)
    assert float(np.sqrt((err**2).sum(axis=1).mean())) < 0.3


def test_sensor_noise_has_the_configured_spread_in_every_channel() -> None:
    script = "place moons-knight at (432, 600)"
    clean, _ = first(renderer(noise_sd=0.0), script)
    noisy, _ = first(renderer(noise_sd=3.0), script)
    diff = noisy.astype(float) - clean
    for ch in range(3):
        assert diff[100:400, 300:600, ch].std() == pytest.approx(3.0, rel=0.15)


def test_markers_lie_clockwise_from_the_top_left_of_the_image() -> None:
    r = renderer()
    centres = {m: r.camera.project(np.array([p]))[0] for m, p in TableProfile().markers.items()}
    assert centres[0][0] < centres[1][0] and centres[0][1] < centres[3][1]
    assert centres[2][0] > centres[3][0] and centres[2][1] > centres[1][1]


@pytest.mark.parametrize("at", [(300.0, 300.0), (120.0, 760.0), (610.0, 640.0)])
def test_a_coins_true_pixel_centre_matches_its_blob(at: tuple[float, float]) -> None:
    r = renderer(MODES["1536x864"], noise_sd=0.0)
    image, truth = first(r, f"place suns-knight at {at}")
    coin = truth.coins["suns-knight"]
    assert coin.mm == pytest.approx(at) and coin.visible
    assert coin.px is not None
    cx, cy = blob_centre(image, coin.px)
    assert abs(cx - coin.px[0]) < 1.5 and abs(cy - coin.px[1]) < 1.5


def test_a_resting_hand_hides_the_coin_under_it() -> None:
    r = renderer(noise_sd=0.0)
    scene = CroquetScene.from_script("""
        place crowns-guard at (300, 300)
        hand rests near (300, 300) for 0.3 s
    """)
    seen = [truth.coins["crowns-guard"].visible for _, truth in r.frames(scene)]
    assert seen[0] and seen[-1] and not all(seen)
    hidden = seen.index(False)
    assert all(not v for v in seen[hidden : hidden + 20])


def test_a_lifted_coin_is_held_out_of_sight_then_visible_where_it_was_put() -> None:
    r = renderer(noise_sd=0.0)
    scene = CroquetScene.from_script("""
        place moons-guard at (200, 700)
        lift moons-guard to (260, 150)
    """)
    statuses = []
    last = None
    for _, truth in r.frames(scene):
        c = truth.coins["moons-guard"]
        statuses.append(c.status)
        if c.status == "held":
            assert not c.visible
        last = c
    assert "held" in statuses and statuses[0] == statuses[-1] == "on"
    assert last is not None and last.mm == pytest.approx((260.0, 150.0)) and last.visible


def spreads(image: np.ndarray, px: tuple[float, float]) -> tuple[float, float]:
    """Brightness-weighted spread (px) of the blob around ``px``, along x and along y."""
    x, y = (round(v) for v in px)
    weight = np.clip(image[y - 25 : y + 26, x - 40 : x + 41, 2].astype(float) - 70, 0, None)
    rows, cols = np.mgrid[0:51, 0:81]
    total = weight.sum()
    sx = np.sqrt((weight * (cols - (weight * cols).sum() / total) ** 2).sum() / total)
    sy = np.sqrt((weight * (rows - (weight * rows).sum() / total) ** 2).sum() / total)
    return float(sx), float(sy)


def test_motion_blur_streaks_a_fast_coin_along_its_path() -> None:
    r = renderer(MODES["1536x864"], noise_sd=0.0, exposure_s=0.008)
    scene = CroquetScene.from_script("""
        place arms-knight at (150, 720)
        flick arms-knight heading 0 deg at 2.5 m/s
    """)
    still = None
    for image, truth in r.frames(scene):
        px = truth.coins["arms-knight"].px
        assert px is not None
        if still is None:
            still = spreads(image, px)
        if truth.t > 0.75:
            break
    moving = spreads(image, px)
    assert still is not None and abs(still[0] - still[1]) < 0.3
    assert moving[0] > still[0] + 0.8 and moving[1] == pytest.approx(still[1], abs=0.3)


def test_rolling_shutter_images_each_coin_when_its_row_is_read() -> None:
    r = renderer(rolling_shutter=True, readout_s=0.008, noise_sd=0.0)
    scene = CroquetScene.from_script("""
        place crowns-knight at (432, 60)
        place moons-knight at (432, 800)
        wait 0.05 s
    """)
    for _, truth in r.frames(scene):
        top, bottom = truth.coins["crowns-knight"].t, truth.coins["moons-knight"].t
        assert top < truth.t < bottom
        assert bottom - top == pytest.approx(0.008 * 0.8, abs=0.0015)


def test_rendering_is_reproducible_and_seeded() -> None:
    script = "place suns-guard at (400, 300)"
    a, _ = first(renderer(seed=4), script)
    b, _ = first(renderer(seed=4), script)
    c, _ = first(renderer(seed=5), script)
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_wood_and_felt_tables_differ_and_unknown_surfaces_are_refused() -> None:
    felt, _ = first(renderer(surface="felt"), "place suns-guard at (400, 300)")
    wood, _ = first(renderer(surface="wood"), "place suns-guard at (400, 300)")
    centre = (slice(250, 290), slice(460, 500))
    assert felt[centre][..., 1].mean() > felt[centre][..., 2].mean()
    assert wood[centre][..., 2].mean() > wood[centre][..., 1].mean()
    with pytest.raises(ValueError, match="surface"):
        renderer(surface="marble")


@pytest.mark.parametrize("heading", [0.0, 90.0])
def test_a_flicking_fingertip_rests_on_the_table_behind_the_coin(heading: float) -> None:
    # castle-croquetnole.txt: "resting a single fingertip on the playing surface with the
    # fingernail against the game piece". A coin flicked outward near the table's edge is
    # where perspective lifts a hand held flat above the table over the coin; the flicking
    # fingers slope down to the table, so the hand covers only the coin's back rim.
    r = renderer(noise_sd=0.0)
    scene = CroquetScene.from_script(f"""
        place arms-knight at (790, 790)
        flick arms-knight heading {heading} deg at 0.5 m/s
    """)
    covered = []
    for _, truth in r.frames(scene):
        if any(e["event"] == "flick" and e["t"] <= truth.t for e in scene.events):
            break
        covered.append(truth.coins["arms-knight"].covered)
    assert max(covered) > 0.0
    assert max(covered) < 0.25


def test_a_coin_casts_its_shadow_on_the_table_not_on_the_face_of_a_coin_beside_it() -> None:
    # The lamp is up to the top left: the Suns knight, just above and to the left of the Moons
    # knight, would shade its face if shadows were drawn over faces. Both faces stand as high,
    # so the Moons knight's face looks the same with the Suns knight there or not.
    r = renderer(noise_sd=0.0)
    moons = np.array([400.0, 300.0])
    way = np.array([0.22, 0.30]) / np.hypot(0.22, 0.30)
    suns = moons - way * (COIN_MM + 0.2)
    alone, truth = first(r, f"place moons-knight at ({moons[0]}, {moons[1]})")
    beside, _ = first(
        r,
        f"place moons-knight at ({moons[0]}, {moons[1]})\n"
        f"place suns-knight at ({suns[0]:.3f}, {suns[1]:.3f})",
    )
    px = truth.coins["moons-knight"].px
    ppm = float(np.sqrt(abs(np.linalg.det(r.camera.jacobian(tuple(moons))))))
    face = np.zeros(alone.shape[:2], np.uint8)
    cv2.circle(face, (round(px[0]), round(px[1])), round(0.8 * COIN_MM / 2 * ppm), 1, -1)
    diff = np.abs(alone.astype(int) - beside.astype(int))[face.astype(bool)]
    assert diff.max() <= 1
