"""Reading a match's options into the starting state.

Options (JSON, all optional): ``cells`` (8x8 card ids or null: the 52 cards once each and 12
empty spaces; dealt from the seed when absent), ``builder`` (the seat that built the board and
moves first, default 0), ``colors`` (default ``["light", "dark"]``), ``ends`` (the image edge each
seat sits at, default ``["bottom", "top"]``, on opposite edges) and ``start`` (``{"0": [[r, c],
... 12], "1": [...]}``; default the 4-wide, 3-deep block in each seat's lower-right corner) and
``empty_edge`` (the image edge whose whole line the builder declared empty spaces, if any).
Malformed options raise :class:`~engines.core.EngineError`.

>>> state = new_state({"ends": ["left", "right"]}, seed=3)
>>> sorted(state.checkers[0])[0], state.to_act
((4, 0), 0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engines.core import EngineError
from engines.koper.board import EDGES, OPPOSITE, SIZE, Square, from_edge, on_board, start_block
from engines.koper.cards import DECK
from engines.koper.state import Cells, KoperState

COLORS = ("light", "dark")
CHECKERS_EACH = 12
EMPTY_SPACES = SIZE * SIZE - len(DECK)
OPTION_NAMES = frozenset({"cells", "builder", "colors", "ends", "start", "empty_edge"})


def new_state(options: Mapping[str, Any], seed: int) -> KoperState:
    """The state before the first move."""
    unknown = set(options) - OPTION_NAMES
    if unknown:
        raise EngineError(f"unknown Koper option(s): {', '.join(sorted(unknown))}")
    cells = _cells(options["cells"]) if options.get("cells") is not None else deal(seed)
    builder = options.get("builder", 0)
    if builder not in (0, 1) or isinstance(builder, bool):
        raise EngineError(f"builder must be seat 0 or 1, not {builder!r}")
    colors = tuple(options.get("colors", COLORS))
    if sorted(colors) != sorted(COLORS):
        raise EngineError(f'colors must be "light" and "dark" in some order, not {colors!r}')
    ends = tuple(options.get("ends", ("bottom", "top")))
    if len(ends) != 2 or ends[0] not in EDGES or OPPOSITE[ends[0]] != ends[1]:
        raise EngineError(f"ends must be two opposite edges of {EDGES}, not {ends!r}")
    _check_empty_edge(options.get("empty_edge"), cells)
    start = options.get("start")
    checkers = _start(start) if start is not None else tuple(start_block(e) for e in ends)
    return KoperState(
        cells=cells,
        colors=(colors[0], colors[1]),
        ends=(ends[0], ends[1]),
        builder=builder,
        checkers=(checkers[0], checkers[1]),
        to_act=builder,
    )


def _check_empty_edge(edge: Any, cells: Cells) -> None:
    """The builder's declaration that one whole edge line of the board is empty spaces (the
    text: "the player setting up the board must specify where the edge of the board is meant to
    be"): that line must indeed hold no card. The rules need nothing more of it; the camera
    needs it to see where the board ends."""
    if edge is None:
        return
    if edge not in EDGES:
        raise EngineError(f"empty_edge must be one of {EDGES}, not {edge!r}")
    line = [from_edge(edge, 0, k) for k in range(SIZE)]
    if any(cells[r][c] is not None for r, c in line):
        raise EngineError(f"the {edge} edge was declared empty but holds cards")


def deal(seed: int) -> Cells:
    """Lay the 52 cards and 12 empty spaces out at random, from ``random.Random(seed)``."""
    slots: list[str | None] = [*DECK, *([None] * EMPTY_SPACES)]
    random.Random(seed).shuffle(slots)
    return tuple(tuple(slots[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))


def _cells(raw: Any) -> Cells:
    if (
        not isinstance(raw, (list, tuple))
        or len(raw) != SIZE
        or any(not isinstance(row, (list, tuple)) or len(row) != SIZE for row in raw)
    ):
        raise EngineError("cells must be 8 rows of 8 entries")
    flat = [c for row in raw for c in row]
    cards = [c for c in flat if c is not None]
    wrong = sorted({str(c) for c in cards if c not in DECK})
    if wrong:
        raise EngineError(f"cells hold entries that are not cards: {', '.join(wrong)}")
    if len(set(cards)) != len(cards) or len(cards) != len(DECK):
        missing = sorted(set(DECK) - set(cards))
        doubled = sorted({c for c in cards if cards.count(c) > 1})
        raise EngineError(
            f"cells must hold each of the 52 cards once (missing: {', '.join(missing) or 'none'};"
            f" twice: {', '.join(doubled) or 'none'})"
        )
    return tuple(tuple(row) for row in raw)


def _start(raw: Any) -> tuple[frozenset[Square], frozenset[Square]]:
    if not isinstance(raw, Mapping) or set(map(str, raw)) != {"0", "1"}:
        raise EngineError('start must map "0" and "1" to lists of squares')
    by_seat = {str(k): v for k, v in raw.items()}
    blocks = []
    for seat in ("0", "1"):
        try:
            squares = [(int(r), int(c)) for r, c in by_seat[seat]]
        except (TypeError, ValueError):
            raise EngineError(f"start for seat {seat} must be a list of [row, col]") from None
        block = frozenset(squares)
        if len(squares) != CHECKERS_EACH or len(block) != CHECKERS_EACH:
            raise EngineError(f"start for seat {seat} must be 12 different squares")
        if not all(on_board(s) for s in block):
            raise EngineError(f"start for seat {seat} has a square off the board")
        blocks.append(block)
    if blocks[0] & blocks[1]:
        raise EngineError("the two seats' start squares overlap")
    return blocks[0], blocks[1]
