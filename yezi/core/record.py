"""Game records: (ruleset, deal, actions), in a readable text form and in JSON.

The text form follows the shape of a chess PGN: header tags in brackets, a blank line, then the
actions numbered one per line with the seat that took them::

    [Game "lukfu"]
    [Format "2"]
    [Engine "yezi 0.1.0"]
    [Preset "hakka-hk"]
    [Options "laosui=visible"]
    [Rules "bao=yes,laosui=visible,..."]
    [Seed "7"]
    [Deal "頭:九拾 ... | 二:... | 夢:五索 | 三:..."]
    [Result "頭家 +2, 二家 -6, 夢家 +4, 三家 0"]

    1. 頭家 唔做
    2. 二家 做 {privileged}
    3. 頭家 五拾

Actions are written in the notation asked for (Chinese or ASCII); the reader accepts any.

Format 2 (``[Format "2"]``) pins what the record means: ``[Rules]`` holds every option's value, so
a default or a preset changed later does not change the game it replays (``[Preset]`` and
``[Options]``, the overrides chosen, stay for the reader); ``[Engine]`` names the yezi that wrote
it. An option added after a record was written takes its default, which is the rule as it was
played before the option existed. A record with no ``[Format]`` is format 1: it has no ``[Rules]``
and is resolved from its preset and overrides with the current defaults, taken as the rules in force
while format 1 was written (no default had changed then); a default changed since does change what
such a record replays, which is why format 2 pins them.

``[Result]`` is checked against the replay: a result that is not what the actions pay is refused,
naming each seat that differs. Comments in braces are kept, as python-chess keeps a node's comments:
`Record.comments` maps the number of actions before a comment (0: before the first) to its texts,
and the writer puts them back there. A file may hold several deals (a match), one record after
another, each with its own header (`read_records`, `records_text`).

A record *seen by* someone (`Record.seen`) holds only what that reader knew at the deal's end: the
public one (``[View "public"]``) what everybody saw, a seat's (``[View "2"]``) what that seat saw. Each
action is written as that reader saw it (the engine's `State.redact`: a face-down 墊 stays ``墊牌``),
and neither the deal nor its seed is written. A seat's record replays from a *sample* (``[Sample]``,
``[SampleMoves]``): a deal and actions drawn from that seat's own view (`State.sample_hidden`) with a
generator seeded by that view, so it depends on nothing the seat could not see, and every step of its
replay shows what the seat saw; the other seats' cards in it are not the real ones. The public record
cannot be replayed on its own (no seat's view is public; its ``[Result]`` is read as written); the
server replays a table's deal publicly from the full record, which it keeps for the operator and for
disputes.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from yezi.core.errors import NotationError, OptionError, RecordError, YeziError
from yezi.core.options import notation, parse_overrides
from yezi.core.protocol import NOTATIONS, Game, State
from yezi.core.registry import load_game, load_pinned
from yezi.i18n import NP_, PerLanguage, Words, _c

#: the record format this module writes (``[Format]``); it reads every format up to this one
FORMAT = 2

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_COMMENT = re.compile(r"\{([^{}]*)\}")
_MOVE = re.compile(r"^\s*(\d+)\.\s*(.*)$")
_SEP = re.compile(r"\s*[,，、]\s*")

#: the refusals a reader of a record may meet first (a forged result, a newer format), in its language
REFUSALS = Words("record", {
    "result-differs": NP_("record:result-differs", "[Result] does not match the replay: {differences}"),
    "result-seat": NP_("record:result-seat", "{seat} is {written} in [Result] but {paid} in the replay"),
    "result-missing": NP_("record:result-missing", "{seat} is missing from [Result] (the replay pays {paid})"),
    "result-unfinished": NP_("record:result-unfinished",
                             "[Result] is given but the deal is not over after the record's {n} actions"),
    "newer-format": NP_("record:newer-format",
                        "this record is in format {format}, written by a newer yezi; this one reads formats 1 to "
                        "{known}"),
})


def _refusal(key: str, **params: Any) -> RecordError:
    return RecordError(PerLanguage(lambda lang: _c(lang, REFUSALS.context(key), REFUSALS.table[key], **params)))


@dataclass
class Record:
    game: str
    preset: str
    overrides: dict[str, Any]
    deal: Any
    actions: list[int]
    seed: int | None = None
    tags: dict[str, str] = field(default_factory=dict)
    # None: the whole record (a player's own `yezi play` game, the server's copy); PUBLIC or a seat:
    # what that reader saw (then deal and actions are a seat's sample, or None and [] for the public)
    seen_by: int | str | None = None
    # a redacted record's action lines as its reader saw them, per notation (read back: under "text")
    shown: dict[str, list[str]] | None = None
    payments: list[Any] | None = None
    # every option's value (format 2 pins them); None: resolve preset and overrides with today's defaults
    rules: dict[str, Any] | None = None
    # the comments, by the number of actions before them (0: before the first action)
    comments: dict[int, list[str]] = field(default_factory=dict)
    format: int = FORMAT  # the format it was read in (1: no [Format] tag); it is written in FORMAT
    engine: str | None = None  # the [Engine] it was read with (the writer names this yezi)

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: State, seed: int | None = None, tags: dict[str, str] | None = None) -> Record:
        rules = state.game.rules
        return cls(
            game=state.game.name,
            preset=rules.preset,
            overrides=dict(rules.overrides),
            deal=state.deal,
            actions=list(state.history),
            seed=seed,
            tags=dict(tags or {}),
            rules=dict(rules.values),
        )

    @classmethod
    def seen(cls, state: State, seat: int | None, tags: dict[str, str] | None = None) -> Record:
        """A finished deal's record as `seat` (None: everybody) knows it at the end: each action as the
        engine redacts it for that reader, the payments, and for a seat a sample world drawn from its own
        view to replay from. Everything comes from the engine's per-seat knowledge (`State.redact`,
        `State.view`, `State.sample_hidden`), so no game states its rules twice."""
        if state.current_player is not None:
            raise RecordError("a deal's record is redacted once it is over")
        game = state.game
        rec = cls(game=game.name, preset=game.rules.preset, overrides=dict(game.rules.overrides), deal=None,
                  actions=[], tags=dict(tags or {}), seen_by=PUBLIC if seat is None else seat,
                  shown={lang: shown_lines(state, seat, lang) for lang in NOTATIONS},
                  payments=list(state.payments()), rules=dict(game.rules.values))
        if seat is not None:
            view = json.dumps(state.view(seat), sort_keys=True, ensure_ascii=False, default=str)
            rng = random.Random(hashlib.sha256(view.encode("utf-8")).digest())
            try:
                rec.deal, rec.actions = state.sample_hidden(seat, rng)
                rec.deal, rec.actions = _checked_sample(state, seat, rec.deal, rec.actions)
            except (AssertionError, YeziError, ValueError):
                rec.deal, rec.actions = None, []  # no world found: the record reads, but does not replay
        return rec

    @property
    def redacted(self) -> bool:
        return self.seen_by is not None

    def load(self) -> Game:
        """The game this record is played under: its pinned rules when it has them (format 2), else
        its preset and overrides resolved with today's defaults (format 1)."""
        if self.rules is not None:
            return load_pinned(self.game, self.preset, self.rules, self.overrides)
        return load_game(self.game, self.preset, self.overrides)

    def replay(self) -> State:
        game = self.load()
        if self.redacted and self.deal is None:
            raise RecordError("this record shows only what everybody saw (no seat's cards): it cannot be "
                              "replayed on its own; replay the table's deal, or a seat's own record")
        try:
            return game.replay(self.deal, self.actions)
        except YeziError as e:
            raise RecordError(f"record does not replay: {e}") from e

    # --- text ------------------------------------------------------------------------------
    def _header(self, game: Game) -> dict[str, str]:
        from yezi import __version__

        header = {"Game": self.game, "Format": str(FORMAT), "Engine": f"yezi {__version__}", "Preset": self.preset}
        if self.overrides:
            header["Options"] = game.rules.overrides_text()
        header["Rules"] = game.rules.values_text()
        return header

    def to_text(self, lang: str = "zh-hant", comments: bool = False) -> str:
        """The record as text in `lang`'s notation; `comments`: each action's explanation by the engine
        beside it as a comment (the record's own comments are always written back)."""
        if self.redacted:
            return self._redacted_text(lang)
        game = self.load()
        state = game.new_state(self.deal)
        header = self._header(game)
        if self.seed is not None:
            header["Seed"] = str(self.seed)
        header["Deal"] = game.format_deal(self.deal)
        header.update({k: v for k, v in self.tags.items() if k != "Result"})
        lines = [f"{{{c}}}" for c in self.comments.get(0, [])]
        for i, a in enumerate(self.actions):
            seat = state.current_player
            seat_name = game.seat_name(seat, lang if lang != "ascii" else "en") if seat is not None else "?"
            notes = []
            if comments and hasattr(state, "annotate"):
                notes = [n for n in [state.annotate(a, lang)] if n]
            state.apply(a)
            notes += [c for c in self.comments.get(i + 1, []) if c not in notes]
            lines.append(f"{i + 1}. {seat_name} {game.format_action(a, lang)}" + (f" {{{notes[0]}}}" if notes else ""))
            lines += [f"{{{c}}}" for c in notes[1:]]
        if state.is_terminal():
            header["Result"] = result_text(game, state.payments(), lang)
        head = "\n".join(f'[{k} "{_escape(str(v))}"]' for k, v in header.items())
        return head + "\n\n" + "\n".join(lines) + ("\n" if lines else "")

    def _redacted_text(self, lang: str) -> str:
        """The text of a record seen by someone: its view, its tags, the sample it replays from, and
        each action as its reader saw it."""
        game = self.load()
        header = self._header(game)
        header["View"] = str(self.seen_by)
        header.update(self.tags)
        if self.payments is not None:
            header["Result"] = result_text(game, self.payments, lang)
        if self.deal is not None:
            header["Sample"] = game.format_deal(self.deal)
            header["SampleMoves"] = " ".join(game.format_action(a, "ascii") for a in self.actions)
        body = [f"{{{c}}}\n" for c in self.comments.get(0, [])]
        for i, line in enumerate(self.shown_in(lang)):
            notes = self.comments.get(i + 1, [])
            body.append(f"{i + 1}. {line}" + (f" {{{notes[0]}}}" if notes else "") + "\n")
            body += [f"{{{c}}}\n" for c in notes[1:]]
        head = "\n".join(f'[{k} "{_escape(str(v))}"]' for k, v in header.items())
        return head + "\n\n" + "".join(body)

    def shown_in(self, lang: str) -> list[str]:
        """A redacted record's action lines in `lang`, from its sample when it has one (the lines a
        seat saw are the same in every world it cannot tell from the real one)."""
        if self.shown and lang in self.shown:
            return self.shown[lang]
        if self.deal is not None and isinstance(self.seen_by, int):
            return shown_lines(self.load().replay(self.deal, self.actions), self.seen_by, lang)
        return next(iter(self.shown.values())) if self.shown else []

    @classmethod
    def from_text(cls, text: str) -> Record:
        """The one record in `text` (a file of several deals is read by `read_records`)."""
        records = read_records(text)
        if len(records) != 1:
            raise RecordError(f"this text holds {len(records)} records (deals), not one; read each with "
                              "yezi.core.record.read_records, or `yezi replay --deal N`")
        return records[0]

    # --- JSON ------------------------------------------------------------------------------
    def to_json(self) -> str:
        from yezi import __version__

        game = self.load()
        pinned = {"format": FORMAT, "engine": f"yezi {__version__}",
                  "rules": {k: _plain(v) for k, v in sorted(game.rules.values.items())}}
        notes = {str(k): v for k, v in sorted(self.comments.items())}
        if self.redacted:
            return json.dumps({
                "game": self.game, "preset": self.preset, "options": game.rules.overrides_text(), **pinned,
                "view": self.seen_by, "deal": self.deal, "actions": self.actions,
                "shown": {lang: self.shown_in(lang) for lang in NOTATIONS} if self.shown else None,
                "payments": None if self.payments is None else [str(p) for p in self.payments],
                "tags": self.tags, "comments": notes,
            }, ensure_ascii=False)
        return json.dumps(
            {
                "game": self.game,
                "preset": self.preset,
                "options": game.rules.overrides_text(),
                **pinned,
                "seed": self.seed,
                "deal": self.deal,
                "actions": self.actions,
                "notation": [game.format_action(a, "ascii") for a in self.actions],
                "tags": self.tags,
                "comments": notes,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            d = json.loads(text)
            version = _format_of(d.get("format"))
            overrides = parse_overrides(d.get("options", ""))
            rules = _rules_of(d, version)
            game = (load_game(d["game"], d.get("preset"), overrides) if rules is None
                    else load_pinned(d["game"], d.get("preset") or "", rules, overrides))
            comments = {int(k): [str(c) for c in v] for k, v in (d.get("comments") or {}).items()}
            if d.get("view") is not None:
                rec = _redacted_from_json(game, d)
            else:
                rec = cls(game=d["game"], preset=game.rules.preset, overrides=dict(game.rules.overrides),
                          deal=d["deal"], actions=[int(a) for a in d["actions"]], seed=d.get("seed"),
                          tags=dict(d.get("tags", {})))
            rec.rules = None if rules is None else dict(game.rules.values)
            rec.comments, rec.format, rec.engine = comments, version, d.get("engine")
            return rec
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise RecordError(f"not a yezi JSON record: {e}") from e


PUBLIC = "public"


def read_records(text: str) -> list[Record]:
    """Every record in `text`, in order: a file of a match holds one per deal, each with its header
    (a header tag after the actions or comments of one record begins the next, as in PGN)."""
    chunks: list[list[tuple[int, str]]] = [[]]
    in_body = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            if in_body:
                chunks.append([])
                in_body = False
        else:
            in_body = True
        chunks[-1].append((lineno, line))
    records = [_read_one(c) for c in chunks if c]
    if not records:
        raise RecordError("record has no [Game \"...\"] tag")
    return records


def records_text(records: Iterable[Record], lang: str = "zh-hant", comments: bool = False) -> str:
    """Several records in one text (a match: one per deal), each as `Record.to_text` writes it."""
    return "\n".join(r.to_text(lang, comments) for r in records)


def result_text(game: Game, payments: Iterable[Any], lang: str) -> str:
    """``頭家 +2, 二家 -2, …``: what a record's ``[Result]`` says, seat names in `lang`."""
    names = lang if lang != "ascii" else "en"
    return ", ".join(f"{game.seat_name(s, names)} {_signed(p)}" for s, p in enumerate(payments))


def _read_one(lines: list[tuple[int, str]]) -> Record:
    tags: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    for lineno, line in lines:
        m = _TAG.match(line)
        if m and not body:
            tags[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            continue
        if line.startswith("["):
            raise RecordError(f"line {lineno}: malformed header tag {line!r}; expected [Name \"value\"]")
        body.append((lineno, line))
    if "Game" not in tags:
        raise RecordError("record has no [Game \"...\"] tag")
    version = _format_of(tags.pop("Format", None))
    engine = tags.pop("Engine", None)
    game_name = tags.pop("Game")
    preset = tags.pop("Preset", None)
    overrides = parse_overrides(tags.pop("Options", ""))
    rules_text = tags.pop("Rules", None)
    if version >= 2 and rules_text is None:
        raise RecordError(f"a format-{version} record pins every option's value in a [Rules \"name=value,...\"] "
                          "tag; this one has none")
    if rules_text is None:
        game = load_game(game_name, preset, overrides)
    else:
        game = load_pinned(game_name, preset or "", parse_overrides(rules_text), overrides)
        _check_overrides(game, overrides)
    moves, comments = _body(body)
    if "View" in tags:
        rec = _read_redacted(game, game_name, tags, moves)
    else:
        rec = _read_whole(game, game_name, tags, moves)
    rec.rules = None if rules_text is None else dict(game.rules.values)
    rec.comments, rec.format, rec.engine = comments, version, engine
    return rec


def _read_whole(game: Game, game_name: str, tags: dict[str, str], moves: list[tuple[int, str]]) -> Record:
    seed = int(tags.pop("Seed")) if "Seed" in tags else None
    if "Deal" in tags:
        deal = game.parse_deal(tags.pop("Deal"))
    elif seed is not None:
        deal = game.deal_from_seed(seed)
    else:
        raise RecordError("record has neither a [Deal] nor a [Seed] tag")
    result = tags.pop("Result", None)
    state = game.new_state(deal)
    actions: list[int] = []
    for lineno, rest in moves:
        action = _parse_with_optional_seat(game, state, rest, lineno)
        try:
            state.apply(action)
        except YeziError as e:
            raise RecordError(f"line {lineno}: {e}") from e
        actions.append(action)
    if result is not None:
        if not state.is_terminal():
            raise _refusal("result-unfinished", n=len(actions))
        check_result(game, result, state.payments())
    return Record(game=game_name, preset=game.rules.preset, overrides=dict(game.rules.overrides),
                  deal=deal, actions=actions, seed=seed, tags=tags)


def _body(body: list[tuple[int, str]]) -> tuple[list[tuple[int, str]], dict[int, list[str]]]:
    """The action lines (line number, what follows the move number) and the comments, each under the
    number of actions before it."""
    moves: list[tuple[int, str]] = []
    comments: dict[int, list[str]] = {}
    for lineno, line in body:
        notes = [c.strip() for c in _COMMENT.findall(line)]
        rest = _COMMENT.sub(" ", line).strip()
        if "{" in rest or "}" in rest:
            raise RecordError(f"line {lineno}: a comment opened with {{ is closed with }} on the same line")
        if rest:
            m = _MOVE.match(rest)
            if not m:
                raise RecordError(f"line {lineno}: expected a numbered action like '12. 二家 做', got {line!r}")
            moves.append((lineno, m.group(2).strip()))
        for c in notes:
            if c:
                comments.setdefault(len(moves), []).append(c)
    return moves, comments


def _format_of(text: Any) -> int:
    if text is None:
        return 1
    if isinstance(text, int) and not isinstance(text, bool):
        n = text
    elif isinstance(text, str) and text.isascii() and text.isdigit():
        n = int(text)
    else:
        raise RecordError(f"[Format] is a format number (1 to {FORMAT}), not {text!r}")
    if n > FORMAT:
        raise _refusal("newer-format", format=n, known=FORMAT)
    if n < 1:
        raise RecordError(f"[Format] is a format number (1 to {FORMAT}), not {text!r}")
    return n


def _rules_of(d: Mapping[str, Any], version: int) -> dict[str, Any] | None:
    rules = d.get("rules")
    if rules is None:
        if version >= 2:
            raise RecordError(f"a format-{version} JSON record pins every option's value under \"rules\"; "
                              "this one has none")
        return None
    if not isinstance(rules, dict):
        raise RecordError("\"rules\" is an object of option name: value")
    return rules


def _check_overrides(game: Game, overrides: Mapping[str, Any]) -> None:
    """The overrides a format-2 record names agree with its pinned rules (else it says two things)."""
    table = game.option_table()
    for k, v in overrides.items():
        try:
            said = table.options[k].coerce(v)
        except (KeyError, OptionError):
            raise RecordError(f"[Options] sets {k}={v}, which {game.name} does not have") from None
        if said != game.rules.values[k]:
            raise RecordError(f"[Options] sets {k}={v} but [Rules] {k}={notation(game.rules.values[k])}")


def check_result(game: Game, written: str, payments: Iterable[Any]) -> None:
    """Refuse a ``[Result]`` that is not what the replay pays, naming each seat that differs."""
    given = _parse_result(game, written)
    diffs: list[Any] = []
    lang = given.pop("lang")
    for s, p in enumerate(payments):
        seat = game.seat_name(s, lang)
        if s not in given:
            diffs.append(("result-missing", {"seat": seat, "paid": _signed(p)}))
        elif not _same(given[s], p):
            diffs.append(("result-seat", {"seat": seat, "written": given[s], "paid": _signed(p)}))
    if diffs:
        def differences(lang: str) -> str:
            return "; ".join(_c(lang, REFUSALS.context(k), REFUSALS.table[k], **ps) for k, ps in diffs)

        raise RecordError(PerLanguage(lambda lang: _c(lang, REFUSALS.context("result-differs"),
                                                      REFUSALS.table["result-differs"],
                                                      differences=differences(lang))))


def _parse_result(game: Game, text: str) -> dict[Any, Any]:
    """{seat: the payment as written, "lang": the language its seat names are in}."""
    by_name = {game.seat_name(s, lg): (s, lg) for lg in ("en", "zh-hans", "zh-hant") for s in range(game.num_seats)}
    out: dict[Any, Any] = {"lang": "en"}
    for part in (p for p in _SEP.split(text.strip()) if p):
        bits = part.rsplit(None, 1)
        if len(bits) != 2 or bits[0] not in by_name:
            raise RecordError(f"[Result] entry {part!r} is not a seat and its payment, like '{game.seat_name(0, 'zh-hant')} +2'")
        s, out["lang"] = by_name[bits[0]]
        if s in out:
            raise RecordError(f"[Result] names {bits[0]} twice")
        out[s] = bits[1]
    return out


def _same(written: str, paid: Any) -> bool:
    try:
        return Fraction(written) == Fraction(str(paid))
    except (ValueError, ZeroDivisionError):
        return written == _signed(paid)


def shown_lines(state: State, seat: int | None, lang: str) -> list[str]:
    """Each action of `state` as `seat` (None: everybody) saw it, with the seat that took it: the
    log of `State.log_for`, in any notation (``ascii`` names the seats in English)."""
    return state.log_for(seat, lang)


def _checked_sample(state: State, seat: int, deal: Any, actions: list[int]) -> tuple[Any, list[int]]:
    """The sample, if the seat's view at its end is the real one's (else AssertionError: a sampler
    that missed a fact must not put a different story in the record)."""
    other = state.game.replay(deal, list(actions))
    if other.view(seat) != state.view(seat):
        raise AssertionError("the sampled world's view differs")
    return deal, list(actions)


def _view_of(text: str, num_seats: int) -> int | str:
    if text == PUBLIC:
        return PUBLIC
    if text.isascii() and text.isdigit() and int(text) < num_seats:
        return int(text)
    raise RecordError(f"[View] is {PUBLIC!r} or a seat number, not {text!r}")


def _read_redacted(game: Game, game_name: str, tags: dict[str, str], moves: list[tuple[int, str]]) -> Record:
    """A record seen by someone, read back: a seat's replays from its sample (and its [Result] is
    checked against that replay); the public one only reads (its [Result] stays as written)."""
    view = _view_of(tags.pop("View"), game.num_seats)
    lines = [rest for _, rest in moves]
    deal, actions = None, []
    sample, moves_text = tags.pop("Sample", None), tags.pop("SampleMoves", None)
    if view != PUBLIC and sample is not None:
        deal = game.parse_deal(sample)
        state = game.new_state(deal)
        for tok in (moves_text or "").split():
            try:
                a = game.parse_action(tok)
                state.apply(a)
            except YeziError as e:
                raise RecordError(f"[SampleMoves]: {e}") from e
            actions.append(a)
        if len(actions) != len(lines):
            raise RecordError(f"[SampleMoves] has {len(actions)} moves but the record {len(lines)}")
        if "Result" in tags:
            if not state.is_terminal():
                raise _refusal("result-unfinished", n=len(actions))
            check_result(game, tags["Result"], state.payments())
    return Record(game=game_name, preset=game.rules.preset, overrides=dict(game.rules.overrides), deal=deal,
                  actions=actions, tags=tags, seen_by=view, shown={"text": lines})


def _redacted_from_json(game: Game, d: dict[str, Any]) -> Record:
    view = _view_of(str(d["view"]), game.num_seats)
    deal, actions = (d.get("deal"), [int(a) for a in d.get("actions") or []]) if view != PUBLIC else (None, [])
    shown = d.get("shown")
    return Record(game=d["game"], preset=game.rules.preset, overrides=dict(game.rules.overrides), deal=deal,
                  actions=actions, tags=dict(d.get("tags", {})), seen_by=view,
                  shown={str(k): [str(x) for x in v] for k, v in shown.items()} if isinstance(shown, dict) else None)


def _parse_with_optional_seat(game: Game, state: State, rest: str, lineno: int) -> int:
    try:
        return game.parse_action(rest)
    except NotationError as first:
        parts = rest.split(None, 1)
        if len(parts) == 2:
            seat_tok, act = parts
            names = {game.seat_name(s, lg) for s in range(game.num_seats) for lg in ("zh-hant", "zh-hans", "en")}
            if seat_tok in names:
                seat = state.current_player
                if seat is not None and seat_tok not in {game.seat_name(seat, lg) for lg in ("zh-hant", "zh-hans", "en")}:
                    raise RecordError(f"line {lineno}: {seat_tok} is not the seat to act") from None
                try:
                    return game.parse_action(act)
                except NotationError as e:
                    raise RecordError(f"line {lineno}: {e}") from None
        raise RecordError(f"line {lineno}: {first}") from None


def _plain(v: Any) -> Any:
    """An option value as JSON holds it (bools, numbers and strings are already)."""
    return v if isinstance(v, (bool, int, float, str)) or v is None else str(v)


def _signed(p: Any) -> str:
    return f"+{p}" if p > 0 else str(p)


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')
