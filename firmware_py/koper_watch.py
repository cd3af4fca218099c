"""The Koper camera watcher: frames in, moves and removals out, problems shown to the players.

The loop reads preview frames and feeds a stillness detector. Each time the table settles (hands
gone), or when END TURN is pressed, it takes a full-resolution still, reads the board, and
compares the checkers with the referee's state (:func:`engines.koper.observe.infer_action`):

* the same position: nothing to do (any shown problem is cleared: the players fixed it);
* one legal move, or the removal the rules wait for: submitted as the action;
* anything else (two checkers moved, an illegal move, a checker missing): a *problem* in words,
  shown on every phone with the status LED blinking, never silently accepted.

A change counts only when a second read a moment later agrees: a hand resting over the board is
still for a while, and what it hides is neither a move nor a removal.

The players' own pieces (draughts of any size, chips, coins) are learnt from the board itself
(:mod:`vision.koper.pieces`): whenever a reading shows the position the game holds (the start
position at set-up, the board after each move taken, a board that has not changed), the pieces
read on each set's squares teach the reader that set's size and look, and later reads look for
those. A new game forgets them; a restarted device learns them again from its first reading
that agrees with the game.

The same observation is acted on once: after an UNDO the board still shows the undone move, and
the watcher waits until the players change something rather than re-applying it.

A card read less sure than :data:`~vision.koper.correction.ASK_BELOW` is not played silently:
until the players have vouched for every such card, the phones show them marked, the watcher
acts on nothing it sees, and a problem says which cards to check. A player taps a marked card
and names it (the likely cards are offered first) or says it was read right
(:meth:`KoperWatcher.correct_card`), or confirms at once every marked card as the phone draws it
(:meth:`KoperWatcher.confirm_marked`); the reader's assignment is solved again with every card the
players named pinned (:func:`vision.koper.correction.corrected`), and the cards that change go
to the referee as one ``cards`` action, so a restart replays them with the rest of the match.
The marked cards are in ``extras["unsure_cards"]``: ``[{"row", "col", "card", "confidence",
"choices"}]``, the likely cards first.

A deck the watcher was not told (``deck="auto"``) is learnt from the boards the game is played on
(:mod:`vision.koper.deck_learning`): each board that shows the game's position, every card sure
or vouched for, with the checkers placed anew, teaches the deck's look where no checker hides it.
Once every card has been seen, the players may give the deck a name
(:meth:`KoperWatcher.remember_deck`); it is saved among the deck profiles and read by that name
from then on (a board read by a remembered deck teaches nothing more). ``extras["deck"]`` says
``{"name", "known", "seen", "ready", "remembered"}``: the profile the last reading came from,
whether that is a deck the club had remembered, the share of the deck seen so far, whether it may
be named, and the name it was saved under (None until then).
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from engines.core import Action
from engines.core.errors import EngineError
from engines.koper import GAME
from engines.koper.board import square_name
from engines.koper.observe import Inference, infer_action
from engines.koper.state import KoperState
from firmware_py.background import CameraWatcher
from firmware_py.camera_view import CameraView
from firmware_py.referee import Referee
from vision.cards.designs import list_designs
from vision.errors import VisionError
from vision.koper import BoardReading, StillnessDetector, annotate, read_board
from vision.koper.correction import ASK_BELOW, corrected, likely_cards
from vision.koper.deck_learning import DeckLearner
from vision.koper.pieces import PieceLooks, learn_pieces
from vision.koper.profiles import is_learnt, save_profile
from vision.koper.reader import board_views
from vision.sources import FrameSource

log = logging.getLogger("tableside.koper")

Observed = dict[tuple[int, int], str]


#: A deck's name as the players give it (it names the saved profile's file).
DECK_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,39}")


@dataclass(frozen=True)
class KoperWatchConfig:
    """How the watcher reads: the deck profile, how long to wait for a frame, and how long to
    wait before the confirming second read."""

    deck: str = "auto"
    frame_timeout_s: float = 2.0
    #: Seconds between the two reads that must agree before a change is acted on.
    recheck_s: float = 1.0
    #: Cards read less sure than this are put to the players (:data:`ASK_BELOW`).
    ask_below: float = ASK_BELOW
    #: Cards offered for a marked cell, the one read first.
    choices: int = 6


def observed_checkers(reading: BoardReading) -> Observed:
    return {(r, c): color for r, c, color in reading.checkers}


def start_options(reading: BoardReading, options: dict[str, Any]) -> dict[str, Any]:
    """A new game's options completed from the first reading: the cards, and the checkers'
    start squares when all 24 stand on the board (any start layout the players chose)."""
    full = {**options, "cells": [list(row) for row in reading.cells]}
    by_color: dict[str, list[list[int]]] = {"light": [], "dark": []}
    for r, c, color in reading.checkers:
        by_color[color].append([r, c])
    counts = {k: len(v) for k, v in by_color.items()}
    if counts == {"light": 12, "dark": 12}:
        colors = full.get("colors", ["light", "dark"])
        full["start"] = {str(seat): by_color[color] for seat, color in enumerate(colors)}
    elif any(counts.values()):
        raise ValueError(
            f"I see {counts['light']} light and {counts['dark']} dark checkers: each player "
            "needs 12 on the board (or take them all off to use the standard start)."
        )
    return full


def _squares_by_color(reading: BoardReading) -> dict[str, set[tuple[int, int]]]:
    """The squares each set's checkers were read on."""
    out: dict[str, set[tuple[int, int]]] = {"light": set(), "dark": set()}
    for r, c, color in reading.checkers:
        out[color].add((r, c))
    return out


def _standard_start(
    reading: BoardReading, options: dict[str, Any]
) -> dict[str, set[tuple[int, int]]] | None:
    """The squares of each set's standard start blocks for a game of ``options`` on the board
    read (the engine's own set-up says where), or None if the options are not a game's."""
    try:
        state = GAME.new_state({**options, "cells": [list(row) for row in reading.cells]}, seed=0)
    except EngineError:
        return None
    if not isinstance(state, KoperState):
        return None
    return {state.colors[s]: set(state.checkers[s]) for s in (0, 1)}


def card_mismatches(reading: BoardReading, state: KoperState) -> list[str]:
    """Squares whose card differs from the game's board (cards moved since setup)."""
    wrong = []
    for r in range(8):
        for c in range(8):
            if reading.cells[r][c] != state.cells[r][c]:
                wrong.append(square_name((r, c)))
    return wrong


class KoperWatcher(CameraWatcher):
    """The camera loop of a Koper game (see the module docstring)."""

    thread_name = "koper-watcher"

    def __init__(
        self,
        referee: Referee,
        source: FrameSource,
        camera_view: CameraView,
        config: KoperWatchConfig = KoperWatchConfig(),
        reader: Callable[..., BoardReading] = read_board,
        viewer: Callable[..., tuple[tuple[str, ...], list[tuple[np.ndarray, np.ndarray]]]] = (
            board_views
        ),
    ) -> None:
        super().__init__(referee, source, camera_view, config)
        self._read = reader
        self._views = viewer
        #: The deck as learnt from this game's boards, and the position it was last taught by.
        self.deck = DeckLearner()
        #: The deck is taught in the camera loop and named from a phone's request.
        self._deck_lock = threading.Lock()
        self._taught: Observed | None = None
        self._remembered: str | None = None
        self._still: np.ndarray | None = None
        self._stillness = StillnessDetector()
        self._look_now = threading.Event()
        self._last: Observed | None = None
        self._pending: Inference | None = None
        self._recheck_at = 0.0
        self._reading: BoardReading | None = None
        self._still_width = 1
        #: The reading the game's cards come from, with the players' corrections taken in
        #: (None after a restart until a reading matches the game's cards).
        self._board: BoardReading | None = None
        self.reads = 0
        #: The two sets of pieces as learnt on this table (None until a reading agrees with
        #: the game).
        self.pieces: PieceLooks | None = None

    # -- Watcher protocol -----------------------------------------------------------------------
    def setup_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new game's options completed from the board (:func:`start_options`). The pieces
        are learnt from their start squares: those they stand on when all 24 are read, else
        the standard start blocks the options give (the players have put them there, and a
        first read that missed a few of a club's pieces finds them once it knows the sets)."""
        self.pieces = None  # a new game may be played with other pieces, and another deck
        self.deck, self._taught, self._remembered = DeckLearner(), None, None
        reading = self._read_still(options.get("empty_edge"))
        if reading is None:
            raise ValueError("The camera gave no picture: check the camera and try again.")
        squares = _squares_by_color(reading)
        if {k: len(v) for k, v in squares.items()} != {"light": 12, "dark": 12}:
            standard = _standard_start(reading, options)
            if standard is not None:
                self._learn(reading, standard)
                if self.pieces is not None:
                    reading = self._read_still(options.get("empty_edge")) or reading
            squares = _squares_by_color(reading)
        full = start_options(reading, options)
        self._board = reading
        self._last = observed_checkers(reading) if full.get("start") else None
        if full.get("start"):
            self._learn(reading, squares)
        return full

    def _learn(self, reading: BoardReading, squares: dict[str, set[tuple[int, int]]]) -> None:
        """Learn the two sets from ``reading``, which shows each on its ``squares``; a reading
        that teaches nothing (too few pieces read there) keeps what was learnt."""
        looks = learn_pieces(reading.pieces, squares)
        if looks is not None:
            self.pieces = looks

    def _learn_state(self, reading: BoardReading) -> None:
        """Learn the two sets from ``reading``, which shows the game's position."""
        state = self.referee.state
        if isinstance(state, KoperState):
            squares = {state.colors[s]: set(state.checkers[s]) for s in (0, 1)}
            self._learn(reading, squares)

    def end_turn(self) -> None:
        self._look_now.set()

    # -- the players' word on unsure cards ----------------------------------------------------
    def unsure_cards(self) -> list[tuple[int, int]]:
        """The card cells read less sure than ``ask_below`` that the players have not vouched
        for, in board order (none while no reading matches the game's cards)."""
        state, board = self.referee.state, self._board
        if not isinstance(state, KoperState) or board is None:
            return []
        return [
            (r, c)
            for r in range(8)
            for c in range(8)
            if state.cells[r][c] is not None
            and board.confidences[r][c] < self.config.ask_below
            and (r, c) not in state.checked
        ]

    def _publish_unsure(self) -> None:
        """Put the marked cards and their likely cards on the phones, and hold play while any
        remain (the problem names them)."""
        board = self._board
        cells = self.unsure_cards()
        marked = [
            {
                "row": r,
                "col": c,
                "card": board.cells[r][c],
                "confidence": round(board.confidences[r][c], 3),
                "choices": likely_cards(board, (r, c), self.config.choices),
            }
            for r, c in cells
            if board is not None
        ]
        self.referee.set_extra("unsure_cards", marked)
        if cells:
            names = ", ".join(square_name(cell) for cell in cells)
            self.referee.set_problem(
                f"The camera is not sure of the cards at {names}: tap each marked card on a "
                "phone and say which card it is."
            )

    def correct_card(self, at: tuple[int, int], card: str | None) -> str | None:
        """The players' word on the card at ``at``: it is ``card``, or (None) it was read right.
        The other cards are assigned again with every card the players have named pinned, and
        the changes go to the referee as one ``cards`` action. None when taken, else why not."""
        return self._players_word({at: card})

    def confirm_marked(self) -> str | None:
        """The players' word that every marked card (:meth:`unsure_cards`) was read right, as
        the phone draws it: for a deck the camera reads by resemblance, where most cards are
        marked, one look at the drawing answers for all of them. None when taken, else why
        not."""
        marked = self.unsure_cards()
        if isinstance(self.referee.state, KoperState) and not marked:
            return "No card is marked: there is nothing to confirm."
        return self._players_word(dict.fromkeys(marked))

    def _players_word(self, words: dict[tuple[int, int], str | None]) -> str | None:
        """Take the players' word on the cards at ``words``' cells (a card each, or None: read
        right), as :meth:`correct_card` says. None when taken, else why not."""
        state, board = self.referee.state, self._board
        if not isinstance(state, KoperState):
            return "No Koper game is running."
        if board is None:
            return "The camera has not read this board yet: wait a moment and try again."
        for at in words:
            if state.cells[at[0]][at[1]] is None:
                return f"{square_name(at)} is an empty space: it holds no card."
        named = {sq: str(state.cells[sq[0]][sq[1]]) for sq in state.checked}
        named.update({at: card or str(state.cells[at[0]][at[1]]) for at, card in words.items()})
        try:
            new = corrected(board, named)
        except (ValueError, VisionError) as exc:
            return str(exc)
        cells = [
            [r, c, new.cells[r][c]]
            for r in range(8)
            for c in range(8)
            if (r, c) in words
            or (state.cells[r][c] is not None and new.cells[r][c] != state.cells[r][c])
        ]
        step = self.referee.submit(
            Action("cards", state.builder, {"cells": cells, "checked": [list(at) for at in words]})
        )
        if not step.ok:
            return step.reason
        self._board = new
        self.referee.set_problem(None)
        self._publish_unsure()
        return None

    def undone(self) -> None:
        """After an undo the board still shows the undone move. Nothing to reset: an
        observation is acted on once, so the watcher waits for the players' next change."""

    # -- the loop -------------------------------------------------------------------------------
    def _read_still(self, empty_edge: str | None = None) -> BoardReading | None:
        """Read a still; ``empty_edge`` is the builder's declared empty edge line (at set-up;
        afterwards the match's)."""
        image = self.source.still()
        if image is None:
            return None
        reading = self._read(
            image, deck=self.config.deck, empty_edge=empty_edge, pieces=self.pieces
        )
        self.reads += 1
        self._reading, self._still_width, self._still = reading, image.shape[1], image
        self.camera_view.publish(annotate(image, reading), force=True)
        return reading

    def _annotated(self, image: np.ndarray) -> np.ndarray:
        """A live frame with the last reading drawn on it (scaled from the still's size)."""
        if self._reading is None:
            return image
        k = image.shape[1] / self._still_width
        corners = tuple((x * k, y * k) for x, y in self._reading.corners)
        return annotate(image, replace(self._reading, corners=corners))

    def _run(self) -> None:
        first = True
        for frame in self._frames():
            settled = self._stillness.update(frame.image, frame.t).became_still
            if not settled and self.camera_view.due():
                self.camera_view.publish(self._annotated(frame.image))
            forced = self._look_now.is_set()
            recheck = self._pending is not None and frame.t >= self._recheck_at
            if settled or forced or first or recheck:
                self._look_now.clear()
                first = False
                self.look(frame.t, forced=forced or recheck)

    def look(self, now: float, forced: bool = False) -> None:
        """Read the board now (``now``: the frame clock) and referee what changed.

        A change is acted on only when two reads at least ``recheck_s`` apart agree: a hand
        resting over the board is still for a moment, and what it hides must not be taken for a
        move, a removal or a moved card.
        """
        error = None
        record = self.referee.record
        try:
            reading = self._read_still(None if record is None else record.options.get("empty_edge"))
        except VisionError as exc:
            reading, error = None, f"I cannot read the board: {exc}"
        else:
            if reading is None:
                self.referee.set_extra("camera", "no picture")
                return
        self.referee.set_extra("camera", "watching")
        state = self.referee.state
        if reading is not None and isinstance(state, KoperState) and state.checked:
            # Every reading takes the players' word on the cards they vouched for.
            named = {sq: str(state.cells[sq[0]][sq[1]]) for sq in state.checked}
            with contextlib.suppress(ValueError, VisionError):  # moved cards: the verdict says so
                reading = corrected(reading, named)
        if (
            self._board is None
            and reading is not None
            and isinstance(state, KoperState)
            and reading.cells == state.cells
        ):
            self._board = reading
        if self.unsure_cards():
            # Nothing is played on cards the players have not checked.
            self._publish_unsure()
            return
        self.referee.set_extra("unsure_cards", [])
        observed = observed_checkers(reading) if reading is not None else None
        if observed == self._last and not forced and self._pending is None:
            if reading is not None:
                self._learn_deck(reading)  # the position the game holds, read again
            return
        verdict = self.verdict(reading, error)
        if verdict.status != "unchanged" and self._pending != verdict:
            self._pending, self._recheck_at = verdict, now + self.config.recheck_s
            return
        self._pending = None
        if observed is not None:
            self._last = observed
        if self._apply(verdict) and reading is not None:
            self._learn_state(reading)
            self._learn_deck(reading)

    # -- the club's own deck ------------------------------------------------------------------
    def _learn_deck(self, reading: BoardReading) -> None:
        """Teach the deck by the last still, which shows the game's position with every card
        sure or vouched for: once per placing of the checkers, while the deck was not named,
        is not one the club has had remembered (the reading came from its profile), and is not
        learnt yet (see the module doc)."""
        state = self.referee.state
        observed = observed_checkers(reading)
        if (
            self.config.deck == "auto"
            and not is_learnt(reading.deck)
            and not self.deck.ready
            and isinstance(state, KoperState)
            and reading.cells == state.cells
            and self._still is not None
            and observed != self._taught
        ):
            try:
                ids, views = self._views(self._still, state.cells, pieces=self.pieces)
                with self._deck_lock:
                    self.deck.add(ids, views)
            except (ValueError, VisionError) as exc:  # the still no longer shows those cells
                log.info("deck not taught by this board: %s", exc)
            else:
                self._taught = observed
        self._publish_deck(reading)

    def _publish_deck(self, reading: BoardReading | None) -> None:
        """Say on the phones how far the deck is learnt (``extras["deck"]``)."""
        if self.config.deck != "auto":
            return
        self.referee.set_extra(
            "deck",
            {
                "name": None if reading is None else reading.deck,
                "known": reading is not None and is_learnt(reading.deck),
                "seen": round(self.deck.coverage, 3),
                "ready": self.deck.ready,
                "remembered": self._remembered,
            },
        )

    def remember_deck(self, name: str) -> str | None:
        """Save the deck learnt from this game's boards as ``name``, to be read by that name
        from then on. None when saved, else why not."""
        name = name.strip()
        if not DECK_NAME.fullmatch(name):
            return (
                "A deck's name is 1 to 40 letters, digits, spaces, - or _, "
                "beginning with a letter or digit."
            )
        if name in list_designs():
            return f"{name!r} is the name of a deck Tableside knows already: choose another."
        if not self.deck.ready:
            return (
                f"The camera has seen {self.deck.coverage:.0%} of the cards so far: play on, and "
                "it can remember the deck once it has seen every card with no checker on it."
            )
        with self._deck_lock:
            profile = self.deck.profile(name)
        save_profile(profile)
        self._remembered = name
        self._publish_deck(self._reading)
        return None

    def verdict(self, reading: BoardReading | None, error: str | None = None) -> Inference:
        """What one reading means for the game: unchanged, an action, or a problem in words."""
        state = self.referee.state
        if reading is None or not isinstance(state, KoperState):
            return Inference("problem", reason=error or "No Koper game is running.")
        moved_cards = card_mismatches(reading, state)
        if moved_cards:
            where = ", ".join(moved_cards[:6])
            return Inference(
                "problem",
                reason=f"The cards at {where} are not as they were when the game began: "
                "put them back.",
            )
        return infer_action(state, observed_checkers(reading))

    def _apply(self, verdict: Inference) -> bool:
        """Act on ``verdict``; whether the board now shows the game's position (unchanged, or
        the action it showed was taken)."""
        if verdict.status == "unchanged":
            self.referee.set_problem(None)
            return True
        if verdict.status == "action" and verdict.action is not None:
            step = self.referee.submit(verdict.action)
            self.referee.set_problem(None if step.ok else step.reason)
            log.info("camera: %s -> %s", verdict.action.to_json(), step.ok or step.reason)
            return bool(step.ok)
        self.referee.set_problem(verdict.reason)
        return False
