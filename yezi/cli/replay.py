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
        state.apply(a)
        print(f"{i + 1:>3}. {game.seat_name(actor, lang)} {state.action_text_for(i, seat, lang)}", file=out)
    if render and not args.brief:
        print(render(game, state.view(seat), lang), file=out)
    else:
        print("payments:", state.payments(), file=out)
    return 0
