"""The effective settings as TOML, for ``voice-assistant config show``."""

from __future__ import annotations

import json
from typing import Any


def to_toml(data: dict[str, Any], prefix: str = "") -> str:
    """Render settings as TOML (scalars first, then one table per section)."""
    scalars, tables = [], []
    for key, value in data.items():
        if isinstance(value, dict):
            tables.append(to_toml(value, f"{prefix}{key}."))
        elif value is None:
            scalars.append(f"# {key} = (not set)")
        else:
            scalars.append(f"{key} = {_value(value)}")
    head = f"[{prefix.rstrip('.')}]\n" if prefix and scalars else ""
    body = head + "\n".join(scalars)
    return "\n\n".join(part for part in [body, *tables] if part.strip())


def _value(value: Any) -> str:
    """One TOML value: a boolean, a number, a list, or a string (quoted as JSON quotes it,
    which TOML reads the same)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)
