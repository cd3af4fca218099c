"""Sightings given to coins: one assignment per frame.

Sightings are given to coins by one assignment per frame (``scipy.optimize.linear_sum_assignment``)
over the distance from where each coin should be (:meth:`Track.predict`), gated by how far it can
have gone (:meth:`Track.gate`); a coin's look (its colour's chromaticity) tells coins apart where
their looks differ, and a sighting that looks like no coin (a fragment of a hand) is none. Coins off
the table or absent take a sighting only when no coin on it can. A coin hidden under a hand comes
out from under it: it is seen first within a frame's slide (and its own width) of where a hand has
been since it hid, never far from them all, unless its spot, clear of every hand, shows no coin
(:attr:`Track.bare`): then it left unseen, smeared past reading, and may show anywhere. Until
readings clear of every hand say otherwise, a coin hidden at rest may still lie at its spot, and one
that takes a sighting away from its spot moved unseen, which costs a coin's width more: a hand
flicks one coin, so of two readings of a frame the one that has fewer coins move where nobody saw is
the likelier, unless it puts coins a coin's width farther from where they could be. Nor does a coin
hidden at rest take a reading away from its spot where something has shown still since before the
coin was last read elsewhere (:mod:`.marks`): that is something else. A coin at rest read astray
(:attr:`Track.astray`) may take a reading beyond a flick's first step that goes on as a slide
straight from its spot: it may be on its way, flicked by a hand that did not show beside it.

Most frames change nothing the assignment reads: the same readings (kept from the frame before,
where the picture did not change) and every coin lying still where it lay. :class:`Assigner`
gives such a frame the last frame's assignment without working it out again.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from engines.croquetnole.layout import Point
from vision.croquet.motion.config import MotionConfig
from vision.croquet.motion.hand_trail import HandTrail
from vision.croquet.motion.marks import Mark
from vision.croquet.motion.origins import runs_from, sliding_on
from vision.croquet.motion.sightings import Sighting
from vision.croquet.motion.table_model import look_apart, looks_apart
from vision.croquet.motion.track import State, Track

#: The base cost of giving a sighting to a coin off or absent from the table: more than any
#: gated distance of a coin on it.
_OFF_COST = 1e6
_NEVER = 1e12


def assign(
    tracks: Sequence[Track],
    sightings: Sequence[Sighting],
    t: float,
    cfg: MotionConfig,
    table: Point,
    trail: HandTrail,
    marks: Sequence[Mark] = (),
) -> dict[str, Sighting]:
    """Each coin's sighting at ``t``, if any (see the module doc); ``trail`` holds where the
    hands have been, ``marks`` what each sighting is read in (:mod:`.marks`)."""
    if not tracks or not sightings:
        return {}
    seen = np.array([s.mm for s in sightings], float)
    predicted = np.array([tr.predict(t) for tr in tracks], float)
    spots = np.array([tr.spot for tr in tracks], float)
    gates = np.array([tr.gate(t, cfg, table) for tr in tracks])
    under = np.array([tr.under_hand for tr in tracks])
    covered = under & np.array([not tr.doubt and not tr.bare for tr in tracks])
    base = np.array([_OFF_COST if tr.state in (State.OFF, State.ABSENT) else 0.0 for tr in tracks])
    emerge = cfg.max_step_mm + cfg.coin_mm
    covered_since = min((tr.hidden_t for tr in tracks if tr.under_hand), default=t)
    any_covered = bool(under.any())
    from_hand = np.array(
        [any_covered and trail.within(covered_since, s.mm, emerge) for s in sightings]
    )
    d = _distances(predicted, seen)
    home = _distances(spots, seen)
    d = np.where(under[:, None], np.minimum(d, home), d)
    moved = np.where(under[:, None] & (home > cfg.start_mm), cfg.coin_mm, 0.0)
    ok = (d <= gates[:, None]) & ~(covered[:, None] & ~from_hand[None, :] & (d > cfg.start_mm))
    ok |= _slides_on(tracks, sightings, t, cfg)
    if marks:
        ok &= ~(under[:, None] & (home > cfg.start_mm + cfg.pixel_mm) & _before(tracks, marks))
    aparts = _looks_apart(tracks, sightings)
    known = ~np.isnan(aparts)
    ok &= ~(known & (aparts > cfg.look_gate))
    look = np.where(known, cfg.look_mm * np.nan_to_num(aparts), 0.0)
    cost = np.where(ok, base[:, None] + d + look + moved, _NEVER)
    rows, cols = linear_sum_assignment(cost)
    return {
        tracks[i].coin: sightings[j] for i, j in zip(rows, cols, strict=True) if cost[i, j] < _NEVER
    }


class Assigner:
    """:func:`assign`, remembering the last frame's assignment for a frame that reads the same
    sightings while every coin lies at rest (not about to set off, not in doubt), off or
    absent, as in the last frame: nothing it depends on (time, hands, motion) can then differ."""

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], tuple[Sighting, ...], dict[str, Sighting]] | None
        self._last = None

    def __call__(
        self,
        tracks: Sequence[Track],
        sightings: Sequence[Sighting],
        t: float,
        cfg: MotionConfig,
        table: Point,
        trail: HandTrail,
        marks: Sequence[Mark] = (),
    ) -> dict[str, Sighting]:
        # ``marks`` bar only coins hidden, which a frame taken as it was has none of.
        key = _still(tracks, cfg)
        last = self._last
        if key is not None and last is not None and last[0] == key and last[1] == tuple(sightings):
            return dict(last[2])
        pairs = assign(tracks, sightings, t, cfg, table, trail, marks)
        self._last = None if key is None else (key, tuple(sightings), dict(pairs))
        return pairs


def _still(tracks: Sequence[Track], cfg: MotionConfig) -> tuple[object, ...] | None:
    """What the assignment reads of ``tracks`` when every coin lies still (none sliding,
    hidden, about to set off or in doubt), else None."""
    out: list[object] = [cfg]
    for tr in tracks:
        if tr.state in (State.SLIDING, State.HIDDEN) or tr.leaving is not None or tr.doubt:
            return None
        look = None if tr.look is None else tr.look.tobytes()
        out.append((tr.coin, tr.state, tr.spot.tobytes(), tr.mm.tobytes(), look))
    return tuple(out)


def _slides_on(
    tracks: Sequence[Track], sightings: Sequence[Sighting], t: float, cfg: MotionConfig
) -> np.ndarray:
    """Whether each sighting (columns) goes on as a slide straight from each coin at rest's
    spot (rows), after the readings it was last read astray at (:attr:`Track.astray`), within
    what the fastest flick carries it since: such a coin may be on its way, set off by a hand
    nobody saw beside it, beyond a flick's first step from its spot by now."""
    out = np.zeros((len(tracks), len(sightings)), bool)
    for i, tr in enumerate(tracks):
        if tr.state is not State.REST or not tr.astray:
            continue
        last_t, last = tr.astray[-1]
        reach = cfg.max_speed_mm_s * (t - last_t) + cfg.radius_mm / 2
        for j, s in enumerate(sightings):
            run = [*(q for _, q in tr.astray[-2:]), np.array(s.mm)]
            out[i, j] = (
                float(np.hypot(*(run[-1] - last))) <= reach
                and sliding_on(run, cfg)
                and runs_from(tr.spot, run, cfg)
            )
    return out


def _before(tracks: Sequence[Track], marks: Sequence[Mark]) -> np.ndarray:
    """Whether each mark (columns) has shown since before each coin (rows) was last read
    elsewhere (none of its readings was the coin's)."""
    return np.array(
        [[m.since < tr.read_t and tr.coin not in m.owners for m in marks] for tr in tracks]
    )


def _distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Every distance from the points ``a`` (N x 2) to the points ``b`` (M x 2): N x M."""
    dx = a[:, None, 0] - b[None, :, 0]
    dy = a[:, None, 1] - b[None, :, 1]
    return np.sqrt(dx * dx + dy * dy)


def _looks_apart(tracks: Sequence[Track], sightings: Sequence[Sighting]) -> np.ndarray:
    """How far each sighting's look lies from each track's coin's (:func:`look_apart`;
    tracks x sightings, NaN for a coin whose look is not known): the sightings with the
    table round them known all in one go (:func:`looks_apart`)."""
    out = np.full((len(tracks), len(sightings)), np.nan)
    rows = [i for i, tr in enumerate(tracks) if tr.look is not None]
    cols = [j for j, s in enumerate(sightings) if s.ground is not None]
    if rows and cols:
        coins = np.array([tracks[i].look for i in rows], float)
        seen = np.array([sightings[j].look for j in cols], float)
        grounds = np.array([sightings[j].ground for j in cols], float)
        out[np.ix_(rows, cols)] = looks_apart(seen, grounds, coins)
    for i in rows:
        look = tracks[i].look
        assert look is not None
        for j, s in enumerate(sightings):
            if s.ground is None:
                out[i, j] = look_apart(s.look, look, None)
    return out
