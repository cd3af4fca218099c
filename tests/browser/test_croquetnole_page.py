"""The Castle Croquetnole page in a real browser on a phone-sized screen, refereed by hand.

No camera watches this table: the players report each flick through the page's buttons (the coin,
what happened, where) and the engine rules on it, exactly as it would on the camera's events.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engines.croquetnole.notation import clauses, parse

PIN = "1357"
# Set to a folder to keep the phone screenshots (they are always taken, to a temporary folder).
SHOTS = os.environ.get("TABLESIDE_SCREENSHOTS")


@pytest.fixture
def served(serve_table: Any) -> Any:
    return serve_table(PIN)


def shot(phone: Page, tmp_path: Path, name: str) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"croquetnole-{name}.png"
    phone.screenshot(path=str(path))
    return path


def play(served: Any, script: str) -> None:
    """Report events straight to the referee, written in the rules notation."""
    referee = served.table.referee
    for clause in clauses(script):
        step = referee.submit(parse(clause, referee.state))
        assert step.ok, (clause, step.reason)


def enter_pin(phone: Page) -> None:
    phone.click("#pin-open")
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    expect(phone.locator("#pin-dialog")).to_be_hidden()
    expect(phone.locator("#pin-open")).to_be_hidden()


def test_start_from_home_and_play_a_few_turns_by_hand(
    served: Any, phone: Page, tmp_path: Path
) -> None:
    phone.goto(served.url)
    enter_pin(phone)
    form = phone.locator('form.start[data-game="croquetnole"]')
    form.locator('select[name="players"]').select_option("moons,suns,crowns,arms")
    form.scroll_into_view_if_needed()
    shot(phone, tmp_path, "home")
    form.locator("button[type=submit]").click()
    phone.wait_for_url(re.compile("/play/croquetnole$"))

    status = phone.locator("#status")
    expect(status).to_contain_text("Moons to play")
    expect(phone.locator("#placements li")).to_have_count(5)
    expect(phone.locator("#map .cq-target")).to_have_count(5)
    expect(phone.locator("#castles .cq-castle.turn")).to_have_attribute("data-castle", "moons")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
    shot(phone, tmp_path, "setup")

    # Setup: every coin put down where the page shows it.
    phone.click("#place-all")
    expect(phone.locator("#place-box")).to_be_hidden()
    expect(phone.locator("#map .cq-coin")).to_have_count(5)

    # A flick: the report panel opens on the flicked coin.
    phone.click('#now-buttons [data-act="flick"][data-coin="moons-knight"]')
    expect(phone.locator("#report-box")).to_be_visible()
    expect(phone.locator("#report-coins .picked")).to_have_text("Moons knight")
    expect(status).to_contain_text("0 flicks left · flick under way")
    expect(phone.locator("#now-buttons [data-act=flick]")).to_have_count(0)
    phone.locator("#report-box").scroll_into_view_if_needed()
    shot(phone, tmp_path, "report")

    # Its next step, offered first: out of its own gate, which scores a bonus flick.
    quick = phone.locator("#report-quick button").first
    expect(quick).to_contain_text("Through the Moons gate (out)")
    quick.click()
    latest = phone.locator("#events li").first
    expect(latest).to_contain_text("scores the Moons gate (out): one bonus flick")
    expect(status).to_contain_text("1 flick left")

    # A rest: the flick is over and the bonus flick is there to take.
    phone.click("#rest")
    expect(phone.locator("#report-box")).to_be_hidden()
    flick = phone.locator('#now-buttons [data-act="flick"][data-coin="moons-knight"]')
    expect(flick).to_contain_text("1 flick left")
    moons = phone.locator('#castles [data-castle="moons"]')
    expect(moons.locator(".cq-knight")).to_contain_text("in the Wasteland")
    expect(moons.locator(".cq-course summary")).to_contain_text("1 done · next: the Suns gate (in)")
    phone.locator("#map").scroll_into_view_if_needed()
    shot(phone, tmp_path, "after-score")

    # The bonus flick, reported step by step: what happened, then which gate.
    flick.click()
    phone.click('#report-what [data-pick-what="gate-in"]')
    phone.locator("#report-which").scroll_into_view_if_needed()
    shot(phone, tmp_path, "report-which")
    phone.click('#report-which button:has-text("Suns")')
    expect(latest).to_contain_text("scores the Suns gate (in): one bonus flick")
    expect(moons.locator(".cq-knight")).to_contain_text("in Suns")
    # Where it stopped, tapped on the drawing: left of the centre, on the Suns side.
    drawing = phone.locator("#map")
    box = drawing.bounding_box()
    assert box is not None
    drawing.click(position={"x": box["width"] * 0.3, "y": box["height"] * 0.5})
    expect(drawing.locator('.cq-stopped[data-coin="moons-knight"]')).to_have_count(1)
    phone.click("#rest")
    # The course showed "2 done" before the rest: wait for the rest itself to be taken.
    expect(phone.locator("#report-box")).to_be_hidden()
    expect(moons.locator(".cq-course summary")).to_contain_text("2 done · next: the Suns door")
    expect(moons.locator(".cq-seg.done")).to_have_count(2)
    x, y = served.table.referee.state.coin("moons-knight").position
    assert x < 432 and abs(y - 432) < 100, (x, y)

    # End of turn: Suns plays next, its knight to be put down by its tower.
    phone.click('#now-buttons [data-act="end_turn"]')
    expect(status).to_contain_text("Suns to play")
    expect(phone.locator("#castles .cq-castle.turn")).to_have_attribute("data-castle", "suns")
    expect(phone.locator('#placements li[data-coin="suns-knight"]')).to_be_visible()
    assert served.table.view()["leds"]["seats"] == [False, True, False, False]
    phone.locator("#castles").scroll_into_view_if_needed()
    shot(phone, tmp_path, "suns-turn")

    # Undo: back to the Moons turn, with its flick left.
    phone.click("#undo")
    expect(status).to_contain_text("Moons to play")
    expect(latest).to_contain_text("Undone: the last end turn")
    expect(phone.locator("#castles .cq-castle.turn")).to_have_attribute("data-castle", "moons")
    assert served.table.referee.view()["state"]["turn"] == "moons"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"


def test_a_spectator_sees_the_game_and_is_asked_for_the_pin(served: Any, phone: Page) -> None:
    served.table.start_game("croquetnole", {"players": ["moons", "crowns"]})
    phone.goto(f"{served.url}/play/croquetnole")
    expect(phone.locator("#castles .cq-castle")).to_have_count(4)
    expect(phone.locator('#castles [data-castle="suns"]')).to_contain_text("not playing")
    phone.click('#placements button[data-coin="moons-guard"]')
    expect(phone.locator("#pin-dialog")).to_be_visible()
    phone.fill("#pin-input", PIN)
    phone.click("#pin-ok")
    expect(phone.locator("#pin-dialog")).to_be_hidden()
    phone.click('#placements button[data-coin="moons-guard"]')
    expect(phone.locator('#placements li[data-coin="moons-guard"]')).to_have_count(0)
    assert served.table.referee.view()["actions"] == 1


def test_a_correction_then_the_winning_hit(served: Any, phone: Page, tmp_path: Path) -> None:
    served.table.start_game("croquetnole", {"players": ["moons", "suns"]})
    phone.goto(f"{served.url}/play/croquetnole")
    enter_pin(phone)
    phone.click("#place-all")
    expect(phone.locator("#place-box")).to_be_hidden()

    # The camera missed a whole game's worth of scoring: set the knight's next step by hand.
    phone.click("#correct-box summary")
    phone.select_option("#fix-coin", "moons-knight")
    phone.select_option("#fix-next", "moons-tower")
    phone.click('#correct-box [data-fix="next"]')
    moons = phone.locator('#castles [data-castle="moons"]')
    expect(moons.locator(".cq-course summary")).to_contain_text("14 done · next: the Moons tower")
    expect(phone.locator("#events li").first).to_contain_text("Correction")

    # The knight hits its own tower with its guard on duty: Moons wins.
    phone.click('#now-buttons [data-act="flick"][data-coin="moons-knight"]')
    phone.click('#report-quick button:has-text("Hit the Moons tower")')
    expect(phone.locator("#winner")).to_have_text("Moons wins!")
    expect(phone.locator("#now-buttons button")).to_have_count(0)
    expect(phone.locator("#report-box")).to_be_hidden()
    expect(moons.locator(".pill")).to_have_text("winner")
    assert served.table.view()["leds"]["seats"] == [False, False, False, False]
    shot(phone, tmp_path, "won")


def test_croquet_choice_and_a_prisoner_are_shown(served: Any, phone: Page, tmp_path: Path) -> None:
    served.table.start_game("croquetnole", {"players": ["moons", "suns"]})
    play(
        served,
        """moons-guard placed; suns-guard placed; moons-knight placed
        moons-guard flicks; moons-guard passes moons-gate out; rest; end turn
        suns-knight placed; end turn
        moons-knight flicks; moons-knight hits moons-guard; rest
        correct suns-knight prisoner_of moons""",
    )
    phone.goto(f"{served.url}/play/croquetnole")
    enter_pin(phone)
    box = phone.locator("#croquet-box")
    expect(box).to_be_visible()
    expect(box.locator("#croquet-text")).to_contain_text("Moons knight hit its own guard")
    expect(box.locator("button")).to_have_count(5)
    expect(phone.locator("#now-buttons [data-act=flick]")).to_have_count(0)
    moons = phone.locator('#castles [data-castle="moons"]')
    expect(moons.locator(".cq-held")).to_have_text("Holds prisoner: Suns knight")
    expect(moons.locator(".cq-guard")).to_contain_text("off duty, in the Wasteland")
    suns = phone.locator('#castles [data-castle="suns"]')
    expect(suns.locator(".cq-knight")).to_contain_text("a prisoner on the Moons tower")
    box.scroll_into_view_if_needed()
    shot(phone, tmp_path, "croquet")

    box.locator('button[data-kind="2"]').click()
    expect(box).to_be_hidden()
    expect(phone.locator('#placements li[data-coin="moons-knight"]')).to_contain_text("croquet 2")
    expect(phone.locator("#status")).to_contain_text("2 flicks left")
    expect(phone.locator("#camera-box")).to_be_hidden()
