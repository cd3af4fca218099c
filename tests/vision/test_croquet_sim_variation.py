"""The virtual table's real-world variation: seeded draws per family, held-back variants kept out
of tuning, every variant reaching the pixels or the physics, the defaults untouched."""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engines.croquetnole.layout import default_layout
from vision.sim.croquet_art import coin_sprite
from vision.sim.croquet_camera import CameraMode, CameraModel
from vision.sim.croquet_looks import SURFACES, LightLook, SensorLook, TableLook
from vision.sim.croquet_physics import CoinTable
from vision.sim.croquet_render import CroquetRenderer, FrameTruth, RenderConfig
from vision.sim.croquet_scene import CroquetScene, HandPose, hand_parts
from vision.sim.croquet_variation import (
    _DRAWS,
    FAMILIES,
    HELD_BACK,
    VARIANTS,
    TableVariation,
    draw_variation,
    varied_scene,
)
from vision.sim.croquet_video import write_video

TINY = CameraMode(320, 180, 120.0)
ALL = [(family, variant) for family in FAMILIES for variant in VARIANTS[family]]


def with_variant(family: str, variant: str, seed: int = 1) -> TableVariation:
    """The seed's tuning draw with ``family`` drawn from ``variant``."""
    v = draw_variation(seed)
    drawn = _DRAWS[family][variant](np.random.default_rng(seed))
    return replace(v, **{family: drawn}, variants={**v.variants, family: variant})


@functools.lru_cache(maxsize=64)
def first_frame(family: str, variant: str) -> tuple[np.ndarray, FrameTruth, CroquetRenderer]:
    scene, renderer = varied_scene(1, 1, TINY, with_variant(family, variant))
    image, truth = next(renderer.frames(scene))
    return image, truth, renderer


def table_colour(family: str, variant: str) -> np.ndarray:
    """The median colour of the table between the tiles (the square around its centre's left)."""
    image, _, r = first_frame(family, variant)
    u, v = r.camera.project(np.array([[160.0, 160.0]]))[0]
    patch = image[round(v) - 6 : round(v) + 6, round(u) - 6 : round(u) + 6]
    return np.median(patch.reshape(-1, 3), axis=0)


def test_the_contract_families_variants_and_held_back() -> None:
    assert FAMILIES == ("coin_art", "surface", "light", "camera", "sensor", "physics", "hands")
    for family in FAMILIES:
        assert len(VARIANTS[family]) >= 3
        assert HELD_BACK[family], family
        assert HELD_BACK[family] < set(VARIANTS[family])
    assert "bold" in HELD_BACK["coin_art"]


def test_draw_variation_is_deterministic_and_honours_held() -> None:
    for seed in range(12):
        tuning = draw_variation(seed)
        assert tuning.to_json() == draw_variation(seed).to_json()
        assert all(tuning.variants[f] not in HELD_BACK[f] for f in FAMILIES)
        for held in FAMILIES:
            v = draw_variation(seed, held)
            assert v.to_json() == draw_variation(seed, held).to_json()
            for family in FAMILIES:
                assert (v.variants[family] in HELD_BACK[family]) == (family == held)
                if family != held:
                    assert getattr(v, family) == getattr(tuning, family)
    seen = {f: {draw_variation(s).variants[f] for s in range(40)} for f in FAMILIES}
    assert all(seen[f] == set(VARIANTS[f]) - HELD_BACK[f] for f in FAMILIES)
    with pytest.raises(ValueError, match="family"):
        draw_variation(0, "weather")


def test_a_variant_is_a_distribution_not_one_value() -> None:
    for family, variant in ALL:
        a = _DRAWS[family][variant](np.random.default_rng(1))
        b = _DRAWS[family][variant](np.random.default_rng(2))
        assert a != b, (family, variant)


def test_to_json_is_plain_json() -> None:
    v = draw_variation(3, "hands")
    text = json.dumps(v.to_json())
    back = json.loads(text)
    assert back["variants"] == dict(v.variants) and back["held"] == "hands"
    assert set(FAMILIES) <= set(back)


@pytest.mark.parametrize(("family", "variant"), ALL)
def test_every_variant_renders_with_the_coins_in_sight(family: str, variant: str) -> None:
    image, truth, _ = first_frame(family, variant)
    assert image.shape == (180, 320, 3) and image.dtype == np.uint8
    assert len(truth.coins) == 8
    assert all(c.visible and c.px is not None for c in truth.coins.values())


def test_surfaces_differ_visibly() -> None:
    colours = {v: table_colour("surface", v) for v in VARIANTS["surface"]}
    names = list(colours)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert np.abs(colours[a] - colours[b]).max() > 12, (a, b)
    assert colours["dark_cloth"].max() < 50


def test_light_levels_and_colours_differ() -> None:
    dim = table_colour("light", "dim_warm")
    day = table_colour("light", "daylight")
    assert dim.sum() < 0.85 * day.sum()
    assert dim[2] / dim[0] > day[2] / day[0]  # tungsten is redder than daylight


def test_coin_editions_print_differently() -> None:
    sprites = {
        v: coin_sprite("suns-guard", 4.0, art=_DRAWS["coin_art"][v](np.random.default_rng(0)))
        for v in VARIANTS["coin_art"]
    }
    names = list(sprites)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = np.abs(sprites[a].rgba - sprites[b].rgba)[..., :3].mean()
            assert diff > 0.01, (a, b)
    # The bold edition's numerals carry far more ink than the classic ones.
    ink = {
        v: int(((s.rgba[..., :3].mean(axis=2) < 0.3) & (s.rgba[..., 3] > 0.95)).sum())
        for v, s in sprites.items()
    }
    assert ink["bold"] > 1.4 * ink["classic"]


def test_physics_variant_changes_how_far_a_flick_slides() -> None:
    def slide(variant: str) -> float:
        physics = with_variant("physics", variant).physics
        table = CoinTable(default_layout(), ("moons-knight",), physics.config)
        table.place("moons-knight", (100.0, 60.0))
        table.flick("moons-knight", (1500.0, 0.0))
        table.advance(3.0)
        return table.position("moons-knight")[0] - 100.0

    assert slide("slick") > 1.3 * slide("baize_slow")
    v = with_variant("physics", "baize_slow")
    scene, _ = varied_scene(1, 1, TINY, v)
    assert scene.physics == v.physics.config
    assert scene.play.decel_mm_s2 == v.physics.config.decel_mm_s2  # type: ignore[attr-defined]


def test_camera_and_sensor_draws_reach_the_renderer() -> None:
    _, _, steep = first_frame("camera", "steep")
    _, _, overhead = first_frame("camera", "overhead")
    tilt = [np.degrees(np.arccos(np.array(r.camera.rotation)[2, 2])) for r in (steep, overhead)]
    assert tilt[0] > 9.0 > 4.0 > tilt[1]
    _, _, jpeg = first_frame("sensor", "jpeg")
    assert 60 <= jpeg.look.sensor.jpeg_quality <= 95
    _, _, isp = first_frame("sensor", "isp")
    sensor = isp.look.sensor
    assert 8 <= sensor.denoise <= 20 and sensor.chroma_420 and 0.5 <= sensor.sharpen <= 1.5


def test_hands_scale_and_sleeves() -> None:
    pose = HandPose((400.0, 400.0), (0.0, 1.0), 40.0)
    small = hand_parts(replace(pose, scale=0.8))[0]
    large = hand_parts(replace(pose, scale=1.2))[0]
    assert np.ptp(large[:, 0]) == pytest.approx(1.5 * np.ptp(small[:, 0]))
    v = with_variant("hands", "dark_sleeved")
    assert v.hands.look.sleeve_bgr is not None and max(v.hands.look.skin_bgr) < 130
    # tuning sees dark skin too, bare: only the dark sleeve with it is held back
    bare = with_variant("hands", "dark_bare")
    assert "dark_bare" not in HELD_BACK["hands"]
    assert bare.hands.look.sleeve_bgr is None and max(bare.hands.look.skin_bgr) < 150
    cam = CameraModel.over_table(TINY)
    look = TableLook(hands=replace(v.hands.look, sleeve_bgr=(0, 0, 255)))
    r = CroquetRenderer(default_layout(), cam, RenderConfig(noise_sd=0.0), look=look)
    scene = CroquetScene.from_script("place suns-knight at 430 430\nhand rests near 430 700 1 s")
    image = max(
        (img for img, t in r.frames(scene) if t.hands),
        key=lambda img: int((img[..., 2] > 200).sum()),
    )
    red = (image[..., 2] > 150) & (image[..., 1] < 60) & (image[..., 0] < 60)
    assert red.sum() > 20


def test_flicker_bands_a_rolling_shutter_frame_and_jpeg_changes_pixels() -> None:
    look = TableLook(light=LightLook(flicker=0.08, flicker_hz=100.0))
    img = np.full((120, 8, 3), 150, np.uint8)
    look.shade_frame(img, 0.0, 0.001, 0.008)
    rows = img[:, 0, 0].astype(int)
    assert rows.max() - rows.min() >= 10
    steady = np.full((120, 8, 3), 150, np.uint8)
    TableLook().shade_frame(steady, 0.0, 0.001, 0.008)
    assert (steady == 150).all()
    noisy = np.random.default_rng(0).integers(0, 255, (64, 64, 3)).astype(np.uint8)
    copy = noisy.copy()
    TableLook(sensor=SensorLook(jpeg_quality=60)).compress(copy)
    assert not np.array_equal(copy, noisy)


def test_the_processor_smooths_flat_noise_and_rings_at_an_edge() -> None:
    """Denoise flattens noise on a flat cloth; sharpening overshoots either side of an edge;
    4:2:0 colour blurs a colour edge over two pixels."""
    rng = np.random.default_rng(1)
    flat = np.clip(120 + rng.normal(0, 4, (64, 64, 3)), 0, 255).astype(np.uint8)
    smooth = flat.copy()
    TableLook(sensor=SensorLook(denoise=15.0)).develop(smooth)
    assert smooth.astype(float).std() < 0.7 * flat.astype(float).std()
    edge = np.full((16, 32, 3), 60, np.uint8)
    edge[:, 16:] = 180
    ringing = edge.copy()
    TableLook(sensor=SensorLook(sharpen=1.0)).develop(ringing)
    assert ringing[:, 14, 0].max() < 60 < 180 < ringing[:, 17, 0].min()
    colour = np.zeros((16, 32, 3), np.uint8)
    colour[:, 17:, 2] = 200
    TableLook(sensor=SensorLook(chroma_420=True)).develop(colour)
    assert 0 < colour[8, 16, 2] < 200 and 0 < colour[8, 17, 2] < 200


def test_a_default_look_renders_as_no_look() -> None:
    cam = CameraModel.over_table(TINY)
    scene_a = CroquetScene.from_script("place arms-guard at 300 300")
    scene_b = CroquetScene.from_script("place arms-guard at 300 300")
    plain = CroquetRenderer(default_layout(), cam, seed=2)
    felt = CroquetRenderer(default_layout(), cam, seed=2, look=TableLook(surface=SURFACES["felt"]))
    a, _ = next(plain.frames(scene_a))
    b, _ = next(felt.frames(scene_b))
    assert np.array_equal(a, b)


def test_a_varied_scene_writes_its_draw_into_the_truth_file(tmp_path: Path) -> None:
    v = draw_variation(5, held="surface")
    scene, r = varied_scene(5, 0, TINY, v)
    info = write_video(
        scene,
        tmp_path / "clip.avi",
        mode=TINY,
        config=r.config,
        seed=5,
        camera=r.camera,
        look=r.look,
        variation=v.to_json(),
    )
    truth = json.loads(info.truth.read_text())
    assert truth["variation"]["variants"]["surface"] in HELD_BACK["surface"]
    assert truth["camera"] == r.camera.to_json()
