"""A local SMTP server for the accounts' mail tests (aiosmtpd, started per test on a free port)."""

from __future__ import annotations

import socket
import time
from email import message_from_bytes, policy

import pytest


class Inbox:
    """What the local SMTP server received, as parsed messages."""

    def __init__(self):
        self.messages: list = []
        self.url = ""

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd calls it by this name
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def wait(self, n: int, timeout: float = 10.0):
        end = time.monotonic() + timeout
        while len(self.messages) < n and time.monotonic() < end:
            time.sleep(0.02)
        assert len(self.messages) >= n, self.messages
        return self.messages[n - 1]


@pytest.fixture
def inbox():
    controller = pytest.importorskip("aiosmtpd.controller")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    box = Inbox()
    ctl = controller.Controller(box, hostname="127.0.0.1", port=port)
    ctl.start()
    box.url = f"smtp+plain://127.0.0.1:{port}"
    yield box
    ctl.stop()
