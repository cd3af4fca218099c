"""Coins sliding on the Croquetnole table: friction, collisions, falls. Pure numpy, deterministic.

A coin is a disc 19.05 mm across (COIN_MM) on the table plane. A flick gives it a velocity; kinetic
friction slows it at a constant rate (``decel_mm_s2``: a 2 m/s flick slides about 0.6 m) until it
stops. Coins bounce off one another (an impulse with restitution and Coulomb friction between equal
masses, so momentum is conserved) and off the tiles' edges (a tile is a 50.8 mm square 6.35 mm
tall, a tower two of them: taller than a coin, so a coin never slides onto one). A coin put down on
top of a tile (a prisoner on a tower) rides on it, meets only coins up there, and drops to the
table when its centre slides past the tile's edge. A coin whose centre crosses the table's edge
falls off; the point where it crossed is reported. Rotation is ignored.

Time advances in sub-steps short enough that no coin moves more than ``max_step_mm`` (1 mm by
default) per step, so nothing tunnels through a coin or a tile even at 2.5 m/s, and the observer
sees every crossing and contact (:mod:`vision.sim.croquet_truth` turns them into events).

>>> from engines.croquetnole.layout import default_layout
>>> table = CoinTable(default_layout(), ("moons-knight",))
>>> table.place("moons-knight", (100.0, 60.0))
>>> table.flick("moons-knight", (2000.0, 0.0))
>>> table.advance(2.0)
>>> round(table.position("moons-knight")[0] - 100.0)  # 2 m/s at 3.3 m/s^2 slides 606 mm
606
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from engines.croquetnole.layout import COIN_MM, TILE_MM, Layout, Point

#: A tile's thickness (1/4 in) and a coin's (1/8 in), mm (RULINGS: pieces).
TILE_THICK_MM = 6.35
COIN_THICK_MM = 3.175
_HALF_TILE = TILE_MM / 2

ABSENT, ON, HELD, OFF = 0, 1, 2, 3
STATUS_NAMES: tuple[str, ...] = ("absent", "on", "held", "off")


@dataclass(frozen=True)
class PhysicsConfig:
    """The physical constants; the defaults match felt or a smooth card table."""

    decel_mm_s2: float = 3300.0
    coin_restitution: float = 0.85
    coin_friction: float = 0.15
    tile_restitution: float = 0.7
    tile_friction: float = 0.2
    max_step_mm: float = 1.0
    max_dt_s: float = 1 / 480


class StepObserver(Protocol):
    """Told about every sub-step and every fall (the ground-truth recorder)."""

    def on_step(
        self, table: CoinTable, t0: float, t1: float, p0: np.ndarray, v0: np.ndarray
    ) -> None: ...

    def on_off_table(self, table: CoinTable, coin: str, t: float, at: Point) -> None: ...


class CoinTable:
    """The coins of one scene on a table with the tiles of ``layout``.

    Arrays are indexed like ``names``: ``pos`` (mm), ``vel`` (mm/s), ``status`` (ABSENT, ON,
    HELD, OFF) and ``support`` (the tile a coin rides on, or -1 for the table).
    """

    def __init__(
        self, layout: Layout, names: Sequence[str], config: PhysicsConfig = PhysicsConfig()
    ) -> None:
        self.layout = layout
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.config = config
        n = len(self.names)
        self.pos = np.zeros((n, 2))
        self.vel = np.zeros((n, 2))
        self.status = np.full(n, ABSENT, np.int8)
        self.support = np.full(n, -1, np.int16)
        self.t = 0.0
        #: When the last motion ended (the time of the step in which the last coin stopped).
        self.stopped_at = 0.0
        tiles = layout.tiles
        self.tile_centre = np.array([t.center for t in tiles], float).reshape(-1, 2)
        ang = np.radians([t.angle_deg for t in tiles])
        self.tile_u = np.column_stack([np.cos(ang), np.sin(ang)]).reshape(-1, 2)
        self.tile_v = np.column_stack([-np.sin(ang), np.cos(ang)]).reshape(-1, 2)
        self.tile_stack = np.array([t.stack for t in tiles], int)
        #: The contacts of the last sub-step: the coin pairs ``(i, j)``, ``i < j``, and the
        #: ``(coin, tile)`` pairs whose overlap it resolved. Bodies that only came within a
        #: rounding error of each other are not there: they never touched.
        self.coin_touches: set[tuple[int, int]] = set()
        self.tile_touches: set[tuple[int, int]] = set()

    # -- queries -------------------------------------------------------------------------------

    def position(self, coin: str) -> Point:
        x, y = self.pos[self.index[coin]]
        return (float(x), float(y))

    def height(self) -> np.ndarray:
        """Height (mm) of each coin's underside above the table: 0, or the tiles it rides on."""
        s = self.support
        return np.where(s >= 0, self.tile_stack[np.maximum(s, 0)] * TILE_THICK_MM, 0.0)

    def moving(self) -> np.ndarray:
        """Which coins are on the table and moving."""
        return (self.status == ON) & ((self.vel[:, 0] != 0) | (self.vel[:, 1] != 0))

    def is_moving(self) -> bool:
        return bool(self.moving().any())

    def tile_distance(self, points: np.ndarray) -> np.ndarray:
        """Distance (P, T) from each point to each tile's square (0 inside)."""
        d = points[:, None, :] - self.tile_centre[None]
        lu = np.abs(np.einsum("ptk,tk->pt", d, self.tile_u)) - _HALF_TILE
        lv = np.abs(np.einsum("ptk,tk->pt", d, self.tile_v)) - _HALF_TILE
        return np.hypot(np.maximum(lu, 0), np.maximum(lv, 0))

    # -- what hands do ---------------------------------------------------------------------------

    def place(self, coin: str, at: Point) -> None:
        """Put ``coin`` down at rest at ``at``; on a tile if its centre lies on one (highest)."""
        i = self.index[coin]
        self.pos[i] = at
        self.vel[i] = 0.0
        self.status[i] = ON
        under = np.flatnonzero(self.tile_distance(self.pos[i : i + 1])[0] == 0)
        self.support[i] = under[np.argmax(self.tile_stack[under])] if len(under) else -1

    def lift(self, coin: str) -> None:
        """Take ``coin`` off the table into a hand (its position then follows the hand)."""
        i = self.index[coin]
        self.status[i] = HELD
        self.vel[i] = 0.0
        self.support[i] = -1

    def carry(self, coin: str, at: Point) -> None:
        """Move a held coin with the hand that holds it."""
        self.pos[self.index[coin]] = at

    def flick(self, coin: str, velocity: Point) -> None:
        """Give a coin lying on the table a velocity (mm/s)."""
        i = self.index[coin]
        if self.status[i] != ON:
            raise ValueError(f"{coin} is not on the table and cannot be flicked")
        self.vel[i] = velocity

    # -- time ------------------------------------------------------------------------------------

    def advance(self, t_end: float, observer: StepObserver | None = None) -> None:
        """Run the physics up to time ``t_end`` (s) in sub-steps; nothing to do when all rest."""
        cfg = self.config
        while self.t < t_end - 1e-12:
            moving = self.moving()
            if not moving.any():
                self.t = t_end
                return
            vmax = float(np.hypot(self.vel[moving, 0], self.vel[moving, 1]).max())
            dt = min(t_end - self.t, cfg.max_step_mm / vmax, cfg.max_dt_s)
            self._step(dt, moving, observer)

    def _step(self, dt: float, moving: np.ndarray, observer: StepObserver | None) -> None:
        cfg = self.config
        t0 = self.t
        p0, v0 = self.pos.copy(), self.vel.copy()
        idx = np.flatnonzero(moving)
        self.coin_touches, self.tile_touches = set(), set()
        speed = np.hypot(self.vel[idx, 0], self.vel[idx, 1])
        direction = self.vel[idx] / speed[:, None]
        tt = np.minimum(dt, speed / cfg.decel_mm_s2)
        travel = speed * tt - 0.5 * cfg.decel_mm_s2 * tt * tt
        self.pos[idx] += direction * travel[:, None]
        self.vel[idx] = direction * np.maximum(speed - cfg.decel_mm_s2 * dt, 0.0)[:, None]
        self.t = t0 + dt
        self._leave_supports(idx)
        fallen = self._falls(idx, p0, t0, dt, observer)
        idx = idx[~np.isin(idx, fallen)]
        self._tile_contacts(idx)
        self._coin_contacts(idx)
        if not self.is_moving():
            self.stopped_at = self.t
        if observer is not None:
            observer.on_step(self, t0, self.t, p0, v0)

    def _leave_supports(self, idx: np.ndarray) -> None:
        """A coin riding on a tile drops to the table once its centre leaves the tile."""
        riding = idx[self.support[idx] >= 0]
        if len(riding):
            dist = self.tile_distance(self.pos[riding])
            off = dist[np.arange(len(riding)), self.support[riding]] > 0
            self.support[riding[off]] = -1

    def _falls(
        self, idx: np.ndarray, p0: np.ndarray, t0: float, dt: float, observer: StepObserver | None
    ) -> np.ndarray:
        """Coins whose centre crossed the table's edge fall off; report where they crossed."""
        w, h = self.layout.table
        p1 = self.pos[idx]
        out = (p1[:, 0] < 0) | (p1[:, 0] > w) | (p1[:, 1] < 0) | (p1[:, 1] > h)
        fallen = idx[out]
        for i in fallen:
            a, b = p0[i], self.pos[i]
            f = 1.0
            for k, edge, beyond in (
                (0, 0.0, b[0] < 0),
                (0, w, b[0] > w),
                (1, 0.0, b[1] < 0),
                (1, h, b[1] > h),
            ):
                if beyond and b[k] != a[k]:
                    f = min(f, max(0.0, (edge - a[k]) / (b[k] - a[k])))
            at = a + f * (b - a)
            self.pos[i] = at
            self.vel[i] = 0.0
            self.status[i] = OFF
            self.support[i] = -1
            if observer is not None:
                observer.on_off_table(
                    self, self.names[i], t0 + f * dt, (float(at[0]), float(at[1]))
                )
        return fallen

    def _tile_contacts(self, idx: np.ndarray) -> None:
        """Push coins at table level out of tiles and bounce them off the tile's edge."""
        cfg = self.config
        ground = idx[self.support[idx] < 0]
        if not len(ground) or not len(self.tile_centre):
            return
        r = COIN_MM / 2
        d = self.pos[ground][:, None, :] - self.tile_centre[None]
        lu = np.einsum("ptk,tk->pt", d, self.tile_u)
        lv = np.einsum("ptk,tk->pt", d, self.tile_v)
        du = lu - np.clip(lu, -_HALF_TILE, _HALF_TILE)
        dv = lv - np.clip(lv, -_HALF_TILE, _HALF_TILE)
        dist = np.hypot(du, dv)
        for p, t in zip(*np.nonzero((dist < r) & (dist > 0)), strict=True):
            i = ground[p]
            self.tile_touches.add((int(i), int(t)))
            n = (du[p, t] * self.tile_u[t] + dv[p, t] * self.tile_v[t]) / dist[p, t]
            self.pos[i] += n * (r - dist[p, t])
            vn = float(self.vel[i] @ n)
            if vn < 0:
                self.vel[i] -= (1 + cfg.tile_restitution) * vn * n
                self.vel[i] = _rub(
                    self.vel[i], n, cfg.tile_friction * (1 + cfg.tile_restitution) * -vn
                )

    def _coin_contacts(self, idx: np.ndarray) -> None:
        """Resolve overlaps between a moving coin and any other coin at the same level."""
        cfg = self.config
        on = np.flatnonzero(self.status == ON)
        if len(on) < 2 or not len(idx):
            return
        d = self.pos[on][None] - self.pos[idx][:, None]
        dist = np.hypot(d[..., 0], d[..., 1])
        level = self.support[on][None] == self.support[idx][:, None]
        close = (dist < COIN_MM) & level & (on[None] != idx[:, None])
        done: set[tuple[int, int]] = set()
        for a, b in zip(*np.nonzero(close), strict=True):
            i, j = int(idx[a]), int(on[b])
            pair = (min(i, j), max(i, j))
            if pair in done:
                continue
            done.add(pair)
            delta = self.pos[j] - self.pos[i]
            gap = float(np.hypot(*delta))
            if gap == 0:
                continue
            self.coin_touches.add(pair)
            n = delta / gap
            push = (COIN_MM - gap) / 2
            self.pos[i] -= n * push
            self.pos[j] += n * push
            rel = self.vel[i] - self.vel[j]
            vn = float(rel @ n)
            if vn <= 0:
                continue
            jn = (1 + cfg.coin_restitution) / 2 * vn
            self.vel[i] -= jn * n
            self.vel[j] += jn * n
            tangential = rel - vn * n
            ts = float(np.hypot(*tangential))
            if ts > 0:
                jt = min(cfg.coin_friction * jn, ts / 2) * tangential / ts
                self.vel[i] -= jt
                self.vel[j] += jt


def _rub(v: np.ndarray, n: np.ndarray, impulse: float) -> np.ndarray:
    """Reduce the part of ``v`` along the wall (normal ``n``) by ``impulse``, never reversing it."""
    vt = v - (v @ n) * n
    ts = float(np.hypot(*vt))
    if ts == 0:
        return v
    return v - vt * (min(impulse, ts) / ts)
