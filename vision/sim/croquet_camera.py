"""The virtual table's camera: modes, a pinhole model with radial distortion, and its pose.

World frame: table millimetres, x right and y down as seen in the image (the DESIGN frame), and
z pointing into the table, so a point ``h`` mm above the table has z = -h. The camera frame is
OpenCV's (x right, y down, z forward), so :meth:`CameraModel.matrix`, :meth:`dist_coeffs`,
``rvec`` and ``tvec`` feed ``cv2.projectPoints`` directly and give the same pixels as
:meth:`CameraModel.project`, which the renderer and the ground truth both use.

>>> cam = CameraModel.over_table(MODES["1536x864"])
>>> u, v = cam.project(np.array([[432.0, 432.0]]))[0]
>>> bool(abs(u - 768) < 60 and abs(v - 432) < 60)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class CameraMode:
    """A sensor mode: image size and frame rate (FACTS: Raspberry Pi cameras)."""

    width: int
    height: int
    fps: float

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def name(self) -> str:
        return f"{self.width}x{self.height}"


#: Camera Module 3 modes from FACTS; 1536x864 at 120 fps is the default tracking mode.
MODES: dict[str, CameraMode] = {
    "1536x864": CameraMode(1536, 864, 120.0),
    "1280x720": CameraMode(1280, 720, 120.0),
    "2304x1296": CameraMode(2304, 1296, 56.0),
}


def _look_rotation(centre: np.ndarray, target: np.ndarray, roll_deg: float) -> np.ndarray:
    """World-to-camera rotation for a camera at ``centre`` looking at ``target`` with image "down"
    as close to the table's +y as the view allows, then turned by ``roll_deg`` about its axis."""
    fwd = target - centre
    fwd /= np.linalg.norm(fwd)
    down = np.array([0.0, 1.0, 0.0]) - fwd[1] * fwd
    down /= np.linalg.norm(down)
    right = np.cross(down, fwd)
    r = math.radians(roll_deg)
    c, s = math.cos(r), math.sin(r)
    right, down = c * right + s * down, -s * right + c * down
    return np.stack([right, down, fwd])


@dataclass(frozen=True)
class CameraModel:
    """A pinhole camera with radial distortion (k1, k2) at a pose over the table.

    ``rotation`` maps world to camera coordinates and ``centre`` is the camera's position in the
    world, so ``tvec = -rotation @ centre``. Build one with :meth:`over_table`.
    """

    size: tuple[int, int]
    fx: float
    fy: float
    cx: float
    cy: float
    k1: float
    k2: float
    rotation: tuple[tuple[float, float, float], ...]
    centre: tuple[float, float, float]

    @classmethod
    def over_table(
        cls,
        mode: CameraMode,
        table_mm: tuple[float, float] = (864.0, 864.0),
        height_mm: float = 1000.0,
        tilt_deg: float = 3.0,
        azimuth_deg: float = 30.0,
        roll_deg: float = 0.5,
        k1: float = -0.05,
        k2: float = 0.01,
        margin: float = 0.05,
    ) -> CameraModel:
        """A camera ``height_mm`` above the table centre's level, ``tilt_deg`` off vertical (the
        camera stands off-centre toward ``azimuth_deg``, measured from +x toward +y, and looks at
        the table centre), with the focal length chosen so the whole table fits the image with
        ``margin`` (a fraction of the image height) to spare on the tighter side."""
        target = np.array([table_mm[0] / 2, table_mm[1] / 2, 0.0])
        off = height_mm * math.tan(math.radians(tilt_deg))
        a = math.radians(azimuth_deg)
        centre = target + np.array([off * math.cos(a), off * math.sin(a), -height_mm])
        rot = _look_rotation(centre, target, roll_deg)
        corners = np.array(
            [[0, 0, 0], [table_mm[0], 0, 0], [table_mm[0], table_mm[1], 0], [0, table_mm[1], 0]],
            float,
        )
        cam = (corners - centre) @ rot.T
        xn, yn = cam[:, 0] / cam[:, 2], cam[:, 1] / cam[:, 2]
        w, h = mode.size
        spare = margin * h
        f = min((w / 2 - spare) / np.abs(xn).max(), (h / 2 - spare) / np.abs(yn).max())
        return cls(
            mode.size,
            float(f),
            float(f),
            w / 2 - 0.5,
            h / 2 - 0.5,
            k1,
            k2,
            tuple(tuple(float(v) for v in row) for row in rot),
            tuple(float(v) for v in centre),
        )

    # -- OpenCV views ------------------------------------------------------------------------

    def matrix(self) -> np.ndarray:
        """The 3x3 intrinsic matrix."""
        return np.array([[self.fx, 0, self.cx], [0, self.fy, self.cy], [0, 0, 1.0]])

    def dist_coeffs(self) -> np.ndarray:
        """OpenCV distortion coefficients (k1, k2, p1, p2, k3)."""
        return np.array([self.k1, self.k2, 0.0, 0.0, 0.0])

    @property
    def rvec(self) -> np.ndarray:
        """The pose's rotation as an OpenCV Rodrigues vector."""
        return cv2.Rodrigues(np.array(self.rotation))[0].ravel()

    @property
    def tvec(self) -> np.ndarray:
        """The pose's translation (world origin in camera coordinates)."""
        return -np.array(self.rotation) @ np.array(self.centre)

    # -- projection ----------------------------------------------------------------------------

    def project(self, xy: np.ndarray, height_mm: float | np.ndarray = 0.0) -> np.ndarray:
        """Pixel positions (N, 2) of table points ``xy`` (N, 2) lying ``height_mm`` above the
        table (a scalar or one height per point). Pixel centres are at integer coordinates."""
        xy = np.asarray(xy, float).reshape(-1, 2)
        world = np.column_stack([xy, -np.broadcast_to(np.asarray(height_mm, float), len(xy))])
        cam = (world - np.array(self.centre)) @ np.array(self.rotation).T
        xn, yn = cam[:, 0] / cam[:, 2], cam[:, 1] / cam[:, 2]
        r2 = xn * xn + yn * yn
        k = 1 + self.k1 * r2 + self.k2 * r2 * r2
        return np.column_stack([self.fx * xn * k + self.cx, self.fy * yn * k + self.cy])

    def jacobian(self, xy: tuple[float, float], height_mm: float = 0.0) -> np.ndarray:
        """The 2x2 derivative of the pixel position by table mm at ``xy``: the local affine map
        the renderer uses to draw small things (a coin) there."""
        pts = np.array([xy, (xy[0] + 0.5, xy[1]), (xy[0], xy[1] + 0.5)], float)
        px = self.project(pts, height_mm)
        return np.column_stack([(px[1] - px[0]) / 0.5, (px[2] - px[0]) / 0.5])

    def normalised_rays(self, iterations: int = 12) -> np.ndarray:
        """For every pixel, the undistorted normalised image coordinates (H, W, 2) float64, found
        by fixed-point iteration of the distortion model (converges for the mild k1, k2 here)."""
        w, h = self.size
        u, v = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
        xd, yd = (u - self.cx) / self.fx, (v - self.cy) / self.fy
        x, y = xd.copy(), yd.copy()
        for _ in range(iterations):
            r2 = x * x + y * y
            k = 1 + self.k1 * r2 + self.k2 * r2 * r2
            x, y = xd / k, yd / k
        return np.stack([x, y], axis=-1)

    def plane_points(self, rays: np.ndarray, height_mm: float) -> np.ndarray:
        """Where each pixel's ray (from :meth:`normalised_rays`) meets the plane ``height_mm``
        above the table: table mm (H, W, 2) float32."""
        rot = np.array(self.rotation)
        c = np.array(self.centre)
        d = rays[..., 0, None] * rot[0] + rays[..., 1, None] * rot[1] + rot[2]
        s = (-height_mm - c[2]) / d[..., 2]
        return np.stack([c[0] + s * d[..., 0], c[1] + s * d[..., 1]], axis=-1).astype(np.float32)

    def to_json(self) -> dict[str, object]:
        """Intrinsics, distortion and pose, for the ground truth file."""
        return {
            "size": list(self.size),
            "matrix": self.matrix().tolist(),
            "dist_coeffs": self.dist_coeffs().tolist(),
            "rvec": self.rvec.tolist(),
            "tvec": self.tvec.tolist(),
        }
