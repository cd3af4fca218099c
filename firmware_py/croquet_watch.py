"""The Castle Croquetnole camera watcher: frames in, observed events out, refereed live.

Set-up (:meth:`CroquetWatcher.setup_options`) calibrates from the four table markers and reads
the tile layout from a frame; the layout goes into the game's options, and the phones show it for
the players to check (``extras["layout"]``). A layout read by the camera is *unconfirmed*: the
watcher referees nothing until a player confirms it, which starts the game again with that layout
in the options (``{"layout": ...}`` given to :meth:`setup_options` counts as confirmed: the players
saw it). "Read it again" is simply a new start without a layout.

Then every frame goes to the coin referee (:class:`vision.croquet.motion.referee.CoinReferee`);
its calls, put back in time order (it decides some of them a little late, and says from when on
it has decided everything: :meth:`~vision.croquet.motion.referee.CoinReferee.horizon`), are
submitted to the referee as engine actions. An event the engine rejects becomes a problem shown
on the phones, never silently dropped. A call the camera is not sure of (a confidence below
:data:`~vision.croquet.motion.calls.ASK_BELOW`) is ruled, and the phones ask the players to
check it: they correct it or undo it if it was wrong. The coins standing at the start are those
found on the placement spots the engine asks for (and, after a restart, where the referee last
knew them); coins put down later are seen being placed.

The watcher also keeps the systemd watchdog fed while frames arrive, publishes an annotated view
(coins with their names, the last flick's path, gates, doors and towers) at the camera view's
low rate, and puts the last flick's path in table mm into ``extras["flick_path"]`` for the page
to draw: ``{"coin": "moons-knight", "paths": {"moons-knight": [[x, y], ...], ...}}``.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from engines.core import Action
from engines.croquetnole import COIN_MM, Layout, State
from engines.croquetnole.layout import Point
from engines.croquetnole.names import seat, words
from firmware_py.background import CameraWatcher
from firmware_py.camera_view import CameraView
from firmware_py.referee import Referee
from vision.croquet.calibrate import Calibration, CameraIntrinsics, calibrate
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.layout_reader import read_layout, table_size
from vision.croquet.motion.calls import ASK_BELOW
from vision.croquet.motion.paths import Motion
from vision.croquet.motion.referee import CoinReferee
from vision.croquet.standing import coins_standing
from vision.errors import VisionError
from vision.markers import TableProfile, marker_corners_mm
from vision.sources import Frame, FrameSource

log = logging.getLogger("tableside.croquetnole")

Event = dict[str, Any]


@dataclass(frozen=True)
class CroquetWatchConfig:
    """How the watcher sees the table: the markers' profile, a calibrated camera if known, the
    vision thresholds, the camera's frame rate, how long to wait for a frame, and how many points
    of the last flick's path are published per coin."""

    profile: TableProfile = field(default_factory=TableProfile)
    camera: CameraIntrinsics | None = None
    vision: CroquetVisionConfig = DEFAULT_CONFIG
    fps: float = 120.0
    frame_timeout_s: float = 2.0
    path_points: int = 60


def thin(points: list[Point], most: int) -> list[list[float]]:
    """At most ``most`` of ``points`` (evenly spread, first and last kept), as JSON lists.

    >>> thin([(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)], 3)
    [[0.0, 0.0], [2.0, 0.0], [3.0, 0.0]]
    """
    if len(points) > most:
        keep = np.linspace(0, len(points) - 1, most).round().astype(int)
        points = [points[int(k)] for k in keep]
    return [[round(p[0], 1), round(p[1], 1)] for p in points]


def standing_coins(
    image: np.ndarray,
    cal: Calibration,
    spots: Mapping[str, Point],
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> dict[str, Point]:
    """Which of the coins asked for at ``spots`` (mm) stand there in ``image``, and where: a
    coin whose rim shows within a coin-width of its spot (the engine accepts a placement that
    close), whatever its art (:func:`vision.croquet.standing.coins_standing`). A coin not
    found is asked for on the phones, as any placement due."""
    found = coins_standing(image, cal, spots, config.coin_seen_height_mm)
    return {coin: at for coin, (at, _) in found.items()}


def annotate(
    image: np.ndarray,
    cal: Calibration,
    layout: Layout,
    positions: Mapping[str, Point],
    paths: Mapping[str, list[Point]],
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> np.ndarray:
    """A copy of ``image`` with the gates and doors (their corridors), the towers, the last
    flick's paths and every tracked coin with its name drawn on it."""
    out = image.copy()
    scale = max(1, round(image.shape[1] / 1000))

    def px(points: list[Point] | np.ndarray, height: float = 0.0) -> np.ndarray:
        return cal.to_image(np.array(points, float).reshape(-1, 2), height).round().astype(np.int32)

    for castle in layout.castle_names:
        geo = layout.castle(castle)
        for corridor, colour in ((geo.gate, (0, 200, 255)), (geo.door, (255, 200, 0))):
            c, a, n = (np.array(v) for v in (corridor.center, corridor.along, corridor.inward))
            w, d = corridor.half_width, corridor.half_depth
            quad = [c + sa * w * a + sd * d * n for sa, sd in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            cv2.polylines(out, [px(np.array(quad), config.tile_height_mm)], True, colour, scale)
        tower = px(list(geo.tower.corners()), 2 * config.tile_height_mm)
        cv2.polylines(out, [tower], True, (60, 60, 230), scale)
    for path in paths.values():
        if len(path) > 1:
            cv2.polylines(out, [px(path, config.coin_seen_height_mm)], False, (255, 0, 255), scale)
    for coin, at in positions.items():
        ((x, y),) = px([at], config.coin_seen_height_mm)
        r = round(COIN_MM / 2 * cal.px_per_mm(at, config.coin_seen_height_mm)) + 2
        cv2.circle(out, (int(x), int(y)), r, (0, 255, 0), scale)
        cv2.putText(
            out,
            coin.replace("-", " "),
            (int(x) + r, int(y) - r),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.4 * scale,
            (0, 255, 0),
            scale,
            cv2.LINE_AA,
        )
    return out


class CroquetWatcher(CameraWatcher):
    """The camera loop of a Castle Croquetnole game (see the module docstring).

    :meth:`process` handles one frame; the thread started by :meth:`start` calls it for every
    frame the source delivers (tests may call it directly, frame by frame).
    """

    thread_name = "croquet-watcher"

    def __init__(
        self,
        referee: Referee,
        source: FrameSource,
        camera_view: CameraView,
        config: CroquetWatchConfig = CroquetWatchConfig(),
    ) -> None:
        super().__init__(referee, source, camera_view, config)
        self.confirmed = False
        self.frames = 0
        self.submitted: list[Event] = []
        self._cal: Calibration | None = None
        self._first: Frame | None = None
        self._coins: CoinReferee | None = None
        self._layout: Layout | None = None
        self._layout_shown = False
        self._pending: list[tuple[float, int, Event]] = []
        self._order = itertools.count()
        self._paths: dict[str, list[Point]] = {}
        self._last_flick: str | None = None
        self._t0: float | None = None
        self._wall0 = 0.0
        self._problem_mine = False

    # -- Watcher protocol -----------------------------------------------------------------------
    def setup_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Calibrate and take the layout: the one in ``options`` (confirmed by the players) or
        the one read from a frame now (to be confirmed). Raises ValueError with what to fix."""
        frame = self.source.read(timeout=self.config.frame_timeout_s)
        if frame is None:
            raise ValueError("The camera gave no picture: check the camera and try again.")
        try:
            cal = calibrate(
                frame.image, self.config.profile, self.config.camera, self.config.vision
            )
            if options.get("layout") is not None:
                layout = Layout.from_json(options["layout"])
            else:
                layout = read_layout(
                    frame.image,
                    cal,
                    table_size(self.config.profile),
                    self.config.vision,
                    self.config.profile,
                )
        except VisionError as exc:
            raise ValueError(f"I cannot see the table: {exc}") from exc
        self.confirmed = options.get("layout") is not None
        self._cal, self._first, self._layout = cal, frame, layout
        return {**options, "layout": layout.to_json()}

    def end_turn(self) -> None:
        """END TURN: the player on turn gives up the flicks left."""
        state = self.referee.state
        if not isinstance(state, State):
            return
        step = self.referee.submit(Action("end_turn", seat(state.turn)))
        if not step.ok:
            self.referee.set_problem(step.reason)

    def undone(self) -> None:
        """After an undo the table still shows what happened: the tracker keeps following the
        coins as they lie, and the players put them back as the phone asks."""

    def _tell_placements(self) -> None:
        """Tell the coin referee which coins the rules now say must be put down by hand: a
        hand that moves one of them places it, however near it sets it down (a coin due a
        placement is not flicked before it is put down: the engine refuses that flick)."""
        state = self.referee.state
        if self._coins is not None and isinstance(state, State):
            self._coins.placements_due(p.coin for p in state.placements)

    # -- set-up ---------------------------------------------------------------------------------
    def _publish_layout(self, layout: Layout, cal: Calibration) -> None:
        """Tell the page the layout and whether it is confirmed. Done on the first frame, after
        the table has started the match with it: published during set-up, a confirmed layout
        would hide the page's layout box while the match before (and its options) still stood."""
        self._layout_shown = True
        self.referee.set_extra(
            "layout",
            {
                "confirmed": self.confirmed,
                "castles": list(layout.castle_names),
                "tiles": len(layout.tiles),
                "reprojection_mm": round(cal.reprojection_mm, 2),
            },
        )

    def _resume(self, frame: Frame) -> bool:
        """After a restart (no set-up): calibrate on ``frame``. The layout counts as confirmed
        when the stored game was already refereed (nothing is refereed before confirmation)."""
        state = self.referee.state
        if not isinstance(state, State):
            return False
        try:
            self._cal = calibrate(
                frame.image, self.config.profile, self.config.camera, self.config.vision
            )
        except VisionError as exc:
            self.referee.set_problem(f"I cannot see the table: {exc}")
            self._problem_mine = True
            return False
        record = self.referee.record
        self.confirmed = bool(record is not None and record.actions)
        self._layout = state.layout
        return True

    def _begin(self, frame: Frame) -> bool:
        """Start tracking from ``frame`` (or the set-up frame); whether ready."""
        state = self.referee.state
        if not isinstance(state, State) or self._cal is None:
            return False
        first = self._first or frame
        self._first = None
        image = first.image
        known = {
            c.name: c.position for c in state.coins if c.position is not None and not c.on_tower
        }
        due = {p.coin: p.target for p in state.placements if p.coin not in known}
        standing = standing_coins(image, self._cal, due, self.config.vision)
        self._layout = state.layout
        self._coins = CoinReferee(
            image,
            self._cal,
            {**known, **standing},
            state.layout,
            self.config.fps,
            coins=tuple(c.name for c in state.coins),
            markers=tuple(marker_corners_mm(self.config.profile).values()),
        )
        self._t0, self._wall0 = first.t, time.monotonic()
        for coin, at in standing.items():
            self._submit({"t": 0.0, "event": "place", "coin": coin, "at": [at[0], at[1]]})
        return True

    # -- the loop -------------------------------------------------------------------------------
    def _run(self) -> None:
        for frame in self._frames():
            self.process(frame)

    def process(self, frame: Frame) -> None:
        """Handle one frame: track, detect, referee, publish."""
        self.frames += 1
        if self._cal is None and not self._resume(frame):
            return
        if not self._layout_shown and self._layout is not None and self._cal is not None:
            self._publish_layout(self._layout, self._cal)
        if not self.confirmed:
            if self._cal is not None and self._layout is not None and self.camera_view.due():
                self.camera_view.publish(
                    annotate(frame.image, self._cal, self._layout, {}, {}, self.config.vision)
                )
            return
        if self._coins is None and not self._begin(frame):
            return
        assert self._coins and self._cal and self._layout
        t = frame.t - (self._t0 or 0.0)
        # Placements fall due and are made by any action (the camera's, a player's on the
        # phone, an undo): read them afresh for every frame.
        self._tell_placements()
        for call in self._coins.update(frame.image, t):
            heapq.heappush(self._pending, (call.t, next(self._order), call.to_json()))
        motion = self._coins.motion
        if motion is not None:
            self._follow(motion)
        horizon = self._coins.horizon()
        while self._pending and self._pending[0][0] < horizon:
            self._submit(heapq.heappop(self._pending)[2])
        if self.camera_view.due():
            self.camera_view.publish(
                annotate(
                    frame.image,
                    self._cal,
                    self._layout,
                    self._coins.tracker.positions(),
                    self._paths,
                    self.config.vision,
                )
            )
        if self.frames % 240 == 0:
            self._show_pace(t)

    def _show_pace(self, t: float) -> None:
        """Tell the page how fast the camera time runs against the wall clock (the simulated
        table may run in slow motion, every frame still refereed in order)."""
        pace = t / max(1e-6, time.monotonic() - self._wall0)
        self.referee.set_extra(
            "camera",
            "watching" if pace > 0.9 else f"watching, in slow motion ({pace:.2f}x real time)",
        )

    def _follow(self, motion: Motion) -> None:
        """Record each moving coin's path since it began to move; a coin starting while no
        other moves begins a new flick, whose paths replace the last one's."""
        started = {st.coin: st.at for st in motion.starts}
        if started and not motion.moving - set(started):
            self._paths = {}
        for coin, at in started.items():
            self._paths[coin] = [at]
        for coin in motion.moving:
            now = motion.positions.get(coin)
            if now is not None:
                self._paths.setdefault(coin, []).append(now)

    def _submit(self, event: Event) -> None:
        """Give one observed event to the referee; a rejection becomes a problem, and so does
        a call the camera is not sure of (the players check it)."""
        self.submitted.append(event)
        data = {k: v for k, v in event.items() if k not in ("t", "event", "confidence")}
        step = self.referee.submit(Action(event["event"], None, data))
        if event["event"] == "flick":
            self._last_flick = event["coin"]
        if event["event"] == "rest" and self._last_flick is not None:
            self.referee.set_extra(
                "flick_path",
                {
                    "coin": self._last_flick,
                    "paths": {
                        c: thin(p, self.config.path_points)
                        for c, p in self._paths.items()
                        if len(p) > 1
                    },
                },
            )
        confidence = float(event.get("confidence", 1.0))
        if not step.ok:
            self.referee.set_problem(
                f"The camera saw {describe(event)}, but the referee cannot take it: "
                f"{step.reason} Fix it with a correction, or undo."
            )
            self._problem_mine = True
            log.warning("camera event rejected: %s (%s)", event, step.reason)
        elif confidence < ASK_BELOW:
            self.referee.set_problem(
                f"The camera is not sure it saw {describe(event)} ({confidence:.0%} sure). "
                "Check it at the table: if it is wrong, fix it with a correction, or undo."
            )
            self._problem_mine = True
            log.info("unsure camera call ruled and put to the players: %s", event)
        elif event["event"] == "flick" and self._problem_mine:
            self.referee.set_problem(None)
            self._problem_mine = False


def describe(event: Mapping[str, Any]) -> str:
    """An observed event in words, for a problem shown on the phones.

    >>> describe({"event": "hit", "coin": "suns-knight", "feature": "arms-tower"})
    'a hit (Suns knight, Arms tower)'
    """
    parts = [words(event[k]) for k in ("coin", "feature", "target") if k in event]
    parts += [str(event["direction"])] if "direction" in event else []
    kind = str(event["event"]).replace("_", " ")
    return f"a {kind} ({', '.join(parts)})" if parts else f"a {kind}"
