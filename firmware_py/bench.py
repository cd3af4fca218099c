"""``tableside bench``: the speed and accuracy measurements (never asserted in tests).

Each measure is one JSON object with its median, spread and what was measured (DESIGN, CONTRACT:
command line). Images are rendered and decoded *before* timing starts: the benchmark times the
referee, not the renderer or the codec. OpenCV is held to one thread ("one core").

Koper measures (issue 2):

* ``koper_read_s`` / ``koper_read_s_2304x1296``: reading one still, seconds, median over runs.
* ``koper_accuracy``: per card design, the share of cards and of checkers read right.
* ``koper_movegen``: legal moves generated per second over positions of seeded random games.
* ``koper_pieces`` (issue 59): per kind of piece a club brings (draughts 30-45 mm, flat discs,
  poker chips, two kinds of coin), the share of cells whose has-a-checker is read right and of
  checkers read with the right colour, as a game reads them (the sets learnt at the start
  position), as one ``koper read`` reads them (nothing learnt), and by the simple baseline
  finder (:mod:`vision.lab.koper_baseline`); on the held-back card designs apart (the figures to
  believe) and on tuning designs.

* ``koper_unseen`` (issue 59): per held-back card design, read as a deck the reader was never
  given (its family left out of the profiles and the design-free exemplars), full-resolution
  stills: the share of cells read right, how many cells read for sure are wrong, and how many
  cards a game would ask the players about (``asked`` of ``cards``).
* ``koper_unseen_composed``: the same for the held-back composed decks
  (:data:`vision.lab.koper_evaluate.COMPOSED_HELD_BACK`, drawn from fonts and pip shapes),
  apart from the designs: the estimate of a club deck unlike any design sheet.
* ``koper_unseen_read``: one 4608x2592 still of the first held-back design read as an unknown
  deck, beside the issue's targets (:data:`UNSEEN_TARGETS`): seconds in process, and seconds
  and peak resident memory of the whole ``tableside koper read`` process on it saved as a
  JPEG (the real command line, pinned to one CPU, after one untimed run that fills the
  caches), medians over runs.

Croquetnole measures (issue 4), over seeded simulated games with hands, blur and noise:

* ``croquet_events``: precision and recall of each event kind against the ground truth, and
  of the strikes the rules act on (``strike_ruled``: a pair's first contact in a flick, and
  another only after one of the two has scored; :func:`vision.lab.croquet_evaluate.ruled_strikes`).
* ``croquet_identity_swaps``, ``croquet_rest_error_mm`` (median and worst position error).
* ``croquet_layout_error_mm``: how far the gates, doors and towers read from each set-up frame
  (the layout the events are judged against, as in play) lie from the true ones.
* ``croquet_track_fps`` (1536x864) and ``croquet_track_fps_1280x720``: the coin referee's
  throughput on one core (frames per second of the thread's CPU time), beside the
  camera's 120 fps.
* ``croquet_families``: the same measures per family of table variation, Tableside and the
  simple baseline side by side on the same frames, the held-back families apart and pooled
  (``held_back``): the figures to believe (:mod:`vision.lab.croquet_families`).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2

Progress = Callable[[str], None]

READ_SIZES = ((4608, 2592), (2304, 1296))
#: The issue's targets for reading a 4608x2592 still of an unknown deck on one core.
UNSEEN_TARGETS = {"in_process_s": 0.5, "process_s": 1.5, "peak_mb": 400.0}


def spread(values: Sequence[float], **what: Any) -> dict[str, Any]:
    """Median, min and max of ``values`` with a description of what was measured."""
    return {
        "median": round(statistics.median(values), 6),
        "min": round(min(values), 6),
        "max": round(max(values), 6),
        "runs": len(values),
        **what,
    }


def timed(fn: Callable[[], Any], runs: int) -> list[float]:
    """Wall-clock seconds of ``runs`` calls of ``fn``, after one untimed warm-up call."""
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


#: Runs a command (argv[2:]) on the CPU argv[1] (-1: any) and prints its wall seconds, peak
#: resident kilobytes and exit code. A process's peak counts the memory of the process it was
#: forked from, so the command is started from this small interpreter, not from the bench.
_LAUNCHER = """
import os, sys, time
if int(sys.argv[1]) >= 0:
    os.sched_setaffinity(0, {int(sys.argv[1])})
quiet = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
start = time.perf_counter()
pid = os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ, file_actions=quiet)
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def child_usage(command: Sequence[str], cpu: int | None = None) -> tuple[float, float]:
    """Wall seconds and peak resident memory (MB) of running ``command`` (its first word a path)
    to its end, pinned to the one CPU ``cpu`` when given. Raises CalledProcessError when it
    fails.

    >>> seconds, peak_mb = child_usage([sys.executable, "-c", "pass"])
    >>> seconds > 0 and peak_mb > 0
    True
    """
    which = -1 if cpu is None else cpu
    launched = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, str(which), *command],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, kilobytes, code = launched.stdout.split()
    if int(code):
        raise subprocess.CalledProcessError(int(code), command, stderr=launched.stderr)
    return float(seconds), int(kilobytes) / 1024.0  # Linux gives kilobytes


def bench_koper_unseen_read(runs: int, progress: Progress) -> dict[str, Any]:
    """An unknown deck's still read in process and by the whole command (see the module's
    ``koper_unseen_read``); nothing when no held-back design is installed."""
    from vision.cards import list_designs
    from vision.koper import read_board
    from vision.lab.koper_evaluate import HELD_BACK_DESIGNS, unseen_decks
    from vision.sim.koper_board import render_board
    from vision.sim.koper_layout import random_layout

    design = next((d for d in HELD_BACK_DESIGNS if d in list_designs()), None)
    if design is None:
        return {}
    width, height = READ_SIZES[0]
    progress(f"koper unseen read: {design} at {width}x{height}, {runs} reads in and out of process")
    cells, checkers = random_layout(2059)
    image = render_board(cells, checkers, design, seed=2059, size=(width, height)).image
    deck = unseen_decks(design)
    in_process = timed(lambda: read_board(image, deck=deck), runs)
    cpu = min(os.sched_getaffinity(0))
    with tempfile.TemporaryDirectory() as folder:
        still = Path(folder) / "board.jpg"
        cv2.imwrite(str(still), image)
        command = [sys.executable, "-m", "firmware_py.cli", "koper", "read", str(still)]
        command += ["--deck", ",".join(deck)]
        child_usage(command, cpu)
        usage = [child_usage(command, cpu) for _ in range(runs)]
    return {
        "koper_unseen_read": {
            "in_process_s": spread(in_process, target=UNSEEN_TARGETS["in_process_s"]),
            "process_s": spread([s for s, _ in usage], target=UNSEEN_TARGETS["process_s"]),
            "peak_mb": spread([mb for _, mb in usage], target=UNSEEN_TARGETS["peak_mb"]),
            "image": f"{width}x{height}",
            "design": design,
            "threads": 1,
        }
    }


def bench_koper_read(runs: int, progress: Progress) -> dict[str, Any]:
    """Seconds to read one Koper still at each camera size (rendered, decoded beforehand)."""
    from vision.koper import read_board
    from vision.sim.koper_board import render_board
    from vision.sim.koper_layout import random_layout

    out: dict[str, Any] = {}
    for width, height in READ_SIZES:
        progress(f"koper read at {width}x{height}: rendering the boards")
        shots = []
        for seed in range(3):
            cells, checkers = random_layout(seed + 100)
            shots.append(
                render_board(cells, checkers, "anglo", seed=seed + 100, size=(width, height)).image
            )
        progress(f"koper read at {width}x{height}: timing {runs} reads x {len(shots)} boards")
        times: list[float] = []
        for image in shots:
            times += timed(lambda image=image: read_board(image, deck="anglo"), runs)
        size = f"{width}x{height}"
        key = "koper_read_s" if (width, height) == READ_SIZES[0] else f"koper_read_s_{size}"
        out[key] = spread(times, image=size, deck="anglo", threads=1)
    return out


def bench_koper_accuracy(boards: int, designs: int | None, progress: Progress) -> dict[str, Any]:
    """Per design, the share of cards and checkers read right on rendered full-resolution
    stills (every French-suited design of gnome-cards-data, or the first ``designs``)."""
    from vision.cards import list_designs
    from vision.lab.koper_evaluate import evaluate_designs

    chosen = list_designs()[:designs] if designs else list_designs()
    progress(f"koper accuracy: {boards} boards x {len(chosen)} designs at 4608x2592")
    result = evaluate_designs(chosen, boards_per_design=boards, seed=2026, size=(4608, 2592))
    return {"koper_accuracy": result}


def bench_koper_unseen(boards: int, progress: Progress) -> dict[str, Any]:
    """Cards of the held-back designs, and apart of the held-back composed decks, read as
    unknown decks, ``boards`` stills each."""
    from vision.cards import list_designs
    from vision.lab.koper_evaluate import COMPOSED_HELD_BACK, HELD_BACK_DESIGNS, evaluate_designs

    groups = {
        "koper_unseen": [d for d in HELD_BACK_DESIGNS if d in list_designs()],
        "koper_unseen_composed": list(COMPOSED_HELD_BACK),
    }
    kept = ("card_accuracy", "failed", "sure_cells", "sure_wrong", "asked", "cards")
    out: dict[str, Any] = {}
    for group, chosen in groups.items():
        progress(f"{group}: {boards} boards x {len(chosen)} decks at 4608x2592")
        result = evaluate_designs(chosen, boards, seed=2059, size=(4608, 2592), deck="unseen")
        out[group] = {d: {k: r[k] for k in kept} for d, r in result.items()}
    return out


def bench_koper_pieces(boards: int, designs: int, progress: Progress) -> dict[str, Any]:
    """Checkers of every kind of piece read right: learnt, unlearnt and by the baseline, on
    ``designs`` held-back and ``designs`` tuning card designs, ``boards`` boards each."""
    from vision.cards import list_designs
    from vision.lab.koper_evaluate import HELD_BACK_DESIGNS, evaluate_designs
    from vision.sim.koper_board import PIECE_KINDS

    groups = {
        "held_back": [d for d in HELD_BACK_DESIGNS if d in list_designs()][:designs],
        "tuning": [d for d in list_designs() if d not in HELD_BACK_DESIGNS][:designs],
    }
    out: dict[str, Any] = {}
    for group, chosen in groups.items():
        for kind in PIECE_KINDS:
            progress(f"koper pieces: {kind} on {len(chosen)} {group} designs x {boards} boards")
            learnt = evaluate_designs(
                chosen, boards, seed=59, pieces=kind, learn=True, baseline=True
            )
            free = evaluate_designs(chosen, boards, seed=59, pieces=kind)

            def pooled(result: dict[str, dict], key: str) -> float:
                return round(statistics.mean(r[key] for r in result.values()), 4)

            out[f"{group}/{kind}"] = {
                "presence": pooled(learnt, "checker_presence_accuracy"),
                "colour": pooled(learnt, "checker_colour_accuracy"),
                "presence_unlearnt": pooled(free, "checker_presence_accuracy"),
                "colour_unlearnt": pooled(free, "checker_colour_accuracy"),
                "baseline_presence": pooled(learnt, "baseline_presence_accuracy"),
                "baseline_colour": pooled(learnt, "baseline_colour_accuracy"),
                "cards": pooled(learnt, "card_accuracy"),
                "boards": boards * len(chosen),
                "size": "1536x864",
            }
    return {"koper_pieces": out}


def bench_koper_movegen(positions: int, runs: int, progress: Progress) -> dict[str, Any]:
    """Legal Koper moves generated per second over positions from seeded random games."""
    from engines.core import Action
    from engines.koper import GAME, legal_moves
    from engines.koper.state import Phase

    progress(f"koper move generation: {positions} positions")
    rng = random.Random(7)
    states = []
    state = GAME.new_state({}, seed=7)
    while len(states) < positions:
        if state.phase is not Phase.MOVE:
            state = GAME.new_state({}, seed=rng.randrange(1 << 30))
            continue
        states.append(state)
        move = rng.choice(sorted(legal_moves(state), key=lambda m: (m.frm, m.to)))
        step = GAME.apply(
            state, Action("move", state.to_act, {"from": list(move.frm), "to": list(move.to)})
        )
        assert step.state is not None
        state = step.state
    count = sum(len(legal_moves(s)) for s in states)
    times = timed(lambda: [legal_moves(s) for s in states], runs)
    rates = [count / t for t in times]
    return {"koper_movegen": spread(rates, unit="moves/s", positions=positions, moves=count)}


def bench_croquet(flicks: int, seeds: int, progress: Progress) -> dict[str, Any]:
    """Event precision/recall, identity swaps, rest error and throughput on simulated games."""
    from vision.lab.croquet_evaluate import EvalSpec, evaluate
    from vision.sim.croquet_camera import MODES

    per_seed = max(1, flicks // seeds)
    progress(
        f"croquetnole: {seeds} games x {per_seed} flicks at 1536x864, 2 at 1280x720 "
        "(rendered frame by frame; this takes minutes)"
    )
    specs = (
        EvalSpec(seeds=tuple(range(seeds)), flicks=per_seed, mode=MODES["1536x864"]),
        EvalSpec(seeds=(1000, 1001), flicks=per_seed, mode=MODES["1280x720"]),
    )
    result = evaluate(specs)
    fps = result["track_fps"]
    out: dict[str, Any] = {
        "croquet_events": {
            **result["events"],
            "flicks": result["flicks"],
            "frames": result["frames"],
        },
        "croquet_identity_swaps": result["identity_swaps"],
        "croquet_rest_error_mm": result["rest_position_mm"],
        "croquet_layout_error_mm": result["layout_offset_mm"],
    }
    for name, key in (
        ("1536x864", "croquet_track_fps"),
        ("1280x720", "croquet_track_fps_1280x720"),
    ):
        if name in fps:
            out[key] = {
                **fps[name],
                "image": name,
                "camera_fps": result["camera_fps"],
                "threads": 1,
            }
    return out


def bench_croquet_families(seeds: int, flicks: int, progress: Progress) -> dict[str, Any]:
    """Tableside beside the simple baseline on every group of table variation."""
    from vision.lab.croquet_families import GROUPS, FamilySpec, evaluate_families, group_seeds

    progress(
        f"croquetnole families: {seeds} scene(s) x {flicks} flicks for each of {len(GROUPS)} "
        "groups, Tableside and the baseline on the same frames (minutes)"
    )
    specs = [FamilySpec(g, s, flicks) for g, s in group_seeds(GROUPS, seeds).items()]
    return {"croquet_families": evaluate_families(specs, jobs=2, progress=progress)}


def run_bench(quick: bool = False, progress: Progress = lambda _: None) -> dict[str, Any]:
    """Every measure; ``quick`` does fewer runs (a smoke test of the benchmark itself)."""
    cv2.setNumThreads(1)
    runs = 2 if quick else 5
    result: dict[str, Any] = {}
    result.update(bench_koper_movegen(200 if quick else 2000, runs, progress))
    result.update(bench_koper_read(runs, progress))
    result.update(bench_koper_accuracy(1 if quick else 2, 3 if quick else None, progress))
    result.update(bench_koper_unseen(1 if quick else 3, progress))
    result.update(bench_koper_unseen_read(runs, progress))
    result.update(bench_koper_pieces(1 if quick else 3, 2 if quick else 6, progress))
    result.update(bench_croquet(12 if quick else 300, 2 if quick else 10, progress))
    result.update(bench_croquet_families(1 if quick else 2, 2 if quick else 8, progress))
    return result
