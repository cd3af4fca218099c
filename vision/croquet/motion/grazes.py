"""Grazes: a sliding coin touching a coin at rest too lightly to move it as far as the camera
sees.

The truth of a graze is a fraction of a millimetre (how deep the mover's path cuts into touching
distance), and the only witness is the mover's path: the coin at rest shows nothing. So a path
that came within touching distance of a coin lying still, plus what its reading may err
(:attr:`MotionConfig.gap_sd_mm`), is noted (:meth:`Grazes.steps`) and judged once the coin at
rest has had time to show it set off (:meth:`Grazes.judge`): if it did, its start says whether
it was struck (:mod:`.strikes`); if it lies still, the strike is called when the readings
make it more likely than not (:func:`graze_chance`), with that chance, which is seldom sure:
below :data:`vision.croquet.motion.calls.ASK_BELOW` the phone asks the players.

How near the path came is read off the straight line fitted to the mover's readings around
its pass (friction does not turn a sliding coin, and a graze too light to move the other does
not turn it either), leaving out the readings within a coin's width and two pixels of the coin
at rest: there the two coins' outlines blur into one and each is read nearer the other than it
is. The line's error adds to :attr:`MotionConfig.gap_sd_mm` (each coin's outline is read to
about a pixel wherever it lies, and the two readings' errors differ). Where too few readings
lie clear of it (a coin creeping to a stop against another), the nearest reading of the path
stands, with a pixel's error more.

A coin that slid unseen under a hand and is first seen at rest against another, no contact
between them known, came to a stop there as a creeping coin does: only the gap read between
the two at rest says whether they touch (:meth:`Grazes.arrived`).

A soft blow under a hand may move the coin it strikes by less than the tracker calls a move:
that coin is read again a little off its spot and taken to lie there (``Motion.shifted``).
A blow sends a coin along the line of centres, away from the striker, so such a shift is a
strike when a coin set off lately lies within touching distance of the spot the shifted coin
left (plus the shift: the striker may follow it) and the shift runs away from it further
than the two spot readings' errors make likely by chance (:meth:`Grazes.nudged`). Only a
coin that lay still through the flick can have been nudged so: one that set off itself
lately is read again as it settles where it stopped. A striker that came out from under the
hand has its start told only once it is read twice, often after the coin it struck is read
shifted: a shift with no striker yet waits ``settle_s`` for one (:meth:`Grazes.retry`).

>>> from vision.croquet.motion.config import MotionConfig
>>> from vision.croquet.motion.paths import Step
>>> from vision.croquet.motion.strikes import Strikes
>>> cfg = MotionConfig(position_sd_mm=0.1, pixel_mm=0.5)
>>> g = Grazes(cfg, Strikes(cfg))
>>> def slide(g, speed, y):  # along y = 0 at speed (mm/s) past a coin at rest at (100, y)
...     step = speed / 120
...     for k in range(12):
...         x0, t0 = 100.0 + (k - 8) * step, k / 120
...         a, b = (x0, 0.0), (x0 + step, 0.0)
...         g.steps(t0, [Step("a", a, b, t0, t0 + 1 / 120, (speed, 0.0))], {"b": (100.0, y)})
...     return [(s.coin, s.target, round(s.confidence, 2)) for s in g.judge(0.2, {"b"}, 3000.0)]
>>> slide(Grazes(cfg, Strikes(cfg)), 150.0, 18.6)  # slow, 0.4 mm inside: touched, likely
[('a', 'b', 0.74)]
>>> slide(Grazes(cfg, Strikes(cfg)), 960.0, 18.6)  # fast: a touch would have moved it
[]
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from engines.croquetnole.layout import Point
from vision.croquet.motion.calls import Strike, sure
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.paths import Step, approach, fit_line, nearest_on_segment
from vision.croquet.motion.strikes import Strikes

#: A sliding coin's readings kept for fitting its path: a tenth of a second at 120 fps.
_PATH_READINGS = 12
#: The fewest readings a fitted path needs (two fix a line; a third shows its spread).
_FIT_READINGS = 3


def graze_chance(
    gap_mm: float, sd_mm: float, speed_mm_s: float, decel_mm_s2: float, cfg: MotionConfig
) -> float:
    """The chance that a coin sliding at ``speed_mm_s`` past a coin at rest, its centre read
    ``gap_mm`` (spread by ``sd_mm``) from the other's at the nearest, touched it, given that the
    other was not seen to move.

    A touch that cuts ``d`` mm into touching distance meets the other coin at an angle whose
    cosine is ``sqrt(1 - (1 - d / w)^2)`` (``w`` the coin's width) and passes on along the line
    of centres at least half the speed there (a perfectly inelastic blow between equal coins):
    the other slides ``v^2 / (2 a)`` at friction ``a``. It is seen to move once that reaches
    ``start_mm``, so a coin not seen to move was touched, if at all, less than ``d_seen`` deep.
    With the true gap equally likely anywhere near the reading, the chance is that of a gap
    between ``w - d_seen`` and ``w`` among those above ``w - d_seen``. A fast coin read to pass
    a little inside touching distance would have moved the other: it passed by. A coin creeping
    to a stop against another moves it by nothing the camera sees: only the reading says.

    >>> cfg = MotionConfig(position_sd_mm=0.15, pixel_mm=0.5)
    >>> w = cfg.coin_mm
    >>> round(graze_chance(w - 0.4, 0.5, 20.0, 3000.0, cfg), 2)
    0.79
    >>> round(graze_chance(w - 0.4, 0.5, 1500.0, 3000.0, cfg), 2)
    0.15
    >>> round(graze_chance(w + 1.0, 0.5, 300.0, 3000.0, cfg), 2)
    0.02
    """
    w = cfg.coin_mm
    moves = 8.0 * decel_mm_s2 * cfg.start_mm / max(speed_mm_s, 1e-6) ** 2
    seen_mm = w * (1.0 - math.sqrt(max(0.0, 1.0 - moves)))
    touched = sure(w - gap_mm, sd_mm)
    unseen = sure(w - seen_mm - gap_mm, sd_mm)
    return (touched - unseen) / max(1.0 - unseen, 1e-12)


@dataclass(frozen=True)
class Graze:
    """The nearest a sliding coin's step came to a coin at rest at ``spot``, at ``t``:
    ``gap_mm`` between centres, at ``speed_mm_s``."""

    t: float
    coin: str
    target: str
    spot: Point
    gap_mm: float
    speed_mm_s: float


class Grazes:
    """Paths passing coins at rest, and the strikes judged from them (see the module doc).
    Pairs in contact are :class:`Strikes`'s: a coin set off from against another heads away
    from it, and a graze called puts the pair in contact until they part."""

    def __init__(self, config: MotionConfig, strikes: Strikes) -> None:
        self.cfg = config
        self.strikes = strikes
        #: Each sliding coin's last readings, (t, where).
        self.paths: dict[str, list[tuple[float, Point]]] = {}
        #: The pairs to judge: a path that came within reach of a coin at rest.
        self.near: dict[frozenset[str], Graze] = {}
        #: Since when each coin at rest has lain still.
        self.still_since: dict[str, float] = {}
        #: When each coin last set off.
        self.set_off_t: dict[str, float] = {}
        #: Shifts of coins at rest that no coin set off lately could have made when they
        #: were read (:meth:`nudged`): coin, where it lay, where it lies, when.
        self.shifts: list[tuple[str, Point, Point, float]] = []

    def rename(self, a: str, b: str) -> None:
        """Coins ``a`` and ``b`` trade names."""
        swap = {a: b, b: a}
        self.paths = {swap.get(c, c): way for c, way in self.paths.items()}
        self.still_since = {swap.get(c, c): t for c, t in self.still_since.items()}
        self.set_off_t = {swap.get(c, c): t for c, t in self.set_off_t.items()}
        self.shifts = [(swap.get(c, c), lay, lies, t) for c, lay, lies, t in self.shifts]
        self.near = {
            frozenset(swap.get(c, c) for c in p): replace(
                g, coin=swap.get(g.coin, g.coin), target=swap.get(g.target, g.target)
            )
            for p, g in self.near.items()
        }

    def set_off(self, coin: str, t: float) -> None:
        """``coin`` set off at ``t``: whatever grazed it is judged by its start, and its own
        path begins anew."""
        self.near = {p: g for p, g in self.near.items() if g.target != coin}
        self.paths.pop(coin, None)
        self.set_off_t[coin] = t

    def nudged(
        self, coin: str, lay: Point, lies: Point, t: float, positions: Mapping[str, Point]
    ) -> list[Strike]:
        """``coin``, at rest, was read again at ``lies``, a little off the spot ``lay`` where it
        lay, at ``t``: struck (half-way between the striker's setting off and ``t``) by a coin
        set off within ``settle_s`` before (a hand lingers over the coins that long) whose
        way from the spot it left to where it lies came within touching distance of ``lay``
        (plus the shift), if the shift runs away from that coin along the line of centres by
        more than the two readings' errors (``gap_sd_mm`` each) make more likely than not;
        with that chance. The nearest such coin struck it (see the module doc).

        >>> from vision.croquet.motion.config import MotionConfig
        >>> g = Grazes(MotionConfig(position_sd_mm=0.15, pixel_mm=0.5), Strikes(MotionConfig()))
        >>> g.set_off("guard", 2.0)
        >>> [(s.coin, s.target, round(s.confidence, 2)) for s in
        ...  g.nudged("knight", (0.0, 19.2), (0.0, 20.5), 2.1, {"guard": (0.0, 0.0)})]
        [('guard', 'knight', 0.96)]
        >>> g.nudged("knight", (0.0, 19.2), (0.0, 18.5), 2.1, {"guard": (0.0, 0.0)})
        []
        >>> g.set_off("knight", 1.5)  # it slid itself, and settles
        >>> g.nudged("knight", (0.0, 19.2), (0.0, 20.5), 2.1, {"guard": (0.0, 0.0)})
        []
        """
        found = self._nudge(coin, lay, lies, t, positions)
        if found is None:
            self.shifts.append((coin, lay, lies, t))
            return []
        return found

    def retry(self, t: float, positions: Mapping[str, Point]) -> list[Strike]:
        """The shifts no coin could have made when they were read (:meth:`nudged`), judged
        again at ``t``: a coin set off under a hand has its start told only once it has been
        read twice out from under it, often a frame or two after the coin it struck is read
        shifted. Each is kept ``settle_s`` (a hand lingers over the coins that long)."""
        out: list[Strike] = []
        keep = []
        for coin, lay, lies, when in self.shifts:
            if t - when > self.cfg.settle_s:
                continue
            found = self._nudge(coin, lay, lies, when, positions)
            if found is None:
                keep.append((coin, lay, lies, when))
            else:
                out += found
        self.shifts = keep
        return out

    def _nudge(
        self, coin: str, lay: Point, lies: Point, t: float, positions: Mapping[str, Point]
    ) -> list[Strike] | None:
        """:meth:`nudged`'s judgement, or None where no coin set off by ``t`` lies near."""
        cfg = self.cfg
        if t - self.set_off_t.get(coin, -math.inf) <= cfg.settle_s:
            # It moved itself lately: read again as it settles where it stopped, not nudged.
            return []
        shift = np.subtract(lies, lay)
        here = np.array(lay, float)
        reach = cfg.touch_mm + float(np.hypot(*shift))
        # Where each coin set off lately came nearest ``lay``: on its way from the spot it
        # left to where it lies (it may have followed the coin it struck, or glanced off it
        # at once and gone aside).
        nearest = {
            c: nearest_on_segment(np.array(self.strikes.spots.get(c, at)), np.array(at), here)
            for c, at in positions.items()
            if c != coin
            and 0 <= t - self.set_off_t.get(c, -math.inf) <= cfg.settle_s
            and not self.strikes.touched_since(frozenset((c, coin)), self.set_off_t[c])
        }
        near = {c: float(np.hypot(*(p - here))) for c, p in nearest.items()}
        near = {c: d for c, d in near.items() if d <= reach}
        if not near:
            return None
        striker = min(near, key=lambda c: near[c])
        centres = (here - nearest[striker]) / max(near[striker], 1e-9)
        chance = sure(float(shift @ centres), math.sqrt(2) * cfg.gap_sd_mm)
        if chance <= 0.5:
            return []
        # The blow fell between the striker's setting off and the reading that shows it; no
        # reading says when: the middle of that span.
        when = 0.5 * (self.set_off_t[striker] + t)
        strike = self.strikes.blow(when, striker, coin, chance, self.set_off_t[striker])
        # A pair that may have lain touching was more likely pushed than struck.
        return [strike] if strike.confidence > 0.5 else []

    def steps(self, t: float, steps: Sequence[Step], still: Mapping[str, Point]) -> None:
        """Follow the sliding coins' paths, and note those that came within reach of a coin
        lying ``still`` (at ``t``) while heading toward it. A step out of hiding is a chord,
        not a path: it starts the path anew and is not measured."""
        cfg = self.cfg
        self.still_since = {c: self.still_since.get(c, t) for c in still}
        reach = cfg.coin_mm + cfg.sure_sds * cfg.gap_sd_mm
        for st in steps:
            way = self.paths.setdefault(st.coin, [])
            if st.chord(cfg.frame_s):
                way.clear()
                way.append((st.t1, st.b))
                continue
            if not way:
                way.append((st.t0, st.a))
            way.append((st.t1, st.b))
            del way[:-_PATH_READINGS]
            a, b = np.asarray(st.a, float), np.asarray(st.b, float)
            for other, at in still.items():
                pair = frozenset((st.coin, other))
                if other == st.coin or pair in self.strikes.contact:
                    continue
                gap = approach(a, b, np.asarray(at, float))
                if gap <= reach and (pair not in self.near or gap < self.near[pair].gap_mm):
                    speed = math.dist(st.a, st.b) / max(st.t1 - st.t0, 1e-6)
                    self.near[pair] = Graze(st.t1, st.coin, other, at, gap, speed)

    def arrived(self, coin: str, at: Point, t: float, still: Mapping[str, Point]) -> list[Strike]:
        """``coin`` slid unseen (under a hand) and was first seen at rest at ``at``, at
        ``t``: against each coin lying ``still`` that it lies within touching distance (and a
        gap's error) of, with no contact between them known, it came to rest as a coin creeping
        to a stop does (:func:`graze_chance` at no speed: only the reading says). Where its way
        ran unseen, nothing else can be judged."""
        cfg = self.cfg
        sd = cfg.gap_sd_mm
        out = []
        for other, near in still.items():
            pair = frozenset((coin, other))
            if other == coin or pair in self.strikes.contact:
                continue
            chance = graze_chance(math.dist(at, near), sd, 0.0, 1.0, cfg)
            out += self._called(pair, t, coin, other, chance)
        return out

    def judge(self, t: float, still: Collection[str], decel_mm_s2: float) -> list[Strike]:
        """The grazes judged at ``t``: a coin passed ``settle`` ago (long enough for a blow
        that moved it to show: two readings away, ``still_frames`` apart at most) that still
        lies where it lay was struck with :func:`graze_chance`, and is called if that is more
        likely than not: the fewest wrong calls the readings allow (a near miss is as common as
        a graze, and the players would be asked about many more passes than touches)."""
        cfg = self.cfg
        settle = cfg.still_s + 2 * cfg.frame_s
        out = []
        for pair, g in list(self.near.items()):
            if t - g.t < settle:
                continue
            del self.near[pair]
            if g.target not in still:
                continue
            gap, sd = self._gap(g)
            chance = graze_chance(gap, sd, g.speed_mm_s, decel_mm_s2, cfg)
            out += self._called(pair, g.t, g.coin, g.target, chance)
        return out

    def _called(
        self, pair: frozenset[str], t: float, coin: str, target: str, chance: float
    ) -> list[Strike]:
        """A graze of ``target`` by ``coin`` at ``t`` with ``chance``: called, the pair in
        contact, if more likely than not; else the chance that they touch is kept
        (:attr:`Strikes.maybe`) until they part."""
        if chance > 0.5:
            self.strikes.contact.add(pair)
            return [Strike(t, coin, target, confidence=chance)]
        if chance > 0.0:
            self.strikes.maybe[pair] = max(chance, self.strikes.maybe.get(pair, 0.0))
            self.strikes.maybe_parted.pop(pair, None)
        return []

    def _gap(self, g: Graze) -> tuple[float, float]:
        """How near ``g``'s path came to the coin at rest, and the error of that (see the
        module doc)."""
        cfg = self.cfg
        clear = cfg.coin_mm + 2 * cfg.pixel_mm
        spot = np.asarray(g.spot, float)
        # Only while the other lay where it lies did the path pass it there.
        since = self.still_since.get(g.target, g.t)
        way = _straight([r for r in self.paths.get(g.coin, []) if r[0] >= since], g.t, cfg)
        apart = [p for p in way if float(np.hypot(*(p - spot))) > clear]
        if len(apart) >= _FIT_READINGS:
            line = fit_line(apart)
            along = line.place(spot)[0]
            went = [line.place(p)[0] for p in way]
            if along <= went[0]:
                # It lay behind the coin's path: the coin left it, it never came at it.
                return math.inf, cfg.gap_sd_mm
            # Nearest where the line passes it, or where the coin stopped short of that.
            u = min(along, max(went))
            spread = max(line.sd, cfg.position_sd_mm)
            gap = float(np.hypot(*(line.at(u) - spot)))
            return gap, math.hypot(cfg.gap_sd_mm, line.sd_at(u, spread))
        return g.gap_mm, math.hypot(cfg.gap_sd_mm, cfg.pixel_mm)

    def horizon(self) -> float:
        """The earliest a graze still to be judged may be called at."""
        return min((g.t for g in self.near.values()), default=math.inf)


def _straight(way: Sequence[tuple[float, Point]], t: float, cfg: MotionConfig) -> list[np.ndarray]:
    """The readings of ``way`` on the straight run through the one at ``t``: from it, back and
    then on while a line fits them all within what a reading strays (``sure_sds`` position
    spreads, a pixel at least). A coin slides straight between blows; a blow, a tower or the
    edge turns it.

    >>> way = [(k / 120, (float(k), 0.0)) for k in range(6)] + [(0.06, (5.0, 5.0))]
    >>> len(_straight(way, 0.02, MotionConfig()))
    6
    """
    pts = [np.asarray(p, float) for _, p in way]
    if len(pts) < 2:
        return pts
    strays = max(cfg.sure_sds * cfg.position_sd_mm, cfg.pixel_mm)
    k = min(range(len(way)), key=lambda n: abs(way[n][0] - t))
    lo, hi = k, k + 1
    while lo > 0 and (hi - lo < 2 or fit_line(pts[lo - 1 : hi]).sd <= strays):
        lo -= 1
    while hi < len(pts) and (hi - lo < 2 or fit_line(pts[lo : hi + 1]).sd <= strays):
        hi += 1
    return pts[lo:hi]
