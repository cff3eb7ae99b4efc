"""The systemd units and `voice-assistant service`: a fake systemctl records what would run."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import CHECKOUT
from voice_assistant.cli import systemd_unit as service
from voice_assistant.cli.entry import EXIT_ERROR, main
from voice_assistant.cli.systemd_unit import (
    DISABLE,
    ENABLE,
    RELOAD,
    TRY_RESTART,
    Outcome,
    ServiceError,
    render_unit,
    unit_template,
)
from voice_assistant.config import load_settings
from voice_assistant.errors import AssistantError

SYSTEM_UNIT = CHECKOUT / "systemd" / "voice-assistant-system.service"
NO_BUS = Outcome(1, "Failed to connect to bus: No medium found")


class FakeSystemctl:
    """Records each argv; answers from ``replies`` by verb, else success."""

    def __init__(self, **replies: Outcome):
        self.calls: list[list[str]] = []
        self.replies = replies

    def __call__(self, argv):
        self.calls.append(list(argv))
        return self.replies.get(argv[2].replace("-", "_"), Outcome(0, ""))


@pytest.fixture
def exe(tmp_path, monkeypatch) -> Path:
    """A stand-in `voice-assistant` script the test runs "from", and a private config home."""
    path = tmp_path / "venv" / "bin" / "voice-assistant"
    path.parent.mkdir(parents=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(path), "service", "install"])
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return path


@pytest.fixture
def unit_file(tmp_path) -> Path:
    return tmp_path / "config" / "systemd" / "user" / "voice-assistant.service"


def settings_of(unit: str) -> dict[str, str]:
    return dict(
        line.split("=", 1) for line in unit.splitlines() if "=" in line and line[0] not in "#;"
    )


def test_rendered_unit_runs_this_install_in_the_given_mode():
    unit = render_unit(unit_template(), "/opt/va/.venv/bin/voice-assistant", "wake")
    lines = settings_of(unit)
    assert lines["ExecStart"] == "/opt/va/.venv/bin/voice-assistant run --mode wake"
    assert lines["ExecReload"] == "/bin/kill -HUP $MAINPID"
    assert lines["Restart"] == "on-failure"
    # a configuration or model error at start is not retried in a loop
    assert lines["RestartPreventExitStatus"] == str(EXIT_ERROR)
    assert lines["WantedBy"] == "default.target"
    assert "@" not in unit


def test_the_unit_can_start_the_wyoming_server_beside_the_daemon():
    unit = render_unit(
        unit_template(), "/opt/va/bin/voice-assistant", "both", "tcp://0.0.0.0:10700"
    )
    start = settings_of(unit)["ExecStart"]
    assert start == "/opt/va/bin/voice-assistant run --mode both --wyoming tcp://0.0.0.0:10700"
    with pytest.raises(AssistantError) as caught:
        render_unit(unit_template(), "/opt/va/bin/voice-assistant", "both", "0.0.0.0:10700")
    assert caught.value.code == "bad-uri"


def test_rendered_unit_quotes_odd_paths_and_takes_a_module_command():
    unit = render_unit(unit_template(), ["/home/me/my venv/bin/python", "-m", "va"], "ptt")
    assert 'ExecStart="/home/me/my venv/bin/python" -m va run --mode ptt' in unit
    assert "ExecStart=/x/100%%/voice-assistant run" in render_unit(
        unit_template(), "/x/100%/voice-assistant", "both"
    )


@pytest.mark.parametrize(
    ("exec_path", "mode", "code"),
    [
        ("/x/voice-assistant", "always", "bad-mode"),
        ("voice-assistant", "both", "exec-not-absolute"),
    ],
)
def test_render_refuses_bad_input(exec_path, mode, code):
    with pytest.raises(ServiceError) as caught:
        render_unit(unit_template(), exec_path, mode)
    assert caught.value.code == code


def test_template_with_an_unknown_placeholder_is_refused():
    with pytest.raises(ServiceError, match="@USER@"):
        render_unit("ExecStart=@EXEC@ --user @USER@\n", "/x/va", "both")


def test_packaged_template_is_the_repository_file():
    packaged = CHECKOUT / "voice_assistant" / "data" / "voice-assistant.service"
    assert packaged.read_text() == (CHECKOUT / "systemd" / "voice-assistant.service").read_text()


def test_template_falls_back_to_the_packaged_copy(tmp_path, monkeypatch):
    monkeypatch.setattr(service, "CHECKOUT_SYSTEMD", tmp_path / "no-checkout")
    assert unit_template() == (CHECKOUT / "systemd" / "voice-assistant.service").read_text()


def test_command_is_the_running_script_else_this_python(exe):
    assert service.assistant_command() == [str(exe.resolve())]
    module_run = service.assistant_command("/src/voice_assistant/__main__.py")
    assert module_run == [sys.executable, "-m", "voice_assistant"]


def test_user_unit_path_follows_xdg_config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert service.user_unit_path() == tmp_path / "cfg/systemd/user/voice-assistant.service"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert (
        service.user_unit_path() == tmp_path / "home/.config/systemd/user/voice-assistant.service"
    )


def test_install_writes_the_unit_then_reloads_and_enables(exe, unit_file):
    systemctl = FakeSystemctl()
    said: list[str] = []
    assert service.install("ptt", systemctl=systemctl, say=said.append) == unit_file
    assert f"ExecStart={exe.resolve()} run --mode ptt" in unit_file.read_text()
    assert systemctl.calls == [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", "voice-assistant.service"],
    ]
    assert "enabled and started" in said[0]


def test_reinstall_with_a_new_mode_restarts_a_running_instance(exe, unit_file):
    service.install("ptt", systemctl=FakeSystemctl(), say=print)
    systemctl = FakeSystemctl()
    service.install("both", systemctl=systemctl, say=print)
    assert systemctl.calls == [RELOAD, TRY_RESTART, ENABLE]
    same = FakeSystemctl()
    service.install("both", systemctl=same, say=print)
    assert same.calls == [RELOAD, ENABLE]


def test_install_without_enable_only_reloads(exe, unit_file):
    systemctl = FakeSystemctl()
    said: list[str] = []
    service.install("both", enable=False, systemctl=systemctl, say=said.append)
    assert systemctl.calls == [RELOAD]
    assert unit_file.exists()
    assert "systemctl --user enable --now voice-assistant.service" in said[0]


def test_unreachable_user_manager_still_writes_the_unit_and_says_what_to_run(exe, unit_file):
    said: list[str] = []
    service.install("both", systemctl=FakeSystemctl(daemon_reload=NO_BUS), say=said.append)
    assert unit_file.exists()
    assert said == [
        f"wrote {unit_file} but could not enable it: the systemd user manager is not reachable "
        "(Failed to connect to bus: No medium found).\nRun this in your login session: "
        "systemctl --user daemon-reload && systemctl --user enable --now voice-assistant.service"
    ]


def test_missing_systemctl_still_writes_the_unit(exe, unit_file, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    said: list[str] = []
    service.install("both", say=said.append)  # the real run_systemctl, with no systemctl found
    assert unit_file.exists()
    assert "systemctl is not installed" in said[0]
    assert "could not enable it" in said[0]


def test_a_real_enable_failure_is_an_error_and_keeps_the_file(exe, unit_file):
    refused = FakeSystemctl(enable=Outcome(1, "Failed to enable unit: Access denied"))
    with pytest.raises(ServiceError, match="Access denied") as caught:
        service.install("both", systemctl=refused, say=print)
    assert caught.value.code == "systemctl-failed"
    assert unit_file.exists()


def test_uninstall_disables_removes_and_reloads(exe, unit_file):
    service.install("both", systemctl=FakeSystemctl(), say=print)
    wants = unit_file.parent / "default.target.wants" / "voice-assistant.service"
    wants.parent.mkdir()
    wants.symlink_to(unit_file)
    systemctl = FakeSystemctl()
    said: list[str] = []
    service.uninstall(systemctl=systemctl, say=said.append)
    assert systemctl.calls == [DISABLE, RELOAD]
    assert not unit_file.exists() and not wants.is_symlink()
    assert said == [f"removed {unit_file}"]


def test_uninstall_of_a_unit_never_loaded_is_fine(exe, unit_file):
    gone = Outcome(1, "Failed to disable unit: Unit file voice-assistant.service does not exist.")
    said: list[str] = []
    service.uninstall(systemctl=FakeSystemctl(disable=gone), say=said.append)
    assert said == [f"no unit file at {unit_file}; nothing to remove"]


def test_uninstall_without_user_manager_removes_the_file_and_says_so(exe, unit_file):
    service.install("both", systemctl=FakeSystemctl(), say=print)
    systemctl = FakeSystemctl(disable=NO_BUS)
    said: list[str] = []
    service.uninstall(systemctl=systemctl, say=said.append)
    assert systemctl.calls == [DISABLE]
    assert not unit_file.exists()
    assert "not reachable" in said[1] and "systemctl --user stop voice-assistant.service" in said[1]


def test_cli_service_install_and_uninstall(exe, unit_file, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert main(["service", "install", "--mode", "wake", "--no-enable"]) == 0
    assert "--mode wake" in unit_file.read_text()
    assert "could not load it" in capsys.readouterr().err
    assert main(["service", "uninstall"]) == 0
    assert not unit_file.exists()
    with pytest.raises(SystemExit):
        main(["service", "install", "--mode", "always"])


def test_system_unit_runs_as_its_own_user_without_network():
    unit = SYSTEM_UNIT.read_text()
    lines = settings_of(unit)
    assert lines["User"] == "voice-assistant"
    assert lines["RestrictAddressFamilies"] == "AF_UNIX"
    assert lines["Environment"]  # several; checked below
    assert "Environment=XDG_RUNTIME_DIR=/run/voice-assistant" in unit.splitlines()
    assert lines["WantedBy"] == "multi-user.target"
    assert "@" not in render_unit(unit, "/opt/va/.venv/bin/voice-assistant", "both")


def test_system_unit_environment_names_real_settings(tmp_path):
    names = [
        line.split("=", 2)[1]
        for line in SYSTEM_UNIT.read_text().splitlines()
        if line.startswith("Environment=VOICE_ASSISTANT__")
    ]
    assert sorted(names) == [
        "VOICE_ASSISTANT__PATHS__DATA_DIR",
        "VOICE_ASSISTANT__PATHS__MODELS_DIR",
    ]
    settings, _ = load_settings(None, environ={name: str(tmp_path) for name in names})
    assert settings.paths.data_dir == settings.paths.models_dir == tmp_path


def analyze(unit: str, tmp_path: Path, *scope: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "units" / "voice-assistant.service"
    path.parent.mkdir(exist_ok=True)
    path.write_text(unit)
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": str(runtime), "SYSTEMD_LOG_COLOR": "0"}
    cmd = ["systemd-analyze", *scope, "verify", str(path)]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)


needs_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed on this machine, so the units cannot be verified",
)


@needs_analyze
def test_systemd_accepts_the_rendered_user_unit(exe, tmp_path):
    odd = tmp_path / "my venv" / "100%" / "voice-assistant"
    odd.parent.mkdir(parents=True)
    shutil.copy2(exe, odd)
    for command, wyoming in ((exe, ""), (odd, ""), (exe, "tcp://0.0.0.0:10700")):
        unit = render_unit(unit_template(), str(command), "both", wyoming)
        done = analyze(unit, tmp_path, "--user")
        # verify exits 0 on unknown keys and bad values too; they only show as warnings.
        assert (done.returncode, done.stdout + done.stderr) == (0, "")


@needs_analyze
def test_systemd_accepts_the_rendered_system_unit(exe, tmp_path):
    unit = render_unit(SYSTEM_UNIT.read_text(), str(exe), "both")
    done = analyze(unit, tmp_path)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


@needs_analyze
def test_verify_does_catch_a_wrong_exec_path(tmp_path):
    unit = render_unit(unit_template(), "/nonexistent/voice-assistant", "both")
    assert analyze(unit, tmp_path, "--user").returncode != 0
