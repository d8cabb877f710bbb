"""Luk Fu 六虎牌, the Hakka trick game descended from Ma Diao (4 players with a dummy, or 3)."""
