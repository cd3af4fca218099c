"""Reading rendered Koper boards: cards, empty spaces, checkers, the JSON contract, errors,
deck profiles learnt from a photo."""

import json

import cv2
import numpy as np
import pytest

from vision.cards import list_designs
from vision.errors import NoBoardFound, UnreadableImage
from vision.koper import (
    BoardReading,
    KoperReadConfig,
    available_profiles,
    learn_profile,
    load_image,
    load_profile,
    read_board,
    save_profile,
)
from vision.koper.annotate import annotate
from vision.koper.correction import ASK_BELOW
from vision.koper.deck_learning import DeckLearner
from vision.koper.layout import canonical_cells
from vision.koper.profiles import DeckProfile, named_profile, suit_profile
from vision.koper.reader import board_views
from vision.lab.koper_evaluate import evaluate_designs, unseen_decks
from vision.sim.koper_board import draw_piece_set, render_board
from vision.sim.koper_layout import random_layout

pytestmark = pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")
SIZE = (1536, 864)


def _shot(design: str, seed: int, size=SIZE, **kwargs):
    cells, checkers = random_layout(seed)
    return render_board(cells, checkers, design, seed=seed, size=size, **kwargs)


@pytest.mark.parametrize(
    ("design", "seed"),
    [
        ("anglo", 11),
        ("paris", 12),
        ("neoclassical_4_color", 13),  # four colours: suits are not just red or black
        ("anglo_modern_4_color", 14),
        ("lattmann", 15),
        ("berlin", 16),
    ],
)
def test_reads_every_card_and_checker_of_rendered_boards(design, seed):
    shot = _shot(design, seed)
    reading = read_board(shot.image, deck=design)
    assert reading.cells == shot.truth.cells
    assert reading.checkers == shot.truth.checkers
    assert reading.landscape and reading.deck == design


def test_steep_camera_uneven_light_and_checkers_on_card_centres():
    cells, checkers = random_layout(21, on_cards_only=True)
    shot = render_board(
        cells,
        checkers,
        "anglo",
        seed=21,
        size=SIZE,
        tilt_deg=15.0,
        blur_sigma=1.0,
        noise_sigma=5.0,
        jpeg_quality=75,
    )
    reading = read_board(shot.image, deck="anglo")
    assert reading.cells == cells
    assert reading.checkers == shot.truth.checkers


@pytest.mark.slow
def test_reads_a_full_resolution_still():
    shot = _shot("paris", 31, size=(4608, 2592))
    reading = read_board(shot.image, deck="paris")
    assert reading.cells == shot.truth.cells
    assert reading.checkers == shot.truth.checkers
    corners = np.array(reading.corners)
    assert np.abs(corners - np.array(shot.truth.corners)).max() < 0.02 * 4608


def test_json_follows_the_contract():
    shot = _shot("anglo", 11)
    data = read_board(shot.image, deck="anglo").to_json()
    assert set(data) == {"cells", "checkers", "confidence"}  # the extension: confidences
    assert len(data["cells"]) == 8 and all(len(row) == 8 for row in data["cells"])
    ids = [c for row in data["cells"] for c in row if c is not None]
    assert len(ids) == 52 == len(set(ids))
    assert all(len(c) == 2 and c[0] in "23456789TJQKA" and c[1] in "SHDC" for c in ids)
    assert all(set(ck) == {"row", "col", "color", "confidence"} for ck in data["checkers"])
    assert all(0.0 <= ck["confidence"] <= 1.0 for ck in data["checkers"])
    assert len(data["confidence"]) == 8 and all(len(row) == 8 for row in data["confidence"])
    assert {ck["color"] for ck in data["checkers"]} == {"light", "dark"}
    assert json.loads(json.dumps(data)) == data


def test_reading_carries_confidences_and_corners():
    shot = _shot("paris", 12)
    reading = read_board(shot.image, deck="paris")
    conf = np.array(reading.confidences)
    assert conf.shape == (8, 8) and ((conf >= 0) & (conf <= 1)).all()
    assert np.median(conf) > 0.3
    assert isinstance(reading, BoardReading) and len(reading.corners) == 4


def test_a_deck_read_by_resemblance_marks_every_card_for_the_players():
    """A deck the reader was never given, whose cards match the nearest known designs only
    loosely (median cost over ``fit_cost``), can be wrong however clear a card's margin: no
    card of it is sure until the players vouch for it."""
    shot = _shot("tango", 12)
    reading = read_board(shot.image, deck=unseen_decks("tango"))
    cards = [(r, c) for r, row in enumerate(reading.cells) for c, v in enumerate(row) if v]
    assert len(cards) == 52
    assert all(reading.confidences[r][c] < ASK_BELOW for r, c in cards)


def test_checker_colours_are_relative_to_each_other():
    """A few dark checkers among many light ones, under a strong light gradient."""
    cells, _ = random_layout(41)
    checkers = [
        (0, 0, "light"),
        (0, 7, "light"),
        (7, 0, "dark"),
        (7, 7, "light"),
        (3, 3, "light"),
        (4, 4, "dark"),
        (2, 6, "light"),
    ]
    shot = render_board(cells, checkers, "anglo_modern_4_color", seed=41, size=SIZE)
    assert read_board(shot.image, deck="anglo_modern_4_color").checkers == tuple(sorted(checkers))


def test_empty_table_has_no_board():
    empty = ((None,) * 8,) * 8
    shot = render_board(empty, (), "anglo", seed=3, size=SIZE)
    with pytest.raises(NoBoardFound):
        read_board(shot.image, deck="anglo")


def test_random_photo_like_image_has_no_board():
    rng = np.random.default_rng(0)
    small = rng.integers(0, 256, (9, 16, 3)).astype(np.float32)
    image = cv2.resize(small, SIZE, interpolation=cv2.INTER_CUBIC)
    image += rng.normal(0, 8, image.shape)
    image = np.clip(image, 0, 255).astype(np.uint8)
    with pytest.raises(NoBoardFound) as err:
        read_board(image, deck="anglo")
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    "bad", [np.zeros((10, 10, 3), np.uint8), np.zeros((100, 100)), "not an image"]
)
def test_unreadable_input_is_reported(bad):
    with pytest.raises(UnreadableImage):
        read_board(bad, deck="anglo")


def test_learnt_profile_reads_a_shuffled_board(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    size = (2304, 1296)
    teach = render_board(canonical_cells(), (), "paris", seed=77, size=size, blur_sigma=0.5)
    profile = learn_profile(teach.image, "club-deck")
    path = save_profile(profile)
    assert path.parent == tmp_path / "tableside" / "decks"
    assert "club-deck" in available_profiles()
    again = load_profile(path)
    assert again.card_ids == profile.card_ids
    assert np.array_equal(again.features, profile.features)
    assert np.array_equal(again.sharp_index, profile.sharp_index)
    sharp = suit_profile(again, KoperReadConfig())
    assert sharp is not None and sharp.index.shape[2] > profile.index.shape[2]
    shot = _shot("paris", 5, size=size)
    reading = read_board(shot.image, deck="club-deck")
    assert reading.deck == "club-deck"
    assert reading.cells == shot.truth.cells


def test_a_learnt_deck_is_loaded_once_per_version_of_its_file(tmp_path, monkeypatch):
    """The watcher resolves the deck for every still: the same profile object comes back until
    the file changes, so it is read from disk once, not for every still."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    feats = np.zeros((1, 3, 4, 3), np.float32)
    save_profile(DeckProfile("tiny", ("AS",), feats, np.zeros((1, 3, 2, 4), np.float32)))
    cfg = KoperReadConfig()
    first = named_profile("tiny", cfg)
    assert named_profile("tiny", cfg) is first
    save_profile(DeckProfile("tiny", ("AS",), feats + 1, np.zeros((1, 3, 2, 5), np.float32)))
    relearnt = named_profile("tiny", cfg)
    assert relearnt is not first and relearnt.index.shape[3] == 5


def test_learning_needs_the_canonical_layout():
    shot = _shot("paris", 12)
    with pytest.raises(NoBoardFound, match="canonical"):
        learn_profile(shot.image, "wrong")


@pytest.mark.slow
def test_auto_deck_picks_the_design_on_the_table():
    shot = _shot("neoclassical_4_color", 13)
    reading = read_board(shot.image, deck="auto")
    assert reading.deck == "neoclassical_4_color"
    assert reading.cells == shot.truth.cells


def test_annotate_draws_on_a_copy():
    shot = _shot("anglo", 11)
    reading = read_board(shot.image, deck="anglo")
    drawn = annotate(shot.image, reading)
    assert drawn.shape == shot.image.shape
    assert (drawn != shot.image).any(axis=2).mean() > 0.01
    assert not np.shares_memory(drawn, shot.image)


def test_config_is_frozen():
    cfg = KoperReadConfig()
    with pytest.raises(AttributeError):
        cfg.work_width = 10  # type: ignore[misc]


def test_evaluate_designs_scores_cards_and_checkers():
    scores = evaluate_designs(["anglo"], boards_per_design=1, seed=11, size=SIZE)
    assert set(scores) == {"anglo"}
    s = scores["anglo"]
    assert s["boards"] == 1 and s["failed"] == 0
    assert s["cards"] == 52 and 0 <= s["asked"] <= 52
    for key in ("card_accuracy", "checker_presence_accuracy", "checker_colour_accuracy"):
        assert s[key] == 1.0


def test_load_image_reports_missing_and_non_image_files(tmp_path):
    with pytest.raises(UnreadableImage, match="cannot read"):
        load_image(tmp_path / "missing.jpg")
    text = tmp_path / "notes.jpg"
    text.write_text("not a picture")
    with pytest.raises(UnreadableImage, match="not an image"):
        load_image(text)
    good = tmp_path / "board.png"
    cv2.imwrite(str(good), np.full((80, 120, 3), 90, np.uint8))
    assert load_image(good).shape == (80, 120, 3)


def test_cards_missed_by_the_border_test_are_completed_to_the_whole_deck():
    """With the border test made far too strict, most cards fail it; the board holds all 52, so
    the cells with the most card white and a card-sized outline are taken, and no empty one."""
    shot = _shot("guyenne-classic", 31)
    reading = read_board(
        shot.image, deck="guyenne-classic", config=KoperReadConfig(card_border_white=0.97)
    )
    assert reading.cells == shot.truth.cells


def test_huge_round_pips_are_not_taken_for_checkers():
    """tango_nuevo's pips are nearly checker-sized discs of one colour: the circles that look
    like the identified card's own art are dropped, and the real checkers kept."""
    shot = _shot("tango_nuevo", 40)
    reading = read_board(shot.image, deck="tango_nuevo")
    assert reading.checkers == shot.truth.checkers
    assert reading.cells == shot.truth.cells


@pytest.mark.parametrize(
    ("edge", "seed", "design"),
    [
        ("left", 81, "paris"),
        ("right", 82, "anglo"),
        ("top", 83, "guyenne-classic"),
        ("bottom", 84, "berlin"),
    ],
)
def test_a_declared_empty_edge_line_is_read(edge, seed, design):
    """A whole edge line of empty spaces, with checkers standing on it: the builder says where
    the edge is (the rules' words) and the board reads whole."""
    cells, checkers = random_layout(seed, empty_edge=edge)
    shot = render_board(cells, checkers, design, seed=seed, size=SIZE)
    reading = read_board(shot.image, deck=design, empty_edge=edge)
    assert reading.cells == shot.truth.cells
    assert reading.checkers == shot.truth.checkers


@pytest.mark.parametrize(
    ("kind", "design", "seed"),
    [
        ("draughts", "paris", 1500),  # 30-45 mm across: smaller than the cards' pips' block
        ("draughts", "tango", 5501),
        ("coin", "anglo", 500),  # two denominations: a white metal and a yellow or red one
        ("coin", "anglo", 501),
    ],
)
def test_reads_small_draughts_and_coins(kind, design, seed):
    cells, checkers = random_layout(seed)
    pieces = draw_piece_set(seed, kind)
    shot = render_board(cells, checkers, design, seed=seed, size=SIZE, pieces=pieces)
    reading = read_board(shot.image, deck=design)
    assert reading.checkers == shot.truth.checkers
    assert reading.cells == shot.truth.cells


@pytest.mark.slow
def test_a_deck_is_learnt_from_boards_in_play_and_then_reads_surely():
    """Boards whose cards were confirmed teach the deck where no checker hides a card; once
    every card has been seen, the learnt deck reads another board right and sure."""
    size = (2304, 1296)
    learner = DeckLearner()
    for seed in (21, 31, 41, 51):
        teach = _shot("paris", seed, size=size)
        learner.add(*board_views(teach.image, teach.truth.cells))
    assert learner.ready
    profile = learner.profile("club-deck")
    shot = _shot("paris", 22, size=size)
    reading = read_board(shot.image, deck=profile)
    assert reading.cells == shot.truth.cells
    cards = [(r, c) for r, row in enumerate(reading.cells) for c, v in enumerate(row) if v]
    assert all(reading.confidences[r][c] >= ASK_BELOW for r, c in cards)


def test_a_board_teaches_a_deck_only_with_each_card_on_it_once():
    shot = _shot("paris", 12)
    twice = tuple(tuple("AS" if c == "2S" else c for c in row) for row in shot.truth.cells)
    with pytest.raises(ValueError, match="52 cards"):
        DeckLearner().add(*board_views(shot.image, twice))
