"""The simulated Castle Croquetnole table: real rules, rendered frames and virtual players.

The demo and the end-to-end tests run the whole system against it. The physical table is a
:class:`vision.sim.croquet_scene.CroquetScene` (coin physics, hands) drawn by a
:class:`vision.sim.croquet_render.CroquetRenderer`; the camera watcher reads its frames through a
:class:`vision.sources.RenderSource` and referees them exactly as on a real table. The players
(:class:`EnginePlayers`) look at the referee's state as real players look at the phone: whose
turn, which coin, its next feature, the placements asked for, the croquet choice; they flick
toward the next feature with aim noise (:meth:`RandomPlay.aim`), put coins down by hand where
the engine says, and pick croquet kinds on the "phone" (the referee).

Frames are drawn on demand, one per read, at the camera's rate in *scene* time: rendering and
tracking may be slower than real time, so the table runs in slow motion, but the referee sees
every frame in order. The players wait until the referee has ruled on everything (nothing new
for ``settle_s`` of scene time) before acting again.

>>> sim = CroquetTableSim(seed=2)
>>> sorted(sim.scene.setup)[:2]
['arms-guard', 'crowns-guard']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from engines.core import Action as EngineAction
from engines.croquetnole import COIN_MM, GAME, Layout, State, default_layout
from engines.croquetnole.layout import Point, distance
from engines.croquetnole.names import seat
from firmware_py.referee import Referee
from vision.sim.croquet_camera import MODES
from vision.sim.croquet_render import CroquetRenderer, render_mode
from vision.sim.croquet_scene import CroquetScene, SceneFrame
from vision.sim.croquet_script import Action, Lift, Place, RandomPlay, TableView, Wait
from vision.sources import RenderSource


def start_spots(options: dict[str, Any] | None = None) -> dict[str, Point]:
    """Where the engine asks for coins when a game begins (each guard, the first knight)."""
    state = GAME.new_state(options or {}, 0)
    return {p.coin: p.target for p in state.placements}


def parse_step(step: str) -> tuple[str, str | None]:
    """A course step of the engine's view as (feature, direction) for :meth:`RandomPlay.aim`.

    >>> parse_step("suns-gate out"), parse_step("arms-tower")
    (('suns-gate', 'out'), ('arms-tower', None))
    """
    feature, _, direction = step.partition(" ")
    return feature, direction or None


class EnginePlayers:
    """Every seat played by the computer from the referee's state (a scene's :class:`Play`).

    ``state`` returns the referee's current state (None while no game runs); ``ready`` says
    whether the watcher referees yet (the layout confirmed); ``actions`` counts the referee's
    accepted actions; ``submit`` sends a player input (a croquet kind, END TURN) as a phone
    would. ``end_turn_share`` of guard turns are given up with END TURN instead of a flick.
    """

    def __init__(
        self,
        *,
        seed: int,
        state: Callable[[], State | None],
        ready: Callable[[], bool],
        actions: Callable[[], int],
        submit: Callable[[EngineAction], Any],
        settle_s: float = 1.2,
        end_turn_share: float = 0.5,
    ) -> None:
        self.aimer = RandomPlay(seed=seed, wild_share=0.02)
        self.rng = np.random.default_rng(seed + 7919)
        self._state, self._ready, self._actions, self._submit = state, ready, actions, submit
        self.settle_s = settle_s
        self.end_turn_share = end_turn_share
        self.done = 0
        self.reset()

    def reset(self) -> None:
        """Forget the last scene's clock (a new scene starts at t = 0)."""
        self._count = -1
        self._since = 0.0
        self._acted = -math.inf
        self._busy = False
        self._unseen: EngineAction | None = None

    def _settled(self, t: float) -> bool:
        """Whether the referee has had ``settle_s`` of scene time without a new ruling since
        the players' last action was over (the scene asks for the next action when it is)."""
        if self._busy:
            self._busy, self._acted = False, t
            if self._unseen is not None:
                self._submit(self._unseen)
                self._unseen = None
        count = self._actions()
        if count != self._count:
            self._count, self._since = count, t
        return t - max(self._since, self._acted) >= self.settle_s

    def next_action(self, view: TableView) -> Action | None:
        state = self._state()
        if state is None or state.winner is not None or not self._ready():
            return Wait(0.25)
        if not self._settled(view.t) or state.flick is not None:
            return Wait(0.1)
        action = self._choose(state, view)
        self._busy = True
        return action

    def _choose(self, state: State, view: TableView) -> Action:
        if state.placements:
            p = state.placements[0]
            return self._put(view, p.coin, p.target, p.tolerance)
        if state.croquet is not None:
            kind = int(self.rng.choice([1, 2]))
            self._submit(EngineAction("croquet", seat(state.turn), {"kind": kind}))
            return Wait(0.1)
        coin = state.in_play
        if coin.endswith("-guard") and self.rng.random() < self.end_turn_share:
            self._submit(EngineAction("end_turn", seat(state.turn)))
            return Wait(0.1)
        if coin not in view.positions:
            return Wait(0.25)
        step = None
        if coin.endswith("-knight"):
            course = state.coin(coin).course
            step = parse_step(course[0]) if course else None
        self.done += 1
        return self.aimer.aim(view, coin, step)

    def _put(self, view: TableView, coin: str, target: Point, tolerance: float) -> Action:
        """Put ``coin`` down by hand at ``target``: from off the table, or lifted. A coin that
        already lies there is lifted and put down a little aside (inside ``tolerance``), so that
        the camera sees it being placed; a coin put on a tower, where the camera cannot tell it
        from the tile, is confirmed on the phone ("put down as shown") once the hand is gone."""
        if coin not in view.positions:
            return Place(coin, target)
        if any(t.distance_to(target) == 0 for t in view.layout.tiles):
            # On top of a tower the camera cannot see the coin: confirm it as on the phone.
            self._unseen = EngineAction("place", None, {"coin": coin, "at": list(target)})
        here = view.positions[coin]
        spot = target
        if distance(here, target) < 8.0:
            spot = self._aside(view, coin, target, min(10.0, tolerance - 2.0))
        return Lift(coin, spot)

    def _aside(self, view: TableView, coin: str, target: Point, by: float) -> Point:
        """A spot ``by`` mm from ``target`` clear of the other coins and the tiles."""
        for k in range(12):
            a = 2 * math.pi * k / 12
            p = (target[0] + by * math.cos(a), target[1] + by * math.sin(a))
            clear = all(
                distance(p, q) > COIN_MM + 2 for c, q in view.positions.items() if c != coin
            )
            if clear and all(t.distance_to(p) > COIN_MM / 2 + 2 for t in view.layout.tiles):
                return p
        return target


class CroquetTableSim:
    """The virtual table: a scene played by :class:`EnginePlayers`, rendered in ``mode``.

    The coins the engine asks for at the start stand on their spots in the first frame; the
    other knights are brought in by hand on their owners' first turns. :meth:`connect` ties the
    players to a referee; :meth:`reset` sets the table up afresh for a new game.
    """

    def __init__(self, *, seed: int, mode: str = "1280x720", layout: Layout | None = None) -> None:
        self.seed = seed
        self.layout = layout or default_layout()
        self.mode = MODES[mode]
        self.renderer: CroquetRenderer = render_mode(self.mode, self.layout, seed=seed)
        self.players: EnginePlayers | None = None
        self.scene = self._new_scene()
        self._frames: Iterator[SceneFrame] | None = None

    def _new_scene(self) -> CroquetScene:
        play = self.players if self.players is not None else [Wait(3600.0)]
        return CroquetScene(start_spots(), play, self.layout, fps=self.mode.fps, seed=self.seed)

    def connect(self, referee: Referee, ready: Callable[[], bool]) -> EnginePlayers:
        """Let virtual players play every seat of ``referee``'s game (``ready``: whether the
        watcher referees yet)."""

        def state() -> State | None:
            return referee.state if isinstance(referee.state, State) else None

        def actions() -> int:
            return 0 if referee.record is None else len(referee.record.actions)

        self.players = EnginePlayers(
            seed=self.seed, state=state, ready=ready, actions=actions, submit=referee.submit
        )
        self.reset()
        return self.players

    def reset(self) -> None:
        """A freshly set-up table (the coins on their start spots, no hands)."""
        if self.players is not None:
            self.players.reset()
        self.scene = self._new_scene()
        self._frames = None

    def frame(self) -> np.ndarray:
        """The next camera frame of the scene."""
        if self._frames is None:
            self._frames = self.scene.frames(
                self.renderer.window_s, self.renderer.config.scene_samples
            )
        return self.renderer.render(next(self._frames))[0]

    def source(self, realtime: bool = False) -> RenderSource:
        """The camera over this table: every frame drawn when read, paced at most at the
        camera's rate when ``realtime`` (slower when drawing and tracking take longer)."""
        return RenderSource(self.frame, fps=self.mode.fps, realtime=realtime)
