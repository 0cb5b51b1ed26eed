"""``cardtable rules GAME`` (how to play, glossary, --options), names, --help and a missing
``cli`` extra."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cardtable import help as ct_help
from cardtable.cli.main import app
from cardtable.registry import BUILTIN_GAMES, get_game

GAMES = sorted(BUILTIN_GAMES)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "200"})


@pytest.mark.parametrize("gid", GAMES)
def test_rules_prints_howto_and_glossary(runner: CliRunner, gid: str) -> None:
    result = runner.invoke(app, ["rules", gid])
    assert result.exit_code == 0, result.output
    out = result.output
    assert get_game(gid).native_name in out and "Glossary" in out
    for term, native, _ in ct_help.glossary(gid):
        assert term.replace("*", "").replace("`", "").split()[0] in out, term
        assert native.replace("*", "").replace("`", "").split()[0] in out, native
    assert f"cardtable rules {gid} --options" in out
    assert "Options (set with --rule" not in out


@pytest.mark.parametrize("gid", ["gin", "sibaifen"])
def test_rules_options(runner: CliRunner, gid: str) -> None:
    result = runner.invoke(app, ["rules", gid, "--options"])
    assert result.exit_code == 0, result.output
    keys = [i.key for i in get_game(gid).options_class.describe()]
    assert "Options (set with --rule" in result.output and "Glossary" not in result.output
    for key in keys:
        assert key in result.output


def test_rules_json_carries_howto_and_glossary(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "dummy", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["howto"] == ct_help.rules_text("dummy")
    assert [(g["term"], g["native"], g["meaning"]) for g in data["glossary"]] == ct_help.glossary("dummy")
    assert data["options"]


@pytest.mark.parametrize(("name", "gid"), [("十三张", "shisanzhang"), ("ดัมมี่", "dummy"), ("REMIK", "remik"),
                                           ("Gin Rummy", "gin")])
def test_commands_take_native_names(runner: CliRunner, name: str, gid: str) -> None:
    result = runner.invoke(app, ["rules", name, "--options"])
    assert result.exit_code == 0, result.output
    assert f"id {gid}" in result.output
    result = runner.invoke(app, ["play", name, "--auto", "--deals", "1", "--seed", "3"])
    assert result.exit_code == 0, result.output


def test_bad_name_lists_valid_names(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "poker"])
    assert result.exit_code == 2
    out = " ".join(result.output.split())
    assert "unknown game 'poker'" in out
    for text in ("gin", "shisanzhang (十三张)", "dummy (ดัมมี่)", "zuihoushengli (最后胜利)"):
        assert text in out, text


def test_help_lists_the_game_ids(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for gid in GAMES:
        assert gid in result.output


_BLOCK_TYPER = """
import sys
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('typer', 'rich'):
            raise ImportError(f"No module named {name!r}")
        return None
sys.meta_path.insert(0, _Block())
from cardtable.cli import main
sys.argv = ['cardtable', 'games']
main()
"""


def test_without_the_cli_extra_the_command_says_how_to_install() -> None:
    proc = subprocess.run([sys.executable, "-c", _BLOCK_TYPER], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}, timeout=60)
    assert proc.returncode == 2
    assert "pip install 'cardtable[cli]'" in proc.stderr
    assert "Traceback" not in proc.stderr
    # the engine itself still imports without typer and rich
    engine = (_BLOCK_TYPER.split("from cardtable.cli")[0]
              + "import cardtable\nprint(cardtable.new_game('gin', seed=1).to_move())\n")
    proc = subprocess.run([sys.executable, "-c", engine], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_console_script_points_at_the_guarded_main() -> None:
    from importlib import metadata
    eps = {ep.name: ep.value for ep in metadata.entry_points(group="console_scripts")}
    assert eps["cardtable"] == "cardtable.cli:main"
