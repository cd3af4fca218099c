"""The state of a Castle Croquetnole match: immutable values, rebuilt by replaying the record.

Where a coin is follows the text's definition, not geometry: a coin is inside a castle from the
moment it passes in through that castle's gate until it passes out through it, otherwise in the
Wasteland (a coin also starts inside its own castle). A guard is on duty exactly while it is
inside its own castle, so duty is derived from ``location`` and never stored twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import EngineError, RuleEvent
from engines.croquetnole.layout import Layout, Point, default_layout
from engines.croquetnole.names import CASTLES, coin_owner, coin_role

CROQUET_KINDS: dict[int, str] = {
    1: "two bonus flicks",
    2: "place the knight within a coin-width of the guard, then two bonus flicks",
    3: "loose croquet: place the knight touching the guard, flick it, then one more bonus flick",
    4: "tight croquet: place the knight touching the guard, hold it and drive the guard away, "
    "then one more bonus flick",
    5: "nudge the knight, then drive the guard away with the second of two flicks",
}


@dataclass(frozen=True)
class Options:
    """The named options of a match (RULINGS choices kept as options, with their defaults).

    * ``players``: the castles that play, in turn order (default all four).
    * ``croquet_default``: the croquet kind applied when the next flick comes before the player
      chose one (RULINGS: kind 1; only kinds that need no placement, 1 or 5, may be the default).
    * ``course``: ``"all"`` (default) to invade every castle on the table, ``"players"`` to skip
      castles nobody plays.
    """

    players: tuple[str, ...] = CASTLES
    croquet_default: int = 1
    course: str = "all"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any], castles: tuple[str, ...]) -> Options:
        """Read the match options (``castles``: those of the layout); EngineError if wrong."""
        unknown_keys = set(obj) - {"layout", "players", "croquet_default", "course"}
        if unknown_keys:
            raise EngineError(f"croquetnole: unknown options {sorted(unknown_keys)}")
        players = tuple(c for c in CASTLES if c in obj.get("players", castles))
        unknown = set(obj.get("players", ())) - set(castles)
        if unknown or not players:
            raise EngineError(f"croquetnole: players must be castles of the layout, not {unknown}")
        kind = int(obj.get("croquet_default", 1))
        if kind not in (1, 5):
            raise EngineError("croquetnole: croquet_default must be 1 or 5")
        course = str(obj.get("course", "all"))
        if course not in ("all", "players"):
            raise EngineError("croquetnole: course must be 'all' or 'players'")
        return cls(players, kind, course)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "croquet_default": self.croquet_default,
            "course": self.course,
        }


@dataclass(frozen=True)
class Coin:
    """One coin: where it is (castle or Wasteland), where it lies (mm, None when off the table or
    not yet placed) and, for knights, prison, recovery and the remaining course."""

    name: str
    location: str
    position: Point | None = None
    prisoner_of: str | None = None
    recovering: bool = False
    course: tuple[str, ...] = ()

    @property
    def owner(self) -> str:
        return coin_owner(self.name)

    @property
    def is_knight(self) -> bool:
        return coin_role(self.name) == "knight"

    @property
    def on_tower(self) -> bool:
        """A prisoner, or a released knight recovering: it sits on a tower and never moves by
        itself (events about it are void until it is placed again)."""
        return self.prisoner_of is not None or self.recovering

    @property
    def on_duty(self) -> bool:
        """A guard is on duty while inside its own castle (knights are never on duty)."""
        return not self.is_knight and self.location == self.owner


@dataclass(frozen=True)
class Placement:
    """An instruction to put a coin down by hand at ``target`` (within ``tolerance`` mm)."""

    coin: str
    target: Point
    tolerance: float
    why: str

    def to_json(self) -> dict[str, Any]:
        return {
            "coin": self.coin,
            "target": list(self.target),
            "tolerance_mm": self.tolerance,
            "why": self.why,
        }


@dataclass(frozen=True)
class Flick:
    """The flick under way, from its ``flick`` event to the ``rest`` that ends it.

    ``refused`` flicks happened on the table but count for nothing; ``origin`` holds where the
    coins lay before it (to put them back); ``voided`` lists coins whose part in it was illegal.
    """

    coin: str
    refused: bool
    origin: tuple[tuple[str, Point], ...]
    voided: tuple[str, ...] = ()


@dataclass(frozen=True)
class State:
    """A whole match. ``coins`` holds every coin of the playing castles, in a fixed order."""

    layout: Layout
    options: Options
    coins: tuple[Coin, ...]
    turn: str
    round: int = 1
    phase: str = "knight"
    flicks_left: int = 1
    struck: tuple[str, ...] = ()
    guard_bonus: tuple[str, ...] = ()
    entered_play: tuple[str, ...] = ()
    flick: Flick | None = None
    croquet: str | None = None
    placements: tuple[Placement, ...] = ()
    winner: str | None = None
    log: tuple[RuleEvent, ...] = ()

    def coin(self, name: str) -> Coin:
        """The coin called ``name`` (KeyError if it is not in play)."""
        for c in self.coins:
            if c.name == name:
                return c
        raise KeyError(name)

    @property
    def in_play(self) -> str:
        """The coin the player on turn may flick now (knight or guard, by phase)."""
        return f"{self.turn}-{self.phase}"


def initial_layout(options: Mapping[str, Any]) -> Layout:
    """The layout from the options' ``"layout"`` (LAYOUT JSON) or the default one."""
    raw = options.get("layout")
    return Layout.from_json(raw) if raw is not None else default_layout()
