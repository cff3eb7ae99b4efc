"""SIGTERM between an act and its commit leaves no half state (a real signal, a real file)."""

import signal
import sqlite3
import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from voice_assistant.memory.store import MemoryStore
    from voice_assistant.memory.sqlite import connect
    from voice_assistant.turn.acts import Act
    from voice_assistant.turn.actions import Actions

    actions = Actions(MemoryStore(connect(Path(sys.argv[1]))))
    original = actions._run_one

    def slow(act, room):
        receipt = original(act, room)
        print("acted", flush=True)  # the timer row and its receipt exist, uncommitted
        time.sleep(60)
        return receipt

    actions._run_one = slow
    actions.run([Act("set_timer", {"duration_s": 60, "label": ""}),
                 Act("remember", {"text": "never stored"})])
    """
)


def test_sigterm_between_act_and_commit_leaves_nothing_half_done(tmp_path):
    db = tmp_path / "m.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "acted"
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=30) == -signal.SIGTERM
    check = sqlite3.connect(db)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    for table in ("timers", "receipts", "memories"):
        assert check.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table


LOOP = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from voice_assistant.memory.store import MemoryStore
    from voice_assistant.memory.sqlite import connect
    from voice_assistant.turn.acts import Act
    from voice_assistant.turn.actions import Actions

    actions = Actions(MemoryStore(connect(Path(sys.argv[1]))))
    n = 0
    while True:  # turns with acts, as fast as they commit, until killed
        n += 1
        actions.run([Act("set_timer", {"duration_s": 1, "label": f"{sys.argv[2]}-{n}"}),
                     Act("remember", {"text": f"note {n}"})])
        if n == 3:
            print("committing", flush=True)
    """
)


def test_sigkill_mid_turn_then_restart_keeps_whole_turns_and_timers_still_ring(tmp_path):
    import random
    import time

    from voice_assistant.memory.sqlite import connect
    from voice_assistant.memory.store import MemoryStore
    from voice_assistant.turn.actions import Actions

    db = tmp_path / "m.sqlite3"
    rng = random.Random(6)
    for run in range(4):  # killed at a different moment each time, on the same file
        child = subprocess.Popen(
            [sys.executable, "-c", LOOP, str(db), str(run)], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "committing"
        time.sleep(rng.uniform(0.0, 0.3))
        child.kill()  # SIGKILL: no handler, no cleanup, mid-transaction or not
        assert child.wait(timeout=30) == -signal.SIGKILL
        check = sqlite3.connect(db)
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        timers = check.execute("SELECT count(*) FROM timers").fetchone()[0]
        counts = dict(check.execute("SELECT act, count(*) FROM receipts GROUP BY act").fetchall())
        notes = check.execute("SELECT count(*) FROM memories").fetchone()[0]
        # every turn is whole: a timer, a note and their two receipts, or nothing
        assert timers == counts["set_timer"] == counts["remember"] == notes, (timers, counts)
        labels = [r[0] for r in check.execute("SELECT label FROM timers")]
        assert len(labels) == len(set(labels))  # no turn committed twice
        check.close()
    time.sleep(1.1)
    actions = Actions(MemoryStore(connect(db)))  # the restarted daemon
    due = actions.due()
    assert len(due) == timers  # every committed timer still rings after the restart
    for timer in due:
        actions.mark_rung(timer.id)
    assert actions.due() == []
