"""`yezi replay FILE`: a recorded game move by move, from any seat's view or the public one."""

from __future__ import annotations

import importlib
import sys

from yezi.cli.args import UsageError, check_seat
from yezi.core.errors import RecordError
from yezi.core.record import Record, read_records
from yezi.core.start import dealt, start_state, start_texts
from yezi.i18n import NP_, _c, punct


def read_record(path: str) -> Record:
    """The record in a UTF-8 file (text or JSON form; '-' for standard input).

    Raises `UsageError` for a file that cannot be read and `RecordError` for one that is not a record,
    each naming the file and what a record must be (a file of several deals: `read_records_file`)."""
    records = read_records_file(path)
    if len(records) != 1:
        raise RecordError(f"{path} holds {len(records)} deals; choose one with --deal (1 to {len(records)})")
    return records[0]


def read_records_file(path: str) -> list[Record]:
    """Every record in a UTF-8 file, in order (a match's file holds one per deal; JSON holds one)."""
    try:
        if path == "-":
            text = sys.stdin.buffer.read().decode("utf-8") if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}") from None
    except UnicodeDecodeError as e:
        raise RecordError(f"{path} is not UTF-8 text (byte {e.object[e.start]:#04x} at offset {e.start}); "
                          "a record is UTF-8 text or JSON, as `yezi` or the web app writes it") from None
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    if text.lstrip().startswith("{"):
        return [Record.from_json(text)]
    return read_records(text)


#: the headings of the starting position and of every hand shown at the end (a language the catalogs
#: do not have, as the notation "ascii", reads English)
START_LABEL = (NP_("replay:start", "starting position"), NP_("replay:hands", "every starting hand"))


#: the label of the payments `--brief` prints, each beside its seat
PAYMENTS = NP_("replay:payments", "payments")

#: the heading of each deal of a file that holds several (a match)
DEAL_HEADING = NP_("replay:deal", "deal {n} of {count}")


def _start_label(i: int, lang: str) -> str:
    return _c(lang, ("replay:start", "replay:hands")[i], START_LABEL[i])


def _print_start(game, state, seat: int | None, render, lang: str, out) -> None:
    """The starting position as each seat saw it: only `seat`'s view when one is chosen (no hidden card of
    another seat), every seat's view otherwise; each drawn by the game's own text renderer."""
    print(f"== {_start_label(0, lang)} ==", file=out)
    for text in start_texts(game, state, [seat] if seat is not None else range(game.num_seats), lang, render):
        print(text, file=out)
        print(file=out)


def run_replay(args, out=None) -> int:
    """Every deal of the file in turn, each headed by its number where there are several, or the one
    `--deal` names (from 1)."""
    out = out or sys.stdout
    records = read_records_file(args.file)
    chosen = getattr(args, "deal", None)
    if chosen is not None:
        if not 1 <= chosen <= len(records):
            raise UsageError(f"--deal is 1 to {len(records)}: {args.file} holds {len(records)} deal"
                             + ("s" if len(records) != 1 else ""))
        records = [records[chosen - 1]]
    for i, rec in enumerate(records):
        if len(records) > 1:
            if i:
                print(file=out)
            print(f"## {_c(args.lang, 'replay:deal', DEAL_HEADING, n=i + 1, count=len(records))} ##", file=out)
        _replay_one(rec, args, out)
    return 0


def _replay_one(rec: Record, args, out) -> None:
    game = rec.load()
    lang = args.lang
    seat = args.seat
    check_seat(seat, game.num_seats, game.titles["en"])
    try:
        text = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".text")
        render = text.render
    except (ModuleNotFoundError, AttributeError):
        text = render = None
    # a game whose end-of-deal view does not already explain its payments says why (as in `yezi play`)
    explain_payments = getattr(text, "settlement_lines", None)
    state = game.new_state(rec.deal)
    show_start = render is not None and not args.brief
    # --positions: the table after every move (as this seat saw it, or the public view), not only at the end
    every = render is not None and not args.brief and getattr(args, "positions", False)
    for i, a in enumerate(rec.actions):
        if show_start and dealt(state):
            _print_start(game, state, seat, render, lang, out)
            show_start = False
        actor = state.current_player
        state.apply(a)
        print(f"{i + 1:>3}. {game.seat_name(actor, lang)} {state.action_text_for(i, seat, lang)}", file=out)
        if every and not show_start and i + 1 < len(rec.actions):
            print(render(game, state.view(seat), lang), file=out)
            print(file=out)
    if show_start:
        _print_start(game, state, seat, render, lang, out)
    if render and not args.brief:
        print(render(game, state.view(seat), lang), file=out)
        if explain_payments is not None and state.current_player is None:
            for line in explain_payments(game, state.view(seat), lang):
                print(f"  {line}", file=out)
    else:
        print(payments_line(game, state.payments(), lang), file=out)
    if seat is not None and state.current_player is None and not args.brief:
        # the deal is over: every hand may be shown now, each drawn as the starting position is, in --lang
        start, _ = start_state(game, rec.deal, rec.actions)
        print(f"== {_start_label(1, lang)} ==", file=out)
        for text in start_texts(game, start, range(game.num_seats), lang, render):
            print(text, file=out)
            print(file=out)


def payments_line(game, payments, lang: str) -> str:
    """``payments: Lead +2, Second -2, …``: each payment beside the seat it is paid to, in `lang`."""
    def signed(x) -> str:
        return f"{x:+}" if isinstance(x, int) else ("+" if x > 0 else "") + str(x)

    seats = punct(lang, "comma").join(f"{game.seat_name(s, lang)} {signed(p)}" for s, p in enumerate(payments))
    return f"{_c(lang, 'replay:payments', PAYMENTS)}{punct(lang, 'colon')}{seats}"
