"""The command line in other languages: ``--lang``, ``CARDTABLE_LANG``, translated help, prompts
and errors, yes/no answers, and a pseudo-locale sweep that finds any text left in English.

Help texts are checked against the catalogs (what ``_`` gives for the English msgid), never
against a copy of a translation; the pseudo-locale shows every translated span as ``⟦…⟧``, so
what is left once they are removed did not go through the catalog.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from cardtable.cli import lang, prescan
from cardtable.cli.confirm import is_yes, yes_no
from cardtable.cli.main import COMMANDS, MORE_COMMANDS, ROOT_HELP, app
from cardtable.i18n import LOCALES, _, use_language
from cardtable.i18n.pseudo import unmarked
from cardtable.registry import game_ids
from tests.support.parts import patch_part

#: every command of ``cardtable --help`` (``rules`` registers ``games`` too)
ALL_COMMANDS = ("games", *COMMANDS, *(command for _module, command in MORE_COMMANDS))


def run_cli(*args: str, env: dict[str, str] | None = None, input: str | None = None,
            ) -> subprocess.CompletedProcess[str]:
    """The real entry point (``python -m cardtable.cli``) in a fresh interpreter, as a shell runs it:
    the language is chosen before the command modules are imported."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("CARDTABLE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    base.update({"COLUMNS": "200", "PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8"})
    base.update(env or {})
    return subprocess.run([sys.executable, "-m", "cardtable.cli", *args], capture_output=True,
                          text=True, encoding="utf-8", env=base, input=input, timeout=120)


def english_help_texts() -> list[str]:
    """The English help of the root, of every command and of every option (the msgids)."""
    root = typer.main.get_command(app)
    texts = [ROOT_HELP.split("\n")[0], lang.HELP_OPTION]
    for cmd in [root, *root.commands.values()]:  # type: ignore[attr-defined]
        if cmd is not root and cmd.help:
            texts.append(cmd.help)
        texts += [p.help for p in cmd.params if getattr(p, "help", None)]
    return texts


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


# --- choosing the language ------------------------------------------------------------------

def test_prescan_reads_lang_only_before_the_command() -> None:
    assert prescan(["--lang", "ru", "play", "gin"]) == "ru"
    assert prescan(["--lang=zh_Hans", "--help"]) == "zh_Hans"
    assert prescan(["play", "--lang", "ru"]) is None
    assert prescan(["--version"]) is None and prescan([]) is None


def test_root_help_in_russian_is_translated_and_has_no_english_help_sentence() -> None:
    en = run_cli("--help")
    ru = run_cli("--lang", "ru", "--help")
    assert en.returncode == ru.returncode == 0, ru.stderr
    assert ru.stdout != en.stdout
    with use_language("ru"):
        first = _(ROOT_HELP, games=", ".join(game_ids())).split("\n")[0]
        panel = _(lang.TYPER_WORDS["COMMANDS_PANEL_TITLE"])
        usage = _(lang.USAGE)
    assert first != ROOT_HELP.split("\n")[0] and first in flat(ru.stdout)
    assert panel in ru.stdout and usage in ru.stdout and "--lang" in ru.stdout
    out = flat(ru.stdout)
    for text in english_help_texts():
        assert flat(text)[:25] not in out, text
    for word in ("Usage:", "Options", "Commands"):
        assert word not in ru.stdout


def test_play_help_in_simplified_chinese() -> None:
    en = run_cli("play", "--help")
    zh = run_cli("--lang", "zh_Hans", "play", "--help")
    assert zh.returncode == 0, zh.stderr
    assert zh.stdout != en.stdout
    from cardtable.cli.play import PLAY_HELP
    with use_language("zh_Hans"):
        assert _(PLAY_HELP) != PLAY_HELP and _(PLAY_HELP) in zh.stdout
        assert _("Your seat (0-based).") in zh.stdout
    out = flat(zh.stdout)
    for text in english_help_texts():
        assert flat(text)[:25] not in out, text
    assert not re.search(r"\b(Usage|Arguments|Options|Show this message)\b", zh.stdout)


def test_cardtable_lang_is_honoured_and_lang_beats_it(runner: CliRunner,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.cli.rules import GAMES_HELP
    monkeypatch.setenv("CARDTABLE_LANG", "pl")
    pl = runner.invoke(app, ["games", "--help"])
    with use_language("pl"):
        assert _(GAMES_HELP) != GAMES_HELP and _(GAMES_HELP) in flat(pl.output)
    ru = runner.invoke(app, ["--lang", "ru", "games", "--help"])
    with use_language("ru"):
        assert _(GAMES_HELP) in flat(ru.output)
    with use_language("pl"):
        assert _(GAMES_HELP) not in flat(ru.output)
    # and through the real entry point
    got = run_cli("--lang", "th", "games", env={"CARDTABLE_LANG": "ru"})
    with use_language("th"):
        heading = _("cardtable games")
    assert got.returncode == 0 and heading in got.stdout and "игры" not in got.stdout
    got = run_cli("games", env={"CARDTABLE_LANG": "zh_Hant"})
    with use_language("zh_Hant"):
        assert _("cardtable games") in got.stdout


def test_system_locale_is_used_when_nothing_is_named(runner: CliRunner,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.cli.rules import GAMES_HELP
    monkeypatch.delenv("CARDTABLE_LANG")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    out = runner.invoke(app, ["games", "--help"]).output
    with use_language("ru"):
        assert _(GAMES_HELP) in flat(out)
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")          # unknown system locale: English, quietly
    out = runner.invoke(app, ["games", "--help"]).output
    assert GAMES_HELP in flat(out)


@pytest.mark.parametrize("how", ["flag", "env"])
def test_unknown_language_is_a_usage_error_naming_the_six(how: str, tmp_path) -> None:
    save = tmp_path / "never.json"
    args = ["--lang", "xx"] if how == "flag" else []
    got = run_cli(*args, "play", "gin", "--seed", "1", "--save", str(save),
                  env={"CARDTABLE_LANG": "klingon"} if how == "env" else None, input="q\n")
    assert got.returncode == 2
    assert ("'xx'" if how == "flag" else "'klingon'") in got.stderr
    assert ("--lang" if how == "flag" else "CARDTABLE_LANG") in got.stderr
    assert all(loc in got.stderr for loc in LOCALES)
    assert got.stdout == "" and not save.exists()                       # nothing ran


def test_unknown_language_in_process(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "xx", "games"])
    assert result.exit_code == 2
    assert "unknown language 'xx'" in result.output and "zh_Hant" in result.output
    assert "biefufen" not in result.output                              # the command did not run


# --- prompts, messages and answers ----------------------------------------------------------

def test_scripted_play_in_polish_shows_the_cli_prompts_in_polish(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "pl", "play", "gin", "--seed", "4"], input="?\nq\nt\n")
    assert result.exit_code == 0, result.output
    out = result.output
    from cardtable.cli.play import HELP_TEXT
    with use_language("pl"):
        prompt = _("Your move (number or text, ? for help):")
        left = _("You left the match")
        totals = _("Match totals so far")
        helped = _(HELP_TEXT).splitlines()[0]
        seat = _("You sit at seat {number} of {n} (--seat {seat}). Type ? for help.",
                 number=1, n=2, seat=0)
    assert prompt != "Your move (number or text, ? for help):"
    assert prompt in out and left in out and totals in out and helped in out and seat in out
    for english in ("Your move", "You left the match", "Match totals", "You sit at seat",
                    "Type the number of a move", "Your legal moves"):
        assert english not in out


def test_a_warning_is_confirmed_with_the_languages_own_yes(runner: CliRunner, tmp_path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    patch_part(monkeypatch, "gin", "advice", warn=lambda view, move: "ryzyko" if move.verb == "discard" else None)
    f = tmp_path / "m.json"
    # seed 4: take the upcard (1), then discard (1): "n" refuses, "t" (tak) sends
    result = runner.invoke(app, ["--lang", "pl", "play", "gin", "--seed", "4", "--save", str(f)],
                           input="1\n1\nn\n1\nt\nq\n")
    assert result.exit_code == 0, result.output
    with use_language("pl"):
        assert _("Not sent; choose again.") in result.output
        assert f"({yes_no()}):" in result.output and yes_no() == _("y/N") != "y/N"
    moves = json.loads(f.read_text(encoding="utf-8"))["deals"][0]["moves"]
    assert sum(m.startswith("discard") for m in moves[:2]) == 1


@pytest.mark.parametrize("loc, yes, no", [
    ("en", ["y", "YES"], ["n", "", "да"]),
    ("ru", ["д", "да", "y", "Yes"], ["н", "нет", "t"]),
    ("pl", ["t", "tak", "y"], ["n", "nie", "д"]),
    ("th", ["ใช่", "y"], ["ไม่", "n"]),
    ("zh_Hans", ["是", "y"], ["否", "n"]),
    ("zh_Hant", ["是", "yes"], ["否", ""]),
])
def test_yes_is_y_or_the_languages_own_word(loc: str, yes: list[str], no: list[str]) -> None:
    with use_language(loc):
        assert all(is_yes(w) for w in yes) and not any(is_yes(w) for w in no)
        first = yes_no().split("/")[0]
        assert is_yes(first)                                # the shown choice is accepted


def test_cli_errors_are_translated(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "ru", "play", "gin", "--seat", "9"])
    assert result.exit_code == 2
    with use_language("ru"):
        assert _("Error:") in result.output
        assert _("--seat must be 0–{last} at a {n}-player table, not {seat}", last=1, n=2,
                 seat=9) in flat(result.output)
    result = runner.invoke(app, ["--lang", "zh_Hant", "play", "--nope"])
    assert result.exit_code == 2
    with use_language("zh_Hant"):
        assert _("No such option: {name}", name="--nope") in result.output
    assert "No such option" not in result.output


def test_json_output_keeps_canonical_english_keys(runner: CliRunner) -> None:
    import json
    en = json.loads(runner.invoke(app, ["games", "--json"]).output)
    ru = json.loads(runner.invoke(app, ["--lang", "ru", "games", "--json"]).output)
    assert en == ru


# --- the pseudo-locale sweep ----------------------------------------------------------------

#: words a translated screen still shows in ASCII: the syntax a person types or reads as code
#: (command names, metavars and value types of typer's help, argument names), game ids
CANONICAL = {"cardtable", *ALL_COMMANDS, *(w for c in ALL_COMMANDS for w in c.split("-")), *game_ids(),
             "OPTIONS", "COMMAND", "ARGS", "LOC",
             "ADDRESS", "KEY", "VALUE", "FILE", "NAME", "WORLDS", "JSON", "YYYY", "MM", "DD",   # metavars, as typed
             "int", "str", "bool", "float", "list",
             "path", "game", "file", "json", "npz", "parquet"}
FLAG = re.compile(r"(?<![\w])-{1,2}[A-Za-z][\w-]*")
#: move notation and the commands typed at the play prompt
NOTATION = {"draw", "stock", "discard", "take", "pass", "knock", "gin", "undercut", "hint",
            "undo", "table", "moves", "rules", "glossary", "help", "quit", "arrange", "done",
            "play", "bid", "lay", "meld", "continue", "layoff", "spread", "auto", "declare"}


def untranslated(output: str, allowed: set[str] = CANONICAL) -> list[str]:
    left = FLAG.sub(" ", unmarked(output))
    left = re.sub(r"\b(?:10|[2-9AJQKT])[♠♥♦♣]|\b[♠♥♦♣](?:10|[2-9AJQKT])\b", " ", left)
    return sorted({w for w in re.findall(r"[A-Za-z]{3,}", left)} - allowed)


@pytest.mark.parametrize("command", [None, *ALL_COMMANDS])
def test_pseudo_help_of_every_command_is_all_translated(runner: CliRunner, command: str | None) -> None:
    args = ["--lang", "pseudo", *([command] if command else []), "--help"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "⟦" in result.output
    assert untranslated(result.output) == []


@pytest.mark.parametrize("args", [
    [], ["bogus"], ["play", "--nope"], ["simulate"], ["play", "gin", "--seat", "9"],
    ["simulate", "gin", "--games", "0"], ["play", "gin", "--deals", "2", "--match"],
    ["play"], ["referee", "remik"], ["play", "gin", "--rule", "nonsense"],
    ["export", "gin", "--out", "x.csv"], ["ladder", "gin", "--bots", "random,random", "--deals", "0"],
])
def test_pseudo_cli_errors_are_all_translated(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, ["--lang", "pseudo", *args])
    assert result.exit_code == 2, result.output
    assert "⟦" in result.output
    assert untranslated(result.output) == []


def test_pseudo_play_screen_and_rules_are_all_translated(runner: CliRunner) -> None:
    out = runner.invoke(app, ["--lang", "pseudo", "rules", "gin"]).output
    out += runner.invoke(app, ["--lang", "pseudo", "play", "gin", "--seed", "4"],
                         input="hint\nm\n?\n1\nq\n").output
    out += runner.invoke(app, ["--lang", "pseudo", "play", "nosuchgame"]).output
    # the page's code spans (option keys and values, moves) are notation, the same in every
    # language: rich shows them without their backticks
    from cardtable.help import rules_text
    code = {w for span in re.findall(r"`([^`]*)`", rules_text("gin", lang="en"))
            for w in re.findall(r"[A-Za-z]+", span)}
    assert untranslated(out, CANONICAL | NOTATION | code) == []
