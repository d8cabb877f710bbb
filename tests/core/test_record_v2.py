"""Records format 2 (issue 25 item 4): they pin their rules, name their format and engine, keep
their comments, hold several deals in one file and have their [Result] checked; format-1 records
still read and mean what they meant."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from yezi.core.errors import RecordError
from yezi.core.record import FORMAT, Record, read_records, records_text, result_text
from yezi.core.registry import load_game

OLD = Path(__file__).parent / "records"
PINNED_TAGS = ("[Format ", "[Engine ", "[Rules ")


def _played(name: str, seed: int, preset: str | None = None, overrides: dict | None = None):
    game = load_game(name, preset, overrides or {})
    state, rng = game.start(seed=seed), random.Random(seed)
    while state.current_player is not None:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _as_format_1(text: str) -> str:
    return "".join(line for line in text.splitlines(True) if not line.startswith(PINNED_TAGS))


def test_a_record_names_its_format_and_engine_and_pins_every_option() -> None:
    state = _played("lukfu", 3, "hakka-hk", {"laosui": "visible"})
    text = Record.from_state(state, seed=3).to_text()
    assert f'[Format "{FORMAT}"]' in text and '[Engine "yezi ' in text
    rules = next(line for line in text.splitlines() if line.startswith("[Rules "))
    assert len(rules.split(",")) == len(state.game.option_table().options), "every option, not only the overrides"
    back = Record.from_text(text)
    assert back.format == FORMAT and back.rules == dict(state.game.rules.values)
    assert back.overrides == {"laosui": "visible"} and back.preset == "hakka-hk"


def _changed_default(monkeypatch, game: str, option: str, value) -> None:
    table = load_game(game).option_table()
    monkeypatch.setitem(table.options, option, dataclasses.replace(table.options[option], default=value))


def test_a_format_2_record_does_not_change_meaning_when_a_default_does(monkeypatch) -> None:
    # 牌九's default preset leaves supreme_wild at its default (yes); on this deal the payments depend on it
    state = _played("paigow", 2)
    assert "supreme_wild" not in state.game.option_table().presets[state.game.rules.preset].values
    text = Record.from_state(state, seed=2).to_text()
    _changed_default(monkeypatch, "paigow", "supreme_wild", False)
    assert load_game("paigow").rules["supreme_wild"] is False
    back = Record.from_text(text)
    assert back.load().rules["supreme_wild"] is True
    assert back.replay().payments() == state.payments() == [1, -1, 0, 0]
    js = Record.from_json(Record.from_state(state, seed=2).to_json())
    assert js.replay().payments() == state.payments()
    # the same record in format 1 is resolved with today's defaults: it now says something else, and its
    # [Result] (written under the old default) is refused for it
    with pytest.raises(RecordError, match="does not match the replay"):
        Record.from_text(_as_format_1(text))
    old = Record.from_text("".join(ln for ln in _as_format_1(text).splitlines(True) if not ln.startswith("[Result")))
    assert old.format == 1 and old.load().rules["supreme_wild"] is False
    assert old.replay().payments() != state.payments()


@pytest.mark.parametrize("path", [OLD / "v1-lukfu-hakka-hk.txt", OLD / "v1-paigow-casino.txt"], ids=lambda p: p.stem)
def test_format_1_records_still_read_with_todays_defaults(path: Path) -> None:
    rec = Record.from_text(path.read_text(encoding="utf-8"))
    assert rec.format == 1 and rec.rules is None
    game = rec.load()
    assert dict(game.rules.values) == dict(load_game(rec.game, rec.preset, rec.overrides).rules.values)
    state = rec.replay()
    assert state.is_terminal()
    written = next(ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith("[Result "))
    assert written == f'[Result "{result_text(game, state.payments(), "zh-hant")}"]'
    # written again it is format 2, pinned to the rules it was read with
    again = Record.from_text(rec.to_text())
    assert again.format == FORMAT and again.rules == dict(game.rules.values) and again.actions == rec.actions


def test_format_1_seat_records_and_json_still_read() -> None:
    seat = Record.from_text((OLD / "v1-lukfu-seat1.txt").read_text(encoding="utf-8"))
    assert seat.format == 1 and seat.seen_by == 1 and seat.tags["Table"] == "t1"
    assert seat.replay().payments() == [-1, 2, 0, -1]  # its [Result], checked against its sample
    again = Record.from_text(seat.to_text())
    assert again.format == FORMAT and again.seen_by == 1 and again.shown_in("zh-hant") == seat.shown_in("zh-hant")
    js = Record.from_json((OLD / "v1-dingniu.json").read_text(encoding="utf-8"))
    assert js.format == 1 and js.rules is None and js.replay().is_terminal()
    assert Record.from_json(js.to_json()).rules == dict(js.load().rules.values)


def test_a_forged_result_is_refused_naming_the_difference() -> None:
    state = _played("lukfu", 1, "hakka-hk")
    text = Record.from_state(state, seed=1).to_text()
    assert '[Result "頭家 -1, 二家 +2, 夢家 0, 三家 -1"]' in text
    forged = text.replace('[Result "頭家 -1, 二家 +2,', '[Result "頭家 -1, 二家 +5,')
    with pytest.raises(RecordError) as e:
        Record.from_text(forged)
    assert str(e.value) == "[Result] does not match the replay: 二家 is +5 in [Result] but +2 in the replay"
    assert e.value.text("zh-hans") == "[Result] 与重播不符：二家 在 [Result] 是 +5，重播却是 +2"
    with pytest.raises(RecordError, match="三家 is missing from"):
        Record.from_text(text.replace(", 三家 -1", ""))
    with pytest.raises(RecordError, match="not a seat and its payment"):
        Record.from_text(text.replace("三家 -1", "四家 -1"))
    # the English names read too, and a result on an unfinished record is refused
    assert Record.from_text(text.replace("頭家 -1, 二家 +2, 夢家 0, 三家 -1", "Dealer -1, Second +2, Dummy 0, Third -1"))
    unfinished = text[: text.rindex("\n", 0, len(text) - 1)] + "\n"
    with pytest.raises(RecordError, match="not over after the record's"):
        Record.from_text(unfinished)


def test_a_seats_record_has_its_result_checked_against_its_sample() -> None:
    state = _played("lukfu", 1, "hakka-hk")
    text = Record.seen(state, 1).to_text()
    assert '[View "1"]' in text and "[Rules " in text
    back = Record.from_text(text)
    assert back.seen_by == 1 and back.replay().payments() == state.payments()
    with pytest.raises(RecordError, match="二家 is \\+5 in \\[Result\\]"):
        Record.from_text(text.replace("二家 +2", "二家 +5"))


def test_comments_are_kept_where_they_were_and_written_back() -> None:
    state = _played("dingniu", 4)
    text = Record.from_state(state, seed=4).to_text()
    head, body = text.split("\n\n", 1)
    lines = body.splitlines()
    lines[0] += " {a first move}"
    lines.insert(2, "{between the second and the third}")
    annotated = head + "\n\n{before anything}\n" + "\n".join(lines) + "\n\n{ after the end }\n{ and more }\n"
    rec = Record.from_text(annotated)
    n = len(rec.actions)
    assert rec.comments == {0: ["before anything"], 1: ["a first move"], 2: ["between the second and the third"],
                            n: ["after the end", "and more"]}
    written = rec.to_text()
    assert Record.from_text(written).comments == rec.comments
    assert written.splitlines()[len(head.splitlines()) + 1:][:2] == ["{before anything}", lines[0]]
    assert Record.from_json(rec.to_json()).comments == rec.comments
    with pytest.raises(RecordError, match="closed with } on the same line"):
        Record.from_text(head + "\n\n" + lines[0] + " {not closed\n")


def test_several_deals_in_one_file() -> None:
    states = [_played("dingniu", s) for s in (1, 2, 3)]
    recs = [Record.from_state(s, seed=i, tags={"Round": str(i)}) for i, s in enumerate(states, 1)]
    text = records_text(recs, "zh-hant", comments=True)
    back = read_records(text)
    assert [r.actions for r in back] == [r.actions for r in recs]
    assert [r.tags["Round"] for r in back] == ["1", "2", "3"]
    assert [r.replay().payments() for r in back] == [s.payments() for s in states]
    with pytest.raises(RecordError, match="holds 3 records"):
        Record.from_text(text)
    # a forged result in the second deal is refused like one in a file of its own
    parts = [r.to_text() for r in recs]
    true = result_text(recs[1].load(), states[1].payments(), "zh-hant")
    forged = result_text(recs[1].load(), [p + 1 for p in states[1].payments()], "zh-hant")
    parts[1] = parts[1].replace(true, forged)
    with pytest.raises(RecordError, match="does not match the replay"):
        read_records("\n".join(parts))


def test_a_newer_format_and_a_contradiction_are_refused() -> None:
    state = _played("dingniu", 1)
    text = Record.from_state(state, seed=1).to_text()
    with pytest.raises(RecordError) as e:
        Record.from_text(text.replace('[Format "2"]', '[Format "3"]'))
    assert "format 3" in str(e.value) and "formats 1 to 2" in str(e.value) and "第 3 版" in e.value.text("zh-hant")
    with pytest.raises(RecordError, match="pins every option's value"):
        Record.from_text("".join(ln for ln in text.splitlines(True) if not ln.startswith("[Rules ")))
    name, spec = next(iter(state.game.option_table().options.items()))
    other = next(c.value for c in spec.choices if c.value != state.game.rules[name])
    from yezi.core.options import notation

    said = text.replace('[Preset "', f'[Options "{name}={notation(other)}"]\n[Preset "', 1)
    with pytest.raises(RecordError, match=f"\\[Options\\] sets {name}="):
        Record.from_text(said)
    d = json.loads(Record.from_state(state, seed=1).to_json())
    assert d["format"] == FORMAT and d["rules"] == {k: v for k, v in sorted(state.game.rules.values.items())}
    del d["rules"]
    with pytest.raises(RecordError, match="pins every option's value"):
        Record.from_json(json.dumps(d))
    del d["format"]
    assert Record.from_json(json.dumps(d)).format == 1
