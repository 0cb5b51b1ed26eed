"""The ``cardtable`` command line (typer + rich); see docs/cli.md.

This module imports neither typer nor rich: :func:`main` is the console script's entry
point, so that an installation without the ``cli`` extra explains how to add it instead of
failing with a traceback.  It also chooses the language (``--lang``, ``CARDTABLE_LANG``, the
system locale) before the command modules are imported, so nothing is shown in another one.
"""

from __future__ import annotations

import sys

from ..i18n import N_, UnknownLanguage, _, resolve, set_language

INSTALL_HINT = N_("the cardtable command needs the 'cli' extra (typer and rich); install it with:\n"
                  "    pip install 'cardtable[cli]'\n"
                  "(the engine itself works without it: import cardtable)")


def prescan(argv: list[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` among the options before the command."""
    for i, arg in enumerate(argv):
        if arg == "--lang":
            return argv[i + 1] if i + 1 < len(argv) else None
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--" or not arg.startswith("-"):
            return None              # the command: --lang is a global option, before it
    return None


def _choose_language(argv: list[str]) -> None:
    """``--lang``, else the environment: set it, or exit 2 naming the problem."""
    try:
        set_language(resolve(prescan(argv)))
    except UnknownLanguage as e:
        print(_("Error: {message}", message=str(e)), file=sys.stderr)
        raise SystemExit(2) from None


def main() -> None:
    """Entry point of the ``cardtable`` script (pyproject ``[project.scripts]``)."""
    _choose_language(sys.argv[1:])
    try:
        import rich  # noqa: F401
        import typer  # noqa: F401
    except ImportError as e:
        print(f"cardtable: {e}.\n{_(INSTALL_HINT)}", file=sys.stderr)
        raise SystemExit(2) from None
    from ..i18n import current_language
    from .lang import apply
    apply(current_language())
    from .main import main as run
    run()
