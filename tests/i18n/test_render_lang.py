"""Face-down cards drawn on a table are named in the page's language (a 简体 page said 蓋着的牌)."""

from __future__ import annotations

from yezi.render import lukfu


def test_face_down_cards_are_named_in_the_readers_language():
    assert "盖着的牌" in lukfu._row([None, 0], 0, 0, "zh-hans") and "蓋着" not in lukfu._row([None], 0, 0, "zh-hans")
    assert "face-down card" in lukfu._row([None], 0, 0, "en")
