"""The referee's calls: typed events, each with the confidence the camera has in it.

Each call turns into one line of the DESIGN contract's ``croquetnole analyze`` output
(:meth:`Call.to_json`), with a ``"confidence"`` in [0, 1] added (the contract may be extended).
A confidence is the chance, under the position noise measured on this table, that the margin the
call rests on is real: a coin read ``m`` mm inside a touching distance with readings spread by
``sd`` is called with confidence ``Phi(m / sd)`` (:func:`sure`). Below
:data:`ASK_BELOW` the phone should ask the players instead of the referee ruling alone.

>>> call = Pass(1.25, "moons-knight", "suns-gate", "in", confidence=0.99).to_json()
>>> call["event"], call["feature"], call["direction"], call["confidence"]
('pass', 'suns-gate', 'in', 0.99)
>>> round(sure(0.2, 0.1), 3)
0.977
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from engines.croquetnole.layout import Point

#: A call less sure than this is put to the players.
ASK_BELOW = 0.9


def sure(margin_mm: float, sd_mm: float) -> float:
    """The chance that a true margin is positive when it reads ``margin_mm`` with readings
    spread by ``sd_mm`` (the normal distribution's CDF)."""
    return 0.5 * (1.0 + math.erf(margin_mm / (max(sd_mm, 1e-6) * math.sqrt(2))))


def _mm(p: Point) -> list[float]:
    return [round(p[0], 2), round(p[1], 2)]


@dataclass(frozen=True)
class Call:
    """A call at time ``t`` (s from the first frame) with its ``confidence`` (a keyword)."""

    kind: ClassVar[str] = ""
    t: float
    confidence: float = field(default=1.0, kw_only=True)

    def fields(self) -> dict[str, Any]:
        return {}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": round(self.t, 4), "event": self.kind, **self.fields()}
        out["confidence"] = round(self.confidence, 3)
        return out


def coins_of(call: Call) -> set[str]:
    """The coins a call names: a rest names every coin whose place it holds."""
    if isinstance(call, Rest):
        return {c for c, _ in call.positions}
    return {getattr(call, f) for f in ("coin", "target") if hasattr(call, f)}


def renamed(call: Call, a: str, b: str, now: Mapping[str, Point] | None = None) -> Call:
    """``call`` with coins ``a`` and ``b`` trading names. A rest holds the two where they lie
    ``now`` (once the names are settled), if given: the coin taken to have moved lies where it
    stopped, and the one that never moved at its spot, not where the other lay hidden.

    >>> renamed(Strike(1.0, "moons-knight", "suns-guard"), "suns-guard", "suns-knight").target
    'suns-knight'
    >>> rest = Rest(1.0, (("a", (9.0, 9.0)), ("b", (0.0, 0.0))))
    >>> renamed(rest, "a", "b", {"a": (5.0, 5.0), "b": (9.0, 9.0)}).positions
    (('a', (5.0, 5.0)), ('b', (9.0, 9.0)))
    """
    swap = {a: b, b: a}
    changes: dict[str, Any] = {
        f: swap[getattr(call, f)] for f in ("coin", "target") if getattr(call, f, None) in swap
    }
    if isinstance(call, Rest):
        held = {swap.get(c, c): p for c, p in call.positions}
        for c in (a, b):
            if now is not None and c in now and c in held:
                held[c] = now[c]
        changes["positions"] = tuple(sorted(held.items()))
    return replace(call, **changes) if changes else call


def unsure(call: Call, chance: float) -> Call:
    """``call`` with its confidence no higher than ``chance``.

    >>> unsure(Flick(1.0, "suns-knight"), 0.5).confidence
    0.5
    """
    return replace(call, confidence=min(call.confidence, chance))


@dataclass(frozen=True)
class Flick(Call):
    kind: ClassVar[str] = "flick"
    coin: str

    def fields(self) -> dict[str, Any]:
        return {"coin": self.coin}


@dataclass(frozen=True)
class Pass(Call):
    kind: ClassVar[str] = "pass"
    coin: str
    feature: str
    direction: str

    def fields(self) -> dict[str, Any]:
        return {"coin": self.coin, "feature": self.feature, "direction": self.direction}


@dataclass(frozen=True)
class Hit(Call):
    kind: ClassVar[str] = "hit"
    coin: str
    feature: str

    def fields(self) -> dict[str, Any]:
        return {"coin": self.coin, "feature": self.feature}


@dataclass(frozen=True)
class Strike(Call):
    kind: ClassVar[str] = "strike"
    coin: str
    target: str

    def fields(self) -> dict[str, Any]:
        return {"coin": self.coin, "target": self.target}


@dataclass(frozen=True)
class OffTable(Call):
    kind: ClassVar[str] = "off_table"
    coin: str
    at: Point

    def fields(self) -> dict[str, Any]:
        return {"coin": self.coin, "at": _mm(self.at)}


@dataclass(frozen=True)
class Place(Call):
    kind: ClassVar[str] = "place"
    coin: str
    at: Point

    def fields(self) -> dict[str, Any]:
        return {"coin": self.coin, "at": _mm(self.at)}


@dataclass(frozen=True)
class Rest(Call):
    kind: ClassVar[str] = "rest"
    positions: tuple[tuple[str, Point], ...]

    def fields(self) -> dict[str, Any]:
        return {"positions": {c: _mm(p) for c, p in self.positions}}
