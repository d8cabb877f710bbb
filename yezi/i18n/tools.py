"""Keeping the catalogs: extract the msgids from the code, merge them into the three ``.po`` files,
compile ``.mo`` files, export JSON for the web client. Run as ``yezi i18n extract|compile|json``.

Python keywords: ``_(lang, msgid)``, ``ngettext(lang, singular, plural, n)``, ``N_(msgid)``,
``Msg(msgid[, plural])``, and with a context ``NP_(context, msgid)`` and ``_c(lang, context, msgid)``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from yezi.i18n.catalog import DOMAIN, LANGS, LOCALE_DIR, LOCALES, load_po, po_path

PACKAGE_DIR = LOCALE_DIR.parent
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {"_": (2,), "ngettext": (2, 3), "N_": None, "Msg": None, "pgettext": ((1, "c"), 2),
            "NP_": ((1, "c"), 2), "_c": ((2, "c"), 3),
            "npgettext": ((2, "c"), 3, 4)}
METHODS = [("i18n/**.py", "ignore"), ("**.py", "python"),
           ("games/**/options.toml", "yezi.i18n.tools:extract_toml"),
           ("games/**/presets.toml", "yezi.i18n.tools:extract_toml"),
           ("web/i18n.js", "yezi.i18n.web:extract_js")]
#: the fields of the rules' TOML files a player reads in the lobby: option names and descriptions, preset titles
TOML_FIELDS = {"options.toml": ("label", "description"), "presets.toml": ("title",)}


def extract_toml(fileobj, keywords, comment_tags, options):
    """Babel extraction method for options.toml / presets.toml: each table's `label`, `description`
    (options) or `title` (presets), with its line number."""
    import re
    import tomllib

    raw = fileobj.read().decode("utf-8")
    kind = "presets.toml" if re.search(r"^title = ", raw, re.M) else "options.toml"
    data = tomllib.loads(raw)
    lines = raw.splitlines()
    if isinstance(data.get("notice"), str):  # a game-wide caveat at the top of presets.toml
        yield next((i + 1 for i, ln in enumerate(lines) if ln.startswith("notice")), 1), None, data["notice"], []
    for name, table in data.items():
        if not isinstance(table, dict):
            continue
        head = next((i for i, ln in enumerate(lines) if ln.strip() == f"[{name}]"), 0)
        for fld in TOML_FIELDS[kind]:
            text = table.get(fld)
            if isinstance(text, str) and text:
                yield head + 1, None, text, [f"{kind.split('.')[0]}: {name}.{fld}"]
        for c in table.get("choices", ()) if kind == "options.toml" else ():
            for fld in ("label", "description"):
                if c.get(fld):
                    note = " (label)" if fld == "label" else ""
                    yield head + 1, None, c[fld], [f"options: {name} = {c['value']!r}{note}"]


def extract() -> object:
    """The template catalog of every marked msgid in the package, with its source locations."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    keywords = {k: v for k, v in KEYWORDS.items()}
    tmpl = Catalog(project="yezi", domain=DOMAIN, creation_date=datetime(2026, 1, 1, tzinfo=UTC),
                   charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE_DIR, METHODS, keywords=keywords, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        tmpl.add(message, None, [(f"yezi/{filename}", lineno)], auto_comments=comments, context=context,
                 flags=("python-brace-format",) if isinstance(message, str) and "{" in message else ())
    return tmpl


def update(write_pot: bool = True) -> dict[str, int]:
    """Merge the extracted msgids into each language's ``.po``; return how many lack a translation."""
    from babel.messages.pofile import read_po, write_po

    tmpl = extract()
    if write_pot:
        POT_PATH.parent.mkdir(parents=True, exist_ok=True)
        with POT_PATH.open("wb") as f:
            write_po(f, tmpl, width=120, omit_header=False, sort_output=False, include_lineno=False)
    missing: dict[str, int] = {}
    for lang in LANGS:
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as f:
                cat = read_po(f, locale=LOCALES[lang], domain=DOMAIN)
        else:
            from babel.messages.catalog import Catalog
            cat = Catalog(locale=LOCALES[lang], domain=DOMAIN, project="yezi", charset="utf-8", fuzzy=False)
        cat.update(tmpl, no_fuzzy_matching=True)
        cat.obsolete.clear()
        with path.open("wb") as f:
            write_po(f, cat, width=120, omit_header=False, sort_output=False, include_previous=False,
                     include_lineno=False)
        missing[lang] = sum(1 for m in cat if m.id and not _translated(m.string))
    return missing


def _translated(s: object) -> bool:
    return bool(s) if isinstance(s, str) or s is None else all(s)  # type: ignore[arg-type]


def compile_mo() -> list[Path]:
    """Write ``yezi.mo`` beside each ``.po`` (for gettext tools; yezi itself reads the ``.po``)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = []
    for lang in LANGS:
        path = po_path(lang)
        with path.open("rb") as f:
            cat = read_po(f, locale=LOCALES[lang], domain=DOMAIN)
        mo = path.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, cat)
        out.append(mo)
    return out


def export_json(out_dir: Path) -> list[Path]:
    """``<lang>.json`` per language: the catalog the web client loads."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for lang in LANGS:
        p = out_dir / f"{lang}.json"
        p.write_text(json.dumps(load_po(lang).as_json(), ensure_ascii=False, sort_keys=True, indent=0) + "\n",
                     encoding="utf-8")
        paths.append(p)
    return paths
