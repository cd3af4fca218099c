"""Camera frames of a simulated Croquetnole scene, with each frame's ground truth.

The static scene is rendered once per camera: the table (felt or wood, or any surface a
:class:`~vision.sim.croquet_looks.TableLook` gives, as are the pieces' edition, the light, the
hands' colours and the sensor's white balance and JPEG) with its four ArUco
markers on white paper and the floor around it, drop shadows of the tiles, the tiles' visible
sides, the face-down tiles' backs (2 x 2 black crosses) and on the towers the knight suit's Ace;
every pixel's ray is intersected with the plane of the table and with the planes of the tiles'
tops, so perspective and lens distortion are exact. Uneven light (vignetting, a gradient and a
lamp's pool) multiplies it.

Each frame then copies that image and composites what moves: each coin (contact shadow, its side
and its face, drawn with the camera's local affine map at the coin) integrated over the exposure
by a motion-blur kernel built from the coin's path (bounces included), optionally sheared by a
rolling shutter (each row read ``readout_s / height`` later than the one above), in three layers:
every coin's shadow, then every side, then every face (a coin's shadow falls on the table, never
on the face of a coin beside it, which stands as high as the coin casting it); the hands with
their soft shadows; the look's light level, colour, white balance and mains flicker (by band of
rows under a rolling shutter); sensor noise (a pre-drawn pool, shifted at random per frame); and,
when the look asks, JPEG compression. A resting coin's patch is cached, so a still frame costs
little more than a copy.

Ground truth per coin: its centre in mm and in pixels (the centre of its top face, projected
with the same camera model) at the moment its centre row was exposed (the frame's time with a
global shutter), whether it is on the table, held or off, and how much of it a hand hides.

>>> from vision.sim.croquet_camera import MODES, CameraModel
>>> from vision.sim.croquet_scene import CroquetScene
>>> from engines.croquetnole.layout import default_layout
>>> cam = CameraModel.over_table(CameraMode(320, 180, 120.0))
>>> r = CroquetRenderer(default_layout(), cam, RenderConfig(noise_sd=0.0))
>>> scene = CroquetScene({"suns-knight": (300.0, 300.0)}, [])
>>> image, truth = next(r.frames(scene))
>>> image.shape, truth.coins["suns-knight"].visible
((180, 320, 3), True)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from engines.croquetnole.layout import COIN_MM, TILE_MM, Layout, Tile
from engines.croquetnole.names import feature_castle
from vision.markers import TableProfile, marker_image
from vision.sim.croquet_art import (
    SHIFT,
    Sprite,
    box_coverage,
    coin_sprite,
    disc_sprite,
    fill_shape,
    tile_ace,
    tile_back,
)
from vision.sim.croquet_camera import CameraMode, CameraModel
from vision.sim.croquet_looks import (
    SURFACES,
    TableLook,
    light_gain,
    surface_texture,
    texture_noise,
)
from vision.sim.croquet_physics import COIN_THICK_MM, HELD, ON, STATUS_NAMES, TILE_THICK_MM
from vision.sim.croquet_scene import (
    CroquetScene,
    HandPose,
    SceneFrame,
    hand_heights,
    hand_parts,
    sleeve_part,
)

FLOOR_BGR = (58, 62, 66)
TILE_SIDE_BGR = (196, 204, 210)
#: Where shadows fall by default: mm of offset per mm of height (the lamp is up and to the top
#: left); a :class:`~vision.sim.croquet_looks.LightLook` may put the lamp elsewhere.
SHADOW_DIR = (0.22, 0.30)


@dataclass(frozen=True)
class RenderConfig:
    """Everything about the picture that is not the scene or the camera's geometry."""

    surface: str = "felt"
    exposure_s: float = 0.004
    rolling_shutter: bool = False
    readout_s: float = 0.008
    noise_sd: float = 2.0
    light_unevenness: float = 1.0
    scene_samples: int = 33


@dataclass(frozen=True)
class CoinTruth:
    """One coin in one frame: centre in mm and px (None when off the table or not yet placed),
    its status ("on", "held", "off", "absent"), whether it can be seen (on the table and at most
    half hidden by a hand), the share of its face a hand covers, and the time it was imaged."""

    mm: tuple[float, float] | None
    px: tuple[float, float] | None
    status: str
    visible: bool
    covered: float
    t: float

    def to_json(self) -> dict[str, Any]:
        return {
            "mm": None if self.mm is None else [round(v, 3) for v in self.mm],
            "px": None if self.px is None else [round(v, 3) for v in self.px],
            "status": self.status,
            "visible": self.visible,
            "covered": round(self.covered, 3),
        }


@dataclass(frozen=True)
class FrameTruth:
    """Ground truth of one rendered frame."""

    index: int
    t: float
    coins: Mapping[str, CoinTruth]
    hands: tuple[HandPose, ...]


@dataclass(frozen=True)
class _Patch:
    """A coin's premultiplied BGRA layers (0-255 scale: shadow, side, face, stacked along the
    channel axis) to composite at ``origin`` (x, y) in the image."""

    layers: np.ndarray
    origin: tuple[int, int]

    def layer(self, k: int) -> np.ndarray:
        """Layer ``k`` (0 shadow, 1 side, 2 face) as an (h, w, 4) BGRA array."""
        return self.layers[..., 4 * k : 4 * k + 4]


class CroquetRenderer:
    """Renders :class:`SceneFrame` s of a layout through ``camera`` (see the module doc).

    ``seed`` fixes the textures, the light and the noise, so a scene renders the same every time.
    ``look`` sets the pieces' edition, the table top, the light, the hands' colours and the
    sensor's processing (:mod:`vision.sim.croquet_looks`; by default today's table).
    """

    def __init__(
        self,
        layout: Layout,
        camera: CameraModel,
        config: RenderConfig | None = None,
        profile: TableProfile | None = None,
        seed: int = 0,
        look: TableLook | None = None,
    ) -> None:
        self.layout = layout
        self.camera = camera
        self.config = config or RenderConfig()
        self.profile = profile or TableProfile()
        self.seed = seed
        self.look = look or TableLook()
        if self.look.surface is None and self.config.surface not in SURFACES:
            raise ValueError(f"unknown table surface {self.config.surface!r}")
        self._surface = self.look.surface or SURFACES[self.config.surface]
        light = self.look.light
        self._shadow_dir = np.array(light.shadow_dir)
        centre = (layout.table[0] / 2, layout.table[1] / 2)
        self.scale = math.sqrt(abs(np.linalg.det(camera.jacobian(centre))))
        rng = np.random.default_rng(seed)
        self.gain = light_gain(light, camera.size, self.config.light_unevenness, rng)
        self.static = self._static(rng)
        self._skin = self._lit(self.look.hands.skin_bgr)
        sleeve = self.look.hands.sleeve_bgr
        self._sleeve = None if sleeve is None else self._lit(sleeve)
        ppm = 1.6 * self.scale
        self._sprites: dict[str, Sprite] = {}
        self._side = disc_sprite(ppm, self.look.art.side_bgr)
        self._shadow = disc_sprite(ppm, (0, 0, 0), blur_mm=1.0, opacity=0.55 * light.shadow)
        self._ppm = ppm
        self._cache: dict[str, tuple[tuple[float, ...], tuple[_Patch, Any, Any, float]]] = {}
        self._noise = self._noise_pool(rng) if self.config.noise_sd > 0 else None
        r = 0.75 * COIN_MM / 2 * self.scale
        g = np.linspace(-r, r, 5)
        grid = np.array([(x, y) for x in g for y in g if x * x + y * y <= r * r])
        self._disc_probe = grid

    # -- public ----------------------------------------------------------------------------------

    @property
    def window_s(self) -> float:
        """How far around a frame's time the scene must sample the coins."""
        cfg = self.config
        return cfg.exposure_s / 2 + (cfg.readout_s / 2 if cfg.rolling_shutter else 0.0)

    def frames(self, scene: CroquetScene) -> Iterator[tuple[np.ndarray, FrameTruth]]:
        """Render every frame of ``scene`` lazily: (BGR image, ground truth)."""
        for frame in scene.frames(self.window_s, self.config.scene_samples):
            yield self.render(frame)

    def render(self, frame: SceneFrame) -> tuple[np.ndarray, FrameTruth]:
        """One BGR uint8 image and its ground truth."""
        img = self.static.copy()
        truths: dict[str, CoinTruth] = {}
        order = np.argsort(frame.height, kind="stable")
        drawn: dict[str, tuple[float, float]] = {}
        patches: list[tuple[_Patch, float]] = []
        for i in order:
            name = frame.names[i]
            status = int(frame.status[i])
            if status == ON:
                patch, centre, mm, t = self._coin(frame, int(i))
                patches.append((patch, float(self.gain[_clamp_px(centre, self.camera)])))
                drawn[name] = centre
                truths[name] = CoinTruth(mm, centre, "on", True, 0.0, t)
            elif status == HELD:
                mm = (float(frame.pos[i, 0]), float(frame.pos[i, 1]))
                lift = next((h.height_mm for h in frame.hands if h.holding == name), 0.0)
                px = self.camera.project(np.array([mm]), lift)[0]
                truths[name] = CoinTruth(
                    mm, (float(px[0]), float(px[1])), "held", False, 1.0, frame.t
                )
            else:
                truths[name] = CoinTruth(None, None, STATUS_NAMES[status], False, 0.0, frame.t)
        for k in range(3):
            for patch, gain in patches:
                self._composite(img, patch.layer(k), patch.origin, gain)
        covered = dict.fromkeys(drawn, 0.0)
        for pose in frame.hands:
            self._hand_shadow(img, pose)
            mask, origin = self._hand(img, pose)
            for name, c in drawn.items():
                covered[name] = max(covered[name], self._coverage(mask, origin, c))
        for name, share in covered.items():
            tr = truths[name]
            truths[name] = CoinTruth(tr.mm, tr.px, tr.status, share <= 0.5, share, tr.t)
        cfg = self.config
        readout = cfg.readout_s if cfg.rolling_shutter else 0.0
        self.look.shade_frame(img, frame.t, cfg.exposure_s, readout)
        self._add_noise(img, frame.index)
        self.look.develop(img)
        self.look.compress(img)
        return img, FrameTruth(frame.index, frame.t, truths, frame.hands)

    # -- static scene ----------------------------------------------------------------------------

    def _lit(self, bgr: tuple[int, int, int]) -> np.ndarray:
        """A flat colour under the uneven light, as a uint8 image of the camera's size."""
        lit = np.array(bgr, np.float32) * self.gain[..., None]
        return np.clip(lit, 0, 255).astype(np.uint8)

    def _static(self, rng: np.random.Generator) -> np.ndarray:
        cam = self.camera
        rays = cam.normalised_rays()
        ground_pts = cam.plane_points(rays, 0.0)
        tw, th = self.layout.table
        lo = np.maximum(ground_pts.reshape(-1, 2).min(axis=0), (-1500.0, -1500.0)) - 5
        hi = np.minimum(ground_pts.reshape(-1, 2).max(axis=0), (tw + 1500.0, th + 1500.0)) + 5
        ppm = 2.0 * self.scale
        ground = self._ground_texture(lo, hi, ppm, rng)
        img = self._remap(ground, ground_pts, lo, ppm)[..., :3].astype(np.float32)
        self._tile_sides(img)
        for stack in sorted({t.stack for t in self.layout.tiles}):
            layer = self._tile_layer(stack, ppm)
            pts = cam.plane_points(rays, stack * TILE_THICK_MM)
            top = self._remap(layer, pts, (0.0, 0.0), ppm)
            a = top[..., 3:4].astype(np.float32) / 255.0
            img = img * (1 - a) + top[..., :3].astype(np.float32) * a
        img *= self.gain[..., None]
        return np.clip(img, 0, 255).astype(np.uint8)

    @staticmethod
    def _remap(texture: np.ndarray, pts: np.ndarray, lo: Any, ppm: float) -> np.ndarray:
        mx = (pts[..., 0] - np.float32(lo[0])) * np.float32(ppm) - np.float32(0.5)
        my = (pts[..., 1] - np.float32(lo[1])) * np.float32(ppm) - np.float32(0.5)
        return cv2.remap(
            texture, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0
        )

    def _ground_texture(
        self, lo: np.ndarray, hi: np.ndarray, ppm: float, rng: np.random.Generator
    ) -> np.ndarray:
        """Floor, table surface, markers on white paper and the tiles' drop shadows (BGRA)."""
        size = (math.ceil((hi[1] - lo[1]) * ppm), math.ceil((hi[0] - lo[0]) * ppm))

        def to_px(p: np.ndarray) -> np.ndarray:
            return (p - lo) * ppm - 0.5

        shade = 1.0 + texture_noise(size, 0.10, 40 * ppm, rng)
        floor = np.empty((*size, 3), np.float32)
        floor[:] = FLOOR_BGR
        floor *= shade[..., None]
        tw, th = self.layout.table
        # The table's edges refine the calibration's lens model: painted exactly, as the markers.
        x0, y0, x1, y1 = (*to_px(np.zeros(2)), *to_px(np.array([tw, th], float)))
        table_share = box_coverage(size, [(x0, y0, x1, y1)])
        surface = surface_texture(self._surface, size, ppm, rng)
        a = table_share[..., None]
        tex = floor * (1 - a) + surface * a
        shadow = np.zeros(size, np.float32)
        for tile in self.layout.tiles:
            off = self._shadow_dir * tile.stack * TILE_THICK_MM
            fill_shape(shadow, [np.array(tile.corners()) + off], to_px, (1.0,))
        shadow = cv2.GaussianBlur(shadow, (0, 0), 2.0 * ppm)
        tex *= (1.0 - 0.35 * self.look.light.shadow * shadow)[..., None]
        out = np.clip(tex, 0, 255).astype(np.uint8)
        self._markers(out, to_px)
        return np.dstack([out, np.full(size, 255, np.uint8)])

    def _markers(self, tex: np.ndarray, to_px: Any) -> None:
        """Each marker's cells on a white paper square (quiet zone 8 mm), painted by their exact
        share of each texel (:func:`box_coverage`): the markers are what the calibration
        measures, to a tenth of a pixel."""
        side = self.profile.marker_mm
        cell = side / 6
        for mid, (cx, cy) in self.profile.markers.items():
            paper = side / 2 + 8.0
            lo = np.floor(to_px(np.array([cx - paper, cy - paper]))).astype(int) - 1
            hi = np.ceil(to_px(np.array([cx + paper, cy + paper]))).astype(int) + 2
            lo, hi = np.maximum(lo, 0), np.minimum(hi, (tex.shape[1], tex.shape[0]))
            size = (int(hi[1] - lo[1]), int(hi[0] - lo[0]))
            bits = marker_image(mid, 6)
            x0, y0 = cx - side / 2, cy - side / 2
            cells = [
                (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)
                for r in range(6)
                for c in range(6)
                if bits[r, c] < 128
            ]
            sheet = [(cx - paper, cy - paper, cx + paper, cy + paper)]
            region = tex[lo[1] : hi[1], lo[0] : hi[0]].astype(np.float32)
            for boxes, colour in ((sheet, (246, 248, 248)), (cells, (22, 22, 22))):
                px = (to_px(np.array(boxes, float).reshape(-1, 2)) - lo).reshape(-1, 4)
                share = box_coverage(size, px.tolist())[..., None]
                region = region * (1 - share) + np.array(colour, np.float32) * share
            tex[lo[1] : hi[1], lo[0] : hi[0]] = np.clip(np.rint(region), 0, 255).astype(np.uint8)

    def _tile_layer(self, stack: int, ppm: float) -> np.ndarray:
        """The tops of the tiles ``stack`` high, as BGRA over the table (0, 0)-origin."""
        tw, th = self.layout.table
        size = (math.ceil(th * ppm), math.ceil(tw * ppm))
        layer = np.zeros((*size, 4), np.uint8)
        towers = {dict(self.layout.castles)[c].tower: c for c in self.layout.castle_names}
        colour = layer[..., :3].copy()
        alpha = layer[..., 3].copy()
        for k, tile in enumerate(self.layout.tiles):
            if tile.stack != stack:
                continue
            to_px = _tile_to_px(tile, ppm)
            if k in towers:
                tile_ace(colour, feature_castle(towers[k]), to_px, self.look.art)
            else:
                tile_back(colour, to_px, self.look.art)
            h = TILE_MM / 2
            fill_shape(alpha, [np.array([(-h, -h), (h, -h), (h, h), (-h, h)])], to_px, (255,))
        layer[..., :3] = colour
        layer[..., 3] = alpha
        return layer

    def _tile_sides(self, img: np.ndarray) -> None:
        """The tiles' sides that face the camera, shaded by which way they face."""
        cam_xy = np.array(self.camera.centre[:2])
        lamp = np.array(self.look.light.toward_lamp)
        for tile in self.layout.tiles:
            corners = np.array(tile.corners())
            h = tile.stack * TILE_THICK_MM
            for k in range(4):
                a, b = corners[k], corners[(k + 1) % 4]
                mid = (a + b) / 2
                normal = mid - np.array(tile.center)
                if float((cam_xy - mid) @ normal) <= 0:
                    continue
                quad = np.vstack(
                    [
                        self.camera.project(np.array([a, b]), 0.0),
                        self.camera.project(np.array([b, a]), h),
                    ]
                )
                light = 0.75 + 0.2 * float(normal @ lamp) / (TILE_MM / 2)
                pts = np.round(quad * (1 << SHIFT)).astype(np.int32)
                cv2.fillConvexPoly(
                    img, pts, tuple(c * light for c in TILE_SIDE_BGR), cv2.LINE_AA, SHIFT
                )
                for level in range(1, tile.stack):
                    seam = self.camera.project(np.array([a, b]), level * TILE_THICK_MM)
                    cv2.line(
                        img,
                        tuple(np.round(seam[0] * 16).astype(int)),
                        tuple(np.round(seam[1] * 16).astype(int)),
                        (90, 90, 90),
                        1,
                        cv2.LINE_AA,
                        SHIFT,
                    )

    # -- coins -----------------------------------------------------------------------------------

    def _sprite(self, coin: str) -> Sprite:
        if coin not in self._sprites:
            self._sprites[coin] = coin_sprite(coin, self._ppm, art=self.look.art)
        return self._sprites[coin]

    def _coin(
        self, frame: SceneFrame, i: int
    ) -> tuple[_Patch, tuple[float, float], tuple[float, float], float]:
        """The coin's patch, its imaged centre (px), its centre (mm) and the time imaged."""
        cam, cfg = self.camera, self.config
        z0 = float(frame.height[i])
        z1 = z0 + COIN_THICK_MM
        path = frame.samples[:, i]
        dt = frame.sample_dt

        def at(offsets: np.ndarray) -> np.ndarray:
            return np.column_stack(
                [np.interp(offsets, dt, path[:, 0]), np.interp(offsets, dt, path[:, 1])]
            )

        name = frame.names[i]
        still = bool((path == path[0]).all())
        if still:
            key = (float(path[0, 0]), float(path[0, 1]), z0)
            cached = self._cache.get(name)
            if cached is not None and cached[0] == key:
                patch, px, mm, tau = cached[1]
                return patch, px, mm, float(frame.t + tau)
        tau = 0.0
        rho = cfg.readout_s / cam.size[1] if cfg.rolling_shutter else 0.0
        if rho:
            for _ in range(2):
                row = cam.project(at(np.array([tau])), z1)[0, 1]
                tau = (row / cam.size[1] - 0.5) * cfg.readout_s
        ref = at(np.array([tau]))[0]
        mm = (float(ref[0]), float(ref[1]))
        centre = cam.project(ref[None], z1)[0]
        px = (float(centre[0]), float(centre[1]))
        exposure = at(tau + np.linspace(-cfg.exposure_s / 2, cfg.exposure_s / 2, 24))
        jac = cam.jacobian(mm, z1)
        offsets = (exposure - ref) @ jac.T
        reach = float(np.abs(offsets).max())
        velocity = (at(np.array([tau + 5e-4])) - at(np.array([tau - 5e-4])))[0] / 1e-3
        v_px = jac @ velocity
        radius = (
            COIN_MM / 2 * self.scale * 1.25
            + 4
            + reach
            + abs(rho) * float(np.hypot(*v_px)) * COIN_MM * self.scale
        )
        ox, oy = math.floor(centre[0] - radius), math.floor(centre[1] - radius)
        size = (math.ceil(2 * radius) + 2,) * 2
        o = np.array([ox, oy], float)
        shadow_at = cam.project((ref + self._shadow_dir * COIN_THICK_MM * 3)[None], z0)[0]
        base_at = cam.project(ref[None], z0)[0]
        acc = np.concatenate(
            [
                _warp(self._shadow, jac, shadow_at - o, size),
                _warp(self._side, jac, base_at - o, size),
                _warp(self._sprite(name), jac, centre - o, size),
            ],
            axis=2,
        )
        if rho and (v_px != 0).any():
            yc = centre[1] - oy
            vx, vy = v_px * rho
            shear = np.array([[1, -vx, vx * yc], [0, 1 - vy, vy * yc]])
            acc = cv2.warpAffine(acc, shear, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
        if reach >= 0.3:
            acc = cv2.filter2D(acc, -1, _blur_kernel(offsets), borderType=cv2.BORDER_CONSTANT)
        patch = _Patch(acc * np.float32(255.0), (ox, oy))
        if still:
            self._cache[name] = ((mm[0], mm[1], z0), (patch, px, mm, tau))
        return patch, px, mm, float(frame.t + tau)

    @staticmethod
    def _composite(img: np.ndarray, rgba: np.ndarray, origin: tuple[int, int], gain: float) -> None:
        """Lay a premultiplied BGRA patch (0-255 scale) over ``img`` at ``origin`` (x, y)."""
        h, w = img.shape[:2]
        ox, oy = origin
        ph, pw = rgba.shape[:2]
        x0, y0, x1, y1 = max(ox, 0), max(oy, 0), min(ox + pw, w), min(oy + ph, h)
        if x1 <= x0 or y1 <= y0:
            return
        p = rgba[y0 - oy : y1 - oy, x0 - ox : x1 - ox]
        region = img[y0:y1, x0:x1].astype(np.float32)
        out = region * (1 - p[..., 3:4] / 255.0) + p[..., :3] * gain
        img[y0:y1, x0:x1] = np.clip(out, 0, 255).astype(np.uint8)

    # -- hands -----------------------------------------------------------------------------------

    def _hand(self, img: np.ndarray, pose: HandPose) -> tuple[np.ndarray, tuple[int, int]]:
        """Draw the hand; return its coverage mask (uint8) and the mask's origin (x, y)."""
        parts = self._hand_parts(pose)
        polys = self._project_parts(parts, hand_heights(pose, parts))
        box = _bbox(polys, img.shape)
        if box is None:
            return np.zeros((0, 0), np.uint8), (0, 0)
        x0, y0, x1, y1 = box
        region = img[y0:y1, x0:x1]
        skin_polys = polys[:4]
        mask = _paint(region, self._skin[y0:y1, x0:x1], skin_polys, (x0, y0))
        if self._sleeve is not None:
            sleeve = _paint(region, self._sleeve[y0:y1, x0:x1], polys[4:], (x0, y0))
            cv2.max(mask, sleeve, mask)
        return mask, (x0, y0)

    def _hand_parts(self, pose: HandPose) -> list[np.ndarray]:
        """The hand's polygons, and with a sleeve the sleeve's after them."""
        parts = hand_parts(pose)
        if self._sleeve is not None:
            parts.append(sleeve_part(pose, self.look.hands.cuff_mm))
        return parts

    def _project_parts(
        self, parts: list[np.ndarray], heights: list[np.ndarray] | float
    ) -> list[np.ndarray]:
        """Project several polygons in one call (``heights``: one per corner, or one for all)."""
        h = np.concatenate(heights) if isinstance(heights, list) else heights
        px = self.camera.project(np.vstack(parts), h)
        return np.split(px, np.cumsum([len(p) for p in parts])[:-1])

    def _hand_shadow(self, img: np.ndarray, pose: HandPose) -> None:
        """A soft shadow cast by the hand onto the table (drawn at a quarter resolution)."""
        parts = self._hand_parts(pose)
        heights = hand_heights(pose, parts)
        shifted = [p + np.outer(z, self._shadow_dir) for p, z in zip(parts, heights, strict=True)]
        polys = self._project_parts(shifted, 0.0)
        box = _bbox(polys, img.shape, pad=int(20 * self.scale) + 2)
        if box is None:
            return
        x0, y0, x1, y1 = box
        q = 4
        small = np.zeros(((y1 - y0 + q - 1) // q, (x1 - x0 + q - 1) // q), np.float32)
        for p in polys:
            pts = np.round((p - (x0, y0)) / q * (1 << SHIFT)).astype(np.int32)
            cv2.fillConvexPoly(small, pts, 1.0, cv2.LINE_AA, SHIFT)
        small = cv2.GaussianBlur(small, (0, 0), max(0.5, 6 * self.scale / q))
        keep = ((1.0 - self.look.hands.shadow * self.look.light.shadow * small) * 255).astype(
            np.uint8
        )
        keep = cv2.resize(keep, (x1 - x0, y1 - y0), interpolation=cv2.INTER_LINEAR)
        region = img[y0:y1, x0:x1]
        cv2.multiply(region, cv2.cvtColor(keep, cv2.COLOR_GRAY2BGR), region, scale=1 / 255)

    def _coverage(
        self, mask: np.ndarray, origin: tuple[int, int], centre: tuple[float, float]
    ) -> float:
        """Share of a coin's face (probed on a grid) that the hand mask covers."""
        pts = np.round(self._disc_probe + centre - origin).astype(int)
        h, w = mask.shape
        inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        if not inside.any():
            return 0.0
        vals = np.zeros(len(pts), np.float32)
        vals[inside] = mask[pts[inside, 1], pts[inside, 0]] / 255.0
        return float(vals.mean())

    # -- sensor ----------------------------------------------------------------------------------

    def _noise_pool(self, rng: np.random.Generator) -> list[tuple[np.ndarray, np.ndarray]]:
        """A few frames of Gaussian read noise, as (positive, negative) uint8 pairs, 16 rows taller
        than the image: a frame takes one of them from a random row (seeded by its index)."""
        w, h = self.camera.size
        pool = []
        for _ in range(4):
            n = np.empty((h + 16, w * 3), np.int16)
            cv2.setRNGSeed(int(rng.integers(1 << 31)))
            cv2.randn(n, 0, self.config.noise_sd)
            n = n.reshape(h + 16, w, 3)
            pool.append((np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8)))
        return pool

    def _add_noise(self, img: np.ndarray, index: int) -> None:
        if self._noise is None:
            return
        rng = np.random.default_rng((self.seed, index))
        k, dy = int(rng.integers(len(self._noise))), int(rng.integers(0, 16))
        h = img.shape[0]
        pos, neg = self._noise[k]
        cv2.add(img, pos[dy : dy + h], img)
        cv2.subtract(img, neg[dy : dy + h], img)


def _paint(
    region: np.ndarray, colour: np.ndarray, polys: list[np.ndarray], origin: tuple[int, int]
) -> np.ndarray:
    """Fill the union of convex ``polys`` (image px) over ``region`` (whose top left is
    ``origin``) with the matching pixels of ``colour``; return the coverage mask (uint8)."""
    mask = np.zeros(region.shape[:2], np.uint8)
    for p in polys:
        pts = np.round((p - origin) * (1 << SHIFT)).astype(np.int32)
        cv2.fillConvexPoly(mask, pts, 255, cv2.LINE_AA, SHIFT)
    # Opaque inside: a masked copy; only the anti-aliased rim is blended.
    cv2.copyTo(colour, cv2.compare(mask, 254, cv2.CMP_GT), region)
    ys, xs = np.nonzero((mask > 0) & (mask < 255))
    a = mask[ys, xs, None].astype(np.float32) / 255.0
    region[ys, xs] = (region[ys, xs] * (1 - a) + colour[ys, xs] * a).astype(np.uint8)
    return mask


def _tile_to_px(tile: Tile, ppm: float) -> Any:
    """Map tile-local mm (centre 0, the tile's own axes) to layer pixels."""
    a = math.radians(tile.angle_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    c = np.array(tile.center)

    def to_px(p: np.ndarray) -> np.ndarray:
        return (p @ rot.T + c) * ppm - 0.5

    return to_px


def _warp(
    sprite: Sprite,
    jac: np.ndarray,
    centre: np.ndarray,
    size: tuple[int, int],
) -> np.ndarray:
    """Draw ``sprite`` into a patch of ``size`` with its middle at ``centre`` (patch px), mapped
    by the camera's local affine ``jac`` (px per mm)."""
    n = sprite.rgba.shape[0]
    a = jac / sprite.ppm
    t = centre - a @ np.array([(n - 1) / 2, (n - 1) / 2])
    return cv2.warpAffine(
        sprite.rgba,
        np.column_stack([a, t]),
        size,
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=0,
    )


def _blur_kernel(offsets: np.ndarray) -> np.ndarray:
    """A motion-blur kernel: the exposure's sub-positions (px, relative to the reference one)
    splatted bilinearly, normalised, and flipped so that ``filter2D`` convolves with it."""
    r = math.ceil(float(np.abs(offsets).max())) + 1
    k = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
    for dx, dy in offsets:
        x, y = r + dx, r + dy
        ix, iy = math.floor(x), math.floor(y)
        fx, fy = x - ix, y - iy
        k[iy, ix] += (1 - fx) * (1 - fy)
        k[iy, ix + 1] += fx * (1 - fy)
        k[iy + 1, ix] += (1 - fx) * fy
        k[iy + 1, ix + 1] += fx * fy
    return cv2.flip(k / k.sum(), -1)


def _bbox(
    polys: list[np.ndarray], shape: tuple[int, ...], pad: int = 2
) -> tuple[int, int, int, int] | None:
    pts = np.vstack(polys)
    h, w = shape[:2]
    x0 = max(0, math.floor(pts[:, 0].min()) - pad)
    y0 = max(0, math.floor(pts[:, 1].min()) - pad)
    x1 = min(w, math.ceil(pts[:, 0].max()) + pad)
    y1 = min(h, math.ceil(pts[:, 1].max()) + pad)
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1


def _clamp_px(p: tuple[float, float], camera: CameraModel) -> tuple[int, int]:
    w, h = camera.size
    return (min(max(round(p[1]), 0), h - 1), min(max(round(p[0]), 0), w - 1))


def render_mode(
    mode: CameraMode,
    layout: Layout,
    seed: int = 0,
    config: RenderConfig | None = None,
    look: TableLook | None = None,
    **camera: Any,
) -> CroquetRenderer:
    """A renderer for a camera in ``mode`` placed over the table (keyword arguments go to
    :meth:`CameraModel.over_table`)."""
    cam = CameraModel.over_table(mode, layout.table, **camera)
    return CroquetRenderer(layout, cam, config, seed=seed, look=look)
