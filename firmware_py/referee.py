"""The referee runtime: one match at a time, stored action by action, pushed to listeners.

Whatever reports an action (a phone, a GPIO button, the camera) calls :meth:`Referee.submit`. An
accepted action is written to SQLite *before* anyone is told, so pulling the plug loses nothing;
the state is always the replay of the stored record, which makes a restart, an undo and a replay
one mechanism. Every change bumps ``version`` and is pushed to subscribers (the SSE streams and
the LEDs) as a whole GameView.

Usage::

    referee = Referee(Store("table.sqlite3"), {"koper": engines.koper.GAME})
    if not referee.resume():          # after a power cut, the same game comes back
        referee.start("koper", options={"cells": cells_read_by_camera})
    referee.submit(Action("move", 0, {"from": [5, 4], "to": [4, 4]}))

A *problem* is something the players must fix at the table (an illegal or unreadable change
seen by the camera); it is shown on the phones and blinks the status LED until it is cleared.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable, Collection, Mapping
from typing import Any

from engines.core import Action, EngineError, Game, MatchRecord, RuleEvent, Step, replay_events
from firmware_py.storage import Store

Listener = Callable[[dict[str, Any]], None]
RECENT_EVENTS = 40


class Referee:
    """Owns the current match of one table: record, state, version, problem and listeners."""

    def __init__(
        self, store: Store, games: Mapping[str, Game[Any]], legal_in_view: Collection[str] = ()
    ) -> None:
        self.store = store
        self.games = dict(games)
        #: Games whose GameView lists the legal actions (pages that draw their buttons from them).
        self.legal_in_view = frozenset(legal_in_view)
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self.match_id: int | None = None
        self.record: MatchRecord | None = None
        self.state: Any = None
        self.events: list[RuleEvent] = []
        self.problem: str | None = None
        self.version = 0
        self.extras: dict[str, Any] = {}

    # -- matches -------------------------------------------------------------------------------
    def start(self, game: str, options: Mapping[str, Any] | None = None, seed: int = 0) -> int:
        """Begin a new match of ``game`` (raises KeyError for an unknown game, EngineError for
        bad options); the previous match stays stored."""
        rules = self.games[game]
        record = MatchRecord(game, seed, dict(options or {}))
        state = rules.new_state(record.options, record.seed)
        with self._lock:
            self.match_id = self.store.create_match(record)
            self.record, self.state, self.events, self.problem = record, state, [], None
            self._changed()
            return self.match_id

    def resume(self, match_id: int | None = None) -> bool:
        """Load ``match_id`` (default: the newest unfinished match); False if there is none."""
        if match_id is None:
            open_matches = [m for m in self.store.matches(50) if not m.finished]
            if not open_matches:
                return False
            match_id = open_matches[0].id
        record = self.store.load(match_id)
        state, events = replay_events(self.games[record.game], record)
        with self._lock:
            self.match_id, self.record, self.state = match_id, record, state
            self.events, self.problem = events[-RECENT_EVENTS:], None
            self._changed()
        return True

    @property
    def game(self) -> Game[Any] | None:
        return None if self.record is None else self.games[self.record.game]

    # -- actions -------------------------------------------------------------------------------
    def submit(self, action: Action) -> Step[Any]:
        """Apply ``action`` to the current match; stored and broadcast when accepted."""
        with self._lock:
            if self.record is None or self.match_id is None:
                return Step.reject("No game is running: start one on the home page.")
            rules = self.games[self.record.game]
            try:
                step = rules.apply(self.state, action)
            except EngineError as exc:  # malformed data from a phone: an answer, not a crash
                return Step.reject(str(exc))
            if not step.ok:
                return step
            self.store.append(self.match_id, action)
            self.record = self.record.push(action)
            self.state = step.state
            self.events = [*self.events, *step.events][-RECENT_EVENTS:]
            if rules.is_terminal(self.state):
                self.store.set_finished(self.match_id)
            self._changed()
            return step

    def undo(self) -> bool:
        """Take back the last accepted action; False when there is none."""
        with self._lock:
            if self.record is None or self.match_id is None or not self.record.actions:
                return False
            taken = self.record.actions[-1]
            self.store.pop(self.match_id)
            self.store.set_finished(self.match_id, False)
            self.record = self.record.pop()
            self.state, events = replay_events(self.games[self.record.game], self.record)
            note = RuleEvent(
                "undo",
                f"Undone: the last {taken.kind.replace('_', ' ')}.",
                {"action": taken.to_json()},
            )
            self.events = [*events[-(RECENT_EVENTS - 1) :], note]
            self._changed()
            return True

    def set_problem(self, text: str | None) -> None:
        """Show (or clear, with None) something the players must fix at the table."""
        with self._lock:
            if text != self.problem:
                self.problem = text
                self._changed()

    def set_extra(self, key: str, value: Any) -> None:
        """Publish runtime information beside the game (camera status, setup reading...)."""
        with self._lock:
            if self.extras.get(key) != value:
                self.extras[key] = value
                self._changed()

    # -- views and listeners -------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The GameView every phone receives: JSON, whole, with a version number. ``options``
        are the match's options; ``legal`` lists the legal actions' JSON for the games in
        ``legal_in_view`` (None for the others)."""
        with self._lock:
            rules = self.game
            record = self.record
            legal = None
            if rules is not None and record is not None and record.game in self.legal_in_view:
                legal = [a.to_json() for a in rules.legal_actions(self.state)]
            return {
                "version": self.version,
                "match_id": self.match_id,
                "game": None if self.record is None else self.record.game,
                "state": None if rules is None else rules.view(self.state),
                "terminal": bool(rules is not None and rules.is_terminal(self.state)),
                "events": [e.to_json() for e in self.events],
                "actions": 0 if self.record is None else len(self.record.actions),
                "problem": self.problem,
                "extras": dict(self.extras),
                "options": None if record is None else dict(record.options),
                "legal": legal,
            }

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(view)`` after every change (and once now); returns an unsubscribe."""
        with self._lock:
            self._listeners.append(listener)
            listener(self.view())

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def stream(self) -> tuple[queue.Queue[dict[str, Any]], Callable[[], None]]:
        """A queue that always holds the newest view (older unread ones are dropped)."""
        box: queue.Queue[dict[str, Any]] = queue.Queue(maxsize=1)

        def put(view: dict[str, Any]) -> None:
            with contextlib.suppress(queue.Empty):
                box.get_nowait()
            box.put_nowait(view)

        return box, self.listen(put)

    def _changed(self) -> None:
        self.version += 1
        view = self.view()
        for listener in list(self._listeners):
            listener(view)
