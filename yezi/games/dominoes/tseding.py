"""斜釘 (Tse Ding / Tsair Deng, "slant nail"): 接龍 plus 八掘, 通牌 and 頭七/尾八 (§5.3, seed 004).

* 八掘: a starting hand of eight doubles (掘牌) wins at once. It is taken automatically: the
  sources give no reason ever to decline, and a hand of eight doubles can only lose pips by
  playing on. It exists for 8-tile hands (4 players); the [V-S1] 2- and 3-player deals skip it.
* [V-S2] redeal when a hand holds at least `redeal_doubles` doubles (but not eight). Seeded deals
  redeal silently; an explicit deal that needs one ends at once with no payment.
* 通牌 (nothing face down), 頭七 (the dealer placed only his lead), 尾八 (a non-dealer placed
  nothing), [V-S3] 頭六/尾七, settled by [NP]'s pairwise multipliers with the lone-通牌 flag.
"""

from __future__ import annotations

from typing import Any

from yezi.core import branches
from yezi.games.dominoes import settle
from yezi.games.dominoes.chain import DOUBLE, DominoState
from yezi.games.dominoes.jielong import JieLong


class TseDing(JieLong):
    name = "tseding"
    titles = {"zh-hant": "斜釘", "zh-hans": "斜钉", "en": "Tse Ding (Slant Nail)"}
    options_package = "yezi.games.dominoes.data.tseding"
    name_style = "tseding"

    def pair_multiplier_max(self) -> int:
        """PASS–PENALTY pairs settle ×4 (`settle.pair_multiplier`); 八掘 pays twice a hand's pips."""
        return 4

    def _eight_tile(self) -> bool:
        return self.cfg.hand == 8

    def needs_redeal(self, deal: dict[str, Any]) -> bool:
        t = int(self.rules["redeal_doubles"])
        if not t or not self._eight_tile():
            return False
        for h in deal["hands"]:
            d = sum(1 for k in h if DOUBLE[k])
            if t <= d and not (d == 8 and self.rules["bajue"]):
                return True
        return False

    def on_start(self, state: DominoState) -> None:
        deal = state.deal
        if self._eight_tile() and self.rules["bajue"]:
            for s, h in enumerate(deal["hands"]):
                if all(DOUBLE[k] for k in h):
                    branches.hit("tseding.end.bajue")
                    state.to_move = None
                    state.end_reason = "bajue"
                    state.result = self.bajue_facts(s, deal["hands"])
                    return
        if self.needs_redeal(deal):
            branches.hit("tseding.end.redeal")
            state.to_move = None
            state.end_reason = "redeal"
            state.result = {
                "scores": [0] * self.cfg.seats, "payments": [0] * self.cfg.seats, "winner": 0,
                "tags": [settle.NONE] * self.cfg.seats, "reason": "redeal",
                "redeal_doubles": int(self.rules["redeal_doubles"]),  # [V-S2]: what the explanations name
            }

    def settle_facts(self, down: list[list[int]], hands: list[list[int]], suanzhang: list[int]) -> dict[str, Any]:
        return settle.tseding_result(down, self.cfg.hand, self.rules["head_tail"], bool(self.rules["lone_pass_double"]))

    def bajue_facts(self, winner: int, hands: list[list[int]]) -> dict[str, Any]:
        """八掘: `winner` was dealt eight doubles; `hands` are the dealt hands (kinds)."""
        return settle.bajue_result(winner, hands, self.rules["bajue_pay"])
