"""The printable marker sheet: four detectable markers at true size on an A4 page."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.markers import ARUCO_DICTIONARY, TableProfile
from vision.markers_sheet import DPI, marker_sheet, write_marker_pdf


def test_sheet_markers_are_detectable_and_true_size() -> None:
    profile = TableProfile()
    page = marker_sheet(profile)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY))
    corners, ids, _ = detector.detectMarkers(page)
    assert sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    expected_px = profile.marker_mm / 25.4 * DPI
    for quad in corners:
        side = np.linalg.norm(quad[0][1] - quad[0][0])
        assert abs(side - expected_px) < 3, (side, expected_px)


def test_pdf_page_is_a4_at_true_size(tmp_path: Path) -> None:
    pdf = write_marker_pdf(tmp_path / "markers.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    # 210 x 297 mm in PostScript points (1/72 in).
    assert b"/MediaBox [ 0 0 595.2" in pdf and b" 841.9" in pdf
