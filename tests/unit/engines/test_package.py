"""What the installed wheel ships: the assistant, its data, no benchmarks and no tests."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.paths import CHECKOUT


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    out = tmp_path_factory.mktemp("wheel")
    build = ["wheel", "-q", "--no-deps", "--no-build-isolation", "--disable-pip-version-check"]
    subprocess.run(
        [sys.executable, "-m", "pip", *build, "-w", str(out), str(CHECKOUT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("voice_assistant-*.whl")
    return zipfile.ZipFile(wheel).namelist()


def test_the_wheel_holds_the_assistant_but_no_benchmark_or_test_code(wheel_files):
    modules = [name for name in wheel_files if name.endswith(".py")]
    assert "voice_assistant/cli/entry.py" in modules
    assert "voice_assistant/data/manifest.toml" in wheel_files
    assert [m for m in modules if not m.startswith("voice_assistant/")] == []
    assert [m for m in modules if "bench" in Path(m).name] == []
    assert [m for m in modules if "/fakes" in m or "/tests/" in m] == []


def test_bench_outside_a_checkout_is_a_clear_error(monkeypatch, tmp_path, capsys):
    from voice_assistant.cli import entry as cli

    monkeypatch.setattr(
        cli, "__file__", str(tmp_path / "site-packages" / "voice_assistant" / "cli" / "entry.py")
    )
    assert cli.main(["bench", "--suite", "wake"]) == cli.EXIT_ERROR
    assert "run from a checkout" in capsys.readouterr().err


MAX_LINES = 350
"""A module longer than this holds more than one job: split it by job."""


def test_no_module_of_the_package_is_longer_than_the_limit():
    package = CHECKOUT / "voice_assistant"
    long = {
        str(path.relative_to(package)): lines
        for path in package.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
