"""The player inputs: ending a turn, choosing a croquet, and correcting what the camera got wrong.

Each ``on_*`` function rules on one input against a :class:`Referee` and returns ``None`` when it
is accepted, or the reason it makes no sense (the game turns that into ``Step.reject``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.croquetnole.layout import COIN_MM, as_point
from engines.croquetnole.names import CASTLES, WASTELAND, coin_owner, guard, words
from engines.croquetnole.referee import Referee
from engines.croquetnole.state import CROQUET_KINDS

# A knight "touching" its guard may be put down this far (mm, centre to centre) from it.
TOUCHING_MM = COIN_MM + 3.0


def take_croquet(ref: Referee, kind: int, chosen: bool) -> None:
    """Resolve the pending croquet with ``kind``: two more flicks, and for kinds 2-4 the knight is
    first put down by the guard (anywhere within the tolerance of the guard's centre)."""
    k = ref.croquet
    if k is None:
        return
    ref.croquet = None
    owner = coin_owner(k)
    g = guard(owner)
    spot = ref.coins[g].position or ref.state.layout.start_spot(owner, "guard")
    ref.flicks_left += 2
    how = "" if chosen else " (none was chosen before the next flick: the default)"
    ref.emit(
        "croquet",
        f"{words(k)} takes croquet {kind}{how}: {CROQUET_KINDS[kind]}.",
        coin=k,
        kind=kind,
        left=ref.flicks_left,
    )
    if kind == 2:
        ref.instruct(
            k,
            spot,
            f"croquet 2, anywhere within a coin-width of the {words(g)}.",
            tolerance=2 * COIN_MM,
        )
    elif kind in (3, 4):
        ref.instruct(
            k,
            spot,
            f"croquet {kind}, touching the {words(g)} without moving it.",
            tolerance=TOUCHING_MM,
        )


def on_croquet(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """The player picks a croquet kind (1-5) after the knight hit its own off-duty guard."""
    if ref.croquet is None:
        return "No croquet is on offer."
    kind = data.get("kind")
    if kind not in CROQUET_KINDS:
        return f"Croquet kinds are 1 to 5, not {kind!r}."
    take_croquet(ref, int(kind), chosen=True)
    return None


def on_end_turn(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """The player ends the turn now, giving up any flicks left (and any croquet on offer)."""
    ref.emit("turn_ended", f"{words(ref.turn)} ends the turn.", castle=ref.turn)
    ref.next_turn()
    return None


def _check_correction(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """Why a correction cannot be applied, or None."""
    if "flicks" in data and (not isinstance(data["flicks"], int) or data["flicks"] < 0):
        return "Flicks must be a whole number, 0 or more."
    coin = data.get("coin")
    if coin is None:
        return None if "flicks" in data else "A correction names a coin or the flicks left."
    if coin not in ref.coins:
        return f"There is no coin {coin!r} in this match."
    c = ref.coins[coin]
    if "location" in data and data["location"] not in (*CASTLES, WASTELAND):
        return f"{data['location']!r} is neither a castle nor the Wasteland."
    if "at" in data and data["at"] is not None and as_point(data["at"]) is None:
        return "A position is [x, y] in mm."
    prison = data.get("prisoner_of")
    if prison is not None and (not c.is_knight or prison not in CASTLES or prison == c.owner):
        return "Only a knight can be a prisoner, and only in another castle."
    held = prison if "prisoner_of" in data else c.prisoner_of
    if "location" in data and held is not None and data["location"] != held:
        return f"The {words(coin)} is held in {words(held)}: free it before moving it."
    if "next" in data and (not c.is_knight or data["next"] not in ref.full_course(c.owner)):
        return f"{data['next']!r} is not a step of the {words(coin)}'s course."
    return None


def on_correct(ref: Referee, data: Mapping[str, Any]) -> str | None:
    """Set what the camera got wrong, each key optional: a coin's ``location`` (castle or
    "wasteland"; a guard's duty follows), ``at`` (its position, or None if off the table),
    ``prisoner_of`` (castle or None), ``next`` (the knight's next course step), ``cancel``
    (drop the placement due for it); or ``flicks`` (the flicks left to the coin in play; with
    none left and nothing moving, the turn moves on as after a flick)."""
    reason = _check_correction(ref, data)
    if reason is not None:
        return reason
    said: list[str] = []
    if "flicks" in data:
        ref.flicks_left = data["flicks"]
        said.append(f"{data['flicks']} flicks left")
    coin = data.get("coin")
    if coin is not None:
        if "location" in data:
            ref.update(coin, location=data["location"])
            said.append(f"{words(coin)} is in {words(data['location'])}")
        if "at" in data:
            at = data["at"]
            ref.update(coin, position=as_point(at))
            said.append(f"{words(coin)} lies at {at}")
        if "prisoner_of" in data:
            prison = data["prisoner_of"]
            if prison is None:
                ref.update(coin, prisoner_of=None)
            else:
                ref.update(coin, prisoner_of=prison, location=prison)
            said.append(
                f"{words(coin)} is "
                + ("free" if prison is None else f"a prisoner in {words(prison)}")
            )
        if "next" in data:
            course = ref.full_course(ref.coins[coin].owner)
            ref.update(coin, course=course[course.index(data["next"]) :])
            said.append(f"{words(coin)} goes next for {data['next']}")
        if data.get("cancel"):
            ref.placements = [p for p in ref.placements if p.coin != coin]
            said.append(f"no placement is due for the {words(coin)}")
    ref.emit("correction", "Correction: " + "; ".join(said) + ".", **dict(data))
    if ref.flick is None:
        ref.settle()
    return None
