"""``voice-assistant bench --suite scale``: what memories cost as they grow.

    voice-assistant bench --suite scale [--sizes 1000,10000,50000]

Synthetic stores of each size, generated from templates with made-up names, places and
things by a seeded generator, so the first notes are the same at every size. Each size
runs in a process of its own (its RSS is its own) over a fresh data folder, with the real
parser, embedder and store:

- **import**: the notes written as Markdown files and imported as ``memory import``
  imports them (each note parsed and embedded once, then stored), in notes per second;
- **the answer stage**: single-value questions about notes among the first ``TARGETS``,
  the same at every size, each a typed turn (``TurnRunner.answer``, spoken mode): p50 and
  p90, and facts right (the note's value said, not its neighbour's);
- **the search alone** (``MemoryStore.search``, research's first step), p50 and p90,
  timed after each turn with nothing of the question kept from it;
- **RSS** after the import and after the questions.

Issue 38 asks the answer stage to grow at most 2x from 1,000 to 50,000 notes.
"""

from __future__ import annotations

import json
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from voice_assistant.config import Settings

SIZES = (1_000, 10_000, 50_000)
TARGETS = 500
"""Questions are asked about notes among the first this many (present at every size)."""
QUESTIONS = 40
PER_FILE = 500
"""Notes per generated Markdown file."""
SEED = 38

SYLLABLE_LINE = (
    "bar dal fen gor hal jun kel lom mar nev orn pal qui ros sel tor ulm val wen yar zed "
    "bre cal dor eth fal gan hes isk jor kav lin mos nor pel rud sor tam ulv vor wyn"
)
SYLLABLES = SYLLABLE_LINE.split()
"""Three letters each, so a made-up word splits one way only."""
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
THINGS = [
    "lamps",
    "mugs",
    "bowls",
    "vases",
    "jugs",
    "plates",
    "candles",
    "baskets",
    "stools",
    "kites",
]


def made_up(index: int, salt: int) -> str:
    """A made-up capitalised word, different for each ``index`` (three syllables)."""
    n = len(SYLLABLES)
    k = (index * 7919 + salt * 104729) % (n**3)
    return (SYLLABLES[k % n] + SYLLABLES[(k // n) % n] + SYLLABLES[(k // n // n) % n]).title()


@dataclass(frozen=True)
class Generated:
    title: str
    text: str
    question: str
    expect: str
    """A regular expression the right reply matches."""
    forbid: str
    """The neighbouring value of the same note: said, it is a wrong value."""


def note(index: int, rng: random.Random) -> Generated:
    """Note number ``index``: one of five templates, each a value beside a near miss."""
    name, other = made_up(index, 1), made_up(index, 2)
    day, month = rng.randint(1, 28), rng.choice(MONTHS)
    kind = index % 5
    if kind == 0:
        other_day = (day % 28) + 1
        return Generated(
            f"{name}'s birthday",
            f"{name}'s birthday is on {day} {month}. {other}'s is on {other_day} {month}.",
            f"When is {name}'s birthday?",
            rf"\b{day} {month}",
            rf"\b{other_day} {month}",
        )
    if kind == 1:
        front, side = rng.randint(1000, 9999), rng.randint(1000, 9999)
        return Generated(
            f"Codes at {name} Lodge",
            f"The front door code at {name} Lodge is {front}; the side gate is {side}.",
            f"What's the front door code at {name} Lodge?",
            rf"\b{front}\b",
            rf"\b{side}\b",
        )
    if kind == 2:
        hour, minute = rng.randint(8, 17), rng.choice(("00", "15", "30", "45"))
        weekday = rng.choice(WEEKDAYS)
        return Generated(
            f"Dr {name}",
            f"My appointment with Dr {name} is on {weekday} {day} {month} at {hour}:{minute}. "
            f"{other} drives me there.",
            f"When is my appointment with Dr {name}?",
            rf"\b{day} {month}",
            r"(?!)",
        )
    if kind == 3:
        thing = f"{name} {rng.choice(THINGS)}"
        retail = rng.randint(20, 90)
        wholesale = retail // 2
        return Generated(
            thing.capitalize(),
            f"The {thing} sell for £{retail} retail and £{wholesale} wholesale.",
            f"What's the wholesale price of the {thing}?",
            rf"£{wholesale}\b|\b{wholesale} pounds",
            rf"£{retail}\b|\b{retail} pounds",
        )
    mobile = f"07{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
    landline = f"01{rng.randint(100, 999)} {rng.randint(100000, 999999)}"
    return Generated(
        f"{name}'s numbers",
        f"{name}'s mobile is {mobile}; the landline is {landline}.",
        f"What's {name}'s mobile number?",
        re.escape(mobile).replace(r"\ ", r"\W*"),
        re.escape(landline).replace(r"\ ", r"\W*"),
    )


def notes(size: int) -> Iterator[Generated]:
    rng = random.Random(SEED)
    for index in range(size):
        yield note(index, rng)


def write_notes(folder: Path, size: int) -> list[Generated]:
    """The notes as Markdown files of ``PER_FILE`` notes; the generated notes returned."""
    made = list(notes(size))
    for start in range(0, size, PER_FILE):
        chunk = made[start : start + PER_FILE]
        text = "".join(f"# {g.title}\n\n{g.text}\n\n" for g in chunk)
        (folder / f"notes-{start // PER_FILE:04d}.md").write_text(text)
    return made


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(settings: Settings, size: int) -> dict[str, float]:
    """One size's figures, in this process (``run_scale_bench`` gives each its own)."""
    from voice_assistant.assembly import assemble
    from voice_assistant.memory.importer import import_paths
    from voice_assistant.turn.session import Session

    with tempfile.TemporaryDirectory(prefix="va-scale-") as tmp:
        folder = Path(tmp) / "notes"
        folder.mkdir()
        made = write_notes(folder, size)
        local = settings.model_copy(deep=True)
        local.paths.data_dir = Path(tmp) / "data"
        assistant = assemble(local)
        store = assistant.memories
        store.search("warm up", 5)  # the parser and embedder loaded before the clock
        assistant.engines.parser()
        started = time.monotonic()
        report = import_paths(store, [folder])
        imported_s = time.monotonic() - started
        if report.skipped or report.added != size:
            raise RuntimeError(f"scale bench: {report.added} of {size} imported: {report.skipped}")
        rss_import = rss_mb()
        assistant.preload(["llm"])
        turns = assistant.turn_runner()
        rng = random.Random(SEED + 1)
        asked = rng.sample(made[: min(TARGETS, size)], QUESTIONS)
        store.search(asked[0].question, 5)  # the vector matrix loaded once
        answer_s, search_s, right, wrong = [], [], 0, 0
        for generated in asked:
            store._query = None  # the question's similarities are not kept from before
            t = time.monotonic()
            reply = turns.answer(generated.question, "spoken", Session.independent("bench"))
            answer_s.append(time.monotonic() - t)
            store._query = None
            t = time.monotonic()
            store.search(generated.question, 20)
            search_s.append(time.monotonic() - t)
            said = reply.text
            if re.search(generated.forbid, said, re.I):
                wrong += 1
            elif re.search(generated.expect, said, re.I):
                right += 1
        return {
            "size": size,
            "import_s": imported_s,
            "notes_per_s": size / imported_s,
            "answer_p50": statistics.median(answer_s),
            "answer_p90": percentile(answer_s, 0.9),
            "search_p50": statistics.median(search_s),
            "search_p90": percentile(search_s, 0.9),
            "right": right,
            "wrong": wrong,
            "asked": len(asked),
            "rss_import_mb": rss_import,
            "rss_mb": rss_mb(),
        }


def run_scale_bench(sizes: list[int]) -> int:
    """Each size in a fresh process; one table at the end."""
    rows = []
    for size in sizes:
        print(f"# {size:,} notes …", flush=True)
        done = subprocess.run(
            [sys.executable, "-m", "bench.scale", str(size)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(done.stderr[-3000:], file=sys.stderr)
            return done.returncode
        row = json.loads(done.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(
            f"  import {row['import_s']:.0f} s ({row['notes_per_s']:.0f} notes/s); "
            f"answer stage p50 {row['answer_p50'] * 1000:.0f} ms",
            flush=True,
        )
    print(
        "\n| notes | import | notes/s | answer stage p50 / p90 | search p50 / p90 "
        "| facts right | wrong values | RSS after import / after questions |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['size']:,} | {r['import_s']:.0f} s | {r['notes_per_s']:.0f} "
            f"| {r['answer_p50'] * 1000:.0f} / {r['answer_p90'] * 1000:.0f} ms "
            f"| {r['search_p50'] * 1000:.1f} / {r['search_p90'] * 1000:.1f} ms "
            f"| {r['right']}/{r['asked']} | {r['wrong']} "
            f"| {r['rss_import_mb']:,.0f} / {r['rss_mb']:,.0f} MB |"
        )
    if len(rows) > 1:
        growth = rows[-1]["answer_p50"] / rows[0]["answer_p50"]
        print(
            f"\nanswer stage p50 grows {growth:.2f}x from {rows[0]['size']:,} "
            f"to {rows[-1]['size']:,} notes"
        )
    return 0


if __name__ == "__main__":
    from voice_assistant.config import load_settings

    print(json.dumps(measure(load_settings()[0], int(sys.argv[1]))))
