"""Reading the castles off the table at set-up: the tiles, which make gates, doors and towers, and
whose castle each is.

The set-up frame is rectified onto the plane of a tile's top (1 px per mm) with the calibration.
Tiles are the large white squares there (coins are too small to survive an opening by most of a
tile's width; the markers' paper is skipped by where the profile puts it), each then placed again
on a finer view of its own top (:func:`refine_tile`). A tile whose middle shows a symbol is a
tower (RULINGS: two tiles stacked, the knight suit's Ace face up), and the symbol's colour names
its castle (FACTS: Suns red, Crowns green, Arms blue, Moons black); the others lie face down (a
back's crosses keep clear of the middle).

Each castle's door is the pair of face-down tiles about a tile-width apart whose gap faces its
tower nearest to it; its gate is the pair whose gap lies next along the line from the tower
through the door, about as far again (RULINGS: neighbours may share gate tiles). The result is
the DESIGN LAYOUT; :func:`layout_offsets` compares two layouts feature by feature, so the players
(or a test) can see how far a read layout is from the one expected.
"""

from __future__ import annotations

import itertools
import math

import cv2
import numpy as np

from engines.croquetnole.layout import TILE_MM, CastleTiles, Layout, Point, Tile
from engines.croquetnole.names import CASTLES, feature
from vision.croquet.calibrate import Calibration
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.suits import suit_of
from vision.errors import VisionError
from vision.markers import TableProfile


def table_size(profile: TableProfile) -> Point:
    """The table's size (mm) when its markers sit equally far in from its edges."""
    xs = [p[0] for p in profile.markers.values()]
    ys = [p[1] for p in profile.markers.values()]
    return (max(xs) + min(xs), max(ys) + min(ys))


def rectify(
    image: np.ndarray,
    cal: Calibration,
    table: Point,
    height_mm: float,
    px_per_mm: float = 1.0,
    origin: Point = (0.0, 0.0),
) -> np.ndarray:
    """The table (or the part of it ``table`` mm wide and high from ``origin``) as seen straight
    down on the plane ``height_mm`` above it (``px_per_mm``)."""
    w, h = round(table[0] * px_per_mm), round(table[1] * px_per_mm)
    xs, ys = np.meshgrid(
        origin[0] + (np.arange(w) + 0.5) / px_per_mm, origin[1] + (np.arange(h) + 0.5) / px_per_mm
    )
    px = cal.to_image(np.column_stack([xs.ravel(), ys.ravel()]), height_mm)
    maps = px.reshape(h, w, 2).astype(np.float32)
    return cv2.remap(
        image,
        maps[..., 0],
        maps[..., 1],
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=0,
    )


def find_tiles(
    top: np.ndarray, profile: TableProfile, config: CroquetVisionConfig = DEFAULT_CONFIG
) -> list[tuple[Tile, str | None]]:
    """Tiles in a rectified view at 1 px per mm: each with the suit of its face-up Ace (a tower)
    or None (face down)."""
    lo = top.min(axis=2)
    chroma = top.max(axis=2) - lo
    level = float(np.percentile(lo, 99.5))
    white = (lo >= config.face_fraction * level) & (chroma <= config.face_max_chroma)
    mask = white.astype(np.uint8) * 255
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(mask, contours, -1, 255, -1)
    k = int(TILE_MM * 0.7)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    tiles: list[tuple[Tile, str | None]] = []
    area = TILE_MM * TILE_MM
    for i in range(1, n):
        if not config.min_tile_share * area <= stats[i, cv2.CC_STAT_AREA] <= 1.6 * area:
            continue
        pts = np.column_stack(np.nonzero(labels == i)[::-1]).astype(np.float32)
        (cx, cy), _, angle = cv2.minAreaRect(pts)
        cx, cy = cx + 0.5, cy + 0.5
        if any(math.hypot(cx - x, cy - y) < profile.marker_mm for x, y in profile.markers.values()):
            continue
        angle = (angle + 45.0) % 90.0 - 45.0
        tiles.append(
            (
                Tile((round(cx, 2), round(cy, 2)), round(angle, 2)),
                _ace(top, (cx, cy), angle, config),
            )
        )
    return tiles


def refine_tile(
    image: np.ndarray, cal: Calibration, tile: Tile, config: CroquetVisionConfig = DEFAULT_CONFIG
) -> Tile:
    """``tile``, found on the view at 1 px per mm, placed again on a view of it alone, straight
    down on its own top (a tower's two tiles up) at ``tile_refine_px_per_mm``: its centre is the
    centroid of its top's outline (symbols filled in), cut where the level has risen
    ``tile_level`` of the way from the felt's to the top's. Seen off the camera's nadir, a tile
    shows its grey side between its top and the felt on the side toward the nadir; cut lower
    (as the whole table is, at ``face_fraction`` of the brightest top), the softer step there
    was crossed farther out, and the tiles were read some 0.3 mm toward the nadir (towers up to
    0.45 mm), a coin resting 0.6 mm from a tower taken for touching it. The tile as found if no
    outline of at least ``min_tile_share`` of a tile holds the place it was found at."""
    k = config.tile_refine_px_per_mm
    half = 0.75 * TILE_MM
    origin = (tile.center[0] - half, tile.center[1] - half)
    top = rectify(image, cal, (2 * half, 2 * half), config.tile_height_mm * tile.stack, k, origin)
    lo = top.min(axis=2).astype(np.float32)
    felt, white = np.percentile(lo, 5), np.percentile(lo, 97)
    mask = (lo > felt + config.tile_level * (white - felt)).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    held = [c for c in contours if cv2.pointPolygonTest(c, (half * k, half * k), False) > 0]
    if not held:
        return tile
    m = cv2.moments(max(held, key=cv2.contourArea).astype(np.float32) + 0.5)
    if m["m00"] < config.min_tile_share * (TILE_MM * k) ** 2:
        return tile
    x, y = origin[0] + m["m10"] / m["m00"] / k, origin[1] + m["m01"] / m["m00"] / k
    return Tile((round(x, 2), round(y, 2)), tile.angle_deg, tile.stack)


def _ace(top: np.ndarray, centre: Point, angle: float, config: CroquetVisionConfig) -> str | None:
    """The suit shown in a tile's middle (a face-up Ace), or None for a back."""
    rot = cv2.getRotationMatrix2D(centre, angle, 1.0)
    rot[:, 2] += np.array([8.0, 8.0]) - np.array(centre)
    middle = cv2.warpAffine(top, rot, (16, 16), flags=cv2.INTER_LINEAR)
    lo = middle.min(axis=2)
    chroma = middle.max(axis=2) - lo
    level = float(lo.max())
    symbol = (lo < config.face_fraction * level) | (chroma > config.face_max_chroma)
    if symbol.mean() < config.ace_ink_share:
        return None
    return suit_of(middle[symbol], config) or "moons"


def _pairs(tiles: list[Tile]) -> list[tuple[int, int]]:
    """Tiles about one tile-width apart (a gap a coin can pass): gate or door candidates."""
    out = []
    for i, j in itertools.combinations(range(len(tiles)), 2):
        d = math.dist(tiles[i].center, tiles[j].center)
        if 1.4 * TILE_MM <= d <= 2.8 * TILE_MM:
            out.append((i, j))
    return out


def _aligned(tiles: list[Tile], pair: tuple[int, int], toward: np.ndarray) -> float:
    """How far (mm) the pair's gap sits off the line through its middle toward ``toward``:
    the distance of ``toward`` from the gap's axis (the normal to the pair at its middle)."""
    a, b = (np.array(tiles[k].center) for k in pair)
    along = (b - a) / np.linalg.norm(b - a)
    return abs(float((toward - (a + b) / 2) @ along))


def read_layout(
    image: np.ndarray,
    cal: Calibration,
    table: Point,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    profile: TableProfile | None = None,
) -> Layout:
    """The LAYOUT of the tiles in a set-up frame (see the module doc); VisionError when no castle
    can be made of them."""
    found = find_tiles(
        rectify(image, cal, table, config.tile_height_mm), profile or TableProfile(), config
    )
    towers: dict[str, int] = {}
    tiles: list[Tile] = []
    for tile, suit in sorted(found, key=lambda f: (round(f[0].center[1] / 10), f[0].center[0])):
        if suit is not None:
            if suit in towers:
                raise VisionError(f"layout: two towers show the {suit} Ace")
            centre = _on_plane(cal, tile.center, config.tile_height_mm, 2 * config.tile_height_mm)
            towers[suit] = len(tiles)
            tile = Tile(centre, tile.angle_deg, 2)
        tiles.append(refine_tile(image, cal, tile, config))
    if not towers:
        raise VisionError("layout: no tower (a tile with an Ace face up) is on the table")
    backs = [i for i, t in enumerate(tiles) if t.stack == 1]
    pairs = [(backs[i], backs[j]) for i, j in _pairs([tiles[k] for k in backs])]
    castles: dict[str, CastleTiles] = {}
    for castle in CASTLES:
        if castle not in towers:
            continue
        tower = np.array(tiles[towers[castle]].center)
        door = _best(tiles, pairs, tower, tower, exclude=())
        if door is None:
            raise VisionError(f"layout: no door in front of the {castle} tower")
        mid = _middle(tiles, door)
        gate = _best(tiles, pairs, tower, mid + (mid - tower), exclude=door)
        if gate is None:
            raise VisionError(f"layout: no gate in front of the {castle} door")
        castles[castle] = CastleTiles(gate, door, towers[castle])
    return Layout(tuple(tiles), tuple(castles.items()), table)


def _middle(tiles: list[Tile], pair: tuple[int, int]) -> np.ndarray:
    return (np.array(tiles[pair[0]].center) + np.array(tiles[pair[1]].center)) / 2


def _best(
    tiles: list[Tile],
    pairs: list[tuple[int, int]],
    tower: np.ndarray,
    near: np.ndarray,
    exclude: tuple[int, ...],
) -> tuple[int, int] | None:
    """The pair whose gap faces ``tower`` (within half a tile) with its middle nearest ``near``."""
    fits = [
        p for p in pairs if not set(p) & set(exclude) and _aligned(tiles, p, tower) < TILE_MM / 2
    ]
    if not fits:
        return None
    return min(fits, key=lambda p: float(np.linalg.norm(_middle(tiles, p) - near)))


def _on_plane(cal: Calibration, at: Point, seen_mm: float, true_mm: float) -> Point:
    """A point read on the plane ``seen_mm`` high, moved to where it lies on ``true_mm``."""
    px = cal.to_image(np.array([at]), seen_mm)
    x, y = cal.to_table(px, true_mm)[0]
    return (round(float(x), 2), round(float(y), 2))


def layout_offsets(read: Layout, expected: Layout) -> dict[str, float | None]:
    """How far (mm) each gate, door and tower of ``expected`` lies from the same feature in
    ``read`` (None when ``read`` lacks that castle), and the largest of them under ``"max"``."""
    out: dict[str, float | None] = {}
    have = set(read.castle_names)
    for castle in expected.castle_names:
        want = expected.castle(castle)
        got = read.castle(castle) if castle in have else None
        for kind, a, b in (
            ("gate", want.gate.center, None if got is None else got.gate.center),
            ("door", want.door.center, None if got is None else got.door.center),
            ("tower", want.tower.center, None if got is None else got.tower.center),
        ):
            out[feature(castle, kind)] = None if b is None else round(math.dist(a, b), 2)
    values = [v for v in out.values() if v is not None]
    out["max"] = max(values) if len(values) == len(out) else None
    return out
