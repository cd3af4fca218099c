"""Fixtures for the Croquetnole tests: play scripts in the rules notation from a set-up table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from engines.core import Action, RuleEvent
from engines.croquetnole import GAME, Coin, State
from engines.croquetnole.notation import play

SETUP = """
moons-guard placed; suns-guard placed; crowns-guard placed; arms-guard placed
moons-knight placed
"""


@dataclass(frozen=True)
class Played:
    """A state after a script, the rulings it produced and the actions it applied."""

    state: State
    events: list[RuleEvent]
    actions: list[Action] = field(default_factory=list)

    @property
    def kinds(self) -> list[str]:
        """The kinds of the rulings, in order (informational "flick" rulings left out)."""
        return [e.kind for e in self.events if e.kind != "flick"]

    def of(self, kind: str) -> list[RuleEvent]:
        """The rulings of one kind."""
        return [e for e in self.events if e.kind == kind]

    def then(self, script: str) -> Played:
        """Continue playing from this state (rulings and actions of the new script only)."""
        state, events, actions = play(self.state, script)
        return Played(state, events, actions)

    def coin(self, name: str) -> Coin:
        """A coin of the resulting state."""
        return self.state.coin(name)


@pytest.fixture
def setup_state() -> State:
    """Four players, every guard by its tower and the Moons knight placed: Moons to flick."""
    state, _, _ = play(GAME.new_state({}, seed=0), SETUP)
    return state


@pytest.fixture
def croquet(setup_state: State) -> Callable[[str], Played]:
    """Play a script from the set-up table."""

    def run(script: str) -> Played:
        return Played(setup_state, []).then(script)

    return run
