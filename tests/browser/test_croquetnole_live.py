"""The Castle Croquetnole page live on the simulated table, in a real browser on a phone.

The demo's table: the virtual table drawn frame by frame, the real watcher, referee and page. The
page shows the layout the camera read; a player confirms it on the phone; then the virtual
players flick and the page shows the camera's picture, the rulings and the flick's path.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from firmware_py.config import load_config
from firmware_py.demo import DemoCroquetTable
from firmware_py.plugins import default_plugins
from firmware_py.serve import Server
from firmware_py.table import Table

PIN = "2468"


class Served:
    def __init__(self, table: Table, demo: DemoCroquetTable, server: Server) -> None:
        self.table, self.demo, self.server = table, demo, server
        self.url = f"http://127.0.0.1:{server.port}"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    config = load_config(
        None,
        data_dir=str(tmp_path),
        gpio={"pin_factory": "mock"},
        web={"host": "127.0.0.1", "port": 0, "pin": PIN},
    )
    demo = DemoCroquetTable(seed=1)
    table = Table(config, default_plugins(), watcher_factory=demo.watcher)
    server = Server(table, "127.0.0.1", 0, threads=8)
    server.start()
    table.start_game("croquetnole", {})
    yield Served(table, demo, server)
    demo.stop()
    server.close()
    table.close()


def test_confirm_the_layout_and_see_a_flick_ruled(served: Served, phone: Page) -> None:
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
