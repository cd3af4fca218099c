"""The simulated Koper table: real rules, rendered pictures and two virtual players.

The demo and the end-to-end tests run the *whole* system against it: the virtual players look at
the referee's state as real players look at the phone, pick a legal move with a seeded random
generator, and move a checker by hand (the hand shows in the frames, so the stillness detector
sees it come and go); the camera watcher reads the rendered stills and referees exactly as it
would on a real table. Announcements come from the phones; with ``auto_announce_s`` set, a
virtual player announces its best hand after that many seconds if nobody has, so the demo keeps
moving. A loser lifts one of its checkers off the board.

>>> sim = KoperTableSim(seed=3, design="anglo")
>>> len(sim.checkers)
24
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from engines.koper.announcing import available
from engines.koper.board import Square
from engines.koper.moves import legal_moves
from engines.koper.setup import new_state
from engines.koper.state import KoperState, Phase
from firmware_py.referee import Referee
from vision.sim.koper_board import PieceSet, render_board
from vision.sim.koper_layout import random_layout
from vision.sources import RenderSource

log = logging.getLogger("tableside.sim")


class KoperTableSim:
    """The virtual table's physical state (cards, checkers, a hand) and its renderer."""

    def __init__(
        self,
        *,
        seed: int,
        design: str,
        options: Mapping[str, Any] | None = None,
        preview_size: tuple[int, int] = (1536, 864),
        still_size: tuple[int, int] = (2304, 1296),
        pieces: PieceSet | None = None,
    ) -> None:
        self.seed = seed
        self.design = design
        #: What the checkers are (:func:`vision.sim.koper_board.draw_piece_set`); by default the
        #: simulator's large draughts pieces.
        self.pieces = pieces
        self.preview_size = preview_size
        self.still_size = still_size
        cells, _ = random_layout(seed)
        self.cells = cells
        start = new_state({**(options or {}), "cells": [list(r) for r in cells]}, seed)
        self.checkers: dict[Square, str] = {}
        for seat in (0, 1):
            for square in start.checkers[seat]:
                self.checkers[square] = start.colors[seat]
        self.hand: Square | None = None
        self._lock = threading.Lock()
        self._frame = 0
        self._corners: np.ndarray | None = None

    # -- the world -----------------------------------------------------------------------------
    def place(self, checkers: Mapping[Square, str]) -> None:
        """Put the checkers exactly as given (players fixing the board by the phone's picture)."""
        with self._lock:
            self.checkers = dict(checkers)

    def lift(self, square: Square) -> str:
        with self._lock:
            return self.checkers.pop(square)

    def put(self, square: Square, color: str) -> None:
        with self._lock:
            self.checkers[square] = color

    def hand_over(self, square: Square | None) -> None:
        with self._lock:
            self.hand = square

    # -- rendering ------------------------------------------------------------------------------
    def _render(self, size: tuple[int, int], with_hand: bool) -> np.ndarray:
        with self._lock:
            checkers = tuple((r, c, k) for (r, c), k in sorted(self.checkers.items()))
            hand = self.hand if with_hand else None
            self._frame += 1
            frame = self._frame
        tip = self._hand_fraction(hand, size) if hand is not None else None
        shot = render_board(
            self.cells,
            checkers,
            self.design,
            seed=self.seed,
            size=size,
            hand=tip,
            frame_seed=self.seed * 100_003 + frame,
            pieces=self.pieces,
        )
        if self._corners is None:
            scale = np.array([self.preview_size[0] / size[0], self.preview_size[1] / size[1]])
            self._corners = np.array(shot.truth.corners) * scale
        return shot.image

    def _hand_fraction(self, square: Square, size: tuple[int, int]) -> tuple[float, float]:
        """Where a square's centre is, as fractions of the image (from the board's corners)."""
        if self._corners is None:
            self._render(size, with_hand=False)
        tl, tr, br, bl = self._corners  # type: ignore[misc]
        u, v = (square[1] + 0.5) / 8, (square[0] + 0.5) / 8
        top, bottom = tl + (tr - tl) * u, bl + (br - bl) * u
        x, y = top + (bottom - top) * v
        return float(x / self.preview_size[0]), float(y / self.preview_size[1])

    def preview(self) -> np.ndarray:
        return self._render(self.preview_size, with_hand=True)

    def still(self) -> np.ndarray:
        return self._render(self.still_size, with_hand=True)

    def source(self, fps: float = 4.0) -> RenderSource:
        """The camera looking at this table, paced in real time."""
        return RenderSource(self.preview, fps=fps, still_render=self.still, realtime=True)


class VirtualPlayers:
    """Both seats played by the computer, acting on the simulated table, never on the engine."""

    def __init__(
        self,
        sim: KoperTableSim,
        referee: Referee,
        *,
        seed: int,
        pace_s: float = 0.8,
        auto_announce_s: float | None = 6.0,
        restart_after_s: float | None = 20.0,
    ) -> None:
        self.sim = sim
        self.referee = referee
        self.rng = random.Random(seed)
        self.pace_s = pace_s
        self.auto_announce_s = auto_announce_s
        self.restart_after_s = restart_after_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="virtual-players")
        self.on_game_over: Any = None

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=10)

    def _sleep(self, seconds: float) -> bool:
        """Wait; True when asked to stop."""
        return self._stop.wait(seconds)

    def _state(self) -> KoperState | None:
        state = self.referee.state
        return state if isinstance(state, KoperState) else None

    def _run(self) -> None:
        while not self._sleep(self.pace_s):
            state = self._state()
            if state is None:
                continue
            if self.referee.problem:
                self._fix_table(state)
            elif state.phase is Phase.MOVE and state.to_act is not None:
                self._move(state)
            elif state.phase is Phase.REMOVE and state.to_act is not None:
                self._remove(state)
            elif state.phase is Phase.ANNOUNCE and state.to_act is not None:
                self._maybe_announce(state)
            elif state.phase is Phase.OVER and self.on_game_over is not None:
                if self._sleep(self.restart_after_s or 0):
                    return
                self.on_game_over()

    def _wait_for_referee(self, version: int, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while self.referee.version == version and time.monotonic() < deadline:
            if self._sleep(0.1):
                return

    def _fix_table(self, state: KoperState) -> None:
        """Do what the phone says: put the checkers back where the referee has them."""
        if self._sleep(self.pace_s * 2) or not self.referee.problem:
            return
        log.info("virtual players fix the table: %s", self.referee.problem)
        version = self.referee.version
        self.sim.place({sq: state.colors[s] for s in (0, 1) for sq in state.checkers[s]})
        self._wait_for_referee(version)

    def _hand_move(self, frm: Square, to: Square | None) -> None:
        self.sim.hand_over(frm)
        if self._sleep(self.pace_s):
            return
        color = self.sim.lift(frm)
        if to is not None:
            self.sim.hand_over(to)
            if self._sleep(self.pace_s):
                return
            self.sim.put(to, color)
        if self._sleep(self.pace_s / 2):
            return
        self.sim.hand_over(None)

    def _move(self, state: KoperState) -> None:
        moves = sorted(legal_moves(state), key=lambda m: (m.frm, m.to))
        if not moves:
            return
        on_cards = [m for m in moves if state.card_at(m.to)]
        move = self.rng.choice(on_cards or moves)
        version = self.referee.version
        self._hand_move(move.frm, move.to)
        self._wait_for_referee(version)

    def _remove(self, state: KoperState) -> None:
        mine = sorted(state.checkers[state.to_act or 0])
        bare = [sq for sq in mine if not state.card_at(sq)]
        square = self.rng.choice(bare or mine)
        version = self.referee.version
        self._hand_move(square, None)
        self._wait_for_referee(version)

    def _maybe_announce(self, state: KoperState) -> None:
        if self.auto_announce_s is None:
            return
        version = self.referee.version
        if self._sleep(self.auto_announce_s) or self.referee.version != version:
            return
        seat = state.to_act
        hands = available(state, seat) if seat is not None else []
        if hands:
            from engines.core import Action

            self.referee.submit(Action("announce", seat, {"hand": hands[0].text}))
