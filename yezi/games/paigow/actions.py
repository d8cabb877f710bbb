"""牌九 action codes (445), in a module of their own so that the engine, the bots and the renderer
share them without importing each other:

* ``0 … 2``        stake 1, 2 or 3 units               (押2注 / stake 2 / s2)
* ``3 + a*21 + b``  set tiles a ≤ b as the front hand    (頭天·人 / front Heaven + Man / f66+44)
* ``444``          open two tiles (小牌九)              (開牌 / open / o)
"""

from __future__ import annotations

from yezi.components.tiengow import NUM_KINDS as K

STAKE = 0
STAKES = (1, 2, 3)
SET = 3
OPEN = SET + K * K
ACTION_SPACE = OPEN + 1
SET_CODE = {(a, b): SET + a * K + b for a in range(K) for b in range(a, K)}
