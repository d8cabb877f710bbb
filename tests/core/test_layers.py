"""yezi's modules keep to their layers (docs/layers.md): the import-linter contract in pyproject.toml
(``[tool.importlinter]``), beside the cycle test (test_import_cycles.py). Issue 25 found 15 imports
against the layering (``bots → cli``, ``i18n → guides``, ``native → rl``, ``games → bots`` …)."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

importlinter = pytest.importorskip("importlinter", reason="import-linter is a test dependency (pyproject [test])")


def _lint(config: Path) -> int:
    from importlinter import cli

    return cli.lint_imports(config_filename=str(config), no_cache=True, no_logo=True)


def test_yezi_keeps_its_layers(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    code = _lint(ROOT / "pyproject.toml")
    assert code == 0, capsys.readouterr().out


def test_the_contract_sees_an_import_up_the_layers_hidden_in_a_function(tmp_path, monkeypatch, capsys):
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
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = _lint(cfg)
    out = capsys.readouterr().out
    sys.modules.pop("fakeyezi", None)
    assert code == 1 and "fakeyezi.core.thing -> fakeyezi.cli" in out, out
