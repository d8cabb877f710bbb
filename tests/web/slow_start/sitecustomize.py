"""Loaded at interpreter start by the `yezi serve` processes a test starts with this folder first on
PYTHONPATH (`tests.web.helpers.slow_start`): the start-up of a loaded machine, made on purpose.

YEZI_TEST_SLOW_START_S: seconds the start-up takes before the server joins the cluster (the first
load of the engines blocks that long). YEZI_TEST_SLOW_RENEWAL_S: seconds the lease renewal thread
waits before its first round (a thread slow to get its turn). Nothing here is part of the server."""

from __future__ import annotations

import os
import time

_START_S = float(os.environ.get("YEZI_TEST_SLOW_START_S", "0"))
_RENEWAL_S = float(os.environ.get("YEZI_TEST_SLOW_RENEWAL_S", "0"))

if _START_S > 0:
    from yezi.server import catalog

    _playable_games = catalog.playable_games
    _slept: list[bool] = []

    def _slow_playable_games(*args, **kwargs):
        if not _slept:
            _slept.append(True)
            time.sleep(_START_S)
        return _playable_games(*args, **kwargs)

    catalog.playable_games = _slow_playable_games

if _RENEWAL_S > 0:
    from yezi.server import cluster

    _renew_loop = cluster.Cluster._renew_loop

    def _slow_renew_loop(self):
        time.sleep(_RENEWAL_S)
        _renew_loop(self)

    cluster.Cluster._renew_loop = _slow_renew_loop
