"""``python -m cardtable``: the ``cardtable`` command (needs the ``cli`` extra)."""

from .cli import main

main()
