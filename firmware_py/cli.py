"""The ``tableside`` command.

Every subcommand exits 0 on success and, for bad input (a missing file, an unreadable image, no
board found), prints one clear line on stderr and exits non-zero: never a traceback (DESIGN,
CONTRACT: command line). ``--json`` prints machine-readable results on stdout.

    tableside demo [--game GAME]        the whole system on the simulated table (Koper or
                                        croquetnole)
    tableside run [--config FILE] [--game GAME]   the real device (camera, GPIO, page)
    tableside koper read IMAGE --json   read one still of a Koper board
    tableside koper learn-deck IMAGE --name NAME
    tableside markers [OUT.pdf]         printable table markers at true size
    tableside croquetnole analyze VIDEO --setup SETUP.json [--layout LAYOUT.json] --json
    tableside croquetnole simulate DIR  film a simulated game with its ground truth
    tableside croquetnole families      score the referee on varied tables, held-back apart
    tableside bench --json              the performance benchmark
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

# One BLAS thread, set before numpy is first imported: the referee's matrices are small, and a
# multi-threaded BLAS on a busy machine makes them many times slower (measured here: one matrix
# step of the Koper reader went from 5 ms to 80-670 ms).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1


class CommandError(Exception):
    """A failure to report as one line: ``tableside: <message>``."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")


def koper_text(reading: Any) -> str:
    """A board reading as text: one row per line, cards as ids, ``--`` for an empty space, a
    checker as ``(L)`` or ``(D)`` after the card."""
    marks = {(r, c): "L" if k == "light" else "D" for r, c, k in reading.checkers}
    lines = []
    for r, row in enumerate(reading.cells):
        cells = []
        for c, card in enumerate(row):
            mark = marks.get((r, c))
            cells.append(f"{card or '--'}{f'({mark})' if mark else '   '}")
        lines.append(" ".join(cells))
    return "\n".join(lines)


def deck_names(text: str) -> str | tuple[str, ...]:
    """``--deck`` as the reader takes it: "auto", one profile name, or, for names separated by
    commas, those names (the deck is one of them, and may be none: its indices are read too, as
    for ``auto``; the bench reads a held-back design so, its own profile left out).

    >>> deck_names("auto"), deck_names("anglo"), deck_names("anglo, paris")
    ('auto', 'anglo', ('anglo', 'paris'))
    """
    if "," not in text:
        return text
    return tuple(name.strip() for name in text.split(",") if name.strip())


def cmd_koper_read(args: argparse.Namespace) -> int:
    from vision.koper import load_image, read_board

    reading = read_board(
        load_image(args.image), deck=deck_names(args.deck), empty_edge=args.empty_edge
    )
    if args.json:
        _print_json(reading.to_json())
    else:
        sys.stdout.write(koper_text(reading) + "\n")
    return 0


def cmd_koper_learn_deck(args: argparse.Namespace) -> int:
    from vision.koper import learn_profile, load_image, save_profile

    profile = learn_profile(load_image(args.image), args.name)
    path = save_profile(profile)
    if args.json:
        _print_json({"name": args.name, "path": str(path)})
    else:
        sys.stdout.write(f"learnt deck {args.name!r}; saved to {path}\n")
    return 0


def cmd_markers(args: argparse.Namespace) -> int:
    from vision.markers_sheet import write_marker_pdf

    path = write_marker_pdf(args.output)
    if args.json:
        _print_json({"pdf": str(path)})
    else:
        sys.stdout.write(f"wrote {path}: print it at 100 % (actual size)\n")
    return 0


def cmd_croquet_simulate(args: argparse.Namespace) -> int:
    from vision.sim.croquet_video import simulate

    script = None
    if args.script:
        file = Path(args.script)
        if not file.is_file():
            raise CommandError(f"no script file at {args.script}")
        script = file.read_text(encoding="utf-8")
    try:
        info = simulate(
            args.out_dir, seed=args.seed, flicks=args.flicks, script=script, mode=args.mode
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    summary = {
        "video": str(info.video),
        "setup": str(info.setup),
        "layout": str(info.layout),
        "truth": str(info.truth),
        "frames": info.frames,
    }
    if args.json:
        _print_json(summary)
    else:
        for key, value in summary.items():
            sys.stdout.write(f"{key}: {value}\n")
    return 0


def cmd_croquet_families(args: argparse.Namespace) -> int:
    from vision.lab.croquet_families import (
        GROUPS,
        KIND_SEED_OFFSET,
        FamilySpec,
        evaluate_families,
        format_report,
        group_seeds,
    )
    from vision.sim.croquet_camera import MODES

    groups = GROUPS if args.groups == "all" else tuple(g.strip() for g in args.groups.split(","))
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        raise CommandError(f"unknown group {unknown[0]!r}: one of {', '.join(GROUPS)}")
    if args.mode not in MODES:
        raise CommandError(f"mode: {args.mode!r} is not one of {', '.join(MODES)}")
    if not 1 <= args.seeds <= KIND_SEED_OFFSET or args.flicks < 1:
        raise CommandError(f"--seeds must be 1 to {KIND_SEED_OFFSET}, --flicks at least 1")
    if args.base < 100_000 or args.base % 1000:
        # Tuning scenes use seeds below 100000; each group takes a block of 100 from the base.
        raise CommandError("--base must be 100000 or more and a multiple of 1000")
    kinds = _scene_kinds(args.kinds)
    mode = MODES[args.mode]
    specs = [
        FamilySpec(group, seeds, args.flicks, mode, kinds)
        for group, seeds in group_seeds(groups, args.seeds, args.base).items()
    ]
    print(
        f"scoring {len(specs) * args.seeds} games of {args.flicks} flicks and "
        f"{len(specs) * len(kinds)} scripted scenes at {args.mode} "
        f"({args.jobs} at once; a game takes a minute or two, a scripted scene seconds)",
        file=sys.stderr,
        flush=True,
    )
    result = evaluate_families(
        specs, jobs=args.jobs, progress=lambda s: print(s, file=sys.stderr, flush=True)
    )
    if args.json:
        _print_json(result)
    else:
        sys.stdout.write(format_report(result))
    return 0


def _scene_kinds(text: str) -> tuple[str, ...]:
    """The scripted scenes named in ``--kinds``: "all", "none", or a comma-separated list."""
    from vision.sim.croquet_scenes import SCENES

    if text == "all":
        return tuple(SCENES)
    if text == "none":
        return ()
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    unknown = [k for k in kinds if k not in SCENES]
    if unknown:
        raise CommandError(f"unknown scene kind {unknown[0]!r}: one of {', '.join(SCENES)}")
    return kinds


def _load_json(path: str, what: str) -> Any:
    file = Path(path)
    if not file.is_file():
        raise CommandError(f"no {what} file at {path}")
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CommandError(f"{path} is not valid JSON ({exc})") from None


def cmd_croquet_analyze(args: argparse.Namespace) -> int:
    from vision.croquet.analyze import analyze_video

    setup = _load_json(args.setup, "setup")
    layout = _load_json(args.layout, "layout") if args.layout else None
    if not isinstance(setup, dict) or (layout is not None and not isinstance(layout, dict)):
        raise CommandError("the setup and the layout must be JSON objects")
    if not Path(args.video).is_file():
        raise CommandError(f"no video file at {args.video}")
    for event in analyze_video(args.video, setup, layout):
        if args.json:
            _print_json(event)
        else:
            sys.stdout.write(
                f"{event.get('t', 0):8.3f}s {event['event']}: "
                f"{json.dumps({k: v for k, v in event.items() if k not in ('t', 'event')})}\n"
            )
        sys.stdout.flush()
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from firmware_py.demo import run_demo

    run_demo(
        port=args.port,
        seed=args.seed,
        data_dir=args.data_dir,
        design=args.deck_design,
        game=args.game,
    )
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from firmware_py.device import run_device

    run_device(Path(args.config) if args.config else None, game=args.game)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from firmware_py.bench import run_bench

    result = run_bench(quick=args.quick, progress=lambda s: print(s, file=sys.stderr))
    if args.json:
        _print_json(result)
    else:
        for key, value in result.items():
            sys.stdout.write(f"{key}: {json.dumps(value)}\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    from engines.koper.board import EDGES  # pure and light: no numpy before the BLAS setting

    parser = argparse.ArgumentParser(prog="tableside", description="A referee for tabletop games.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="run the whole system on the simulated table")
    demo.add_argument("--port", type=int, default=8080)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--data-dir", default=None, help="where the demo keeps its database")
    demo.add_argument("--deck-design", default="anglo", help="gnome-cards design to draw")
    demo.add_argument(
        "--game",
        default="koper",
        choices=("koper", "croquetnole"),
        help="which simulated table to play (default: koper)",
    )
    demo.set_defaults(func=cmd_demo)

    run = sub.add_parser("run", help="run the device: camera, GPIO and the page")
    run.add_argument("--config", help="TOML configuration file (default: built-in defaults)")
    run.add_argument("--game", default=None, help="start this game if none is in progress")
    run.set_defaults(func=cmd_run)

    koper = sub.add_parser("koper", help="Koper tools").add_subparsers(
        dest="koper_command", required=True, metavar="COMMAND"
    )
    read = koper.add_parser("read", help="read one still of a Koper board")
    read.add_argument("image")
    read.add_argument("--json", action="store_true")
    read.add_argument(
        "--deck",
        default="auto",
        help="deck profile name, names separated by commas (the deck may be one of them), or auto",
    )
    read.add_argument(
        "--empty-edge",
        choices=EDGES,
        help="the edge line of the board the builder declared all empty spaces",
    )
    read.set_defaults(func=cmd_koper_read)
    learn = koper.add_parser("learn-deck", help="learn a deck from a board in canonical order")
    learn.add_argument("image")
    learn.add_argument("--name", required=True)
    learn.add_argument("--json", action="store_true")
    learn.set_defaults(func=cmd_koper_learn_deck)

    markers = sub.add_parser("markers", help="write a printable PDF of the table markers")
    markers.add_argument("output", nargs="?", default="tableside-markers.pdf")
    markers.add_argument("--json", action="store_true")
    markers.set_defaults(func=cmd_markers)

    croquet = sub.add_parser("croquetnole", help="Castle Croquetnole tools").add_subparsers(
        dest="croquet_command", required=True, metavar="COMMAND"
    )
    analyze = croquet.add_parser("analyze", help="referee a recorded video: events and rulings")
    analyze.add_argument("video")
    analyze.add_argument("--setup", required=True, help="SETUP.json: markers and coins (DESIGN)")
    analyze.add_argument("--layout", help="LAYOUT.json: fixes the tiles instead of reading them")
    analyze.add_argument("--json", action="store_true")
    analyze.set_defaults(func=cmd_croquet_analyze)
    sim = croquet.add_parser("simulate", help="film a simulated game: video, setup, truth")
    sim.add_argument("out_dir")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--flicks", type=int, default=20)
    sim.add_argument("--script", help="a scene script file instead of a random game")
    sim.add_argument("--mode", default="1536x864", help="camera mode, e.g. 1536x864")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_croquet_simulate)

    fam = croquet.add_parser(
        "families",
        help="score Tableside and the simple baseline on varied tables, held-back families apart",
    )
    fam.add_argument("--seeds", type=int, default=3, help="scenes per group")
    fam.add_argument("--flicks", type=int, default=8, help="flicks per scene")
    fam.add_argument(
        "--groups", default="all", help="comma-separated: tuning and/or family names, or all"
    )
    fam.add_argument(
        "--kinds",
        default="all",
        help="scripted scenes each group also plays: comma-separated, all or none",
    )
    fam.add_argument("--mode", default="1536x864", help="camera mode, e.g. 1536x864")
    fam.add_argument("--jobs", type=int, default=1, help="scenes scored at once")
    fam.add_argument(
        "--base",
        type=int,
        default=100_000,
        help="first seed of the groups' blocks (100000 or more, a multiple of 1000): a new "
        "base draws scenes nobody has looked at",
    )
    fam.add_argument("--json", action="store_true")
    fam.set_defaults(func=cmd_croquet_families)

    bench = sub.add_parser("bench", help="run the performance benchmark")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="fewer runs (a smoke test)")
    bench.set_defaults(func=cmd_bench)
    return parser


def _known_errors() -> tuple[type[BaseException], ...]:
    from engines.core import EngineError
    from firmware_py.config import ConfigError
    from vision.errors import VisionError
    from vision.sources import SourceError

    return (VisionError, SourceError, ConfigError, EngineError, OSError)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tableside`` console script."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except CommandError as exc:
        print(f"tableside: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except _known_errors() as exc:
        print(f"tableside: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
