"""Fishing 釣魚 settlement: pairwise payments, one swappable method per source.

Every pair of players settles on its own (seed 003: "兩人之間的輸贏計算只是二人之間的事"), so
a method is a function of two players' standings (plus the table size where a rule depends on
it). The engine only classifies catches; a `Method` turns a classified catch into a `Standing`
(the 決勝分 and the 鈞 count) and a list of standings into payments, each pair with its
arithmetic written out for people (`yezi settle fishing`) and tests.

Methods (rules-notes §3.2 step 11, variant V-F9):

* ``M1``: Yuen Long, The Suffocated's own: specials double; winner gets the difference + 鈞頂鈞
  (100 per net 鈞 unless he has 三鈞) + 500, rounded up to 100; a lone 過山 (≥ 1000) winner gets
  2 × his score instead, rounded up.
* ``M2``: Mong Kok (Japanese field report): each special +300; the difference, doubled when the
  winner alone is 過山 (both 過山: not doubled, our default for what the report leaves open).
* ``M3``: the commenter FC1's group: specials double; the difference in hundreds rounded up, plus
  底 units, plus 鈞頭 (net 鈞, 100 each or 1-3-5) counted in every case; 過山 makes the opponent's
  fish count as 0, without doubling. FC1 plays 700 with three; the threshold is the option
  ``overmountain_3p`` (V-F10) like every method's, read in one place (`method_from_rules`).
* ``YL``: the Yuen Long park elders (postscript): as M1 but a 鈞 earns nothing beyond its big fish
  (no 鈞頂鈞). The elders would not tell the rest, so base and rounding follow M1 — an assumption.
* ``plain``: the difference, nothing else (Tiu U: pagat is cut off at the settlement; rules-notes
  §3.3 step 8 recommends pairwise differences).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yezi.core import branches
from yezi.games.fishing.scoring import SPECIALS, THREE_JUN, Catch
from yezi.i18n import NP_, _c


@dataclass(frozen=True)
class Standing:
    """What settlement needs of one player: the 決勝分, complete 鈞, whether 三鈞, specials."""

    score: int
    jun: int = 0
    three_jun: bool = False
    specials: tuple[str, ...] = ()


@dataclass
class PairPayment:
    payer: int
    payee: int
    amount: int
    arithmetic: str


@dataclass
class Settlement:
    payments: list[int]
    pairs: list[PairPayment] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)


# The arithmetic of a pair: key -> English msgid, worded in each language by the catalogs under the
# context ``fishing-settle:KEY`` (the numbers and rule names are the same in all three).
T: dict[str, str] = {
    "equal": NP_("fishing-settle:equal", "{wn} {ws} = {ln} {ls}: equal, nothing paid"),
    "pays": NP_("fishing-settle:pays", "{ln} pays {wn} {amt}"),
    "sep": NP_("fishing-settle:sep", "; "),
    "rounded": NP_("fishing-settle:rounded", " → rounded up {amt}"),
    "m1_over": NP_("fishing-settle:m1_over", "{wn} over the mountain 過山 ({ws} ≥ {om}), {ln} not: 2 × {ws} = {raw}"),
    "head": NP_("fishing-settle:head", "{wn} over {ln}{both}: "),
    "both": NP_("fishing-settle:both", " (both over the mountain 過山)"),
    "diff": NP_("fishing-settle:diff", "difference {ws} − {ls} = {diff}"),
    "junjun": NP_("fishing-settle:junjun", "set-against-set bonus 100 × ({wj} − {lj}) = {jb}"),
    "base": NP_("fishing-settle:base", "base {base}"),
    "total": NP_("fishing-settle:total", "total {terms} = {raw}"),
    "m2_over": NP_("fishing-settle:m2_over", "{wn} over the mountain 過山: 2 × ({ws} − {ls}) = {amt}"),
    "plain": NP_("fishing-settle:plain", "{ws} − {ls} = {diff}"),
    "m3_same": NP_("fishing-settle:m3_same", "{ws} = {ls}: no fish difference, no base unit"),
    "m3_over": NP_("fishing-settle:m3_over", "{wn} over the mountain 過山 ({ws} ≥ {om}): "
                                             "{ln}'s fish count 0, {ws} → {h}"),
    "m3_diff": NP_("fishing-settle:m3_diff", "{ws} − {ls} = {fish} → {h}"),
    "m3_di": NP_("fishing-settle:m3_di", "+ {base} base = {units}"),
    "m3_jun": NP_("fishing-settle:m3_jun", "{sign} sets bonus {n} ({wj} vs {lj} sets 鈞) = {units}"),
    "m3_tail": NP_("fishing-settle:m3_tail", " (hundreds); {who}"),
}


def _t(key: str, lang: str, **kw) -> str:
    return _c(lang, "fishing-settle:" + key, T[key], **kw)


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


class Method:
    """A settlement method. Subclasses define `standing` (catch → 決勝分) and `pair`."""

    key = ""
    title = ""
    double_specials = True  # special sets add their fish value again (M1, M3, YL)
    special_bonus = 0  # or a fixed bonus per special set (M2)

    def __init__(self, players: int = 3, **params):
        self.players = players
        self.params = params

    # --- the 決勝分 ---------------------------------------------------------------------------
    def standing(self, catch: Catch) -> Standing:
        score = catch.fish
        if not catch.all_small:
            if self.double_specials:
                score += sum(catch.special_fish.values())
            score += self.special_bonus * len(catch.specials)
        return Standing(score, catch.jun, THREE_JUN in catch.specials and not catch.all_small, catch.specials)

    def standing_quick(self, q) -> Standing:
        """The standing from `scoring.quick`'s numbers (same result as `standing`, no reasons)."""
        fish, sf, ns, jun, all_small = q
        score = fish
        if not all_small:
            if self.double_specials:
                score += sf
            score += self.special_bonus * ns
        three = not all_small and jun == 3
        return Standing(score, jun, three)

    def title_text(self, lang: str = "en") -> str:
        """The method's title in `lang` (the titles are marked under ``fishing-settle:title-KEY``)."""
        return _c(lang, f"fishing-settle:title-{self.key}", self.title) if self.title else ""

    def bonus_text(self, catch: Catch, lang: str = "en") -> list[str]:
        out = []
        for sid in catch.specials if not catch.all_small else ():
            nm = SPECIALS[sid]["names"][lang]
            if self.double_specials:
                out.append(f"{nm} +{catch.special_fish[sid]}")
            if self.special_bonus:
                out.append(f"{nm} +{self.special_bonus}")
        return out

    # --- payments ---------------------------------------------------------------------------
    def settle(self, standings: list[Standing], names: list[str] | None = None, with_text: bool = True,
               lang: str = "en") -> Settlement:
        """Pairwise payments; each pair's arithmetic is worded in `lang` (zh-hant, zh-hans, en)."""
        n = len(standings)
        names = names or [chr(ord("A") + i) for i in range(n)]
        pays = [0] * n
        pairs: list[PairPayment] = []
        order = sorted(range(n), key=lambda i: -standings[i].score)
        place = {p: r for r, p in enumerate(order)}
        for i in range(n):
            for j in range(i + 1, n):
                a, b = standings[i], standings[j]
                if a.score >= b.score:
                    w, lo = i, j
                else:
                    w, lo = j, i
                amount, text = self.pair(standings[w], standings[lo], names[w], names[lo],
                                         places=(place[w], place[lo]), lang=lang)
                if amount < 0:
                    w, lo, amount = lo, w, -amount
                pays[w] += amount
                pays[lo] -= amount
                pairs.append(PairPayment(lo, w, amount, text))
        return Settlement(pays, pairs, list(standings))

    def pair(self, w: Standing, lo: Standing, wn: str, ln: str, places=(0, 1), lang: str = "en") -> tuple[int, str]:
        raise NotImplementedError


class M1(Method):
    key = "M1"
    title = NP_("fishing-settle:title-M1",
                "M1 Yuen Long (The Suffocated): specials double, +500 base, 鈞頂鈞, 過山 ×2")

    def __init__(self, players=3, overmountain=1000, base=500, jun_bonus=True, **kw):
        super().__init__(players, **kw)
        self.overmountain = overmountain
        self.base = base
        self.jun_bonus = jun_bonus

    def pair(self, w, lo, wn, ln, places=(0, 1), lang="en"):
        if w.score == lo.score:
            return 0, _t("equal", lang, wn=wn, ws=w.score, ln=ln, ls=lo.score)
        wo, lov = w.score >= self.overmountain, lo.score >= self.overmountain
        sep = _t("sep", lang)
        if wo and not lov:
            branches.hit(f"fishing.{self.key}.overmountain")
            raw = 2 * w.score
            amt = ceil100(raw)
            return amt, (_t("m1_over", lang, wn=wn, ws=w.score, om=self.overmountain, ln=ln, raw=raw)
                         + (_t("rounded", lang, amt=amt) if amt != raw else "") + sep
                         + _t("pays", lang, ln=ln, wn=wn, amt=amt))
        diff = w.score - lo.score
        parts = [_t("diff", lang, ws=w.score, ls=lo.score, diff=diff)]
        terms = [diff]
        branches.hit(f"fishing.{self.key}.difference" + ("-both-over" if wo and lov else ""))
        if self.jun_bonus and not w.three_jun and w.jun > lo.jun:
            branches.hit("fishing.M1.jun-beats-jun")
            jb = 100 * (w.jun - lo.jun)
            terms.append(jb)
            parts.append(_t("junjun", lang, wj=w.jun, lj=lo.jun, jb=jb))
        terms.append(self.base)
        parts.append(_t("base", lang, base=self.base))
        raw = sum(terms)
        amt = ceil100(raw)
        both = _t("both", lang) if wo and lov else ""
        return amt, (_t("head", lang, wn=wn, ln=ln, both=both) + sep.join(parts) + sep
                     + _t("total", lang, terms=" + ".join(str(t) for t in terms), raw=raw)
                     + (_t("rounded", lang, amt=amt) if amt != raw else "") + sep
                     + _t("pays", lang, ln=ln, wn=wn, amt=amt))


class YuenLongElders(M1):
    key = "YL"
    title = NP_("fishing-settle:title-YL",
                "Yuen Long park elders: as M1 without 鈞 bonuses (鈞頂鈞); 三鈞 still doubles")

    def __init__(self, players=3, overmountain=1000, base=500, **kw):
        super().__init__(players, overmountain=overmountain, base=base, jun_bonus=False, **kw)


class M2(Method):
    key = "M2"
    title = NP_("fishing-settle:title-M2",
                "M2 Mong Kok: +300 per special set, the difference, doubled for a lone 過山")
    double_specials = False
    special_bonus = 300

    def __init__(self, players=3, overmountain=1000, double_both=False, **kw):
        super().__init__(players, **kw)
        self.overmountain = overmountain
        self.double_both = double_both

    def pair(self, w, lo, wn, ln, places=(0, 1), lang="en"):
        diff = w.score - lo.score
        if diff == 0:
            return 0, _t("equal", lang, wn=wn, ws=w.score, ln=ln, ls=lo.score)
        wo, lov = w.score >= self.overmountain, lo.score >= self.overmountain
        sep = _t("sep", lang)
        if wo and (not lov or self.double_both):
            branches.hit("fishing.M2.overmountain" + ("-both" if lov else ""))
            amt = 2 * diff
            return amt, (_t("m2_over", lang, wn=wn, ws=w.score, ls=lo.score, amt=amt) + sep
                         + _t("pays", lang, ln=ln, wn=wn, amt=amt))
        branches.hit("fishing.M2.difference")
        return diff, (_t("plain", lang, ws=w.score, ls=lo.score, diff=diff) + sep
                      + _t("pays", lang, ln=ln, wn=wn, amt=diff))


class M3(Method):
    key = "M3"
    title = NP_("fishing-settle:title-M3",
                "M3 (a blog reader's group): hundreds of difference rounded up + 底 + 鈞頭; 過山 zeroes the loser")

    def __init__(self, players=3, overmountain=1000, di=1, jun_scale="linear",
                 base_when_overmountain=True, base_second_vs_third=True, **kw):
        super().__init__(players, **kw)
        self.overmountain = overmountain
        self.di = di
        self.jun_scale = jun_scale
        self.base_when_overmountain = base_when_overmountain
        self.base_second_vs_third = base_second_vs_third

    def jun_value(self, n: int) -> int:
        return (0, 1, 3, 5)[n] if self.jun_scale == "1-3-5" else n

    def pair(self, w, lo, wn, ln, places=(0, 1), lang="en"):
        wo, lov = w.score >= self.overmountain, lo.score >= self.overmountain
        parts = []
        over = wo and not lov
        if w.score == lo.score:
            units = 0
            parts.append(_t("m3_same", lang, ws=w.score, ls=lo.score))
        else:
            branches.hit("fishing.M3.overmountain" if over else "fishing.M3.difference")
            if over:
                fish = w.score
                parts.append(_t("m3_over", lang, wn=wn, ws=w.score, om=self.overmountain, ln=ln, h=-(-fish // 100)))
            else:
                fish = w.score - lo.score
                parts.append(_t("m3_diff", lang, ws=w.score, ls=lo.score, fish=fish, h=-(-fish // 100)))
            units = -(-fish // 100)
            base = self.di
            if over and not self.base_when_overmountain:
                branches.hit("fishing.M3.no-di-overmountain")
                base = 0
            if self.players == 3 and set(places) == {1, 2} and not self.base_second_vs_third:
                branches.hit("fishing.M3.no-di-second-third")
                base = 0
            units += base
            parts.append(_t("m3_di", lang, base=base, units=units))
        jw, jl = self.jun_value(w.jun), self.jun_value(lo.jun)
        net = jw - jl
        if net:
            branches.hit(f"fishing.M3.jun-{self.jun_scale}")
            units += net
            parts.append(_t("m3_jun", lang, sign="+" if net > 0 else "−", n=abs(net), wj=w.jun, lj=lo.jun,
                            units=units))
        amt = 100 * units
        who = _t("pays", lang, ln=ln, wn=wn, amt=amt) if amt >= 0 else _t("pays", lang, ln=wn, wn=ln, amt=-amt)
        return amt, _t("head", lang, wn=wn, ln=ln, both="") + " ".join(parts) + _t("m3_tail", lang, who=who)


class Plain(Method):
    key = "plain"
    title = NP_("fishing-settle:title-plain",
                "Plain pairwise difference (Tiu U)")
    double_specials = False

    def pair(self, w, lo, wn, ln, places=(0, 1), lang="en"):
        diff = w.score - lo.score
        branches.hit("fishing.plain.difference")
        return diff, (_t("plain", lang, ws=w.score, ls=lo.score, diff=diff) + _t("sep", lang)
                      + _t("pays", lang, ln=ln, wn=wn, amt=diff))


METHODS: dict[str, type[Method]] = {"M1": M1, "M2": M2, "M3": M3, "YL": YuenLongElders, "plain": Plain}


def overmountain_for(rules, players: int) -> int:
    """The 過山 threshold a ruleset sets: 1000 with two players, the option ``overmountain_3p``
    (V-F10) with three — for every method, M3 included (FC1's 700 is the fc1-group preset's)."""
    return 1000 if players == 2 else int(rules["overmountain_3p"])


def method_from_rules(rules, players: int, overmountain: int | None = None) -> Method:
    """The settlement method a ruleset names, with its parameters. The one place that reads the
    settlement options: the engine and `yezi settle fishing` both call it. `overmountain` replaces
    the threshold when given (the calculator's ``--overmountain``)."""
    return make_method(
        rules["settlement"], players=players,
        overmountain=overmountain_for(rules, players) if overmountain is None else overmountain,
        di=int(rules["di"]), jun_scale=rules["jun_scale"], base_when_overmountain=bool(rules["di_overmountain"]),
        base_second_vs_third=bool(rules["di_second_third"]), double_both=bool(rules["double_both"]),
    )


def make_method(key: str, players: int = 3, **params) -> Method:
    """A method by key (M1, M2, M3, YL, plain) with its parameters (unknown ones are ignored)."""
    if key not in METHODS:
        raise ValueError(f"unknown settlement method {key!r}; expected one of {', '.join(METHODS)}")
    cls = METHODS[key]
    import inspect

    accepted = set(inspect.signature(cls.__init__).parameters)
    return cls(players=players, **{k: v for k, v in params.items() if k in accepted})
