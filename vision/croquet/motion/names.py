"""Provisional names: which coin came out from under a hand, while others lay hidden under it.

A coin that comes out from under a hand while other coins lie hidden under it may be any of them:
the nearest takes the sighting, but which one it was stays *provisional* until the others show
again. If a coin with its look (:func:`look_apart` within ``look_gate``: not the table, nor a guess
of the table painted in where it lay) shows back at the spot the one taken to have left lay on, that
one never moved: the coin that left was one still hidden, the one whose spot its path runs back to
(friction never turns a sliding coin: :func:`came_from`), and the two trade names (``renamed``); the
referee holds the calls of a provisional coin until its name is settled. A name still not settled
after ``settle_s`` (the others stay hidden) is a guess among the coins it may be, each as likely:
its calls go out with that chance as their confidence (``guessed``), so the phone asks the players.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from engines.croquetnole.layout import Point
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.paths import Start, Step, pt, slide_time
from vision.croquet.motion.sightings import Sighting
from vision.croquet.motion.table_model import look_apart
from vision.croquet.motion.track import State, Track


@dataclass
class Doubt:
    """A coin out from under a hand whose name is provisional: since when, the spot the coin
    taken to have left lay on, where it first showed, the coins hidden under the hand then
    that it may be instead, whether a coin has shown back at that spot since, and the start
    and steps reported of it since it came out (given again from the right spot if its name
    is traded)."""

    since: float
    left: np.ndarray
    first: np.ndarray
    under: set[str]
    shown: bool = False
    start: Start | None = None
    way: list[Step] = field(default_factory=list)


class Names:
    """The provisional names of coins out from under a hand (see the module doc)."""

    def __init__(self, config: MotionConfig) -> None:
        self.cfg = config
        self.doubted: dict[str, Doubt] = {}
        #: The trades of the last :meth:`settle`: the name the coin out from under the hand
        #: had, the name it turned out to have, its doubt, and the spot it set off from.
        self.traded: list[tuple[str, str, Doubt, np.ndarray]] = []

    @property
    def provisional(self) -> frozenset[str]:
        """The coins whose name is provisional now."""
        return frozenset(self.doubted)

    @property
    def left_spots(self) -> list[np.ndarray]:
        """The spots the coins whose names are provisional are taken to have left: the coin
        that lay there may lie there still (another came out from under the hand)."""
        return [doubt.left for doubt in self.doubted.values()]

    def came_out(
        self, coin: str, since: float, left: np.ndarray, first: np.ndarray, under: set[str]
    ) -> None:
        """``coin``, hidden since ``since``, came out from under a hand from its spot
        ``left``, first read at ``first``, while the coins ``under`` lay hidden under it: any
        of them may be the one that came out."""
        if under:
            self.doubted[coin] = Doubt(since, left.copy(), first.copy(), under)

    def reported(self, starts: Sequence[Start], steps: Sequence[Step]) -> None:
        """Keep the starts and steps reported this frame of coins whose names are
        provisional."""
        for start in starts:
            if start.coin in self.doubted:
                self.doubted[start.coin].start = start
        for step in steps:
            if step.coin in self.doubted:
                self.doubted[step.coin].way.append(step)

    def at_left_spot(self, coin: str, at: Point) -> bool:
        """Whether a coin read ``at`` lies at the spot another coin, whose name is
        provisional, was taken to have left: that coin, never moved (:meth:`settle`), not
        ``coin`` come there unseen."""
        back = self.cfg.radius_mm / 2
        return any(
            x != coin and math.dist(at, pt(doubt.left)) <= back for x, doubt in self.doubted.items()
        )

    def settle(
        self, tracks: dict[str, Track], seen: Sequence[Sighting], t: float
    ) -> tuple[list[tuple[str, str]], list[tuple[str, float]]]:
        """Settle the names of coins out from under a hand, given the readings ``seen`` at
        ``t`` (see the module doc), trading the tracks of two coins whose names are traded;
        the names traded and the names guessed, each with the chance it is right."""
        renamed: list[tuple[str, str]] = []
        guessed: list[tuple[str, float]] = []
        self.traded = []
        for x, doubt in list(self.doubted.items()):
            doubt.under = {y for y in doubt.under if tracks[y].under_hand}
            mover = tracks[x]
            doubt.shown |= shows_at(doubt.left, mover.look, seen, self.cfg)
            # Which coin moved is read off its path, once it is long enough to point back
            # (:func:`came_from`) or the coin has stopped.
            pointed = float(np.hypot(*(mover.mm - doubt.first))) >= self.cfg.coin_mm
            if doubt.shown and doubt.under and (pointed or mover.state is not State.SLIDING):
                spots = {c: tracks[c].spot for c in doubt.under}
                y = came_from(doubt.first, mover.mm, spots, self.cfg)
                self.traded.append((x, y, doubt, tracks[y].spot.copy()))
                trade(tracks, x, y, doubt.left)
                renamed.append((x, y))
                del self.doubted[x]
            elif not doubt.under:
                del self.doubted[x]
            elif t - doubt.since > self.cfg.settle_s and not doubt.shown:
                guessed.append((x, 1.0 / (1 + len(doubt.under))))
                del self.doubted[x]
        return renamed, guessed

    def put_down(
        self,
        tracks: dict[str, Track],
        tr: Track,
        at: np.ndarray,
        seen: Sequence[Sighting],
        went_over: Callable[[Track], bool],
    ) -> None:
        """``tr``, hidden under a hand, is taken to have been put down at ``at``; but if its
        spot, uncovered, shows a coin with its look (:func:`spot_shows`), it lies there still,
        and the coin put down is one of the others hidden under a hand that went over ``at``
        since it hid (``went_over``) and whose own spot shows no such coin (a hand lifts no
        coin that is not there). ``tr`` trades names with the nearest of them (:func:`trade`),
        the name provisional among them while there are more than one."""
        if not spot_shows(tr, seen, self.cfg):
            return
        under = [
            o
            for o in tracks.values()
            if o is not tr and o.under_hand and went_over(o) and not spot_shows(o, seen, self.cfg)
        ]
        if not under:
            return
        put = min(under, key=lambda o: float(np.hypot(*(o.spot - at))))
        left, since = put.spot.copy(), put.hidden_t
        trade(tracks, tr.coin, put.coin, tr.spot)
        self.came_out(tr.coin, since, left, at, {o.coin for o in under if o is not put})

    def guess_all(self) -> list[tuple[str, float]]:
        """Every provisional name taken as a guess now (the frames have ended): each with the
        chance that it is right."""
        out = [(x, 1.0 / (1 + len(d.under))) for x, d in self.doubted.items()]
        self.doubted.clear()
        return out


def spot_shows(tr: Track, seen: Sequence[Sighting], cfg: MotionConfig) -> bool:
    """Whether ``tr`` shows at its spot among the readings ``seen`` (:func:`shows_at`)."""
    return shows_at(tr.spot, tr.look, seen, cfg)


def shows_at(
    spot: np.ndarray, look: np.ndarray | None, seen: Sequence[Sighting], cfg: MotionConfig
) -> bool:
    """Whether a coin with ``look`` that never left ``spot`` shows among the readings ``seen``:
    one with its look (:func:`look_apart` within ``look_gate``) where it lay. Beside a hand,
    whose edge and shade pull what shows, that is within half a radius; clear of every hand,
    within ``start_mm`` and a pixel (``pixel_mm``: its outline read again once what lay against
    it moved), as the tracker takes a coin read again where it lay. Farther out, clear of the
    hands, it is no coin that never moved: where the bare table was only painted in, the real
    table differs from the guess within the painted disc, and may read as a coin of a look
    much like the table's.

    >>> cfg = MotionConfig(position_sd_mm=0.1, pixel_mm=0.5)
    >>> spot, look = np.array([100.0, 100.0]), np.array([200.0, 200.0, 190.0])
    >>> at = [Sighting((100.6, 100.0), (201.0, 199.0, 190.0))]
    >>> off = [Sighting((102.4, 101.0), (201.0, 199.0, 190.0))]
    >>> shows_at(spot, look, at, cfg), shows_at(spot, look, off, cfg)
    (True, False)
    """
    clear = cfg.start_mm + cfg.pixel_mm
    return any(
        math.dist(s.mm, pt(spot)) <= (cfg.radius_mm / 2 if s.by_hand else clear)
        and (look is None or look_apart(s.look, look) <= cfg.look_gate)
        for s in seen
    )


def came_from(
    first: np.ndarray, now: np.ndarray, spots: Mapping[str, np.ndarray], cfg: MotionConfig
) -> str:
    """Which of the hidden coins lying at ``spots`` a coin first seen at ``first`` and now at
    ``now`` set off from: the one whose spot lies nearest its path run back from where it
    first showed (friction never turns a sliding coin), or, before it has gone a coin's width
    on, nearest where it first showed.

    >>> spots = {"a": np.array([0.0, 0.0]), "b": np.array([40.0, 30.0])}
    >>> came_from(np.array([40.0, 0.0]), np.array([40.0, -40.0]), spots, MotionConfig())
    'b'
    """
    way = now - first
    run = float(np.hypot(*way))
    if run < cfg.coin_mm:
        return min(spots, key=lambda c: float(np.hypot(*(spots[c] - first))))
    back = -way / run

    def off_path(c: str) -> float:
        d = spots[c] - first
        along = float(d @ back)
        return abs(float(d[0] * back[1] - d[1] * back[0])) if along > 0 else float(np.hypot(*d))

    return min(spots, key=off_path)


def trade(tracks: dict[str, Track], x: str, y: str, left: np.ndarray) -> None:
    """Coin ``x``, taken to have left its spot ``left``, lies there still; ``y``, taken to lie
    hidden at its own spot, is the one that left: the moving track becomes ``y``'s, and
    ``y``'s track becomes ``x``'s, at ``left``. The moving coin set off from ``y``'s spot (a
    coin that has stopped lies where it stopped)."""
    moving, hidden = tracks[x], tracks[y]
    if moving.in_motion:
        moving.spot = hidden.spot.copy()
    hidden.spot, hidden.mm = left.copy(), left.copy()
    hidden.state, hidden.leaving, hidden.doubt = State.REST, None, []
    moving.coin, hidden.coin = y, x
    moving.look, hidden.look = hidden.look, moving.look
    tracks[x], tracks[y] = hidden, moving


def restarted(
    traded: Sequence[tuple[str, str, Doubt, np.ndarray]],
    tracks: Mapping[str, Track],
    decel: float,
) -> list[tuple[Start, tuple[Step, ...]]]:
    """The coins whose names were ``traded`` this frame (:attr:`Names.traded`), each with its
    start and its way so far given again from the spot of the coin it turned out to be: its
    first step runs from that spot to its first reading, and it set off as long before that
    reading as the table's friction (``decel``, mm/s²) takes to slow a coin to its first speed
    over that way (:func:`slide_time`), but not before that coin was hidden."""
    out = []
    for x, y, doubt, spot in traded:
        if not doubt.way:
            continue
        stayed = tracks[x]
        chord, *rest = doubt.way
        first = np.array(chord.b)
        speed = (
            float(np.hypot(*(np.array(rest[0].b) - first))) / max(rest[0].t1 - rest[0].t0, 1e-9)
            if rest
            else 0.0
        )
        gap = float(np.hypot(*(first - spot)))
        since = min(chord.t1, max(stayed.hidden_t, chord.t1 - slide_time(gap, speed, decel)))
        by, margin = (doubt.start.by, doubt.start.margin_mm) if doubt.start else (None, 0.0)
        at = pt(spot)
        way = (
            Step(y, at, chord.b, since, chord.t1, (0.0, 0.0)),
            *(replace(st, coin=y) for st in rest),
        )
        out.append((Start(y, since, at, by, margin), way))
    return out
