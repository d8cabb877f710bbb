"""The web client's strings (yezi/web/i18n.js) and the catalogs.

i18n.js keeps its API (`STRINGS`, `t`, `botName`, `errorText`) and its English block is the source
of the msgids, as Python code is: each string is a catalog entry with the context ``web:KEY``
(``web:errors.seat-taken`` for nested tables), so a translator works on the same ``.po`` files. The
Chinese blocks of i18n.js are written from the catalogs by ``yezi i18n web`` (only values that
differ are replaced, so the file keeps its layout); a test checks that they agree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from yezi.i18n.catalog import LANGS, catalog

I18N_JS = Path(__file__).resolve().parent.parent / "web" / "i18n.js"
START = "export const STRINGS = "


def _literal(text: str) -> tuple[int, int]:
    """Where the STRINGS object literal starts and ends in i18n.js."""
    a = text.index(START) + len(START)
    b = text.index("\n};", a) + 2
    return a, b


def _to_json(lit: str) -> str:
    """A JS object literal of strings as JSON: bare keys quoted, trailing commas dropped, strings untouched."""
    out: list[str] = []
    i, n = 0, len(lit)
    while i < n:
        c = lit[i]
        if c == '"':
            j = i + 1
            while lit[j] != '"':
                j += 2 if lit[j] == "\\" else 1
            out.append(lit[i:j + 1])
            i = j + 1
            continue
        m = re.match(r"[A-Za-z_$][\w$]*(?=\s*:)", lit[i:])
        if m and (not out or not out[-1][-1:].isalnum()):
            out.append(f'"{m.group()}"')
            i += m.end()
            continue
        out.append(c)
        i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


def read_strings_from_text(text: str) -> dict[str, dict]:
    a, b = _literal(text)
    return json.loads(_to_json(text[a:b]))


def read_strings(path: Path = I18N_JS) -> dict[str, dict]:
    """STRINGS of i18n.js as data."""
    return read_strings_from_text(path.read_text(encoding="utf-8"))


def flatten(table: dict, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(key, text) of a language block; nested tables give dotted keys (``errors.seat-taken``)."""
    for k, v in table.items():
        if isinstance(v, dict):
            yield from flatten(v, f"{prefix}{k}.")
        else:
            yield prefix + k, v


def context(key: str) -> str:
    return f"web:{key}"


def web_strings(lang: str) -> dict[str, str]:
    """Every web string in `lang` from the catalogs: {dotted key: text} (the JSON the client could load)."""
    en = dict(flatten(read_strings()["en"]))
    cat = catalog(lang)
    return {k: cat.get_ctx(context(k), v) for k, v in en.items()}


def error_texts(lang: str) -> dict[str, str]:
    """The errors table of the web strings in `lang`: {refusal code: text}, for pages that do not load
    i18n.js (the tutorial's script)."""
    return {k.split(".", 1)[1]: v for k, v in web_strings(lang).items() if k.startswith("errors.")}


def extract_js(fileobj, keywords, comment_tags, options):
    """Babel extraction method for i18n.js: the English block's strings, each with its context."""
    text = fileobj.read().decode("utf-8")
    a, _b = _literal(text)
    en_at = text.index("\n  en: {", a)
    line = text[:en_at].count("\n") + 2
    data = read_strings_from_text(text)
    for key, msg in flatten(data["en"]):
        yield line, "pgettext", (context(key), msg), [f"web: {key}"]


def _js(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def sync(path: Path = I18N_JS) -> int:
    """Write the catalogs' translations into the Chinese blocks of i18n.js; return how many changed."""
    text = path.read_text(encoding="utf-8")
    data = read_strings(path)
    changed = 0
    for lang in LANGS:
        if lang == "en":
            continue
        want = web_strings(lang)
        have = dict(flatten(data.get(lang, {})))
        start = text.index(f'\n  "{lang}": {{')
        end = text.index("\n  },", start)
        block = text[start:end]
        for key, new in want.items():
            old = have.get(key)
            if old is None or old == new:
                continue
            leaf = key.rsplit(".", 1)[-1]
            pat = re.compile(r'((?:^|[{,\s])"?' + re.escape(leaf) + r'"?\s*:\s*)' + re.escape(_js(old)))
            block, n = pat.subn(lambda m, new=new: m.group(1) + _js(new), block, count=1)
            changed += n
        text = text[:start] + block + text[end:]
    if changed:
        path.write_text(text, encoding="utf-8")
    return changed


def import_translations(path: Path = I18N_JS) -> int:
    """Fill catalog entries of web strings that have no translation yet from i18n.js's Chinese blocks
    (strings added to i18n.js by hand, e.g. on a merge); return how many were filled."""
    from babel.messages.pofile import read_po, write_po

    from yezi.i18n.catalog import LOCALES, catalog, po_path

    data = read_strings(path)
    filled = 0
    for lang in ("zh-hant", "zh-hans"):
        have = {context(k): v for k, v in flatten(data.get(lang, {}))}
        with po_path(lang).open("rb") as f:
            cat = read_po(f, locale=LOCALES[lang], domain="yezi")
        for m in cat:
            if m.context in have and not m.string:
                m.string = have[m.context]
                filled += 1
        with po_path(lang).open("wb") as f:
            write_po(f, cat, width=120, sort_output=False, include_previous=False, include_lineno=False)
        catalog.cache_clear()
    return filled
