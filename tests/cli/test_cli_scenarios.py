"""Every game's own scenario files go through ``cardtable replay --check`` (CLI ↔ contract)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app

GAMES_TESTS = Path(__file__).resolve().parents[1] / "games"


def scenario_files() -> list[Path]:
    out: list[Path] = []
    for folder in sorted(GAMES_TESTS.glob("*/scenarios")):
        out += sorted(folder.rglob("*.json"))
    return out


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_replay_check_passes(runner: CliRunner, path: Path) -> None:
    result = runner.invoke(app, ["replay", str(path), "--check"])
    assert result.exit_code == 0, result.output
