"""Fixtures for the Koper tests: a readable test board and a tiny script player.

Under ``--import-mode=importlib`` test modules cannot import each other, so the helpers come as
one fixture, ``kit`` (a :class:`Kit`), and ``fresh``, the default start on the test board.

The test board puts the 12 empty spaces where dark starts by default (a1-d3), a strong hand of
cards under light's default start (e6-h8: spades A K Q J 9, four aces, kings of spades and
hearts) and a heart run with the kings of diamonds and clubs on e1-h3, for tests that start dark
there instead (``Kit.DARK_ON_HEARTS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from engines.core import Action, RuleEvent
from engines.koper import GAME, KoperState
from engines.koper.board import Square, parse_square

BOARD = """
-- -- -- -- KD KC 2H 3H
-- -- -- -- 4H 5H 6H 7H
-- -- -- -- 8H 9H TH 2S
3S 4S 5S 6S 7S 8S TS 2D
JH QH 3D 4D 6D 7D 8D 9D
TD JD QD 4C AS KS QS JS
5C 6C 8C 9C 9S KH AD AC
TC JC QC 3C 2C AH 5D 7C
"""


class Kit:
    """Helpers: the test board, square lists by name, a script player and event texts."""

    BOARD = BOARD
    DARK_ON_HEARTS: ClassVar[dict[str, list[list[int]]]] = {
        "0": [[r, c] for r in range(5, 8) for c in range(4, 8)],
        "1": [[r, c] for r in range(3) for c in range(4, 8)],
    }

    @staticmethod
    def cells(text: str = BOARD) -> list[list[str | None]]:
        """The 8x8 cells option from a text grid, ``--`` for an empty space."""
        return [
            [None if c == "--" else c for c in line.split()] for line in text.split("\n") if line
        ]

    @staticmethod
    def squares(names: str) -> list[Square]:
        """Squares from their names: "a1 b2" -> [(0, 0), (1, 1)]."""
        return [parse_square(n) for n in names.split()]

    @staticmethod
    def script_items(script: str) -> list[tuple[str, dict[str, Any]]]:
        """The (kind, data) pairs a script means: per line a run of moves ("e8-d8 d3-d4"),
        ``remove <square>`` or ``announce <announcement>``."""
        items: list[tuple[str, dict[str, Any]]] = []
        for line in filter(None, (ln.strip() for ln in script.split("\n"))):
            if line.startswith("announce "):
                items.append(("announce", {"hand": line.removeprefix("announce ")}))
            elif line.startswith("remove "):
                items.append(("remove", {"at": list(parse_square(line.split()[1]))}))
            else:
                for token in line.split():
                    frm, to = token.split("-")
                    items.append(
                        ("move", {"from": list(parse_square(frm)), "to": list(parse_square(to))})
                    )
        return items

    def play(self, state: KoperState, script: str) -> tuple[KoperState, list[RuleEvent]]:
        """Apply a script, each item by the seat the game waits for, asserting each is legal;
        the final state and every event on the way."""
        events: list[RuleEvent] = []
        for kind, data in self.script_items(script):
            step = GAME.apply(state, Action(kind, state.to_act, data))
            assert step.ok, f"{kind} {data}: {step.reason}"
            assert step.state is not None
            state = step.state
            events.extend(step.events)
        return state, events

    @staticmethod
    def texts(events: list[RuleEvent], *kinds: str) -> list[str]:
        """The texts of the events of the given kinds, in order."""
        return [e.text for e in events if e.kind in kinds]


@pytest.fixture
def kit() -> Kit:
    return Kit()


@pytest.fixture
def fresh(kit: Kit) -> KoperState:
    """The default start on the test board: light (builder) at the bottom, dark on the spaces."""
    return GAME.new_state({"cells": kit.cells()}, seed=0)
