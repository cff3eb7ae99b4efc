"""Loading the settings: the TOML file, then environment overrides, validated once.

Precedence: defaults < ``~/.config/voice-assistant/config.toml`` (or ``--config FILE``)
< ``VOICE_ASSISTANT__SECTION__KEY`` environment variables. Unknown keys, wrong types
and paths that do not exist fail at start with a message naming the key.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from voice_assistant.config.sections import Settings
from voice_assistant.config.xdg import default_config_path
from voice_assistant.errors import ConfigError

ENV_PREFIX = "VOICE_ASSISTANT__"


def _set_dotted(tree: dict[str, Any], keys: list[str], value: str) -> None:
    node = tree
    for key in keys[:-1]:
        child = node.setdefault(key, {})
        if not isinstance(child, dict):
            raise ConfigError("bad-key", f"config key {'.'.join(keys)}: {key} is not a section")
        node = child
    node[keys[-1]] = value


def env_overrides(environ: dict[str, str]) -> dict[str, Any]:
    """``VOICE_ASSISTANT__LLM__N_CTX=2048`` -> ``{"llm": {"n_ctx": "2048"}}``; a list is
    written as JSON (``VOICE_ASSISTANT__WYOMING__SATELLITES='["tcp://kitchen:10700"]'``)."""
    tree: dict[str, Any] = {}
    for name, value in sorted(environ.items()):
        if name.startswith(ENV_PREFIX):
            keys = [part.lower() for part in name[len(ENV_PREFIX) :].split("__") if part]
            if keys:
                _set_dotted(tree, keys, _list_or_text(value))
    return tree


def _list_or_text(value: str) -> Any:
    """A JSON list as a list; anything else (a bad list too) as the text, for the settings
    model to judge and name."""
    if value.lstrip().startswith("["):
        try:
            parsed = json.loads(value)
        except ValueError:
            return value
        if isinstance(parsed, list):
            return parsed
    return value


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _explain(error: ValidationError, source: str) -> str:
    lines = []
    for item in error.errors():
        key = ".".join(str(part) for part in item["loc"]) or "(top level)"
        msg = item["msg"]
        if item["type"] == "extra_forbidden":
            msg = "unknown key"
        msg = msg.removeprefix("Value error, ")
        got = item.get("input")
        shown = (
            "" if isinstance(got, dict) or item["type"] == "extra_forbidden" else f" (got {got!r})"
        )
        lines.append(f"  {key}: {msg}{shown}")
    return f"invalid configuration in {source}:\n" + "\n".join(lines)


def load_settings(
    path: Path | None = None, environ: dict[str, str] | None = None
) -> tuple[Settings, list[str]]:
    """Load the effective settings; returns them with the sources that were read."""
    environ = dict(os.environ) if environ is None else environ
    explicit = path is not None
    path = path or default_config_path(environ)
    sources: list[str] = []
    data: dict[str, Any] = {}
    if path.exists():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError as exc:
            raise ConfigError(
                "bad-toml",
                f"config file {path} is not valid TOML: it is not UTF-8 text (byte "
                f"0x{exc.object[exc.start]:02x} at offset {exc.start}; a binary file?)",
            ) from exc
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError("bad-toml", f"config file {path} is not valid TOML: {exc}") from exc
        except OSError as exc:
            raise ConfigError("unreadable", f"config file {path} cannot be read: {exc}") from exc
        sources.append(str(path))
    elif explicit:
        raise ConfigError("missing", f"config file {path} does not exist")
    overrides = env_overrides(environ)
    if overrides:
        sources.append(f"environment ({ENV_PREFIX}*)")
    try:
        settings = Settings.model_validate(_merge(data, overrides))
    except ValidationError as exc:
        raise ConfigError("invalid", _explain(exc, " + ".join(sources) or "defaults")) from exc
    return settings, sources
