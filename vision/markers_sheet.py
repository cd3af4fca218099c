"""A printable sheet of the four table markers at true size (``tableside markers``).

One A4 page at 300 dpi: each marker drawn ``marker_mm`` wide with a white quiet zone, its id and
the table corner it belongs to, and a 100 mm scale bar to check the printer did not scale the page
("print at 100 %" / "actual size"). Written as PDF through Pillow, whose ``resolution`` sets the
page size, so the markers come out at their true size.

>>> page = marker_sheet(TableProfile())
>>> page.shape
(3508, 2480)
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.markers import MARKER_IDS, TableProfile, marker_image

A4_MM = (210.0, 297.0)
DPI = 300
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def marker_sheet(profile: TableProfile) -> np.ndarray:
    """The A4 page as a greyscale image at 300 dpi."""
    page = np.full((_px(A4_MM[1]), _px(A4_MM[0])), 255, np.uint8)
    side = _px(profile.marker_mm)
    font = cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(
        page,
        "Tableside table markers - print at 100 % (actual size)",
        (_px(15), _px(20)),
        font,
        1.6,
        0,
        3,
        cv2.LINE_AA,
    )
    cv2.putText(
        page,
        f"Each marker is {profile.marker_mm:g} mm wide. Lay them with this text "
        "toward the top of the camera picture.",
        (_px(15), _px(28)),
        font,
        1.0,
        0,
        2,
        cv2.LINE_AA,
    )
    for i, marker_id in enumerate(MARKER_IDS):
        col, row = i % 2, i // 2
        x, y = _px(25 + col * 95), _px(45 + row * 95)
        page[y : y + side, x : x + side] = marker_image(marker_id, side)
        cv2.rectangle(
            page, (x - _px(8), y - _px(8)), (x + side + _px(8), y + side + _px(8)), 160, 3
        )
        centre = profile.markers.get(marker_id, (0.0, 0.0))
        label = f"id {marker_id}: {CORNERS[i]} corner, centre at ({centre[0]:g}, {centre[1]:g}) mm"
        cv2.putText(page, label, (x - _px(8), y + side + _px(16)), font, 0.9, 0, 2, cv2.LINE_AA)
    bar_y = _px(250)
    cv2.line(page, (_px(25), bar_y), (_px(125), bar_y), 0, 4)
    for tick in range(0, 101, 10):
        cv2.line(page, (_px(25 + tick), bar_y - _px(3)), (_px(25 + tick), bar_y + _px(3)), 0, 3)
    cv2.putText(
        page,
        "100 mm: measure this line to check the print scale",
        (_px(25), bar_y + _px(12)),
        font,
        1.0,
        0,
        2,
        cv2.LINE_AA,
    )
    return page


def write_marker_pdf(path: Path | str, profile: TableProfile | None = None) -> Path:
    """Write the sheet as a one-page PDF at true size; the path written."""
    from PIL import Image

    target = Path(path)
    page = marker_sheet(profile or TableProfile())
    Image.fromarray(page).save(target, "PDF", resolution=float(DPI))
    return target
