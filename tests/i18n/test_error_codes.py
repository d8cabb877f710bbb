"""Every refusal a player's page can be shown reads in the player's language.

The codes are collected from the server's sources (a refusal is raised or sent as
``TableError("code", ...)``, ``BadInput("code", ...)``, ``err("code", ...)``, ``refuse("code", ...)``,
``_later``/``_error("code", ...)``, a frame or body ``{"code"/"error": "code"}``, a ``return "code", f"..."``
refusal, or a schema's ``field_codes``), so a code added there without a text fails here. The texts
live in the errors table of yezi/web/i18n.js (catalog context ``web:errors.<code>``); a refusal that
carries its own translations (``messages``: an illegal move names the rule it breaks) is shown in
those first, by ``errorText``.
"""

from __future__ import annotations

import pathlib
import re

from yezi.i18n.web import read_strings

SERVER = pathlib.Path(__file__).parents[2] / "yezi" / "server"
CODE = r'"([a-z][a-z-]*)"'
PATTERNS = [re.compile(p) for p in (
    r"\b(?:TableError|BadInput|err|refuse|_later|_error)\(\s*" + CODE,
    r'"(?:code|error)":\s*' + CODE,
    r"\breturn\s+" + CODE + r',\s*f?"',
    r"\bdefault_code(?::\s*str)?\s*=\s*" + CODE,
)]

#: codes no page of yezi sends a request or message for: only a hand-made client (or a hostile one)
#: meets them, and it reads the English message. Each with the reason a page cannot trigger it.
DEVELOPER_ONLY = {
    "bad-json": "the pages send JSON they build themselves",
    "bad-message": "a WebSocket message of an unknown type or shape; the table page sends known ones only",
    "bad-id": "the table page's action ids are short strings it makes",
    "bad-request": "a body that is not an object, `hints` not a bool, an unknown game or language in "
                   "/api/games/<game>/<lang>: the pages never send one",
    "unsupported-media-type": "the pages send Content-Type: application/json",
    "bad-origin": "a request from another site's page (the cross-site guard); yezi's own pages are same-origin",
    "bad-host": "a request under a host name the operator did not allow (DNS rebinding); yezi's own pages "
                "come from the host the operator serves them under",
    "bad-lang": "the pages send zh-hant, zh-hans or en only",
    "bad-level": "the hint button sends a level from the server's own list",
    "bad-inputs": "the tutorial page sends back the inputs the server gave it",
    "bad-attempt": "the tutorial page sends an action code the server offered",
    "bad-input": "the tutorial page sends `next` as a bool",
    "bad-lesson": "the tutorial page asks only for the lessons its own list names",
    "stale-progress": "learn.js starts the lesson over on this 409 and shows nothing",
}
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
#: words of written Cantonese: the 简体 texts are Mandarin, as the rest of the zh-hans strings
CANTONESE = re.compile(r"[嘅咗喺冇唔啲嚟佢撳睇咁乜嗰]")


def server_codes() -> dict[str, set[str]]:
    """{code: the server files that send it}."""
    from yezi.server import schemas
    from yezi.server.accounts import club_schemas

    found: dict[str, set[str]] = {}
    for path in sorted(SERVER.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pat in PATTERNS:
            for m in pat.finditer(text):
                found.setdefault(m.group(1), set()).add(str(path.relative_to(SERVER)))
    tables = [getattr(v, "field_codes", None) for mod in (schemas, club_schemas) for v in vars(mod).values()]
    tables.append(schemas.WS_FIELD_CODES)
    for table in tables:
        if isinstance(table, dict):
            for code in table.values():
                found.setdefault(code, set()).add("schemas.py")
    return found


def test_the_scan_finds_the_server_codes():
    """The scan itself works: codes sent in each of the ways above are found."""
    codes = server_codes()
    for code in ("stale", "illegal", "bad-json", "too-many-sockets", "too-many-tables", "busy", "bad-record",
                 "bad-origin", "bad-timer", "bad-name", "server"):
        assert code in codes, code
    assert "error" not in codes and "state" not in codes


def test_every_code_a_page_can_meet_has_a_text_in_three_languages():
    codes = set(server_codes())
    strings = read_strings()
    errors = {lang: strings[lang]["errors"] for lang in ("zh-hant", "zh-hans", "en")}
    player_facing = codes - set(DEVELOPER_ONLY)
    missing = {lang: sorted(player_facing - set(table)) for lang, table in errors.items()}
    assert not any(missing.values()), missing
    for code in sorted(player_facing):
        en, hant, hans = errors["en"][code], errors["zh-hant"][code], errors["zh-hans"][code]
        assert LATIN_WORD.search(en), (code, en)
        for lang, text in (("zh-hant", hant), ("zh-hans", hans)):
            assert CJK.search(text) and not LATIN_WORD.search(text), (code, lang, text)
        assert not CANTONESE.search(hans), (code, hans)


def test_no_text_for_a_code_the_server_never_sends():
    codes = set(server_codes())
    strings = read_strings()
    for lang in ("zh-hant", "zh-hans", "en"):
        assert sorted(set(strings[lang]["errors"]) - codes) == [], lang
    assert sorted(set(DEVELOPER_ONLY) - codes) == []  # the list of exceptions does not rot
    assert sorted(set(DEVELOPER_ONLY) & set(strings["en"]["errors"])) == []
