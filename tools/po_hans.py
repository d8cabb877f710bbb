"""Fill the 简体 catalog from the 繁體 one: every zh_Hans entry whose msgstr is empty (or, with
``--all``, every entry) becomes the simplified form of its zh_Hant msgstr, by OpenCC t2s and the
mainland words of tools/learn_hans.py (`pip install opencc`). Review the diff by eye.

    python3 tools/po_hans.py [--all]
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _simplified():
    spec = importlib.util.spec_from_file_location("learn_hans", ROOT / "tools" / "learn_hans.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.simplified


def main(argv: list[str]) -> int:
    from babel.messages.pofile import read_po, write_po

    simplified = _simplified()
    base = ROOT / "yezi" / "locale"
    with (base / "zh_Hant" / "LC_MESSAGES" / "yezi.po").open("rb") as f:
        hant = {m.id: m.string for m in read_po(f, locale="zh_Hant") if m.id}
    path = base / "zh_Hans" / "LC_MESSAGES" / "yezi.po"
    with path.open("rb") as f:
        cat = read_po(f, locale="zh_Hans", domain="yezi")
    n = 0
    for m in cat:
        src = hant.get(m.id)
        if not m.id or not src or (m.string and "--all" not in argv):
            continue
        m.string = tuple(simplified(s) for s in src) if isinstance(src, tuple | list) else simplified(src)
        n += 1
    with path.open("wb") as f:
        write_po(f, cat, width=120, sort_output=False, include_previous=False, include_lineno=False)
    print(f"{n} entries filled in {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
