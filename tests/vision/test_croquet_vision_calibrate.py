"""Calibration from the table markers on rendered frames: small reprojection error, table points
found where they are, a clear error when a marker is hidden or the input is no image."""

from __future__ import annotations

import functools

import cv2
import numpy as np
import pytest

from engines.croquetnole.layout import default_layout
from vision.croquet.calibrate import CameraIntrinsics, calibrate
from vision.errors import NoTableMarkers, UnreadableImage
from vision.markers import TableProfile
from vision.sim.croquet_camera import CameraMode, CameraModel
from vision.sim.croquet_render import CroquetRenderer, RenderConfig
from vision.sim.croquet_scene import CroquetScene

MODE = CameraMode(1280, 720, 120.0)
POINTS = np.array([[432.0, 432.0], [200.0, 220.0], [650.0, 432.0], [432.0, 660.0], [120.0, 760.0]])


@functools.cache
def frame() -> tuple[np.ndarray, CameraModel]:
    lay = default_layout()
    cam = CameraModel.over_table(MODE, lay.table)
    image, _ = next(CroquetRenderer(lay, cam, RenderConfig(), seed=3).frames(CroquetScene({}, [])))
    return image, cam


def test_calibration_reprojects_the_marker_corners_within_a_pixel_or_two() -> None:
    # The detector finds 1280x720 marker corners to a pixel or two (the simulator's own test).
    image, _ = frame()
    cal = calibrate(image)
    assert cal.reprojection_px < 1.5
    assert cal.reprojection_mm < 2.0
    assert not cal.intrinsics_known
    assert set(cal.to_json()) >= {"reprojection_px", "reprojection_mm", "camera_height_mm"}


@pytest.mark.parametrize(("known", "tolerance_mm"), [(False, 2.0), (True, 0.5)])
def test_table_points_on_a_coin_top_map_back_to_where_they_are(
    known: bool, tolerance_mm: float
) -> None:
    image, cam = frame()
    intrinsics = CameraIntrinsics.from_json(cam.to_json()) if known else None
    cal = calibrate(image, TableProfile(), intrinsics)
    seen = cam.project(POINTS, 3.175)
    assert np.abs(cal.to_table(seen, 3.175) - POINTS).max() < tolerance_mm
    assert np.abs(cal.to_image(POINTS, 3.175) - seen).max() < tolerance_mm * 2


def test_the_tables_straight_edges_fix_the_lens_halfway_along_the_sides() -> None:
    # The markers stand near the corners: fitted to them alone, one radial term left points
    # halfway along the sides 1.4-1.7 mm off at 1280x720; the table's straight edges pin the
    # second term.
    image, cam = frame()
    sides = np.array([[432.0, 40.0], [824.0, 432.0], [432.0, 824.0], [40.0, 432.0]])
    cal = calibrate(image)
    off = np.hypot(*(cal.to_table(cam.project(sides, 3.175), 3.175) - sides).T)
    assert off.max() < 0.9
    assert cal.reprojection_px < 1.5


def test_a_table_whose_edges_do_not_show_keeps_the_markers_calibration() -> None:
    image, cam = frame()
    felt = image.copy()
    outline = cam.project(np.array([[0.0, 0.0], [864.0, 0.0], [864.0, 864.0], [0.0, 864.0]]))
    outside = np.full(image.shape[:2], 255, np.uint8)
    cv2.fillConvexPoly(outside, np.round(outline).astype(np.int32), 0)
    felt[outside > 0] = image[image.shape[0] // 2, image.shape[1] // 2 - 40]
    cal = calibrate(felt)
    seen = cam.project(POINTS, 3.175)
    assert np.abs(cal.to_table(seen, 3.175) - POINTS).max() < 2.0


def test_a_hidden_marker_is_named_in_the_error() -> None:
    image, cam = frame()
    covered = image.copy()
    u, v = (int(c) for c in cam.project(np.array([[834.0, 834.0]]))[0])
    covered[v - 40 : v + 40, u - 40 : u + 40] = 60
    with pytest.raises(NoTableMarkers, match="marker\\(s\\) 2 not found"):
        calibrate(covered)


def test_something_that_is_not_an_image_is_refused() -> None:
    with pytest.raises(UnreadableImage):
        calibrate(np.zeros((0, 0, 3), np.uint8))
