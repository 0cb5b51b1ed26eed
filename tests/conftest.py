"""Suite-wide settings.

Hypothesis draws fresh examples on every run, which finds more bugs on developers' machines;
under CI (``CI`` set) it is derandomized so that the same commit always runs the same examples
and a landing never depends on luck.  A failure found locally is added as an ``@example``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
