"""Towers hit: each coin's swept disc against each tower's square.

RULINGS: "the coin's disc touches the tower's footprint while moving. A coin that starts a flick
already touching the tower has not hit it until it separates and touches again."

A step's path (:class:`vision.croquet.motion.paths.Step`) touches a tower when its centre comes
within a radius of the tower's square: the gap read is the best guess of the true one, and its
error (``gap_sd_mm``: a sliding coin's blurred outline reads to about a pixel) goes into the
call's confidence, so a coin read passing a hair's breadth off a tower is asked about, not
called. A coin lying still within ``hit_mm`` of it (a radius and the error of a still reading)
is taken to touch it: it hits it only once it has parted from it. A bounce happens
between frames, so the chord from one reading to the next can miss the tower the coin bounced
off: the path the coin would have taken at its speed before (a straight line: friction only
slows a coin) is also tested, and if that runs into the tower while the coin was read turned off
it, the coin touched the tower. A coin touching a tower (lying against it, or just hit) touches
it anew only after its centre has moved ``separate_mm`` beyond touching.

A flicked coin goes away from the finger behind it. One flicked beside its tower often bounces
off it under the hand, unseen: a tower within a coin's width ahead of it whose face it is seen
to have come away from was hit (:meth:`Hits.bounced_back`).

A coin that set off from its spot and came out from under a hand was unseen at first, and
bounced unseen there too: friction slows a sliding coin but never turns it, so a straight line
fitted to its first readings (:func:`~vision.croquet.motion.paths.fit_line`; those before a turn
among them, if it turned off a gate's tile or a coin there: :func:`_straight_lead`) runs back
through the spot it left unless something turned it between. When that line misses the spot by
more than ``sure_sds`` times its error there (the readings' spread, grown as a straight fit is
extended, and a pixel for the blur of a sliding coin's outline), the coin was turned on its way;
if, run back, the line meets a tower's square at a coin's radius, the coin coming to that point
from its spot heading into the face there and leaving it heading out the same way along the
face, the coin hit that tower (:func:`turned_at`, :meth:`Hits.set_off`), unless it passes within
touching distance of a coin that set off while it was unseen: it struck that coin, and the blow
turned it (the last turn is the one its readings show). Its first step, the
chord from its spot to its first reading, is a guess of its way: that step's hits are called
only once the line says the coin went straight (:meth:`Hits.step`).

>>> from engines.croquetnole.layout import default_layout
>>> from vision.croquet.motion.config import MotionConfig
>>> from vision.croquet.motion.paths import Line, Step, fit_line
>>> lay = default_layout()
>>> tower = lay.castle("suns").tower
>>> h = Hits(lay, MotionConfig())
>>> x = tower.center[0] - 25.4 - 9.525 - 5.0
>>> calls = h.step(Step("moons-knight", (x - 15, tower.center[1]), (x + 5.2, tower.center[1]),
...                     0.0, 1 / 120, (2400.0, 0.0)))
>>> [(c.coin, c.feature) for c in calls]
[('moons-knight', 'suns-tower')]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from engines.croquetnole.layout import TILE_MM, Layout, Point, Tile
from vision.croquet.motion.calls import Hit, sure
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.paths import Step, fit_line, pt

#: Points per millimetre along a path where its distance to a tower is measured.
_SAMPLES_PER_MM = 2


def square_distance(tile: Tile, pts: np.ndarray) -> np.ndarray:
    """How far (mm) each point lies from the tile's square (0 inside).

    >>> from engines.croquetnole.layout import Tile
    >>> square_distance(Tile((0.0, 0.0)), np.array([[30.4, 0.0], [0.0, 0.0]])).round(2).tolist()
    [5.0, 0.0]
    """
    a = math.radians(tile.angle_deg)
    d = np.asarray(pts, float) - np.asarray(tile.center)
    u = np.abs(d @ np.array([math.cos(a), math.sin(a)])) - TILE_MM / 2
    v = np.abs(d @ np.array([-math.sin(a), math.cos(a)])) - TILE_MM / 2
    return np.hypot(np.maximum(u, 0.0), np.maximum(v, 0.0))


def face_normal(tile: Tile, p: np.ndarray) -> np.ndarray:
    """The outward unit normal of the tile's square where it lies nearest ``p`` (outside it):
    from that nearest point toward ``p``.

    >>> from engines.croquetnole.layout import Tile
    >>> face_normal(Tile((0.0, 0.0)), np.array([35.0, 3.0])).round(3).tolist()
    [1.0, 0.0]
    """
    a = math.radians(tile.angle_deg)
    u_axis, v_axis = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    d = np.asarray(p, float) - np.asarray(tile.center)
    half = TILE_MM / 2
    nearest = np.clip(d @ u_axis, -half, half) * u_axis + np.clip(d @ v_axis, -half, half) * v_axis
    out = d - nearest
    length = float(np.hypot(*out))
    return out / length if length > 0 else d / max(float(np.hypot(*d)), 1e-9)


def turned_at(
    tile: Tile,
    direction: np.ndarray,
    path: np.ndarray,
    spot: np.ndarray,
    reach: float | np.ndarray,
    turn: float,
    config: MotionConfig,
) -> tuple[int, float] | None:
    """Where a coin seen sliding along ``direction`` (a unit vector) met ``tile`` and turned
    there, on ``path`` (points on its line run back from a reading, nearest first), and how
    far from the tile's square the line ran there; None if it could not have. Its centre
    met the tile where the line first comes within a radius of the square, or, if it never
    does, where it comes nearest, if that is within ``reach`` (mm, at each point or one for
    all: a radius and the line's error). The coin must have come to that point from
    ``spot`` heading into the face there, clear of the tile on the way, and left it heading
    out, keeping the way it went along the face (friction on the face slows that, it never
    turns it back), give or take ``turn``, the error of ``direction`` (radians), and what a
    hand may have nudged the coin at its spot.

    >>> from engines.croquetnole.layout import Tile
    >>> cfg = MotionConfig(position_sd_mm=0.1)
    >>> out = np.array([0.95, -0.32])
    >>> path = np.array([76.1, 47.9]) - np.arange(0.0, 80.0)[:, None] * out
    >>> tile, spots = Tile((0.0, 50.0)), (np.array([100.0, 80.0]), np.array([100.0, 20.0]))
    >>> k, gap = turned_at(tile, out, path, spots[0], 14.0, 0.05, cfg)
    >>> path[k].round().tolist(), gap <= cfg.radius_mm
    ([34.0, 62.0], True)
    >>> turned_at(tile, out, path, spots[1], 14.0, 0.05, cfg) is None
    True
    """
    cfg = config
    dist = square_distance(tile, path)
    inside = np.flatnonzero(dist <= cfg.radius_mm)
    if len(inside):
        k = int(inside[0])
    elif bool(np.any(dist <= reach)):
        k = int(dist.argmin())
    else:
        return None
    contact = path[k]
    normal = face_normal(tile, contact)
    came = contact - spot
    if not float(came @ normal) < 0 < float(direction @ normal):
        return None
    along = np.array([-normal[1], normal[0]])
    before, after = float(came @ along), float(direction @ along)
    # The way in is known to half a radius at the spot (a hand may nudge a coin that far
    # unseen before it flicks it, as :mod:`.tracks` allows), the way out to ``turn``.
    give = cfg.radius_mm / 2 / float(np.hypot(*came))
    if before * after < 0 and abs(before) / float(np.hypot(*came)) > give and abs(after) > turn:
        return None
    _, way_in = _along(spot, contact)
    clear = cfg.radius_mm - cfg.sure_sds * cfg.position_sd_mm
    if float(square_distance(tile, way_in[:-1]).min(initial=math.inf)) < clear:
        return None
    return k, float(dist[k])


def _straight_lead(points: list[np.ndarray], config: MotionConfig) -> int:
    """How many of a coin's first readings lie on one straight line: all of them, or the most
    that do from the first, if the coin turned among them (off a gate's tile, another coin).
    A line through readings that only noise strays from spreads them across it by about the
    position noise; ``sure_sds`` times that is more than noise does.

    >>> cfg = MotionConfig(position_sd_mm=0.15)
    >>> bent = [np.array([x, 0.0]) for x in range(0, 50, 10)] + [np.array([50.0, 10.0])]
    >>> _straight_lead(bent, cfg), _straight_lead(bent[:5], cfg)
    (5, 5)
    """
    most = config.sure_sds * config.position_sd_mm
    for n in range(len(points), 2, -1):
        if fit_line(points[:n]).sd <= most:
            return n
    return min(len(points), 2)


def _along(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = max(2, math.ceil(float(np.hypot(*(b - a))) * _SAMPLES_PER_MM) + 1)
    u = np.linspace(0.0, 1.0, n)
    return u, a + u[:, None] * (b - a)


@dataclass
class _Way:
    """A coin's way since it set off from ``spot`` at ``t``: its first readings and their
    times, whether they have been judged, and the towers ``met`` whose contact the unseen start
    of the way may share: those it lay against at the start, those called to hit on the way
    before its first reading, and those hit after it without the coin having been read clear
    of the tower first (a contact the coin was not seen to leave is one contact)."""

    spot: np.ndarray
    t: float
    points: list[np.ndarray] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    met: set[str] = field(default_factory=set)
    judged: bool = False
    #: Its first step, from the spot to the first reading, held until the way is judged.
    chord: Step | None = None


class Hits:
    """Tower hits of every coin (see the module doc)."""

    def __init__(self, layout: Layout, config: MotionConfig) -> None:
        self.cfg = config
        self.towers = [(f"{c}-tower", layout.castle(c).tower) for c in layout.castle_names]
        self._tower = dict(self.towers)
        #: Every tile on the table: each tower, each tile of a gate or a door.
        self.tiles = layout.tiles
        self.touching: set[tuple[str, str]] = set()
        #: Each coin's way since it last set off.
        self.ways: dict[str, _Way] = {}

    def gone(self, coin: str) -> None:
        """A coin has left the table: its way ends there."""
        self.ways.pop(coin, None)

    def set_off(self, coin: str, spot: Point, t: float) -> None:
        """A coin set off from ``spot`` at ``t``: its first readings will say whether it was
        turned on its way unseen (see the module doc)."""
        met = {f for c, f in self.touching if c == coin}
        self.ways[coin] = _Way(np.asarray(spot, float), t, met=met)

    def _gathered(self, coin: str) -> list[Hit]:
        """The hit that turned the coin's way before its first readings, if any, once they run
        two coins' widths (or the coin has stopped)."""
        way = self.ways[coin]
        way.judged = True
        cfg = self.cfg
        n = _straight_lead(way.points, cfg)
        if n < 3:
            return self._chord_hits(way)
        points, times = way.points[:n], way.times[:n]
        line = fit_line(points)
        sd = max(line.sd, cfg.position_sd_mm)
        u_spot, miss = line.place(way.spot)
        # The spot was read at rest, the line from readings of the coin sliding: their gap
        # reads astray by a pixel as well (``gap_sd_mm``: a blurred outline).
        error = math.hypot(line.sd_at(u_spot, sd), cfg.gap_sd_mm)
        u_first, _ = line.place(points[0])
        if abs(miss) <= cfg.sure_sds * error:
            return self._chord_hits(way, (pt(line.at(u_spot)), pt(line.at(u_first))))
        # Turned unseen: it did not take the straight way from its spot to its first reading.
        back = float(np.hypot(*(points[0] - way.spot))) + cfg.coin_mm
        u = np.linspace(u_first, u_first - back, max(2, math.ceil(back * _SAMPLES_PER_MM)))
        turn = cfg.sure_sds * sd / math.sqrt(max(line.spread, 1e-9))
        path = line.centre + u[:, None] * line.direction
        if self._struck_on(coin, way, path, times[0]):
            return []
        for feature, tile in self.towers:
            if feature in way.met:
                continue
            hit = turned_at(tile, line.direction, path, way.spot, cfg.hit_mm, turn, cfg)
            if hit is None:
                continue
            k, gap = hit
            # It came to the contact at the speed its readings show (a few frames' slowing
            # is within the error of the time).
            run = line.place(points[-1])[0] - u_first
            speed = run / max(times[-1] - times[0], cfg.frame_s)
            t = max(way.t, times[0] - (u_first - float(u[k])) / max(speed, 1e-6))
            self.touching.add((coin, feature))
            way.met.add(feature)
            confidence = min(sure(abs(miss), error), sure(cfg.hit_mm - gap, sd))
            return [Hit(t, coin, feature, confidence=confidence)]
        return []

    def _struck_on(self, coin: str, way: _Way, path: np.ndarray, first_t: float) -> bool:
        """Whether a coin that set off while ``coin`` was unseen (between its setting off and
        its first reading at ``first_t``, give or take a frame) lay within touching distance of
        its ``path`` run back, plus ``sure_sds`` of a gap's error: ``coin`` struck it there, and
        that blow, not a tower, turned it."""
        cfg = self.cfg
        reach = cfg.coin_mm + cfg.sure_sds * cfg.gap_sd_mm
        for other, w in self.ways.items():
            if other == coin or not way.t - cfg.frame_s <= w.t <= first_t + cfg.frame_s:
                continue
            if float(np.hypot(*(path - w.spot).T).min()) <= reach:
                return True
        return False

    def _chord_hits(self, way: _Way, on_line: tuple[Point, Point] | None = None) -> list[Hit]:
        """The hits of a way's first step, now that its line says the coin went straight from
        its spot to its first reading (or too few readings say otherwise); none of a tower it
        lay against at the start or has been called to hit since. Where the line is known,
        the step runs along it (``on_line``: the spot and the first reading placed on it),
        which its readings together say better than the two ends alone."""
        if way.chord is None:
            return []
        chord = way.chord if on_line is None else replace(way.chord, a=on_line[0], b=on_line[1])
        hits = [h for h in self._step_hits(chord, way.met) if h.feature not in way.met]
        way.met.update(h.feature for h in hits)
        return hits

    def lies(self, coin: str, at: Point, provisional: frozenset[str] = frozenset()) -> list[Hit]:
        """A coin lies at ``at`` (set up, stopped, put down): it touches each tower it lies
        against. A coin stopped before its first readings ran two coins' widths is judged on
        those it has, if its name is settled (:meth:`judge`)."""
        way = self.ways.get(coin)
        fresh = way is not None and not way.judged and coin not in provisional
        out = self._gathered(coin) if fresh else []
        p = np.array([at], float)
        for feature, tile in self.towers:
            key = (coin, feature)
            if float(square_distance(tile, p)[0]) <= self.cfg.hit_mm:
                self.touching.add(key)
            else:
                self.touching.discard(key)
        return out

    def rename(self, a: str, b: str) -> None:
        """Coins ``a`` and ``b`` trade names."""
        swap = {a: b, b: a}
        self.touching = {(swap.get(c, c), f) for c, f in self.touching}
        # The coin that moved set off from the other's spot, which the way does not hold:
        # neither way says where its coin set off from.
        self.ways.pop(a, None)
        self.ways.pop(b, None)

    def first_speed(self, coin: str) -> float | None:
        """How fast (mm/s) the coin went over its first readings since it last set off (None
        before two): no faster than it set off, friction and bounces only slow a coin."""
        way = self.ways.get(coin)
        if way is None or len(way.points) < 2:
            return None
        run = float(np.hypot(*(way.points[-1] - way.points[0])))
        return run / max(way.times[-1] - way.times[0], self.cfg.frame_s)

    def first_reading(self, coin: str) -> Point | None:
        """Where the coin was first read since it last set off (None before that)."""
        way = self.ways.get(coin)
        return pt(way.points[0]) if way is not None and way.points else None

    def bounced_back(
        self,
        coin: str,
        spot: Point,
        ahead: np.ndarray,
        went: np.ndarray,
        t: float,
        others: Sequence[Point] = (),
    ) -> list[Hit]:
        """A coin flicked from ``spot`` toward ``ahead`` (a unit vector, away from the hand) and
        first seen ``went`` (mm) from it, the start of its way unseen, among coins lying at
        ``others``: it hit the tower it came away from, if any (:meth:`came_away`)."""
        out = []
        way = self.ways.get(coin)
        now = np.asarray(spot, float) + np.asarray(went, float)
        for feature, tile in self.came_away(coin, spot, ahead, went, others):
            # It touches the tower still only if it lies against it now: the call may come
            # after it came to rest away from it.
            if float(square_distance(tile, now[None])[0]) <= self.cfg.hit_mm:
                self.touching.add((coin, feature))
            if way is not None:
                way.met.add(feature)
            sure_hit = sure(self.cfg.start_mm, self.cfg.position_sd_mm)
            out.append(Hit(t, coin, feature, confidence=sure_hit))
        return out

    def came_away(
        self,
        coin: str,
        spot: Point,
        ahead: np.ndarray,
        went: np.ndarray,
        others: Sequence[Point] = (),
    ) -> list[tuple[str, Tile]]:
        """The tower (a name and its square, in a list of at most one) a coin flicked from
        ``spot`` toward ``ahead`` and first seen gone ``went`` from it came away from, not yet
        called: the first thing the coin's disc meets going straight ahead (a tile, or a coin
        lying at one of ``others``), if that is a tower whose face the coin went out of.
        Friction slows a coin, never turns it, and a bounce turns back the part of its motion
        across the face it strikes (the part along the face runs on): a coin that met a face
        heading into it and is seen to have gone out of it struck it; one flicked past a
        tower's corner did not. The coin is sought within a hand's length ahead: the hand
        hides no more of its way than that."""
        cfg = self.cfg
        start = np.asarray(spot, float)
        _, path = _along(start, start + ahead * cfg.hand_mm)
        blocks: list[tuple[int, Tile | None]] = [
            (int(meets[0]), tile)
            for tile in self.tiles
            if len(meets := np.flatnonzero(square_distance(tile, path) <= cfg.radius_mm))
        ]
        for other in others:
            meets = np.flatnonzero(np.hypot(*(path - np.asarray(other, float)).T) <= cfg.coin_mm)
            if len(meets):
                blocks.append((int(meets[0]), None))
        if not blocks:
            return []
        k, first = min(blocks, key=lambda b: b[0])
        way = self.ways.get(coin)
        for feature, tile in self.towers:
            if tile != first:
                continue
            if (feature in way.met) if way is not None else (coin, feature) in self.touching:
                return []
            normal = face_normal(tile, path[k])
            if float(ahead @ normal) < 0 < float(np.asarray(went, float) @ normal):
                return [(feature, tile)]
        return []

    def horizon(self) -> float:
        """The earliest time a hit may still be called at: the set-off of the first way not
        yet judged (its hit lies between its spot and its first readings)."""
        return min((w.t for w in self.ways.values() if not w.judged), default=math.inf)

    def step(self, st: Step) -> list[Hit]:
        """The hits the coin's path in this step makes. A coin's first step from the spot it
        set off from is a guess of its way (unseen, the coin may have been turned on it): its
        hits wait for the way's first readings to be judged (:meth:`judge`)."""
        way = self.ways.get(st.coin)
        if way is not None and not way.judged and not way.points:
            way.chord = st
            out = []
        else:
            out = self._step_hits(st)
        if way is not None:
            way.met.update(h.feature for h in out if not self._read_clear(way, h.feature))
        if way is not None and not way.judged and not self._gathered_enough(way):
            way.points.append(np.array(st.b, float))
            way.times.append(st.t1)
        return out

    def _read_clear(self, way: _Way, feature: str) -> bool:
        """Whether the way's first reading lay clear of the tower: beyond touching it by the
        distance a coin moves to part from it (``separate_mm``)."""
        if not way.points:
            return False
        gap = float(square_distance(self._tower[feature], way.points[0][None])[0])
        return gap > self.cfg.hit_mm + self.cfg.separate_mm

    def _step_hits(self, st: Step, skip: set[str] | None = None) -> list[Hit]:
        """The hits of one step (see the module doc), passing over the towers in ``skip``."""
        cfg = self.cfg
        a, b = np.array(st.a, float), np.array(st.b, float)
        before = np.array(st.before, float)
        dt = st.t1 - st.t0
        u, path = _along(a, b)
        ahead = a + before * dt
        turned = float(np.hypot(*(b - ahead))) > cfg.start_mm and before.any()
        out = []
        for feature, tile in self.towers:
            key = (st.coin, feature)
            if skip and feature in skip:
                continue
            dist = square_distance(tile, path)
            k = int(dist.argmin())
            gap = float(dist[k])
            bounced = False
            if turned:
                _, straight = _along(a, ahead)
                bounced = float(square_distance(tile, straight).min()) < cfg.radius_mm
            if (gap <= cfg.radius_mm or bounced) and key not in self.touching:
                self.touching.add(key)
                if bounced:
                    confidence = sure(max(cfg.radius_mm - gap, cfg.start_mm), cfg.position_sd_mm)
                else:
                    confidence = sure(cfg.radius_mm - gap, cfg.gap_sd_mm)
                out.append(Hit(st.t0 + float(u[k]) * dt, st.coin, feature, confidence=confidence))
            elif float(dist[-1]) > cfg.hit_mm + cfg.separate_mm:
                # Where the step ends, the coin has parted from the tower.
                self.touching.discard(key)
        return out

    def _gathered_enough(self, way: _Way) -> bool:
        """Whether a way's first readings run two coins' widths: enough to fit its line, and
        few enough that a later contact has not yet bent it."""
        run = float(np.hypot(*(way.points[-1] - way.points[0]))) if way.points else 0.0
        return run >= 2 * self.cfg.coin_mm

    def judge(self, provisional: frozenset[str]) -> list[Hit]:
        """The hits that turned coins' ways unseen, for each coin whose first readings now run
        two coins' widths and whose name is settled (a coin whose name is provisional may have
        set off from another coin's spot)."""
        out: list[Hit] = []
        for coin, way in list(self.ways.items()):
            if not way.judged and coin not in provisional and self._gathered_enough(way):
                out += self._gathered(coin)
        return out
