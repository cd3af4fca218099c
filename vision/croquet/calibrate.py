"""Calibration from the table's four ArUco markers: the camera's pose over the table, so that any
pixel maps to table millimetres on a plane at any height (the table, a coin's top, a tower's top).

DESIGN: markers of DICT_4X4_50, ids 0-3, whose centres' table coordinates come from the table
profile (the SETUP ``"table"``). Their 16 corners fix the pose. With a known camera matrix (and
lens distortion) the pose is exact; without one the principal point is taken at the image centre
and the focal length from ``nominal_camera_height_mm`` (a near-vertical view of one plane cannot
tell focal length from height), which only scales the small parallax of raised things; the
first radial distortion term is then fitted to the marker corners, and the second to the table's
straight edges where they show beyond the markers (plumb-line calibration: the markers, all near
the corners, cannot tell how the lens bends halfway along the sides).

The calibration is checked on the image it came from: ``reprojection_px`` is the RMS distance
between the detected marker corners and the model's projection of their table positions, and
``reprojection_mm`` the RMS distance between the corners' true table positions and where the
model puts the detected corners.

>>> import numpy as np
>>> from vision.markers import TableProfile, marker_corners_mm
>>> corners = marker_corners_mm(TableProfile())
>>> seen = {i: (c - 432.0) * 0.4 + (319.5, 239.5) for i, c in corners.items()}
>>> cal = Calibration.from_points(corners, seen, (640, 480))
>>> bool(cal.reprojection_mm < 0.01)
True
>>> np.round(cal.to_table(cal.to_image(np.array([[432.0, 432.0]]), 3.0), 3.0), 3).tolist()
[[432.0, 432.0]]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.errors import NoTableMarkers, UnreadableImage
from vision.markers import ARUCO_DICTIONARY, MARKER_IDS, TableProfile, marker_corners_mm


@dataclass(frozen=True)
class CameraIntrinsics:
    """A known camera: 3x3 matrix and OpenCV distortion coefficients (k1, k2, p1, p2[, k3])."""

    matrix: tuple[tuple[float, float, float], ...]
    dist_coeffs: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0, 0.0)

    @classmethod
    def from_json(cls, obj: Mapping[str, object]) -> CameraIntrinsics:
        """``{"matrix": [[fx, 0, cx], [0, fy, cy], [0, 0, 1]], "dist_coeffs": [...]}`` (the
        simulator's truth file writes exactly this under ``"camera"``)."""
        m = np.asarray(obj["matrix"], float)
        d = np.asarray(obj.get("dist_coeffs", [0.0] * 5), float).ravel()
        if m.shape != (3, 3) or len(d) not in (4, 5, 8):
            raise ValueError("camera: matrix must be 3x3 and dist_coeffs 4, 5 or 8 numbers")
        rows = tuple((float(r[0]), float(r[1]), float(r[2])) for r in m)
        return cls(rows, tuple(float(v) for v in d))


@dataclass(frozen=True, eq=False)
class Calibration:
    """A pinhole camera (with distortion) posed over the table. World frame: table mm, x right,
    y down, z into the table, so a point ``h`` mm above the table has z = -h."""

    matrix: np.ndarray
    dist: np.ndarray
    rotation: np.ndarray
    tvec: np.ndarray
    size: tuple[int, int]
    reprojection_px: float = 0.0
    reprojection_mm: float = 0.0
    intrinsics_known: bool = False

    @classmethod
    def from_points(
        cls,
        table_mm: Mapping[int, np.ndarray],
        image_px: Mapping[int, np.ndarray],
        size: tuple[int, int],
        camera: CameraIntrinsics | None = None,
        config: CroquetVisionConfig = DEFAULT_CONFIG,
    ) -> Calibration:
        """Fit the pose to matching marker corners (table mm on the table plane, image px)."""
        ids = sorted(set(table_mm) & set(image_px))
        obj = np.vstack(
            [np.column_stack([table_mm[i], np.zeros(len(table_mm[i]))]) for i in ids]
        ).astype(np.float64)
        img = np.vstack([image_px[i] for i in ids]).astype(np.float64)
        if camera is not None:
            k = np.array(camera.matrix, float)
            dist = np.array(camera.dist_coeffs, float)
            rot, tvec = _pose(obj, img, k, dist)
        else:
            h, _ = cv2.findHomography(obj[:, :2], img)
            scale = float(np.sqrt(abs(np.linalg.det(h[:2, :2] / h[2, 2]))))
            k = np.array(
                [[0.0, 0.0, (size[0] - 1) / 2], [0.0, 0.0, (size[1] - 1) / 2], [0.0, 0.0, 1.0]]
            )
            # The focal length that puts the camera at the nominal height, with the lens's k1
            # fitted each time: fitted without it, the barrel distortion draws the corner
            # markers in and the focal length came out 1.5 % short.
            f = scale * config.nominal_camera_height_mm
            for _ in range(4):
                k[0, 0] = k[1, 1] = f
                rot, tvec, dist = _radial(obj, img, k, size)
                height = float(-(-rot.T @ tvec)[2])
                f *= config.nominal_camera_height_mm / height
            k[0, 0] = k[1, 1] = f
            rot, tvec, dist = _radial(obj, img, k, size)
        cal = cls(k, dist, rot, tvec, size, intrinsics_known=camera is not None)
        err_px = float(np.sqrt(np.mean(np.sum((cal.to_image(obj[:, :2]) - img) ** 2, axis=1))))
        err_mm = float(np.sqrt(np.mean(np.sum((cal.to_table(img) - obj[:, :2]) ** 2, axis=1))))
        return cls(k, dist, rot, tvec, size, err_px, err_mm, camera is not None)

    @cached_property
    def centre(self) -> np.ndarray:
        """The camera's position in the world (mm)."""
        return -self.rotation.T @ self.tvec

    @cached_property
    def _rvec(self) -> np.ndarray:
        """The rotation as a Rodrigues vector, as :func:`cv2.projectPoints` takes it (the tracker
        projects points several times a frame)."""
        return cv2.Rodrigues(self.rotation)[0]

    def to_image(self, mm: np.ndarray, height_mm: float = 0.0) -> np.ndarray:
        """Pixels (N, 2) of table points ``mm`` (N, 2) lying ``height_mm`` above the table."""
        mm = np.asarray(mm, float).reshape(-1, 2)
        if not len(mm):
            return np.zeros((0, 2))
        world = np.column_stack([mm, np.full(len(mm), -height_mm)])
        px, _ = cv2.projectPoints(world, self._rvec, self.tvec, self.matrix, self.dist)
        return px.reshape(-1, 2)

    def to_table(self, px: np.ndarray, height_mm: float = 0.0) -> np.ndarray:
        """Table mm (N, 2) of pixels ``px`` (N, 2) seen on the plane ``height_mm`` above the
        table."""
        px = np.asarray(px, float).reshape(-1, 2)
        if not len(px):
            return np.zeros((0, 2))
        norm = cv2.undistortPoints(px[:, None, :], self.matrix, self.dist).reshape(-1, 2)
        rays = np.column_stack([norm, np.ones(len(norm))]) @ self.rotation
        c = self.centre
        s = (-height_mm - c[2]) / rays[:, 2]
        return c[:2] + s[:, None] * rays[:, :2]

    def px_per_mm(self, at_mm: tuple[float, float], height_mm: float = 0.0) -> float:
        """The image scale (px per mm, geometric mean of the two directions) at a table point."""
        p = np.array([at_mm, (at_mm[0] + 1.0, at_mm[1]), (at_mm[0], at_mm[1] + 1.0)])
        q = self.to_image(p, height_mm)
        return float(np.sqrt(abs(np.linalg.det(np.column_stack([q[1] - q[0], q[2] - q[0]])))))

    def to_json(self) -> dict[str, object]:
        """What the calibration found, for the log and the phone page."""
        return {
            "reprojection_px": round(self.reprojection_px, 3),
            "reprojection_mm": round(self.reprojection_mm, 3),
            "camera_height_mm": round(float(-self.centre[2]), 1),
            "intrinsics_known": self.intrinsics_known,
        }


def _pose(
    obj: np.ndarray, img: np.ndarray, k: np.ndarray, dist: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    ok, rvec, tvec = cv2.solvePnP(obj, img, k, dist, flags=cv2.SOLVEPNP_IPPE)
    if not ok:
        raise NoTableMarkers("calibration: the marker corners do not fit a camera pose")
    rvec, tvec = cv2.solvePnPRefineLM(obj, img, k, dist, rvec, tvec)
    return cv2.Rodrigues(rvec)[0], tvec.ravel()


#: ``cv2.calibrateCamera`` flags holding the focal length, principal point, aspect ratio,
#: tangential terms and k3 at their given values: only the pose and k1 (and k2 unless
#: ``CALIB_FIX_K2`` is added) are fitted.
_POSE_AND_RADIAL = (
    cv2.CALIB_USE_INTRINSIC_GUESS
    | cv2.CALIB_FIX_PRINCIPAL_POINT
    | cv2.CALIB_FIX_ASPECT_RATIO
    | cv2.CALIB_FIX_FOCAL_LENGTH
    | cv2.CALIB_ZERO_TANGENT_DIST
    | cv2.CALIB_FIX_K3
)


def _fit_pose_radial(
    obj: np.ndarray,
    img: np.ndarray,
    k: np.ndarray,
    dist: np.ndarray,
    size: tuple[int, int],
    flags: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rotation, translation, distortion) fitted to table points ``obj`` (x, y) seen at image
    points ``img``, from the camera matrix ``k`` and distortion ``dist`` and ``flags`` (see
    :data:`_POSE_AND_RADIAL`)."""
    obj3 = np.column_stack([obj[:, :2], np.zeros(len(obj))]).astype(np.float32)
    _, _, fitted, rvecs, tvecs = cv2.calibrateCamera(
        [obj3], [img.astype(np.float32)], size, k.copy(), dist.copy(), flags=flags
    )
    return cv2.Rodrigues(rvecs[0])[0], np.asarray(tvecs[0], float).ravel(), fitted.ravel()


def _radial(
    obj: np.ndarray, img: np.ndarray, k: np.ndarray, size: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pose and the first radial distortion term with the focal length and principal point held:
    the markers' corners span enough of each corner's radius to pin k1 down (on the simulated
    Camera Module 3 this cuts the error mid-table from about 3 mm to under 1 mm)."""
    return _fit_pose_radial(obj, img, k, np.zeros(5), size, _POSE_AND_RADIAL | cv2.CALIB_FIX_K2)


def find_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """The table markers' corners (4, 2) in pixels by id (detector order: top-left, top-right,
    bottom-right, bottom-left of the marker), sub-pixel refined; only ids 0-3 are kept. They are
    looked for in a 2x enlargement first (on the simulated camera this cuts the error of the
    corners at 1280x720 about threefold), then in the image as it is."""
    if not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
        raise UnreadableImage("calibration: the frame is not an image")
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY), params)
    found: dict[int, np.ndarray] = {}
    for scale in (2, 1):
        img = (
            grey
            if scale == 1
            else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        )
        corners, ids, _ = detector.detectMarkers(img)
        for c, i in zip(corners, [] if ids is None else ids.ravel(), strict=True):
            if int(i) in MARKER_IDS and int(i) not in found:
                found[int(i)] = (c.reshape(4, 2).astype(np.float64) + 0.5) / scale - 0.5
        if len(found) == len(MARKER_IDS):
            break
    return found


def calibrate(
    image: np.ndarray,
    profile: TableProfile | None = None,
    camera: CameraIntrinsics | None = None,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> Calibration:
    """Calibrate from one frame showing the four table markers; :class:`NoTableMarkers` names
    the markers it could not see."""
    profile = profile or TableProfile()
    found = find_markers(image)
    missing = [i for i in MARKER_IDS if i not in found]
    if missing:
        raise NoTableMarkers(
            f"calibration: table marker(s) {', '.join(map(str, missing))} not found in the "
            "picture (all four corner markers must be in view)"
        )
    h, w = image.shape[:2]
    corners = marker_corners_mm(profile)
    cal = Calibration.from_points(corners, found, (w, h), camera, config)
    if camera is not None:
        return cal
    return _straighten(image, cal, corners, found, profile, config)


def _straighten(
    image: np.ndarray,
    cal: Calibration,
    corners: Mapping[int, np.ndarray],
    found: Mapping[int, np.ndarray],
    profile: TableProfile,
    config: CroquetVisionConfig,
) -> Calibration:
    """The calibration refitted with the second radial term, held to the markers and to the
    table's four straight edges (where they show as a clear step beyond the markers).

    The markers stand near the corners, all about as far from the image's centre: they pin the
    distortion there but not halfway along a side, where one radial term leaves points on the
    simulated Camera Module 3 some 1 mm (1536x864) to 1.7 mm (1280x720) off. A straight edge
    must image as the distortion bends it (plumb-line calibration). A table whose edges do not
    show keeps the markers' calibration."""
    edges = [e for e in _table_edges(image, cal, profile, config) if len(e) >= config.edge_points]
    if len(edges) < 3:
        return cal
    ids = sorted(set(corners) & set(found))
    marks = np.vstack([corners[i] for i in ids])
    marks_px = np.vstack([found[i] for i in ids])
    best = cal
    for _ in range(3):
        # Each edge pixel stands for the point of the straight edge nearest where the current
        # model puts it.
        feet = [_onto_line(best.to_table(e)) for e in edges]
        obj = np.vstack([marks, *feet])
        img = np.vstack([marks_px, *edges])
        rotation, tvec, dist = _fit_pose_radial(
            obj, img, cal.matrix, best.dist, cal.size, _POSE_AND_RADIAL
        )
        best = Calibration(cal.matrix, dist, rotation, tvec, cal.size)
    err_px = float(np.sqrt(np.mean(np.sum((best.to_image(marks) - marks_px) ** 2, axis=1))))
    if err_px > 1.5 * cal.reprojection_px + 0.2:
        return cal
    err_mm = float(np.sqrt(np.mean(np.sum((best.to_table(marks_px) - marks) ** 2, axis=1))))
    return Calibration(
        best.matrix, best.dist, best.rotation, best.tvec, best.size, err_px, err_mm, False
    )


def _onto_line(pts: np.ndarray) -> np.ndarray:
    """The points (N, 2) moved onto the straight line that fits them best."""
    mean = pts.mean(axis=0)
    _, _, vt = np.linalg.svd(pts - mean)
    u = vt[0]
    return mean + np.outer((pts - mean) @ u, u)


def _table_edges(
    image: np.ndarray, cal: Calibration, profile: TableProfile, config: CroquetVisionConfig
) -> list[np.ndarray]:
    """For each side of the table (between two markers next to each other), pixels where its
    edge shows: along lines across the side, every ``edge_step_mm``, from inside the markers'
    outer edges to ``edge_reach_mm`` beyond them, the sharpest colour step, if it is at least
    ``edge_min_step`` levels per mm and stands out of the line (twice its median step); points
    off the straight line the rest make are dropped."""
    centres = {i: np.asarray(c, float) for i, c in profile.markers.items()}
    middle = np.mean(list(centres.values()), axis=0)
    half = profile.marker_mm / 2
    ids = sorted(centres)
    step = 0.5
    offsets = np.arange(half - 5.0, half + config.edge_reach_mm, step)
    h, w = image.shape[:2]
    out = []
    for a, b in zip(ids, ids[1:] + ids[:1], strict=True):
        pa, pb = centres[a], centres[b]
        length = float(np.hypot(*(pb - pa)))
        along = (pb - pa) / length
        normal = np.array([-along[1], along[0]])
        if normal @ (pa - middle) < 0:
            normal = -normal
        ts = np.arange(2 * profile.marker_mm, length - 2 * profile.marker_mm, config.edge_step_mm)
        if not len(ts):
            out.append(np.zeros((0, 2)))
            continue
        mm = pa + ts[:, None, None] * along + offsets[None, :, None] * normal
        px = cal.to_image(mm.reshape(-1, 2)).reshape(len(ts), len(offsets), 2).astype(np.float32)
        inside = (px[..., 0] >= 1) & (px[..., 0] < w - 2) & (px[..., 1] >= 1) & (px[..., 1] < h - 2)
        colour = cv2.remap(image, px[..., 0], px[..., 1], cv2.INTER_LINEAR).astype(np.float32)
        grad = np.abs(np.diff(colour, axis=1)).sum(axis=2) / step
        grad[~(inside[:, 1:] & inside[:, :-1])] = 0.0
        k = grad.argmax(axis=1)
        peak = grad[np.arange(len(ts)), k]
        good = (peak >= config.edge_min_step) & (peak >= 2 * np.median(grad, axis=1))
        good &= (k > 0) & (k < grad.shape[1] - 1)
        pts = []
        for i in np.flatnonzero(good):
            g0, g1, g2 = grad[i, k[i] - 1 : k[i] + 2]
            shift = 0.5 * (g0 - g2) / (g0 - 2 * g1 + g2) if g0 - 2 * g1 + g2 < 0 else 0.0
            x = k[i] + 0.5 + float(np.clip(shift, -0.5, 0.5))
            j = int(np.floor(x))
            f = x - j
            pts.append(px[i, j] * (1 - f) + px[i, min(j + 1, len(offsets) - 1)] * f)
        pts_px = np.array(pts, float).reshape(-1, 2)
        if len(pts_px) >= 3:
            on = cal.to_table(pts_px)
            off = np.hypot(*(on - _onto_line(on)).T)
            pts_px = pts_px[off <= max(3 * float(np.median(off)), 0.5)]
        out.append(pts_px)
    return out
