"""The daemon's state, written in one place: what each message makes of each state."""

import threading

import pytest

from voice_assistant.daemon.board import Board, next_state
from voice_assistant.daemon.jobs import State


@pytest.mark.parametrize(
    ("state", "message", "busy", "after"),
    [
        (State.STARTING, "mic-ok", False, State.IDLE),
        (State.MIC_LOST, "mic-ok", False, State.IDLE),
        (State.SPEAKING, "mic-ok", True, State.SPEAKING),  # came back while it spoke
        (State.IDLE, "mic-lost", False, State.MIC_LOST),
        (State.SPEAKING, "mic-lost", True, State.SPEAKING),  # the reply plays on
        (State.LISTENING, "gave-up", False, State.IDLE),
        (State.LISTENING, "gave-up", True, State.LISTENING),
        (State.SPEAKING, "done", False, State.IDLE),
        (State.LISTENING, "done", False, State.LISTENING),  # a barge-in's window stays open
        (State.IDLE, "thinking", True, State.THINKING),
        (State.THINKING, "speaking", True, State.SPEAKING),
        (State.IDLE, "ringing", True, State.RINGING),
        (State.SPEAKING, "listening", True, State.LISTENING),
    ],
)
def test_each_message_moves_the_state(state, message, busy, after):
    assert next_state(state, message, busy) == after


def test_the_board_reads_busy_from_the_worker_s_flag():
    busy = threading.Event()
    board = Board(busy)
    board.post("mic-ok")
    busy.set()
    board.post("speaking")
    board.post("mic-lost")
    assert board.state == State.SPEAKING
    busy.clear()
    board.post("done")
    assert board.state == State.IDLE
