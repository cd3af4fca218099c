"""Pure rule engines: state in, action in, new state and events out.

Nothing in this package does I/O, reads a clock, starts a thread or draws a random number that is
not seeded and recorded. Each game is a package (``engines.koper``, ``engines.croquetnole``, ...)
built on :mod:`engines.core`.
"""
