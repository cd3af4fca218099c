"""Refereeing a recorded Croquetnole video: ``tableside croquetnole analyze`` without the CLI.

:func:`analyze_video` calibrates on the first frame, takes the tiles from the LAYOUT (or reads them
from that frame), follows the coins from where the SETUP says they stand
(:class:`vision.croquet.motion.referee.CoinReferee`), and yields the DESIGN contract's objects
one by one in time order: the observed events (``flick``, ``pass``, ``hit``, ``strike``,
``off_table``, ``rest``, ``place``), each with the camera's ``confidence`` in it (an extension
of the contract: below :data:`~vision.croquet.motion.calls.ASK_BELOW` the players should be
asked), each followed by the ``ruling`` objects that :data:`engines.croquetnole.GAME` made of it
(``{"t", "event": "ruling", "kind", "text", "data"}``; an observation the engine refuses gives
``"kind": "rejected"`` with its reason). An event is given out once the coin referee's
:meth:`~vision.croquet.motion.referee.CoinReferee.horizon` has passed it: no later frame can
bring an earlier one.

The engine is told first where the SETUP's coins stand (as hand placements at t = 0, whose rulings
are reported too); the match's players are the castles with a coin in the SETUP (all the layout's
castles when it names none). SETUP may carry ``"camera": {"matrix", "dist_coeffs"}`` (an extension
of the contract; the simulator's truth file holds exactly that) for a calibrated camera.

A video it cannot use raises :class:`vision.errors.VisionError` with a one-line message.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from engines.core import Action, EngineError
from engines.croquetnole import GAME
from engines.croquetnole.layout import Layout, Point, as_point
from engines.croquetnole.names import COINS, coin_owner
from vision.croquet.calibrate import Calibration, CameraIntrinsics, calibrate
from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig
from vision.croquet.layout_reader import read_layout, table_size
from vision.croquet.motion.referee import CoinReferee
from vision.errors import UnusableVideo, VisionError
from vision.markers import TableProfile, marker_corners_mm
from vision.sources import SourceError, VideoFileSource

Event = dict[str, Any]


def parse_setup(
    setup: Mapping[str, Any],
) -> tuple[TableProfile, dict[str, Point], CameraIntrinsics | None]:
    """The SETUP JSON's table profile, coin positions and (optional) camera; VisionError if it
    is malformed."""
    try:
        profile = TableProfile.from_json(setup["table"]) if "table" in setup else TableProfile()
        camera = CameraIntrinsics.from_json(setup["camera"]) if "camera" in setup else None
    except (ValueError, KeyError, TypeError) as exc:
        raise VisionError(f"setup: {exc}") from exc
    coins: dict[str, Point] = {}
    for coin, raw in dict(setup.get("coins", {})).items():
        at = as_point(raw)
        if coin not in COINS or at is None:
            raise VisionError(f"setup: {coin!r} is not a coin with a position [x, y]")
        coins[coin] = at
    return profile, coins, camera


def _rulings(state: Any, event: Event) -> tuple[Any, list[Event]]:
    """Feed one observed event to the engine: the new state and its rulings as output objects."""
    data = {k: v for k, v in event.items() if k not in ("t", "event", "confidence")}
    step = GAME.apply(state, Action(event["event"], None, data))
    t = event["t"]
    if not step.ok or step.state is None:
        return state, [
            {
                "t": t,
                "event": "ruling",
                "kind": "rejected",
                "text": step.reason,
                "data": {"observed": event["event"], **data},
            }
        ]
    return step.state, [{"t": t, "event": "ruling", **r.to_json()} for r in step.events]


def referee(
    frames: Iterable[np.ndarray],
    setup: Mapping[str, Any],
    layout: Mapping[str, Any] | None,
    fps: float,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> Iterator[Event]:
    """The contract's objects for a sequence of BGR frames taken ``fps`` times a second."""
    profile, coins, camera = parse_setup(setup)
    it = iter(frames)
    first = next(it, None)
    if first is None:
        raise UnusableVideo("the video has no frames")
    cal: Calibration = calibrate(first, profile, camera, config)
    try:
        lay = (
            Layout.from_json(layout)
            if layout is not None
            else read_layout(first, cal, table_size(profile), config)
        )
    except EngineError as exc:
        raise VisionError(str(exc)) from exc
    players = [c for c in lay.castle_names if any(coin_owner(k) == c for k in coins)]
    try:
        state = GAME.new_state(
            {"layout": lay.to_json(), "players": players or list(lay.castle_names)}, 0
        )
    except EngineError as exc:
        raise VisionError(f"setup: {exc}") from exc
    for coin, at in coins.items():
        if coin_owner(coin) in lay.castle_names:
            state, out = _rulings(
                state, {"t": 0.0, "event": "place", "coin": coin, "at": [at[0], at[1]]}
            )
            yield from out
    in_match = tuple(c for c in COINS if coin_owner(c) in lay.castle_names)
    coin_referee = CoinReferee(
        first,
        cal,
        {c: at for c, at in coins.items() if c in in_match},
        lay,
        fps,
        coins=in_match,
        markers=tuple(marker_corners_mm(profile).values()),
    )
    pending: list[tuple[float, int, Event]] = []
    order = itertools.count()

    def given_out(before: float) -> Iterator[Event]:
        nonlocal state
        while pending and pending[0][0] < before:
            event = heapq.heappop(pending)[2]
            yield event
            state, out = _rulings(state, event)
            yield from out

    for index, image in enumerate(it, start=1):
        for call in coin_referee.update(image, index / fps):
            heapq.heappush(pending, (call.t, next(order), call.to_json()))
        yield from given_out(coin_referee.horizon())
    for call in coin_referee.finish():
        heapq.heappush(pending, (call.t, next(order), call.to_json()))
    yield from given_out(math.inf)


def _read(source: VideoFileSource) -> Iterator[np.ndarray]:
    try:
        while (frame := source.read()) is not None:
            yield frame.image
    finally:
        source.close()


def analyze_video(
    video_path: Path | str,
    setup: Mapping[str, Any],
    layout: Mapping[str, Any] | None = None,
    config: CroquetVisionConfig = DEFAULT_CONFIG,
) -> Iterator[Event]:
    """Referee a recorded video (see the module doc); VisionError for a video it cannot use."""
    try:
        source = VideoFileSource(video_path)
    except SourceError as exc:
        raise UnusableVideo(f"cannot read the video: {exc}") from exc
    return referee(_read(source), setup, layout, source.fps, config)
