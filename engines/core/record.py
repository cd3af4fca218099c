"""Match records: the seed, the options and every accepted action, and their fold into a state.

A record is the single source of truth of a match. The runtime stores it, and rebuilds the state
from it after a restart, an undo (drop the last action) or for a replay.

>>> from engines.core import MatchRecord
>>> r = MatchRecord("koper", seed=7, options={})
>>> len(r.push(Action("pass")).actions)
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from engines.core.actions import Action, RuleEvent, _plain
from engines.core.errors import ReplayError
from engines.core.game import Game

S = TypeVar("S")


@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to rebuild a match: game name, seed, options and accepted actions."""

    game: str
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", _plain(self.options))
        object.__setattr__(self, "actions", tuple(self.actions))

    def push(self, action: Action) -> MatchRecord:
        """The record with ``action`` appended."""
        return replace(self, actions=(*self.actions, action))

    def pop(self) -> MatchRecord:
        """The record without its last action (an undo); an empty record stays empty."""
        return replace(self, actions=self.actions[:-1])

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "options": _plain(self.options),
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> MatchRecord:
        return cls(
            str(obj["game"]),
            int(obj.get("seed", 0)),
            obj.get("options") or {},
            tuple(Action.from_json(a) for a in obj.get("actions", ())),
        )


def replay_events(game: Game[S], record: MatchRecord) -> tuple[S, list[RuleEvent]]:
    """Fold ``record`` through ``game``: the final state and every event on the way.

    Raises :class:`ReplayError` if the game rejects a recorded action (a corrupt record).
    """
    state = game.new_state(record.options, record.seed)
    events: list[RuleEvent] = []
    for i, action in enumerate(record.actions):
        step = game.apply(state, action)
        if not step.ok or step.state is None:
            where = f"action {i} ({action.kind}) of the {record.game} record"
            raise ReplayError(f"{where}: {step.reason}")
        state = step.state
        events.extend(step.events)
    return state, events


def replay(game: Game[S], record: MatchRecord) -> S:
    """The state a record folds to."""
    return replay_events(game, record)[0]
