"""The games a table can referee, each a plugin: rules, seats, page and camera watcher.

Adding a game means adding a plugin here; the runtime, storage and web need no change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from engines.core import Game


class Watcher(Protocol):
    """A camera loop that turns what it sees into actions for the referee."""

    def setup_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Complete a new game's options from the table (e.g. read the board). May raise
        ValueError with a reason the players can act on."""
        ...

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def end_turn(self) -> None:
        """The END TURN button: look at the table now."""
        ...

    def undone(self) -> None:
        """The referee took an action back: forget what was last seen."""
        ...


@runtime_checkable
class CardCorrections(Protocol):
    """A watcher that reads cards and takes the players' word on those it is unsure of."""

    def correct_card(self, at: tuple[int, int], card: str | None) -> str | None:
        """The card at ``at`` is ``card`` (None: it was read right). None when taken, else the
        reason it was not."""
        ...

    def confirm_marked(self) -> str | None:
        """Every card marked unsure was read right. None when taken, else the reason it was
        not."""
        ...


@runtime_checkable
class DeckMemory(Protocol):
    """A watcher that learns the players' own deck from the boards it reads."""

    def remember_deck(self, name: str) -> str | None:
        """Save the deck learnt so far as ``name``. None when saved, else the reason it was
        not."""
        ...


@dataclass(frozen=True)
class StartOption:
    """One choice on the home page's start form."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class GamePlugin:
    """What the runtime needs to know of a game besides its rules."""

    name: str
    title: str
    blurb: str
    rules: Game[Any]
    seat_names: tuple[str, ...]
    page: str
    active_seats: Callable[[Mapping[str, Any]], list[int]]
    start_options: tuple[StartOption, ...] = field(default=())
    #: Turns the home page's form answers into the engine's options.
    prepare_options: Callable[[Mapping[str, Any]], dict[str, Any]] = dict
    #: Whether the GameView lists the legal actions (for a page whose buttons come from them).
    legal_in_view: bool = False
