"""The language of the ``cardtable`` command, and typer's own words in that language.

The language is chosen once per process (docs/cli.md): ``cardtable --lang LOC <command>``,
else ``CARDTABLE_LANG``, else the system locale, else English (:func:`cardtable.i18n.resolve`).
:func:`cardtable.cli.main` reads ``--lang`` from ``sys.argv`` before the command modules are
imported, so everything — the help, the prompts, the errors of argument parsing — speaks it
from the first line; the root callback declares ``--lang`` too, so typer accepts it and
``--help`` documents it, and so a command run in-process (tests: ``CliRunner``) switches too.

Help texts are marked ``N_`` and translated when typer formats them (:class:`LocalizedCommand`,
:class:`LocalizedGroup`), so one process can show help in more than one language. typer
vendors its own click with English f-strings: the usage prefix, the ``--help`` option's help,
the panel titles and the usual parse errors are translated here by their known shapes.
"""

from __future__ import annotations

import re
from typing import Any

from typer import rich_utils
from typer._click import exceptions as click_exceptions
from typer.core import TyperCommand, TyperGroup

from ..i18n import N_, UnknownLanguage, _, current_language, resolve, set_language

LANG_HELP = N_("Language of the messages: en, th, zh_Hans, zh_Hant, pl, ru (or pseudo); "
               "default: CARDTABLE_LANG, else the system locale, else English.")
USAGE = N_("Usage:")
HELP_OPTION = N_("Show this message and exit.")
#: typer.rich_utils' module-level words, shown in every help screen and error panel
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
_ENGLISH_WORDS = {k: getattr(rich_utils, k) for k in TYPER_WORDS}


def apply(locale: str) -> str:
    """Speak ``locale`` in this process, typer's own words included."""
    loc = set_language(locale)
    for name, text in TYPER_WORDS.items():
        setattr(rich_utils, name, _(text) if loc != "en" else _ENGLISH_WORDS[name])
    return loc


def lang_callback(value: str | None) -> str | None:
    """The root's eager ``--lang``: in-process runs choose the language here."""
    from .common import fail

    try:
        apply(resolve(value))
    except UnknownLanguage as e:
        fail(str(e))
    return value


# --- help texts translated when shown -----------------------------------------------------

def _localize_params(cmd: Any, ctx: Any) -> None:
    for p in cmd.params:
        if not hasattr(p, "_cardtable_help"):
            p._cardtable_help = p.help
        if p._cardtable_help:
            p.help = _(p._cardtable_help)
    opt = cmd.get_help_option(ctx)
    if opt is not None:
        opt.help = _(HELP_OPTION)


def _localize(cmd: Any, ctx: Any) -> None:
    if not hasattr(cmd, "_cardtable_help"):
        cmd._cardtable_help = (cmd.help, cmd.short_help)
    text, short = cmd._cardtable_help
    cmd.help = _(text, **getattr(cmd, "help_params", {})) if text else text
    cmd.short_help = _(short) if short else short
    _localize_params(cmd, ctx)


def _usage(cmd: Any, ctx: Any, formatter: Any) -> None:
    formatter.write_usage(ctx.command_path, " ".join(cmd.collect_usage_pieces(ctx)),
                          prefix=_(USAGE) + " ")


# the parse errors typer's click raises in English, by their shape
_ERRORS = [
    (re.compile(r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.*)\)$", re.S),
     N_("No such option: {name} (possible options: {options})")),
    (re.compile(r"No such option: (?P<name>\S+)$"), N_("No such option: {name}")),
    (re.compile(r"No such command (?P<name>'.*')\.$"), N_("No such command {name}.")),
    (re.compile(r"Missing argument (?P<name>'.*')\.$"), N_("Missing argument {name}.")),
    (re.compile(r"Missing option (?P<name>'.*')\.$"), N_("Missing option {name}.")),
    (re.compile(r"Missing command\.$"), N_("Missing command.")),
    (re.compile(r"Got unexpected extra arguments? \((?P<args>.*)\)$", re.S),
     N_("Got unexpected extra arguments ({args})")),
    (re.compile(r"Option (?P<name>'.*') requires an argument\.$"),
     N_("Option {name} requires an argument.")),
    (re.compile(r"Option (?P<name>'.*') does not take a value\.$"),
     N_("Option {name} does not take a value.")),
    (re.compile(r"Invalid value for (?P<name>.*?): (?P<why>.*)$", re.S),
     N_("Invalid value for {name}: {why}")),
]


def translate_usage_error(message: str) -> str:
    """A parse error of typer's click in the current language (unknown shapes unchanged)."""
    if current_language() == "en":
        return message
    for pattern, text in _ERRORS:
        m = pattern.match(message)
        if m:
            return _(text, **m.groupdict())
    return message


def _translated(e: Any) -> Any:
    new = click_exceptions.UsageError(translate_usage_error(e.format_message()), ctx=e.ctx)
    new.exit_code = e.exit_code
    return new


class LocalizedCommand(TyperCommand):
    """A typer command whose help, usage line and parse errors speak the current language."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _localize(self, ctx)
        super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _usage(self, ctx, formatter)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click_exceptions.UsageError as e:
            raise _translated(e) from None


class LocalizedGroup(TyperGroup):
    """The root group: as :class:`LocalizedCommand`, and its commands' short help too."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _localize(self, ctx)
        for cmd in self.commands.values():
            _localize(cmd, ctx)
        super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _usage(self, ctx, formatter)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click_exceptions.UsageError as e:
            raise _translated(e) from None

    def invoke(self, ctx: Any) -> Any:
        if not ctx._protected_args and not self.invoke_without_command:
            try:                                     # "Missing command." is raised here
                return super().invoke(ctx)
            except click_exceptions.UsageError as e:
                raise _translated(e) from None
        return super().invoke(ctx)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except click_exceptions.UsageError as e:
            raise _translated(e) from None
