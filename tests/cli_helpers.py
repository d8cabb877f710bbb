"""What the CLI tests share: `yezi ...` as a subprocess (as a user runs it), and `yezi settle` in process."""

from __future__ import annotations

import builtins
import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def yezi(*args: str, stdin: str = "", timeout: float = 120) -> str:
    """Run ``python -m yezi.cli.main ARGS`` from the repository root; it must exit 0. Returns its stdout."""
    r = subprocess.run([sys.executable, "-m", "yezi.cli.main", *args], input=stdin, capture_output=True,
                       text=True, cwd=ROOT, timeout=timeout)
    assert r.returncode == 0, r.stderr
    return r.stdout


def run_settle(argv: list[str], text: str = "") -> tuple[int, str]:
    """``yezi settle ARGV`` in this process with ``text`` as its input: (exit status, output)."""
    from yezi.cli.settle import main

    out = io.StringIO()
    rc = main(argv, stdin=io.StringIO(text), stdout=out)
    return rc, out.getvalue()


def settle_totals(out: str) -> list[int]:
    """The whole-number totals on ``yezi settle``'s Totals line (any of the three languages)."""
    line = next(ln for ln in out.splitlines() if ln.startswith(("Totals:", "合計：", "合计：")))
    return [int(x) for x in re.findall(r"([+-]\d+)(?:,|，|$)", line)]


def settle_transcript(argv: list[str], text: str = "", answers: list[str] | None = None) -> tuple[int, str]:
    """``yezi settle ARGV`` in this process: (exit status, everything it printed — standard output, standard
    error and, with `answers`, the questions it asked at a terminal, each answer read after its question)."""
    from unittest import mock

    from yezi.cli.settle import main

    out = io.StringIO()

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stdin: io.StringIO = io.StringIO(text)
    patched: contextlib.AbstractContextManager = contextlib.nullcontext()
    if answers is not None:
        left = iter(answers)

        def ask(prompt: str = "") -> str:
            out.write(prompt)
            try:
                return next(left)
            except StopIteration:
                raise EOFError from None

        stdin = Terminal()
        patched = mock.patch.object(builtins, "input", ask)
    with patched, contextlib.redirect_stderr(out):
        rc = main(argv, stdin=stdin, stdout=out)
    return rc, out.getvalue()


#: an English word: three or more ASCII letters
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def english_words(text: str, kept: tuple[str, ...] = ()) -> list[str]:
    """The English words left in a transcript meant for a Chinese reader: what is typed is not counted
    (the command's name that starts an error line, option names and settings such as ``--players``,
    ``-o players=N``, ``five_tigers``), nor the words in `kept` (names the text keeps on purpose)."""
    text = re.sub(r"yezi settle \w+: ", "", text)
    text = re.sub(r"--?[A-Za-z][\w-]*|\w+=\w+|\b[a-z]+(?:_[a-z]+)+\b", " ", text)
    for word in kept:  # whole: a kept "no" is not taken out of "nonsense"
        text = re.sub(r"(?<![A-Za-z0-9_-])" + re.escape(word) + r"(?![A-Za-z0-9_-])", " ", text)
    return ENGLISH_WORD.findall(text)


ZH = ("zh-hant", "zh-hans")


def option_identifiers(game: str) -> tuple[str, ...]:
    """What a player types to choose a game's rules — its presets' ids, its options' names and their
    values — which a refusal of a bad ``--preset`` or ``-o`` lists in every language."""
    from yezi.core.registry import load_game

    table = load_game(game).option_table()
    values = {str(c.value) for spec in table.options.values() for c in spec.choices}
    return tuple(sorted({*table.presets, *table.options, *values}, key=len, reverse=True))


def settle_as_before_in_english(golden: Path, case: str, argv: list[str], text: str,
                                answers: list[str] | None) -> None:
    """``yezi settle ARGV --lang en`` prints, byte for byte, the transcript `golden` recorded for `case`
    (written from the calculators before their messages moved into the catalogs)."""
    import json

    expected = json.loads(golden.read_text(encoding="utf-8"))[case]
    assert settle_transcript([*argv, "--lang", "en"], text, answers) == (expected["status"],
                                                                         expected["transcript"])


def settle_in_chinese(lang: str, argv: list[str], text: str, answers: list[str] | None,
                      kept: tuple[str, ...] = ()) -> tuple[int, str]:
    """``yezi settle ARGV --lang LANG`` in Chinese: no English word is left in what it prints (questions,
    results, errors) beyond what `english_words` does not count, the `kept` names and the words of the
    input itself (an error quotes the line it could not read); (exit status, transcript)."""
    rc, out = settle_transcript([*argv, "--lang", lang], text, answers)
    typed = set(ENGLISH_WORD.findall(" ".join([text, *argv, *(answers or [])])))
    left = [w for w in english_words(out, kept) if w not in typed]
    assert left == [], f"English left in the {lang} transcript: {left}\n{out}"
    assert "Traceback" not in out
    return rc, out
