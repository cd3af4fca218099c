"""The table's four ArUco corner markers: where they lie (the table profile) and how they look.

DESIGN: the table is calibrated from four markers of OpenCV's DICT_4X4_50, ids 0-3 clockwise from
the corner nearest the image's top-left, whose centres' table coordinates (mm, x right, y down)
come from the table profile. :class:`TableProfile` is exactly the SETUP JSON ``"table"`` object.
Each marker lies square to the table with its own top edge toward y = 0, so the detector's corner
order (top-left, top-right, bottom-right, bottom-left) matches :func:`marker_corners_mm`.

The same drawing serves the simulator (markers painted on the virtual table) and a printable sheet.

>>> p = TableProfile()
>>> p.to_json()["markers"]["2"], p.marker_mm
([834.0, 834.0], 40.0)
>>> marker_image(0, 60).shape
(60, 60)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

#: The OpenCV dictionary the table markers come from.
ARUCO_DICTIONARY = cv2.aruco.DICT_4X4_50
#: Marker ids, clockwise from the corner nearest the image's top-left.
MARKER_IDS: tuple[int, ...] = (0, 1, 2, 3)

Point = tuple[float, float]


def _default_markers() -> dict[int, Point]:
    return {0: (30.0, 30.0), 1: (834.0, 30.0), 2: (834.0, 834.0), 3: (30.0, 834.0)}


@dataclass(frozen=True)
class TableProfile:
    """Where the four markers' centres lie on the table (mm) and their side (mm, black border
    included). The default fits the 864 mm card table with centres 30 mm in from each corner."""

    markers: Mapping[int, Point] = field(default_factory=_default_markers)
    marker_mm: float = 40.0

    def to_json(self) -> dict[str, Any]:
        """The SETUP JSON ``"table"`` object."""
        return {
            "markers": {str(i): [float(x), float(y)] for i, (x, y) in sorted(self.markers.items())},
            "marker_mm": float(self.marker_mm),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> TableProfile:
        """Read the SETUP JSON ``"table"`` object; raises ValueError when it is malformed."""
        try:
            markers = {
                int(k): (float(v[0]), float(v[1])) for k, v in obj.get("markers", {}).items()
            }
            size = float(obj.get("marker_mm", 40.0))
        except (AttributeError, TypeError, ValueError, IndexError, KeyError) as exc:
            raise ValueError(f"table profile: malformed markers ({exc})") from exc
        if sorted(markers) != list(MARKER_IDS) or size <= 0:
            raise ValueError("table profile: needs markers 0, 1, 2 and 3 and a positive marker_mm")
        return cls(markers, size)


def marker_corners_mm(profile: TableProfile) -> dict[int, np.ndarray]:
    """Each marker's four corners in table mm, in the detector's order (top-left, top-right,
    bottom-right, bottom-left), as a (4, 2) float array."""
    h = profile.marker_mm / 2
    offsets = np.array([[-h, -h], [h, -h], [h, h], [-h, h]])
    return {i: np.asarray(c, float) + offsets for i, c in profile.markers.items()}


def marker_image(marker_id: int, side_px: int, quiet_px: int = 0) -> np.ndarray:
    """The marker as a grey image ``side_px`` square (black border included), surrounded by a
    white quiet zone ``quiet_px`` wide."""
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY)
    img = cv2.aruco.generateImageMarker(dictionary, marker_id, side_px)
    if quiet_px:
        img = cv2.copyMakeBorder(img, *([quiet_px] * 4), cv2.BORDER_CONSTANT, value=255)
    return img
