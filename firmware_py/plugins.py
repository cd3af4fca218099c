"""The games this build referees, as runtime plugins (see :mod:`firmware_py.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engines.koper
from engines.koper.board import OPPOSITE
from firmware_py.games import GamePlugin, StartOption


def koper_active_seats(state: Mapping[str, Any]) -> list[int]:
    """The seat that must act now in Koper: to move, to announce or to remove a checker."""
    for key in ("to_move", "to_announce", "to_remove"):
        if state.get(key) is not None:
            return [int(state[key])]
    return []


def koper_options(form: Mapping[str, Any]) -> dict[str, Any]:
    """Engine options from the start form: seat 1's colour and edge imply seat 2's.

    >>> koper_options({"builder": 1, "colors": "dark", "ends": "left"})
    {'builder': 1, 'colors': ['dark', 'light'], 'ends': ['left', 'right']}
    """
    options = dict(form)
    if isinstance(options.get("colors"), str):
        first = options["colors"]
        options["colors"] = [first, "dark" if first == "light" else "light"]
    if isinstance(options.get("ends"), str):
        first = options["ends"]
        options["ends"] = [first, OPPOSITE.get(first, first)]
    return options


KOPER = GamePlugin(
    name="koper",
    title="Koper",
    blurb="Two players, 52 cards and 24 checkers. The camera reads the cards and every move.",
    rules=engines.koper.GAME,
    seat_names=("Seat 1", "Seat 2"),
    page="koper.html",
    active_seats=koper_active_seats,
    prepare_options=koper_options,
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
