"""How many games each differential run plays against the Python engine (one place for every game).

The default run plays enough to meet each preset's and each option value's common paths; the rule
branches random play seldom reaches are met on purpose (yezi.core.branches, the hand-built deals),
so the numbers here buy breadth, not coverage of a named rule. `YEZI_NATIVE_DIFF_GAMES` raises them
(the slow run's `_long` tests play a million a preset)."""

from __future__ import annotations

import os

#: games a preset
N = int(os.environ.get("YEZI_NATIVE_DIFF_GAMES", 2500))
#: games an option value away from its preset
N_OPTION = max(600, N // 10)
