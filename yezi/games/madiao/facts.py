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
from yezi.games.madiao.words import END_REASONS
from yezi.i18n import Msg, PerLanguage

LIABILITY_NOTE = {
    "zh-hant": "代人認開（D1–D3）要看出牌次序，這裏不計；如有，請另行結算。",
    "zh-hans": "代人认开（D1–D3）要看出牌次序，这里不计；如有，请另行结算。",
    "en": "Liabilities (代人認開, D1-D3) depend on the order of play and are not counted here; settle any apart.",
}


class FactsError(YeziError):
    """Facts that no deal of these rules can produce; the message says which and why.

    It is built from a `Msg`, so `text(lang)` reads in the reader's language; ``str(e)`` is English."""

    def __init__(self, message: Msg):
        super().__init__(str(message))
        self.msg = message

    def text(self, lang: str) -> str:
        return self.msg.render(lang)


def _card(c: int) -> PerLanguage:
    """A card's name in a message: 繁體 in the English text (as it always was), the reader's script otherwise."""
    return PerLanguage(lambda lang: card_name(c, "zh-hant" if lang == "en" else lang))


def _cards(cards: list[int]) -> PerLanguage:
    return PerLanguage(lambda lang: ("、" if lang != "en" else ", ").join(
        card_name(c, "zh-hant" if lang == "en" else lang) for c in cards))


def _seat(game: MaDiao, seat: int) -> PerLanguage:
    return PerLanguage(lambda lang: game.seat_name(seat, "zh-hant" if lang == "en" else lang))


def _reason(code: str) -> PerLanguage:
    """Why a hand ended: its code in English (as it always was), its name in Chinese."""
    return PerLanguage(lambda lang: code if lang == "en" or code not in END_REASONS else END_REASONS[code][lang])


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
        raise FactsError(Msg("each of the four players holds eight cards"))
    every = [c for h in f.dealt for c in h] + [f.face] + ([f.second] if f.second is not None else [])
    dup = sorted({c for c in every if every.count(c) > 1})
    if dup:
        raise FactsError(Msg("{cards} named twice; the deck has one of each card", cards=_cards(dup)))
    if f.face in bad_faces(game):
        raise FactsError(Msg("with these rules a face card {card} is cut again; give the face that stayed",
                             card=_card(f.face)))
    if f.stake is not None and f.stake not in game.stakes:
        raise FactsError(Msg("stake {stake}: these rules play stakes of {stakes} chips", stake=f.stake,
                             stakes=", ".join(map(str, game.stakes))))
    if f.tricks:
        if len(f.tricks) != 8:
            raise FactsError(Msg("a hand has eight tricks; {n} given", n=len(f.tricks)))
        for i, (w, c) in enumerate(f.tricks, 1):
            if c not in f.dealt[w]:
                raise FactsError(Msg("trick {i}: {card} went up for {seat}, who was not dealt it", i=i,
                                     card=_card(c), seat=_seat(game, w)))
        ups = [c for _, c in f.tricks]
        if len(set(ups)) != len(ups):
            raise FactsError(Msg("the same card went up in two tricks"))


def settle_table(game: MaDiao, f: TableFacts) -> MaDiaoState:
    """A finished engine state for these facts; its `settlement()` is the engine's own."""
    check(game, f)
    st = game.new_state({"cards": deck_order(game, f), "pool": f.pool})
    if st.phase == PHASE_STAKE:
        st.apply(stake_code(f.stake if f.stake is not None else game.stakes[0]))
    while st.phase == PHASE_MIAN:
        st.apply(MIAN if st.to_act == f.mian else PLAY_ON)
    if st.to_act is None:  # over before play (re-cut fine, 賀, 四極, 免鬭)
        assert st.end_reason is not None  # a hand that is over says why
        if f.mian is not None and st.end_reason != "mian":
            raise FactsError(Msg("{seat} cannot declare 免鬭 here: the hand ended first ({reason})",
                                 seat=_seat(game, f.mian), reason=_reason(st.end_reason)))
        if f.mian is not None and st.mian_declarer != f.mian:
            raise FactsError(Msg("{seat} holds no long suit (十門五張 or 六張) to declare 免鬭 with",
                                 seat=_seat(game, f.mian)))
        if f.tricks:
            raise FactsError(Msg("the hand ends before play ({reason}); no tricks are played",
                                 reason=_reason(st.end_reason)))
        return st
    if f.mian is not None:
        raise FactsError(Msg("{seat} holds no long suit (十門五張 or 六張) to declare 免鬭 with",
                             seat=_seat(game, f.mian)))
    if f.plays:
        return _replay(game, st, f)
    if not f.tricks:
        raise FactsError(Msg("the hand is played: give the eight tricks (who won each, and the card that went up)"))
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
        where = Msg("play {i} (trick {trick})", i=i, trick=(i - 1) // 4 + 1)
        if st.to_act is None:
            raise FactsError(Msg("{where}: {text}: the hand is already over after {n} plays", where=where, text=text,
                                 n=i - 1))
        try:
            action = game.parse_action(text)
            st.apply(action)
        except (NotationError, IllegalAction) as e:
            # the engine's English text as it was; a refusal's own translation for a Chinese reader
            def why_text(lang: str, e: Exception = e) -> str:  # e=e: the message is read after the except block
                return e.text(lang) if lang != "en" and isinstance(e, IllegalAction) else str(e)

            why = PerLanguage(why_text)
            raise FactsError(Msg("{where}: {text}: {error}", where=where, text=text, error=why)) from None
    if st.to_act is not None:
        raise FactsError(Msg("{n} plays given; a hand has 32 (eight tricks of four)", n=len(f.plays)))
    if f.tricks:
        played = [(w, st.tricks[k]["best"]) for k, w in enumerate(st.trick_winners)]
        for k, (given, real) in enumerate(zip(f.tricks, played), 1):
            if given != real:
                raise FactsError(Msg("trick {k}: the plays give it to {seat} with {card}, the tricks line says "
                                     "{given_seat} with {given_card}", k=k, seat=_seat(game, real[0]),
                                     card=_card(real[1]), given_seat=_seat(game, given[0]), given_card=_card(given[1])))
    return st

