"""The castles on the table: tiles as data, and the geometry the referee and the camera derive.

A layout is the DESIGN's LAYOUT JSON: the tiles (centre in table mm, rotation, stack height) and,
for each castle, which two tiles make its gate, which two its door and which one its tower. The
same numbers serve the engine (where to put a prisoner, a released knight, a returned guard) and
the vision and simulator (corridors to detect passes in, tower footprints to detect hits on).

Table frame: millimetres, x to the right, y down as seen by the camera. The default table is a
864 mm card table; Moons sits at the bottom, then clockwise as seen in the image Suns (left),
Crowns (top) and Arms (right), per RULINGS.

>>> lay = default_layout()
>>> lay.castle("moons").gate.inward
(0.0, 1.0)
>>> Layout.from_json(lay.to_json()) == lay
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import EngineError
from engines.croquetnole.names import CASTLES, feature

TILE_MM = 50.8
COIN_MM = 19.05
TABLE_MM = (864.0, 864.0)

Point = tuple[float, float]

# Outward unit vector of each castle's axis in the default layout (y grows downward).
_DEFAULT_AXES: dict[str, Point] = {
    "moons": (0.0, 1.0),
    "suns": (-1.0, 0.0),
    "crowns": (0.0, -1.0),
    "arms": (1.0, 0.0),
}
# Gap between a coin at its start spot and the tower's edge (well within one coin-width).
_START_GAP_MM = 3.0


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + k * b[0], a[1] + k * b[1])


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _unit(v: Point) -> Point:
    n = math.hypot(*v)
    if n == 0:
        raise EngineError("layout: two tiles of a gate or door share a centre")
    return (v[0] / n, v[1] / n)


def _round(p: Point) -> Point:
    """Round to a micrometre (and turn -0.0 into 0.0) so derived numbers compare and print."""
    return (round(p[0], 3) + 0.0, round(p[1], 3) + 0.0)


def as_point(value: Any) -> Point | None:
    """JSON ``[x, y]`` as a point, or None if it is not one: ``as_point([1, 2]) == (1.0, 2.0)``."""
    try:
        x, y = value
        return (float(x), float(y))
    except (TypeError, ValueError):
        return None


def distance(a: Point, b: Point) -> float:
    """Euclidean distance between two table points, in mm."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


@dataclass(frozen=True)
class Tile:
    """One tile, or a stack of tiles, lying on the table."""

    center: Point
    angle_deg: float = 0.0
    stack: int = 1

    def half_extent(self, direction: Point) -> float:
        """How far the square reaches from its centre along a unit ``direction``."""
        a = math.radians(self.angle_deg)
        return (
            TILE_MM
            / 2
            * (
                abs(_dot(direction, (math.cos(a), math.sin(a))))
                + abs(_dot(direction, (-math.sin(a), math.cos(a))))
            )
        )

    def corners(self) -> tuple[Point, ...]:
        """The four corners, for drawing and for the simulator's collision walls."""
        a = math.radians(self.angle_deg)
        u, v = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))
        h = TILE_MM / 2
        return tuple(
            _round(_add(_add(self.center, u, su * h), v, sv * h))
            for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        )

    def distance_to(self, p: Point) -> float:
        """Distance from ``p`` to the tile's square (0 inside): a disc of radius r touches the
        tile when this is at most r."""
        a = math.radians(self.angle_deg)
        d = _sub(p, self.center)
        lu = abs(_dot(d, (math.cos(a), math.sin(a)))) - TILE_MM / 2
        lv = abs(_dot(d, (-math.sin(a), math.cos(a)))) - TILE_MM / 2
        return math.hypot(max(lu, 0.0), max(lv, 0.0))


@dataclass(frozen=True)
class Corridor:
    """The gap between the two tiles of a gate or door: a rectangle a coin's centre passes through.

    ``along`` runs from the first tile to the second; ``inward`` is the corridor's axis, pointing
    toward the castle's tower (a pass in that direction is "in"). ``half_width`` is half the gap,
    ``half_depth`` half a tile. A pass enters through one mouth (depth -half_depth or +half_depth)
    and leaves through the other (RULINGS).
    """

    feature: str
    center: Point
    along: Point
    inward: Point
    half_width: float
    half_depth: float

    def local(self, p: Point) -> Point:
        """``p`` in corridor coordinates: (across the gap, depth toward the tower)."""
        d = _sub(p, self.center)
        return (_dot(d, self.along), _dot(d, self.inward))

    def contains(self, p: Point) -> bool:
        """Whether a coin centre at ``p`` is inside the corridor."""
        w, d = self.local(p)
        return abs(w) <= self.half_width and abs(d) <= self.half_depth


@dataclass(frozen=True)
class CastleGeometry:
    """What the referee and the camera need of one castle, derived from its tiles."""

    castle: str
    gate: Corridor
    door: Corridor
    tower: Tile
    knight_start: Point
    guard_start: Point

    @property
    def tower_top(self) -> Point:
        """Where a prisoner or a released knight is put: on top of the tower."""
        return self.tower.center


@dataclass(frozen=True)
class CastleTiles:
    """A castle as indices into the layout's tiles, exactly as in the LAYOUT JSON."""

    gate: tuple[int, int]
    door: tuple[int, int]
    tower: int


def _corridor(name: str, a: Tile, b: Tile, tower: Point) -> Corridor:
    along = _unit(_sub(b.center, a.center))
    center = _round(_add(a.center, _sub(b.center, a.center), 0.5))
    normal = (-along[1], along[0])
    if _dot(_sub(tower, center), normal) < 0:
        normal = (-normal[0], -normal[1])
    gap = distance(a.center, b.center) - a.half_extent(along) - b.half_extent(along)
    if gap <= 0:
        raise EngineError(f"layout: the tiles of {name} overlap")
    return Corridor(name, center, _round(along), _round(normal), round(gap / 2, 3), TILE_MM / 2)


@dataclass(frozen=True)
class Layout:
    """Tiles and castles; ``castle(name)`` gives the derived geometry.

    ``table`` is the playing surface's (width, height) in mm, with its corner at (0, 0): the
    referee returns a coin that went off the table to the nearest spot on its edge.
    """

    tiles: tuple[Tile, ...]
    castles: tuple[tuple[str, CastleTiles], ...]
    table: Point = TABLE_MM

    def __post_init__(self) -> None:
        for name, ct in self.castles:
            if name not in CASTLES:
                raise EngineError(f"layout: unknown castle {name!r}")
            for i in (*ct.gate, *ct.door, ct.tower):
                if not 0 <= i < len(self.tiles):
                    raise EngineError(f"layout: castle {name} names tile {i}, which is missing")

    @property
    def castle_names(self) -> tuple[str, ...]:
        """The castles the layout holds, in turn order."""
        present = {name for name, _ in self.castles}
        return tuple(c for c in CASTLES if c in present)

    def castle(self, name: str) -> CastleGeometry:
        """The derived geometry of one castle (corridors, tower, start spots)."""
        ct = dict(self.castles)[name]
        tower = self.tiles[ct.tower]
        gate = _corridor(feature(name, "gate"), *(self.tiles[i] for i in ct.gate), tower.center)
        door = _corridor(feature(name, "door"), *(self.tiles[i] for i in ct.door), tower.center)
        toward_gate = _unit(_sub(gate.center, tower.center))
        lateral = (-toward_gate[1], toward_gate[0])
        back = tower.half_extent(toward_gate) + COIN_MM / 2 + _START_GAP_MM
        spot = _add(tower.center, toward_gate, back)
        return CastleGeometry(
            name,
            gate,
            door,
            tower,
            _round(_add(spot, lateral, TILE_MM / 4)),
            _round(_add(spot, lateral, -TILE_MM / 4)),
        )

    def start_spot(self, coin_castle: str, role: str) -> Point:
        """Where a knight or guard starts: within a coin-width of its tower, inside the castle."""
        geo = self.castle(coin_castle)
        return geo.knight_start if role == "knight" else geo.guard_start

    def edge_spot(self, at: Point) -> Point:
        """The spot on the table's edge nearest to where a coin fell off, the coin fully on."""
        r = COIN_MM / 2
        return (
            round(min(max(at[0], r), self.table[0] - r), 3),
            round(min(max(at[1], r), self.table[1] - r), 3),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": [
                {"center": list(t.center), "angle_deg": t.angle_deg, "stack": t.stack}
                for t in self.tiles
            ],
            "castles": {
                name: {"gate": list(ct.gate), "door": list(ct.door), "tower": ct.tower}
                for name, ct in self.castles
            },
            "table": list(self.table),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Layout:
        """Read LAYOUT JSON; ``"table"`` is an optional extension (default: the card table)."""
        try:
            tiles = tuple(
                Tile(
                    (float(t["center"][0]), float(t["center"][1])),
                    float(t.get("angle_deg", 0.0)),
                    int(t.get("stack", 1)),
                )
                for t in obj["tiles"]
            )
            castles = tuple(
                (
                    name,
                    CastleTiles(
                        (int(c["gate"][0]), int(c["gate"][1])),
                        (int(c["door"][0]), int(c["door"][1])),
                        int(c["tower"]),
                    ),
                )
                for name, c in sorted(obj["castles"].items(), key=lambda kv: _order(kv[0]))
            )
            table = obj.get("table", TABLE_MM)
            return cls(tiles, castles, (float(table[0]), float(table[1])))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise EngineError(f"layout: malformed LAYOUT JSON ({exc!r})") from exc


def _order(name: str) -> int:
    return CASTLES.index(name) if name in CASTLES else len(CASTLES)


def default_layout(table: Point = TABLE_MM, tile: float = TILE_MM) -> Layout:
    """The RULINGS layout on a table: gate tiles at centre +/- (T, T), doors at 3T, towers at 5T.

    Tiles 0-3 are the shared gate tiles (bottom-left, top-left, top-right, bottom-right); then
    each castle's two door tiles and its tower, castle by castle in turn order.
    """
    cx, cy = table[0] / 2, table[1] / 2
    tiles: list[Tile] = [
        Tile((cx - tile, cy + tile)),
        Tile((cx - tile, cy - tile)),
        Tile((cx + tile, cy - tile)),
        Tile((cx + tile, cy + tile)),
    ]
    gates = {"moons": (3, 0), "suns": (0, 1), "crowns": (1, 2), "arms": (2, 3)}
    castles: list[tuple[str, CastleTiles]] = []
    for name in CASTLES:
        ax, ay = _DEFAULT_AXES[name]
        side = (-ay, ax)
        door_mid = (cx + 3 * tile * ax, cy + 3 * tile * ay)
        first = len(tiles)
        tiles.append(Tile(_round(_add(door_mid, side, tile))))
        tiles.append(Tile(_round(_add(door_mid, side, -tile))))
        tiles.append(Tile(_round((cx + 5 * tile * ax, cy + 5 * tile * ay)), stack=2))
        castles.append((name, CastleTiles(gates[name], (first, first + 1), first + 2)))
    return Layout(tuple(tiles), tuple(castles), table)
