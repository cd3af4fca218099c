"""The DESIGN's observed events from the tracked coins, by swept paths between frames.

At 2 m/s a coin travels 17 mm between frames at 120 fps, so nothing is decided from single
positions (DESIGN vision notes): each moving coin's centre is followed along the straight segment
from its position in one frame to the next, and

* ``pass``: per RULINGS the segment path enters a gate's or door's corridor (the gap between its
  tiles, one tile deep) through one mouth and later leaves through the other, perhaps flicks later;
  "in" when it leaves toward the castle's tower. Leaving by the mouth it came in passes nothing.
* ``hit``: the coin's disc, swept along the segment, touches the tower's square. A coin that starts
  touching the tower has not hit it until it separates (by ``separate_mm``) and touches again.
* ``strike``: two coins' swept discs come into contact (closest approach of the two segments in
  relative motion); the faster before the contact is the ``coin``. Coins in contact strike only
  after separating.
* ``flick``: a resting coin starts to slide with no contact to explain it (unless a coin hidden
  under the hand beside it comes out sliding: then that one was flicked and struck it, unseen);
  ``rest``: after a flick,
  every coin has stopped (with where each lies); ``place`` and ``off_table`` come from the tracker.

A bounce happens between frames, so the chord from one position to the next can miss the body the
coin bounced off: each coin's path is also extended by its last step (where it would have gone
without the bounce), and a contact on either counts.

>>> from engines.croquetnole.layout import default_layout
>>> det = EventDetector(default_layout(), fps=120.0)
>>> det.start({"moons-knight": (442.0, 552.0)})
>>> from vision.croquet.tracker import TrackFrame
>>> out = []
>>> for k in range(1, 30):
...     pos = {"moons-knight": (442.0, 552.0 - 7.5 * k)}
...     began = {"moons-knight": 0.004} if k == 1 else {}
...     f = TrackFrame(k, k / 120, pos, frozenset({"moons-knight"}), began)
...     out += det.update(f)
>>> [(e["event"], e.get("feature"), e.get("direction")) for e in out]
[('flick', None, None), ('pass', 'moons-gate', 'out'), ('pass', 'crowns-gate', 'in')]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from engines.croquetnole.layout import COIN_MM, TILE_MM, Layout, Point, Tile
from engines.croquetnole.names import feature
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.tracker import TrackFrame

Event = dict[str, Any]
_R = COIN_MM / 2


def segment_min(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """Closest approach of the segment a->b to the origin: (distance, parameter in [0, 1])."""
    d = b - a
    dd = float(d @ d)
    u = 0.0 if dd == 0 else min(1.0, max(0.0, -float(a @ d) / dd))
    p = a + u * d
    return math.hypot(p[0], p[1]), u


def segment_box(a: np.ndarray, b: np.ndarray, half: float) -> tuple[float, float]:
    """Closest approach of the segment a->b to the square |x|, |y| <= half (0 when it crosses
    it): (distance, parameter in [0, 1]), by a fine search refined around its best sample."""
    us = np.linspace(0.0, 1.0, 17)
    best = 0.0
    for _ in range(3):
        p = a[None] + us[:, None] * (b - a)[None]
        q = np.maximum(np.abs(p) - half, 0.0)
        dist = np.hypot(q[:, 0], q[:, 1])
        k = int(np.argmin(dist))
        best = float(us[k])
        span = us[1] - us[0]
        us = np.linspace(max(0.0, best - span), min(1.0, best + span), 9)
    p = a + best * (b - a)
    q = np.maximum(np.abs(p) - half, 0.0)
    return math.hypot(q[0], q[1]), best


def _clip(a: np.ndarray, b: np.ndarray, half: np.ndarray) -> tuple[float, float] | None:
    """Liang-Barsky: the parameters where segment a->b is inside the box |p| <= half, or None."""
    t0, t1 = 0.0, 1.0
    d = b - a
    for k in range(2):
        for p, q in ((-d[k], a[k] + half[k]), (d[k], half[k] - a[k])):
            if p == 0:
                if q < 0:
                    return None
                continue
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
    return (t0, t1) if t0 <= t1 else None


class EventDetector:
    """Turns :class:`TrackFrame` reports into event objects (see the module doc)."""

    def __init__(
        self, layout: Layout, fps: float, config: CroquetVisionConfig = DEFAULT_CONFIG
    ) -> None:
        self.cfg = config
        self.dt = 1.0 / fps
        self.corridors = []
        self.towers: list[tuple[str, Tile]] = []
        for castle in layout.castle_names:
            geo = layout.castle(castle)
            self.corridors += [geo.gate, geo.door]
            self.towers.append((feature(castle, "tower"), geo.tower))
        self.last: dict[str, np.ndarray] = {}
        self.step: dict[str, np.ndarray] = {}
        self.inside: dict[tuple[str, int], int] = {}
        self.on_tower: set[tuple[str, int]] = set()
        self.contact: set[frozenset[str]] = set()
        self.recent: dict[str, int] = {}
        self.flicked = False
        self.stop_t = 0.0
        self._t1 = 0.0
        self._t0: dict[str, float] = {}
        self.deferred: dict[str, tuple[float, int, tuple[str, ...]]] = {}
        self.flick_at: dict[str, int] = {}
        self._near_hand: Mapping[str, tuple[float, float]] = {}

    # -- coordinates -----------------------------------------------------------------------------

    def _corridor_local(self, c: int, p: np.ndarray) -> np.ndarray:
        cor = self.corridors[c]
        d = p - np.array(cor.center)
        return np.array([d @ np.array(cor.along), d @ np.array(cor.inward)])

    @staticmethod
    def _tile_local(tile: Tile, p: np.ndarray) -> np.ndarray:
        a = math.radians(tile.angle_deg)
        d = p - np.array(tile.center)
        return np.array(
            [d[0] * math.cos(a) + d[1] * math.sin(a), -d[0] * math.sin(a) + d[1] * math.cos(a)]
        )

    # -- state -----------------------------------------------------------------------------------

    def start(self, positions: Mapping[str, Point]) -> None:
        """The coins standing in the first frame."""
        for coin, at in positions.items():
            self._reset(coin, np.array(at, float))

    def _reset(self, coin: str, p: np.ndarray) -> None:
        """A coin now stands at ``p`` (set-up or put down by hand): contacts as they are there."""
        cfg = self.cfg
        self.last[coin] = p
        self.step[coin] = np.zeros(2)
        for c, cor in enumerate(self.corridors):
            w, d = self._corridor_local(c, p)
            inside = abs(w) <= cor.half_width and abs(d) <= cor.half_depth
            self.inside[(coin, c)] = 2 if inside else 0
        for k, (_, tile) in enumerate(self.towers):
            if tile.distance_to((float(p[0]), float(p[1]))) <= _R + cfg.separate_mm:
                self.on_tower.add((coin, k))
            else:
                self.on_tower.discard((coin, k))
        for other, q in self.last.items():
            if other != coin:
                pair = frozenset((coin, other))
                if float(np.hypot(*(p - q))) <= COIN_MM + cfg.separate_mm:
                    self.contact.add(pair)
                else:
                    self.contact.discard(pair)

    def _forget(self, coin: str) -> None:
        self.last.pop(coin, None)
        self.step.pop(coin, None)
        self.contact = {p for p in self.contact if coin not in p}
        self.on_tower = {p for p in self.on_tower if p[0] != coin}
        for c in range(len(self.corridors)):
            self.inside[(coin, c)] = 0

    # -- the frame step --------------------------------------------------------------------------

    def update(self, frame: TrackFrame) -> list[Event]:
        """The events of one frame, in time order."""
        cfg = self.cfg
        t0 = frame.t - self.dt
        out: list[Event] = []
        for coin, at in frame.placed:
            out.append({"t": round(frame.t, 4), "event": "place", "coin": coin, "at": list(at)})
            self._reset(coin, np.array(at, float))
        for coin, at, t in frame.fell:
            out.append(
                {"t": round(float(t), 4), "event": "off_table", "coin": coin, "at": list(at)}
            )
            self.stop_t = max(self.stop_t, float(t))
            self._forget(coin)
        for coin in frame.relabelled:
            if coin in frame.positions:
                self._reset(coin, np.array(frame.positions[coin], float))
        placed = {c for c, _ in frame.placed} | set(frame.relabelled)
        seg: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for coin, at in frame.positions.items():
            b = np.array(at, float)
            a = self.last.get(coin)
            if a is None:
                self._reset(coin, b)
            elif coin not in placed and (a != b).any():
                seg[coin] = (a, b)
        self._t1 = frame.t
        self._t0 = {c: frame.since.get(c, t0) for c in seg}
        self._near_hand = frame.near_hand
        flicked_hidden = self._resolve(frame, out)
        struck = self._strikes(seg, frame.positions, out)
        self._hits(seg, out)
        self._passes(seg, out)
        for coin, began in frame.started.items():
            if coin in struck or coin in flicked_hidden or coin in self.deferred:
                continue
            if self.recent.get(coin, -99) >= frame.index - cfg.struck_frames:
                continue
            if self.flick_at.get(coin, -99) >= frame.index - cfg.reflick_frames:
                continue
            self.flick_at[coin] = frame.index
            self.flicked = True
            self.stop_t = frame.t
            under = [h for h in frame.hidden if coin in seg and self._behind(h, *seg[coin])]
            if under:
                self.deferred[coin] = (began, frame.index, tuple(under))
            else:
                out.append({"t": round(began, 4), "event": "flick", "coin": coin})
            if coin in seg:
                self._flicked_into(coin, seg[coin][0], began, frame, out)
        for coin in struck:
            self.recent[coin] = frame.index
        for coin, (a, b) in seg.items():
            # A path out of hiding says nothing of the coin's speed now: no bounce is guessed.
            self.step[coin] = np.zeros(2) if coin in frame.since else b - a
            self.last[coin] = b
        if frame.stopped:
            self.stop_t = max(self.stop_t, *frame.stopped.values())
        if self.flicked and not frame.moving and not frame.started:
            out.append(
                {
                    "t": round(self.stop_t, 4),
                    "event": "rest",
                    "positions": {c: list(p) for c, p in frame.positions.items()},
                }
            )
            self.flicked = False
        return sorted(out, key=lambda e: e["t"])

    def _flicked_into(
        self, coin: str, a: np.ndarray, began: float, frame: TrackFrame, out: list[Event]
    ) -> None:
        """A coin flicked from right beside a tower, the hand on the tower's far side, was
        driven into it: a hit the frames cannot show."""
        hand = np.array(frame.near_hand.get(coin, (0.0, 0.0)))
        if not hand.any():
            return
        for k, (name, tile) in enumerate(self.towers):
            gap = tile.distance_to((float(a[0]), float(a[1]))) - _R
            into = np.array(tile.center) - a
            into /= max(float(np.hypot(*into)), 1e-9)
            if (
                gap <= self.cfg.start_gap_mm
                and float(-hand @ into) > 0.5
                and (coin, k) not in self.on_tower
            ):
                self.on_tower.add((coin, k))
                out.append(
                    {"t": round(began + 0.004, 4), "event": "hit", "coin": coin, "feature": name}
                )

    def _behind(self, hidden: str, a: np.ndarray, b: np.ndarray) -> bool:
        """Whether a coin that slid from ``a`` to ``b`` moves away from ``hidden`` (within
        ``behind_mm`` of it): as if struck by it."""
        if hidden not in self.last:
            return False
        away = a - self.last[hidden]
        gap = float(np.hypot(*away))
        step = b - a
        if gap > COIN_MM + self.cfg.behind_mm or not step.any():
            return False
        return float(away @ step) > 0.5 * gap * float(np.hypot(*step))

    def _resolve(self, frame: TrackFrame, out: list[Event]) -> set[str]:
        """Settle the coins that began to slide beside a coin hidden under a hand: if that coin
        then comes out sliding, it was flicked and struck them (a flick under the hand that hits
        at once); if it is uncovered where it lay, or after ``defer_frames``, they were flicked.
        Returns the hidden coins found flicked this way."""
        found: set[str] = set()
        for coin, (began, index, under) in list(self.deferred.items()):
            mover = next((h for h in under if h in frame.started), None)
            if mover is not None:
                when = min(frame.started[mover], began - self.dt)
                out.append({"t": round(when, 4), "event": "flick", "coin": mover})
                self.flick_at[mover] = frame.index
                out.append({"t": round(began, 4), "event": "strike", "coin": mover, "target": coin})
                self.contact.add(frozenset((mover, coin)))
                found.add(mover)
            elif (
                all(h not in frame.hidden for h in under)
                or frame.index - index > self.cfg.defer_frames
            ):
                out.append({"t": round(began, 4), "event": "flick", "coin": coin})
                self.flick_at[coin] = frame.index
            else:
                continue
            del self.deferred[coin]
        return found

    # -- detectors -------------------------------------------------------------------------------

    def _path(
        self, coin: str, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], at: Mapping[str, Point]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start, end and the no-bounce end (start plus the last step) of a coin's path."""
        if coin in seg:
            a, b = seg[coin]
        else:
            a = b = np.array(at[coin], float) if coin in at else self.last[coin]
        return a, b, a + self._last_step(coin)

    def _last_step(self, coin: str) -> np.ndarray:
        """The coin's last step per frame: where it would have gone on without a bounce."""
        return self.step.get(coin, np.zeros(2))

    def _when(self, u: float, *coins: str) -> float:
        """The time at parameter ``u`` of this frame's paths of ``coins`` (a path out of hiding
        began before the previous frame)."""
        t0 = min(self._t0.get(c, self._t1 - self.dt) for c in coins)
        return round(float(t0 + u * (self._t1 - t0)), 4)

    def _strikes(
        self,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        at: Mapping[str, Point],
        out: list[Event],
    ) -> set[str]:
        """New contacts between coins; returns the coins struck (the targets)."""
        cfg = self.cfg
        struck: set[str] = set()
        coins = [c for c in self.last if c in at or c in seg]
        for i, j in itertools.combinations(coins, 2):
            if i not in seg and j not in seg:
                continue
            ai, bi, pi = self._path(i, seg, at)
            aj, bj, pj = self._path(j, seg, at)
            d, u = segment_min(ai - aj, bi - bj)
            dp, up = segment_min(ai - aj, pi - pj)
            pair = frozenset((i, j))
            if min(d, dp) <= COIN_MM + cfg.touch_mm:
                if pair not in self.contact:
                    self.contact.add(pair)
                    vi = float(np.hypot(*self.step.get(i, np.zeros(2))))
                    vj = float(np.hypot(*self.step.get(j, np.zeros(2))))
                    hand = self._near_hand
                    if vi == vj and (i in hand) != (j in hand):
                        # Both set off in this frame: the one at the hand was flicked into the
                        # other (it stands between the hand and the coin it strikes).
                        vi, vj = float(i in hand), float(j in hand)
                    elif vi == vj:
                        vi, vj = float(np.hypot(*(bi - ai))), float(np.hypot(*(bj - aj)))
                    mover, target = (i, j) if vi >= vj else (j, i)
                    when = self._when(u if d <= COIN_MM + cfg.touch_mm else up, i, j)
                    out.append({"t": when, "event": "strike", "coin": mover, "target": target})
                    struck.add(target)
            elif float(np.hypot(*(bi - bj))) > COIN_MM + cfg.separate_mm:
                self.contact.discard(pair)
        return struck

    def _hits(self, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], out: list[Event]) -> None:
        cfg = self.cfg
        for coin, (a, b) in seg.items():
            p = a + self._last_step(coin)
            for k, (name, tile) in enumerate(self.towers):
                la, lb, lp = (self._tile_local(tile, v) for v in (a, b, p))
                d, u = segment_box(la, lb, TILE_MM / 2)
                dp, _ = segment_box(la, lp, TILE_MM / 2)
                if min(d, dp) <= _R + cfg.touch_mm:
                    if (coin, k) not in self.on_tower:
                        self.on_tower.add((coin, k))
                        out.append(
                            {
                                "t": self._when(u, coin),
                                "event": "hit",
                                "coin": coin,
                                "feature": name,
                            }
                        )
                elif tile.distance_to((float(b[0]), float(b[1]))) > _R + cfg.separate_mm:
                    self.on_tower.discard((coin, k))

    def _passes(self, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], out: list[Event]) -> None:
        for coin, (a, b) in seg.items():
            for c, cor in enumerate(self.corridors):
                half = np.array([cor.half_width, cor.half_depth])
                la, lb = self._corridor_local(c, a), self._corridor_local(c, b)
                span = _clip(la, lb, half)
                state = self.inside[(coin, c)]
                if span is None:
                    self.inside[(coin, c)] = 0
                    continue
                u0, u1 = span
                if state == 0:
                    p = la + u0 * (lb - la)
                    state = int(np.sign(p[1])) if u0 > 0 and _at_mouth(p, half) else 2
                if u1 >= 1.0:
                    self.inside[(coin, c)] = state
                    continue
                p = la + u1 * (lb - la)
                self.inside[(coin, c)] = 0
                if _at_mouth(p, half) and state == -int(np.sign(p[1])):
                    out.append(
                        {
                            "t": self._when(u1, coin),
                            "event": "pass",
                            "coin": coin,
                            "feature": cor.feature,
                            "direction": "in" if p[1] > 0 else "out",
                        }
                    )


def _at_mouth(p: np.ndarray, half: np.ndarray) -> bool:
    """Whether a point on the corridor's boundary lies on a mouth (not on a tile's side)."""
    return abs(p[1]) / half[1] >= abs(p[0]) / half[0]
