"""Which cross-attention heads time the words: every head of the decoder's second half.

CTranslate2 times words from the heads listed in the model's config.json (`alignment_heads`). The
converted models carry the few heads OpenAI picked on speech (8 of base's 48). Singing is not
speech: averaging over all 24 heads of base's last three layers, Whisper's own rule for models
without a list, times sung words better and speech as well (bench.alignment and bench.lead_bias;
docs/benchmarks-archive.md, "Alignment").
The verified model folder is left untouched: the model is loaded from a sibling folder that links
to its files and holds a config.json with the wider list (in the engine's data directory instead
where the models are mounted read-only, as in its image).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from verse_engine.asr.model_shape import read_shape
from verse_engine.settings import settings

SUFFIX = ".late-heads"


def second_half(layers: int, heads: int) -> list[list[int]]:
    return [[layer, head] for layer in range(layers // 2, layers) for head in range(heads)]


def derived_root(folder: Path) -> Path:
    """Where the folders derived from a verified model folder go: beside it, or where its parent
    is read-only, under the engine's data directory (VERSE_DATA_DIR)."""
    if os.access(folder.parent, os.W_OK):
        return folder.parent
    root = settings().data_dir / "models"
    root.mkdir(parents=True, exist_ok=True)
    return root


def with_late_heads(folder: Path) -> Path:
    """The folder to load the model in `folder` from so that alignment uses the second half of its
    decoder's heads (its layers and heads read from the model itself): created or refreshed here,
    in derived_root."""
    shape = read_shape(folder)
    target = derived_root(folder) / (folder.name + SUFFIX)
    target.mkdir(exist_ok=True)
    for source in folder.iterdir():
        link = target / source.name
        if source.name == "config.json" or link.is_symlink() and link.resolve() == source.resolve():
            continue
        link.unlink(missing_ok=True)
        with contextlib.suppress(FileExistsError):  # another worker made the same link first
            link.symlink_to(source.resolve())
    config = json.loads((folder / "config.json").read_text())
    config["alignment_heads"] = second_half(shape.decoder_layers, shape.decoder_heads)
    written = json.dumps(config)
    config_path = target / "config.json"
    if not config_path.exists() or config_path.read_text() != written:
        # Renamed into place, so a worker loading at the same moment never reads half a file.
        partial = target / f"config.json.{os.getpid()}"
        partial.write_text(written)
        partial.replace(config_path)
    return target
