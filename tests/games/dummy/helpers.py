from __future__ import annotations

from pathlib import Path


def scenario_path(stem: str) -> Path:
    return Path(__file__).parent / "scenarios" / f"{stem}.json"
