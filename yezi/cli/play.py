"""`yezi play GAME`: a whole match in the terminal against bots.

Bad input never raises: it is answered with what went wrong and the legal moves.
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

from yezi.bots import make_bot
from yezi.cli.args import UsageError, check_seat
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.match import Match, bot_rng
from yezi.core.options import parse_overrides
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.core.settleup import settle_up_lines, signed
from yezi.core.unreadable import unreadable
from yezi.i18n import Msg, PerLanguage, _, punct
from yezi.render.terminal import MESSAGES, help_text


def _renderer(game):
    pkg = type(game).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(pkg + ".text")
    except ModuleNotFoundError:
        return None


def _default_render(game, view: dict, lang: str) -> str:
    return "\n".join(f"{k}: {v}" for k, v in view.items() if k != "history")


def check_plays(game, seat: int) -> None:
    """`--seat` must be a seat that plays the first deal: Luk Fu's dummy (夢家) plays no card, and a
    player seated there would only watch the deal play itself."""
    active = game.active_seats()
    if seat in active:
        return
    seats = PerLanguage(lambda lang: punct(lang, "comma").join(
        f"{s}{punct(lang, 'open')}{game.seat_name(s, lang)}{punct(lang, 'close')}" for s in active))
    raise UsageError(Msg("--seat {n} is the {seat} seat, which plays no cards in the first deal; choose a seat that "
                         "plays: {seats}", n=seat, seat=PerLanguage(lambda lang: game.seat_name(seat, lang)), seats=seats))


def save_path(base: str, deal_no: int) -> Path:
    """Where `--save FILE` writes deal `deal_no`: FILE itself for the first, `stem-N.ext` beside it for the rest.

    One record per file keeps every file a plain record that `yezi replay` reads as it is."""
    path = Path(base)
    return path if deal_no == 1 else path.with_name(f"{path.stem}-{deal_no}{path.suffix}")


def run_play(args, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    game = load_game(args.game, args.preset, parse_overrides(args.option))
    lang = args.lang
    notation = args.notation or lang
    text = _renderer(game)
    render = getattr(text, "render", _default_render) if text else _default_render
    commands: dict[str, Any] = getattr(text, "COMMANDS", {}) if text else {}
    # a game whose end-of-deal view does not already explain its payments says why here
    explain_payments = getattr(text, "settlement_lines", None) if text else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    match = Match(game, seed, args.deals)  # --deals N, or the game's own match (Luk Fu's rounds, a Ma Diao session)
    rng = bot_rng(seed)
    n = game.num_seats
    check_seat(args.seat, n, game.titles["en"])
    me = args.seat
    check_plays(game, (me - match.dealer) % n)  # the first deal's seat of this player
    bot = make_bot(game.name, args.bots, trusted=True)
    msg = MESSAGES[lang]
    autoplay = bool(getattr(args, "autoplay", False))
    save = getattr(args, "save", None)
    if save and not save_path(save, 1).resolve().parent.is_dir():
        raise UsageError(f"--save {save}: no such folder {save_path(save, 1).parent}; nothing was played")
    you = punct(lang, "open").lstrip() + msg["you"] + punct(lang, "close")  # "(you)", "（你）"
    names = [f"P{i}{you if i == me else ''}" for i in range(n)]

    def say(s: str = "") -> None:
        print(s, file=out, flush=True)

    say(help_text(commands, lang))
    while True:
        d = match.next_deal()
        deal_no = d.no + 1
        state = game.new_state(d.deal)
        seat_of_me = d.seat_of(me, n)
        say(f"\n#### {deal_no} · {game.seat_name(seat_of_me, lang)} ####")
        if seat_of_me not in game.active_seats():  # the dummy's turn comes round as the deal moves on
            say(msg["dummy"].format(seat=game.seat_name(seat_of_me, lang)))
        while (seat := state.current_player) is not None:
            if seat != seat_of_me or autoplay:
                action = bot.choose(game, state.view(seat), state.legal_actions(), rng)
                state.apply(action)
                say(f"  {game.seat_name(seat, lang)}: {state.action_text_for(len(state.history) - 1, seat_of_me, notation)}")
                continue
            view = state.view(seat)
            say(render(game, view, lang))
            legal = state.legal_actions()
            if len(legal) == 1 and not getattr(args, "confirm_forced", False):
                state.apply(legal[0])  # a forced move: nothing to decide
                say(f"  {game.seat_name(seat, lang)}: {game.format_action(legal[0], notation)}")
                continue
            choice = ask(game, state, view, legal, lang, notation, commands, stdin, out, bot, rng)
            if choice is None:
                say(msg["bye"])
                return 0
            state.apply(choice)
        say(render(game, state.view(seat_of_me), lang))
        if explain_payments is not None:
            for line in explain_payments(game, state.view(seat_of_me), lang):
                say(f"  {line}")
        if save:
            path = save_path(save, deal_no)
            try:
                path.write_text(Record.from_state(state, seed=d.seed).to_text(notation), encoding="utf-8")
            except OSError as e:
                raise UsageError(f"cannot write {path}: {e.strerror or e}") from None
            say(f"→ {path}")
        match.finish(state)
        say("Σ " + "  ".join(f"{nm} {signed(t)}" for nm, t in zip(names, match.totals, strict=True)))
        if match.over:
            say(msg["match_over"])
            for line in settle_up_lines(names, match.final_totals(), lang, match.left_over(), match.closing()):
                say(line)
            return 0
        if autoplay:
            continue
        if not deal_again(game, state.view(seat_of_me), lang, commands, stdin, say):
            return 0


def deal_again(game, view: dict, lang: str, commands: dict[str, Any], stdin, say) -> bool:
    """Between two deals: Enter deals the next, q stops (False). A command typed here (``why``) is
    answered about the deal just finished, and anything else asks again: a player who types ``why`` to
    understand the settlement should get the answer, not a new hand."""
    msg = MESSAGES[lang]
    after = {k: fn for k, fn in commands.items() if k != "hint"}  # a hint is for a decision: none is left
    say(msg["again"])
    while True:
        line = stdin.readline()
        if not line:
            return False
        word, _sp, arg = line.strip().partition(" ")
        low = word.lower()
        if not low:
            return True
        if low in ("q", "quit", "exit"):
            return False
        if low in after:
            say(after[low](game, view, arg.strip(), lang))
        elif low in ("help", "?"):
            lines = [_(lang, fn.help) for fn in after.values() if hasattr(fn, "help")]
            if lines:
                say(punct(lang, "semicolon").join(lines))
        else:
            say("? " + msg["not_now"].format(word=word))
        say(msg["again"])


def ask(game, state, view, legal, lang, notation, commands, stdin, out, bot, rng):
    """Prompt until the user picks a legal move (None: quit). Used by every terminal front end."""
    def say(s: str = "") -> None:
        print(s, file=out, flush=True)

    def show_moves() -> None:
        say("  " + "   ".join(f"{i + 1}) {game.format_action(a, notation)}" for i, a in enumerate(legal)))

    show_moves()
    while True:
        print("> ", end="", flush=True, file=out)
        line = stdin.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            continue
        word, _, arg = line.partition(" ")
        low = word.lower()
        if low in ("quit", "exit", "q"):
            return None
        if low in ("help", "?"):
            say(help_text(commands, lang))
            say(game.action_help(lang) or "")
            continue
        if low == "moves":
            show_moves()
            continue
        if low == "rules":
            say(game.describe_rules())
            continue
        if low == "hint" and "hint" not in commands:
            say(game.hint_text(view, arg.strip(), lang))
            continue
        if low in commands:
            say(commands[low](game, view, arg.strip(), lang))
            continue
        if line.isdigit():
            if 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]
            say("? " + MESSAGES.get(lang, MESSAGES["en"])["range"].format(n=int(line), last=len(legal)))
            continue
        try:
            action = game.parse_action(line)
        except NotationError:
            say("? " + unreadable(game, line, legal, lang))
            continue
        if action in legal:
            return action
        try:
            state.clone().apply(action)
        except IllegalAction as e:
            say(f"✗ {e.text(lang)}")
        show_moves()
