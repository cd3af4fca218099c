"""Design-free evidence of a card's rank and suit: what every French-suited deck shares.

Matching a card against a deck profile (:mod:`vision.koper.matching`) compares its whole look
with the cards of one known design; a club's own deck is not among them, and its courts, fonts
and pip shapes differ. Every French-suited design still shares three things, and this module
measures them on a card patch (upright, BGR) without knowing the design:

- the **rank glyph** in an index corner ("7", "10", "Q"; "D" and "B" in German decks, "R", "D"
  and "V" in French ones): an ink shape near a corner, compared with the glyphs of the
  exemplar designs at any size (each shape is scaled to its own box);
- the **suit symbol**: an ink shape near a corner, compared with the exemplars' suit symbols;
- the **pips** of a number card: as many suit-shaped blobs of one size as the rank says, so a
  card showing seven is not a 3 whatever its glyph resembles. Courts show few or none.

Index corners sit at different places in different designs (top-left and bottom-right, or
top-right and bottom-left too, the suit under or beside the glyph), so every ink shape in the
four corner zones is a candidate and the card's evidence for a rank is its best candidate's
likeness; the bottom zones are turned half round, as a card lies either way up. The exemplars
come from the installed designs' art (:func:`index_bank`), where the top-left corner is parsed
as glyph over suit.

The evidence of one card alone is weak (a pip can resemble an "A"); the board holds each card
once, so the reader adds these costs to the profile's before the one assignment
(:func:`vision.koper.matching.assign`), which is what makes them decisive.

>>> import numpy as np
>>> bank = index_bank(("anglo",))
>>> from vision.cards.designs import card_images
>>> card = card_images("simplistic", 200)["7H"][..., :3].copy()
>>> costs = card_costs([(card, np.ones(card.shape[:2], np.float32))], bank, KoperReadConfig())
>>> from vision.cards.ids import CARD_IDS
>>> CARD_IDS[int(costs[0].argmin())]
'7H'
"""

import functools
import hashlib
from dataclasses import dataclass

import cv2
import numpy as np

from vision.cards.designs import cache_dir, card_images, on_grey
from vision.cards.ids import CARD_IDS
from vision.koper.config import KoperReadConfig
from vision.koper.profiles import save_arrays

#: Ranks and suits in the order of the cost's columns (``CARD_IDS`` is rank then suit).
RANKS = "A23456789TJQK"
SUITS = "CDHS"
#: Pips of each number rank (courts have none to count).
PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
#: Descriptor sizes (width, height): glyphs are taller than wide, suit symbols about square.
GLYPH_SIZE = (12, 16)
SUIT_SIZE = (14, 14)
#: Width of the card art the exemplars are cut from, in pixels.
_EXEMPLAR_WIDTH = 267
#: The top-left index region of the exemplar art (fractions of width and height): large
#: enough for the jumbo indices of the installed designs.
_EXEMPLAR_CORNER = (0.3, 0.42)


@dataclass(frozen=True, eq=False)
class IndexBank:
    """Exemplar shapes: ``glyphs`` (n, 192) with their rank index ``glyph_ranks`` (n,), and
    ``suits`` (m, 196) with their suit index ``suit_ids`` (m,); each row a zero-mean unit
    vector, so a dot product is a correlation."""

    glyphs: np.ndarray
    glyph_ranks: np.ndarray
    suits: np.ndarray
    suit_ids: np.ndarray


@dataclass(frozen=True)
class _Shapes:
    """What one card patch shows: glyph and suit candidates (descriptor rows) and its pips."""

    glyphs: np.ndarray
    suits: np.ndarray
    pips: int
    hidden: float


def card_costs(
    patches: list[tuple[np.ndarray, np.ndarray]], bank: IndexBank, config: KoperReadConfig
) -> np.ndarray:
    """Costs (n, 52), in ``CARD_IDS`` order, of the cards ``patches`` ((upright BGR patch, map
    of where it is free of checkers) each) being each card: one minus the best glyph likeness
    for the rank, one minus the best suit likeness for the suit, and ``index_pip_weight`` times
    the pip count's misfit (:func:`pip_misfit`)."""
    costs = np.zeros((len(patches), len(CARD_IDS)), np.float32)
    rank_of = np.array([RANKS.index(cid[0]) for cid in CARD_IDS])
    suit_of = np.array([SUITS.index(cid[1]) for cid in CARD_IDS])
    misfit_of = np.zeros(len(RANKS), np.float32)
    for i, (patch, free) in enumerate(patches):
        shapes = _shapes(patch, free, bank, config)
        rank_like = _best_per_class(shapes.glyphs, bank.glyphs, bank.glyph_ranks, len(RANKS))
        suit_like = _best_per_class(shapes.suits, bank.suits, bank.suit_ids, len(SUITS))
        for r, rank in enumerate(RANKS):
            misfit_of[r] = pip_misfit(rank, shapes.pips, shapes.hidden)
        costs[i] = (
            (1.0 - rank_like[rank_of])
            + (1.0 - suit_like[suit_of])
            + config.index_pip_weight * misfit_of[rank_of]
        )
    return costs


def pip_misfit(rank: str, pips: int, hidden: float) -> float:
    """How badly ``pips`` counted fits ``rank``, in [0, 1]: a pip too many or too few costs half,
    two or more cost all; pips under checkers (``hidden``, the share of the card's middle they
    cover) may be missing. A court may show up to two (a suit beside the figure), never more.

    >>> pip_misfit("7", 7, 0.0), pip_misfit("7", 3, 0.0), pip_misfit("7", 3, 0.6)
    (0.0, 1.0, 0.0)
    >>> pip_misfit("K", 1, 0.0), pip_misfit("K", 6, 0.0)
    (0.0, 1.0)
    """
    want = PIPS.get(rank)
    if want is None:
        return 0.0 if pips <= 2 else 1.0
    if pips > want:
        return min(1.0, (pips - want) / 2)
    may_miss = round(hidden * want * 1.5)
    return min(1.0, max(0, want - pips - may_miss) / 2)


def _best_per_class(found: np.ndarray, exemplars: np.ndarray, labels: np.ndarray, n: int):
    """Per class, the highest correlation of any ``found`` row with that class's exemplars
    (-1 where nothing was found)."""
    best = np.full(n, -1.0, np.float32)
    if not len(found):
        return best
    sims = (found @ exemplars.T).max(axis=0)
    np.maximum.at(best, labels, sims)
    return best


def ink_map(patch: np.ndarray) -> np.ndarray:
    """How far each pixel of a uint8 BGR patch is from the card's paper towards full ink, in
    [0, 1]: one minus the darkest channel after dividing each channel by its white (95th
    percentile), so black, red, green and blue print all count as ink and the colour of the
    light does not.

    Every card of every read without a named deck passes here, so each channel's white comes
    from its 256-bin histogram and the division is a 256-entry table: the same values as
    dividing every pixel, without a float copy of the patch.
    """
    levels = np.arange(256, dtype=np.float32)
    table = np.empty((1, 256, 3), np.float32)
    for channel in range(3):
        counts = cv2.calcHist([patch], [channel], None, [256], [0, 256]).ravel()
        white = np.float32(max(_percentile(np.cumsum(counts), 95.0), 1.0))
        table[0, :, channel] = np.clip(levels / white, 0.0, 1.0)
    ratio = cv2.LUT(patch, table)
    return 1.0 - np.minimum(np.minimum(ratio[..., 0], ratio[..., 1]), ratio[..., 2])


def _percentile(cumulative: np.ndarray, q: float) -> float:
    """The ``q`` th percentile (linear between the two nearest ranks, as ``np.percentile``) of
    integer levels whose cumulative counts are ``cumulative``.

    >>> data = np.array([0, 3, 3, 7, 200, 255])
    >>> _percentile(np.cumsum(np.bincount(data, minlength=256)), 95.0), np.percentile(data, 95)
    (241.25, np.float64(241.25))
    """
    at = q / 100.0 * (cumulative[-1] - 1)
    below = int(np.floor(at))
    low, high = (
        float(np.searchsorted(cumulative, rank, side="right"))
        for rank in (below, min(below + 1, cumulative[-1] - 1))
    )
    return float(low + (high - low) * (at - below))


def shape_descriptor(ink: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A shape's ink (cut to its box) scaled to ``size`` and blurred a little, as a zero-mean
    unit vector: size and stroke weight drop out, the shape stays."""
    d = cv2.resize(ink.astype(np.float32), size, interpolation=cv2.INTER_AREA)
    d = cv2.GaussianBlur(d, (0, 0), 0.8).ravel()
    d -= d.mean()
    return d / (np.linalg.norm(d) + 1e-6)


def _components(ink: np.ndarray, free: np.ndarray | None, config: KoperReadConfig):
    """Labels and boxes (x, y, w, h, label) of the ink shapes that lie wholly on the card and
    clear of checkers: a shape touching the patch's border is the card's edge or the table."""
    h, w = ink.shape
    n, labels, stats, _ = cv2.connectedComponentsWithStats(
        (ink > config.index_ink).astype(np.uint8), connectivity=8
    )
    boxes = []
    for i in range(1, n):
        x, y, bw, bh, _ = (int(v) for v in stats[i])
        if x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue
        if free is not None and free[y : y + bh, x : x + bw].min() == 0:
            continue
        boxes.append((x, y, bw, bh, i))
    return labels, boxes


def _cut(ink, labels, group, turned: bool) -> np.ndarray:
    """The ink of the shapes ``group`` in their joint box, turned half round if ``turned``."""
    x0 = min(b[0] for b in group)
    y0 = min(b[1] for b in group)
    x1 = max(b[0] + b[2] for b in group)
    y1 = max(b[1] + b[3] for b in group)
    box = labels[y0:y1, x0:x1]
    own = box == group[0][4]
    for b in group[1:]:
        own |= box == b[4]
    cut = own * ink[y0:y1, x0:x1]
    return cut[::-1, ::-1] if turned else cut


def _shapes(patch, free, bank: IndexBank, config: KoperReadConfig) -> _Shapes:
    """Glyph and suit candidates in the four corner zones, and the pips, of one card patch."""
    ink = ink_map(patch)
    h, w = ink.shape
    labels, boxes = _components(ink, free, config)
    zx, zy = config.index_zone
    lo, hi = config.index_glyph_height
    corner = []
    for b in boxes:
        x, y, bw, bh, _ = b
        cx, cy = x + bw / 2, y + bh / 2
        near_x = cx < zx * w or cx > (1 - zx) * w
        near_y = cy < zy * h or cy > (1 - zy) * h
        if near_x and near_y and lo * h <= bh <= hi * h and bw <= 0.3 * w:
            corner.append((b, cy > h / 2))
    groups = [[c] for c in corner]
    for a, a_turned in corner:  # a glyph of two shapes side by side: "10"
        for b, b_turned in corner:
            gap = b[0] - (a[0] + a[2])
            overlap = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            level = overlap > 0.6 * min(a[3], b[3])
            if b[0] > a[0] and a_turned == b_turned and gap < 0.4 * a[3] and level:
                groups.append([(a, a_turned), (b, b_turned)])
    glyphs, suits = [], []
    for g in groups:
        cut = _cut(ink, labels, [b for b, _ in g], g[0][1])
        glyphs.append(shape_descriptor(cut, GLYPH_SIZE))
        if len(g) == 1:
            suits.append(shape_descriptor(cut, SUIT_SIZE))
    pips = _count_pips(ink, labels, boxes, bank, config)
    hidden = 0.0
    if free is not None:
        middle = free[round(0.1 * h) : round(0.9 * h), round(0.15 * w) : round(0.85 * w)]
        hidden = 1.0 - float(middle.mean())
    return _Shapes(
        np.array(glyphs, np.float32).reshape(-1, GLYPH_SIZE[0] * GLYPH_SIZE[1]),
        np.array(suits, np.float32).reshape(-1, SUIT_SIZE[0] * SUIT_SIZE[1]),
        pips,
        hidden,
    )


def _count_pips(ink, labels, boxes, bank: IndexBank, config: KoperReadConfig) -> int:
    """Suit-shaped blobs (likeness over ``index_pip_likeness`` to some exemplar suit) of at
    least ``index_pip_share`` of the largest one's area: a number card's pips are all one size,
    and the smaller index suits in its corners are not counted."""
    h = ink.shape[0]
    areas = []
    for b in boxes:
        if not 0.04 * h <= b[3] <= 0.5 * h:
            continue
        shape = shape_descriptor(_cut(ink, labels, [b], False), SUIT_SIZE)
        if float((bank.suits @ shape).max()) > config.index_pip_likeness:
            areas.append(int((labels[b[1] : b[1] + b[3], b[0] : b[0] + b[2]] == b[4]).sum()))
    if not areas:
        return 0
    return sum(a >= config.index_pip_share * max(areas) for a in areas)


def index_bank(designs: tuple[str, ...]) -> IndexBank:
    """The exemplar glyphs and suits of the installed ``designs`` (cached in memory and on
    disk under the cache folder, keyed by the designs' names)."""
    return _bank(tuple(sorted(designs)))


@functools.lru_cache(maxsize=4)
def _bank(designs: tuple[str, ...]) -> IndexBank:
    key = hashlib.sha1("\n".join(designs).encode()).hexdigest()[:16]
    path = cache_dir() / "index-banks" / f"{key}.npz"
    if path.is_file():
        try:
            with np.load(path) as data:
                return IndexBank(*(data[k] for k in ("glyphs", "ranks", "suits", "suit_ids")))
        except (OSError, KeyError, ValueError):
            path.unlink(missing_ok=True)
    glyphs, ranks, suits, suit_ids = [], [], [], []
    for design in designs:
        for cid, art in card_images(design, _EXEMPLAR_WIDTH).items():
            parsed = _parse_corner(on_grey(art))
            if parsed is None:
                continue
            glyphs.append(parsed[0])
            ranks.append(RANKS.index(cid[0]))
            suits.append(parsed[1])
            suit_ids.append(SUITS.index(cid[1]))
    bank = IndexBank(
        np.array(glyphs, np.float32).reshape(-1, GLYPH_SIZE[0] * GLYPH_SIZE[1]),
        np.array(ranks, np.int64),
        np.array(suits, np.float32).reshape(-1, SUIT_SIZE[0] * SUIT_SIZE[1]),
        np.array(suit_ids, np.int64),
    )
    save_arrays(
        path,
        glyphs=bank.glyphs,
        ranks=bank.glyph_ranks,
        suits=bank.suits,
        suit_ids=bank.suit_ids,
    )
    return bank


def _parse_corner(card: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Glyph and suit descriptors of an exemplar card's top-left index: the topmost shape (with
    any shape level with it, the "0" of a "10") is the glyph, the largest shape below it the
    suit. None when the corner holds no such pair (a court without an index)."""
    h, w = card.shape[:2]
    cw, ch = round(_EXEMPLAR_CORNER[0] * w), round(_EXEMPLAR_CORNER[1] * h)
    corner = card[:ch, :cw]
    ink = ink_map(corner)
    labels, boxes = _components(ink, None, KoperReadConfig())
    boxes = [b for b in boxes if b[2] * b[3] >= 8]
    if not boxes:
        return None
    top = min(boxes, key=lambda b: b[1])
    level = top[1] + 0.5 * top[3]
    glyph = [b for b in boxes if b[1] < level < b[1] + b[3]]
    bottom = max(b[1] + b[3] for b in glyph)
    below = [b for b in boxes if b[1] >= bottom - 1]
    if not below:
        return None
    suit = max(below, key=lambda b: b[2] * b[3])
    return (
        shape_descriptor(_cut(ink, labels, glyph, False), GLYPH_SIZE),
        shape_descriptor(_cut(ink, labels, [suit], False), SUIT_SIZE),
    )
