"""A knight's course: the features it must score, in order, written as steps.

A step is a feature, plus ``" in"`` or ``" out"`` for gates: ``"suns-gate in"``, ``"suns-door"``,
``"suns-tower"``, ``"suns-gate out"``. The course (RULINGS) is: out of its own gate, then each
other castle clockwise from its left (gate in, door, tower, gate out), then its own gate in and its
own tower, which wins while its own guard is on duty.

>>> full_course("arms", ("moons", "suns", "crowns", "arms"))[:5]
('arms-gate out', 'moons-gate in', 'moons-door', 'moons-tower', 'moons-gate out')
"""

from __future__ import annotations

from engines.croquetnole.names import CASTLES, feature, feature_castle, feature_kind, words


def invasion(castle: str) -> tuple[str, ...]:
    """The four steps that invade ``castle``."""
    return (
        f"{feature(castle, 'gate')} in",
        feature(castle, "door"),
        feature(castle, "tower"),
        f"{feature(castle, 'gate')} out",
    )


def full_course(own: str, castles: tuple[str, ...]) -> tuple[str, ...]:
    """Every step of ``own``'s knight from the start, invading ``castles`` other than its own."""
    order = [c for c in CASTLES if c in castles or c == own]
    i = order.index(own)
    others = order[i + 1 :] + order[:i]
    steps: list[str] = [f"{feature(own, 'gate')} out"]
    for c in others:
        steps.extend(invasion(c))
    steps.extend((f"{feature(own, 'gate')} in", feature(own, "tower")))
    return tuple(steps)


def step_of_pass(name: str, direction: str) -> str:
    """The step a pass would score: gates carry their direction, doors count either way."""
    return f"{name} {direction}" if feature_kind(name) == "gate" else name


def after_release(remaining: tuple[str, ...], own: str, prison: str) -> tuple[str, ...]:
    """The course of a knight released from ``prison``: out of its own gate first, then, if it
    had begun invading ``prison`` and not finished, that castle again from its gate (the text:
    "it must restart the scoring sequence ... for the castle in which it was imprisoned").

    >>> after_release(("suns-tower", "suns-gate out", "moons-gate in"), "arms", "suns")
    ('arms-gate out', 'suns-gate in', 'suns-door', 'suns-tower', 'suns-gate out', 'moons-gate in')
    """
    steps = invasion(prison)
    if steps[0] not in remaining and steps[-1] in remaining:
        remaining = steps + remaining[remaining.index(steps[-1]) + 1 :]
    leave = f"{feature(own, 'gate')} out"
    return remaining if remaining[:1] == (leave,) else (leave, *remaining)


def describe(step: str) -> str:
    """A step in words: ``"suns-gate in"`` -> ``"the Suns gate (in)"``."""
    name, _, direction = step.partition(" ")
    text = f"the {words(feature_castle(name))} {feature_kind(name)}"
    return f"{text} ({direction})" if direction else text
