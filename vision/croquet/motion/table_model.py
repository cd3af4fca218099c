"""What the referee learns of a table at set-up: how the bare table looks, how noisy the camera
is, how big a coin appears, and how each coin looks.

Nothing about the coins' art, the cloth or the light is assumed. The SETUP says where every coin
stands in the first frame, so:

* the bare table (the *background*) is the first frame with each coin's disc painted out from
  its surroundings (:func:`cv2.inpaint`); the referee refreshes it where a coin has left
  (:meth:`TableModel.refresh`);
* each coin's *look* is the mean colour of its face in that frame: two coins are told apart by
  its chromaticity (:func:`chromaticity`) where their colours differ (a coloured knight from an
  inked guard) and not where they do not, and a coin from the bare table by the colour itself;
* a coin's size in pixels comes from the calibration at the table's centre;
* how many pixels an edge takes to rise (the camera's *edge ramp*: its lens, its focus, its
  compression) is read off the coins' own rims (:func:`edge_ramp`);
* the camera's noise is measured on every frame (:class:`CameraNoise`).

Frames are compared with the background on a grid of every ``step``-th pixel first, chosen so
that a coin's width spans at least four grid points: cheap enough to run at several times the
camera's frame rate on one core. The grid covers only the table's *window* (the box round the
table and a coin's radius beyond its edges, :attr:`TableModel.window`): nothing off the table
is refereed, and a camera seeing the table from afar sees a lot of floor.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import cv2
import numpy as np

from engines.croquetnole.layout import Point
from vision.croquet.calibrate import Calibration
from vision.croquet.motion.config import MotionConfig

#: Grid points across a coin's width on the coarse comparison grid.
_GRID_PER_COIN = 4
#: Table pixels sampled to follow the light's overall level from frame to frame.
_GAIN_SAMPLES = 4000
#: Frames observed over which the camera's noise is followed, one in ``_NOISE_EVERY`` (an
#: eighth of a second at 120 fps: the noise changes with the light and the exposure, over
#: seconds): five seconds, so a hand over part of the table for a second or two does not move it.
_NOISE_FRAMES = 40
_NOISE_EVERY = 15
#: Differences a frame's sample must hold beyond its tail for the tail to be read.
_TAIL_SEEN = 3
#: Table pixels sampled to follow the camera's noise: where a tenth of them lie on edges, the
#: edges' tail is still read at a few in a thousand.
_NOISE_SAMPLES = 12000
#: The edge ramp where no coin's rim can be read (:func:`edge_ramp`): a sharp edge blends
#: over the pixel it crosses and one more.
_SHARP_RAMP_PX = 2.0


@dataclass
class CameraNoise:
    """How a frame of the bare table differs from the learnt bare table, followed frame by
    frame from the sampled table pixels that no coin stands on (:meth:`observe`).

    Two kinds of pixel differ differently. On the flat cloth, a pixel differs by the sensor's
    noise. Where the bare table has an edge (a tile's rim, its art, a weave), a fraction of a
    pixel's shift of the picture (a compression block, sharpening's ringing, a lens's
    vibration) changes the pixel by that fraction of the edge's contrast: much more. So a pixel
    is an *edge* where a one-pixel shift would change it by more than two noise spreads
    (:attr:`edge_gradient`), and each kind has its own threshold (:meth:`thresholds`):
    ``sure_sds`` spreads of the difference if the noise is Gaussian (its spread read robustly,
    by the median absolute deviation), or more if that kind's differences have a heavier tail
    than a Gaussian's: then the level only a share ``tail`` of the differences exceeds
    (``MotionConfig.noise_tail``). Each is the median over the last ``_NOISE_FRAMES`` frames
    observed, so a hand over part of the table for a while does not move it.

    >>> n = CameraNoise(1e-3)
    >>> rng = np.random.default_rng(0)
    >>> n.observe(rng.normal(0.0, 2.0, (4000, 3)), np.r_[np.zeros(3000), np.full(1000, 9.0)])
    >>> flat, edge = n.thresholds(4.0)
    >>> round(n.sd, 1), round(n.edge_gradient, 1), flat == edge == 4 * math.sqrt(2) * n.sd
    (1.4, 2.9, True)
    """

    tail: float
    spreads: deque[float] = field(default_factory=lambda: deque(maxlen=_NOISE_FRAMES))
    flat_tails: deque[float] = field(default_factory=lambda: deque(maxlen=_NOISE_FRAMES))
    edge_tails: deque[float] = field(default_factory=lambda: deque(maxlen=_NOISE_FRAMES))
    frames: int = 0
    #: One pixel's noise on the flat cloth (levels): the difference's spread over sqrt(2), for
    #: the two noisy readings (the frame's and the bare table's); and the two tails.
    sd: float = 2.0
    flat_tail: float = 0.0
    edge_tail: float = 0.0

    def due(self) -> bool:
        """Whether this frame's differences are wanted (counting the frame): the first few
        frames', then every ``_NOISE_EVERY``-th (the noise changes over seconds, not frames)."""
        self.frames += 1
        return self.frames <= _NOISE_EVERY or self.frames % _NOISE_EVERY == 0

    def observe(self, diff: np.ndarray, gradient: np.ndarray) -> None:
        """Take one frame's differences (levels, N x 3) at bare-table pixels whose bare table's
        gradient (levels per pixel) is ``gradient`` (N)."""
        if len(diff) < 100:
            return
        edge = gradient >= self.edge_gradient
        flat = diff[~edge].ravel()
        if len(flat) >= 100:
            self.spreads.append(1.4826 * float(np.median(np.abs(flat - np.median(flat)))))
        size = np.abs(diff)
        largest = np.maximum(np.maximum(size[:, 0], size[:, 1]), size[:, 2])
        for tails, where in ((self.flat_tails, ~edge), (self.edge_tails, edge)):
            n = int(where.sum())
            if n >= 100:
                # The finest tail a sample of n can tell: at least _TAIL_SEEN beyond it.
                tail = max(self.tail, _TAIL_SEEN / n)
                tails.append(float(np.quantile(largest[where], 1 - tail)))
        self.sd = max(0.5, float(np.median(self.spreads)) / math.sqrt(2)) if self.spreads else 2.0
        self.flat_tail = float(np.median(self.flat_tails)) if self.flat_tails else 0.0
        self.edge_tail = float(np.median(self.edge_tails)) if self.edge_tails else 0.0

    @property
    def edge_gradient(self) -> float:
        """The bare table's gradient (levels per pixel) from which a pixel is an edge."""
        return 2 * self.sd

    def thresholds(self, sure_sds: float) -> tuple[float, float]:
        """The difference (levels) beyond which a flat pixel and an edge pixel have changed."""
        flat = max(sure_sds * math.sqrt(2) * self.sd, self.flat_tail)
        return flat, max(flat, self.edge_tail)


def grid_of(image: np.ndarray, step: int) -> np.ndarray:
    """Every ``step``-th pixel of ``image`` in each direction, from the first (``image[::step,
    ::step]``, contiguous). OpenCV's nearest-neighbour resize picks exactly those pixels when
    the size divides by ``step``, some ten times faster than numpy's strided copy.

    >>> img = np.arange(36, dtype=np.uint8).reshape(6, 6)
    >>> np.array_equal(grid_of(img, 2), img[::2, ::2])
    True
    >>> np.array_equal(grid_of(img[:5], 2), img[:5:2, ::2])
    True
    """
    h, w = image.shape[:2]
    if h % step or w % step:
        return np.ascontiguousarray(image[::step, ::step])
    return cv2.resize(image, (w // step, h // step), interpolation=cv2.INTER_NEAREST)


def gradient_xy(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How each pixel of a picture changes over one pixel's shift in x and in y (levels, Sobel,
    float32), in a BGR picture from the channel that changes most there.

    >>> img = np.zeros((5, 5, 3), np.uint8); img[:, 3:, 1] = 80
    >>> gx, gy = gradient_xy(img)
    >>> float(gx[2, 2]), float(gy[2, 2])
    (40.0, 0.0)
    """
    f = image.astype(np.float32)
    gx = cv2.Sobel(f, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(f, cv2.CV_32F, 0, 1, ksize=3) / 8
    if f.ndim == 2:
        return gx, gy
    most = (gx * gx + gy * gy).argmax(axis=2)[..., None]
    return (
        np.take_along_axis(gx, most, axis=2)[..., 0],
        np.take_along_axis(gy, most, axis=2)[..., 0],
    )


def gradient(image: np.ndarray) -> np.ndarray:
    """How much each pixel of a picture changes over one pixel's shift (levels, the magnitude
    of :func:`gradient_xy`, float32)."""
    return cv2.magnitude(*gradient_xy(image))


@dataclass
class TableModel:
    """The learnt table (see the module doc). ``background`` is full size (BGR uint8);
    ``coarse`` its grid samples; ``on_table`` marks the grid points on the table (a coin's
    radius beyond its edges, so a coin going off is seen to the last) and ``edge`` the grid
    points along its rim; ``gain_at`` and ``noise_at`` are flat indices into the grid of the
    bare table's points used to follow the light and the camera's noise. The grid's points lie
    at ``origin`` + ``step`` times their row and column, full size (:meth:`grid`)."""

    cal: Calibration
    size: tuple[int, int]
    step: int
    #: The table's window (x0, y0, x1, y1; full-size pixels) the grid samples.
    window: tuple[int, int, int, int]
    coin_px: float
    background: np.ndarray
    coarse: np.ndarray
    on_table: np.ndarray
    edge: np.ndarray
    gain_at: np.ndarray
    noise_at: np.ndarray
    #: The bare table's gradient (:func:`gradient`) at full size and on the grid.
    grad: np.ndarray
    grad_coarse: np.ndarray
    noise: CameraNoise
    #: The range of each coin's dominant face colour (K x 2 x 3: low and high BGR).
    faces: np.ndarray
    looks: dict[str, np.ndarray] = field(default_factory=dict)
    #: Pixels a coin's rim takes to rise from the table to the coin (:func:`edge_ramp`).
    ramp_px: float = _SHARP_RAMP_PX
    #: :meth:`gain_sample` of the bare table's grid, taken when first wanted after a refresh.
    _gain_base: np.ndarray | None = field(default=None, init=False, repr=False)

    @property
    def origin(self) -> np.ndarray:
        """The window's top left corner (x, y; full-size pixels): the grid's first point."""
        return np.array(self.window[:2], float)

    def grid(self, frame: np.ndarray) -> np.ndarray:
        """The grid of ``frame`` (full size) the bare table's ``coarse`` is compared with: every
        ``step``-th pixel of the table's window (:func:`grid_of`)."""
        x0, y0, x1, y1 = self.window
        return grid_of(frame[y0:y1, x0:x1], self.step)

    def to_grid(self, px: np.ndarray) -> np.ndarray:
        """Full-size pixels (N x 2) as grid coordinates."""
        return (np.asarray(px, float) - self.origin) / self.step

    def from_grid(self, g: np.ndarray) -> np.ndarray:
        """Grid coordinates (N x 2) as full-size pixels."""
        return np.asarray(g, float) * self.step + self.origin

    @cached_property
    def on_table_mask(self) -> np.ndarray:
        """``on_table`` as a 0/1 uint8 mask, to AND with a grid's mask in one OpenCV pass."""
        return self.on_table.astype(np.uint8)

    @cached_property
    def edge_at(self) -> np.ndarray:
        """Flat indices into the grid of the points along the table's rim (``edge``)."""
        return np.flatnonzero(self.edge)

    @cached_property
    def _gain_channels(self) -> np.ndarray:
        """Flat indices into a grid's bytes of the three channels of each ``gain_at`` point
        (one gather of bytes is several times faster than one of pixels)."""
        return (self.gain_at[:, None] * 3 + np.arange(3)).reshape(-1)

    def gain_sample(self, grid: np.ndarray) -> np.ndarray:
        """The sum of the three channels (float32, exact: at most 765) of a grid (BGR uint8,
        contiguous, the bare table's shape) at each point that follows the light's level."""
        g = grid.reshape(-1)[self._gain_channels].reshape(-1, 3).astype(np.float32)
        return g[:, 0] + g[:, 1] + g[:, 2]

    @property
    def gain_base(self) -> np.ndarray:
        """:meth:`gain_sample` of the bare table's grid (``coarse``)."""
        if self._gain_base is None:
            self._gain_base = self.gain_sample(self.coarse)
        return self._gain_base

    @property
    def coin_area_px(self) -> float:
        """A coin's area in full-resolution pixels."""
        return math.pi * self.coin_px**2

    def to_px(self, mm: Point) -> np.ndarray:
        return self.cal.to_image(np.array([mm], float))[0]

    def to_mm(self, px: np.ndarray) -> np.ndarray:
        return self.cal.to_table(np.asarray(px, float).reshape(-1, 2))

    def around(self, px: np.ndarray) -> np.ndarray:
        """The bare table's mean BGR in the ring from one to two coin radii round ``px``:
        what a coin there stands out against."""
        r = self.coin_px
        x0, y0 = (max(0, math.floor(v - 2 * r)) for v in px)
        x1 = min(self.size[0], math.ceil(px[0] + 2 * r) + 1)
        y1 = min(self.size[1], math.ceil(px[1] + 2 * r) + 1)
        d2 = (np.arange(x0, x1) - px[0]) ** 2 + (np.arange(y0, y1)[:, None] - px[1]) ** 2
        ring = (d2 >= (1.2 * r) ** 2) & (d2 <= (2 * r) ** 2)
        region = self.background[y0:y1, x0:x1]
        bare = region[ring] if ring.any() else region.reshape(-1, 3)
        return bare.astype(np.float32).mean(axis=0)

    def refresh(self, frame: np.ndarray, mm: Point, radius_px: float) -> None:
        """Take the bare table at ``mm`` (a disc of ``radius_px``) from ``frame``: a coin has
        left it and nothing stands there now."""
        c = self.to_px(mm)
        x0, y0 = (max(0, math.floor(v - radius_px)) for v in c)
        x1 = min(self.size[0], math.ceil(c[0] + radius_px) + 1)
        y1 = min(self.size[1], math.ceil(c[1] + radius_px) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        yy, xx = np.mgrid[y0:y1, x0:x1]
        disc = (xx - c[0]) ** 2 + (yy - c[1]) ** 2 <= radius_px**2
        region = self.background[y0:y1, x0:x1]
        region[disc] = frame[y0:y1, x0:x1][disc]
        self.grad[y0:y1, x0:x1] = gradient(region)
        self.coarse[...] = self.grid(self.background)
        self.grad_coarse[...] = self.grid(self.grad)
        self._gain_base = None


def _span(start: int, length: int, size: int, step: int) -> tuple[int, int]:
    """The run of pixels (first, past the last) from ``start`` over ``length`` within a picture
    ``size`` wide, its first a whole number of ``step``s in (the grid's points fall on the
    whole picture's ``step``-th pixels, wherever the window lies) and its length one too where
    the picture has room (so the grid is taken by one resize, :func:`grid_of`).

    >>> _span(10, 95, 200, 4), _span(-5, 300, 200, 4), _span(190, 9, 200, 4)
    ((8, 108), (0, 200), (188, 200))
    """
    first = max(0, start) // step * step
    last = min(size, first + -(-(min(size, start + length) - first) // step) * step)
    return first, last


def _disc_mask(shape: tuple[int, int], centres: np.ndarray, radius: float) -> np.ndarray:
    mask = np.zeros(shape, np.uint8)
    for x, y in centres:
        cv2.circle(
            mask, (round(x * 16), round(y * 16)), round(radius * 16), 255, -1, cv2.LINE_AA, 4
        )
    return mask


#: How far round a marker's square its paper goes, as a share of its side: the white quiet zone
#: the detector needs (a module of the marker's six at least; a quarter of the side leaves
#: room for how it was cut).
_MARKER_PAPER = 0.25


def learn_table(
    first: np.ndarray,
    cal: Calibration,
    setup: Mapping[str, Point],
    table_mm: tuple[float, float],
    config: MotionConfig,
    markers: Sequence[np.ndarray] = (),
) -> TableModel:
    """Learn the table from the first frame (see the module doc). ``markers`` are the table
    markers' corners (4 x 2, table mm): their paper is no part of the table the referee
    watches. A black-and-white marker changes with the light more than any cloth does (mains
    flicker seen by a rolling shutter sweeps across it in bands), and no coin shows on it that
    the referee could follow: a coin slid onto one is out of sight there."""
    h, w = first.shape[:2]
    centre = (table_mm[0] / 2, table_mm[1] / 2)
    coin_px = config.radius_mm * cal.px_per_mm(centre)
    step = max(1, math.floor(2 * coin_px / _GRID_PER_COIN))
    centres = cal.to_image(np.array(list(setup.values()), float)) if setup else np.zeros((0, 2))
    coins = _disc_mask((h, w), centres, coin_px * config.painted_radii)
    background = cv2.inpaint(first, coins, max(3, round(coin_px / 4)), cv2.INPAINT_TELEA)
    r = config.radius_mm
    corners = np.array(
        [(-r, -r), (table_mm[0] + r, -r), (table_mm[0] + r, table_mm[1] + r), (-r, table_mm[1] + r)]
    )
    table = np.zeros((h, w), np.uint8)
    outline = np.round(cal.to_image(corners)).astype(np.int32)
    cv2.fillPoly(table, [outline], 255)
    for quad in markers:
        centre_mm = quad.mean(axis=0)
        paper = centre_mm + (quad - centre_mm) * (1 + 2 * _MARKER_PAPER)
        cv2.fillPoly(table, [np.round(cal.to_image(paper)).astype(np.int32)], 0)
    bx, by, bw, bh = cv2.boundingRect(outline)
    (x0, x1), (y0, y1) = _span(bx, bw, w, step), _span(by, bh, h, step)
    window = (x0, y0, x1, y1)
    on_table = table[y0:y1:step, x0:x1:step] > 0
    grid = on_table.astype(np.uint8)
    edge = (grid - cv2.erode(grid, np.ones((3, 3), np.uint8), borderValue=0)) > 0
    bare = (table > 0) & (coins == 0)
    rng = np.random.default_rng(0)
    grid_bare = bare[y0:y1:step, x0:x1:step].ravel()
    candidates = np.flatnonzero(grid_bare)
    gain_at = rng.choice(candidates, min(_GAIN_SAMPLES, len(candidates)), replace=False)
    noise_at = rng.choice(candidates, min(_NOISE_SAMPLES, len(candidates)), replace=False)
    looks = {}
    faces = []
    for (coin, _), (x, y) in zip(setup.items(), centres, strict=True):
        looks[coin] = face_colour(first, (float(x), float(y)), coin_px)
        faces.append(face_range(first, (float(x), float(y)), coin_px))
    bg = background
    grad = gradient(bg)
    return TableModel(
        cal,
        (w, h),
        step,
        window,
        coin_px,
        bg,
        bg[y0:y1:step, x0:x1:step].copy(),
        on_table,
        edge,
        np.sort(gain_at),
        np.sort(noise_at),
        grad,
        grad[y0:y1:step, x0:x1:step].copy(),
        CameraNoise(config.noise_tail),
        np.unique(np.round(np.array(faces).reshape(-1, 6)), axis=0).reshape(-1, 2, 3),
        looks,
        edge_ramp(first, bg, centres, coin_px),
    )


def edge_ramp(frame: np.ndarray, bare: np.ndarray, centres: np.ndarray, r: float) -> float:
    """How many pixels a coin's rim takes to rise from the bare table to the coin in
    ``frame``: along 24 rays out of each coin (``centres``, N x 2; radius ``r`` px) the
    difference from the ``bare`` table falls from the coin's (its median over 0.5-0.75 of the
    radius) to the table's (beyond 1.35 radii); the distance from 90 % to 10 % of that fall,
    over 0.8 (a straight ramp's share), on the rays with the half of the falls that are
    largest (an edge's spread is the lens's and the picture's, not the coin's: a strong edge
    reads it clear of the noise). The median over them; ``_SHARP_RAMP_PX`` if none reads.

    >>> yy, xx = np.mgrid[0:60, 0:60]
    >>> d = np.hypot(xx - 30.0, yy - 30.0)
    >>> img = np.clip(20 + 200 * (12 - d) / 4 + 100, 20, 220).astype(np.uint8)
    >>> img = np.repeat(img[:, :, None], 3, axis=2)
    >>> round(edge_ramp(img, np.full_like(img, 20), np.array([[30.0, 30.0]]), 10.0), 1)
    4.1
    """
    if not len(centres):
        return _SHARP_RAMP_PX
    diff = cv2.absdiff(frame, bare).max(axis=2).astype(np.float32)
    angles = np.linspace(0.0, 2 * np.pi, 24, endpoint=False)
    d = np.arange(0.5 * r, 1.6 * r, 0.25)
    ux, uy = np.cos(angles)[:, None] * d, np.sin(angles)[:, None] * d
    xs = (centres[:, 0, None, None] + ux).reshape(-1, len(d)).astype(np.float32)
    ys = (centres[:, 1, None, None] + uy).reshape(-1, len(d)).astype(np.float32)
    profiles = cv2.remap(diff, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inner = np.median(profiles[:, (d >= 0.5 * r) & (d <= 0.75 * r)], axis=1)
    outer = np.median(profiles[:, d >= 1.35 * r], axis=1)
    fall = inner - outer
    rim = profiles[:, d >= 0.75 * r]
    at = d[d >= 0.75 * r]
    hi = rim < (outer + 0.9 * fall)[:, None]
    lo = rim < (outer + 0.1 * fall)[:, None]
    clear = (fall > 0) & (fall >= np.median(fall)) & hi.any(axis=1) & lo.any(axis=1)
    if not clear.any():
        return _SHARP_RAMP_PX
    widths = (at[lo.argmax(axis=1)] - at[hi.argmax(axis=1)])[clear] / 0.8
    return float(np.median(widths))


def face_colour(frame: np.ndarray, c: tuple[float, float], r: float) -> np.ndarray:
    """A coin's look: the mean BGR of its face within 0.8 of its radius (a coloured symbol
    moves its chromaticity off grey)."""
    return _face(frame, c, r).mean(axis=0)


def _face(frame: np.ndarray, c: tuple[float, float], r: float) -> np.ndarray:
    """The BGR pixels (N x 3, float) of a coin's face centred at ``c``: within 0.8 of its
    radius ``r`` (clear of its rim's blend with the table), or its whole box if none is."""
    x0, y0 = max(0, math.floor(c[0] - r)), max(0, math.floor(c[1] - r))
    x1, y1 = math.ceil(c[0] + r) + 1, math.ceil(c[1] + r) + 1
    patch = frame[y0:y1, x0:x1].reshape(-1, 3)
    d2 = (np.arange(x0, x1) - c[0]) ** 2 + (np.arange(y0, y1)[:, None] - c[1]) ** 2
    inside = (d2 <= (0.8 * r) ** 2).ravel()
    return (patch[inside] if inside.any() else patch).astype(np.float32)


def face_range(frame: np.ndarray, c: tuple[float, float], r: float) -> np.ndarray:
    """The range of a coin face's dominant colour (2 x 3: low and high BGR): each channel's
    median over the face within 0.8 of its radius, give or take three robust spreads (the
    median absolute deviation's), so its symbol's ink falls outside.

    >>> img = np.full((40, 40, 3), 80, np.uint8)
    >>> img[18:22, 18:22] = 250
    >>> face_range(img, (20.0, 20.0), 10.0).tolist()
    [[80.0, 80.0, 80.0], [80.0, 80.0, 80.0]]
    """
    face = _face(frame, c, r)
    mid = np.median(face, axis=0)
    spread = 3 * 1.4826 * np.median(np.abs(face - mid), axis=0)
    return np.stack([mid - spread, mid + spread])


def chromaticity(bgr: np.ndarray) -> np.ndarray:
    """Each channel's share of the sum (a colour's hue and saturation, not its brightness).

    >>> chromaticity(np.array([10.0, 20.0, 30.0])).round(3).tolist()
    [0.2, 0.333, 0.467]
    """
    v = np.asarray(bgr, np.float64) + 5.0
    return v / v.sum(axis=-1, keepdims=True)


#: Shares of a coin's colour in the mixtures with the table's that a look is compared with:
#: from the coin's own to half and half.
_SHARES = np.linspace(0.5, 1.0, 6)[:, None]


def look_apart(
    seen: Sequence[float], coin: np.ndarray, ground: Sequence[float] | None = None
) -> float:
    """How far the look ``seen`` lies from a coin's look ``coin`` (chromaticity, summed over
    the channels). A coin smeared by its motion, or partly seen, shows its colour mixed with
    the table's round it (``ground``): the look is compared with every such mixture, from the
    coin's own colour to halfway to the table's (a region that shows more table than coin is
    no coin's reading), and the nearest counts.

    >>> coin, felt = np.array([40.0, 40.0, 200.0]), (60.0, 120.0, 60.0)
    >>> smeared = 0.7 * coin + 0.3 * np.array(felt)
    >>> round(look_apart(smeared, coin), 3), round(look_apart(smeared, coin, felt), 3)
    (0.238, 0.0)
    """
    target = chromaticity(np.asarray(seen, float))
    if ground is None:
        return float(np.abs(target - chromaticity(coin)).sum())
    mixes = _SHARES * coin + (1 - _SHARES) * np.asarray(ground, float)
    return float(np.abs(chromaticity(mixes) - target).sum(axis=1).min())


def looks_apart(seen: np.ndarray, grounds: np.ndarray, coins: np.ndarray) -> np.ndarray:
    """:func:`look_apart` of every look ``seen`` (S x 3), whose table round it is ``grounds``
    (S x 3), from every coin's look ``coins`` (C x 3): C x S, the very same numbers, in one go
    (the tracker asks it of every coin and sighting in every frame).

    >>> coins = np.array([[40.0, 40.0, 200.0], [200.0, 200.0, 200.0]])
    >>> seen, grounds = np.array([[90.0, 60.0, 170.0]]), np.array([[60.0, 120.0, 60.0]])
    >>> looks_apart(seen, grounds, coins)[:, 0].tolist() == [
    ...     look_apart(seen[0], c, grounds[0]) for c in coins
    ... ]
    True
    """
    target = chromaticity(np.asarray(seen, float))
    mixes = _SHARES * coins[:, None, None, :] + (1 - _SHARES) * grounds[None, :, None, :]
    return np.abs(chromaticity(mixes) - target[None, :, None, :]).sum(axis=3).min(axis=2)
