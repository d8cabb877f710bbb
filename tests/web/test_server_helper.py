"""The test helper `Server` (tests/web/helpers.py) only ever hands back a server that is its own process.

Under pytest-xdist a port picked before the server binds it can be picked by another worker too (the
kernel hands out free ports at random: two workers asking at once may both get the same one). The
server that lost the race then exits "port in use", while its health poll was answered by the other
worker's server; the test went on against that server and lost its WebSocket (1012) when the other
test stopped it."""

from __future__ import annotations

import os
import tempfile

import pytest

from tests.web.helpers import Server


def _sqlite_url() -> str:
    return "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-db-"), "yezi.db")


def test_a_server_whose_port_is_taken_does_not_pass_for_the_one_on_it():
    first = Server(_sqlite_url()).start()
    try:
        second = Server(_sqlite_url())
        second.requested_port = second.port = first.port  # as if the kernel had handed it the same port
        with pytest.raises(RuntimeError, match="already in use"):
            second.start()  # its health poll would be answered by `first`
        assert second.proc is not None and second.proc.poll() == 2
        assert first.proc is not None and first.proc.poll() is None
    finally:
        first.stop()


def test_the_port_is_the_one_the_server_process_bound():
    srv = Server(_sqlite_url())
    assert srv.port == 0  # nothing chosen before the process binds
    srv.start()
    try:
        assert srv.port > 0 and f"serving on http://127.0.0.1:{srv.port}" in srv.log()
        assert srv.get("/api/health").status_code == 200
    finally:
        srv.stop()
