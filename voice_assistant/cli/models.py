"""``voice-assistant models install|status|verify``: the offline models, from the manifest."""

from __future__ import annotations

import argparse

from voice_assistant import modelstore
from voice_assistant.cli.console import EXIT_FAILED, progress
from voice_assistant.config import Settings
from voice_assistant.errors import AssistantError


def _selected(args: argparse.Namespace) -> list[modelstore.ModelSpec]:
    manifest = modelstore.load_manifest()
    if getattr(args, "all", False):
        return list(manifest.values())
    if not args.names:
        return [spec for spec in manifest.values() if spec.default]
    unknown = [name for name in args.names if name not in manifest]
    if unknown:
        raise AssistantError(
            "unknown-model", f"unknown model(s) {', '.join(unknown)}; known: {', '.join(manifest)}"
        )
    return [manifest[name] for name in args.names]


def cmd_models_install(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    root = modelstore.models_dir(settings)
    progress(f"installing models into {root}")
    modelstore.install(_selected(args), root, progress)
    return 0


def cmd_models_status(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    """``status`` (and ``verify``, which rehashes): exit 1 if a needed model is not usable."""
    rehash = args.command_name == "verify"
    root = modelstore.models_dir(settings)
    stamps = modelstore.Stamps(root)
    explicit = bool(args.names) or args.all
    specs = _selected(args) if explicit else list(modelstore.load_manifest().values())
    bad = 0
    print(f"models folder: {root}")
    print(f"{'name':<20} {'role':<8} {'default':<7} {'size MB':>8}  state")
    for spec in specs:
        if rehash:
            progress(f"hashing {spec.name}…")
        state = modelstore.check_model(root, spec, stamps, rehash=rehash)
        needed = spec.default or explicit
        if state != "ok":
            bad += needed
            state += f"  -> voice-assistant models install {spec.name}"
            if not needed:
                state = "optional, not installed" if state.startswith("missing") else state
        size = modelstore.disk_size(root / spec.path) / 1e6
        default = "yes" if spec.default else "no"
        print(f"{spec.name:<20} {spec.role:<8} {default:<7} {size:>8.1f}  {state}")
    stamps.save()
    return EXIT_FAILED if bad else 0
