"""A converted Whisper model's shape, read from its own model.bin (CTranslate2's format: a header,
then each variable's name, dimensions, type and bytes), so that nothing that depends on the model's
size is a table of known sizes: the decoder's layers and heads choose the alignment heads, and its
text and audio context are checked against the windows the aligner cuts.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import BinaryIO

_DECODER_LAYER = re.compile(r"decoder/layer_(\d+)/")


@dataclass(frozen=True)
class ModelShape:
    decoder_layers: int
    decoder_heads: int
    #: Positions the decoder takes (Whisper: 448).
    text_context: int
    #: Encoder positions, two mel frames each (Whisper: 1500, i.e. 30 s).
    audio_context: int


class ShapeError(ValueError):
    pass


def _string(f: BinaryIO) -> str:
    (length,) = struct.unpack("<H", f.read(2))
    return f.read(length).decode().rstrip("\x00")


@cache
def read_shape(folder: Path) -> ModelShape:
    """The shape of the model in `folder` (its model.bin); ShapeError when it is not a Whisper model
    in a CTranslate2 format this reader knows (version 4 or later)."""
    layers: set[int] = set()
    scalars: dict[str, bytes] = {}
    dims: dict[str, tuple[int, ...]] = {}
    with (folder / "model.bin").open("rb") as f:
        (version,) = struct.unpack("<I", f.read(4))
        if version < 4:
            raise ShapeError(f"model.bin format version {version} is older than this reader knows")
        spec = _string(f)
        if spec != "WhisperSpec":
            raise ShapeError(f"{folder} holds a {spec}, not a Whisper model")
        f.read(4)  # spec revision
        (count,) = struct.unpack("<I", f.read(4))
        for _ in range(count):
            name = _string(f)
            (rank,) = struct.unpack("<B", f.read(1))
            shape = struct.unpack("<" + "I" * rank, f.read(4 * rank))
            f.read(1)  # dtype
            (size,) = struct.unpack("<I", f.read(4))
            if match := _DECODER_LAYER.match(name):
                layers.add(int(match.group(1)))
            if name.endswith("position_encodings/encodings"):
                dims[name] = shape
            if rank == 0:
                scalars[name] = f.read(size)
            else:
                f.seek(size, 1)
    try:
        return ModelShape(
            decoder_layers=len(layers),
            decoder_heads=int.from_bytes(scalars["decoder/num_heads"], "little"),
            text_context=dims["decoder/position_encodings/encodings"][0],
            audio_context=dims["encoder/position_encodings/encodings"][0],
        )
    except KeyError as missing:
        raise ShapeError(f"{folder}/model.bin has no {missing}") from None
