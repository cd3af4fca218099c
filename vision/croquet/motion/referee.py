"""Frames in, calls out: the coin referee of :mod:`vision.croquet.motion` end to end.

The table is learnt from the first frame and the SETUP (:func:`learn_table`); each frame is
compared with it (:func:`see`); the coins' states follow (:class:`CoinTracker`); and each kind of
call comes from its own module: flicks and blows to coins at rest from the tracker's starts,
passes (:mod:`.passes`), tower hits (:mod:`.hits`), strikes between sliding coins
(:mod:`.strikes`) and grazes too light to move a coin at rest (:mod:`.grazes`), coins off
the table and placed by hand from the tracker, and the rest
(:mod:`.rests`). The position noise is measured as play goes on (the spread of still coins'
readings) and every threshold follows it (:meth:`MotionConfig.measured`).

Where a coin left a spot it had stood on since set-up, the bare table there was only painted in
from around it: once nothing stands near, the referee takes it from the frame.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

import cv2
import numpy as np

from engines.croquetnole.layout import Layout, Point
from engines.croquetnole.names import COINS
from vision.croquet.calibrate import Calibration
from vision.croquet.motion.calls import (
    Call,
    Flick,
    Hit,
    OffTable,
    Pass,
    Place,
    coins_of,
    renamed,
    unsure,
)
from vision.croquet.motion.config import DEFAULT_MOTION, MotionConfig
from vision.croquet.motion.flicks import Flicks, timed_by_blows
from vision.croquet.motion.grazes import Grazes
from vision.croquet.motion.hits import Hits
from vision.croquet.motion.passes import Passes
from vision.croquet.motion.paths import Motion, Start, Step
from vision.croquet.motion.rests import Rests
from vision.croquet.motion.sightings import RegionMemory, View, see
from vision.croquet.motion.strikes import Strikes
from vision.croquet.motion.table_model import learn_table
from vision.croquet.motion.tracks import CoinTracker

#: Frames between updates of the thresholds from the measured position noise.
_RETUNE_FRAMES = 60


class CoinReferee:
    """The calls of a Croquetnole table from its frames (see the module doc)."""

    def __init__(
        self,
        first: np.ndarray,
        cal: Calibration,
        setup: Mapping[str, Point],
        layout: Layout,
        fps: float,
        config: MotionConfig = DEFAULT_MOTION,
        coins: Sequence[str] = COINS,
        markers: Sequence[np.ndarray] = (),
    ) -> None:
        centre = (layout.table[0] / 2, layout.table[1] / 2)
        self.cfg = replace(config, fps=fps, pixel_mm=1.0 / cal.px_per_mm(centre))
        self.layout = layout
        self.table = learn_table(first, cal, setup, layout.table, self.cfg, markers)
        self.tracker = CoinTracker(
            setup, self.table.looks, layout.table, self.cfg, coins, layout.tiles
        )
        self.passes = Passes(layout, self.cfg.position_sd_mm)
        self.hits = Hits(layout, self.cfg)
        self.strikes = Strikes(self.cfg)
        self.grazes = Grazes(self.cfg, self.strikes)
        self.flicks = Flicks(self.cfg)
        self.rests = Rests()
        for coin, at in setup.items():
            self.passes.placed(coin, at)
            self.hits.lies(coin, at)
        self._left: list[np.ndarray] = [np.array(at, float) for at in setup.values()]
        self._frames = 0
        #: Calls held while a coin they name has a provisional name.
        self.held: list[Call] = []
        self.view: View | None = None
        self.regions = RegionMemory()
        self.motion: Motion | None = None
        self._last_grid = self.table.grid(first)

    def update(self, image: np.ndarray, t: float) -> list[Call]:
        """The calls this frame (at ``t`` s) makes, in time order."""
        grid = self.table.grid(image)
        if cv2.norm(grid, self._last_grid, cv2.NORM_INF) == 0:
            # The camera sent the last frame again (a frame dropped in its pipeline): it
            # shows nothing new, and read again it would pass for a perfectly still table.
            return []
        self._last_grid = grid
        painted = [(float(p[0]), float(p[1])) for p in self._left]
        self.view = view = see(
            image,
            self.table,
            self.cfg,
            self.tracker.expected(),
            painted,
            self.regions,
            self.tracker.moving(),
            grid,
        )
        self.motion = m = self.tracker.update(view, t)
        calls: list[Call] = []
        # Names still provisional, or settled this frame by a trade (this frame's reports
        # bear the names from before it: :meth:`_hold`).
        unsettled = m.provisional | {c for pair in m.renamed for c in pair}
        for st in m.starts:
            self.hits.set_off(st.coin, st.at, st.t)
            self.grazes.set_off(st.coin, st.t)
            self.strikes.set_off(st.coin, st.at)
            if st.by is None or (st.margin_mm <= 0 and self.flicks.beside(st.at)):
                # A coin found struck by a guess (it slid unseen) beside a flick held is
                # judged with the coins of that flick: one flick, and its blows run outward
                # from the coin flicked (:meth:`Flicks.due`).
                self.flicks.start(st, t)
            else:
                self.flicks.struck(st)
                calls += self.strikes.started(st)
        # The held starts bear the names from before this frame's trades, as its reports do;
        # where the coins are is known by the names after them.
        swap = {x: y for a, b in m.renamed for x, y in ((a, b), (b, a))}
        before = {swap.get(c, c): p for c, p in m.positions.items()}
        hidden = {swap.get(c, c) for c in m.hidden}
        for coin, lay, lies in m.shifted:
            self.flicks.shifted(swap.get(coin, coin), lay, lies, t)
        settling = {swap.get(c, c) for c in m.settling}
        calls += self._started(self.flicks.due(t, before, hidden, self._stopped_short, settling))
        for step in m.steps:
            calls += self.passes.step(step)
            calls += self.hits.step(step)
        calls += self.strikes.steps(t, m.steps, m.positions)
        still = [c for c in m.positions if c not in m.moving and c not in m.hidden]
        lying = {c: m.positions[c] for c in still}
        self.grazes.steps(t, m.steps, lying)
        calls += self.grazes.judge(t, still, self.tracker.friction.decel)
        for coin, at in m.off:
            calls.append(OffTable(t, coin, at))
            self.hits.gone(coin)
        for coin, at in m.placed:
            calls.append(Place(t, coin, at))
            self.passes.placed(coin, at)
            calls += self.hits.lies(coin, at, unsettled)
            self.strikes.lies(coin, t, m.positions, still)
        unseen = {st.coin for st in m.steps if st.chord(self.cfg.frame_s)}
        for coin, stopped in m.stops:
            if coin in unseen:
                calls += self.grazes.arrived(coin, m.positions[coin], stopped, lying)
            calls += self.hits.lies(coin, m.positions[coin], unsettled)
            self.strikes.lies(coin, stopped, m.positions, still)
        for coin, lay, lies in m.shifted:
            calls += self.grazes.nudged(coin, lay, lies, t, m.positions)
        calls += self.grazes.retry(t, m.positions)
        calls += self.hits.judge(unsettled)
        calls += self.rests.update(m, bool(self.flicks.held), self.flicks.take_withdrawn())
        calls = self._hold(calls, m)
        self._refresh(image, view, m)
        self._frames += 1
        if self._frames % _RETUNE_FRAMES == 0:
            self._retune(math.sqrt(self.tracker.variance))
            split = math.sqrt(self.tracker.split_variance)
            self.tracker.split_cfg = self.cfg.measured(split)
        return sorted(calls, key=lambda c: c.t)

    def placements_due(self, coins: Iterable[str]) -> None:
        """The coins the rules now say must be put down by hand (the engine's placements
        due): a hand that moves one of them places it (:attr:`CoinTracker.placing`)."""
        self.tracker.placing = frozenset(coins)

    def horizon(self) -> float:
        """The time before which every call has been made: a later frame brings no call
        earlier than this, so calls before it can be ruled in time order. Calls held for a
        provisional name, flicks held to tell flicked from struck, coins out of sight
        (:meth:`CoinTracker.horizon`) and ways whose hits are still to be judged
        (:meth:`Hits.horizon`) keep it back."""
        return min(
            [
                self.tracker.horizon(),
                self.hits.horizon(),
                self.grazes.horizon(),
                *(c.t for c in self.held),
                *(s.t for s in self.flicks.held),
            ]
        )

    def finish(self) -> list[Call]:
        """The frames have ended: the calls still held, each coin's name taken as a guess."""
        flicks = self._started(self.flicks.flush(self.tracker.positions()))
        calls = self._release(flicks, self.tracker.names.guess_all(), frozenset())
        return sorted(calls, key=lambda c: c.t)

    def _started(self, starts: list[Start]) -> list[Call]:
        """The calls of coins set off beside a hand, once :class:`Flicks` has said which was
        flicked and which struck."""
        calls: list[Call] = []
        speeds = {st.coin: self.hits.first_speed(st.coin) for st in starts}
        decel = self.tracker.friction.decel
        for st in timed_by_blows(starts, speeds, decel, self.cfg.coin_mm):
            if st.by is None:
                calls.append(Flick(st.t, st.coin, confidence=1.0 if st.margin_mm > 0 else 0.5))
                calls += self._bounced(st)
            else:
                calls += self.strikes.started(st)
        return calls

    def _bounced(self, st: Start) -> list[Call]:
        """A flicked coin seen come away from a tower's face that lay ahead of it bounced off
        it (:meth:`Hits.bounced_back`)."""
        way = self._flicked_way(st)
        if way is None:
            return []
        return list(self.hits.bounced_back(st.coin, st.at, *way, st.t, self._others(st.coin)))

    def _stopped_short(self, st: Start) -> bool:
        """Whether a coin held as flicked came away from a tower ahead of it
        (:meth:`Hits.came_away`): it met the tower before a flick's least way."""
        way = self._flicked_way(st)
        return way is not None and bool(
            self.hits.came_away(st.coin, st.at, *way, self._others(st.coin))
        )

    def _others(self, coin: str) -> list[Point]:
        """Where every coin but ``coin`` lies (or was last seen)."""
        return [at for c, at in self.tracker.positions().items() if c != coin]

    def _flicked_way(self, st: Start) -> tuple[np.ndarray, np.ndarray] | None:
        """Which way a coin set off by a hand was flicked (a unit vector), and how far (mm) it
        was first read from where it lay (where it lies now, before that); None if no hand was
        seen near it or it lies within a reading's error of its spot. The flick went from the
        hand's palm toward the fingertip at the coin: from the mean of the hand's points within
        a hand's length of the coin when it was flicked (a hand's region may hold the coin
        itself, and the fingers round it, so the points near the coin alone say nothing of
        where it went). The first reading is the nearest to the flick: a coin that bounced
        back off a tower may come back to its spot, off another tile, before the flick is
        resolved."""
        near = self.cfg.hand_mm
        before = [pts for when, pts in self.tracker.trail if when <= st.t + self.cfg.frame_s]
        now = self.hits.first_reading(st.coin) or self.tracker.positions().get(st.coin)
        if not before or now is None:
            return None
        spot = np.asarray(st.at, float)
        pts = before[-1][np.hypot(*(before[-1] - spot).T) <= near]
        went = np.asarray(now, float) - spot
        if not len(pts) or float(np.hypot(*went)) < self.cfg.start_mm:
            return None
        ahead = spot - pts.mean(axis=0)
        return ahead / max(float(np.hypot(*ahead)), 1e-9), went

    def _hold(self, calls: list[Call], m: Motion) -> list[Call]:
        """Hold the calls of coins whose name is provisional (:mod:`.tracks`) until it is
        settled, renaming those held (and what each module keeps by name) when two coins trade
        names; return the calls free to go."""
        for a, b in m.renamed:
            self.held = [renamed(c, a, b, m.positions) for c in self.held]
            calls = [renamed(c, a, b, m.positions) for c in calls]
            for module in (self.passes, self.hits, self.strikes, self.grazes, self.flicks):
                module.rename(a, b)
        for start, way in m.restarts:
            calls = self._restart(start, way, calls)
        return self._release(calls, m.guessed, m.provisional)

    def _restart(self, start: Start, way: Sequence[Step], calls: list[Call]) -> list[Call]:
        """A coin whose name was traded set off from another spot than the one it was taken
        to have left: the flick, passes and hits called of it so far (held, and this frame's
        ``calls``) came from a way it never took. They are dropped, and its start and way are
        judged again from the right spot (its strikes stand: they came from where it went
        after it showed)."""
        coin = start.coin

        def kept(c: Call) -> bool:
            return not (isinstance(c, Flick | Pass | Hit) and c.coin == coin)

        self.held = [c for c in self.held if kept(c)]
        calls = [c for c in calls if kept(c)]
        self.flicks.forget(coin)
        self.passes.placed(coin, start.at)
        self.hits.set_off(coin, start.at, start.t)
        self.grazes.set_off(coin, start.t)
        self.strikes.set_off(coin, start.at)
        if start.by is None:
            self.flicks.start(start)
        else:
            self.flicks.struck(start)
            calls += self.strikes.started(start)
        for st in way:
            calls += self.passes.step(st)
            calls += self.hits.step(st)
        return calls

    def _release(
        self,
        calls: list[Call],
        guessed: Sequence[tuple[str, float]],
        provisional: frozenset[str],
    ) -> list[Call]:
        """The held and new calls free to go (naming no provisional coin), those of a coin
        whose name was guessed with the chance of the guess as their confidence at most."""
        chance = dict(guessed)
        pending = []
        for c in [*self.held, *calls]:
            odds = min((chance[n] for n in coins_of(c) if n in chance), default=1.0)
            pending.append(c if odds >= 1.0 else unsure(c, odds))
        self.held = [c for c in pending if coins_of(c) & provisional]
        return [c for c in pending if not coins_of(c) & provisional]

    def _refresh(self, image: np.ndarray, view: View, m: Motion) -> None:
        """Take the bare table from the frame at set-up spots that coins have left. A spot
        that a coin whose name is still provisional is taken to have left is not: the coin
        that lay there may lie there still (:mod:`.names`), and taken into the bare table it
        would never show again to settle the name."""
        if not self._left:
            return
        # Nothing within the refreshed disc (a coin's radius and a quarter) plus a coin's
        # radius and a millimetre of its blur: the frame shows the bare table there. A hand
        # beside the spot may shade it: keep half a finger's width off too.
        clear = 2.25 * self.cfg.radius_mm + 1.0
        reach = 1.25 * self.cfg.radius_mm + self.cfg.finger_mm / 2
        coins = np.array([*m.positions.values(), *self.tracker.names.left_spots], float).reshape(
            -1, 2
        )
        keep = []
        for spot in self._left:
            near = len(coins) and float(np.hypot(*(coins - spot).T).min()) < clear
            if near or view.hand_within((float(spot[0]), float(spot[1])), reach):
                keep.append(spot)
            else:
                self.table.refresh(
                    image, (float(spot[0]), float(spot[1])), self.table.coin_px * 1.3
                )
        self._left = keep

    def _retune(self, sd_mm: float) -> None:
        """Every threshold from the position noise measured so far."""
        self.cfg = cfg = self.cfg.measured(sd_mm)
        self.tracker.retune(cfg)
        self.hits.cfg = cfg
        self.strikes.cfg = cfg
        self.grazes.cfg = cfg
        self.flicks.cfg = cfg
        self.passes.sd = cfg.position_sd_mm
