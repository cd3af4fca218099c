"""The Croquetnole referees scored family by family, held-back families apart, with the simple
baseline beside them on the very same frames.

A real table differs from ours in its coins' art, its cloth, its light, the camera's pose, the
sensor, the physics of sliding and bouncing, and the players' hands
(:data:`vision.sim.croquet_variation.FAMILIES`). Each scene draws all of them
(:func:`vision.sim.croquet_variation.draw_variation`); the *tuning* group draws every family from
the variants a developer may look at while tuning, and each held-back group draws one family from
its :data:`~vision.sim.croquet_variation.HELD_BACK` variants, which no tuning step may look at.
The held-back groups are what a table nobody here has seen looks like: believe them over the
tuning group.

Every scene is rendered once, frame by frame, and each frame goes to both referees: Tableside as
the device runs it (the coin referee, :class:`vision.lab.croquet_evaluate.TablesideReferee`) and
the simple baseline (:class:`vision.lab.croquet_baseline.BaselineReferee`). Both judge the
events against the true layout, so the comparison is of tracking and event detection alone. A
referee that cannot set up on a scene (no markers found, say) scores nothing found there: every
true event of that scene is missed, and the scene is listed under ``failed`` with the reason.

Beside its random games, each group plays every short scripted scene
(:data:`vision.sim.croquet_scenes.SCENES`: a pass, a hit, a strike, a coin off the table, a
placement by hand, a hand resting) once, each on a table of its own drawn for the group: random
play seldom carries a coin off the table or places one by hand, and those calls are scored too.

``tableside croquetnole families --seeds 3 --flicks 8 --jobs 2 --json`` is the command-line form;
``tableside bench`` runs a small one.

>>> GROUPS[0], len(GROUPS) == 1 + len(FAMILIES)
('tuning', True)
>>> group_seeds(("tuning", "light"), 2, base=500)
{'tuning': (500, 501), 'light': (800, 801)}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.lab.croquet_baseline import BaselineSceneReferee
from vision.lab.croquet_evaluate import (
    EvalSpec,
    RefereeFactory,
    SceneReferee,
    SceneRun,
    TablesideReferee,
    Tally,
    one_thread,
    pool,
    report,
    score_scene,
    unmatched,
)
from vision.sim.croquet_camera import MODES, CameraMode
from vision.sim.croquet_render import CroquetRenderer
from vision.sim.croquet_scene import CroquetScene
from vision.sim.croquet_scenes import SCENES
from vision.sim.croquet_variation import FAMILIES, draw_variation, varied_scene

#: The groups scored: the tuning variants, then each family's held-back variants.
GROUPS: tuple[str, ...] = ("tuning", *FAMILIES)
#: The referees, in the order every report lists them.
REFEREES: tuple[str, ...] = ("tableside", "baseline")
#: A group's scripted scenes are drawn on seeds this far past its first game's, clear of its
#: games' seeds (a group's block is 100 seeds: :func:`group_seeds`).
KIND_SEED_OFFSET = 50
#: One scene to score: group, seed, flicks, camera mode, config, and the scripted scene's kind
#: (``None``: a random game).
Job = tuple[str, int, int, CameraMode, CroquetVisionConfig, str | None]


@dataclass(frozen=True)
class FamilySpec:
    """One group's scenes: ``seeds`` (one scene each, its table drawn for ``group``), each a
    seeded random game of ``flicks`` flicks seen by a camera in ``mode``; then each scripted
    scene of ``kinds`` (:data:`SCENES`), the ``j``-th on the table drawn for seed
    ``seeds[0] + KIND_SEED_OFFSET + j``."""

    group: str
    seeds: tuple[int, ...]
    flicks: int = 8
    mode: CameraMode = MODES["1536x864"]
    kinds: tuple[str, ...] = tuple(SCENES)

    def jobs(self, config: CroquetVisionConfig) -> list[Job]:
        """The scenes to score, one job each."""
        games: list[Job] = [
            (self.group, seed, self.flicks, self.mode, config, None) for seed in self.seeds
        ]
        first = self.seeds[0] + KIND_SEED_OFFSET
        return games + [
            (self.group, first + j, self.flicks, self.mode, config, kind)
            for j, kind in enumerate(self.kinds)
        ]


@dataclass
class SceneResult:
    """One scene scored: its group, seed and camera mode, the variants drawn, each referee's
    run, the number of its errors (:func:`vision.lab.croquet_evaluate.unmatched`), why each
    referee that could not set up on the scene could not, and the scripted scene it played
    (``None`` for a random game)."""

    group: str
    seed: int
    mode: str
    variants: dict[str, str]
    runs: dict[str, SceneRun] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    kind: str | None = None


def group_seeds(
    groups: Sequence[str], per_group: int, base: int = 100_000
) -> dict[str, tuple[int, ...]]:
    """Seeds for ``per_group`` scenes of each group, a block of 100 per group from ``base``
    (by the group's place in :data:`GROUPS`), so adding scenes to one group changes no
    other's."""
    return {g: tuple(base + 100 * GROUPS.index(g) + k for k in range(per_group)) for g in groups}


def _tableside(config: CroquetVisionConfig) -> RefereeFactory:
    def make(first: np.ndarray, scene: CroquetScene, renderer: CroquetRenderer) -> SceneReferee:
        return TablesideReferee(first, scene, renderer, config=config)

    return make


def score_one(job: Job) -> SceneResult:
    """Draw, render and score one scene of a group with both referees (a worker's job)."""
    group, seed, flicks, mode, config, kind = job
    variation = draw_variation(seed, None if group == "tuning" else group)
    script = None if kind is None else SCENES[kind]
    scene, renderer = varied_scene(seed, flicks, mode, variation, script)
    spec = EvalSpec(seeds=(seed,), flicks=flicks, mode=mode)
    referees: dict[str, RefereeFactory] = {
        "tableside": _tableside(config),
        "baseline": BaselineSceneReferee,
    }
    with one_thread():
        runs, failed = score_scene(scene, renderer, referees, spec.rest_tol_s)
    return SceneResult(
        group,
        seed,
        mode.name,
        dict(variation.variants),
        runs,
        {name: len(unmatched(run, spec)) for name, run in runs.items()},
        {name: str(exc) for name, exc in failed.items()},
        kind,
    )


def evaluate_families(
    specs: Sequence[FamilySpec],
    config: CroquetVisionConfig = DEFAULT_CONFIG,
    jobs: int = 1,
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Score every spec's scenes (``jobs`` processes) and report each group and the held-back
    groups pooled, each referee beside the other (:func:`family_report`); ``progress`` hears
    of each scene as it is scored."""
    for s in specs:
        if s.group not in GROUPS:
            raise ValueError(f"unknown group {s.group!r}: one of {', '.join(GROUPS)}")
    for s in specs:
        unknown = sorted(set(s.kinds) - set(SCENES))
        if unknown:
            raise ValueError(f"unknown scene kind(s) {', '.join(unknown)}: of {', '.join(SCENES)}")
    work = [job for s in specs for job in s.jobs(config)]
    results: list[SceneResult] = []
    with pool(jobs) as workers:
        for result in workers.imap_unordered(score_one, work):
            results.append(result)
            said = ", ".join(
                f"{name} {'could not set up' if name in result.failed else result.errors[name]}"
                for name in REFEREES
            )
            what = f"{result.kind} scene" if result.kind else "game"
            progress(
                f"[{len(results)}/{len(work)}] {result.group} {what} seed {result.seed}: {said}"
            )
    return family_report(results)


def family_report(results: Sequence[SceneResult]) -> dict[str, Any]:
    """Per group, and for the held-back groups pooled (``"held_back"``): the scenes and the
    variants drawn, and for each referee its measures (:func:`vision.lab.croquet_evaluate.report`:
    precision and recall per kind, identity swaps, rest error, throughput), how many scenes it
    got without an error, and the scenes it could not set up on, with why."""
    spec = EvalSpec()
    groups: dict[str, list[SceneResult]] = {}
    for r in sorted(results, key=lambda r: (GROUPS.index(r.group), r.seed, r.kind or "")):
        groups.setdefault(r.group, []).append(r)
        if r.group != "tuning":
            groups.setdefault("held_back", []).append(r)
    out: dict[str, Any] = {}
    for group, members in groups.items():
        entry: dict[str, Any] = {
            "scenes": len(members),
            "seeds": [r.seed for r in members],
            "kinds": sorted({r.kind for r in members if r.kind}),
        }
        if group not in ("tuning", "held_back"):
            entry["variants"] = sorted({r.variants[group] for r in members})
        for name in REFEREES:
            tally = Tally()
            fps: dict[str, list[float]] = {}
            for r in members:
                run = r.runs[name]
                tally.add(run, spec)
                if run.seconds > 0:
                    fps.setdefault(r.mode, []).append(run.frames / run.seconds)
            measures = report(tally, fps)
            measures["scenes_without_error"] = sum(
                name not in r.failed and r.errors[name] == 0 for r in members
            )
            measures["failed"] = [
                {"seed": r.seed, "why": r.failed[name]} for r in members if name in r.failed
            ]
            entry[name] = measures
        out[group] = entry
    return out


def _pr(measure: Mapping[str, Any]) -> str:
    def pct(v: float | None) -> str:
        return "  -" if v is None else f"{100 * v:3.0f}"

    return f"{pct(measure['precision'])}/{pct(measure['recall'])} %"


def format_report(result: Mapping[str, Any]) -> str:
    """:func:`family_report`'s result as a table per group: each event kind's precision and
    recall for every referee side by side, then swaps, scenes without an error, the calls it
    would ask the players about, rest error and the scenes a referee could not set up on.

    >>> _pr({"precision": 1.0, "recall": 0.5})
    '100/ 50 %'
    """
    lines: list[str] = []
    for group, entry in result.items():
        title = f"== {group}: {entry['scenes']} scenes"
        if "variants" in entry:
            title += f" (held back: {', '.join(entry['variants'])})"
        lines += [title, f"{'':14s}" + "".join(f"{n:>14s}" for n in REFEREES)]
        first = entry[REFEREES[0]]
        for kind in first["events"]:
            row = "".join(f"{_pr(entry[n]['events'][kind]):>14s}" for n in REFEREES)
            lines.append(f"{kind:14s}{row}   ({first['events'][kind]['true']} true)")
        for label, key in (("swaps", "identity_swaps"), ("no-error", "scenes_without_error")):
            lines.append(f"{label:14s}" + "".join(f"{entry[n][key]:>14}" for n in REFEREES))
        asked = "".join(
            f"{entry[n]['asked']['calls']:>8} ({entry[n]['asked']['true']:>3})" for n in REFEREES
        )
        lines.append(f"{'asked':14s}{asked} (calls put to the players, true)")
        rest = "".join(
            f"{entry[n]['rest_position_mm']['median']!s:>8}/{entry[n]['rest_position_mm']['max']!s:<5}"
            for n in REFEREES
        )
        lines.append(f"{'rest mm':14s}{rest} (median/worst)")
        for name in REFEREES:
            for failed in entry[name]["failed"]:
                lines.append(f"{name} could not set up on seed {failed['seed']}: {failed['why']}")
        lines.append("")
    return "\n".join(lines)
