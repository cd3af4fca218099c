"""What the phones see: a JSON picture of the match, and the inputs the referee expects now.

The picture is built for a page that draws the four castles and lists, per castle, the knight's
course and next step, the guard's duty, the prisoners held, and the placements due with their
target circles; buttons come straight from :func:`legal_inputs` (each is an Action's JSON), and
``report`` names the coins and features a player can report events about by hand.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action
from engines.croquetnole.course import describe
from engines.croquetnole.layout import COIN_MM, TILE_MM, Corridor
from engines.croquetnole.names import CASTLES, FEATURES, feature_kind, guard, knight, seat
from engines.croquetnole.state import CROQUET_KINDS, Coin, State

# How many of the latest rulings the view carries.
LOG_LENGTH = 40


def _coin(c: Coin) -> dict[str, Any]:
    out: dict[str, Any] = {
        "coin": c.name,
        "location": c.location,
        "position": None if c.position is None else list(c.position),
    }
    if c.is_knight:
        out.update(
            prisoner_of=c.prisoner_of,
            recovering=c.recovering,
            course=list(c.course),
            next=c.course[0] if c.course else None,
            next_text=describe(c.course[0]) if c.course else None,
        )
    else:
        out["on_duty"] = c.on_duty
    return out


def _corridor(c: Corridor) -> dict[str, Any]:
    return {
        "center": list(c.center),
        "along": list(c.along),
        "inward": list(c.inward),
        "half_width": c.half_width,
        "half_depth": c.half_depth,
    }


def _castle(state: State, name: str) -> dict[str, Any]:
    geo = state.layout.castle(name)
    playing = name in state.options.players
    return {
        "name": name,
        "seat": seat(name),
        "playing": playing,
        "knight": _coin(state.coin(knight(name))) if playing else None,
        "guard": _coin(state.coin(guard(name))) if playing else None,
        "prisoners": [c.name for c in state.coins if c.prisoner_of == name],
        "gate": _corridor(geo.gate),
        "door": _corridor(geo.door),
        "tower": list(geo.tower.center),
        "knight_start": list(geo.knight_start),
        "guard_start": list(geo.guard_start),
    }


def view(state: State) -> dict[str, Any]:
    """The whole match as JSON for the phone page.

    >>> from engines.croquetnole import GAME
    >>> v = view(GAME.new_state({}, 0))
    >>> v["turn"], v["in_play"], v["castles"][1]["knight"]["next"]
    ('moons', {'coin': 'moons-knight', 'flicks_left': 1, 'flicking': False}, 'suns-gate out')
    """
    return {
        "game": "croquetnole",
        "turn": state.turn,
        "seat": seat(state.turn),
        "round": state.round,
        "phase": state.phase,
        "in_play": None
        if state.winner
        else {
            "coin": state.in_play,
            "flicks_left": state.flicks_left,
            "flicking": state.flick is not None,
        },
        "struck": list(state.struck),
        "guard_bonus_used": list(state.guard_bonus),
        "castles": [_castle(state, c) for c in state.layout.castle_names],
        "placements": [p.to_json() for p in state.placements],
        "croquet": None
        if state.croquet is None
        else {
            "coin": state.croquet,
            "kinds": [{"kind": k, "text": t} for k, t in CROQUET_KINDS.items()],
        },
        "winner": state.winner,
        "log": [e.to_json() for e in state.log[-LOG_LENGTH:]],
        "layout": state.layout.to_json(),
        "sizes": {"tile_mm": TILE_MM, "coin_mm": COIN_MM},
        "players": list(state.options.players),
        "castle_order": list(CASTLES),
        "report": {
            "coins": [c.name for c in state.coins],
            "gates_doors": [f for f in FEATURES if feature_kind(f) != "tower"],
            "towers": [f for f in FEATURES if feature_kind(f) == "tower"],
        },
    }


def legal_inputs(state: State) -> list[Action]:
    """The inputs the referee expects now (the buttons of the manual page)."""
    if state.winner is not None:
        return []
    me = seat(state.turn)
    due = {p.coin for p in state.placements}
    out: list[Action] = []
    if state.flick is not None:
        out.append(Action("rest", None, {"positions": {}}))
    elif state.croquet is None:
        k, g = state.coin(knight(state.turn)), state.coin(guard(state.turn))
        knight_free = k.prisoner_of is None and not k.recovering and k.name not in due
        if state.phase == "knight" and state.flicks_left > 0 and knight_free:
            out.append(Action("flick", None, {"coin": k.name}))
        if g.name not in due and (state.phase == "knight" or state.flicks_left > 0):
            out.append(Action("flick", None, {"coin": g.name}))
    if state.croquet is not None:
        out.extend(Action("croquet", me, {"kind": kind}) for kind in CROQUET_KINDS)
    out.extend(
        Action("place", None, {"coin": p.coin, "at": list(p.target)}) for p in state.placements
    )
    out.append(Action("end_turn", me))
    return out
