"""Ma Diao's names in three languages: settlement items, special hands, trick standings, how the
bank passes, why a hand ended. English gives an English name with the characters beside it
(``Old Hundred fully live 大活百``); Feng's own sentences are catalog entries (yezi/locale), quoted in
Chinese and translated in English."""

from __future__ import annotations

from yezi.i18n import PerLanguage, _c
from yezi.i18n.terms import name


def _n(hant: str, hans: str, en: str) -> dict[str, str]:
    return name(hant, hans, en)


ITEMS = {
    "弔": _n("弔", "吊", "trick settlement"),
    "大活百": _n("大活百", "大活百", "Old Hundred fully live"),
    "小活百": _n("小活百", "小活百", "Old Hundred half live"),
    "死百": _n("死百", "死百", "Old Hundred dead"),
    "大活百突": _n("大活百突", "大活百突", "Old Hundred fully live with its partner"),
    "小活百突": _n("小活百突", "小活百突", "Old Hundred half live with its partner"),
    "死百突": _n("死百突", "死百突", "Old Hundred dead with its partner"),
    "小突": _n("小突", "小突", "Nine Tens with its partner"),
    "敲門": _n("敲門", "敲门", "knocking"),
    "賞": _n("賞", "赏", "live prize card"),
    "次賞": _n("次賞", "次赏", "live second prize card"),
    "三開": _n("三開", "三开", "three opens"),
    "四紅": _n("四紅", "四红", "the four reds"),
    "八卓全收": _n("八卓全收", "八桌全收", "all eight tricks"),
    "假逵": _n("假逵", "假逵", "impostor prize"),
    "四極": _n("四極", "四极", "the four lowest cards"),
    "免鬭": _n("免鬭", "免斗", "no contest"),
    "賀": _n("賀", "贺", "congratulation"),
    "全突大活": _n("全突大活", "全突大活", "all partners, fully live"),
    "拍牌見百老": _n("拍牌見百老", "拍牌见百老", "the cut shows the Old Hundred"),
    "官堆": _n("官堆", "官堆", "the pool"),
    "代人認開": _n("代人認開", "代人认开", "liability"),
    "子": _n("子", "子", "ante to the pool"),
}

HE = {
    "四尊四極": _n("四尊四極", "四尊四极", "four Honours and four lowest"),
    "八紅有百老": _n("八紅有百老", "八红有百老", "eight reds with the Old Hundred"),
    "八紅": _n("八紅", "八红", "eight reds"),
    "十門渾成有百老": _n("十門渾成有百老", "十门浑成有百老", "whole Tens suit with the Old Hundred"),
    "全突": _n("全突", "全突", "all partners"),
    "四尊有百老": _n("四尊有百老", "四尊有百老", "four Honours with the Old Hundred"),
    "渾成": _n("渾成", "浑成", "a whole suit"),
    "四尊": _n("四尊", "四尊", "four Honours"),
}

DIAO_KINDS = {
    "獨弔": _n("獨弔", "独吊", "single winner"),
    "合弔": _n("合弔", "合吊", "joint winners"),
    "各弔": _n("各弔", "各吊", "shared"),
}

TRICK_STATUS = {
    "赤脚": _n("赤脚", "赤脚", "barefoot"),
    "死": _n("死", "死", "dead"),
    "正本": _n("正本", "正本", "even"),
    "弔": _n("弔", "吊", "winning"),
}
SIHE = _n("四和氣", "四和气", "all four even")

NEXT_BANKER = {
    "keep": _n("大活留樁", "大活留桩", "the fully live Hundred keeps the bank"),
    "seize": _n("異賞奪樁", "异赏夺桩", "a special prize seizes the bank"),
    "rotate": _n("輪樁", "轮桩", "the bank passes on"),
    "redraw": _n("另拈樁", "另拈桩", "the banker is drawn anew"),
}

END_REASONS = {
    "played": PerLanguage(lambda lang: _c(lang, "madiao-words:played", "played out")),
    "mian": _n("免鬭", "免斗", "no contest"),
    "siji": _n("四極", "四极", "the four lowest cards"),
    "he": _n("賀", "贺", "congratulation"),
    "cut-bailao": _n("拍牌見百老", "拍牌见百老", "the cut shows the Old Hundred"),
}

POOL = _n("官堆", "官堆", "pool")
#: units after a number (English puts a space before its word: "2 stake", Chinese none: "2注")
ZHU = PerLanguage(lambda lang: _c(lang, "madiao-words:zhu", " stake"))
CHIPS = PerLanguage(lambda lang: _c(lang, "madiao-words:chips", " chips"))
TRICK = PerLanguage(lambda lang: _c(lang, "madiao-words:trick", " tricks"))
#: what goes before a clause of 《馬弔脚例》 quoted in a settlement: the book's title in Chinese
SOURCE = PerLanguage(lambda lang: _c(lang, "madiao-words:source", "Feng's rule: "))
