"""The games this build referees, as runtime plugins (see :mod:`firmware_py.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engines.croquetnole
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
    """Engine options from the start form: seat 1's colour and edge imply seat 2's; "none" for
    the empty edge is no option.

    >>> koper_options({"builder": 1, "colors": "dark", "ends": "left", "empty_edge": "none"})
    {'builder': 1, 'colors': ['dark', 'light'], 'ends': ['left', 'right']}
    """
    options = dict(form)
    if options.get("empty_edge") in ("", "none"):
        del options["empty_edge"]
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
        StartOption(
            "empty_edge",
            "A whole edge line of the board is empty spaces (the builder says where the edge is)",
            (
                ("none", "no: cards reach every edge"),
                ("top", "yes, at the camera image's top"),
                ("bottom", "yes, at the bottom"),
                ("left", "yes, at the left"),
                ("right", "yes, at the right"),
            ),
        ),
    ),
)


def croquetnole_active_seats(state: Mapping[str, Any]) -> list[int]:
    """The seat of the castle on turn in Croquetnole (nobody once the game is won)."""
    return [] if state.get("winner") else [int(state["seat"])]


def croquetnole_options(form: Mapping[str, Any]) -> dict[str, Any]:
    """Engine options from the start form: the playing castles come as one comma-separated
    choice.

    >>> croquetnole_options({"players": "moons,crowns", "croquet_default": "5"})
    {'players': ['moons', 'crowns'], 'croquet_default': 5}
    """
    options = dict(form)
    if isinstance(options.get("players"), str):
        options["players"] = [p.strip() for p in options["players"].split(",") if p.strip()]
    if isinstance(options.get("croquet_default"), str) and options["croquet_default"].isdigit():
        options["croquet_default"] = int(options["croquet_default"])
    return options


CROQUETNOLE = GamePlugin(
    name="croquetnole",
    title="Castle Croquetnole",
    blurb="Two to four players flick knights and guards through four castles of piecepack tiles;"
    " tap what happened on the phone and the referee rules on it.",
    rules=engines.croquetnole.GAME,
    seat_names=("Moons", "Suns", "Crowns", "Arms"),
    page="croquetnole.html",
    active_seats=croquetnole_active_seats,
    prepare_options=croquetnole_options,
    legal_in_view=True,
    start_options=(
        StartOption(
            "players",
            "Castles that play (turn order Moons, Suns, Crowns, Arms)",
            (
                ("moons,suns,crowns,arms", "all four"),
                ("moons,suns,crowns", "Moons, Suns and Crowns"),
                ("moons,crowns", "Moons and Crowns (facing)"),
                ("suns,arms", "Suns and Arms (facing)"),
                ("moons,suns", "Moons and Suns"),
            ),
        ),
        StartOption(
            "course",
            "Knights invade",
            (("all", "every castle on the table"), ("players", "only the castles that play")),
        ),
        StartOption(
            "croquet_default",
            "If no croquet is chosen before the next flick",
            (("1", "kind 1: two bonus flicks"), ("5", "kind 5: nudge, then drive the guard")),
        ),
    ),
)


def default_plugins() -> dict[str, GamePlugin]:
    """Every game of this build, by name."""
    return {p.name: p for p in (KOPER, CROQUETNOLE)}
