"""Exceptions raised by the vision pipelines.

Each carries a one-line message fit for the command line (``tableside koper read`` prints it on
stderr and exits non-zero), so callers never need to show a traceback.
"""


class VisionError(Exception):
    """Base class: the image could not be turned into an observation."""


class UnreadableImage(VisionError):
    """The input is not a usable image (empty, wrong dtype or shape, undecodable file)."""


class NoBoardFound(VisionError):
    """The image holds no Koper board (an empty table, a random scene, a board cut off)."""


class UnknownDeck(VisionError):
    """A deck design or learnt deck profile was asked for by a name nobody knows."""


class NoTableMarkers(VisionError):
    """The picture does not show all four of the table's corner markers (Croquetnole)."""


class UnusableVideo(VisionError):
    """A video that cannot be refereed: unreadable, empty, or not of a Croquetnole table."""
