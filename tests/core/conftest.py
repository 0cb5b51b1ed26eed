from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable import registry


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """Register the test-only game for the duration of a core test."""
    registry.GAME_MODULES["toy"] = "tests.core.toygame"
    registry._loaded.pop("toy", None)
    registry._parts.pop("toy", None)     # the CLI tests register another "toy"
    yield
    registry.GAME_MODULES.pop("toy", None)
    registry._loaded.pop("toy", None)
    registry._parts.pop("toy", None)
