"""How the virtual table looks beyond its geometry: the cloth or wood, the light, the hands'
colours and the sensor's processing, as typed parameters for :class:`CroquetRenderer`, and the
drawing that uses them.

:class:`TableLook` bundles one scene's looks; its defaults draw today's table exactly (the felt of
:data:`SURFACES`, the lamp up and to the top left, the default skin, no sleeves, no white-balance
error, no flicker, no JPEG), so a renderer given no look renders as it always has.
:mod:`vision.sim.croquet_variation` draws looks from wide real-world ranges.

>>> look = TableLook(light=LightLook(level=0.5))
>>> img = np.full((4, 6, 3), 200, np.uint8)
>>> look.shade_frame(img, 0.0, 0.004, 0.0)
>>> int(img[0, 0, 0])
100
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.sim.croquet_art import BGR, DEFAULT_ART, CoinArt

#: Today's default skin colour of the hands (BGR).
SKIN_BGR: BGR = (118, 150, 206)


@dataclass(frozen=True)
class SurfaceLook:
    """A table top: base colour, large soft blotches (``blotch``, relative spread), wood grain
    (``grain`` depth, ``grain_mm`` period; 0 for cloth), boards ``planks_mm`` wide with dark
    seams (0: one piece), fine fuzz, and a printed ``pattern`` ("" none, "check" a gingham
    cloth, "print" a play mat's busy print) in ``pattern_bgr`` every ``pattern_mm``, mixed in by
    ``pattern_strength`` (0-1)."""

    base_bgr: BGR
    blotch: float = 0.06
    grain: float = 0.0
    grain_mm: float = 7.0
    fuzz: float = 0.03
    planks_mm: float = 0.0
    pattern: str = ""
    pattern_bgr: BGR = (0, 0, 0)
    pattern_mm: float = 25.0
    pattern_strength: float = 0.0


#: The named table surfaces of :class:`~vision.sim.croquet_render.RenderConfig`.
SURFACES: dict[str, SurfaceLook] = {
    "felt": SurfaceLook((52, 108, 40)),
    "wood": SurfaceLook((70, 118, 168), grain=0.08),
}


@dataclass(frozen=True)
class LightLook:
    """The room's light: overall ``level`` (a gain, 1 as today), its colour (per-channel BGR
    gains: warm tungsten lifts red, daylight blue), unevenness (``vignette``, a ``gradient``
    across the view, a lamp's ``pool`` of relative strength and width ``pool_size``), where
    shadows fall (``shadow_dir``: mm of offset per mm of height) and how dark they are
    (``shadow``, relative to today's), the side the lamp lights tile edges from
    (``toward_lamp``), and mains flicker: the light's gain swings by ``flicker`` (a share)
    ``flicker_hz`` times a second (twice the mains frequency: 100 or 120 Hz)."""

    level: float = 1.0
    colour: tuple[float, float, float] = (1.0, 1.0, 1.0)
    vignette: float = 0.18
    gradient: float = 0.08
    pool: float = 0.10
    pool_size: float = 0.35
    shadow_dir: tuple[float, float] = (0.22, 0.30)
    shadow: float = 1.0
    toward_lamp: tuple[float, float] = (-0.6, -0.8)
    flicker: float = 0.0
    flicker_hz: float = 100.0
    flicker_phase: float = 0.0


@dataclass(frozen=True)
class HandLook:
    """The hands' colours: skin, an optional sleeve (from ``cuff_mm`` behind the palm's centre up
    the arm) and the darkness of their shadow (the share of light it takes)."""

    skin_bgr: BGR = SKIN_BGR
    sleeve_bgr: BGR | None = None
    cuff_mm: float = 75.0
    shadow: float = 0.5


@dataclass(frozen=True)
class SensorLook:
    """The sensor's processing after the light: white-balance gains (BGR; an auto white balance
    that got it wrong), the image signal processor's development of each frame (an edge-keeping
    ``denoise``, the bilateral filter's colour sigma in grey levels; colour kept at half
    resolution, ``chroma_420``, as YUV 4:2:0 output does; an unsharp mask of ``sharpen`` times
    the detail, which rings at edges) and JPEG compression (``jpeg_quality`` 1-100, 0 for
    none). All zero or off: the frame as the sensor saw it."""

    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)
    jpeg_quality: int = 0
    denoise: float = 0.0
    chroma_420: bool = False
    sharpen: float = 0.0


@dataclass(frozen=True)
class TableLook:
    """One scene's looks. ``surface`` None: the renderer's ``RenderConfig.surface``."""

    art: CoinArt = DEFAULT_ART
    surface: SurfaceLook | None = None
    light: LightLook = field(default_factory=LightLook)
    hands: HandLook = field(default_factory=HandLook)
    sensor: SensorLook = field(default_factory=SensorLook)

    def channel_gains(self) -> tuple[float, float, float]:
        """The steady per-channel gain of the light's level and colour and the white balance."""
        lt, wb = self.light, self.sensor.white_balance
        return tuple(lt.level * c * w for c, w in zip(lt.colour, wb, strict=True))  # type: ignore[return-value]

    def shade_frame(self, img: np.ndarray, t: float, exposure_s: float, readout_s: float) -> None:
        """Multiply a frame (in place) by the light's level and colour, the white balance and the
        mains flicker as integrated over the ``exposure_s`` around ``t``; with a rolling shutter
        (``readout_s`` > 0) each band of rows at the time it was exposed, so flicker bands the
        frame. Does nothing when all gains are 1."""
        gains = np.array(self.channel_gains())
        lt = self.light
        if lt.flicker == 0 and (gains == 1.0).all():
            return
        h = img.shape[0]
        bands = 24 if readout_s > 0 and lt.flicker else 1
        edges = np.linspace(0, h, bands + 1).round().astype(int)
        for y0, y1 in itertools.pairwise(edges.tolist()):
            when = t + ((y0 + y1) / 2 / h - 0.5) * readout_s
            g = gains * self.flicker_gain(when, exposure_s)
            cv2.multiply(img[y0:y1], (*g.tolist(), 0.0), dst=img[y0:y1])

    def flicker_gain(self, t: float, exposure_s: float) -> float:
        """The light's flicker, averaged over an exposure of ``exposure_s`` centred at ``t``:
        1 + depth * sinc(f e) * sin(2 pi f t + phase) (an exposure of a whole number of flicker
        periods sees none)."""
        lt = self.light
        if lt.flicker == 0:
            return 1.0
        x = math.pi * lt.flicker_hz * exposure_s
        sinc = math.sin(x) / x if x else 1.0
        phase = 2 * math.pi * lt.flicker_hz * t + lt.flicker_phase
        return 1.0 + lt.flicker * sinc * math.sin(phase)

    def develop(self, img: np.ndarray) -> None:
        """Denoise, subsample the colour and sharpen the frame in place, as the sensor's
        settings say (nothing when all are off)."""
        sensor = self.sensor
        if sensor.denoise > 0:
            img[...] = cv2.bilateralFilter(img, 5, sensor.denoise, 2.0)
        if sensor.chroma_420:
            ycc = cv2.cvtColor(img, cv2.COLOR_BGR2YCrCb)
            h, w = img.shape[:2]
            half = cv2.resize(ycc[..., 1:], (w // 2, h // 2), interpolation=cv2.INTER_AREA)
            ycc[..., 1:] = cv2.resize(half, (w, h), interpolation=cv2.INTER_LINEAR)
            img[...] = cv2.cvtColor(ycc, cv2.COLOR_YCrCb2BGR)
        if sensor.sharpen > 0:
            soft = cv2.GaussianBlur(img, (0, 0), 1.0)
            img[...] = cv2.addWeighted(img, 1.0 + sensor.sharpen, soft, -sensor.sharpen, 0.0)

    def compress(self, img: np.ndarray) -> None:
        """JPEG-encode and decode the frame in place (``sensor.jpeg_quality`` > 0)."""
        q = self.sensor.jpeg_quality
        if q <= 0:
            return
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(q)])
        if ok:
            img[...] = cv2.imdecode(buf, cv2.IMREAD_COLOR)


def texture_noise(
    shape: tuple[int, int],
    sigma: float,
    blur: float,
    rng: np.random.Generator,
) -> np.ndarray:
    """Smooth random field (float32, about unit spread) for blotches, grain and fuzz."""
    small = (max(4, int(shape[1] / max(blur, 1.0))), max(4, int(shape[0] / max(blur, 1.0))))
    field = rng.normal(0, 1, (small[1], small[0])).astype(np.float32)
    field = cv2.resize(field, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)
    return field * np.float32(sigma)


def surface_texture(
    look: SurfaceLook, size: tuple[int, int], ppm: float, rng: np.random.Generator
) -> np.ndarray:
    """The table top as float32 BGR (``size`` rows, columns at ``ppm`` texels per mm from the
    table's corner): base colour with blotches, grain, planks, fuzz and pattern."""
    shade = 1.0 + texture_noise(size, look.blotch, 60 * ppm, rng)
    ys = np.arange(size[0], dtype=np.float32)[:, None] / ppm
    if look.grain:
        warp = texture_noise(size, 3.0, 120 * ppm, rng)
        shade *= 1.0 + look.grain * np.sin(ys * (2 * math.pi / look.grain_mm) + warp)
    shade += texture_noise(size, look.fuzz, 1.0, rng)
    surface = np.empty((*size, 3), np.float32)
    surface[:] = look.base_bgr
    if look.planks_mm:
        board = np.floor(ys[:, 0] / look.planks_mm).astype(int)
        tone = 1.0 + 0.07 * rng.standard_normal(board.max() + 1).astype(np.float32)
        seam = np.abs(ys[:, 0] / look.planks_mm - np.round(ys[:, 0] / look.planks_mm))
        seam_dark = 1.0 - 0.45 * np.clip(1.0 - seam * look.planks_mm / 0.6, 0.0, 1.0)
        shade *= (tone[board] * seam_dark)[:, None]
    if look.pattern:
        share = _pattern(look, size, ppm, rng) * np.float32(look.pattern_strength)
        ink = np.array(look.pattern_bgr, np.float32)
        surface += (ink - surface) * share[..., None]
    surface *= shade[..., None]
    return surface


def _pattern(
    look: SurfaceLook, size: tuple[int, int], ppm: float, rng: np.random.Generator
) -> np.ndarray:
    """Where the pattern's colour lies (0-1, float32): a gingham check (stripes half a period
    wide each way, their crossings solid) or a print (soft-edged blobs of a smooth field)."""
    if look.pattern == "check":
        xs = np.arange(size[1], dtype=np.float32)[None, :] / ppm
        ys = np.arange(size[0], dtype=np.float32)[:, None] / ppm
        w = 2 * math.pi / look.pattern_mm
        sx = np.clip(0.5 + 3.0 * np.sin(xs * w), 0, 1)
        sy = np.clip(0.5 + 3.0 * np.sin(ys * w), 0, 1)
        return (0.5 * (sx + sy)).astype(np.float32)
    if look.pattern == "print":
        field = texture_noise(size, 1.0, look.pattern_mm * ppm, rng)
        fine = texture_noise(size, 0.6, look.pattern_mm * ppm / 4, rng)
        return np.clip(0.5 + 1.5 * (field + fine), 0, 1)
    raise ValueError(f"unknown surface pattern {look.pattern!r}")


def light_gain(
    light: LightLook, size: tuple[int, int], unevenness: float, rng: np.random.Generator
) -> np.ndarray:
    """Per-pixel gain (float32, ``size`` = (width, height)) of uneven light: vignetting, a
    gradient across the table and a lamp's soft pool (its direction and place drawn by ``rng``)."""
    w, h = size
    k = unevenness
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    nx, ny = (x - w / 2) / (w / 2), (y - h / 2) / (w / 2)
    r2 = nx * nx + ny * ny
    vignette = 1.0 - light.vignette * k * r2
    a = rng.uniform(0, 2 * math.pi)
    gradient = 1.0 + light.gradient * k * (math.cos(a) * nx + math.sin(a) * ny)
    lx, ly = rng.uniform(-0.4, 0.4, 2)
    pool = 1.0 + light.pool * k * np.exp(-((nx - lx) ** 2 + (ny - ly) ** 2) / light.pool_size)
    return (vignette * gradient * pool).astype(np.float32)
