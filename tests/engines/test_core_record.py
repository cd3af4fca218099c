"""The engine core: actions round-trip through JSON, and a record folds through a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from engines.core import Action, MatchRecord, ReplayError, RuleEvent, Step, replay, replay_events


@dataclass(frozen=True)
class Counter:
    total: int


class CountingGame:
    """A tiny game: "add" adds data["n"] (0 < n < 10), anything else is refused."""

    name = "counting"

    def new_state(self, options: Mapping[str, Any], seed: int) -> Counter:
        return Counter(int(options.get("start", 0)))

    def apply(self, state: Counter, action: Action) -> Step[Counter]:
        n = action.data.get("n", 0)
        if action.kind != "add" or not 0 < n < 10:
            return Step.reject("Only add 1 to 9.")
        return Step.accept(Counter(state.total + n), [RuleEvent("added", f"+{n}", {"n": n})])

    def legal_actions(self, state: Counter) -> list[Action]:
        return [Action("add", data={"n": n}) for n in range(1, 10)]

    def is_terminal(self, state: Counter) -> bool:
        return False

    def view(self, state: Counter) -> dict[str, Any]:
        return {"total": state.total}


def test_action_json_round_trip_turns_tuples_into_lists() -> None:
    a = Action("move", 1, {"path": ((5, 4), (4, 4))})
    assert a.to_json() == {"kind": "move", "player": 1, "data": {"path": [[5, 4], [4, 4]]}}
    assert Action.from_json(a.to_json()) == a


def test_record_folds_push_and_pop() -> None:
    game = CountingGame()
    record = MatchRecord("counting", seed=3, options={"start": 5})
    for n in (1, 2, 3):
        record = record.push(Action("add", data={"n": n}))
    state, events = replay_events(game, record)
    assert state == Counter(11)
    assert [e.data["n"] for e in events] == [1, 2, 3]
    assert replay(game, record.pop()) == Counter(8)
    assert MatchRecord.from_json(record.to_json()) == record


def test_a_corrupt_record_is_reported_with_its_position() -> None:
    record = MatchRecord("counting", actions=(Action("add", data={"n": 1}), Action("jump")))
    with pytest.raises(ReplayError, match="action 1 \\(jump\\)"):
        replay(CountingGame(), record)


def test_rejection_carries_reason_and_no_state() -> None:
    step = CountingGame().apply(Counter(0), Action("add", data={"n": 42}))
    assert not step.ok and step.state is None and step.reason == "Only add 1 to 9."
