"""``python -m cardtable.cli``."""

from . import main

main()
