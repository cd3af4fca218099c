"""The DESIGN identifiers of Castle Croquetnole, and the words the referee uses for them.

Castles (and seats) are named by suit in turn order, clockwise: moons, suns, crowns, arms. Coins
are ``"<castle>-knight"`` and ``"<castle>-guard"``; features are ``"<castle>-gate"``,
``"<castle>-door"`` and ``"<castle>-tower"``.

>>> coin_owner("suns-guard"), coin_role("suns-guard"), words("suns-guard")
('suns', 'guard', 'Suns guard')
"""

from __future__ import annotations

CASTLES: tuple[str, ...] = ("moons", "suns", "crowns", "arms")
ROLES: tuple[str, ...] = ("knight", "guard")
FEATURE_KINDS: tuple[str, ...] = ("gate", "door", "tower")
WASTELAND = "wasteland"

COINS: tuple[str, ...] = tuple(f"{c}-{r}" for c in CASTLES for r in ROLES)
FEATURES: tuple[str, ...] = tuple(f"{c}-{k}" for c in CASTLES for k in FEATURE_KINDS)


def knight(castle: str) -> str:
    """The knight coin of ``castle``: ``knight("arms") == "arms-knight"``."""
    return f"{castle}-knight"


def guard(castle: str) -> str:
    """The guard coin of ``castle``: ``guard("arms") == "arms-guard"``."""
    return f"{castle}-guard"


def feature(castle: str, kind: str) -> str:
    """A feature's identifier: ``feature("suns", "gate") == "suns-gate"``."""
    return f"{castle}-{kind}"


def coin_owner(coin: str) -> str:
    """The castle a coin belongs to."""
    return coin.split("-", 1)[0]


def coin_role(coin: str) -> str:
    """``"knight"`` or ``"guard"``."""
    return coin.split("-", 1)[1]


def feature_castle(name: str) -> str:
    """The castle a feature belongs to."""
    return name.split("-", 1)[0]


def feature_kind(name: str) -> str:
    """``"gate"``, ``"door"`` or ``"tower"``."""
    return name.split("-", 1)[1]


def seat(castle: str) -> int:
    """The seat index of a castle (its position in turn order), as used by ``Action.player``."""
    return CASTLES.index(castle)


def next_clockwise(castle: str, among: tuple[str, ...] = CASTLES) -> str:
    """The castle after ``castle`` in turn order, among ``among`` (the castle to one's left)."""
    order = [c for c in CASTLES if c in among or c == castle]
    return order[(order.index(castle) + 1) % len(order)]


def words(name: str) -> str:
    """A coin, feature, castle or step in words: ``"moons-knight"`` -> ``"Moons knight"``."""
    head, _, rest = name.partition("-")
    return f"{head.capitalize()} {rest}".strip() if rest else head.capitalize()
