"""打天九 Tien Gow: the trick game of the Chinese domino set (docs/tiengow.md).

Modules: `combos` (the sets and what beats what), `game` (the engine on the protocol), `scoring`
(payments with reasons), `bots` (the heuristic), `text` (for ``yezi play`` / ``yezi replay``).
"""
