"""Read a Koper board from one camera still: cards, empty spaces and checkers.

Pipeline (each stage a function over arrays, thresholds in :class:`KoperReadConfig`):

1. downscale to ``work_width`` and find the board from the cards (:mod:`board_finder`);
2. rectify it, refit the grid to the cards, find the checker circles, decide which cells hold
   cards and fit each card's outline (:mod:`card_locator`);
3. judge the checkers' colours (:mod:`checkers`);
4. cut a portrait patch of every card and of its two index corners (from a sharper halving of
   a 12 MP still), masking checkers, and assign the 52 identities at the lowest total cost
   (:mod:`matching`), trying each candidate deck profile for ``deck="auto"``; unsure cells get a
   second look at slightly shifted outlines, and same-rank pairs whose choice is close a second
   look at their suits with sharper index corners (:mod:`suits`);
5. drop checker circles that are the identified card's own art (a huge round pip) and, if any,
   identify the cards again without masking them.

Assumptions and limits: the board lies roughly square to the image (turned less than about 30
degrees), cards are lighter and less saturated than the table (wood, felt, slate work; a white
or light grey tablecloth does not), every row and column of the board holds at least one card
unless the builder declared the empty edge line (``empty_edge``: a photo cannot show it), and
the deck is French-suited. Same-rank clubs and spades under checkers are the commonest confusion
on small images: read the full-resolution still.

Learning a deck: lay its 52 cards out in the canonical layout (clubs, diamonds, hearts, spades,
each ace to king, row by row as seen by the camera, the 12 empty spaces being the centre block of
rows 2-5 and columns 2-4; see :func:`vision.koper.layout.canonical_cells`), take one photo
without checkers, and call :func:`learn_profile`; :func:`vision.koper.profiles.save_profile` keeps
it for ``deck="auto"`` and by name.

>>> from vision.sim.koper_layout import random_layout
>>> from vision.sim.koper_board import render_board
>>> cells, checkers = random_layout(seed=4)
>>> shot = render_board(cells, checkers, "anglo", seed=4, size=(1536, 864))
>>> reading = read_board(shot.image, deck="anglo")
>>> reading.cells == cells, sorted(reading.checkers) == sorted(checkers)
(True, True)
"""

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.cards.designs import CARD_MM, list_designs
from vision.cards.ids import CARD_IDS
from vision.errors import NoBoardFound, UnreadableImage, VisionError
from vision.koper.board_finder import BOARD_CELLS, find_board
from vision.koper.card_locator import CardLayout, locate_cards, rectify, refine_geometry
from vision.koper.checkers import Checker, card_short, detect_circles, find_checkers, recolour
from vision.koper.config import KoperReadConfig
from vision.koper.features import (
    INDEX_REGIONS,
    base_weights,
    patch_features,
    pooled,
    region_homography,
)
from vision.koper.indices import IndexBank, card_costs, index_bank
from vision.koper.layout import Cells, canonical_cells
from vision.koper.matching import (
    Assignment,
    assign,
    assignment_margins,
    cost_matrix,
    prepare_views,
)
from vision.koper.pieces import PieceLooks, classify
from vision.koper.profiles import (
    DeckProfile,
    candidate_names,
    named_profile,
    screen_profile,
    suit_profile,
)
from vision.koper.suits import close_pairs, pair_costs


@dataclass(frozen=True)
class BoardReading:
    """What :func:`read_board` saw, in image orientation (row 0 at the top, column 0 left).

    ``confidences`` is 8 x 8 in [0, 1] (for cards: how much dearer the cheapest whole assignment is
    that gives the cell another card, :func:`card_confidences`; for empty spaces: how clearly the
    cell lacks a card border); ``corners`` are the board's outer corners in the input image
    (top-left, top-right, bottom-right, bottom-left); ``deck`` the profile used; ``pieces`` the
    checkers as measured (in ``checkers``' order: size, look and the chance that the colour is
    right), which the sets are learnt from (:func:`vision.koper.pieces.learn_pieces`).
    ``card_cells`` are the cells that hold cards and ``card_costs`` their costs against each card of
    ``card_ids`` (rows in ``card_cells``' order), kept so that the players' corrections can be taken
    into the same assignment (:mod:`vision.koper.correction`).
    """

    cells: Cells
    checkers: tuple[tuple[int, int, str], ...]
    confidences: tuple[tuple[float, ...], ...]
    corners: tuple[tuple[float, float], ...]
    deck: str
    landscape: bool
    pieces: tuple[Checker, ...] = ()
    card_cells: tuple[tuple[int, int], ...] = ()
    card_ids: tuple[str, ...] = ()
    card_costs: np.ndarray | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict:
        """The DESIGN contract of ``tableside koper read --json``, with its extension: a
        ``confidence`` per cell (8 x 8) and per checker."""
        sure = {(p.row, p.col): p.confidence for p in self.pieces}
        return {
            "cells": [list(row) for row in self.cells],
            "checkers": [
                {"row": r, "col": c, "color": k, "confidence": round(sure.get((r, c), 1.0), 3)}
                for r, c, k in self.checkers
            ],
            "confidence": [[round(v, 3) for v in row] for row in self.confidences],
        }


@dataclass(frozen=True)
class _Survey:
    """Everything measured on the image before identities are assigned."""

    cells: list[tuple[int, int]]
    views: tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
    cutter: "_Cutter"
    suit_cutter: "_Cutter"
    checkers: list[Checker]
    layout: CardLayout
    corners: np.ndarray
    landscape: bool
    #: The two sets as learnt, if they are (then colours are by them, not split afresh).
    pieces: PieceLooks | None = None
    #: The cards' short side in the full image's pixels.
    card_px: float = 0.0

    @property
    def quads(self) -> dict[tuple[int, int], np.ndarray]:
        """The card outlines (rectified pixels) of :attr:`cells`, in that order."""
        return {cell: self.layout.quads[cell] for cell in self.cells}


def load_image(path) -> np.ndarray:
    """Decode an image file to BGR; UnreadableImage (one line) if it is missing or not an image."""
    data = None
    try:
        data = np.fromfile(str(path), np.uint8)
    except OSError as exc:
        raise UnreadableImage(f"cannot read {path}: {exc.strerror or exc}") from exc
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise UnreadableImage(f"cannot read {path}: not an image")
    return image


def _validate(image) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8:
        raise UnreadableImage("unreadable image: expected a uint8 numpy array")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.ndim == 3 and image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim != 3 or image.shape[2] != 3:
        raise UnreadableImage(f"unreadable image: unexpected shape {image.shape}")
    if min(image.shape[:2]) < 64:
        raise UnreadableImage(f"unreadable image: too small ({image.shape[1]}x{image.shape[0]})")
    return image


def _upright(quad: np.ndarray, landscape: bool) -> np.ndarray:
    """A card's corners TL, TR, BR, BL as seen with the card standing upright (portrait): on a
    landscape board cards lie sideways, so the corners turn a quarter."""
    return quad[[3, 0, 1, 2]] if landscape else quad


class _Cutter:
    """Cuts the whole-card and index-corner views of cards given their outlines in the
    rectified board, with checkers masked out."""

    def __init__(self, config, landscape, checkers, whole_source, index_source) -> None:
        self.config = config
        self.landscape = landscape
        self.checkers = checkers
        self.near: dict[tuple[int, int], list[Checker]] = {}
        for ck in checkers:  # the checkers that may reach into each cell: its own and the next
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    self.near.setdefault((ck.row + dr, ck.col + dc), []).append(ck)
        self.whole_source = whole_source  # (image, homography rectified -> image)
        self.index_source = index_source
        self.base = base_weights(config.patch_size, config.corner_weight)
        self.mask_factor = 1.0 + config.checker_mask_margin

    def card_patches(self, quads: dict[tuple[int, int], np.ndarray], width: int):
        """Each card of ``quads`` as an upright BGR patch ``width`` pixels across (the card's
        own outline, not grown) with its map of where it is free of checkers."""
        size = (width, round(width * CARD_MM[1] / CARD_MM[0]))
        patches = []
        for cell, q in quads.items():
            src, hom = self.index_source
            quad = cv2.perspectiveTransform(q.reshape(-1, 1, 2).astype(np.float64), hom)
            to_patch = region_homography(
                _upright(quad.reshape(-1, 2), self.landscape), (0.0, 0.0, 1.0, 1.0), size
            )
            patch = cv2.warpPerspective(src, to_patch, size, flags=cv2.INTER_LINEAR)
            free = _checker_mask(to_patch @ hom, self.near.get(cell, []), size, self.mask_factor)
            patches.append((patch, free))
        return patches

    def with_checkers(self, checkers: list[Checker]) -> "_Cutter":
        """The same cutter masking ``checkers`` instead."""
        return _Cutter(self.config, self.landscape, checkers, self.whole_source, self.index_source)

    def views(self, quads: dict[tuple[int, int], np.ndarray], shift=(0.0, 0.0)):
        """((whole features, weights), (index features, weights)) for ``quads`` in order,
        each outline grown by ``card_grow`` and moved by ``shift`` rectified pixels."""
        return self.whole_views(quads, shift), self.index_views(quads, shift)

    def whole_views(self, quads: dict[tuple[int, int], np.ndarray], shift=(0.0, 0.0)):
        """(features, weights) of the whole cards, as in :meth:`views`."""
        cfg = self.config
        pw, ph = cfg.patch_size
        whole = np.empty((len(quads), 3, ph, pw), np.float32)
        weights = np.empty((len(quads), ph, pw), np.float32)
        for i, (cell, q) in enumerate(quads.items()):
            src, to_patch, hom = self._whole_patch(q, shift)
            patch = cv2.warpPerspective(src, to_patch, (pw, ph), flags=cv2.INTER_LINEAR)
            weights[i] = self.base * _checker_mask(
                to_patch @ hom, self.near.get(cell, []), (pw, ph), self.mask_factor
            )
            whole[i] = patch_features(patch, weights[i], cfg.patch_blur)
        return whole, weights

    def footprint(self, q: np.ndarray, ck: Checker, factor: float):
        """1 where the disc of ``factor`` times checker ``ck``'s radius falls in the whole-card
        patch of the card with outline ``q``, 0 elsewhere."""
        _, to_patch, hom = self._whole_patch(q, (0.0, 0.0))
        return 1.0 - _checker_mask(to_patch @ hom, [ck], self.config.patch_size, factor)

    def _whole_patch(self, q: np.ndarray, shift):
        """(image, homography image -> whole-card patch, homography rectified -> image)."""
        src, quad, hom = self._place(self.whole_source, q, shift)
        return src, region_homography(quad, (0.0, 0.0, 1.0, 1.0), self.config.patch_size), hom

    def index_views(self, quads: dict[tuple[int, int], np.ndarray], shift=(0.0, 0.0)):
        """(features, weights) of the cards' two index corners side by side, as in
        :meth:`views`."""
        cfg = self.config
        iw, ih = cfg.index_size
        index = np.empty((len(quads), 3, ih, 2 * iw), np.float32)
        weights = np.empty((len(quads), ih, 2 * iw), np.float32)
        for i, (cell, q) in enumerate(quads.items()):
            src, quad, hom = self._place(self.index_source, q, shift)
            near = self.near.get(cell, [])
            homs = [region_homography(quad, reg, (iw, ih)) for reg in INDEX_REGIONS]
            corners = np.hstack(
                [cv2.warpPerspective(src, h, (iw, ih), flags=cv2.INTER_LINEAR) for h in homs]
            )
            weights[i] = np.hstack(
                [_checker_mask(h @ hom, near, (iw, ih), self.mask_factor) for h in homs]
            )
            index[i] = patch_features(corners, weights[i], cfg.patch_blur)
        return index, weights

    def _place(self, source, q: np.ndarray, shift):
        """(image, upright card corners in it, homography rectified -> image) of the outline
        ``q`` grown by ``card_grow`` and moved by ``shift``, in ``source`` (image, homography)."""
        centre = q.mean(axis=0)
        grown = centre + (q - centre) * self.config.card_grow + np.asarray(shift)
        src, hom = source
        quad = cv2.perspectiveTransform(grown.reshape(-1, 1, 2).astype(np.float64), hom)
        return src, _upright(quad.reshape(-1, 2), self.landscape), hom


def _survey(
    image: np.ndarray,
    config: KoperReadConfig,
    empty_edge: str | None = None,
    pieces: PieceLooks | None = None,
) -> _Survey:
    image = _validate(image)
    h, w = image.shape[:2]
    factor = max(1, w // config.work_width)  # whole factors make INTER_AREA much faster
    work = (
        image
        if factor == 1
        else cv2.resize(image, (w // factor, h // factor), interpolation=cv2.INTER_AREA)
    )
    scale = work.shape[1] / w
    geometry, _ = find_board(work, config, empty_edge)
    rect = rectify(work, geometry, config)
    refined = refine_geometry(geometry, rect, locate_cards(rect, config), config)
    if refined is not geometry:  # too few cards fitted leaves the grid as it was
        geometry, rect = refined, rectify(work, refined, config)
    radii = None
    if pieces is not None:
        short = card_short(rect)
        radii = [pieces.radius_range(short, config.piece_size_px, config.piece_size_sds)]
    circles = detect_circles(rect, config, radii, known_looks=pieces is not None)
    layout = locate_cards(rect, config, circles)
    if int(layout.present.sum()) < config.min_cards:
        raise NoBoardFound(
            f"no board found: only {int(layout.present.sum())} card-like cells in the grid"
        )
    checkers = find_checkers(rect, layout, circles, config)
    if pieces is not None:
        checkers = classify(checkers, pieces)
    cells = sorted(layout.quads)
    pw, iw = config.patch_size[0], config.index_size[0]
    region = INDEX_REGIONS[0]
    short = float(
        np.median(
            [
                min(
                    _quad_sides(
                        cv2.perspectiveTransform(
                            q.reshape(-1, 1, 2).astype(np.float64), rect.to_work
                        ).reshape(-1, 2)
                    )
                )
                for q in layout.quads.values()
            ]
        )
    )
    source, to_source = _patch_source(image, work, short, config.patch_oversample * pw)
    index_need = config.patch_oversample * iw / (region[2] - region[0])
    index_source, to_index = _patch_source(image, work, short, index_need)
    whole = (source, to_source @ rect.to_work)
    cutter = _Cutter(
        config, geometry.landscape, checkers, whole, (index_source, to_index @ rect.to_work)
    )
    suit_need = config.patch_oversample * config.suit_index_size[0] / (region[2] - region[0])
    suit_source, to_suit = _patch_source(image, work, short, suit_need)
    suit_cutter = _Cutter(
        replace(config, index_size=config.suit_index_size),
        geometry.landscape,
        checkers,
        whole,
        (suit_source, to_suit @ rect.to_work),
    )
    views = cutter.views({cell: layout.quads[cell] for cell in cells})
    return _Survey(
        cells,
        views,
        cutter,
        suit_cutter,
        checkers,
        layout,
        geometry.corners / scale,
        geometry.landscape,
        pieces,
        short / scale,
    )


def _patch_source(image: np.ndarray, work: np.ndarray, short: float, need: float):
    """The image to cut card patches from, and the homography working px -> its px.

    ``short`` is the cards' short side in working pixels. The working copy when that is already
    ``need`` pixels, else the smallest halving of the full image where it is (sharper indices
    on a 12 MP still).
    """
    if short >= need or work is image:
        return work, np.eye(3)
    scale = work.shape[1] / image.shape[1]
    source = image
    while short / scale / 2 >= need:
        source = cv2.pyrDown(source)
        scale *= 2
    factor = source.shape[1] / work.shape[1]
    return source, np.diag([factor, factor, 1.0])


def _quad_sides(q: np.ndarray) -> tuple[float, float]:
    """Mean width and height of a TL, TR, BR, BL quadrilateral."""
    return (
        0.5 * float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])),
        0.5 * float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])),
    )


_UNIT_RING = np.stack(
    [
        np.cos(np.linspace(0, 2 * np.pi, 16, endpoint=False)),
        np.sin(np.linspace(0, 2 * np.pi, 16, endpoint=False)),
    ],
    axis=1,
)


def _checker_mask(rect_to_patch, checkers, size, factor: float) -> np.ndarray:
    """1 where the card patch is free of ``checkers`` (those that can reach the card), 0 within
    ``factor`` times their radius (more than 1 to cover their shadows too)."""
    pw, ph = size
    mask = np.ones((ph, pw), np.float32)
    if not checkers:
        return mask
    rings = np.concatenate(
        [np.asarray(ck.centre) + ck.radius * factor * _UNIT_RING for ck in checkers]
    )
    pts = cv2.perspectiveTransform(rings.reshape(-1, 1, 2), rect_to_patch)
    polys = np.round(pts).astype(np.int32).reshape(len(checkers), -1, 1, 2)
    for poly in polys:  # one at a time: fillPoly fills overlapping contours even-odd
        cv2.fillPoly(mask, [poly], 0.0)
    return mask


def read_board(
    image_bgr: np.ndarray,
    *,
    deck=None,
    config: KoperReadConfig | None = None,
    empty_edge: str | None = None,
    pieces: PieceLooks | None = None,
):
    """Read the board in ``image_bgr`` (a BGR still, ideally full resolution).

    ``deck`` is None or "auto" (try every available profile, keep the lowest total cost), a
    design or learnt profile name, or a :class:`DeckProfile`. ``empty_edge`` ("top", "bottom",
    "left" or "right", as the camera sees the board) is the builder's declaration that a whole
    edge line of the board is empty spaces. ``pieces`` are the two sets of checkers as learnt
    on this table (:mod:`vision.koper.pieces`): only circles of their sizes and looks are
    checkers then, each of the set it looks like. Raises NoBoardFound when the image holds no
    board and UnreadableImage for input that is not an image.
    """
    cfg = config or KoperReadConfig()
    survey = _survey(image_bgr, cfg, empty_edge, pieces)
    named = isinstance(deck, (str, DeckProfile)) and deck != "auto"
    names = (deck.name,) if isinstance(deck, DeckProfile) else candidate_names(deck)
    exemplars = tuple(n for n in names if n in list_designs())
    bank = None if named or not exemplars else index_bank(exemplars)
    extra = _design_free(survey, bank, cfg)
    profiles = (
        [deck]
        if isinstance(deck, DeckProfile)
        else [named_profile(n, cfg) for n in _screened(survey, names, extra, cfg)]
    )
    profile, result, costs = _identify(survey, profiles, extra, cfg)
    art = _card_art(survey, profile, result, cfg)
    if art:
        survey = _without_checkers(survey, art, cfg)
        profile, result, costs = _identify(survey, [profile], _design_free(survey, bank, cfg), cfg)
    return _reading(survey, profile, result, costs, cfg)


def _design_free(survey: _Survey, bank: IndexBank | None, cfg: KoperReadConfig) -> np.ndarray:
    """Costs (cells, 52, in ``CARD_IDS`` order) that every profile's costs add: with a ``bank``
    (the deck was not named, so it may be none of the profiles), the design-free evidence of
    :mod:`vision.koper.indices` weighted ``design_free_weight`` as far as the image resolves
    it; else none."""
    weight = cfg.design_free_weight * _legibility(survey.card_px, cfg)
    if bank is None or weight <= 0:
        return np.zeros((len(survey.cells), len(CARD_IDS)), np.float32)
    patches = survey.suit_cutter.card_patches(survey.quads, cfg.index_patch_width)
    return weight * card_costs(patches, bank, cfg)


def _in_order(costs: np.ndarray, profile: DeckProfile) -> np.ndarray:
    """``costs`` (cells, 52) with columns in ``CARD_IDS`` order put in ``profile``'s order."""
    if profile.card_ids == CARD_IDS:
        return costs
    out = np.empty_like(costs)
    out[:, [profile.card_ids.index(cid) for cid in CARD_IDS]] = costs
    return out


def _screened(
    survey: _Survey, names: tuple[str, ...], extra: np.ndarray, cfg: KoperReadConfig
) -> tuple[str, ...]:
    """The decks of ``names`` worth comparing in full: all of one, else those whose mean
    assignment cost on views pooled over ``screen_pool`` pixels square (with the design-free
    costs ``extra``) is within ``screen_margin`` of the lowest."""
    if len(names) < 2:
        return names
    factor = cfg.screen_pool
    coarse = prepare_views(
        tuple((pooled(feats, factor), pooled(weights, factor)) for feats, weights in survey.views)
    )
    means = []
    for name in names:
        screen = screen_profile(name, cfg)
        means.append(
            assign(cost_matrix(coarse, screen, cfg) + _in_order(extra, screen), cfg).mean_cost
        )
    least = min(means)
    return tuple(
        n for n, mean in zip(names, means, strict=True) if mean <= least + cfg.screen_margin
    )


def _identify(
    survey: _Survey, profiles: list[DeckProfile], extra: np.ndarray, cfg: KoperReadConfig
) -> tuple[DeckProfile, Assignment, np.ndarray]:
    """The profile fitting best among ``profiles``, the cards it gives the cells after the second
    looks at unsure cells and same-rank pairs, and the costs they were chosen by; every cost adds
    ``extra`` (:func:`_design_free`)."""
    best = None
    prepared = prepare_views(survey.views)
    for profile in profiles:
        if profile.patch_size != tuple(cfg.patch_size) or profile.index.shape[2:] != (
            cfg.index_size[1],
            2 * cfg.index_size[0],
        ):
            raise VisionError(
                f"deck profile {profile.name!r} was made for patch size {profile.patch_size}"
            )
        own = _in_order(extra, profile)
        base = cost_matrix(prepared, profile, cfg)
        result = assign(base + own, cfg)
        if best is None or result.mean_cost < best[1].mean_cost:
            best = (profile, result, base, own)
    profile, result, base, own = best
    unsure = [i for i, c in enumerate(result.confidence) if c < cfg.refine_confidence]
    if unsure:
        base = base.copy()
        base[unsure] = _shifted_costs(survey, unsure, profile, cfg, base[unsure])
        result = assign(base + own, cfg)
    result = _settle_suits(survey, profile, result, base + own, cfg)
    placed = result.cards >= 0
    if float(base[np.flatnonzero(placed), result.cards[placed]].mean()) > cfg.max_mean_cost:
        raise NoBoardFound(
            f"no board found: the cells do not look like the cards of deck {profile.name!r}"
        )
    return profile, result, base + own


def _legibility(card_px: float, cfg: KoperReadConfig) -> float:
    """How well the image resolves index strokes on cards ``card_px`` wide, in [0, 1] (see
    ``index_stroke_px``).

    >>> cfg = KoperReadConfig()
    >>> _legibility(60, cfg), _legibility(210, cfg)
    (0.0, 1.0)
    """
    lo, hi = cfg.index_stroke_px
    return float(np.clip((cfg.index_stroke_share * card_px - lo) / (hi - lo), 0.0, 1.0))


def _card_art(
    survey: _Survey, profile: DeckProfile, result: Assignment, cfg: KoperReadConfig
) -> list[Checker]:
    """Checker circles that are the identified card's own art: a large round-ish pip (a huge
    diamond) can pass for a checker. Within ``checker_art_disc`` of its radius the circle looks
    like the card's template (mean feature difference under ``checker_art_difference``, at the
    better half turn) where the template is ink (``checker_art_ink`` or more away from white),
    not blank card, where a white checker also looks like the template."""
    index = {cell: i for i, cell in enumerate(survey.cells)}
    (whole, _), _ = survey.views
    art = []
    for ck in survey.checkers:
        i = index.get((ck.row, ck.col))
        if i is None or result.cards[i] < 0:
            continue
        disc = survey.cutter.footprint(
            survey.layout.quads[(ck.row, ck.col)], ck, cfg.checker_art_disc
        )
        inside = np.flatnonzero(disc)
        if not inside.size:
            continue
        template = profile.features[result.cards[i]].reshape(3, -1)
        seen = whole[i].reshape(3, -1)[:, inside]
        for spots in (inside, disc.size - 1 - inside):  # upright, then half-turned
            under = template[:, spots]
            ink = float(np.mean(1.0 - under[0]) + np.mean(np.abs(under[1:]).sum(axis=0)))
            difference = float(np.abs(seen - under).sum(axis=0).mean())
            if ink >= cfg.checker_art_ink and difference < cfg.checker_art_difference:
                art.append(ck)
                break
    return art


def _without_checkers(survey: _Survey, gone: list[Checker], cfg: KoperReadConfig) -> _Survey:
    """The survey with the checkers ``gone`` taken out: the rest recoloured among themselves and
    every card view cut again without masking those spots."""
    checkers = [ck for ck in survey.checkers if ck not in gone]
    if survey.pieces is None:  # learnt sets say each one's colour; else split them afresh
        checkers = recolour(checkers, cfg)
    cutter = survey.cutter.with_checkers(checkers)
    return replace(
        survey,
        checkers=checkers,
        cutter=cutter,
        suit_cutter=survey.suit_cutter.with_checkers(checkers),
        views=cutter.views(survey.quads),
    )


def _reading(
    survey: _Survey, profile: DeckProfile, result: Assignment, costs: np.ndarray, cfg
) -> BoardReading:
    """The :class:`BoardReading` of the identified cards and the survey's checkers."""
    cells = [[None] * BOARD_CELLS for _ in range(BOARD_CELLS)]
    conf = [[0.0] * BOARD_CELLS for _ in range(BOARD_CELLS)]
    sure = card_confidences(costs, result.cards, cfg)
    for i, (r, c) in enumerate(survey.cells):
        if result.cards[i] >= 0:
            cells[r][c] = profile.card_ids[result.cards[i]]
            conf[r][c] = float(sure[i])
    votes = survey.layout.votes
    for r in range(BOARD_CELLS):
        for c in range(BOARD_CELLS):
            if cells[r][c] is None:
                conf[r][c] = float(np.clip(1.0 - votes[r, c] / cfg.card_border_white, 0.0, 1.0))
    pieces = tuple(sorted(survey.checkers, key=lambda ck: (ck.row, ck.col)))
    checkers = tuple((ck.row, ck.col, ck.color) for ck in pieces)
    return BoardReading(
        cells=tuple(tuple(row) for row in cells),
        checkers=checkers,
        confidences=tuple(tuple(row) for row in conf),
        corners=tuple((float(x), float(y)) for x, y in survey.corners),
        deck=profile.name,
        landscape=survey.landscape,
        pieces=pieces,
        card_cells=tuple(survey.cells),
        card_ids=tuple(profile.card_ids),
        card_costs=costs,
    )


def card_confidences(costs: np.ndarray, cards: np.ndarray, cfg: KoperReadConfig) -> np.ndarray:
    """Each cell's confidence in the card ``cards`` gives it (-1: none) under ``costs``.

    A card is as sure as no other assignment of the board comes near the one read: its
    whole-assignment margin (:func:`~vision.koper.matching.assignment_margins`) over
    ``sure_margin`` counts 0.9 sure, and each further ``sure_margin`` takes a tenth of the
    remaining doubt. That holds for a deck whose cards look like their templates. A deck
    whose cards match them worse than a known deck's cards ever do (the board's median cost
    over ``fit_cost``) is read by resemblance, where a wide margin can still name a wrong card:
    no card of it is surer than ``resemblance_confidence`` until the players vouch for it.

    >>> cfg = KoperReadConfig()
    >>> costs = np.array([[0.2, 0.21, 0.9], [0.21, 0.2, 0.9], [0.9, 0.9, 0.25]])
    >>> card_confidences(costs, np.array([0, 1, 2]), cfg).round(2).tolist()
    [0.9, 0.9, 1.0]
    >>> card_confidences(costs + 0.6, np.array([0, 1, 2]), cfg).round(2).tolist()
    [0.5, 0.5, 0.5]
    """
    sure = 1.0 - np.power(10.0, -assignment_margins(costs, cards) / cfg.sure_margin)
    placed = np.flatnonzero(cards >= 0)
    if placed.size and float(np.median(costs[placed, cards[placed]])) > cfg.fit_cost:
        sure = np.minimum(sure, cfg.resemblance_confidence)
    return sure


def _shifted_costs(survey: _Survey, rows: list[int], profile: DeckProfile, cfg, costs):
    """Costs of the cells ``rows`` against ``profile``, each pair at the best of small shifts of
    the card outline (``refine_shift`` rectified pixels each way): unsure cells get a second look
    that forgives an outline fitted a little off."""
    quads = {survey.cells[i]: survey.layout.quads[survey.cells[i]] for i in rows}
    step = cfg.refine_shift
    shifts = ((-step, 0.0), (step, 0.0), (0.0, -step), (0.0, step))
    views = _stacked([survey.cutter.views(quads, shift) for shift in shifts])
    shifted = cost_matrix(prepare_views(views), profile, cfg)
    return np.minimum(costs, shifted.reshape(len(shifts), len(rows), -1).min(axis=0))


def _stacked(
    looks: list[tuple[tuple[np.ndarray, np.ndarray], ...]],
) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """Several looks at the same cells (each ((whole features, weights), (index features,
    weights)), as from :meth:`_Cutter.views`) as one, look after look: every cost is a cell's
    own, so one batch costs what the looks cost apart, with each template prepared once."""
    return tuple(
        (
            np.concatenate([look[k][0] for look in looks]),
            np.concatenate([look[k][1] for look in looks]),
        )
        for k in range(len(looks[0]))
    )


def _settle_suits(
    survey: _Survey, profile: DeckProfile, result: Assignment, costs: np.ndarray, cfg
) -> Assignment:
    """Second look at same-rank pairs whose 2 x 2 choice is close (``suit_pair_margin``) and
    one of which is unsure (``suit_unsure``):
    compare them where the two cards differ, with sharper index corners when the deck is an
    installed design, and swap them when the other way round is better by ``suit_swap_margin``.
    The pair's confidence becomes that of this decision."""
    pairs = close_pairs(
        result.cards,
        result.confidence,
        costs,
        profile.card_ids,
        cfg.suit_pair_margin,
        cfg.suit_unsure,
    )
    if not pairs:
        return result
    sharp = suit_profile(profile, cfg)
    templates, cutter = (profile, survey.cutter) if sharp is None else (sharp, survey.suit_cutter)
    cards, chosen, confidence = result.cards.copy(), result.costs.copy(), result.confidence.copy()
    shifts = [(0.0, 0.0)] + [
        (sign * step, 0.0) if axis == 0 else (0.0, sign * step)
        for step in cfg.suit_shifts
        for sign in (-1.0, 1.0)
        for axis in (0, 1)
    ]
    iw, ih = cutter.config.index_size
    full = (cutter.base, np.ones((ih, 2 * iw), np.float32))
    involved = sorted({k for pair in pairs for k in pair})
    row = {k: n for n, k in enumerate(involved)}
    quads = {survey.cells[k]: survey.layout.quads[survey.cells[k]] for k in involved}
    looks = _stacked([cutter.views(quads, shift) for shift in shifts])
    for i, j in pairs:
        pick = [n * len(involved) + row[k] for n in range(len(shifts)) for k in (i, j)]
        pc = pair_costs(
            tuple((f[pick], w[pick]) for f, w in looks),
            (templates.features, templates.index),
            full,
            cards[i],
            cards[j],
            cfg,
        )
        pc = pc.reshape(len(shifts), 2, 2).min(axis=0)
        gap = float(pc[0, 1] + pc[1, 0] - pc[0, 0] - pc[1, 1])
        if gap < -cfg.suit_swap_margin:
            cards[i], cards[j] = cards[j], cards[i]
            chosen[i], chosen[j] = costs[i, cards[i]], costs[j, cards[j]]
        confidence[i] = confidence[j] = 1.0 - np.exp(-abs(gap) / cfg.confidence_scale)
    return Assignment(cards, chosen, confidence, float(chosen[cards >= 0].mean()))


def learn_profile(image_bgr: np.ndarray, name: str, config: KoperReadConfig | None = None):
    """Learn a deck from one photo of its 52 cards in the canonical layout (no checkers).

    The canonical layout (:func:`vision.koper.layout.canonical_cells`) holds the cards in
    order clubs, diamonds, hearts, spades, each ace to king, row by row in image orientation,
    with the 12 empty spaces in the centre block (rows 2-5, columns 2-4). Cards may lie either
    way up. Raises NoBoardFound if the photo does not show exactly that layout's card cells.
    """
    cfg = config or KoperReadConfig()
    learning = replace(cfg, card_size_tolerance=cfg.learn_card_size_tolerance)
    try:
        ids, views = board_views(image_bgr, canonical_cells(), learning)
    except NoBoardFound as exc:
        raise NoBoardFound("the photo does not show the 52 cards in the canonical layout") from exc
    for view, _ in views:
        view.setflags(write=False)
    return DeckProfile(name, ids, *(view for view, _ in views))


def board_views(
    image_bgr: np.ndarray,
    cells: Cells,
    config: KoperReadConfig | None = None,
    pieces: PieceLooks | None = None,
) -> tuple[tuple[str, ...], list[tuple[np.ndarray, np.ndarray]]]:
    """The cards of a photo of a board whose cards are known, as a deck profile holds them:
    ``cells`` says which card lies in each cell (image orientation, as :func:`read_board`
    gives them). Returns the card ids in board order and the whole-card, index-corner and
    sharp index-corner views (features, N x 3 x h x w) each with its weights (0 where a
    checker hides the card; ``pieces`` are the sets as learnt on this table). Raises
    NoBoardFound if the photo does not show cards in exactly those cells."""
    cfg = config or KoperReadConfig()
    placed = sorted(
        (r, c) for r in range(BOARD_CELLS) for c in range(BOARD_CELLS) if cells[r][c] is not None
    )
    survey = _survey(image_bgr, cfg, pieces=pieces)
    if survey.cells != placed:
        raise NoBoardFound("the photo does not show cards in the cells the board holds them in")
    whole, index = survey.views
    sharp = survey.suit_cutter.index_views(survey.quads)
    return tuple(str(cells[r][c]) for r, c in placed), [whole, index, sharp]
