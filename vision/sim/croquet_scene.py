"""A simulated Croquetnole scene: a play's actions carried out by hands on the coin physics, seen
frame by frame at the camera's rate, with the ground-truth events.

Frames come lazily from :meth:`CroquetScene.frames` (never all in memory). Each
:class:`SceneFrame` holds the coins at the frame's time, and, for the renderer's motion blur and
rolling shutter, their centres sampled across a window around it; plus the hands. Hands move along
smooth key-framed paths in a plane ``height_mm`` above the table, their arm reaching back past the
table's edge: a flick's hand comes in behind the coin with its fingers sloping down to the
fingertip on the table, hovers, flicks, follows through a little and withdraws; a lift's hand
covers the coin, carries it (hidden, at a fixed offset from the palm)
and puts it down; a resting hand just stays. Actions run one after another, each starting
``pause_s`` after the previous one ended (a flick ends when everything has stopped and its hand
has gone).

>>> from vision.sim.croquet_script import Flick
>>> scene = CroquetScene({"moons-knight": (442.0, 552.0)},
...                      [Flick("moons-knight", 900.0, heading_deg=-90.0)])
>>> n = sum(1 for _ in scene.frames())
>>> [e["event"] for e in scene.events]
['flick', 'pass', 'rest']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from engines.croquetnole.layout import COIN_MM, Layout, Point, default_layout
from engines.croquetnole.names import COINS, FEATURES, feature_castle, feature_kind
from vision.sim.croquet_physics import HELD, ON, CoinTable, PhysicsConfig
from vision.sim.croquet_script import (
    Action,
    Flick,
    HandRest,
    Lift,
    Place,
    Play,
    RandomPlay,
    ScriptedPlay,
    TableView,
    Wait,
    parse_script,
    setup_positions,
    split_setup,
)
from vision.sim.croquet_truth import Event, EventRecorder

#: How far (mm) the fingertips reach ahead of the palm's centre (see :func:`hand_parts`).
FINGER_REACH_MM = 50.0


@dataclass(frozen=True)
class HandTiming:
    """How hands move: reach and withdraw times, a flick's hover before it, carrying speed, the
    pause between actions, the hand's height, the range (drawn per flick) of how far the
    flicking fingertip overlaps the back edge of the coin it flicks, and the hand's size
    (``scale``, relative to :func:`hand_parts`' hand: 0.8 a small hand, 1.2 a large one).

    The rules define a proper flick: "resting a single fingertip on the playing surface with the
    fingernail against the game piece, then either (1) straightening the finger with the hand
    held motionless, or (2) straightening the whole hand at the wrist" (castle-croquetnole.txt).
    So the fingertip (:data:`FINGER_REACH_MM` ahead of the palm's centre) stands at the coin's back
    rim, overlapping it by no more than a fingernail (``nail_mm``), and the hand lies behind the
    coin: it hides the coin's back edge, not the coin. The fingertip rests on the playing surface:
    a flicking hand slopes from the palm's centre (at ``height_mm``) down to the table at the
    fingertip (:func:`hand_heights`), so that perspective does not lift it over the coin."""

    reach_s: float = 0.35
    hover_s: float = 0.12
    leave_s: float = 0.35
    carry_mm_s: float = 400.0
    pause_s: float = 0.25
    height_mm: float = 40.0
    nail_mm: tuple[float, float] = (0.0, 4.0)
    scale: float = 1.0


@dataclass(frozen=True)
class HandPose:
    """A hand at one moment: palm centre (table mm, in the hand's plane ``height_mm`` above the
    table), ``arm`` the unit vector from the palm toward the shoulder, and the coin it holds."""

    palm: Point
    arm: Point
    height_mm: float
    holding: str | None = None
    #: A flicking hand: its fingers slope down to the fingertip resting on the table.
    flicking: bool = False
    #: The hand's size relative to the default hand (:attr:`HandTiming.scale`).
    scale: float = 1.0


@dataclass(frozen=True)
class HandPath:
    """Key frames (time, palm point) joined by smooth (smoothstep) moves."""

    keys: tuple[tuple[float, Point], ...]
    arm: Point
    height_mm: float
    flicking: bool = False
    scale: float = 1.0

    @property
    def start(self) -> float:
        return self.keys[0][0]

    @property
    def end(self) -> float:
        return self.keys[-1][0]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "keys": [[round(t, 5), round(p[0], 2), round(p[1], 2)] for t, p in self.keys],
            "arm": [round(self.arm[0], 5), round(self.arm[1], 5)],
            "height_mm": self.height_mm,
            "flicking": self.flicking,
        }
        if self.scale != 1.0:
            out["scale"] = self.scale
        return out

    def palm(self, t: float) -> Point:
        """The palm at time ``t`` (held at the first or last key outside the path's span)."""
        keys = self.keys
        if t <= keys[0][0]:
            return keys[0][1]
        for (ta, a), (tb, b) in itertools.pairwise(keys):
            if t <= tb:
                u = (t - ta) / (tb - ta) if tb > ta else 1.0
                s = u * u * (3 - 2 * u)
                return (a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1]))
        return keys[-1][1]


def _hand_frame(pose: HandPose, k: float) -> Callable[[float, float], tuple[float, float]]:
    """Map (mm forward of the palm's centre, mm to its side), times ``k``, to table mm."""
    ax, ay = pose.arm
    fx, fy = -ax, -ay
    sx, sy = -fy, fx
    px, py = pose.palm

    def pt(f: float, s: float) -> tuple[float, float]:
        f, s = f * k, s * k
        return (px + f * fx + s * sx, py + f * fy + s * sy)

    return pt


def hand_parts(pose: HandPose) -> list[np.ndarray]:
    """The hand's outline as convex polygons (palm, fingers, thumb, forearm) in table mm, lying in
    the hand's plane, ``pose.scale`` times the default hand's size (the arm still reaches 900 mm
    back): the renderer fills each one (their union is the hand)."""
    k = pose.scale
    pt = _hand_frame(pose, k)
    ang = np.linspace(0, 2 * math.pi, 20, endpoint=False)
    palm = np.array([pt(45 * math.cos(a), 40 * math.sin(a)) for a in ang])
    tip = FINGER_REACH_MM
    fingers = np.array([pt(5, -36), pt(42, -30), pt(tip, -12), pt(tip, 12), pt(42, 30), pt(5, 36)])
    thumb = np.array([pt(-5 + 14 * math.cos(a), 40 + 11 * math.sin(a)) for a in ang])
    arm = np.array([pt(-20, -33), pt(-20, 33), pt(-900 / k, 45), pt(-900 / k, -45)])
    return [palm, fingers, thumb, arm]


def sleeve_part(pose: HandPose, cuff_mm: float) -> np.ndarray:
    """A sleeve over the forearm of :func:`hand_parts` from ``cuff_mm`` (times the hand's scale)
    behind the palm's centre up the arm, a little wider than the arm."""
    k = pose.scale
    pt = _hand_frame(pose, k)
    w = 33 + 12 * (cuff_mm - 20) / 880 + 3
    return np.array([pt(-cuff_mm, -w), pt(-cuff_mm, w), pt(-900 / k, 48), pt(-900 / k, -48)])


def hand_heights(pose: HandPose, parts: list[np.ndarray]) -> list[np.ndarray]:
    """The height (mm) above the table of each corner of :func:`hand_parts`.

    A hand lies flat at ``height_mm``, except a flicking one: castle-croquetnole.txt defines the
    flick as "resting a single fingertip on the playing surface with the fingernail against the
    game piece", so from the palm's centre forward it slopes down to the table at the fingertip
    (:data:`FINGER_REACH_MM` ahead); the palm's back, the thumb and the arm stay at ``height_mm``.

    >>> pose = HandPose((0.0, 0.0), (-1.0, 0.0), 40.0, flicking=True)
    >>> corners = np.array([[50.0, 0.0], [25.0, 0.0], [-9.0, 0.0]])
    >>> [float(h) for h in hand_heights(pose, [corners])[0]]
    [0.0, 20.0, 40.0]
    """
    if not pose.flicking:
        return [np.full(len(p), pose.height_mm) for p in parts]
    forward = -np.asarray(pose.arm, float)
    reach = FINGER_REACH_MM * pose.scale
    out = []
    for p in parts:
        f = (p - np.asarray(pose.palm, float)) @ forward
        out.append(pose.height_mm * np.clip(1.0 - f / reach, 0.0, 1.0))
    return out


@dataclass(frozen=True, eq=False)
class SceneFrame:
    """The scene at frame ``index`` (time ``t`` s): per coin (ordered as ``names``) its centre
    ``pos`` (mm), the height of its underside ``height`` (mm), its ``status`` (ABSENT, ON, HELD,
    OFF of :mod:`croquet_physics`); its centre at times ``t + sample_dt`` (``samples``, (K, N, 2));
    and the hands."""

    index: int
    t: float
    names: tuple[str, ...]
    pos: np.ndarray
    height: np.ndarray
    status: np.ndarray
    sample_dt: np.ndarray
    samples: np.ndarray
    hands: tuple[HandPose, ...]


@dataclass(frozen=True)
class _Until:
    """What an action waits for: a time, or (``t`` None) everything at rest."""

    t: float | None


class CroquetScene:
    """A scene: coins standing at ``setup`` in the first frame, then ``play``'s actions (a play or
    a list of actions), simulated at ``fps``; ``seed`` draws the hands' details. After
    :meth:`frames` is exhausted, ``events`` holds the ground truth's events in time order."""

    def __init__(
        self,
        setup: Mapping[str, Point],
        play: Play | Sequence[Action],
        layout: Layout | None = None,
        fps: float = 120.0,
        physics: PhysicsConfig | None = None,
        timing: HandTiming = HandTiming(),
        tail_s: float = 0.3,
        seed: int = 0,
    ) -> None:
        self.layout = layout or default_layout()
        self.setup = dict(setup)
        self.play: Play = ScriptedPlay(play) if isinstance(play, Sequence) else play
        self.fps = fps
        self.physics = physics or PhysicsConfig()
        self.timing = timing
        self.tail_s = tail_s
        self._rng = np.random.default_rng(seed)
        self.names = tuple(c for c in COINS if c in self.setup) + tuple(
            c for c in COINS if c not in self.setup
        )
        self.table = CoinTable(self.layout, self.names, self.physics)
        self.recorder = EventRecorder(self.table)
        for coin, at in self.setup.items():
            self.recorder.setup(coin, at)
        self._hands: list[HandPath] = []
        #: Every hand path of the scene so far, for the ground truth file.
        self.hand_paths: list[HandPath] = []
        self._held: dict[str, tuple[HandPath, Point]] = {}
        self._free_at = 0.0
        self._bt: list[float] = [0.0]
        self._bp: list[np.ndarray] = [self.table.pos.copy()]
        self._bs: list[np.ndarray] = [self.table.status.copy()]

    @classmethod
    def from_script(cls, text: str, **kwargs: object) -> CroquetScene:
        """A scene from script text (module :mod:`croquet_script`): its opening placements are
        the setup."""
        setup, actions = split_setup(parse_script(text))
        return cls(setup, actions, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def random(
        cls, seed: int, flicks: int, layout: Layout | None = None, **kwargs: object
    ) -> CroquetScene:
        """A seeded game of ``flicks`` flicks by four virtual players (:class:`RandomPlay`), every
        coin on its start spot in the first frame."""
        lay = layout or default_layout()
        return cls(
            setup_positions(lay), RandomPlay(seed=seed, flicks=flicks), lay, seed=seed, **kwargs
        )  # type: ignore[arg-type]

    @property
    def events(self) -> list[Event]:
        return self.recorder.sorted_events()

    # -- frames ----------------------------------------------------------------------------------

    def frames(self, window_s: float = 0.0, samples: int = 1) -> Iterator[SceneFrame]:
        """Frames one by one until the play is over, everything rests and the hands have gone
        (plus ``tail_s``). Each frame samples the coins at ``samples`` times evenly spread over
        ``[t - window_s, t + window_s]`` (just ``t`` when ``samples`` is 1)."""
        script = self._script()
        wait: _Until | None = next(script, None)
        offsets = np.linspace(-window_s, window_s, samples) if samples > 1 else np.zeros(1)
        index = 0
        while True:
            t = index / self.fps
            wait = self._run_until(t + window_s, script, wait)
            yield self._frame(index, t, offsets)
            idle = wait is None and not self.table.is_moving()
            if idle and t >= max(self._free_at, self.table.stopped_at) + self.tail_s:
                return
            index += 1

    def _run_until(
        self, horizon: float, script: Iterator[_Until], wait: _Until | None
    ) -> _Until | None:
        while wait is not None:
            if wait.t is not None:
                if wait.t > horizon:
                    break
                self._physics_to(wait.t)
            else:
                self._physics_to(horizon)
                if self.table.is_moving():
                    break
            wait = next(script, None)
        self._physics_to(horizon)
        return wait

    def _physics_to(self, t: float) -> None:
        if t > self.table.t:
            self.table.advance(t, self)
        for coin, (path, offset) in self._held.items():
            p = path.palm(self.table.t)
            self.table.carry(coin, (p[0] + offset[0], p[1] + offset[1]))
        self._record()

    def _record(self) -> None:
        self._bt.append(self.table.t)
        self._bp.append(self.table.pos.copy())
        self._bs.append(self.table.status.copy())

    # step observer: forward to the recorder and keep the path for sampling
    def on_step(
        self, table: CoinTable, t0: float, t1: float, p0: np.ndarray, v0: np.ndarray
    ) -> None:
        self.recorder.on_step(table, t0, t1, p0, v0)
        self._record()

    def on_off_table(self, table: CoinTable, coin: str, t: float, at: Point) -> None:
        self.recorder.on_off_table(table, coin, t, at)

    def _frame(self, index: int, t: float, offsets: np.ndarray) -> SceneFrame:
        times = np.array(self._bt)
        pos = np.array(self._bp)
        want = t + offsets
        k = np.clip(np.searchsorted(times, want, side="right"), 1, len(times) - 1)
        span = times[k] - times[k - 1]
        u = np.where(span > 0, (want - times[k - 1]) / np.where(span > 0, span, 1.0), 1.0)
        u = np.clip(u, 0.0, 1.0)[:, None, None]
        samples = pos[k - 1] + (pos[k] - pos[k - 1]) * u
        keep = max(0, int(np.searchsorted(times, t + offsets[0] - 1.0 / self.fps)) - 1)
        status = self._bs[int(np.searchsorted(times, t, side="right")) - 1].copy()
        del self._bt[:keep], self._bp[:keep], self._bs[:keep]
        centre = int(np.argmin(np.abs(offsets)))
        holders = {id(path): coin for coin, (path, _) in self._held.items()}
        hands = tuple(
            HandPose(
                path.palm(t),
                path.arm,
                path.height_mm,
                holders.get(id(path)),
                path.flicking,
                path.scale,
            )
            for path in self._hands
            if path.start <= t <= path.end
        )
        self._hands = [p for p in self._hands if p.end >= t]
        return SceneFrame(
            index,
            t,
            self.names,
            samples[centre].copy(),
            self.table.height().copy(),
            status,
            offsets,
            samples,
            hands,
        )

    # -- carrying out actions --------------------------------------------------------------------

    def _view(self) -> TableView:
        tab = self.table
        positions = {n: tab.position(n) for i, n in enumerate(tab.names) if tab.status[i] == ON}
        missing = tuple(
            n for i, n in enumerate(tab.names) if tab.status[i] != ON and tab.status[i] != HELD
        )
        return TableView(tab.t, self.layout, positions, missing, self.recorder.events)

    def _script(self) -> Iterator[_Until]:
        while True:
            action = self.play.next_action(self._view())
            if action is None:
                return
            start = max(self.table.t, self._free_at) + self.timing.pause_s
            if isinstance(action, Flick):
                yield from self._flick(action, start)
            elif isinstance(action, Lift):
                yield from self._carry(action.coin, action.to, start, lift=True)
            elif isinstance(action, Place):
                yield from self._carry(action.coin, action.at, start, lift=False)
            elif isinstance(action, HandRest):
                yield from self._rest(action, start)
            else:
                assert isinstance(action, Wait)
                self._free_at = start - self.timing.pause_s + action.duration_s
                yield _Until(self._free_at)

    def _direction(self, a: Flick, here: Point) -> Point:
        if a.heading_deg is not None:
            h = math.radians(a.heading_deg)
            return (math.cos(h), math.sin(h))
        if isinstance(a.toward, str):
            if a.toward in FEATURES:
                geo = self.layout.castle(feature_castle(a.toward))
                kind = feature_kind(a.toward)
                aim = geo.tower.center if kind == "tower" else getattr(geo, kind).center
            else:
                aim = self.table.position(a.toward)
        elif a.toward is not None:
            aim = a.toward
        else:
            raise ValueError("a flick needs a heading or something to aim toward")
        d = (aim[0] - here[0], aim[1] - here[1])
        n = math.hypot(*d)
        if n == 0:
            raise ValueError(f"{a.coin} already stands where it is aimed")
        return (d[0] / n, d[1] / n)

    def _outside(self, p: Point, direction: Point) -> Point:
        """A point along ``direction`` from ``p`` well beyond the table's edge (where an arm
        comes from)."""
        w, h = self.layout.table
        reach = []
        for k, size in ((0, w), (1, h)):
            if direction[k] > 1e-9:
                reach.append((size - p[k]) / direction[k])
            elif direction[k] < -1e-9:
                reach.append(-p[k] / direction[k])
        s = max(0.0, min(reach)) + 350.0
        return (p[0] + s * direction[0], p[1] + s * direction[1])

    def _nearest_edge(self, p: Point) -> Point:
        w, h = self.layout.table
        options = (
            (p[0], (-1.0, 0.0)),
            (w - p[0], (1.0, 0.0)),
            (p[1], (0.0, -1.0)),
            (h - p[1], (0.0, 1.0)),
        )
        return min(options)[1]

    def _add_hand(self, path: HandPath) -> None:
        self._hands.append(path)
        self.hand_paths.append(path)
        self._free_at = max(self._free_at, path.end)

    def _flick(self, a: Flick, start: float) -> Iterator[_Until]:
        tm = self.timing
        here = self.table.position(a.coin)
        d = self._direction(a, here)
        arm = (-d[0], -d[1])
        reach = FINGER_REACH_MM * tm.scale
        behind = COIN_MM / 2 + reach - float(self._rng.uniform(*tm.nail_mm))
        palm = (here[0] - d[0] * behind, here[1] - d[1] * behind)
        away = self._outside(palm, arm)
        through = (palm[0] + 12 * d[0], palm[1] + 12 * d[1])
        t_flick = start + tm.reach_s + tm.hover_s
        path = HandPath(
            (
                (start, away),
                (start + tm.reach_s, palm),
                (t_flick, palm),
                (t_flick + 0.05, through),
                (t_flick + 0.05 + tm.leave_s, away),
            ),
            arm,
            tm.height_mm,
            flicking=True,
            scale=tm.scale,
        )
        self._add_hand(path)
        yield _Until(t_flick)
        self.recorder.flick(a.coin, (d[0] * a.speed_mm_s, d[1] * a.speed_mm_s))
        yield _Until(None)
        self.recorder.rest()
        self._free_at = max(self._free_at, self.table.stopped_at)

    def _carry(self, coin: str, to: Point, start: float, lift: bool) -> Iterator[_Until]:
        """A hand lifts ``coin`` (or brings it from off the table) and puts it down at ``to``."""
        tm = self.timing
        i = self.table.index[coin]
        src = self.table.position(coin) if lift else to
        if lift and self.table.status[i] != ON:
            raise ValueError(f"{coin} is not on the table to be lifted")
        arm = self._nearest_edge(src)
        offset = (-arm[0] * 25.0, -arm[1] * 25.0)
        palm_src = (src[0] - offset[0], src[1] - offset[1])
        palm_dst = (to[0] - offset[0], to[1] - offset[1])
        t_grab = start + tm.reach_s + tm.hover_s
        t_put = t_grab + (max(0.3, math.dist(src, to) / tm.carry_mm_s) if lift else 0.0)
        keys = (
            (start, self._outside(palm_src, arm)),
            (start + tm.reach_s, palm_src),
            (t_grab, palm_src),
            (t_put, palm_dst),
            (t_put + tm.hover_s, palm_dst),
            (t_put + tm.hover_s + tm.leave_s, self._outside(palm_dst, arm)),
        )
        path = HandPath(keys, arm, tm.height_mm, scale=tm.scale)
        self._add_hand(path)
        if lift:
            yield _Until(t_grab)
        self.recorder.lift(coin)
        self._held[coin] = (path, offset)
        yield _Until(t_put)
        del self._held[coin]
        self.recorder.place(coin, to)

    def _rest(self, a: HandRest, start: float) -> Iterator[_Until]:
        tm = self.timing
        arm = self._nearest_edge(a.near)
        away = self._outside(a.near, arm)
        t_in = start + tm.reach_s
        self._add_hand(
            HandPath(
                (
                    (start, away),
                    (t_in, a.near),
                    (t_in + a.duration_s, a.near),
                    (t_in + a.duration_s + tm.leave_s, away),
                ),
                arm,
                tm.height_mm,
                scale=tm.scale,
            )
        )
        yield _Until(self._free_at)
