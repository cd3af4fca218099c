"""Coins striking coins.

A coin at rest is struck only when the blow moves it (RULINGS leave a touch that moves nothing open;
a camera cannot tell it from a near miss): the tracker reports such a coin setting off with the coin
whose path reached it (:class:`vision.croquet.motion.paths.Start`). Two sliding coins strike when
their paths over the same frame, in relative motion, come within touching distance, or when they
were closing along their line of centres and part (:func:`turned_back`: the straight steps either
side of a contact cut its corner); the faster of the two before the frame struck (one that lay at
rest until the frame was struck), and a chord across frames unseen is no such path. Two coins in
contact strike again only after parting by ``separate_mm`` beyond touching (as towers: RULINGS). A
coin set off beside a hand is held a while (:mod:`.flicks`) before it is known to have been struck,
and its striker may be seen touching it sliding meanwhile: a pair in contact when, or since, the
struck coin set off made that blow already. Two coins that came to rest touching (a touch too soft
to move the other shows no blow) are in contact too: one set off by the other while they touch was
pushed (:meth:`Strikes.lies`). A graze judged too unlikely to call leaves its chance that the two
touch: a later blow between them is only as likely as they lay apart (:meth:`Strikes.blow`). A
blow that explains a coin seen set off is called however unsure (the phone asks below
:data:`~vision.croquet.motion.calls.ASK_BELOW`); one read off a shift too small to show a start
is called only when more likely than not (:mod:`.grazes`).

A sliding coin may also graze a coin at rest too lightly to move it as far as the camera sees:
:mod:`.grazes`.

>>> from vision.croquet.motion.config import MotionConfig
>>> from vision.croquet.motion.paths import Start
>>> s = Strikes(MotionConfig())
>>> blow = Start("suns-guard", 1.0, (0.0, 0.0), "moons-knight", 0.4)
>>> [(c.coin, c.target) for c in s.started(blow)]
[('moons-knight', 'suns-guard')]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Mapping, Sequence

import numpy as np

from engines.croquetnole.layout import Point
from vision.croquet.motion.calls import Strike, sure
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.paths import Start, Step


def closest_approach(p: Step, q: Step) -> tuple[float, float]:
    """The least distance between two coins moving straight along their steps over the same
    frame, and when (a fraction of the frame).

    >>> a = Step("a", (0.0, 0.0), (10.0, 0.0), 0.0, 1.0, (0.0, 0.0))
    >>> b = Step("b", (10.0, 5.0), (0.0, 5.0), 0.0, 1.0, (0.0, 0.0))
    >>> closest_approach(a, b)
    (5.0, 0.5)
    """
    d0 = np.subtract(p.a, q.a)
    dv = np.subtract(np.subtract(p.b, p.a), np.subtract(q.b, q.a))
    n = float(dv @ dv)
    u = 0.0 if n == 0 else min(1.0, max(0.0, -float(d0 @ dv) / n))
    return float(np.hypot(*(d0 + u * dv))), u


def turned_back(p: Step, q: Step, cfg: MotionConfig) -> tuple[float, float] | None:
    """Whether two coins sliding through the same frame struck each other at its start,
    where the straight steps on either side of a contact cut the corner: they were closing
    along their line of centres into the frame's first readings (their velocities before)
    and part over the frame (their steps), and the gap between those readings is no more
    than one frame's closing and the readings' error. Friction slows a coin along its way
    and never turns it: only a blow reverses the closing speed. The turn must exceed what
    the readings' error makes of a relative velocity (each of four readings spread by
    ``position_sd_mm`` over a frame, ``sure_sds`` of them). The margin by which the turn
    exceeds it (mm over a frame) and when they touched, or None.

    >>> cfg = MotionConfig(position_sd_mm=0.1)
    >>> a = Step("a", (0.0, 0.0), (0.0, -2.0), 0.0, 1 / 120, (0.0, 300.0))
    >>> b = Step("b", (0.0, 19.5), (0.0, 21.0), 0.0, 1 / 120, (0.0, -100.0))
    >>> margin, when = turned_back(a, b, cfg)
    >>> round(margin, 2), round(when * 120, 2)
    (5.7, 0.13)
    >>> turned_back(a, Step("b", (0.0, 25.0), (0.0, 27.0), 0.0, 1 / 120, (0.0, -100.0)), cfg)
    """
    frame = p.t1 - p.t0
    d = np.subtract(p.a, q.a)
    apart = float(np.hypot(*d))
    if apart == 0 or frame <= 0:
        return None
    n = d / apart
    closing = -float(np.subtract(p.before, q.before) @ n)
    after = np.subtract(np.subtract(p.b, p.a), np.subtract(q.b, q.a)) / frame
    parting = float(after @ n)
    noise = cfg.sure_sds * 2 * math.sqrt(2) * cfg.position_sd_mm / frame
    margin = (closing + parting - noise) * frame
    gap = apart - cfg.coin_mm
    if closing <= 0 or parting <= 0 or margin <= 0:
        return None
    if gap > closing * frame + cfg.touch_mm - cfg.coin_mm:
        return None
    return margin, p.t0 + min(max(gap, 0.0) / closing, frame)


def _speed(st: Step) -> tuple[float, float]:
    """How fast a coin went into its step: its speed before it (0 for a coin that lay at rest
    until this frame, which can only have been struck), then its speed over the step, which
    tells two coins that both set off this frame apart."""
    over = math.hypot(st.b[0] - st.a[0], st.b[1] - st.a[1]) / max(st.t1 - st.t0, 1e-6)
    return math.hypot(*st.before), over


class Strikes:
    """Strikes of every pair of coins (see the module doc)."""

    def __init__(self, config: MotionConfig) -> None:
        self.cfg = config
        #: Pairs of coins touching.
        self.contact: set[frozenset[str]] = set()
        #: When each pair that touched last parted.
        self.parted: dict[frozenset[str], float] = {}
        #: Pairs in contact because they came to lie touching (:meth:`lies`).
        self.lying: set[frozenset[str]] = set()
        #: Where each coin last set off from.
        self.spots: dict[str, Point] = {}
        #: Pairs that may be touching: the chance a graze judged too unlikely to call
        #: (:mod:`.grazes`) touched; kept ``settle_s`` after they part, for a blow read
        #: late (:meth:`blow`).
        self.maybe: dict[frozenset[str], float] = {}
        #: When each pair of :attr:`maybe` parted.
        self.maybe_parted: dict[frozenset[str], float] = {}

    def rename(self, a: str, b: str) -> None:
        """Coins ``a`` and ``b`` trade names."""
        swap = {a: b, b: a}
        self.contact = {frozenset(swap.get(c, c) for c in pair) for pair in self.contact}
        self.parted = {frozenset(swap.get(c, c) for c in p): t for p, t in self.parted.items()}
        self.lying = {frozenset(swap.get(c, c) for c in pair) for pair in self.lying}
        self.spots = {swap.get(c, c): at for c, at in self.spots.items()}
        self.maybe = {frozenset(swap.get(c, c) for c in p): x for p, x in self.maybe.items()}
        self.maybe_parted = {
            frozenset(swap.get(c, c) for c in p): t for p, t in self.maybe_parted.items()
        }

    def touched_since(self, pair: frozenset[str], since: float) -> bool:
        """Whether the two coins of ``pair`` are in contact, or parted only at ``since`` or
        after: a blow between them read since then was made when they touched."""
        return pair in self.contact or self.parted.get(pair, -math.inf) >= since

    def blow(
        self, when: float, striker: str, target: str, confidence: float, since: float
    ) -> Strike:
        """The strike of ``striker`` on ``target`` at ``when``, as sure as ``confidence`` on
        the readings of the blow alone, made by a coin set off at ``since``: the two are in
        contact from now. If they may have been touching when it set off (:attr:`maybe`: the
        pair had not parted by then), the blow was a push unless they lay apart: its chance is
        that of both.

        >>> s = Strikes(MotionConfig())
        >>> s.maybe[frozenset(("a", "b"))] = 0.45
        >>> round(s.blow(1.0, "a", "b", 0.85, 0.9).confidence, 3)
        0.468
        >>> s.blow(2.0, "c", "b", 0.85, 1.9).confidence
        0.85
        """
        pair = frozenset((striker, target))
        self.contact.add(pair)
        touching = self.maybe.pop(pair, 0.0)
        if self.maybe_parted.pop(pair, math.inf) < since:
            touching = 0.0
        return Strike(when, striker, target, confidence=confidence * (1.0 - touching))

    def set_off(self, coin: str, at: Point) -> None:
        """``coin`` set off from ``at``."""
        self.spots[coin] = at

    def started(self, start: Start) -> list[Strike]:
        """A coin at rest set off: struck, if a coin's path reached it."""
        if start.by is None or start.by == start.coin:
            return []
        pair = frozenset((start.coin, start.by))
        spot = self.spots.get(start.by)
        if pair in self.lying and spot is not None and math.dist(spot, start.at) > self.cfg.coin_mm:
            # Read touching when one came to lie, they lay apart when the blow came: the
            # spots they set off from hold every still reading since, the first call few.
            self.contact.discard(pair)
            self.lying.discard(pair)
        # Touching still, or parted only since it set off (a frame's leeway: its start is
        # timed from its readings): the blow, if any, was called when they touched.
        since = start.t - self.cfg.frame_s
        if self.touched_since(pair, since):
            return []
        confidence = sure(start.margin_mm, math.sqrt(2) * self.cfg.position_sd_mm)
        return [self.blow(start.t, start.by, start.coin, confidence, since)]

    def lies(
        self, coin: str, t: float, positions: Mapping[str, Point], still: Collection[str]
    ) -> None:
        """``coin`` came to lie where ``positions`` has it at ``t``: touching each coin of
        ``still`` read no farther than a coin's width from it (a spot is read over many
        frames: no reading error is allowed for, lest coins lying apart pass for touching).
        A coin later set off by one it lies against was pushed, not struck (a blow needs a
        gap to close), until the two part. Two that touched and lie farther apart than that
        have parted: while either slid, a reading error was allowed for."""
        at = positions[coin]
        for other in still:
            near = positions.get(other)
            if other == coin or near is None:
                continue
            pair = frozenset((coin, other))
            if math.dist(at, near) <= self.cfg.coin_mm:
                self.contact.add(pair)
                self.lying.add(pair)
            elif pair in self.contact:
                self.parted[pair] = t
                self.contact.discard(pair)
                self.lying.discard(pair)

    def steps(
        self, t: float, steps: Sequence[Step], positions: Mapping[str, Point]
    ) -> list[Strike]:
        """Strikes between coins sliding in the frame at ``t``; contacts that parted end."""
        cfg = self.cfg
        out = []
        for p, q in itertools.combinations(steps, 2):
            if p.coin == q.coin or p.chord(cfg.frame_s) or q.chord(cfg.frame_s):
                # A chord joins two readings with frames unseen between: not the path the
                # coin took, nor timed with the other's (:mod:`.flicks` tells those blows).
                continue
            pair = frozenset((p.coin, q.coin))
            if pair in self.contact:
                continue
            striker, target = (p, q) if _speed(p) >= _speed(q) else (q, p)
            gap, u = closest_approach(p, q)
            if gap <= cfg.touch_mm:
                when = striker.t0 + u * (striker.t1 - striker.t0)
                confidence = sure(cfg.touch_mm - gap, math.sqrt(2) * cfg.position_sd_mm)
            elif (bounce := turned_back(p, q, cfg)) is not None:
                margin, when = bounce
                confidence = sure(margin, 2 * math.sqrt(2) * cfg.position_sd_mm)
            else:
                continue
            out.append(self.blow(when, striker.coin, target.coin, confidence, striker.t0))
        for pair, parted in list(self.maybe_parted.items()):
            if t - parted > cfg.settle_s:
                del self.maybe_parted[pair]
                self.maybe.pop(pair, None)
        for pair in [*(p for p in self.maybe if p not in self.maybe_parted), *self.contact]:
            a, b = (positions.get(c) for c in pair)
            if (
                a is None
                or b is None
                or math.hypot(a[0] - b[0], a[1] - b[1]) > cfg.touch_mm + cfg.separate_mm
            ):
                if pair in self.contact:
                    self.parted[pair] = t
                    self.contact.discard(pair)
                    self.lying.discard(pair)
                else:
                    self.maybe_parted[pair] = t
        return out
