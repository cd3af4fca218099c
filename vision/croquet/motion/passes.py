"""Gates and doors passed: each coin's path clipped to each corridor.

RULINGS: "A coin passes when its centre enters the corridor through one mouth and leaves
through the other. It may take several flicks (a coin that stops inside the corridor passes
when a later flick carries it out of the far mouth); leaving by the mouth it came in is no
pass." A gate passed toward its tower is "in".

Every step of a sliding coin (:class:`vision.croquet.motion.paths.Step`) is clipped to each
corridor's rectangle (Liang-Barsky, in the corridor's own axes: across the gap, and depth toward
the tower), which says by which side the centre came in and went out. A coin remembers the
mouth it came in by until it leaves; a coin first seen inside (put there by hand) came in by no
mouth and passes nothing. The call's confidence is the chance that the path truly crossed the
far mouth inside the gap: how far inside the gap's edges it crossed, against the position noise.

>>> from engines.croquetnole.layout import default_layout
>>> p = Passes(default_layout(), 0.15)
>>> from vision.croquet.motion.paths import Step
>>> calls = []
>>> for k in range(16):
...     a, b = (442.0, 552.0 - 7.5 * k), (442.0, 552.0 - 7.5 * (k + 1))
...     calls += p.step(Step("moons-knight", a, b, k / 120, (k + 1) / 120, (0.0, -900.0)))
>>> [(c.feature, c.direction) for c in calls]
[('moons-gate', 'out')]
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.croquetnole.layout import Corridor, Layout, Point
from vision.croquet.motion.calls import Pass, sure
from vision.croquet.motion.paths import Step

#: Sides of a corridor's rectangle: across the gap (the tiles' faces) and its two mouths.
SIDE_LO, SIDE_HI, MOUTH_OUT, MOUTH_IN = 0, 1, 2, 3


@dataclass(frozen=True)
class Clip:
    """The part of a segment inside a rectangle: from ``u_in`` to ``u_out`` (fractions along
    it) and the sides crossed there (None where the segment starts or ends inside)."""

    u_in: float
    side_in: int | None
    u_out: float
    side_out: int | None


def clip(a: Point, b: Point, half_w: float, half_d: float) -> Clip | None:
    """Liang-Barsky: where the segment ``a``-``b`` (corridor axes) lies inside the rectangle
    ``|w| <= half_w``, ``|d| <= half_d``; None if nowhere.

    >>> clip((0.0, -30.0), (0.0, 30.0), 5.0, 25.0)
    Clip(u_in=0.08333333333333333, side_in=2, u_out=0.9166666666666666, side_out=3)
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    u0, u1 = 0.0, 1.0
    s0: int | None = None
    s1: int | None = None
    for p, q, lo_side, hi_side in (
        (dx, a[0], SIDE_LO, SIDE_HI),
        (dy, a[1], MOUTH_OUT, MOUTH_IN),
    ):
        half = half_w if lo_side == SIDE_LO else half_d
        for pk, qk, side in ((-p, q + half, lo_side), (p, half - q, hi_side)):
            if pk == 0:
                if qk < 0:
                    return None
                continue
            r = qk / pk
            if pk < 0:
                if r > u1:
                    return None
                if r > u0:
                    u0, s0 = r, side
            else:
                if r < u0:
                    return None
                if r < u1:
                    u1, s1 = r, side
    return Clip(u0, s0, u1, s1)


class Passes:
    """Corridor passes of every coin (see the module doc); ``sd_mm`` is the position noise."""

    def __init__(self, layout: Layout, sd_mm: float) -> None:
        self.corridors: list[Corridor] = []
        for castle in layout.castle_names:
            geo = layout.castle(castle)
            self.corridors += [geo.gate, geo.door]
        self.sd = sd_mm
        #: (coin, feature) -> the mouth the coin's centre came in by, while it is inside.
        self.inside: dict[tuple[str, str], int | None] = {}

    def placed(self, coin: str, at: Point) -> None:
        """A coin put down by hand: inside a corridor it came in by no mouth."""
        for c in self.corridors:
            key = (coin, c.feature)
            self.inside.pop(key, None)
            if c.contains(at):
                self.inside[key] = None

    def rename(self, a: str, b: str) -> None:
        """Coins ``a`` and ``b`` trade names."""
        swap = {a: b, b: a}
        self.inside = {(swap.get(c, c), f): m for (c, f), m in self.inside.items()}

    def step(self, st: Step) -> list[Pass]:
        """The passes the coin's path in this step completes."""
        out = []
        for c in self.corridors:
            key = (st.coin, c.feature)
            la, lb = c.local(st.a), c.local(st.b)
            cut = clip(la, lb, c.half_width, c.half_depth)
            if cut is None:
                continue
            came = self.inside.get(key) if cut.side_in is None else cut.side_in
            if cut.side_out is None:
                self.inside[key] = came
                continue
            self.inside.pop(key, None)
            mouths = {MOUTH_OUT, MOUTH_IN}
            if came in mouths and cut.side_out in mouths and came != cut.side_out:
                w = la[0] + cut.u_out * (lb[0] - la[0])
                t = st.t0 + cut.u_out * (st.t1 - st.t0)
                direction = "in" if cut.side_out == MOUTH_IN else "out"
                confidence = sure(c.half_width - abs(float(w)), self.sd)
                out.append(Pass(t, st.coin, c.feature, direction, confidence=confidence))
        return out
