"""The purity checker: render what yezi shows a reader in each language and count the leaks.

    python3 tools/purity.py                 # counts per category, source and game
    python3 tools/purity.py --show 20       # and the first 20 findings of each category
    python3 tools/purity.py --write-ratchet # record the counts in tests/i18n/purity_ratchet.json

What is rendered, in 繁體, 简体 and English:
- ``guide``: every player's guide page (HTML, as /rules/<game> serves it) and its terminal form;
- ``learn``: every tutorial page and every lesson step's text, HTML and terminal;
- ``frames``: a sampled deal of every game and preset (a fixed seed, random moves): each move's log
  line, the labels of the legal moves, the explanations the server adds to frames (settlements),
  what the terminal prints of the table;
- ``errors``: the engine's refusal of illegal moves met along those deals;
- ``cli``: `yezi play --autoplay`, `yezi replay`;
- ``web``: the web client's strings (yezi/web/i18n.js, written from the catalogs);
- ``lobby``: what the lobby shows of each game (preset titles, option names, descriptions, values);
- ``boards``: each game's table drawing (`table_svg`, the boards of the guides and tutorials) at positions
  of a sampled deal of every preset, its words and card faces (faces are printed in 繁體 for every reader
  and marked so);
- ``sources``: the guides' and lessons' source lines, each in its own language with the markup taken out,
  so that a finding names the file and line an author fixes.

The rules (yezi/guides/purity.py) count four categories: ``en-cjk`` (Chinese in English outside marked
names), ``hans-trad`` (traditional-only characters in 简体), ``hant-simp`` (simplified-only characters
in 繁體), ``zh-latin`` (English words in Chinese). Marked names: in HTML an element with
``lang="zh-…"``; in plain text the gloss form ``English name 中文`` (or ``English name (中文)``), where
the Chinese is a known name (yezi/guides/names.py).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from yezi.guides.purity import CATEGORIES, Finding, check_html, check_text  # noqa: E402

LANGS = ("zh-hant", "zh-hans", "en")
RATCHET = ROOT / "tests" / "i18n" / "purity_ratchet.json"
MAX_ERRORS_PER_STEP = 3


def _lang_strings(x: Any, lang: str | None = None) -> Iterator[tuple[str, str]]:
    """(language, text) of every string in JSON data that sits under a language key."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _lang_strings(v, k if k in LANGS else lang)
    elif isinstance(x, list | tuple):
        for v in x:
            yield from _lang_strings(v, lang)
    elif isinstance(x, str) and lang is not None:
        yield lang, x


def _cli(argv: list[str]) -> str:
    from yezi.cli.main import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf), contextlib.suppress(SystemExit):
        main(argv)
    return buf.getvalue()


def guide_items(games: list[str]) -> Iterator[tuple[str, str, str, str, str]]:
    from yezi.guides import has_guide
    from yezi.guides.html import guide_html
    from yezi.guides.text import guide_text

    for g in games:
        if not has_guide(g):
            continue
        for lang in LANGS:
            yield "guide", g, lang, "html", guide_html(g, lang)
            yield "guide", g, lang, "text", guide_text(g, lang)


def learn_items(games: list[str]) -> Iterator[tuple[str, str, str, str, str]]:
    from yezi.learn import has_lessons
    from yezi.learn.html import frame, game_page
    from yezi.learn.lessons import load
    from yezi.learn.text import step_text

    for g in games:
        if not has_lessons(g):
            continue
        for lang in LANGS:
            yield "learn", g, lang, "html", game_page(g, lang)
            for le in load(g):
                yield "learn", g, lang, "text", le.title[lang]
                for st in le.steps:
                    yield "learn", g, lang, "text", step_text(g, st.text[lang], lang)
                f = frame(g, le.id, lang, [])
                for key in ("text", "board", "pending"):
                    if f.get(key):
                        yield "learn", g, lang, "html", str(f[key])
                for line in f.get("log") or []:
                    yield "learn", g, lang, "text", str(line)


def frame_items(games: list[str], seed: int = 1) -> Iterator[tuple[str, str, str, str, str]]:
    from yezi.core.registry import game_class
    from yezi.server.catalog import render_module

    for g in games:
        cls = game_class(g)
        mod = render_module(g)
        for preset in cls.option_table().presets:
            game = cls.from_preset(preset)
            rng = random.Random(seed)
            st = game.start(seed=seed)
            seen_rules: set[str] = set()
            while st.current_player is not None:
                legal = st.legal_actions()
                for lang in LANGS:
                    for a in legal[:6]:
                        yield "frames", g, lang, "text", game.format_action(a, lang)
                illegal = [a for a in rng.sample(range(game.action_space_size), min(40, game.action_space_size))
                           if a not in set(legal)][:MAX_ERRORS_PER_STEP]
                for a in illegal:
                    err = st.explain_illegal(a, legal)
                    if err.rule in seen_rules:
                        continue
                    seen_rules.add(err.rule)
                    for lang in LANGS:
                        yield "errors", g, lang, "text", err.text(lang) if hasattr(err, "text") else err.message
                if len(st.history) % 10 == 5 and mod is not None and hasattr(mod, "frame_extras"):
                    seat = st.current_player  # what the seat to act is shown mid-deal (warnings, hints)
                    for lang, text in _lang_strings(mod.frame_extras(st, seat)):
                        yield "frames", g, lang, "text", text
                    if hasattr(mod, "seat_explanations") and seat is not None:
                        for lang in LANGS:
                            for text in mod.seat_explanations(st, seat, lang).get("laosui_why", {}).values():
                                yield "frames", g, lang, "text", text
                st.apply(rng.choice(legal))
            for lang in LANGS:
                for line in st.log_for(None, lang):
                    yield "frames", g, lang, "text", line
                for s in range(game.num_seats):
                    yield "frames", g, lang, "text", game.seat_name(s, lang)
            if mod is not None and hasattr(mod, "frame_extras"):
                for lang, text in _lang_strings(mod.frame_extras(st, None)):
                    yield "frames", g, lang, "text", text
            for lang, text in _lang_strings(st.view(None)):
                yield "frames", g, lang, "text", text


def cli_items(games: list[str], seed: int = 2) -> Iterator[tuple[str, str, str, str, str]]:
    import tempfile

    for g in games:
        for lang in LANGS:
            with tempfile.TemporaryDirectory() as d:
                rec = str(Path(d) / "deal.txt")
                yield "cli", g, lang, "text", _cli(["play", g, "--autoplay", "--deals", "1", "--seed", str(seed),
                                                     "--lang", lang, "--save", rec])
                if Path(rec).exists():
                    yield "cli", g, lang, "text", _cli(["replay", rec, "--lang", lang])


def web_items(games: list[str]) -> Iterator[tuple[str, str, str, str, str]]:
    """The web client's own strings (yezi/web/i18n.js, from the catalogs), counted under the game "app"."""
    from yezi.i18n.web import web_strings

    for lang in LANGS:
        for text in web_strings(lang).values():
            yield "web", "app", lang, "text", text


def lobby_items(games: list[str]) -> Iterator[tuple[str, str, str, str, str]]:
    """What the lobby shows of each game: preset titles, option names, descriptions and values."""
    from yezi.server.catalog import describe

    for g in games:
        d = describe(g)
        for lang, text in _lang_strings({"presets": d["presets"], "options": d["options"], "titles": d["titles"]}):
            yield "lobby", g, lang, "text", text


def board_items(games: list[str], seed: int = 3) -> Iterator[tuple[str, str, str, str, str]]:
    """Each game's table drawing, from the seat to act, every few moves of a sampled deal of every preset
    and at its end (the public view, and the first seat's)."""
    from yezi.core.registry import game_class
    from yezi.server.catalog import render_module

    for g in games:
        mod = render_module(g)
        if mod is None or not hasattr(mod, "table_svg"):
            continue
        cls = game_class(g)
        for preset in cls.option_table().presets:
            game = cls.from_preset(preset)
            rng = random.Random(seed)
            st = game.start(seed=seed)
            views = []
            while st.current_player is not None:
                if len(st.history) % 7 == 1:
                    views.append(st.view(st.current_player))
                st.apply(rng.choice(st.legal_actions()))
            views += [st.view(0), st.view(None)] if g != "lukfu" else [st.view(0)]
            for view in views:
                for lang in LANGS:
                    names = [game.seat_name(s, lang) for s in range(game.num_seats)]
                    yield "boards", g, lang, "html", mod.table_svg(view, lang, seat_names=names)


_MARKUP = re.compile(r"\{(?:card|fact|year|opt|preset|pays):[^}]*\}|\[\[([^\]|]+)(?:\|([^\]]+))?\]\]")


def _source_prose(line: str) -> str:
    """A source line as its reader reads the words: markup filled in by the engine dropped, a term's
    shown words kept (the display text, else the key, which a Chinese page shows in its own script)."""
    line = re.sub(r"^#+\s+(?:[a-z][a-z0-9-]*\s*\|\s*)?", "", line).replace("**", "")  # a section's id is not prose
    return _MARKUP.sub(lambda m: "" if m.group(0).startswith("{") else (m.group(2) or m.group(1)), line)


def source_items(games: list[str]) -> Iterator[tuple[str, str, str, str, str]]:
    """The guides' and lessons' source text, line by line, each in its own language."""
    import tomllib

    from yezi.guides import guide_source, has_guide
    from yezi.learn import has_lessons

    for g in games:
        if has_guide(g):
            for lang in LANGS:
                for line in guide_source(g, lang).splitlines():
                    if line.strip() and not line.startswith(("::", "<!--")):
                        yield "sources", g, lang, "text", _source_prose(line)
        if has_lessons(g):
            data = tomllib.loads((ROOT / "yezi" / "learn" / f"{g}.toml").read_text(encoding="utf-8"))
            for le in data.get("lesson", []):
                for field in [le.get("title", {})] + [st.get("text", {}) for st in le.get("step", [])]:
                    for lang in LANGS:
                        if isinstance(field.get(lang), str):
                            yield "sources", g, lang, "text", _source_prose(field[lang])


def collect(games: list[str], sources: list[str]) -> list[tuple[str, str, str, Finding]]:
    gens = {"guide": guide_items, "learn": learn_items, "frames": frame_items, "cli": cli_items, "web": web_items,
            "lobby": lobby_items, "boards": board_items, "sources": source_items}
    found: list[tuple[str, str, str, Finding]] = []
    for src in sources:
        for source, game, lang, kind, text in gens[src](games):
            for f in (check_html(text, lang) if kind == "html" else check_text(text, lang)):
                found.append((source, game, lang, f))
    return found


def summarize(found: list[tuple[str, str, str, Finding]]) -> dict[str, dict[str, int]]:
    """{category: {"source/game": count}} with a total per category."""
    out: dict[str, dict[str, int]] = {c: {} for c in CATEGORIES}
    for source, game, _lang, f in found:
        key = f"{source}/{game}"
        out[f.category][key] = out[f.category].get(key, 0) + 1
    return out


def main(argv: list[str] | None = None) -> int:
    from yezi.core.registry import GAMES

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--sources", default="guide,learn,frames,cli,web,lobby,boards,sources")
    p.add_argument("--show", type=int, default=0, help="print this many findings of each category")
    p.add_argument("--write-ratchet", action="store_true")
    args = p.parse_args(argv)
    games = args.games.split(",")
    found = collect(games, args.sources.split(","))
    summary = summarize(found)
    for cat in CATEGORIES:
        total = sum(summary[cat].values())
        print(f"{cat}: {total}")
        for key, n in sorted(summary[cat].items()):
            print(f"  {key}: {n}")
    if args.show:
        for cat in CATEGORIES:
            shown = Counter((s, g, lang, f.snippet) for s, g, lang, f in found if f.category == cat)
            for (s, g, lang, snip), n in shown.most_common(args.show):
                print(f"[{cat}] {s}/{g} {lang} ×{n}: {snip!r}")
    if args.write_ratchet:
        RATCHET.write_text(json.dumps(summary, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
