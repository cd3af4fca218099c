"""Exceptions of the engine core.

Illegal moves are *not* exceptions (they come back as a rejected :class:`~engines.core.Step`);
these are for programming errors and corrupt records.
"""


class EngineError(Exception):
    """A caller broke the engine's contract (unknown option, malformed action data)."""


class ReplayError(EngineError):
    """A stored match record contains an action its own game rejects: the record is corrupt."""
