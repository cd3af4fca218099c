"""SQLite storage of matches (their records, action by action) and settings.

Power can be pulled at any moment, so the database runs in WAL mode with ``synchronous=FULL`` and
every accepted action is committed before the referee announces it. A match is its
:class:`~engines.core.MatchRecord`: the seed and options in ``matches``, one row per accepted
action in ``actions``. Undo deletes the last row; a restart reloads the unfinished match.

>>> store = Store(":memory:")
>>> mid = store.create_match(MatchRecord("koper", seed=1))
>>> store.append(mid, Action("move", 0, {"from": [5, 4], "to": [4, 4]}))
>>> len(store.load(mid).actions)
1
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.core import Action, MatchRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class MatchSummary:
    """One row of the match list."""

    id: int
    game: str
    created: str
    actions: int
    finished: bool


class Store:
    """The device's database. Thread-safe: one connection guarded by a lock."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _tx(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cur = self._db.execute(sql, params)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return cur

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def create_match(self, record: MatchRecord) -> int:
        """Store a new match (its seed, options and any actions it already holds); its id."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cur = self._db.execute(
                    "INSERT INTO matches (game, seed, options) VALUES (?, ?, ?)",
                    (record.game, record.seed, json.dumps(record.options)),
                )
                match_id = int(cur.lastrowid or 0)
                self._db.executemany(
                    "INSERT INTO actions (match_id, seq, action) VALUES (?, ?, ?)",
                    [(match_id, i, json.dumps(a.to_json())) for i, a in enumerate(record.actions)],
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return match_id

    def append(self, match_id: int, action: Action) -> None:
        """Append one accepted action; durable when this returns."""
        self._tx(
            "INSERT INTO actions (match_id, seq, action) SELECT ?, COALESCE(MAX(seq) + 1, 0), ? "
            "FROM actions WHERE match_id = ?",
            (match_id, json.dumps(action.to_json()), match_id),
        )

    def pop(self, match_id: int) -> bool:
        """Delete the last action of a match (undo); False when it had none."""
        cur = self._tx(
            "DELETE FROM actions WHERE match_id = ? AND seq = "
            "(SELECT MAX(seq) FROM actions WHERE match_id = ?)",
            (match_id, match_id),
        )
        return cur.rowcount > 0

    def set_finished(self, match_id: int, finished: bool = True) -> None:
        self._tx("UPDATE matches SET finished = ? WHERE id = ?", (int(finished), match_id))

    def load(self, match_id: int) -> MatchRecord:
        """The match record as stored; KeyError for an unknown id."""
        rows = self._query("SELECT game, seed, options FROM matches WHERE id = ?", (match_id,))
        if not rows:
            raise KeyError(f"no match {match_id}")
        game, seed, options = rows[0]
        actions = self._query(
            "SELECT action FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
        )
        recorded = tuple(Action.from_json(json.loads(a)) for (a,) in actions)
        return MatchRecord(game, seed, json.loads(options), recorded)

    def matches(self, limit: int = 20) -> list[MatchSummary]:
        """The most recent matches, newest first."""
        rows = self._query(
            "SELECT m.id, m.game, m.created, COUNT(a.seq), m.finished FROM matches m "
            "LEFT JOIN actions a ON a.match_id = m.id GROUP BY m.id ORDER BY m.id DESC LIMIT ?",
            (limit,),
        )
        return [MatchSummary(i, g, c, n, bool(f)) for i, g, c, n, f in rows]

    def get_setting(self, key: str, default: Any = None) -> Any:
        rows = self._query("SELECT value FROM settings WHERE key = ?", (key,))
        return json.loads(rows[0][0]) if rows else default

    def set_setting(self, key: str, value: Any) -> None:
        self._tx(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value)),
        )
