"""The simple baseline Croquetnole referee, reported beside the real one (vision/croquet) in every
measurement: the classic tracker a hobby project writes. Where it does better, the real referee's
design is wrong.

One frame at a time:

1. the four ArUco markers (DICT_4X4_50, ids 0-3) of the first frame give a homography from the
   image to the table (mm); every frame is warped to a top-down image at ``px_per_mm``;
2. background: the first warped frame with the setup coins painted out, blended slowly toward
   each frame wherever no foreground lies;
3. foreground: the largest channel of |frame - background| over a threshold, opened and closed;
   connected components of about a coin's area are coins (one of k coin areas is split among the
   k nearest predicted coins by a few k-means steps seeded there); much larger ones are hands, and
   a coin under one is hidden and keeps its last place;
4. tracking: constant-velocity prediction and Hungarian assignment gated by the fastest coin's
   travel in a frame plus a radius; a hidden coin is picked up again anywhere it could have gone;
5. events from the straight segments between consecutive positions against the layout: passes
   through corridors by their mouths, hits and strikes where the segment (or, when the coin was
   deflected, its constant-velocity prediction) reaches touching distance, flicks and rests from
   stillness, off_table where a track leaves the table, places where a hidden coin comes back still.

What it deliberately does not do: no lens calibration (lens distortion and the coins' height are
not corrected), no coin appearance (identities come from the tracks alone: a coin put down after
being carried is the hidden one nearest), no sub-frame physics (a contact between frames is seen
only where a straight path reaches it), no tile reading (the layout is given), no coins on tiles.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from scipy.optimize import linear_sum_assignment

from engines.croquetnole.layout import COIN_MM, TILE_MM, Layout, Point
from engines.croquetnole.names import COINS, feature
from vision.lab.croquet_evaluate import SceneRun, score_scene
from vision.markers import ARUCO_DICTIONARY, MARKER_IDS, TableProfile, marker_corners_mm
from vision.sim.croquet_render import CroquetRenderer, FrameTruth
from vision.sim.croquet_scene import CroquetScene

Event = dict[str, Any]
R = COIN_MM / 2
_FAR = 1e6


@dataclass(frozen=True)
class BaselineConfig:
    """Every threshold of the baseline, each from the physical quantity its comment names."""

    #: Resolution of the top-down table image: a coin is 19 px across at 1 px per mm.
    px_per_mm: float = 1.0
    #: Floor kept around the table in the warp (mm), so a coin is seen until its centre leaves.
    margin_mm: float = 20.0
    #: Grey levels of |frame - background| that are foreground: coin faces and skin differ from
    #: the felt by 60 or more, two frames' camera noise (sd 2 each) by under 15.
    diff_threshold: int = 30
    #: Share of each frame blended into the background away from coins and hands: a trace no
    #: coin claims fades below the threshold in about half a second at 120 fps.
    background_rate: float = 0.02
    #: A blob under this share of a coin's area is noise or a sliver of a coin beside a hand.
    min_coin_share: float = 0.4
    #: A coin seen again (after a hand, or off the table) must show at least this share of itself.
    whole_coin_share: float = 0.7
    #: A blob over this many coins' area is a hand (a palm alone is some twenty coins).
    hand_coins: float = 6.0
    #: The fastest coin (mm/s): a hard flick.
    max_speed_mm_s: float = 2500.0
    #: A coin that moves less than this in a frame (mm) is still (blob centroid noise: ~0.2 mm).
    still_mm: float = 0.5
    #: Frames a coin must stay still to have stopped (33 ms at 120 fps).
    still_frames: int = 4
    #: A stopped coin farther than this (mm) from where it stopped has started moving.
    start_mm: float = 1.5
    #: Frames a coin seen again after being hidden is watched before it is ruled still.
    settle_frames: int = 4
    #: A hidden coin that comes back this far (mm) from where it was hidden was placed there.
    place_mm: float = 6.0
    #: Tracking error allowed on touching (mm): a disc this close to a coin or tower touches it.
    touch_mm: float = 1.5
    #: A step this far (mm) from the constant-velocity prediction means the coin was deflected.
    deflect_mm: float = 2.0
    #: How fast a sliding coin slows on felt (mm/s^2): friction coefficient about 0.3 times g.
    friction_mm_s2: float = 3000.0
    #: Frames after a contact within which the struck coin must start moving.
    strike_frames: int = 4
    #: A moving coin lost within this (mm) of the table's edge, or heading past it, went off.
    edge_mm: float = 15.0


@dataclass
class _Coin:
    name: str
    pos: np.ndarray = field(default_factory=lambda: np.zeros(2))
    vel: np.ndarray = field(default_factory=lambda: np.zeros(2))  # mm per frame
    state: str = "off"  # "seen", "hidden" (on the table, not seen) or "off"
    moving: bool = False
    anchor: np.ndarray = field(default_factory=lambda: np.zeros(2))  # where it stopped
    recent: list[np.ndarray] = field(default_factory=list)  # last positions, for the anchor
    still: int = 0
    seen_frame: int = 0
    settle: int = 0  # frames left watching a coin seen again
    seen_t: float = 0.0  # when last seen
    #: Seen again after a hand or off the table: (when, and its state, place and seen_t before).
    back: tuple[float, str, np.ndarray, float] | None = None
    back_at: np.ndarray = field(default_factory=lambda: np.zeros(2))  # where it was seen again
    inside: dict[int, int] = field(default_factory=dict)  # corridor -> mouth sign entered by, or 2
    towers: set[int] = field(default_factory=set)  # towers it touches


def _seg_point(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> float:
    """Distance from ``p`` to the segment a-b."""
    d = b - a
    s = float(np.clip(np.dot(p - a, d) / max(float(np.dot(d, d)), 1e-12), 0.0, 1.0))
    return float(np.hypot(*(a + s * d - p)))


def _edge_point(a: np.ndarray, d: np.ndarray, size: Point) -> np.ndarray:
    """Where a coin leaving from ``a`` along ``d`` crosses the table's edge (with no heading,
    the edge point nearest ``a``)."""
    if float(np.hypot(*d)) < 1e-6:
        gaps = [a[0], size[0] - a[0], a[1], size[1] - a[1]]
        k = int(np.argmin(gaps))
        p = a.copy()
        p[k // 2] = 0.0 if k % 2 == 0 else size[k // 2]
        return np.clip(p, 0.0, size)
    s = math.inf
    for k in (0, 1):
        if abs(d[k]) > 1e-9:
            edge = size[k] if d[k] > 0 else 0.0
            s = min(s, (edge - a[k]) / d[k])
    return np.clip(a + max(s, 0.0) * d, 0.0, size)


def _on_table(p: np.ndarray, size: Point) -> bool:
    return 0.0 <= p[0] <= size[0] and 0.0 <= p[1] <= size[1]


def _mm(p: np.ndarray) -> list[float]:
    return [round(float(p[0]), 2), round(float(p[1]), 2)]


def _tile_distance(points: np.ndarray, centre: Point, angle_deg: float) -> np.ndarray:
    """Distance from each point (N, 2) to a tile's square (0 inside)."""
    a = math.radians(angle_deg)
    d = points - np.asarray(centre)
    u = np.abs(d @ np.array([math.cos(a), math.sin(a)])) - TILE_MM / 2
    v = np.abs(d @ np.array([-math.sin(a), math.cos(a)])) - TILE_MM / 2
    return np.hypot(np.maximum(u, 0.0), np.maximum(v, 0.0))


def _samples(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Points every millimetre or so along the segment a-b, ends included."""
    n = max(2, int(np.hypot(*(b - a))) + 2)
    return a + np.linspace(0.0, 1.0, n)[:, None] * (b - a)


class BaselineReferee:
    """The simple baseline referee (see the module doc): give it each frame after the first.

    >>> # ref = BaselineReferee(first, TableProfile(), setup, default_layout(), 120.0)
    >>> # events = ref.update(image, t)
    """

    def __init__(
        self,
        first: np.ndarray,
        profile: TableProfile,
        setup: Mapping[str, Point],
        layout: Layout,
        fps: float,
        config: BaselineConfig = BaselineConfig(),
    ) -> None:
        self.cfg = config
        self.size: Point = layout.table
        self.dt = 1.0 / fps
        self.frame = 0
        self.t = 0.0
        ppm, m = config.px_per_mm, config.margin_mm
        self._wh = (round((self.size[0] + 2 * m) * ppm), round((self.size[1] + 2 * m) * ppm))
        self._h = self._homography(first, profile)
        warped = self._warp(first)
        mask = np.zeros(warped.shape[:2], np.uint8)
        for p in setup.values():
            cv2.circle(mask, self._px(self._find_coin(warped, p)), round((R + 2.5) * ppm), 255, -1)
        self._bg = cv2.inpaint(warped, mask, 3, cv2.INPAINT_TELEA).astype(np.float32)
        self._coin_px = math.pi * (R * ppm) ** 2
        self.corridors = []
        self.towers = []
        for castle in layout.castle_names:
            geo = layout.castle(castle)
            self.corridors += [geo.gate, geo.door]
            self.towers.append((feature(castle, "tower"), geo.tower))
        self.coins = {name: _Coin(name) for name in dict.fromkeys((*setup, *COINS))}
        for name, p in setup.items():
            c = self.coins[name]
            c.state, c.pos = "seen", np.array(p, float)
        # Where the first frame shows each setup coin (lens and height shift it a little).
        meas = self._measurements(*self._blobs(warped)[1:])[:, :2]
        setup_coins = [self.coins[n] for n in setup]
        dist = np.array([np.hypot(*(meas - c.pos).T) for c in setup_coins]).reshape(-1, len(meas))
        found = self._match(setup_coins, np.where(dist <= R, dist, _FAR))
        for c, j in found:
            c.pos = meas[j]
        for name in setup:
            c = self.coins[name]
            c.anchor = c.pos.copy()
            self._reset(c)
        self._touching: set[frozenset[str]] = {
            frozenset((a.name, b.name))
            for a in self.coins.values()
            for b in self.coins.values()
            if a.name < b.name
            and a.state == b.state == "seen"
            and np.hypot(*(a.pos - b.pos)) <= COIN_MM + config.touch_mm
        }
        self._pending: dict[str, tuple[str, float, int]] = {}  # target -> (striker, t, frame)
        self._armed = False  # a flick since the last rest
        self._stop_t = 0.0
        self._out: list[Event] = []

    # -- public ----------------------------------------------------------------------------------

    def update(self, image: np.ndarray, t: float) -> list[Event]:
        """Track one frame taken at ``t`` (s) and return the events found in it."""
        cfg = self.cfg
        self.frame += 1
        self.t = t
        self._out = []
        warped = self._warp(image)
        fg, labels, stats, cents, share = self._blobs(warped)
        hands = [i for i in range(1, len(stats)) if share[i] > cfg.hand_coins]
        hand = np.isin(labels, hands) if hands else None
        before = {name: (c.state, c.pos.copy(), c.vel.copy()) for name, c in self.coins.items()}
        self._assign(self._measurements(labels, stats, cents, share), hand)
        self._events(before)
        # The background learns everything but the coins and hands: what no coin claims (the
        # trace of an imperfect inpainting, a change of light) fades into it.
        keep = hand.astype(np.uint8) if hand is not None else np.zeros_like(fg)
        keep = cv2.dilate(keep, np.ones((7, 7), np.uint8))
        for c in self.coins.values():
            if c.state != "off":
                cv2.circle(keep, self._px(c.pos), round((R + 6.0) * cfg.px_per_mm), 1, -1)
        cv2.accumulateWeighted(warped, self._bg, cfg.background_rate, mask=1 - keep)
        return sorted(self._out, key=lambda e: e["t"])

    def positions(self) -> dict[str, Point]:
        """Each coin on the table: its tracked centre (a hidden one's last), table mm."""
        return {
            n: (float(c.pos[0]), float(c.pos[1])) for n, c in self.coins.items() if c.state != "off"
        }

    def hidden(self) -> frozenset[str]:
        """The coins on the table not seen in the last frame (under a hand, or lost)."""
        return frozenset(n for n, c in self.coins.items() if c.state == "hidden")

    # -- image -----------------------------------------------------------------------------------

    def _homography(self, first: np.ndarray, profile: TableProfile) -> np.ndarray:
        grey = cv2.cvtColor(first, cv2.COLOR_BGR2GRAY) if first.ndim == 3 else first
        detector = cv2.aruco.ArucoDetector(
            cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY), cv2.aruco.DetectorParameters()
        )
        corners, ids, _ = detector.detectMarkers(grey)
        found = (
            {}
            if ids is None
            else {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}
        )
        missing = [i for i in MARKER_IDS if i not in found]
        if missing:
            raise ValueError(
                f"baseline referee: table markers {missing} not found in the first frame"
            )
        table = marker_corners_mm(profile)
        src = np.concatenate([found[i] for i in MARKER_IDS]).astype(np.float32)
        dst = (
            np.concatenate([table[i] for i in MARKER_IDS]) + self.cfg.margin_mm
        ) * self.cfg.px_per_mm
        h, _ = cv2.findHomography(src, dst.astype(np.float32))
        return h

    def _warp(self, image: np.ndarray) -> np.ndarray:
        return cv2.warpPerspective(image, self._h, self._wh, flags=cv2.INTER_LINEAR)

    def _blobs(
        self, warped: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Foreground mask, its connected components (labels, stats, centroids) and each one's
        area in coins."""
        cfg = self.cfg
        b, g, r = cv2.split(cv2.absdiff(warped, cv2.convertScaleAbs(self._bg)))
        fg: np.ndarray = (cv2.max(cv2.max(b, g), r) > cfg.diff_threshold).astype(np.uint8)
        k3 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
        fg = cv2.morphologyEx(cv2.morphologyEx(fg, cv2.MORPH_OPEN, k3), cv2.MORPH_CLOSE, k3)
        _, labels, stats, cents = cv2.connectedComponentsWithStats(fg, connectivity=8)
        return fg, labels, stats, cents, stats[:, cv2.CC_STAT_AREA] / self._coin_px

    def _find_coin(self, warped: np.ndarray, p: Point) -> np.ndarray:
        """Where a setup coin shows in the first frame: the circle of a coin's radius nearest
        ``p`` (a Hough transform), for the lens and the coin's height shift it a few mm."""
        ppm, (x, y), s = self.cfg.px_per_mm, self._px(p), round(2.5 * R * self.cfg.px_per_mm)
        grey = cv2.cvtColor(
            warped[max(0, y - s) : y + s + 1, max(0, x - s) : x + s + 1], cv2.COLOR_BGR2GRAY
        )
        circles = cv2.HoughCircles(
            cv2.GaussianBlur(grey, (5, 5), 1.0), cv2.HOUGH_GRADIENT, 1, 4 * s, param1=80,
            param2=8, minRadius=round((R - 2) * ppm), maxRadius=round((R + 2) * ppm),
        )  # fmt: skip
        if circles is None:
            return np.array(p, float)
        cx, cy = circles[0][0][:2]
        return (
            np.array([(max(0, x - s) + cx) / ppm, (max(0, y - s) + cy) / ppm]) - self.cfg.margin_mm
        )

    def _px(self, p: Point | np.ndarray) -> tuple[int, int]:
        ppm, m = self.cfg.px_per_mm, self.cfg.margin_mm
        return (round((p[0] + m) * ppm), round((p[1] + m) * ppm))

    def _measurements(
        self, labels: np.ndarray, stats: np.ndarray, cents: np.ndarray, share: np.ndarray
    ) -> np.ndarray:
        """Coin centres (mm) and areas (in coins) in the coin-sized blobs: a blob of k coins'
        area with k coins predicted in it is split among them by k-means seeded there."""
        cfg = self.cfg
        ppm, m = cfg.px_per_mm, cfg.margin_mm
        pred = np.array(
            [c.pos + c.vel for c in self.coins.values() if c.state != "off"], float
        ).reshape(-1, 2)
        out: list[np.ndarray] = []
        for i in range(1, len(stats)):
            if not cfg.min_coin_share <= share[i] <= cfg.hand_coins:
                continue
            x, y, w, h = stats[i, :4]
            if min(x, y) == 0 or x + w == self._wh[0] or y + h == self._wh[1]:
                continue  # cut by the image's border: an arm reaching in, not a coin
            lo, hi = np.array([x, y]) / ppm - m - R, np.array([x + w, y + h]) / ppm - m + R
            centre = cents[i] / ppm - m
            inside = pred[np.all((pred >= lo) & (pred <= hi), axis=1)]
            k = min(max(1, round(share[i])), len(inside))
            if k <= 1:
                out.append(np.array([*centre, share[i]]))
                continue
            ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
            pts = np.stack([xs + x, ys + y], axis=1) / ppm - m
            seeds = inside[np.argsort(np.hypot(*(inside - centre).T))[:k]]
            for _ in range(5):
                near = np.argmin(np.hypot(*(pts[:, None] - seeds[None]).transpose(2, 0, 1)), 1)
                seeds = np.array(
                    [pts[near == j].mean(0) if np.any(near == j) else seeds[j] for j in range(k)]
                )
            out += [np.array([*q, 1.0]) for q in seeds]
        return np.array(out, float).reshape(-1, 3)

    # -- tracking --------------------------------------------------------------------------------

    @staticmethod
    def _match(coins: list[_Coin], cost: np.ndarray) -> list[tuple[_Coin, int]]:
        """Hungarian assignment of ``coins`` to measurements by ``cost`` (coins x measurements,
        distances in mm; _FAR where a pair is refused)."""
        if not coins or not cost.size:
            return []
        rows, cols = linear_sum_assignment(cost)
        return [(coins[r], int(k)) for r, k in zip(rows, cols, strict=True) if cost[r, k] < _FAR]

    def _assign(self, found: np.ndarray, hand: np.ndarray | None) -> None:
        """Measurements (x, y, area in coins) to coins by the Hungarian method: the coins on
        the table (tracked ones from their prediction, hidden ones from where they were last
        seen, if the measurement shows a whole coin), then the coins off the table."""
        cfg = self.cfg
        meas = found[:, :2]
        step = cfg.max_speed_mm_s * self.dt
        on = [c for c in self.coins.values() if c.state != "off"]
        # A coin seen again shows whole, on the table, clear of any hand (not a piece of one).
        whole = np.array(
            [
                _on_table(p, self.size)
                and a >= cfg.whole_coin_share
                and not self._under_hand(np.array(p), hand)
                for *p, a in found
            ],
            bool,
        )
        cost = np.full((len(on), len(meas)), _FAR)
        for r, c in enumerate(on):
            seen = c.state == "seen"
            d = np.hypot(*(meas - (c.pos + c.vel if seen else c.pos)).T)
            gate = step * (1 if seen else self.frame - c.seen_frame) + R
            cost[r] = np.where((d <= gate) & (seen | whole), d, _FAR)
        got = self._match(on, cost)
        # A coin seen again must be where no tracked coin is (not a piece of a blurred one).
        held = [meas[j] for c, j in got if c.state == "seen"]
        got = [
            (c, j)
            for c, j in got
            if c.state == "seen" or all(np.hypot(*(meas[j] - q)) > 0.75 * COIN_MM for q in held)
        ]
        # A coin off the table (or not yet on it) comes back wherever it is put: the nearest.
        free = [j for j in range(len(meas)) if whole[j] and j not in {k for _, k in got}]
        free = [j for j in free if all(np.hypot(*(meas[j] - q)) > 0.75 * COIN_MM for q in held)]
        off = [c for c in self.coins.values() if c.state == "off"]
        cost = np.array([[np.hypot(*(meas[j] - c.pos)) for j in free] for c in off])
        got += [(c, free[k]) for c, k in self._match(off, cost.reshape(len(off), len(free)))]
        matched = {c.name for c, _ in got}
        for c in on:
            if c.state == "seen" and c.name not in matched:
                self._lose(c, hand)
        for c, j in got:
            self._see(c, meas[j])

    def _under_hand(self, p: np.ndarray, hand: np.ndarray | None) -> bool:
        if hand is None:
            return False
        x, y = self._px(p)
        r = round((R + 3.0) * self.cfg.px_per_mm)
        return bool(hand[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1].any())

    def _lose(self, c: _Coin, hand: np.ndarray | None) -> None:
        """A coin seen last frame is not seen now: off the table, or hidden where it was."""
        cfg = self.cfg
        if c.back is not None:  # seen again only briefly: back to what it was
            _, state, pos, _ = c.back
            c.state, c.pos, c.back, c.settle = state, pos, None, 0
            return
        pred = c.pos + c.vel
        room = min(pred[0], self.size[0] - pred[0], pred[1], self.size[1] - pred[1])
        if c.moving and room < cfg.edge_mm and not self._under_hand(c.pos, hand):
            at = _edge_point(c.pos, c.vel, self.size)
            s = np.hypot(*(at - c.pos)) / max(float(np.hypot(*c.vel)), 1e-9)
            self._off(c, at, self.t - self.dt + min(s, 1.0) * self.dt)
            return
        c.state = "hidden"

    def _off(self, c: _Coin, at: np.ndarray, t: float) -> None:
        self._emit("off_table", t, coin=c.name, at=_mm(at))
        c.state, c.moving, c.pos, c.vel = "off", False, at, np.zeros(2)
        self._stop_t = t
        self._touching = {p for p in self._touching if c.name not in p}

    def _see(self, c: _Coin, p: np.ndarray) -> None:
        if c.state == "seen":
            c.vel = p - c.pos
        elif c.moving:  # lost for a few frames while moving: carry on
            c.vel = (p - c.pos) / max(1, self.frame - c.seen_frame)
        else:  # seen again after a hand or off the table: watch it before ruling
            c.back = (self.t, c.state, c.pos.copy(), c.seen_t)
            c.settle, c.vel = self.cfg.settle_frames, np.zeros(2)
            c.back_at = p.copy()
        c.pos, c.state, c.seen_frame, c.seen_t = p, "seen", self.frame, self.t

    # -- events ----------------------------------------------------------------------------------

    def _emit(self, kind: str, t: float, **fields: Any) -> None:
        self._out.append({"t": round(float(t), 5), "event": kind, **fields})

    def _reset(self, c: _Coin) -> None:
        """Corridor and tower states from where the coin now stands (put down by a hand)."""
        c.inside = {k: 2 for k, cor in enumerate(self.corridors) if cor.contains(tuple(c.pos))}
        c.towers = {
            k
            for k, (_, tile) in enumerate(self.towers)
            if tile.distance_to(tuple(c.pos)) <= R + self.cfg.touch_mm
        }

    def _events(self, before: dict[str, tuple[str, np.ndarray, np.ndarray]]) -> None:
        cfg = self.cfg
        t0 = self.t - self.dt
        mid = self.t - self.dt / 2
        tracks = []  # (coin, from, to, velocity before, deflected) of coins seen in a row
        for name, c in self.coins.items():
            state, a, v = before[name]
            if c.state != "seen" or c.back is not None or (state != "seen" and not c.moving):
                continue
            if not _on_table(c.pos, self.size):
                d = c.pos - a
                at = _edge_point(a, d, self.size)
                self._off(c, at, t0 + np.hypot(*(at - a)) / max(np.hypot(*d), 1e-9) * self.dt)
                continue
            self._passes(c, a, c.pos, t0, self.t)
            deflected = bool(np.hypot(*(c.pos - a - v)) > cfg.deflect_mm)
            tracks.append((c, a, c.pos, v, deflected))
            if c.moving:
                self._hits(c, a, v, deflected, mid)
        self._contacts(tracks, mid)
        for c in self.coins.values():
            if c.state != "seen":
                continue
            if c.back is not None:
                self._settle(c)
            elif not c.moving and np.hypot(*(c.pos - c.anchor)) > cfg.start_mm:
                self._start(c, t0)
            elif c.moving:
                c.still = c.still + 1 if np.hypot(*c.vel) < cfg.still_mm else 0
                c.recent = [*c.recent[-cfg.still_frames + 1 :], c.pos.copy()]
                if c.still >= cfg.still_frames:
                    c.moving, c.anchor = False, np.mean(c.recent, axis=0)
                    self._stop_t = self.t - (cfg.still_frames - 1) * self.dt
        stale = self.frame - 2 * cfg.still_frames
        busy = any(
            (c.moving and (c.state == "seen" or c.seen_frame > stale)) or c.back is not None
            for c in self.coins.values()
        )
        if self._armed and not busy:
            self._armed = False
            where = {n: _mm(c.anchor) for n, c in self.coins.items() if c.state != "off"}
            self._emit("rest", self._stop_t, positions=where)

    def _passes(self, c: _Coin, a: np.ndarray, b: np.ndarray, t0: float, t1: float) -> None:
        """Corridor mouths crossed on the segment a-b (RULINGS: in by one, out by the other)."""
        for k, cor in enumerate(self.corridors):
            (wa, da), (wb, db) = cor.local(tuple(a)), cor.local(tuple(b))
            hw, hd = cor.half_width, cor.half_depth
            in_a = abs(wa) <= hw and abs(da) <= hd
            in_b = abs(wb) <= hw and abs(db) <= hd
            if in_b and not in_a:
                c.inside[k] = int(np.sign(da)) if abs(da) > hd else 2
                continue
            if in_a == in_b:  # inside all along, or outside: through both mouths in one step?
                if in_a or abs(da) <= hd or abs(db) <= hd or da * db > 0:
                    continue
                s = -da / (db - da)
                if abs(wa + s * (wb - wa)) > hw:
                    continue
                came = int(np.sign(da))
            else:
                came = c.inside.pop(k, 2)
            if abs(db) > hd and came == -np.sign(db):
                f = (np.sign(db) * hd - da) / (db - da)
                self._emit(
                    "pass",
                    t0 + f * (t1 - t0),
                    coin=c.name,
                    feature=cor.feature,
                    direction="in" if db > 0 else "out",
                )

    def _hits(self, c: _Coin, a: np.ndarray, v: np.ndarray, deflected: bool, t: float) -> None:
        """A moving coin's disc reaching a tower's footprint, on its path or (deflected) on the
        path it was on."""
        pts = _samples(a, c.pos)
        if deflected:
            pts = np.concatenate([pts, _samples(a, a + v)])
        for k, (name, tile) in enumerate(self.towers):
            near = float(_tile_distance(pts, tile.center, tile.angle_deg).min())
            if near <= R + self.cfg.touch_mm and k not in c.towers:
                c.towers.add(k)
                self._emit("hit", t, coin=c.name, feature=name)
            elif tile.distance_to(tuple(c.pos)) > R + self.cfg.touch_mm + 1.0:
                c.towers.discard(k)

    def _contacts(self, tracks: list[tuple[_Coin, Any, Any, Any, bool]], t: float) -> None:
        """New contacts of moving coins: with a moving one a strike now (the faster strikes);
        with a still one a strike once it starts moving (:meth:`_start`)."""
        touch = COIN_MM + self.cfg.touch_mm
        path = {c.name: (a, b, v, d) for c, a, b, v, d in tracks}
        for c, a, b, v, deflected in tracks:
            if not c.moving:
                continue
            for o in self.coins.values():
                if o is c or o.state == "off":
                    continue
                pair = frozenset((c.name, o.name))
                if o.moving and o.name in path:  # closest approach of the two, side by side
                    oa, ob, _, _ = path[o.name]
                    d0, dd = a - oa, (b - a) - (ob - oa)
                    s = float(np.clip(-np.dot(d0, dd) / max(float(np.dot(dd, dd)), 1e-12), 0, 1))
                    near = float(np.hypot(*(d0 + s * dd)))
                else:
                    q = o.anchor if not o.moving else o.pos
                    near = _seg_point(a, b, q)
                    if deflected:
                        near = min(near, _seg_point(a, a + v, q))
                if near <= touch and pair not in self._touching:
                    self._touching.add(pair)
                    if o.moving and o.name in path:
                        fast = np.hypot(*v) >= np.hypot(*path[o.name][2])
                        striker, target = (c, o) if fast else (o, c)
                        self._emit("strike", t, coin=striker.name, target=target.name)
                    else:
                        self._pending[o.name] = (c.name, t, self.frame)
                elif np.hypot(*(c.pos - o.pos)) > touch + 1.0:
                    self._touching.discard(pair)

    def _start(self, c: _Coin, t: float) -> None:
        """A coin at rest started moving: struck (a contact just before), or flicked."""
        c.moving, c.still, c.recent = True, 0, []
        pending = self._pending.pop(c.name, None)
        movers = [o for o in self.coins.values() if o.moving and o is not c and o.state == "seen"]
        if pending and self.frame - pending[2] <= self.cfg.strike_frames:
            self._emit("strike", pending[1], coin=pending[0], target=c.name)
        elif movers:  # struck by a coin that no straight path shows touching it: the nearest
            o = min(movers, key=lambda o: np.hypot(*(o.pos - c.anchor)))
            self._touching.add(frozenset((c.name, o.name)))
            self._emit("strike", t, coin=o.name, target=c.name)
        else:
            self._emit("flick", t, coin=c.name)
            self._armed = True

    def _settle(self, c: _Coin) -> None:
        """A coin seen again after a hand or off the table: moving (flicked from under the
        hand), or still: put down (a place when away from where it was, or off the table)."""
        assert c.back is not None
        c.settle -= 1
        moved = float(np.hypot(*(c.pos - c.back_at)))
        if moved > self.cfg.start_mm:
            c = self._came_from(c)
            assert c.back is not None
            t, state, old, last = c.back
            # It started out of sight: when, judged from its speed and the way it came, sliding
            # to a stop at the felt's friction (v0^2 = v^2 + 2 a d).
            a = self.cfg.friction_mm_s2
            v = moved / max(self.t - t, self.dt)
            v0 = math.sqrt(v * v + 2 * a * float(np.hypot(*(c.back_at - old))))
            began = min(max(t - (v0 - v) / a, last), t - self.dt)
            c.back = None
            c.anchor = old
            self._passes(c, old, c.back_at, began, t)
            self._passes(c, c.back_at, c.pos, t, self.t)
            self._start(c, began)
        elif c.settle <= 0:
            assert c.back is not None
            t, state, old, _ = c.back
            c.back = None
            if state == "off" or np.hypot(*(c.pos - old)) > self.cfg.place_mm:
                self._emit("place", t, coin=c.name, at=_mm(c.pos))
            c.anchor, c.moving = c.pos.copy(), False
            self._reset(c)

    def _came_from(self, c: _Coin) -> _Coin:
        """A coin that came out moving from under a hand is the hidden coin (or itself) whose
        place lies nearest the line it came along: if another, the two swap names."""
        assert c.back is not None
        back = -(c.pos - c.back_at) / max(float(np.hypot(*(c.pos - c.back_at))), 1e-9)
        hidden = [o for o in self.coins.values() if o.state == "hidden" and not o.moving]

        def off_line(q: np.ndarray) -> float:
            w = q - c.back_at
            return abs(float(w[0] * back[1] - w[1] * back[0])) if np.dot(w, back) > -R else _FAR

        best = min(hidden, key=lambda o: off_line(o.pos), default=None)
        if best is None or off_line(best.pos) >= off_line(c.back[2]):
            return c
        t, state, old, last = c.back
        self.coins[c.name], self.coins[best.name] = best, c
        c.name, best.name = best.name, c.name
        c.back = (t, state, best.pos.copy(), best.seen_t)
        best.pos, best.seen_t = old, last
        c.anchor, best.anchor = best.anchor, c.anchor
        c.inside, best.inside = best.inside, c.inside
        c.towers, best.towers = best.towers, c.towers
        return c


class BaselineSceneReferee:
    """The baseline as the lab's scoring loop takes a referee
    (:class:`vision.lab.croquet_evaluate.SceneReferee`), set up on a scene's first frame."""

    def __init__(
        self,
        first: np.ndarray,
        scene: CroquetScene,
        renderer: CroquetRenderer,
        config: BaselineConfig = BaselineConfig(),
    ) -> None:
        profile, fps = renderer.profile, scene.fps
        self.referee = BaselineReferee(first, profile, scene.setup, scene.layout, fps, config)

    def update(self, image: np.ndarray, truth: FrameTruth) -> list[dict[str, Any]]:
        return self.referee.update(image, truth.t)

    def seen(self) -> tuple[dict[str, Point], frozenset[str]]:
        return self.referee.positions(), self.referee.hidden()

    def finish(self) -> list[dict[str, Any]]:
        """The baseline holds nothing back."""
        return []


def referee_scene_baseline(
    scene: CroquetScene,
    renderer: CroquetRenderer,
    config: BaselineConfig = BaselineConfig(),
    rest_tol_s: float = 0.2,
) -> SceneRun:
    """Referee one simulated scene with the baseline, frame by frame as it is drawn, and compare
    with its ground truth, as :func:`vision.lab.croquet_evaluate.referee_scene` does for the real
    referee (the true layout; the first frame sets up, untimed)."""

    def make(first: np.ndarray, sc: CroquetScene, r: CroquetRenderer) -> BaselineSceneReferee:
        return BaselineSceneReferee(first, sc, r, config)

    runs, failed = score_scene(scene, renderer, {"baseline": make}, rest_tol_s)
    if failed:
        raise failed["baseline"]
    return runs["baseline"]
