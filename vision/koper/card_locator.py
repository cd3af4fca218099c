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
    integral = cv2.integral(mask)  # of 0 or 255

    def total(x0: float, y0: float, x1: float, y1: float) -> float:
        x0i, y0i, x1i, y1i = (round(v) for v in (x0, y0, x1, y1))
        return (
            float(integral[y1i, x1i] - integral[y0i, x1i] - integral[y1i, x0i] + integral[y0i, x0i])
            / 255.0
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


#: A card's sides; "left" and "right" are lines x = a + b*y, "top" and "bottom" y = a + b*x.
SIDES = ("left", "right", "top", "bottom")


def _edge_points(smooth, lo: np.ndarray, hi: np.ndarray, band: float, circles, reach: float):
    """Points on the four edges of the cards expected inside the cells with inner corners
    ``lo``, ``hi`` (n x 2 each): on each scan line, the strongest step from card (inside) to
    table (outside) within ``band`` pixels of the expected edge, all cells at once.

    ``smooth`` is the whiteness averaged over 3 pixels across the scan lines: (along y, along x).
    Scan lines lie along the middle of each edge, ``reach`` of its length in from either end
    (the index corners are avoided); those passing over one of the cell's ``circles`` (n x m x 3:
    x, y, radius of checkers and their shadows, padded far away) are left out.
    Returns (scans, found, valid), each n x 4 sides x SCAN_LINES: where each scan line runs
    along the edge, where it meets the edge across it, and whether it counts.
    """
    along_y, along_x = smooth
    h, w = along_y.shape
    n = len(lo)
    shape = (n, len(SIDES), SCAN_LINES)
    scans, found, valid = np.zeros(shape), np.zeros(shape), np.zeros(shape, bool)
    for k, side in enumerate(SIDES):
        vertical = side in ("left", "right")
        along_axis, across_axis = (1, 0) if vertical else (0, 1)
        limit, across_limit = (h, w - 1) if vertical else (w, h - 1)
        span = hi[:, along_axis] - lo[:, along_axis]
        start = lo[:, along_axis] + reach * span
        stop = hi[:, along_axis] - reach * span
        line = start[:, None] + np.arange(SCAN_LINES) * ((stop - start) / (SCAN_LINES - 1))[:, None]
        line[:, -1] = stop  # as np.linspace
        edge = (lo if side in ("left", "top") else hi)[:, across_axis]
        a = np.maximum(0, edge - band).astype(int)
        b = np.minimum(across_limit, edge + band).astype(int)
        ok = (line >= 1) & (line < limit - 1) & (b - a >= 3)[:, None]
        across, along = circles[:, :, across_axis], circles[:, :, along_axis]
        gap = np.maximum(np.maximum(a[:, None] - across, across - b[:, None]), 0.0)
        hidden = (line[:, None, :] - along[:, :, None]) ** 2 + gap[:, :, None] ** 2 <= (
            circles[:, :, 2, None] ** 2
        )
        ok &= ~hidden.any(axis=1)
        idx = np.clip(np.round(line).astype(int), 0, limit - 1)
        cols = a[:, None] + np.arange(int((b - a).max()) + 1)
        in_band = cols <= b[:, None]
        cols = np.minimum(cols, across_limit)
        profiles = (
            along_y[idx[:, :, None], cols[:, None, :]]
            if vertical
            else along_x[cols[:, None, :], idx[:, :, None]]
        )
        steps = np.diff(profiles, axis=2)
        if side in ("right", "bottom"):
            steps = -steps
        steps[~np.broadcast_to(in_band[:, None, 1:], steps.shape)] = -np.inf
        scans[:, k], found[:, k], valid[:, k] = (
            line,
            a[:, None] + np.argmax(steps, axis=2) + 0.5,
            ok,
        )
    return scans, found, valid


def _fit_edges(t: np.ndarray, s: np.ndarray, valid: np.ndarray):
    """Robust straight lines s = a + b*t through each row's valid edge points (rows of
    ``SCAN_LINES``): points more than 4 px from the row's median dropped, a least-squares fit,
    outliers (more than 1.5 px off) dropped, then refitted. Returns (a, b, fitted), fitted
    false for a row left with fewer than 3 points."""
    fitted = valid.sum(axis=1) >= 3
    middle = np.zeros(len(s))
    if fitted.any():
        middle[fitted] = np.nanmedian(np.where(valid, s, np.nan)[fitted], axis=1)
    keep = valid & (np.abs(s - middle[:, None]) < 4.0)
    a = slope = np.zeros(len(s))
    for _ in range(2):
        count = keep.sum(axis=1)
        fitted &= count >= 3
        n = np.maximum(count, 1)
        tm = (t * keep).sum(axis=1) / n
        sm = (s * keep).sum(axis=1) / n
        dt = (t - tm[:, None]) * keep
        var = (dt * dt).sum(axis=1)
        cov = (dt * (s - sm[:, None])).sum(axis=1)
        slope = np.divide(cov, var, out=np.zeros_like(cov), where=var > 0)
        a = sm - slope * tm
        keep = valid & (np.abs(s - (a[:, None] + slope[:, None] * t)) < 1.5)
    return a, slope, fitted


def _card_edges(
    smooth, lo: np.ndarray, hi: np.ndarray, band: float, circles, wide_reach: float
) -> list[dict[str, tuple[float, float]]]:
    """Each cell's card edges (see :data:`SIDES`) found inside the cells with inner corners
    ``lo``, ``hi`` (n x 2); a side whose edge is hidden or off the image is left out. Where a
    cell's ``circles`` (checkers; n x m x 3, padded far away) hide the middle of an edge, its
    ends (from ``wide_reach`` of its length in) are scanned too."""
    n = len(lo)
    scans, found, valid = _edge_points(smooth, lo, hi, band, circles, 0.25)
    a, b, fitted = _fit_edges(*(x.reshape(n * len(SIDES), -1) for x in (scans, found, valid)))
    a, b, fitted = (x.reshape(n, len(SIDES)) for x in (a, b, fitted))
    again = np.nonzero(~fitted.all(axis=1) & (circles[:, :, 2] > 0).any(axis=1))[0]
    if again.size:
        wide = _edge_points(smooth, lo[again], hi[again], band, circles[again], wide_reach)
        wa, wb, wf = (
            x.reshape(again.size, len(SIDES))
            for x in _fit_edges(*(x.reshape(again.size * len(SIDES), -1) for x in wide))
        )
        retry = ~fitted[again]
        for x, y in ((a, wa), (b, wb), (fitted, wf)):
            x[again] = np.where(retry, y, x[again])
    return [
        {side: (float(a[i, k]), float(b[i, k])) for k, side in enumerate(SIDES) if fitted[i, k]}
        for i in range(n)
    ]


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
    levels = cv2.max(rect.white, 0.0).astype(np.uint8)  # whiteness is at most 255
    _, mask = cv2.threshold(levels, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    votes = _border_white(rect, mask)
    present = votes >= config.card_border_white
    cw, ch = rect.cell
    band = config.edge_search * min(cw, ch)
    inset = 0.025
    smooth = (cv2.blur(rect.white, (1, 3)), cv2.blur(rect.white, (3, 1)))
    hiding = [(x, y, r * (1 + config.checker_mask_margin)) for x, y, r in circles]

    def edges(cells: list[tuple[int, int]]) -> dict[tuple[int, int], dict]:
        """Each of ``cells``' card edges, with the checkers that may hide them."""
        if not cells:
            return {}
        lo = np.array([rect.origin(r + inset, c + inset) for r, c in cells])
        hi = np.array([rect.origin(r + 1 - inset, c + 1 - inset) for r, c in cells])
        near = [
            [
                (x, y, rad)
                for x, y, rad in hiding
                if l0[0] - band - rad < x < h0[0] + band + rad
                and l0[1] - band - rad < y < h0[1] + band + rad
            ]
            for l0, h0 in zip(lo, hi, strict=True)
        ]
        padded = np.tile((-1e9, -1e9, 0.0), (len(cells), max(1, *map(len, near)), 1))
        for i, circles_near in enumerate(near):
            if circles_near:
                padded[i, : len(circles_near)] = circles_near
        return dict(
            zip(
                cells,
                _card_edges(smooth, lo, hi, band, padded, config.edge_wide_reach),
                strict=True,
            )
        )

    found = edges([(int(r), int(c)) for r, c in zip(*np.nonzero(present), strict=True)])
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
    cells = np.argwhere(~present & (votes >= config.card_border_white_least))
    candidates = [
        (usual(cell, lines), float(votes[cell]), cell, lines)
        for cell, lines in edges([(int(r), int(c)) for r, c in cells]).items()
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
