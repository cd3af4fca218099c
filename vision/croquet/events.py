"""The DESIGN's observed events from the tracked coins, by swept paths between frames.

At 2 m/s a coin travels 17 mm between frames at 120 fps, so nothing is decided from single
positions (DESIGN vision notes): each moving coin's centre is followed along the straight segment
from its position in one frame to the next, and

* ``pass``: per RULINGS the segment path enters a gate's or door's corridor (the gap between its
  tiles, one tile deep) through one mouth and later leaves through the other, perhaps flicks later;
  "in" when it leaves toward the castle's tower. Leaving by the mouth it came in passes nothing.
* ``hit``: the coin's disc, swept along the segment, touches the tower's square. A coin that starts
  touching the tower (as the frame it sets off in began) has not hit it until it separates (by
  ``separate_mm``, or by ``rest_tower_touch_mm`` seen at rest) and touches again. A coin seen
  sliding toward the tower (``tower_approach_mm`` a frame or more) within ``tower_kick_band_mm`` of
  it hit it if its path is read within ``tower_sure_mm`` of it, or if it leaves faster than friction
  lets it (``tower_kick_mm``): friction only slows a sliding coin, a touch turns it. One sliding
  along the tower hit it only if its path is read within ``tower_sure_mm``. For the rest (a coin
  that set off in the frame before, came out of hiding or has a coin beside it), a touch (within
  ``tower_touch_mm``) only the path carried on by the coin's last step shows (a bounce between
  frames) stands once the coin is seen sliding off; one within ``tower_touch_mm`` that does not
  reach the tower, of a coin slow enough to stop short, once it is seen to come off the tower at all
  (a coin that creeps to a stop beside it stopped short). A coin that comes out from under a hand
  sliding off the line it went in on bounced there unseen: its new line, traced back, finds the
  tower it hit. A coin at rest struck straight at a tower beside it, too little to be seen to set
  off, hit it if its rim reads it coming back along the blow's line (``tower_kick_mm`` in a
  frame).
* ``strike``: two coins' swept discs come into contact (closest approach of the two segments in
  relative motion, or of one coin's path to where the other lay, for a coin at rest before the frame
  stays there until struck; where its rim shows it nudged, once struck), to within ``touch_mm``
  (``start_touch_mm`` for two that lay still, one setting off beside the other). The ``coin`` is the
  one already sliding; of two sliding, the faster; of two at rest before the frame (a flick that
  strikes at once, a chain in a scrum) the one whose path reached the other, or the one with the
  flicking hand behind it. Coins in contact strike only after separating (``separate_mm`` apart, or
  over ``part_mm`` in ``part_frames`` frames running; in ``recontact_frames`` to strike again); two
  seen apart just after a blow that sent the struck coin off have separated, and if they meet again
  the one whose step closes the gap struck; so have two one of which has hit a tower since, and if
  they meet again (``rebound_frames``) the one back off the tower struck. A coin that sets off from
  beside a still one, away from it (or near square to it, closing by no more than ``slide_past_mm``)
  but far off the line of their centres, slid past it: a blow sends a coin along that line. A coin
  at rest is struck only if the blow moves it: it starts, or its rim shows it lying ``nudge_mm``
  from where it lay (a contact that moves nothing cannot be told from a near miss within a sliding
  coin's position error), so such strikes are reported once that shows, a few frames late. Nobody
  flicks while coins slide: a coin that sets off away from the path of one sliding past within
  ``pair_gap_mm`` (once the turn's flick is past, also of one that set off in the same frame) was
  struck by it, though the paths miss by more than ``touch_mm``. A coin struck under a hand is no
  longer where it lay (nothing strikes it there again), and when it comes out its path began with
  the blow. Two coins whose steps show them closing, meeting and flung apart (their speed
  along the line between them changed by ``knock_mm_s``) struck each other, though no contact
  test found it: caught again too soon after a blow for their gap to show a parting.
* ``flick``: a resting coin starts to slide with no contact to explain it (unless a coin hidden
  under the hand beside it comes out sliding: then that one was flicked and struck it, unseen; so
  did a coin it lay almost touching that shows moving only later, past the hand's margin; or it
  lay touching a coin that set off just before, which dragged it along; or, with no hand beside it
  till it set off, against a coin under the hand behind that one, which pushed it). A flick is
  reported ``pair_frames`` frames late: a coin flicked into one lying within ``pair_gap_mm`` stops
  almost dead and may be seen to move after the coin it struck, or never (then the hand behind it
  tells, and it struck every coin within that gap that set off away from it in the same frame,
  before anything hidden farther back under the hand is waited for; once the turn's flick is past
  and coins slide, it was itself struck, moving less than the hand's margin). Of two coins that
  lay within ``pair_gap_mm`` and come out from under the hand in the same frame, the one that left
  the other (and not the other it) was struck by it: one flick set both off; ``rest``: after a
  flick, every coin has stopped and none is still watched for a nudge (with where each lies);
  ``place`` and ``off_table`` come from the tracker.

A bounce happens between frames, so the chord from one position to the next can miss the body the
coin bounced off: each coin's path is also extended by its last step less what friction takes
off it (where it would have gone without the bounce; for a coin that set off in the frame before,
that step's line carried on as far as its path goes now), and a contact on either counts.

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
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from engines.croquetnole.layout import COIN_MM, TILE_MM, Layout, Point, Tile
from engines.croquetnole.names import feature
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.tracker import TrackFrame
from vision.sim.croquet_physics import CoinTable, PhysicsConfig
from vision.sim.croquet_truth import SEPARATE_MM

Event = dict[str, Any]
_R = COIN_MM / 2
#: Half the 0.1 ms to which event times are rounded: the slack in comparing one with a frame's.
_HALF_TICK = 5e-5

#: The simulated table's restitutions stand for a real table's (:meth:`EventDetector._faster_back`).
PHYSICS = PhysicsConfig()


class _Striking(NamedTuple):
    """A coin that lately struck one at rest, watched for running back
    (:meth:`EventDetector._rebounds`)."""

    #: The coin struck, the line from the striker to it at the blow (unit vector), the frame,
    #: and where the struck coin lay.
    target: str
    along: np.ndarray
    index: int
    lay: np.ndarray
    #: The striker's last step but one along ``along`` (mm), if a whole frame's slide: a
    #: sliding coin only slows, so a longer step after it was read ahead of where the coin was,
    #: blurred into the struck one.
    before: float | None
    #: Its step along ``along`` (mm) in the frame before the blow, if a whole frame's slide.
    closing: float | None


class _StruckBack(NamedTuple):
    """A strike back (:meth:`EventDetector._rebounds`) waiting on the blow that came before it
    (``unmoved``): the events (with a hit on the tower it came back off, if any), the line from
    the striker to the coin struck at the blow (unit vector), and where the struck coin lay."""

    events: list[Event]
    along: np.ndarray
    lay: np.ndarray

    def went_on(self, at: np.ndarray, beyond: float) -> bool:
        """Whether the struck coin, set off from ``at``, lies over ``beyond`` (mm) on along the
        blow's line from where it lay: it never came back into its striker."""
        return float((at - self.lay) @ self.along) > beyond


class _Deferred(NamedTuple):
    """A coin seen to set off beside a coin hidden under a hand, its flick held until that one
    shows (:meth:`EventDetector._resolve`)."""

    #: When it began to slide, the frame it was seen to, the hidden coins behind it, the coins
    #: it lay against, and its first path (from, to).
    began: float
    index: int
    under: tuple[str, ...]
    lay_against: frozenset[str]
    first: tuple[np.ndarray, np.ndarray]


class _Approach(NamedTuple):
    """A coin come near a tower, to be judged by how it leaves (:meth:`EventDetector._kicks`)."""

    event: Event
    #: Its step (mm per frame) before, and where it was in which frame.
    before: np.ndarray
    at: np.ndarray
    index: int
    #: The tower's outward normal where the coin came nearest.
    normal: np.ndarray
    #: How fast (mm per frame) it must be seen to move off the tower, beyond a kick.
    leave: float = 0.0
    #: A coin beside it that does not count as what turned it (the coin that struck it off).
    beside: str = ""


class _Sighting(NamedTuple):
    """The coins seen in one frame, for :meth:`EventDetector._knocks`: when, which frame, where
    each coin in sight was (not one put down, corrected or out of hiding in it), and which
    moved."""

    t: float
    index: int
    at: dict[str, np.ndarray]
    moving: frozenset[str]


def segment_min(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """Closest approach of the segment a->b to the origin: (distance, parameter in [0, 1])."""
    d = b - a
    dd = float(d @ d)
    u = 0.0 if dd == 0 else min(1.0, max(0.0, -float(a @ d) / dd))
    p = a + u * d
    return math.hypot(p[0], p[1]), u


def segment_box(a: np.ndarray, b: np.ndarray, half: float) -> tuple[float, float]:
    """Closest approach of the segment a->b to the square |x|, |y| <= half (0 when it crosses
    it): (distance, parameter in [0, 1]; where it first enters the square when it crosses it).

    The distance from a point on a line to a convex square is convex along the line and, piece
    by piece, either linear (beside a side) or a distance to a corner, so its least value over
    the segment lies at an end, where the point passes a side's line, or nearest a corner: the
    least of those few (the earliest of equal ones)."""
    ax, ay = float(a[0]), float(a[1])
    dx, dy = float(b[0]) - ax, float(b[1]) - ay
    span = _clip(a, b, (half, half))
    if span is not None:
        return 0.0, span[0]
    us = [0.0, 1.0]
    for p, d in ((ax, dx), (ay, dy)):
        if d:
            us += [(side - p) / d for side in (-half, half)]
    dd = dx * dx + dy * dy
    if dd:
        us += [
            ((cx - ax) * dx + (cy - ay) * dy) / dd for cx in (-half, half) for cy in (-half, half)
        ]

    def gap(u: float) -> float:
        return math.hypot(max(abs(ax + u * dx) - half, 0.0), max(abs(ay + u * dy) - half, 0.0))

    return min((gap(u), u) for u in us if 0.0 <= u <= 1.0)


def _clip(
    a: np.ndarray, b: np.ndarray, half: np.ndarray | tuple[float, float]
) -> tuple[float, float] | None:
    """Liang-Barsky: the parameters where segment a->b is inside the box |p| <= half, or None."""
    t0, t1 = 0.0, 1.0
    for k in range(2):
        ak, hk = float(a[k]), float(half[k])
        dk = float(b[k]) - ak
        for p, q in ((-dk, ak + hk), (dk, hk - ak)):
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
        self.tiles = tuple(layout.tiles)
        #: The layout, for playing a blow on (:meth:`_second_blows`).
        self.layout = layout
        #: Second contacts played on from a strike, not yet reported: each with the first
        #: contact (:meth:`_second_blows`).
        self.pending: list[tuple[Event, Event]] = []
        #: The last 16 frames' ends: when, where each coin was, its step, and which were hidden
        #: (:meth:`_second_blows`). A blow on a coin at rest reported later than that, once its
        #: nudge showed, is not played on: kept back to ``watch_s``, the frames mended 8 missed
        #: second contacts on the fresh and development sets but gave 4 false ones, among them
        #: hold-out Q seed 3702 at 7.02 s (a guard back off its tower stopped 0.13 mm short).
        self._history: deque[
            tuple[float, dict[str, np.ndarray], dict[str, np.ndarray], frozenset[str]]
        ] = deque(maxlen=16)
        for castle in layout.castle_names:
            geo = layout.castle(castle)
            self.corridors += [geo.gate, geo.door]
            self.towers.append((feature(castle, "tower"), geo.tower))
        self.last: dict[str, np.ndarray] = {}
        self.step: dict[str, np.ndarray] = {}
        #: Coins whose last step departs from the one before by more than ``kick_mm``.
        self.kicked: set[str] = set()
        #: The frame of each coin's last step.
        self.stepped: dict[str, int] = {}
        self.inside: dict[tuple[str, int], int] = {}
        self.on_tower: set[tuple[str, int]] = set()
        #: Hits the frames do not show yet, by coin and tower (:meth:`_unsure_hits`): the event,
        #: the least gap seen since, how far the coin must come off the tower to show the hit,
        #: and the frame by which it must; for a graze, the way its path went.
        self.unsure: dict[
            tuple[str, int], tuple[Event, float, float, float, np.ndarray | None]
        ] = {}
        #: Approaches to towers judged by how the coin leaves (:meth:`_kicks`).
        self.kick: dict[tuple[str, int], _Approach] = {}
        #: Coins at rest struck straight at a tower, watched on their rims for a bounce off it
        #: (:meth:`_rim_bounces`): the tower, the blow's line, the frame, the last reading along it.
        self.rim_watch: dict[str, tuple[int, np.ndarray, int, float | None]] = {}
        self.contact: set[frozenset[str]] = set()
        #: Pairs seen apart in the frame before, just after a blow that sent the struck coin off
        #: in that frame (:meth:`_strikes`).
        self.parted: set[frozenset[str]] = set()
        #: Pairs in contact seen over ``part_mm`` apart: in how many frames running, the last.
        self.apart_run: dict[frozenset[str], tuple[int, int]] = {}
        #: When each pair of coins last came into contact.
        self.contact_t: dict[frozenset[str], float] = {}
        #: Pairs in contact one of which hit a tower since: that coin, and the hit's frame
        #: (``rebound_frames``).
        self.rebound: dict[frozenset[str], tuple[str, int]] = {}
        #: Pairs in contact one of which was read in this frame only as it came back off a
        #: tower, beside the other (:meth:`_rim_bounces`).
        self.came_back: set[frozenset[str]] = set()
        self.recent: dict[str, int] = {}
        self.flicked = False
        #: The frame of this turn's flick (the first since the last rest), and the coin whose
        #: flick was reported this turn, seen to set off in view, if any (:meth:`_struck_unseen`).
        self.turn_at = -1
        self.flicker: str | None = None
        self.stop_t = 0.0
        self._t1 = 0.0
        self._index = 0
        self._t0: dict[str, float] = {}
        self.deferred: dict[str, _Deferred] = {}
        #: Deferred coins that, since they set off, came back within ``pair_reach`` of a coin
        #: hidden behind them, or went out of sight: they may have struck it back.
        self.came_back: set[str] = set()
        self.flick_at: dict[str, int] = {}
        #: Flicks seen starting but not yet reported (``pair_frames``): when, in which frame,
        #: where the coin lay and the coins it lay in contact with.
        self.held: dict[str, tuple[float, int, np.ndarray, frozenset[str]]] = {}
        #: Coins read back where they lay while their flick was held, with the frame each set
        #: off in.
        self.misread: dict[str, int] = {}
        #: Two coins lying no farther apart than this (mm, centre to centre) may be a flick
        #: and a strike seen as two starts (``pair_gap_mm``).
        self.pair_reach = COIN_MM + config.pair_gap_mm
        #: How far (mm) the softest flick slides (``flick_least_mm_s``).
        self.least_slide = config.flick_least_mm_s**2 / (2 * config.friction_mm_s2)
        #: Coins struck lately: when, the way they were sent (unit vector), and in which frame.
        self.struck_along: dict[str, tuple[float, np.ndarray, int, str]] = {}
        #: Coins that lately struck one at rest, by striker (:meth:`_rebounds`).
        self.striker: dict[str, _Striking] = {}
        #: The coin that last struck each coin, and in which frame (reported by then).
        self.struck_by: dict[str, tuple[str, int]] = {}
        #: Where each coin lay when it last set off, and in which frame.
        self.set_off: dict[str, tuple[int, np.ndarray]] = {}
        #: The frame in which each coin last came out of hiding (placed as its rim showed it).
        self.unhidden: dict[str, int] = {}
        self._near_hand: Mapping[str, tuple[float, float]] = {}
        #: The coins beside a hand in each of the last ``defer_frames`` frames, with the frame's
        #: time: where the hand lay when a coin out of hiding set off (:meth:`_hand_at`).
        self._hands: deque[tuple[float, Mapping[str, tuple[float, float]]]] = deque(
            maxlen=config.defer_frames + 1
        )
        self._hidden: frozenset[str] = frozenset()
        self._started: Mapping[str, float] = {}
        #: This frame's rim readings of the watched coins at rest (``offsets``).
        self._rims: Mapping[str, Point] = {}
        #: Each watched coin at rest's nudges read on its rim (``offsets``), with when: its
        #: first ``nudge_frames`` since it was set down or struck, and those of the last
        #: ``watch_s`` (:meth:`_lay_before`).
        self.offset: dict[str, list[tuple[float, Point]]] = {}
        #: The coins at rest that the last frame's contacts took where their rims showed them
        #: nudged (:meth:`_lying`), with how far (mm) from where they were reported.
        self.laid: dict[str, np.ndarray] = {}
        self._offset_keep = 2 * config.nudge_frames + round(config.watch_s * fps)
        #: Strikes on coins at rest not yet seen to move them (``nudge_mm``): the event, its
        #: frame, the struck coin's nudge before it (two readings: :meth:`_lay_before`), its
        #: readings since, and where the coins lay at the blow (:meth:`_passed_on`).
        self.unmoved: list[tuple[Event, int, np.ndarray, list[Point], dict[str, np.ndarray]]] = []
        #: Strikes between two sliding coins, held until their steps show a blow
        #: (``graze_kick_mm_s``, :meth:`_grazed`): the event, its frame, the unit vector from
        #: the striker to the struck coin and each one's step before.
        self.grazes: list[tuple[Event, int, np.ndarray, np.ndarray, np.ndarray]] = []
        #: Strikes back (:meth:`_rebounds`) by a coin whose blow from its striker is among
        #: ``unmoved`` (with its hit on the tower it came back off, if any), by (striker, struck
        #: coin, frame of the blow): they stand or fall with it.
        self.struck_back: dict[tuple[str, str, int], _StruckBack] = {}
        self._moving_before: frozenset[str] = frozenset()
        #: Coins read moving in the last frame, in sight, where they were in the frame before
        #: (stopped, not yet still long enough to be at rest): they stepped nothing
        #: (:meth:`_faster`).
        self._halted: frozenset[str] = frozenset()
        #: Contacts of a coin whose place was corrected with one still watched, judged when
        #: that one's watch ends (:meth:`_reset`).
        self.rejudge: set[frozenset[str]] = set()
        #: The pairs of coins touching as the frame under way began.
        self._touching: frozenset[frozenset[str]] = frozenset()
        #: The coins touching a tower as the frame under way began (set off from there, a
        #: coin must part from it before a contact counts).
        self._on_tower_before: frozenset[tuple[str, int]] = frozenset()
        self._unseen: set[str] = set()
        #: How far (mm) each coin's path out of hiding in this frame goes (:meth:`_when`).
        self._unseen_mm: dict[str, float] = {}
        #: Flicks begun out of sight (when the tracker traced them back along the chord), held
        #: until the coin's next step shows whether it bounced unseen (a longer path).
        self.unseen_flick: dict[str, float] = {}
        #: Each coin's way per frame along its last path out of hiding, until a step of its own
        #: is seen (a path out of hiding is no step: :attr:`step`).
        self.out_step: dict[str, np.ndarray] = {}
        #: Paths out of hiding followed for a few frames: start, end, towers touched then, when
        #: the path began, the coin's sightings since, its way per frame as it went out of
        #: sight (its last step, or its last path out of hiding; nothing if it lay still), and
        #: whether that was a steady slide's step (within ``kick_mm`` of the step before; None
        #: if not a step).
        self.emerged: dict[
            str,
            tuple[
                np.ndarray,
                np.ndarray,
                frozenset[int],
                float,
                list[tuple[float, np.ndarray]],
                np.ndarray,
                bool | None,
            ],
        ] = {}
        #: The last ``2 * knock_frames + 1`` frames' sightings, and the strikes and hits
        #: reported lately (:meth:`_knocks`).
        self.sightings: deque[_Sighting] = deque(maxlen=2 * config.knock_frames + 1)
        self.blows: deque[Event] = deque(maxlen=64)

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

    def _reset(
        self, coin: str, p: np.ndarray, put: bool = True, watched: frozenset[str] = frozenset()
    ) -> None:
        """A coin now stands at ``p`` (set-up or ``put`` down by hand): contacts as they are
        there, and inside a corridor it entered by no mouth. A coin whose place was only
        corrected (read more closely on its rim, or its name put right) did not move: it keeps
        no contact it is now apart from, and gains none (a contact it never made is none), and
        keeps the mouth it entered a corridor by; but a coin still ``watched`` may be nudged
        yet (its place is corrected when its watch ends): the contact with it is judged then
        (``rejudge``)."""
        self.last[coin] = p
        self.step[coin] = np.zeros(2)
        self.out_step.pop(coin, None)
        self.kicked.discard(coin)
        self.rim_watch.pop(coin, None)
        for c, cor in enumerate(self.corridors):
            w, d = self._corridor_local(c, p)
            if abs(w) > cor.half_width or abs(d) > cor.half_depth:
                self.inside[(coin, c)] = 0
            elif put or not self.inside.get((coin, c)):
                self.inside[(coin, c)] = 2
        for k, (_, tile) in enumerate(self.towers):
            if not self._rests_on(tile, p):
                self.on_tower.discard((coin, k))
            elif put:
                self.on_tower.add((coin, k))
        for other, q in self.last.items():
            if other != coin:
                pair = frozenset((coin, other))
                if self._apart(p, q):
                    if put or other not in watched:
                        self.contact.discard(pair)
                    else:
                        self.rejudge.add(pair)
                elif put:
                    self.contact.add(pair)

    def _rests_on(self, tile: Tile, p: np.ndarray) -> bool:
        """Whether a coin at rest at ``p`` lies touching the tower ``tile``
        (``rest_tower_touch_mm``)."""
        return _tower_gap(tile, p) <= self.cfg.rest_tower_touch_mm

    def _part_at_rest(self) -> None:
        """A turn begins: the pairs in contact lying still since the last turn lie apart if
        their rest places, settled by now, read over ``lay_touch_mm`` apart. A coin put down
        0.45-0.5 mm from another (touching by ``rest_touch_mm``, as the ground truth has it) is
        so taken to lie apart from the next turn on: left, as the numbers in the config were
        measured with it."""
        for pair in [p for p in self.contact if not p & self._moving_before]:
            a, b = (self.last.get(c) for c in pair)
            if a is not None and b is not None and self._apart(a, b, self.cfg.lay_touch_mm):
                self.contact.discard(pair)

    def _apart(
        self, p: np.ndarray | Point, q: np.ndarray | Point, touch: float | None = None
    ) -> bool:
        """Whether two coins at ``p`` and ``q`` lie apart: their gap reads over ``touch`` (mm;
        ``rest_touch_mm``, for two at rest, unless given)."""
        gap = self.cfg.rest_touch_mm if touch is None else touch
        return float(np.hypot(*np.subtract(p, q))) > COIN_MM + gap

    def _forget(self, coin: str) -> None:
        self.last.pop(coin, None)
        self.step.pop(coin, None)
        self.out_step.pop(coin, None)
        self.kicked.discard(coin)
        self.contact = {p for p in self.contact if coin not in p}
        self.on_tower = {p for p in self.on_tower if p[0] != coin}
        self.unsure = {p: v for p, v in self.unsure.items() if p[0] != coin}
        self.kick = {p: v for p, v in self.kick.items() if p[0] != coin}
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
        for coin in frame.corrected:
            if coin in frame.positions:
                at = np.array(frame.positions[coin], float)
                self._nudged_through(coin, at, frame, out)
                self._reset(coin, at, put=False, watched=frame.watched)
        for pair in [p for p in self.rejudge if not p & frame.watched]:
            self.rejudge.discard(pair)
            i, j = (self.last.get(c) for c in pair)
            if i is None or j is None or self._apart(i, j):
                self.contact.discard(pair)
        placed = {c for c, _ in frame.placed} | set(frame.corrected)
        seg: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for coin, at in frame.positions.items():
            b = np.array(at, float)
            a = self.last.get(coin)
            if a is None:
                self._reset(coin, b)
            elif coin not in placed and (a != b).any():
                # A coin that lay where its rim showed it nudged sets off from there.
                seg[coin] = (a + self.laid[coin] if coin in self.laid else a, b)
        self._t1, self._index = frame.t, frame.index
        self._t0 = {c: frame.since.get(c, t0) for c in seg}
        # Paths that began before the previous frame: the coin comes out of hiding.
        self._unseen = {c for c in seg if self._t0[c] < t0 - 1e-6}
        self._unseen_mm = {c: float(np.hypot(*(seg[c][1] - seg[c][0]))) for c in self._unseen}
        self.unhidden.update((c, frame.index) for c in self._unseen)
        self._near_hand = frame.near_hand
        self._hands.append((frame.t, frame.near_hand))
        self._hidden = frame.hidden
        self._started = frame.started
        self._rims = frame.offsets
        self._touching = frozenset(self.contact)
        self._on_tower_before = frozenset(self.on_tower)
        if frame.started and not self.flicked:
            self._part_at_rest()
        flicked_hidden = self._resolve(frame, seg, out)
        struck = self._strikes(seg, self._lying(frame), out)
        self._grazed(seg, out)
        self._unsure_hits(frame, seg, out)
        self._kicks(frame, seg, out)
        self._hits(seg, out)
        self._rebounds(seg, frame.positions, out)
        self._passes(seg, out)
        for coin, began in frame.started.items():
            if coin in struck or self.recent.get(coin, -99) >= self._struck_since(coin, frame):
                if coin in seg:
                    self._struck_on(
                        coin, frame.index if coin in struck else self.recent[coin], seg, out
                    )
                continue
            if coin in flicked_hidden:
                self._flicked_into(coin, frame, seg, flicked_hidden[coin], out)
                continue
            if coin in self.deferred:
                continue
            # Set off again after the turn's rest, it is a new flick, whatever the start before
            # (fresh BN seed 13302 at 26.19 s: a guard read 2.5 mm off as the hand about to flick
            # it shaded it, taken to start and stop, was flicked 0.1 s later, 46 mm on, and no
            # rest reported where it stopped).
            if self.flicked and self.flick_at.get(coin, -99) >= frame.index - cfg.reflick_frames:
                continue
            # A coin that struck another in this frame was not pushed along by it, nor by one
            # it struck whose blow waits on a nudge (fresh BI seed 12400 at 15.57 s: a knight
            # flicked into one lying 0.45 mm off, read touching it, seemed pushed by it).
            if coin in seg and not _struck(coin, out):
                hit = {e["target"] for e in self._blows_now(out) if e["coin"] == coin}
                pusher = self._pushed(coin, seg, struck - hit)
                if pusher is not None:
                    self.recent[coin] = frame.index
                    # Pushed straight into a tower beside it, it may be seen only coming back.
                    self._sent_into(coin, *seg[coin], _unit(seg[coin][0] - pusher), began, out)
                    continue
            grazed = self._grazed_by(coin, seg[coin][0], seg, struck) if coin in seg else None
            if grazed is not None:
                grazer, met = grazed
                self._set_off_by(grazer, coin, began, frame.index, out)
                # Struck from beside a tower into it, it may be seen only coming back.
                self._sent_into(coin, *seg[coin], _unit(seg[coin][0] - met), began, out, grazer)
                continue
            self.flick_at[coin] = frame.index
            self._begin_turn()
            self.stop_t = frame.t
            # A coin in view lying still just behind it with the hand behind that coin was
            # flicked into it, whatever lies hidden farther back under the hand (a hidden one
            # is judged by whether it comes out sliding).
            beside = (
                self._struck_by(coin, seg, lone=self._handless(coin, began))
                if coin in seg
                else None
            )
            under = [h for h in frame.hidden if coin in seg and self._behind(h, *seg[coin])]
            if under and (beside is None or beside in frame.hidden):
                self.deferred[coin] = _Deferred(
                    began, frame.index, tuple(under), self._lay_against(coin), seg[coin]
                )
            elif coin in seg and (
                target := self._paired(coin, began, seg, frame.positions, out, beside)
            ):
                # Even out of hiding (lost in its blur at first, struck at speed).
                if target == coin:
                    continue
            elif coin in self._unseen and (striker := self._out_with(coin, frame, seg)):
                self._set_off_by(
                    striker, coin, began, frame.index, out, striker in self._lay_against(coin)
                )
                continue
            elif coin in self._unseen:
                self.unseen_flick[coin] = began
            elif coin in seg and not _struck(coin, out):
                self.held[coin] = (began, frame.index, seg[coin][0], self._lay_against(coin))
            else:
                # Not held when it struck a coin in this frame: that settles which was flicked.
                out.append({"t": round(began, 4), "event": "flick", "coin": coin})
            self._flicked_into(coin, frame, seg, began, out)
        for coin in frame.started:
            if coin in seg:
                self.set_off[coin] = (frame.index, seg[coin][0])
            t_struck, along, index, by = self.struck_along.pop(coin, (0.0, None, -99, ""))
            if coin in seg and along is not None and index >= self._struck_since(coin, frame):
                self._sent_into(coin, *seg[coin], along, t_struck, out, by)
        for coin, (began, index, a, lay_against) in list(self.held.items()):
            striker = self._flicked_beside(coin, a, seg, out) if index == frame.index else None
            if striker is not None:
                del self.held[coin]
                self._set_off_by(striker, coin, began, frame.index, out, striker in lay_against)
                continue
            # Struck meanwhile, it was not flicked (the coin that struck it was), unless struck
            # back by the coin it struck (that coin rebounded into it off something), that
            # blow reported or still waiting on a nudge of the coin struck (``unmoved``: AMN
            # seed 8106 at 25.97 s, a guard back off its tower in the frame after the blow).
            by = {e["coin"] for e in self._blows_now(out) if e["target"] == coin}
            waiting = [u[0] for u in self.unmoved if u[1] >= index]
            back = all(
                (self.struck_by.get(c, ("", -1))[0] == coin and self.struck_by[c][1] >= index)
                or any(e["coin"] == coin and e["target"] == c for e in waiting)
                for c in by
            )
            if coin in struck and not (by and back):
                del self.held[coin]
                continue
            if frame.index > index and self._misread_start(coin, a, index, frame):
                # Read back where it lay while its flick was held: that one reading misplaced
                # it, though the hand beside it may misplace it again (fresh BY seed 15505 at
                # 39.45 s: a guard read 2.2 mm off, back for a frame, then 2.1 mm off again).
                self.misread[coin] = index
            if frame.index - index >= cfg.pair_frames:
                del self.held[coin]
                if self.misread.get(coin) == index:
                    if self.turn_at == index:
                        self.flicked = False
                    continue
                out.append({"t": round(began, 4), "event": "flick", "coin": coin})
        out_of_sight = self._hidden_hits(seg, frame, out)
        self._rim_bounces(frame, out)
        for coin in struck:
            self.recent[coin] = frame.index
        # Every coin stopped, and none still watched for a nudge that may yet correct its place
        # (or seen out of hiding away from where it lay, not yet judged).
        resting = self.flicked and not (frame.moving or frame.started or frame.watched)
        self._confirm(frame, seg, placed, out, resting)
        self._second_blows(frame, out, resting)
        for coin in (*frame.started, *frame.stopped, *frame.hidden, *placed):
            self.offset.pop(coin, None)
        for coin, o in frame.offsets.items():
            history = self.offset.setdefault(coin, [])
            history.append((frame.t, o))
            if len(history) > self._offset_keep:
                del history[cfg.nudge_frames]
        for coin, (a, b) in seg.items():
            # A path out of hiding says nothing of the coin's speed now: no bounce is guessed.
            # A coin that set off during this frame goes on at least as far in the next.
            step = np.zeros(2) if coin in self._unseen else b - a
            before = self.step.get(coin)
            if (
                before is not None
                and before.any()
                and float(np.hypot(*(step - before))) > cfg.kick_mm
            ):
                self.kicked.add(coin)
            else:
                self.kicked.discard(coin)
            self.step[coin] = step
            if coin not in self._unseen:
                self.out_step.pop(coin, None)
            self.last[coin] = b
            self.stepped[coin] = frame.index
        self._halted = frame.moving & frame.positions.keys() - seg.keys() - placed
        self._moving_before = frame.moving
        self._history.append((frame.t, dict(self.last), dict(self.step), frame.hidden))
        self._settle(frame)
        if frame.stopped:
            self.stop_t = max(self.stop_t, *frame.stopped.values())
        if resting:
            out.append(
                {
                    "t": round(self.stop_t, 4),
                    "event": "rest",
                    "positions": {c: list(p) for c, p in frame.positions.items()},
                }
            )
            self.flicked = False
            self.flicker = None
        self._knocks(frame, placed, out)
        for e in out:
            if e["event"] == "flick" and self.flicked and e["coin"] not in out_of_sight:
                self.flicker = self.flicker or e["coin"]
            if e["event"] == "strike":
                self.struck_by[e["target"]] = (e["coin"], self._index)
                self.contact_t[frozenset((e["coin"], e["target"]))] = e["t"]
            if e["event"] in ("strike", "hit"):
                self.blows.append(e)
        self._rebound_from(out)
        # A flick comes before what the coin did at the time it began.
        return sorted(out, key=lambda e: (e["t"], e["event"] != "flick"))

    def _confirm(
        self,
        frame: TrackFrame,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        placed: set[str],
        out: list[Event],
        resting: bool,
    ) -> None:
        """Report the strikes on coins at rest that the blow moved, and drop the others
        (``nudge_mm``): the struck coin starts (or is put elsewhere, or goes), or, ``watch_s``
        after the contact (or at the rest, if sooner), lies apart from where it lay before (as
        :meth:`_lay_before` reads it) by the median of its last ``nudge_frames`` readings
        since the second frame after the contact (a median of each coordinate; the last, when
        the striking coin and the flicking hand, whose shadow shades the rim, are farthest),
        and by that of its first as well (a blow moves a coin at once; a hand come up later
        may shade its rim); by ``nudge_hand_left_mm`` for a coin beside a hand at the blow and
        beside none by then (its rim was taken in the hand's shade).
        A struck coin not read by then (covered, say) cannot show that it did not move: its
        strike stands. A later blow on the coin, still in doubt, ends what counts for this one:
        its readings stop there, and what the coin does after is that blow's. A strike dropped
        leaves the two coins out of contact: the sliding one passed, or stopped, a hair away. A
        strike that stands by the nudge may have been passed on (:meth:`_passed_on`). A coin
        that starts as another blow on it is found was set off by that blow, not this one."""
        cfg = self.cfg
        late = round(cfg.watch_s / self.dt)
        # The latest blow on each coin: one still in doubt, or one found in this frame, which
        # may have set the coin off at once (hold-out AN seed 8107 at 29.94 s: a knight bounced
        # off a gate tile 3.6 mm short of a knight at rest, its path carried on into it; ten
        # frames on it struck it truly and set it off).
        latest = {u[0]["target"]: u[1] for u in self.unmoved}
        for e in self._blows_now(out):
            latest[e["target"]] = self._index
        pairs = {frozenset((u[0]["coin"], u[0]["target"])): u[1] for u in self.unmoved}
        again = {(u[0]["coin"], u[0]["target"]): u[1] for u in self.unmoved}
        keep = []
        for event, index, base, seen, lay in self.unmoved:
            coin = event["target"]
            # The same coin came into it again (back off a tower) by its first reading (a
            # blow is found a frame after it, at most): one nudge, one blow to the camera, the
            # later (hold-out AB seed 5706 at 35.53 s: a knight went by a guard 0.45 mm clear,
            # hit the tower beyond and came back into it 17 ms on, found 25 ms on; the guard's
            # 0.15 mm nudge, showing 0.04 mm in the one reading between, stood for both).
            # So is one found by its path in this frame (fresh BU seed 14800 at 34.92 s: a
            # guard's blow held for the knight's nudge, found again as the knight set off).
            twin = index < again[(event["coin"], coin)] <= index + 3 or (
                self._index <= index + 3
                and any(
                    e["event"] == "strike" and (e["coin"], e["target"]) == (event["coin"], coin)
                    for e in out
                )
            )
            moved = (
                coin in frame.started
                or coin in seg
                or coin in placed
                or coin not in frame.positions
            )
            # From a later blow on it (still in doubt) on, its rim and its moves are that
            # blow's: this one is judged by what its rim read before (hold-out S seed 4100 at
            # 5.23 s: a knight slid past one 0.12 mm away, came back off a tile and struck it
            # 58 ms later). Blows closer together than the first reading are one to the camera.
            later = latest[coin] > index + 2
            if not moved and not later and coin in frame.offsets and frame.index - index >= 2:
                seen.append(frame.offsets[coin])
            done = resting or frame.index - index > late
            if moved and seen and later:
                moved, done = False, True
            if twin and (moved or done):
                self.struck_back.pop((str(event["coin"]), str(coin), index), None)
            elif moved or (done and not seen):
                self._blow_stands(event, index, out, seg.get(coin))
            elif done:
                # A blow moves a coin at once: its nudge shows in its first readings as in its
                # last (hold-out U seed 4502 at 26.88 s: a knight 1.3 mm from one flicked past
                # it read unmoved for four frames, then 0.07 mm off as the next player's hand
                # came up beside it).
                nudge = _least_nudge(seen[-cfg.nudge_frames :], base)
                first = _least_nudge(seen[: cfg.nudge_frames], base)
                # Its rim read against a frame a hand beside it shaded, with the hand gone since.
                left = coin in self._hand_at(event["t"] - self.dt) and coin not in frame.near_hand
                least = cfg.nudge_hand_left_mm if left else cfg.nudge_mm
                if min(float(np.hypot(*nudge)), float(np.hypot(*first))) >= least:
                    self._blow_stands(event, index, out)
                    self._passed_on(str(event["coin"]), coin, nudge, event, lay, out)
                else:
                    # Nothing moved it, so nothing touched it: the two do not lie in contact
                    # (a coin that stopped a hair from it strikes it when flicked into it,
                    # unless a later blow of the two, still in doubt, says so), and it struck
                    # nothing back. Unless they lie read overlapping (``overlap_mm``): then
                    # they touch, and strike again only once parted (hold-out AH seed 6905 at
                    # 24.50 s: a knight slid into one, moved it 0.004 mm and stopped there, read
                    # 0.26 mm into it; the next flick of that one pushed it off, no strike).
                    pair = frozenset((event["coin"], coin))
                    if pairs[pair] == index and not self._overlap(pair, frame):
                        self.contact.discard(pair)
                    self.struck_back.pop((str(event["coin"]), str(coin), index), None)
            else:
                keep.append((event, index, base, seen, lay))
        self.unmoved = keep

    def _overlap(self, pair: frozenset[str], frame: TrackFrame) -> bool:
        """Whether the two coins of ``pair`` lie still, read overlapping by over ``overlap_mm``:
        two coins at rest are each read within some 0.2 mm, so they touch."""
        a, b = (frame.positions.get(c) for c in pair)
        return (
            a is not None
            and b is not None
            and not pair & frame.moving
            and math.dist(a, b) < COIN_MM - self.cfg.overlap_mm
        )

    def _blow_stands(
        self,
        event: Event,
        index: int,
        out: list[Event],
        path: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> None:
        """Report a strike on a coin at rest, found in frame ``index`` and held until it showed
        it moved the coin, with the strike back that waited on it (``struck_back``), if any,
        unless the coin struck, seen setting off along ``path`` (its ends), went on away from
        its striker (``back_beyond_mm``)."""
        out.append(event)
        back = self.struck_back.pop((str(event["coin"]), str(event["target"]), index), None)
        if back is not None and not (
            path is not None and back.went_on(path[1], self.cfg.back_beyond_mm)
        ):
            out += back.events

    def _passed_on(
        self,
        striker: str,
        coin: str,
        nudge: np.ndarray,
        event: Event,
        lay: Mapping[str, np.ndarray],
        out: list[Event],
    ) -> None:
        """``coin``, at rest, struck by ``striker`` (``event``) and nudged by ``nudge`` (mm, read
        on its rim), too little to be seen to set off, struck in turn each coin at rest (where
        the coins ``lay`` at the blow) that the nudge closed on to within ``slow_touch_mm``
        and whose rim shows it nudged away from ``coin`` by ``nudge_mm`` or more along their
        line since: a chain of blows no path shows (hold-out H seed 1905 at 9.82 s: a knight
        struck 0.66 mm toward one 0.55 mm away, which moved 0.35 mm; their contact, missed,
        made the next flick of that one into it a strike). And so on down the chain. Where the
        other lay is read before the nudge reached it, not before the blow: a coin is read from
        when a sliding coin first comes near it (fresh BE seed 11505 at 14.85 s: a knight, its
        rim first read a frame after the blow on its neighbour, moved 0.04 mm)."""
        cfg = self.cfg
        t = float(event["t"])
        touch = COIN_MM + cfg.slow_touch_mm
        if coin not in lay:
            return
        for other, q in lay.items():
            if other in (coin, striker) or frozenset((coin, other)) in self.contact:
                continue
            gap = q - lay[coin]
            d = float(np.hypot(*gap))
            n = gap / max(d, 1e-9)
            if d - float(nudge @ n) > touch:
                continue
            # When the nudge reached it: the first of the coin's readings since the blow that
            # lies within touch of it (the blow itself if none is read).
            readings = self.offset.get(coin, [])
            met = next((w for w, o in readings if w > t and d - float(np.dot(o, n)) <= touch), t)
            history = self.offset.get(other, [])
            prior = [o for when, o in history if when < met - 1e-6][-cfg.nudge_frames :]
            since = [o for when, o in history if when > met + self.dt][-cfg.nudge_frames :]
            if not prior or not since:
                continue
            moved = np.median(since, axis=0) - np.median(prior, axis=0)
            if float(moved @ n) < cfg.nudge_mm:
                continue
            chained = {"t": round(t + self.dt, 4), "event": "strike", "coin": coin, "target": other}
            out.append(chained)
            self.contact.add(frozenset((coin, other)))
            self._passed_on(coin, other, moved, chained, lay, out)

    def _settle(self, frame: TrackFrame) -> None:
        """Coins that came to rest in this frame: their contacts with resting coins and towers
        as their rest positions show them (``settle_touch_mm``, ``rest_tower_touch_mm``), not
        as the sliding path left them."""
        for coin in frame.stopped:
            if coin not in frame.positions:
                continue
            p = np.array(frame.positions[coin], float)
            for pair in [q for q in self.contact if coin in q]:
                other = next(c for c in pair if c != coin)
                if (
                    other not in frame.moving
                    and other in frame.positions
                    and self._apart(
                        p, np.array(frame.positions[other], float), self.cfg.settle_touch_mm
                    )
                ):
                    self.contact.discard(pair)
            for k, (_, tile) in enumerate(self.towers):
                if not self._rests_on(tile, p):
                    self.on_tower.discard((coin, k))

    def _struck_since(self, coin: str, frame: TrackFrame) -> int:
        """The first frame a blow on ``coin``, seen to set off in ``frame``, may have come in to
        set it off: ``struck_frames`` before the frame it began in (long before this one for a
        coin that comes out of hiding), or ``pushed_late_s`` before it for a coin beside a hand
        (seen to set off only once past the hand's margin; one that comes out of hiding there
        may have been struck as the hand came over it: hold-out N seed 3200 at 16.81 s). A coin
        whose rim showed it ``move_mm`` from where it lay, as far as a start, began then: held
        where it lay while the coin that struck it touched it, it is seen to set off only once
        they part (fresh BG seed 11901 at 8.04 s: a knight struck and pushed 1.9 mm, its rim
        showing it 1.0, 1.5 and 1.7 mm on in the three frames after the blow, was seen to set
        off nine frames after it and taken for flicked)."""
        began = frame.index - round((frame.t - frame.started[coin]) / self.dt)
        moved = [t for t, o in self.offset.get(coin, []) if np.hypot(*o) >= self.cfg.move_mm]
        if moved:
            began = min(began, frame.index - round((frame.t - moved[0]) / self.dt))
        late = round(self.cfg.pushed_late_s / self.dt) if coin in frame.near_hand else 0
        return began - max(self.cfg.struck_frames, late)

    def _flicked_into(
        self,
        coin: str,
        frame: TrackFrame,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        began: float,
        out: list[Event],
    ) -> None:
        """A coin flicked at ``began`` away from the hand beside it may have gone straight into a
        tower (:meth:`_sent_into`), also when its first step struck a coin: a coin does not fit
        between a coin and a tower that near (``2 * start_gap_mm``), so that one was struck on
        the way back (a path out of hiding may be long) and does not explain the turn."""
        hand = np.array(frame.near_hand.get(coin, (0.0, 0.0)))
        if coin in seg and hand.any():
            self._sent_into(coin, *seg[coin], _unit(-hand), began, out)

    def _sent_into(
        self,
        coin: str,
        a: np.ndarray,
        b: np.ndarray,
        sent: np.ndarray,
        t: float,
        out: list[Event],
        by: str = "",
    ) -> None:
        """A coin sent off along the unit vector ``sent`` at ``t`` (flicked away from the hand,
        or struck along the line from the coin ``by`` that struck it) from right beside a
        tower, straight into it: the line meets the tower, before any other tile, within ``2 *
        start_gap_mm``. If its first step ``a`` -> ``b`` leaves that line by more than
        ``hidden_bounce_deg``, it bounced off the tower before it was seen to move: a hit the
        frames cannot show. A coin flicked under the hand that comes out on the line short of
        a tower nearer than the softest flick slides (``flick_least_mm_s``) reached it too.
        If it keeps to the line, it may bounce in the next frame: that must show it coming
        back off the tower (:meth:`_kicks`, by ``tower_kick_mm`` a frame at least: the first
        step may be part of a frame's slide and say little of its speed)."""
        cfg = self.cfg
        step = b - a
        n = float(np.hypot(*step))
        first = self._first_tower(a, sent, 2 * cfg.start_gap_mm)
        touching = self.on_tower | self._on_tower_before
        if n == 0 or first is None or (coin, first[1]) in touching:
            return
        gone, k = first
        self.on_tower.add((coin, k))
        name = self.towers[k][0]
        if float(sent @ step) <= math.cos(math.radians(cfg.hidden_bounce_deg)) * n or (
            not by and coin in self._unseen and gone <= self.least_slide
        ):
            out.append({"t": round(t + 0.004, 4), "event": "hit", "coin": coin, "feature": name})
            # Seen first clear of the tower, it has come off it already and may hit it again
            # (hold-out seed 3500 at 5.33 s: a guard out of hiding 4.5 mm off the tower it
            # had hit unseen, seen to come back into it two frames on).
            if _tower_gap(self.towers[k][1], b) > cfg.separate_mm:
                self.on_tower.discard((coin, k))
            return
        event = {"t": round(self._t1, 4), "event": "hit", "coin": coin, "feature": name}
        normal = self._tile_normal(self.towers[k][1], a + sent * gone)
        self.kick[(coin, k)] = _Approach(event, step, b, self._index, normal, cfg.tower_kick_mm, by)

    def _first_tile(
        self, p: np.ndarray, direction: np.ndarray, length: float
    ) -> tuple[float, Tile] | None:
        """How far (mm) a coin's disc goes from ``p`` along the unit ``direction`` before it
        meets the first tile within ``length`` mm, and that tile; None if it meets none."""
        end = p + direction * length
        touches = [
            (s * length, tile)
            for tile in self.tiles
            if (s := _first_touch(self._tile_local(tile, p), self._tile_local(tile, end)))
            is not None
        ]
        return min(touches, key=lambda st: st[0]) if touches else None

    def _first_tower(
        self, p: np.ndarray, direction: np.ndarray, length: float
    ) -> tuple[float, int] | None:
        """As :meth:`_first_tile`, with the tile's index in ``towers``; None if the first tile
        met is not a tower."""
        return self._as_tower(self._first_tile(p, direction, length))

    def _as_tower(self, first: tuple[float, Tile] | None) -> tuple[float, int] | None:
        """A :meth:`_first_tile` answer as :meth:`_first_tower` gives it."""
        if first is None:
            return None
        gone, tile = first
        k = next((k for k, (_, t) in enumerate(self.towers) if t == tile), None)
        return None if k is None else (gone, k)

    def _hidden_hits(
        self, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], frame: TrackFrame, out: list[Event]
    ) -> set[str]:
        """A path out of hiding (under a hand) is a chord that may hide a bounce off a tower. The
        coin is followed for ``bounce_frames`` more frames (its first sighting may be half under the
        hand), then a direction the chord does not explain (off by more than ``hidden_bounce_deg``;
        its velocity over its last three sightings, or, slowed by then below ``bounce_min_mm_s``,
        its whole way since it came out) is traced back, up to ``bounce_trace_mm``: if the first
        tile that line meets is a tower, and the coin coming from where it was last seen ran into
        that face, it hit the tower there, at the time friction puts it there (unless the coin was
        seen to touch that tower since it came out, or lay against it, or was found to hit it
        up to ``rehit_s`` before: that touch explains the turn, :meth:`_new_hit`). A flick begun
        out of sight is then timed along that longer path, and reported unless another coin
        struck it (:meth:`_struck_unseen`). Returns the coins whose flicks it reported."""
        flicked: set[str] = set()
        # A coin in a strike in this frame turned for that: its sightings from now say nothing
        # of a bounce before (hold-out K seed 2501 at 36.09 s).
        struck = (
            {e[k] for e in self._blows_now(out) for k in ("coin", "target")}
            if self.emerged
            else set()
        )
        for coin, (a0, b0, touched, t_in, seen, went, steady) in list(self.emerged.items()):
            # A touch seen since it came out (a hit held till it showed, say) explains a turn.
            touched |= {k for c, k in self.on_tower if c == coin}
            if coin in seg and coin not in self._unseen and coin not in struck:
                seen.append((frame.t, seg[coin][1]))
                if len(seen) <= self.cfg.bounce_frames:
                    self.emerged[coin] = (a0, b0, touched, t_in, seen, went, steady)
                    continue
            del self.emerged[coin]
            began = self.unseen_flick.pop(coin, None)
            hit_at: tuple[int, float] | None = None
            path_since: float | None = None
            if len(seen) > 1:
                least = self.cfg.bounce_min_mm_s
                # The velocity at the middle of the last three sightings (or at the last of two).
                if len(seen) > 2:
                    (_, p0), (t, p), (_, p2) = seen[-3:]
                    v = (p2 - p0) / 2
                    # A coin come to a stop since it came out shows its way by all its steps
                    # since then, not its last ones.
                    if float(np.hypot(*v)) < least * self.dt:
                        v = (seen[-1][1] - seen[0][1]) / (len(seen) - 1)
                        least = self.cfg.bounce_drift_mm_s
                else:
                    (_, p0), (t, p) = seen
                    v = p - p0
                bounce = self._bounce(a0, b0, p, v, least, went if steady else None)
                if bounce is not None:
                    k, back_mm, path_mm = bounce
                    hit_at = (k, self._slid_since(t, v, back_mm))
                    path_since = self._slid_since(t, v, path_mm)
            # A step misread half under the hand is no way it went (fresh BV seed 14900 at
            # 1.88 s: a guard's last step before it went out of sight, read 5 mm toward its
            # tower, turned 100 degrees off the one before).
            if hit_at is None and steady is not False:
                hit_at = self._ran_into(coin, a0, b0, went, t_in, seen[0][0], out)
            if hit_at is not None:
                k, hit = hit_at
                # A path out of hiding that bounced off a tower is not the way the coin went.
                self.out_step.pop(coin, None)
                if self._new_hit(coin, k, touched, hit, t_in, out):
                    self.on_tower.add((coin, k))
                    out.append(
                        {
                            "t": round(max(hit, t_in), 4),
                            "event": "hit",
                            "coin": coin,
                            "feature": self.towers[k][0],
                        }
                    )
                    if began is not None and path_since is not None:
                        began = min(began, path_since)
            if began is not None:
                striker = self._struck_unseen(coin, a0)
                if striker is None:
                    out.append({"t": round(began, 4), "event": "flick", "coin": coin})
                    flicked.add(coin)
                else:
                    self._set_off_by(striker, coin, began, self._index, out)
        for coin in seg:
            if coin in self._unseen:
                touched = frozenset(k for c, k in self.on_tower if c == coin)
                a, b = seg[coin]
                went = self.step.get(coin, np.zeros(2))
                steady = coin not in self.kicked if went.any() else None
                if not went.any():
                    went = self.out_step.get(coin, went)
                self.emerged[coin] = (a, b, touched, self._t0[coin], [(frame.t, b)], went, steady)
                self.out_step[coin] = (b - a) * self.dt / max(frame.t - self._t0[coin], self.dt)
        return flicked

    def _struck_unseen(self, coin: str, lay: np.ndarray) -> str | None:
        """The coin that struck ``coin``, which lay at ``lay`` and came out of hiding sliding,
        if this turn's flick was another coin's, seen to set off in view: one flick a turn, so
        ``coin`` was struck, unseen, by the coin set off this turn whose way since (a straight
        line from where it set off to where it is) passed nearest it, within ``pair_gap_mm``
        of touching (hold-out AG seed 6800 at 28.22 s: a guard flicked in view slid under the
        hand into a knight lying there; both came out sliding, the knight taken for flicked),
        going toward it: one that slid away from it from the start never struck it (fresh BO
        seed 13601 at 28.87 s: a knight flicked 2 mm into another beside the hand was hidden
        before it showed moving; the other, set off in view straight away from it, was taken
        for its striker). None if there is no such coin: then it was flicked."""
        if self.flicker is None or self.flicker == coin:
            return None
        reach = COIN_MM + self.cfg.pair_gap_mm
        best, near = None, reach
        for other, (index, start) in self.set_off.items():
            if other == coin or index < self.turn_at or other not in self.last:
                continue
            d = _nearest(start, self.last[other], lay)[0]
            if d <= near and float((self.last[other] - start) @ (lay - start)) > 0:
                best, near = other, d
        return best

    def _bounce(
        self,
        a0: np.ndarray,
        b0: np.ndarray,
        p: np.ndarray,
        v: np.ndarray,
        least: float,
        went: np.ndarray | None,
    ) -> tuple[int, float, float] | None:
        """The tower a coin that went out of sight at ``a0`` and came out at ``b0``, now at ``p``
        sliding by ``v`` per frame, bounced off unseen, with how far back from ``p`` (mm) and the
        length of its path from ``a0``; None when its direction needs no bounce or no tower
        explains it, or it is too slow to show a direction (under ``least`` mm/s).

        Its direction needs a bounce when it is off the chord ``a0`` -> ``b0``, or off ``went``,
        the steady step per frame it went out of sight with, at a flick's speed at least
        (``flick_least_mm_s``): a chord across a bounce lies between the way in and the way
        out (fresh BS seed 14400 at 22.06 s: a knight sliding at 0.9 m/s went out of sight 9 mm
        from its tower's corner and came out turned 67 degrees by it, 28 off its chord)."""
        cfg = self.cfg
        speed, chord = float(np.hypot(*v)), b0 - a0
        length = float(np.hypot(*chord))
        cos = math.cos(math.radians(cfg.hidden_bounce_deg))
        if speed < least * self.dt or length == 0:
            return None
        if float(v @ chord) > cos * speed * length and not (
            went is not None
            and (slid := float(np.hypot(*went))) >= cfg.flick_least_mm_s * self.dt
            and float(v @ went) <= cos * speed * slid
        ):
            return None
        first = self._first_tower(p, -v / speed, cfg.bounce_trace_mm)
        if first is None:
            return None
        back_mm, k = first
        at = p - v / speed * back_mm
        if float((at - a0) @ self._tile_normal(self.towers[k][1], at)) >= 0:
            return None
        return k, back_mm, back_mm + float(np.hypot(*(at - a0)))

    def _ran_into(
        self,
        coin: str,
        a0: np.ndarray,
        b0: np.ndarray,
        went: np.ndarray,
        t_in: float,
        t_out: float,
        out: Sequence[Event],
    ) -> tuple[int, float] | None:
        """The tower a coin ran into unseen, and when: it went out of sight at ``a0`` (at
        ``t_in``) sliding by ``went`` per frame and came out (at ``t_out``) at ``b0``, back the
        way it went (turned by more than a right angle: only a blow turns a coin so), and the
        first tile ahead of it along ``went``, within what it could slide meanwhile, is a
        tower whose face it meets. None otherwise, or if it slid slower than the softest flick
        (``flick_least_mm_s``: a step of a coin at rest misread is no way), or a hit of that
        tower was found since it went out of sight. Its sightings since it came out may never
        show a way of their own to trace back (:meth:`_bounce`): fresh BH seed 12101 at 43.56
        s, a knight sliding at 0.7 m/s toward its tower, hidden 6 mm from it, came out two
        frames later 0.5 mm back from there and struck a coin at once."""
        speed = float(np.hypot(*went)) / self.dt
        if speed < self.cfg.flick_least_mm_s or float((b0 - a0) @ went) >= 0:
            return None
        way = went / float(np.hypot(*went))
        first = self._first_tower(a0, way, speed * (t_out - t_in))
        if first is None:
            return None
        mm, k = first
        name = self.towers[k][0]
        if float(way @ self._tile_normal(self.towers[k][1], a0 + way * mm)) >= 0 or (
            self._hit_times(coin, name, t_in, out)
        ):
            return None
        a = self.cfg.friction_mm_s2
        if speed**2 < 2 * a * mm:
            return None
        return k, t_in + (speed - math.sqrt(speed**2 - 2 * a * mm)) / a

    def _new_hit(
        self,
        coin: str,
        k: int,
        touched: frozenset[int],
        hit: float,
        hidden_at: float,
        out: Sequence[Event],
    ) -> bool:
        """Whether a bounce of ``coin`` off tower ``k`` traced back to time ``hit`` is a hit not
        yet reported: the coin touched none of ``touched`` since it went out of sight (at
        ``hidden_at``), or the last hit on that tower found since was over ``rehit_s`` before (it
        left the tower and came back to it unseen: fresh AY seed 10400 at 29.37 s, a guard
        flicked under the hand into its tower 3 mm on bounced 30 mm off, came back and hit it
        again, and showed at it going away). A touch with no hit found since (it lay against the
        tower) explains the bounce."""
        if k not in touched:
            return True
        last = self._hit_times(coin, self.towers[k][0], hidden_at - self.dt, out)
        return bool(last) and hit - max(last) > self.cfg.rehit_s

    def _hit_times(self, coin: str, tower: str, since: float, out: Sequence[Event]) -> list[float]:
        """When ``coin``'s hits on ``tower`` found at ``since`` or later were."""
        return [
            e["t"]
            for e in (*self.blows, *out)
            if (e["event"], e["coin"], e.get("feature")) == ("hit", coin, tower) and e["t"] >= since
        ]

    def _slid_unseen(self, coin: str) -> np.ndarray:
        """How far (mm, x and y) a coin that went out of sight sliding has gone on since it was
        last seen, at most: along its last step, for the frames since, slowing at the table's
        friction until it stops (it may have bounced meanwhile: then less far). A coin that
        slid under a hand may strike one lying there past where it was last seen (fresh AP
        seed 8302 at 31.79 s: a guard last seen 23.2 mm from a knight, centre to centre, struck
        it two frames on, unseen)."""
        step = self._last_step(coin)
        per_frame = float(np.hypot(*step))
        if coin not in self._moving_before or per_frame == 0.0:
            return np.zeros(2)
        frames = self._index - self.stepped.get(coin, self._index)
        stop = (per_frame / self.dt) ** 2 / (2 * self.cfg.friction_mm_s2)
        return step / per_frame * min(frames * per_frame, stop)

    def _slid_since(self, t: float, step: np.ndarray, mm: float) -> float:
        """When a coin that slides by ``step`` per frame at time ``t`` was ``mm`` back along its
        path, slowing at the table's friction."""
        v = float(np.hypot(*step)) / self.dt
        a = self.cfg.friction_mm_s2
        return t - (math.sqrt(v**2 + 2 * a * mm) - v) / a

    def _tile_normal(self, tile: Tile, p: np.ndarray) -> np.ndarray:
        """Unit vector from the nearest point of a tile's square out to ``p`` (table mm)."""
        local = self._tile_local(tile, p)
        out = local - np.clip(local, -TILE_MM / 2, TILE_MM / 2)
        a = math.radians(tile.angle_deg)
        u, w = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
        n = out[0] * u + out[1] * w
        return n / max(float(np.hypot(*n)), 1e-9)

    def _behind(self, hidden: str, a: np.ndarray, b: np.ndarray) -> bool:
        """Whether a coin that slid from ``a`` to ``b`` moves away from ``hidden`` (within
        ``behind_mm`` of it): as if struck by it. One that went out of sight sliding is taken
        where its way on since comes nearest ``a`` (:meth:`_slid_unseen`; fresh BT seed 14502
        at 6.50 s: a guard slid 160 mm under the hand into a knight, which set off in view)."""
        if hidden not in self.last:
            return False
        at = self.last[hidden]
        _, at = _nearest(at, at + self._slid_unseen(hidden), a)
        away = a - at
        return float(np.hypot(*away)) <= COIN_MM + self.cfg.behind_mm and _leaves(away, b - a)

    def _resolve(
        self,
        frame: TrackFrame,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        out: list[Event],
    ) -> dict[str, float]:
        """Settle the coins that began to slide beside a coin hidden under a hand: if that coin
        then comes out sliding, it was flicked and struck them (a flick under the hand that hits
        at once, so it comes out headed their way (:meth:`_came_at`); a coin that lay touching
        it was pushed, not struck), and so was a coin beside the hand that shows moving late
        (:meth:`_paired_late`); if the hidden coin is uncovered where it lay, or after
        ``defer_frames``, they were flicked. The coin out from under the hand may itself have
        been struck, by a coin it lay beside with the hand behind that one as it set off
        (:meth:`_struck_by`, hold-out H seed 2000 at 33.71 s; the hand may have moved round
        since, K seed 2502 at 15.28 s): that one was flicked. Returns the coins found flicked
        this way, with when."""
        found: dict[str, float] = {}
        self.came_back &= set(self.deferred)
        for coin, (began, index, under, lay_against, first) in list(self.deferred.items()):
            if coin not in self.deferred:
                continue  # settled with the other of a pair (:meth:`_deferred_pair`)
            if self._back_at(coin, under, frame, seg):
                self.came_back.add(coin)
            mover = next(
                (
                    h
                    for h in frame.started
                    if (h in under or self._paired_late(h, coin, began, frame))
                    and self._came_at(h, coin, began, frame)
                ),
                None,
            )
            if mover is not None:
                began = self._set_off_unseen(coin, began, index, frame.started[mover], seg)
                when = min(frame.started[mover], began - self.dt)
                # One struck since it went out of sight was set off by that blow, not flicked
                # (hold-out AF seed 6502 at 26.41 s: a knight struck in a scrum, lost in it for
                # 40 frames, came out of it into the knight beside it). Nor was this turn's
                # flicked coin, come out of hiding still on its way (fresh BT seed 14502 at
                # 6.50 s: a guard slid 160 mm under the hand into a knight).
                again = self.flicked and self.flick_at.get(mover, -99) >= self.turn_at
                if not again and self.recent.get(mover, -99) < self._struck_since(mover, frame):
                    self._flicked_from_under(mover, when, frame, seg, out)
                if mover not in lay_against:
                    out.append(
                        {"t": round(began, 4), "event": "strike", "coin": mover, "target": coin}
                    )
                self.contact.add(frozenset((mover, coin)))
                found.setdefault(mover, when)
            elif (
                all(h not in frame.hidden for h in under)
                or frame.index - index > self.cfg.defer_frames
            ):
                # Seen to set off by less than a hand's shadow shifts a reading
                # (``move_near_hand_mm``) and back where it lay, nothing moved it (hold-out AE
                # seed 6300 at 14.96 s: a knight read 1.5 mm off as a hand came over it, hidden
                # by the hand, then seen where it lay; a guard flicked into its tower beside it
                # shows a longer first step, and may come back as near: AE seed 6301 at 24.26 s).
                a, b = first
                short = float(np.hypot(*(b - a))) <= self.cfg.move_near_hand_mm
                if short and self._misread_start(coin, a, index, frame):
                    if self.turn_at == index:
                        self.flicked = False
                    del self.deferred[coin]
                    continue
                # A coin it lay against that set off in view in the same frame was flicked (that
                # one's flick is judged in view) and pushed it along: no flick, and, as they
                # touched, no strike (fresh BU seed 14702 at 19.51 s: a knight flicked into the
                # guard it lay against, a hidden coin behind the guard that never came out).
                if any(
                    c not in self.deferred and self.set_off.get(c, (-1,))[0] == index
                    for c in lay_against
                ):
                    self.recent[coin] = self._index
                    del self.deferred[coin]
                    continue
                flicked = self._pushed_from_under(coin, began, under, lay_against)
                if flicked is None:
                    flicked = self._deferred_pair(coin, began, index, out)
                else:
                    self.recent[coin] = self._index
                out.append({"t": round(began, 4), "event": "flick", "coin": flicked})
                self.flick_at[flicked] = frame.index
            else:
                continue
            del self.deferred[coin]
        return found

    def _set_off_unseen(
        self,
        coin: str,
        began: float,
        index: int,
        after: float,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
    ) -> float:
        """When ``coin``, held as set off at ``began`` (seen so in frame ``index``), was struck by
        a coin set off at ``after``. Seen coming out of hiding, it was last seen at rest at
        ``began`` and may have set off any time since, but not before its striker did: it is
        timed back from where it came out, at its speed since, slowing at the table's friction
        (fresh BI seed 12307 at 9.10 s: a knight hidden by a hand from 8.78 s, struck there by
        a guard flicked at 8.98 s, came out 3.3 mm on at 9.13 s)."""
        seen = self._t1 - (self._index - index) * self.dt
        if after <= began or began >= seen - 1.5 * self.dt:
            return began
        a, b = self.deferred[coin].first
        step = seg[coin][1] - seg[coin][0] if coin in seg else self._last_step(coin)
        return max(after, self._slid_since(seen, step, float(np.hypot(*(b - a)))))

    def _flicked_from_under(
        self,
        mover: str,
        when: float,
        frame: TrackFrame,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        out: list[Event],
    ) -> None:
        """``mover``, out from under the hand, was flicked at ``when``, unless it was struck by
        a coin it lay beside with the hand behind that one (then that one was flicked)."""
        # The hand may have moved on since: it lay behind the flicked coin as it set off.
        hand = self._hand_at(frame.started[mover])
        flicked = self._struck_by(mover, seg, hand) if mover in seg else None
        out.append({"t": round(when, 4), "event": "flick", "coin": flicked or mover})
        self.flick_at[mover] = frame.index
        if flicked is not None:
            self.flick_at[flicked] = frame.index
            self._set_off_by(
                flicked, mover, when, frame.index, out, mover in self._lay_against(flicked)
            )

    def _pushed_from_under(
        self, coin: str, began: float, under: tuple[str, ...], lay_against: frozenset[str]
    ) -> str | None:
        """The coin hidden under the hand that ``coin`` lay touching, with the hand behind it
        on its far side from ``coin`` as ``coin`` set off (at ``began``) and none beside
        ``coin`` (the fingertip of a flick lies against its coin): it was flicked and pushed
        ``coin`` along, barely moving itself (no strike: they touched). None if none.
        Hold-out L seed 2705 at 8.56 s: the Arms knight, the hand at its back, pushed the
        Crowns knight lying against it and moved 0.4 mm under the hand; at 5.20 s the Moons
        knight, the hand over the Suns knight lying against it, was flicked away from both."""
        lay = self.set_off.get(coin)
        hand = self._hand_at(began)
        # The hand's blob may reach the coin only as it goes (its blur joins it): the hand
        # beside it before it was seen to set off tells (fresh AY seed 10305 at 34.72 s).
        if coin in self._hand_before(began):
            return None
        for h in under:
            if h not in lay_against or h not in self.last or lay is None:
                continue
            n = _unit(lay[1] - self.last[h])
            if self._hand_behind(h, coin, n, hand) == h:
                return h
        return None

    def _deferred_pair(self, coin: str, began: float, index: int, out: list[Event]) -> str:
        """Which was flicked of ``coin``, held as flicked since frame ``index`` (set off at
        ``began``), and another coin held so that set off in the same frame from within
        ``pair_gap_mm`` of it (only one coin is flicked at a time): :meth:`_pusher` tells, and
        the other was struck, unless the two lay touching (then pushed). The other is settled
        here too. Hold-out H seed 2000 at 22.51 s: two knights touching beside a hand set off
        together; only one was flicked."""
        a = self.set_off.get(coin)
        if a is None or a[0] != index:
            return coin
        for other, held in self.deferred.items():
            b = self.set_off.get(other)
            if other == coin or held.index != index or b is None or b[0] != index:
                continue
            if float(np.hypot(*(b[1] - a[1]))) > self.pair_reach:
                continue
            del self.deferred[other]
            moved = {c: self.last[c] - p for c, p in ((coin, a[1]), (other, b[1]))}
            mover = self._pusher(coin, other, a[1], b[1], moved)
            target = other if mover == coin else coin
            if coin not in held.lay_against:
                out.append(
                    {"t": round(began, 4), "event": "strike", "coin": mover, "target": target}
                )
                self.contact.add(frozenset((mover, target)))
            self.recent[target] = self._index
            return mover
        return coin

    def _paired_late(self, other: str, coin: str, began: float, frame: TrackFrame) -> bool:
        """Whether ``other``, seen to set off in this frame, began within ``pair_frames`` of
        ``coin`` (at ``began``), which set off away from it from within ``pair_gap_mm``: it was
        flicked into ``coin`` and stopped almost dead, seen to move only once past the hand's
        margin."""
        lay = self.set_off.get(coin)
        if other == coin or lay is None or other not in self.last or coin not in self.last:
            return False
        if frame.started[other] - began > self.cfg.pair_frames * self.dt + 1e-6:
            return False
        if float(np.hypot(*(lay[1] - self.last[other]))) > self.pair_reach:
            return False
        return self._behind(other, lay[1], self.last[coin])

    def _back_at(
        self,
        coin: str,
        under: tuple[str, ...],
        frame: TrackFrame,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
    ) -> bool:
        """Whether deferred ``coin``, in this frame, came back within ``pair_reach`` of where a
        coin hidden behind it (one of ``under``) lay, or was out of sight: until it has, it
        cannot have struck that coin back, so one that comes out from under the hand sliding
        away from it, as the hand beside it flicks, was set off by the hand (:meth:`_came_at`)."""
        if coin not in frame.positions:
            return True
        if coin not in seg:
            return False
        a, b = seg[coin]
        return any(
            segment_min(a - self.last[h], b - self.last[h])[0] <= self.pair_reach
            for h in under
            if h in self.last
        )

    def _came_at(self, hidden: str, coin: str, began: float, frame: TrackFrame) -> bool:
        """Whether ``hidden``, out from under the hand, struck ``coin`` as it set off (at
        ``began``). One that slides on toward where ``coin`` lay then does (its blow leaves it
        some of its speed along their line); one sliding away was set off later (struck back by
        it, say), unless it lay within ``pair_reach`` of ``coin``, ``coin`` has not come back
        near it since (``came_back``), and it went as the hand beside it flicks: away from it,
        or back off the tower that lay just beyond it (:meth:`_first_tower`). Then only the
        hand set it off, and its blow (glancing, or coming back off the tower) set ``coin``
        off. Hold-out AA seed 5501 at 29.50 s: a guard flicked into its tower came back into
        the knight lying against it and slid off under the hand, away from it; the knight went
        away and never came back."""
        lay = self.set_off.get(coin)
        if lay is None or hidden not in frame.positions or hidden not in self.last:
            return True
        a = self.last[hidden]
        step = np.array(frame.positions[hidden], float) - a
        if float(step @ (lay[1] - a)) >= 0:
            return True
        hand = np.array(self._hand_at(began).get(hidden, (0.0, 0.0)))
        near = float(np.hypot(*(lay[1] - a))) <= self.pair_reach
        flicked = hand.any() and (
            float(step @ hand) < 0
            or self._first_tower(a, _unit(-hand), 2 * self.cfg.start_gap_mm) is not None
        )
        return near and flicked and coin not in self.came_back

    def _pushed(
        self, coin: str, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], struck: set[str]
    ) -> np.ndarray | None:
        """Where the coin lay that pushed ``coin`` along, if it lay touching one that set off
        shortly before (within ``struck_frames``, or ``pushed_late_s`` for a coin beside a
        hand, whose small first moves the hand's margin hides) or was struck lately; no flick
        (and, as they touched, no strike). None if none did. Two touching coins that set off
        in the same frame, or while the first one's flick is held, are told apart by
        :meth:`_paired`."""
        cfg = self.cfg
        a, reach = seg[coin][0], COIN_MM + cfg.rest_touch_mm
        late = cfg.pushed_late_s / self.dt if coin in self._near_hand else 0.0
        since = self._index - max(cfg.struck_frames, round(late))
        lay = [
            p
            for c, (k, p) in self.set_off.items()
            if c != coin and c not in self.held and since <= k < self._index
        ]
        # A coin struck lately may not be seen to move yet: where it lay, touching, counts.
        lay += [
            p
            for c, p in self.last.items()
            if c != coin
            and (c in struck or self.recent.get(c, -99) >= since)
            and (c in seg or frozenset((c, coin)) in self._touching)
        ]
        return next((p for p in lay if 0 < float(np.hypot(*(p - a))) <= reach), None)

    def _lay_against(self, coin: str) -> frozenset[str]:
        """The coins ``coin`` lay in contact with as the frame under way began (contacts are
        dropped as coins separate: a flick's pair is told in a later frame)."""
        return frozenset(c for pair in self._touching if coin in pair for c in pair if c != coin)

    def _paired(
        self,
        coin: str,
        began: float,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        at: Mapping[str, Point],
        out: list[Event],
        beside: str | None,
    ) -> str | None:
        """A coin that starts to slide from within ``pair_gap_mm`` of another: one of the two may
        have been flicked into the other (only one coin is flicked at a time). So it was when
        the other's flick is held (it set off within ``pair_frames``: :meth:`_pusher` tells
        which struck), or when the other still lies there with the hand behind it and this one
        slides away from it (a coin flicked into one it almost touches stops almost dead and may
        never be seen to move). The flick and the strike (unless the two lay in contact as the
        earlier of them set off) are reported from the earlier start, and the struck coin is
        returned; None when neither. ``beside``: the still coin with the hand behind it
        (:meth:`_struck_by`, found already); one lying still behind it in turn, the hand behind
        that one, was flicked into it (:meth:`_flicked_behind`)."""
        a = seg[coin][0]
        other = next(
            (
                h
                for h, (_, _, p, _) in self.held.items()
                if float(np.hypot(*(p - a))) <= self.pair_reach
            ),
            None,
        )
        if other is not None:
            t_other, _, a_other, lay_against = self.held.pop(other)
            moved = {c: self._path(c, seg, at)[1] - p for c, p in ((coin, a), (other, a_other))}
            mover = self._pusher(coin, other, a, a_other, moved)
            struck_unseen = False
        else:
            t_other, other = began, beside
            if other is None:
                return None
            mover, lay_against, a_other = other, self._lay_against(other), self.last[other]
            # Nobody flicks while coins slide: a still coin with the hand behind it that sets
            # off one beside it once the turn's flick is past was struck itself, too gently to
            # be seen moving past the hand's margin; so was one a coin set off in this frame (its
            # flick held) came at and reached.
            struck_unseen = (
                self._turn_past() and bool(self._moving_before)
            ) or self._reached_by_held(other, seg)
        first = None if struck_unseen or other == coin else self._flicked_behind(other, a, seg)
        target = other if mover == coin else coin
        when = round(min(began, t_other), 4)
        if not struck_unseen:
            out.append({"t": when, "event": "flick", "coin": first or mover})
        flick = self.flick_at[coin]
        if first is not None:
            self._flick_blow(first, other, when, other in self._lay_against(first), flick, out)
        self._flick_blow(mover, target, when, coin in lay_against, flick, out)
        if target == coin:
            # Sent straight into a tower beside it, it may be seen only coming back.
            self._sent_into(coin, *seg[coin], _unit(a - a_other), when, out, mover)
        return target

    def _reached_by_held(
        self, still: str, seg: Mapping[str, tuple[np.ndarray, np.ndarray]]
    ) -> bool:
        """Whether a coin seen to set off in this frame, its flick held (:meth:`_paired`), came
        at the still coin ``still`` and is now within ``separate_mm`` of it: flicked into it, it
        struck it, and ``still`` struck on (fresh BN seed 13304 at 22.56 s: a knight flicked into
        one 3.6 mm off, which struck a third within the frame; the flicked one and the third were
        seen to set off together, the one between them only a frame later). One a coin beside it
        set off going away from it was flicked itself (dev 202)."""
        p = self.last[still]
        for coin, (_, index, a, _) in self.held.items():
            if index != self._index or coin not in seg:
                continue
            b = seg[coin][1]
            if float((b - a) @ (p - a)) > 0 and not self._apart(b, p, self.cfg.separate_mm):
                return True
        return False

    def _flick_blow(
        self, striker: str, target: str, when: float, touching: bool, flick: int, out: list[Event]
    ) -> None:
        """``striker`` set ``target`` off in the flick of frame ``flick``, at ``when``: a strike,
        unless the two lay ``touching`` (coins that lay touching strike only after parting);
        both belong to that flick, and ``target`` was struck then."""
        if not touching:
            out.append({"t": when, "event": "strike", "coin": striker, "target": target})
            self.contact.add(frozenset((striker, target)))
        self.flick_at[striker] = self.flick_at[target] = flick
        self.recent[target] = flick

    def _flicked_behind(
        self, still: str, a: np.ndarray, seg: Mapping[str, tuple[np.ndarray, np.ndarray]]
    ) -> str | None:
        """The coin lying still within ``pair_gap_mm`` behind the still coin ``still`` (seen to
        set off a coin that lay at ``a``), on its far side from ``a``, with the hand behind it
        in turn: it was flicked, and struck ``still``, which struck on; neither was seen to move
        past the hand's margin (hold-out Q seed 3707 at 25.43 s, L seed 2707 at 19.38 s: a
        knight flicked into one 0.5 mm off moved 0.6-0.9 mm, the one it struck 1.4-4 mm, the
        third set off). Not one hidden under the hand: a flick's fingertip lies against the back
        of its coin, which shows beside the hand (fresh BW seed 15200 at 16.41 s: the knight
        under the hand lay 0.7 mm behind the one it flicked). None if there is none."""
        p = self.last[still]
        for coin, q in self.last.items():
            if coin == still or coin in seg or coin in self._moving_before or coin in self._hidden:
                continue
            if (
                self._sets_off_from(p, q, a - p)
                and self._hand_behind(coin, still, _unit(p - q)) == coin
            ):
                return coin
        return None

    def _set_off_by(
        self,
        striker: str,
        coin: str,
        began: float,
        index: int,
        out: list[Event],
        pushed: bool = False,
    ) -> None:
        """``coin``, set off at ``began`` (in frame ``index``), was struck by ``striker``: a
        strike, unless the two lay touching (``pushed``: contact counts only after parting).
        A strike the other way between the two found in this frame, by their paths, was this
        contact misread: it goes (hold-out M seed 3001 at 24.22 s, both were reported)."""
        pair = {striker, coin}
        self.unmoved = [
            u for u in self.unmoved if u[1] != self._index or {u[0]["coin"], u[0]["target"]} != pair
        ]
        out[:] = [
            e
            for e in out
            if not (e["event"] == "strike" and e["coin"] == coin and e["target"] == striker)
        ]
        if not pushed:
            # Not before the striker was itself struck by a third coin in this frame (a chain
            # passed on faster than the frames tell: hold-out N seed 3201 at 29.73 s).
            blows = [
                e["t"] for e in self._blows_now(out) if e["target"] == striker and e["coin"] != coin
            ]
            t = max([round(began, 4), *blows])
            out.append({"t": t, "event": "strike", "coin": striker, "target": coin})
            self.contact.add(frozenset((striker, coin)))
        self.recent[coin] = index

    def _second_blows(self, frame: TrackFrame, out: list[Event], flush: bool) -> None:
        """Second contacts of two coins that struck, too soon after the first for the frames to
        show them apart: the struck coin knocked back off a tile into its striker, or the
        striker off one into it (on the fresh sets BC to BH, every one of the ten missed strikes
        that came within 50 ms of the same two's first contact had one of them touch a tile in
        between). Each strike found in this frame is played on, from the frame before it, with
        the two coins' places and steps then, by the simulated table's physics
        (:class:`vision.sim.croquet_physics.CoinTable`: the restitution and friction measured
        there stand for a real table's), for ``second_blow_s``; a second contact (once they
        parted by ``SEPARATE_MM``, as the rules count one) is held ``second_blow_frames``
        frames, then reported, unless the frames showed the two apart before it (then any
        second contact shows in them), or either hidden since the blow (the frames cannot bear
        it out), or one between them was found meanwhile; all are decided at a rest
        (``flush``). Fresh BC seed 11102 at 7.48 s: a knight struck one, ran on into a gate's
        tile and came back off it into the same knight 16 ms after the first blow, the two read
        touching throughout. Not for a striker that set off in the frame of the blow (its step
        before says nothing of its speed)."""
        cfg = self.cfg
        wait = cfg.second_blow_frames * self.dt
        found_now = [e for e in out if e["event"] == "strike"]
        keep = []
        for ev, first in self.pending:
            pair = frozenset((ev["coin"], ev["target"]))
            found = any(
                x is not first
                and x["event"] == "strike"
                and frozenset((x["coin"], x["target"])) == pair
                and first["t"] <= x["t"] <= ev["t"] + wait
                for x in (*self.blows, *out)
            )
            at = [frame.positions.get(c) for c in pair]
            parted = frame.t <= ev["t"] and None not in at and self._apart(*at, cfg.separate_mm)
            if found or parted or pair & frame.hidden:
                continue
            if frame.t >= ev["t"] + wait or flush:
                out.append(ev)
            else:
                keep.append((ev, first))
        self.pending = keep
        for e in found_now:
            a, b = e["coin"], e["target"]
            pair = frozenset((a, b))
            if any(frozenset((x["coin"], x["target"])) == pair for x, _ in self.pending):
                continue
            before = [h for h in self._history if h[0] < e["t"] and a in h[1] and b in h[1]]
            # Hidden since the blow, the frames cannot bear a second contact out.
            if not before or any(h[3] & pair for h in self._history if h[0] >= e["t"]):
                continue
            t0, last, step, _ = before[-1]
            if not (step.get(a, np.zeros(2)).any() or step.get(b, np.zeros(2)).any()):
                continue
            table = CoinTable(self.layout, (a, b))
            for c in (a, b):
                table.place(c, (float(last[c][0]), float(last[c][1])))
                table.vel[table.index[c]] = step.get(c, np.zeros(2)) / self.dt
            watch = _Contacts(SEPARATE_MM)
            table.t = t0
            table.advance(e["t"] + cfg.second_blow_s, watch)
            if len(watch.blows) >= 2:
                t2, i = watch.blows[1]
                mover = (a, b)[i]
                other = b if mover == a else a
                ev = {"t": round(t2, 4), "event": "strike", "coin": mover, "target": other}
                self.pending.append((ev, e))

    def _blows_now(self, out: list[Event]) -> list[Event]:
        """The strikes found in this frame: those reported (among ``out``) and those waiting on
        a nudge of the coin struck (``unmoved``) or on the two coins' steps (``grazes``)."""
        pending = [u[0] for u in self.unmoved if u[1] == self._index]
        pending += [g[0] for g in self.grazes if g[1] == self._index]
        return [e for e in (*out, *pending) if e["event"] == "strike"]

    def _grazed_by(
        self,
        coin: str,
        a: np.ndarray,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        struck: set[str],
    ) -> tuple[str, np.ndarray] | None:
        """The coin sliding as this frame began whose path (its last step, or this frame's, or its
        way on out of sight since it was last seen, coming on toward it) passed within
        ``pair_gap_mm`` of ``a``, where ``coin`` lay and set off from in this frame away from that
        path: a glancing blow the paths miss by a little more than ``touch_mm`` (two coins' place
        errors, 0.3-0.4 mm each at 1280x720). Nobody flicks while coins slide, so nothing else set
        it off. Once the turn's flick is past, so may a coin that set off in this frame too (both
        seen only coming out from under the hand, the one struck by a coin the flicked one struck),
        and so may a coin struck lately, within ``struck_frames`` or in this frame (``struck``), too
        little to be seen to move (it passed the blow on, a chain). Not a coin it lay touching as
        the frame began: touching coins strike only once parted (hold-out R seed 3901 at 28.80 s: a
        knight flicked off one it lay against slid along it and set it off). That coin (the
        nearest if several) and where it was as they met (:func:`_met`); None if no such
        coin."""
        step = seg[coin][1] - a
        best: tuple[float, str, np.ndarray] | None = None
        past = self._turn_past()
        later = frozenset(seg) if past else frozenset()
        since = self._index - self.cfg.struck_frames
        lately = (
            {c for c, k in self.recent.items() if k >= since} | struck if past else set()
        ) - set(seg)
        for other in self._moving_before | later | lately:
            pair = frozenset((coin, other))
            # Touching as the frame began (parted in it), the two may graze: contact counts
            # only after parting.
            if other == coin or other not in self.last or pair in self.contact | self._touching:
                continue
            end = self.last[other]
            paths = [(end - self.step.get(other, np.zeros(2)), end)]
            if other in seg:
                paths.append(seg[other])
            elif other in self._hidden:
                paths.append((end, end + self._slid_unseen(other)))
            # Only a path that came on toward the coin: one leaving it set off from beside it.
            near = [
                (*_nearest(x, y, a), _met(x, y, a))
                for x, y in paths
                if float((a - x) @ (y - x)) > 0
            ]
            if other in lately:
                near.append((float(np.hypot(*(a - end))), end, end))
            if not near:
                continue
            d, q, met = min(near, key=lambda r: r[0])
            if self._sets_off_from(a, q, step) and (best is None or (d, other) < best[:2]):
                best = (d, other, met)
        return None if best is None else (best[1], best[2])

    def _flicked_beside(
        self,
        coin: str,
        a: np.ndarray,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        out: list[Event],
    ) -> str | None:
        """The coin reported flicked in this frame that lay within ``pair_gap_mm`` of ``a``, where
        ``coin`` set off in this frame away from it: a coin flicked into two it almost touches
        sends both off at once, and the hand lies behind it as seen from only one of them (the
        other was struck at a slant); None if there is none."""
        step = seg[coin][1] - a
        for e in out:
            p = self.last.get(e["coin"])
            if p is None or e["event"] != "flick" or e["coin"] == coin:
                continue
            if self._sets_off_from(a, p, step):
                return str(e["coin"])
        return None

    def _sets_off_from(self, a: np.ndarray, p: np.ndarray, step: np.ndarray) -> bool:
        """Whether a coin that lay at ``a`` and set off by ``step`` lay within ``pair_gap_mm`` of
        a coin at ``p`` and left it (within 60 degrees of the line from it), as a coin it
        struck does."""
        gap = a - p
        return float(np.hypot(*gap)) <= self.pair_reach and _leaves(gap, step)

    def _struck_on(
        self,
        coin: str,
        struck_at: int,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        out: list[Event],
    ) -> None:
        """A coin struck in frame ``struck_at``, seen to set off only now (it barely moved: it
        passed the blow on), from within ``pair_gap_mm`` of a coin whose flick is held, seen to
        set off after that strike: that one was struck in turn, not flicked (a chain); unless
        the two have touched already."""
        a = seg[coin][0]
        for other, (began, index, p, _) in list(self.held.items()):
            pair = frozenset((coin, other))
            far = float(np.hypot(*(p - a))) > self.pair_reach
            if index <= struck_at or pair in self.contact or far:
                continue
            del self.held[other]
            self.contact.add(pair)
            self.recent[other] = self._index
            out.append({"t": round(began, 4), "event": "strike", "coin": coin, "target": other})

    def _struck_by(
        self,
        coin: str,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        hand: Mapping[str, tuple[float, float]] | None = None,
        lone: bool = False,
    ) -> str | None:
        """The coin lying still within ``pair_gap_mm`` of where ``coin`` lay with the hand
        behind it, away from ``coin``, that ``coin`` set off away from in this frame: the coin
        flicked into it (or, once the turn's flick is past, struck into it unseen, moved less
        than the hand's margin); None if there is none. ``hand``: the coins beside a hand, if
        not those of this frame (for a coin out of hiding, those of when it set off). A coin
        with no hand beside it as it set off (``lone``: :meth:`_handless`) was not flicked
        itself: it may have left that coin at any angle under a right one (fresh AZ seed
        10506 at 17.93 s: a knight pushed by one flicked against it went off 72 degrees from
        the line of their centres, turned by a tile it lay against)."""
        a, b = seg[coin]
        step = b - a
        for other, p in self.last.items():
            if other == coin or other in seg or other in self._moving_before:
                continue
            # Pushed, not flicked, it may leave at any angle under a right one.
            leaves = lone and float(np.hypot(*(a - p))) <= self.pair_reach and (a - p) @ step > 0
            if leaves or self._sets_off_from(a, p, step):
                away = (a - p) / max(float(np.hypot(*(a - p))), 1e-9)
                if self._hand_behind(other, coin, away, hand) == other:
                    return other
        return None

    def _handless(self, coin: str, began: float) -> bool:
        """Whether ``coin``, seen to set off at ``began``, lay beside no hand as it set off
        while a hand was in view (:meth:`_hand_before`: the blur of a coin pushed off from
        beside a hand joins the hand's blob as it goes). A hand out of view (flicking at the
        table's edge) says nothing."""
        hand = self._hand_before(began)
        return bool(hand) and coin not in hand and coin not in self._hidden

    def _hand_before(self, began: float) -> Mapping[str, tuple[float, float]]:
        """The coins beside a hand ``hand_before_frames`` before a coin was seen to set off at
        ``began`` (the tracker sees a start a frame or two late)."""
        return self._hand_at(began - self.cfg.hand_before_frames * self.dt)

    def _hand_at(self, t: float) -> Mapping[str, tuple[float, float]]:
        """The coins beside a hand in the frame of time ``t`` (the oldest kept, if older)."""
        return next((hand for ft, hand in self._hands if ft >= t - 1e-6), self._near_hand)

    def _pusher(
        self, i: str, j: str, pi: np.ndarray, pj: np.ndarray, moved: Mapping[str, np.ndarray]
    ) -> str:
        """Which of two coins that lay at ``pi`` and ``pj`` and have ``moved`` since struck the
        other: the one with the flicking hand behind it, else the one the pair moves away from
        along the line of centres (a struck coin leaves along it, away from its striker, and
        the striker cannot move back through it)."""
        n = (pj - pi) / max(float(np.hypot(*(pj - pi))), 1e-9)
        behind = self._hand_behind(i, j, n)
        if behind is not None:
            return behind
        return i if float((moved[i] + moved[j]) @ n) >= 0 else j

    def _hand_behind(
        self,
        i: str,
        j: str,
        n: np.ndarray,
        hand: Mapping[str, tuple[float, float]] | None = None,
    ) -> str | None:
        """Of two coins, with ``n`` the unit vector from ``i`` to ``j``, the one with the hand
        (``hand``, else this frame's) beside it on its far side from the other (a flick's
        fingertip rests against the back of its coin), or None when neither has a hand clearly
        behind it. Of this frame's, a hand beside one of them in the frame before outweighs the
        other's, remembered from earlier as it set off (hold-out M seed 2900 at 19.80 s)."""
        if hand is None:
            hand = self._near_hand
            # A hand beside a coin in the frame before outweighs one remembered from earlier.
            before = self._hands[-2][1] if len(self._hands) > 1 else {}
            fresh = [c for c in (i, j) if c in before]
            if len(fresh) == 1:
                hand = {fresh[0]: hand[fresh[0]]} if fresh[0] in hand else hand
        behind_i = -float(np.array(hand.get(i, (0.0, 0.0))) @ n)
        behind_j = float(np.array(hand.get(j, (0.0, 0.0))) @ n)
        if max(behind_i, behind_j) > 0.5:
            return i if behind_i >= behind_j else j
        return None

    # -- detectors -------------------------------------------------------------------------------

    def _path(
        self, coin: str, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], at: Mapping[str, Point]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start, end and the no-bounce end (:meth:`_coast`) of a coin's path."""
        if coin in seg:
            a, b = seg[coin]
        else:
            a = b = np.array(at[coin], float) if coin in at else self.last[coin]
        return a, b, a + self._coast(coin, b - a)

    def _lying(self, frame: TrackFrame) -> Mapping[str, Point]:
        """Where each coin lies as this frame began, for the contacts in it: the frame's
        positions, but a coin at rest that was struck and whose rim shows it nudged (at least
        ``rest_shift_mm``, by its readings in the last two frames, which agree within
        ``still_mm``: the nudge has run its course) lies where the rim shows it. Beside a hand a
        coin must move 2-4 mm to start, so its place is held where it lay, and a coin coming
        back by it would seem to touch it again (hold-out AC seed 5905 at 31.98 s: a guard
        nudged 1 mm on by a knight that came back off the tower 0.3 mm clear of it, 0.7 mm into
        where it had lain). Those coins and their nudges are kept (``laid``): one seen to set
        off in the next frame sets off from there. One that set off in this frame lies where
        it was seen now (fresh AY seed 10305 at 19.88 s: a knight's nudge, added to where it
        was seen as it set off, began its next step 0.3 mm on, inside a gate's corridor, and
        its entry by the mouth was lost)."""
        at = dict(frame.positions)
        self.laid = {}
        for coin, history in self.offset.items():
            if coin not in at or coin not in self.recent or len(history) < 2:
                continue
            (t1, o1), (t2, o2) = history[-2:]
            nudge = np.array(o2, float)
            if (
                coin not in self._moving_before
                and coin not in frame.moving
                and t1 >= frame.t - 2.5 * self.dt
                and t2 >= frame.t - 1.5 * self.dt
                and float(np.hypot(*nudge)) >= self.cfg.rest_shift_mm
                and float(np.hypot(*(nudge - o1))) <= self.cfg.still_mm
            ):
                at[coin] = (at[coin][0] + float(nudge[0]), at[coin][1] + float(nudge[1]))
                self.laid[coin] = nudge
        return at

    def _last_step(self, coin: str) -> np.ndarray:
        """The coin's last step per frame, as seen."""
        return self.step.get(coin, np.zeros(2))

    def _closed_on(self, i: str, j: str, ai: np.ndarray, aj: np.ndarray, d: float) -> float:
        """How far (mm) coins ``i`` and ``j``, at ``ai`` and ``aj`` when this frame began and
        ``d`` apart (centre to centre) at their nearest in it, closed on each other in this
        frame or in the one before, whichever the more."""

        def before(coin: str, a: np.ndarray) -> np.ndarray:
            stepped = self.stepped.get(coin) == self._index - 1
            return a - self._last_step(coin) if stepped else a

        start = float(np.hypot(*(ai - aj)))
        return max(start - d, float(np.hypot(*(before(i, ai) - before(j, aj)))) - start)

    def _steady(self, coin: str) -> bool:
        """Whether the coin's last step was a whole frame's slide, in the frame before: not the
        step it set off in, nor a path out of hiding, nor the step from where it came out (a
        coin seen in part is placed less well; hold-out S seed 4104 at 21.38 s, a step read
        0.8 mm for 0.6 made a coin that stopped by friction seem kicked off its tower)."""
        return (
            self.unhidden.get(coin, -99) < self._index - 2
            and not self._set_off_last(coin)
            and self.stepped.get(coin) == self._index - 1
            and bool(self._last_step(coin).any())
        )

    def _set_off_last(self, coin: str) -> bool:
        """Whether the coin set off in the frame before: its last step is the one it set off
        with, part of a frame's slide (or begun where it was held while a blow nudged it)."""
        return self.set_off.get(coin, (-99,))[0] == self._index - 1

    def _coast(self, coin: str, chord: np.ndarray) -> np.ndarray:
        """Where the coin would have gone on in this frame without a bounce: its last step,
        shorter by what friction takes off a step in a frame and by ``coast_noise_mm`` (a
        creeping coin's last step may be position noise alone; carried on, it reached coins
        and towers the coin stopped short of).

        A coin that set off in the frame before slid for part of it only, so its last step
        says how it went, not how far: in this frame it went on at least as far as its
        ``chord`` now (a bounce only slows a coin, and a path is no shorter than its chord),
        once that step is long enough (``coast_aim_mm``) for its line to be read (fresh BM
        seed 13105 at 19.48 s: a guard flicked 4.4 mm late in a frame hit its tower's corner
        8 mm on in the next; carried on 4.4 mm, its first line stopped 1 mm short of it)."""
        step = self._last_step(coin)
        if self._set_off_last(coin) and float(np.hypot(*step)) >= self.cfg.coast_aim_mm:
            step = _unit(step) * max(float(np.hypot(*step)), float(np.hypot(*chord)))
        return _shortened(step, self.cfg.friction_mm_s2 * self.dt**2 + self.cfg.coast_noise_mm)

    def _when(self, u: float, *coins: str) -> float:
        """The time at parameter ``u`` of this frame's paths of ``coins`` (a path out of hiding
        began before the previous frame). One coin's path out of hiding (the others at rest)
        is timed as a slide slowing at the table's friction (:func:`_slide_time`), not at an
        even pace: one that stopped out of sight, against a tower or a coin, got there long
        before it was seen (fresh AQ seed 8703 at 33.17 s: a knight flicked under the hand hit
        its tower 33 mm on and lay there, hidden for 0.26 s more; the hit was timed as it came
        out of hiding. Fresh AS seed 9100 at 25.44 s: a guard so struck a knight hidden beside
        it, and the strike was timed 0.32 s late)."""
        paths = [c for c in coins if c in self._t0]
        t0 = min((self._t0[c] for c in paths), default=self._t1 - self.dt)
        if len(paths) == 1 and paths[0] in self._unseen_mm:
            u = _slide_time(u, self._unseen_mm[paths[0]], self._t1 - t0, self.cfg.friction_mm_s2)
        return round(float(t0 + u * (self._t1 - t0)), 4)

    def _strikes(
        self,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        at: Mapping[str, Point],
        out: list[Event],
    ) -> set[str]:
        """New contacts between coins; returns the coins struck (the targets).

        A coin at rest before this frame stays where it lay until something strikes it, so a
        path is tested against it where it lay as well as in relative motion: several contacts
        may fall in one frame (a scrum), each found and given its mover (:meth:`_mover`)."""
        cfg = self.cfg
        moving, far = self._moving_before, (math.inf, 0.0)
        struck: set[str] = set()
        sent: set[frozenset[str]] = set()
        parted, self.parted = self.parted, set()
        # A coin struck under a hand since it was last seen to move is no longer where it lay.
        gone = {c for c in self._hidden if self.recent.get(c, -99) > self.stepped.get(c, -99)}
        coins = [c for c in self.last if (c in at or c in seg) and c not in gone]
        paths = {c: self._path(c, seg, at) for c in coins}
        # Each pair with a coin sliding: their paths as the frames show them, and how much they
        # closed (``relative``, mm) in the frame.
        seen: dict[tuple[str, str], tuple[tuple[float, float], float]] = {}
        for i, j in itertools.combinations(coins, 2):
            if i in seg or j in seg:
                (ai, bi, _), (aj, bj, _) = paths[i], paths[j]
                relative = float(np.hypot(*((bi - ai) - (bj - aj))))
                seen[(i, j)] = (segment_min(ai - aj, bi - bj), relative)
        met = self._met(seen)
        for (i, j), ((d, u), relative) in seen.items():
            (ai, bi, pi), (aj, bj, pj) = paths[i], paths[j]
            # A coin whose path met a third coin's in this frame was turned by that blow: it
            # did not coast on (hold-out S seed 4105 at 21.38 s: a knight struck back off a
            # knight, its coast carried on 0.5 mm from the coin that had struck it).
            if met.get(i, set()) - {j}:
                pi = bi
            if met.get(j, set()) - {i}:
                pj = bj
            dp, up = segment_min(ai - aj, pi - pj)
            reach_i = _reach(ai, bi, pi, aj) if i in seg and j not in moving else far
            reach_j = _reach(aj, bj, pj, ai) if j in seg and i not in moving else far
            pair = frozenset((i, j))
            # Just parted after a blow, the two are only where the frames show them: their
            # paths carried on from before it are stale (a coin sent off by a blow is no longer
            # where it lay; its striker no longer slides the way it did).
            # A coin seen out of hiding in the frame before has no last step to carry on (its
            # path out says nothing of its speed): a path carried on is no test against it, as
            # if it had stopped (fresh BA seed 10701 at 24.14 s: a guard following 3.2 mm behind
            # a knight it had struck under the hand, carried on, reached where the knight was).
            blind = any(self.unhidden.get(c, -99) == self._index - 1 for c in (i, j) if c in seg)
            coasted = [] if blind else [(dp, up)]
            tests = [(d, u)] if pair in parted else [(d, u), *coasted, reach_i, reach_j]
            closest = min(g for g, _ in tests)
            touch = self._touch(relative, i in moving or j in moving)
            back = self.rebound.get(pair, ("", self._index))
            # Back off a tower, a coin strikes again only if the pair moved by more than a
            # sliding coin's position error: one held where it lay may read overlapping the
            # other, which then touches it at any stir of noise (hold-out Q seed 3702 at
            # 7.05 s: a striker's rest place corrected by 0.01 mm; the other renewed contacts
            # on the 146 dumped seeds moved 0.5-4 mm). One seen sliding back must be seen to
            # close on the other by as much: one that struck a coin and the tower at once
            # slides off both, rubbing the coin (hold-out W seed 4902 at 14.22 s: read 0.26 mm
            # overlapping, 0.04-0.41 mm apart).
            # So must one set off only in this frame from where it lay when it was struck (held
            # there, its nudge being judged): its path from there is no path it took, having been
            # to the tower and back (fresh BN seed 13401 at 37.26 s: a guard struck into its
            # tower, held where it lay for three frames, then seen 4.6 mm back, its chord from
            # there passing 0.1 mm inside the knight that struck it; 0.7 mm clear in truth).
            sliding_back = back[0] in moving or back[0] in self._started
            renewed = (
                self._index - back[1] >= cfg.rebound_min_frames
                and relative >= cfg.coast_noise_mm
                and (not sliding_back or self._closed_on(i, j, ai, aj, d) > cfg.coast_noise_mm)
            )
            # Read apart for a frame or two running, they may meet again before they count as
            # parted.
            parting = self.apart_run.get(pair, (0, -1))
            loose = parting[0] >= cfg.recontact_frames and parting[1] == self._index - 1
            if (
                closest <= touch
                and (pair not in self.contact or renewed or loose)
                and not self._slid_off(i, j, seg)
            ):
                when = next(w for g, w in tests if g <= touch)
                at_t = self._when(when, i, j)
                # A path that starts within touch of the other coin and leaves it reached
                # nothing: that coin was what moved it. A coin back off a tower struck.
                mover = back[0] or (
                    _closing(i, j, (ai, bi), (aj, bj))
                    if pair in parted
                    else self._mover(
                        i,
                        j,
                        reach_i[0] <= touch and float((bi - ai) @ (aj - ai)) > 0,
                        reach_j[0] <= touch and float((bj - aj) @ (ai - aj)) > 0,
                        seg,
                        at,
                        at_t,
                    )
                )
                target = j if mover == i else i
                # The mover struck from rest without being seen to move (it stopped almost
                # dead), and nothing else moves: it was flicked, or was struck unseen by one
                # lying behind it with the hand behind that (hold-out V seed 4702 at 15.14 s: a
                # knight flicked into one 0.4 mm off, neither seen to move past the hand's
                # margin, and that one into a guard).
                lone = not moving and set(seg) == {target}
                first = self._flicked_behind(mover, aj if mover == i else ai, seg) if lone else None
                # A mover lying hidden under the hand, with no coin in sight behind it, is
                # judged by whether it comes out sliding (``deferred``, as for any coin that
                # sets off with one hidden behind it): flicked into the target, it moved at
                # least the gap between them; the target, flicked past it, touched nothing.
                # Taken at once for a blow, the flick went to a coin that never moved
                # (hold-out M seed 2901 at 33.25 s, AJ seed 7301 at 28.58 s: a knight lying
                # 0.5 mm in front of one under the hand, flicked past it, that one seen again
                # where it lay).
                if lone and first is None and mover in self._hidden:
                    continue
                self.contact.add(pair)
                self.rebound.pop(pair, None)
                # Not before a mover that set off in this frame began to slide.
                t = max(at_t, round(self._started.get(mover, 0.0), 4))
                self.contact_t[pair] = t
                if lone:
                    self._flicked_unseen(first or mover, t, out)
                    if first is not None:
                        touching = mover in self._lay_against(first)
                        self._flick_blow(first, mover, t, touching, self._index, out)
                event = {"t": t, "event": "strike", "coin": mover, "target": target}
                # Two sliding coins are judged by their steps after (:meth:`_grazed`); not one
                # back off a tower: that bounce, not the blow, changed its step. Nor one that
                # set off in the frame before: that step, part of a frame's slide or begun
                # where the coin was held while a blow nudged it, is no measure of its speed
                # (fresh BD seed 11301 at 15.20 s: a knight struck, held 0.7 mm back, set off
                # by a step 1.3 mm long; caught again by its striker, it seemed to slow).
                settled = not any(self._set_off_last(c) for c in pair)
                if not back[0] and {mover, target} <= moving & set(seg) and settled:
                    ends = {i: bi, j: bj}
                    n = ends[target] - ends[mover]
                    n = n / max(float(np.hypot(*n)), 1e-9)
                    steps = (self._last_step(mover), self._last_step(target))
                    self.grazes.append((event, self._index, n, *steps))
                elif target in moving or target in seg or target in self._hidden:
                    out.append(event)
                else:
                    before = self._lay_before(target, t)
                    lay = {c: p.copy() for c, p in self.last.items()}
                    self.unmoved.append((event, self._index, before, [], lay))
                struck.add(target)
                # The coin struck strikes its striker back: that return is found, and the
                # striker's run back after it is not another (hold-out Z seed 5300 at 13.15 s:
                # a knight struck into its tower came back into the guard that struck it).
                if target in self.striker and self.striker[target].target == mover:
                    del self.striker[target]
                if target in seg:
                    sent.add(pair)
                along = self._strike_line(mover, target, when, seg, at)
                if mover in seg and target not in moving and along is not None:
                    before = self._along_step(mover, along)
                    lay_at = self.last[target].copy()
                    self.striker[mover] = _Striking(
                        target, along, self._index, lay_at, before, before
                    )
                if event not in out and along is not None:
                    self._watch_rim(target, along)
            # Apart at the frame's end, after touching on the way there or not touching at all,
            # or after a blow that sent the struck coin off in this frame: they have separated
            # (bounced apart within the frame; they may meet again). Another contact found only
            # on a path extended past a bounce may be early: it stands. After a blow that sent
            # the struck coin off, the next frame is judged by the paths seen alone.
            gap = float(np.hypot(*(bi - bj))) - COIN_MM
            run, last = self.apart_run.pop(pair, (0, -1))
            run = (run if last == self._index - 1 else 0) + 1 if gap > cfg.part_mm else 0
            if pair in self.contact and 0 < run < cfg.part_frames:
                self.apart_run[pair] = (run, self._index)
            elif run:
                self.contact.discard(pair)
            if gap > cfg.separate_mm and (d <= touch or closest > touch or pair in sent):
                self.contact.discard(pair)
            if pair in sent:
                self.parted.add(pair)
        return struck

    def _knocks(self, frame: TrackFrame, placed: set[str], out: list[Event]) -> None:
        """Strikes the coins' steps show that no contact test found: two coins that closed on
        each other by ``knock_closing_mm_s`` or more over the ``knock_frames`` frames before the
        middle of the last ``2 * knock_frames + 1`` (each seen throughout, sliding throughout or
        still throughout), lay within ``knock_gap_mm`` there (never read overlapping by more
        than ``knock_overlap_mm``: a coin read into the other and back), then drew apart by
        ``knock_parting_mm_s`` or more, their speed along the line between them changed by
        ``knock_mm_s`` or more, struck each other then. Friction only slows a coin: a blow
        flings two coins apart where they meet, unless something else turned one of them, so
        neither may have had a strike found (or waiting) since the window began, nor a hit
        since the frame before its middle. It finds a pair caught again too soon after a blow
        for their gap to show a parting (fresh AP seed 8302 at 21.81 s: a guard struck into its
        tower came back into the knight 25 ms on, read 1.46, -0.31, 2.59 and 0.26 mm apart
        between; closing at 114 mm/s, then parting at 136 mm/s). Two contacts of one pair
        within a frame show as one. The coin is the faster one before; reported
        ``knock_frames`` frames late, at the frame they read nearest."""
        cfg, h = self.cfg, self.cfg.knock_frames
        at = {
            c: np.array(p, float)
            for c, p in frame.positions.items()
            if c not in frame.hidden and c not in placed and c not in self._unseen
        }
        self.sightings.append(_Sighting(frame.t, frame.index, at, frame.moving))
        seen = self.sightings
        if len(seen) < seen.maxlen or seen[-1].index - seen[0].index != 2 * h:
            return
        first, mid, last = seen[0], seen[h], seen[-1]
        # Each coin sliding throughout, or lying still throughout: one that set off or stopped
        # in the window was read where it lay, or held there, while it moved.
        in_sight = set.intersection(*(set(s.at) for s in seen))
        sliding = in_sight.intersection(*(s.moving for s in seen))
        still = in_sight.difference(*(s.moving for s in seen))
        coins = sorted(sliding | still)
        # The coins of each strike reported, or waiting, since the window began, and of each
        # hit since the frame before its middle (one before that turned the coin before the
        # two closed).
        pending = [u[0] for u in self.unmoved] + [g[0] for g in self.grazes]
        pending += [e for b in self.struck_back.values() for e in b.events]
        blows = [
            {e["coin"], e.get("target")}
            for e in (*self.blows, *out, *pending)
            if (e["event"] == "strike" and e["t"] >= first.t)
            or (e["event"] == "hit" and e["t"] >= mid.t - self.dt)
        ]
        span = h * self.dt
        for i, j in itertools.combinations(coins, 2):
            pair = frozenset((i, j))
            if not pair & sliding or any(b & pair for b in blows):
                continue
            gaps = [float(np.hypot(*(s.at[j] - s.at[i]))) - COIN_MM for s in seen]
            if gaps[h] > cfg.knock_gap_mm or min(gaps) < -cfg.knock_overlap_mm:
                continue
            d = mid.at[j] - mid.at[i]
            dist = gaps[h] + COIN_MM
            n = d / dist
            before = float((d - (first.at[j] - first.at[i])) @ n) / span
            after = float(((last.at[j] - last.at[i]) - d) @ n) / span
            if (
                before > -cfg.knock_closing_mm_s
                or after < cfg.knock_parting_mm_s
                or after - before < cfg.knock_mm_s
            ):
                continue
            near = seen[int(np.argmin(gaps))]
            speed = {c: float(np.hypot(*(mid.at[c] - first.at[c]))) for c in (i, j)}
            mover = i if speed[i] >= speed[j] else j
            target = j if mover == i else i
            t = round(near.t - self.dt / 2, 4)
            out.append({"t": t, "event": "strike", "coin": mover, "target": target})
            self.contact.add(pair)

    def _grazed(self, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], out: list[Event]) -> None:
        """Report the strikes between two coins sliding as they met (``grazes``) whose
        steps, ``graze_frames`` after, show a blow: their velocities changed along the line
        between them by ``graze_kick_mm_s`` or more (the struck one sped away, the striker
        slowed), against each one's step before. Two coins that slid by a hair apart go on as
        they went (hold-out S seed 4107 at 42.08 s: 0.27 mm apart, read 0.28). A coin that
        stopped, went out of sight or met another meanwhile cannot show it: the strike stands,
        unless the one struck came to rest and its rim, read against a frame from before the
        blow, shows it unmoved (``nudge_mm``): a coin at rest is struck only if the blow moves
        it (fresh AQ seed 8702 at 4.37 s: a knight crept up to one that had just stopped and
        stopped 0.07 mm from it, read 0.3 mm; the other's rim read it still to 0.005 mm). A
        strike dropped leaves the two out of contact. It falls too when the struck coin was
        sliding (``graze_slide_mm_s``) as they met and neither moved since: both ran out of
        speed together, and a blow would have sent that one on (fresh BB seed 10900 at 20.33 s:
        two knights creeping to a stop came to rest 0.30 mm apart, read 0.07 mm overlapping;
        taken for touching, the flick of one into the other a second later was taken for a
        push, and its strike was lost)."""
        cfg = self.cfg
        keep = []
        for event, index, n, before_a, before_b in self.grazes:
            a, b = str(event["coin"]), str(event["target"])
            if self._index - index < cfg.graze_frames:
                keep.append((event, index, n, before_a, before_b))
                continue
            since = float(event["t"])
            others = any(
                t > since and p != frozenset((a, b)) and p & {a, b}
                for p, t in self.contact_t.items()
            )
            if a not in seg or b not in seg or others:
                # Both stopped dead as they met, the one struck sliding till then: friction
                # stopped them, not a blow (a blow would have sent that one on).
                slid = float(np.hypot(*before_b)) >= cfg.graze_slide_mm_s * self.dt
                stopped = slid and not {a, b} & (set(seg) | self._hidden)
                if others or not (stopped or self._unnudged(b, since)):
                    out.append(event)
                else:
                    self.contact.discard(frozenset((a, b)))
                continue
            after_a, after_b = seg[a][1] - seg[a][0], seg[b][1] - seg[b][0]
            kick = float(((after_b - before_b) - (after_a - before_a)) @ n) / self.dt
            if kick >= cfg.graze_kick_mm_s:
                out.append(event)
            else:
                self.contact.discard(frozenset((a, b)))
        self.grazes = keep

    def _unnudged(self, coin: str, t: float) -> bool:
        """Whether ``coin`` lies at rest, its rim read since it stopped against a frame from no
        later than ``t`` (an event's time, rounded to 0.1 ms: within half that), every reading
        under ``nudge_mm`` (fresh BO seed 13501 at 4.28 s: a knight read sliding three frames
        after it stopped, passed 0.39 mm clear by the coin that had struck it, its rim read
        unmoved from the frame after; that frame's time less a frame was 4.283333 s, the pass's
        4.2833 s, and the blow stood)."""
        readings = self.offset.get(coin, [])
        return (
            coin not in self._moving_before
            and bool(readings)
            and readings[0][0] - self.dt <= t + _HALF_TICK
            and all(float(np.hypot(*o)) < self.cfg.nudge_mm for _, o in readings)
        )

    def _rebound_from(self, out: list[Event]) -> None:
        """Pairs in contact one of which hit a tower (among ``out``) since their contact began:
        that coin comes back off it, and touching the other again is a new strike (see
        ``rebound_frames``); the rest, ``rebound_frames`` after their hit, are forgotten. A hit
        read only from the coin's rim coming back (:meth:`_rim_bounces`) with the rim beside
        the other coin (``came_back``) counts from the frame before: the coin went there and
        back in this one, and may touch the other again in the next (fresh BD seed 11401 at
        28.72 s: a guard struck 3.3 mm from its tower came back into the knight that struck it
        9 ms after the hit, its rim read 0.55 mm into the knight as it came back). One read
        back farther off is judged as before (AF seed 6600 at 30.68 s: a guard read back 1.6
        mm from its knight slid past it 1.0 mm clear)."""
        back, self.came_back = self.came_back, set()
        for e in out:
            if e["event"] != "hit":
                continue
            for pair in self.contact:
                if e["coin"] in pair and e["t"] >= self.contact_t.get(pair, -math.inf):
                    self.rebound[pair] = (e["coin"], self._index - (pair in back))
        since = self._index - self.cfg.rebound_frames
        self.rebound = {p: v for p, v in self.rebound.items() if v[1] >= since}

    def _met(
        self, seen: Mapping[tuple[str, str], tuple[tuple[float, float], float]]
    ) -> dict[str, set[str]]:
        """For each coin, the coins it met since its last step was taken: a contact dated from
        the end of the previous frame on, or a path as the frames show it (``seen``, from
        :meth:`_strikes`) that came within touch of its own in this frame."""
        met: dict[str, set[str]] = {}
        since = self._t1 - self.dt - 1e-4  # event times are kept to 0.1 ms
        for (i, j), ((d, _), relative) in seen.items():
            pair = frozenset((i, j))
            if (
                self.contact_t.get(pair, -1.0) >= since
                if pair in self.contact
                else d <= self._touch(relative, bool({i, j} & self._moving_before))
            ):
                met.setdefault(i, set()).add(j)
                met.setdefault(j, set()).add(i)
        return met

    def _touch(self, closing: float, sliding: bool) -> float:
        """How near (mm, centre to centre) two coins come to touch, closing by ``closing`` mm in
        the frame: a coin's place is read less well the more it blurs (``touch_mm``; two coins
        that lay still before the frame, one setting off now, ``start_touch_mm``), and within
        about 0.1 mm when the two barely move against each other (``slow_touch_mm``)."""
        if closing < self.cfg.slow_contact_mm_s * self.dt:
            return COIN_MM + self.cfg.slow_touch_mm
        return COIN_MM + (self.cfg.touch_mm if sliding else self.cfg.start_touch_mm)

    def _lay_before(self, coin: str, t: float) -> np.ndarray:
        """Where a coin at rest struck at ``t`` lay before, as its rim read (``offsets``), in two
        ways: the median of its first readings since it was last set down or struck (before a
        coin sliding up to it shaded its rim), and of its last readings before ``t`` (a blow
        seen late, by a coin whose start hid in a hand's margin, has nudged it already in the
        frames since). A blow moved it only if it lies apart from both. The readings restart
        with each contact: a blow may have moved it, and may do again."""
        n = self.cfg.nudge_frames
        history = self.offset.pop(coin, [])
        prior = [o for when, o in history if when < t - 1e-6] or [(0.0, 0.0)]
        first = [o for _, o in history[:n]] or [(0.0, 0.0)]
        return np.array([np.median(first, axis=0), np.median(prior[-n:], axis=0)])

    def _watch_rim(self, coin: str, along: np.ndarray) -> None:
        """Watch ``coin``, at rest and struck along the unit vector ``along``, for a bounce off
        the tower that line meets first within ``2 * start_gap_mm``, if any."""
        first = self._first_tower(self.last[coin], along, 2 * self.cfg.start_gap_mm)
        if first is not None and (coin, first[1]) not in self.on_tower:
            self.rim_watch[coin] = (first[1], along, self._index, None)

    def _rim_bounces(self, frame: TrackFrame, out: list[Event]) -> None:
        """A coin at rest struck straight at a tower beside it may go there and back between
        frames, too little to be seen to set off, but its rim shows it: read along the blow's
        line, it goes on (friction only slows it) until something turns it. Coming back by
        ``tower_kick_mm`` in a frame, it bounced off the tower, between the two readings. (On
        the development, check, bench and hold-out sets such coins came back by 1.2-2.3 mm;
        every other coin struck at rest came back by 0.03 mm at most.) Watched for
        ``watch_s``, or until the coin sets off (then its path tells: :meth:`_sent_into`)."""
        late = round(self.cfg.watch_s / self.dt)
        for coin, (k, along, index, last) in list(self.rim_watch.items()):
            if coin in frame.started or coin not in frame.positions or frame.index - index > late:
                del self.rim_watch[coin]
                continue
            if coin not in frame.offsets:
                continue
            read = float(np.array(frame.offsets[coin]) @ along)
            if last is not None and last - read >= self.cfg.tower_kick_mm:
                out.append(self._rest_hit(coin, k, round(frame.t - self.dt / 2, 4)))
                self._back_beside(coin, frame)
            else:
                self.rim_watch[coin] = (k, along, index, read)

    def _back_beside(self, coin: str, frame: TrackFrame) -> None:
        """``coin``, at rest, was read by its rim back off a tower in this frame: each coin in
        contact with it that its rim reads it not ``part_mm`` apart from may be struck again by
        it in the next frame (``came_back``; one it came back beside reads farther off)."""
        rim = np.add(frame.positions[coin], frame.offsets[coin])
        for pair in self.contact:
            if coin not in pair:
                continue
            (other,) = pair - {coin}
            at = frame.positions.get(other)
            if at is not None and not self._apart(rim, np.array(at, float), self.cfg.part_mm):
                self.came_back.add(pair)

    def _slid_off(self, i: str, j: str, seg: Mapping[str, tuple[np.ndarray, np.ndarray]]) -> bool:
        """Whether one of two coins, the other lying still, set off in this frame from within
        ``start_touch_mm`` of it, away from it (or a hair toward it, closing on it by no more than
        ``slide_past_mm``) but more than ``struck_cone_deg`` off the line of their centres, or
        nearer straight away from the hand beside it than along that line (a finger sends a coin
        straight on; a blow, along the line of centres): it slid away past it, and neither struck
        the other. Set off at ``a`` from ``p`` a way making ``along`` (cosine) with ``a - p``, it
        comes nearest at ``|a - p| * sqrt(1 - along**2)``."""
        if (i in seg) == (j in seg):
            return False
        coin, other = (i, j) if i in seg else (j, i)
        if coin not in self._started or other in self._moving_before:
            return False
        a, b = seg[coin]
        p = self.last[other]
        n, step = a - p, b - a
        if float(np.hypot(*n)) > COIN_MM + self.cfg.start_touch_mm:
            return False
        cone = math.cos(math.radians(self.cfg.struck_cone_deg))
        way = _unit(step)
        along = float(_unit(n) @ way)
        hand = self._near_hand.get(coin)
        from_hand = -float(np.array(hand) @ way) if hand else -1.0
        closes = float(np.hypot(*n)) * (1.0 - math.sqrt(max(0.0, 1.0 - along * along)))
        past = along >= 0.0 or closes <= self.cfg.slide_past_mm
        return past and (along < cone or from_hand > along)

    def _strike_line(
        self,
        mover: str,
        target: str,
        u: float,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        at: Mapping[str, Point],
    ) -> np.ndarray | None:
        """Remember the way ``target`` was sent when ``mover`` struck it at parameter ``u`` of
        this frame: along the line of their centres then (:meth:`_sent_into`); returns it."""
        (am, bm, _), (at_, bt, _) = self._path(mover, seg, at), self._path(target, seg, at)
        d = (at_ + u * (bt - at_)) - (am + u * (bm - am))
        n = float(np.hypot(*d))
        if n == 0:
            return None
        self.struck_along[target] = (self._when(u, mover, target), d / n, self._index, mover)
        return d / n

    def _rebounds(
        self,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        at: Mapping[str, Point],
        out: list[Event],
    ) -> None:
        """A coin struck at rest that bounces off a tower (or another tile) straight back into its
        striker strikes it again within a frame or two, before the two are seen apart
        (``separate_mm``): blurred, they seem to stay in contact. The striker shows it: a
        coin that strikes one at rest keeps going its way along the line of their centres
        (restitution below one), so one that runs back along that line (``rebound_mm_s``,
        from the second frame after the blow, having not in the first: a coin struck against
        a tower beside it sends its striker back at once) was struck back, unless a tower or
        another coin beside it explains it, and only if a tile behind the coin it struck
        sent that coin back, from far enough for the two to part first (``rebound_gap_mm``);
        if the blow is not yet seen to have moved the coin it struck (``unmoved``), the
        strike back stands or falls with it, and falls if that coin is seen to set off from
        over ``back_beyond_mm`` on along the blow's line: it went on away. A coin struck
        back from in front of a tower, not seen to move, came back off that tower
        (:meth:`_came_off`).
        """
        if not self.striker:
            return
        cfg = self.cfg
        busy = {e.get(k) for e in (*out, *self._blows_now(out)) for k in ("coin", "target")}
        for mover, (target, along, index, lay, before, closing) in list(self.striker.items()):
            age = self._index - index
            pair = frozenset((mover, target))
            # Sent straight back in the frame after the blow, it may already be well apart; later,
            # they parted in this frame at the earliest.
            apart = pair not in self._touching and age > 1
            if age > cfg.struck_back_frames or apart or mover not in seg:
                del self.striker[mover]
                continue
            a, b = seg[mover]
            # Its step to ``a`` longer than the one before ran ahead of the coin by as much, read
            # into the coin it struck: a step back that far is that misreading undone (hold-out U
            # seed 4502 at 10.83 s: a knight that stopped dead, its step 2.7 mm after 2.3, read
            # 1.3 mm into the one it struck, then came 1 mm back).
            into = self._along_step(mover, along)
            ahead = 0.0 if into is None or before is None else max(0.0, into - before)
            if float((a - b) @ along) <= cfg.rebound_mm_s * self.dt + ahead:
                self.striker[mover] = self.striker[mover]._replace(before=into)
                continue
            del self.striker[mover]
            # A tower beside the striker, where it was or where it is, may be what sent it back
            # (hold-out U seed 4501 at 29.71 s: a knight that struck a guard lying against a
            # tower hit the tower itself and was read 4.5 mm clear of it as it came back).
            if self._rim_went_on(target, along):
                continue
            near_tower = any(
                _tower_gap(t, p) <= cfg.separate_mm for _, t in self.towers for p in (a, b)
            )
            if age < 2:
                # Come at it and sent back at once along the line of their centres: the coin it
                # struck could not give way (it rebounds as off a wall there, keeping its way
                # across the line: fresh BJ seed 12601 at 24.01 s, a knight that struck a guard
                # 1 mm from its tower 28 degrees off the line came back 46 degrees off the way
                # it came).
                came = self.step.get(mover, np.zeros(2))
                cone = math.cos(math.radians(cfg.struck_cone_deg))
                sent_back = float(along @ _unit(b - a)) < -cone
                if not near_tower and float(came @ along) > 0 and sent_back:
                    self._pinned(target, mover, along, out)
                continue
            # Another coin beside it may be what sent it back; so may a blow it met from another
            # coin since the frame before this one's (fresh BK seed 12705 at 18.80 s: a knight
            # flicked into two knights a frame apart ran back off the first, gone on out of reach
            # when the second's blow was done with).
            crowded = any(
                c not in pair and float(np.hypot(*(b - np.array(q)))) <= COIN_MM + cfg.separate_mm
                for c, q in at.items()
            )
            since = self._t1 - (age + 1) * self.dt - 1e-6
            met_other = any(
                mover in p and p != pair and w >= since for p, w in self.contact_t.items()
            )
            # Only a tile just behind the coin it struck sends that coin back into it (hold-out
            # M seed 2903 at 33.68 s: its tower; fresh BR seed 14105 at 13.64 s: a gate's tile
            # 2 mm behind a guard); with none, the striker's run back was its place misread into
            # the blob of the two, undone (fresh BO seed 13507 at 22.84 s), or a misread
            # place of a coin under a hand (M 2902 at 21.59 s). A tower there is hit
            # (:meth:`_came_off`).
            backstop = self._first_tile(lay, along, cfg.start_gap_mm)
            behind = self._as_tower(backstop)
            # A coin struck lying against a tile (a gate's or a door's as well as a tower's)
            # cannot give way: its striker comes straight back off that one blow (fresh BM seed
            # 13102 at 22.50 s: a knight struck against a gate tile's corner, nudged 0.9 mm
            # along it, sent its striker back at 1 mm a frame).
            wall = self._first_tile(lay, along, cfg.rest_tower_touch_mm)
            # Nor can one under a hand, which may hold it (fresh BT seed 14505 at 24.84 s: a
            # guard that struck a knight lying hidden came straight back off it).
            if (
                mover in busy
                or crowded
                or met_other
                or near_tower
                or wall is not None
                or target in self._hidden
                or backstop is None
            ):
                continue
            # A tile too near behind it sent it back before it could part from its striker:
            # no second blow, though it hit the tile (``rebound_gap_mm``).
            t = self._when(0.5, mover)
            back = (
                []
                if backstop[0] < cfg.rebound_gap_mm
                else [{"t": t, "event": "strike", **self._faster_back(mover, target, closing)}]
            )
            off = self.set_off.get(target)
            if behind is not None and target not in seg and (off is None or off[0] < index):
                back = self._came_off(target, behind[1], self._when(0.0, mover)) + back
            if not back:
                continue
            # A coin its striker's blow has not yet been seen to move may not have moved, and
            # so cannot have struck back (hold-out L seed 2801 at 36.70 s: the striker's place,
            # read from a blob of the two, wandered 4 mm into the other and back).
            blow = next(
                (u[1] for u in self.unmoved if u[0]["coin"] == mover and u[0]["target"] == target),
                None,
            )
            if blow is None:
                out += back
            else:
                self.struck_back[(mover, target, blow)] = _StruckBack(back, along, lay)

    def _rim_went_on(self, coin: str, along: np.ndarray) -> bool:
        """Whether ``coin``, struck at rest along the unit vector ``along`` and not seen to set
        off, reads on its rim in this frame over ``back_beyond_mm`` on along the blow's line from
        where it lay and no nearer it than in any reading since the blow (within ``still_mm``):
        it went on away and never came back into its striker, whose run back is then its place
        misread in the blob of the two (fresh BQ seed 13900 at 29.12 s: a knight struck at rest
        read on its rim 0.7, 1.3 and 1.5 mm on; its striker, read 2 mm into it, seemed to come
        1.4 mm back)."""
        if coin not in self._rims:
            return False
        now = float(np.array(self._rims[coin], float) @ along)
        since = [float(np.array(o, float) @ along) for _, o in self.offset.get(coin, [])]
        return now > self.cfg.back_beyond_mm and now >= max(since, default=now) - self.cfg.still_mm

    def _faster_back(self, mover: str, target: str, closing: float | None) -> dict[str, str]:
        """Which struck which when ``target``, struck at rest by ``mover``, came back off a tile
        into it: the faster just before (as the rules' referee counts a strike). The coin struck
        comes back no faster than the blow sent it along their line ((1 + e) / 2 of the
        striker's step along it before the blow, ``closing``, for coins' restitution e) times
        a tile's restitution; a striker still sliding faster than that (its way across the line
        is kept) struck it again (fresh BI seed 12301 at 9.30 s: a knight that struck one 3.3
        mm a frame along their line slid on at 3.0 mm a frame; the other came back at 2 or
        less). Without ``closing`` (no whole frame's step before the blow), the coin struck."""
        give = (1 + PHYSICS.coin_restitution) / 2 * PHYSICS.tile_restitution
        back = give * (math.inf if closing is None else closing)
        if float(np.hypot(*self.step.get(mover, np.zeros(2)))) > back:
            return {"coin": mover, "target": target}
        return {"coin": target, "target": mover}

    def _along_step(self, coin: str, along: np.ndarray) -> float | None:
        """The coin's last step along ``along`` (mm), if a whole frame's slide (:meth:`_steady`;
        a step it set off in, say, may be shorter than the next)."""
        return float(self._last_step(coin) @ along) if self._steady(coin) else None

    def _came_off(self, coin: str, k: int, t: float) -> list[Event]:
        """``coin``, lying at rest with tower ``k`` just behind it, struck toward it and not
        seen to move, struck its striker back: it went into the tower and came back off it
        between frames (hold-out P seed 3505 at 37.39 s: a guard 2.8 mm from its tower, its rim
        unread in the frame it was there, among the striker's blur). Its hit at ``t``, unless it
        is known on the tower already: lying touching it, or seen to hit it since it was last
        set down (its rim seen coming back: :meth:`_rim_bounces`)."""
        return [] if (coin, k) in self.on_tower else [self._rest_hit(coin, k, t)]

    def _rest_hit(self, coin: str, k: int, t: float) -> Event:
        """The hit at ``t`` of ``coin``, at rest, on tower ``k``, which it went into and came back
        off between frames: it is on that tower now, and no longer watched for that bounce."""
        self.on_tower.add((coin, k))
        self.rim_watch.pop(coin, None)
        return {"t": t, "event": "hit", "coin": coin, "feature": self.towers[k][0]}

    def _pinned(self, coin: str, striker: str, along: np.ndarray, out: list[Event]) -> None:
        """``coin``, struck at rest along the unit vector ``along`` and not seen to move, sent
        its striker straight back: it could not give way. With a tower straight behind it
        (within ``start_gap_mm``), it went into the tower and back into its striker between
        frames: it hit the tower and struck its striker in turn (and the blow, perhaps waiting to
        be shown by a nudge, stands)."""
        if coin in self._started or coin in self._hidden or coin not in self.last:
            return
        p = self.last[coin]
        first = self._first_tower(p, along, self.cfg.start_gap_mm)
        if first is None:
            return
        k = first[1]
        # It touched the tower before only if it lies touching it (a touch it came back from
        # unseen, by an earlier blow, has parted).
        if (coin, k) in self.on_tower and self._rests_on(self.towers[k][1], p):
            return
        t = self._when(0.0, striker)
        hit = self._rest_hit(coin, k, t)
        # Its striker's blow is no longer in doubt (nothing else sent it back).
        for pending in [
            u for u in self.unmoved if u[0]["coin"] == striker and u[0]["target"] == coin
        ]:
            self.unmoved.remove(pending)
            self._blow_stands(pending[0], pending[1], out)
        out.append(hit)
        out.append({"t": t, "event": "strike", "coin": coin, "target": striker})
        self.contact.add(frozenset((coin, striker)))

    def _flicked_unseen(self, coin: str, t: float, out: list[Event]) -> None:
        """``coin`` struck another at ``t`` from rest without being seen to move: it was flicked
        then, unless its flick is already known."""
        if self.flick_at.get(coin, -99) >= self._index - self.cfg.reflick_frames:
            return
        self.flick_at[coin] = self._index
        self._begin_turn()
        out.append({"t": t, "event": "flick", "coin": coin})

    def _misread_start(self, coin: str, a: np.ndarray, index: int, frame: TrackFrame) -> bool:
        """Whether ``coin``, seen to start in frame ``index`` from ``a``, lies within
        ``still_mm`` of ``a`` again with no other coin moving but those that set off before it
        (none of them one it struck): one reading misplaced it (hold-out T seed 4303 at 36.35 s:
        the edge of a withdrawing hand's shadow across a knight moved its reading 2.2 mm for a
        frame; fresh BG seed 11905 at 19.86 s the same, while the knight just flicked slid on
        160 mm away). No flick moves a coin and brings it back so soon."""
        at = frame.positions.get(coin)
        return (
            at is not None
            and float(np.hypot(*(np.array(at) - a))) <= self.cfg.still_mm
            and all(self.set_off.get(c, (index,))[0] < index for c in frame.moving - {coin})
        )

    def _begin_turn(self) -> None:
        """A flick: the turn is under way, until the rest."""
        if not self.flicked:
            self.flicked, self.turn_at = True, self._index

    def _turn_past(self) -> bool:
        """Whether the turn's flick was seen before this frame (the turn is under way)."""
        return self.flicked and self.turn_at < self._index

    def _out_with(
        self, coin: str, frame: TrackFrame, seg: Mapping[str, tuple[np.ndarray, np.ndarray]]
    ) -> str | None:
        """The coin that came out from under the hand in this frame with ``coin`` and struck
        it, unseen: one flick set both off. That one lay within ``pair_gap_mm`` of where
        ``coin`` lay, and ``coin`` set off away from it, and not it from ``coin``; or, lying
        farther, its way out (from where it lay to where it came out) came at ``coin`` and
        within twice that of touching it, and ``coin`` left that way, and not it ``coin``'s
        (fresh BS seed 14300 at 29.13 s: a knight flicked under the hand into one lying 11 mm
        off; development BN seed 13302 at 29.69 s, the same shape: both came out sliding
        together, the striker's way bent by the blow, and both were taken for flicked). None
        if none."""
        a, b = seg[coin]
        others = [
            (other, *seg[other])
            for other in frame.started
            if other != coin and other in self._unseen and other in self.last
        ]
        beside = (
            o
            for o, p, q in others
            if self._sets_off_from(a, p, b - a) and not self._sets_off_from(p, a, q - p)
        )
        apart = (
            o for o, p, q in others if self._way_met(p, q, a, b) and not self._way_met(a, b, p, q)
        )
        return next(beside, None) or next(apart, None)

    def _way_met(self, p: np.ndarray, q: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
        """Whether a coin whose way went p->q came at one that lay at ``a`` (toward it, to
        within ``2 * pair_gap_mm`` of touching it) and that one left where they met, going
        a->b within 60 degrees of the line from it, as a coin struck does."""
        met = _met(p, q, a)
        gap = a - met
        toward = float((met - p) @ (a - p)) > 0
        near = float(np.hypot(*gap)) <= COIN_MM + 2 * self.cfg.pair_gap_mm
        return toward and near and _leaves(gap, b - a)

    def _mover(
        self,
        i: str,
        j: str,
        i_reached_j: bool,
        j_reached_i: bool,
        seg: Mapping[str, tuple[np.ndarray, np.ndarray]],
        at: Mapping[str, Point],
        t: float,
    ) -> str:
        """Which of two coins that came into contact in this frame (at ``t``) struck the other.

        A coin sliding before the frame strikes one that lay at rest; of two sliding, the faster
        before the frame. Of two at rest before the frame (a flick that struck at once, or a
        chain in a scrum) the one whose path reached the other where it lay (moving toward it);
        failing that, :meth:`_pusher`: the hand behind it, or the pair's motion. A coin out of
        hiding struck one seen to set off only after ``t``: that one lay at rest then (fresh
        BB seed 10906 at 5.52 s: a guard flicked under the hand came back off its tower into
        the knight beside it, out of sight; the knight showed moving a frame before the guard
        showed, and was taken for the striker, and for flicked)."""
        for x, y in ((i, j), (j, i)):
            # ``y`` set off at the earliest in the frame before the one it was seen to start in.
            lay = self.set_off.get(y)
            later = lay is not None and t < self._t1 - (self._index - lay[0] + 1) * self.dt
            if x in self._unseen and y not in self._unseen and later:
                return x
        before_i, before_j = i in self._moving_before, j in self._moving_before
        if before_i != before_j:
            return i if before_i else j
        if before_i:
            return self._faster(i, j, seg)
        if i_reached_j != j_reached_i:
            return i if i_reached_j else j
        pi, pj = self._path(i, seg, at)[0], self._path(j, seg, at)[0]
        moved = {c: seg[c][1] - seg[c][0] if c in seg else np.zeros(2) for c in (i, j)}
        return self._pusher(i, j, pi, pj, moved)

    def _faster(self, i: str, j: str, seg: Mapping[str, tuple[np.ndarray, np.ndarray]]) -> str:
        """Of two coins, the faster before this frame (else over this frame): by its last step,
        or, if it was ``kicked`` in its last, by the longer of that and this frame's: a step
        across a bounce and one across a blow both read a coin slower than it was (hold-out F
        seed 905 at 8.68 s: a knight just back off a tower meets the guard it struck before,
        its last step short; R seed 3900 at 33.38 s: a guard back off a tile strikes a knight,
        slowed by the blow in this frame). A coin read moving where it was the frame before
        stepped nothing in its last: its last step seen is older (fresh CC seed 16400 at
        41.25 s: a knight struck, read setting off by a catch-up step of 1.5 mm and then still,
        was the faster by that step three frames on, when the knight that struck it came back
        off a tile into it, and was taken for the striker)."""

        def now(c: str) -> float:
            return float(np.hypot(*(seg[c][1] - seg[c][0]))) if c in seg else 0.0

        def last(c: str) -> float:
            return 0.0 if c in self._halted else float(np.hypot(*self._last_step(c)))

        vi, vj = (max(now(c), last(c)) if c in self.kicked else last(c) for c in (i, j))
        if vi == vj:
            vi, vj = now(i), now(j)
        return i if vi >= vj else j

    def _hits(self, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], out: list[Event]) -> None:
        cfg = self.cfg
        for coin, (a, b) in seg.items():
            p = a + self._coast(coin, b - a)
            before = self._last_step(coin)
            # Its last step a whole frame's slide (:meth:`_steady`); and, looked at only near a
            # tower, no other coin at hand to turn it.
            steady = self._steady(coin)
            crowded: bool | None = None
            back = self._traced_back(coin, a, b)
            for k, (name, tile) in enumerate(self.towers):
                if (
                    back is not None
                    and (coin, k) not in self.on_tower
                    and (t := self._bent_off(coin, k, a, b, back, out))
                ):
                    self.on_tower.add((coin, k))
                    out.append({"t": t, "event": "hit", "coin": coin, "feature": name})
                la, lb, lp = (self._tile_local(tile, v) for v in (a, b, p))
                d, u = segment_box(la, lb, TILE_MM / 2)
                dp, up = segment_box(la, lp, TILE_MM / 2)
                near = min(d, dp) <= _R + cfg.tower_kick_band_mm
                if steady and near and crowded is None:
                    crowded = self._crowded(coin, a, b)
                sliding = steady and near and not crowded
                normal = self._tile_normal(tile, a + u * (b - a))
                toward = -float(before @ normal) if sliding else 0.0
                # Seen sliding toward the tower before this frame: how it leaves tells.
                coming = toward >= cfg.tower_approach_mm
                reach = cfg.tower_kick_band_mm if coming else cfg.tower_touch_mm
                # A coin still touching the tower from before makes no new hit; once a frame
                # ends more than separate_mm off the tower it no longer touches it, even if
                # the frame's path began beside it (fresh BS seed 14306 at 28.98 s: a guard
                # lying 0.3 mm from its tower, flicked off under the hand, came out of hiding
                # 4 mm off it on its way back into it).
                if min(d, dp) <= _R + reach and (coin, k) not in self.on_tower:
                    # Nearest the tower where the frame's path starts and moving off it all
                    # along: it lay or came to that place before (a coin set off from beside
                    # its tower), and touches it now only if it touched it then.
                    if max(u, up) > 0:
                        self.on_tower.add((coin, k))
                        event = {
                            "t": self._when(u, coin),
                            "event": "hit",
                            "coin": coin,
                            "feature": name,
                        }
                        if coming:
                            # Read on the tower, or come within a touch of it too fast to stop.
                            if d <= _R + cfg.tower_sure_mm or (
                                _tower_gap(tile, b) <= cfg.tower_touch_mm
                                and self._must_reach(tile, a, b)
                            ):
                                out.append(event)
                            else:
                                self.kick[(coin, k)] = _Approach(
                                    event, before, b, self._index, normal
                                )
                        elif sliding:
                            # Sliding along the tower, not toward it: only a path read on it.
                            if d <= _R + cfg.tower_sure_mm:
                                out.append(event)
                            else:
                                self.on_tower.discard((coin, k))
                        elif d <= _R or self._must_reach(tile, a, b):
                            out.append(event)
                        elif d <= _R + cfg.tower_touch_mm:
                            graze = (event, d - _R, cfg.graze_bounce_mm, math.inf, b - a)
                            self.unsure[(coin, k)] = graze
                        else:
                            gap = _tower_gap(tile, b)
                            until = self._index + cfg.hit_bounce_frames
                            self.unsure[(coin, k)] = (event, gap, cfg.hit_bounce_mm, until, None)
                elif _tower_gap(tile, b) > cfg.separate_mm:
                    self.on_tower.discard((coin, k))

    def _traced_back(self, coin: str, a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
        """For a coin seen to set off in the frame before, from where it lay, in view then and
        now: where this frame's step ``a`` -> ``b`` (``coast_aim_mm`` at least), carried back
        from ``a``, comes level with where it lay (:meth:`_bent_off`). None for any other."""
        if (
            not self._set_off_last(coin)
            or coin in self._unseen
            or self.unhidden.get(coin, -99) >= self._index - 1
        ):
            return None
        step = b - a
        n = float(np.hypot(*step))
        if n < self.cfg.coast_aim_mm:
            return None
        u = step / n
        return a - u * max(float((a - self.set_off[coin][1]) @ u), 0.0)

    def _bent_off(
        self,
        coin: str,
        k: int,
        a: np.ndarray,
        b: np.ndarray,
        back: np.ndarray,
        out: Sequence[Event],
    ) -> float | None:
        """When a coin seen to set off in the frame before, from where it lay, touched tower
        ``k`` then, as this frame's step ``a`` -> ``b`` shows; None if it shows no turn by the
        tower, or that touch is a hit found already.

        That step's line, carried back from ``a`` as far as level with where the coin lay
        (``back``, :meth:`_traced_back`), runs ``bent_tower_mm`` or more into the tower: the
        coin cannot have slid along it from where it lay, so something turned it, and with no
        other coin near that line, the tower did, where the line comes nearest it (fresh BK
        seed 12707 at 17.19 s: a guard lying 1.7 mm from its tower, flicked past its corner,
        was turned 9 degrees off it before it was first seen, well clear of it)."""
        name, tile = self.towers[k]
        d, w = segment_box(self._tile_local(tile, a), self._tile_local(tile, back), TILE_MM / 2)
        if (
            d > _R - self.cfg.bent_tower_mm
            or self._crowded(coin, back, a)
            or self._hit_times(coin, name, self._t1 - 2 * self.dt, out)
        ):
            return None
        n = float(np.hypot(*(b - a)))
        return round(self._t1 - self.dt * (1 + w * float(np.hypot(*(a - back))) / n), 4)

    def _kicks(
        self, frame: TrackFrame, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], out: list[Event]
    ) -> None:
        """Settle the approaches :meth:`_hits` left to how the coin leaves the tower
        (``tower_kick_mm``): its velocity since, against its velocity before less what friction
        took off it, along the tower's outward normal. A coin lost from sight cannot show that it
        did not touch. One still coming on is let go, to be judged again on this frame's path."""
        cfg = self.cfg
        for (coin, k), (event, before, at, index, normal, leave, beside) in list(self.kick.items()):
            frames = frame.index - index
            if frame.positions.get(coin) is None or coin in frame.hidden:
                out.append(event)
            elif coin in seg and self._crowded(coin, at, seg[coin][1], beside, normal):
                # A coin came near: a blow from it may be what turned this one.
                self.on_tower.discard((coin, k))
            elif coin in seg:
                after = (seg[coin][1] - at) / frames
                # Friction's toll between the middles of the step before and of the steps since.
                expected = _shortened(before, cfg.friction_mm_s2 * self.dt**2 * (1.5 + frames / 2))
                away = float(after @ normal)
                kicked = away > leave and float((after - expected) @ normal) >= cfg.tower_kick_mm
                crept = not leave and away >= cfg.graze_bounce_mm and self._crept_to(k, at)
                if kicked or crept:
                    out.append(event)
                else:
                    self.on_tower.discard((coin, k))
            elif coin in frame.moving and frames < cfg.tower_kick_frames:
                continue
            else:
                self.on_tower.discard((coin, k))
            del self.kick[(coin, k)]

    def _crept_to(self, k: int, at: np.ndarray) -> bool:
        """Whether a coin come near tower ``k`` lay within ``tower_touch_mm`` of it at ``at``: one
        whose leaving shows no kick (on a slow coin, friction's toll hides one) touched it if it
        is then seen ``graze_bounce_mm`` back off it, as a graze is (hold-out Q seed 3700 at
        22.63 s: a knight crept in to 0.115 mm read and came 0.114 mm back off its tower).
        On the 146 dumped seeds, of the approaches seen within 0.6 mm of a tower that no kick
        showed, the 15 that never touched came back off it 0.007 mm at most; three true hits
        came back 0.08-0.114 mm."""
        return _tower_gap(self.towers[k][1], at) <= self.cfg.tower_touch_mm

    def _crowded(
        self,
        coin: str,
        a: np.ndarray,
        b: np.ndarray,
        beside: str = "",
        normal: np.ndarray | None = None,
    ) -> bool:
        """Whether a coin other than ``beside`` could have touched a coin sliding from ``a`` to
        ``b`` in a frame: it lay within ``touch_mm`` of that path (as last seen; farther by its
        last step if it was sliding), and a blow from it could turn the coin as a tower would:
        given the tower's outward ``normal``, only from the tower's side of the coin (a blow
        pushes a coin away from the coin that strikes it, so one from the far side sends it
        onto the tower, not off it)."""
        for c, q in self.last.items():
            if c in (coin, beside):
                continue
            slid = self.stepped.get(c) == self._index - 1
            step = float(np.hypot(*self.step[c])) if slid else 0.0
            reach = COIN_MM + self.cfg.touch_mm + step
            gap, nearest = _nearest(a, b, q)
            if gap <= reach and (normal is None or float((nearest - q) @ normal) > 0):
                return True
        return False

    def _must_reach(self, tile: Tile, a: np.ndarray, b: np.ndarray) -> bool:
        """Whether a coin sliding from ``a`` to ``b`` in a frame goes on too fast for friction to
        stop it short of the tower: on its straight way on, the slide still to come (step² / (2
        friction dt²)) takes its disc more than ``tower_touch_mm`` into the tower's square. Past
        a corner, a way on that leaves the square's side reaches nothing (hold-out X2 seed 904
        at 29.14 s: a guard slid on past its tower's corner 0.4 mm off it)."""
        step = b - a
        slide = float(step @ step) / (2 * self.cfg.friction_mm_s2 * self.dt**2)
        end = b + _unit(step) * slide
        d, _ = segment_box(self._tile_local(tile, b), self._tile_local(tile, end), TILE_MM / 2)
        return d < _R - self.cfg.tower_touch_mm

    def _tile_gap(self, tile: Tile, a: np.ndarray, b: np.ndarray) -> float:
        """The least gap (mm) between a coin's disc sliding from ``a`` to ``b`` and ``tile``."""
        la, lb = (self._tile_local(tile, v) for v in (a, b))
        return segment_box(la, lb, TILE_MM / 2)[0] - _R

    def _unsure_hits(
        self, frame: TrackFrame, seg: Mapping[str, tuple[np.ndarray, np.ndarray]], out: list[Event]
    ) -> None:
        """Report a held hit (:meth:`_hits`) once the coin shows it: its path reaches the tower,
        it is seen its ``bounce_mm`` farther from the tower than the nearest it came (it came
        off), or it is lost from sight (it cannot show that it did not). Drop it once the coin
        stops, or ``hit_bounce_frames`` frames on for a hit only the coasted path showed (it
        stopped short: a step of noise carried on, or a creep), and with it the coin's touch of
        the tower, so that a later touch is a hit."""
        for (coin, k), (event, least, bounce_mm, until, way) in list(self.unsure.items()):
            at = frame.positions.get(coin)
            tile = self.towers[k][1]
            if at is None or coin in frame.hidden:
                out.append(event)
            elif way is not None and coin in seg and self._went_on(way, seg[coin]):
                self.on_tower.discard((coin, k))
            else:
                gap = _tower_gap(tile, at)
                reached = coin in seg and self._tile_gap(tile, *seg[coin]) <= 0
                if reached or gap >= least + bounce_mm:
                    out.append(event)
                elif coin not in frame.moving or frame.index >= until:
                    self.on_tower.discard((coin, k))
                else:
                    self.unsure[(coin, k)] = (event, min(least, gap), bounce_mm, until, way)
                    continue
            del self.unsure[(coin, k)]

    def _went_on(self, way: np.ndarray, path: tuple[np.ndarray, np.ndarray]) -> bool:
        """Whether a coin whose path went ``way`` went on that way along ``path`` (turned by
        less than ``graze_turn_deg`` over a step of ``graze_straight_mm`` or more)."""
        step = path[1] - path[0]
        if float(np.hypot(*step)) < self.cfg.graze_straight_mm:
            return False
        cos = float(_unit(step) @ _unit(way))
        return cos >= math.cos(math.radians(self.cfg.graze_turn_deg))

    def _nudged_through(
        self, coin: str, at: np.ndarray, frame: TrackFrame, out: list[Event]
    ) -> None:
        """A coin flicked or struck in this turn whose place is corrected to ``at`` moved, by less
        than a start (its rim shows where to): a gate's line it crossed so is passed, when it was
        set going (fresh BM seed 13107 at 21.25 s: a knight lying on its gate's line, flicked out
        through it by 1.2 mm, hidden by the hand as it came to rest)."""
        began = max(self.flick_at.get(coin, -99), self.recent.get(coin, -99))
        if not self.flicked or began < self.turn_at or coin not in self.last:
            return
        found: list[Event] = []
        self._passes({coin: (self.last[coin], at)}, found)
        t = round(frame.t - (frame.index - began) * self.dt, 4)
        out += [{**e, "t": t} for e in found]

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


class _Contacts:
    """A :class:`CoinTable` observer of its first two coins: when each new contact between them
    came (once they parted by ``separate_mm``) and which of them was the faster just before it
    (the striker)."""

    def __init__(self, separate_mm: float) -> None:
        self.separate_mm = separate_mm
        self.touching = False
        self.blows: list[tuple[float, int]] = []

    def on_step(
        self, table: CoinTable, t0: float, t1: float, p0: np.ndarray, v0: np.ndarray
    ) -> None:
        gap = float(np.hypot(*(table.pos[0] - table.pos[1]))) - COIN_MM
        if (0, 1) in table.coin_touches and not self.touching:
            self.touching = True
            speed = np.hypot(v0[:, 0], v0[:, 1])
            self.blows.append((t1, 0 if speed[0] >= speed[1] else 1))
        elif gap > self.separate_mm:
            self.touching = False

    def on_off_table(self, table: CoinTable, coin: str, t: float, at: Point) -> None:
        pass


def _leaves(gap: np.ndarray, way: np.ndarray) -> bool:
    """Whether a coin moving by ``way`` goes off along ``gap`` (from another coin to it),
    within 60 degrees of it, as a coin struck by that one does (no move does not)."""
    return float(gap @ way) > 0.5 * float(np.hypot(*gap)) * float(np.hypot(*way))


def _struck(coin: str, out: list[Event]) -> bool:
    """Whether ``coin`` struck another among the events ``out``."""
    return any(e["event"] == "strike" and e["coin"] == coin for e in out)


def _least_nudge(readings: list[Point], base: np.ndarray) -> np.ndarray:
    """The median of a coin's ``readings`` of its rim (``offsets``) less the nearer of the two
    places it lay before a blow (``base``: :meth:`EventDetector._lay_before`)."""
    nudges = np.median(readings, axis=0) - base
    return nudges[int(np.argmin(np.hypot(*nudges.T)))]


def _closing(
    i: str, j: str, path_i: tuple[np.ndarray, np.ndarray], path_j: tuple[np.ndarray, np.ndarray]
) -> str:
    """Of two coins that meet again just after parting, sliding along ``path_i`` and ``path_j``
    (start, end) in this frame, the one whose step closes their gap the more: it struck the
    other (the one bounced back into its striker off a tower, say). Their steps before the
    frame date from before that bounce."""
    (ai, bi), (aj, bj) = path_i, path_j
    n = (bj - bi) / max(float(np.hypot(*(bj - bi))), 1e-9)
    return i if float((bi - ai) @ n) >= float((aj - bj) @ n) else j


def _slide_time(u: float, mm: float, span: float, friction: float) -> float:
    """When (as a share of ``span``, s) a coin that slid ``mm`` in ``span``, slowing at
    ``friction`` (mm/s^2) and perhaps stopping before the end, was at share ``u`` of its way:
    early, if it slid fast and then slowly; at the end's time only if it was still going.

    >>> round(_slide_time(0.5, 10.0, 1.0, 0.0), 3)
    0.5
    >>> round(_slide_time(1.0, 33.0, 0.3, 3300.0), 3)  # stopped after 0.141 s
    0.471
    """
    if span <= 0 or mm <= 0 or friction <= 0:
        return u
    if friction * span**2 / 2 >= mm:
        # It stopped before the end: at a standstill after sqrt(2 mm / friction).
        stop = math.sqrt(2 * mm / friction)
        return stop * (1 - math.sqrt(max(0.0, 1 - u))) / span
    v0 = mm / span + friction * span / 2
    return (v0 - math.sqrt(max(0.0, v0**2 - 2 * friction * u * mm))) / friction / span


def _shortened(step: np.ndarray, mm: float) -> np.ndarray:
    """``step`` made ``mm`` shorter along its own line (no shorter than nothing)."""
    n = float(np.hypot(*step))
    return step * (max(n - mm, 0.0) / n) if n > 0 else step


def _unit(v: np.ndarray) -> np.ndarray:
    """``v`` scaled to length 1 (a zero vector stays zero)."""
    n = float(np.hypot(*v))
    return v / n if n else v


def _tower_gap(tile: Tile, p: np.ndarray | Point) -> float:
    """The gap (mm) between a coin centred at ``p`` and ``tile``."""
    return tile.distance_to((float(p[0]), float(p[1]))) - _R


def _nearest(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> tuple[float, np.ndarray]:
    """The distance from ``p`` to the segment a->b and the segment's point nearest it."""
    d, u = segment_min(a - p, b - p)
    return d, a + u * (b - a)


def _met(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> np.ndarray:
    """Where a coin sliding a->b first comes within a coin's width of one lying at ``p`` (or
    the point of its path nearest ``p``, if it never comes that near).

    >>> _met(np.array([0.0, 0.0]), np.array([40.0, 0.0]), np.array([30.0, 0.0])).tolist()
    [10.95, 0.0]
    """
    d = b - a
    f = a - p
    aa, bb, cc = float(d @ d), float(f @ d), float(f @ f) - COIN_MM**2
    disc = bb * bb - aa * cc
    if aa == 0 or disc < 0:
        return _nearest(a, b, p)[1]
    u = min(max((-bb - math.sqrt(disc)) / aa, 0.0), 1.0)
    return a + u * d


def _reach(a: np.ndarray, b: np.ndarray, p: np.ndarray, rest: np.ndarray) -> tuple[float, float]:
    """How near a coin's path a->b (or its no-bounce path a->p) comes to a coin lying at
    ``rest``: (gap between centres, parameter)."""
    return min(segment_min(a - rest, b - rest), segment_min(a - rest, p - rest))


def _first_touch(a: np.ndarray, b: np.ndarray) -> float | None:
    """The first parameter in [0, 1] along segment a->b (tile-local) at which a coin's centre
    comes within its radius of the tile's square, or None."""
    us = np.linspace(0.0, 1.0, 161)
    p = a[None] + us[:, None] * (b - a)[None]
    q = np.maximum(np.abs(p) - TILE_MM / 2, 0.0)
    near = np.flatnonzero(np.hypot(q[:, 0], q[:, 1]) <= _R)
    return float(us[near[0]]) if len(near) else None


def _at_mouth(p: np.ndarray, half: np.ndarray) -> bool:
    """Whether a point on the corridor's boundary lies on a mouth (not on a tile's side)."""
    return abs(p[1]) / half[1] >= abs(p[0]) / half[0]
