"""The Koper state: the cards, where the checkers stand, and where the game is in its turn cycle.

A state is an immutable value; :mod:`engines.koper.game` makes new ones. ``str(state)`` prints the
checkers as text so tests can compare boards by eye (python-chess style): ``L``/``D`` is a light or
dark checker on a card, ``l``/``d`` one on an empty space, ``.`` a free card, ``_`` a free empty
space. Rows are numbered from the image top, columns lettered from the left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engines.koper.board import COLUMNS, SIZE, Square
from engines.koper.hands import Hand

Cells = tuple[tuple[str | None, ...], ...]


class Phase(StrEnum):
    """What the game waits for: a move, an announcement, a removal, or nothing (game over)."""

    MOVE = "move"
    ANNOUNCE = "announce"
    REMOVE = "remove"
    OVER = "over"


@dataclass(frozen=True)
class Call:
    """One seat's part in an announcement round: the hand announced, or why it could not."""

    seat: int
    hand: Hand | None
    reason: str = ""


@dataclass(frozen=True)
class Cycle:
    """One announcement round (after turns 3, 6, 9, ...): the calls in order, its result in
    words, the seat that must remove a checker (if any) and the square it emptied."""

    turn: int
    calls: tuple[Call, ...] = ()
    result: str = ""
    loser: int | None = None
    removed: Square | None = None


@dataclass(frozen=True)
class KoperState:
    """Everything the rules need.

    ``to_act`` is the seat whose move, announcement or removal the game waits for (``None`` once
    the game is over). ``turn`` counts from 1; a turn is the builder's move then the other
    seat's. ``cycles`` holds every announcement round, the current one last. ``used`` holds each
    seat's announcements so far (texts), ``moves`` every move as text ("e6-e5").
    """

    cells: Cells
    colors: tuple[str, str]
    ends: tuple[str, str]
    builder: int
    checkers: tuple[frozenset[Square], frozenset[Square]]
    phase: Phase = Phase.MOVE
    turn: int = 1
    to_act: int | None = 0
    moves: tuple[str, ...] = ()
    cycles: tuple[Cycle, ...] = ()
    used: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    winner: int | None = None
    #: Cells whose card the players have vouched for (a ``cards`` action): the camera's doubt
    #: about them is settled.
    checked: frozenset[Square] = frozenset()

    @property
    def occupied(self) -> frozenset[Square]:
        return self.checkers[0] | self.checkers[1]

    def seat_at(self, square: Square) -> int | None:
        """The seat whose checker stands on ``square``, or None."""
        for seat in (0, 1):
            if square in self.checkers[seat]:
                return seat
        return None

    def card_at(self, square: Square) -> str | None:
        return self.cells[square[0]][square[1]]

    def cards_under(self, seat: int) -> list[str]:
        """The cards under ``seat``'s checkers (checkers on empty spaces add nothing)."""
        return sorted(c for c in (self.card_at(s) for s in self.checkers[seat]) if c)

    @property
    def pending_loser(self) -> int | None:
        """The seat that must remove a checker now, if any."""
        return self.to_act if self.phase is Phase.REMOVE else None

    def __str__(self) -> str:
        return board_text(self)


def board_text(state: KoperState) -> str:
    """The board as text, one line per row with a column header.

    >>> from engines.koper.game import GAME
    >>> print(board_text(GAME.new_state({}, seed=1)).splitlines()[0])
      a b c d e f g h
    """
    lines = ["  " + " ".join(COLUMNS)]
    for r in range(SIZE):
        marks = []
        for c in range(SIZE):
            seat = state.seat_at((r, c))
            card = state.cells[r][c]
            if seat is None:
                marks.append("." if card else "_")
            else:
                mark = state.colors[seat][0]
                marks.append(mark.upper() if card else mark)
        lines.append(f"{r + 1} " + " ".join(marks))
    return "\n".join(lines)


def cells_text(cells: Cells) -> str:
    """The card layout as text, ``--`` for an empty space."""
    lines = ["   " + "  ".join(COLUMNS)]
    lines += [f"{r + 1} " + " ".join(c or "--" for c in row) for r, row in enumerate(cells)]
    return "\n".join(lines)
