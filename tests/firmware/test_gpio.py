"""Buttons and LEDs through gpiozero's MockFactory: the same code a real button runs."""

from __future__ import annotations

import threading
import time

from engines.core import Action
from firmware_py.config import GpioConfig
from firmware_py.gpio import TableControls
from firmware_py.table import Table


def test_end_turn_press_and_undo_hold_call_back() -> None:
    pressed, held = threading.Event(), threading.Event()
    config = GpioConfig(pin_factory="mock", undo_hold_s=0.2)
    with TableControls(config, on_end_turn=pressed.set, on_undo=held.set) as controls:
        controls.press("end_turn")
        assert pressed.wait(2)
        assert not held.is_set()
        controls.press("undo")
        assert held.wait(3)


def test_a_short_undo_press_does_nothing() -> None:
    held = threading.Event()
    config = GpioConfig(pin_factory="mock", undo_hold_s=0.5)
    with TableControls(config, on_undo=held.set) as controls:
        pin = controls.undo.pin
        pin.drive_low()
        pin.drive_high()
        assert not held.wait(0.8)


def test_leds_show_seats_and_status() -> None:
    with TableControls(GpioConfig(pin_factory="mock")) as controls:
        controls.show({1, 3}, "watching")
        assert controls.snapshot() == {"seats": [False, True, False, True], "status": "watching"}
        assert controls.status_led.value
        controls.show((), "attention")
        assert controls.snapshot()["status"] == "attention"
        seen = set()
        deadline = time.monotonic() + 3.0
        while len(seen) < 2 and time.monotonic() < deadline:  # blinking runs on gpiozero's thread
            seen.add(bool(controls.status_led.value))
            time.sleep(0.02)
        assert seen == {True, False}
        controls.show((), "off")
        assert not controls.status_led.value


def test_table_buttons_drive_the_referee(table: Table) -> None:
    table.start_game("koper", {})
    assert table.referee.submit(Action("move", 0, {"from": [5, 4], "to": [4, 4]})).ok
    done = threading.Event()
    table.referee.listen(lambda view: view["actions"] == 0 and done.set())
    table.controls.press("undo")
    assert done.wait(3)
    assert table.view()["leds"]["seats"] == [True, False, False, False]
