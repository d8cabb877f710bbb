"""Translated text for every client, with the language always explicit.

The server serves three languages at once, so there is no global locale: every call names its
language (``"zh-hant"``, ``"zh-hans"`` or ``"en"``, the codes the rest of yezi uses). Messages are
English msgids in gettext catalogs under ``yezi/locale/<locale>/LC_MESSAGES/yezi.po``, read once
from the ``.po`` text at first use (no compile step, so ``pip install -e . && yezi serve`` works on a
fresh machine; ``yezi i18n compile`` writes ``.mo`` files for tools that want them).

- ``_(lang, msgid, **params)``: translate, then fill ``{name}`` placeholders; a parameter that is a
  `Msg`, a ``{lang: text}`` dict or a callable ``lang -> text`` is rendered in `lang` first (card
  names, nested messages), so one message carries names in the reader's script.
- ``ngettext(lang, singular, plural, n, **params)``: the plural form for `n` (``n`` is a parameter).
- ``N_(msgid)``: marks a msgid for extraction without translating it (tables of messages).
- ``NP_(context, msgid)`` and ``_c(lang, context, msgid, **params)``: the same for a message with a
  context (gettext's msgctxt), for keyed tables whose English words repeat with other translations
  elsewhere: the tutorial's ``learn:KEY`` and the guides' ``guide:KEY``, as the web client's ``web:KEY``;
  the terminal's words are under their module's name (``lukfu-text:KEY``, ``settle-lukfu:KEY``, ``play:help``).
- ``Words(prefix, {key: NP_("prefix:KEY", msgid)})``: a module's keyed table of words (a terminal
  view's labels); ``words[lang]`` is ``{key: text}`` in `lang`, each entry under the context ``prefix:KEY``.
- ``PerLanguage(lambda lang: ...)``: ``{lang: value}`` read when asked, for the places that take a
  per-language dict (a game's notice, a unit passed as a message parameter).
- ``Msg(msgid, **params)``: a message translated later, when the reader's language is known
  (engine refusals are built once and shown to players of three languages).
- ``punct(lang, mark)``: the mark that joins the parts of a line built in code ("label: value", a list
  of "name +600" amounts, "score (detail)"): full-width after Chinese text (``：`` ``，`` ``；`` ``（）``),
  ASCII with its space in English, so a Chinese line does not read as a machine's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from yezi.i18n.catalog import LANGS, catalog, translate

__all__ = ["LANGS", "NP_", "N_", "Msg", "PerLanguage", "Words", "_", "_c", "catalog", "catalog_json", "gettext", "ngettext",
           "npgettext", "punct", "render"]

#: mark -> (English, Chinese): the ASCII mark keeps its space in English; a full-width mark carries its own
#: space, so none follows it in Chinese
_MARKS = {
    "colon": (": ", "："),
    "comma": (", ", "，"),
    "semicolon": ("; ", "；"),
    "open": (" (", "（"),
    "close": (")", "）"),
}


def punct(lang: str, mark: str) -> str:
    """The punctuation `mark` (``colon``, ``comma``, ``semicolon``, ``open``, ``close``) as `lang` writes
    it between parts of a line: ``": "`` in English, ``"："`` in Chinese. A colon that ends a line is
    ``punct(lang, "colon").rstrip()``."""
    en, zh = _MARKS[mark]
    return en if lang == "en" else zh


def N_(msgid: str) -> str:
    """Mark `msgid` for extraction; translation happens where it is shown."""
    return msgid


def NP_(context: str, msgid: str) -> str:
    """Mark `msgid` with its `context` for extraction; `_c` translates it where it is shown."""
    return msgid


def gettext(lang: str, msgid: str) -> str:
    """`msgid` in `lang` (the msgid itself where the catalog has no translation)."""
    return translate(lang, msgid)


def render(value: Any, lang: str) -> Any:
    """A message parameter in `lang`: messages, per-language dicts and callables are resolved."""
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, Mapping) and lang in value:
        return value[lang]
    if callable(value):
        return value(lang)
    if isinstance(value, list | tuple) and value and all(isinstance(v, Msg | Mapping) or callable(v) for v in value):
        sep = "、" if lang != "en" else ", "
        return sep.join(str(render(v, lang)) for v in value)
    return value


def _fill(text: str, lang: str, params: Mapping[str, Any]) -> str:
    if not params:
        return text
    return text.format(**{k: render(v, lang) for k, v in params.items()})


def _(lang: str, msgid: str, **params: Any) -> str:
    """`msgid` translated into `lang`, placeholders filled with `params` rendered in `lang`."""
    return _fill(translate(lang, msgid), lang, params)


def _c(lang: str, context: str, msgid: str, **params: Any) -> str:
    """`msgid` under `context` translated into `lang` (the msgid itself where the catalog has no
    translation), placeholders filled with `params`; with no `params` the text is returned as it is."""
    return _fill(catalog(lang).get_ctx(context, msgid), lang, params)


def ngettext(lang: str, singular: str, plural: str, n: int, **params: Any) -> str:
    """The form of `singular`/`plural` for the count `n` in `lang`; `{n}` is filled too."""
    return _fill(translate(lang, singular, plural, n), lang, {"n": n, **params})


def npgettext(lang: str, context: str, singular: str, plural: str, n: int, **params: Any) -> str:
    """`ngettext` under `context`: the same English count worded otherwise in Chinese (a game's own
    classifier for its cards)."""
    return _fill(translate(lang, singular, plural, n, context), lang, {"n": n, **params})


class Msg:
    """A message whose language is chosen when it is shown.

    ``str(msg)`` is the English text, so code that printed plain messages before keeps working.
    """

    __slots__ = ("msgid", "params", "plural")

    def __init__(self, msgid: str, plural: str | None = None, /, **params: Any):
        self.msgid = msgid
        self.plural = plural
        self.params = params

    def render(self, lang: str) -> str:
        if self.plural is not None:
            return ngettext(lang, self.msgid, self.plural, self.params["n"], **{
                k: v for k, v in self.params.items() if k != "n"})
        return _(lang, self.msgid, **self.params)

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Msg({self.msgid!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str(self) == other
        return isinstance(other, Msg) and (self.msgid, self.plural, self.params) == (
            other.msgid, other.plural, other.params)

    def __hash__(self) -> int:
        return hash(self.msgid)


class _ByLanguage(Mapping[str, Any]):
    """A mapping over exactly the languages of `LANGS`, its value for each computed when read
    (`_value`); any other language is a `KeyError`, as with the per-language dicts it stands for."""

    def _value(self, lang: str) -> Any:
        raise NotImplementedError

    def __getitem__(self, lang: str) -> Any:
        if lang not in LANGS:
            raise KeyError(lang)
        return self._value(lang)

    def __contains__(self, lang: object) -> bool:
        return lang in LANGS

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


class Words(_ByLanguage):
    """A module's fixed words, keyed, in every language: ``words[lang][key]``.

    The table holds English msgids marked ``NP_("PREFIX:KEY", msgid)`` (so extraction files each under
    its own context: a short word such as "Hand" or "To act" is worded differently by different
    games); the translation is looked up when a language is asked for. The languages are `LANGS`;
    any other is a `KeyError`, so ``words.get(lang, words["en"])`` and ``lang in words`` read as they
    did with the per-language dicts these tables replace. An empty msgid stays empty in every language.
    """

    def __init__(self, prefix: str, table: Mapping[str, str]):
        self.prefix = prefix
        self.table = dict(table)
        self._by_lang: dict[str, dict[str, str]] = {}  # the catalogs are read once: so is each language's table

    def context(self, key: str) -> str:
        return f"{self.prefix}:{key}"

    def _value(self, lang: str) -> dict[str, str]:
        words = self._by_lang.get(lang)
        if words is None:
            words = self._by_lang[lang] = {k: _c(lang, self.context(k), m) if m else m for k, m in self.table.items()}
        return words


class PerLanguage(_ByLanguage):
    """``{lang: value}`` for every language of `LANGS`, each value computed from the catalogs when
    it is read (``PerLanguage(lambda lang: _c(lang, "ctx", "msgid"))``): a drop-in for the per-language
    dicts of the code that takes them (``d[lang]``, ``d.get(lang, d["en"])``, ``dict(d)``, a message
    parameter), without reading the catalogs at import."""

    def __init__(self, value: Callable[[str], Any]):
        self.value = value

    def _value(self, lang: str) -> Any:
        return self.value(lang)

    def __repr__(self) -> str:
        return repr(dict(self))  # as the dict it stands for would print


def catalog_json(lang: str) -> dict[str, Any]:
    """The catalog of `lang` as JSON data for the web client: ``{msgid: text or [forms]}``."""
    return catalog(lang).as_json()


Localizer = Callable[[str], str]
