"""One frame compared with the bare table: where coins show, and where hands are.

A pixel has changed when it differs from the bare table (:class:`TableModel`) by more than the
camera's noise allows (:meth:`CameraNoise.threshold`), after the light's overall level in this
frame (its gain against the bare table, the median over a fixed sample of table pixels) is
divided out, so a dimmer lamp or mains flicker changes nothing. A
pixel darker than the table by one common factor in every channel is a shadow, not a thing: a
shadow dims the light falling on the cloth, it does not change the cloth's colour.

Changed grid points join into regions. A region of at least ``hand_coins`` coins' area beyond the
coins expected in it is a hand (with its arm or its shadow's edge), and so is one of over one and a
half coins beyond them that runs off the table's edge: a hand always comes in over the edge on its
arm, while a coin leaving the table shows as one coin, and coins lying close together show as one
region of their own area. What a hand's region encloses is the hand's: the camera looks down on a
hand over the table, so what shows only through a gap in its outline (a stretch of sleeve whose
colour happens to match the cloth's in shade, the table between two fingers) lies under it or in its
shade, never a coin in the open. A coin shows as its disc and a pixel's worth of rim round it (its
side, and the blend of its edge with the table): a smaller region holds ``round(area / that area)``
coins (less the ring round each set-up spot inside it where the bare table was painted in wider than
a coin), or as many as are expected inside it if more and its area is more than one fewer of them
show (less what touching coins' outlines overlap where their rims meet): a coin whose face matches
the table's print in places shows less than its disc, and the split below tells the coins apart or,
finding them closer than two coins can lie, reads one coin fewer (so a wrong belief never splits one
coin in two); none if it is smaller than ``coin_fill`` of one (a coin that shows shows whole; one a
hand covers part of is in the hand's region). Each coin read, the pixels nearer its centre than any
other's (holes filled), must be as wide as a coin across its narrowest direction, less half the
camera's edge ramp that a coin barely out of the noise loses of its rim (motion blur only lengthens
a coin, along its path; touching coins part at their tangent): a shadow's fringe, a hand's edge or
an arm's outline across a tile is not; and a coin's disc, round the centre read, must be filled to
``coin_fill`` of it: a coin is round, and a shade's wedge or a hand's fragment as big as a coin is
not. The coins' centres are read at full resolution: the centroid of the region's changed pixels, or
for two or more touching coins the centres of a k-means split of them (two equal discs in contact
split exactly at their tangent; a split that puts two centres closer than a coin's width, which no
two coins can be, cut one coin smeared by its speed, and is made again with one coin fewer), each
then moved to the centre of the coin-sized disc the changed pixels fill
(:func:`~vision.croquet.motion.discs.disc_centres`). A coin's outline seen from above at a slant is
its top face and the side below it: two equal discs, one above the other, and all between; that
shape is symmetric about the point halfway up the coin's axis, so its centroid is read on the plane
half a coin's thickness above the table.

The camera's noise is measured on every frame from the sampled table pixels away from the coins
(:class:`~vision.croquet.motion.table_model.CameraNoise`): its spread, and the tail of a
compressed or sharpened picture's differences, set how far a pixel must differ to have
changed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

import cv2
import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from engines.croquetnole.layout import Point
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.discs import (
    coverage,
    disc_centres,
    disc_filled,
    holes_filled,
    least_variance,
    nearest_centre,
    nonzero,
    split_region,
)
from vision.croquet.motion.table_model import CameraNoise, TableModel, face_colour

#: A coin's thickness (1/8 in, RULINGS: pieces): its top face is where the camera reads it.
COIN_THICK_MM = 3.175
#: Points of a hand's region kept to measure distances to it.
_HAND_POINTS = 300
#: Every this many frames a region of coins nothing could have moved is read afresh all the
#: same, so the position noise goes on being measured (:class:`RegionMemory`).
_REREAD_FRAMES = 8
#: The share of the table's sampled pixels that hands (with arms and shadows) may leave out of
#: the noise's sample at most: an arm reaching over a table covers a tenth of it or so, so a
#: frame changed over more than half of it shows the noise misjudged, not hands.
_MOST_HANDS_COVER = 0.5
#: A pixel and its eight neighbours.
_NEIGHBOURS = np.ones((3, 3), np.uint8)
#: The weights that add a BGR pixel's channels (:func:`_channel_sum`).
_SUM_CHANNELS = np.ones((1, 3), np.float32)


@dataclass(frozen=True)
class Sighting:
    """A coin seen: its centre (table mm), its look (mean BGR under the bare table's light:
    the frame's divided by its gain), how many coins its region held, whether a hand
    touches that region (its reading is less sure there), whether it was read afresh in
    this frame (not taken again from a region that has not changed: :class:`RegionMemory`),
    and the bare table's colour round it (a blurred or half-seen coin's look is mixed with
    it)."""

    mm: Point
    look: tuple[float, float, float]
    of: int = 1
    by_hand: bool = False
    fresh: bool = True
    ground: tuple[float, float, float] | None = None


@dataclass
class RegionMemory:
    """The coins read in each region of coins when they were last read, with the region's
    picture then. A region is read the same again, without the work, when nothing could have
    moved a coin in it (:func:`_quiet`: no hand within a hand's length of its coins, no coin
    in motion within touching distance and a frame's slide; a coin nothing touches does not
    move), save every ``_REREAD_FRAMES``-th frame, which follows the position noise; or when
    its picture has changed nowhere by more than the camera's noise allows
    (:meth:`CameraNoise.thresholds`): nothing in it moved by more than the noise over the
    coin's contrast against the table, a few hundredths of a pixel. It is compared with the
    picture when it was last read, not the last frame's, so a slow creep adds up until it
    shows. A region is known again by its coins' number and its box (:meth:`match`); where
    nothing could have moved its coins, also as the regions remembered whose boxes' centres
    lie in its box (:meth:`within`), whatever number of coins its area now gives: a rim's
    difference wavering about the threshold moves a box's edges by steps, joins coins lying
    close into one region or parts them, and sways the area a coin in part hidden (against a
    tower) shows, while nothing moves."""

    regions: dict[tuple[int, int, int, int, int], tuple[np.ndarray, list[Sighting]]] = field(
        default_factory=dict
    )
    frames: int = 0

    def match(
        self, box: tuple[int, int, int, int], k: int, step: int
    ) -> tuple[tuple[int, int, int, int, int], np.ndarray, list[Sighting]] | None:
        """The region remembered as the one at ``box`` (x, y, w, h) holding ``k`` coins: the
        same number of coins, and each edge of its box within one grid ``step`` of this one's.
        A region's box is read from the grid, so a rim pixel's difference wavering about the
        threshold moves an edge by a step from frame to frame while nothing moves.

        >>> m = RegionMemory({(10, 20, 40, 40, 1): (np.zeros((40, 40, 3), np.uint8), [])})
        >>> m.match((14, 20, 36, 44), 1, 4)[0], m.match((14, 20, 36, 44), 2, 4)
        ((10, 20, 40, 40, 1), None)
        >>> m.match((15, 20, 40, 40), 1, 4)
        """
        x, y, w, h = box
        for key, (patch, found) in self.regions.items():
            bx, by, bw, bh, bk = key
            if (
                bk == k
                and max(abs(bx - x), abs(by - y), abs(bx + bw - x - w), abs(by + bh - y - h))
                <= step
            ):
                return key, patch, found
        return None

    def within(self, box: tuple[int, int, int, int]) -> list[Sighting]:
        """The coins read in the regions remembered whose boxes' centres lie inside ``box``
        (x, y, w, h).

        >>> coin = Sighting((1.0, 2.0), (9.0, 9.0, 9.0))
        >>> m = RegionMemory({(10, 10, 20, 20, 1): (np.zeros((1, 1, 3), np.uint8), [coin]),
        ...                   (28, 10, 20, 20, 1): (np.zeros((1, 1, 3), np.uint8), [coin])})
        >>> len(m.within((8, 8, 44, 26))), len(m.within((8, 8, 26, 26))), m.within((60, 8, 9, 9))
        (2, 1, [])
        """
        x, y, w, h = box
        return [
            c
            for key, (_, found) in self.regions.items()
            if x <= key[0] + key[2] / 2 < x + w and y <= key[1] + key[3] / 2 < y + h
            for c in found
        ]


@dataclass(frozen=True, eq=False)
class Hand:
    """A hand's changed region: points spread over it (table mm) and its area in coins."""

    points: np.ndarray
    coins: float

    def distance(self, p: Point) -> float:
        """How far (mm) ``p`` lies from the nearest point of the region."""
        d = self.points - np.asarray(p, float)
        return float(np.sqrt((d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]).min()))

    @cached_property
    def _box(self) -> tuple[float, float, float, float]:
        """The corners of the points' bounding box: x, y least, then x, y most."""
        lo, hi = self.points.min(axis=0), self.points.max(axis=0)
        return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])

    def within(self, p: Point, reach: float) -> bool:
        """Whether ``p`` lies within ``reach`` (mm) of the region (:meth:`distance`): most
        points lie far from every hand, and its bounding box, which no point lies nearer
        than (its gap rounds as the points' distances do, never past them), says so at once.
        """
        x0, y0, x1, y1 = self._box
        gx, gy = max(x0 - p[0], p[0] - x1, 0.0), max(y0 - p[1], p[1] - y1, 0.0)
        return math.sqrt(gx * gx + gy * gy) <= reach and self.distance(p) <= reach


@dataclass(frozen=True)
class View:
    """What one frame shows: the coins seen, the hands, and the light's gain; and the set-up
    spots where the bare table is still only painted in (table mm), whose coin may have left
    unseen."""

    sightings: tuple[Sighting, ...]
    hands: tuple[Hand, ...]
    gain: float
    painted: tuple[Point, ...] = ()

    def hand_distance(self, p: Point) -> float:
        """How far (mm) ``p`` lies from the nearest hand (infinite with none)."""
        return min((h.distance(p) for h in self.hands), default=math.inf)

    def hand_within(self, p: Point, reach: float) -> bool:
        """Whether a hand lies within ``reach`` (mm) of ``p`` (:meth:`Hand.within`)."""
        return any(h.within(p, reach) for h in self.hands)


def _changed(
    frame: np.ndarray,
    table: np.ndarray,
    grad: np.ndarray,
    gain: float,
    noise: CameraNoise,
    config: MotionConfig,
    faces: FaceColours,
    block: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Where ``frame`` (BGR uint8) differs in any channel from ``table`` (BGR uint8, whose
    gradient is ``grad``) seen at ``gain`` by more than the camera's noise allows at a flat or
    an edge pixel (:meth:`CameraNoise.thresholds`, two levels more for the rounding of both),
    shadows left out (a 0/1 uint8 mask). The shadow test runs on the changed pixels only. A
    pixel coloured as a coin's face (within one of the coins' colour ranges,
    :func:`face_range`, under this frame's light: ``faces``) is
    no shadow: a dark grey coin on a white tile dims every channel alike too; nor is one where
    the table's pattern does not show through (:func:`hides_pattern`, in squares of ``block``
    pixels, a coin's width): a brown hand on a brown wood dims it alike too. Also each pixel's
    largest channel difference (uint8)."""
    flat, edge = (gain * v + 2.0 for v in noise.thresholds(config.sure_sds))
    lit = cv2.convertScaleAbs(table, alpha=gain)
    b, g, r = cv2.split(cv2.absdiff(frame, lit))
    largest = cv2.max(cv2.max(b, g), r)
    _, mask = cv2.threshold(largest, flat, 1, cv2.THRESH_BINARY)
    if edge > flat:
        # An edge pixel has changed beyond ``edge``, a flat one beyond ``flat``.
        _, beyond_edge = cv2.threshold(largest, edge, 1, cv2.THRESH_BINARY)
        flat_px = (grad < noise.edge_gradient).view(np.uint8)
        mask = cv2.bitwise_or(beyond_edge, cv2.bitwise_and(mask, flat_px))
    ys, xs = nonzero(mask)
    if len(ys):
        ratio = (frame[ys, xs].astype(np.float32) + 1.0) / (
            table[ys, xs].astype(np.float32) * np.float32(gain) + 1.0
        )
        b, g, r = ratio[:, 0], ratio[:, 1], ratio[:, 2]
        lo, hi = np.minimum(np.minimum(b, g), r), np.maximum(np.maximum(b, g), r)
        least, most = config.shadow_ratio
        shadow = (lo >= least) & (hi <= most) & (hi - lo <= config.shadow_spread)
        if shadow.any():
            at = np.flatnonzero(shadow)
            shadow[at[in_faces(faces.lookup, frame[ys[at], xs[at]])]] = False
        if shadow.any():
            at = np.flatnonzero(shadow)
            shadow[at[hides_pattern(frame, table, gain, ys[at], xs[at], noise.sd, block)]] = False
        mask[ys[shadow], xs[shadow]] = 0
    return mask, largest


@dataclass
class FaceColours:
    """The colour ranges of the coins' faces (:func:`face_range`) seen at one frame's
    ``gain``, looked up (:func:`face_lookup`) only if a frame's shadow test needs them."""

    ranges: np.ndarray
    gain: float

    @cached_property
    def lookup(self) -> np.ndarray:
        """The ranges' :func:`face_lookup` at ``gain``."""
        return face_lookup(self.ranges, self.gain)


def face_lookup(ranges: np.ndarray, gain: float) -> np.ndarray:
    """A lookup of which of a coin face's colour ``ranges`` (R x 2 x 3: low and high BGR
    under the bare table's light) each value of each channel, seen at ``gain``, lies within:
    a bit per range, 64 ranges to a word (words x 3 x 256, uint64). A channel takes 256
    values, so a frame's pixels are tested by looking them up (:func:`in_faces`). The values
    within a range run from the first seen at or above its low end to the last at or below
    its high end: each range's bit is set there and taken off after, and the running sum
    over the values holds the bits of the ranges each lies within."""
    seen = np.arange(256, dtype=np.float32) / gain
    words = []
    for first in range(0, len(ranges), 64):
        part = ranges[first : first + 64]
        bits = np.left_shift(np.uint64(1), np.arange(len(part), dtype=np.uint64))
        edges = np.zeros((3, 257), np.uint64)
        for c in range(3):
            np.add.at(edges[c], np.searchsorted(seen, part[:, 0, c], "left"), bits)
            np.subtract.at(edges[c], np.searchsorted(seen, part[:, 1, c], "right"), bits)
        words.append(np.cumsum(edges, axis=1, dtype=np.uint64)[:, :256])
    return np.array(words, np.uint64).reshape(-1, 3, 256)


def in_faces(lookup: np.ndarray, px: np.ndarray) -> np.ndarray:
    """Whether each of the BGR pixels ``px`` (N x 3 uint8) lies within one of the ranges of
    ``lookup`` (:func:`face_lookup`) in every channel.

    >>> ranges = np.array([[[10, 10, 10], [20, 20, 20]], [[50, 0, 0], [60, 5, 5]]], float)
    >>> px = np.array([[15, 15, 15], [15, 15, 30], [55, 15, 15], [110, 4, 0]], np.uint8)
    >>> in_faces(face_lookup(ranges, 2.0), px).tolist()
    [False, False, False, True]
    """
    out = np.zeros(len(px), bool)
    for word in lookup:
        out |= (word[0][px[:, 0]] & word[1][px[:, 1]] & word[2][px[:, 2]]) != 0
    return out


def hides_pattern(
    frame: np.ndarray,
    table: np.ndarray,
    gain: float,
    ys: np.ndarray,
    xs: np.ndarray,
    sd: float,
    block: int,
) -> np.ndarray:
    """Whether each of the pixels at rows ``ys``, columns ``xs`` hides the bare table's
    pattern rather than shading it: the test that tells a thing dimmer than the table from a
    shadow where colour cannot (a brown hand on brown wood, a dark sleeve on grey cloth).

    A shadow only takes away some of the light falling on the table, so the table's own
    pattern (grain, weave, print) shows through it at the same contrast: in logarithms, the
    frame's fine detail equals the bare table's (a slope of 1), whatever the shadow's depth.
    A thing lying over the table hides that pattern: its detail does not follow the table's
    (a slope of 0). The pixels are taken in squares of ``block`` pixels; in each, the fine
    detail (each pixel less the mean of its 3 x 3 neighbours, over the pixels whose
    neighbours are all tested) of the frame is regressed on the bare table's (``table``, seen
    at ``gain``). Where the table's detail there stands out of the camera's noise (``sd``
    levels a channel; its variance over four times the noise's, so the noise shrinks a
    shadow's slope by a fifth at most) and the slope is below halfway, the square hides the
    pattern. On a plain cloth no square stands out and the colour test alone decides.

    >>> rng = np.random.default_rng(1)
    >>> wood = np.clip(120 + rng.normal(0, 12, (24, 24, 1)) * [1, 1, 1], 0, 255).astype(np.uint8)
    >>> shade = (wood * 0.6).astype(np.uint8)
    >>> hand = np.full_like(wood, 60)
    >>> ys, xs = [a.ravel() for a in np.mgrid[0:24, 0:24]]
    >>> bool(hides_pattern(shade, wood, 1.0, ys, xs, 1.0, 8).any())
    False
    >>> bool(hides_pattern(hand, wood, 1.0, ys, xs, 1.0, 8).all())
    True
    """
    if not len(ys):
        return np.zeros(0, bool)
    # Worked over the box round the pixels tested: a tested pixel whose eight neighbours
    # are all tested lies inside it.
    y0, x0 = int(ys.min()), int(xs.min())
    y1, x1 = int(ys.max()) + 1, int(xs.max()) + 1
    tested = np.zeros((y1 - y0, x1 - x0), np.uint8)
    tested[ys - y0, xs - x0] = 1
    inner = cv2.erode(tested, _NEIGHBOURS, borderValue=0)[ys - y0, xs - x0] > 0
    iy, ix = ys[inner], xs[inner]
    if not len(iy):
        return np.zeros(len(ys), bool)
    by, bx = iy - y0, ix - x0
    lit_box = _channel_sum(table[y0:y1, x0:x1]) * np.float32(gain) + np.float32(3)
    log_t = cv2.log(lit_box)
    log_f = cv2.log(_channel_sum(frame[y0:y1, x0:x1]) + np.float32(3))
    # Each pixel less the mean of its 3 x 3 neighbours.
    t = (log_t - cv2.blur(log_t, (3, 3)))[by, bx]
    f = (log_f - cv2.blur(log_f, (3, 3)))[by, bx]
    lit = lit_box[by, bx]
    across = frame.shape[1] // block + 1
    squares = (frame.shape[0] // block + 1) * across
    which = (iy // block) * across + ix // block
    # The log of a sum of three channels, each with noise sd, spreads by sqrt(3) sd / sum.
    noise = np.float32(3 * sd * sd) / (lit * lit)
    n = np.bincount(which, minlength=squares)
    txx = np.bincount(which, t * t, minlength=squares)
    txy = np.bincount(which, t * f, minlength=squares)
    floor = np.bincount(which, noise, minlength=squares)
    hidden = (n >= 4) & (txx >= 4 * floor) & (txy < 0.5 * txx)
    return hidden[(ys // block) * across + xs // block]


def _channel_sum(image: np.ndarray) -> np.ndarray:
    """The sum of a BGR picture's three channels at each pixel (float32)."""
    return cv2.transform(image.astype(np.float32), _SUM_CHANNELS)


def see(
    frame: np.ndarray,
    table: TableModel,
    config: MotionConfig,
    expected: Sequence[Point] = (),
    painted: Sequence[Point] = (),
    memory: RegionMemory | None = None,
    moving: Sequence[Point] = (),
    grid: np.ndarray | None = None,
) -> View:
    """Compare ``frame`` with the bare table (see the module doc). ``expected`` are where coins
    are thought to be: they seed the split of a region holding several. ``painted`` are the
    set-up spots where the bare table is still only painted in (:func:`learn_table`). With a
    ``memory``, regions unchanged since they were read, or that nothing could have moved (no
    hand near, none of the coins in motion, at ``moving``, near) are not read again. ``grid``
    is the frame's :meth:`TableModel.grid`, if already taken."""
    s = table.step
    if grid is None:
        grid = table.grid(frame)
    sample = table.gain_sample(grid)
    ratio = (sample + np.float32(1)) / (table.gain_base + np.float32(1))
    # The median (the upper one of an even count: a sample of thousands), by one partition:
    # numpy's median costs several times more.
    gain = float(np.partition(ratio, len(ratio) // 2)[len(ratio) // 2])
    faces = FaceColours(table.faces, gain)
    # Until the camera's noise has been read, a frame is compared with a guess of it: read it
    # from this frame first (no hand is known yet, so none is left out).
    # Where the coins expected show, on the plane their outlines' centroids lie on.
    shown_at = table.cal.to_image(np.array(expected, float), COIN_THICK_MM / 2)
    unread = not table.noise.spreads
    if unread:
        _follow_noise(table, grid, gain, config, shown_at, None, ())
    mask, _ = _changed(
        grid,
        table.coarse,
        table.grad_coarse,
        gain,
        table.noise,
        config,
        faces,
        max(3, round(2 * table.coin_px / s)),
    )
    mask = cv2.bitwise_and(mask, table.on_table_mask)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    # Grana's block-based labelling gives the labels and stats of OpenCV's default (raster
    # order) some three times faster on one thread.
    _, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask, 8, cv2.CV_32S, cv2.CCL_BBDT
    )
    coin_cells = table.coin_area_px / (s * s)
    shown_cells = math.pi * (table.coin_px + 1) ** 2 / (s * s)
    big = np.flatnonzero(stats[1:, cv2.CC_STAT_AREA] >= config.coin_fill * coin_cells) + 1
    at_edge = set(np.unique(labels.reshape(-1)[table.edge_at]).tolist()) if len(big) else set()
    held = _expected_in(labels, table.to_grid(shown_at))
    # The bare table painted in round a set-up spot differs from the table there: a coin
    # still on its spot shows that ring too, which is no coin.
    ring_cells = (config.painted_radii**2 - 1) * coin_cells
    rings = _expected_in(
        labels, table.to_grid(table.cal.to_image(np.array(painted, float), COIN_THICK_MM / 2))
    )
    # Where the bare table was painted in at set-up (on the table's plane, as it was).
    painted_px = table.cal.to_image(np.array(painted, float).reshape(-1, 2))
    # Two touching coins' shown discs overlap where their rims meet, some 2 sqrt(2 r) pixels
    # of a coin's pi (r + 1)^2: with a coin on either side, a coin shows that share less.
    r = table.coin_px
    touch_loss = 2 * math.sqrt(2 * r) / (math.pi * (r + 1) ** 2)
    hands: list[Hand] = []
    hand_ids: list[int] = []
    parts: list[tuple[int, int, int, int, int, int, int]] = []
    ox, oy = table.window[:2]
    for i in big.tolist():
        # Coins lying close together join into one region; what a hand adds is the area
        # beyond the coins expected there.
        beyond = int(stats[i, cv2.CC_STAT_AREA]) / shown_cells - held.get(i, 0)
        if beyond >= config.hand_coins or (i in at_edge and beyond > 1.5):
            hand_ids.append(i)
    enclosed = _enclosed(labels, stats, hand_ids)
    for i in big.tolist():
        x, y, w, h, area = (int(v) for v in stats[i])
        if i in hand_ids:
            ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
            keep = np.linspace(0, len(xs) - 1, min(len(xs), _HAND_POINTS)).astype(int)
            px = table.from_grid(np.column_stack([xs[keep] + x, ys[keep] + y]))
            hands.append(Hand(table.to_mm(px), area / coin_cells))
        elif i not in enclosed:
            parts.append((x, y, w, h, area, rings.get(i, 0), held.get(i, 0)))
    # As many coins as expected are sought if the area holds more than one fewer show: the
    # split then tells them apart or finds them closer than two coins can lie (one coin).
    shown_each = shown_cells * (1 - 2 * touch_loss)
    blobs: list[tuple[int, int, int, int, int]] = []
    for x, y, w, h, area, ring, expected_here in _read_together(parts):
        coins = max(0.0, area - ring * ring_cells) / shown_cells
        fits = max(1, math.ceil(area / shown_each))
        blobs.append((x, y, w, h, max(1, round(coins), min(fits, expected_here))))
    if not unread and table.noise.due():
        _follow_noise(table, grid, gain, config, shown_at, labels, hand_ids)
    #: Each coin read, and whether it was read afresh in this frame.
    sightings: list[tuple[Sighting, bool]] = []
    reuse_quiet = memory is not None and memory.frames % _REREAD_FRAMES != 0
    if memory is not None:
        memory.frames += 1
    kept: dict[tuple[int, int, int, int, int], tuple[np.ndarray, list[Sighting]]] = {}
    flat = gain * table.noise.thresholds(config.sure_sds)[0] + 2.0
    for x, y, w, h, k in blobs:
        box = (ox + x * s - s, oy + y * s - s, (w + 2) * s, (h + 2) * s)
        before = memory.match(box, k, s) if memory is not None else None
        if before is not None:
            old, patch, found = before
            if (reuse_quiet and _quiet(found, hands, moving, config)) or _same(
                _patch(frame, old), patch, flat
            ):
                kept[old] = (patch, found)
                sightings += [(c, False) for c in found]
                continue
        elif memory is not None and reuse_quiet:
            found = memory.within(box)
            if found and _quiet(found, hands, moving, config):
                kept[(*box, k)] = (_patch(frame, box).copy(), found)
                sightings += [(c, False) for c in found]
                continue
        found = _coins_in(frame, table, box, k, gain, faces, flat, config, shown_at, painted_px)
        kept[(*box, k)] = (_patch(frame, box).copy(), found)
        sightings += [(c, True) for c in found]
    if memory is not None:
        memory.regions = kept
    near = config.radius_mm + config.finger_mm
    out = tuple(
        _marked(c, fresh, any(hd.within(c.mm, near) for hd in hands)) for c, fresh in sightings
    )
    return View(out, tuple(hands), gain, tuple(painted))


def _read_together(
    parts: Sequence[tuple[int, int, int, int, int, int, int]],
) -> list[tuple[int, int, int, int, int, int, int]]:
    """Regions of coins (grid box x, y, w, h; area; set-up rings and coins expected in it)
    joined where they are read together. A region is read at full resolution over its box and
    a cell round it, which shows every changed pixel there, a neighbouring region's too: a
    coin whose outline the coarse grid breaks in two (a face as dark as the cloth across its
    middle) would be read once from each piece, twice in all, and the region holding the
    larger piece would count one coin short. Regions whose read boxes overlap are one region:
    their box the boxes' union, their area, rings and coins expected the sums.

    >>> _read_together([(0, 0, 3, 3, 7, 0, 1), (4, 0, 3, 3, 6, 0, 0), (20, 0, 3, 3, 9, 0, 1)])
    [(0, 0, 7, 3, 13, 0, 1), (20, 0, 3, 3, 9, 0, 1)]
    """
    if len(parts) < 2:
        return list(parts)
    box = np.array([p[:4] for p in parts], float)
    lo, hi = box[:, :2] - 1, box[:, :2] + box[:, 2:] + 1
    overlap = np.all((lo[:, None, :] < hi[None, :, :]) & (lo[None, :, :] < hi[:, None, :]), axis=2)
    if np.count_nonzero(overlap) == len(parts):
        # Each overlaps only itself, as in most frames.
        return list(parts)
    count, group = connected_components(csr_matrix(overlap), directed=False)
    out = []
    for g in range(count):
        members = [parts[int(i)] for i in np.flatnonzero(group == g)]
        x0 = min(m[0] for m in members)
        y0 = min(m[1] for m in members)
        x1 = max(m[0] + m[2] for m in members)
        y1 = max(m[1] + m[3] for m in members)
        area, rings, expected = (sum(m[j] for m in members) for j in (4, 5, 6))
        out.append((x0, y0, x1 - x0, y1 - y0, area, rings, expected))
    return out


def _marked(c: Sighting, fresh: bool, by_hand: bool) -> Sighting:
    """``c`` marked read afresh or not and beside a hand or not (a copy only where that
    changes it: most coins are read again as they were)."""
    if c.fresh == fresh and c.by_hand == by_hand:
        return c
    return replace(c, fresh=fresh, by_hand=by_hand)


def _quiet(
    coins: Sequence[Sighting], hands: Sequence[Hand], moving: Sequence[Point], cfg: MotionConfig
) -> bool:
    """Whether nothing can have moved the coins read at ``coins`` since: no hand within a
    hand's length of any (a hand seen from a slant shows displaced from the fingertip that
    touches a coin, so a hand beyond a finger's reach may still flick it), and no coin in
    motion within touching distance and a frame's slide of any."""
    reach = cfg.hand_mm
    slide = cfg.touch_mm + cfg.max_step_mm
    for c in coins:
        if any(h.within(c.mm, reach) for h in hands):
            return False
        if any(math.dist(c.mm, m) <= slide for m in moving):
            return False
    return True


def _patch(frame: np.ndarray, box: Sequence[int]) -> np.ndarray:
    """The part of ``frame`` within ``box`` (x, y, w, h; clipped to the frame)."""
    x0, y0 = max(0, box[0]), max(0, box[1])
    return frame[y0 : box[1] + box[3], x0 : box[0] + box[2]]


def _same(patch: np.ndarray, before: np.ndarray, threshold: float) -> bool:
    """Whether no pixel of ``patch`` differs from ``before`` in any channel by more than
    ``threshold``."""
    if patch.shape != before.shape:
        return False
    diff = cv2.absdiff(patch, before).reshape(patch.shape[0], -1)
    return float(diff.max(initial=0)) <= threshold


def _expected_in(labels: np.ndarray, px: np.ndarray) -> dict[int, int]:
    """How many of the coins expected, seen at ``px`` (N x 2, in ``labels``' pixels), lie
    inside each region (by its label)."""
    if not len(px):
        return {}
    g = np.round(px).astype(int)
    h, w = labels.shape
    inside = (g[:, 0] >= 0) & (g[:, 0] < w) & (g[:, 1] >= 0) & (g[:, 1] < h)
    found = labels[g[inside, 1], g[inside, 0]]
    return dict(Counter(found[found > 0].tolist()))


def _follow_noise(
    table: TableModel,
    grid: np.ndarray,
    gain: float,
    config: MotionConfig,
    shown_at: np.ndarray,
    labels: np.ndarray | None,
    hand_ids: Sequence[int],
) -> None:
    """Give the camera's noise (:class:`CameraNoise`) this frame's differences from the bare
    table at the sampled pixels, the light's gain divided out, leaving out what is not noise:
    the pixels within two coin radii of a coin expected, seen at ``shown_at`` (full-size
    pixels; the bare table was painted in under
    the coins at set-up, and a coin is not noise), those within a finger's width of a hand's
    region (``labels``' regions ``hand_ids``: a hand's fringe falls just short of changing),
    and those a shadow dims (every channel by one common factor, beyond what the noise
    spreads a pixel)."""
    busy: np.ndarray = np.zeros(grid.shape[:2], np.uint8)
    if len(shown_at):
        px = table.to_grid(shown_at)
        reach = max(1, round(2 * table.coin_px / table.step))
        for x, y in np.round(px).astype(int).tolist():
            cv2.circle(busy, (x, y), reach, 1, -1)
    if labels is not None and hand_ids:
        finger = config.finger_mm * table.coin_px / config.radius_mm / table.step
        size = 2 * max(1, round(finger)) + 1
        hand = np.isin(labels, hand_ids).astype(np.uint8)
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
        busy = cv2.bitwise_or(busy, cv2.dilate(hand, disc))
    at = table.noise_at[busy.reshape(-1)[table.noise_at] == 0]
    if len(at) < _MOST_HANDS_COVER * len(table.noise_at):
        # No hands cover that much of a table: the picture changed all over (the noise was
        # misjudged), and the whole of it says how much.
        at = table.noise_at
    g = grid.reshape(-1, 3)[at].astype(np.float32) / np.float32(gain)
    b = table.coarse.reshape(-1, 3)[at].astype(np.float32)
    table.noise.observe(g - b, table.grad_coarse.reshape(-1)[at])


def _coins_in(
    frame: np.ndarray,
    table: TableModel,
    box: tuple[int, int, int, int],
    k: int,
    gain: float,
    faces: FaceColours,
    flat: float,
    config: MotionConfig,
    shown_at: np.ndarray,
    painted_px: np.ndarray,
) -> list[Sighting]:
    """The ``k`` coins of a region, read at full resolution within ``box`` (x, y, w, h) at
    ``gain`` (``faces``: the coins' colours seen at it); ``flat`` is the
    difference beyond which a flat pixel has changed this frame; the coins expected show at
    ``shown_at`` (pixels, N x 2); the bare table was painted in round ``painted_px`` (pixels,
    N x 2) at set-up. A painted spot that shows the table's colour (:func:`_bare`) holds no
    coin: its changed pixels are the painting's error, which would pull the reading of a coin
    beside it, and are left out."""
    x0, y0 = max(0, box[0]), max(0, box[1])
    x1, y1 = min(table.size[0], box[0] + box[2]), min(table.size[1], box[1] + box[3])
    if x1 <= x0 or y1 <= y0:
        return []
    patch = frame[y0:y1, x0:x1]
    mask, largest = _changed(
        patch,
        table.background[y0:y1, x0:x1],
        table.grad[y0:y1, x0:x1],
        gain,
        table.noise,
        config,
        faces,
        max(3, round(2 * table.coin_px)),
    )
    ys, xs = nonzero(mask)
    if len(xs) < 3 * k:
        return []
    pts = np.column_stack([xs, ys]).astype(np.float32)
    weights = coverage(mask, largest, flat)[ys, xs]
    # The coins are sought from the pixels clear of any painted spot that holds none, and
    # each is then read as the disc its own pixels fill, wherever they lie.
    seeds = pts
    reach = config.painted_radii * table.coin_px
    for spot in painted_px:
        if not (x0 - reach <= spot[0] <= x1 + reach and y0 - reach <= spot[1] <= y1 + reach):
            continue
        if not _face_at(frame, table, spot, gain)[2]:
            continue
        clear = np.hypot(*(seeds - (spot - (x0, y0))).T) > reach
        if np.count_nonzero(clear) < 3 * k:
            return []
        seeds = seeds[clear]
    window = table.coin_px + 1.0
    while k > 1:
        starts, held = split_region(seeds, k, table.coin_px, shown_at - (x0, y0))
        found = disc_centres(pts, starts[held], window, weights)
        # On the table, where the camera's slant and distance no longer change sizes.
        on_table = table.cal.to_table(found + np.array([x0, y0]), COIN_THICK_MM / 2)
        gaps = np.hypot(*(on_table[:, None, :] - on_table[None, :, :]).transpose(2, 0, 1))
        if len(found) == k and gaps[np.triu_indices(k, 1)].min() >= config.apart_mm:
            break
        # Two coins never lie closer than a coin's width, centre to centre: a split that puts
        # two closer cut one coin (smeared along its path by its speed, or joined to another
        # across a gap) in two, or two touching coins in three.
        k -= 1
    if k == 1:
        found = disc_centres(pts, seeds.mean(axis=0, keepdims=True), window, weights)
    whole = holes_filled(mask)
    wy, wx = nonzero(whole)
    filled = np.column_stack([wx, wy]).astype(np.float32)
    own = nearest_centre(filled, found.astype(np.float32))
    out = []
    for i, c in enumerate(found):
        piece = filled[own == i]
        if len(piece) < 3 or math.sqrt(least_variance(piece)) < (
            (table.coin_px - table.ramp_px / 2) / 2
        ):
            # Each coin of a region shows as wide as a coin across its narrowest direction
            # (two touching coins part at their tangent, each keeping its whole disc), less
            # what its rim loses: a strip as narrow as a hand's edge or an arm's outline over
            # a tile is none. A uniform disc of radius r spreads its pixels by r / 2 in every
            # direction. Across its rim the picture ramps from table to coin over the
            # camera's edge ramp (:func:`edge_ramp`), the true edge halfway; a pixel on the
            # ramp changed if its share of coin exceeds the threshold over the coin's
            # contrast, so a coin barely out of the noise (a dark coin on a dark cloth) loses
            # up to half the ramp, and a contrasting one none. Its face's marks as dark as
            # the table round them are still the coin's: the width is read with the holes
            # filled, as the disc is.
            continue
        if disc_filled(whole, c, table.coin_px - 1) < config.coin_fill:
            # No coin's disc there: a shade's or a hand's fragment, as big as a coin but
            # not round (a coin that shows shows whole, and is round, blur only lengthens it).
            continue
        px = np.array([[c[0] + x0, c[1] + y0]])
        mm = table.cal.to_table(px, COIN_THICK_MM / 2)[0]
        look, around, bare = _face_at(frame, table, px[0], gain)
        if bare:
            continue
        bgr = (float(look[0]), float(look[1]), float(look[2]))
        ground = (float(around[0]), float(around[1]), float(around[2]))
        out.append(Sighting((float(mm[0]), float(mm[1])), bgr, k, ground=ground))
    return out


def _enclosed(labels: np.ndarray, stats: np.ndarray, regions: Sequence[int]) -> set[int]:
    """The labels of ``labels`` that lie within the holes of the regions labelled ``regions``
    (what they enclose: :func:`holes_filled`), sought within the box round those regions
    (``stats`` of :func:`cv2.connectedComponentsWithStats`), where every hole of theirs lies.

    >>> ring = np.zeros((7, 7), np.int32); ring[1:6, 1:6] = 1; ring[2:5, 2:5] = 0
    >>> ring[3, 3] = 2
    >>> stats = np.array([[0, 0, 7, 7, 0], [1, 1, 5, 5, 16], [3, 3, 1, 1, 1]])
    >>> sorted(_enclosed(ring, stats, [1])), sorted(_enclosed(ring, stats, [2]))
    ([2], [])
    """
    if not len(regions):
        return set()
    boxes = stats[list(regions), :4]
    x0, y0 = boxes[:, 0].min(), boxes[:, 1].min()
    x1, y1 = (boxes[:, 0] + boxes[:, 2]).max(), (boxes[:, 1] + boxes[:, 3]).max()
    box = labels[y0:y1, x0:x1]
    outline = np.isin(box, regions).astype(np.uint8)
    inside = (holes_filled(outline) > 0) & (outline == 0)
    return set(np.unique(box[inside]).tolist()) - {0}


def _face_at(
    frame: np.ndarray, table: TableModel, px: np.ndarray, gain: float
) -> tuple[np.ndarray, np.ndarray, bool]:
    """The look of a coin's face centred at ``px`` (full-size pixels) under the bare table's
    light (the frame's divided by its ``gain``), the bare table's colour round it, and whether
    the face is nearer that than any coin's look (:func:`_bare`)."""
    look = face_colour(frame, (float(px[0]), float(px[1])), table.coin_px) / gain
    around = table.around(px)
    return look, around, _bare(look, around, table.looks.values())


def _bare(look: np.ndarray, table: np.ndarray, coins: Iterable[np.ndarray]) -> bool:
    """Whether the colour of a coin's face where a region shows one is nearer the bare table
    round it than any coin's look (both the mean of a coin's face, :func:`face_colour`): no
    coin but a place where the bare table was only guessed (painted in where a coin stood at
    set-up) and the coin has since left."""
    near_table = float(np.linalg.norm(look - table))
    return all(near_table < float(np.linalg.norm(look - c)) for c in coins)
