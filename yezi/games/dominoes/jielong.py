"""接龍 (Jie Long), the Chinese domino line game for 2-4 players (rules-notes §5.2, seed 004).

The 32-tile set; 16/10/8 tiles each for 2/3/4 players (3 players: two tiles set aside unseen).
The dealer leads and names the open end; each player in turn connects equal pips or, when
unable, puts one tile face down (扣牌). When nobody can connect, the last placer leads a new
line whose open number differs from the one that died ([V-J1]: no re-lead). At the end each
player's score is the pips he put face down, and every pair settles the difference; the lowest
score wins (ties: nearer the lead) and deals next.
"""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.games.dominoes import settle
from yezi.games.dominoes.chain import ChainConfig, DominoGame, DominoState

HANDS = {2: 16, 3: 10, 4: 8}


class JieLong(DominoGame):
    name = "jielong"
    titles = {"zh-hant": "接龍", "zh-hans": "接龙", "en": "Jie Long (Chinese dominoes line game)"}
    options_package = "yezi.games.dominoes.data.jielong"
    name_style = "hk"

    def make_config(self) -> ChainConfig:
        players = int(self.rules["players"])
        return ChainConfig(
            seats=players,
            hand=HANDS[players],
            tiles=tuple(tg.domino_set()),
            two_ends=False,
            relead=bool(self.rules["relead"]),
            must_connect=self.rules["discard"] == "unable",
        )

    def scores(self, state: DominoState) -> list[int]:
        return [state.score(s) for s in range(self.cfg.seats)]

    def settle(self, state: DominoState) -> dict[str, Any]:
        return self.settle_facts(state.down, [tg.expand(h) for h in state.hands], [])

    def settle_facts(self, down: list[list[int]], hands: list[list[int]], suanzhang: list[int]) -> dict[str, Any]:
        """The result from a finished deal's facts alone (tiles face down, tiles left in hand, the
        seats that made 算帳): the engine settles with it, and so does `yezi settle`."""
        return settle.jielong_result(down)

    def dealer_shift(self, state: DominoState) -> int:
        """The winner deals next (§5.2 step 2): seat w of this deal is w places from the dealer."""
        if state.result is None:
            return 0
        return int(state.result.get("winner", 0))

    @classmethod
    def bots(cls) -> dict[str, Any]:
        from yezi.games.dominoes.bots import HeuristicBot

        return {"heuristic": HeuristicBot}
