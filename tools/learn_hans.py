"""Fill in the simplified-Chinese texts of a lesson file from its traditional ones with OpenCC
(`pip install opencc`) and the mainland words of tools/build_glossary.py: after every
``….zh-hant = "…"`` line, the ``….zh-hans`` line is written (or rewritten). Review the output by eye.

    python3 tools/learn_hans.py yezi/learn/lukfu.toml
"""

from __future__ import annotations

import re
import sys

import opencc

t2s = opencc.OpenCC("t2s")
# Hong Kong words OpenCC leaves alone, as tools/build_glossary.py writes them for the mainland
MAINLAND_WORDS = {"甚么": "什么", "枱": "桌"}


def simplified(text: str) -> str:
    out = t2s.convert(text)
    for hk, mainland in MAINLAND_WORDS.items():
        out = out.replace(hk, mainland)
    return out

HANT = re.compile(r'^(\s*)([\w.]*)zh-hant = (".*")\s*$')


def fill(text: str) -> str:
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        m = HANT.match(line)
        if m:
            indent, prefix, value = m.groups()
            if i + 1 < len(lines) and lines[i + 1].strip().startswith(f"{prefix}zh-hans = "):
                i += 1  # rewritten below
            out.append(f"{indent}{prefix}zh-hans = {simplified(value)}")
        i += 1
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            src = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(fill(src))
