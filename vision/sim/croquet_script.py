"""What happens in a simulated Croquetnole scene: hand actions, a small script language, and seeded
virtual players.

A scene is driven by a *play*: something asked for the next action whenever the previous one has
finished (a flick finishes when everything has stopped). :class:`ScriptedPlay` replays a fixed list;
:class:`RandomPlay` is four virtual players taking turns, each aiming its knight at the next
feature of its course (or now and then nudging its guard), with aim and speed noise, putting back
coins that went off the table, and sometimes resting a hand near the coins or moving a guard by
hand.

Script lines (one action per line, ``#`` starts a comment, brackets and commas optional)::

    place moons-knight at (400, 500)            # before any other action: the setup
    flick moons-knight toward suns-gate at 1.2 m/s
    flick moons-knight toward 400 300 at 0.8 m/s  # or toward a coin, or: heading 30 deg
    hand rests near (400, 500) for 0.5 s
    lift suns-guard to (300, 300)
    wait 0.5 s

>>> parse_script("place moons-knight at (400, 500)\\nflick moons-knight heading 90 deg at 1 m/s")
(Place(coin='moons-knight', at=(400.0, 500.0)), Flick(coin='moons-knight', speed_mm_s=1000.0, \
toward=None, heading_deg=90.0))
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from engines.croquetnole.layout import COIN_MM, Corridor, Layout, Point, distance
from engines.croquetnole.names import (
    CASTLES,
    COINS,
    FEATURES,
    feature,
    feature_kind,
    guard,
    knight,
    next_clockwise,
)


@dataclass(frozen=True)
class Place:
    """A hand puts ``coin`` (not on the table) down at ``at``; in a script's opening, the setup."""

    coin: str
    at: Point


@dataclass(frozen=True)
class Flick:
    """A hand flicks ``coin`` at ``speed_mm_s`` toward a point, a feature or a coin (``toward``),
    or along ``heading_deg`` (from +x toward +y, i.e. clockwise in the image)."""

    coin: str
    speed_mm_s: float
    toward: Point | str | None = None
    heading_deg: float | None = None


@dataclass(frozen=True)
class Lift:
    """A hand lifts ``coin`` and puts it down at ``to``: a placement, not a flick."""

    coin: str
    to: Point


@dataclass(frozen=True)
class HandRest:
    """A hand comes to rest near ``near`` for ``duration_s``, hiding what lies under it."""

    near: Point
    duration_s: float


@dataclass(frozen=True)
class Wait:
    """Nothing happens for ``duration_s``."""

    duration_s: float


Action = Place | Flick | Lift | HandRest | Wait


@dataclass(frozen=True)
class TableView:
    """What a play sees when asked for its next action: the time, the coins on the table, the
    coins off it and every event so far (the ground truth's event objects)."""

    t: float
    layout: Layout
    positions: Mapping[str, Point]
    missing: tuple[str, ...]
    events: Sequence[Mapping[str, Any]]


class Play(Protocol):
    """Chooses the scene's next action, or None when the scene is over."""

    def next_action(self, view: TableView) -> Action | None: ...


# -- the script language ------------------------------------------------------------------------

_NUMBER = r"(-?\d+(?:\.\d+)?)"
_POINT = rf"{_NUMBER}\s+{_NUMBER}"
_COIN = r"([a-z]+-(?:knight|guard))"
_PATTERNS: tuple[tuple[str, str], ...] = (
    ("place", rf"place {_COIN} at {_POINT}"),
    ("flick_point", rf"flick {_COIN} toward {_POINT} at {_NUMBER} m/s"),
    ("flick_name", rf"flick {_COIN} toward ([a-z]+-[a-z]+) at {_NUMBER} m/s"),
    ("flick_heading", rf"flick {_COIN} heading {_NUMBER} deg at {_NUMBER} m/s"),
    ("rest", rf"hand rests near {_POINT}(?: for)? {_NUMBER} s"),
    ("lift", rf"lift {_COIN} to {_POINT}"),
    ("wait", rf"wait {_NUMBER} s"),
)


def _action(kind: str, g: tuple[str, ...]) -> Action:
    if kind == "place":
        return Place(g[0], (float(g[1]), float(g[2])))
    if kind == "flick_point":
        return Flick(g[0], 1000 * float(g[3]), toward=(float(g[1]), float(g[2])))
    if kind == "flick_name":
        if g[1] not in FEATURES and g[1] not in COINS:
            raise ValueError(f"unknown feature or coin {g[1]!r}")
        return Flick(g[0], 1000 * float(g[2]), toward=g[1])
    if kind == "flick_heading":
        return Flick(g[0], 1000 * float(g[2]), heading_deg=float(g[1]))
    if kind == "rest":
        return HandRest((float(g[0]), float(g[1])), float(g[2]))
    if kind == "lift":
        return Lift(g[0], (float(g[1]), float(g[2])))
    return Wait(float(g[0]))


def parse_script(text: str) -> tuple[Action, ...]:
    """The actions of a script (see the module doc); ValueError names the first bad line."""
    actions: list[Action] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = " ".join(re.sub(r"[(),]", " ", raw.split("#", 1)[0]).lower().split())
        if not line:
            continue
        for kind, pattern in _PATTERNS:
            m = re.fullmatch(pattern, line)
            if m:
                try:
                    action = _action(kind, m.groups())
                except ValueError as exc:
                    raise ValueError(f"script line {number}: {exc}") from exc
                if isinstance(action, Place | Flick | Lift) and action.coin not in COINS:
                    raise ValueError(f"script line {number}: unknown coin {action.coin!r}")
                actions.append(action)
                break
        else:
            raise ValueError(f"script line {number}: cannot read {raw.strip()!r}")
    return tuple(actions)


def split_setup(actions: Sequence[Action]) -> tuple[dict[str, Point], tuple[Action, ...]]:
    """The opening placements (the coins standing in the first frame) and the actions after."""
    setup: dict[str, Point] = {}
    k = 0
    while k < len(actions) and isinstance(actions[k], Place):
        place = actions[k]
        assert isinstance(place, Place)
        setup[place.coin] = place.at
        k += 1
    return setup, tuple(actions[k:])


@dataclass
class ScriptedPlay:
    """Replays ``actions`` in order."""

    actions: Sequence[Action]
    _next: int = 0

    def next_action(self, view: TableView) -> Action | None:
        if self._next >= len(self.actions):
            return None
        self._next += 1
        return self.actions[self._next - 1]


# -- virtual players ------------------------------------------------------------------------------


def course(castle: str, among: tuple[str, ...] = CASTLES) -> tuple[tuple[str, str | None], ...]:
    """A knight's course as (feature, direction): out of its own gate, then for each other castle
    clockwise from its left gate in, door, tower, gate out; then home: own gate in, own tower
    (RULINGS). Towers and doors have no direction (None)."""
    steps: list[tuple[str, str | None]] = [(feature(castle, "gate"), "out")]
    other = next_clockwise(castle, among)
    while other != castle:
        steps += [
            (feature(other, "gate"), "in"),
            (feature(other, "door"), None),
            (feature(other, "tower"), None),
            (feature(other, "gate"), "out"),
        ]
        other = next_clockwise(other, among)
    return (*steps, (feature(castle, "gate"), "in"), (feature(castle, "tower"), None))


def setup_positions(layout: Layout) -> dict[str, Point]:
    """Every castle's knight and guard on their start spots (RULINGS: within a coin-width of the
    tower, inside the castle)."""
    return {
        coin: layout.start_spot(castle, role)
        for castle in layout.castle_names
        for coin, role in ((knight(castle), "knight"), (guard(castle), "guard"))
    }


@dataclass
class RandomPlay:
    """Four (or fewer) virtual players, seeded: each turn the player in turn flicks its knight at
    the next step of its course (sometimes its guard instead), with Gaussian aim noise
    (``aim_sd_deg``) and log-normal speed noise (``speed_sd``), and now and then (``wild_share``)
    a guard flicked hard toward the table's nearest edge, which may or may not carry it off (the
    falls and near-falls a benchmark needs); coins that went off the table are put back on the
    edge by hand first; now and then a hand rests near a coin or a guard is moved by hand. The
    play ends after ``flicks`` flicks. Players aim for a table slowing coins at ``decel_mm_s2``
    and flick no faster than ``max_speed_mm_s``. :meth:`aim` alone serves a player the engine
    drives.

    >>> from engines.croquetnole.layout import default_layout
    >>> play = RandomPlay(seed=3, flicks=1)
    >>> lay = default_layout()
    >>> view = TableView(0.0, lay, setup_positions(lay), (), ())
    >>> isinstance(play.next_action(view), Flick | HandRest | Lift)
    True
    """

    seed: int = 0
    flicks: int = 40
    aim_sd_deg: float = 2.0
    speed_sd: float = 0.08
    guard_share: float = 0.15
    hand_rest_share: float = 0.08
    lift_share: float = 0.04
    wild_share: float = 0.06
    decel_mm_s2: float = 3300.0
    max_speed_mm_s: float = 2500.0
    _rng: np.random.Generator = field(init=False, repr=False)
    _done: int = field(default=0, init=False)
    _turn: int = field(default=0, init=False)
    _seen: int = field(default=0, init=False)
    _step: dict[str, int] = field(default_factory=dict, init=False)
    _fell: dict[str, Point] = field(default_factory=dict, init=False)
    _extra: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self._rng = np.random.default_rng(self.seed)

    def next_action(self, view: TableView) -> Action | None:
        self._follow(view)
        for coin in view.missing:
            if coin in self._fell:
                return Place(coin, view.layout.edge_spot(self._fell.pop(coin)))
        if self._done >= self.flicks:
            return None
        castles = [c for c in view.layout.castle_names if knight(c) in view.positions]
        castle = castles[self._turn % len(castles)]
        rng = self._rng
        if not self._extra:
            self._extra = True
            roll = rng.random()
            if roll < self.hand_rest_share:
                near = view.positions[knight(castle)]
                spot = (near[0] + rng.normal(0, 30), near[1] + rng.normal(0, 30))
                return HandRest(spot, float(rng.uniform(0.3, 0.8)))
            if roll < self.hand_rest_share + self.lift_share and guard(castle) in view.positions:
                spot = self._free_spot(view, view.layout.start_spot(castle, "guard"))
                if spot is not None:
                    return Lift(guard(castle), spot)
        self._extra = False
        self._turn += 1
        self._done += 1
        coin = knight(castle)
        if guard(castle) in view.positions and rng.random() < self.guard_share + self.wild_share:
            coin = guard(castle)
        return self.aim(view, coin)

    def aim(self, view: TableView, coin: str, step: tuple[str, str | None] | None = None) -> Flick:
        """A noisy flick of ``coin``: a knight at ``step`` (feature, direction), by default the
        next step of its course as this play has followed it from the events; a guard back
        toward its start spot or, in ``wild_share / (guard_share + wild_share)`` of its flicks,
        hard toward the nearest edge. An engine-driven player can name the coin and the step."""
        rng = self._rng
        castle, here = coin.split("-")[0], view.positions[coin]
        if coin == guard(castle) and rng.random() * (self.guard_share + self.wild_share) < (
            self.wild_share
        ):
            heading, speed = self._wild(view, here)
        else:
            if coin == guard(castle):
                home = view.layout.start_spot(castle, "guard")
                aim = (home[0] + rng.normal(0, 80), home[1] + rng.normal(0, 80))
                speed = self._speed(distance(here, aim))
            else:
                aim, speed = self._knight_aim(view, castle, step)
            heading = math.degrees(math.atan2(aim[1] - here[1], aim[0] - here[0]))
        heading += rng.normal(0, self.aim_sd_deg)
        speed *= math.exp(rng.normal(0, self.speed_sd))
        speed = min(max(speed, 200.0), self.max_speed_mm_s)
        return Flick(coin, float(speed), heading_deg=float(heading))

    def _follow(self, view: TableView) -> None:
        """Advance each knight's course by the passes and hits it made; note falls."""
        for e in view.events[self._seen :]:
            coin = e.get("coin", "")
            if e["event"] == "off_table":
                self._fell[coin] = (float(e["at"][0]), float(e["at"][1]))
            if e["event"] not in ("pass", "hit") or not coin.endswith("-knight"):
                continue
            steps = course(coin.split("-")[0], view.layout.castle_names)
            k = self._step.get(coin, 0)
            want, direction = steps[k % len(steps)]
            if e["feature"] == want and direction in (None, e.get("direction")):
                self._step[coin] = k + 1
        self._seen = len(view.events)

    def _wild(self, view: TableView, here: Point) -> tuple[float, float]:
        """Heading and speed of a flick at the nearest edge of the table (within 150 mm either
        side of straight out), stopping up to 80 mm short of it or sliding up to 250 mm past."""
        w, h = view.layout.table
        x, y = here
        side = self._rng.uniform(-150, 150)
        edge = min(
            (x, (0.0, y + side)),
            (y, (x + side, 0.0)),
            (w - x, (w, y + side)),
            (h - y, (x + side, h)),
        )[1]
        heading = math.degrees(math.atan2(edge[1] - y, edge[0] - x))
        return heading, self._speed(distance(here, edge), self._rng.uniform(-80, 250))

    def _speed(self, mm: float, beyond: float = 0.0) -> float:
        """The speed that slides a coin ``mm`` + ``beyond`` before friction stops it."""
        return math.sqrt(2 * self.decel_mm_s2 * max(mm + beyond, 1.0))

    def _knight_aim(
        self, view: TableView, castle: str, step: tuple[str, str | None] | None
    ) -> tuple[Point, float]:
        coin = knight(castle)
        here = view.positions[coin]
        if step is None:
            steps = course(castle, view.layout.castle_names)
            step = steps[self._step.get(coin, 0) % len(steps)]
        target, direction = step
        geo = view.layout.castle(target.split("-")[0])
        if feature_kind(target) == "tower":
            return geo.tower.center, self._speed(distance(here, geo.tower.center), 10.0)
        corridor = geo.gate if feature_kind(target) == "gate" else geo.door
        return self._through(corridor, here, direction)

    def _through(self, c: Corridor, here: Point, direction: str | None) -> tuple[Point, float]:
        """Aim through corridor ``c`` (inward for "in", outward for "out", either way for None):
        straight through when the path clears the mouth, else at the approach point first."""
        w, d = c.local(here)
        s = (1.0 if direction == "in" else -1.0) if direction else (-1.0 if d > 0 else 1.0)
        hd = c.half_depth
        exit_pt = _at(c, 0.0, s * (hd + 45.0))
        approach = _at(c, 0.0, -s * (hd + 30.0))
        if s * d <= hd:
            ew, ed = c.local(exit_pt)
            mouth = -s * hd
            f = (mouth - d) / (ed - d) if s * d < -hd and ed != d else 0.0
            if abs(w + f * (ew - w)) < c.half_width - COIN_MM / 2 - 1.0:
                return exit_pt, self._speed(distance(here, exit_pt), 15.0)
        return approach, self._speed(distance(here, approach))

    def _free_spot(self, view: TableView, near: Point) -> Point | None:
        """A spot near ``near`` at least a coin-width and a bit from every coin and tile."""
        for _ in range(20):
            p = (near[0] + self._rng.normal(0, 40), near[1] + self._rng.normal(0, 40))
            lay = view.layout
            if not (
                COIN_MM < p[0] < lay.table[0] - COIN_MM and COIN_MM < p[1] < lay.table[1] - COIN_MM
            ):
                continue
            if all(distance(p, q) > COIN_MM + 3 for q in view.positions.values()) and all(
                t.distance_to(p) > COIN_MM / 2 + 3 for t in lay.tiles
            ):
                return p
        return None


def _at(c: Corridor, across: float, depth: float) -> Point:
    """The table point at corridor coordinates (across, depth)."""
    return (
        c.center[0] + across * c.along[0] + depth * c.inward[0],
        c.center[1] + across * c.along[1] + depth * c.inward[1],
    )
