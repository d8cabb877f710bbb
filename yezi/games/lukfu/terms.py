"""Luk Fu's names and terms as message parameters (see yezi.i18n.terms): the characters in Chinese,
an English gloss with the characters beside it in English."""

from __future__ import annotations

from yezi.games.lukfu.plays import GE, SHUN, SINGLE
from yezi.i18n.terms import name, term

NO_TIGERS = name("不報", "不报", "no tigers")
STRONG_PASS = name("可以做而唔做", "可以做而唔做", "strong pass")
HU = {"zh-hant": "糊", "zh-hans": "糊", "en": "points 糊"}
TIGERS = {"zh-hant": "五虎下山", "zh-hans": "五虎下山", "en": "Five Tigers 五虎下山"}
KINDS = {
    SINGLE: {"zh-hant": "單張", "zh-hans": "单张", "en": "single"},
    GE: term("各", "set"),
    SHUN: term("順", "run"),
}
LEAD_ORDER = {
    "zh-hant": "拾非老歲、拾老歲、貫……、綫老歲、雲綫",
    "zh-hans": "拾非老岁、拾老岁、贯……、线老岁、云线",
    "en": "Tens that are not boss cards 老歲, boss Tens, Myriads …, boss Cash, Wan Tsin 雲綫",
}
