"""How far a coin at rest was nudged, measured on its rim to a few thousandths of a millimetre.

A blow that moves a coin at rest less than it must move to be seen to start (a fraction of a
millimetre) is what tells a strike from a near miss (RULINGS: a touch that moves nothing cannot
be told from a near miss). A coin's centroid found from its face mask wavers by 0.02-0.05 mm from
frame to frame and shifts by more when a neighbour's blur or a hand's shadow touches its outline,
so it cannot show such a nudge. The rim can: a coin's outline is a sharp step from its white face
to the felt all round, and a nudge moves every part of it.

:func:`take_rim` samples the grey level along ``rim_rays`` rays across the outline of a coin at
rest (a reference, taken before anything came near it); :func:`rim_shift` samples the same rays
in a later frame and finds how far the outline moved along each ray (a one-dimensional
Lucas-Kanade step with the ray's own gain and offset, so that a soft shadow falling over part of
the coin does not read as motion), then the translation that best explains those ray shifts,
dropping rays that disagree (a neighbour or a fingertip crossing them). Rays that pass near
another coin (its disc, blur and shadow: ``rim_clear_mm``) or over a hand are left out first.

On the rendered table the shift of a still coin reads within about 0.005 mm from frame to frame,
and a nudge of 0.08 mm reads within 0.005 mm of the truth, also with the striking coin lying
against the struck one.

The rim also places a coin that a hand partly covers (:func:`rim_centre`): what shows of its face
has its centroid off the coin's centre, away from the hand (3-5 mm on the rendered table), but
the part of its outline seen against the bare table is still an arc of the coin's circle.

>>> import numpy as np
>>> yy, xx = np.mgrid[:80, :80]
>>> felt, white = np.array([40.0, 108.0, 52.0]), np.array([228.0, 232.0, 235.0])
>>> def disc(cx: float) -> np.ndarray:  # a white disc 24 px across on green felt
...     face = np.clip((12.0 - np.hypot(xx - cx, yy - 40.0)) / 1.5 + 0.5, 0, 1)[..., None]
...     return (felt + face * (white - felt)).astype(np.uint8)
>>> rim = take_rim(disc(40.0), np.array([40.0, 40.0]), 12.0)
>>> shift = rim_shift(rim, disc(40.5), np.zeros(rim.normals.shape[0], bool))
>>> round(float(shift[0]), 2), round(abs(float(shift[1])), 2)
(0.5, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig


@dataclass(frozen=True)
class Rim:
    """A coin's outline as it looked: the grey level along rays across it (``profiles``, one row
    per ray at ``radii`` px from ``centre``) and its slope along each ray."""

    centre: np.ndarray
    normals: np.ndarray
    radii: np.ndarray
    profiles: np.ndarray
    slopes: np.ndarray

    def points(self, shift: np.ndarray | None = None) -> np.ndarray:
        """The rays' sample points (rays x samples x 2, image px), moved by ``shift``."""
        c = self.centre if shift is None else self.centre + shift
        return _ray_points(c, self.normals, self.radii)


def _ray_points(centre: np.ndarray, normals: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """Points ``radii`` px from ``centre`` along each unit vector of ``normals``."""
    return centre[None, None] + normals[:, None] * radii[None, :, None]


def _normals(k: int) -> np.ndarray:
    """``k`` unit vectors (k, 2) evenly round the circle, from +x: the rays' directions."""
    theta = np.arange(k) * (2 * np.pi / k)
    return np.column_stack([np.cos(theta), np.sin(theta)])


def _sample(image: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Grey levels (float32) of a BGR ``image`` at the points ``pts`` (..., 2), bicubic (finer than
    bilinear for sub-pixel steps); only the box around the points is converted to grey."""
    h, w = image.shape[:2]
    x0 = max(0, int(np.floor(pts[..., 0].min())) - 1)
    y0 = max(0, int(np.floor(pts[..., 1].min())) - 1)
    x1 = min(w, int(np.ceil(pts[..., 0].max())) + 2)
    y1 = min(h, int(np.ceil(pts[..., 1].max())) + 2)
    patch = image[y0:y1, x0:x1]
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    mx = (pts[..., 0] - x0).astype(np.float32)
    my = (pts[..., 1] - y0).astype(np.float32)
    return cv2.remap(
        grey.astype(np.float32), mx, my, cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE
    )


def take_rim(
    image: np.ndarray,
    centre: np.ndarray,
    radius_px: float,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    px_per_mm: float = 1.0,
) -> Rim:
    """The outline of the coin at ``centre`` (px) with radius ``radius_px`` in ``image``: rays
    ``rim_band_mm`` either side of it (``px_per_mm`` converts), a quarter pixel apart."""
    normals = _normals(config.rim_rays)
    band = max(2.0, config.rim_band_mm * px_per_mm)
    radii = np.arange(radius_px - band, radius_px + band + 1e-9, 0.25)
    centre = np.asarray(centre, float)
    profiles = _sample(image, _ray_points(centre, normals, radii))
    slopes = np.gradient(profiles, 0.25, axis=1)
    return Rim(centre, normals, radii, profiles, slopes)


def _ray_shifts(rim: Rim, now: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How far (px, outward) the outline moved along each ray, fitting ``now`` ~ gain x the
    reference moved along the ray + offset; and which rays fit (the gain plausible: a ray the
    reference and ``now`` do not show alike, under a fingertip say, is left out)."""
    x = np.stack([rim.profiles, rim.slopes, np.ones_like(rim.profiles)], axis=-1)
    xtx = np.einsum("kmi,kmj->kij", x, x) + np.eye(3) * 1e-6
    xty = np.einsum("kmi,km->ki", x, now)
    coef = np.linalg.solve(xtx, xty[..., None])[..., 0]
    gain = coef[:, 0]
    ok = (gain > 0.5) & (gain < 2.0)
    shift = np.where(ok, -coef[:, 1] / np.where(ok, gain, 1.0), 0.0)
    return shift, ok


def rim_shift(
    rim: Rim,
    image: np.ndarray,
    blocked: np.ndarray,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> np.ndarray | None:
    """How far (px, image x and y) the coin whose outline is ``rim`` has moved in ``image``,
    using the rays not ``blocked``; None when fewer than ``rim_min_share`` of the rays are left
    to agree on it. Two refinements follow the first estimate (a shift of a pixel or more is
    found too, if less finely)."""
    keep = ~blocked
    need = max(6, int(np.ceil(config.rim_min_share * len(keep))))
    total = np.zeros(2)
    for _ in range(3):
        shift, ok = _ray_shifts(rim, _sample(image, rim.points(total)))
        rays = np.flatnonzero(keep & ok)
        for _ in range(4):
            if len(rays) < need:
                return None
            n = rim.normals[rays]
            step, *_ = np.linalg.lstsq(n, shift[rays], rcond=None)
            miss = np.abs(shift[rays] - n @ step)
            spread = 1.4826 * float(np.median(miss))
            fits = miss <= 3.0 * spread + config.rim_tolerance_px
            if fits.all():
                break
            rays = rays[fits]
        total = total + step
        if float(np.hypot(*step)) < 0.01:
            break
    return total


def rim_centre(
    image: np.ndarray,
    start: np.ndarray,
    radius_px: float,
    background: np.ndarray,
    static: np.ndarray,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> np.ndarray | None:
    """The centre (px) of a coin of ``radius_px`` part of which something (a hand, its shadow)
    covers, from the part of its outline seen against the bare table; ``start`` is the centroid
    of what shows of its face.

    Along ``rim_rays`` rays from the current centre the outline is where the grey level falls
    half-way from the face's level (inside ``rim_face_share`` of the radius) to the table's
    beyond it, to a fraction of a pixel. A ray counts only where, just beyond that point, the
    frame shows the bare table's colour (within ``change_level``; :func:`_table_colour` reads it
    around the coin in the coarse ``background``) and no static white: not a hand, a shadow,
    another coin or a tile. A circle of the coin's radius is fitted to those points (rays more
    than ``rim_fit_px`` off it dropped), and the rays cast again from its centre, three times.
    None when fewer than
    ``rim_centre_rays`` rays fit, or they span too short an arc (their mean direction's length
    above ``rim_arc_resultant``), or the centre moved more than three quarters of the radius
    from ``start``: then the centroid stands."""
    k = config.rim_rays
    normals = _normals(k)
    radii = np.arange(0.4 * radius_px, radius_px + 4.0, 0.25)
    inner = radii <= config.rim_face_share * radius_px
    beyond = 2.5
    h, w = image.shape[:2]
    table = _table_colour(background, np.asarray(start, float), radius_px, config)
    if table is None:
        return None
    table_grey = float(cv2.cvtColor(table.astype(np.uint8)[None, None], cv2.COLOR_BGR2GRAY)[0, 0])
    centre = np.asarray(start, float)
    for _ in range(3):
        profiles = _sample(image, _ray_points(centre, normals, radii))
        level = (_percentile_90(profiles[:, inner]) + table_grey) / 2
        below = profiles < level
        below[:, inner] = False
        j = np.argmax(below, axis=1)
        found = below[np.arange(k), j]
        a = profiles[np.arange(k), j - 1]
        b = profiles[np.arange(k), j]
        frac = np.clip((a - level) / np.maximum(a - b, 1e-6), 0.0, 1.0)
        edge = centre[None] + normals * (radii[j - 1] + frac * (radii[1] - radii[0]))[:, None]
        # Just beyond the edge lies the bare table: its colour, and no static white.
        past = edge + normals * beyond
        px = np.clip(np.round(past[:, 0]).astype(int), 0, w - 1)
        py = np.clip(np.round(past[:, 1]).astype(int), 0, h - 1)
        off = np.abs(image[py, px].astype(np.float32) - table[None]).max(axis=1)
        points = edge[found & (off <= config.change_level) & ~static[py, px]]
        fitted = centre
        for _ in range(2):
            if len(points) < config.rim_centre_rays:
                return None
            fitted = _fit_circle(points, fitted, radius_px)
            d = points - fitted
            points = points[np.abs(np.hypot(d[:, 0], d[:, 1]) - radius_px) <= config.rim_fit_px]
        centre = fitted
    if len(points) < config.rim_centre_rays:
        return None
    d = points - centre
    resultant = float(np.hypot(*(d / np.hypot(d[:, 0], d[:, 1])[:, None]).mean(axis=0)))
    if resultant > config.rim_arc_resultant:
        return None
    if float(np.hypot(*(centre - np.asarray(start, float)))) > 0.75 * radius_px:
        return None
    return centre


def _fit_circle(points: np.ndarray, centre: np.ndarray, radius: float) -> np.ndarray:
    """The centre of the circle of ``radius`` nearest the ``points`` (N, 2), least squares,
    by Gauss-Newton steps from ``centre``."""
    for _ in range(5):
        d = points - centre
        dist = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-9)
        ux, uy = d[:, 0] / dist, d[:, 1] / dist
        # Moving the centre by s changes each distance by -u.s: solve (U^T U) s = -U^T (r - d),
        # a 2x2 system solved in closed form.
        miss = radius - dist
        a, b, c = float(ux @ ux) + 1e-9, float(ux @ uy), float(uy @ uy) + 1e-9
        p, q = -float(ux @ miss), -float(uy @ miss)
        det = a * c - b * b
        step = np.array([(c * p - b * q) / det, (a * q - b * p) / det])
        centre = centre + step
        if float(np.hypot(*step)) < 1e-3:
            break
    return centre


def _percentile_90(values: np.ndarray) -> float:
    """The 90th percentile of ``values`` as :func:`numpy.percentile` interpolates it (linearly
    between the two nearest ranks), from a partial sort: numpy's own costs some 50 microseconds
    a call in Python around it, and the rim is placed in several per frame."""
    flat = values.ravel()
    rank = 0.9 * (flat.size - 1)
    lo = int(rank)
    hi = min(lo + 1, flat.size - 1)
    part = np.partition(flat, (lo, hi))
    a, b = float(part[lo]), float(part[hi])
    return a + (b - a) * (rank - lo)


def _table_colour(
    background: np.ndarray, centre: np.ndarray, radius_px: float, config: CroquetVisionConfig
) -> np.ndarray | None:
    """The bare table's colour (BGR, float) around ``centre`` (px) in the coarse ``background``
    (one pixel per ``coarse_step``): the median of its pixels from just beyond the coin's rim to
    a coin's width out that are not white (a coin or a tile there); None if there are none."""
    s = config.coarse_step
    reach = int(np.ceil((3 * radius_px) / s))
    cx, cy = round(float(centre[0]) / s), round(float(centre[1]) / s)
    bh, bw = background.shape[:2]
    y0, y1, x0, x1 = (
        max(0, cy - reach),
        min(bh, cy + reach + 1),
        max(0, cx - reach),
        min(bw, cx + reach + 1),
    )
    patch = background[y0:y1, x0:x1].reshape(-1, 3).astype(np.float32)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    dist = np.hypot(xx * s - centre[0], yy * s - centre[1]).ravel()
    lo, hi = patch.min(axis=1), patch.max(axis=1)
    white = (lo >= config.face_min_level) & (hi - lo <= config.face_max_chroma)
    ring = (dist >= radius_px + 2) & (dist <= 3 * radius_px) & ~white
    if not ring.any():
        return None
    return np.median(patch[ring], axis=0)


def blocked_rays(
    rim: Rim,
    others: list[tuple[np.ndarray, np.ndarray]],
    clear_px: float,
    hand: np.ndarray | None = None,
    hand_step: int = 1,
) -> np.ndarray:
    """Which of ``rim``'s rays pass within ``clear_px`` of another coin's path (each a segment
    (from, to) of its centre in this frame, px) or over the coarse ``hand`` mask (one pixel per
    ``hand_step`` image pixels). A path farther from the rim's centre than its farthest point
    plus ``clear_px`` passes clear of every ray and is not measured ray by ray."""
    pts = rim.points()
    out = np.zeros(len(rim.normals), bool)
    far = float(np.abs(rim.radii).max()) + clear_px
    for a, b in others:
        d = b - a
        dd = float(d @ d)
        to_centre = rim.centre - a
        along = min(max(float(to_centre @ d) / dd, 0.0), 1.0) if dd > 0 else 0.0
        if float(np.hypot(*(to_centre - along * d))) >= far:
            continue
        rel = pts - a
        u = np.clip((rel @ d) / dd, 0.0, 1.0) if dd > 0 else np.zeros(pts.shape[:2])
        gap = np.hypot(*(rel - u[..., None] * d).transpose(2, 0, 1))
        out |= (gap < clear_px).any(axis=1)
    if hand is not None and hand.any():
        h, w = hand.shape
        xs = np.clip((pts[..., 0] / hand_step).astype(int), 0, w - 1)
        ys = np.clip((pts[..., 1] / hand_step).astype(int), 0, h - 1)
        out |= hand[ys, xs].any(axis=1)
    return out
