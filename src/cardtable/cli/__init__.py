"""The ``cardtable`` command line (typer + rich); see docs/cli.md.

This module imports neither typer nor rich: :func:`main` is the console script's entry
point, so that an installation without the ``cli`` extra explains how to add it instead of
failing with a traceback.
"""

from __future__ import annotations

import sys

INSTALL_HINT = ("the cardtable command needs the 'cli' extra (typer and rich); install it with:\n"
                "    pip install 'cardtable[cli]'\n"
                "(the engine itself works without it: import cardtable)")


def main() -> None:
    """Entry point of the ``cardtable`` script (pyproject ``[project.scripts]``)."""
    try:
        import rich  # noqa: F401
        import typer  # noqa: F401
    except ImportError as e:
        print(f"cardtable: {e}.\n{INSTALL_HINT}", file=sys.stderr)
        raise SystemExit(2) from None
    from .main import main as run
    run()
