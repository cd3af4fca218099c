"""Actions, rule events and the result of applying an action.

All three are frozen dataclasses whose payloads are plain JSON values, so they cross package
boundaries (storage, web, vision) as JSON without any game-specific code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

JSON = Any
S = TypeVar("S")


def _plain(value: JSON) -> JSON:
    """Deep-copy a JSON-like value into plain lists and dicts (tuples become lists)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Action:
    """One thing done at the table: a move, an announcement, a button press, a correction.

    ``kind`` names the action in the game's vocabulary, ``player`` is the 0-based seat that acts
    (``None`` for table-level actions such as a setup confirmation), and ``data`` holds the
    action's arguments as JSON.

    >>> a = Action("move", player=1, data={"path": [[5, 4], [4, 4]]})
    >>> Action.from_json(a.to_json()) == a
    True
    """

    kind: str
    player: int | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", _plain(self.data))

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "player": self.player, "data": _plain(self.data)}

    @classmethod
    def from_json(cls, obj: Mapping[str, JSON]) -> Action:
        return cls(str(obj["kind"]), obj.get("player"), obj.get("data") or {})


@dataclass(frozen=True)
class RuleEvent:
    """A ruling: what the referee decided, ``text`` saying why in words a player understands.

    >>> RuleEvent("win", "Dark wins: light is down to four checkers.", {"winner": 1}).kind
    'win'
    """

    kind: str
    text: str
    data: Mapping[str, JSON] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", _plain(self.data))

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "text": self.text, "data": _plain(self.data)}

    @classmethod
    def from_json(cls, obj: Mapping[str, JSON]) -> RuleEvent:
        return cls(str(obj["kind"]), str(obj["text"]), obj.get("data") or {})


@dataclass(frozen=True)
class Step(Generic[S]):
    """The result of :meth:`Game.apply`: accepted (new state and events) or rejected (reason).

    >>> Step.reject("It is not your turn.").ok
    False
    """

    ok: bool
    state: S | None = None
    events: tuple[RuleEvent, ...] = ()
    reason: str = ""

    @classmethod
    def accept(cls, state: S, events: tuple[RuleEvent, ...] | list[RuleEvent] = ()) -> Step[S]:
        return cls(True, state, tuple(events), "")

    @classmethod
    def reject(cls, reason: str) -> Step[S]:
        return cls(False, None, (), reason)
