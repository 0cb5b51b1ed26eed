"""The ``cardtable`` command line (typer + rich); see docs/cli.md."""
