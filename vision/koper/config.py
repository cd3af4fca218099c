"""The one frozen configuration of the Koper board reader: every threshold lives here."""

from dataclasses import dataclass


@dataclass(frozen=True)
class KoperReadConfig:
    """Thresholds and sizes of the Koper pipeline (find board, locate cards, checkers, identify).

    >>> KoperReadConfig().work_width
    1536
    >>> KoperReadConfig(work_width=900).work_width
    900
    """

    #: Target width in pixels of the downscaled copy in which everything is measured (the image
    #: is reduced by the largest whole factor that keeps it at least this wide).
    work_width: int = 1536
    #: Pixels with HSV saturation above this are never card white (0-255).
    card_max_saturation: int = 90
    #: Card white is at least this fraction of the brightest unsaturated pixels' level.
    card_white_level: float = 0.5
    #: Closing kernel that joins the cards into one board blob, as a fraction of image width.
    join_fraction: float = 0.02
    #: The board blob must cover at least this fraction of the working image.
    min_board_fraction: float = 0.06
    #: Half the gap between cards, as a fraction of a cell: the outer card edges lie this far
    #: inside the grid's outer lines.
    edge_gap: float = 0.03
    #: Short side in pixels of a cell of the rectified board (fixed, so that card edges and
    #: checkers are measured at the same scale whatever the camera).
    rect_cell: int = 100
    #: Table kept around the fitted grid in the rectified board, as a fraction of a cell: cards
    #: at the edge may reach past the grid's outer lines.
    rect_margin: float = 0.3
    #: Card centres farther than this (fraction of a cell) from where the refitted board puts
    #: them are left out of the refit.
    refine_board_tolerance: float = 0.08
    #: Fewer card-like cells than this means there is no board.
    min_cards: int = 40
    #: A cell holds a card when at least this share of its border band is card white.
    card_border_white: float = 0.2
    #: Below 52 such cells, the missing cards are taken from cells with at least this share,
    #: those with a card outline of the usual size first (every card is on a Koper board).
    card_border_white_least: float = 0.05
    #: Half-width of the search band around an expected card edge, as a fraction of the cell.
    edge_search: float = 0.12
    #: Where checkers hide the middle of a card edge, its ends are scanned from this share of
    #: its length in (nearer the index corners, whose marks can pass for an edge).
    edge_wide_reach: float = 0.1
    #: A card outline whose width or height differs from the median by more than this has an
    #: edge that is something else (cards on one board measure within about 1 % of each other).
    card_size_tolerance: float = 0.12
    #: ... and in the photo a deck is learnt from (no checkers, every card in plain view), where
    #: a court card's frame must not pass for its edge.
    learn_card_size_tolerance: float = 0.04
    #: Fitted card outlines are scaled by this about their centre before cutting patches: the
    #: edge fit lands on the inner side of the blurred edge.
    card_grow: float = 1.02
    #: Cells read with less confidence than this get a second look at shifted outlines.
    refine_confidence: float = 0.3
    #: Shift (rectified pixels, each way) of the outlines tried on that second look.
    refine_shift: float = 1.5
    #: Card patch size (portrait) used to compare cards, in pixels.
    patch_size: tuple[int, int] = (80, 112)
    #: Size (width, height) of each of the two index-corner patches compared separately.
    index_size: tuple[int, int] = (32, 42)
    #: Weight of the index corners' cost against the whole card's.
    index_weight: float = 1.0
    #: Card patches are cut from an image where a card's short side is at least this many times
    #: the patch width (the working copy or a halving of the full image).
    patch_oversample: float = 1.2
    #: Extra weight of the two index corners (rank and suit) in the card comparison.
    corner_weight: float = 3.0
    #: Weight of the chroma term against the intensity correlation.
    chroma_weight: float = 3.0
    #: Gaussian blur (pixels) applied to patches and templates alike before comparing.
    patch_blur: float = 0.5
    #: Same-rank pairs of cells whose swapped assignment costs less than this much more than the
    #: chosen one get a second look at their suits (:mod:`vision.koper.suits`).
    suit_pair_margin: float = 0.1
    #: ... and one of which was read with a confidence below this.
    suit_unsure: float = 0.1
    #: Size (width, height) of each index corner on that second look: sharper than
    #: ``index_size``, so that the small suit pip under the rank shows its shape.
    suit_index_size: tuple[int, int] = (64, 84)
    #: Blur (pixels) of the map of where two same-rank cards differ.
    suit_mask_blur: float = 1.0
    #: Shifts (rectified pixels, each way along each axis) of the outlines tried on that second
    #: look: the small index pips need a closer fit than the whole card.
    suit_shifts: tuple[float, ...] = (1.5, 3.0)
    #: The pair is swapped when the other way round fits better by more than this.
    suit_swap_margin: float = 0.0
    #: Checker radius ranges, as fractions of the card's short side (63 mm): large draughts
    #: pieces that all but fill a card (43-63 mm across), then smaller pieces down to a 15 mm
    #: coin (issue 59: draughts 30-40 mm, poker chips 39 mm, coins 16-30 mm). The large are
    #: searched first: a piece's outline is its largest circle, and a ring or relief inside a
    #: large piece is a smaller circle that must not be taken for the piece. The two ranges
    #: overlap: a piece at the border (a 39 mm chip with its side wall) is found by either.
    checker_radius: tuple[float, float] = (0.34, 0.5)
    checker_radius_small: tuple[float, float] = (0.12, 0.38)
    #: Once the two sets are learnt (:mod:`vision.koper.pieces`), circles are searched this
    #: many of a set's radius spreads either side of its size, and this many rectified pixels
    #: more: a radius is read to about a pixel, and the search's accumulator
    #: (``checker_hough_dp``) is 1.25 pixels coarse. At 4 spreads a Gaussian radius falls
    #: outside once in some 16,000 pieces.
    piece_size_sds: float = 4.0
    #: Before the sets are learnt, a circle needs company: a few others of a radius within this
    #: share of its own (:func:`vision.koper.checkers.in_sets`). One set's radii spread by some
    #: 4 % (a slanted camera shows a piece's side wall on one side; its shadow may join it):
    #: four of those spreads.
    piece_size_share: float = 0.15
    piece_size_px: float = 2.5
    #: Gaussian blur (rectified pixels) of the grey board before the circle search, and the
    #: search's accumulator coarseness (OpenCV's ``dp``): card art's fine edges fade, checker
    #: rims stay.
    checker_blur: float = 1.0
    #: Chroma (Lab a, b distance from grey) is scaled by this before the colour search, so a
    #: colour edge as marked as a red chip's on a brown table (some 40 Lab units) clears
    #: ``checker_edge_threshold`` as a grey edge of that height does.
    checker_chroma_gain: float = 2.0
    checker_hough_dp: float = 1.25
    #: Gradient strength (OpenCV's ``param1``, the Canny upper threshold) of circle edges.
    checker_edge_threshold: float = 60.0
    #: Checker search passes: (Hough HOUGH_GRADIENT_ALT circle perfectness 0-1, largest share of
    #: the disc allowed to differ from its median colour). Looser circles must be more uniform.
    checker_passes: tuple[tuple[float, float], ...] = ((0.85, 0.22), (0.7, 0.03))
    #: Lightness (Lab L, 0-255) and colour (a, b) distances from a disc's median within which a
    #: pixel counts as the checker's own colour.
    checker_lightness_tolerance: int = 45
    checker_colour_tolerance: int = 20
    #: A checker's brightness spread (relative to local white) below this means one colour only.
    checker_min_split: float = 0.12
    #: Relative brightness dividing light from dark checkers when only one colour is on the board.
    checker_light_level: float = 0.55
    #: A checker circle is the card's own art (a huge round-ish pip) when, within this share of
    #: its radius, it differs from the identified card's template by less than
    #: ``checker_art_difference`` (mean absolute feature difference) where the template holds
    #: at least ``checker_art_ink`` of ink (darkness plus colour; blank card is about 0).
    checker_art_disc: float = 0.85
    checker_art_difference: float = 0.2
    checker_art_ink: float = 0.3
    #: Margin around a checker (fraction of its radius) masked out of the card comparison.
    checker_mask_margin: float = 0.25
    #: A reading whose mean assignment cost is above this is not a board of that deck (real boards
    #: read with their own deck cost about 0.2-0.7, other decks and random scenes 0.9-2.8).
    max_mean_cost: float = 1.5
    #: Cost margin giving a confidence of about 0.63 (1 - 1/e).
    confidence_scale: float = 0.1
    #: A card's confidence on the board: the whole assignment's margin for it
    #: (:func:`~vision.koper.matching.assignment_margins`) over this counts 0.9 sure, the
    #: confidence below which the players are asked (``ASK_BELOW``), and each further
    #: ``sure_margin`` takes a tenth of the remaining doubt
    #: (:func:`~vision.koper.reader.card_confidences`).
    #: Calibrated on the tuning designs read with their own profiles (13 boards, 676 cards,
    #: 16 wrong: every wrong card had margin 0; 38 right ones lay below 0.02, 6 % asked).
    sure_margin: float = 0.02
    #: A board whose median assigned cost is over this is of a deck read by resemblance, and no
    #: card of it is surer than ``resemblance_confidence`` (below ``ASK_BELOW``: the players
    #: vouch for it). Tuning designs and composed decks read as unknown decks (66 boards, 3,432
    #: cards): the 12 boards of median cost up to 0.54 read every card right; on the 54 from
    #: 0.62 up, 119 of the 1,392 cards read with a margin of 0.02 or more were wrong, with
    #: margins up to 0.42, so no margin there makes a card sure.
    fit_cost: float = 0.6
    resemblance_confidence: float = 0.5
    #: With several candidate decks (``deck="auto"`` or a list of names), each is first compared
    #: with the card views pooled over ``screen_pool`` pixels square: a whole card 40 px across,
    #: a pixel 1.6 mm of the 63 mm card, still finer than the pips, court figures and borders
    #: (5 mm and more) by which designs differ. Only the decks whose mean assignment cost there
    #: is within ``screen_margin`` of the lowest are loaded and compared in full. On 26 stills at
    #: 4608x2592 (the held-back designs read as unseen and as known, eight tuning designs) the
    #: deck the full comparison picks was the coarse one's best 25 times and 0.018 behind once;
    #: the coarse and full costs of one board's leading decks differ by up to 0.09 from one deck
    #: to the next, which the margin covers.
    screen_pool: int = 2
    screen_margin: float = 0.1
    #: Design-free evidence (:mod:`vision.koper.indices`), added to the profile's costs when
    #: the deck is not named: its weight, and the width (pixels) of the card patch it reads.
    #: A 12 MP still gives a card about 200 px across; a smaller image is scaled up to that.
    design_free_weight: float = 1.0
    #: Shapes are read only where the image resolves them: an index glyph is about 9 % of a
    #: card's height and its strokes about an eighth of the glyph, so 1.6 % of the card's short
    #: side. The weight grows from nothing at strokes of the first number of pixels (a blurred
    #: 1 px stroke is lost) to full at the second (a 12 MP still gives about 3 px).
    index_stroke_share: float = 0.016
    index_stroke_px: tuple[float, float] = (1.0, 2.0)
    index_patch_width: int = 200
    #: Ink is a pixel a third of the way or more from the card's paper to black (or to full
    #: colour): blurred index strokes 1-2 px wide keep about half their contrast.
    index_ink: float = 0.33
    #: The corner zones where index shapes are looked for (fractions of the card's width and
    #: height from each corner) and the height range of a rank glyph (fractions of the card's
    #: height): standard indices are 6-12 % of the card, jumbo ones up to about 20 %.
    index_zone: tuple[float, float] = (0.36, 0.46)
    index_glyph_height: tuple[float, float] = (0.03, 0.22)
    #: Weight of the pip count's misfit, the likeness to some suit exemplar a blob needs to be
    #: a pip, and the least area (share of the largest pip) of a counted pip.
    index_pip_weight: float = 0.5
    index_pip_likeness: float = 0.75
    index_pip_share: float = 0.55
