"""Squares of the 8x8 Koper board, their names, the players' edges and the default start blocks.

Squares are ``(row, col)`` in camera-image orientation: row 0 nearest the image top, column 0
leftmost. A square's name is its column letter then its row counted from the image top, so "a1"
is (0, 0) and "h8" is (7, 7).

>>> square_name((4, 3)), parse_square("d5")
('d5', (4, 3))
>>> sorted(start_block("bottom"))[:2]
[(5, 4), (5, 5)]
"""

from __future__ import annotations

from collections.abc import Iterator

Square = tuple[int, int]

SIZE = 8
COLUMNS = "abcdefgh"
EDGES = ("bottom", "top", "left", "right")
OPPOSITE = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}
DIRECTIONS: tuple[Square, ...] = tuple(
    (dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)
)
BLOCK_WIDTH, BLOCK_DEPTH = 4, 3


def on_board(square: Square) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def square_name(square: Square) -> str:
    """ "a1" for (0, 0): column letter, then the row counted from 1 at the image top."""
    return f"{COLUMNS[square[1]]}{square[0] + 1}"


def parse_square(name: str) -> Square:
    """The square a name such as "e6" means; ValueError for anything else."""
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345678":
        raise ValueError(f"{name!r} is not a square (a1 to h8)")
    return (int(text[1]) - 1, COLUMNS.index(text[0]))


def neighbours(square: Square) -> Iterator[Square]:
    """The up to eight squares next to ``square`` on the board."""
    for dr, dc in DIRECTIONS:
        nxt = (square[0] + dr, square[1] + dc)
        if on_board(nxt):
            yield nxt


def from_edge(edge: str, depth: int, offset: int) -> Square:
    """The square ``depth`` rows in from ``edge`` and ``offset`` columns in from that player's
    right, as the player sitting at that edge sees the board.

    A player at the bottom has the image's right on their right; at the top, the image's left;
    at the left edge, the image's bottom; at the right edge, the image's top.
    """
    last = SIZE - 1
    return {
        "bottom": (last - depth, last - offset),
        "top": (depth, offset),
        "left": (last - offset, depth),
        "right": (offset, last - depth),
    }[edge]


def start_block(edge: str) -> frozenset[Square]:
    """The RULINGS default start: the 4-wide, 3-deep block in the lower-right corner as seen
    from ``edge``."""
    return frozenset(from_edge(edge, d, k) for d in range(BLOCK_DEPTH) for k in range(BLOCK_WIDTH))
