"""Shared fixtures: a table on mock pins with its database in a temporary folder, its app and
test client (Flask tutorial style)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from firmware_py.config import Config, load_config
from firmware_py.plugins import default_plugins
from firmware_py.table import Table
from web import create_app


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return load_config(
        None,
        data_dir=str(tmp_path / "data"),
        gpio={"pin_factory": "mock", "undo_hold_s": 0.2},
        web={"pin": "2468"},
    )


@pytest.fixture
def table(config: Config) -> Iterator[Table]:
    with Table(config, default_plugins()) as tab:
        yield tab


@pytest.fixture
def app(table: Table) -> Flask:
    return create_app({"TESTING": True, "SSE_HEARTBEAT_S": 0.2}, table=table)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def player(client: FlaskClient) -> FlaskClient:
    """A client that has entered the table PIN."""
    assert client.post("/api/pin", json={"pin": "2468"}).get_json() == {"ok": True}
    return client
