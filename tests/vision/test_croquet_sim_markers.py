"""The table's marker profile (the SETUP JSON "table") and the marker drawing."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.markers import (
    ARUCO_DICTIONARY,
    MARKER_IDS,
    TableProfile,
    marker_corners_mm,
    marker_image,
)


def test_the_default_profile_is_the_setup_json_table() -> None:
    p = TableProfile()
    assert p.to_json() == {
        "markers": {"0": [30.0, 30.0], "1": [834.0, 30.0], "2": [834.0, 834.0], "3": [30.0, 834.0]},
        "marker_mm": 40.0,
    }
    assert TableProfile.from_json(p.to_json()) == p
    custom = {
        "markers": {"0": [25, 25], "1": [775, 25], "2": [775, 775], "3": [25, 775]},
        "marker_mm": 50,
    }
    assert TableProfile.from_json(custom).markers[2] == (775.0, 775.0)


@pytest.mark.parametrize(
    "bad",
    [
        {"markers": {"0": [1, 2], "1": [3, 4], "2": [5, 6]}},
        {"markers": {"0": [1, 2], "1": [3, 4], "2": [5, 6], "3": "x"}},
        {"markers": {"0": [1, 2], "1": [3, 4], "2": [5, 6], "3": [7, 8]}, "marker_mm": 0},
        {"markers": [[1, 2]]},
    ],
)
def test_malformed_profiles_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="table profile"):
        TableProfile.from_json(bad)


def test_marker_corners_run_clockwise_from_the_markers_top_left() -> None:
    c = marker_corners_mm(TableProfile())[1]
    assert c.tolist() == [[814.0, 10.0], [854.0, 10.0], [854.0, 50.0], [814.0, 50.0]]


@pytest.mark.parametrize("marker_id", MARKER_IDS)
def test_a_drawn_marker_is_read_back_by_the_detector(marker_id: int) -> None:
    img = marker_image(marker_id, 120, quiet_px=30)
    assert img.shape == (180, 180) and img[0, 0] == 255
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY))
    corners, ids, _ = detector.detectMarkers(img)
    assert ids is not None and ids.ravel().tolist() == [marker_id]
    assert np.allclose(
        corners[0].reshape(4, 2), [[30, 30], [149, 30], [149, 149], [30, 149]], atol=1.5
    )
