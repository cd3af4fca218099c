"""Real-world variation of the virtual table: every scene drawn from wide ranges, in named
families, some of whose variants are held back from tuning so the referee can be scored blind.

Families (:data:`FAMILIES`) and their variants (:data:`VARIANTS`; each a distribution drawn per
scene, never one fixed value; held-back ones marked *):

* ``coin_art``, the piecepack edition (COIN_MM and TILE_MM never change, only the printing):
  ``classic`` (piecepackr-like, as today), ``cream`` (cream faces, serif numerals, traditional
  colours, Crowns green or yellow), ``tinted`` (each face in its suit colour, ink black or white),
  ``geometric`` (other suit outlines, thin numerals, often no direction mark); *``bold`` (large
  bold black numerals on guards, knights a big coloured symbol on white: the other table of the
  bug report).
* ``surface``: ``felt`` (green, blue, red or grey), ``wood`` (light to dark, grain, boards),
  ``mat`` (a plain, mottled neoprene play mat); *``patterned`` (a gingham cloth or a busy printed
  mat), *``dark_cloth`` (black felt).
* ``light``: ``room`` (neutral, the lamp anywhere), ``dim_warm`` (0.45-0.7 gain, tungsten, a
  strong lamp pool), ``daylight`` (bright, cool, soft shadows); *``flicker`` (a lamp flickering
  3-8 % at 100 or 120 Hz against the frame rate).
* ``camera`` (:meth:`CameraModel.over_table`): ``overhead`` (tilt 0-4 degrees), ``tilted`` (4-9),
  ``wide_low`` (0.8-0.95 m, strong barrel distortion), ``high_tele`` (1.25-1.4 m, mild
  pincushion); *``steep`` (tilt 9.5-12 degrees, more roll).
* ``sensor``: ``global`` (global shutter, short exposure), ``rolling``, ``long_exposure``
  (5-8 ms: long smears), ``noisy`` (read noise sd 3.5-5), ``jpeg`` (every frame JPEG-compressed,
  quality 60-95, as a USB webcam's MJPEG); *``isp`` (an image signal processor's development:
  edge-keeping denoise, colour at half resolution, sharpening that rings at edges).
* ``physics`` (:class:`PhysicsConfig`; the virtual players aim for the drawn deceleration):
  ``felt``, ``card_table`` (faster), ``baize_slow`` (5 m/s^2, dead bounces); *``slick`` (a
  polished table: 2-2.4 m/s^2, lively bounces).
* ``hands``: ``light_bare``, ``medium_bare``, ``dark_bare`` (dark to very dark skin),
  ``sleeved`` (a light-skinned or medium hand in a coloured sleeve); *``dark_sleeved`` (dark to
  very dark skin in a dark sleeve: a hand and arm that barely stand out from a dark cloth).

Why these are held back: a held-back variant differs from what tuning sees in kind, not just in
degree (the bold-numeral edition, a patterned or black cloth, flicker, a steep camera, a
processor's denoise and sharpening, a slick table, dark skin in dark sleeves), so a referee tuned
on the rest and scored on them shows how it copes with a table nobody tuned it for.
``draw_variation(seed)`` draws every family from its tuning variants;
``draw_variation(seed, held=family)`` draws that family from its held-back ones and every other
family exactly as ``draw_variation(seed)`` does.

>>> v = draw_variation(7, held="coin_art")
>>> v.variants["coin_art"] in HELD_BACK["coin_art"], v.variants["surface"] in HELD_BACK["surface"]
(True, False)
>>> v.light == draw_variation(7).light
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from types import MappingProxyType
from typing import Any

import cv2
import numpy as np

from engines.croquetnole.layout import default_layout
from vision.sim.croquet_art import BGR, SUIT_BGR, CoinArt
from vision.sim.croquet_camera import CameraMode, CameraModel
from vision.sim.croquet_looks import HandLook, LightLook, SensorLook, SurfaceLook, TableLook
from vision.sim.croquet_physics import PhysicsConfig
from vision.sim.croquet_render import CroquetRenderer, RenderConfig
from vision.sim.croquet_scene import CroquetScene, HandTiming
from vision.sim.croquet_script import (
    Action,
    RandomPlay,
    parse_script,
    setup_positions,
    split_setup,
)

FAMILIES: tuple[str, ...] = ("coin_art", "surface", "light", "camera", "sensor", "physics", "hands")


@dataclass(frozen=True)
class CameraPose:
    """Where the camera stands and its lens: the arguments of :meth:`CameraModel.over_table`."""

    height_mm: float
    tilt_deg: float
    azimuth_deg: float
    roll_deg: float
    k1: float
    k2: float

    def model(self, mode: CameraMode, table_mm: tuple[float, float]) -> CameraModel:
        return CameraModel.over_table(
            mode,
            table_mm,
            height_mm=self.height_mm,
            tilt_deg=self.tilt_deg,
            azimuth_deg=self.azimuth_deg,
            roll_deg=self.roll_deg,
            k1=self.k1,
            k2=self.k2,
        )


@dataclass(frozen=True)
class SensorSettings:
    """Exposure (s), read noise (sd, grey levels), rolling shutter and its readout (s), white
    balance gains (BGR), JPEG quality (0: none), and the processor's denoise (bilateral colour
    sigma), 4:2:0 colour and sharpening amount (:class:`SensorLook`)."""

    exposure_s: float
    noise_sd: float
    rolling_shutter: bool
    readout_s: float
    white_balance: tuple[float, float, float]
    jpeg_quality: int
    denoise: float = 0.0
    chroma_420: bool = False
    sharpen: float = 0.0

    def render_config(self) -> RenderConfig:
        return RenderConfig(
            exposure_s=self.exposure_s,
            rolling_shutter=self.rolling_shutter,
            readout_s=self.readout_s,
            noise_sd=self.noise_sd,
        )

    def look(self) -> SensorLook:
        return SensorLook(
            self.white_balance, self.jpeg_quality, self.denoise, self.chroma_420, self.sharpen
        )


@dataclass(frozen=True)
class TablePhysics:
    """The table's physics and how hard the virtual players may flick (mm/s)."""

    config: PhysicsConfig
    max_speed_mm_s: float


@dataclass(frozen=True)
class HandSettings:
    """The hands' colours (rendering) and their size, height and timing (the scene)."""

    look: HandLook
    timing: HandTiming


@dataclass(frozen=True)
class TableVariation:
    """Everything drawn for one scene: per family the variant drawn and its parameters."""

    seed: int
    variants: Mapping[str, str]
    held: str | None
    coin_art: CoinArt
    surface: SurfaceLook
    light: LightLook
    camera: CameraPose
    sensor: SensorSettings
    physics: TablePhysics
    hands: HandSettings

    def look(self) -> TableLook:
        """The renderer's looks."""
        return TableLook(
            self.coin_art, self.surface, self.light, self.hands.look, self.sensor.look()
        )

    def to_json(self) -> dict[str, object]:
        """The draw as JSON (floats rounded), for a scene's truth file and reports."""
        out: dict[str, object] = {"seed": self.seed, "held": self.held}
        out["variants"] = dict(self.variants)
        for name in FAMILIES:
            out[name] = _rounded(asdict(getattr(self, name)))
        return out


def _rounded(obj: Any) -> Any:
    if isinstance(obj, float):
        return round(obj, 5)
    if isinstance(obj, dict):
        return {str(k): _rounded(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_rounded(v) for v in obj]
    return obj


# -- drawing helpers ----------------------------------------------------------------------------


def _mix(a: BGR, b: BGR, t: float) -> BGR:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _jitter(rng: np.random.Generator, bgr: BGR, spread: float) -> BGR:
    """``bgr`` with its brightness and each channel moved by up to ``spread`` (a share)."""
    k = rng.uniform(1 - spread, 1 + spread) * rng.uniform(1 - spread / 2, 1 + spread / 2, 3)
    return tuple(int(np.clip(round(c * g), 0, 255)) for c, g in zip(bgr, k, strict=True))  # type: ignore[return-value]


def _pick(rng: np.random.Generator, options: list[Any]) -> Any:
    return options[int(rng.integers(len(options)))]


def _u(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


# -- coin_art -----------------------------------------------------------------------------------

#: Traditional suit colours (red, black, green, blue) as many home-made editions print them.
_TRADITIONAL: dict[str, BGR] = {
    "suns": (40, 40, 200),
    "moons": (25, 25, 25),
    "crowns": (50, 130, 30),
    "arms": (160, 80, 25),
}
_CROWNS_YELLOW: BGR = (20, 195, 230)


def _suits(rng: np.random.Generator, yellow_share: float) -> dict[str, BGR]:
    base = dict(_pick(rng, [SUIT_BGR, _TRADITIONAL]))
    if rng.random() < yellow_share:
        base["crowns"] = _CROWNS_YELLOW
    return {s: _jitter(rng, c, 0.06) if s != "moons" else c for s, c in base.items()}


def _art_classic(rng: np.random.Generator) -> CoinArt:
    return CoinArt(
        face_bgr=_jitter(rng, (238, 243, 246), 0.02),
        suit_bgr={s: _jitter(rng, c, 0.05) if s != "moons" else c for s, c in SUIT_BGR.items()},
        symbol_scale=_u(rng, 0.52, 0.64),
        numeral_scale=_u(rng, 0.9, 1.1),
        numeral_weight=_u(rng, 0.8, 1.2),
    )


def _art_cream(rng: np.random.Generator) -> CoinArt:
    face = _mix((200, 228, 240), (215, 238, 248), _u(rng, 0, 1))
    return CoinArt(
        face_bgr=face,
        rim_bgr=_mix(face, (120, 150, 170), 0.25),
        side_bgr=_mix(face, (90, 120, 140), 0.35),
        suit_bgr=_suits(rng, 0.5),
        symbol_scale=_u(rng, 0.5, 0.66),
        font=_pick(rng, [cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX]),
        numeral_scale=_u(rng, 0.85, 1.15),
        numeral_weight=_u(rng, 0.8, 1.3),
        mark=bool(rng.random() < 0.7),
    )


def _art_tinted(rng: np.random.Generator) -> CoinArt:
    return CoinArt(
        suit_bgr=_suits(rng, 0.5),
        tinted=True,
        shapes=_pick(rng, ["classic", "geometric"]),
        symbol_scale=_u(rng, 0.52, 0.66),
        font=_pick(rng, [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX]),
        numeral_scale=_u(rng, 0.9, 1.15),
        numeral_weight=_u(rng, 0.9, 1.4),
        side_bgr=_jitter(rng, (120, 130, 138), 0.1),
        mark=bool(rng.random() < 0.5),
    )


def _art_geometric(rng: np.random.Generator) -> CoinArt:
    return CoinArt(
        face_bgr=_jitter(rng, (242, 244, 244), 0.02),
        suit_bgr=_suits(rng, 0.3),
        shapes="geometric",
        symbol_scale=_u(rng, 0.5, 0.62),
        font=cv2.FONT_HERSHEY_SIMPLEX,
        numeral_scale=_u(rng, 0.8, 1.0),
        numeral_weight=_u(rng, 0.5, 0.9),
        mark=bool(rng.random() < 0.3),
    )


def _art_bold(rng: np.random.Generator) -> CoinArt:
    return CoinArt(
        face_bgr=_jitter(rng, (248, 250, 250), 0.01),
        suit_bgr=_suits(rng, 0.5),
        symbol_scale=_u(rng, 0.66, 0.74),
        font=_pick(rng, [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX]),
        numeral_scale=_u(rng, 1.3, 1.5),
        numeral_weight=_u(rng, 2.6, 3.4),
        ink_bgr=(8, 8, 8),
        ace_letter=bool(rng.random() < 0.5),
        mark=bool(rng.random() < 0.5),
    )


# -- surface ------------------------------------------------------------------------------------

_FELTS: list[BGR] = [(52, 108, 40), (120, 72, 30), (42, 40, 135), (100, 100, 96)]


def _felt(rng: np.random.Generator) -> SurfaceLook:
    return SurfaceLook(
        _jitter(rng, _pick(rng, _FELTS), 0.15),
        blotch=_u(rng, 0.03, 0.09),
        fuzz=_u(rng, 0.02, 0.05),
    )


def _wood(rng: np.random.Generator) -> SurfaceLook:
    tone = _mix((120, 168, 205), (40, 70, 112), _u(rng, 0, 1))
    return SurfaceLook(
        _jitter(rng, tone, 0.06),
        blotch=_u(rng, 0.03, 0.08),
        grain=_u(rng, 0.04, 0.12),
        grain_mm=_u(rng, 4.0, 10.0),
        fuzz=_u(rng, 0.015, 0.04),
        planks_mm=_u(rng, 90.0, 160.0) if rng.random() < 0.5 else 0.0,
    )


def _mat(rng: np.random.Generator) -> SurfaceLook:
    base = _pick(rng, [(70, 62, 58), (95, 90, 40), (110, 140, 160), (90, 70, 60)])
    return SurfaceLook(
        _jitter(rng, base, 0.12), blotch=_u(rng, 0.08, 0.14), fuzz=_u(rng, 0.04, 0.08)
    )


def _patterned(rng: np.random.Generator) -> SurfaceLook:
    if rng.random() < 0.5:
        ground = _jitter(rng, (228, 232, 235), 0.04)
        ink = _jitter(rng, _pick(rng, [(40, 40, 170), (150, 80, 30), (50, 120, 40)]), 0.1)
        return SurfaceLook(
            ground,
            blotch=_u(rng, 0.02, 0.05),
            pattern="check",
            pattern_bgr=ink,
            pattern_mm=_u(rng, 12.0, 30.0),
            pattern_strength=_u(rng, 0.6, 0.9),
        )
    ground = _jitter(rng, _pick(rng, [(60, 90, 120), (110, 80, 60), (70, 110, 70)]), 0.1)
    return SurfaceLook(
        ground,
        blotch=_u(rng, 0.05, 0.1),
        fuzz=_u(rng, 0.03, 0.06),
        pattern="print",
        pattern_bgr=_jitter(
            rng, _pick(rng, [(170, 200, 220), (60, 160, 200), (200, 170, 120)]), 0.1
        ),
        pattern_mm=_u(rng, 30.0, 90.0),
        pattern_strength=_u(rng, 0.4, 0.8),
    )


def _dark_cloth(rng: np.random.Generator) -> SurfaceLook:
    return SurfaceLook(
        _jitter(rng, (24, 24, 26), 0.25), blotch=_u(rng, 0.04, 0.1), fuzz=_u(rng, 0.04, 0.08)
    )


# -- light --------------------------------------------------------------------------------------


def _shadow_light(rng: np.random.Generator, length: tuple[float, float], **kw: Any) -> LightLook:
    """A light whose lamp stands in a random direction, shadows ``length`` mm per mm of height."""
    a = _u(rng, 0, 2 * math.pi)
    n = _u(rng, *length)
    return LightLook(
        shadow_dir=(n * math.cos(a), n * math.sin(a)),
        toward_lamp=(-math.cos(a), -math.sin(a)),
        **kw,
    )


def _room(rng: np.random.Generator) -> LightLook:
    return _shadow_light(
        rng,
        (0.12, 0.4),
        level=_u(rng, 0.8, 1.1),
        colour=(_u(rng, 0.92, 1.0), 1.0, _u(rng, 1.0, 1.06)),
        vignette=_u(rng, 0.1, 0.25),
        gradient=_u(rng, 0.04, 0.1),
        pool=_u(rng, 0.05, 0.15),
        shadow=_u(rng, 0.7, 1.1),
    )


def _dim_warm(rng: np.random.Generator) -> LightLook:
    return _shadow_light(
        rng,
        (0.25, 0.55),
        level=_u(rng, 0.45, 0.7),
        colour=(_u(rng, 0.72, 0.85), _u(rng, 0.9, 0.96), _u(rng, 1.05, 1.15)),
        vignette=_u(rng, 0.2, 0.35),
        gradient=_u(rng, 0.05, 0.12),
        pool=_u(rng, 0.2, 0.45),
        pool_size=_u(rng, 0.15, 0.35),
        shadow=_u(rng, 1.0, 1.3),
    )


def _daylight(rng: np.random.Generator) -> LightLook:
    return _shadow_light(
        rng,
        (0.05, 0.3),
        level=_u(rng, 1.0, 1.3),
        colour=(_u(rng, 1.04, 1.12), 1.0, _u(rng, 0.88, 0.96)),
        vignette=_u(rng, 0.05, 0.15),
        gradient=_u(rng, 0.02, 0.08),
        pool=_u(rng, 0.0, 0.05),
        shadow=_u(rng, 0.4, 0.8),
    )


def _flicker(rng: np.random.Generator) -> LightLook:
    return _shadow_light(
        rng,
        (0.12, 0.4),
        level=_u(rng, 0.7, 1.1),
        colour=(_u(rng, 0.95, 1.05), _u(rng, 1.0, 1.06), _u(rng, 0.92, 1.02)),
        vignette=_u(rng, 0.1, 0.25),
        gradient=_u(rng, 0.04, 0.1),
        pool=_u(rng, 0.05, 0.2),
        shadow=_u(rng, 0.7, 1.1),
        flicker=_u(rng, 0.03, 0.08),
        flicker_hz=_pick(rng, [100.0, 120.0]),
        flicker_phase=_u(rng, 0, 2 * math.pi),
    )


# -- camera -------------------------------------------------------------------------------------


def _pose(
    rng: np.random.Generator,
    height: tuple[float, float],
    tilt: tuple[float, float],
    roll: float,
    k1: tuple[float, float],
) -> CameraPose:
    return CameraPose(
        height_mm=_u(rng, *height),
        tilt_deg=_u(rng, *tilt),
        azimuth_deg=_u(rng, 0, 360),
        roll_deg=_u(rng, -roll, roll),
        k1=_u(rng, *k1),
        k2=_u(rng, 0.0, 0.02),
    )


# -- sensor -------------------------------------------------------------------------------------


def _sensor(
    rng: np.random.Generator,
    exposure_ms: tuple[float, float],
    noise: tuple[float, float],
    rolling: float,
    wb: float,
    jpeg: tuple[int, int] = (0, 0),
    isp: tuple[tuple[float, float], tuple[float, float]] | None = None,
) -> SensorSettings:
    """``rolling``: the share of rolling shutters; ``wb``: the white balance error's reach;
    ``isp``: the ranges of the processor's denoise and sharpening (None: no processing)."""
    settings = SensorSettings(
        exposure_s=_u(rng, *exposure_ms) / 1000,
        noise_sd=_u(rng, *noise),
        rolling_shutter=bool(rng.random() < rolling),
        readout_s=_u(rng, 0.005, 0.009),
        white_balance=(_u(rng, 1 - wb, 1 + wb), 1.0, _u(rng, 1 - wb, 1 + wb)),
        jpeg_quality=int(rng.integers(jpeg[0], jpeg[1] + 1)) if jpeg[1] else 0,
    )
    if isp is None:
        return settings
    return replace(settings, denoise=_u(rng, *isp[0]), chroma_420=True, sharpen=_u(rng, *isp[1]))


# -- physics ------------------------------------------------------------------------------------


def _physics(
    rng: np.random.Generator,
    decel: tuple[float, float],
    coin: tuple[float, float],
    tile: tuple[float, float],
    friction: tuple[float, float],
) -> TablePhysics:
    return TablePhysics(
        PhysicsConfig(
            decel_mm_s2=_u(rng, *decel),
            coin_restitution=_u(rng, *coin),
            coin_friction=_u(rng, *friction),
            tile_restitution=_u(rng, *tile),
            tile_friction=_u(rng, friction[0] + 0.05, friction[1] + 0.05),
        ),
        max_speed_mm_s=_u(rng, 2200.0, 2500.0),
    )


# -- hands --------------------------------------------------------------------------------------

#: Skin tones from very light to very dark (BGR).
SKIN_TONES: tuple[BGR, ...] = (
    (185, 205, 240),
    (140, 170, 225),
    (100, 135, 190),
    (75, 105, 150),
    (50, 70, 105),
    (32, 44, 66),
)


def _skin(rng: np.random.Generator, lo: float, hi: float) -> BGR:
    """A skin tone between ``lo`` and ``hi`` on the scale of :data:`SKIN_TONES` (0 very light,
    1 very dark)."""
    x = _u(rng, lo, hi) * (len(SKIN_TONES) - 1)
    k = min(int(x), len(SKIN_TONES) - 2)
    return _jitter(rng, _mix(SKIN_TONES[k], SKIN_TONES[k + 1], x - k), 0.04)


def _hands(
    rng: np.random.Generator, skin: tuple[float, float], sleeves: list[BGR] | None
) -> HandSettings:
    look = HandLook(
        skin_bgr=_skin(rng, *skin),
        sleeve_bgr=None if sleeves is None else _jitter(rng, _pick(rng, sleeves), 0.1),
        cuff_mm=_u(rng, 60.0, 110.0),
        shadow=_u(rng, 0.3, 0.6),
    )
    timing = HandTiming(
        reach_s=_u(rng, 0.25, 0.45),
        hover_s=_u(rng, 0.08, 0.2),
        leave_s=_u(rng, 0.25, 0.45),
        carry_mm_s=_u(rng, 300.0, 500.0),
        pause_s=_u(rng, 0.2, 0.35),
        height_mm=_u(rng, 28.0, 60.0),
        scale=_u(rng, 0.8, 1.2),
    )
    return HandSettings(look, timing)


_BRIGHT_SLEEVES: list[BGR] = [(235, 235, 235), (150, 80, 30), (40, 40, 170), (130, 130, 130)]
_DARK_SLEEVES: list[BGR] = [(22, 22, 22), (60, 30, 20), (50, 50, 50)]

Draw = Callable[[np.random.Generator], Any]

#: Every family's variants and how each is drawn; the held-back ones in :data:`HELD_BACK`.
_DRAWS: dict[str, dict[str, Draw]] = {
    "coin_art": {
        "classic": _art_classic,
        "cream": _art_cream,
        "tinted": _art_tinted,
        "geometric": _art_geometric,
        "bold": _art_bold,
    },
    "surface": {
        "felt": _felt,
        "wood": _wood,
        "mat": _mat,
        "patterned": _patterned,
        "dark_cloth": _dark_cloth,
    },
    "light": {"room": _room, "dim_warm": _dim_warm, "daylight": _daylight, "flicker": _flicker},
    "camera": {
        "overhead": lambda r: _pose(r, (950.0, 1250.0), (0.0, 4.0), 2.0, (-0.08, 0.0)),
        "tilted": lambda r: _pose(r, (900.0, 1300.0), (4.0, 9.0), 3.0, (-0.1, 0.0)),
        "wide_low": lambda r: _pose(r, (800.0, 950.0), (0.0, 6.0), 2.0, (-0.15, -0.08)),
        "high_tele": lambda r: _pose(r, (1250.0, 1400.0), (0.0, 6.0), 2.0, (-0.02, 0.05)),
        "steep": lambda r: _pose(r, (800.0, 1400.0), (9.5, 12.0), 5.0, (-0.12, 0.03)),
    },
    "sensor": {
        "global": lambda r: _sensor(r, (1.0, 3.0), (1.0, 2.5), 0.0, 0.05),
        "rolling": lambda r: _sensor(r, (2.0, 5.0), (1.5, 3.5), 1.0, 0.1),
        "long_exposure": lambda r: _sensor(r, (5.0, 8.0), (1.0, 3.0), 0.5, 0.1),
        "noisy": lambda r: _sensor(r, (1.0, 4.0), (3.5, 5.0), 0.5, 0.15),
        "jpeg": lambda r: _sensor(r, (2.0, 8.0), (1.5, 4.0), 1.0, 0.15, (60, 95)),
        "isp": lambda r: _sensor(
            r, (1.0, 6.0), (2.0, 5.0), 1.0, 0.1, isp=((8.0, 20.0), (0.5, 1.5))
        ),
    },
    "physics": {
        "felt": lambda r: _physics(r, (3000.0, 3800.0), (0.8, 0.9), (0.65, 0.75), (0.1, 0.2)),
        "card_table": lambda r: _physics(r, (2400.0, 3200.0), (0.85, 0.93), (0.6, 0.8), (0.1, 0.2)),
        "baize_slow": lambda r: _physics(
            r, (3800.0, 5000.0), (0.6, 0.8), (0.5, 0.65), (0.15, 0.25)
        ),
        "slick": lambda r: _physics(r, (2000.0, 2400.0), (0.9, 0.95), (0.75, 0.85), (0.05, 0.1)),
    },
    "hands": {
        "light_bare": lambda r: _hands(r, (0.0, 0.3), None),
        "medium_bare": lambda r: _hands(r, (0.3, 0.6), None),
        "dark_bare": lambda r: _hands(r, (0.6, 1.0), None),
        "sleeved": lambda r: _hands(r, (0.0, 0.6), _BRIGHT_SLEEVES),
        "dark_sleeved": lambda r: _hands(r, (0.7, 1.0), _DARK_SLEEVES),
    },
}

VARIANTS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {family: tuple(_DRAWS[family]) for family in FAMILIES}
)
HELD_BACK: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "coin_art": frozenset({"bold"}),
        "surface": frozenset({"patterned", "dark_cloth"}),
        "light": frozenset({"flicker"}),
        "camera": frozenset({"steep"}),
        "sensor": frozenset({"isp"}),
        "physics": frozenset({"slick"}),
        "hands": frozenset({"dark_sleeved"}),
    }
)


def draw_variation(seed: int, held: str | None = None) -> TableVariation:
    """held=None: every family drawn from its tuning variants only. held="coin_art" (any family
    name): that family drawn from its HELD_BACK variants, every other family from tuning ones.
    Deterministic in (seed, held); each family draws from its own stream, so the families not
    held are the same as with ``held=None``."""
    if held is not None and held not in FAMILIES:
        raise ValueError(f"unknown family {held!r} (one of {', '.join(FAMILIES)})")
    variants: dict[str, str] = {}
    drawn: dict[str, Any] = {}
    for k, family in enumerate(FAMILIES):
        is_held = family == held
        rng = np.random.default_rng([seed, k, int(is_held)])
        names = [v for v in VARIANTS[family] if (v in HELD_BACK[family]) == is_held]
        variants[family] = _pick(rng, names)
        drawn[family] = _DRAWS[family][variants[family]](rng)
    return TableVariation(seed, MappingProxyType(variants), held, **drawn)


def varied_scene(
    seed: int, flicks: int, mode: CameraMode, variation: TableVariation, script: str | None = None
) -> tuple[CroquetScene, CroquetRenderer]:
    """Like vision.lab.croquet_evaluate.random_scene, but the table, pieces, light, camera,
    sensor, physics and hands all as `variation` says. With a ``script``
    (:mod:`vision.sim.croquet_script`), that scene is played instead of a random game
    (``flicks`` is then unused)."""
    layout = default_layout()
    physics = variation.physics
    setup: Mapping[str, tuple[float, float]] = setup_positions(layout)
    play: RandomPlay | tuple[Action, ...] = RandomPlay(
        seed=seed,
        flicks=flicks,
        decel_mm_s2=physics.config.decel_mm_s2,
        max_speed_mm_s=physics.max_speed_mm_s,
    )
    if script is not None:
        setup, play = split_setup(parse_script(script))
    scene = CroquetScene(
        setup,
        play,
        layout,
        fps=mode.fps,
        physics=physics.config,
        timing=variation.hands.timing,
        seed=seed,
    )
    camera = variation.camera.model(mode, layout.table)
    renderer = CroquetRenderer(
        layout, camera, variation.sensor.render_config(), seed=seed, look=variation.look()
    )
    return scene, renderer
