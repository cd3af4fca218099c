"""The table's buttons and LEDs, through gpiozero.

END TURN (a press) and UNDO (held for ``undo_hold_s``, so a brush of the hand does nothing), one
LED per seat lit for the seat(s) that must act, and a status LED: steady while the referee watches,
blinking when the players must look at the phone (an illegal or unreadable change), off when no
game runs.

The pin factory is configuration: ``"default"`` lets gpiozero choose (lgpio on a Pi 5), ``"mock"``
gives :class:`gpiozero.pins.mock.MockFactory` for the demo and the tests, and the demo page's
virtual buttons drive those mock pins, so they run exactly the code a real button runs.

>>> from firmware_py.config import GpioConfig
>>> with TableControls(GpioConfig(pin_factory="mock"), on_end_turn=print) as controls:
...     controls.show({0}, "watching")
...     controls.snapshot()["seats"]
[True, False, False, False]
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, Literal

from gpiozero import LED, Button, Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from firmware_py.config import GpioConfig

Status = Literal["off", "watching", "attention"]
BUTTONS = ("end_turn", "undo")


def make_pin_factory(name: str) -> Any:
    """The gpiozero pin factory called ``name`` ("default" returns None: gpiozero's choice)."""
    if name == "default":
        return None
    if name == "mock":
        return MockFactory(pin_class=MockPWMPin)
    if name == "lgpio":
        from gpiozero.pins.lgpio import LGPIOFactory

        return LGPIOFactory()
    if name == "rpigpio":
        from gpiozero.pins.rpigpio import RPiGPIOFactory

        return RPiGPIOFactory()
    raise ValueError(f"unknown pin factory {name!r} (use default, mock, lgpio or rpigpio)")


class TableControls:
    """Buttons and LEDs composed from pins of one factory; a context manager that closes them."""

    def __init__(
        self,
        config: GpioConfig,
        *,
        on_end_turn: Callable[[], Any] | None = None,
        on_undo: Callable[[], Any] | None = None,
    ) -> None:
        self.config = config
        self.factory = make_pin_factory(config.pin_factory)
        factory = self.factory if self.factory is not None else Device.pin_factory
        self.end_turn = Button(config.end_turn, pin_factory=factory)
        self.undo = Button(config.undo, hold_time=config.undo_hold_s, pin_factory=factory)
        self.seat_leds = [LED(pin, pin_factory=factory) for pin in config.seat_leds]
        self.status_led = LED(config.status_led, pin_factory=factory)
        self.end_turn.when_pressed = lambda: on_end_turn and on_end_turn()
        self.undo.when_held = lambda: on_undo and on_undo()
        self._status: Status = "off"

    @property
    def virtual(self) -> bool:
        """Whether the pins are mock pins that the page's virtual buttons may drive."""
        return isinstance(self.factory, MockFactory)

    def show(self, seats: Iterable[int], status: Status) -> None:
        """Light the LEDs of ``seats`` (0-based) and put the status LED in ``status``."""
        lit = set(seats)
        for i, led in enumerate(self.seat_leds):
            led.value = i in lit
        if status != self._status:
            self._status = status
            if status == "attention":
                self.status_led.blink(on_time=0.25, off_time=0.25)
            else:
                self.status_led.value = status == "watching"

    def snapshot(self) -> dict[str, Any]:
        """What the LEDs show now, for the page: seat LEDs lit and the status mode."""
        return {"seats": [bool(led.value) for led in self.seat_leds], "status": self._status}

    def press(self, name: str) -> None:
        """Press a virtual button (mock pins only): END TURN briefly, UNDO held past its hold time.

        Returns at once; the release happens on a background thread, as a finger would.
        """
        if not self.virtual:
            raise RuntimeError("virtual buttons need the mock pin factory")
        if name not in BUTTONS:
            raise ValueError(f"unknown button {name!r}")
        button = self.end_turn if name == "end_turn" else self.undo
        hold = self.config.undo_hold_s + 0.3 if name == "undo" else 0.1
        pin = button.pin
        pin.drive_low()

        def release() -> None:
            time.sleep(hold)
            pin.drive_high()

        threading.Thread(target=release, daemon=True, name=f"release-{name}").start()

    def close(self) -> None:
        for device in (self.end_turn, self.undo, *self.seat_leds, self.status_led):
            device.close()

    def __enter__(self) -> TableControls:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
