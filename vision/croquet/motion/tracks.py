"""Each coin in one explicit state, frame by frame, with every transition in one place.

States (:class:`State`): ``ABSENT`` (not on the table: not set up yet, or lifted off it),
``REST`` (lying still at its spot), ``SLIDING``, ``HIDDEN`` (out of sight: under a hand, or
lost while sliding; it remembers which), ``OFF`` (gone off the table's edge).

Sightings are given to coins by one assignment per frame (:mod:`.assignment`); each coin is a
:class:`~vision.croquet.motion.track.Track`.

The position noise that every threshold follows is measured from the moves between consecutive
readings of still coins (:attr:`CoinTracker.variance`), never from readings against a spot,
which a spot taken wrongly would inflate.

The transitions (:meth:`CoinTracker.update`):

* ``REST -> SLIDING`` only when two readings running lie ``start_mm`` from the spot *and something
  moved it* (:mod:`.causes`): a coin whose path this frame or the last came within touching
  distance of it (a strike), or a hand within a finger's reach of the coin now or a moment ago (a
  flick; a flicked coin slides on, so its second reading must lie farther on by ``still_step_mm``,
  or a radius away: a hand beside a coin shifts its reading, and the shift stays put). A coin
  nothing touched does not start: its reading was wrong (a hand's shade, a coin beside it). One
  flick sets one coin off (nobody flicks while coins slide): a coin set off beside a hand while
  another set off since everything last stood still still slides, and could have reached it unseen,
  was struck by the one whose way came nearest it (an unsure call when that way was not seen to
  reach it). A coin read away from its spot (by less than half its radius), still, for
  ``still_frames`` with nothing to move it was misplaced at its spot and lies where it is read now
  (no event). Readings that run on as a slide a coin's width out from the spot, with a hand within
  a hand's length since a moment before the first of them, are a flick all the same (unsure):
  seen from a slant, a hand above the table shows displaced from the fingertip that touched the
  coin, and a dark hand shows in pieces, not in every frame. Such a coin takes the readings that
  go on as that slide, beyond a flick's first step from its spot (:mod:`.assignment`).
* ``REST -> HIDDEN`` when it is not seen and a hand is beside it; not seen with no hand near, it
  still lies there (a white coin on a white tile may not show).
* ``SLIDING -> REST`` after ``still_frames`` frames each moving less than ``still_step_mm``,
  the first and last within that of each other (a slowing coin's short steps add up); its
  spot is the mean of those readings.
* ``SLIDING -> OFF`` when its reading, or its path carried on while it is not seen, crosses the
  table's edge: the centre beyond the edge falls (RULINGS); ``-> HIDDEN`` when lost otherwise,
  and ``-> REST`` where it was last seen once friction must have stopped it
  (:meth:`CoinTracker._slide_ends`).
* ``HIDDEN -> REST`` when seen again where it lay (within half a coin beside a hand, whose edge
  shifts what shows), or read still, clear of every hand, within ``start_mm`` and a pixel
  (``pixel_mm``) of it; ``-> SLIDING`` when seen moving (:func:`sliding_on`: two steps running the
  same way, each longer than a still coin's readings move, or, clear of a hand, one longer than a
  misreading strays) farther than half its radius from where it lay, straight away from it
  (:func:`runs_from`, in :mod:`.origins`: a run of readings, each within what the fastest flick
  carries a coin from the last, with one frame unread at most between two); readings that run
  straight from where another coin hidden under the hand lay are handed to that one. Seen within a
  coin's width of where it lay but beside a hand, it stays hidden until readings clear of the hand
  say where it lies. Having lain hidden at rest and read still away from it, it lies there still,
  was put there by hand (``placed``), slid there unseen (a flick or a blow whose call goes out
  unsure, for the players to confirm), or is no coin but a piece of the hand (:mod:`.found_still`).
  A coin the rules say must be put down by hand (:attr:`CoinTracker.placing`) is carried, never set
  off, and was placed however near it lies, once it shows still; a coin that shows still where the
  hand has been, while such a coin lay hidden under that hand, is that coin (the two trade names). A
  coin taken to be put down whose spot, uncovered, shows it still lies there: the coin put down is
  another that lay hidden under a hand that went over where it shows (the two trade names). What
  has shown still at one place since before a coin was last read elsewhere is not that coin
  (:mod:`.marks`). A coin hidden under a hand comes out from under one: it is first seen within a
  frame's slide of where a hand has been since it hid, never out in the open far from every hand,
  until its spot, clear of every hand, shows no coin: then it left unseen (flicked fast, its
  smeared outline reads as no coin until it is far out) and may take readings anywhere
  (:func:`.left_spots.mark_bare`). Read once out in the open and seen nowhere the next frame, where
  its way from the spot leaves the table within a frame's slide, it was flicked off the table
  (``OFF``).
* ``OFF``/``ABSENT -> REST`` when a coin shows still for ``still_frames`` where no coin on the
  table explains it, with no hand within a hand's length of it for as long: put there by hand,
  which has left it (``placed``; :meth:`CoinTracker._returning`).

A coin that comes out from under a hand while other coins lie hidden under it may be any of
them: which one it was stays *provisional* until the others show again (:mod:`.names`). One
taken to have slid unseen into the disc round its own set-up spot, where the bare table was only
painted in, may have been read off the painting's error: it is the coin seen sliding away from
that spot, if one shows while the hand is still there (:mod:`.ghosts`).

The tracker reports each frame as a :class:`~vision.croquet.motion.paths.Motion`: every
sliding coin's step, every start with its cause, stops, coins gone off and coins placed, names
traded and coins whose name is provisional.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from engines.croquetnole.layout import Point, Tile
from vision.croquet.motion.assignment import Assigner
from vision.croquet.motion.causes import Blows, Cause, blow_speed, struck_on_arrival
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.found_still import StillAway, Went, went
from vision.croquet.motion.friction import Friction
from vision.croquet.motion.ghosts import Ghosts
from vision.croquet.motion.hand_trail import HandTrail
from vision.croquet.motion.left_spots import mark_bare, not_painted
from vision.croquet.motion.marks import StillMarks
from vision.croquet.motion.names import Names, restarted, trade
from vision.croquet.motion.origins import off_a_coin, off_a_tile, runs_from, sliding_on
from vision.croquet.motion.paths import (
    Motion,
    Start,
    Step,
    edge_crossing,
    pt,
    slide_time,
)
from vision.croquet.motion.position_noise import PositionNoise
from vision.croquet.motion.sightings import Sighting, View
from vision.croquet.motion.track import State, Track


@dataclass
class _Frame:
    """One frame's transitions as they run: the view and time, and what they report."""

    t: float
    view: View
    #: The sightings, less those of the painted-in set-up spots (:func:`.left_spots.not_painted`).
    seen: Sequence[Sighting] = ()
    steps: list[Step] = field(default_factory=list)
    starts: list[Start] = field(default_factory=list)
    stops: list[tuple[str, float]] = field(default_factory=list)
    off: list[tuple[str, Point]] = field(default_factory=list)
    placed: list[tuple[str, Point]] = field(default_factory=list)
    shifted: list[tuple[str, Point, Point]] = field(default_factory=list)
    #: Readings that run straight from where another coin hidden under the hand lay, handed
    #: to it once every coin has taken this frame's sighting.
    handed: list[tuple[Track, list[np.ndarray]]] = field(default_factory=list)


class CoinTracker:
    """The coins' states from :class:`View` s (see the module doc).

    >>> from vision.croquet.motion.sightings import Sighting, View
    >>> tr = CoinTracker({"moons-knight": (100.0, 100.0)}, {}, (864.0, 864.0), MotionConfig())
    >>> m = tr.update(View((Sighting((100.1, 100.0), (200.0, 200.0, 200.0)),), (), 1.0), 1 / 120)
    >>> m.positions["moons-knight"], m.moving
    ((100.0, 100.0), frozenset())
    """

    def __init__(
        self,
        setup: Mapping[str, Point],
        looks: Mapping[str, np.ndarray],
        table: Point,
        config: MotionConfig,
        coins: Sequence[str] = (),
        tiles: Sequence[Tile] = (),
    ) -> None:
        self.cfg = config
        self.table = table
        self.tiles = tuple(tiles)
        self.t = 0.0
        self.tracks: dict[str, Track] = {}
        for coin in (*setup, *(c for c in coins if c not in setup)):
            tr = Track(coin, looks.get(coin))
            if coin in setup:
                tr.state = State.REST
                tr.mm = np.array(setup[coin], float)
                tr.spot = tr.mm.copy()
            self.tracks[coin] = tr
        #: What moves a coin at rest: the ways of the coins in motion (:mod:`.causes`).
        self.blows = Blows(config)
        #: Coins out from under a hand whose name is provisional.
        self.names = Names(config)
        #: The hands of the last ``settle_s``.
        self.trail = HandTrail(config.settle_s)
        #: Moves between readings afresh of still coins: the position noise (:attr:`variance`).
        self.noise = PositionNoise()
        #: The table's sliding friction, read from the slides seen to a stop: it times the
        #: slides not seen.
        self.friction = Friction(config)
        #: The thresholds for a coin read in such a region (:attr:`split_variance`).
        self.split_cfg = config
        #: Coins the rules say must be put down by hand before play goes on (the engine's
        #: placements due): one seen away from its spot after a hand was over it was put
        #: there, however near (a coin due a placement is not flicked first).
        self.placing: frozenset[str] = frozenset()
        #: The assignment of sightings to coins, remembered over frames that change nothing.
        self.assign = Assigner()
        #: Coins whose rest may be a reading of a painted-in set-up spot (:mod:`.ghosts`).
        self.ghosts = Ghosts()
        #: What has shown still where, and since when (:mod:`.marks`).
        self.marks = StillMarks()

    def retune(self, config: MotionConfig) -> None:
        """Take ``config`` (the thresholds from the position noise measured: :meth:`variance`)
        here and in every part that judges with them."""
        self.cfg = config
        self.friction.cfg = config
        self.blows.cfg = config
        self.names.cfg = config

    @property
    def variance(self) -> float:
        """The spread of a still coin's reading (mm^2, per axis), measured on the table
        (:class:`PositionNoise`); the configured spread stands until enough readings are in."""
        return self.noise.variance(self.cfg.position_sd_mm**2)

    @property
    def split_variance(self) -> float:
        """The same for a coin read by splitting a region of several touching coins."""
        return self.noise.split_variance(self.cfg.position_sd_mm**2)

    def _cfg(self, s: Sighting | None) -> MotionConfig:
        """The thresholds for a reading: a split reading's, or a whole coin's."""
        return self.split_cfg if s is not None and s.of > 1 else self.cfg

    # -- the frame -------------------------------------------------------------------------

    def positions(self) -> dict[str, Point]:
        """Every coin on the table: where it lies or was last known."""
        return {
            c: pt(tr.spot if tr.state is State.REST else tr.mm)
            for c, tr in self.tracks.items()
            if tr.state in (State.REST, State.SLIDING, State.HIDDEN)
        }

    def horizon(self) -> float:
        """The earliest time a later frame can still report a start, a step or a stop at: a
        coin out of sight may turn out to have set off (or slid on) at any time since it was
        last seen, a coin at rest read away once sets off half a frame before that reading, and
        a sliding coin read still may turn out to have stopped at its first still reading. A
        coin hidden at rest that no hand has been near for ``settle_s`` (one that does not
        show where it lay, as a white coin on a white tile may not) holds nothing back: the
        calls before it must not wait for it for ever."""
        times = [self.t - self.cfg.frame_s]
        for tr in self.tracks.values():
            if tr.state is State.SLIDING:
                # Still since its first still reading: it may turn out to have stopped then.
                times.append(self.t - len(tr.still) * self.cfg.frame_s)
            if tr.state is State.HIDDEN and tr.moving_hidden:
                times.append(tr.seen_t)
            elif tr.state is State.HIDDEN and self.t - tr.hand_t <= self.cfg.settle_s:
                times.append(tr.hidden_t)
            elif tr.unseen_start is not None:
                times.append(tr.unseen_start[2])
        return min(times)

    def expected(self) -> list[Point]:
        """Where each coin on the table should show in the next frame."""
        return [pt(tr.predict(self.t + self.cfg.frame_s)) for tr in self._on_table()]

    def moving(self) -> list[Point]:
        """Where each coin in motion (sliding, seen or not) should show in the next frame, and
        the latest of the readings not yet explained that were taken away from where a coin
        lies (in doubt, or astray): those may be a coin set off where nobody saw it start
        (flicked under a hand, or by a hand the camera did not make out), so the region they
        lie in is read afresh, not taken again as if nothing could move it."""
        t = self.t + self.cfg.frame_s
        out = []
        for tr in self.tracks.values():
            if tr.in_motion:
                out.append(pt(tr.predict(t)))
            elif tr.doubt:
                out.append(pt(tr.doubt[-1]))
            elif tr.astray:
                out.append(pt(tr.astray[-1][1]))
        return out

    def update(self, view: View, t: float) -> Motion:
        """Take one frame's view at time ``t`` (see the module doc)."""
        self.trail.follow([h.points for h in view.hands], t)
        sightings = not_painted(self.tracks.values(), view, self.cfg)
        mark_bare(self.tracks.values(), view, sightings, self.cfg)
        marks = self.marks.follow([s.mm for s in sightings], t, self.cfg)
        pairs = self.assign(
            list(self.tracks.values()), sightings, t, self.cfg, self.table, self.trail, marks
        )
        for coin, given in pairs.items():
            # A frame that reads as the last was given the last frame's equal sightings.
            marks[sightings.index(given)].owners.add(coin)
            self.tracks[coin].read_t = t
        for tr in self.tracks.values():
            if tr.state in (State.REST, State.HIDDEN) and self._hand_near(view, tr.spot):
                tr.hand_t = t
        f = _Frame(t, view, sightings)
        # Sliding coins first: a coin at rest is struck by a path of this frame. Each track
        # takes the sighting given to it, though a trade (:func:`trade`) renames it meanwhile.
        order = sorted(self.tracks.values(), key=lambda tr: tr.state is not State.SLIDING)
        for tr, s in [(tr, pairs.get(tr.coin)) for tr in order]:
            if tr.state is State.SLIDING:
                self._sliding(tr, s, f)
            elif tr.state is State.REST:
                self._resting(tr, s, f)
            elif tr.state is State.HIDDEN:
                self._hidden(tr, s, f)
            elif s is not None:
                self._returning(tr, s, f)
            else:
                tr.doubt.clear()
        for source, run in f.handed:
            if source.under_hand and not source.doubt:
                source.doubt, source.doubt_t = list(run), t
        taken = {id(s) for s in pairs.values()}
        free = [np.array(s.mm) for s in sightings if id(s) not in taken]
        revised = self.ghosts.revise(self.tracks, free, t, bool(view.hands), self.cfg)
        self.names.reported(f.starts, f.steps)
        renamed, guessed = self.names.settle(self.tracks, sightings, t)
        self.t = t
        self._follow_friction(f, renamed)
        self.blows.follow(f.steps, self.tracks)
        return Motion(
            t,
            self.positions(),
            frozenset(c for c, tr in self.tracks.items() if tr.in_motion),
            frozenset(c for c, tr in self.tracks.items() if tr.state is State.HIDDEN),
            tuple(f.steps),
            tuple(f.starts),
            tuple(f.stops),
            tuple(f.off),
            tuple(f.placed),
            tuple(renamed),
            self.names.provisional,
            tuple(guessed),
            tuple(f.shifted),
            frozenset(
                c
                for c, tr in self.tracks.items()
                if tr.state is State.REST and (tr.doubt or tr.leaving is not None)
            ),
            (*restarted(self.names.traded, self.tracks, self.friction.decel), *revised),
        )

    def _follow_friction(self, f: _Frame, renamed: Sequence[tuple[str, str]]) -> None:
        """Give :class:`Friction` this frame's slides: a coin set off, hidden or renamed
        begins a new one, a coin that stopped ends its own."""
        for start in f.starts:
            self.friction.forget(start.coin)
        for a, b in renamed:
            self.friction.forget(a)
            self.friction.forget(b)
        for step in f.steps:
            self.friction.seen(step.coin, step.t1, np.array(step.b))
        for coin, _ in f.stops:
            self.friction.stopped(coin, self.tracks[coin].spot)
        for coin, tr in self.tracks.items():
            if tr.state is State.HIDDEN:
                self.friction.forget(coin)

    # -- assignment --------------------------------------------------------------------------

    def _on_table(self) -> list[Track]:
        return [
            tr
            for tr in self.tracks.values()
            if tr.state in (State.REST, State.SLIDING, State.HIDDEN)
        ]

    # -- transitions -------------------------------------------------------------------------

    def _hand_near(self, view: View, p: np.ndarray) -> bool:
        return view.hand_within(pt(p), self.cfg.radius_mm + self.cfg.finger_mm)

    def _cause(self, tr: Track, f: _Frame) -> Cause:
        """What moved ``tr`` (:meth:`Blows.cause`)."""
        return self.blows.cause(tr, f.t, f.steps, f.view, self.tracks)

    def _set_off(
        self,
        tr: Track,
        b: np.ndarray,
        t: float,
        cause: tuple[str | None, float],
        since: float | None,
        f: _Frame,
    ) -> None:
        """``tr`` set off from its spot, read at ``b`` at ``t``: since ``since``, or, out of
        hiding, since a time its next reading gives (:meth:`_came_out`)."""
        at = pt(tr.spot)
        if since is None:
            tr.unseen_start = (*cause, tr.hidden_t)
            since = tr.hidden_t
            under = {o.coin for o in self.tracks.values() if o is not tr and o.under_hand}
            self.names.came_out(tr.coin, tr.hidden_t, tr.spot, b, under)
        else:
            f.starts.append(Start(tr.coin, since, at, *cause))
            f.steps.append(Step(tr.coin, at, pt(b), since, t, (0.0, 0.0)))
        tr.velocity = (b - tr.spot) / max(t - since, self.cfg.frame_s)
        if tr.unseen_start is not None and tr.doubt:
            # Out of hiding, its last two readings (:func:`sliding_on`) show how fast it
            # slides; the chord from its spot says nothing of that.
            tr.velocity = (b - tr.doubt[-1]) / max(t - tr.doubt_t, self.cfg.frame_s)
        tr.mm = b
        tr.seen_t = t
        tr.state = State.SLIDING
        tr.still = []
        tr.doubt = []
        tr.read = None

    def _resting(self, tr: Track, s: Sighting | None, f: _Frame) -> None:
        cfg, t = self._cfg(s), f.t
        if s is None:
            tr.astray = []
            if self._hand_near(f.view, tr.spot):
                tr.state, tr.hidden_t, tr.moving_hidden = State.HIDDEN, t, False
                tr.mm, tr.leaving, tr.read = tr.spot.copy(), None, None
            return
        p = np.array(s.mm)
        away = float(np.hypot(*(p - tr.spot)))
        if tr.leaving is not None:
            by, margin, since, first, first_t = tr.leaving
            tr.leaving = None
            on = away - float(np.hypot(*(first - tr.spot)))
            if away >= cfg.start_mm and (
                by is not None or on >= cfg.still_step_mm or away > cfg.radius_mm
            ):
                # Read away twice running: it set off (a misreading comes back). A flick
                # leaves the coin sliding: read farther on the second time, or gone a radius;
                # a hand beside a coin at rest shifts its reading, and the shift stays put.
                self._set_off(tr, first, first_t, (by, margin), since, f)
                self._sliding(tr, s, f)
                return
        if s.fresh and not s.by_hand:
            split = s.of > 1
            if tr.read is not None and tr.read[1] == split:
                moved = float(((p - tr.read[0]) ** 2).sum())
                self.noise.add(moved, split)
            tr.read = (p, split)
        if away < cfg.start_mm:
            tr.doubt.clear()
            tr.astray = []
            return
        moved, by, margin = self._cause(tr, f)
        if moved:
            tr.leaving = (by, margin, t - cfg.frame_s / 2, p, t)
            return
        if away > cfg.radius_mm / 2:
            # Farther than a reading of this coin strays: another coin's, or two read as one;
            # or the coin, flicked by a hand that shows farther off than a fingertip's reach
            # (seen from a slant, a hand above the table shows displaced from where it
            # touches it). A shade or a misreading does not run on as a slide a coin's width
            # out from the spot, and a hand within a hand's length flicked it, a moment
            # before its first such reading or since (a dark hand shows in pieces, not in
            # every frame).
            tr.doubt.clear()
            tr.astray.append((t, p))
            run = [q for _, q in tr.astray[-3:]]
            since = tr.astray[0][0] - cfg.still_s - cfg.frame_s
            if (
                len(run) == 3
                and away >= cfg.coin_mm
                and sliding_on(run, cfg)
                and runs_from(tr.spot, run, cfg)
                and self.trail.within(since, pt(tr.spot), cfg.hand_mm)
            ):
                first_t, first = tr.astray[0]
                tr.astray = []
                self._set_off(tr, first, first_t, (None, 0.0), first_t - cfg.frame_s / 2, f)
                self._sliding(tr, s, f)
            return
        tr.astray = []
        tr.doubt.append(p)
        if len(tr.doubt) >= cfg.still_frames:
            recent = np.array(tr.doubt[-cfg.still_frames :])
            if float(np.ptp(recent, axis=0).max()) < cfg.still_step_mm:
                f.shifted.append((tr.coin, pt(tr.spot), pt(recent.mean(axis=0))))
                tr.spot = recent.mean(axis=0)
                tr.doubt.clear()

    def _sliding(self, tr: Track, s: Sighting | None, f: _Frame) -> None:
        cfg, t = self._cfg(s), f.t
        if s is None:
            if tr.unseen_start is not None:
                # Lost again before a second reading: its speed out of hiding must do.
                self._came_out(tr, f, float(np.hypot(*tr.velocity)))
            ahead = tr.mm + tr.velocity * (t - tr.seen_t)
            crossing = edge_crossing(tr.mm, ahead, self.table)
            if crossing is not None:
                self._gone_off(tr, crossing, f)
            else:
                tr.state, tr.hidden_t, tr.moving_hidden = State.HIDDEN, t, True
            return
        p = np.array(s.mm)
        if tr.unseen_start is not None:
            speed = float(np.hypot(*(p - tr.mm))) / max(t - tr.seen_t, cfg.frame_s)
            self._came_out(tr, f, speed)
        crossing = edge_crossing(tr.mm, p, self.table)
        f.steps.append(Step(tr.coin, pt(tr.mm), pt(p), tr.seen_t, t, pt(tr.velocity)))
        if crossing is not None:
            self._gone_off(tr, crossing, f)
            return
        step = float(np.hypot(*(p - tr.mm)))
        tr.velocity = (p - tr.mm) / max(t - tr.seen_t, cfg.frame_s)
        tr.mm, tr.seen_t = p, t
        # Its still readings: the latest whose first and last lie within a still coin's step
        # of each other. Each step of a slowing coin may be short, but they run on one way
        # and add up; a still coin's readings stray about where it lies.
        tr.still = [*tr.still, p] if step < cfg.still_step_mm else [p]
        while float(np.hypot(*(tr.still[-1] - tr.still[0]))) >= cfg.still_step_mm:
            tr.still.pop(0)
        if len(tr.still) > cfg.still_frames:
            # It stopped when its still readings began.
            f.stops.append((tr.coin, t - (len(tr.still) - 1) * cfg.frame_s))
            tr.spot = np.mean(tr.still[1:], axis=0)
            tr.state, tr.velocity, tr.still = State.REST, np.zeros(2), []

    @staticmethod
    def _slide_ends(tr: Track, cfg: MotionConfig) -> float:
        """The latest a coin lost from sight while sliding can still be moving: friction at
        its slowest (``decel_min_mm_s2``) stops it from the fastest its readings allow (the
        speed read, plus the error of a speed read from two readings a frame apart) within
        that speed over that friction; and no slide lasts longer than ``lost_frames``.

        >>> cfg = MotionConfig(position_sd_mm=0.25)
        >>> tr = Track("a", None, seen_t=1.0, velocity=np.array([150.0, 0.0]))
        >>> round(CoinTracker._slide_ends(tr, cfg), 3)
        1.213
        """
        fastest = float(np.hypot(*tr.velocity)) + (
            cfg.sure_sds * math.sqrt(2) * cfg.position_sd_mm / cfg.frame_s
        )
        return tr.seen_t + min(fastest / cfg.decel_min_mm_s2, cfg.lost_frames * cfg.frame_s)

    def _came_out(self, tr: Track, f: _Frame, *speeds: float) -> None:
        """A coin came out of hiding sliding, and its next frame shows it at ``speeds``: it
        set off as long before as the table's friction (:class:`Friction`) takes to slow a
        coin to that speed over the way it came from its spot (:func:`slide_time`), but not
        before it was hidden. Where only bounds of its speed are known, it set off in the
        middle of the times they give."""
        assert tr.unseen_start is not None
        by, margin, hidden_t = tr.unseen_start
        tr.unseen_start = None
        out = float(np.hypot(*(tr.mm - tr.spot)))
        slide = float(np.mean([slide_time(out, v, self.friction.decel) for v in speeds]))
        since = max(hidden_t, tr.seen_t - slide)
        at = pt(tr.spot)
        f.starts.append(Start(tr.coin, since, at, by, margin))
        f.steps.append(Step(tr.coin, at, pt(tr.mm), since, tr.seen_t, (0.0, 0.0)))

    def _bounced_from(self, tr: Track, run: Sequence[np.ndarray]) -> bool:
        """Whether readings ``run`` run off a tile, or a coin where it lay (struck, it may
        have set off since), that ``tr`` could have reached from its spot unseen: under a
        hand that has been there since it hid (:func:`off_a_tile`, :func:`off_a_coin`)."""
        lying = [
            o.spot
            for o in self.tracks.values()
            if o is not tr and o.state in (State.REST, State.HIDDEN, State.SLIDING)
        ]
        bounces = (
            off_a_tile(tr.spot, run, self.tiles, self.cfg),
            off_a_coin(tr.spot, run, lying, self.cfg),
        )
        reach = self.cfg.radius_mm
        return any(b is not None and self.trail.within(tr.hidden_t, pt(b), reach) for b in bounces)

    def _run_source(self, tr: Track, run: Sequence[np.ndarray]) -> Track | None:
        """The coin hidden under a hand that ``tr``'s readings ``run`` came from: of ``tr``
        and the others with no readings of their own and not due to be put down by hand, one
        whose spot they run straight from (:func:`runs_from`), else one off a tile from
        whose spot they run (:meth:`_bounced_from`; a straight slide needs no contact nobody
        saw); ``tr`` itself if it is one, else the nearest. None if from none (a hand's
        fragment or shade)."""
        under = [tr] + [o for o in self._hidden_under_hand(tr) if o.coin not in self.placing]
        for fits in (
            [o for o in under if runs_from(o.spot, run, self.cfg)],
            [o for o in under if self._bounced_from(o, run)],
        ):
            if tr in fits:
                return tr
            if fits:
                return min(fits, key=lambda o: float(np.hypot(*(run[-1] - o.spot))))
        return None

    def _gone_off(self, tr: Track, at: Point, f: _Frame) -> None:
        tr.state, tr.mm, tr.velocity = State.OFF, np.array(at), np.zeros(2)
        f.off.append((tr.coin, at))

    def _hidden(self, tr: Track, s: Sighting | None, f: _Frame) -> None:
        cfg, t = self._cfg(s), f.t
        if tr.moving_hidden:
            if s is not None:
                tr.state = State.SLIDING
                self._sliding(tr, s, f)
                return
            ahead = tr.mm + tr.velocity * (t - tr.seen_t)
            crossing = edge_crossing(tr.mm, ahead, self.table)
            if crossing is not None:
                self._gone_off(tr, crossing, f)
            elif t > self._slide_ends(tr, cfg):
                # Lost for longer than its slide can last: it stopped where it was last seen.
                tr.state, tr.spot, tr.moving_hidden = State.REST, tr.mm.copy(), False
                f.stops.append((tr.coin, tr.seen_t))
            return
        if s is None and tr.doubt:
            self._over_the_edge(tr, f)
            # One frame unread (merged with the hand, or with a coin it struck) is no
            # reading: the readings either side are one coin's, two steps of one slide, for
            # no hand lifts a coin and sets it down between them. Readings that come and go
            # for longer are pieces of the hand, which show and vanish as it moves.
            if tr.state is State.HIDDEN and t - tr.doubt_t < 1.5 * cfg.frame_s:
                return
        if s is None or self.names.at_left_spot(tr.coin, s.mm):
            tr.doubt.clear()
            return
        p = np.array(s.mm)
        if tr.doubt:
            # No coin goes farther between two readings than the fastest flick carries it
            # (give or take what a reading beside a hand strays): such a pair is not one
            # coin's, and the new reading starts afresh.
            reach = cfg.max_speed_mm_s * (t - tr.doubt_t) + cfg.radius_mm / 2
            if float(np.hypot(*(p - tr.doubt[-1]))) > reach:
                tr.doubt = []
        away = float(np.hypot(*(p - tr.spot)))
        back = cfg.radius_mm / 2 if s.by_hand else cfg.start_mm
        if away <= back:
            tr.state, tr.doubt = State.REST, []
            return
        near = cfg.radius_mm / 2
        carried = tr.coin in self.placing
        run = [*tr.doubt, p]
        due = None if carried else self._due_under_hand(tr, p)
        if due is not None and away > near and sliding_on(run, cfg, s.by_hand):
            # A coin the rules say must be put down by hand lies under a hand that has been
            # over these readings: the players place before they flick, so what moves out
            # from under the hand is that coin, carried. It takes the next reading.
            f.handed.append((due, run))
            tr.doubt = []
            return
        source = (
            self._run_source(tr, run)
            if away > near and not carried and sliding_on(run, cfg, s.by_hand)
            else None
        )
        if source is tr:
            # Seen moving straight away from where it lay hidden: flicked (or struck) under
            # the hand. A coin due to be put down by hand is carried, never flicked, until it
            # is.
            _, by, margin = self._cause(tr, f)
            self._set_off(tr, p, t, (by, margin), None, f)
            return
        if source is not None:
            # Moving straight away from where another coin hidden under the hand lay: the
            # readings are that coin's, and it takes the next (:meth:`Track.predict`).
            f.handed.append((source, run))
            tr.doubt = []
            return
        if s.by_hand and away <= cfg.coin_mm:
            # Beside a hand a coin's reading is pulled by the hand's edge and shade: only a
            # reading clear of it says the coin lies elsewhere than it lay.
            tr.doubt = []
            return
        tr.doubt.append(p)
        tr.doubt_t = t
        if len(tr.doubt) < cfg.still_frames:
            return
        recent = np.array(tr.doubt[-cfg.still_frames :])
        if float(np.ptp(recent, axis=0).max()) >= cfg.still_step_mm:
            # Still coming to rest (slower than a slide shows at once, or read split from a
            # coin it lies against): where it lies is where it stops.
            return
        at = recent.mean(axis=0)
        covered = self.trail.within(tr.hidden_t, pt(at), cfg.radius_mm)
        gone = float(np.hypot(*(at - tr.spot)))
        if gone > cfg.start_mm + cfg.pixel_mm and not carried and covered:
            due = self._due_under_hand(tr, at)
            if due is not None:
                # A coin due to be put down by hand lay hidden under the hand that covered
                # where this one now lies: the coin put down is that one, and the one taken
                # to have moved lies where it lay.
                trade(self.tracks, tr.coin, due.coin, tr.spot)
                carried = True
        outcome = went(
            StillAway(
                gone=gone,
                slid=float(np.hypot(*(tr.doubt[-1] - tr.doubt[0]))) >= cfg.still_step_mm,
                struck=bool(struck_on_arrival(tr, at, self.tracks.values(), cfg)),
                covered=covered,
                carried=carried,
                hands=bool(f.view.hands),
                spot_covered=f.view.hand_within(pt(tr.spot), cfg.radius_mm),
            ),
            cfg,
        )
        # Went.WAIT: nothing yet; said once its spot shows clear of the hand.
        if outcome is Went.LIES:
            f.shifted.append((tr.coin, pt(tr.spot), pt(at)))
            tr.state, tr.spot, tr.mm, tr.doubt = State.REST, at, at.copy(), []
        elif outcome is Went.NOTHING:
            tr.doubt = []
        elif outcome is Went.PUT:
            if not carried:
                self.names.put_down(
                    self.tracks,
                    tr,
                    at,
                    f.seen,
                    lambda o: self.trail.within(o.hidden_t, pt(at), self.cfg.radius_mm),
                )
            tr.state, tr.spot, tr.mm, tr.doubt = State.REST, at, at.copy(), []
            f.placed.append((tr.coin, pt(at)))
        elif outcome is Went.SLID:
            # It slid there unseen and had all but stopped by the time it showed (its first
            # reading of this run): it set off as long before as a slide that far lasts on
            # this table (:class:`Friction`), ending at the speed a blow it stopped by shows
            # (:func:`blow_speed`).
            _, by, _ = self._cause(tr, f)
            seen_t = t - (len(tr.doubt) - 1) * cfg.frame_s
            slide = slide_time(
                float(np.hypot(*(at - tr.spot))),
                blow_speed(tr, at, self.tracks.values(), self.cfg),
                self.friction.decel,
            )
            since = min(seen_t, max(tr.hidden_t, seen_t - slide))
            start = Start(tr.coin, since, pt(tr.spot), by, 0.0)
            f.starts.append(start)
            if f.view.hands and self.ghosts.may_be(tr.spot, at, f.view.painted, cfg):
                self.ghosts.doubt(start, t)
            f.steps.append(Step(tr.coin, pt(tr.spot), pt(at), since, seen_t, (0.0, 0.0)))
            tr.state, tr.spot, tr.mm, tr.doubt = State.REST, at, at.copy(), []
            f.stops.append((tr.coin, seen_t))

    def _hidden_under_hand(self, tr: Track) -> list[Track]:
        """The other coins lying hidden under a hand, with no readings of their own."""
        return [o for o in self.tracks.values() if o is not tr and o.under_hand and not o.doubt]

    def _due_under_hand(self, tr: Track, at: np.ndarray) -> Track | None:
        """Of the other coins hidden under a hand, one due to be put down by hand whose hand
        has been over ``at`` since it hid (it may have been carried there), if any."""
        return next(
            (
                o
                for o in self._hidden_under_hand(tr)
                if o.coin in self.placing
                and self.trail.within(o.hidden_t, pt(at), self.cfg.radius_mm)
            ),
            None,
        )

    def _over_the_edge(self, tr: Track, f: _Frame) -> None:
        """``tr``, hidden at rest, was read last frame out in the open away from its spot and
        is seen nowhere now. If the way from its spot through that reading leaves the table
        within a frame's slide, it went over the edge there: flicked from under the hand and
        gone before a second reading."""
        cfg = self.cfg
        last = tr.doubt[-1]
        out = last - tr.spot
        n = float(np.hypot(*out))
        if n <= cfg.radius_mm / 2 or self._hand_near(f.view, last):
            return
        crossing = edge_crossing(last, last + out / n * cfg.max_step_mm, self.table)
        if crossing is None:
            return
        _, by, margin = self._cause(tr, f)
        self._set_off(tr, last, self.t, (by, margin), None, f)
        # It reached the edge within the frame: as fast as that at least, and no faster
        # than the fastest flick.
        tr.velocity = (np.array(crossing) - last) / cfg.frame_s
        self._came_out(tr, f, float(np.hypot(*tr.velocity)), cfg.max_speed_mm_s)
        self._gone_off(tr, crossing, f)

    def _returning(self, tr: Track, s: Sighting, f: _Frame) -> None:
        """``tr``, off the table or absent, read at ``s``: put there by hand once it has
        shown still for ``still_frames`` and no hand has come within a hand's length of it for
        as long (``still_s``). A coin put down lies still when the hand has left it; until
        then what shows still beside a hand may be a knuckle or a fingertip of it (a dark hand
        over a dark table shows only in pieces, not all in every frame)."""
        cfg = self.cfg
        p = np.array(s.mm)
        if tr.doubt and float(np.hypot(*(p - tr.doubt[-1]))) >= cfg.still_step_mm:
            tr.doubt.clear()
        tr.doubt.append(p)
        if len(tr.doubt) >= cfg.still_frames and not self.trail.within(
            f.t - cfg.still_s, s.mm, cfg.hand_mm
        ):
            at = np.mean(tr.doubt, axis=0)
            tr.state, tr.spot, tr.mm, tr.doubt = State.REST, at, at.copy(), []
            f.placed.append((tr.coin, pt(at)))
