"""頂牛 tiles and table as SVG: `yezi.render.dominoes` with the dingniu tile names."""

from __future__ import annotations

from yezi.render import dominoes as _d

STYLE = "dingniu"
frame_extras = _d.frame_extras
assets, table_svg = _d.bind_style(STYLE)
