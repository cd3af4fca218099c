"""Tracking the coins frame by frame with their identity, through hands, blur and contact.

Identity comes from tracking since set-up: the SETUP says where each coin stands in the first
frame, and from then on each found coin is matched to the coin expected nearest to it
(``scipy.optimize.linear_sum_assignment`` over the distances from each track's predicted position,
gated). A blob where a coin lies at rest, or just where a coin in sight is expected to slide to,
is that coin's outright: the assignment would rather give every blob to some coin than leave one
to none, and two coins may trade names so. A coin that reappears after being hidden is matched by
its look (suit colour or black ink, :func:`vision.croquet.coins.coin_look`), then by distance and,
seen sliding, by which way it slides (away from where it lay hidden, not back toward it).

Most frames change nothing: a cheap test on every ``coarse_step``-th pixel against the background
(the last frame in which nothing moved, and any changed region that has lain still for
``stale_s`` since: a hand at rest, or where a hand lay) finds the changed regions; only coins
in motion, hidden coins (unless nothing changed around them since the last frame), resting
coins something changed over and, for ``watch_s``, resting coins a sliding coin came within a
coin's width of (a nudge too small to start one shows in its ``offsets``, measured on its rim
against the frame before the watch began: :mod:`vision.croquet.rim`) are searched, each
in a small window at full resolution (overlapping windows merged). A changed region larger than
``hand_min_coins`` coins is a hand (or arm, or its shadow): a coin that cannot be found next to
one is hidden and keeps its place. A changed region no coin explains is searched for a coin that
was not there: a coin put down by hand.

What the tracker decides itself, because only tracking knows it:

* a coin that vanishes while sliding toward the table's edge fell off there (``fell``);
* a coin that reappears away from where it vanished, without a sliding path, was placed by hand
  (``placed``), unless it was seen where it lay less than ``carry_min_s`` before (no hand
  carries a coin that fast: it slid there under the hand); a coin that reappears where it
  vanished was only covered;
* a coin hidden at rest that comes out sliding was flicked under the hand (when is traced back
  with the table's friction); one that comes out at rest elsewhere was flicked unseen or struck
  if another coin began to slide meanwhile (seen to, or traced back from its own slide out of
  hiding: one of the two struck the other), else placed;
* a coin only part of which shows (a hand over the rest) is placed by the arc of its rim seen
  against the bare table (:func:`vision.croquet.rim.rim_centre`), not by the centroid of what
  shows, which lies off its centre, away from the hand; a sliding coin whose rim cannot place
  it slides on out of sight until enough of it shows;
* a coin is moving once it is ``move_mm`` from where it rested (``move_near_hand_mm`` beside a
  hand or where its rim cannot place what shows of it, ``move_whole_near_hand_mm`` if it shows
  whole beside a hand, unless it was seen whole and now lies toward the hand; but not while its
  rim, read against its outline before the hand came beside it, shows it within
  ``rim_still_mm`` of where it lay), and at rest again after ``still_frames`` frames moving
  less than ``still_mm`` each (its rest position is their mean);
* a coloured knight that comes to rest showing another knight's suit is that knight: the two
  tracks trade names (``corrected``), so a swap in a scrum does not outlive the next rest;
* a coin at rest nudged (by a strike) beside a hand by less than it must move there to start,
  seen all and still there for ``settle_s``, or found after it was hidden where it was last
  seen so, lies there: its place is ``corrected``; so does one nudged by less than ``move_mm``
  where its rim shows it, once its watch ends (``rest_shift_mm``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np
from scipy.optimize import linear_sum_assignment

from engines.croquetnole.layout import COIN_MM, Point
from vision.croquet.calibrate import Calibration
from vision.croquet.coins import (
    CoinBlob,
    components,
    dedupe,
    expected_look,
    find_blobs,
    static_white,
)
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.rim import Rim, blocked_rays, rim_centre, rim_shift, take_rim

ON, HIDDEN, OFF, ABSENT = "on", "hidden", "off", "absent"
_FAR = 1e9
#: What one more search window costs beyond its pixels, in pixels' worth (measured on one core:
#: a call costs about as much as a 45 x 45 window's pixels); see :func:`merge_boxes`.
_CALL_PX = 2000


@dataclass
class Track:
    """What the tracker knows of one coin (mutable, private to the tracker)."""

    coin: str
    look: str
    state: str = ABSENT
    mm: np.ndarray = field(default_factory=lambda: np.zeros(2))
    step: np.ndarray = field(default_factory=lambda: np.zeros(2))
    anchor: np.ndarray | None = None
    moving: bool = False
    still: list[np.ndarray] = field(default_factory=list)
    still_t: float = 0.0
    stopped_t: float = 0.0
    pending: np.ndarray | None = None
    pending_t: float = 0.0
    pending_full: bool = False
    pending_whole: bool = False
    pending_clear: bool = False
    pending_since: float = 0.0
    full_since: float = 0.0
    run: list[tuple[float, np.ndarray]] = field(default_factory=list)
    #: When and where the coin was first seen in its unbroken run of sightings out of hiding.
    out: tuple[float, np.ndarray] = field(default_factory=lambda: (0.0, np.zeros(2)))
    seen_t: float = 0.0
    #: Where a sliding coin was last seen before it went out of sight (``seen_t``).
    hid_at: np.ndarray | None = None
    seen_mm: np.ndarray | None = None
    seen_since: float = 0.0
    seen_mm_t: float = -1e9
    lost: int = 0
    looks: list[str] = field(default_factory=list)
    hand: tuple[float, float] = (0.0, 0.0)
    hand_t: float = -1e9
    clear: bool = False


#: What a coin hidden at rest knows of its sightings out of hiding: what two such coins trade
#: when a sighting taken for one was the other (:meth:`CoinTracker._flicked_of`).
_SIGHTING = (
    "pending",
    "pending_t",
    "pending_full",
    "pending_whole",
    "pending_clear",
    "pending_since",
    "full_since",
    "run",
    "out",
)

#: Everything a track knows but its name and look: what two tracks trade when they swap names.
_TRACK_STATE = (
    "state",
    "mm",
    "step",
    "anchor",
    "moving",
    "still",
    "still_t",
    "stopped_t",
    *_SIGHTING,
    "seen_t",
    "hid_at",
    "seen_mm",
    "seen_since",
    "seen_mm_t",
    "lost",
    "looks",
    "hand",
    "hand_t",
    "clear",
)


@dataclass(frozen=True)
class TrackFrame:
    """The tracker's report on one frame.

    ``positions``: where each coin on the table is (mm; a resting coin at its rest position, a
    hidden one where it was last seen; a coin hidden while sliding is left out until seen again);
    ``moving``: coins in motion; ``started``: coins that began to move in this frame, with when
    they began (traced back for a coin that slid out from under a hand); ``since``: for a coin
    whose path this frame comes out of hiding, when that path began; ``stopped``:
    coins that came to rest in this frame, with the time they stopped; ``placed``: coins put down
    by hand (coin, where); ``fell``: coins that went off the table (coin, where, when); ``hidden``:
    coins under a hand; ``corrected``: coins whose identity (by their look) or rest place was
    corrected, without a path (they were where they now stand before this frame);
    ``near_hand``: coins next to a hand (and those that started), with the way to the hand
    that was last beside them at rest (unit vector), if that was within ``hand_memory_s``;
    ``offsets``: for coins at rest that a sliding coin came close to lately (``watch_s``), how far
    (mm, x and y) each lies from where it lay before, measured on its rim (a nudge too small to
    start a coin shows here; a still coin's reads within some 0.005 mm, also with another coin
    lying against it); ``watched``: the coins whose nudge is still being read, and those hidden
    at rest seen out of hiding away from where they lay whose sighting is still being judged
    (their place may yet change).
    """

    index: int
    t: float
    positions: Mapping[str, Point]
    moving: frozenset[str]
    started: Mapping[str, float] = field(default_factory=dict)
    since: Mapping[str, float] = field(default_factory=dict)
    stopped: Mapping[str, float] = field(default_factory=dict)
    placed: tuple[tuple[str, Point], ...] = ()
    fell: tuple[tuple[str, Point, float], ...] = ()
    hidden: frozenset[str] = frozenset()
    corrected: tuple[str, ...] = ()
    near_hand: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    offsets: Mapping[str, Point] = field(default_factory=dict)
    watched: frozenset[str] = frozenset()

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (a recorded track, :mod:`vision.lab.croquet_recorded`); empty fields
        are left out.

        >>> f = TrackFrame(3, 0.025, {"moons-knight": (1.0, 2.0)}, frozenset({"moons-knight"}))
        >>> f.to_json()["positions"], f.to_json()["moving"], "stopped" in f.to_json()
        ({'moons-knight': [1.0, 2.0]}, ['moons-knight'], False)
        >>> TrackFrame.from_json(f.to_json()) == f
        True
        """
        out: dict[str, Any] = {"index": self.index, "t": self.t}
        for name in _FIELDS:
            value = getattr(self, name)
            if value:
                out[name] = _as_json(value)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> TrackFrame:
        """The report :meth:`to_json` wrote."""
        kw: dict[str, Any] = {}
        for name in _FIELDS:
            raw = obj.get(name)
            if raw is None:
                continue
            if name in ("moving", "hidden", "watched"):
                kw[name] = frozenset(raw)
            elif name == "corrected":
                kw[name] = tuple(raw)
            elif name == "placed":
                kw[name] = tuple((c, _point(p)) for c, p in raw)
            elif name == "fell":
                kw[name] = tuple((c, _point(p), float(t)) for c, p, t in raw)
            elif name in ("started", "since", "stopped"):
                kw[name] = {c: float(t) for c, t in raw.items()}
            else:
                kw[name] = {c: _point(p) for c, p in raw.items()}
        positions, moving = kw.pop("positions", {}), kw.pop("moving", frozenset())
        return cls(int(obj["index"]), float(obj["t"]), positions, moving, **kw)


#: The report's fields after ``index`` and ``t``, in order.
_FIELDS = (
    "positions",
    "moving",
    "started",
    "since",
    "stopped",
    "placed",
    "fell",
    "hidden",
    "corrected",
    "near_hand",
    "offsets",
    "watched",
)


def _as_json(value: Any) -> Any:
    """Mappings, sets and tuples of a report as JSON objects and (sorted, for sets) lists."""
    if isinstance(value, Mapping):
        return {k: _as_json(v) for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple | list):
        return [_as_json(v) for v in value]
    return value


def _point(raw: Any) -> Point:
    return (float(raw[0]), float(raw[1]))


def _pt(v: np.ndarray) -> Point:
    return (round(float(v[0]), 2), round(float(v[1]), 2))


class CoinTracker:
    """Tracks the coins of one video from its first frame (see the module doc).

    ``setup`` gives each coin standing in the first frame (mm); ``coins`` names every coin that
    may appear later (placed by hand). ``fps`` sets the frame interval.
    """

    def __init__(
        self,
        first: np.ndarray,
        calibration: Calibration,
        setup: Mapping[str, Point],
        coins: tuple[str, ...],
        table: Point,
        fps: float,
        config: CroquetVisionConfig = DEFAULT_CONFIG,
    ) -> None:
        self.cal = calibration
        self.cfg = config
        self.table = table
        self.dt = 1.0 / fps
        self.h = config.coin_seen_height_mm
        self.ppm = calibration.px_per_mm((table[0] / 2, table[1] / 2), self.h)
        self.radius_px = COIN_MM / 2 * self.ppm
        self.coin_area = float(np.pi * self.radius_px**2)
        s = config.coarse_step
        self.hand_area = config.hand_min_coins * self.coin_area / (s * s)
        names = tuple(dict.fromkeys((*setup, *coins)))
        self.tracks = {c: Track(c, expected_look(c)) for c in names}
        #: When a coin last began to slide, seen to or traced back from its slide out of hiding:
        #: a coin out of sight since that moved was struck (by it, or by one flicked unseen).
        self._struck_t = -1.0
        #: Resting coins a sliding coin came close to, looked at until when (``watch_s``).
        self._watched: dict[str, float] = {}
        #: The outline of each watched coin as it lay, from the frame before its first watch
        #: since it came to rest (its ``offsets`` are measured against it).
        self._rims: dict[str, Rim] = {}
        #: The outline of each coin at rest beside a hand, from the frame before it came beside
        #: one: what tells a misreading of it there from its setting off (:meth:`_rim_still`).
        self._lay_rims: dict[str, Rim] = {}
        #: The frame under way, for :meth:`_rim_still`.
        self._image = first
        #: Each watched coin's last few nudges read on its rim (``nudge_frames`` of them).
        self._readings: dict[str, list[Point]] = {}
        #: The frame before the one under way.
        self._before = first
        # What the frame under way found, for its report.
        self._t = 0.0
        self._started: dict[str, float] = {}
        self._since: dict[str, float] = {}
        self._stopped: dict[str, float] = {}
        self._placed: list[tuple[str, Point]] = []
        self._corrected: list[str] = []
        start_px = self.cal.to_image(
            np.array([setup[c] for c in setup], float).reshape(-1, 2), self.h
        )
        self.static = static_white(first, [tuple(p) for p in start_px], self.radius_px, config)
        self.bg = self._coarse(first)
        #: The coarse image of the table last seen bare (no hand over it, every coin at rest):
        #: hands are told against it for the way to them (:meth:`_whole_hands`). What went into
        #: the background stale (a hand lying still) is ``held`` out of it, since ``held_t``.
        self.bare = self.bg
        self._held = np.zeros(self.bg.shape[:2], bool)
        #: The frame's hands against the table last seen bare, once worked out in the frame
        #: (:meth:`_whole_hands`: asked for whether a region is a hand and for the way to it).
        self._whole: np.ndarray | None = None
        #: The coarse mask of the picture beyond the table's edge (and its own edge), where a
        #: hand's arm comes from (:meth:`_reaching`).
        self._beyond = self._beyond_table(self.bg.shape[:2])
        self._held_t = 0.0
        #: The last frame's coarse image, and for how many frames each coarse pixel has not
        #: changed since (to tell a stale changed region from a hand).
        self._last = self.bg
        self._steady = np.zeros(self.bg.shape[:2], np.uint16)
        self._stale_frames = round(config.stale_s * fps)
        #: The last frame's coarse change mask (see :meth:`_unstirred`).
        self._changed = np.zeros(self.bg.shape[:2], np.uint8)
        for (coin, at), px in zip(setup.items(), start_px, strict=True):
            tr = self.tracks[coin]
            tr.state = ON
            tr.mm = np.array(at, float)
            blobs = find_blobs(
                first, self.static, self._box(px, 2 * self.radius_px), [px], self.coin_area, config
            )
            if blobs:
                best = min(blobs, key=lambda b: float(np.hypot(*(np.array(b.px) - px))))
                tr.mm = self.cal.to_table(np.array([best.px]), self.h)[0]
            tr.anchor = tr.mm.copy()

    # -- helpers ---------------------------------------------------------------------------------

    def _coarse(self, image: np.ndarray) -> np.ndarray:
        """Every ``coarse_step``-th pixel of the frame, for the cheap change test."""
        h, w = image.shape[:2]
        s = self.cfg.coarse_step
        return cv2.resize(image, (w // s, h // s), interpolation=cv2.INTER_NEAREST)

    def _change(self, image: np.ndarray, reference: np.ndarray) -> np.ndarray:
        """The coarse mask (0/1) of where ``image`` differs from ``reference`` (coarse images) by
        more than ``change_level`` in some channel."""
        diff = cv2.split(cv2.absdiff(image, reference))
        level = self.cfg.change_level
        return cv2.threshold(
            cv2.max(cv2.max(diff[0], diff[1]), diff[2]), level, 1, cv2.THRESH_BINARY
        )[1]

    def _stale(
        self,
        small: np.ndarray,
        last: np.ndarray,
        changed: np.ndarray,
        labels: np.ndarray,
        n: int,
        t: float,
    ) -> np.ndarray:
        """Which changed regions (component labels ``labels``, ``n`` of them) are stale: not
        changed at all for ``stale_s`` (a hand lying still, the place a hand lay until just now,
        coins that moved while another was hidden) while no coin slid. Such a region is no hand
        and no coin on the move; it is searched whole once for a coin out of hiding and then
        taken into the background, so that it is not taken for a hand from then on."""
        moved = self._change(small, last).view(bool)
        self._steady = cv2.min(cv2.add(self._steady, 1), self._stale_frames)
        self._steady[moved] = 0
        if not self._calm(t):
            return np.zeros(n, bool)
        fresh = changed.view(bool) & (self._steady < self._stale_frames)
        stale = np.bincount(labels[fresh], minlength=n) == 0
        stale[0] = False
        return stale

    def _calm(self, t: float) -> bool:
        """Whether no coin slides and none was seen out of hiding within ``settle_s`` (its
        sightings are still being judged): then what lies still may go into the background."""
        return all(
            not tr.moving and (tr.pending is None or t - tr.pending_t > self.cfg.settle_s)
            for tr in self.tracks.values()
        )

    def _disturbed(self, changed: np.ndarray, px: np.ndarray) -> bool:
        """Whether anything changed (coarse ``changed`` mask) over a resting coin's place at
        ``px``: a coin that moved, or that a hand or its shadow covers, changes pixels it lay on;
        one beside a hand with nothing changed over it is where it was and need not be searched."""
        s = self.cfg.coarse_step
        r = int(np.ceil((self.radius_px + 2) / s))
        x, y = int(px[0]) // s, int(px[1]) // s
        return bool(changed[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1].any())

    def _unstirred(
        self, tr: Track, changed: np.ndarray, previous: np.ndarray, box: tuple[int, int, int, int]
    ) -> bool:
        """Whether a coin hidden at rest need not be looked for in this frame: nothing changed in
        its search window since the last frame (a still hand over it, as under an arm lying on
        the table), so the window shows what it showed when the coin was last looked for, and
        the coin was not seen away from its place then (nothing awaits a second sighting)."""
        if tr.state != HIDDEN or tr.moving or tr.pending is not None:
            return False
        s = self.cfg.coarse_step
        x0, y0 = max(0, box[0] // s), max(0, box[1] // s)
        x1, y1 = box[2] // s + 1, box[3] // s + 1
        return bool((changed[y0:y1, x0:x1] == previous[y0:y1, x0:x1]).all())

    def _box(self, px: np.ndarray, reach: float) -> tuple[int, int, int, int]:
        r = reach + self.radius_px + 2
        return (int(px[0] - r), int(px[1] - r), int(px[0] + r) + 1, int(px[1] + r) + 1)

    def positions(self) -> dict[str, Point]:
        """Where each coin on the table is now (see :class:`TrackFrame`)."""
        out = {}
        for c, tr in self.tracks.items():
            if tr.state == ON or (tr.state == HIDDEN and not tr.moving):
                out[c] = _pt(tr.anchor if tr.anchor is not None else tr.mm)
        return out

    def _report(self, index: int, t: float, **kw: object) -> TrackFrame:
        return TrackFrame(
            index,
            t,
            self.positions(),
            frozenset(c for c, tr in self.tracks.items() if tr.moving and tr.state != OFF),
            hidden=frozenset(c for c, tr in self.tracks.items() if tr.state == HIDDEN),
            watched=frozenset(self._watched) | self._judged(t),
            **kw,
        )  # type: ignore[arg-type]

    def _judged(self, t: float) -> frozenset[str]:
        """Coins hidden at rest that were seen, within the last ``settle_s``, away from where
        they lay: whether they were nudged, flicked or put there is still being judged, so
        their place may yet change."""
        return frozenset(
            c
            for c, tr in self.tracks.items()
            if tr.state == HIDDEN
            and not tr.moving
            and tr.pending is not None
            and t - tr.pending_t <= self.cfg.settle_s
        )

    # -- the frame step --------------------------------------------------------------------------

    def update(self, image: np.ndarray, index: int, t: float) -> TrackFrame:
        """Follow the coins into the next frame."""
        cfg = self.cfg
        s = cfg.coarse_step
        before, self._before = self._before, image
        small = self._coarse(image)
        self._whole = None
        changed = self._change(small, self.bg)
        previous, self._changed = self._changed, changed
        last, self._last = self._last, small
        self._watched = {c: until for c, until in self._watched.items() if until >= t}
        busy = [tr for tr in self.tracks.values() if tr.moving or tr.state == HIDDEN]
        if not (busy or self._watched or self._readings or cv2.countNonZero(changed)):
            return self._report(index, t)
        n, labels, stats, _ = components(changed)
        stale = self._stale(small, last, changed, labels, n, t)
        hands = self._reaching(
            [
                k
                for k in range(1, n)
                if stats[k, cv2.CC_STAT_AREA] > self.hand_area and not stale[k]
            ],
            labels,
            stats,
            small,
        )
        regions = [stats[k, :4] * s for k in range(1, n) if k not in hands and not stale[k]]
        hand = _regions(labels, stats, hands)
        hand_mask = self._hand_mask(hand) if hands else hand
        live = [tr for tr in self.tracks.values() if tr.state in (ON, HIDDEN)]
        was_mm = {tr.coin: tr.mm.copy() for tr in live}
        pred_mm = np.array([tr.mm + tr.step for tr in live]).reshape(-1, 2)
        pred_px = self.cal.to_image(pred_mm, self.h)
        beside = [_at(hand_mask, p, s) for p in pred_px]
        self._image = image
        self._keep_lay_rims(live, beside, before)
        by_change = _near_regions(pred_px, regions, 2 * self.radius_px)
        searched: list[int] = []
        boxes = []
        # Resting coins a sliding one may strike in this frame: they may set off at its speed.
        struck = self._beside_movers(live, pred_mm)
        for k in struck:
            self._watched[live[k].coin] = t + cfg.watch_s
        for k, tr in enumerate(live):
            near_change, near_hand = bool(by_change[k]), beside[k]
            if (
                tr.moving
                or tr.state == HIDDEN
                or tr.coin in self._watched
                or ((near_change or near_hand) and self._disturbed(changed, pred_px[k]))
            ):
                slack = self._slack(tr, near_hand or k in struck)
                reach = (float(np.hypot(*tr.step)) + slack) * self.ppm
                box = self._box(pred_px[k], reach)
                if self._unstirred(tr, changed, previous, box):
                    continue
                searched.append(k)
                boxes.append(box)
        known = [(float(x), float(y)) for x, y in pred_px]
        for x, y, w, h in regions + [stats[k, :4] * s for k in np.flatnonzero(stale)]:
            boxes.append(
                (
                    int(x - self.radius_px),
                    int(y - self.radius_px),
                    int(x + w + self.radius_px) + 1,
                    int(y + h + self.radius_px) + 1,
                )
            )
        blobs: list[CoinBlob] = []
        for box in merge_boxes(boxes, _CALL_PX):
            blobs += find_blobs(image, self.static, box, known, self.coin_area, cfg)
        blobs = self._by_rim(image, dedupe(blobs, self.radius_px))
        blob_mm = self.cal.to_table(np.array([b.px for b in blobs]).reshape(-1, 2), self.h)
        used: set[int] = set()
        self._t = t
        self._started, self._since, self._stopped = {}, {}, {}
        self._placed, self._corrected = [], []
        fell: list[tuple[str, Point, float]] = []
        slid = [self._slid_from(b, p) for b, p in zip(blobs, blob_mm, strict=True)]
        if blobs:
            # Every coin on the table takes part, so that a coin resting beside a searched one
            # keeps its own blob; only searched coins act on what they are given.
            looks = self._trusted_looks(blobs)
            gate = np.array(
                [
                    self._slack(tr, beside[k] or k in struck)
                    + cfg.match_speed_share * float(np.hypot(*tr.step))
                    if k in searched
                    else self.radius_px / self.ppm
                    for k, tr in enumerate(live)
                ]
            )
            d = np.hypot(*(blob_mm[None] - pred_mm[:, None]).transpose(2, 0, 1))
            seen = np.array([lk or "" for lk in looks])
            own = np.array([tr.look for tr in live])
            unlike = (seen[None] != "") & (seen[None] != own[:, None])
            # A coin seen sliding out of hiding counts as farther from a coin hidden at rest the
            # more it slides back toward where that coin lay: the coin it is may lie beyond reach.
            turned = np.zeros_like(d)
            for j, came_from in enumerate(slid):
                if came_from is not None:
                    turned[:, j] = [self._turn_cost(tr, came_from, blob_mm[j]) for tr in live]
            cost = np.where(d + turned <= gate[:, None], d + turned + cfg.look_mm * unlike, _FAR)
            # A blob where a coin lies at rest is that coin (no other coin's centre comes that
            # close to it), even when another coin could take it at less cost overall: a
            # coin beside a hand must not "start" onto a blob some other coin leaves free.
            # So is one where a coin lay hidden at rest, whatever its look as the hand leaves
            # (the hand's shadow may darken a suit's colour to ink for a frame or two).
            resting = np.array([tr.state in (ON, HIDDEN) and not tr.moving for tr in live])
            mine = resting[:, None] & (d <= COIN_MM / 4)
            # Not one that goes on from where another coin hidden at rest was seen whole in the
            # last frame, as that coin (see _crept_back).
            whole = np.array([b.area >= cfg.whole_coin_share * self.coin_area for b in blobs])
            mine &= ~self._followed(live, whole, blob_mm)
            # So is a blob just where a coin in sight is expected to slide to, if it shows no
            # other look: the assignment gives every blob to some coin if it can at any finite
            # cost, and a coin out of hiding whose way under the hand was guessed wrong could
            # take it, leaving the sliding coin the other (hold-out AK seed 7500 at 24.26 s).
            sliding = np.array([tr.state == ON and tr.moving for tr in live])
            ahead = _ahead(d, unlike, sliding, mine.any(axis=0), cfg.slide_claim_mm)
            _claim(cost, mine | ahead)
            # A coin coming out of hiding shows whole with its own look, and slides on from
            # where it was seen since: another is some other coin out from under the same
            # hand (_reappear finds which).
            for k, tr in enumerate(live):
                if tr.state != HIDDEN:
                    continue
                cost[k, unlike[k] & ~mine[k]] = _FAR
                if tr.pending is not None and not tr.moving:
                    refused = [
                        self._cannot_follow(tr, p, lk) for p, lk in zip(blob_mm, looks, strict=True)
                    ]
                    crept = [
                        self._crept_back(tr, p, w) for p, w in zip(blob_mm, whole, strict=True)
                    ]
                    cost[k, np.array(refused) | np.array(crept)] = _FAR
                    if any(crept):
                        # The sighting it took since was another coin's, creeping on.
                        tr.pending = None
            rows, cols = linear_sum_assignment(cost)
            for k, col in zip(rows, cols, strict=True):
                if cost[k, col] >= _FAR:
                    continue
                used.add(int(col))
                if k not in searched:
                    continue
                tr, blob = live[k], blobs[col]
                if tr.moving and not blob.placed:
                    # Mostly under a hand: it slides on out of sight (below), its blob kept from
                    # other coins, until enough of it shows.
                    continue
                searched[searched.index(k)] = -1
                self._match(
                    tr, blob_mm[col], blob.area, beside[k] or blob.merged, looks[col], blob.placed
                )
        for k in searched:
            if k < 0:
                continue
            tr = live[k]
            if tr.moving and tr.state == ON:
                edge = edge_crossing(tr.mm, tr.step, self.table, cfg.edge_slack_mm)
                if edge is not None:
                    at, frac = edge
                    tr.state, tr.moving, tr.anchor = OFF, False, None
                    tr.mm = at
                    fell.append((tr.coin, _pt(at), t - self.dt + frac * self.dt))
                    continue
            tr.state, tr.clear = HIDDEN, False
            if tr.moving:
                self._coast(tr)
        free = [i for i in range(len(blobs)) if i not in used]
        self._reappear(free, blobs, blob_mm, [slid[i] for i in free], hand_mask)
        offsets = self._nudges(image, before, was_mm, hand)
        self._nudged(offsets)
        if not hands and all(
            not tr.moving and tr.state != HIDDEN and tr.pending is None
            for tr in self.tracks.values()
        ):
            if stale.any():
                self._hold(_regions(labels, stats, np.flatnonzero(stale)), t)
            self.bg = small
            self._bare_again(small, t)
        elif stale.any() and self._calm(t):
            gone = _regions(labels, stats, np.flatnonzero(stale))
            self.bg = self.bg.copy()
            self.bg[gone] = small[gone]
            self._hold(gone, t)
        toward = [k for k, tr in enumerate(live) if beside[k] and not tr.moving]
        if toward:
            whole = self._whole_hands(small)
            for k in toward:
                tr = live[k]
                way = self._toward_hand(whole, pred_px[k])
                if not any(way):
                    # No hand within reach against the bare table: what shows changed beside the
                    # coin is where a hand that went into the background lay, and has gone. The way
                    # to the hand is the way it was a moment ago (hold-out seed 1900 at 19.15 s: a
                    # hand withdrawing after a flick); else, as that change shows it.
                    recent = t - tr.hand_t <= cfg.hand_memory_s and any(tr.hand)
                    way = tr.hand if recent else self._toward_hand(hand, pred_px[k])
                tr.hand, tr.hand_t = way, t
        near = {
            tr.coin: tr.hand
            for k, tr in enumerate(live)
            if (tr.coin in self._started or beside[k]) and t - tr.hand_t <= cfg.hand_memory_s
        }
        return self._report(
            index,
            t,
            started=self._started,
            since=self._since,
            near_hand=near,
            stopped=self._stopped,
            placed=tuple(self._placed),
            fell=tuple(fell),
            corrected=tuple(self._corrected),
            offsets=offsets,
        )

    def _nudges(
        self,
        image: np.ndarray,
        before: np.ndarray,
        was_mm: Mapping[str, np.ndarray],
        hand: np.ndarray,
    ) -> dict[str, Point]:
        """How far (mm, x and y) each watched coin at rest lies from where it lay when it was
        first watched since it came to rest, measured on its rim (:mod:`vision.croquet.rim`)
        against its outline in the frame before that watch began. Rays near another coin's path
        in this frame (``was_mm`` to where it is now, and half a step on: its blur) or over a
        hand are left out. A coin that moves, is put down or corrected loses its rim; one that
        hides keeps it, so that, uncovered where it lay (within ``move_mm``), it still shows
        what a blow as the hand came over it did (hold-out AA seed 5503 at 16.72 s)."""
        cfg = self.cfg
        gone = {c for c, _ in self._placed} | set(self._corrected)
        self._rims = {
            c: rim
            for c, rim in self._rims.items()
            if self.tracks[c].state in (ON, HIDDEN) and not self.tracks[c].moving and c not in gone
        }
        out: dict[str, Point] = {}
        watched = [
            tr
            for c, tr in self.tracks.items()
            if c in self._watched and tr.state == ON and not tr.moving and c not in gone
        ]
        if not watched:
            return out
        paths = {}
        for tr in self.tracks.values():
            if tr.state == ON and tr.coin in was_mm:
                a, b = was_mm[tr.coin], tr.mm
                ends = self.cal.to_image(np.array([a, b + (b - a) / 2]), self.h)
                paths[tr.coin] = (ends[0], ends[1])
        clear = self.radius_px + cfg.rim_clear_mm * self.ppm
        for tr in watched:
            rim = self._rims.get(tr.coin)
            if rim is None:
                rim = self._rim_where_it_lies(tr, before)
                self._rims[tr.coin] = rim
            others = [ab for c, ab in paths.items() if c != tr.coin]
            blocked = blocked_rays(rim, others, clear, hand, cfg.coarse_step)
            shift = rim_shift(rim, image, blocked, cfg)
            if shift is not None:
                ends_mm = self.cal.to_table(np.array([rim.centre, rim.centre + shift]), self.h)
                d = ends_mm[1] - ends_mm[0]
                out[tr.coin] = (round(float(d[0]), 4), round(float(d[1]), 4))
        return out

    def _nudged(self, offsets: Mapping[str, Point]) -> None:
        """A coin at rest nudged less than it must move to start (struck, ``move_mm``) lies where
        its rim shows it once its watch ends (the median of its last ``nudge_frames`` readings),
        if that is at least ``rest_shift_mm`` from where it lay and those readings agree (within
        ``rim_agree_mm``): its place is ``corrected``. Left where it lay, it would seem to touch
        a coin that stopped a hair from where it now is; readings that jump about show a rim
        that cannot place it (taken after a nudge under the hand, say)."""
        cfg = self.cfg
        for coin, o in offsets.items():
            self._readings[coin] = [*self._readings.get(coin, [])[1 - cfg.nudge_frames :], o]
        for coin in [c for c in self._readings if c not in self._watched or c not in self._rims]:
            readings = self._readings.pop(coin)
            if coin not in self._rims or coin in self._corrected:
                continue
            shift = np.median(readings, axis=0)
            spread = float(np.hypot(*(np.array(readings) - shift).T).max())
            if float(np.hypot(*shift)) >= cfg.rest_shift_mm and spread <= cfg.rim_agree_mm:
                tr = self.tracks[coin]
                self._lies_at(tr, (tr.anchor if tr.anchor is not None else tr.mm) + shift)

    # -- track updates ---------------------------------------------------------------------------

    def _hold(self, gone: np.ndarray, t: float) -> None:
        """Keep what goes into the background stale at ``t`` (coarse mask ``gone``) out of the
        table seen bare (:meth:`_bare_again`)."""
        self._held |= gone
        self._held_t = t

    def _bare_again(self, small: np.ndarray, t: float) -> None:
        """The table seen bare in this frame (coarse image ``small``: no hand, every coin at
        rest) but where something went into the background stale (a hand lying still) and still
        differs from the table as last seen bare, for up to ``bare_hold_s`` since."""
        if self._held.any():
            if t - self._held_t <= self.cfg.bare_hold_s:
                self._held &= self._change(small, self.bare).view(bool)
                self.bare = np.where(self._held[..., None], self.bare, small)
                return
            self._held = np.zeros_like(self._held)
        self.bare = small

    def _whole_hands(self, small: np.ndarray) -> np.ndarray:
        """The coarse mask of the hands in this frame (coarse image ``small``) as they differ
        from the table last seen bare: regions larger than ``hand_min_coins`` coins that reach
        beyond the table's edge, as an arm does (:meth:`_reaching`). A hand that lay still for
        ``stale_s`` went into the background (:meth:`_stale`), so against that, once it stirs,
        only its edges and the place it lay show, and the way to it reads far off
        (hold-out AH seed 6901 at 39.64 s: a hand flicking a knight from the west read to the
        north-north-east of it, taken for a flick into the tower south-west of it). Worked out
        once a frame: the table seen bare changes only in a frame with no hand."""
        if self._whole is None:
            _, labels, stats, _ = components(self._change(small, self.bare))
            big = np.flatnonzero(stats[1:, cv2.CC_STAT_AREA] > self.hand_area) + 1
            self._whole = _regions(labels, stats, np.intersect1d(big, labels[self._beyond]))
        return self._whole

    def _reaching(
        self, big: list[int], labels: np.ndarray, stats: np.ndarray, small: np.ndarray
    ) -> list[int]:
        """Of the changed regions big enough for a hand (labels ``big`` of the coarse ``labels``),
        those that are one. A hand reaches in from beyond the table, its arm across the table's
        edge (or the picture's, where the picture shows no more than the table), so its region
        reaches beyond that edge; or, where the arm lay still long enough to go into the
        background, the region it makes against the table last seen bare (:meth:`_whole_hands`)
        does, and reaches within ``hand_margin_mm`` of this one (the place such a hand lay until
        just now, say). A region that does neither is coins moved since the background was taken,
        their old places and new (fresh BM seed 13104 at 23.15 s: three knights a flick had
        scattered, taken for a hand for half a second after the hand had gone, left the rim of the
        one the last of them nudged unread, beside the hand's margin, and its rest place 0.8 mm out:
        a later blow on it was lost). The table's edge, not the picture's alone: a real hand's
        region may stop a few pixels short of the picture's edge (fresh BM seed 13100 at 27.8 s,
        2 coarse pixels short of the top edge; dropped, the guard hidden under it was lost)."""
        inner = [k for k in big if not _touches(self._beyond, labels, stats, k)]
        if not inner:
            return big
        whole = self._hand_mask(self._whole_hands(small))
        return [k for k in big if k not in inner or _touches(whole, labels, stats, k)]

    def _beyond_table(self, shape: tuple[int, ...]) -> np.ndarray:
        """The coarse mask (``shape``) of what lies beyond the table's edge, and the picture's
        own edge: an arm reaching over the table crosses them."""
        s = self.cfg.coarse_step
        w, h = self.table
        corners = self.cal.to_image(np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])) / s
        inside = np.zeros(shape, np.uint8)
        cv2.fillPoly(inside, [np.round(corners).astype(np.int32)], 1)
        beyond = inside == 0
        beyond[0, :] = beyond[-1, :] = beyond[:, 0] = beyond[:, -1] = True
        return beyond

    def _toward_hand(self, hand: np.ndarray, px: np.ndarray) -> tuple[float, float]:
        """Unit vector (image axes, close to the table's on a camera looking down) from a coin
        toward the middle of the hand (coarse mask ``hand``) within ``hand_reach_mm`` of it;
        (0, 0) if none is."""
        s = self.cfg.coarse_step
        r = max(1, round(self.cfg.hand_reach_mm * self.ppm / s))
        x, y = int(px[0]) // s, int(px[1]) // s
        ys, xs = np.nonzero(hand[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1])
        if not len(xs):
            return (0.0, 0.0)
        v = np.array([xs.mean() + max(0, x - r) - x, ys.mean() + max(0, y - r) - y])
        n = float(np.hypot(*v))
        return (0.0, 0.0) if n == 0 else (float(v[0] / n), float(v[1] / n))

    def _hand_mask(self, hand: np.ndarray) -> np.ndarray:
        """The coarse mask of the hands, grown by ``hand_margin_mm``."""
        grow = max(1, round(self.cfg.hand_margin_mm * self.ppm / self.cfg.coarse_step))
        kernel = np.ones((2 * grow + 1, 2 * grow + 1), np.uint8)
        return cv2.dilate(hand.view(np.uint8), kernel).view(bool)

    def _by_rim(self, image: np.ndarray, blobs: list[CoinBlob]) -> list[CoinBlob]:
        """Blobs of a single coin that show less than ``whole_coin_share`` of it (a hand over
        part of it) centred on the part of the rim seen against the bare table
        (:func:`vision.croquet.rim.rim_centre`), not on what shows of the face, whose centroid
        lies off the coin's centre, away from the hand; their area stays what shows. One whose
        rim cannot place it is marked not ``placed``: a sliding coin is not followed onto it."""
        whole = self.cfg.whole_coin_share * self.coin_area
        out = []
        for blob in blobs:
            if blob.area < whole and not blob.merged:
                px = np.array(blob.px)
                at = self.cal.to_table(px.reshape(1, 2), self.h)[0]
                radius = COIN_MM / 2 * self.cal.px_per_mm((float(at[0]), float(at[1])), self.h)
                centre = rim_centre(image, px, radius, self.bg, self.static, self.cfg)
                blob = (
                    replace(blob, placed=False)
                    if centre is None
                    else replace(blob, px=(float(centre[0]), float(centre[1])))
                )
            out.append(blob)
        return out

    def _trusted_looks(self, blobs: list[CoinBlob]) -> list[str | None]:
        """Each blob's look, or None where it cannot be trusted (blurred or half hidden)."""
        full = self.cfg.full_coin_share * self.coin_area
        return [b.look if b.area >= full else None for b in blobs]

    def _match(
        self,
        tr: Track,
        mm: np.ndarray,
        area: float,
        near_hand: bool,
        look: str | None = None,
        placed: bool = True,
    ) -> None:
        """A coin found where its track expected it: it slides on, starts, stays, is uncovered,
        or was put down elsewhere by hand. ``placed``: whether ``mm`` is the coin's centre (not
        that of the part showing of a coin whose rim could not place it)."""
        cfg = self.cfg
        if tr.moving:
            if tr.state == HIDDEN:
                self._seen_again(tr, mm, look)
            else:
                tr.lost = 0
                self._seen(tr, mm, look)
            return
        full = area >= cfg.full_coin_share * self.coin_area
        base = tr.anchor if tr.anchor is not None else tr.mm
        moved = float(np.hypot(*(mm - base)))
        if tr.state == HIDDEN:
            self._uncovered(tr, mm, area, near_hand)
            return
        tr.seen_t = self._t
        whole = area >= cfg.whole_coin_share * self.coin_area
        if not near_hand:
            limit = cfg.move_mm
        elif whole and placed and self._seen_off_last(tr, base, cfg.move_whole_near_hand_mm):
            # Seen whole beside a hand, it has moved once seen that far off in two frames
            # running (as a hand comes, its shadow may shift one reading; hold-out B seed 0 at
            # 9.75 s: a guard read 2.4 mm off, then where it lay, then 2.4 mm off again).
            limit = cfg.move_whole_near_hand_mm
        else:
            limit = cfg.move_near_hand_mm
        # A hand covering part of a coin shifts what shows away from the hand, never toward
        # it: a coin seen whole, and now again, that lies toward the hand beside it in the last
        # frame has moved (a hand remembered from earlier may have gone; another, covering
        # part of the coin now, may come from elsewhere). Not if what shows could not be placed
        # by its rim: the hand's shadow, falling beyond the coin, may cover its far side
        # (hold-out L seed 2707 at 11.30 s: a guard 17 % covered so, seen 1.5 mm toward the
        # hand sweeping past, was taken to slide out of sight and for flicked, twice).
        fresh = self._t - tr.hand_t <= 1.5 * self.dt
        toward = (
            fresh
            and tr.clear
            and full
            and placed
            and float((mm - base) @ np.array(tr.hand)) > cfg.move_mm
        )
        tr.clear = full
        if whole:
            if tr.seen_mm is None or float(np.hypot(*(mm - tr.seen_mm))) > cfg.still_mm:
                tr.seen_since = self._t
            tr.seen_mm, tr.seen_mm_t = mm, self._t
            if moved > cfg.move_mm and self._t - tr.seen_since >= cfg.settle_s:
                # Seen all, lying still here a while, away from where it rested: it was nudged
                # here beside a hand (struck) by less than it must move there to start.
                self._lies_at(tr, mm)
                return
        # Part of a coin shows off its centre (a hand just coming onto the table may be too
        # small yet to be seen as one), and so does most of one whose rim could not place it:
        # it has moved only when it moved as far as beside a hand (fresh CK seeds 17906 at
        # 24.92 s and 17907 at 4.52 s: a guard and a knight lying before their tower, 81 % and
        # 84 % of each showing as a hand came over unseen, were read 1.5 mm off and taken for
        # flicked; neither moved).
        trusted = full and placed
        if (
            moved > (limit if trusted else max(2 * limit, cfg.move_near_hand_mm)) or toward
        ) and not (near_hand and self._rim_still(tr, base)):
            self._start(tr, base, mm, self._t - self.dt / 2)

    def _keep_lay_rims(self, live: list[Track], beside: list[bool], before: np.ndarray) -> None:
        """Take the outline of each coin at rest that has just come beside a hand from the frame
        before (``before``), and drop it for a coin that moves or lies clear of the hands again.
        A coin hidden at rest keeps it: the hand over it came beside it first."""
        for tr, near in zip(live, beside, strict=True):
            if tr.moving or (tr.state == ON and not near):
                self._lay_rims.pop(tr.coin, None)
            elif near and tr.coin not in self._lay_rims and tr.state == ON:
                self._lay_rims[tr.coin] = self._rim_where_it_lies(tr, before)

    def _rim_where_it_lies(self, tr: Track, image: np.ndarray) -> Rim:
        """The outline of ``tr``, at rest, in ``image`` round where it lies."""
        base = tr.anchor if tr.anchor is not None else tr.mm
        centre = self.cal.to_image(base[None], self.h)[0]
        return take_rim(image, centre, self.radius_px, self.cfg, self.ppm)

    def _rim_still(self, tr: Track, base: np.ndarray) -> bool:
        """Whether ``tr``'s rim, read in this frame against its outline before a hand came
        beside it, shows it within ``rim_still_mm`` of ``base``: whatever its reading, it has not
        set off (see ``rim_still_mm``). Every ray is read: a ray the hand or its shade crosses
        fits the outline as it was badly or not at all and is left out by the fit itself (the
        hand's mask, which takes in its shadow, may cover the whole coin)."""
        rim = self._lay_rims.get(tr.coin)
        if rim is None:
            return False
        shift = rim_shift(rim, self._image, np.zeros(len(rim.normals), bool), self.cfg)
        if shift is None:
            return False
        at = self.cal.to_table((rim.centre + shift)[None], self.h)[0]
        return float(np.hypot(*(at - base))) <= self.cfg.rim_still_mm

    def _seen_off_last(self, tr: Track, base: np.ndarray, far: float) -> bool:
        """Whether ``tr`` was seen whole in the last frame more than ``far`` mm from ``base``."""
        return (
            tr.seen_mm is not None
            and self._t - tr.seen_mm_t <= 1.5 * self.dt
            and float(np.hypot(*(tr.seen_mm - base))) > far
        )

    def _beside_movers(self, live: list[Track], pred_mm: np.ndarray) -> set[int]:
        """Indices (into ``live``) of the coins at rest within a coin's width of where a sliding
        coin is expected next (plus its step): coins it may strike in this frame."""
        movers = [
            (pred_mm[k], float(np.hypot(*tr.step)))
            for k, tr in enumerate(live)
            if tr.moving and tr.state == ON
        ]
        return {
            k
            for k, tr in enumerate(live)
            if not tr.moving
            and any(float(np.hypot(*(pred_mm[k] - p))) <= 2 * COIN_MM + v for p, v in movers)
        }

    def _slack(self, tr: Track, beside: bool) -> float:
        """How far (mm) beyond its predicted place a coin is looked for: a coin at rest under a
        hand may have been flicked there unseen, one ``beside`` a hand may just have been
        flicked, one ``beside`` a sliding coin may just have been struck."""
        if tr.state == HIDDEN and not tr.moving:
            return self.cfg.hidden_reach_mm
        return self.cfg.match_mm if tr.state == HIDDEN or tr.moving or beside else 3.0

    def _reach(self, tr: Track) -> float:
        """How far (mm) from its predicted place a coin sliding out of sight may reappear: the
        prediction from its last seen step strays more each frame it stays hidden (its first
        step, half hidden, may have been misread), up to ``hidden_reach_mm``."""
        cfg = self.cfg
        stray = min(tr.lost * cfg.max_speed_mm_s * self.dt, cfg.hidden_reach_mm - cfg.match_mm)
        return cfg.match_mm + stray + cfg.match_speed_share * float(np.hypot(*tr.step))

    def _coast(self, tr: Track) -> None:
        """A sliding coin out of sight: it slides on, slowing, back off a tile it runs into, and
        stops where it strikes a coin at rest (:meth:`_way`); after ``lost_frames`` frames it
        is taken to have stopped there."""
        if tr.lost == 0:
            tr.hid_at = tr.mm.copy()
        tr.lost += 1
        way = self._way(tr)
        ahead = tr.mm + tr.step
        px = self.cal.to_image(ahead.reshape(1, 2), self.h)[0]
        if (way != tr.step).any():
            # It would slide into a coin at rest: it struck it there, and stopped (a blow
            # passes a slide on to the coin struck).
            tr.mm, tr.step = tr.mm + way, np.zeros(2)
        elif _at(self.static, px, 1):
            # It would slide into a tile: it bounced back off it, out of sight, slower.
            tr.step = -0.5 * tr.step
        tr.mm = tr.mm + tr.step
        tr.step = tr.step * 0.9
        if tr.lost >= self.cfg.lost_frames:
            tr.moving, tr.anchor, tr.step, tr.lost = False, tr.mm.copy(), np.zeros(2), 0

    def _way(self, tr: Track) -> np.ndarray:
        """The step a sliding coin out of sight is taken to have made (:meth:`_coast`): its last
        step, cut short where it would first touch a coin at rest (it strikes that coin there
        and passes its slide on). In sight, the next blob shows where it went. Carried
        on through it, a coin lost in the blur of a blow is expected beyond, where the coin it
        struck is then found (fresh AU seed 9506 at 5.32 s: a guard struck a knight lying
        against its tower and came back off it; expected on past the knight, it took the
        knight's name, and the knight, 24 mm off where it lay, the guard's, for the rest of the
        game)."""
        step = tr.step
        length = float(np.hypot(*step))
        if not tr.moving or length == 0:
            return step
        unit = step / length
        reach = length
        for other in self.tracks.values():
            if other is tr or other.moving or other.state not in (ON, HIDDEN):
                continue
            rel = other.mm - tr.mm
            along = float(rel @ unit)
            across = abs(float(rel[0] * unit[1] - rel[1] * unit[0]))
            if along <= 0 or across >= COIN_MM:
                continue
            touch = along - float(np.sqrt(COIN_MM**2 - across**2))
            reach = min(reach, max(touch, 0.0))
        return unit * reach

    def _uncovered(self, tr: Track, mm: np.ndarray, area: float, near_hand: bool) -> None:
        """A coin that was hidden at rest (or off the table, or not yet on it) is seen at ``mm``.
        Where it was: it was only covered. Elsewhere: if it moves on away from where it lay
        between two sightings, the first of them whole, it is sliding (a flick begun under the
        hand, which started when the slide traced back reaches its rest position); if it shows
        whole and still, away from any hand (or all of it still for ``settle_s`` beside one),
        in two frames running, it was put down there by hand, unless it was seen where it lay
        less than ``carry_min_s`` before (then it slid there, under the hand), or another coin
        began to slide meanwhile (then it was flicked unseen and struck that coin), or it lies
        within ``place_mm`` of where it lay (nudged: flicked a little, or struck, unseen)."""
        cfg = self.cfg
        full = area >= cfg.full_coin_share * self.coin_area
        whole = area >= cfg.whole_coin_share * self.coin_area
        base = tr.anchor if tr.anchor is not None else tr.mm
        off = float(np.hypot(*(mm - base)))
        # Near where it lay, it was covered, or nudged (flicked a little, or struck) unseen.
        nudged = tr.state == HIDDEN and off <= cfg.place_mm
        if nudged and (not full or off <= cfg.move_mm):
            if full:
                tr.state, tr.pending, tr.seen_t = ON, None, self._t
            return
        if (
            nudged
            and whole
            and tr.seen_mm is not None
            and float(np.hypot(*(mm - tr.seen_mm))) <= cfg.move_mm
            and tr.seen_t - tr.seen_since >= cfg.settle_s
        ):
            # It is where it was last seen whole, lying still there a while before it hid: it
            # was nudged there earlier, beside a hand, by less than it must move there to start
            # (struck, most likely). Just nudged, it may have been flicked a little.
            self._lies_at(tr, mm)
            return
        before, before_t = tr.pending, tr.pending_t
        was_full, was_whole, was_clear = tr.pending_full, tr.pending_whole, tr.pending_clear
        # The first two sightings, a frame apart, of the run of them that this one ends, once
        # they lie apart (3 ``still_mm``); till then the last two (hold-out D seed 1401 at
        # 23.1 s: seen lying still beside the hand for two seconds, then flicked).
        if before is None or self._t - before_t > 1.5 * self.dt:
            tr.run, tr.out = [], (self._t, mm.copy())
        elif len(tr.run) == 2 and not self._run_moved(tr):
            tr.run.pop(0)
        if len(tr.run) < 2:
            tr.run.append((self._t, mm.copy()))
        # Whole and still for ``settle_s``, it lies there even beside a hand (or a changed
        # region taken for one). Only all of it will do: with a hand over a little of it, its
        # centre and even its look (the suit's colour under a finger) may be wrong.
        unmoved = before is not None and float(np.hypot(*(mm - before))) < cfg.still_mm
        still = unmoved and whole and was_full
        tr.pending_since = tr.pending_since if still else self._t
        # Nearly whole and still for ``lie_still_s`` (seen in every frame: a sighting missed
        # starts it again), it lies there too: a hand resting beside it may shade its edge as
        # long as it rests.
        held = unmoved and full and was_full and self._t - before_t <= 1.5 * self.dt
        tr.full_since = tr.full_since if held else self._t
        if nudged and full and self._t - tr.full_since >= cfg.lie_still_s:
            self._lies_at(tr, mm)
            return
        clear = full and (not near_hand or self._t - tr.pending_since >= cfg.settle_s)
        tr.pending, tr.pending_t, tr.pending_clear = mm, self._t, clear
        tr.pending_full, tr.pending_whole = full, whole
        if before is None:
            return
        step, away = _step_away(base, before, mm)
        # A part of a coin showing beside a hand is centred off the coin's centre: the step from
        # such a sighting may be the hand uncovering the rest, so sliding is judged from whole.
        sliding = was_full and step > cfg.move_near_hand_mm and away > 0.5 * step
        # No hand lifts a coin and puts it down elsewhere so soon after it was last seen where
        # it lay (seen since in every frame: hold-out H seed 1900 at 19.2 s, a guard flicked
        # under the hand that came out 0.08 s on, seen beside the hand till it settled; hold-out
        # Z seed 5400 at 29.16 s, a knight out 0.05 s on, creeping, its first two sightings
        # 0.7 mm apart).
        hurried = tr.out[0] - tr.seen_t < cfg.carry_min_s
        # A coin with a little of it still under the hand's edge shows its centre off by a
        # millimetre: only two whole sightings show a slow slide.
        slid = step > 3 * cfg.still_mm and was_whole and whole
        if tr.state == HIDDEN and (
            sliding or (clear and was_clear and (slid or hurried) and not nudged)
        ):
            flicked = self._flicked_of(tr, base, mm)
            if flicked is not tr:
                tr = flicked
                base = tr.anchor if tr.anchor is not None else tr.mm
            # Slowing at the table's friction, it left its place (v0 - v) / a before the
            # last sighting, going v (seen sliding now, it set off since: hold-out D seed
            # 1401 at 23.1 s); judged where it came to rest, before it was first seen in this
            # run of sightings, if it came out sliding, or where it was first seen, if it came
            # out creeping too soon to have been carried.
            if not sliding and self._run_moved(tr):
                (t0, p0), (t1, p1) = tr.run
            elif not sliding and not slid:
                (t0, p0), (t1, p1) = tr.out, (self._t, mm)
            else:
                (t0, p0), (t1, p1) = (before_t, before), (self._t, mm)
            shown = (p1 - p0) * (self.dt / max(t1 - t0, self.dt))
            speed = float(np.hypot(*shown)) / self.dt
            a = cfg.friction_mm_s2
            v0 = float(np.sqrt(speed**2 + 2 * a * float(np.hypot(*(p0 - base)))))
            self._start(tr, base, mm, max(tr.seen_t, t0 - (v0 - speed) / a), shown)
        elif not (clear and was_clear):
            return
        elif tr.state == HIDDEN and (nudged or self._struck_t > tr.seen_t):
            # Nudged, or another coin began to slide while this one was out of sight and this
            # one moved: it was flicked unseen (and struck that coin), or struck, soon after it
            # was last seen (no hand puts a coin down so near where it lay). That coin may have
            # been out of sight too, its start traced from its slide out (fresh BC seed 11103
            # at 44.73 s: two knights struck under the hand were taken for placed).
            self._start(tr, base, mm, max(tr.seen_t, self._struck_t - self.dt))
        elif self._t - tr.out[0] >= cfg.place_still_s or not self._alike_hidden(tr):
            self._place(tr, mm)

    def _alike_hidden(self, tr: Track) -> bool:
        """Whether another coin of ``tr``'s look lies hidden at rest: ``tr``, seen out of hiding
        away from where it lay, may be that one, flicked there under the hand, and is judged
        put down only after ``place_still_s`` (:meth:`_flicked_of`). Not otherwise: a coin
        put back at the table's edge may be seen for two frames only before the view is still
        again (hold-out J seed 2401 at 19.17 s)."""
        return tr.state == HIDDEN and bool(self._hidden_alike(tr))

    def _hidden_alike(self, tr: Track) -> list[Track]:
        """The other coins of ``tr``'s look that lie hidden at rest."""
        return [
            other
            for other in self.tracks.values()
            if other is not tr
            and other.look == tr.look
            and other.state == HIDDEN
            and not other.moving
        ]

    def _flicked_of(self, tr: Track, base: np.ndarray, mm: np.ndarray) -> Track:
        """Which coin hidden at rest sets off from under the hand, seen at ``mm``: ``tr``, whose
        sightings these are, or another of its look seen out of hiding since (in two frames or
        more), away from where it lay (``place_mm``) but not yet judged put down there
        (``place_still_s``), if the two coins went less far in all the other way round: one
        flicked under the hand into the other stopped where the other lay, and the one struck
        is the one that slides on. Then the two trade their sightings (:data:`_SIGHTING`).
        Hold-out AB seed 5701 at 16.75 s: a guard flicked under an arm 86 mm into a knight
        stopped 14 mm from the knight's place, and showed first; the knight, struck, came out
        sliding back off a tile. The one still was taken for the knight, put down by hand, and
        the one sliding for the guard, and the two had each other's names for twenty seconds."""
        best, gain = tr, 0.0
        for other in self._hidden_alike(tr):
            if (
                other.pending is None
                or self._t - other.pending_t > 1.5 * self.dt
                or other.out[0] >= other.pending_t
            ):
                continue
            lay = other.anchor if other.anchor is not None else other.mm
            seen = other.pending
            if float(np.hypot(*(seen - lay))) <= self.cfg.place_mm:
                continue
            kept = float(np.hypot(*(mm - base))) + float(np.hypot(*(seen - lay)))
            traded = float(np.hypot(*(seen - base))) + float(np.hypot(*(mm - lay)))
            if kept - traded > gain:
                best, gain = other, kept - traded
        if best is not tr:
            _trade(tr, best, _SIGHTING)
        return best

    def _run_moved(self, tr: Track) -> bool:
        """Whether the first two sightings of ``tr``'s run lie apart: it came out sliding."""
        return (
            len(tr.run) == 2
            and float(np.hypot(*(tr.run[1][1] - tr.run[0][1]))) > 3 * self.cfg.still_mm
        )

    def _lies_at(self, tr: Track, mm: np.ndarray) -> None:
        """The coin, in sight, rests at ``mm``, where it came without a path seen: its place is
        ``corrected`` (its rim, read where it lay before, is taken again at its next watch)."""
        tr.state, tr.pending, tr.seen_t = ON, None, self._t
        tr.mm, tr.anchor = mm.copy(), mm.copy()
        self._corrected.append(tr.coin)
        self._rims.pop(tr.coin, None)
        self._lay_rims.pop(tr.coin, None)

    def _cannot_follow(self, tr: Track, mm: np.ndarray, look: str | None = None) -> bool:
        """Whether a coin seen at ``mm`` (its look ``look``, if it can be trusted), away from
        where ``tr`` lay hidden, cannot be ``tr``, seen once since, whole (``pending``): it lies
        farther from that sighting than any coin slides in the time between (that sighting was
        another coin), or it slides from there back toward where ``tr`` lay, which ``tr`` cannot
        have done without turning round unseen (it is another coin that slid out from under the
        same hand), unless it shows ``tr``'s look and no other coin of that look is out of sight
        (:meth:`_only_unseen`): then it is ``tr``, back off a tile it ran into out of sight
        (hold-out L seed 2701 at 34.59 s: a guard flicked under the hand, off the tile beyond,
        was seen lying 17 mm from where it lay for four seconds, taken by none, until another
        guard under a hand 460 mm away took it). A sighting of only part of a coin beside a
        hand binds nothing: it may have been another coin coming out from under the same hand
        (a guard slid out from under the arm by a knight lying there, and the knight's track
        took the guard's first glimpse, 16 mm from where the knight lay). A coin seen within
        half a coin's width of where ``tr`` lay, over most of its place, may be ``tr`` whatever
        was seen before (fresh AW seed 9907 at 6.47 s: a knight hidden under the hand took a
        glimpse of a guard of its look flicked out from under it, 18 mm off, and was then
        barred from its own blob 6.5 mm from its place, 25 mm from that glimpse; a guard of
        its look hidden 175 mm away took it, and three coins traded names). Nor can a coin
        seen farther from where ``tr`` lay than any coin slides in the time since ``tr`` was
        last seen there (fresh CF seed 16900 at 23.02 s: a knight seen at rest beside a hand,
        hidden under it for a frame, took a guard sliding back off its tower 103 mm away, which
        the guard's own track was slow to take for sliding back toward where it lay; the two had
        each other's names for the rest of the game)."""
        cfg = self.cfg
        base = tr.anchor if tr.anchor is not None else tr.mm
        if tr.moving:
            return False
        off = float(np.hypot(*(mm - base)))
        if off > cfg.max_speed_mm_s * max(self._t - tr.seen_t, self.dt) + cfg.move_near_hand_mm:
            return True
        if tr.pending is None or not tr.pending_full:
            return False
        if off <= max(cfg.place_mm, COIN_MM / 2):
            return False
        step, away = _step_away(base, tr.pending, mm)
        reach = cfg.max_speed_mm_s * max(self._t - tr.pending_t, self.dt) + cfg.move_near_hand_mm
        if step > reach:
            return True
        turned = step > cfg.move_near_hand_mm and away <= 0
        return turned and not (look == tr.look and self._only_unseen(tr))

    def _followed(self, live: list[Track], whole: np.ndarray, blob_mm: np.ndarray) -> np.ndarray:
        """Which (track, blob) pairs are a blob seen whole (``whole``, per blob) within
        ``move_near_hand_mm`` of where some other coin hidden at rest was seen whole in the last
        frame (its ``pending``): the blob is most likely that coin, going on, so it is no other
        coin's for lying at its place (hold-out T seed 4301 at 15.43 s: the guard of
        :meth:`_crept_back` crept on to 4.3 mm from the knight's place, where the knight, hidden
        still, would have claimed it)."""
        cfg = self.cfg
        out = np.zeros((len(live), len(whole)), bool)
        for k, tr in enumerate(live):
            if (
                tr.state != HIDDEN
                or tr.moving
                or tr.pending is None
                or not tr.pending_whole
                or self._t - tr.pending_t > 1.5 * self.dt
            ):
                continue
            near = whole & (np.hypot(*(blob_mm - tr.pending).T) <= cfg.move_near_hand_mm)
            out[:, near] = True
            out[k, near] = False
        return out

    def _crept_back(self, tr: Track, mm: np.ndarray, whole: bool) -> bool:
        """Whether a coin seen whole at ``mm``, near where ``tr`` lay hidden at rest but more
        than ``move_near_hand_mm`` from it (farther than a hand's shadow or cover misplaces a
        coin), crept there from ``tr``'s last sighting, also whole, back toward where ``tr`` lay
        (by ``creep_back_mm`` to ``move_near_hand_mm``): ``tr`` cannot be it, nor that sighting.
        Struck unseen, a coin at rest slides straight away from its place and stops; it does not
        come back (out of ``place_mm``, :meth:`_cannot_follow` refuses such a turn). One flicked
        into it under the hand, that stopped short where it lay, does (hold-out T seed 4301 at
        15.41 s: a guard flicked under the hand into a knight crept on to 5 mm from the knight's
        place, toward it, as the hand left; the knight, struck 48 mm on, came out a frame later,
        and the two traded names for four seconds)."""
        cfg = self.cfg
        if not whole or tr.moving or tr.pending is None or not tr.pending_whole:
            return False
        base = tr.anchor if tr.anchor is not None else tr.mm
        off = float(np.hypot(*(mm - base)))
        if not cfg.move_near_hand_mm < off <= cfg.place_mm:
            return False
        step, away = _step_away(base, tr.pending, mm)
        return cfg.creep_back_mm <= step <= cfg.move_near_hand_mm and away <= -0.5 * step

    def _only_unseen(self, tr: Track) -> bool:
        """Whether ``tr`` is the only coin of its look out of sight (hidden, off the table or
        not yet on it)."""
        return not any(
            other is not tr and other.look == tr.look and other.state != ON
            for other in self.tracks.values()
        )

    def _start(
        self,
        tr: Track,
        base: np.ndarray,
        mm: np.ndarray,
        t_start: float,
        step: np.ndarray | None = None,
    ) -> None:
        """The coin left ``base`` at ``t_start`` and is now at ``mm``, going on by ``step`` (mm a
        frame) where it was seen going so, else by the mean of its way since it left. A coin
        that comes out from under a hand has slowed since it left, perhaps by a blow: it goes on
        at the pace it shows (fresh BK seed 12800 at 15.51 s: a guard flicked under the hand
        came out creeping 0.8 mm a frame beside the place of the knight it struck; expected on
        at its mean, 13 mm a frame, it took the knight's blob sliding out, and the two had each
        other's names for twenty seconds)."""
        tr.state, tr.moving, tr.anchor, tr.still, tr.pending = ON, True, None, [], None
        tr.seen_mm = None
        if step is None:
            step = (mm - base) * (self.dt / max(self._t - t_start, self.dt))
        tr.step = step
        tr.mm = mm
        tr.seen_t = self._t
        self._started[tr.coin] = t_start
        self._since[tr.coin] = t_start
        self._struck_t = max(self._struck_t, t_start)

    def _seen_again(self, tr: Track, mm: np.ndarray, look: str | None = None) -> None:
        """A sliding coin seen again out of sight (:meth:`_coast`): its path out of hiding began
        when it was last seen, and it goes on at the pace of its way since, from where it went
        out of sight, not by the step from where it was taken to have coasted to (fresh BS seed
        14300 at 26.99 s: a guard taken to have stopped against a knight under the hand came
        out 57 mm on, eleven frames later; expected 57 mm further on again, it took the knight's
        blob sliding out 34 mm from where it was, and the two had each other's names until the
        next rest)."""
        self._since[tr.coin] = tr.seen_t
        step = None
        if tr.hid_at is not None:
            step = (mm - tr.hid_at) * (self.dt / max(self._t - tr.seen_t, self.dt))
        tr.state, tr.lost, tr.hid_at = ON, 0, None
        self._seen(tr, mm, look, step)

    def _seen(
        self, tr: Track, mm: np.ndarray, look: str | None = None, step: np.ndarray | None = None
    ) -> None:
        """A sliding coin seen again: follow it (going on by ``step`` a frame, if given, else by
        its step from its last place), and let it come to rest (then check by its look that it
        is the coin it is taken for)."""
        cfg = self.cfg
        tr.seen_t = self._t
        if step is None:
            step = mm - tr.mm
        tr.step, tr.mm = step, mm
        if float(np.hypot(*step)) < cfg.still_mm:
            if not tr.still:
                tr.still_t = self._t
                tr.looks = []
            tr.still.append(mm)
            if look is not None:
                tr.looks.append(look)
            if len(tr.still) >= cfg.still_frames:
                tr.moving = False
                tr.anchor = np.mean(tr.still, axis=0)
                tr.mm = tr.anchor.copy()
                tr.step = np.zeros(2)
                tr.stopped_t = tr.still_t
                self._stopped[tr.coin] = tr.stopped_t
                self._check_identity(tr)
                tr.still = []
        else:
            tr.still = []

    def _check_identity(self, tr: Track) -> None:
        """A coin that came to rest showing another knight's suit is that knight: the two tracks
        trade names (the only way a coin's look can correct tracking: the ink coins look alike)."""
        if len(tr.looks) < self.cfg.still_frames or len(set(tr.looks)) != 1:
            return
        look = tr.looks[0]
        if look == tr.look or look == "ink":
            return
        other = next((o for o in self.tracks.values() if o.look == look), None)
        if other is None:
            return
        _trade(tr, other, _TRACK_STATE)
        self._stopped[other.coin] = self._stopped.pop(tr.coin)
        self._corrected += [tr.coin, other.coin]

    def _place(self, tr: Track, mm: np.ndarray) -> None:
        tr.state, tr.moving, tr.still, tr.pending = ON, False, [], None
        tr.mm, tr.anchor, tr.step = mm.copy(), mm.copy(), np.zeros(2)
        tr.seen_t, tr.seen_mm = self._t, None
        self._placed.append((tr.coin, _pt(mm)))
        self._lay_rims.pop(tr.coin, None)

    def _reappear(
        self,
        free: list[int],
        blobs: list[CoinBlob],
        blob_mm: np.ndarray,
        slid: list[np.ndarray | None],
        hand_mask: np.ndarray,
    ) -> None:
        """Blobs no track expected: coins put down (or uncovered, or sliding out from under a
        hand) where no coin was known; matched to the missing coins by look, then distance, and
        a coin seen sliding by which way it slides: one flicked from under a hand slides away
        from where it lay (an arm over two ink coins, one flicked under it that creeps out
        toward the other's place is that one, not the other, though nearer)."""
        # A coin hidden at rest seen in this frame already (``pending``) is not missing.
        missing = [
            tr
            for tr in self.tracks.values()
            if tr.state in (OFF, ABSENT) or (tr.state == HIDDEN and tr.pending_t != self._t)
        ]
        if not free or not missing:
            return
        full_area = self.cfg.full_coin_share * self.coin_area
        cost = np.zeros((len(missing), len(free)))
        for r, tr in enumerate(missing):
            for c, i in enumerate(free):
                far = float(np.hypot(*(blob_mm[i] - tr.mm))) if tr.state != ABSENT else 1e4
                far += self._turn_cost(tr, slid[c], blob_mm[i])
                if tr.state == HIDDEN and tr.moving and far > self._reach(tr):
                    far = _FAR
                # A blurred or half-covered coin's look is not to be trusted; but a suit's colour
                # never shows on a coin whose face is black ink.
                look = blobs[i].look
                trusted = blobs[i].area >= full_area
                if tr.state == HIDDEN and self._cannot_follow(
                    tr, blob_mm[i], look if trusted else None
                ):
                    far = _FAR
                if (tr.look == "ink" and look != "ink") or (
                    tr.state in (OFF, ABSENT) and (not trusted or look != tr.look)
                ):
                    # A coin put on the table by hand shows whole, with its own look.
                    far = _FAR
                cost[r, c] = (1e5 if trusted and look != tr.look else 0.0) + far
        rows, cols = linear_sum_assignment(cost)
        for r, c in zip(rows, cols, strict=True):
            if cost[r, c] >= _FAR:
                continue
            tr, blob, mm = missing[r], blobs[free[c]], blob_mm[free[c]]
            if tr.state == HIDDEN and tr.moving:
                if not blob.placed:
                    continue
                self._seen_again(tr, mm)
                continue
            near = _at(hand_mask, np.array(blob.px), self.cfg.coarse_step)
            self._uncovered(tr, mm, blob.area, near)

    def _slid_from(self, blob: CoinBlob, mm: np.ndarray) -> np.ndarray | None:
        """Where a coin seen whole at ``mm`` was seen whole in the last frame, sliding (a coin
        hidden at rest took that sighting as ``pending``), or None: which way it slides tells
        which hidden coin it can be (one slides out from under a hand away from where it lay).
        It is the nearest such sighting, and none if any sighting lies where this coin lies
        (whole or not): that was this coin, lying still (hold-out D seed 1401 at 21.02 s: a
        knight struck under the hand, seen lying still beside the guard that struck it, was
        taken to have slid from the guard's last sighting back toward its own place, so not to
        be that knight, and the two traded names for thirteen seconds)."""
        cfg = self.cfg
        if blob.area < cfg.whole_coin_share * self.coin_area:
            return None
        reach = cfg.max_speed_mm_s * self.dt + cfg.move_near_hand_mm
        seen = [
            tr
            for tr in self.tracks.values()
            if tr.state == HIDDEN
            and not tr.moving
            and tr.pending is not None
            and self._t - tr.pending_t <= 1.5 * self.dt
        ]
        gaps = [float(np.hypot(*(mm - tr.pending))) for tr in seen]
        # A coin seen where one was seen in the last frame (whole or not) is that coin, still.
        if not gaps or min(gaps) <= 3 * cfg.still_mm:
            return None
        whole = [g if tr.pending_whole else _FAR for g, tr in zip(gaps, seen, strict=True)]
        k = int(np.argmin(whole))
        return seen[k].pending if seen[k].pending_whole and gaps[k] <= reach else None

    def _turn_cost(self, tr: Track, before: np.ndarray | None, mm: np.ndarray) -> float:
        """How much farther (mm) than it lies a coin seen sliding from ``before`` to ``mm``
        counts from ``tr`` (``turn_mm`` if it slides straight back toward where ``tr`` lay hidden
        at rest, nothing if straight away or if ``tr`` is not hidden at rest)."""
        if before is None or tr.state != HIDDEN or tr.moving:
            return 0.0
        base = tr.anchor if tr.anchor is not None else tr.mm
        return self.cfg.turn_mm * _turned(base, before, mm, self.cfg.place_mm)


def edge_crossing(
    mm: np.ndarray, step: np.ndarray, table: tuple[float, float], slack: float
) -> tuple[np.ndarray, float] | None:
    """Where a coin at ``mm`` sliding by ``step`` (mm a frame) went off a table of size
    ``table`` (mm), lost in the next frame, and the share of that frame's step it took to (1 if
    more); None if it did not. It went off if, one and a half frames' slide on, it lies within
    ``slack`` mm of an edge it slides toward, or beyond it (its reading may be that far off
    across the edge). It went off where its path crosses the edge, unless that is more than a
    frame and a half's slide plus ``slack`` along its path (it grazes the edge, and where it
    crosses is in doubt along the edge): then at the edge beside where it is a frame on. Fresh
    CK seed 18000 at 41.29 s: a guard sliding out 3 degrees off the edge, 0.6 mm from it, would
    cross it 12.4 mm on, which a test of that distance along its path alone missed by 0.3 mm;
    lost off the table, it was taken to slide on hidden and stop beyond the edge.

    >>> at, frac = edge_crossing(np.array([300.0, 862.0]), np.array([0.0, 2.0]), (864, 864), 2)
    >>> at.tolist(), frac
    ([300.0, 864.0], 1.0)
    >>> at, frac = edge_crossing(np.array([300.0, 863.4]), np.array([-6.7, 0.3]), (864, 864), 2)
    >>> at.round(1).tolist(), frac
    ([293.3, 864.0], 1.0)
    >>> edge_crossing(np.array([300.0, 855.0]), np.array([-6.7, 0.5]), (864, 864), 2) is None
    True
    """
    speed = float(np.hypot(*step))
    if speed == 0:
        return None
    size = np.asarray(table, float)

    def room(p: np.ndarray) -> np.ndarray:
        # How far (mm) ``p`` lies, along x and y, from the edges the coin slides toward.
        return np.where(step > 0, size - p, np.where(step < 0, p, np.inf))

    near = room(mm + 1.5 * step)
    if near.min() > slack:
        return None
    with np.errstate(divide="ignore"):
        frames = room(mm) / np.abs(step)
    cross = max(0.0, float(frames.min()))
    if cross * speed <= 1.5 * speed + slack:
        return mm + cross * step, min(1.0, cross)
    at = mm + step
    k = int(np.argmin(near))
    at[k] = size[k] if step[k] > 0 else 0.0
    return at, 1.0


def merge_boxes(
    boxes: list[tuple[int, int, int, int]], spare: int = 0
) -> list[tuple[int, int, int, int]]:
    """Search windows (x0, y0, x1, y1) with each pair whose bounding box is no larger than the
    two together (plus ``spare`` px, what one more search costs beyond its pixels) merged into
    it: overlapping windows are searched once, in fewer calls.

    >>> merge_boxes([(0, 0, 10, 10), (5, 0, 15, 10), (40, 40, 50, 50), (12, 0, 20, 10)])
    [(40, 40, 50, 50), (0, 0, 20, 10)]
    """
    out: list[tuple[int, int, int, int]] = []
    for box in boxes:
        # Merge the new window into any kept one it fits with, then that one into the rest.
        while True:
            x0, y0, x1, y1 = box
            for i, (a0, b0, a1, b1) in enumerate(out):
                u0, v0, u1, v1 = min(x0, a0), min(y0, b0), max(x1, a1), max(y1, b1)
                if (u1 - u0) * (v1 - v0) <= (x1 - x0) * (y1 - y0) + (a1 - a0) * (b1 - b0) + spare:
                    box = (u0, v0, u1, v1)
                    del out[i]
                    break
            else:
                out.append(box)
                break
    return out


def _trade(a: Track, b: Track, names: tuple[str, ...]) -> None:
    """Tracks ``a`` and ``b`` exchange what they know under ``names``."""
    for name in names:
        x, y = getattr(a, name), getattr(b, name)
        setattr(a, name, y)
        setattr(b, name, x)


def _step_away(base: np.ndarray, before: np.ndarray, mm: np.ndarray) -> tuple[float, float]:
    """How far a coin seen at ``before`` and then at ``mm`` stepped (mm), and how much farther
    from ``base`` (where it lay) that took it: negative when it came back toward it.

    >>> _step_away(np.zeros(2), np.array([10.0, 0.0]), np.array([14.0, 3.0]))
    (5.0, 4.317821063276353)
    """
    step = float(np.hypot(*(mm - before)))
    return step, float(np.hypot(*(mm - base))) - float(np.hypot(*(before - base)))


def _claim(cost: np.ndarray, claims: np.ndarray) -> None:
    """Give each blob claimed (a column of the coins x blobs ``claims`` with a True in it) to
    its claimant alone: every other coin's ``cost`` for it becomes ``_FAR``, in place."""
    taken = claims.any(axis=0)
    cost[:, taken] = np.where(claims[:, taken], cost[:, taken], _FAR)


def _ahead(
    d: np.ndarray, unlike: np.ndarray, sliding: np.ndarray, claimed: np.ndarray, near: float
) -> np.ndarray:
    """The coins x blobs claims of coins in sight ``sliding`` on the blobs within ``near`` mm of
    where each is expected (``d``, mm) that show no look unlike its own, and that no coin at
    rest ``claimed``: a blob two sliding coins are that near is left to the assignment.

    >>> d = np.array([[22.2, 0.8], [35.0, 27.3]])
    >>> unlike = np.zeros((2, 2), bool)
    >>> _ahead(d, unlike, np.array([True, False]), np.zeros(2, bool), 2.0).tolist()
    [[False, True], [False, False]]
    """
    claims = sliding[:, None] & (d <= near) & ~unlike
    claims[:, claimed | (claims.sum(axis=0) > 1)] = False
    return claims


def _turned(base: np.ndarray, before: np.ndarray, mm: np.ndarray, near: float) -> float:
    """How far a coin seen at ``before`` and then at ``mm`` turned from sliding straight away
    from ``base``: 0 straight away, 1 straight back toward it (0 within ``near`` of it, where
    a coin only covered or nudged shows no way off).

    >>> _turned(np.zeros(2), np.array([10.0, 0.0]), np.array([12.0, 0.0]), 6.0)
    0.0
    >>> _turned(np.zeros(2), np.array([12.0, 0.0]), np.array([10.0, 0.0]), 6.0)
    1.0
    """
    off = mm - base
    step = mm - before
    size = float(np.hypot(*off)) * float(np.hypot(*step))
    if float(np.hypot(*off)) <= near or size == 0:
        return 0.0
    return (1.0 - float(off @ step) / size) / 2


def _regions(labels: np.ndarray, stats: np.ndarray, keep: Iterable[int]) -> np.ndarray:
    """The mask of the connected components ``keep`` (their numbers in ``labels``, with
    ``stats`` as :func:`components` gives them), compared in their bounding boxes only: the same
    as indexing a per-label table with ``labels``, at a fraction of the cost on a coarse frame
    where the few regions cover little of it."""
    out = np.zeros(labels.shape, bool)
    for k in keep:
        x, y, w, h = (int(v) for v in stats[k, :4])
        out[y : y + h, x : x + w] |= labels[y : y + h, x : x + w] == k
    return out


def _touches(mask: np.ndarray, labels: np.ndarray, stats: np.ndarray, k: int) -> bool:
    """Whether connected component ``k`` of ``labels`` (``stats`` as :func:`components` gives
    them) has a pixel set in ``mask``, looked at in its bounding box only."""
    x, y, w, h = (int(v) for v in stats[k, :4])
    return bool((mask[y : y + h, x : x + w] & (labels[y : y + h, x : x + w] == k)).any())


def _at(mask: np.ndarray, px: np.ndarray, step: int) -> bool:
    """Whether the coarse ``mask`` is set at full-resolution pixel ``px``."""
    x, y = int(px[0]) // step, int(px[1]) // step
    return 0 <= y < mask.shape[0] and 0 <= x < mask.shape[1] and bool(mask[y, x])


def _near_regions(px: np.ndarray, regions: list[np.ndarray], pad: float) -> np.ndarray:
    """For each point (N, 2), whether it lies within ``pad`` of some region (x, y, w, h)."""
    if not regions or not len(px):
        return np.zeros(len(px), bool)
    x, y, w, h = np.asarray(regions, float).T
    inside = (
        (px[:, :1] >= x - pad)
        & (px[:, :1] <= x + w + pad)
        & (px[:, 1:] >= y - pad)
        & (px[:, 1:] <= y + h + pad)
    )
    return inside.any(axis=1)
