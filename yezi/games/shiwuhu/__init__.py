"""十五胡 (Shiwu Hu), the climbing game with the 84 十五湖 cards: a reconstruction from seed 003's comment.

Modules: `plays` (the fixed table of plays and their notation), `game` (the engine on the protocol),
`bots` (the heuristic bot), `text` (for ``yezi play``). Rules and sources: docs/shiwuhu.md.
"""
