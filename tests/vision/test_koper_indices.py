"""Reading cards of a deck the reader was never given: the design-free evidence of
:mod:`vision.koper.indices` (rank glyph, suit symbol, pip count) and the reader using it."""

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from vision.cards import list_designs
from vision.cards.designs import card_images, design_family
from vision.cards.ids import CARD_IDS
from vision.koper import KoperReadConfig, read_board
from vision.koper.indices import card_costs, index_bank, pip_misfit
from vision.lab.koper_evaluate import evaluate_designs
from vision.sim.koper_board import render_board
from vision.sim.koper_layout import random_layout

pytestmark = pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")


def _others(design: str) -> tuple[str, ...]:
    return tuple(d for d in list_designs() if d not in design_family(design))


@pytest.mark.parametrize("design", ["orell", "rheinland"])
def test_a_design_left_out_of_the_exemplars_reads_from_its_art(design):
    """Every card of a design whose family gave no exemplar, as clean art: one assignment over
    the design-free costs names nearly all 52 (courts without an index cannot be told)."""
    bank = index_bank(_others(design))
    art = card_images(design, 200)
    patches = [
        (art[cid][..., :3].copy(), np.ones(art[cid].shape[:2], np.float32)) for cid in CARD_IDS
    ]
    costs = card_costs(patches, bank, KoperReadConfig())
    rows, cols = linear_sum_assignment(costs)
    assert int((rows == cols).sum()) >= 50


def test_pips_under_checkers_may_be_missing_but_never_extra():
    assert pip_misfit("9", 4, hidden=0.5) == 0.0
    assert pip_misfit("9", 4, hidden=0.0) == 1.0
    assert pip_misfit("3", 6, hidden=0.9) == 1.0
    assert pip_misfit("Q", 0, hidden=0.0) == 0.0


def test_a_named_deck_is_read_by_its_profile_alone():
    """A named deck needs no design-free evidence: the reading is the same with it weighted
    to nothing."""
    cells, checkers = random_layout(5)
    shot = render_board(cells, checkers, "paris", seed=5, size=(2304, 1296))
    plain = read_board(shot.image, deck="paris")
    off = read_board(shot.image, deck="paris", config=KoperReadConfig(design_free_weight=0.0))
    assert plain.cells == off.cells == cells


@pytest.mark.slow
def test_an_unseen_deck_reads_from_a_full_still():
    """A 12 MP still of a design whose family is left out of the profiles and exemplars: the
    reader chooses among the others and the design-free evidence carries the read."""
    scores = evaluate_designs(["tigullio"], 1, seed=11, size=(4608, 2592), deck="unseen")
    assert scores["tigullio"]["failed"] == 0
    assert scores["tigullio"]["card_accuracy"] >= 0.95
