"""Measuring the Croquetnole referee against the virtual table's ground truth.

:func:`evaluate` renders seeded scenes (virtual players with hands, motion blur, noise) through the
simulator, runs the coin referee (:class:`vision.croquet.motion.referee.CoinReferee`) on every
frame as it is drawn, and compares:

* events, per kind: a found event matches an unmatched true one of the same scene, kind and coin,
  the same feature or target and direction, within ``EvalSpec.time_tol_s`` (placements, seen only
  once the hand has gone, within ``place_tol_s``; rests, the last thing in each flick, within
  ``rest_tol_s``); precision and recall per kind; and the same for the strikes the rules act on
  (:data:`RULED`, :func:`ruled_strikes`), beside every contact's; every call counts as the
  referee's, the ones it would put to the players (confidence below
  :data:`vision.croquet.motion.calls.ASK_BELOW`) too, and how many it would ask and how many of
  those were true is reported beside;
* identity swaps: a tracked coin in sight reported within a coin's radius of another coin's true
  centre and farther from its own (counted once per swap, on any frame where both are visible);
* position error at rest: every coin in every matched ``rest``, in mm (median and worst);
* the tiles: events are judged against the layout read from each scene's set-up frame, as in
  play (``EvalSpec.read_tiles``), and how far its gates, doors and towers lie from the true ones
  is reported (mm, the worst feature of each scene: median and worst over the scenes);
* throughput: frames per second of the coin referee alone (the frame is drawn before
  the clock starts; OpenCV on one thread), by image size, beside the camera's 120 fps. The clock
  is the thread's CPU time: the referee's share of one core, which on a shared machine wall time
  overstates by whatever else runs (the same scene read 212-268 frames a second by wall time
  from one run to the next on the 2-core development machine).

>>> from vision.sim.croquet_camera import CameraMode
>>> spec = EvalSpec(seeds=(0,), flicks=1, mode=CameraMode(640, 360, 120.0))
>>> spec.mode.name
'640x360'
"""

from __future__ import annotations

import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import cv2
import numpy as np

from engines.croquetnole.layout import COIN_MM, Layout, Point, default_layout
from vision.croquet.calibrate import CameraIntrinsics, calibrate
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.layout_reader import layout_offsets, read_layout, table_size
from vision.croquet.motion.calls import ASK_BELOW, Place
from vision.croquet.motion.referee import CoinReferee
from vision.errors import VisionError
from vision.markers import marker_corners_mm
from vision.sim.croquet_camera import MODES, CameraMode, CameraModel
from vision.sim.croquet_render import CroquetRenderer, FrameTruth, RenderConfig
from vision.sim.croquet_scene import CroquetScene

Event = dict[str, Any]
KINDS = ("flick", "pass", "hit", "strike", "off_table", "place", "rest")
#: Not an event kind: the strikes the rules act on (:func:`ruled_strikes`), measured beside them.
RULED = "strike_ruled"
_KEYS = ("coin", "feature", "target", "direction")


@dataclass(frozen=True)
class EvalSpec:
    """Which scenes to run: one seeded random game of ``flicks`` flicks per seed, through a
    camera in ``mode`` rendered with ``render``; ``camera_known`` gives the tracker the camera's
    matrix and distortion (a calibrated camera) instead of fitting them to the markers;
    ``read_tiles`` judges the events against the layout read from the set-up frame (as in play:
    :func:`vision.croquet.layout_reader.read_layout`), not the true one."""

    seeds: tuple[int, ...] = (0,)
    flicks: int = 20
    mode: CameraMode = MODES["1536x864"]
    render: RenderConfig = field(default_factory=RenderConfig)
    camera_known: bool = False
    read_tiles: bool = True
    time_tol_s: float = 0.1
    place_tol_s: float = 1.0

    @property
    def rest_tol_s(self) -> float:
        """How far apart in time a found and a true ``rest`` (the last thing in each flick) may
        match: four times ``time_tol_s``."""
        return 4 * self.time_tol_s


@dataclass
class SceneRun:
    """What refereeing one simulated scene gave: the events found and the true ones, the
    position error (mm) of every coin in every matched rest, identity swaps, and the frames
    tracked with the seconds the tracker and event detector took over them."""

    found: list[Event] = field(default_factory=list)
    truth: list[Event] = field(default_factory=list)
    rest_errors: list[float] = field(default_factory=list)
    swaps: int = 0
    frames: int = 0
    seconds: float = 0.0
    #: How far (mm) the worst gate, door or tower read from the set-up frame lies from the true
    #: one (None when the events were judged against the true layout).
    layout_mm: float | None = None

    def of_kind(self, kind: str) -> tuple[list[Event], list[Event]]:
        """This scene's found and true events of ``kind`` (or the strikes the rules act on:
        :data:`RULED`)."""
        if kind == RULED:
            return ruled_strikes(self.found), ruled_strikes(self.truth)
        return (
            [e for e in self.found if e["event"] == kind],
            [e for e in self.truth if e["event"] == kind],
        )

    def pairs(
        self, kind: str, spec: EvalSpec, events: tuple[list[Event], list[Event]] | None = None
    ) -> list[tuple[Event, Event]]:
        """This scene's found events of ``kind`` paired with the true ones they match
        (``events``: :meth:`of_kind`, when already taken)."""
        f, g = events or self.of_kind(kind)
        if kind == "rest":
            return match_events(f, g, spec.rest_tol_s, 0.0)
        return match_events(f, g, spec.time_tol_s, spec.place_tol_s)


@dataclass
class Tally:
    """Every scene's measures added up. Events are matched within their own scene (each
    scene's clock starts at 0, so one scene's flick must not match another's) and counted
    per kind: [true, found, matched]."""

    events: dict[str, list[int]] = field(
        default_factory=lambda: {k: [0, 0, 0] for k in (*KINDS, RULED)}
    )
    rest_errors: list[float] = field(default_factory=list)
    swaps: int = 0
    frames: int = 0
    layout_mm: list[float] = field(default_factory=list)
    #: Calls the referee would put to the players, and how many of them were true.
    asked: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, run: SceneRun, spec: EvalSpec) -> None:
        for kind, counts in self.events.items():
            found, true = events = run.of_kind(kind)
            counts[0] += len(true)
            counts[1] += len(found)
            pairs = run.pairs(kind, spec, events)
            counts[2] += len(pairs)
            if kind in KINDS:
                true_ids = {id(f) for f, _ in pairs}
                asked = [e for e in found if e.get("confidence", 1.0) < ASK_BELOW]
                self.asked[0] += len(asked)
                self.asked[1] += sum(id(e) in true_ids for e in asked)
        self.rest_errors += run.rest_errors
        self.swaps += run.swaps
        self.frames += run.frames
        if run.layout_mm is not None:
            self.layout_mm.append(run.layout_mm)


def ruled_strikes(events: Sequence[Event]) -> list[Event]:
    """The strikes among ``events`` that the rules act on: the first contact of two coins in
    each flick, and another of the same two only once either has passed a gate or door or hit a
    tower since. A coin "may not strike the same coin again, unless it scores a gate, door, or
    tower first" (castle-croquetnole.txt) and a prisoner is taken at the first contact either way
    round (RULINGS), so a pair's later contacts in a flick change no ruling. Most come within a
    frame or two of the first (the struck coin knocked back off a tile into its striker, or
    caught up by it), where a camera at 120 frames a second may show none of them apart.

    >>> e = [{"t": 0.0, "event": "flick", "coin": "moons-knight"},
    ...      {"t": 0.1, "event": "strike", "coin": "moons-knight", "target": "suns-guard"},
    ...      {"t": 0.11, "event": "strike", "coin": "suns-guard", "target": "moons-knight"},
    ...      {"t": 0.2, "event": "pass", "coin": "moons-knight", "feature": "suns-gate"},
    ...      {"t": 0.3, "event": "strike", "coin": "moons-knight", "target": "suns-guard"},
    ...      {"t": 0.4, "event": "hit", "coin": "suns-guard", "feature": "suns-tower"},
    ...      {"t": 0.4, "event": "strike", "coin": "suns-guard", "target": "moons-knight"}]
    >>> [x["t"] for x in ruled_strikes(e)]
    [0.1, 0.3, 0.4]
    """
    out: list[Event] = []
    # When each pair last struck and each coin last scored, by place in time order (a hit and
    # the blow back off the tower may be found in the same frame, at the same time).
    struck: dict[frozenset[str], int] = {}
    scored: dict[str, int] = {}
    for n, e in enumerate(sorted(events, key=lambda e: e["t"])):
        if e["event"] == "flick":
            struck, scored = {}, {}
        elif e["event"] in ("pass", "hit"):
            scored[e["coin"]] = n
        elif e["event"] == "strike":
            pair = frozenset((e["coin"], e["target"]))
            if pair not in struck or any(scored.get(c, -1) > struck[pair] for c in pair):
                struck[pair] = n
                out.append(e)
    return out


def event_keys(events: Sequence[Event]) -> list[tuple[Any, ...]]:
    """Each event's kind, coin, feature or target and direction, in time order: what a test
    compares.

    >>> event_keys([{"t": 0.2, "event": "pass", "coin": "a", "feature": "suns-gate",
    ...              "direction": "in"}, {"t": 0.1, "event": "flick", "coin": "a"}])
    [('flick', 'a', None, None), ('pass', 'a', 'suns-gate', 'in')]
    """
    return [
        (e["event"], e.get("coin"), e.get("feature") or e.get("target"), e.get("direction"))
        for e in sorted(events, key=lambda e: e["t"])
    ]


def match_events(
    found: Sequence[Event], truth: Sequence[Event], time_tol_s: float, place_tol_s: float
) -> list[tuple[Event, Event]]:
    """Pairs (found, true) of matching events, each event used once, nearest in time first."""
    candidates = []
    for i, f in enumerate(found):
        for j, g in enumerate(truth):
            if f["event"] != g["event"] or any(f.get(k) != g.get(k) for k in _KEYS):
                continue
            tol = place_tol_s if f["event"] == "place" else time_tol_s
            dt = abs(f["t"] - g["t"])
            if dt <= tol:
                candidates.append((dt, i, j))
    used_f: set[int] = set()
    used_t: set[int] = set()
    pairs = []
    for _, i, j in sorted(candidates):
        if i not in used_f and j not in used_t:
            used_f.add(i)
            used_t.add(j)
            pairs.append((found[i], truth[j]))
    return pairs


def swaps(
    positions: Mapping[str, Point],
    hidden: AbstractSet[str],
    truth: FrameTruth,
    swapped: set[tuple[str, str]],
) -> int:
    """New identity swaps on this frame of a referee that has each coin at ``positions`` and
    holds ``hidden`` out of sight (a pair counts again only after it was right again). Only
    coins in sight count: one the tracker holds hidden keeps the place it was last seen at,
    named on no coin seen (as a hand draws back, another coin may show there first)."""
    seen = {c: np.array(v.mm) for c, v in truth.coins.items() if v.visible and v.mm is not None}
    now: set[tuple[str, str]] = set()
    for coin, at in positions.items():
        if coin not in seen or coin in hidden:
            continue
        p = np.array(at)
        own = float(np.hypot(*(p - seen[coin])))
        for other, q in seen.items():
            if other != coin and float(np.hypot(*(p - q))) < min(own, COIN_MM / 2):
                now.add((coin, other))
    new = len(now - swapped)
    swapped.clear()
    swapped |= now
    return new


def _setup(
    first: np.ndarray,
    scene: CroquetScene,
    renderer: CroquetRenderer,
    camera_known: bool,
    config: CroquetVisionConfig,
    read_tiles: bool,
) -> tuple[CoinReferee, Layout]:
    """Calibrate on the scene's first frame and set up the coin referee: it and the layout the
    events are judged against (read from that frame with ``read_tiles``, as in play; else the
    true one)."""
    known = CameraIntrinsics.from_json(renderer.camera.to_json()) if camera_known else None
    cal = calibrate(first, renderer.profile, known, config)
    layout: Layout = scene.layout
    if read_tiles:
        layout = read_layout(first, cal, table_size(renderer.profile), config, renderer.profile)
    markers = tuple(marker_corners_mm(renderer.profile).values())
    referee = CoinReferee(
        first, cal, scene.setup, layout, scene.fps, coins=scene.names, markers=markers
    )
    return referee, layout


class SceneReferee(Protocol):
    """What the scoring loop needs of a referee: the events it finds in each frame, where it
    has each coin, with the coins it holds out of sight (for counting identity swaps), and the
    events it still holds when the frames end."""

    def update(self, image: np.ndarray, truth: FrameTruth) -> list[Event]: ...

    def seen(self) -> tuple[Mapping[str, Point], AbstractSet[str]]: ...

    def finish(self) -> list[Event]: ...


#: Sets a referee up on a scene's first frame (raising :class:`VisionError` or ``ValueError``
#: when it cannot).
RefereeFactory = Callable[[np.ndarray, CroquetScene, CroquetRenderer], SceneReferee]


class TablesideReferee:
    """Tableside's coin referee on a simulated scene, set up on the scene's first frame as in
    play (:func:`_setup`); ``layout_mm`` is how far the worst gate, door or tower read from that
    frame lies from the true one (None with the true layout).

    In play the engine tells the referee which coins the rules say must be put down by hand
    (RULINGS: placements are by the referee's instruction; :meth:`CoinReferee.placements_due`).
    A scene has no engine: a hand of the scene that takes a coin up stands for that
    instruction, and the coin is due from then until the referee calls it placed."""

    def __init__(
        self,
        first: np.ndarray,
        scene: CroquetScene,
        renderer: CroquetRenderer,
        camera_known: bool = False,
        config: CroquetVisionConfig = DEFAULT_CONFIG,
        read_tiles: bool = False,
    ) -> None:
        self.referee, layout = _setup(first, scene, renderer, camera_known, config, read_tiles)
        self.layout_mm = layout_offsets(layout, scene.layout)["max"] if read_tiles else None
        self._due: set[str] = set()

    def update(self, image: np.ndarray, truth: FrameTruth) -> list[Event]:
        taken = {h.holding for h in truth.hands if h.holding is not None}
        if not taken <= self._due:
            self._due |= taken
            self.referee.placements_due(self._due)
        calls = self.referee.update(image, truth.t)
        placed = {c.coin for c in calls if isinstance(c, Place)}
        if placed & self._due:
            self._due -= placed
            self.referee.placements_due(self._due)
        return [call.to_json() for call in calls]

    def seen(self) -> tuple[Mapping[str, Point], AbstractSet[str]]:
        motion = self.referee.motion
        hidden = motion.hidden if motion is not None else frozenset()
        return self.referee.tracker.positions(), hidden

    def finish(self) -> list[Event]:
        """The calls still held when the frames end (a provisional name taken as a guess)."""
        return [call.to_json() for call in self.referee.finish()]


def score_scene(
    scene: CroquetScene,
    renderer: CroquetRenderer,
    referees: Mapping[str, RefereeFactory],
    rest_tol_s: float,
) -> tuple[dict[str, SceneRun], dict[str, Exception]]:
    """Render ``scene`` once, frame by frame, and referee every frame with each of
    ``referees`` (set up on the first frame), comparing with the ground truth: each one's run,
    and the error of each that could not set up (its run finds nothing, so it misses every
    true event)."""
    frames = renderer.frames(scene)
    first, _ = next(frames)
    live: dict[str, SceneReferee] = {}
    failed: dict[str, Exception] = {}
    for name, make in referees.items():
        try:
            live[name] = make(first, scene, renderer)
        except (VisionError, ValueError) as exc:
            failed[name] = exc
    runs = {name: SceneRun() for name in referees}
    swapped: dict[str, set[tuple[str, str]]] = {name: set() for name in live}
    for image, truth in frames:
        for name, referee in live.items():
            run = runs[name]
            start = time.thread_time()
            run.found += referee.update(image, truth)
            run.seconds += time.thread_time() - start
            run.frames += 1
            positions, hidden = referee.seen()
            run.swaps += swaps(positions, hidden, truth, swapped[name])
    for name, referee in live.items():
        runs[name].found += referee.finish()
    for name, run in runs.items():
        run.truth = scene.events
        run.rest_errors = rest_errors(run.found, run.truth, rest_tol_s)
        run.layout_mm = getattr(live.get(name), "layout_mm", None)
    return runs, failed


def rest_errors(found: Sequence[Event], truth: Sequence[Event], rest_tol_s: float) -> list[float]:
    """How far (mm) each coin of each found ``rest`` lies from where the matching true one has
    it."""
    rests = match_events(
        [e for e in found if e["event"] == "rest"],
        [e for e in truth if e["event"] == "rest"],
        rest_tol_s,
        0.0,
    )
    return [
        float(np.hypot(*(np.array(f["positions"][coin]) - np.array(at))))
        for f, g in rests
        for coin, at in g["positions"].items()
        if coin in f["positions"]
    ]


def referee_scene(
    scene: CroquetScene,
    renderer: CroquetRenderer,
    camera_known: bool = False,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    rest_tol_s: float = 0.2,
    read_tiles: bool = False,
) -> SceneRun:
    """Track one scene frame by frame as it is drawn with Tableside's referee and compare with
    its ground truth; with ``read_tiles``, judge the events against the layout read from the
    first frame. A scene it cannot set up on raises, as in play."""

    def tableside(first: np.ndarray, sc: CroquetScene, r: CroquetRenderer) -> SceneReferee:
        return TablesideReferee(first, sc, r, camera_known, config, read_tiles)

    runs, failed = score_scene(scene, renderer, {"tableside": tableside}, rest_tol_s)
    if failed:
        raise failed["tableside"]
    return runs["tableside"]


def unmatched(run: SceneRun, spec: EvalSpec) -> list[dict[str, Any]]:
    """The scene's errors: each found event that matches no true one (``"false"``) and each
    true one no found event matches (``"missed"``), kind by kind as :meth:`SceneRun.pairs`
    pairs them, in time order (a rest without its positions)."""
    out = []
    for kind in KINDS:
        pairs = run.pairs(kind, spec)
        found = {id(a) for a, _ in pairs}
        true = {id(b) for _, b in pairs}
        out += [("false", e) for e in run.found if e["event"] == kind and id(e) not in found]
        out += [("missed", e) for e in run.truth if e["event"] == kind and id(e) not in true]
    return [
        {"error": error, **{k: v for k, v in e.items() if k != "positions"}}
        for error, e in sorted(out, key=lambda x: x[1]["t"])
    ]


class _Serial:
    """A stand-in for a process pool of one: the work runs here, in order."""

    def imap(self, func: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        return map(func, items)

    imap_unordered = imap

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def pool(jobs: int) -> Any:
    """``jobs`` worker processes (each on one OpenCV thread), or the work done here for one."""
    return multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else _Serial()


@contextmanager
def one_thread() -> Iterator[None]:
    """OpenCV on one thread meanwhile: the referee's throughput is measured on one core, and
    scenes tracked side by side in processes must not fight over the cores."""
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        yield
    finally:
        cv2.setNumThreads(threads)


def random_scene(
    seed: int, flicks: int, mode: CameraMode, render: RenderConfig
) -> tuple[CroquetScene, CroquetRenderer]:
    """The seeded random game of ``flicks`` flicks on the default layout, and its renderer
    through a camera in ``mode`` over the table."""
    scene = CroquetScene.random(seed, flicks, default_layout())
    cam = CameraModel.over_table(mode, scene.layout.table)
    return scene, CroquetRenderer(scene.layout, cam, render, seed=seed)


def evaluate(
    specs: Iterable[EvalSpec] = (EvalSpec(),), config: CroquetVisionConfig = DEFAULT_CONFIG
) -> dict[str, Any]:
    """Run every spec's scenes and report the measures (see the module doc) as JSON."""
    tally = Tally()
    throughput: dict[str, list[float]] = {}
    with one_thread():
        for spec in specs:
            for seed in spec.seeds:
                scene, renderer = random_scene(seed, spec.flicks, spec.mode, spec.render)
                run = referee_scene(
                    scene, renderer, spec.camera_known, config, spec.rest_tol_s, spec.read_tiles
                )
                tally.add(run, spec)
                throughput.setdefault(spec.mode.name, []).append(run.frames / run.seconds)
    return report(tally, throughput)


def report(tally: Tally, throughput: Mapping[str, list[float]]) -> dict[str, Any]:
    """The measures as JSON: events per kind, swaps, rest position error, throughput."""
    kinds: dict[str, Any] = {
        kind: {
            "true": true,
            "found": found,
            "matched": hit,
            "precision": round(hit / found, 4) if found else None,
            "recall": round(hit / true, 4) if true else None,
        }
        for kind, (true, found, hit) in tally.events.items()
    }
    errors = tally.rest_errors
    tiles = tally.layout_mm
    return {
        "events": kinds,
        "flicks": tally.events["flick"][0],
        "frames": tally.frames,
        "identity_swaps": tally.swaps,
        "asked": {"calls": tally.asked[0], "true": tally.asked[1]},
        "rest_position_mm": {
            "median": round(statistics.median(errors), 3) if errors else None,
            "max": round(max(errors), 3) if errors else None,
            "coins": len(errors),
        },
        "layout_offset_mm": {
            "median": round(statistics.median(tiles), 3) if tiles else None,
            "max": round(max(tiles), 3) if tiles else None,
            "scenes": len(tiles),
        },
        "track_fps": {
            name: {
                "median": round(statistics.median(v), 1),
                "min": round(min(v), 1),
                "max": round(max(v), 1),
                "scenes": len(v),
            }
            for name, v in throughput.items()
        },
        "camera_fps": 120.0,
    }
