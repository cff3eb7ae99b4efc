"""Where the XDG base directories put the configuration and the data."""

from __future__ import annotations

import os
from pathlib import Path


def xdg_dir(var: str, fallback: str, environ: dict[str, str] | None = None) -> Path:
    value = (os.environ if environ is None else environ).get(var)
    return Path(value) if value else Path.home() / fallback


def default_config_path(environ: dict[str, str] | None = None) -> Path:
    return xdg_dir("XDG_CONFIG_HOME", ".config", environ) / "voice-assistant" / "config.toml"
