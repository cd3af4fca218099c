"""``tableside demo``: the whole system on the simulated table.

Mock GPIO (the page shows the virtual buttons and LEDs), the virtual Koper table as the camera,
two virtual players moving checkers by hand, the real watcher, referee, storage and web page on
localhost. The database lives in a fresh temporary folder unless ``--data-dir`` is given.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from firmware_py.config import load_config
from firmware_py.games import GamePlugin, Watcher
from firmware_py.koper_sim import KoperTableSim, VirtualPlayers
from firmware_py.koper_watch import KoperWatchConfig, KoperWatcher
from firmware_py.plugins import default_plugins
from firmware_py.serve import run_until_stopped
from firmware_py.table import Table


class DemoKoperTable:
    """The simulated table and its players, re-laid for every new game started on the page."""

    def __init__(self, seed: int, design: str, auto_announce_s: float | None) -> None:
        self.seed = seed
        self.design = design
        self.auto_announce_s = auto_announce_s
        self.sim = KoperTableSim(seed=seed, design=design)
        self.source = self.sim.source()
        self.players: VirtualPlayers | None = None
        self.table: Table | None = None

    def watcher(self, table: Table, plugin: GamePlugin) -> Watcher | None:
        """The table's watcher factory: a new Koper game starts from a freshly set-up board."""
        if plugin.name != "koper":
            return None
        self.table = table
        fresh = KoperTableSim(seed=self.seed, design=self.design)
        self.sim.place(fresh.checkers)
        self.sim.hand_over(None)
        # The demo's club has taught Tableside its deck (koper.deck), as the README explains.
        return KoperWatcher(
            table.referee, self.source, table.camera_view, KoperWatchConfig(deck=self.design)
        )

    def start_players(self) -> None:
        assert self.table is not None
        self.players = VirtualPlayers(
            self.sim, self.table.referee, seed=self.seed, auto_announce_s=self.auto_announce_s
        )
        self.players.on_game_over = self._next_game
        self.players.start()

    def _next_game(self) -> None:
        if self.table is not None:
            self.table.start_game("koper", {})

    def stop(self) -> None:
        if self.players is not None:
            self.players.stop()


def run_demo(
    port: int = 8080,
    seed: int = 1,
    data_dir: str | None = None,
    design: str = "anglo",
    auto_announce_s: float | None = 8.0,
    **serve: Any,
) -> None:
    """Run the demo until Ctrl+C."""
    folder = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix="tableside-demo-"))
    config = load_config(
        None,
        data_dir=str(folder),
        gpio={"pin_factory": "mock"},
        web={"host": "127.0.0.1", "port": port, "advertise": False},
    )
    demo = DemoKoperTable(seed, design, auto_announce_s)
    table = Table(config, default_plugins(), watcher_factory=demo.watcher)
    print("Setting up the simulated Koper table (reading the board)…", flush=True)
    if not table.resume():
        table.start_game("koper", {})
    demo.start_players()
    try:
        run_until_stopped(
            table,
            host=config.web.host,
            port=config.web.port,
            threads=config.web.threads,
            advertise_as=None,
            **serve,
        )
    finally:
        demo.stop()
