"""Game records: (ruleset, deal, actions), in a readable text form and in JSON.

The text form follows the shape of a chess PGN: header tags in brackets, a blank line, then the
actions numbered one per line with the seat that took them. Comments in braces are ignored by the
reader, so annotated records stay readable::

    [Game "lukfu"]
    [Preset "hakka-hk"]
    [Options "laosui=visible"]
    [Seed "7"]
    [Deal "頭:九拾 ... | 二:... | 夢:五索 | 三:..."]
    [Result "頭家 +2, 二家 -6, 夢家 +4, 三家 0"]

    1. 頭家 唔做
    2. 二家 做 {privileged}
    3. 頭家 五拾

Actions are written in the notation asked for (Chinese or ASCII); the reader accepts any.

A record *seen by* someone (`Record.seen`) holds only what that reader knew at the deal's end: the
public one (``[View "public"]``) what everybody saw, a seat's (``[View "2"]``) what that seat saw. Each
action is written as that reader saw it (the engine's `State.redact`: a face-down 墊 stays ``墊牌``),
and neither the deal nor its seed is written. A seat's record replays from a *sample* (``[Sample]``,
``[SampleMoves]``): a deal and actions drawn from that seat's own view (`State.sample_hidden`) with a
generator seeded by that view, so it depends on nothing the seat could not see, and every step of its
replay shows what the seat saw; the other seats' cards in it are not the real ones. The public record
cannot be replayed on its own (no seat's view is public); the server replays a table's deal publicly
from the full record, which it keeps for the operator and for disputes.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from yezi.core.errors import NotationError, RecordError, YeziError
from yezi.core.options import parse_overrides
from yezi.core.protocol import NOTATIONS, Game, State
from yezi.core.registry import load_game

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_COMMENT = re.compile(r"\{[^}]*\}")
_MOVE = re.compile(r"^\s*(\d+)\.\s*(.*)$")


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
                  payments=list(state.payments()))
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
    def to_text(self, lang: str = "zh-hant", comments: bool = False) -> str:
        if self.redacted:
            return self._redacted_text(lang)
        game = self.load()
        state = game.new_state(self.deal)
        header = {"Game": self.game, "Preset": self.preset}
        if self.overrides:
            header["Options"] = game.rules.overrides_text()
        if self.seed is not None:
            header["Seed"] = str(self.seed)
        header["Deal"] = game.format_deal(self.deal)
        header.update(self.tags)
        lines = []
        for i, a in enumerate(self.actions):
            seat = state.current_player
            seat_name = game.seat_name(seat, lang if lang != "ascii" else "en") if seat is not None else "?"
            note = ""
            if comments and hasattr(state, "annotate"):
                note = state.annotate(a, lang)
            state.apply(a)
            lines.append(f"{i + 1}. {seat_name} {game.format_action(a, lang)}" + (f" {{{note}}}" if note else ""))
        if state.is_terminal():
            pays = state.payments()
            header.setdefault(
                "Result",
                ", ".join(
                    f"{game.seat_name(s, lang if lang != 'ascii' else 'en')} {_signed(p)}" for s, p in enumerate(pays)
                ),
            )
        head = "\n".join(f'[{k} "{_escape(str(v))}"]' for k, v in header.items())
        return head + "\n\n" + "\n".join(lines) + ("\n" if lines else "")

    def _redacted_text(self, lang: str) -> str:
        """The text of a record seen by someone: its view, its tags, the sample it replays from, and
        each action as its reader saw it."""
        game = self.load()
        header = {"Game": self.game, "Preset": self.preset}
        if self.overrides:
            header["Options"] = game.rules.overrides_text()
        header["View"] = str(self.seen_by)
        header.update(self.tags)
        names = lang if lang != "ascii" else "en"
        if self.payments is not None:
            header.setdefault("Result", ", ".join(
                f"{game.seat_name(s, names)} {_signed(p)}" for s, p in enumerate(self.payments)))
        if self.deal is not None:
            header["Sample"] = game.format_deal(self.deal)
            header["SampleMoves"] = " ".join(game.format_action(a, "ascii") for a in self.actions)
        lines = self.shown_in(lang)
        head = "\n".join(f'[{k} "{_escape(str(v))}"]' for k, v in header.items())
        return head + "\n\n" + "".join(f"{i + 1}. {line}\n" for i, line in enumerate(lines))

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
        tags: dict[str, str] = {}
        body: list[tuple[int, str]] = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            m = _TAG.match(line)
            if m:
                tags[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
                continue
            if line.startswith("["):
                raise RecordError(f"line {lineno}: malformed header tag {line!r}; expected [Name \"value\"]")
            body.append((lineno, line))
        if "Game" not in tags:
            raise RecordError("record has no [Game \"...\"] tag")
        game_name = tags.pop("Game")
        preset = tags.pop("Preset", None)
        overrides = parse_overrides(tags.pop("Options", ""))
        game = load_game(game_name, preset, overrides)
        if "View" in tags:
            return _read_redacted(game, game_name, tags, [line for _, line in body])
        seed = int(tags.pop("Seed")) if "Seed" in tags else None
        if "Deal" in tags:
            deal = game.parse_deal(tags.pop("Deal"))
        elif seed is not None:
            deal = game.deal_from_seed(seed)
        else:
            raise RecordError("record has neither a [Deal] nor a [Seed] tag")
        tags.pop("Result", None)
        state = game.new_state(deal)
        actions: list[int] = []
        for lineno, line in body:
            line = _COMMENT.sub(" ", line).strip()
            if not line:
                continue
            m = _MOVE.match(line)
            if not m:
                raise RecordError(f"line {lineno}: expected a numbered action like '12. 二家 做', got {line!r}")
            rest = m.group(2).strip()
            action = _parse_with_optional_seat(game, state, rest, lineno)
            try:
                state.apply(action)
            except YeziError as e:
                raise RecordError(f"line {lineno}: {e}") from e
            actions.append(action)
        return cls(
            game=game_name, preset=game.rules.preset, overrides=dict(game.rules.overrides),
            deal=deal, actions=actions, seed=seed, tags=tags,
        )

    # --- JSON ------------------------------------------------------------------------------
    def to_json(self) -> str:
        game = self.load()
        if self.redacted:
            return json.dumps({
                "game": self.game, "preset": self.preset, "options": game.rules.overrides_text(),
                "view": self.seen_by, "deal": self.deal, "actions": self.actions,
                "shown": {lang: self.shown_in(lang) for lang in NOTATIONS} if self.shown else None,
                "payments": None if self.payments is None else [str(p) for p in self.payments],
                "tags": self.tags,
            }, ensure_ascii=False)
        return json.dumps(
            {
                "game": self.game,
                "preset": self.preset,
                "options": game.rules.overrides_text(),
                "seed": self.seed,
                "deal": self.deal,
                "actions": self.actions,
                "notation": [game.format_action(a, "ascii") for a in self.actions],
                "tags": self.tags,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            d = json.loads(text)
            game = load_game(d["game"], d.get("preset"), parse_overrides(d.get("options", "")))
            if d.get("view") is not None:
                return _redacted_from_json(game, d)
            return cls(
                game=d["game"], preset=game.rules.preset, overrides=dict(game.rules.overrides),
                deal=d["deal"], actions=[int(a) for a in d["actions"]], seed=d.get("seed"),
                tags=dict(d.get("tags", {})),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"not a yezi JSON record: {e}") from e


PUBLIC = "public"


def shown_lines(state: State, seat: int | None, lang: str) -> list[str]:
    """Each action of `state` as `seat` (None: everybody) saw it, with the seat that took it: the
    log of `State.log_for`, in any notation (``ascii`` names the seats in English)."""
    game = state.game
    names = lang if lang != "ascii" else "en"
    return [f"{game.seat_name(state.actor_of(i), names)} {state.action_text_for(i, seat, lang)}"
            for i in range(len(state.history))]


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


def _read_redacted(game: Game, game_name: str, tags: dict[str, str], body: list[str]) -> Record:
    """A record seen by someone, read back: a seat's replays from its sample; the public one only reads."""
    view = _view_of(tags.pop("View"), game.num_seats)  # [Result] stays a tag: it is read as written
    lines = [m.group(2).strip() for m in map(_MOVE.match, (_COMMENT.sub(" ", x).strip() for x in body)) if m]
    deal, actions = None, []
    sample, moves = tags.pop("Sample", None), tags.pop("SampleMoves", None)
    if view != PUBLIC and sample is not None:
        deal = game.parse_deal(sample)
        state = game.new_state(deal)
        for tok in (moves or "").split():
            try:
                a = game.parse_action(tok)
                state.apply(a)
            except YeziError as e:
                raise RecordError(f"[SampleMoves]: {e}") from e
            actions.append(a)
        if len(actions) != len(lines):
            raise RecordError(f"[SampleMoves] has {len(actions)} moves but the record {len(lines)}")
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


def _signed(p: Any) -> str:
    return f"+{p}" if p > 0 else str(p)


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')
