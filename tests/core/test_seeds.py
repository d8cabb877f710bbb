"""No seed from Python's ``hash()``: string hashing is salted per process (PYTHONHASHSEED), so a
generator seeded with ``hash(("lukfu", "hakka-hk"))`` takes a different path every run (the
conformance walk did: seeds 618 / 538 / 220 under three hash seeds), and even ``hash()`` of ints
differs between 32- and 64-bit builds. Seeds come from ``zlib.crc32`` of a stable string
(`tests.golden_helpers.seed_of`), a number, or a sha256 digest.

An AST scan of yezi/, tests/, bench/, tools/ and examples/ refuses ``hash(...)`` wherever its value can
reach a generator or an order: inside the arguments of a seeding call (``Random``, ``seed``,
``default_rng``, ``RandomState``, ``SeedSequence``, ``start(seed=...)``), assigned to a name that says
seed or rng, and as a sort key (``key=hash``). In tests and benchmarks it refuses every ``hash()``
outside an ``assert`` (a test may compare two hashes, nothing more).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("yezi", "tests", "bench", "tools", "examples")
STRICT = ("tests", "bench")  # no hash() at all outside an assert
SEEDING_CALLS = {"Random", "seed", "default_rng", "RandomState", "SeedSequence", "Generator", "PCG64"}
CALLS_HASH = re.compile(r"(?<![\w.])hash\b")
ORDERING_CALLS = {"sorted", "sort", "min", "max", "shuffle", "sample", "choice", "choices"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_hash_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hash"


def _seedy(name: str) -> bool:
    lowered = name.lower()
    return "seed" in lowered or lowered == "rng" or lowered.endswith("_rng")


def _targets(node: ast.AST) -> list[str]:
    """The names a statement assigns (``seed = ...``, ``self.rng = ...``)."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    return [_name(t) for t in targets]


def hash_seeds(source: str, strict: bool = False) -> list[tuple[int, str]]:
    """(line, why) for each ``hash()`` in `source` that seeds a generator or orders something (with
    `strict`, each one outside an assert)."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            parents[child] = parent
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and isinstance(node.value, ast.Name) and node.value.id == "hash":
            found.append((node.value.lineno, f"{node.arg}=hash"))
            continue
        if not _is_hash_call(node):
            continue
        why, in_assert, up = "", False, node
        while up in parents and not why:
            child, up = up, parents[up]
            if isinstance(up, ast.Call) and _name(up.func) in SEEDING_CALLS | ORDERING_CALLS:
                why = f"hash() in {_name(up.func)}(...)"
            elif isinstance(up, ast.keyword) and up.arg and _seedy(up.arg):
                why = f"hash() as {up.arg}="
            elif any(_seedy(t) for t in _targets(up)) and child is getattr(up, "value", None):
                why = f"hash() assigned to {next(t for t in _targets(up) if _seedy(t))}"
            elif isinstance(up, ast.Assert):
                in_assert = True
            elif isinstance(up, (ast.stmt,)) and not isinstance(up, ast.Assert):
                break
        if not why and strict and not in_assert:
            why = "hash() in a test or benchmark"
        if why:
            found.append((node.lineno, why))
    return found


def test_no_seed_from_hash():
    offenders = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if not CALLS_HASH.search(text):  # most files: nothing to parse
                continue
            rel = path.relative_to(ROOT).as_posix()
            for line, why in hash_seeds(text, strict=top in STRICT):
                offenders.append(f"{rel}:{line}: {why}")
    assert not offenders, "seed or order from the salted hash(); use zlib.crc32 of a stable string:\n" + \
        "\n".join(offenders)


def test_the_scan_sees_each_seeding_position():
    """The scan itself: each way a hash can reach a generator or an order is caught; plain uses are not."""
    caught = {
        "rng = random.Random(hash((name, preset)) % 1000)": "hash() in Random(...)",
        "random.seed(hash(x))": "hash() in seed(...)",
        "np.random.default_rng(abs(hash(s)))": "hash() in default_rng(...)",
        "state = game.start(seed=hash(name))": "hash() as seed=",
        "deal_seed = hash(key) & 0xFFFF": "hash() assigned to deal_seed",
        "self.rng = hash(k)": "hash() assigned to rng",
        "order = sorted(seats, key=hash)": "key=hash",
        "first = min(names, key=lambda n: hash(n))": "hash() in min(...)",
    }
    for source, why in caught.items():
        assert hash_seeds(source) == [(1, why)], source
    allowed = ["key = (cls, hash(rules))", "def __hash__(self):\n    return hash(self.msgid)",
               "rng = random.Random(zlib.crc32(b'x'))"]
    for source in allowed:
        assert hash_seeds(source) == [], source
    assert hash_seeds("assert hash(a) == hash(b)", strict=True) == []
    assert hash_seeds("x = hash(a)", strict=True) == [(1, "hash() in a test or benchmark")]
