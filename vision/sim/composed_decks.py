"""Decks composed from the machine's fonts and drawn pips: card art no design sheet holds.

Issue 59 asks for variety beyond gnome-cards-data: a club's deck may print its index in the top
right, use four suit colours, jumbo indices, a cream or patterned face. A composed deck is one
*style* (:class:`DeckStyle`) drawn from a seeded generator over wide ranges, and its 52 French
cards drawn procedurally from it: the index glyphs from an installed font (weight, condensing
and stroke varied, ranks always A 2-10 J Q K so the card ids hold), the pips as polygons of
varied proportions, number cards with the standard double-ended pip arrangements, a large
(sometimes ornate) ace, and courts as framed double-ended pictures of simple shapes.

A style is named ``composed-N``; the name alone fixes the deck (given the same installed
fonts), so a board rendered in it is reproducible. Simulator only: the runtime never imports
this module, and :func:`vision.cards.designs.list_designs` still lists installed designs only.
:func:`card_art` gives the simulator the art of any design, installed or composed.

>>> cards = composed_cards("composed-3", 63)
>>> len(cards), cards["QH"].shape
(52, (88, 63, 4))
"""

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.cards.designs import CARD_MM, card_images
from vision.cards.ids import CARD_IDS

#: Composed deck names are this prefix and a whole number (its seed), written plainly.
COMPOSED_PREFIX = "composed-"
#: Where the index fonts come from: every TrueType or OpenType file under it.
FONT_DIR = Path("/usr/share/fonts")
#: Mixed into every style's seed so composed decks draw apart from other seeded parts of the
#: simulator that take the same small numbers.
_SALT = 59_0001
#: How many times wider than the requested card the art is drawn, before it is shrunk with
#: area averaging: Pillow's polygons and text have hard edges, and the shrink smooths them.
_SUPERSAMPLE = 2
#: The smallest width (px) art is drawn at, so a small card still gets clean shapes.
_MIN_DRAW_WIDTH = 400

RGB = tuple[int, int, int]
#: The two columns of four pips that the nine and the ten share.
_FOUR_ROWS = tuple((x, y) for x in (0.0, 1.0) for y in (0.0, 1 / 3, 2 / 3, 1.0))
#: Standard pip positions of the number cards, in a pip box (x: 0 left column, 0.5 middle, 1
#: right; y: 0 top row, 1 bottom row). Pips below the middle are printed turned.
PIP_LAYOUTS: Mapping[str, tuple[tuple[float, float], ...]] = {
    "2": ((0.5, 0), (0.5, 1)),
    "3": ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    "4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "5": ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    "6": ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    "7": ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    "8": ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    "9": (*_FOUR_ROWS, (0.5, 0.5)),
    "T": (*_FOUR_ROWS, (0.5, 1 / 6), (0.5, 5 / 6)),
}
#: Ink colours (RGB) the styles vary around: red and black, and the two four-colour schemes
#: decks print (poker: blue diamonds, green clubs; the other: orange diamonds, blue clubs).
_RED, _BLACK = (200, 24, 32), (20, 20, 24)
FOUR_COLOUR_SCHEMES: tuple[Mapping[str, RGB], ...] = (
    {"S": _BLACK, "H": _RED, "D": (24, 70, 200), "C": (20, 130, 50)},
    {"S": _BLACK, "H": _RED, "D": (235, 130, 20), "C": (24, 70, 200)},
)
#: Colours court pictures are painted in (RGB): the red, blue, yellow, black and green of
#: printed courts.
COURT_COLOURS: tuple[RGB, ...] = (
    (196, 30, 40),
    (30, 60, 160),
    (236, 190, 40),
    (24, 24, 28),
    (30, 120, 60),
)
SKIN: RGB = (246, 214, 180)


@dataclass(frozen=True)
class PipShapes:
    """Proportions of the four suit pips: width over height of the heart, diamond and spade;
    the diamond's side exponent (1 straight, below 1 concave); the stem width as a share of
    the pip's width (spade and club); the club's lobe radius as a share of its height."""

    heart_width: float
    diamond_width: float
    diamond_sides: float
    spade_width: float
    stem: float
    club_lobe: float


@dataclass(frozen=True)
class DeckStyle:
    """Everything that makes a composed deck look as it does (lengths in millimetres, colours
    RGB as Pillow draws them). ``index_right`` prints the index top-right and bottom-left
    (else top-left and bottom-right); ``suit_beside`` puts the index's suit beside the rank
    (else under it); ``pattern`` is "plain", "lines", "dots" or "paper" texture on the face;
    ``border_mm`` insets a border line (None: no border)."""

    name: str
    font: str
    stroke: float
    condense: float
    index_mm: float
    index_margin_mm: tuple[float, float]
    index_right: bool
    suit_beside: bool
    suit_share: float
    inks: Mapping[str, RGB]
    pips: PipShapes
    pip_mm: float
    pip_top_mm: float
    ace_mm: float
    ornate_ace: bool
    face: RGB
    pattern: str
    pattern_depth: float
    border_mm: float | None
    border_ink: RGB
    corner_mm: float
    court_colours: tuple[RGB, ...]
    court_letter: bool
    court_split_diagonal: bool


def is_composed(design: str) -> bool:
    """Whether ``design`` names a composed deck: ``composed-`` and a plain whole number.

    >>> is_composed("composed-12"), is_composed("composed-012"), is_composed("anglo")
    (True, False, False)
    """
    number = design.removeprefix(COMPOSED_PREFIX)
    return design.startswith(COMPOSED_PREFIX) and number.isdigit() and str(int(number)) == number


def composed_names(count: int) -> tuple[str, ...]:
    """The first ``count`` composed deck names: ``composed-0`` on."""
    return tuple(f"{COMPOSED_PREFIX}{n}" for n in range(count))


@functools.cache
def index_fonts() -> tuple[str, ...]:
    """The installed font files the index glyphs are drawn from, sorted so a seed always picks
    the same one; empty when none is installed (Pillow's own font is used then)."""
    found = [p for p in FONT_DIR.rglob("*") if p.suffix.lower() in (".ttf", ".otf")]
    return tuple(sorted(str(p) for p in found))


def _vary(rng: np.random.Generator, colour: RGB, spread: float) -> RGB:
    """``colour`` moved by up to ``spread`` levels per channel (inks differ between printers)."""
    r, g, b = (
        int(v) for v in np.clip(np.asarray(colour) + rng.uniform(-spread, spread, 3), 0, 255)
    )
    return (r, g, b)


def draw_style(design: str) -> DeckStyle:
    """The style named ``design`` (``composed-N``), drawn from seed N over the ranges of
    printed decks; raises ValueError for any other name."""
    if not is_composed(design):
        raise ValueError(f"not a composed deck name: {design!r}")
    rng = np.random.default_rng([_SALT, int(design.removeprefix(COMPOSED_PREFIX))])
    fonts = index_fonts()
    font = fonts[int(rng.integers(len(fonts)))] if fonts else ""
    jumbo = rng.random() < 0.3
    four_colour = rng.random() < 0.35
    if four_colour:
        base = FOUR_COLOUR_SCHEMES[int(rng.integers(len(FOUR_COLOUR_SCHEMES)))]
    else:
        base = {"S": _BLACK, "C": _BLACK, "H": _RED, "D": _RED}
    inks = {suit: _vary(rng, colour, 30) for suit, colour in base.items()}
    if not four_colour and rng.random() < 0.5:  # clubs and spades, hearts and diamonds alike
        inks["C"], inks["D"] = inks["S"], inks["H"]
    face_kind = rng.choice(["white", "cream", "tint", "pattern"], p=[0.4, 0.2, 0.15, 0.25])
    face = {
        "white": _vary(rng, (250, 250, 248), 5),
        "cream": _vary(rng, (244, 236, 214), 8),
        "tint": _vary(rng, (232, 238, 240), 14),
        "pattern": _vary(rng, (246, 244, 238), 8),
    }[str(face_kind)]
    border = rng.random() < 0.55
    court_order = rng.permutation(len(COURT_COLOURS))
    return DeckStyle(
        name=design,
        font=font,
        stroke=float(rng.choice([0.0, 0.0, 0.03, 0.06])),
        condense=float(rng.uniform(0.7, 1.05)),
        index_mm=float(rng.uniform(11.0, 15.0) if jumbo else rng.uniform(5.5, 8.5)),
        index_margin_mm=(float(rng.uniform(1.8, 3.5)), float(rng.uniform(2.0, 4.0))),
        index_right=bool(rng.random() < 0.3),
        suit_beside=bool(not jumbo and rng.random() < 0.25),
        suit_share=float(rng.uniform(0.55, 0.85)),
        inks=inks,
        pips=PipShapes(
            heart_width=float(rng.uniform(0.9, 1.2)),
            diamond_width=float(rng.uniform(0.62, 0.85)),
            diamond_sides=float(rng.uniform(0.75, 1.0)),
            spade_width=float(rng.uniform(0.85, 1.1)),
            stem=float(rng.uniform(0.12, 0.3)),
            club_lobe=float(rng.uniform(0.26, 0.32)),
        ),
        pip_mm=float(rng.uniform(9.0, 15.0)),
        pip_top_mm=float(rng.uniform(5.0, 10.0)),
        ace_mm=float(rng.uniform(18.0, 38.0)),
        ornate_ace=bool(rng.random() < 0.4),
        face=face,
        pattern=str(rng.choice(["lines", "dots", "paper"])) if face_kind == "pattern" else "plain",
        pattern_depth=float(rng.uniform(6.0, 18.0)),
        border_mm=float(rng.uniform(1.2, 3.0)) if border else None,
        border_ink=_vary(rng, inks["S"] if rng.random() < 0.6 else (120, 120, 130), 20),
        corner_mm=float(rng.uniform(2.5, 4.5)),
        court_colours=tuple(_vary(rng, COURT_COLOURS[i], 25) for i in court_order[:4]),
        court_letter=bool(rng.random() < 0.6),
        court_split_diagonal=bool(rng.random() < 0.5),
    )


def _circle(cx: float, cy: float, r: float, points: int = 40) -> np.ndarray:
    """A circle as a polygon (every pip part is a polygon, so pips turn and scale alike)."""
    t = np.linspace(0, 2 * math.pi, points, endpoint=False)
    return np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)


def _heart(width: float) -> np.ndarray:
    """The classic heart curve, point down, ``width`` times as wide as high (unnormalised)."""
    t = np.linspace(0, 2 * math.pi, 80, endpoint=False)
    x = 16 * np.sin(t) ** 3
    y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
    return np.stack([x * width * 29 / 32, y], axis=1)


def _stem(width: float, top: float, bottom: float) -> np.ndarray:
    """A stem flaring from ``width`` wide at ``top`` to twice that at ``bottom``."""
    return np.array(
        [[-width / 2, top], [width / 2, top], [width, bottom], [-width, bottom]], np.float64
    )


def suit_polygons(suit: str, shapes: PipShapes) -> tuple[np.ndarray, ...]:
    """The pip of ``suit`` as polygons, upright, centred on its bounding box and 1 high."""
    if suit == "H":
        parts: tuple[np.ndarray, ...] = (_heart(shapes.heart_width),)
    elif suit == "D":
        t = np.linspace(0, 2 * math.pi, 80, endpoint=False)
        c, s = np.cos(t), np.sin(t)
        power = 2 / shapes.diamond_sides
        x = shapes.diamond_width * np.sign(c) * np.abs(c) ** power
        parts = (np.stack([x, np.sign(s) * np.abs(s) ** power], axis=1),)
    elif suit == "S":
        blade = _heart(shapes.spade_width) * np.array([1.0, -1.0])  # the heart, point up
        bottom = float(blade[:, 1].max())
        stem_w = shapes.stem * float(np.ptp(blade[:, 0]))
        parts = (blade, _stem(stem_w, bottom - 6, bottom + 9))
    elif suit == "C":
        r = shapes.club_lobe
        parts = (
            _circle(0, -0.5 + r, r),
            _circle(-0.92 * r, 0.05 + 0.3 * r, r),
            _circle(0.92 * r, 0.05 + 0.3 * r, r),
            _stem(shapes.stem * 2.2 * r, 0.0, 0.5),
        )
    else:
        raise ValueError(f"not a suit: {suit!r}")
    every = np.concatenate(parts)
    lo, hi = every.min(axis=0), every.max(axis=0)
    return tuple((p - (lo + hi) / 2) / (hi[1] - lo[1]) for p in parts)


def _draw_pip(
    draw: ImageDraw.ImageDraw,
    parts: Sequence[np.ndarray],
    centre: tuple[float, float],
    height: float,
    turned: bool,
    ink: RGB,
) -> None:
    """Fill the pip ``parts`` ``height`` px high at ``centre``, turned half round if asked."""
    sign = -1.0 if turned else 1.0
    for part in parts:
        pts = part * (sign * height) + np.asarray(centre)
        draw.polygon([(float(x), float(y)) for x, y in pts], fill=ink)


def _pip_width(parts: Sequence[np.ndarray]) -> float:
    """Width of a 1-high pip."""
    return float(np.ptp(np.concatenate(parts)[:, 0]))


def _index_font(style: DeckStyle, cap_px: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The style's index font at the size whose capitals are ``cap_px`` high."""
    if not style.font:
        return ImageFont.load_default(size=max(4.0, cap_px * 1.4))
    probe = ImageFont.truetype(style.font, 100)
    _, top, _, bottom = probe.getbbox("K")
    return ImageFont.truetype(style.font, max(4, round(100 * cap_px / max(1, bottom - top))))


def _rank_glyph(style: DeckStyle, rank: str, cap_px: float, ink: RGB) -> Image.Image:
    """The rank as the style prints it, ``cap_px`` high, cropped to its ink and condensed:
    an RGBA image. Ten is spelled "10", the others A 2-9 J Q K, whatever the font."""
    text = "10" if rank == "T" else rank
    font = _index_font(style, cap_px)
    stroke = round(style.stroke * cap_px)
    left, top, right, bottom = font.getbbox(text, stroke_width=stroke)
    glyph = Image.new("RGBA", (int(right - left) + 2, int(bottom - top) + 2), (*ink, 0))
    ImageDraw.Draw(glyph).text(
        (1 - left, 1 - top), text, font=font, fill=(*ink, 255), stroke_width=stroke
    )
    glyph = glyph.crop(glyph.getbbox() or (0, 0, 1, 1))
    height = max(1, round(cap_px))
    width = max(1, round(glyph.width * height / glyph.height * style.condense))
    return glyph.resize((width, height), Image.Resampling.LANCZOS)


def _index_block(style: DeckStyle, rank: str, suit: str, ppmm: float) -> Image.Image:
    """One index: the rank with its suit pip under or beside it, RGBA on transparent."""
    ink = style.inks[suit]
    glyph = _rank_glyph(style, rank, style.index_mm * ppmm, ink)
    parts = suit_polygons(suit, style.pips)
    pip_h = style.suit_share * glyph.height * (0.8 if style.suit_beside else 1.0)
    pip_w = _pip_width(parts) * pip_h
    gap = 0.18 * glyph.height
    if style.suit_beside:
        size = (round(glyph.width + gap + pip_w) + 2, glyph.height)
        glyph_at = (0, 0)
        pip_at = (glyph.width + gap + pip_w / 2, glyph.height / 2)
    else:
        size = (round(max(glyph.width, pip_w)) + 2, round(glyph.height + gap + pip_h) + 2)
        glyph_at = (round((size[0] - glyph.width) / 2), 0)
        pip_at = (size[0] / 2, glyph.height + gap + pip_h / 2)
    block = Image.new("RGBA", size, (*ink, 0))
    block.alpha_composite(glyph, glyph_at)
    _draw_pip(ImageDraw.Draw(block), parts, pip_at, pip_h, False, ink)
    return block


def _face(style: DeckStyle, size: tuple[int, int], ppmm: float) -> Image.Image:
    """The blank card, opaque: face colour, its light texture and the border line."""
    w, h = size
    face = np.empty((h, w, 3), np.float32)
    face[:] = style.face
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) / ppmm
    depth = style.pattern_depth
    if style.pattern == "lines":
        face -= depth * (np.sin((xs + ys) * (2 * math.pi / 1.6)) > 0.6)[..., None]
    elif style.pattern == "dots":
        dots = (np.mod(xs, 2.2) - 1.1) ** 2 + (np.mod(ys, 2.2) - 1.1) ** 2 < 0.3**2
        face -= depth * dots[..., None]
    elif style.pattern == "paper":
        rng = np.random.default_rng([_SALT, w, h])
        noise = rng.normal(0, 1, (max(2, h // 8), max(2, w // 8))).astype(np.float32)
        face += 0.5 * depth * cv2.resize(noise, (w, h), interpolation=cv2.INTER_CUBIC)[..., None]
    image = Image.fromarray(np.clip(face, 0, 255).astype(np.uint8), "RGB").convert("RGBA")
    if style.border_mm is not None:
        inset = style.border_mm * ppmm
        ImageDraw.Draw(image).rounded_rectangle(
            (inset, inset, w - 1 - inset, h - 1 - inset),
            radius=max(1.0, (style.corner_mm - style.border_mm * 0.5) * ppmm),
            outline=style.border_ink,
            width=max(1, round(0.3 * ppmm)),
        )
    return image


def _corners(style: DeckStyle, size: tuple[int, int], ppmm: float) -> Image.Image:
    """The card's outline with rounded corners, as an alpha mask (outside transparent)."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, size[0] - 1, size[1] - 1), radius=style.corner_mm * ppmm, fill=255
    )
    return mask


def _number_pips(
    draw: ImageDraw.ImageDraw,
    style: DeckStyle,
    rank: str,
    suit: str,
    box: tuple[float, float, float, float],
    ppmm: float,
) -> None:
    """The standard arrangement of ``rank``'s pips in ``box`` (left, top, right, bottom px),
    the lower half's turned, all ranks' pips alike in size: small enough for four rows, and for
    a middle column between two others (five, seven to ten) without touching."""
    parts = suit_polygons(suit, style.pips)
    left, top, right, bottom = box
    ratio = _pip_width(parts)
    pip_h = min(style.pip_mm * ppmm, (bottom - top) / 4.2, (right - left) / (3.2 * ratio))
    x0, x1 = left + ratio * pip_h / 2, right - ratio * pip_h / 2
    y0, y1 = top + pip_h / 2, bottom - pip_h / 2
    for fx, fy in PIP_LAYOUTS[rank]:
        centre = (x0 + fx * (x1 - x0), y0 + fy * (y1 - y0))
        _draw_pip(draw, parts, centre, pip_h, fy > 0.5, style.inks[suit])


def _ace(
    draw: ImageDraw.ImageDraw, style: DeckStyle, suit: str, size: tuple[int, int], ppmm: float
) -> None:
    """One large pip in the middle; an ornate ace rings it with an outline and a circle."""
    parts = suit_polygons(suit, style.pips)
    centre = (size[0] / 2, size[1] / 2)
    height = min(style.ace_mm * ppmm, 0.6 * size[0] / _pip_width(parts))
    ink = style.inks[suit]
    if style.ornate_ace:
        r = 0.8 * height
        draw.ellipse(
            (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r),
            outline=ink,
            width=max(1, round(0.4 * ppmm)),
        )
        _draw_pip(draw, parts, centre, 1.22 * height, False, ink)
        _draw_pip(draw, parts, centre, 1.12 * height, False, style.face)
    _draw_pip(draw, parts, centre, height, False, ink)


def _court_half(
    style: DeckStyle, rank: str, suit: str, size: tuple[int, int], ppmm: float
) -> Image.Image:
    """The upper half of a court picture (the lower half is it turned): a figure whose
    headgear and attribute tell the rank (king: pointed crown and sword, queen: round crown and
    flower, jack: cap and spear), dressed in the style's colours taken in a rank's own order,
    the suit pip top right and, in some styles, the big rank letter top left."""
    w, h = size
    order = {"J": 0, "Q": 1, "K": 2}[rank]
    colours = style.court_colours[order:] + style.court_colours[:order]
    half = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(half)
    cx, head_y, head_r = 0.5 * w, 0.45 * h, 0.14 * w
    line = max(1, round(0.8 * ppmm))
    shoulders = head_y + head_r
    robe = [(cx - 0.18 * w, shoulders), (cx + 0.18 * w, shoulders)]
    draw.polygon([*robe, (cx + 0.4 * w, h), (cx - 0.4 * w, h)], fill=colours[0])
    for k in range(1, 4):
        y = shoulders + k * (h - shoulders) / 4
        draw.line((cx - 0.36 * w, y, cx + 0.36 * w, y), fill=colours[1], width=line)
    draw.ellipse((cx - head_r, head_y - head_r, cx + head_r, head_y + head_r), fill=SKIN)
    eye = 0.09 * head_r
    for side in (-1, 1):
        ex = cx + side * 0.4 * head_r
        draw.ellipse((ex - eye, head_y - 2 * eye, ex + eye, head_y), fill=_BLACK)
    brim = head_y - 0.7 * head_r
    tool_x = 0.2 * w
    if rank == "K":
        tips = np.linspace(-1.1, 1.1, 5)
        teeth = [
            (cx + f * head_r, brim - (0.9 - 0.6 * (i % 2)) * head_r) for i, f in enumerate(tips)
        ]
        draw.polygon(
            [(cx - 1.1 * head_r, brim), *teeth, (cx + 1.1 * head_r, brim)], fill=colours[2]
        )
        draw.line((tool_x, 0.35 * h, tool_x, h), fill=colours[3], width=round(1.5 * line))
        draw.line(
            (tool_x - 0.06 * w, 0.5 * h, tool_x + 0.06 * w, 0.5 * h), fill=colours[3], width=line
        )
    elif rank == "Q":
        draw.rectangle((cx - head_r, brim - 0.45 * head_r, cx + head_r, brim), fill=colours[2])
        bead = 0.25 * head_r
        for f in (-0.7, 0.0, 0.7):
            bx, by = cx + f * head_r, brim - 0.6 * head_r
            draw.ellipse((bx - bead, by - bead, bx + bead, by + bead), fill=colours[2])
        petal, fy = 0.045 * w, 0.72 * h
        for a in np.linspace(0, 2 * math.pi, 6, endpoint=False):
            px, py = tool_x + 1.2 * petal * math.cos(a), fy + 1.2 * petal * math.sin(a)
            draw.ellipse((px - petal, py - petal, px + petal, py + petal), fill=colours[3])
        draw.line((tool_x, fy, tool_x, h), fill=colours[1], width=line)
    else:
        draw.ellipse(
            (cx - 1.3 * head_r, brim - 0.6 * head_r, cx + 1.3 * head_r, brim + 0.3 * head_r),
            fill=colours[2],
        )
        draw.line((tool_x, 0.38 * h, tool_x, h), fill=colours[3], width=line)
        spear = [(tool_x, 0.3 * h), (tool_x - 0.05 * w, 0.42 * h), (tool_x + 0.05 * w, 0.42 * h)]
        draw.polygon(spear, fill=colours[3])
    parts = suit_polygons(suit, style.pips)
    _draw_pip(draw, parts, (0.82 * w, 0.16 * h), 0.16 * h, False, style.inks[suit])
    if style.court_letter:
        glyph = _rank_glyph(style, rank, 0.2 * h, style.inks[suit])
        half.alpha_composite(glyph, (round(0.06 * w), round(0.06 * h)))
    return half


def _court(
    image: Image.Image,
    style: DeckStyle,
    rank: str,
    suit: str,
    box: tuple[float, float, float, float],
    ppmm: float,
) -> None:
    """The framed, double-ended court picture in ``box`` (left, top, right, bottom px): a
    light ground, the figure's half and the same turned, a dividing line (across, or corner to
    corner), the frame line."""
    left, top, right, bottom = (round(v) for v in box)
    w, h = right - left, bottom - top
    ground = tuple(
        int(0.85 * f + 0.15 * c) for f, c in zip(style.face, style.court_colours[2], strict=True)
    )
    draw = ImageDraw.Draw(image)
    draw.rectangle((left, top, right, bottom), fill=ground)
    half = _court_half(style, rank, suit, (w, h // 2), ppmm)
    image.alpha_composite(half, (left, top))
    image.alpha_composite(half.rotate(180), (left, bottom - half.height))
    line = max(1, round(0.35 * ppmm))
    ink = style.border_ink
    if style.court_split_diagonal:
        draw.line((left, bottom, right, top), fill=ink, width=line)
    else:
        draw.line((left, top + h / 2, right, top + h / 2), fill=ink, width=line)
    draw.rectangle((left, top, right, bottom), outline=ink, width=line)


def _index_strip(style: DeckStyle, ppmm: float) -> float:
    """How far in from a long edge (px) the widest index reaches, and a millimetre more: the
    pips and court frames keep clear of it, as printed cards keep their indices free."""
    widest = max(_index_block(style, "T", suit, ppmm).width for suit in style.inks)
    return style.index_margin_mm[0] * ppmm + widest + ppmm


def _card(
    style: DeckStyle, card: str, face: Image.Image, mask: Image.Image, strip: float, ppmm: float
) -> np.ndarray:
    """One card drawn on a copy of ``face``, as a BGRA array: its body (pips, ace or court)
    between the index strips (``strip`` px each, narrowed where it would leave too little
    room), then the index in its two opposite corners."""
    rank, suit = card[0], card[1]
    image = face.copy()
    w, h = image.size
    draw = ImageDraw.Draw(image)
    top = style.pip_top_mm * ppmm
    if rank in PIP_LAYOUTS:
        strip = min(strip, 0.36 * w)
        _number_pips(draw, style, rank, suit, (strip, top, w - strip, h - top), ppmm)
    elif rank == "A":
        _ace(draw, style, suit, (w, h), ppmm)
    else:
        strip = min(strip, 0.2 * w)
        _court(image, style, rank, suit, (strip, top, w - strip, h - top), ppmm)
    block = _index_block(style, rank, suit, ppmm)
    mx, my = (round(v * ppmm) for v in style.index_margin_mm)
    x = w - mx - block.width if style.index_right else mx
    image.alpha_composite(block, (x, my))
    image.alpha_composite(block.rotate(180), (w - x - block.width, h - my - block.height))
    image.putalpha(mask)
    return cv2.cvtColor(np.asarray(image), cv2.COLOR_RGBA2BGRA)


@functools.lru_cache(maxsize=4)
def composed_cards(design: str, width_px: int) -> dict[str, np.ndarray]:
    """Every card of the composed deck ``design`` as BGRA, ``width_px`` wide with the 63 x 88
    mm aspect, keyed by card id: the form :func:`vision.cards.designs.card_images` gives. The
    arrays are read-only and shared between callers (cached)."""
    style = draw_style(design)
    height_px = round(width_px * CARD_MM[1] / CARD_MM[0])
    draw_w = max(_SUPERSAMPLE * width_px, _MIN_DRAW_WIDTH)
    size = (draw_w, round(draw_w * CARD_MM[1] / CARD_MM[0]))
    ppmm = draw_w / CARD_MM[0]
    face, mask = _face(style, size, ppmm), _corners(style, size, ppmm)
    strip = _index_strip(style, ppmm)
    cards: dict[str, np.ndarray] = {}
    for card in CARD_IDS:
        art = _card(style, card, face, mask, strip, ppmm)
        small = cv2.resize(art, (width_px, height_px), interpolation=cv2.INTER_AREA)
        small.setflags(write=False)
        cards[card] = small
    return cards


def card_art(design: str, width_px: int) -> Mapping[str, np.ndarray]:
    """The art of any deck the simulator renders: a composed deck's (:func:`is_composed`) or
    an installed design's sheet cut into cards, in the same form."""
    return (
        composed_cards(design, width_px) if is_composed(design) else card_images(design, width_px)
    )
