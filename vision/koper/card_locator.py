"""Which cells hold a card, and the exact outline of each card, in the rectified board.

The working image is warped so the board becomes an axis-aligned grid of 8 x 8 cells
(:func:`rectify`). A cell holds a card when its border band is mostly card white (a checker, even
off-centre, only bites into it). Each card's four edges are then
found on several scan lines across the expected edge (the strongest bright-to-dark step) and fitted
as straight lines, so the card's own turn and shift on the table are followed.
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
    float32), the cell size in pixels, and ``to_work``, the homography rectified -> working px."""

    image: np.ndarray
    white: np.ndarray
    cell: tuple[float, float]
    to_work: np.ndarray


@dataclass(frozen=True)
class CardLayout:
    """Cells holding a card (``present``, 8 x 8 bool), the share of card white in each cell's
    border band (``votes``), and each card's corners in rectified pixels (TL, TR, BR, BL),
    keyed (row, col)."""

    present: np.ndarray
    votes: np.ndarray
    quads: dict[tuple[int, int], np.ndarray]


def rectify(work: np.ndarray, geometry: BoardGeometry, config: KoperReadConfig) -> RectifiedBoard:
    """Warp the board to an axis-aligned grid whose cells' short side is ``rect_cell`` pixels,
    whatever the camera's resolution and distance, so later thresholds work in fixed units."""
    q = geometry.corners
    width = 0.5 * (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / BOARD_CELLS
    height = 0.5 * (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / BOARD_CELLS
    zoom = config.rect_cell / min(width, height)
    cw, ch = float(round(width * zoom)), float(round(height * zoom))
    scale = np.diag([cw, ch, 1.0])
    to_work = geometry.homography @ np.linalg.inv(scale)
    size = (int(cw * BOARD_CELLS), int(ch * BOARD_CELLS))
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
    return RectifiedBoard(image, white, (cw, ch), to_work)


def _border_white(rect: RectifiedBoard, mask: np.ndarray) -> np.ndarray:
    """Share of card-white pixels in each cell's border band (4.5 % to 10 % in from the cell's
    edges): a card's white margin fills it; a checker, even off-centre, only bites into it."""
    cw, ch = rect.cell
    integral = cv2.integral((mask > 0).astype(np.uint8))

    def total(x0: float, y0: float, x1: float, y1: float) -> float:
        x0i, y0i, x1i, y1i = (round(v) for v in (x0, y0, x1, y1))
        return float(
            integral[y1i, x1i] - integral[y0i, x1i] - integral[y1i, x0i] + integral[y0i, x0i]
        )

    share = np.zeros((BOARD_CELLS, BOARD_CELLS))
    for r in range(BOARD_CELLS):
        for c in range(BOARD_CELLS):
            outer = ((c + 0.045) * cw, (r + 0.045) * ch, (c + 0.955) * cw, (r + 0.955) * ch)
            inner = ((c + 0.10) * cw, (r + 0.10) * ch, (c + 0.90) * cw, (r + 0.90) * ch)
            area = (outer[2] - outer[0]) * (outer[3] - outer[1]) - (inner[2] - inner[0]) * (
                inner[3] - inner[1]
            )
            share[r, c] = (total(*outer) - total(*inner)) / area
    return share


def _edge_points(smooth, lo: np.ndarray, hi: np.ndarray, side: str, band: float) -> np.ndarray:
    """Points on one card edge: for each scan line, the strongest step from card (inside) to
    table (outside) within ``band`` pixels of the expected edge.

    ``smooth`` is the whiteness averaged over 3 pixels across the scan lines: (along y, along x).
    """
    along_y, along_x = smooth
    h, w = along_y.shape
    vertical = side in ("left", "right")
    axis_lo, axis_hi, limit = (lo[1], hi[1], h) if vertical else (lo[0], hi[0], w)
    span = axis_hi - axis_lo
    scans = np.linspace(axis_lo + 0.25 * span, axis_hi - 0.25 * span, SCAN_LINES)
    scans = scans[(scans >= 1) & (scans < limit - 1)]
    edge = {"left": lo[0], "right": hi[0], "top": lo[1], "bottom": hi[1]}[side]
    a, b = int(max(0, edge - band)), int(min((w if vertical else h) - 1, edge + band))
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


def _line(t: np.ndarray, s: np.ndarray) -> tuple[float, float]:
    """Least-squares line s = a + b*t."""
    tm, sm = t.mean(), s.mean()
    var = float(((t - tm) ** 2).sum())
    slope = float(((t - tm) * (s - sm)).sum()) / var if var > 0 else 0.0
    return float(sm - slope * tm), slope


def _fit_edge(points: np.ndarray, vertical: bool) -> tuple[float, float] | None:
    """Robust straight line through edge points: x = a + b*y (vertical) or y = a + b*x.

    One pass of least squares, outliers (more than 1.5 px off) dropped, then refitted."""
    if len(points) < 3:
        return None
    t, s = (points[:, 1], points[:, 0]) if vertical else (points[:, 0], points[:, 1])
    keep = np.abs(s - np.median(s)) < 4.0
    for _ in range(2):
        if keep.sum() < 3:
            return None
        a, b = _line(t[keep], s[keep])
        keep = np.abs(s - (a + b * t)) < 1.5
    return a, b


def _card_quad(smooth, cell_lo, cell_hi, band: float) -> np.ndarray | None:
    """The card outline inside one cell as TL, TR, BR, BL, or None when an edge is not found."""
    lo, hi = np.asarray(cell_lo, float), np.asarray(cell_hi, float)
    lines = {}
    for side in ("left", "right", "top", "bottom"):
        vertical = side in ("left", "right")
        fit = _fit_edge(_edge_points(smooth, lo, hi, side, band), vertical)
        if fit is None:
            return None
        lines[side] = fit

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


def locate_cards(rect: RectifiedBoard, config: KoperReadConfig) -> CardLayout:
    """Find the cells holding cards and each card's outline (rectified pixels)."""
    levels = np.clip(rect.white, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(levels, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    votes = _border_white(rect, mask)
    present = votes >= config.card_border_white
    cw, ch = rect.cell
    band = config.edge_search * min(cw, ch)
    inset = 0.025
    smooth = (cv2.blur(rect.white, (1, 3)), cv2.blur(rect.white, (3, 1)))

    def fit(r: int, c: int) -> np.ndarray | None:
        lo = ((c + inset) * cw, (r + inset) * ch)
        hi = ((c + 1 - inset) * cw, (r + 1 - inset) * ch)
        return _card_quad(smooth, lo, hi, band)

    found = {(int(r), int(c)): fit(r, c) for r, c in zip(*np.nonzero(present), strict=True)}
    fitted = [_quad_size(q) for q in found.values() if q is not None]
    median = np.median(fitted, axis=0) if fitted else np.array([cw, ch]) * (1 - 2 * inset)

    def usual(q: np.ndarray | None) -> bool:
        return q is not None and bool(
            np.all(np.abs(_quad_size(q) - median) <= config.card_size_tolerance * median)
        )

    _complete_deck(votes, present, found, fit, usual, config)
    quads: dict[tuple[int, int], np.ndarray] = {}
    for (r, c), q in found.items():
        centre = np.array([(c + 0.5) * cw, (r + 0.5) * ch])
        corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * (median / 2)
        quads[(r, c)] = q if usual(q) else centre + corners
    return CardLayout(present, votes, quads)


def _complete_deck(votes, present, found, fit, usual, config: KoperReadConfig) -> None:
    """A Koper board holds all 52 cards: when fewer cells pass the border test (a court card
    whose picture reaches its thin margin, under a dark checker), the missing ones are taken
    from the other cells with at least ``card_border_white_least`` card white: first those in
    which a card outline of the usual size is found, then the whitest. Updates ``present`` and
    ``found`` in place."""
    missing = DECK_SIZE - int(present.sum())
    if missing <= 0:
        return
    candidates = [
        (usual(quad), float(votes[r, c]), (int(r), int(c)), quad)
        for r, c in np.argwhere(~present & (votes >= config.card_border_white_least))
        for quad in [fit(r, c)]
    ]
    candidates.sort(key=lambda k: (k[0], k[1]), reverse=True)
    for _, _, cell, quad in candidates[:missing]:
        present[cell] = True
        found[cell] = quad


def _quad_size(q: np.ndarray) -> np.ndarray:
    """Mean width and height of a TL, TR, BR, BL quadrilateral."""
    w = 0.5 * (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3]))
    h = 0.5 * (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1]))
    return np.array([w, h])
