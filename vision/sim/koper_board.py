"""Rendered camera stills of a Koper board, with their ground truth.

The scene is drawn top-down on a "table plane" raster in millimetres (textured table, 64 cells of
63 x 88 mm cards with small gaps, each card turned and shifted a little, draughts checkers with a
rim, a visible side and a shadow), then seen through a pinhole camera up to 15 degrees off
vertical, lit unevenly (vignetting and a gradient), optionally crossed by a hand and arm, blurred,
given sensor noise and JPEG-compressed. Everything random comes from ``seed`` (the scene) and
``frame_seed`` (the sensor noise), so a render is reproducible.

The clean scene is cached (the last few layouts), so a live demo that moves only a hand over the
same board pays for the hand, blur, noise and JPEG only.

>>> from vision.sim.koper_layout import random_layout
>>> cells, checkers = random_layout(seed=1)
>>> shot = render_board(cells, checkers, "anglo", seed=1, size=(1536, 864))
>>> shot.image.shape, shot.truth.cells == cells
((864, 1536, 3), True)
"""

import functools
import math
from dataclasses import dataclass
from typing import Literal, get_args

import cv2
import numpy as np

from vision.cards.designs import CARD_MM
from vision.koper.layout import BOARD_SIZE, Cells, Checker
from vision.sim.composed_decks import card_art

#: Table surfaces: (name, base BGR colour, True for a wood grain).
TABLES: tuple[tuple[str, tuple[int, int, int], bool], ...] = (
    ("dark-wood", (38, 62, 92), True),
    ("oak", (62, 104, 150), True),
    ("green-felt", (52, 112, 42), False),
    ("blue-felt", (112, 70, 32), False),
    ("slate", (72, 70, 68), False),
)
#: Checker sets: (light BGR, dark BGR).
CHECKER_SETS: tuple[tuple[tuple[int, int, int], tuple[int, int, int]], ...] = (
    ((200, 226, 240), (40, 38, 38)),
    ((132, 182, 218), (34, 52, 84)),
    ((50, 52, 205), (36, 36, 36)),
    ((228, 232, 232), (44, 44, 168)),
)
SKIN_BGR = (120, 150, 205)


#: Pieces clubs use (issue 59): draughts 30-40 mm, poker chips 39 mm, coins 16-30 mm.
PieceKind = Literal["draughts", "flat", "chip", "coin"]
PIECE_KINDS: tuple[PieceKind, ...] = get_args(PieceKind)


@dataclass(frozen=True)
class PieceSet:
    """The two sets of pieces a club plays Koper with: what they are (``kind``), how wide
    (``diameter_mm``, for each set: two kinds of coin may differ) and their colours (BGR).

    ``kind`` is "draughts" (a ridged rim and a groove), "flat" (a plain disc), "chip" (a poker
    chip: edge spots round a plain centre) or "coin" (metal: a bright rim and a raised relief).
    """

    kind: PieceKind
    diameter_mm: tuple[float, float]
    light: tuple[int, int, int]
    dark: tuple[int, int, int]


#: Metal colours of coins (BGR): white metals (silver, nickel) and yellow or red ones (brass,
#: copper). Two denominations differ in metal: one of each.
WHITE_METALS: tuple[tuple[int, int, int], ...] = ((196, 198, 200), (160, 164, 166))
COLOURED_METALS: tuple[tuple[int, int, int], ...] = ((92, 172, 204), (70, 110, 184))


def draw_piece_set(seed: int, kind: PieceKind | None = None) -> PieceSet:
    """A piece set drawn from what clubs use, reproducibly from ``seed``: its kind (or the
    given one), size and colours. Coins are two denominations: two metals and two sizes.

    >>> draw_piece_set(3, "coin").kind
    'coin'
    """
    rng = np.random.default_rng(seed)
    kind = PIECE_KINDS[int(rng.integers(len(PIECE_KINDS)))] if kind is None else kind
    if kind == "coin":
        light = WHITE_METALS[int(rng.integers(len(WHITE_METALS)))]
        dark = COLOURED_METALS[int(rng.integers(len(COLOURED_METALS)))]
        sizes = (float(rng.uniform(15.0, 30.0)), float(rng.uniform(15.0, 30.0)))
        return PieceSet(kind, sizes, light, dark)
    light, dark = CHECKER_SETS[int(rng.integers(len(CHECKER_SETS)))]
    size = 39.0 if kind == "chip" else float(rng.uniform(30.0, 45.0))
    return PieceSet(kind, (size, size), light, dark)


@dataclass(frozen=True)
class BoardTruth:
    """What the render shows: the layout, the board's outer grid corners in the image
    (top-left, top-right, bottom-right, bottom-left) and the scene parameters drawn."""

    cells: Cells
    checkers: tuple[Checker, ...]
    corners: tuple[tuple[float, float], ...]
    design: str
    tilt_deg: float
    landscape: bool
    table: str


@dataclass(frozen=True)
class RenderedBoard:
    """A rendered BGR camera still and its ground truth."""

    image: np.ndarray
    truth: BoardTruth


@dataclass(frozen=True)
class _Scene:
    """The cached, lit, noise-free camera view of one layout, and its lighting gain map."""

    image: np.ndarray
    gain: np.ndarray
    truth: BoardTruth


def _camera_homography(
    tilt_deg: float, azimuth: float, size: tuple[int, int], extent_mm: np.ndarray, rng
) -> np.ndarray:
    """Homography from table millimetres (board centre at 0, 0) to image pixels.

    A pinhole camera 1.1 m away looks at the board centre from ``tilt_deg`` off vertical; the image
    is then scaled and shifted so the board fills most of the frame.
    """
    t = math.radians(tilt_deg)
    d = np.array([math.sin(t) * math.cos(azimuth), math.sin(t) * math.sin(azimuth), math.cos(t)])
    centre = -1100.0 * d
    x_axis = np.array([1.0, 0.0, 0.0]) - d[0] * d
    x_axis /= np.linalg.norm(x_axis)
    y_axis = np.cross(d, x_axis)
    rot = np.stack([x_axis, y_axis, d])
    h = np.column_stack([rot[:, 0], rot[:, 1], -rot @ centre])
    pts = cv2.perspectiveTransform(extent_mm.reshape(-1, 1, 2), h).reshape(-1, 2)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    w, hgt = size
    scale = min(0.9 * w / (hi[0] - lo[0]), 0.9 * hgt / (hi[1] - lo[1]))
    spare = np.array([w, hgt]) - scale * (hi - lo)
    offset = spare * rng.uniform(0.3, 0.7, size=2) - scale * lo
    fit = np.array([[scale, 0, offset[0]], [0, scale, offset[1]], [0, 0, 1.0]])
    return fit @ h


def _gauss(shape: tuple[int, ...], sigma: float, dtype, rng) -> np.ndarray:
    """Gaussian noise drawn by OpenCV (much faster than numpy for frame-sized arrays), seeded
    from ``rng`` so renders stay reproducible (OpenCV's generator is per thread)."""
    out = np.empty(shape, dtype)
    cv2.setRNGSeed(int(rng.integers(1 << 31)))
    cv2.randn(out, 0.0, sigma)
    return out


def _table_texture(shape: tuple[int, int], base: tuple[int, int, int], wood: bool, rng):
    """A table surface: low-frequency blotches, a wood grain or felt fuzz, fine noise."""
    hgt, wid = shape
    small = (max(8, wid // 16), max(8, hgt // 16))
    noise = rng.normal(0, 1, (small[1], small[0])).astype(np.float32)
    blotch = cv2.resize(cv2.GaussianBlur(noise, (0, 0), max(1.0, small[0] / 60)), (wid, hgt))
    blotch /= max(1e-6, float(np.abs(blotch).max()))
    shade = 1.0 + 0.12 * blotch
    if wood:
        warp = cv2.resize(rng.normal(0, 1, (max(4, hgt // 40), 6)).astype(np.float32), (wid, hgt))
        ys = np.arange(hgt, dtype=np.float32)[:, None]
        grain = np.sin(ys * (2 * math.pi / max(6.0, hgt / 90)) + 3.0 * warp)
        shade = shade * (1.0 + 0.10 * grain)
    shade += _gauss((hgt, wid), 0.04 if not wood else 0.025, np.float32, rng)
    tex = np.empty((hgt, wid, 3), np.float32)
    for ch in range(3):
        tex[..., ch] = base[ch] * shade
    return np.clip(tex, 0, 255).astype(np.uint8)


def _paste_card(plane: np.ndarray, card: np.ndarray, centre, angle_deg: float, ppm: float):
    """Alpha-composite ``card`` (BGRA) on ``plane`` at ``centre`` (px) turned by ``angle_deg``,
    with a soft contact shadow."""
    ch, cw = card.shape[:2]
    half = 0.5 * math.hypot(cw, ch) + 4 * ppm
    x0, y0 = int(centre[0] - half), int(centre[1] - half)
    x1, y1 = int(centre[0] + half) + 1, int(centre[1] + half) + 1
    x0c, y0c = max(0, x0), max(0, y0)
    x1c, y1c = min(plane.shape[1], x1), min(plane.shape[0], y1)
    if x1c <= x0c or y1c <= y0c:
        return
    m = cv2.getRotationMatrix2D((cw / 2, ch / 2), -angle_deg, 1.0)
    m[:, 2] += (centre[0] - x0c - cw / 2, centre[1] - y0c - ch / 2)
    roi_size = (x1c - x0c, y1c - y0c)
    warped = cv2.warpAffine(card, m, roi_size, flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0, 0))
    alpha = warped[..., 3:4].astype(np.float32) / 255.0
    shadow = cv2.GaussianBlur(alpha, (0, 0), 1.2 * ppm)
    shadow = np.roll(shadow, (round(0.8 * ppm), round(0.8 * ppm)), axis=(0, 1))[..., None]
    roi = plane[y0c:y1c, x0c:x1c].astype(np.float32)
    roi *= 1.0 - 0.35 * shadow
    roi = roi * (1.0 - alpha) + warped[..., :3].astype(np.float32) * alpha
    plane[y0c:y1c, x0c:x1c] = np.clip(roi, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class _Body:
    """How a kind of piece stands on the table: its shadow (offset and blur in mm, size as a
    share of the piece, darkening), its side wall (brightness as a share of the top's) and how
    far its top shows shifted by a slanted camera's parallax (a share of a checker's)."""

    shadow_mm: tuple[float, float]
    shadow_scale: float
    shadow_blur_mm: float
    shadow_dark: float
    side: float
    lean: float


_BODIES: dict[PieceKind, _Body] = {
    "draughts": _Body((2.5, 3.0), 1.02, 2.5, 0.45, 0.55, 1.0),
    "flat": _Body((1.5, 2.0), 1.0, 1.5, 0.4, 0.6, 1.0),
    "chip": _Body((1.5, 2.0), 1.0, 1.5, 0.4, 0.6, 1.0),
    # A coin is a third as thick as a checker: its side barely shows.
    "coin": _Body((1.5, 2.0), 1.0, 1.5, 0.4, 0.6, 0.35),
}


def _draw_piece(plane, centre, radius, colour, parallax, ppm, kind: PieceKind = "draughts") -> None:
    """A piece of ``kind`` (:class:`PieceSet`) seen from above: its shadow, its side wall
    shifted by parallax, and its top: a draughts piece with a darker rim, an engraved ring and
    a soft highlight; a flat disc; a poker chip with six edge spots and a ring; a coin with a
    bright rim and a darker relief."""
    body = _BODIES[kind]
    sh = 4  # fixed-point bits for sub-pixel circles
    k = 1 << sh
    cx, cy = centre
    x0, y0 = int(cx - 2 * radius), int(cy - 2 * radius)
    x1, y1 = int(cx + 2 * radius), int(cy + 2 * radius)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(plane.shape[1], x1), min(plane.shape[0], y1)
    roi = plane[y0:y1, x0:x1]
    sroi = np.zeros(roi.shape[:2], np.float32)
    lx, ly = cx - x0, cy - y0
    cv2.circle(
        sroi,
        (round((lx + body.shadow_mm[0] * ppm) * k), round((ly + body.shadow_mm[1] * ppm) * k)),
        round(radius * body.shadow_scale * k),
        1.0,
        -1,
        cv2.LINE_AA,
        sh,
    )
    sroi = cv2.GaussianBlur(sroi, (0, 0), body.shadow_blur_mm * ppm)[..., None]
    dark = 1 - body.shadow_dark * sroi
    roi[:] = np.clip(roi.astype(np.float32) * dark, 0, 255).astype(np.uint8)
    side = tuple(int(c * body.side) for c in colour)
    px, py = lx + parallax[0] * body.lean, ly + parallax[1] * body.lean
    cv2.circle(roi, (round(px * k), round(py * k)), round(radius * k), side, -1, cv2.LINE_AA, sh)
    ctr = (round(lx * k), round(ly * k))

    def ring(share: float, bgr, width_mm: float) -> None:
        width = max(1, round(width_mm * ppm))
        cv2.circle(roi, ctr, round(radius * share * k), bgr, width, cv2.LINE_AA, sh)

    if kind != "draughts":
        cv2.circle(roi, ctr, round(radius * k), colour, -1, cv2.LINE_AA, sh)
    if kind == "chip":
        spot = tuple(255 - c // 3 for c in colour)
        for n in range(6):
            a = n * math.pi / 3
            q = (lx + 0.85 * radius * math.cos(a), ly + 0.85 * radius * math.sin(a))
            axes = (round(0.1 * radius * k), round(0.16 * radius * k))
            at = (round(q[0] * k), round(q[1] * k))
            cv2.ellipse(roi, at, axes, math.degrees(a), 0, 360, spot, -1, cv2.LINE_AA, sh)
        ring(0.62, tuple(int(c * 0.9) for c in colour), 0.5)
    elif kind == "coin":
        ring(0.9, tuple(min(255, int(c * 1.2)) for c in colour), 0.8)
        ring(0.4, tuple(int(c * 0.78) for c in colour), 0.7)
    elif kind == "draughts":
        rim = tuple(int(c * 0.8) for c in colour)
        cv2.circle(roi, ctr, round(radius * k), rim, -1, cv2.LINE_AA, sh)
        cv2.circle(roi, ctr, round(radius * 0.88 * k), colour, -1, cv2.LINE_AA, sh)
        ring(0.55, tuple(int(c * 0.85) for c in colour), 0.6)
        hl = np.zeros(roi.shape[:2], np.float32)
        cv2.circle(
            hl,
            (round((lx - 0.3 * radius) * k), round((ly - 0.3 * radius) * k)),
            round(radius * 0.35 * k),
            1.0,
            -1,
            cv2.LINE_AA,
            sh,
        )
        hl = cv2.GaussianBlur(hl, (0, 0), 0.3 * radius)[..., None]
        roi[:] = np.clip(roi.astype(np.float32) + 28.0 * hl, 0, 255).astype(np.uint8)


def _gain_map(size: tuple[int, int], rng) -> np.ndarray:
    """Uneven light: vignetting, a linear gradient and a colour cast, as a float32 HxWx3 map."""
    w, h = size
    sw, sh = 96, max(8, round(96 * h / w))
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xn, yn = (xs - sw / 2) / (sw / 2), (ys - sh / 2) / (sh / 2)
    r2 = (xn**2 + (yn * h / w) ** 2) / (1 + (h / w) ** 2)
    vign = 1.0 - rng.uniform(0.15, 0.35) * r2
    ang = rng.uniform(0, 2 * math.pi)
    grad = 1.0 + rng.uniform(0.08, 0.22) * (xn * math.cos(ang) + yn * math.sin(ang))
    base = rng.uniform(0.85, 1.02) * vign * grad
    cast = np.array([rng.uniform(0.88, 1.0), rng.uniform(0.96, 1.0), rng.uniform(0.98, 1.04)])
    small = base[..., None] * cast[None, None, :].astype(np.float32)
    return cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


@functools.lru_cache(maxsize=4)
def _scene(
    cells: Cells,
    checkers: tuple[Checker, ...],
    design: str,
    seed: int,
    size: tuple[int, int],
    tilt_deg: float | None,
    landscape: bool,
    pieces: PieceSet | None = None,
) -> _Scene:
    rng = np.random.default_rng(seed)
    tilt = float(rng.uniform(0, 15)) if tilt_deg is None else float(tilt_deg)
    azimuth = float(rng.uniform(0, 2 * math.pi))
    gap = float(rng.uniform(3.0, 6.0))
    card_w, card_h = CARD_MM
    cell_w, cell_h = (card_h + gap, card_w + gap) if landscape else (card_w + gap, card_h + gap)
    board_rot = math.radians(rng.uniform(-4, 4))
    rot2 = np.array(
        [[math.cos(board_rot), -math.sin(board_rot)], [math.sin(board_rot), math.cos(board_rot)]]
    )

    def board_to_mm(x: float, y: float) -> np.ndarray:
        """Board frame (origin top-left of the grid, mm) to table mm (board centre at 0)."""
        return rot2 @ np.array([x - 4 * cell_w, y - 4 * cell_h])

    grid = np.array([[0, 0], [8 * cell_w, 0], [8 * cell_w, 8 * cell_h], [0, 8 * cell_h]])
    corners_mm = np.array([board_to_mm(*p) for p in grid], np.float32)
    h_img = _camera_homography(tilt, azimuth, size, corners_mm * 1.04, rng)
    jac = np.linalg.norm(
        cv2.perspectiveTransform(np.float32([[[0, 0]], [[1, 0]]]), h_img)[1, 0]
        - cv2.perspectiveTransform(np.float32([[[0, 0]]]), h_img)[0, 0]
    )
    ppm = float(jac) * 1.15
    w, h = size
    img_corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]]).reshape(-1, 1, 2)
    seen = cv2.perspectiveTransform(img_corners, np.linalg.inv(h_img)).reshape(-1, 2)
    lo = seen.min(axis=0) - 10
    hi = seen.max(axis=0) + 10
    plane_w, plane_h = int((hi[0] - lo[0]) * ppm) + 1, int((hi[1] - lo[1]) * ppm) + 1
    table_name, base, wood = TABLES[int(rng.integers(len(TABLES)))]
    plane = _table_texture((plane_h, plane_w), base, wood, rng)

    def mm_to_plane(p: np.ndarray) -> tuple[float, float]:
        return float((p[0] - lo[0]) * ppm), float((p[1] - lo[1]) * ppm)

    cards = card_art(design, max(8, round(card_w * ppm)))
    for r in range(BOARD_SIZE):
        for c in range(BOARD_SIZE):
            cid = cells[r][c]
            jitter = rng.normal(0, 0.8, size=2).clip(-2, 2)
            spin = float(rng.normal(0, 0.8))
            flip = float(rng.integers(2)) * 180.0
            if cid is None:
                continue
            centre = board_to_mm((c + 0.5) * cell_w + jitter[0], (r + 0.5) * cell_h + jitter[1])
            base_angle = (90.0 if landscape else 0.0) + flip
            angle = base_angle + spin + math.degrees(board_rot)
            _paste_card(plane, cards[cid], mm_to_plane(centre), angle, ppm)
    light_col, dark_col = CHECKER_SETS[int(rng.integers(len(CHECKER_SETS)))]
    radius_mm = 0.5 * card_w * float(rng.uniform(0.78, 0.88))
    kind: PieceKind = "draughts"
    radii = {"light": radius_mm, "dark": radius_mm}
    if pieces is not None:
        light_col, dark_col, kind = pieces.light, pieces.dark, pieces.kind
        radii = {"light": pieces.diameter_mm[0] / 2, "dark": pieces.diameter_mm[1] / 2}
    lean = math.tan(math.radians(tilt)) * 7.0
    parallax = (lean * math.cos(azimuth) * ppm, lean * math.sin(azimuth) * ppm)
    for r, c, colour in checkers:
        off = rng.normal(0, 2.5, size=2)
        if rng.random() < 0.2:
            off = rng.uniform(-7, 7, size=2)
        centre = board_to_mm((c + 0.5) * cell_w + off[0], (r + 0.5) * cell_h + off[1])
        bgr = light_col if colour == "light" else dark_col
        tone = float(rng.uniform(0.94, 1.06))
        bgr = tuple(int(min(255, v * tone)) for v in bgr)
        _draw_piece(plane, mm_to_plane(centre), radii[colour] * ppm, bgr, parallax, ppm, kind)
    to_plane = np.array([[ppm, 0, -lo[0] * ppm], [0, ppm, -lo[1] * ppm], [0, 0, 1.0]])
    h_total = h_img @ np.linalg.inv(to_plane)
    view = cv2.warpPerspective(plane, h_total, size, flags=cv2.INTER_LINEAR)
    gain = _gain_map(size, rng)
    lit = np.clip(view.astype(np.float32) * gain, 0, 255).astype(np.uint8)
    img_pts = cv2.perspectiveTransform(corners_mm.reshape(-1, 1, 2), h_img).reshape(-1, 2)
    truth = BoardTruth(
        cells=cells,
        checkers=checkers,
        corners=tuple((float(x), float(y)) for x, y in img_pts),
        design=design,
        tilt_deg=tilt,
        landscape=landscape,
        table=table_name,
    )
    lit.setflags(write=False)
    gain.setflags(write=False)
    return _Scene(lit, gain, truth)


def _draw_hand(image: np.ndarray, gain: np.ndarray, tip: tuple[float, float], rng) -> None:
    """Draw an arm reaching from the nearer long edge to ``tip`` (fractions of width, height),
    with fingers, soft edges and a shadow, lit by ``gain``."""
    h, w = image.shape[:2]
    s = 4 if w > 2000 else 2
    sw, shh = w // s, h // s
    tx, ty = tip[0] * sw, tip[1] * shh
    from_bottom = tip[1] >= 0.5
    base = (tx + rng.uniform(-0.15, 0.15) * sw, shh * 1.2 if from_bottom else -0.2 * shh)
    width = 0.09 * shh
    mask = np.zeros((shh, sw), np.float32)
    direction = np.array([tx - base[0], ty - base[1]])
    direction /= max(1e-6, float(np.linalg.norm(direction)))
    palm = (tx - direction[0] * 1.3 * width, ty - direction[1] * 1.3 * width)
    cv2.line(mask, (int(base[0]), int(base[1])), (int(palm[0]), int(palm[1])), 1.0, int(width))
    cv2.circle(mask, (int(palm[0]), int(palm[1])), int(width * 0.9), 1.0, -1)
    normal = np.array([-direction[1], direction[0]])
    for k in range(-2, 3):
        start = np.array(palm) + normal * k * 0.3 * width
        end = start + direction * width * (1.5 - 0.15 * abs(k))
        cv2.line(
            mask, tuple(int(v) for v in start), tuple(int(v) for v in end), 1.0, int(width * 0.22)
        )
    mask = cv2.GaussianBlur(mask, (0, 0), 1.0)
    shadow = np.roll(cv2.GaussianBlur(mask, (0, 0), 6.0), (12, 10), axis=(0, 1))
    shading = (0.85 + 0.15 * rng.random((max(2, shh // 20), max(2, sw // 20)))).astype(np.float32)
    ys, xs = np.nonzero((mask > 0.004) | (shadow > 0.004))
    if ys.size == 0:
        return
    # only the hand's bounding box is composited at full resolution
    x0, x1 = int(xs.min()) * s, min(w, (int(xs.max()) + 1) * s)
    y0, y1 = int(ys.min()) * s, min(h, (int(ys.max()) + 1) * s)
    full = (w, h)
    crop = (slice(y0, y1), slice(x0, x1))
    mask = cv2.resize(mask, full)[crop][..., None]
    shadow = cv2.resize(shadow, full)[crop][..., None]
    shade = cv2.resize(shading, full)[crop][..., None]
    skin = np.array(SKIN_BGR, np.float32)[None, None, :] * shade * gain[crop]
    out = image[crop].astype(np.float32) * (1 - 0.5 * shadow)
    out = out * (1 - mask) + skin * mask
    image[crop] = np.clip(out, 0, 255).astype(np.uint8)


def render_board(
    cells,
    checkers,
    design: str,
    *,
    seed: int,
    size: tuple[int, int] = (4608, 2592),
    tilt_deg: float | None = None,
    landscape: bool = True,
    hand: tuple[float, float] | None = None,
    frame_seed: int | None = None,
    blur_sigma: float | None = None,
    noise_sigma: float | None = None,
    jpeg_quality: int | None = None,
    pieces: PieceSet | None = None,
) -> RenderedBoard:
    """Render a camera still of the board ``cells`` / ``checkers`` in card ``design``: an
    installed design or a composed deck (:mod:`vision.sim.composed_decks`).

    ``seed`` fixes the scene (table, camera tilt and direction, card jitter, checker set, light);
    ``tilt_deg`` overrides the tilt (0 to 15 degrees is the supported range). With ``landscape``
    the board's long side runs along the image's width, so cards lie sideways, as a 16:9 camera
    above a board placed lengthways between the players sees it. ``hand`` puts a fingertip at
    (x, y) as fractions of the image. ``frame_seed`` (default ``seed``) fixes blur, noise and
    JPEG, which may also be given: ``blur_sigma`` in pixels of a 1536-wide frame, ``noise_sigma``
    in grey levels, ``jpeg_quality`` 0-100 (0 skips compression). ``pieces`` sets what the
    checkers are (:func:`draw_piece_set`); by default large draughts pieces of a colour pair
    drawn from ``seed``.
    """
    cells_t: Cells = tuple(tuple(row) for row in cells)
    if len(cells_t) != BOARD_SIZE or any(len(row) != BOARD_SIZE for row in cells_t):
        raise ValueError("cells must be 8 rows of 8 entries")
    checkers_t = tuple((int(r), int(c), str(k)) for r, c, k in checkers)
    scene = _scene(cells_t, checkers_t, design, seed, tuple(size), tilt_deg, landscape, pieces)
    rng = np.random.default_rng(seed if frame_seed is None else frame_seed)
    image = scene.image.copy()
    if hand is not None:
        _draw_hand(image, scene.gain, hand, rng)
    scale = size[0] / 1536.0
    sigma = float(rng.uniform(0.5, 1.1)) if blur_sigma is None else blur_sigma
    if sigma > 0:
        image = cv2.GaussianBlur(image, (0, 0), sigma * scale)
    noise = float(rng.uniform(2.0, 5.0)) if noise_sigma is None else noise_sigma
    if noise > 0:
        image = cv2.add(image, _gauss(image.shape, noise, np.int16, rng), dtype=cv2.CV_8U)
    quality = int(rng.integers(75, 93)) if jpeg_quality is None else jpeg_quality
    if quality > 0:
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            image = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return RenderedBoard(image, scene.truth)
