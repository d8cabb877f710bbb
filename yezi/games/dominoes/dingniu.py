"""頂牛 (Ding Niu, "butting bulls"), the northern Chinese domino game (rules-notes §6, seed 004).

The 24-tile set (the 22 civil tiles plus [6:3] and [6:2]), four players with six each, two open
ends ([V-D1]: one). The dealer's first tile must be one that someone else can connect to. A
player connects or, when unable, puts a tile face down; as soon as nobody but the player who just
moved can connect the hand ends (seed 004: 無法接牌時，遊戲立即結束, so a 算帳 ends the hand; the option
``block_end = "all"`` plays on until nobody at all can connect, as navpil's classic 算帳). Score = pips left in hand + pips face down; lowest wins (+6), the others pay 1, 2, 3 by
rank; 算帳成功 doubles everything; a losing 算帳 player pays 12 alone (包庄).

算帳 versus 死砸 is judged from the mover's own information, as a player at the table would
(§6.3 (3)): after his tile, every tile showing an open number is on the table, in his hand or
among his own face-down tiles. It is 算帳 when another legal move would not have made that
block, 死砸 when every legal move would have. The note is shown to the mover at once (with the
moves that would not have blocked) and to everyone when the hand ends.
"""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.core import branches
from yezi.games.dominoes import settle
from yezi.games.dominoes.chain import (
    DOWN,
    HIGH,
    LOW,
    NK,
    PIPS,
    PLAY,
    WITH,
    ChainConfig,
    DominoGame,
    DominoState,
    decode,
)
from yezi.i18n import NP_, _c

#: the note on a move that blocked the others: key -> English msgid, worded in each language by the
#: catalogs under the context ``dingniu-note:KEY``
NOTES: dict[str, str] = {
    "suanzhang": NP_("dingniu-note:suanzhang", "a deliberate block 算帳: after {move}, every tile showing {ends} is on "
                                               "the table or in {seat}'s hand, so nobody else can connect; {alts} "
                                               "would not have blocked."),
    "sizha": NP_("dingniu-note:sizha", "Forced block 死砸: after {move} nobody else can connect, but every move {seat} "
                                       "had would have blocked."),
}


#: what a losing 算帳 costs, by the `baozhuang` option (seed 004: only the 大庄 pays 包庄), under the
#: context ``dingniu-risk:KEY``
BAOZHUANG_RISK: dict[str, str] = {
    "dazhuang": NP_("dingniu-risk:dazhuang", "if you end with the highest score (大庄) you pay 包庄, 12 to the winner "
                                             "alone"),
    "any-loser": NP_("dingniu-risk:any-loser", "if you do not win you pay 包庄, 12 to the winner alone"),
}
WARNING_HEAD = NP_("dingniu-risk:head", "this move would be 算帳: ")


def baozhuang_risk(game: DominoGame, lang: str) -> str:
    """What a 算帳 player risks under this ruleset's `baozhuang` option, for warnings."""
    option = game.rules["baozhuang"]
    return _c(lang, "dingniu-risk:" + option, BAOZHUANG_RISK[option])


def suanzhang_warning(game: DominoGame, lang: str) -> str:
    """The warning shown before a move that would be 算帳 (web table)."""
    return _c(lang, "dingniu-risk:head", WARNING_HEAD) + baozhuang_risk(game, lang)


class DingNiu(DominoGame):
    name = "dingniu"
    titles = {"zh-hant": "頂牛", "zh-hans": "顶牛", "en": "Ding Niu (Butting Bulls)"}
    options_package = "yezi.games.dominoes.data.dingniu"
    name_style = "dingniu"
    wants_legal = True

    def payment_bounds(self) -> tuple[int, int]:
        """+6/−1/−2/−3, doubled by 算帳成功 (+12, −6 at worst); 包庄 is 12 paid alone."""
        return -12, 12

    def make_config(self) -> ChainConfig:
        return ChainConfig(
            seats=4,
            hand=6,
            tiles=tuple(tg.dingniu_set()),
            two_ends=int(self.rules["ends"]) == 2,
            relead=False,
            must_connect=self.rules["discard"] == "unable",
            end_on_block=True,
            others_block=self.rules["block_end"] == "others",
            answerable_lead=True,
        )

    # --- 算帳 / 死砸 ------------------------------------------------------------------------
    def unknown_to(self, state: DominoState, seat: int) -> list[int]:
        """Counts of the tiles `seat` cannot place: not on the table, not in his hand, not his own
        face-down ones."""
        h = state.hands[seat]
        t = state.table
        unk = [c - h[k] - t[k] for k, c in enumerate(self.set_counts)]
        for k in state.down[seat]:
            unk[k] -= 1
        return unk

    @staticmethod
    def _blocked(ends: list[int], unk: list[int]) -> bool:
        for e in ends:
            for k in WITH[e]:
                if unk[k]:
                    return False
        return True

    def after_action(self, state: DominoState, seat: int, action: int, legal: list[int] | None) -> None:
        if action < PLAY or action >= DOWN:
            return
        before = state.prev_ends
        unk = self.unknown_to(state, seat)
        if not self._blocked(state.ends, unk) or self._blocked(before, unk):
            return
        # the moves he had: rebuild them from his hand and the ends before this tile
        k = decode(action)[1]
        hand = state.hands[seat]
        hand[k] += 1
        after = state.ends
        state.ends = before
        # the alternatives are named end by end (left end first), as `judge_from_view` lists them
        legal = sorted(state.plays(seat), key=lambda a: ((a - PLAY) % 2, a))
        if not self.cfg.must_connect:
            legal += [DOWN + j for j in range(NK) if hand[j]]
        state.ends = after
        hand[k] -= 1
        free = []
        for alt in legal:
            if alt == action:
                continue
            v2, k2, e2 = decode(alt)
            if v2 == "play":
                ends = list(before)
                n = ends[e2]
                ends[e2] = LOW[k2] if HIGH[k2] == n else HIGH[k2]
                if self._blocked(ends, unk):
                    continue
            free.append(alt)
        kind = "suanzhang" if free else "sizha"
        branches.hit(f"dingniu.{kind}")
        if kind == "suanzhang":
            state.flags[seat].add("suanzhang")
        i = len(state.history) - 1
        texts = {}
        for lang in ("zh-hant", "zh-hans", "en"):
            texts[lang] = _c(
                lang, "dingniu-note:" + kind, NOTES[kind],
                move=self.format_action(action, lang),
                ends="/".join(str(x) for x in sorted(set(state.ends))),
                seat=self.seat_name(seat, lang),
                alts=("、" if lang != "en" else ", ").join(self.format_action(a, lang) for a in free[:4]),
            )
        state.notes[i] = {"seat": seat, "kind": kind, "action": action, "free": free, "text": texts}

    # --- outcome -------------------------------------------------------------------------
    def scores(self, state: DominoState) -> list[int]:
        return [state.hand_pips(s) + sum(PIPS[k] for k in state.down[s]) for s in range(4)]

    def settle(self, state: DominoState) -> dict[str, Any]:
        sz = self.suanzhang_seats(state)
        return self.settle_facts(state.down, [tg.expand(h) for h in state.hands], sz)

    def settle_facts(self, down: list[list[int]], hands: list[list[int]], suanzhang: list[int]) -> dict[str, Any]:
        return settle.dingniu_result(hands, down, suanzhang, self.rules["ties"], self.rules["baozhuang"])

    def suanzhang_seats(self, state: DominoState) -> list[int]:
        """The seats whose 算帳 counts in the settlement.

        Seed 004 (``block_end = "others"``): 算帳 is the move that ended the hand, so only a note on
        the last move counts (a 算帳 always ends the hand there: it leaves the others blocked).
        ``"all"`` (navpil's classic 算帳, the blocker plays on): every seat that made one.
        """
        if self.cfg.others_block:
            note = state.notes.get(len(state.history) - 1)
            return [note["seat"]] if note and note["kind"] == "suanzhang" else []
        return [s for s in range(4) if "suanzhang" in state.flags[s]]

    def dealer_shift(self, state: DominoState) -> int:
        if state.result is None:
            return 0
        return int(state.result["winner"])

    @classmethod
    def bots(cls) -> dict[str, Any]:
        from yezi.games.dominoes.bots import HeuristicBot

        return {"heuristic": HeuristicBot}


def judge_from_view(game: DingNiu, view: dict[str, Any], action: int) -> tuple[str | None, list[int]]:
    """Would `action` be 算帳, 死砸 or neither, for the seat whose view this is (before moving)?

    The same test as `DingNiu.after_action`, computed from the view alone, so a player can ask
    before he moves (`why` in `yezi play dingniu`). Returns (kind or None, the moves that would
    not block).
    """
    seat = view["seat"]
    hand = [0] * NK
    for k in view["hand"]:
        hand[k] += 1
    unk = list(game.set_counts)
    for line in view["lines"]:
        for t in line:
            unk[t[2]] -= 1
    for k in range(NK):
        unk[k] -= hand[k]
    for k in view["down"][seat] or []:
        unk[k] -= 1
    ends = list(view["ends"])

    def after(a: int) -> list[int]:
        verb, k, e = decode(a)
        out = list(ends)
        if verb == "play":
            n = out[e]
            out[e] = LOW[k] if HIGH[k] == n else HIGH[k]
        return out

    if not (PLAY <= action < DOWN) or not ends or DingNiu._blocked(ends, unk):
        return None, []
    if not DingNiu._blocked(after(action), unk):
        return None, []
    legal = []
    two = game.cfg.two_ends
    for e, n in enumerate(ends[:1] if two and ends[0] == ends[1] else ends):
        legal += [PLAY + 2 * k + e for k in WITH[n] if hand[k]]
    if not game.cfg.must_connect:
        legal += [DOWN + k for k in range(NK) if hand[k]]
    free = [a for a in legal if a != action and (a >= DOWN or not DingNiu._blocked(after(a), unk))]
    return ("suanzhang" if free else "sizha"), free
