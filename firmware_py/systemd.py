"""systemd notifications (``Type=notify``, ``WatchdogSec``), spoken over $NOTIFY_SOCKET directly.

Outside systemd (no $NOTIFY_SOCKET) every call does nothing. The runtime sends ``WATCHDOG=1``
only while the camera delivers frames (FACTS: notify only while frames arrive), so a stuck camera
makes systemd restart the service.
"""

from __future__ import annotations

import os
import socket


def notify(message: str) -> bool:
    """Send ``message`` ("READY=1", "WATCHDOG=1", "STATUS=...") to systemd; whether it was sent."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(address)
            sock.sendall(message.encode())
        except OSError:
            return False
    return True
