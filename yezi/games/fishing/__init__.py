"""Fishing 釣魚 with 十五湖 cards (2 or 3 players), and Tiu U 釣魚 with two domino sets.

Modules: `game` (the engine on the protocol), `scoring` (catch classification), `settlement`
(the swappable pairwise methods M1, M2, M3, YL, plain), `bots`, `text` (for ``yezi play``).
"""
