"""Recorded tracks of simulated Croquetnole scenes: the event detector scored again in seconds.

Rendering and tracking a 30-flick scene takes half a minute; the event detector alone over the
tracker's reports takes a second or two. Most changes to the referee are to the detector, so a
set of hold-out scenes is tracked once (:func:`record`, saved with :meth:`Recording.save`) and
the detector is scored on the saved reports as often as needed (:func:`rescore`), with the true
layout or with the one read from each scene's set-up frame, as in play. The measures are those
of :func:`vision.lab.croquet_evaluate.evaluate` (without throughput), plus every error: each event
found that matches no true one and each true one missed. A recording holds the tracker's
reports, so it goes stale when the tracker changes: record the scenes again then.

A recording is a gzip file of JSON lines: a header (seed, camera mode, frame rate, the coins'
places in the first frame, the true events, the true and the read layouts, identity swaps) and
one :class:`vision.croquet.tracker.TrackFrame` per line, with where each coin truly was then
(``"true"``), so that an error can be looked into frame by frame (:func:`pair_gaps`).

``tableside croquetnole record DIR --seeds 6300-6307`` and ``tableside croquetnole rescore DIR``
are the command-line form.

>>> parse_seeds("6300-6302,6400")
(6300, 6301, 6302, 6400)
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from engines.croquetnole.layout import COIN_MM, Layout, Point
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.events import EventDetector
from vision.croquet.layout_reader import layout_offsets
from vision.croquet.tracker import TrackFrame
from vision.errors import VisionError
from vision.lab.croquet_evaluate import (
    EvalSpec,
    SceneRun,
    Tally,
    one_thread,
    random_scene,
    report,
    rest_errors,
    swaps,
    track_setup,
    unmatched,
)
from vision.sim.croquet_camera import MODES, CameraMode
from vision.sim.croquet_render import RenderConfig

Event = dict[str, Any]
#: The file format's version, in the header: a reader refuses another.
FORMAT = 1


@dataclass(frozen=True)
class Recording:
    """One simulated scene as the tracker reported it: everything the event detector and the
    scoring need, nothing of the frames themselves."""

    seed: int
    mode: str
    fps: float
    start: Mapping[str, Point]
    reports: tuple[TrackFrame, ...]
    truth: tuple[Event, ...]
    true_layout: Layout
    read_layout: Layout
    swaps: int
    #: Where each coin on the table truly was in each frame of ``reports`` (mm, to 0.01), and
    #: whether a camera could see it (at most half under a hand).
    true_places: tuple[Mapping[str, tuple[Point, bool]], ...] = ()

    def save(self, path: Path | str) -> None:
        """Write the recording to ``path`` (gzip JSON lines; see the module doc)."""
        header = {
            "format": FORMAT,
            "seed": self.seed,
            "mode": self.mode,
            "fps": self.fps,
            "start": {c: list(p) for c, p in self.start.items()},
            "truth": list(self.truth),
            "true_layout": self.true_layout.to_json(),
            "read_layout": self.read_layout.to_json(),
            "swaps": self.swaps,
        }
        places = [
            {c: [p[0], p[1], seen] for c, (p, seen) in frame.items()} for frame in self.true_places
        ]
        tmp = Path(f"{path}.part")
        with gzip.open(tmp, "wt", encoding="utf-8") as f:
            f.write(json.dumps(header) + "\n")
            for r, true in itertools.zip_longest(self.reports, places):
                f.write(json.dumps({**r.to_json(), "true": true}) + "\n")
        tmp.replace(path)

    def excerpt(self, t0: float, t1: float) -> Recording:
        """The recording from ``t0`` to ``t1`` (s): the reports and the true events between,
        every coin starting where the tracker had it at ``t0``. An error found in a scene, cut
        out small to keep as a test (saved and replayed like the whole: :func:`replay`)."""
        keep = [k for k, r in enumerate(self.reports) if t0 <= r.t <= t1]
        if len(keep) < 2:
            raise VisionError(f"no frames to cut between {t0} and {t1} s")
        first, last = keep[0], keep[-1]
        return replace(
            self,
            start=dict(self.reports[first].positions),
            reports=self.reports[first + 1 : last + 1],
            truth=tuple(e for e in self.truth if self.reports[first].t < e["t"] <= t1),
            true_places=self.true_places[first + 1 : last + 1],
        )

    @classmethod
    def load(cls, path: Path | str) -> Recording:
        """Read a recording :meth:`save` wrote; VisionError if it is not one."""
        try:
            with gzip.open(path, "rt", encoding="utf-8") as f:
                header = json.loads(f.readline())
                if header.get("format") != FORMAT:
                    raise VisionError(f"{path}: not a recording of format {FORMAT}")
                lines = [json.loads(line) for line in f]
            reports = tuple(TrackFrame.from_json(line) for line in lines)
            true_places = tuple(
                {c: ((float(x), float(y)), bool(seen)) for c, (x, y, seen) in line["true"].items()}
                for line in lines
                if line.get("true") is not None
            )
            return cls(
                seed=int(header["seed"]),
                mode=str(header["mode"]),
                fps=float(header["fps"]),
                start={c: (float(p[0]), float(p[1])) for c, p in header["start"].items()},
                reports=reports,
                truth=tuple(header["truth"]),
                true_layout=Layout.from_json(header["true_layout"]),
                read_layout=Layout.from_json(header["read_layout"]),
                swaps=int(header["swaps"]),
                true_places=true_places,
            )
        except (OSError, EOFError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise VisionError(f"{path}: not a readable recording ({exc})") from exc


def parse_seeds(text: str) -> tuple[int, ...]:
    """Seeds written as ``6300-6307,6400``: ranges (inclusive) and single seeds, comma-separated;
    VisionError for anything else."""
    seeds: list[int] = []
    try:
        for part in filter(None, (p.strip() for p in text.split(","))):
            lo, _, hi = part.partition("-")
            seeds += range(int(lo), int(hi or lo) + 1)
    except ValueError as exc:
        raise VisionError(f"seeds: {text!r} is not like 6300-6307,6400") from exc
    if not seeds:
        raise VisionError("seeds: none given")
    return tuple(seeds)


def record(
    seed: int,
    flicks: int = 30,
    mode: CameraMode = MODES["1536x864"],
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    render: RenderConfig | None = None,
) -> Recording:
    """Render the seeded random game of ``flicks`` flicks (as :func:`evaluate` does) through a
    camera in ``mode`` and track it, reading the tiles from the set-up frame as in play."""
    with one_thread():
        scene, renderer = random_scene(seed, flicks, mode, render or RenderConfig())
        tracker, read, frames = track_setup(scene, renderer, config=config, read_tiles=True)
        start = tracker.positions()
        reports = []
        places = []
        swapped: set[tuple[str, str]] = set()
        swapped_n = 0
        for image, truth in frames:
            reports.append(tracker.update(image, truth.index, truth.t))
            swapped_n += swaps(reports[-1].positions, reports[-1].hidden, truth, swapped)
            places.append(
                {
                    c: ((round(v.mm[0], 2), round(v.mm[1], 2)), v.visible)
                    for c, v in truth.coins.items()
                    if v.mm is not None and v.status == "on"
                }
            )
    return Recording(
        seed,
        mode.name,
        scene.fps,
        start,
        tuple(reports),
        tuple(scene.events),
        scene.layout,
        read,
        swapped_n,
        tuple(places),
    )


def replay(
    rec: Recording,
    read_tiles: bool = True,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    spec: EvalSpec | None = None,
) -> SceneRun:
    """The event detector run again over a recording's reports, against the read layout (or,
    without ``read_tiles``, the true one), scored as :func:`referee_scene` scores a scene."""
    spec = spec or EvalSpec()
    layout = rec.read_layout if read_tiles else rec.true_layout
    detector = EventDetector(layout, rec.fps, config)
    detector.start(rec.start)
    run = SceneRun(truth=list(rec.truth), swaps=rec.swaps, frames=len(rec.reports))
    for r in rec.reports:
        run.found += detector.update(r)
    run.rest_errors = rest_errors(run.found, run.truth, spec.rest_tol_s)
    if read_tiles:
        run.layout_mm = layout_offsets(rec.read_layout, rec.true_layout)["max"]
    return run


def pair_gaps(
    rec: Recording, a: str, b: str, t0: float, t1: float
) -> list[tuple[int, float, float | None, float | None]]:
    """Coins ``a`` and ``b`` frame by frame from ``t0`` to ``t1`` (s): the frame's index and
    time, and the gap between their discs (mm; negative where they overlap) as it truly was and
    as the tracker read it (None where either is off the table or, read, out of sight). The
    first thing to look at when a strike between them was missed or found wrongly."""
    out = []
    for k, r in enumerate(rec.reports):
        if not t0 <= r.t <= t1:
            continue
        true = rec.true_places[k] if k < len(rec.true_places) else {}
        gap: list[float | None] = []
        for places in ({c: p for c, (p, _) in true.items()}, r.positions):
            p, q = places.get(a), places.get(b)
            gap.append(None if p is None or q is None else math.dist(p, q) - COIN_MM)
        out.append((r.index, r.t, gap[0], gap[1]))
    return out


def rescore(
    recordings: Iterable[Recording],
    read_tiles: bool = True,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    spec: EvalSpec | None = None,
) -> dict[str, Any]:
    """The measures of :func:`vision.lab.croquet_evaluate.report` over the recordings (no
    throughput: nothing is tracked), with ``"errors"``: every event found that matches no true
    one and every true one missed, each with its scene's ``"seed"``."""
    spec = spec or EvalSpec()
    return _scored(
        ((r.seed, replay(r, read_tiles, config, spec)) for r in recordings), spec, read_tiles
    )


def _scored(
    runs: Iterable[tuple[int, SceneRun]], spec: EvalSpec, read_tiles: bool
) -> dict[str, Any]:
    tally = Tally()
    errors: list[dict[str, Any]] = []
    for seed, run in runs:
        tally.add(run, spec)
        errors += [{"seed": seed, **e} for e in unmatched(run, spec)]
    out = report(tally, {})
    del out["track_fps"], out["camera_fps"]
    out["layout"] = "read" if read_tiles else "true"
    out["errors"] = errors
    return out


def compare(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, list[Event]]:
    """The errors of ``after`` (a :func:`rescore` result) that ``before`` did not have
    (``"gained"``) and those of ``before`` it no longer has (``"mended"``): one error is another
    with the same seed, kind of error, event and coins, within 0.01 s.

    >>> a = {"errors": [{"seed": 1, "error": "missed", "t": 2.001, "event": "hit"}]}
    >>> compare(a, {"errors": []})["mended"] == a["errors"]
    True
    """

    def key(e: Mapping[str, Any]) -> str:
        return json.dumps({**e, "t": round(float(e["t"]), 2)}, sort_keys=True)

    old = {key(e): e for e in before.get("errors", [])}
    new = {key(e): e for e in after.get("errors", [])}
    return {
        "mended": [e for k, e in old.items() if k not in new],
        "gained": [e for k, e in new.items() if k not in old],
    }


def recording_files(paths: Iterable[Path | str]) -> list[Path]:
    """The recordings named: files, and every ``*.json.gz`` in the folders named (sorted);
    VisionError if there are none, or a path does not exist."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out += sorted(path.glob("*.json.gz"))
        elif path.is_file():
            out.append(path)
        else:
            raise VisionError(f"no recording or folder at {path}")
    if not out:
        raise VisionError("no recordings (*.json.gz) found")
    return out


def _record_one(job: tuple[int, int, str, str, CroquetVisionConfig]) -> tuple[int, int, Path]:
    seed, flicks, mode, out_dir, config = job
    rec = record(seed, flicks, MODES[mode], config)
    path = Path(out_dir) / f"{seed}-{mode}.json.gz"
    rec.save(path)
    return seed, len(rec.reports), path


def record_all(
    out_dir: Path | str,
    seeds: Iterable[int],
    flicks: int = 30,
    mode: str = "1536x864",
    jobs: int = 1,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    progress: Callable[[str], None] = lambda s: None,
) -> list[Path]:
    """Record each seed's scene into ``out_dir`` (``SEED-MODE.json.gz``), ``jobs`` at a time,
    telling ``progress`` as each is done."""
    if mode not in MODES:
        raise VisionError(f"mode: {mode!r} is not one of {', '.join(MODES)}")
    if flicks < 1:
        raise VisionError(f"flicks: {flicks} is fewer than one")
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    todo = [(seed, flicks, mode, str(out_dir), config) for seed in seeds]
    done: list[Path] = []
    with pool(jobs) as workers:
        for seed, frames, path in workers.imap_unordered(_record_one, todo):
            done.append(path)
            progress(f"recorded seed {seed} at {mode}: {frames} frames ({len(done)}/{len(todo)})")
    return sorted(done)


def _replay_file(job: tuple[Path, bool, CroquetVisionConfig, EvalSpec]) -> tuple[int, SceneRun]:
    path, read_tiles, config, spec = job
    rec = Recording.load(path)
    return rec.seed, replay(rec, read_tiles, config, spec)


def rescore_files(
    paths: Iterable[Path | str],
    read_tiles: bool = True,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    jobs: int = 1,
    spec: EvalSpec | None = None,
    progress: Callable[[str], None] = lambda s: None,
) -> dict[str, Any]:
    """:func:`rescore` over the recordings at ``paths`` (:func:`recording_files`), ``jobs`` at
    a time."""
    spec = spec or EvalSpec()
    files = recording_files(paths)
    runs: list[tuple[int, SceneRun]] = []
    with pool(jobs) as workers:
        for seed_run in workers.imap(_replay_file, [(f, read_tiles, config, spec) for f in files]):
            runs.append(seed_run)
            if len(runs) % 10 == 0 or len(runs) == len(files):
                progress(f"scored {len(runs)}/{len(files)} recordings")
    return _scored(runs, spec, read_tiles)


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
