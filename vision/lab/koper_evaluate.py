"""Koper accuracy harness: read rendered boards and score cards and checkers against the truth.

Used by ``tableside bench`` and by the tests.

>>> scores = evaluate_designs(["anglo"], boards_per_design=1, seed=0, size=(1536, 864))
>>> scores["anglo"]["card_accuracy"]
1.0
"""

from collections.abc import Iterable
from typing import cast

from engines.koper.board import start_block
from vision.cards.designs import design_family
from vision.errors import VisionError
from vision.koper.config import KoperReadConfig
from vision.koper.correction import ASK_BELOW
from vision.koper.layout import BOARD_SIZE, Cells
from vision.koper.pieces import PieceLooks, learn_pieces
from vision.koper.profiles import available_profiles
from vision.koper.reader import read_board
from vision.lab.koper_baseline import baseline_checkers
from vision.sim.composed_decks import composed_names
from vision.sim.koper_board import PIECE_KINDS, PieceKind, PieceSet, draw_piece_set, render_board
from vision.sim.koper_layout import random_layout

#: The confidence at which a cell counts as read for sure in ``sure_wrong``.
SURE = ASK_BELOW

#: What the reader is told the deck is: a profile name, several names (one of them), or None.
Deck = str | tuple[str, ...] | None
#: Per card design, each score by name (shares, counts of boards and cells).
Scores = dict[str, dict[str, float]]


def evaluate_designs(
    designs: Iterable[str],
    boards_per_design: int,
    seed: int,
    size: tuple[int, int] = (1536, 864),
    *,
    deck: str | None = "design",
    config: KoperReadConfig | None = None,
    pieces: str | None = None,
    learn: bool = False,
    baseline: bool = False,
) -> Scores:
    """Per design: card accuracy (share of the 64 cells read right, empty spaces included),
    checker presence accuracy (share of the 64 cells whose has-a-checker is right), checker
    colour accuracy (share of true checkers found with the right colour), boards read and
    boards that failed with an error (counted as all wrong); ``sure_cells`` the cells read with
    a confidence of at least :data:`SURE` and ``sure_wrong`` how many of them are wrong (a
    reading must never be wrong and sure); ``asked`` the cells holding a card read less sure
    than :data:`SURE`, which a game puts to the players, of ``cards`` cards on the boards read.

    ``designs`` are installed designs or composed decks (:mod:`vision.sim.composed_decks`);
    a composed deck has no profile, so it is read with ``deck`` "unseen" (or None).

    ``deck`` "design" reads each board with its own design's profile; None or "auto" makes the
    reader choose, and then ``deck_right`` counts boards where it chose the right design;
    "unseen" makes it choose among the installed designs of other families than the board's
    (:func:`vision.cards.designs.design_family`), as for a club's deck it was never given.
    ``pieces`` names a kind of piece (:data:`vision.sim.koper_board.PIECE_KINDS`), drawn per
    board in size and colour, or "any" for a kind drawn per board too; by default the
    simulator's large draughts pieces. With ``learn``, each board is read as a game reads it:
    the same cards are first read with the checkers in their start blocks (the light at the
    bottom, the dark at the top), the two sets are learnt from there
    (:func:`vision.koper.pieces.learn_pieces`), and the board is read with them; ``learnt``
    counts the boards where the sets were learnt. With ``baseline``, the simple checker finder
    (:mod:`vision.lab.koper_baseline`) reads the same boards: ``baseline_presence_accuracy`` and
    ``baseline_colour_accuracy`` beside the reader's.
    """
    results: Scores = {}
    for d_index, design in enumerate(designs):
        cells_ok = presence_ok = colour_ok = colour_total = failed = deck_right = learnt = 0
        sure = sure_wrong = asked = cards = 0
        base_presence = base_colour = 0
        for k in range(boards_per_design):
            board_seed = seed + 1000 * d_index + k
            cells, checkers = random_layout(board_seed)
            drawn = None if pieces is None else draw_piece_set(board_seed, _kind(pieces))
            shot = render_board(cells, checkers, design, seed=board_seed, size=size, pieces=drawn)
            colour_total += len(checkers)
            named = (
                design if deck == "design" else unseen_decks(design) if deck == "unseen" else deck
            )
            try:
                looks = (
                    _learnt(cells, design, board_seed, size, drawn, named, config)
                    if learn
                    else None
                )
                learnt += looks is not None
                reading = read_board(shot.image, deck=named, config=config, pieces=looks)
            except VisionError:
                failed += 1
                continue
            deck_right += reading.deck == design
            cards += sum(cid is not None for row in cells for cid in row)
            truth_ck = {(r, c): k for r, c, k in checkers}
            read_ck = {(r, c): k for r, c, k in reading.checkers}
            for r in range(BOARD_SIZE):
                for c in range(BOARD_SIZE):
                    right = reading.cells[r][c] == cells[r][c]
                    cells_ok += right
                    if reading.confidences[r][c] >= SURE:
                        sure += 1
                        sure_wrong += not right
                    else:
                        asked += cells[r][c] is not None
                    presence_ok += ((r, c) in truth_ck) == ((r, c) in read_ck)
            colour_ok += sum(read_ck.get(rc) == k for rc, k in truth_ck.items())
            if baseline:
                base = {(r, c): k for r, c, k in baseline_checkers(shot.image, config)}
                base_presence += sum(
                    ((r, c) in truth_ck) == ((r, c) in base)
                    for r in range(BOARD_SIZE)
                    for c in range(BOARD_SIZE)
                )
                base_colour += sum(base.get(rc) == k for rc, k in truth_ck.items())
        n_cells = boards_per_design * BOARD_SIZE * BOARD_SIZE
        results[design] = {
            "card_accuracy": cells_ok / n_cells,
            "checker_presence_accuracy": presence_ok / n_cells,
            "checker_colour_accuracy": colour_ok / max(1, colour_total),
            "boards": boards_per_design,
            "failed": failed,
            "deck_right": deck_right,
            "learnt": learnt,
            "sure_cells": sure,
            "sure_wrong": sure_wrong,
            "asked": asked,
            "cards": cards,
        }
        if baseline:
            results[design]["baseline_presence_accuracy"] = base_presence / n_cells
            results[design]["baseline_colour_accuracy"] = base_colour / max(1, colour_total)
    return results


#: Card designs no step of tuning the checker reader has looked at (issue 59): the pieces'
#: figures on them are the estimate of a club's deck. Every other French-suited design of
#: gnome-cards-data is a tuning design.
HELD_BACK_DESIGNS = ("atlasnye", "bellot", "orell", "plastic", "rheinland", "tigullio")
#: Composed decks (:mod:`vision.sim.composed_decks`) held back the same way: no tuning step
#: may look at them, and read as unknown decks they estimate a club's deck that no sheet
#: resembles. Should a tuning step ever use composed decks, it takes other numbers.
COMPOSED_HELD_BACK = composed_names(6)


def unseen_decks(design: str) -> tuple[str, ...]:
    """The available decks that are not ``design`` nor drawn from it."""
    family = design_family(design)
    return tuple(n for n in available_profiles() if n not in family)


def _kind(pieces: str) -> PieceKind | None:
    """The piece kind named (None for "any": one drawn per board)."""
    if pieces == "any":
        return None
    if pieces not in PIECE_KINDS:
        raise ValueError(f"no kind of piece named {pieces!r}: one of {', '.join(PIECE_KINDS)}")
    return cast(PieceKind, pieces)


def _learnt(
    cells: Cells,
    design: str,
    seed: int,
    size: tuple[int, int],
    pieces: PieceSet | None,
    deck: Deck,
    config: KoperReadConfig | None,
) -> PieceLooks | None:
    """The two sets learnt from the board ``cells`` read with the checkers in their start
    blocks, on the table of ``seed`` (the light set at the bottom, the dark at the top)."""
    start = {"light": start_block("bottom"), "dark": start_block("top")}
    checkers = sorted((r, c, color) for color, squares in start.items() for r, c in squares)
    shot = render_board(cells, checkers, design, seed=seed, size=size, pieces=pieces)
    reading = read_board(shot.image, deck=deck, config=config)
    return learn_pieces(reading.pieces, start)
