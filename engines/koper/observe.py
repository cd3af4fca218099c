"""From what the camera sees to an action: which checker moved, or what is wrong on the table.

The camera reports every checker it sees as ``{(row, col): "light" | "dark"}``. Compared with the
state, that is either no change, one action (a move in the move phase, a removal in the remove
phase), checked by applying it, or a problem the players must fix, said in words.

>>> from engines.koper.game import GAME
>>> state = GAME.new_state({}, seed=1)
>>> seen = {s: "light" for s in state.checkers[0]} | {s: "dark" for s in state.checkers[1]}
>>> infer_action(state, seen).status
'unchanged'
>>> seen.pop((5, 4)); seen[(4, 4)] = "light"
'light'
>>> infer_action(state, seen).action.data
{'from': [5, 4], 'to': [4, 4]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engines.core import Action, EngineError
from engines.koper.board import Square, square_name
from engines.koper.game import GAME
from engines.koper.state import KoperState, Phase

_COUNT_WORDS = (
    "No",
    "A",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
)


@dataclass(frozen=True)
class Inference:
    """What a camera observation means: ``status`` is "unchanged", "action" (``action`` holds it,
    already checked to be legal) or "problem" (``reason`` says what to fix)."""

    status: str
    action: Action | None = None
    reason: str = ""


@dataclass(frozen=True)
class _Change:
    """One colour's difference between the state and the observation."""

    color: str
    gone: tuple[Square, ...]
    new: tuple[Square, ...]

    @property
    def any(self) -> bool:
        return bool(self.gone or self.new)

    def describe(self) -> str:
        """The change in words, e.g. "A light checker moved from e6 to e5"."""
        if len(self.gone) == len(self.new) == 1:
            return f"A {self.color} checker moved from {_names(self.gone)} to {_names(self.new)}"
        if len(self.gone) == len(self.new):
            return f"{_count(len(self.gone))} {self.color} checkers moved"
        parts = []
        if self.gone:
            parts.append(
                f"{_count(len(self.gone)).lower()} {self.color} {_noun(self.gone)} "
                f"left {_names(self.gone)}"
            )
        if self.new:
            parts.append(
                f"{_count(len(self.new)).lower()} {self.color} {_noun(self.new)} "
                f"appeared on {_names(self.new)}"
            )
        text = " and ".join(parts)
        return text[0].upper() + text[1:]


def infer_action(state: KoperState, observed: Mapping[Square, str]) -> Inference:
    """The action the observed checkers show, checked against the rules, or the problem."""
    wrong = sorted({str(c) for c in observed.values()} - set(state.colors))
    if wrong:
        raise EngineError(f"observed checker colours must be light or dark, not {wrong}")
    changes = [_change(state, seat, observed) for seat in (0, 1)]
    if not any(c.any for c in changes):
        return Inference("unchanged")
    if state.phase is Phase.OVER or state.to_act is None:
        return _problem(
            f"{' '.join(c.describe() + '.' for c in changes if c.any)} The game is over."
        )
    actor, other = changes[state.to_act], changes[1 - state.to_act]
    actor_color = state.colors[state.to_act]
    if state.phase is Phase.ANNOUNCE:
        return _problem(
            f"{' '.join(c.describe() + '.' for c in changes if c.any)} Checkers stay put during "
            f"the announcements; put {_it(changes)} back."
        )
    if state.phase is Phase.MOVE:
        if other.any:
            if not actor.any and len(other.gone) == len(other.new) == 1:
                return _problem(f"A {other.color} checker moved, but it is {actor_color}'s move.")
            return _problem(
                f"{other.describe()}, but it is {actor_color}'s move; put {_it([other])} back."
            )
        if len(actor.gone) == len(actor.new) == 1:
            return _checked(
                state,
                Action(
                    "move", state.to_act, {"from": list(actor.gone[0]), "to": list(actor.new[0])}
                ),
            )
        if len(actor.gone) == len(actor.new):
            return _problem(f"{actor.describe()}; put {_number(len(actor.gone) - 1)} back.")
        return _problem(f"{actor.describe()}; a move takes one checker to another space.")
    # Remove phase: the loser takes exactly one of their own checkers off.
    if other.any:
        return _problem(
            f"{other.describe()}, but {actor_color} is to remove a checker; put "
            f"{_it([other])} back."
        )
    if len(actor.gone) == 1 and not actor.new:
        return _checked(state, Action("remove", state.to_act, {"at": list(actor.gone[0])}))
    return _problem(f"{actor.describe()}; {actor_color} must take just one checker off the board.")


def _change(state: KoperState, seat: int, observed: Mapping[Square, str]) -> _Change:
    color = state.colors[seat]
    seen = {sq for sq, c in observed.items() if c == color}
    before = state.checkers[seat]
    return _Change(color, tuple(sorted(before - seen)), tuple(sorted(seen - before)))


def _checked(state: KoperState, action: Action) -> Inference:
    step = GAME.apply(state, action)
    if step.ok:
        return Inference("action", action)
    if action.kind == "move":
        frm, to = (square_name(tuple(action.data[k])) for k in ("from", "to"))
        reason = step.reason[0].lower() + step.reason[1:]
        return _problem(f"{frm} to {to} is not a legal move: {reason}")
    return _problem(step.reason)


def _problem(reason: str) -> Inference:
    return Inference("problem", None, reason)


def _names(squares: tuple[Square, ...]) -> str:
    names = [square_name(s) for s in squares]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int) -> str:
    return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)


def _number(n: int) -> str:
    """ "one", "two", ... for the count of checkers to put back."""
    return "one" if n == 1 else _count(n).lower()


def _noun(squares: tuple[Square, ...]) -> str:
    return "checker" if len(squares) == 1 else "checkers"


def _it(changes: list[_Change]) -> str:
    moved = sum(max(len(c.gone), len(c.new)) for c in changes)
    return "it" if moved == 1 else "them"
