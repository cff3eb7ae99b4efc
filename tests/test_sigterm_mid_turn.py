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
    from voice_assistant.memory.store import MemoryStore, connect
    from voice_assistant.turn.acts import Act
    from voice_assistant.turn.actions import Actions

    actions = Actions(MemoryStore(connect(Path(sys.argv[1]))))
    original = actions._run_one

    def slow(act):
        receipt = original(act)
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
    assert child.stdout.readline().strip() == "acted"
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=30) == -signal.SIGTERM
    check = sqlite3.connect(db)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    for table in ("timers", "receipts", "memories"):
        assert check.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table
