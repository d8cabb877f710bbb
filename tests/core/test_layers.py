"""yezi's modules keep to their layers (docs/layers.md): the import-linter contract in pyproject.toml
(``[tool.importlinter]``), beside the cycle test (test_import_cycles.py). Issue 25 found 15 imports
against the layering (``bots → cli``, ``i18n → guides``, ``native → rl``, ``games → bots`` …)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

importlinter = pytest.importorskip("importlinter", reason="import-linter is a test dependency (pyproject [test])")


def _lint(config: Path, path: Path) -> tuple[int, str]:
    """import-linter's verdict and report, in a process of its own: run in the test's process, its
    output handling closed the file pytest captures into, and every later test on that worker then
    erred at teardown ("I/O operation on closed file", 83 of them in one CI run)."""
    code = ("import sys; from importlinter import cli; "
            f"sys.exit(cli.lint_imports(config_filename={str(config)!r}, no_cache=True, no_logo=True))")
    r = subprocess.run([sys.executable, "-c", code], cwd=config.parent, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join([str(path), os.environ.get("PYTHONPATH", "")])})
    return r.returncode, r.stdout + r.stderr


def test_yezi_keeps_its_layers():
    code, out = _lint(ROOT / "pyproject.toml", ROOT)
    assert code == 0, out


def test_the_contract_sees_an_import_up_the_layers_hidden_in_a_function(tmp_path):
    """The same layers on a small package whose core imports the cli inside a function: broken."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = conf["contracts"][0]["layers"]
    pkg = tmp_path / "fakeyezi"
    for layer in layers:
        for name in (x.strip() for x in layer.split("|")):
            (pkg / name).mkdir(parents=True)
            (pkg / name / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "core" / "thing.py").write_text("def f():\n    from fakeyezi.cli import main\n    return main\n")
    (pkg / "cli" / "main.py").write_text("from fakeyezi.core import thing\n")  # downwards: allowed
    quoted = ", ".join(f'"{x}"' for x in layers)
    cfg = tmp_path / "layers.toml"
    cfg.write_text(f'[tool.importlinter]\nroot_package = "fakeyezi"\n\n[[tool.importlinter.contracts]]\n'
                   f'name = "layers"\ntype = "layers"\ncontainers = ["fakeyezi"]\nlayers = [{quoted}]\n')
    code, out = _lint(cfg, tmp_path)
    assert code == 1 and "fakeyezi.core.thing -> fakeyezi.cli" in out, out
