"""The Castle Croquetnole page live on the simulated table, in a real browser on a phone.

The demo's table: the virtual table drawn frame by frame, the real watcher, referee and page. The
page shows the layout the camera read; a player confirms it on the phone; then the virtual
players flick and the page shows the camera's picture, the rulings and the flick's path.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from firmware_py.demo import DemoCroquetTable

PIN = "2468"


@pytest.fixture
def served(serve_table: Any) -> Any:
    demo = DemoCroquetTable(seed=1)
    served = serve_table(PIN, watcher_factory=demo.watcher, sim=demo, stop=demo.stop)
    served.table.start_game("croquetnole", {})
    return served


def test_confirm_the_layout_and_see_a_flick_ruled(served: Any, phone: Page) -> None:
    phone.goto(f"{served.url}/play/croquetnole")
    phone.click("#pin-open")
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    expect(phone.locator("#layout-box")).to_be_visible()
    expect(phone.locator("#layout-text")).to_contain_text("Moons, Suns, Crowns, Arms")
    assert served.table.referee.record.actions == ()  # nothing refereed before confirmation
    phone.click("#layout-ok")
    expect(phone.locator("#layout-box")).to_be_hidden()
    assert served.table.referee.record.options["layout"]["castles"]
    # The virtual Moons player flicks its knight: the camera's ruling appears on the phone.
    flick = phone.locator('#events li[data-kind="flick"]').first
    expect(flick).to_contain_text("Moons knight flicks", timeout=90_000)
    expect(phone.locator("#camera-box")).to_be_visible()
    expect(phone.locator("#camera-status")).to_contain_text("watching")
    expect(phone.locator("#report-box")).to_be_hidden()
    path = phone.locator('#map polyline.cq-path.flicked[data-coin="moons-knight"]')
    expect(path).to_have_count(1, timeout=30_000)
    assert served.table.referee.problem is None


def towers(layout: dict[str, Any]) -> dict[str, list[float]]:
    """Where each castle's tower stands (mm) in a LAYOUT: a layout read again from a later frame
    may list the same tiles in another order."""
    return {name: layout["tiles"][c["tower"]]["center"] for name, c in layout["castles"].items()}


def test_correct_whose_castle_is_whose(served: Any, phone: Page) -> None:
    """A castle read as someone else's is given its owner on the phone; the game then starts
    with the corrected layout (the tiles as read, the owners as said)."""
    phone.goto(f"{served.url}/play/croquetnole")
    phone.click("#pin-open")
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    expect(phone.locator("#layout-box")).to_be_visible()
    read = towers(served.table.referee.record.options["layout"])
    phone.click("#layout-fix summary")
    moons = phone.locator('#layout-owners select[data-castle="moons"]')
    suns = phone.locator('#layout-owners select[data-castle="suns"]')
    expect(moons).to_be_visible()
    moons.select_option("suns")
    phone.click("#layout-rename")  # two castles for Suns: refused on the page
    expect(phone.locator("#toast")).to_contain_text("different owner")
    suns.select_option("moons")
    phone.click("#layout-rename")
    expect(phone.locator("#layout-box")).to_be_hidden()
    now = towers(served.table.referee.record.options["layout"])
    for castle, was in (
        ("suns", "moons"),
        ("moons", "suns"),
        ("crowns", "crowns"),
        ("arms", "arms"),
    ):
        assert math.dist(now[castle], read[was]) < 5.0, (castle, now, read)
    assert served.table.referee.extras["layout"]["confirmed"]
