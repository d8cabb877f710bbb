"""The mypy ratchet: `yezi/core` and every `yezi/games/*` have no mypy error at all; every other
module may have at most the errors `tests/core/mypy_ratchet.json` counts for it, counts that only go
down.

    python3 tools/mypy_ratchet.py                  # check: what .ci/run runs
    python3 tools/mypy_ratchet.py --write-ratchet  # after fixing errors: write the lowered counts

mypy runs with the project's configuration (``[tool.mypy]`` in pyproject.toml) and the pinned
version of the test extras (another version finds other errors). Its incremental cache is
``$YEZI_MYPY_CACHE`` (default ``.mypy_cache`` here): the whole package takes about 35 s cold on
two cores and a few seconds warm, so .ci/run keeps the cache outside the clone.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tests" / "core" / "mypy_ratchet.json"
#: held clean: no error here, whatever the baseline says
CLEAN = ("yezi/core/", "yezi/games/")
_ERROR = re.compile(r"^(?P<path>[^:\n]+\.pyi?):\d+(?::\d+)?: error: ", re.M)


def cache_dir() -> str:
    return os.environ.get("YEZI_MYPY_CACHE") or str(ROOT / ".mypy_cache")


def run_mypy(*paths: str) -> str:
    """mypy's report on the package (or on `paths`), run from the repository root."""
    cmd = [sys.executable, "-m", "mypy", "--cache-dir", cache_dir(), "--no-error-summary", "--no-pretty",
           "--no-color-output", *paths]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    # 2: mypy itself failed (a bad option, a crash); 1 without an error line: no mypy to run at all
    if done.returncode not in (0, 1) or (done.returncode == 1 and not _ERROR.search(done.stdout)):
        raise RuntimeError(f"mypy failed (exit {done.returncode}; pip install -e '.[test]' installs it):\n"
                           f"{done.stdout}{done.stderr}")
    return done.stdout


def count_errors(report: str) -> dict[str, int]:
    """Errors per file in a mypy report (notes are not errors)."""
    return dict(sorted(Counter(m["path"].replace("\\", "/") for m in _ERROR.finditer(report)).items()))


def is_clean(path: str) -> bool:
    return path.startswith(CLEAN)


@dataclass
class Verdict:
    risen: list[str] = field(default_factory=list)  # one line per file over its count
    lowered: dict[str, int] = field(default_factory=dict)  # file -> its new, lower count

    @property
    def ok(self) -> bool:
        return not self.risen


def compare(counts: Mapping[str, int], baseline: Mapping[str, int]) -> Verdict:
    verdict = Verdict()
    for path, n in sorted(counts.items()):
        allowed = 0 if is_clean(path) else baseline.get(path, 0)
        if n > allowed:
            held = "is held clean" if is_clean(path) else f"is allowed {allowed}"
            verdict.risen.append(f"{path}: {n} mypy error{'s' * (n != 1)}; it {held}")
    for path, allowed in sorted(baseline.items()):
        n = counts.get(path, 0)
        if n < allowed:
            verdict.lowered[path] = n
    return verdict


def load_baseline(path: Path | None = None) -> dict[str, int]:
    path = path or BASELINE
    data = json.loads(path.read_text(encoding="utf-8"))
    counts = {str(k): int(v) for k, v in data["counts"].items()}
    held = [k for k in counts if is_clean(k)]
    if held:
        raise ValueError(f"{path.name} counts errors in {', '.join(held)}: these packages are held clean")
    return counts


def write_baseline(counts: Mapping[str, int], path: Path | None = None) -> None:
    from importlib.metadata import version

    data = {
        "about": "mypy errors allowed per module outside yezi/core and yezi/games (held clean); "
                 "counts only go down: python3 tools/mypy_ratchet.py --write-ratchet",
        "mypy": version("mypy"),
        "total": sum(counts.values()),
        "counts": {k: v for k, v in sorted(counts.items()) if v},
    }
    (path or BASELINE).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _check_version() -> None:
    from importlib.metadata import version

    counted, running = json.loads(BASELINE.read_text(encoding="utf-8")).get("mypy"), version("mypy")
    if counted != running:
        print(f"note: the baseline was counted with mypy {counted}, this is mypy {running}: the counts may differ "
              "(pip install -e '.[test]' installs the pinned version)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write-ratchet", action="store_true", help="write the lowered counts to the baseline")
    args = ap.parse_args(argv)
    report = run_mypy()
    counts = count_errors(report)
    baseline = load_baseline()
    _check_version()
    verdict = compare(counts, baseline)
    if not verdict.ok:
        risen = {line.split(":", 1)[0] for line in verdict.risen}
        print("mypy: more errors than allowed:", *verdict.risen, "", "the errors in those files:", sep="\n")
        print(*(line for line in report.splitlines() if line.split(":", 1)[0] in risen), sep="\n")
        print("\nFix them (a moved module takes its count along: move its line in tests/core/mypy_ratchet.json).")
        return 1
    total, allowed = sum(counts.values()), sum(baseline.values())
    if args.write_ratchet:
        write_baseline({**baseline, **verdict.lowered})
        print(f"mypy: {total} errors outside the clean packages; baseline written ({allowed} -> {total})")
        return 0
    print(f"mypy: yezi/core and yezi/games clean; {total} errors elsewhere (allowed {allowed})")
    if verdict.lowered:
        print("fewer errors than the baseline allows in:",
              *(f"  {p}: {baseline[p]} -> {n}" for p, n in verdict.lowered.items()),
              "lower it: python3 tools/mypy_ratchet.py --write-ratchet (and commit tests/core/mypy_ratchet.json)", sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
