"""The Koper page in a real browser on a phone-sized screen, against the simulated table.

A move made by hand on the simulated table is read by the camera watcher and appears on the page;
an announcement is then made through the page (PIN dialog, legal choices only).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engines.koper.moves import legal_moves
from engines.koper.state import KoperState
from firmware_py.games import GamePlugin, Watcher
from firmware_py.koper_sim import KoperTableSim
from firmware_py.koper_watch import KoperWatchConfig, KoperWatcher
from firmware_py.table import Table

PIN = "1357"


@pytest.fixture
def served(serve_table: Any) -> Any:
    sim = KoperTableSim(seed=11, design="anglo", still_size=(2304, 1296))
    source = sim.source(fps=8)

    def watcher(table: Table, plugin: GamePlugin) -> Watcher | None:
        return KoperWatcher(
            table.referee, source, table.camera_view, KoperWatchConfig(deck="anglo")
        )

    served = serve_table(PIN, watcher_factory=watcher, sim=sim)
    served.table.start_game("koper", {})
    return served


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
