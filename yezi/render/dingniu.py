"""頂牛 tiles and table as SVG: `yezi.render.dominoes` with the dingniu tile names."""

from __future__ import annotations

from typing import Any

from yezi.render import dominoes as _d

STYLE = "dingniu"
frame_extras = _d.frame_extras


def assets(lang: str = "zh-hant") -> dict[str, Any]:
    return _d.assets(lang, STYLE)


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
    return _d.table_svg(view, lang, seat_names, STYLE)
