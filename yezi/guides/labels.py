"""The few fixed words of a guide page in each language (headings the renderers add)."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "rules": {"zh-hant": "規則與玩法", "zh-hans": "规则与玩法", "en": "How to play"},
    "all_games": {"zh-hant": "所有遊戲", "zh-hans": "所有游戏", "en": "All games"},
    "lobby": {"zh-hant": "大堂", "zh-hans": "大厅", "en": "Lobby"},
    "contents": {"zh-hant": "目錄", "zh-hans": "目录", "en": "Contents"},
    "gallery": {"zh-hant": "全副牌", "zh-hans": "全副牌", "en": "Every card and tile"},
    "reference": {"zh-hant": "附錄：規則選項表", "zh-hans": "附录：规则选项表", "en": "Appendix: the option table"},
    "reference_note": {"zh-hant": "以下由引擎的選項表生成，每個選擇都附出處（照原文引錄）。",
                       "zh-hans": "以下由引擎的选项表生成，每个选择都附出处（照原文引录）。",
                       "en": "Generated from the engine's option table, with the source of every choice."},
    "presets": {"zh-hant": "預設規則", "zh-hans": "预设规则", "en": "Presets"},
    "example": {"zh-hant": "實例", "zh-hans": "实例", "en": "Worked example"},
    "to_act": {"zh-hant": "輪到", "zh-hans": "轮到", "en": "To act"},
    "legal": {"zh-hant": "合規的應對", "zh-hans": "合规的应对", "en": "Legal answers"},
    "payments": {"zh-hant": "收付", "zh-hans": "收付", "en": "Payments"},
    "refused": {"zh-hant": "引擎不准", "zh-hans": "引擎不准", "en": "The engine refuses"},
    "rule": {"zh-hant": "規則", "zh-hans": "规则", "en": "rule"},
    "why": {"zh-hant": "結算說明", "zh-hans": "结算说明", "en": "How it was settled"},
    "record": {"zh-hant": "記錄（引擎由此重演）", "zh-hans": "记录（引擎由此重演）",
               "en": "The record the engine replays"},
    "deal": {"zh-hant": "發牌", "zh-hans": "发牌", "en": "Deal"},
    "actions": {"zh-hant": "動作", "zh-hans": "动作", "en": "Actions"},
    "scores": {"zh-hant": "決勝分", "zh-hans": "决胜分", "en": "Scores"},
    "preset": {"zh-hant": "預設", "zh-hans": "预设", "en": "Preset"},
    "seen_by": {"zh-hant": "視角", "zh-hans": "视角", "en": "Seen by"},
    "everyone": {"zh-hant": "公開", "zh-hans": "公开", "en": "everyone"},
    "learn_it": {"zh-hant": "互動教學", "zh-hans": "互动教学", "en": "Learn it step by step"},
    "play_it": {"zh-hant": "開枱玩", "zh-hans": "开桌玩", "en": "Play it"},
    "terminal": {"zh-hant": "終端機：", "zh-hans": "终端：", "en": "In a terminal: "},
    "roman": {"zh-hant": "讀音", "zh-hans": "读音", "en": "Said"},
    "games": {"zh-hant": "見於", "zh-hans": "见于", "en": "Used in"},
    "glossary": {"zh-hant": "詞彙", "zh-hans": "词汇", "en": "Glossary"},
    "default": {"zh-hant": "預設值", "zh-hans": "默认值", "en": "default"},
    "source": {"zh-hant": "出處", "zh-hans": "出处", "en": "source"},
}


def label(key: str, lang: str) -> str:
    return LABELS[key][lang]
