"""The two sets of pieces a club plays with, learnt from the board where the game says they stand.

A club brings its own pieces: draughts of any size, poker chips, two kinds of coin. The reader
finds them at first with a search over every size a piece may have (15 mm coins to checkers that
fill a card) and splits them in two by their looks (:mod:`vision.koper.checkers`). Once the game
knows which squares hold which set (the start position, and every position since), the pieces
read there teach the reader the two sets: each set's size and look (:func:`learn_pieces`). From
then on the search looks for circles of those sizes only, a circle whose look is neither set's is
card art (a pip, a round court detail), and each piece takes the set whose look is nearer
(:func:`classify`), with the chance of that as its confidence.

Sizes are fractions of the card's short side, which the rectified board fixes whatever the
camera's height. The circle found round a piece is not its top's alone: a slanted camera shows
the side wall on one side, and a shadow may join it, so one set's radii spread by several per
cent. The search takes each set's sizes as they spread on the board it was learnt from:
``size_sds`` standard deviations either way of its median, and ``piece_size_px`` more (a
radius is read to about a pixel, and the search's accumulator is coarser). Looks are those of
:func:`vision.koper.checkers.look_of`, which the light across the board does not change.

>>> from vision.koper.checkers import Checker
>>> def piece(row, col, size, look):
...     return Checker(row, col, (0.0, 0.0), 1.0, look[0] / 100, "", (100.0, *look[1:]), size)
>>> seen = [piece(0, k, 0.3, (80, 0, 2)) for k in range(4)]
>>> seen += [piece(7, k, 0.25, (78, 6, 30)) for k in range(4)]
>>> where = {"light": {(0, k) for k in range(4)}, "dark": {(7, k) for k in range(4)}}
>>> looks = learn_pieces(seen, where)
>>> looks.sizes, [round(v) for v in looks.light]
((0.3, 0.25), [80, 0, 2])
>>> [ck.color for ck in classify([piece(3, 3, 0.25, (79, 5, 28))], looks)]
['dark']
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from vision.koper.checkers import LOOK_NOISE, Checker, look_of

Square = tuple[int, int]

#: The fewest pieces of a set read on their squares to learn the set from (of 12): a look's
#: mean and spread need a few, and a set mostly unseen is better learnt on a later read.
MIN_LEARNT = 4


@dataclass(frozen=True)
class PieceLooks:
    """The two sets, learnt: each one's radius (a fraction of the card's short side) and mean
    look, how far a look of one piece strays from its set's (``spread``, the larger of the two
    sets' standard deviations along their own looks, at least :data:`LOOK_NOISE`) and how far
    a radius does (``size_spread``, the larger standard deviation of the two sets' radii)."""

    sizes: tuple[float, float]
    light: tuple[float, float, float]
    dark: tuple[float, float, float]
    spread: float
    size_spread: float = 0.0

    def radius_range(self, short: float, slack_px: float, sds: float) -> tuple[float, float]:
        """The radii (fractions of the card's short side, ``short`` pixels) to search: the
        two sets' sizes, ``sds`` size spreads and ``slack_px`` pixels either way."""
        reach = sds * self.size_spread + slack_px / short
        return min(self.sizes) - reach, max(self.sizes) + reach


def learn_pieces(
    pieces: Sequence[Checker], squares: Mapping[str, Collection[Square]]
) -> PieceLooks | None:
    """The two sets learnt from the ``pieces`` read on the squares the game says hold each
    (``squares["light"]``, ``squares["dark"]``); None if fewer than :data:`MIN_LEARNT` of a
    set were read there, or the two sets' looks lie no farther apart than their spread (the
    reading is not of these two sets)."""
    sets = {}
    for color in ("light", "dark"):
        own = [ck for ck in pieces if (ck.row, ck.col) in squares.get(color, ())]
        if len(own) < MIN_LEARNT:
            return None
        looks = np.array([look_of(ck) for ck in own])
        mean = looks.mean(axis=0)
        sd = float(np.sqrt(((looks - mean) ** 2).sum(axis=1).mean()))
        sizes = [ck.size for ck in own]
        sets[color] = (float(np.median(sizes)), mean, sd, float(np.std(sizes)))
    spread = max(LOOK_NOISE, sets["light"][2], sets["dark"][2])
    if float(np.linalg.norm(sets["light"][1] - sets["dark"][1])) <= spread:
        return None
    light, dark = sets["light"][1], sets["dark"][1]
    return PieceLooks(
        (sets["light"][0], sets["dark"][0]),
        (float(light[0]), float(light[1]), float(light[2])),
        (float(dark[0]), float(dark[1]), float(dark[2])),
        spread,
        max(sets["light"][3], sets["dark"][3]),
    )


def classify(pieces: Sequence[Checker], looks: PieceLooks, sds: float = 4.0) -> list[Checker]:
    """Each piece given the set whose look is nearer, with the chance of that as its
    ``confidence`` (two Gaussian looks of spread ``looks.spread``, equally likely); a circle
    whose look lies more than ``sds`` spreads from both sets' is no piece of theirs (card art)
    and is dropped."""
    light, dark = np.array(looks.light), np.array(looks.dark)
    out = []
    for ck in pieces:
        seen = look_of(ck)
        d_light = float(np.linalg.norm(seen - light)) / looks.spread
        d_dark = float(np.linalg.norm(seen - dark)) / looks.spread
        if min(d_light, d_dark) > sds:
            continue
        # The log-odds of the two sets, halved, in a logistic: the chance of the nearer.
        odds = 0.5 * abs(d_light**2 - d_dark**2)
        confidence = 1.0 / (1.0 + math.exp(-min(odds, 50.0)))
        color = "light" if d_light <= d_dark else "dark"
        out.append(replace(ck, color=color, confidence=confidence))
    return out
