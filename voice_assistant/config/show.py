"""The effective settings as TOML, for ``voice-assistant config show``."""

from __future__ import annotations

from typing import Any


def to_toml(data: dict[str, Any], prefix: str = "") -> str:
    """Render settings as TOML (scalars first, then one table per section)."""
    scalars, tables = [], []
    for key, value in data.items():
        if isinstance(value, dict):
            tables.append(to_toml(value, f"{prefix}{key}."))
        elif value is None:
            scalars.append(f"# {key} = (not set)")
        elif isinstance(value, bool):
            scalars.append(f"{key} = {str(value).lower()}")
        elif isinstance(value, int | float):
            scalars.append(f"{key} = {value}")
        else:
            scalars.append(f'{key} = "{value}"')
    head = f"[{prefix.rstrip('.')}]\n" if prefix and scalars else ""
    body = head + "\n".join(scalars)
    return "\n\n".join(part for part in [body, *tables] if part.strip())
