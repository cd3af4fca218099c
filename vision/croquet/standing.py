"""Which coins stand at the spots the rules ask for, from one frame and nothing else.

At set-up there is no picture of the bare table to compare with, and nothing about a coin's
art, the cloth or the light may be assumed (a cream coin on oak, a tinted one on green felt, a
white one on a white tile). What every coin has is its outline: a disc of known size (the
calibration gives its radius in pixels where it stands) whose rim is a circle across which the
picture changes, whatever the colours on either side. So a coin stands near a spot where a
circle of that radius runs along an edge of the picture:

* the edge is each pixel's change across the circle, the radial component of the picture's
  gradient (the largest channel's, so a coin that differs from the table in hue alone shows);
* each candidate centre within a coin's width of the spot scores the mean of that over points
  round its circle; the best is where the coin stands;
* a coin's rim changes the picture all round it, the same way: a circle scores the change
  that ``RIM_SHARE`` of its rim exceeds, so a tile's straight edge or a cloth's weave, which
  a circle crosses only in places, scores little;
* it is a coin if that change is ``CLEAR_SDS`` times a pixel's typical change round the spot
  (the picture's noise, or its texture's edges) or more; the ratio is the reading's margin.

A pair of touching coins (a knight and its guard at set-up) is two circles, each read round its
own spot: the rim they share is half of neither circle, so each is found.

>>> import numpy as np, cv2
>>> img = np.full((80, 80, 3), (40, 90, 40), np.uint8)
>>> _ = cv2.circle(img, (43, 38), 10, (60, 170, 200), -1, cv2.LINE_AA)
>>> c, margin = find_disc(img, (40.0, 40.0), 10.0)
>>> np.round(c).tolist(), margin > CLEAR_SDS
([43.0, 38.0], True)
>>> find_disc(np.full((80, 80, 3), 90, np.uint8), (40.0, 40.0), 10.0)[1] > CLEAR_SDS
False
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import cv2
import numpy as np

from engines.croquetnole.layout import COIN_MM, Point
from vision.croquet.calibrate import Calibration
from vision.croquet.motion.table_model import gradient_xy

#: Points round a candidate circle where the edge across it is read.
_RIM_POINTS = 64
#: The share of a coin's rim along which the picture must change: all of it but where a
#: touching coin's rim meets it (a sixth or so) and a little more for ink reaching the rim.
RIM_SHARE = 0.75
#: How many times a pixel's typical change round the spot (its noise, or its texture's edges)
#: the change along that share of the rim must be: more than a typical pixel changes. Over
#: 48 simulated tables (coin editions, cloths, wood, patterned cloth, lights) this found 378 of
#: 384 coins standing and 2 of 384 empty spots (on a patterned cloth) as coins.
CLEAR_SDS = 1.0


def find_disc(image: np.ndarray, near: Point, radius: float) -> tuple[np.ndarray, float]:
    """Where in ``image`` (pixels) a disc of ``radius`` pixels stands within a diameter of
    ``near``, and by how many robust spreads its rim's edge stands out of other circles' there
    (see the module doc)."""
    h, w = image.shape[:2]
    reach = 2 * radius
    span = reach + radius + 2
    x0, y0 = max(0, math.floor(near[0] - span)), max(0, math.floor(near[1] - span))
    x1, y1 = min(w, math.ceil(near[0] + span) + 1), min(h, math.ceil(near[1] + span) + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return np.asarray(near, float), 0.0
    gx, gy = gradient_xy(image[y0:y1, x0:x1])
    a = np.linspace(0, 2 * math.pi, _RIM_POINTS, endpoint=False)
    cos, sin = np.cos(a), np.sin(a)
    offsets = np.arange(-math.floor(reach), math.floor(reach) + 1, dtype=float)
    cx = near[0] - x0 + offsets[None, :] + np.zeros((len(offsets), 1))
    cy = near[1] - y0 + offsets[:, None] + np.zeros((1, len(offsets)))
    keep = np.hypot(cx - (near[0] - x0), cy - (near[1] - y0)) <= reach
    cx, cy = cx[keep], cy[keep]
    px = (cx[:, None] + radius * cos[None, :]).astype(np.float32)
    py = (cy[:, None] + radius * sin[None, :]).astype(np.float32)
    ex = cv2.remap(gx, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    ey = cv2.remap(gy, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    radial = ex * cos[None, :] + ey * sin[None, :]
    # A coin's rim changes the picture all round it, the same way (coin lighter, or darker,
    # than what it stands on); a tile's edge or a weave runs along a circle in places only.
    # So a circle scores the change that RIM_SHARE of its rim exceeds, outward or inward.
    out = np.quantile(radial, 1 - RIM_SHARE, axis=1)
    inward = np.quantile(-radial, 1 - RIM_SHARE, axis=1)
    score = np.maximum(out, inward)
    best = int(score.argmax())
    # Against the picture's own change round there (its noise, or its texture's edges): a
    # pixel's typical change, read robustly, off the disc found (whose art is no table's).
    yy, xx = np.mgrid[0 : y1 - y0, 0 : x1 - x0]
    off = (xx - cx[best]) ** 2 + (yy - cy[best]) ** 2 > (radius + 1.5) ** 2
    typical = 1.4826 * float(np.median(np.hypot(gx, gy)[off])) + 1e-6
    return np.array([cx[best] + x0, cy[best] + y0]), float(score[best]) / typical


def coins_standing(
    image: np.ndarray,
    cal: Calibration,
    spots: Mapping[str, Point],
    height_mm: float,
) -> dict[str, tuple[Point, float]]:
    """The coins of ``spots`` (table mm) standing within a coin's width of their spot in
    ``image``: where (table mm, read on the plane ``height_mm`` above the table, where the
    camera sees a coin's outline) and by how many spreads the rim stood out (see the module
    doc)."""
    out: dict[str, tuple[Point, float]] = {}
    for coin, spot in spots.items():
        px = cal.to_image(np.array([spot], float), height_mm)[0]
        radius = COIN_MM / 2 * cal.px_per_mm(spot, height_mm)
        centre, margin = find_disc(image, (float(px[0]), float(px[1])), radius)
        if margin < CLEAR_SDS:
            continue
        x, y = cal.to_table(centre[None, :], height_mm)[0]
        at = (round(float(x), 2), round(float(y), 2))
        if math.dist(at, spot) <= COIN_MM:
            out[coin] = (at, margin)
    return out
