"""``voice-assistant service``: install or remove the systemd user unit.

The unit template is ``systemd/voice-assistant.service`` (a copy ships in the package). The
installer fills in the absolute command of this very install, so the unit runs the same venv
whatever ``PATH`` systemd has, then asks the user manager to load and start it. Where no user
manager is reachable (a container, a session without systemd) the file is still written and
the message says what to run; that is expected, not a traceback.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from voice_assistant.config import xdg_dir
from voice_assistant.errors import AssistantError
from voice_assistant.wyoming.uri import address

UNIT_NAME = "voice-assistant.service"
MODES = ("wake", "ptt", "both")
CHECKOUT_SYSTEMD = Path(__file__).resolve().parents[2] / "systemd"
PLACEHOLDER = re.compile(r"@[A-Z_]+@")

RELOAD = ["systemctl", "--user", "daemon-reload"]
ENABLE = ["systemctl", "--user", "enable", "--now", UNIT_NAME]
TRY_RESTART = ["systemctl", "--user", "try-restart", UNIT_NAME]
DISABLE = ["systemctl", "--user", "disable", "--now", UNIT_NAME]

# What systemctl says when there is no user manager to talk to (no systemd as init, no
# session bus, no XDG_RUNTIME_DIR), as opposed to a real refusal.
UNREACHABLE = ("Failed to connect to", "not been booted with systemd")
NOT_LOADED = ("not loaded", "does not exist")
MISSING = 127


class ServiceError(AssistantError):
    stage = "service"


@dataclass(frozen=True)
class Outcome:
    returncode: int
    output: str


Systemctl = Callable[[Sequence[str]], Outcome]
Say = Callable[[str], None]


def run_systemctl(argv: Sequence[str]) -> Outcome:
    """Run one systemctl command; a missing binary is an outcome to explain, not a crash."""
    try:
        done = subprocess.run(list(argv), capture_output=True, text=True, timeout=60, check=False)
    except FileNotFoundError:
        return Outcome(MISSING, "systemctl is not installed (no systemd on this machine)")
    except subprocess.TimeoutExpired:
        return Outcome(124, f"{shlex.join(argv)} did not answer within 60 s")
    return Outcome(done.returncode, (done.stderr + done.stdout).strip())


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def unreachable(outcome: Outcome) -> bool:
    return outcome.returncode == MISSING or any(s in outcome.output for s in UNREACHABLE)


def assistant_command(argv0: str | None = None) -> list[str]:
    """The absolute command of the running install, for ExecStart.

    ``sys.argv[0]`` when it is the ``voice-assistant`` script (that is this very venv; a
    ``which`` lookup could find another install first), else ``python -m voice_assistant``
    with this interpreter, left unresolved: a venv's python is a symlink out of the venv.
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    if Path(argv0).name == "voice-assistant":
        found = argv0 if os.sep in argv0 else shutil.which(argv0)
        if found and os.access(found, os.X_OK):
            return [str(Path(found).resolve())]
    return [os.path.abspath(sys.executable), "-m", "voice_assistant"]


def exec_word(word: str) -> str:
    """One ExecStart= word: ``%`` and ``$`` are specifiers and variables to systemd."""
    word = word.replace("%", "%%").replace("$", "$$")
    if re.search(r"[\s\"'\\;]", word):
        word = '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return word


def render_unit(template: str, exec_path: str | Sequence[str], mode: str, wyoming: str = "") -> str:
    """Fill ``@EXEC@`` (an absolute path, or a command as a list), ``@MODE@`` and
    ``@WYOMING@`` (the Wyoming server's address, if any)."""
    if wyoming:
        address(wyoming)  # a bad address fails here, not at every start
    if mode not in MODES:
        raise ServiceError("bad-mode", f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    command = [exec_path] if isinstance(exec_path, str) else list(exec_path)
    if not command or not os.path.isabs(command[0]):
        raise ServiceError("exec-not-absolute", f"ExecStart needs an absolute path: {command}")
    text = template.replace("@EXEC@", " ".join(map(exec_word, command)))
    text = text.replace("@MODE@", mode)
    text = text.replace("@WYOMING@", f" --wyoming {exec_word(wyoming)}" if wyoming else "")
    left = PLACEHOLDER.search(text)
    if left:
        raise ServiceError("unit-template", f"the unit template has an unknown {left.group()}")
    return text


def unit_template(name: str = UNIT_NAME) -> str:
    """The template from the checkout, or the copy packed into the wheel."""
    checkout = CHECKOUT_SYSTEMD / name
    if checkout.exists():
        return checkout.read_text(encoding="utf-8")
    return resources.files("voice_assistant").joinpath(f"data/{name}").read_text("utf-8")


def user_unit_path() -> Path:
    return xdg_dir("XDG_CONFIG_HOME", ".config") / "systemd" / "user" / UNIT_NAME


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".tmp")
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    except OSError as exc:
        raise ServiceError("unit-write", f"cannot write {path}: {exc}") from exc


def _commands(steps: Sequence[Sequence[str]]) -> str:
    return " && ".join(shlex.join(step) for step in steps)


def install(
    mode: str,
    enable: bool = True,
    systemctl: Systemctl = run_systemctl,
    say: Say = _stderr,
    wyoming: str = "",
) -> Path:
    """Write the user unit, then reload, (re)start if it changed, and enable it.

    A running instance is restarted when the unit changed (``enable --now`` alone would
    leave it on the old command line); one that is not running is just started.
    """
    path = user_unit_path()
    text = render_unit(unit_template(), assistant_command(), mode, wyoming)
    changed = path.exists() and path.read_text(encoding="utf-8") != text
    _write(path, text)
    steps = [RELOAD, *([TRY_RESTART] if changed else []), *([ENABLE] if enable else [])]
    for index, step in enumerate(steps):
        outcome = systemctl(step)
        if outcome.returncode == 0:
            continue
        if unreachable(outcome):
            todo = [*steps[index:], *([] if enable else [ENABLE])]
            say(
                f"wrote {path} but could not {'enable' if enable else 'load'} it: the systemd "
                f"user manager is not reachable ({outcome.output}).\n"
                f"Run this in your login session: {_commands(todo)}"
            )
            return path
        raise ServiceError(
            "systemctl-failed", f"wrote {path}, but `{shlex.join(step)}` failed: {outcome.output}"
        )
    if enable:
        served = f", Wyoming on {wyoming}" if wyoming else ""
        say(f"wrote {path}; {UNIT_NAME} is enabled and started (mode {mode}{served})")
        say("status: systemctl --user status voice-assistant")
        say("logs:   journalctl --user -u voice-assistant -f")
    else:
        say(f"wrote {path}; start it with: {shlex.join(ENABLE)}")
    return path


def uninstall(systemctl: Systemctl = run_systemctl, say: Say = _stderr) -> Path:
    """Stop and disable the unit, remove its file, reload; a unit never loaded is no error."""
    path = user_unit_path()
    outcome = systemctl(DISABLE)
    offline = outcome.returncode != 0 and unreachable(outcome)
    if outcome.returncode != 0 and not offline and not any(s in outcome.output for s in NOT_LOADED):
        raise ServiceError("systemctl-failed", f"`{shlex.join(DISABLE)}` failed: {outcome.output}")
    existed = path.exists()
    path.unlink(missing_ok=True)
    # What `disable` removes; done by hand too when the user manager was not reachable.
    (path.parent / "default.target.wants" / UNIT_NAME).unlink(missing_ok=True)
    say(f"removed {path}" if existed else f"no unit file at {path}; nothing to remove")
    if offline:
        stop = ["systemctl", "--user", "stop", UNIT_NAME]
        say(
            f"the systemd user manager is not reachable ({outcome.output}); if the assistant "
            f"still runs, run this in your login session: {_commands([stop, RELOAD])}"
        )
        return path
    reload = systemctl(RELOAD)
    if reload.returncode != 0:
        say(f"`{shlex.join(RELOAD)}` failed: {reload.output}")
    return path
