"""How piecepack pieces and the table look, drawn as vector shapes at any scale.

FACTS (piecepack anatomy; piecepackr defaults): suit colours Suns #D55E00, Moons #000000, Crowns
#009E73, Arms #56B4E9 (piecepackr's colour-blind-safe set); a tile's back is a 2 x 2 grid of small
black crosses; its face has the value in the centre and a small suit symbol at the top left, in
the suit colour (an ace is the suit symbol); a coin shows its suit in colour on one side and its
value in black on the other, with a small direction mark near the edge on both.

Shapes are polygons in a unit box (x right, y down, the symbol within radius 1 of the centre), so
the same outline fills a coin sprite, a tile face in the table texture or a printed sheet.

>>> sprite = coin_sprite("suns-knight", 2.0)
>>> sprite.rgba.shape[2], round(float(sprite.rgba[..., 3].max()), 2), round(sprite.ppm, 1)
(4, 1.0, 2.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np

from engines.croquetnole.layout import COIN_MM
from engines.croquetnole.names import coin_owner, coin_role

#: BGR suit colours (FACTS: piecepackr's colour-blind-safe defaults).
SUIT_BGR: dict[str, tuple[int, int, int]] = {
    "suns": (0, 94, 213),
    "moons": (0, 0, 0),
    "crowns": (115, 158, 0),
    "arms": (233, 180, 86),
}
#: A guard's value per castle (RULINGS: Moons guard Ace, Suns 2, Crowns 3, Arms 4).
GUARD_VALUE: dict[str, str] = {"moons": "A", "suns": "2", "crowns": "3", "arms": "4"}
PIECE_BGR = (238, 243, 246)
INK_BGR = (20, 20, 20)
COIN_SIDE_BGR = (150, 164, 172)
#: Sub-pixel bits for OpenCV's drawing functions.
SHIFT = 4

BGR = tuple[int, int, int]
Polygons = list[np.ndarray]


@dataclass(frozen=True)
class CoinArt:
    """How one piecepack edition's pieces look (the geometry, COIN_MM and TILE_MM, never
    changes). The defaults are the edition FACTS describes: off-white faces, suit symbols in
    piecepackr's colours, values in black (Hershey duplex), a direction mark.

    ``tinted``: the whole coin face in its suit colour, symbols and values in ``ink_bgr`` or, on
    a dark face, ``light_ink_bgr``. ``shapes`` names the suit symbols' outlines (a key of
    :data:`SUIT_STYLES`); ``symbol_scale`` is a symbol's radius per coin radius; ``font``,
    ``numeral_scale`` and ``numeral_weight`` set the values' numerals (a Hershey font, its size
    and stroke relative to the default); ``ace_letter`` prints an ace guard as "A" instead of
    its suit symbol; ``mark`` draws the direction mark."""

    face_bgr: BGR = PIECE_BGR
    rim_bgr: BGR = (214, 222, 226)
    side_bgr: BGR = COIN_SIDE_BGR
    ink_bgr: BGR = INK_BGR
    light_ink_bgr: BGR = (236, 238, 238)
    suit_bgr: Mapping[str, BGR] = field(default_factory=lambda: dict(SUIT_BGR))
    tinted: bool = False
    shapes: str = "classic"
    symbol_scale: float = 0.58
    font: int = cv2.FONT_HERSHEY_DUPLEX
    numeral_scale: float = 1.0
    numeral_weight: float = 1.0
    ace_letter: bool = False
    mark: bool = True

    def face(self, suit: str) -> tuple[BGR, BGR]:
        """A coin face's colour and the ink printed on it, for a coin of ``suit``."""
        if not self.tinted:
            return self.face_bgr, self.ink_bgr
        face = self.suit_bgr[suit]
        luma = 0.114 * face[0] + 0.587 * face[1] + 0.299 * face[2]
        return face, self.ink_bgr if luma > 120 else self.light_ink_bgr


DEFAULT_ART = CoinArt()


@dataclass(frozen=True, eq=False)
class Sprite:
    """A small top-down picture: premultiplied BGRA float32 in [0, 1], square with an odd side,
    the piece centred on the middle pixel, at ``ppm`` pixels per mm."""

    rgba: np.ndarray
    ppm: float


def _circle(cx: float, cy: float, r: float, n: int = 48) -> np.ndarray:
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.column_stack([cx + r * np.cos(a), cy + r * np.sin(a)])


def _sun(rays: int = 8, core: float = 0.55, spread: float = 0.28) -> Polygons:
    """A disc of radius ``core`` with ``rays`` pointed rays, each ``2 * spread`` rad wide."""
    out = []
    for k in range(rays):
        a = k * 2 * math.pi / rays
        tip = (0.95 * math.cos(a), 0.95 * math.sin(a))
        side = [(0.45 * math.cos(a + s), 0.45 * math.sin(a + s)) for s in (-spread, spread)]
        out.append(np.array([side[0], tip, side[1]]))
    return [_circle(0, 0, core), *out]


def _moon(r2: float = 0.72, c2: tuple[float, float] = (0.38, -0.22)) -> Polygons:
    """A crescent: the disc of radius 0.85 less the disc of radius ``r2`` at ``c2``."""
    outer, inner, c2 = 0.85, 0.0, np.array(c2)
    a = np.linspace(0, 2 * math.pi, 96, endpoint=False)
    ring = np.column_stack([np.cos(a), np.sin(a)])
    p1 = ring * outer + inner
    keep1 = np.hypot(*(p1 - c2).T) > r2
    p2 = ring * r2 + c2
    keep2 = np.hypot(*p2.T) < outer
    # The outer arc runs where it clears the inner disc; start it just after the gap.
    start = int(np.argmax(~keep1[:-1] & keep1[1:])) + 1
    arc1 = np.roll(p1, -start, axis=0)[np.roll(keep1, -start)]
    start2 = int(np.argmax(~keep2[:-1] & keep2[1:])) + 1
    arc2 = np.roll(p2, -start2, axis=0)[np.roll(keep2, -start2)]
    return [np.vstack([arc1, arc2[::-1]])]


def _crown() -> Polygons:
    return [
        np.array(
            [
                (-0.8, 0.55),
                (0.8, 0.55),
                (0.8, 0.0),
                (0.95, -0.6),
                (0.45, -0.1),
                (0.0, -0.8),
                (-0.45, -0.1),
                (-0.95, -0.6),
                (-0.8, 0.0),
            ]
        )
    ]


def _arms() -> Polygons:
    """A fleur-de-lis: a tall centre petal, two curled side petals, a band and a foot."""
    centre = np.array([(0.0, -0.95), (0.22, -0.55), (0.18, 0.1), (-0.18, 0.1), (-0.22, -0.55)])
    parts = [centre]
    for s in (-1, 1):
        a = np.linspace(0, 2 * math.pi, 24, endpoint=False)
        petal = np.column_stack([0.2 * np.cos(a), 0.42 * np.sin(a)])
        rot = math.radians(35 * s)
        rm = np.array([[math.cos(rot), -math.sin(rot)], [math.sin(rot), math.cos(rot)]])
        parts.append(petal @ rm.T + (0.5 * s, -0.2))
    parts.append(np.array([(-0.75, 0.1), (0.75, 0.1), (0.75, 0.3), (-0.75, 0.3)]))
    parts.append(np.array([(-0.12, 0.3), (0.12, 0.3), (0.35, 0.9), (-0.35, 0.9)]))
    return parts


def _coronet() -> Polygons:
    """A plainer crown: a band with three points, each tipped with a ball."""
    band = [(-0.8, 0.6), (0.8, 0.6), (0.8, -0.45), (0.4, 0.05), (0.0, -0.6), (-0.4, 0.05)]
    balls = [_circle(x, y, 0.14, 16) for x, y in ((-0.8, -0.6), (0.0, -0.75), (0.8, -0.6))]
    return [np.array([*band, (-0.8, -0.45)]), *balls]


def _shield() -> Polygons:
    """Arms as a heater shield (flat top, sides curving to a point)."""
    a = np.linspace(0, math.pi / 2, 12)
    right = np.column_stack([0.75 * np.cos(a), 0.1 + 0.85 * np.sin(a)])
    left = right[::-1] * (-1, 1)
    return [np.vstack([[(-0.75, -0.8), (0.75, -0.8)], right, left[1:]])]


def _star() -> Polygons:
    """Suns as a twelve-rayed star with thin rays."""
    return _sun(rays=12, core=0.5, spread=0.16)


def _thin_moon() -> Polygons:
    return _moon(r2=0.78, c2=(0.3, -0.28))


SUIT_SHAPES: dict[str, Callable[[], Polygons]] = {
    "suns": _sun,
    "moons": _moon,
    "crowns": _crown,
    "arms": _arms,
}
#: Outlines of the suit symbols by edition style: "classic" (piecepackr-like) and "geometric".
SUIT_STYLES: dict[str, dict[str, Callable[[], Polygons]]] = {
    "classic": SUIT_SHAPES,
    "geometric": {"suns": _star, "moons": _thin_moon, "crowns": _coronet, "arms": _shield},
}


def fill_shape(
    canvas: np.ndarray,
    polys: Polygons,
    to_px: Callable[[np.ndarray], np.ndarray],
    colour: tuple[float, ...],
) -> None:
    """Fill each polygon (mapped to pixel coordinates by ``to_px``) on ``canvas``, anti-aliased
    and with sub-pixel vertices."""
    for poly in polys:
        pts = np.round(to_px(np.asarray(poly, float)) * (1 << SHIFT)).astype(np.int32)
        cv2.fillPoly(canvas, [pts], colour, cv2.LINE_AA, SHIFT)


def box_coverage(
    size: tuple[int, int], boxes: Iterable[tuple[float, float, float, float]]
) -> np.ndarray:
    """The share (0-1, float32) of each pixel of an image of ``size`` (rows, columns) that the
    axis-aligned ``boxes`` (x0, y0, x1, y1 in pixels, pixel centres at whole numbers; boxes
    must not overlap) cover, exactly. :func:`fill_shape` at a texture's two texels per camera
    pixel grows a shape by some 0.7 texel and moves its edges by sub-texel steps, which put the
    simulated table's markers' detected corners 0.27 px (sd) from their true places.

    >>> box_coverage((1, 3), [(0.25, -0.5, 1.5, 0.5)]).round(2).tolist()
    [[0.25, 1.0, 0.0]]
    """
    rows, cols = size
    out = np.zeros(size, np.float32)
    xs, ys = np.arange(cols, dtype=np.float32), np.arange(rows, dtype=np.float32)
    for x0, y0, x1, y1 in boxes:
        cx = np.clip(np.minimum(x1, xs + 0.5) - np.maximum(x0, xs - 0.5), 0.0, 1.0)
        cy = np.clip(np.minimum(y1, ys + 0.5) - np.maximum(y0, ys - 0.5), 0.0, 1.0)
        out += np.outer(cy, cx)
    return np.minimum(out, 1.0)


def suit_symbol(
    canvas: np.ndarray,
    suit: str,
    centre: tuple[float, float],
    radius: float,
    colour: tuple[float, ...],
    angle_deg: float = 0.0,
    style: str = "classic",
) -> None:
    """Draw a suit symbol of ``radius`` px centred at ``centre`` (px), turned by ``angle_deg``,
    in the outline ``style`` (a key of :data:`SUIT_STYLES`)."""
    a = math.radians(angle_deg)
    rm = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]) * radius
    fill_shape(canvas, SUIT_STYLES[style][suit](), lambda p: p @ rm.T + centre, colour)


def _direction_mark(canvas: np.ndarray, c: float, ppm: float, colour: tuple[int, ...]) -> None:
    r = COIN_MM / 2 * ppm
    tri = np.array([(0.0, -0.92), (0.09, -0.78), (-0.09, -0.78)]) * r + c
    fill_shape(canvas, [tri], lambda p: p, colour)


def coin_sprite(
    coin: str, ppm: float, master_ppm: float = 16.0, art: CoinArt = DEFAULT_ART
) -> Sprite:
    """The coin's top face seen from above at about ``ppm`` px/mm, as edition ``art`` prints it.
    Knights lie suit side up (the symbol in colour, or in ink on a tinted face), guards value
    side up (the numeral, or the ace's suit symbol, in ink)."""
    castle, role = coin_owner(coin), coin_role(coin)
    size = math.ceil(COIN_MM * master_ppm) + 4
    size += size % 2 == 0
    c = (size - 1) / 2
    r = COIN_MM / 2 * master_ppm
    paper, ink = art.face(castle)
    rim = art.rim_bgr if not art.tinted else tuple(round(0.85 * v) for v in paper)
    face = np.zeros((size, size, 3), np.uint8)
    cv2.circle(face, (round(c * 16), round(c * 16)), round(r * 16), rim, -1, cv2.LINE_AA, 4)
    cv2.circle(
        face,
        (round(c * 16), round(c * 16)),
        round((r - 0.5 * master_ppm) * 16),
        paper,
        -1,
        cv2.LINE_AA,
        4,
    )
    symbol = (c, c), art.symbol_scale * r
    colour = ink if art.tinted else art.suit_bgr[castle]
    if role == "knight":
        suit_symbol(face, castle, *symbol, colour, style=art.shapes)
    elif GUARD_VALUE[castle] == "A" and not art.ace_letter:
        suit_symbol(face, castle, *symbol, ink, style=art.shapes)
    else:
        text = GUARD_VALUE[castle]
        scale = r / 22.0 * art.numeral_scale
        weight = max(1, round(r / 9 * art.numeral_weight))
        (tw, th), _ = cv2.getTextSize(text, art.font, scale, weight)
        cv2.putText(
            face,
            text,
            (round(c - tw / 2), round(c + th / 2)),
            art.font,
            scale,
            ink,
            weight,
            cv2.LINE_AA,
        )
    if art.mark:
        _direction_mark(face, c, master_ppm, colour if role == "knight" else ink)
    alpha = np.zeros((size, size), np.uint8)
    cv2.circle(alpha, (round(c * 16), round(c * 16)), round(r * 16), 255, -1, cv2.LINE_AA, 4)
    return _premultiplied(face, alpha, master_ppm, ppm)


def disc_sprite(
    ppm: float, colour: tuple[int, int, int], blur_mm: float = 0.0, opacity: float = 1.0
) -> Sprite:
    """A plain coin-sized disc: a coin's side, or with ``blur_mm`` its soft shadow."""
    master_ppm = 16.0
    size = math.ceil((COIN_MM + 6 * blur_mm) * master_ppm) + 4
    size += size % 2 == 0
    c = (size - 1) / 2
    alpha = np.zeros((size, size), np.uint8)
    cv2.circle(
        alpha,
        (round(c * 16), round(c * 16)),
        round(COIN_MM / 2 * master_ppm * 16),
        255,
        -1,
        cv2.LINE_AA,
        4,
    )
    if blur_mm:
        alpha = cv2.GaussianBlur(alpha, (0, 0), blur_mm * master_ppm)
    face = np.full((size, size, 3), colour, np.uint8)
    sprite = _premultiplied(face, alpha, master_ppm, ppm)
    return Sprite(sprite.rgba * np.float32(opacity), sprite.ppm)


def _premultiplied(face: np.ndarray, alpha: np.ndarray, master_ppm: float, ppm: float) -> Sprite:
    """Shrink a master drawing to about ``ppm`` with an area filter (odd size, so the centre
    pixel stays the centre) and premultiply it."""
    size = face.shape[0]
    out = max(3, round(size * ppm / master_ppm) | 1)
    rgba = np.dstack([face, alpha]).astype(np.float32) / 255.0
    rgba[..., :3] *= rgba[..., 3:4]
    small = cv2.resize(rgba, (out, out), interpolation=cv2.INTER_AREA)
    return Sprite(small, master_ppm * out / size)


def tile_back(
    canvas: np.ndarray, to_px: Callable[[np.ndarray], np.ndarray], art: CoinArt = DEFAULT_ART
) -> None:
    """A tile's back: the blank tile and a 2 x 2 grid of small black crosses (``to_px`` maps tile
    mm, centre at 0, to canvas px), in edition ``art``'s paper and ink."""
    h = 25.4
    fill_shape(canvas, [np.array([(-h, -h), (h, -h), (h, h), (-h, h)])], to_px, art.face_bgr)
    arm, w = 3.2, 0.45
    crosses = []
    for cx in (-h / 2, h / 2):
        for cy in (-h / 2, h / 2):
            crosses.append(
                np.array(
                    [(cx - arm, cy - w), (cx + arm, cy - w), (cx + arm, cy + w), (cx - arm, cy + w)]
                )
            )
            crosses.append(
                np.array(
                    [(cx - w, cy - arm), (cx + w, cy - arm), (cx + w, cy + arm), (cx - w, cy + arm)]
                )
            )
    fill_shape(canvas, crosses, to_px, art.ink_bgr)


def tile_ace(
    canvas: np.ndarray,
    suit: str,
    to_px: Callable[[np.ndarray], np.ndarray],
    art: CoinArt = DEFAULT_ART,
) -> None:
    """A tile's face showing the Ace of ``suit``: the suit symbol large in the centre and small at
    the top left, in the suit colour (edition ``art``'s paper, colours and outlines)."""
    h = 25.4
    fill_shape(canvas, [np.array([(-h, -h), (h, -h), (h, h), (-h, h)])], to_px, art.face_bgr)
    shape = SUIT_STYLES[art.shapes][suit]()
    colour = art.suit_bgr[suit]
    fill_shape(canvas, [p * 13.0 for p in shape], to_px, colour)
    fill_shape(canvas, [p * 3.6 + (-19.0, -19.0) for p in shape], to_px, colour)
