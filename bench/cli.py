"""``voice-assistant bench`` (from a checkout) or ``python -m bench``: one suite's figures.

Benchmarks print figures and assert nothing; they read the checkout's recordings
(``bench.corpus``), so they are not part of the installed package.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from voice_assistant.config import Settings, load_settings

SUITES = (
    "pipeline",
    "research",
    "decoding",
    "latency",
    "review",
    "answers",
    "vocabulary",
    "window",
    "wake",
    "noise",
    "soak",
    "daemon",
    "live",
    "turn-end",
    "audio-out",
    "remote-llm",
    "remote-speech",
    "satellites",
    "llama-build",
    "written",
    "acts",
    "alarms",
    "scale",
    "beams",
    "wyoming-early",
)


def build_parser(prog: str = "voice-assistant bench") -> argparse.ArgumentParser:
    bench = argparse.ArgumentParser(prog=prog, description=__doc__)
    bench.add_argument(
        "--runs",
        type=int,
        default=3,
        help="runs per figure (medians); acts suite: ways each spoken phrasing is cut",
    )
    bench.add_argument("--suite", choices=SUITES, default="pipeline", help="which figures")
    bench.add_argument("--wavs", type=Path, nargs="*", help="question WAVs (default: demo)")
    bench.add_argument("--speech", type=Path, help="folder of real speech with .txt references")
    bench.add_argument("--stt-models", default="whisper-base,whisper-tiny.en")
    bench.add_argument(
        "--minutes",
        type=float,
        default=60,
        help="wake suite: minutes of looped real speech; noise suite: minutes of sound",
    )
    bench.add_argument(
        "--plant",
        type=Path,
        nargs="*",
        help="noise suite: recordings to insert mid-stream (a check that a reply is counted)",
    )
    bench.add_argument(
        "--satellites", default="1,2,4,8", help="satellites suite: satellite counts to try"
    )
    bench.add_argument(
        "--sizes",
        default="1000,10000,50000",
        help="scale suite: store sizes in notes, comma-separated",
    )
    bench.add_argument("--turns", type=int, default=100, help="soak suite: turns to run")
    bench.add_argument(
        "--clips", type=int, default=0, help="window suite: the first N prompts (default: all)"
    )
    bench.add_argument(
        "--fake",
        action="store_true",
        help="soak suite: fake models over the real store, turns, research and actions",
    )
    bench.add_argument(
        "--only",
        default="",
        help="answers and latency suites: request ids or kinds, or 'drafts', comma-separated "
        "(default: all)",
    )
    bench.add_argument(
        "--spoken",
        action="store_true",
        help="answers suite: each request spoken by piper and espeak-ng, heard by whisper",
    )
    bench.add_argument(
        "--held-out",
        nargs="?",
        type=int,
        const=1,
        default=0,
        metavar="PART",
        choices=list(range(1, 15)),
        help="answers, turn-end, beams and wyoming-early suites: a held-out part, 1 "
        "(default) to 11 (never tuned on; score it only at the end; 7 to 11 have "
        "memories of their own); acts suite: its held-out phrasings",
    )
    bench.add_argument(
        "--dev",
        action="store_true",
        help="answers suite: the structure part (tests/data/structure_dev: memories of its "
        "own, tuned on)",
    )
    bench.add_argument(
        "--model-review",
        action="store_true",
        help="answers suite: the model's review checks on the seeded drafts too",
    )
    bench.add_argument(
        "--idle-s",
        type=float,
        default=60.0,
        help="daemon and alarms suites: seconds of silence for idle CPU",
    )
    bench.add_argument(
        "--keep",
        action="store_true",
        help="daemon, live and alarms suites: keep the work folder (logs, WAVs)",
    )
    bench.add_argument(
        "--python",
        nargs="*",
        default=[],
        help="llama-build suite: interpreters of other environments whose builds to time too",
    )
    return bench


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Run the suite ``args.suite`` names; each suite's module loads only when asked for."""
    suite = args.suite
    if suite == "review":
        from bench.review import run_review_bench

        return run_review_bench(settings, args.runs)
    if suite == "answers":
        from bench.answers import run_answers_bench

        return run_answers_bench(
            settings, args.runs, args.only, args.model_review, args.spoken, args.held_out, args.dev
        )
    if suite == "alarms":
        from bench.alarms import run_alarms_bench

        return run_alarms_bench(args.runs, args.idle_s, args.keep)
    if suite == "acts":
        from bench.acts import run_acts_bench

        return run_acts_bench(settings, bool(args.held_out), args.runs)
    if suite == "window":
        from bench.window import run_window_bench

        return run_window_bench(settings, args.clips)
    if suite == "vocabulary":
        from bench.vocabulary import run_vocabulary_bench

        return run_vocabulary_bench(settings)
    if suite == "research":
        from bench.research import run_research_bench

        return run_research_bench(settings, args.runs)
    if suite == "wake":
        from bench.wake import run_wake_bench

        return run_wake_bench(settings, args.minutes, args.runs)
    if suite == "noise":
        from bench.noise import run_noise_bench

        return run_noise_bench(settings, args.minutes, args.plant)
    if suite == "latency":
        from bench.latency import run_latency_bench

        return run_latency_bench(settings, args.runs, args.only)
    if suite == "decoding":
        from bench.decoding import run_decoding_bench

        return run_decoding_bench(settings, args.runs)
    if suite == "soak":
        from bench.soak import run_soak_bench

        return run_soak_bench(settings, args.turns, args.fake, args.wavs)
    if suite == "satellites":
        from bench.satellites import run_satellites_bench

        counts = [int(n) for n in args.satellites.split(",") if n.strip()]
        return run_satellites_bench(args.runs, counts)
    if suite == "remote-speech":
        from bench.remote_speech import run_remote_speech_bench

        return run_remote_speech_bench(settings, args.runs)
    if suite == "remote-llm":
        from bench.remote_llm import run_remote_llm_bench

        return run_remote_llm_bench(settings, args.runs)
    if suite == "written":
        from bench.written import run_written_bench

        return run_written_bench(args.runs)
    if suite == "llama-build":
        from bench.llama_build import run_llama_build_bench

        return run_llama_build_bench(settings, args.runs, args.python)
    if suite == "live":
        from bench.live import run_live_bench

        return run_live_bench(args.runs, args.keep)
    if suite == "audio-out":
        from bench.audio_out import run_audio_out_bench

        return run_audio_out_bench(args.runs)
    if suite == "turn-end":
        from bench.turn_end import run_turn_end_bench

        return run_turn_end_bench(settings, args.held_out)
    if suite == "wyoming-early":
        from bench.wyoming_early import run_wyoming_early_bench

        return run_wyoming_early_bench(settings, args.held_out)
    if suite == "beams":
        from bench.beams import run_beams_bench

        return run_beams_bench(settings, args.held_out)
    if suite == "scale":
        from bench.scale import run_scale_bench

        return run_scale_bench([int(n) for n in args.sizes.split(",") if n.strip()])
    if suite == "daemon":
        from bench.daemon import run_daemon_bench

        return run_daemon_bench(args.runs, args.idle_s, args.keep)
    from bench.pipeline import run_pipeline_bench

    return run_pipeline_bench(settings, args)


def main(
    argv: list[str] | None = None, settings: Settings | None = None, config: Path | None = None
) -> int:
    """``python -m bench [--config FILE] --suite …``; ``voice-assistant bench`` passes the
    settings it loaded (and its ``--config``, for suites that start fresh processes)."""
    parser = build_parser("python -m bench" if settings is None else "voice-assistant bench")
    if settings is None:
        parser.add_argument("--config", type=Path, help="config file (default: XDG config.toml)")
    args = parser.parse_args(argv)
    if settings is None:
        config = args.config
        settings, _ = load_settings(config)
    args.config = config.resolve() if config is not None else None
    return run(settings, args)
