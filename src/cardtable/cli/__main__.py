"""``python -m cardtable.cli``."""

from .main import main

main()
