"""The profile page ``/u/<name>`` and the settings page ``/settings`` as HTML (pure functions of what
the route read), in the table's layout: the site's header bar, panels on the table's paper, the
app's stylesheet. Every text a player wrote (names, a bio) is escaped; the buttons are driven by
/static/social.js (no inline script: the CSP allows none).
"""

from __future__ import annotations

import time
from html import escape
from typing import Any
from urllib.parse import quote

from yezi.core.registry import game_class
from yezi.guides.html import BRAND, BRAND_TITLE
from yezi.i18n import _
from yezi.server.accounts.games import Played
from yezi.server.accounts.marks import MARKS, svg
from yezi.server.accounts.social import DELETED_NAME, LANGUAGES, PRIVACY_CHOICES, Profile, Seen
from yezi.server.accounts.words import LANGUAGE_NAMES, MARK_NAMES, WORDS
from yezi.server.errors import json_num

HTML_LANG = {"zh-hant": "zh-Hant", "zh-hans": "zh-Hans", "en": "en"}
LANG_BUTTONS = {"zh-hant": "繁體", "zh-hans": "简体", "en": "English"}


def esc(s: object) -> str:
    return escape(str(s), quote=True)


def w(lang: str, key: str, **params: Any) -> str:
    text = WORDS[lang][key]
    return esc(text.format(**params) if params else text)


def profile_path(name: str) -> str:
    """The address of a profile: the name percent-encoded (a space, ?, # or % in it stays in the path)."""
    return "/u/" + quote(name, safe="")


def _date(t: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(t))


def _game_title(game: str, lang: str) -> str:
    try:
        return game_class(game).titles[lang]
    except (KeyError, ValueError):
        return game


def page(lang: str, path: str, title: str, body: str, signed_in: bool) -> str:
    """A whole page: the site's header (brand, lobby, settings, languages), `body` in <main>."""
    langs = "".join(f'<a href="{esc(path)}?lang={lg}" lang="{HTML_LANG[lg]}"'
                    + (' aria-current="true"' if lg == lang else "") + f">{LANG_BUTTONS[lg]}</a>"
                    for lg in HTML_LANG)
    nav = f'<a href="/">{w(lang, "lobby")}</a>' + (f'<a href="/settings?lang={lang}" id="to-settings">'
                                                    f'{w(lang, "settings")}</a>' if signed_in else "")
    return (f'<!doctype html><html lang="{HTML_LANG[lang]}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)} · {BRAND_TITLE[lang]}</title>"
            '<link rel="stylesheet" href="/static/app.css"><link rel="stylesheet" href="/static/social.css">'
            '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
            '<script type="module" src="/static/social.js"></script></head>'
            f'<body data-lang="{lang}"><header id="top"><a href="/" id="home" class="brand">{BRAND[lang]}</a><nav class="site-nav">{nav}</nav>'
            f'<nav id="langs" class="lang-links" aria-label="language">{langs}</nav></header>'
            f'<main id="main" class="social-page">{body}</main>'
            '<div id="toast" role="status" aria-live="polite"></div></body></html>')


def _button(label: str, action: str, name: str = "", cls: str = "", **data: str) -> str:
    extra = "".join(f' data-{k}="{esc(v)}"' for k, v in data.items())
    return (f'<button type="button" class="{esc(cls)}" data-action="{esc(action)}" data-name="{esc(name)}"{extra}>'
            f"{label}</button>")


def _relation_bar(lang: str, seen: Seen, viewer: str | None) -> str:
    p = seen.profile
    if viewer is None or viewer == p.id:
        return (f'<p><a class="button" href="/settings?lang={lang}">{w(lang, "open_settings")}</a></p>'
                if viewer == p.id else "")
    if seen.blocked_by_me:
        return (f'<p class="relation" id="relation">{w(lang, "you_blocked")} '
                + _button(w(lang, "unblock"), "unblock", p.name) + "</p>")
    rel = seen.relation
    if rel == "friends":
        parts = [f'<span class="chip friend">{w(lang, "is_friend")}</span>',
                 _button(w(lang, "remove_friend"), "remove", p.name)]
    elif rel == "asked":
        parts = [f'<span class="chip">{w(lang, "asked")}</span>', _button(w(lang, "take_back"), "remove", p.name)]
    elif rel == "asked-me":
        parts = [f'<span>{w(lang, "asked_me", name=p.name)}</span>',
                 _button(w(lang, "accept"), "accept", p.name, "primary"), _button(w(lang, "decline"), "decline", p.name)]
    else:
        parts = [_button(w(lang, "add_friend"), "ask", p.name, "primary")]
    parts.append(_button(w(lang, "block"), "block", p.name, "quiet"))
    return f'<p class="relation" id="relation">{" ".join(parts)}</p>'


def _signed(x: Any) -> str:
    v = json_num(x)
    return f"+{v}" if isinstance(v, int | float) and v > 0 else str(v)


def _games(lang: str, games: list[Played], summary: dict[str, dict[str, int]], mine: bool) -> str:
    if summary:
        rows = "".join(f'<tr data-game="{esc(g)}"><td>{esc(_game_title(g, lang))}</td>'
                       f'<td class="num played">{s["played"]}</td><td class="num won">{s["won"]}</td></tr>'
                       for g, s in sorted(summary.items(), key=lambda kv: -kv[1]["played"]))
        counts = (f'<table class="pay" id="per-game"><thead><tr><th>{w(lang, "game")}</th><th class="num">{w(lang, "played")}</th>'
                  f'<th class="num">{w(lang, "won")}</th></tr></thead><tbody>{rows}</tbody></table>')
    else:
        counts = f'<p class="muted" id="per-game-none">{w(lang, "none")}</p>'
    lines = []
    for g in games[:30]:
        seat = f"&seat={g.position}" if mine else ""
        if g.total is not None:
            result = (f'<td class="num">{esc(_signed(g.total))}</td><td class="{"won" if g.won else "lost"}">'
                      f'{w(lang, "result_won" if g.won else "result_lost")}</td>')
            links = (f'<a class="button" href="/replay?table={esc(g.table)}&amp;deal={max(g.deals - 1, 0)}{seat}">'
                     f'{w(lang, "replay")}</a> <a class="button" download href="/api/tables/{esc(g.table)}/match.zip'
                     f'?lang={lang}">{w(lang, "records")}</a>')
        else:
            result = f'<td></td><td class="muted">{w(lang, "in_play" if g.status == "playing" else "closed")}</td>'
            links = f'<a class="button" href="/t/{esc(g.table)}">{w(lang, "watch")}</a>' if g.status == "playing" else ""
        lines.append(f'<tr data-table="{esc(g.table)}"><td>{_date(g.created_at)}</td><td>{esc(_game_title(g.game, lang))}'
                     f"</td>{result}<td class=\"links\">{links}</td></tr>")
    recent = (f'<div class="scroll"><table class="pay" id="recent"><thead><tr><th>{w(lang, "date")}</th>'
              f'<th>{w(lang, "game")}</th><th class="num">{w(lang, "total")}</th><th>{w(lang, "result")}</th><th></th></tr></thead>'
              f'<tbody>{"".join(lines)}</tbody></table></div>' if lines
              else f'<p class="muted" id="recent-none">{w(lang, "none")}</p>')
    return (f'<section class="panel" id="games"><h2>{w(lang, "games")}</h2>{counts}</section>'
            f'<section class="panel"><h2>{w(lang, "recent")}</h2>{recent}</section>')


def _head(lang: str, p: Profile, size: int = 72) -> str:
    langs = "".join(f'<li>{esc(LANGUAGE_NAMES[lang][x])}</li>' for x in p.languages)
    return (f'<div class="profile-head">{svg(p.avatar, size, MARK_NAMES[lang].get(p.avatar, "") if p.avatar else "")}'
            f'<div><h1 id="profile-name">{esc(p.name)}</h1>'
            f'<p class="muted">{w(lang, "since", date=_date(p.created_at))}</p>'
            + (f'<ul class="chips" id="languages" aria-label="{w(lang, "languages")}">{langs}</ul>' if langs else "")
            + "</div></div>"
            + (f'<p class="bio" id="bio">{esc(p.bio)}</p>' if p.bio else ""))


def profile_page(lang: str, seen: Seen, viewer: str | None, games: list[Played] | None,
                 summary: dict[str, dict[str, int]] | None, ratings_html: str = "") -> str:
    """``/u/<name>``; `games` None where the owner's privacy hides them from this viewer; `ratings_html`
    the ratings block (`leaderboard.profile_block`), shown only with the games."""
    p = seen.profile
    if games is None or summary is None:
        key = "games_friends" if p.privacy["games"] == "friends" else "games_nobody"
        shown = (f'<section class="panel" id="games"><h2>{w(lang, "games")}</h2>'
                 f'<p id="games-hidden" class="muted">{w(lang, key, name=p.name)}</p></section>')
    else:
        shown = _games(lang, games, summary, viewer == p.id)
    body = (f'<section class="panel profile">{_head(lang, p)}{_relation_bar(lang, seen, viewer)}</section>'
            + (ratings_html if games is not None else "") + shown)
    if viewer is not None and viewer != p.id and seen.relation == "friends":  # our room (/static/talk.js)
        talk = "/api/friends/" + quote(p.name, safe="") + "/chat"
        body += (f'<div data-talk="{esc(talk)}" data-name="{esc(p.name)}"></div>'
                 '<script type="module" src="/static/talk.js"></script>')
    return page(lang, profile_path(p.name), p.name, body, viewer is not None)


def not_found_page(lang: str, signed_in: bool, path: str = "/") -> str:
    body = (f'<section class="panel"><h1>{w(lang, "not_found")}</h1><p>{w(lang, "not_found_text")}</p>'
            f'<p><a href="/">{w(lang, "lobby")}</a></p></section>')
    return page(lang, path, WORDS[lang]["not_found"], body, signed_in)


def signed_out_page(lang: str) -> str:
    body = (f'<section class="panel"><h1>{w(lang, "settings")}</h1><p id="sign-in-needed">'
            f'{w(lang, "sign_in_needed")}</p><p><a class="button primary" href="/signin?lang={lang}">'
            f'{w(lang, "sign_in")}</a></p></section>')
    return page(lang, "/settings", WORDS[lang]["settings"], body, False)


def _privacy_field(lang: str, key: str, label: str, now: str) -> str:
    names = {"everyone": "everyone", "friends": "friends_only", "nobody": "nobody"}
    opts = "".join(f'<option value="{c}"' + (" selected" if c == now else "") + f">{w(lang, names[c])}</option>"
                   for c in PRIVACY_CHOICES[key])
    return f'<label class="field"><span>{w(lang, label)}</span><select name="{key}" id="privacy-{key}">{opts}</select></label>'


def _people(lang: str, title: str | None, key: str, people: list[dict[str, str]], actions: list[tuple[str, str]]) -> str:
    if not people:
        return ""
    items = "".join(f'<li><a class="person" href="{profile_path(x["name"])}?lang={lang}">{svg(x["avatar"], 28)}'
                    f'<span>{esc(x["name"])}</span></a> '
                    + " ".join(_button(w(lang, label), act, x["name"]) for act, label in actions) + "</li>"
                    for x in people)
    return (f'<h3>{w(lang, title)}</h3>' if title else "") + f'<ul class="people" id="{key}">{items}</ul>'


def settings_page(lang: str, p: Profile, friends: dict[str, list[dict[str, str]]],
                  invitations: list[dict[str, Any]]) -> str:
    """``/settings``: my profile, privacy, invitations, friends and blocks, my data."""
    marks = "".join(
        f'<label class="mark-choice"><input type="radio" name="avatar" value="{m}"'
        + (" checked" if m == p.avatar else "") + f">{svg(m, 44, MARK_NAMES[lang][m])}</label>" for m in MARKS)
    marks = ('<label class="mark-choice"><input type="radio" name="avatar" value=""'
             + (" checked" if not p.avatar else "") + f'><span class="no-mark">{w(lang, "no_mark")}</span></label>' + marks)
    langs = "".join(f'<label class="check"><input type="checkbox" name="languages" value="{x}"'
                    + (" checked" if x in p.languages else "") + f'> {esc(LANGUAGE_NAMES[lang][x])}</label>'
                    for x in LANGUAGES)
    profile_form = (
        f'<section class="panel"><h2>{w(lang, "your_profile")}</h2>'
        f'<form id="profile-form" class="stack">'
        f'<label class="field"><span>{w(lang, "display_name")}</span><input name="name" id="display-name" '
        f'value="{esc(p.name)}" maxlength="24" required autocomplete="nickname"><small class="muted">'
        f'{w(lang, "name_hint")}</small></label>'
        f'<fieldset><legend>{w(lang, "mark")}</legend><div class="marks">{marks}</div></fieldset>'
        f'<fieldset><legend>{w(lang, "languages")}</legend><div class="checks">{langs}</div></fieldset>'
        f'<label class="field"><span>{w(lang, "about")}</span><textarea name="bio" id="bio-input" maxlength="280" '
        f'rows="3">{esc(p.bio)}</textarea><small class="muted">{w(lang, "bio_hint")}</small></label>'
        f'<p><button type="submit" class="primary" id="save-profile">{w(lang, "save")}</button> '
        f'<a href="{profile_path(p.name)}?lang={lang}" id="to-profile">{w(lang, "view_profile")}</a></p></form></section>')
    privacy = (f'<section class="panel"><h2>{w(lang, "privacy")}</h2><form id="privacy-form" class="stack">'
               + _privacy_field(lang, "games", "who_games", p.privacy["games"])
               + _privacy_field(lang, "invites", "who_invites", p.privacy["invites"])
               + _privacy_field(lang, "requests", "who_requests", p.privacy["requests"])
               + f'<p><button type="submit" class="primary" id="save-privacy">{w(lang, "save")}</button></p>'
               "</form></section>")
    invs = "".join(
        f'<li data-invitation="{esc(i["id"])}"><span>{w(lang, "invited_by", name=i["from"], game=_game_title(i["game"], lang), seat=i["position"] + 1)}</span> '
        + _button(w(lang, "take_seat"), "take", "", "primary", invitation=i["id"])
        + _button(w(lang, "decline"), "drop", "", "", invitation=i["id"]) + "</li>" for i in invitations)
    inv_box = (f'<section class="panel" id="invitations-box"><h2>{w(lang, "invitations")}</h2>'
               + (f'<ul class="people" id="invitations">{invs}</ul>' if invs
                  else f'<p class="muted" id="no-invitations">{w(lang, "no_invitations")}</p>') + "</section>")
    people = (f'<section class="panel" id="friends-box"><h2>{w(lang, "friends")}</h2>'
              + _people(lang, None, "friends", friends["friends"], [("remove", "remove_friend")])
              + _people(lang, "incoming", "incoming", friends["incoming"], [("accept", "accept"), ("decline", "decline")])
              + _people(lang, "outgoing", "outgoing", friends["outgoing"], [("remove", "take_back")])
              + f'<form id="ask-form" class="inline"><input name="name" id="ask-name" maxlength="24" '
              f'placeholder="{w(lang, "friend_name")}" aria-label="{w(lang, "friend_name")}" required>'
              f'<button type="submit" class="primary">{w(lang, "add_friend")}</button>'
              f'<button type="button" data-action="block-typed">{w(lang, "block")}</button></form>'
              + _people(lang, "blocked", "blocked", friends["blocked"], [("unblock", "unblock")]) + "</section>")
    data = (f'<section class="panel" id="data-box"><h2>{w(lang, "your_data")}</h2>'
            f'<p><a class="button" id="export" href="/api/me/export" download="yezi-my-data.json">{w(lang, "export")}</a></p>'
            f'<details id="delete-box"><summary>{w(lang, "delete")}</summary><p>{w(lang, "delete_hint")}</p>'
            f'<form id="delete-form" class="inline"><input name="confirm" id="delete-confirm" maxlength="24" '
            f'aria-label="{w(lang, "display_name")}" autocomplete="off" required>'
            f'<button type="submit" class="danger" id="delete-account">{w(lang, "delete")}</button></form></details>'
            "</section>")
    body = (f'<h1 class="page-title">{w(lang, "settings")}</h1><div class="settings-grid"><div>{profile_form}{privacy}</div>'
            f"<div>{inv_box}{people}{data}</div></div>"
            f'<p hidden id="social-words" data-saved="{w(lang, "saved")}" data-deleted="{w(lang, "deleted")}"></p>')
    return page(lang, "/settings", WORDS[lang]["settings"], body, True)


def deleted_name(lang: str) -> str:
    """How a deleted account is named to a reader of `lang`."""
    return _(lang, DELETED_NAME)


__all__ = ["deleted_name", "not_found_page", "profile_page", "settings_page", "signed_out_page"]
