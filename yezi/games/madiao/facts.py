"""A Ma Diao hand settled from what the table knows when it is over, for `yezi settle madiao`.

People who played with real cards know each player's eight cards, the face card (面葉) and the
second card (底牌次張), the stake and the pool, and for each trick who won it and which card went
up (上卓). From these the hand is rebuilt in the engine: the deck order that deals those hands is
given to the engine, which runs its own pre-play checks (re-cut, 賀, 四極, 免鬭) exactly as in a
game; if play follows, the tricks' outcome is put in place of the play and the engine's own
`settle` itemises the hand. What needs the order of every card played — the liabilities
(代人認開, D1-D3) — cannot be known from the outcome alone (`LIABILITY_NOTE`); a table that wrote
down every play (`TableFacts.plays`, the 32 plays in order) gets the hand replayed move by move
through the engine, which checks each play against the rules and counts the liabilities too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yezi.components.madiao_deck import NUM_CARDS, ZHENG_SHANG, card_name, count_value
from yezi.core.errors import IllegalAction, NotationError, YeziError
from yezi.games.madiao.game import (
    MIAN,
    PHASE_MIAN,
    PHASE_STAKE,
    PLAY_ON,
    MaDiao,
    MaDiaoState,
    bad_faces,
    first_receiver,
    stake_code,
)

LIABILITY_NOTE = {
    "zh-hant": "代人認開（D1–D3）要看出牌次序，這裏不計；如有，請另行結算。",
    "zh-hans": "代人认开（D1–D3）要看出牌次序，这里不计；如有，请另行结算。",
    "en": "Liabilities (代人認開, D1-D3) depend on the order of play and are not counted here; settle any apart.",
}


class FactsError(YeziError):
    """Facts that no deal of these rules can produce; the message says which and why."""


@dataclass
class TableFacts:
    dealt: list[list[int]]  # each seat's eight cards (0 樁家, 1 下首, 2 對面, 3 上首)
    face: int  # 面葉, the card turned up after the cut
    second: int | None = None  # 底牌次張 (for 假逵); None: unknown, no 假逵 considered
    stake: int | None = None  # chips a 注; None: the rules' minimum
    pool: int = 0  # chips in the 官堆 before the hand
    tricks: list[tuple[int, int]] = field(default_factory=list)  # (winner, card that went up), in order
    mian: int | None = None  # the seat that declared 免鬭, if any
    plays: list[str] = field(default_factory=list)  # every play in order, in the engine's notation (九萬, 滅三錢)


def banwen_value(game: MaDiao) -> int:
    return 5 if game.rules["banwen_count"] == "5" else 1


def deck_order(game: MaDiao, f: TableFacts) -> list[int]:
    """The 40 cards in the order that deals `f.dealt`, with the face last and the second before it."""
    tou = first_receiver(count_value(f.face, banwen_value(game)))
    cards: list[int] = []
    for i in range(8):
        seat = (tou + i) % 4
        cards.extend(f.dealt[seat][4 * (i // 4): 4 * (i // 4) + 4])
    seen = set(cards) | {f.face}
    rest = [c for c in range(NUM_CARDS) if c not in seen]
    second = f.second
    if second is None:  # unknown: a card that cannot make 假逵
        second = next(c for c in rest if c not in ZHENG_SHANG)
    rest.remove(second)
    return cards + rest + [second, f.face]


def check(game: MaDiao, f: TableFacts) -> None:
    if len(f.dealt) != 4 or any(len(h) != 8 for h in f.dealt):
        raise FactsError("each of the four players holds eight cards")
    every = [c for h in f.dealt for c in h] + [f.face] + ([f.second] if f.second is not None else [])
    dup = sorted({c for c in every if every.count(c) > 1})
    if dup:
        raise FactsError(f"{', '.join(card_name(c) for c in dup)} named twice; the deck has one of each card")
    if f.face in bad_faces(game):
        raise FactsError(f"with these rules a face card {card_name(f.face)} is cut again; give the face that stayed")
    if f.stake is not None and f.stake not in game.stakes:
        raise FactsError(f"stake {f.stake}: these rules play stakes of {', '.join(map(str, game.stakes))} chips")
    if f.tricks:
        if len(f.tricks) != 8:
            raise FactsError(f"a hand has eight tricks; {len(f.tricks)} given")
        for i, (w, c) in enumerate(f.tricks, 1):
            if c not in f.dealt[w]:
                raise FactsError(f"trick {i}: {card_name(c)} went up for {game.seat_name(w)}, "
                                 f"who was not dealt it")
        ups = [c for _, c in f.tricks]
        if len(set(ups)) != len(ups):
            raise FactsError("the same card went up in two tricks")


def settle_table(game: MaDiao, f: TableFacts) -> MaDiaoState:
    """A finished engine state for these facts; its `settlement()` is the engine's own."""
    check(game, f)
    st = game.new_state({"cards": deck_order(game, f), "pool": f.pool})
    if st.phase == PHASE_STAKE:
        st.apply(stake_code(f.stake if f.stake is not None else game.stakes[0]))
    while st.phase == PHASE_MIAN:
        st.apply(MIAN if st.to_act == f.mian else PLAY_ON)
    if st.to_act is None:  # over before play (re-cut fine, 賀, 四極, 免鬭)
        if f.mian is not None and st.end_reason != "mian":
            raise FactsError(f"{game.seat_name(f.mian)} cannot declare 免鬭 here: the hand ended first "
                             f"({st.end_reason})")
        if f.mian is not None and st.mian_declarer != f.mian:
            raise FactsError(f"{game.seat_name(f.mian)} holds no long suit (十門五張 or 六張) to declare 免鬭 with")
        if f.tricks:
            raise FactsError(f"the hand ends before play ({st.end_reason}); no tricks are played")
        return st
    if f.mian is not None:
        raise FactsError(f"{game.seat_name(f.mian)} holds no long suit (十門五張 or 六張) to declare 免鬭 with")
    if f.plays:
        return _replay(game, st, f)
    if not f.tricks:
        raise FactsError("the hand is played: give the eight tricks (who won each, and the card that went up)")
    done = st.clone()
    done.won = [[c for w, c in f.tricks if w == s] for s in range(4)]
    done.trick_winners = [w for w, _ in f.tricks]
    done.tricks = [{"leader": None, "plays": [], "best": c, "best_seat": w} for w, c in f.tricks]
    done.play_log = []
    done._end("played")
    return done


def _replay(game: MaDiao, st: MaDiaoState, f: TableFacts) -> MaDiaoState:
    """Every play applied through the engine: an impossible play is named with the rule it breaks,
    and the tricks, if also given, must agree with the plays."""
    for i, text in enumerate(f.plays, 1):
        where = f"play {i} (trick {(i - 1) // 4 + 1})"
        if st.to_act is None:
            raise FactsError(f"{where}: {text}: the hand is already over after {i - 1} plays")
        try:
            action = game.parse_action(text)
            st.apply(action)
        except (NotationError, IllegalAction) as e:
            raise FactsError(f"{where}: {text}: {e}") from None
    if st.to_act is not None:
        raise FactsError(f"{len(f.plays)} plays given; a hand has 32 (eight tricks of four)")
    if f.tricks:
        played = [(w, st.tricks[k]["best"]) for k, w in enumerate(st.trick_winners)]
        for k, (given, real) in enumerate(zip(f.tricks, played), 1):
            if given != real:
                raise FactsError(f"trick {k}: the plays give it to {game.seat_name(real[0])} with "
                                 f"{card_name(real[1])}, the tricks line says {game.seat_name(given[0])} "
                                 f"with {card_name(given[1])}")
    return st

