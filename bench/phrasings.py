"""An act phrasing as the act benchmarks write it: what is said, the act code should read,
its values, and what it should ask for. Shared by the development and held-out sets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Values = dict[str, Any]


@dataclass(frozen=True)
class Phrasing:
    said: str
    kind: str
    values: Values
    missing: tuple[str, ...] = ()


def phrasing(said: str, act: str, missing: tuple[str, ...] = (), **values: Any) -> Phrasing:
    return Phrasing(said, act, values, missing)
