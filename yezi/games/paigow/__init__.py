"""牌九 Pai Gow, the banking game of the Tien Gow family: 大牌九 (four tiles) and 小牌九 (two).

Modules: `hands` (two-tile hand ranking, names and splits), `game` (the engine on the protocol),
`bots` (the house way), `text` (for ``yezi play``). Spec: docs/paigow.md.
"""
