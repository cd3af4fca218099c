"""Ground-truth events of a simulated Croquetnole scene, in the DESIGN contract's vocabulary.

:class:`EventRecorder` watches the physics sub-steps (each at most 1 mm of travel) and the hands,
and writes the events ``croquetnole analyze`` must find, each a JSON object with ``"t"`` (seconds
from the first frame) and ``"event"``:

* ``flick {coin}``: a hand gave the coin its velocity.
* ``pass {coin, feature, direction}``: per RULINGS, the coin's centre entered a gate's or door's
  corridor through one mouth and left through the other (possibly flicks later); ``"in"`` when it
  left toward the castle's tower. Leaving by the mouth it came in, or a coin put down inside the
  corridor, passes nothing. ``t`` is when the centre crossed the far mouth.
* ``hit {coin, feature}``: the moving coin's disc touched a tower's footprint (the physics
  resolved their overlap: a coin sliding by within a rounding error of the tower never touched
  it). A coin touching the tower when it starts moving (or when put down) has to separate (by
  more than ``SEPARATE_MM``) before touching again counts.
* ``strike {coin, target}``: a new contact between two coins, the faster of them just before the
  contact being ``coin``: the physics resolved their overlap, so the blow moved the target (a
  coin sliding by within a rounding error of one at rest strikes nothing: RULINGS leave it open,
  and the referee rules that a coin at rest is struck only if the blow moves it). Coins already
  in contact strike only after separating, like towers.
* ``off_table {coin, at}``: the centre crossed the table's edge at ``at`` (mm).
* ``place {coin, at}``: a hand put the coin down (the engine's observed event for a placement, never
  a flick); the setup's coins are the SETUP JSON, not events.
* ``rest {positions}``: everything stopped after a flick, with every coin on the table.

>>> from engines.croquetnole.layout import default_layout
>>> from vision.sim.croquet_physics import CoinTable
>>> table = CoinTable(default_layout(), ("moons-knight",))
>>> rec = EventRecorder(table)
>>> rec.setup("moons-knight", (442.0, 552.0))
>>> rec.flick("moons-knight", (0.0, -900.0))
>>> table.advance(1.0, rec)
>>> [(e["event"], e.get("feature"), e.get("direction")) for e in rec.events]
[('flick', None, None), ('pass', 'moons-gate', 'out')]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engines.croquetnole.layout import COIN_MM, Point
from engines.croquetnole.names import feature
from vision.sim.croquet_physics import ON, CoinTable

#: Two bodies that touched have separated once the gap between them opens beyond this (mm).
SEPARATE_MM = 0.5

Event = dict[str, Any]


def _mm(p: Point | np.ndarray) -> list[float]:
    return [round(float(p[0]), 2), round(float(p[1]), 2)]


class EventRecorder:
    """Turns what happens on a :class:`CoinTable` into ground-truth events (see the module doc).

    The recorder is the table's step observer; hand actions go through it (:meth:`setup`,
    :meth:`flick`, :meth:`lift`, :meth:`place`) so that its contact states stay in step.
    """

    def __init__(self, table: CoinTable) -> None:
        self.table = table
        self.events: list[Event] = []
        corridors = []
        towers = []
        castles = dict(table.layout.castles)
        for castle in table.layout.castle_names:
            geo = table.layout.castle(castle)
            corridors += [geo.gate, geo.door]
            towers.append((feature(castle, "tower"), castles[castle].tower))
        self.corridors = tuple(corridors)
        self.tower_names = tuple(name for name, _ in towers)
        self._tower_tiles = np.array([tile for _, tile in towers], int)
        self._c_centre = np.array([c.center for c in corridors], float).reshape(-1, 2)
        self._c_along = np.array([c.along for c in corridors], float).reshape(-1, 2)
        self._c_inward = np.array([c.inward for c in corridors], float).reshape(-1, 2)
        self._c_half = np.array([(c.half_width, c.half_depth) for c in corridors]).reshape(-1, 2)
        n = len(table.names)
        # +1 / -1: inside, entered through the mouth at that depth sign; 2: inside, not by a mouth.
        self._inside = np.zeros((n, len(corridors)), np.int8)
        self._touch_tower = np.zeros((n, len(towers)), bool)
        self._touch_coin = np.zeros((n, n), bool)

    # -- hands -----------------------------------------------------------------------------------

    def setup(self, coin: str, at: Point) -> None:
        """A coin standing at ``at`` in the first frame (no event)."""
        self.table.place(coin, at)
        self._reset(self.table.index[coin])

    def flick(self, coin: str, velocity: Point) -> None:
        """A hand flicks ``coin``."""
        self.table.flick(coin, velocity)
        self._emit("flick", coin=coin)

    def lift(self, coin: str) -> None:
        """A hand lifts ``coin`` off the table (no event: the placement follows)."""
        self.table.lift(coin)
        self._reset(self.table.index[coin])

    def place(self, coin: str, at: Point) -> None:
        """A hand puts ``coin`` down at ``at``."""
        self.table.place(coin, at)
        self._reset(self.table.index[coin])
        self._emit("place", coin=coin, at=_mm(at))

    def rest(self) -> None:
        """Everything stopped (at the table's ``stopped_at``): where each coin on the table lies."""
        t = self.table
        positions = {name: _mm(t.pos[i]) for i, name in enumerate(t.names) if t.status[i] == ON}
        self._emit("rest", t.stopped_at, positions=positions)

    # -- physics observer ------------------------------------------------------------------------

    def on_off_table(self, table: CoinTable, coin: str, t: float, at: Point) -> None:
        self._emit("off_table", t, coin=coin, at=_mm(at))
        self._reset(table.index[coin])

    def on_step(
        self, table: CoinTable, t0: float, t1: float, p0: np.ndarray, v0: np.ndarray
    ) -> None:
        moved = np.flatnonzero((table.status == ON) & np.any(table.pos != p0, axis=1))
        if not len(moved):
            return
        self._passes(moved, t0, t1, p0)
        self._hits(moved, t1)
        self._strikes(moved, t1, v0)

    # -- detectors -------------------------------------------------------------------------------

    def _local(self, p: np.ndarray) -> np.ndarray:
        """Corridor coordinates (P, C, 2): across the gap, depth toward the tower."""
        d = p[:, None, :] - self._c_centre[None]
        return np.stack(
            [np.einsum("pck,ck->pc", d, self._c_along), np.einsum("pck,ck->pc", d, self._c_inward)],
            axis=-1,
        )

    def _passes(self, moved: np.ndarray, t0: float, t1: float, p0: np.ndarray) -> None:
        if not len(self.corridors):
            return
        a, b = self._local(p0[moved]), self._local(self.table.pos[moved])
        half = self._c_half[None]
        in_a = np.all(np.abs(a) <= half, axis=-1)
        in_b = np.all(np.abs(b) <= half, axis=-1)
        for m, c in zip(*np.nonzero(in_a != in_b), strict=True):
            i = moved[m]
            hd = half[0, c, 1]
            if in_b[m, c]:
                depth = a[m, c, 1]
                self._inside[i, c] = np.sign(depth) if abs(depth) > hd else 2
                continue
            came, depth = self._inside[i, c], b[m, c, 1]
            self._inside[i, c] = 0
            if abs(depth) > hd and came == -np.sign(depth):
                d0, d1 = a[m, c, 1], depth
                f = (np.sign(depth) * hd - d0) / (d1 - d0)
                corridor = self.corridors[c]
                self._emit(
                    "pass",
                    t0 + f * (t1 - t0),
                    coin=self.table.names[i],
                    feature=corridor.feature,
                    direction="in" if depth > 0 else "out",
                )

    def _tower_distance(self, p: np.ndarray) -> np.ndarray:
        return self.table.tile_distance(p)[:, self._tower_tiles]

    def _hits(self, moved: np.ndarray, t: float) -> None:
        if not len(self._tower_tiles):
            return
        r = COIN_MM / 2
        dist = self._tower_distance(self.table.pos[moved])
        touched, tiles = self.table.tile_touches, self._tower_tiles.tolist()
        for m, i in enumerate(moved):
            for k, name in enumerate(self.tower_names):
                if dist[m, k] > r + SEPARATE_MM:
                    self._touch_tower[i, k] = False
                elif (int(i), tiles[k]) in touched and not self._touch_tower[i, k]:
                    self._touch_tower[i, k] = True
                    self._emit("hit", t, coin=self.table.names[i], feature=name)

    def _strikes(self, moved: np.ndarray, t: float, v0: np.ndarray) -> None:
        table = self.table
        on = np.flatnonzero(table.status == ON)
        d = table.pos[on][None] - table.pos[moved][:, None]
        dist = np.hypot(d[..., 0], d[..., 1])
        level = table.support[on][None] == table.support[moved][:, None]
        speed = np.hypot(v0[:, 0], v0[:, 1])
        seen: set[tuple[int, int]] = set()
        for m, i in enumerate(moved):
            for k, j in enumerate(on):
                pair = (min(i, j), max(i, j))
                if i == j or pair in seen:
                    continue
                seen.add(pair)
                if dist[m, k] > COIN_MM + SEPARATE_MM or not level[m, k]:
                    self._touch_coin[i, j] = self._touch_coin[j, i] = False
                elif pair in table.coin_touches and not self._touch_coin[i, j]:
                    self._touch_coin[i, j] = self._touch_coin[j, i] = True
                    mover, target = (i, j) if speed[i] >= speed[j] else (j, i)
                    self._emit("strike", t, coin=table.names[mover], target=table.names[target])

    # -- state -----------------------------------------------------------------------------------

    def _reset(self, i: int) -> None:
        """Contact and corridor states of coin ``i`` from where it now stands (after a hand)."""
        table = self.table
        self._inside[i] = 0
        self._touch_tower[i] = False
        self._touch_coin[i] = False
        self._touch_coin[:, i] = False
        if table.status[i] != ON:
            return
        p = table.pos[i : i + 1]
        if len(self.corridors):
            self._inside[i] = np.where(
                np.all(np.abs(self._local(p)[0]) <= self._c_half, axis=-1), 2, 0
            )
        if len(self._tower_tiles):
            self._touch_tower[i] = self._tower_distance(p)[0] <= COIN_MM / 2 + SEPARATE_MM
        for j in np.flatnonzero(table.status == ON):
            if j != i and table.support[j] == table.support[i]:
                near = float(np.hypot(*(table.pos[j] - p[0]))) <= COIN_MM + SEPARATE_MM
                self._touch_coin[i, j] = self._touch_coin[j, i] = near

    def _emit(self, kind: str, t: float | None = None, **fields: Any) -> None:
        when = self.table.t if t is None else t
        self.events.append({"t": round(float(when), 5), "event": kind, **fields})

    def sorted_events(self) -> list[Event]:
        """The events in time order (a sub-step's pass may precede a contact found before it)."""
        return sorted(self.events, key=lambda e: e["t"])
