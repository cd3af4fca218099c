"""The games this build referees, as runtime plugins (see :mod:`firmware_py.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engines.koper
from firmware_py.games import GamePlugin, StartOption


def koper_active_seats(state: Mapping[str, Any]) -> list[int]:
    """The seat that must act now in Koper: to move, to announce or to remove a checker."""
    for key in ("to_move", "to_announce", "to_remove"):
        if state.get(key) is not None:
            return [int(state[key])]
    return []


KOPER = GamePlugin(
    name="koper",
    title="Koper",
    blurb="Two players, 52 cards and 24 checkers. The camera reads the cards and every move.",
    rules=engines.koper.GAME,
    seat_names=("Seat 1", "Seat 2"),
    page="koper.html",
    active_seats=koper_active_seats,
    start_options=(
        StartOption(
            "builder", "Who assembled the board (moves first)?", (("0", "Seat 1"), ("1", "Seat 2"))
        ),
        StartOption(
            "colors",
            "Seat 1 plays",
            (("light", "the light checkers"), ("dark", "the dark checkers")),
        ),
        StartOption(
            "ends",
            "Seat 1 sits at the camera image's",
            (
                ("bottom", "bottom edge"),
                ("top", "top edge"),
                ("left", "left edge"),
                ("right", "right edge"),
            ),
        ),
    ),
)


def default_plugins() -> dict[str, GamePlugin]:
    """Every game of this build, by name."""
    return {p.name: p for p in (KOPER,)}
