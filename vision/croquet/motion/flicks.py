"""Flicks: which coin the hand set off, when several set off beside it at once.

A flick sets one coin off (castle-croquetnole.txt: "resting a single fingertip ... with the
fingernail against the game piece"); a coin it sets off into another sets that one off too, and
beside the hand both may show moving in the same frame or a frame apart, or the struck one first. So
a coin set off beside a hand (a :class:`~vision.croquet.motion.paths.Start` with no striker) is held
for ``hold_s``: the time the softest flick (``soft_flick_mm_s``) takes to carry a coin a coin's
width, from when it was seen set off (one first seen coming out from under the hand set off before
that, and the coins it struck show as late). A coin under the hand may have been flicked or struck
unseen and show only when the hand lifts, so the hold goes on while a coin within a hand's length
(``hand_mm``) of the first lies hidden, or is read off its spot and not yet still (it may have been
flicked and pushed the other: :meth:`Flicks.shifted`), for at most ``settle_s`` (as long as a hand
lingers over the coins after a flick). Every start beside the hand, within a hand's length of the
first and before the hold ends, is one group: a hand flicks one coin. Of two held together, the one
whose way (from where it lay to where it was first read off it, before a tile or another coin could
turn it later) came within touching distance of where the other lay, going toward it, struck it, if
the other went away from that way (a blow sends a coin along the line of the two centres); the
striker is the flicked one. A blow turns the striker, so its way may pass wide of the other's spot:
then how the two went off says which struck which (:meth:`Flicks._by_departure`), for each coin the
ways leave unexplained. A coin set off meanwhile beside the hand by a blow seen (its call made
already) may in turn have struck a held coin: its way counts as theirs do. A hand flicks one coin:
where neither tells, the coin set off beside the hand, or else the first to set off, was flicked and
the others were struck, unsurely (:meth:`Flicks._one_flicked`).

A coin flicked goes at least as far as the softest flick carries it on the fastest cloth,
``soft_flick_mm_s`` squared over twice ``decel_max_mm_s2`` (some 3 mm), and it has gone that
far by the time its hold ends (by then it has either stopped or is still going faster; one
that bounced back off a tile may lie nearer by then, so the farthest it was read counts). One
held as flicked that was read no farther from its spot than that by then, and struck no coin
(a coin flicked against one it touches stops dead and the other goes) and came away from no
tower ahead of it (one that lay nearer a tower's face than that meets it first, and bounces
back), never moved: a hand's edge or shade beside it shifted its readings
(:meth:`Flicks.take_withdrawn`).

>>> from vision.croquet.motion.config import MotionConfig
>>> from vision.croquet.motion.paths import Start, segment_distance, slide_time
>>> f = Flicks(MotionConfig())
>>> f.start(Start("moons-knight", 1.0, (100.0, 100.0), None, 5.0))
>>> f.start(Start("moons-guard", 1.01, (100.0, 80.0), None, 5.0))
>>> where = {"moons-knight": (100.0, 95.0), "moons-guard": (100.0, 70.0)}
>>> [(s.coin, s.by) for s in f.due(1.2, where)]
[('moons-knight', None), ('moons-guard', 'moons-knight')]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from engines.croquetnole.layout import Point
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.paths import Start, segment_distance, slide_time


class Flicks:
    """Hand-caused starts held and resolved into one flick and the blows it led to: each
    start comes back with no striker (flicked) or with the coin that struck it."""

    def __init__(self, config: MotionConfig) -> None:
        self.cfg = config
        self.held: list[Start] = []
        #: The starts of coins set off by a blow seen: each that falls in a held group's time
        #: and place (:meth:`_with`) may have struck a coin held in turn, and its striker
        #: moved, however little (:meth:`_strikers`).
        self.blows: list[Start] = []
        #: Each held coin: when it was seen to have set off, and the farthest it has been
        #: read from its spot since.
        self.watch: dict[str, _Watch] = {}
        #: Coins whose start was withdrawn since last asked (:meth:`take_withdrawn`).
        self._withdrawn: list[str] = []
        #: Held coins that only shifted (:meth:`shifted`): each counts as the striker of
        #: another or not at all (a coin nudged by a blow is :meth:`Grazes.nudged`'s).
        self.shifts: set[str] = set()

    @property
    def hold_s(self) -> float:
        return self.cfg.coin_mm / self.cfg.soft_flick_mm_s

    @property
    def least_way_mm(self) -> float:
        """The least way a flicked coin goes: the softest flick on the fastest cloth."""
        return self.cfg.soft_flick_mm_s**2 / (2 * self.cfg.decel_max_mm_s2)

    def struck(self, start: Start) -> None:
        """A coin set off by a blow seen (``start.by`` struck it): its striker moved, and it
        may in turn have struck a coin held."""
        self.blows.append(start)

    def start(self, start: Start, seen_t: float | None = None) -> None:
        """A coin set off beside a hand: held, from ``seen_t`` if it was seen set off only
        then, after ``start.t`` (it came out from under the hand)."""
        self.held.append(start)
        self.watch[start.coin] = _Watch(start.t if seen_t is None else max(start.t, seen_t))

    def beside(self, at: Point) -> bool:
        """Whether a start from ``at`` falls in the group held now: within a hand's length of
        where its first coin lay."""
        return bool(self.held) and math.dist(self.held[0].at, at) <= self.cfg.hand_mm

    def shifted(self, coin: str, lay: Point, lies: Point, t: float) -> None:
        """``coin``, at rest, was read again at ``lies``, a little off the spot ``lay`` where it
        lay (less than a start), at ``t``. Under the hand of a held flick, that is a start
        of the group too: a fingertip behind a coin that touches another pushes it into the
        other, and the other sets off along their line of centres while the coin flicked moves
        no more than the blow leaves it (:meth:`_resolve` then finds it struck the other). Its
        shift is more than a reading strays (``start_mm``), so it moved; how much more is the
        margin. A shift that struck nothing is withdrawn like any start that never went."""
        if coin in self.watch or not self.held:
            return
        first = self.held[0]
        if math.dist(first.at, lay) > self.cfg.hand_mm:
            return
        moved = math.dist(lay, lies)
        self.held.append(Start(coin, first.t, lay, None, moved - self.cfg.start_mm))
        self.watch[coin] = _Watch(t, moved)
        self.shifts.add(coin)

    def due(
        self,
        t: float,
        positions: Mapping[str, Point],
        hidden: Collection[str] = (),
        stopped_short: Callable[[Start], bool] = lambda _: False,
        settling: Collection[str] = (),
    ) -> list[Start]:
        """The calls of the held starts whose hold is over at ``t``, given where each coin is
        now, which coins lie hidden, which are read off their spot but not yet still
        (``settling``), and whether a tower ahead stopped a flicked coin short
        of a flick's least way (see the module doc)."""
        if not self.held:
            return []
        for s in self.held:
            if s.coin in positions and s.coin in self.watch:
                w = self.watch[s.coin]
                gone = math.dist(positions[s.coin], s.at)
                w.farthest = max(w.farthest, gone)
                if w.first is None and gone >= self.cfg.start_mm:
                    w.first = positions[s.coin]
        first = self.held[0]
        waited = t - self.watch[first.coin].seen_t if first.coin in self.watch else t - first.t
        spot = np.array(first.at)
        held = {s.coin for s in self.held}
        under = [
            c
            for c in {*hidden, *settling}
            if c not in held
            and c in positions
            and float(np.hypot(*(np.array(positions[c]) - spot))) <= self.cfg.hand_mm
        ]
        if waited < self.hold_s or (under and waited < self.cfg.settle_s):
            return []
        group = [s for s in self.held if self._with(first, s)]
        self.held = [s for s in self.held if s not in group]
        # Each coin's way runs to where it was first read off its spot: how it went off from
        # the blows between them, before a tile or another coin turned it later.
        ways = dict(positions)
        for s in group:
            seen = self.watch.get(s.coin)
            if seen is not None and seen.first is not None:
                ways[s.coin] = seen.first
        resolved = self._resolve(group, ways)
        struck = self._strikers(first) | {s.by for s in resolved if s.by is not None}
        if not self.held:
            self.blows = []
        kept = [
            s
            for s in resolved
            if s.coin in struck
            or (
                s.coin not in self.shifts
                and (
                    s.by is not None
                    or s.coin in hidden
                    or self._went(s, positions)
                    or stopped_short(s)
                )
            )
        ]
        self._withdrawn += [s.coin for s in resolved if s not in kept]
        for s in group:
            self.watch.pop(s.coin, None)
            self.shifts.discard(s.coin)
        return kept

    def _with(self, first: Start, s: Start) -> bool:
        """Whether ``s`` falls in the group of ``first``: set off within a hand's length of
        it, and within ``settle_s`` (a hand lingers over the coins that long)."""
        return (
            math.dist(s.at, first.at) <= self.cfg.hand_mm
            and abs(s.t - first.t) <= self.cfg.settle_s
        )

    def _strikers(self, first: Start) -> set[str]:
        """The coins seen to strike another in the place of the group of ``first`` (within a
        hand's length), from a hold before its first start (a struck coin may show set off
        before the one flicked into it) until the hand may still linger (``settle_s``): they
        moved, however little. A blow seen earlier came of an earlier flick and tells nothing
        of this one's coins."""
        return {
            b.by
            for b in self.blows
            if b.by is not None and self._with(first, b) and b.t >= first.t - self.hold_s
        }

    def take_withdrawn(self) -> list[str]:
        """The coins whose start was withdrawn since last asked: they never moved."""
        out, self._withdrawn = self._withdrawn, []
        return out

    def _went(self, start: Start, positions: Mapping[str, Point]) -> bool:
        """Whether the coin of ``start`` went as far from its spot as a flick takes it (or
        where it is is not known): it has been read that far since it set off (one that
        bounced back may lie nearer now), or lies that far now."""
        now = positions.get(start.coin)
        watch = self.watch.get(start.coin)
        farthest = 0.0 if watch is None else watch.farthest
        return now is None or max(farthest, math.dist(now, start.at)) >= self.least_way_mm

    def flush(self, positions: Mapping[str, Point]) -> list[Start]:
        """Every held start resolved now (the frames have ended)."""
        out: list[Start] = []
        while self.held:
            out += self.due(math.inf, positions)
        return out

    def forget(self, coin: str) -> None:
        """Drop what is held of ``coin``'s start: it is to be given again."""
        self.held = [s for s in self.held if s.coin != coin]
        self.watch.pop(coin, None)
        self.shifts.discard(coin)

    def rename(self, a: str, b: str) -> None:
        """Coins ``a`` and ``b`` trade names."""
        swap = {a: b, b: a}
        self.held = [
            Start(swap.get(s.coin, s.coin), s.t, s.at, s.by, s.margin_mm) for s in self.held
        ]
        self.blows = [
            Start(swap.get(s.coin, s.coin), s.t, s.at, s.by and swap.get(s.by, s.by), s.margin_mm)
            for s in self.blows
        ]
        self.watch = {swap.get(c, c): w for c, w in self.watch.items()}
        self.shifts = {swap.get(c, c) for c in self.shifts}

    def _resolve(self, group: list[Start], positions: Mapping[str, Point]) -> list[Start]:
        """One flick: the coin whose way reached another's spot, going toward it, with the
        other gone away from it, struck it (see the module doc). A coin set off by a blow
        seen meanwhile beside the hand may be that coin too."""
        touch = self.cfg.touch_mm + self.cfg.start_mm
        struck: dict[str, tuple[str, float]] = {}
        held = {s.coin for s in group}
        first = group[0]
        blown = [b for b in self.blows if b.coin not in held and self._with(first, b)]
        for a in [*group, *blown]:
            start, now = np.array(a.at), np.array(positions.get(a.coin, a.at))
            for b in group:
                spot = np.array(b.at)
                gap = segment_distance(start, now, spot)
                if a.coin == b.coin or b.coin in self.shifts or gap > touch:
                    continue
                toward = float((now - start) @ (spot - start)) > 0
                went = np.array(positions.get(b.coin, b.at)) - spot
                if toward and float(went @ (spot - start)) > 0:
                    struck[b.coin] = (a.coin, self.cfg.touch_mm - gap)
        for coin, blow in self._by_departure(group, positions).items():
            # What the ways left open, how the coins went off may tell (none struck by a coin
            # it set off).
            if coin not in struck and not _set_off_by(blow[0], coin, struck):
                struck[coin] = blow
        struck |= self._one_flicked(group, struck, positions)
        return [Start(s.coin, s.t, s.at, *struck[s.coin]) if s.coin in struck else s for s in group]

    def _one_flicked(
        self,
        group: list[Start],
        struck: Mapping[str, tuple[str, float]],
        positions: Mapping[str, Point],
    ) -> dict[str, tuple[str, float]]:
        """A hand flicks one coin: where neither the ways nor the departures told which of
        several coins of a group struck which, the one flicked is the one set off beside the
        hand (a finger seen within reach) or else the first to set off (a blow follows the
        flick that led to it); each other was struck, by the coin of the group whose way
        from its spot came nearest, unsurely (margin 0: nothing showed that blow). Only coins
        that went as far as a flick takes one, or struck another, count: one that did neither
        may not have moved.

        >>> f = Flicks(MotionConfig())
        >>> group = [Start("a", 1.0, (0.0, 0.0), None, 5.0), Start("b", 1.05, (30.0, 0.0), None)]
        >>> f._one_flicked(group, {}, {"a": (28.0, 30.0), "b": (30.0, 6.0)})
        {'b': ('a', 0.0)}
        """
        moved = self._strikers(group[0]) | {by for by, _ in struck.values()}
        free = [
            s
            for s in group
            if s.coin not in struck
            and (s.coin in moved or (s.coin not in self.shifts and self._went(s, positions)))
        ]
        if len(free) < 2:
            return {}
        flicked = max(free, key=lambda s: (s.margin_mm > 0, -s.t))
        out: dict[str, tuple[str, float]] = {}
        for s in free:
            if s is flicked:
                continue
            spot = np.array(s.at)
            ways = {
                o.coin: segment_distance(
                    np.array(o.at), np.array(positions.get(o.coin, o.at)), spot
                )
                for o in group
                if o is not s and not _set_off_by(o.coin, s.coin, {**struck, **out})
            }
            out[s.coin] = (min(ways, key=lambda c: ways[c]), 0.0)
        return out

    def _by_departure(
        self, group: list[Start], positions: Mapping[str, Point]
    ) -> dict[str, tuple[str, float]]:
        """Which of coins set off together struck which, read from how they went, where their ways
        from their spots (chords) say nothing: a blow turns the striker, so its chord need not pass
        the other's spot. A struck coin goes off along the line of the two centres at the blow, so
        the striker then stood a coin's width behind it, on the line back along which it went; the
        striker must have come there moving that way, and after the blow it goes that way more
        slowly than the struck coin (equal coins: it keeps at most half the blow's share of its
        speed), and never back against it; one that only shifted reached no farther than it was read
        off its spot. Where only one coin of a pair can have struck the other so, it did (a hand
        flicks one coin); where either can, the call is unsure."""
        found: dict[str, list[str]] = {}
        for a, b in itertools.permutations(group, 2):
            if b.coin in self.shifts:
                continue
            spot_a, spot_b = np.array(a.at), np.array(b.at)
            went_b = np.array(positions.get(b.coin, b.at)) - spot_b
            n = float(np.hypot(*went_b))
            if n < self.cfg.start_mm:
                continue
            along = went_b / n
            contact = spot_b - along * self.cfg.coin_mm
            if (
                a.coin in self.shifts
                and float(np.hypot(*(contact - spot_a)))
                > self.watch[a.coin].farthest + self.cfg.start_mm
            ):
                # A coin that only shifted went no farther than it was read off its spot.
                continue
            after = np.array(positions.get(a.coin, a.at)) - contact
            onward = float(after @ along)
            if float((contact - spot_a) @ along) >= -self.cfg.start_mm and (
                -self.cfg.start_mm <= onward < n
            ):
                found.setdefault(b.coin, []).append(a.coin)
        out: dict[str, tuple[str, float]] = {}
        for b_coin, strikers in found.items():
            either = any(b_coin in found.get(a_coin, []) for a_coin in strikers)
            mutual = out.get(strikers[0], ("", 0.0))[0] == b_coin
            if len(strikers) == 1 and not mutual:
                out[b_coin] = (strikers[0], 0.0 if either else self.cfg.touch_mm)
        return out


@dataclass
class _Watch:
    """A held coin: when it was seen to have set off, the farthest (mm) it has been read from
    its spot since, and where it was first read off its spot (beyond ``start_mm``)."""

    seen_t: float
    farthest: float = 0.0
    first: Point | None = None


def timed_by_blows(
    starts: Sequence[Start], speeds: Mapping[str, float | None], decel: float, coin_mm: float
) -> list[Start]:
    """The starts of a resolved group, each flicked coin's timed by the blows it gave as well.
    Unseen, a flicked coin's start is timed as a slide to rest (:mod:`.tracks`); but one that
    struck a coin gave up its speed in the blow, not to friction, and reached the blow no
    slower than the struck coin left it (equal coins: the struck one takes at most the
    striker's speed along the centres). So it set off no earlier than the slide from its spot
    to touching the struck coin's spot takes, ending at the struck coin's speed over its first
    readings (``speeds``: no faster than it left), before that coin set off; and no later.

    >>> a = Start("arms-knight", 1.0, (533.0, 416.0), None)
    >>> b = Start("suns-knight", 1.5, (483.0, 416.0), "arms-knight")
    >>> [round(s.t, 3) for s in timed_by_blows([a, b], {"suns-knight": 700.0}, 2400.0, 19.05)]
    [1.459, 1.5]
    """
    out = []
    for st in starts:
        blows = [b for b in starts if b.by == st.coin and st.by is None]
        bounds = [
            b.t - slide_time(gap, speed, decel)
            for b in blows
            if (speed := speeds.get(b.coin)) and (gap := math.dist(st.at, b.at) - coin_mm) > 0
        ]
        if bounds:
            st = replace(st, t=min(max(st.t, *bounds), *(b.t for b in blows)))
        out.append(st)
    return out


def _set_off_by(coin: str, other: str, struck: Mapping[str, tuple[str, float]]) -> bool:
    """Whether ``coin`` was set off by ``other``, struck by it or by a coin it set off: a coin
    lay at rest until its blow, so the blows that set coins off run from the flicked coin
    outward, and none sets off the coin that set it off.

    >>> _set_off_by("c", "a", {"b": ("a", 0.0), "c": ("b", 0.0)})
    True
    >>> _set_off_by("a", "c", {"b": ("a", 0.0), "c": ("b", 0.0)})
    False
    """
    seen = {coin}
    while coin in struck:
        coin = struck[coin][0]
        if coin == other:
            return True
        if coin in seen:
            return False
        seen.add(coin)
    return False
