"""Rulings on what happened on the table: the DESIGN's observed events plus a hand placement.

Observations describe physical facts, so they are accepted even when the play was wrong: a flick
of a coin that may not be flicked now still happened. The referee then rules ``flick_refused``,
asks for the coins it moved to be put back and scores nothing for it. Only observations that
cannot describe this table (an unknown coin or feature) are rejected.

Each ``on_*`` function returns ``None`` when accepted or the reason for rejecting it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.croquetnole.course import after_release, describe, step_of_pass
from engines.croquetnole.inputs import take_croquet
from engines.croquetnole.layout import Point, as_point, distance
from engines.croquetnole.names import (
    COINS,
    FEATURES,
    WASTELAND,
    feature,
    feature_castle,
    feature_kind,
    guard,
    knight,
    seat,
    words,
)
from engines.croquetnole.referee import Referee
from engines.croquetnole.state import Coin, Flick

# A coin that moved more than this (mm) during a refused flick is put back where it was.
MOVED_MM = 3.0


def _check_coin(ref: Referee, coin: Any) -> str | None:
    if coin not in COINS:
        return f"There is no coin called {coin!r}."
    if coin not in ref.coins:
        return f"The {words(coin)} is not in this match."
    return None


# -- flick ---------------------------------------------------------------------------------------


def _refusal(ref: Referee, coin: str) -> str | None:
    """Why ``coin`` may not be flicked now, or None if it may."""
    c = ref.coins[coin]
    if c.owner != ref.turn:
        return f"it is {words(ref.turn)}' turn"
    if c.prisoner_of is not None:
        return f"it is a prisoner in {words(c.prisoner_of)}"
    if c.recovering:
        return "it is recovering on its own tower until its next turn"
    placement = ref.pending(coin)
    if placement is not None:
        return f"it must first be put down by hand ({placement.why})"
    if c.is_knight and ref.phase == "guard":
        return "it has no flicks left: the knight's part of this turn is over"
    return None


def on_flick(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """A coin was flicked. If it may be, it spends a flick; otherwise the flick is refused."""
    coin = data.get("coin")
    reason = _check_coin(ref, coin)
    if reason is not None:
        return reason
    if ref.flick is not None:
        end_flick(ref)
    if ref.croquet is not None:
        take_croquet(ref, ref.state.options.croquet_default, chosen=False)
    origin = tuple((c.name, c.position) for c in ref.coins.values() if c.position is not None)
    refusal = _refusal(ref, coin)
    if refusal is not None:
        ref.flick = Flick(coin, True, origin)
        ref.emit(
            "flick_refused",
            f"The {words(coin)} was flicked, but {refusal}: put back what "
            "it moved; the flick counts for nothing.",
            coin=coin,
            reason=refusal,
        )
        return None
    if coin == guard(ref.turn) and ref.phase == "knight":
        ref.start_guard(
            f"{words(ref.turn)} plays the guard, so the knight's part of the turn is over."
        )
    ref.flicks_left -= 1
    ref.flick = Flick(coin, False, origin)
    ref.emit(
        "flick",
        f"{words(coin)} flicks ({ref.flicks_left} left after this one).",
        coin=coin,
        left=ref.flicks_left,
    )
    return None


# -- passing gates and doors -------------------------------------------------------------------


def _score(ref: Referee, c: Coin, step: str) -> None:
    """``c`` scores its next course step: the step is done and the coin in play gets a flick."""
    ref.update(c.name, course=c.course[1:])
    if c.name == ref.played:
        ref.struck = []
    bonus = ref.grant(c.name, 1)
    ref.emit(
        "score",
        f"{words(c.name)} scores {describe(step)}: {bonus}.",
        coin=c.name,
        step=step,
        left=ref.flicks_left,
    )


def _knight_step(ref: Referee, c: Coin, step: str) -> None:
    """A knight passed or hit a feature: it scores if that is its next step, else nothing."""
    if c.course[:1] == (step,):
        _score(ref, c, step)
    else:
        nxt = describe(c.course[0]) if c.course else "nothing"
        verb = "hits" if feature_kind(step.split()[0]) == "tower" else "goes through"
        ref.emit(
            "no_score",
            f"{words(c.name)} {verb} {describe(step)} out of sequence (next is {nxt}): no score.",
            coin=c.name,
            step=step,
        )


def _guard_gate(ref: Referee, c: Coin, action: str) -> None:
    """A guard left or re-entered its own castle by the gate: one bonus per action per turn."""
    if c.name != ref.played:
        bonus = ref.grant(c.name, 1)
    elif action in ref.guard_bonus:
        bonus = f"no bonus flick, as it already had one for that this turn ({action})"
    else:
        ref.guard_bonus.append(action)
        bonus = ref.grant(c.name, 1)
    duty = "off duty" if action == "leave" else "on duty"
    ref.emit(
        "bonus",
        f"{words(c.name)} {action}s its castle by the gate and is {duty}: {bonus}.",
        coin=c.name,
        action=action,
        left=ref.flicks_left,
    )


def _release(ref: Referee, k: Coin, why: str) -> None:
    """Free a prisoner: it goes to its own tower to recover until its owner's next turn."""
    prison = k.prisoner_of or k.location
    ref.update(
        k.name,
        prisoner_of=None,
        location=k.owner,
        recovering=True,
        course=after_release(k.course, k.owner, prison),
    )
    ref.emit(
        "prisoner_released",
        f"{words(k.name)} is released from {words(prison)}: {why}",
        coin=k.name,
        castle=prison,
    )
    ref.instruct(
        k.name,
        ref.state.layout.castle(k.owner).tower_top,
        "released, it recovers on its own tower until its next turn.",
    )


def _illegal(ref: Referee, c: Coin, castle: str) -> None:
    """A coin went in through a gate while still inside another castle: put it back."""
    back = ref.origin(c.name)
    ref.void_coin(c.name)
    barred = c.name == ref.played
    if barred:
        ref.flicks_left = 0
    then = "; it may not be flicked again this turn" if barred else ""
    ref.emit(
        "illegal_flick",
        f"{words(c.name)} went into the {words(castle)} gate while still "
        f"inside {words(c.location)}: illegal, it goes back where it was{then}.",
        coin=c.name,
        gate=feature(castle, "gate"),
        inside=c.location,
        restore=None if back is None else list(back),
    )
    if back is not None:
        ref.instruct(c.name, back, "put back where it was before the illegal flick.")


def on_pass(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """A coin went through a gate or door corridor, ``direction`` "in" (toward the tower)."""
    coin, name, direction = data.get("coin"), data.get("feature"), data.get("direction")
    reason = _check_coin(ref, coin)
    if reason is not None:
        return reason
    if name not in FEATURES or feature_kind(name) == "tower":
        return f"{name!r} is not a gate or a door."
    if direction not in ("in", "out"):
        return f"A pass goes 'in' or 'out', not {direction!r}."
    c = ref.coins[coin]
    if ref.is_void(coin) or c.on_tower:
        return None
    castle = feature_castle(name)
    if feature_kind(name) == "door":
        if c.is_knight:
            _knight_step(ref, c, name)
        return None
    if direction == "in" and c.location not in (WASTELAND, castle):
        _illegal(ref, c, castle)
        return None
    moves = (direction == "in" and c.location == WASTELAND) or (
        direction == "out" and c.location == castle
    )
    if moves:
        c = ref.update(coin, location=castle if direction == "in" else WASTELAND)
    if c.is_knight:
        step = step_of_pass(name, direction)
        if moves:
            _knight_step(ref, c, step)
        else:
            ref.emit(
                "no_score",
                f"{words(coin)} crosses {describe(step)} without "
                f"{'entering' if direction == 'in' else 'leaving'} that castle: no score.",
                coin=coin,
                step=step,
            )
    elif moves and castle == c.owner:
        if direction == "out":
            for k in [k for k in ref.coins.values() if k.prisoner_of == castle]:
                _release(ref, k, f"the {words(castle)} guard went off duty.")
        _guard_gate(ref, c, "leave" if direction == "out" else "enter")
    return None


# -- hitting towers ------------------------------------------------------------------------------


def on_hit(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """A coin hit a tower: a knight may score it (or win on its own), a guard may free its
    knight."""
    coin, name = data.get("coin"), data.get("feature")
    reason = _check_coin(ref, coin)
    if reason is not None:
        return reason
    if name not in FEATURES or feature_kind(name) != "tower":
        return f"{name!r} is not a tower."
    c = ref.coins[coin]
    if ref.is_void(coin) or c.on_tower:
        return None
    castle = feature_castle(name)
    if c.is_knight:
        if c.course == (name,):
            _home(ref, c)
        else:
            _knight_step(ref, c, name)
        return None
    k = ref.coins[knight(c.owner)]
    if k.prisoner_of != castle:
        return None
    if not c.on_duty:
        ref.emit(
            "no_release",
            f"{words(coin)} hits the {words(castle)} tower, but it is off "
            f"duty: it cannot free the {words(k.name)}.",
            coin=coin,
            castle=castle,
        )
        return None
    _release(ref, k, f"its own guard, on duty, hit the {words(castle)} tower.")
    ref.emit(
        "guard_returned",
        f"{words(coin)} freed its knight and goes straight back to its starting position.",
        coin=coin,
    )
    ref.instruct(
        coin,
        ref.state.layout.start_spot(c.owner, "guard"),
        "after a rescue the guard returns to its starting position.",
    )
    return None


def _home(ref: Referee, c: Coin) -> None:
    """A knight with only its own tower left hits it: it wins if its guard is on duty."""
    if not ref.coins[guard(c.owner)].on_duty:
        ref.emit(
            "no_score",
            f"{words(c.name)} hits its own tower, but the {words(c.owner)} "
            "guard is off duty: no win yet.",
            coin=c.name,
            step=c.course[0],
        )
        return
    ref.update(c.name, course=())
    ref.winner = c.owner
    ref.phase = "over"
    ref.flick = None
    ref.emit(
        "win",
        f"{words(c.name)} hits its own tower with its guard on duty: {words(c.owner)} wins!",
        winner=c.owner,
        seat=seat(c.owner),
    )


# -- coins touching ------------------------------------------------------------------------------


def _take_prisoner(ref: Referee, k: Coin, g: Coin) -> None:
    """An invading knight and the on-duty guard of that castle touched: the knight is taken."""
    ref.update(k.name, prisoner_of=g.owner)
    if k.name == ref.played:
        ref.flicks_left = 0
    ref.emit(
        "prisoner_taken",
        f"{words(k.name)}, invading {words(g.owner)}, touched the "
        f"{words(g.name)} on duty: it is a prisoner on the {words(g.owner)} tower.",
        coin=k.name,
        castle=g.owner,
        guard=g.name,
    )
    ref.instruct(
        k.name,
        ref.state.layout.castle(g.owner).tower_top,
        f"a prisoner is held on top of the {words(g.owner)} tower.",
    )
    bonus = ref.grant(g.name, 1)
    ref.emit(
        "bonus", f"{words(g.name)} takes a prisoner: {bonus}.", coin=g.name, left=ref.flicks_left
    )


def on_strike(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """``coin`` (moving) struck ``target``: prisoners, croquet and the two-flick strike bonus."""
    coin, target = data.get("coin"), data.get("target")
    reason = _check_coin(ref, coin) or _check_coin(ref, target)
    if reason is not None:
        return reason
    if coin == target:
        return "A coin cannot strike itself."
    a, b = ref.coins[coin], ref.coins[target]
    if ref.is_void(coin, target) or a.on_tower or b.on_tower:
        return None
    for k, g in ((a, b), (b, a)):
        if k.is_knight and g.on_duty and k.location == g.owner != k.owner:
            _take_prisoner(ref, k, g)
            return None
    if coin != ref.played:
        return None
    if target in ref.struck:
        ref.emit(
            "bonus",
            f"{words(coin)} strikes the {words(target)} again before scoring: no bonus flicks.",
            coin=coin,
            target=target,
            left=ref.flicks_left,
        )
        return None
    if a.is_knight and target == guard(a.owner) and not b.on_duty:
        ref.struck.append(target)
        ref.croquet = coin
        ref.emit(
            "croquet_offered",
            f"{words(coin)} hits its own guard, off duty: take croquet of any kind (1 to 5).",
            coin=coin,
            kinds=[1, 2, 3, 4, 5],
        )
        return None
    if a.on_duty or b.on_duty:
        ref.emit(
            "bonus",
            f"{words(coin)} strikes the {words(target)}, but a guard on duty is "
            "involved: no bonus flicks.",
            coin=coin,
            target=target,
            left=ref.flicks_left,
        )
        return None
    ref.struck.append(target)
    bonus = ref.grant(coin, 2)
    ref.emit(
        "bonus",
        f"{words(coin)} strikes the {words(target)}: {bonus}.",
        coin=coin,
        target=target,
        left=ref.flicks_left,
    )
    return None


# -- off the table, rest and placement ---------------------------------------------------------


def on_off_table(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """A coin fell off the table at ``at``: it goes back on the edge there; the coin in play also
    loses its remaining flicks."""
    coin, at = data.get("coin"), as_point(data.get("at"))
    reason = _check_coin(ref, coin)
    if reason is not None:
        return reason
    if at is None:
        return "off_table needs the point [x, y] where the coin fell."
    c = ref.coins[coin]
    if ref.is_void(coin) or c.on_tower:
        return None
    ref.update(coin, position=None)
    if coin == ref.played:
        ref.flicks_left = 0
        text = "it goes back on the edge where it fell and loses its remaining flicks"
    else:
        text = "it just goes back on the edge where it fell"
    spot = ref.state.layout.edge_spot(at)
    ref.emit(
        "off_table",
        f"{words(coin)} went off the table: {text}.",
        coin=coin,
        at=list(at),
        spot=list(spot),
    )
    ref.instruct(coin, spot, "back on the table edge where it fell off.")
    return None


def end_flick(ref: Referee) -> None:
    """Close the flick under way: a refused flick's coins go back; then the turn moves on if
    nothing is left to flick."""
    f = ref.flick
    if f is None:
        return
    ref.flick = None
    if f.refused:
        for name, before in f.origin:
            now = ref.coins[name].position
            moved = name == f.coin or now is None or distance(now, before) > MOVED_MM
            if moved and ref.pending(name) is None:
                ref.instruct(name, before, "put back after the refused flick.")
    ref.settle()


def on_rest(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """Everything stopped: record where the coins lie (a knight on a tower stays there) and close
    the flick."""
    positions = data.get("positions", {})
    if not isinstance(positions, Mapping):
        return "rest needs positions {coin: [x, y]}."
    points: dict[str, Point] = {}
    for coin, raw in positions.items():
        reason = _check_coin(ref, coin)
        point = as_point(raw)
        if reason is not None or point is None:
            return reason or f"The position of the {words(coin)} is not [x, y]."
        points[coin] = point
    for coin, point in points.items():
        if not ref.coins[coin].on_tower:
            ref.update(coin, position=point)
    end_flick(ref)
    return None


def on_place(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """A coin was lifted and put down at ``at``: it may fulfil the placement due for it. A
    placement is never travel: it passes nothing and scores nothing."""
    coin, at = data.get("coin"), as_point(data.get("at"))
    reason = _check_coin(ref, coin)
    if reason is not None:
        return reason
    if at is None:
        return "place needs the point [x, y] where the coin was put."
    ref.update(coin, position=at)
    due = ref.pending(coin)
    if due is None:
        ref.emit(
            "moved_by_hand",
            f"{words(coin)} was moved by hand with no placement due: it scores nothing.",
            coin=coin,
            at=list(at),
        )
        return None
    off = distance(at, due.target)
    if off > due.tolerance:
        ref.emit(
            "misplaced",
            f"{words(coin)} was put {off:.0f} mm from where it should go: {due.why}",
            coin=coin,
            at=list(at),
            target=list(due.target),
        )
        return None
    ref.placements = [p for p in ref.placements if p.coin != coin]
    ref.emit("placed", f"{words(coin)} is in place.", coin=coin, at=list(at))
    return None
