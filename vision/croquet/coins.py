"""Finding coins in a frame: white discs on the table that were not there when it was set up.

A coin's face is piecepack white (FACTS): bright and nearly grey in every channel, unlike felt,
wood or skin, whose channels differ a lot. Tiles and the markers' paper are white too, so the
pixels that were white in the set-up frame (minus the coins standing there) are masked out once
(:func:`static_white`). Inside a search window a face pixel's darkest channel must reach a share
of the brightest face level within half a coin's radius of it (so a coin in a hand's shadow is
still found, even touching a lit one) and the symbol's holes (suit or numeral) are filled before
measuring (:func:`face_mask`).

Each blob's centre is its centroid, with the part a tile hides taken for the coin's (a coin
beside a tower loses up to 2 mm of its disc under the tower's side in perspective, and the
mask's margin: :func:`_behind_white`); two coins in contact make one blob, which is split by a
few mean-shift steps from where each coin was expected, also when a hand hides so much of the
pair that the blob is no bigger than one coin (:func:`find_blobs`), and from the middle of what
is left while a coin's worth is: a coin nobody expected there (:func:`_unexpected`). A blob's
look (:func:`coin_look`) is the colour of its symbol: "suns", "crowns", "arms" for a knight's
suit in colour, "ink" for a black symbol (the guards' values, and the Moons knight, whose suit
is black).

>>> import numpy as np
>>> frame = np.full((60, 60, 3), (40, 108, 52), np.uint8)
>>> _ = cv2.circle(frame, (30, 25), 9, (238, 243, 246), -1)
>>> blobs = find_blobs(frame, np.zeros((60, 60), bool), (10, 5, 50, 45), [], 254.0)
>>> [(round(b.px[0]), round(b.px[1])) for b in blobs]
[(30, 25)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig

#: The look of each coin as :func:`coin_look` reads it (knights lie suit up, guards value up).
LOOKS = ("suns", "crowns", "arms", "ink")


def _hue(bgr: tuple[int, int, int]) -> np.ndarray:
    v = np.array(bgr, float) - np.mean(bgr)
    return v / np.linalg.norm(v)


#: Unit chroma vectors of the coloured suits (FACTS: piecepackr's defaults, BGR).
_SUIT_HUES = {
    "suns": _hue((0, 94, 213)),
    "crowns": _hue((115, 158, 0)),
    "arms": _hue((233, 180, 86)),
}


@dataclass(frozen=True)
class CoinBlob:
    """A coin seen in a frame: its centre (px), its area (px), its look, whether it was split
    from a blob of coins in contact (its centre is then less sure), and whether its centre is
    placed at all (not when only part of it shows and its rim cannot place it: the centroid of
    what shows lies up to half a coin's radius off)."""

    px: tuple[float, float]
    area: float
    look: str
    merged: bool = False
    placed: bool = True


def _chroma(img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel: the darkest channel, and how far the brightest lies above it."""
    b, g, r = cv2.split(img)
    lo = cv2.min(cv2.min(b, g), r)
    return lo, cv2.subtract(cv2.max(cv2.max(b, g), r), lo)


def components(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """``cv2.connectedComponentsWithStats`` (8-connected) over the bounding box of the mask's
    set pixels only, with Grana's algorithm (on one thread some 3x faster than OpenCV's default
    here); labels, stats and centroids are in the whole mask's coordinates."""
    x, y, w, h = cv2.boundingRect(mask)
    labels = np.zeros(mask.shape, np.int32)
    if not w:
        return (
            1,
            labels,
            np.array([[0, 0, *mask.shape[::-1], mask.size]], np.int32),
            np.zeros((1, 2)),
        )
    n, part, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask[y : y + h, x : x + w], 8, cv2.CV_32S, cv2.CCL_GRANA
    )
    labels[y : y + h, x : x + w] = part
    stats[1:, 0] += x
    stats[1:, 1] += y
    centroids[1:] += (x, y)
    return n, labels, stats, centroids


def static_white(
    image: np.ndarray,
    coins_px: Sequence[tuple[float, float]],
    radius_px: float,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> np.ndarray:
    """The pixels of the set-up frame that look like a piece's white (tiles, their sides, the
    markers' paper) with the symbols they enclose (a tower's Ace, a marker's pattern: holes
    smaller than four coins), except around the coins standing there: a bool mask, grown by
    2 px. A symbol must be static too: a coin's symbol hole is filled also where static white
    closes it (:func:`face_mask`), and a tile's own would be taken for a coin."""
    lo, chroma = _chroma(image)
    white = ((lo >= config.face_min_level) & (chroma <= config.face_max_chroma)).astype(np.uint8)
    contours, hierarchy = cv2.findContours(white, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    small = 4 * np.pi * radius_px**2
    holes = [
        c
        for c, (_, _, _, parent) in zip(contours, hierarchy[0] if contours else (), strict=True)
        if parent >= 0 and cv2.contourArea(c) < small
    ]
    cv2.drawContours(white, holes, -1, 1, -1)
    for x, y in coins_px:
        cv2.circle(white, (round(x), round(y)), round(radius_px + 3), 0, -1)
    return cv2.dilate(white, np.ones((5, 5), np.uint8)).astype(bool)


def face_mask(
    lo: np.ndarray,
    chroma: np.ndarray,
    static: np.ndarray,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    reach_px: int = 4,
) -> np.ndarray:
    """The coin faces in a window, from its darkest channel and chroma (:func:`_chroma`): bright,
    grey, not static white, holes filled (uint8 0/255).

    Each pixel is measured against the brightest face level within ``reach_px`` of it (about half
    a coin's radius), not the window's: a coin in a hand's shadow is still a face next to, even
    touching, a coin in full light, while a blurred rim still falls below its own coin's level."""
    grey = (chroma <= config.face_max_chroma) & ~static & (lo >= config.face_min_level)
    if not grey.any():
        return np.zeros(lo.shape, np.uint8)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach_px + 1, 2 * reach_px + 1))
    level = cv2.dilate(cv2.bitwise_and(lo, lo, mask=grey.view(np.uint8)), disc)
    face = grey & (lo >= config.face_fraction * level.astype(np.float32))
    # A symbol's hole is closed by the static white around it too: a coin beside a tile shows
    # only part of its ring, and an open hole would pull its centroid away from the symbol.
    mask = (face | static).astype(np.uint8) * 255
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(mask, contours, -1, 255, -1)
    mask[static] = 0
    return mask


def coin_look(
    patch: np.ndarray,
    lo: np.ndarray,
    chroma: np.ndarray,
    mask: np.ndarray,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> str:
    """The colour of the symbol inside a coin's filled mask: a suit name or "ink" (``lo`` and
    ``chroma``: the window's darkest channel and chroma, :func:`_chroma`)."""
    inside = mask > 0
    if not inside.any():
        return "ink"
    level = float(lo[inside].max())
    symbol = inside & ((lo < config.face_fraction * level) | (chroma > config.face_max_chroma))
    return suit_of(patch[symbol], config) or "ink"


def suit_of(pixels: np.ndarray, config: CroquetVisionConfig = DEFAULT_CONFIG) -> str | None:
    """The coloured suit a symbol's pixels (N, 3 BGR) show, or None when they are mostly
    black ink (fewer than three in ten carry a colour)."""
    pixels = pixels.reshape(-1, 3)
    coloured = pixels[pixels.max(axis=1) - pixels.min(axis=1) > config.colour_chroma]
    if len(coloured) < max(3, 0.3 * len(pixels)):
        return None
    mean = coloured.astype(float).mean(axis=0)
    hue = (mean - mean.mean()) / (np.linalg.norm(mean - mean.mean()) + 1e-9)
    return max(_SUIT_HUES, key=lambda suit: float(hue @ _SUIT_HUES[suit]))


def _mean_shift(
    mask: np.ndarray, start: tuple[float, float], radius: float, steps: int = 6
) -> tuple[float, float, float]:
    """Centre of the coin under a disc window started at ``start`` (patch px), and its area."""
    ys, xs = np.nonzero(mask)
    cx, cy = start
    area = 0.0
    for _ in range(steps):
        near = (xs - cx) ** 2 + (ys - cy) ** 2 <= radius * radius
        area = float(near.sum())
        if not area:
            break
        nx, ny = float(xs[near].mean()), float(ys[near].mean())
        done = abs(nx - cx) + abs(ny - cy) < 0.05
        cx, cy = nx, ny
        if done:
            break
    return cx, cy, area


def _unexpected(
    part: np.ndarray,
    centres: list[tuple[float, float, float]],
    radius: float,
    min_area: float,
) -> list[tuple[float, float, float]]:
    """Coins of a merged blob ``part`` that no seed found: a coin lying against one that was
    expected there, while its own track is expected elsewhere (it slid out of sight under a
    hand and its prediction went on without it). Each is found by mean shift from the middle of
    the blob's pixels farther than ``radius`` from every centre found, while at least
    ``min_area`` of them are left. Split only around the seeds, such a coin was never seen
    again: its track coasted on and stopped 41 mm from it (bench 1000 at 12.6 s)."""
    ys, xs = np.nonzero(part)
    found: list[tuple[float, float, float]] = []
    for _ in range(2):
        left = np.ones(len(xs), bool)
        for cx, cy, _ in (*centres, *found):
            left &= (xs - cx) ** 2 + (ys - cy) ** 2 > radius * radius
        if left.sum() < min_area:
            break
        found.append(_mean_shift(part, (float(xs[left].mean()), float(ys[left].mean())), radius))
    return found


def _behind_white(
    part: np.ndarray,
    hidden: np.ndarray,
    start: tuple[float, float],
    radius: float,
    min_share: float,
    steps: int = 8,
) -> tuple[float, float, float] | None:
    """The centre of a coin whose blob ``part`` may be cut by static white (``hidden``): a coin
    beside a tower loses the pixels the tower's side covers (seen in perspective, up to 2 mm of
    it) and those the mask's margin takes, so its centroid lies too far from the tower.

    The static pixels inside the coin's disc around the current centre are taken for the coin's
    and the centroid taken again: each step halves the error (in one dimension the visible part
    is [c - r, s], the centroid (c - r + s) / 2; filling to the estimate's rim gives
    (c + estimate) / 2). Returns the centre and how many pixels were taken for the coin's (a
    coin beside a tower is seen whole: its hidden part is where it shows it to be), or None
    when the coin and the static white do not fill its disc (``min_share`` of it) or the
    centre moves more than a tower can explain: something else, a hand, covers part of it too,
    and filling would pull the centre into the tile."""
    ys, xs = np.nonzero(part)
    hy, hx = np.nonzero(hidden)  # never part of the blob: face_mask leaves static white out
    cx, cy = start
    filled = 0
    r2 = radius * radius
    for _ in range(steps):
        inside = (hx - cx) ** 2 + (hy - cy) ** 2 <= r2
        filled = int(inside.sum())
        if not filled:
            return None
        n = len(xs) + filled
        nx = (float(xs.sum()) + float(hx[inside].sum())) / n
        ny = (float(ys.sum()) + float(hy[inside].sum())) / n
        done = abs(nx - cx) + abs(ny - cy) < 0.02
        cx, cy = nx, ny
        if done:
            break
    shows = int(((xs - cx) ** 2 + (ys - cy) ** 2 <= r2).sum())
    if shows + filled < min_share * np.pi * r2:
        return None
    # A tower's side hides at most a third of a coin beside it (the centroid then lies some
    # 2 mm off, a quarter of the radius): a longer shift is a drift into the tile's white.
    if np.hypot(cx - start[0], cy - start[1]) > 0.3 * radius:
        return None
    return cx, cy, float(filled)


def find_blobs(
    frame: np.ndarray,
    static: np.ndarray,
    box: tuple[int, int, int, int],
    seeds: Sequence[tuple[float, float]],
    coin_area_px: float,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    grow: int = -1,
) -> list[CoinBlob]:
    """The coins inside ``box`` (x0, y0, x1, y1, clipped to the frame), a merged blob of coins in
    contact split around the ``seeds`` (where coins were expected, frame px) that fall in it.
    A coin the window's edge cuts is looked for again in a window ``grow`` px wider (by default
    two coin widths) once."""
    h, w = frame.shape[:2]
    x0, y0, x1, y1 = max(0, box[0]), max(0, box[1]), min(w, box[2]), min(h, box[3])
    if x1 - x0 < 3 or y1 - y0 < 3:
        return []
    patch = frame[y0:y1, x0:x1]
    radius = float(np.sqrt(coin_area_px / np.pi))
    lo, chroma = _chroma(patch)
    mask = face_mask(lo, chroma, static[y0:y1, x0:x1], config, max(1, round(radius / 2)))
    n, labels, stats, centroids = components(mask)
    if grow < 0:
        grow = round(4 * radius)
    blobs: list[CoinBlob] = []
    pad = int(np.ceil(radius)) + 2
    sx, sy = (np.asarray(seeds, float).reshape(-1, 2) - (x0, y0)).T
    for k in range(1, n):
        area = float(stats[k, cv2.CC_STAT_AREA])
        if area < config.min_coin_share * coin_area_px:
            continue
        if _cut(stats[k], (x0, y0, x1, y1), (w, h)):
            if grow:
                return find_blobs(
                    frame,
                    static,
                    (x0 - grow, y0 - grow, x1 + grow, y1 + grow),
                    seeds,
                    coin_area_px,
                    config,
                    grow=0,
                )
            continue
        # The component's bounding box grown by a coin's radius holds every seed that may
        # split it and every disc drawn around its coins: work there, not in the whole window.
        bx, by, bw, bh = (int(v) for v in stats[k, :4])
        cx0, cy0 = max(0, bx - pad), max(0, by - pad)
        cx1, cy1 = min(x1 - x0, bx + bw + pad), min(y1 - y0, by + bh + pad)
        part = (labels[cy0:cy1, cx0:cx1] == k).astype(np.uint8) * 255
        centres = [(float(centroids[k][0]) - cx0, float(centroids[k][1]) - cy0, area)]
        by_blob = (
            (sx >= bx - radius)
            & (sx <= bx + bw + radius)
            & (sy >= by - radius)
            & (sy <= by + bh + radius)
        )
        near = list(zip((sx[by_blob] - cx0).tolist(), (sy[by_blob] - cy0).tolist(), strict=True))
        # Coins in contact: a blob too big for one coin, or (half under a hand, where the blob
        # may be no bigger than one coin) one near where two coins were expected. A seed beside
        # the blob that is not its coin finds none of it within a coin's radius.
        split = area > 1.35 * coin_area_px or len(near) > 1
        if split and near:
            centres = [_mean_shift(part, s, radius) for s in near]
            centres += _unexpected(part, centres, radius, config.full_coin_share * coin_area_px)
        centres = [c for c in centres if c[2] >= config.min_coin_share * coin_area_px]
        merged = area > 1.35 * coin_area_px or len(centres) > 1
        crop = (slice(cy0, cy1), slice(cx0, cx1))
        hidden = static[y0:y1, x0:x1][crop]
        if not merged and centres and hidden.any():
            reach = radius * float(np.sqrt(config.face_share))
            fill = _behind_white(part, hidden, centres[0][:2], reach, config.whole_coin_share)
            if fill is not None:
                centres = [(fill[0], fill[1], centres[0][2] + fill[2])]
        for cx, cy, a in centres:
            disc = np.zeros_like(part)
            cv2.circle(disc, (round(cx), round(cy)), round(radius), 255, -1)
            look = coin_look(
                patch[crop], lo[crop], chroma[crop], cv2.bitwise_and(part, disc), config
            )
            blobs.append(
                CoinBlob(
                    (cx + cx0 + x0, cy + cy0 + y0),
                    min(a, coin_area_px),
                    look,
                    merged,
                )
            )
    # Coins lie side by side, never over one another: of two centres closer than three
    # quarters of a coin's width only the larger is a coin (a seed where a coin lies hidden
    # drifts into the neighbour beside it).
    return dedupe(blobs, 1.5 * radius)


def _cut(stat: np.ndarray, box: tuple[int, int, int, int], size: tuple[int, int]) -> bool:
    """Whether a component runs into the window's edge inside the frame (the window cuts it:
    another window holds it whole)."""
    x, y, w, h = (int(v) for v in stat[:4])
    x0, y0, x1, y1 = box
    return (
        (x == 0 and x0 > 0)
        or (y == 0 and y0 > 0)
        or (x + w == x1 - x0 and x1 < size[0])
        or (y + h == y1 - y0 and y1 < size[1])
    )


def dedupe(blobs: list[CoinBlob], within: float) -> list[CoinBlob]:
    """The blobs without repeats: of blobs within ``within`` px of each other the largest stays
    (a window's edge may cut a coin that another window holds whole)."""
    out: list[CoinBlob] = []
    for b in sorted(blobs, key=lambda b: -b.area):
        if all(np.hypot(b.px[0] - o.px[0], b.px[1] - o.px[1]) > within for o in out):
            out.append(b)
    return out
