"""The Koper page in a real browser on a phone-sized screen, against the simulated table.

A move made by hand on the simulated table is read by the camera watcher and appears on the page;
an announcement is then made through the page (PIN dialog, legal choices only). Cards the camera
read unsure are marked, and the players name them on the page, or confirm them all at once, before
play goes on. A deck the
camera was not told is learnt from the boards, and the players give it a name on the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import Page, expect

from engines.koper.moves import legal_moves
from engines.koper.state import KoperState
from firmware_py.games import GamePlugin, Watcher
from firmware_py.koper_sim import KoperTableSim
from firmware_py.koper_watch import KoperWatchConfig, KoperWatcher
from firmware_py.table import Table
from vision.koper import BoardReading, read_board
from vision.koper.correction import corrected
from vision.koper.reader import board_views

PIN = "1357"


def _koper_table(
    serve_table: Any,
    reader: Callable[..., BoardReading] = read_board,
    deck: str = "anglo",
    viewer: Callable[..., Any] = board_views,
) -> Any:
    """A Koper game started on the simulated table (the anglo deck), its camera read by
    ``reader``, the watcher told the deck is ``deck`` (``"auto"``: it learns the deck from the
    boards, seen by ``viewer``)."""
    sim = KoperTableSim(seed=11, design="anglo", still_size=(2304, 1296))
    source = sim.source(fps=8)

    def watcher(table: Table, plugin: GamePlugin) -> Watcher | None:
        config = KoperWatchConfig(deck=deck)
        return KoperWatcher(
            table.referee, source, table.camera_view, config, reader=reader, viewer=viewer
        )

    served = serve_table(PIN, watcher_factory=watcher, sim=sim)
    served.table.start_game("koper", {})
    return served


@pytest.fixture
def served(serve_table: Any) -> Any:
    return _koper_table(serve_table)


def hand_move(sim: KoperTableSim, frm: tuple[int, int], to: tuple[int, int]) -> None:
    """Move a checker on the simulated table the way a hand does (the picture changes)."""
    sim.hand_over(frm)
    color = sim.lift(frm)
    sim.hand_over(to)
    sim.put(to, color)
    sim.hand_over(None)


def test_a_move_on_the_table_appears_and_an_announcement_is_made(served: Any, phone: Page) -> None:
    phone.goto(f"{served.url}/play/koper")
    expect(phone.locator("#board .kcell")).to_have_count(64)
    expect(phone.locator("#status")).to_contain_text("light to move")
    expect(phone.locator("#board .checker")).to_have_count(24)

    # A real hand move on the table: the watcher sees it settle, reads it, the referee accepts.
    hand_move(served.sim, (5, 4), (4, 4))
    expect(phone.locator("#moves li").first).to_have_text("e6-e5", timeout=60_000)
    expect(phone.locator('[data-square="e5"] .checker.light')).to_have_count(1)

    # Five more moves by hand on the table, to reach the first announcement round.
    referee = served.table.referee
    for done in range(2, 7):
        state = referee.state
        assert isinstance(state, KoperState)
        move = sorted(legal_moves(state), key=lambda m: (m.frm, m.to))[0]
        hand_move(served.sim, move.frm, move.to)
        expect(phone.locator("#moves li")).to_have_count(done, timeout=60_000)
    box = phone.locator("#announce-box")
    expect(box).to_be_visible()
    choices = phone.locator("#announce-choices button")
    state = referee.state
    assert isinstance(state, KoperState)
    legal = referee.view()["state"]["legal_announcements"]
    expect(choices).to_have_count(len(legal))

    # A spectator is asked for the PIN first.
    choices.first.click()
    expect(phone.locator("#pin-dialog")).to_be_visible()
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    expect(phone.locator("#pin-dialog")).to_be_hidden()
    chosen = choices.first.inner_text()
    choices.first.click()
    expect(phone.locator("#announcements li").first).to_contain_text(chosen)
    assert referee.view()["state"]["announcements"][0]["calls"][0]["hand"] == chosen


def test_the_page_fits_a_phone_and_shows_an_illegal_move(served: Any, phone: Page) -> None:
    phone.goto(f"{served.url}/play/koper")
    expect(phone.locator("#board .kcell")).to_have_count(64)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
    # Two checkers moved at once: the referee refuses and tells the players on the page.
    hand_move(served.sim, (5, 4), (4, 4))
    hand_move(served.sim, (5, 5), (4, 5))
    expect(phone.locator("#problem")).to_be_visible(timeout=60_000)
    expect(phone.locator("#problem")).to_have_text(re.compile("light", re.I))
    assert served.table.view()["leds"]["status"] == "attention"
    assert served.table.referee.view()["actions"] == 0


def test_a_card_read_sure_but_wrong_is_put_right_by_tapping_it(served: Any, phone: Page) -> None:
    referee = served.table.referee
    phone.goto(f"{served.url}/play/koper")
    expect(phone.locator("#status")).not_to_have_text(re.compile("Waiting|No Koper"))
    state = referee.state
    assert isinstance(state, KoperState)
    (r, c), (r2, c2) = [(r, c) for r in range(8) for c in range(8) if state.cells[r][c]][:2]
    first, second = state.cells[r][c], state.cells[r2][c2]
    phone.locator(f'#board .kcell[data-row="{r}"][data-col="{c}"]').click()
    expect(phone.locator("#fix-box")).to_be_visible()
    expect(phone.locator("#fix-title")).to_contain_text("Which card")
    phone.select_option("#fix-other", second)
    # A spectator is asked for the PIN first; the card chosen is named once the PIN is taken.
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    expect(phone.locator("#pin-dialog")).to_be_hidden()
    cell = phone.locator(f'#board .kcell[data-row="{r}"][data-col="{c}"]')
    expect(cell).to_have_attribute("data-card", str(second))
    expect(phone.locator(f'#board .kcell[data-row="{r2}"][data-col="{c2}"]')).to_have_attribute(
        "data-card", str(first)
    )
    assert any("corrected" in e.text for e in referee.events)
    # The chooser closes; the camera, which read those cards otherwise, now asks about the
    # cards the players' word moved (here the players named a card wrongly on purpose).
    expect(phone.locator("#fix-title")).to_contain_text("Check the marked cards")


def _two_cards_swapped(image: Any, **kwargs: Any) -> BoardReading:
    """The reader, made to take two cards each for the other by a hair: the first two card
    cells' costs say each looks a little more like the other's card (as two cards of a deck it
    was never given can)."""
    reading = read_board(image, **kwargs)
    assert reading.card_costs is not None
    costs = reading.card_costs.copy()
    i, j = 0, 1
    a, b = costs[i].argmin(), costs[j].argmin()
    costs[i, b] = costs[i, a] - 0.002
    costs[j, a] = costs[j, b] - 0.002
    return corrected(replace(reading, card_costs=costs), {})


@pytest.fixture
def unsure(serve_table: Any) -> Any:
    return _koper_table(serve_table, _two_cards_swapped)


def test_cards_read_unsure_are_named_on_the_phone_before_play_goes_on(
    unsure: Any, phone: Page
) -> None:
    sim, referee = unsure.sim, unsure.table.referee
    phone.goto(f"{unsure.url}/play/koper")
    marked = phone.locator("#board .kcell.unsure")
    expect(marked.first).to_be_visible(timeout=60_000)
    expect(phone.locator("#fix-box")).to_be_visible()
    expect(phone.locator("#problem")).to_contain_text("not sure")
    state = referee.state
    assert isinstance(state, KoperState)
    wrong = [(r, c) for r in range(8) for c in range(8) if state.cells[r][c] != sim.cells[r][c]]
    assert len(wrong) == 2, wrong
    squares = {el.get_attribute("data-square") for el in marked.all()}
    assert {"abcdefgh"[c] + str(r + 1) for r, c in wrong} <= squares

    # A move made now is not played: the cards come first.
    hand_move(sim, (5, 4), (4, 4))
    for _ in range(20):
        if marked.count() == 0:
            break
        cell = marked.first
        row, col = int(cell.get_attribute("data-row")), int(cell.get_attribute("data-col"))
        # Read before naming: naming one card of a swapped pair sorts out the other, and then
        # no marked card is left for the lazy locator to find.
        square = cell.get_attribute("data-square")
        cell.click()
        expect(phone.locator("#fix-title")).to_contain_text("Which card")
        truth = sim.cells[row][col]
        button = phone.locator(f'#fix-choices button[data-card="{truth}"]')
        if button.count():
            button.click()
            if phone.locator("#pin-dialog").is_visible():
                # A spectator is asked for the PIN first; the card is named once it is taken.
                phone.fill("#pin-input", PIN)
                phone.click("#pin-ok")
                expect(phone.locator("#pin-dialog")).to_be_hidden()
        else:
            phone.select_option("#fix-other", truth)
        expect(phone.locator(f'[data-square="{square}"].unsure')).to_have_count(0, timeout=30_000)
    expect(marked).to_have_count(0)
    expect(phone.locator("#fix-box")).to_be_hidden()
    state = referee.state
    assert isinstance(state, KoperState)
    assert [list(row) for row in state.cells] == [list(row) for row in sim.cells]
    assert referee.view()["actions"] >= 1 and state.moves == ()
    assert any("corrected" in e.text for e in referee.events)

    # Then the move on the table is read and played.
    expect(phone.locator("#moves li").first).to_have_text("e6-e5", timeout=60_000)


def _by_resemblance(image: Any, **kwargs: Any) -> BoardReading:
    """The reader's reading, every card as unsure as a deck read by resemblance makes it
    (:func:`vision.koper.reader.card_confidences`): all of them marked, all of them right."""
    reading = read_board(image, **kwargs)
    unsure = tuple(
        tuple(0.5 if card is not None else conf for card, conf in zip(cards, confs, strict=True))
        for cards, confs in zip(reading.cells, reading.confidences, strict=True)
    )
    return replace(reading, confidences=unsure)


def test_every_marked_card_is_confirmed_at_once_then_play_goes_on(
    serve_table: Any, phone: Page
) -> None:
    served = _koper_table(serve_table, _by_resemblance)
    sim, referee = served.sim, served.table.referee
    phone.goto(f"{served.url}/play/koper")
    marked = phone.locator("#board .kcell.unsure")
    expect(marked).to_have_count(52, timeout=60_000)
    expect(phone.locator("#fix-title")).to_contain_text("(52)")
    hand_move(sim, (5, 4), (4, 4))
    phone.click("#fix-all")
    # A spectator is asked for the PIN first.
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    phone.click("#fix-all")
    expect(marked).to_have_count(0, timeout=30_000)
    expect(phone.locator("#fix-box")).to_be_hidden()
    state = referee.state
    assert isinstance(state, KoperState)
    assert len(state.checked) == 52 and state.moves == ()
    expect(phone.locator("#moves li").first).to_have_text("e6-e5", timeout=60_000)


def _anglo(image: Any, **kwargs: Any) -> BoardReading:
    """The reader, given the deck by name whatever the watcher asks (the watcher itself is told
    nothing: it learns the deck)."""
    return read_board(image, **{**kwargs, "deck": "anglo"})


def _seen_whole(image: Any, cells: Any, **kwargs: Any) -> Any:
    """The boards' card views, every card seen whole on the first board: the deck is learnt at
    once (how boards in play teach it is the reader tests' business)."""
    ids, views = board_views(image, cells, **kwargs)
    return ids, [(features, np.ones_like(weights)) for features, weights in views]


def test_a_deck_learnt_from_the_boards_is_remembered_by_name_on_the_phone(
    serve_table: Any, phone: Page, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    served = _koper_table(serve_table, _anglo, deck="auto", viewer=_seen_whole)
    phone.goto(f"{served.url}/play/koper")
    expect(phone.locator("#deck-form")).to_be_visible(timeout=60_000)
    expect(phone.locator("#deck-text")).to_contain_text("seen every card")
    phone.fill("#deck-name", "Club deck")
    phone.click("#deck-form button")
    # A spectator is asked for the PIN first.
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    phone.click("#deck-form button")
    expect(phone.locator("#deck-text")).to_contain_text("Remembered as “Club deck”")
    expect(phone.locator("#deck-form")).to_be_hidden()
    assert (tmp_path / "tableside" / "decks" / "Club deck.npz").is_file()
