"""`yezi replay FILE`: a recorded game move by move, from any seat's view or the public one."""

from __future__ import annotations

import importlib
import sys

from yezi.core.record import Record


def read_record(path: str) -> Record:
    if path == "-":
        text = sys.stdin.read()
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    if text.lstrip().startswith("{"):
        return Record.from_json(text)
    return Record.from_text(text)


def run_replay(args, out=None) -> int:
    out = out or sys.stdout
    rec = read_record(args.file)
    game = rec.load()
    lang = args.lang
    try:
        text = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".text")
        render = text.render
    except (ModuleNotFoundError, AttributeError):
        render = None
    state = game.new_state(rec.deal)
    seat = args.seat
    for i, a in enumerate(rec.actions):
        actor = state.current_player
        shown = a
        state.apply(a)
        if seat is not None and state.redact(i, seat) is None:
            label = state.hidden_action_text(i, lang)
        else:
            label = game.format_action(shown, lang)
        print(f"{i + 1:>3}. {game.seat_name(actor, lang)} {label}", file=out)
        if render and not args.brief and seat is not None and state.actor_of(i) != seat:
            pass
    if render:
        print(render(game, state.view(seat), lang), file=out)
    else:
        print("payments:", state.payments(), file=out)
    return 0
