"""Add the web client's new strings (yezi/web/i18n.js) to the three server catalogs.

The catalogs hold every user-facing string, the web's under the context ``web:<key>`` (so that
translators, the purity checks and `tests/i18n/test_catalog.py` see them beside the server's): the
English text is the msgid; zh_Hant and zh_Hans carry their own text as msgstr, en an empty one.
This appends an entry for each key a catalog lacks and reports keys whose English changed (those
are edited by hand: a changed msgid is a new string for the translators). Needs node (it reads
the module as the browser does).

    python3 tools/web_po_sync.py
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PO = {"zh-hant": "zh_Hant", "zh-hans": "zh_Hans", "en": "en"}


def flat(d: dict[str, object], prefix: str = "") -> dict[str, str]:
    """A nested table's keys as the catalogs name them: ``errors.no-club``."""
    out: dict[str, str] = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out |= flat(v, f"{prefix}{k}.")
        else:
            out[prefix + k] = str(v)
    return out


def strings() -> dict[str, dict[str, str]]:
    js = (ROOT / "yezi/web/i18n.js").as_uri()
    out = subprocess.run(["node", "--input-type=module", "-e",
                          f"import {{ STRINGS }} from {json.dumps(js)}; console.log(JSON.stringify(STRINGS));"],
                         check=True, capture_output=True, text=True).stdout
    return {lang: flat(d) for lang, d in json.loads(out).items()}


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main() -> int:
    table = strings()
    en = table["en"]
    for lang, folder in PO.items():
        path = ROOT / "yezi/locale" / folder / "LC_MESSAGES/yezi.po"
        text = path.read_text(encoding="utf-8")
        have = dict(re.findall(r'msgctxt "web:([^"]+)"\nmsgid "((?:[^"\\]|\\.)*)"', text))
        added = []
        for key, english in en.items():
            if key not in have:
                own = "" if lang == "en" else table[lang].get(key, "")
                added.append(f'\n#. web: {key}\n#: yezi/web/i18n.js\nmsgctxt "web:{key}"\nmsgid {quote(english)}\n'
                              f"msgstr {quote(own)}\n")
            elif json.loads(quote(english)) != json.loads('"' + have[key] + '"'):
                print(f"{folder}: web:{key} changed its English; edit the entry by hand", file=sys.stderr)
        if added:
            path.write_text(text.rstrip("\n") + "\n" + "".join(added), encoding="utf-8")
        print(f"{folder}: {len(added)} added")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
