"""Which cells hold a card, and the exact outline of each card, in the rectified board.

The working image is warped so the board becomes an axis-aligned grid of 8 x 8 cells, with a
margin of table around it (:func:`rectify`). A cell holds a card when its border band is mostly
card white (a checker, even off-centre, only bites into it); since all 52 cards lie on a Koper
board, a shortfall is made up from the next most card-like cells. Each card's four edges are then
found on several scan lines across the expected edge (the strongest bright-to-dark step) and fitted
as straight lines, so the card's own turn and shift on the table are followed; scan lines over a
checker are skipped, and a side that stays hidden is put at the usual card size from the other.
The grid is then refitted to the centres of the cards found (:func:`refine_geometry`) and the
cards located again, so one card pushed out past its row does not bend the whole grid.
"""

import statistics
from dataclasses import dataclass

import cv2
import numpy as np

from vision.cards.ids import CARD_IDS
from vision.koper.board_finder import BOARD_CELLS, BoardGeometry
from vision.koper.config import KoperReadConfig

#: Cards on a Koper board: the whole deck.
DECK_SIZE = len(CARD_IDS)

#: Scan lines per card edge, spread over the middle of the edge (the index corners are avoided).
SCAN_LINES = 9


@dataclass(frozen=True)
class RectifiedBoard:
    """The board warped to an axis-aligned grid: ``image`` (BGR), ``white`` (card whiteness,
    float32), the cell size in pixels, ``to_work``, the homography rectified -> working px, and
    ``margin``, the pixels of table kept around the grid on every side (cards at the edge may
    reach past the grid's outer lines as fitted).

    >>> board = RectifiedBoard(np.zeros((1, 1, 3), np.uint8), np.zeros((1, 1)), (140.0, 100.0),
    ...                        np.eye(3), 30.0)
    >>> board.cell_at(30 + 140 * 2 + 5, 30 + 100 * 7 + 99), board.origin(1, 2)
    ((7, 2), (310.0, 130.0))
    """

    image: np.ndarray
    white: np.ndarray
    cell: tuple[float, float]
    to_work: np.ndarray
    margin: float

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """(row, column) of the grid cell holding rectified point (x, y), perhaps off the grid."""
        return int((y - self.margin) // self.cell[1]), int((x - self.margin) // self.cell[0])

    def origin(self, row: float, col: float) -> tuple[float, float]:
        """Rectified pixels of the grid point ``col`` cells across and ``row`` down (fractions
        allowed): ``origin(r + 0.5, c + 0.5)`` is the centre of cell (r, c)."""
        return self.margin + col * self.cell[0], self.margin + row * self.cell[1]


@dataclass(frozen=True)
class CardLayout:
    """Cells holding a card (``present``, 8 x 8 bool), the share of card white in each cell's
    border band (``votes``), and each card's corners in rectified pixels (TL, TR, BR, BL),
    keyed (row, col)."""

    present: np.ndarray
    votes: np.ndarray
    quads: dict[tuple[int, int], np.ndarray]
    #: The cells whose card showed all four edges at the usual size.
    fitted: frozenset[tuple[int, int]] = frozenset()


def rectify(work: np.ndarray, geometry: BoardGeometry, config: KoperReadConfig) -> RectifiedBoard:
    """Warp the board to an axis-aligned grid whose cells' short side is ``rect_cell`` pixels,
    whatever the camera's resolution and distance, so later thresholds work in fixed units."""
    q = geometry.corners
    width = 0.5 * (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / BOARD_CELLS
    height = 0.5 * (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / BOARD_CELLS
    zoom = config.rect_cell / min(width, height)
    cw, ch = float(round(width * zoom)), float(round(height * zoom))
    margin = float(round(config.rect_margin * config.rect_cell))
    from_rect = np.array([[1 / cw, 0, -margin / cw], [0, 1 / ch, -margin / ch], [0, 0, 1.0]])
    to_work = geometry.homography @ from_rect
    size = (int(cw * BOARD_CELLS + 2 * margin), int(ch * BOARD_CELLS + 2 * margin))
    image = cv2.warpPerspective(
        work,
        to_work,
        size,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    white = hsv[..., 2].astype(np.float32) - hsv[..., 1].astype(np.float32)
    white = cv2.GaussianBlur(white, (0, 0), 0.8)
    return RectifiedBoard(image, white, (cw, ch), to_work, margin)


def _border_white(rect: RectifiedBoard, mask: np.ndarray) -> np.ndarray:
    """Share of card-white pixels in each cell's border band (4.5 % to 10 % in from the cell's
    edges): a card's white margin fills it; a checker, even off-centre, only bites into it."""
    integral = cv2.integral((mask > 0).astype(np.uint8))

    def total(x0: float, y0: float, x1: float, y1: float) -> float:
        x0i, y0i, x1i, y1i = (round(v) for v in (x0, y0, x1, y1))
        return float(
            integral[y1i, x1i] - integral[y0i, x1i] - integral[y1i, x0i] + integral[y0i, x0i]
        )

    share = np.zeros((BOARD_CELLS, BOARD_CELLS))
    for r in range(BOARD_CELLS):
        for c in range(BOARD_CELLS):
            outer = (*rect.origin(r + 0.045, c + 0.045), *rect.origin(r + 0.955, c + 0.955))
            inner = (*rect.origin(r + 0.10, c + 0.10), *rect.origin(r + 0.90, c + 0.90))
            area = (outer[2] - outer[0]) * (outer[3] - outer[1]) - (inner[2] - inner[0]) * (
                inner[3] - inner[1]
            )
            share[r, c] = (total(*outer) - total(*inner)) / area
    return share


def _edge_points(
    smooth, lo: np.ndarray, hi: np.ndarray, side: str, band: float, circles=(), reach=0.25
) -> np.ndarray:
    """Points on one card edge: for each scan line, the strongest step from card (inside) to
    table (outside) within ``band`` pixels of the expected edge.

    ``smooth`` is the whiteness averaged over 3 pixels across the scan lines: (along y, along x).
    Scan lines lie along the middle of the edge, ``reach`` of its length in from either end (the
    index corners are avoided); those passing over one of ``circles`` (x, y, radius: checkers
    and their shadows) are left out.
    """
    along_y, along_x = smooth
    h, w = along_y.shape
    vertical = side in ("left", "right")
    axis_lo, axis_hi, limit = (lo[1], hi[1], h) if vertical else (lo[0], hi[0], w)
    span = axis_hi - axis_lo
    scans = np.linspace(axis_lo + reach * span, axis_hi - reach * span, SCAN_LINES)
    scans = scans[(scans >= 1) & (scans < limit - 1)]
    edge = {"left": lo[0], "right": hi[0], "top": lo[1], "bottom": hi[1]}[side]
    a, b = int(max(0, edge - band)), int(min((w if vertical else h) - 1, edge + band))
    for cx, cy, radius in circles:
        across, along = (cx, cy) if vertical else (cy, cx)
        gap = max(a - across, across - b, 0.0)  # from the circle's centre to the search span
        scans = scans[(scans - along) ** 2 + gap**2 > radius**2]
    if b - a < 3 or scans.size == 0:
        return np.empty((0, 2))
    idx = np.round(scans).astype(int)
    profiles = along_y[idx, a : b + 1] if vertical else along_x[a : b + 1, idx].T
    steps = np.diff(profiles, axis=1)
    if side in ("right", "bottom"):
        steps = -steps
    found = a + np.argmax(steps, axis=1) + 0.5
    pts = np.stack([found, scans], axis=1) if vertical else np.stack([scans, found], axis=1)
    return pts.astype(np.float64)


def _line(t: list[float], s: list[float]) -> tuple[float, float]:
    """Least-squares line s = a + b*t (plain floats: a handful of points per edge)."""
    tm, sm = sum(t) / len(t), sum(s) / len(s)
    var = sum((ti - tm) ** 2 for ti in t)
    slope = sum((ti - tm) * (si - sm) for ti, si in zip(t, s, strict=True)) / var if var else 0.0
    return sm - slope * tm, slope


def _fit_edge(points: np.ndarray, vertical: bool) -> tuple[float, float] | None:
    """Robust straight line through edge points: x = a + b*y (vertical) or y = a + b*x.

    Points more than 4 px from the median dropped, a least-squares fit, outliers (more than
    1.5 px off) dropped, then refitted."""
    if len(points) < 3:
        return None
    pts = points.tolist()
    t, s = (
        ([p[1] for p in pts], [p[0] for p in pts])
        if vertical
        else ([p[0] for p in pts], [p[1] for p in pts])
    )
    middle = statistics.median(s)
    keep = [abs(si - middle) < 4.0 for si in s]
    for _ in range(2):
        if sum(keep) < 3:
            return None
        a, b = _line(
            [ti for ti, k in zip(t, keep, strict=True) if k],
            [si for si, k in zip(s, keep, strict=True) if k],
        )
        keep = [abs(si - (a + b * ti)) < 1.5 for ti, si in zip(t, s, strict=True)]
    return a, b


def _card_edges(
    smooth, cell_lo, cell_hi, band: float, circles=(), wide_reach=0.1
) -> dict[str, tuple[float, float]]:
    """The card's edges found inside one cell, by side ("left", "right": x = a + b*y; "top",
    "bottom": y = a + b*x); a side whose edge is hidden or off the image is left out. Where
    ``circles`` (checkers) hide the middle of an edge, its ends (from ``wide_reach`` of its
    length in) are scanned too."""
    lo, hi = np.asarray(cell_lo, float), np.asarray(cell_hi, float)
    lines = {}
    for side in ("left", "right", "top", "bottom"):
        vertical = side in ("left", "right")
        fit = _fit_edge(_edge_points(smooth, lo, hi, side, band, circles), vertical)
        if fit is None and circles:
            points = _edge_points(smooth, lo, hi, side, band, circles, wide_reach)
            fit = _fit_edge(points, vertical)
        if fit is not None:
            lines[side] = fit
    return lines


def _card_quad(lines: dict[str, tuple[float, float]], size, centre) -> np.ndarray:
    """The outline TL, TR, BR, BL from a card's ``lines`` (see :func:`_card_edges`); a missing
    side is put at the card's usual ``size`` (width, height) from the opposite one, or, when
    both are missing, about the cell's ``centre``."""
    lines = dict(lines)
    for first, second, extent, middle in (
        ("left", "right", size[0], centre[0]),
        ("top", "bottom", size[1], centre[1]),
    ):
        if first not in lines and second not in lines:
            lines[first] = (middle - extent / 2, 0.0)
        if second not in lines:
            a, b = lines[first]
            lines[second] = (a + extent, b)
        elif first not in lines:
            a, b = lines[second]
            lines[first] = (a - extent, b)

    def corner(vside: str, hside: str) -> tuple[float, float]:
        av, bv = lines[vside]
        ah, bh = lines[hside]
        # x = av + bv*y ; y = ah + bh*x
        x = (av + bv * ah) / (1 - bv * bh)
        return x, ah + bh * x

    return np.array(
        [
            corner("left", "top"),
            corner("right", "top"),
            corner("right", "bottom"),
            corner("left", "bottom"),
        ]
    )


def locate_cards(rect: RectifiedBoard, config: KoperReadConfig, circles=()) -> CardLayout:
    """Find the cells holding cards and each card's outline (rectified pixels); ``circles``
    (x, y, radius) are the checkers found, whose rims are not card edges."""
    levels = np.clip(rect.white, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(levels, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    votes = _border_white(rect, mask)
    present = votes >= config.card_border_white
    cw, ch = rect.cell
    band = config.edge_search * min(cw, ch)
    inset = 0.025
    smooth = (cv2.blur(rect.white, (1, 3)), cv2.blur(rect.white, (3, 1)))
    hiding = [(x, y, r * (1 + config.checker_mask_margin)) for x, y, r in circles]

    def edges(r: int, c: int) -> dict[str, tuple[float, float]]:
        lo, hi = rect.origin(r + inset, c + inset), rect.origin(r + 1 - inset, c + 1 - inset)
        near = [
            (x, y, rad)
            for x, y, rad in hiding
            if lo[0] - band - rad < x < hi[0] + band + rad
            and lo[1] - band - rad < y < hi[1] + band + rad
        ]
        return _card_edges(smooth, lo, hi, band, near, config.edge_wide_reach)

    found = {(int(r), int(c)): edges(r, c) for r, c in zip(*np.nonzero(present), strict=True)}
    whole = [_quad_size(_card_quad(e, (0, 0), (0, 0))) for e in found.values() if len(e) == 4]
    median = np.median(whole, axis=0) if whole else np.array([cw, ch]) * (1 - 2 * inset)

    def outline(cell: tuple[int, int], lines) -> np.ndarray:
        return _card_quad(lines, median, rect.origin(cell[0] + 0.5, cell[1] + 0.5))

    def plausible(cell: tuple[int, int], lines) -> dict[str, tuple[float, float]]:
        """``lines`` without one of each pair of opposite edges the usual card size does not
        fit (it is something else, such as a checker's rim or a court card's frame): the one
        farther from where the usual card about the cell's centre would put it."""
        mid = rect.origin(cell[0] + 0.5, cell[1] + 0.5)
        kept = dict(lines)
        for first, second, axis, at in (("left", "right", 0, mid[1]), ("top", "bottom", 1, mid[0])):
            if first in kept and second in kept:
                lo, hi = (kept[side][0] + kept[side][1] * at for side in (first, second))
                if abs(hi - lo - median[axis]) > config.card_size_tolerance * median[axis]:
                    off_lo = abs(lo - (mid[axis] - median[axis] / 2))
                    off_hi = abs(hi - (mid[axis] + median[axis] / 2))
                    del kept[first if off_lo > off_hi else second]
        return kept

    def usual(cell: tuple[int, int], lines) -> bool:
        """All four edges found, at the usual card size."""
        return len(plausible(cell, lines)) == 4

    _complete_deck(votes, present, found, edges, usual, config)
    quads = {cell: outline(cell, plausible(cell, lines)) for cell, lines in found.items()}
    fitted = frozenset(cell for cell, lines in found.items() if usual(cell, lines))
    return CardLayout(present, votes, quads, fitted)


def refine_geometry(
    geometry: BoardGeometry, rect: RectifiedBoard, layout: CardLayout, config: KoperReadConfig
) -> BoardGeometry:
    """The board's geometry fitted again to the centres of the cards whose outlines were found,
    each expected at its cell's centre: the first fit follows the outline of the card area, which
    a card pushed out past its neighbours bends. Unchanged with fewer than
    ``min_cards`` such cards."""
    cells = sorted(layout.fitted)
    if len(cells) < config.min_cards:
        return geometry
    seen = np.array([layout.quads[cell].mean(axis=0) for cell in cells], np.float64)
    ideal = np.array([rect.origin(r + 0.5, c + 0.5) for r, c in cells], np.float64)
    fix, _ = cv2.findHomography(
        ideal, seen, cv2.RANSAC, config.refine_board_tolerance * rect.cell[1]
    )
    if fix is None:
        return geometry
    cw, ch = rect.cell
    from_cells = np.array([[cw, 0, rect.margin], [0, ch, rect.margin], [0, 0, 1.0]])
    homography = rect.to_work @ fix @ from_cells
    lo, hi = config.edge_gap, BOARD_CELLS - config.edge_gap
    grid = np.float64([[lo, lo], [hi, lo], [hi, hi], [lo, hi]]).reshape(-1, 1, 2)
    corners = cv2.perspectiveTransform(grid, homography).reshape(-1, 2)
    return BoardGeometry(corners, homography, geometry.landscape)


def _complete_deck(votes, present, found, edges, usual, config: KoperReadConfig) -> None:
    """A Koper board holds all 52 cards: when fewer cells pass the border test (a court card
    whose picture reaches its thin margin, under a dark checker), the missing ones are taken
    from the other cells with at least ``card_border_white_least`` card white: first those in
    which a card outline of the usual size is found, then the whitest. Updates ``present`` and
    ``found`` (cell -> edges) in place."""
    missing = DECK_SIZE - int(present.sum())
    if missing <= 0:
        return
    candidates = [
        (usual(cell, lines), float(votes[cell]), cell, lines)
        for r, c in np.argwhere(~present & (votes >= config.card_border_white_least))
        for cell in [(int(r), int(c))]
        for lines in [edges(*cell)]
    ]
    candidates.sort(key=lambda k: (k[0], k[1]), reverse=True)
    for _, _, cell, lines in candidates[:missing]:
        present[cell] = True
        found[cell] = lines


def _quad_size(q: np.ndarray) -> np.ndarray:
    """Mean width and height of a TL, TR, BR, BL quadrilateral."""
    w = 0.5 * (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3]))
    h = 0.5 * (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1]))
    return np.array([w, h])
