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
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from yezi.core.errors import NotationError, RecordError, YeziError
from yezi.core.options import parse_overrides
from yezi.core.protocol import Game, State
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

    def load(self) -> Game:
        return load_game(self.game, self.preset, self.overrides)

    def replay(self) -> State:
        game = self.load()
        try:
            return game.replay(self.deal, self.actions)
        except YeziError as e:
            raise RecordError(f"record does not replay: {e}") from e

    # --- text ------------------------------------------------------------------------------
    def to_text(self, lang: str = "zh-hant", comments: bool = False) -> str:
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

    @classmethod
    def from_text(cls, text: str) -> Record:
        tags: dict[str, str] = {}
        body: list[str] = []
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
            return cls(
                game=d["game"], preset=game.rules.preset, overrides=dict(game.rules.overrides),
                deal=d["deal"], actions=[int(a) for a in d["actions"]], seed=d.get("seed"),
                tags=dict(d.get("tags", {})),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"not a yezi JSON record: {e}") from e


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
