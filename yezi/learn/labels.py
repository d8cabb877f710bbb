"""The tutorial's own words in three languages (buttons, prompts, answers), and the rules the
engine names when it refuses a move (``rules.toml``: a name and one sentence per rule id)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

LABELS: dict[str, dict[str, str]] = {
    "learn": {"zh-hant": "教學", "zh-hans": "教学", "en": "Learn to play"},
    "learn_game": {"zh-hant": "{}教學", "zh-hans": "{}教学", "en": "Learn {}"},
    "intro": {"zh-hant": "每一課都是一局固定的牌，對手由電腦出牌。照着提示出牌；出錯了，引擎會說明違反哪條規則。",
              "zh-hans": "每一课都是一局固定的牌，对手由电脑出牌。照着提示出牌；出错了，引擎会说明违反哪条规则。",
              "en": "Each lesson is a fixed deal against computer players. Follow the prompts; when a move "
                    "breaks a rule, the engine says which rule and why."},
    "lesson": {"zh-hant": "第{}課", "zh-hans": "第{}课", "en": "Lesson {}"},
    "step": {"zh-hant": "第{}步，共{}步", "zh-hans": "第{}步，共{}步", "en": "Step {} of {}"},
    "next": {"zh-hant": "下一步", "zh-hans": "下一步", "en": "Next"},
    "restart": {"zh-hant": "重新開始本課", "zh-hans": "重新开始本课", "en": "Restart this lesson"},
    "next_lesson": {"zh-hant": "下一課", "zh-hans": "下一课", "en": "Next lesson"},
    "done": {"zh-hant": "本課完成！", "zh-hans": "本课完成！", "en": "Lesson complete!"},
    "all_done": {"zh-hant": "全部課程完成。可以開枱玩了。", "zh-hans": "全部课程完成。可以开桌玩了。",
                 "en": "All lessons done. You are ready to play a table."},
    "legal": {"zh-hant": "現在可以出", "zh-hans": "现在可以出", "en": "Legal now"},
    "try": {"zh-hant": "試試看（引擎會拒絕）", "zh-hans": "试试看（引擎会拒绝）", "en": "Try these (the engine refuses them)"},
    "type": {"zh-hant": "或輸入招式", "zh-hans": "或输入招式", "en": "or type a move"},
    "refused": {"zh-hant": "✗ 不合規則", "zh-hans": "✗ 不合规则", "en": "✗ Not allowed"},
    "rule": {"zh-hant": "規則", "zh-hans": "规则", "en": "rule"},
    "not_this": {"zh-hant": "這一步合規則，但本課要你出：{}", "zh-hans": "这一步合规则，但本课要你出：{}",
                 "en": "That move is legal, but this lesson asks for: {}"},
    "bad_input": {"zh-hant": "看不懂這一招：{}", "zh-hans": "看不懂这一招：{}", "en": "Not a move: {}"},
    "played": {"zh-hant": "✓ 出了 {}", "zh-hans": "✓ 出了 {}", "en": "✓ Played {}"},
    "log": {"zh-hant": "本課的出牌", "zh-hans": "本课的出牌", "en": "Moves in this lesson"},
    "payments": {"zh-hant": "結算", "zh-hans": "结算", "en": "Payments"},
    "why": {"zh-hant": "結算說明", "zh-hans": "结算说明", "en": "How it was settled"},
    "waiting": {"zh-hant": "輪到別人", "zh-hans": "轮到别人", "en": "Someone else is to act"},
    "guide": {"zh-hant": "玩法說明", "zh-hans": "玩法说明", "en": "Player's guide"},
    "all_games": {"zh-hant": "全部遊戲", "zh-hans": "全部游戏", "en": "All games"},
    "lobby": {"zh-hant": "大堂", "zh-hans": "大厅", "en": "Lobby"},
    "lessons": {"zh-hant": "課程", "zh-hans": "课程", "en": "Lessons"},
    "completed": {"zh-hant": "已完成", "zh-hans": "已完成", "en": "done"},
    "terminal": {"zh-hant": "終端機：", "zh-hans": "终端：", "en": "In a terminal: "},
    "prompt_next": {"zh-hant": "按 Enter 繼續（q 離開）", "zh-hans": "按 Enter 继续（q 离开）",
                    "en": "Press Enter to go on (q to quit)"},
    "prompt_move": {"zh-hant": "輸入招式編號或寫法（moves 列出可出的招式，q 離開）",
                    "zh-hans": "输入招式编号或写法（moves 列出可出的招式，q 离开）",
                    "en": "Type a move's number or its notation (moves lists them, q quits)"},
    "you_are": {"zh-hant": "你坐{}", "zh-hans": "你坐{}", "en": "You sit as {}"},
    "bye": {"zh-hant": "再見", "zh-hans": "再见", "en": "bye"},
    "suggested": {"zh-hant": "本課建議", "zh-hans": "本课建议", "en": "this lesson's move"},
}


def label(key: str, lang: str) -> str:
    return LABELS[key][lang]


@lru_cache(maxsize=1)
def _rules() -> dict[str, dict[str, dict[str, str]]]:
    return tomllib.loads((resources.files("yezi.learn") / "rules.toml").read_text(encoding="utf-8"))


def rule_text(game: str, rule: str, lang: str) -> str | None:
    """What the rule with this id says, in words (the game's own entry, else the shared one)."""
    r = _rules()
    entry = r.get(game, {}).get(rule) or r.get("all", {}).get(rule)
    return entry[lang] if entry else None


def has_rule_text(game: str, rule: str) -> bool:
    return rule_text(game, rule, "en") is not None
