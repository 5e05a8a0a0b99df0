import json
import struct

import pytest

from verse_engine.asr import models
from verse_engine.asr.alignment_heads import second_half, with_late_heads
from verse_engine.asr.model_shape import ShapeError, read_shape

from .conftest import requires_base


def _string(text: str) -> bytes:
    raw = text.encode() + b"\x00"
    return struct.pack("<H", len(raw)) + raw


def _variable(name: str, dims: tuple[int, ...], data: bytes) -> bytes:
    return (
        _string(name)
        + struct.pack("<B", len(dims))
        + struct.pack("<" + "I" * len(dims), *dims)
        + b"\x00"
        + (struct.pack("<I", len(data)) + data)
    )


def model_bin(layers: int, heads: int, spec: str = "WhisperSpec") -> bytes:
    """A model.bin in CTranslate2's layout with only the variables the shape is read from."""
    variables = [_variable(f"decoder/layer_{i}/ffn/linear_0/weight", (2, 2), bytes(16)) for i in range(layers)]
    variables += [
        _variable("decoder/num_heads", (), struct.pack("<h", heads)),
        _variable("decoder/position_encodings/encodings", (448, 2), bytes(448 * 2 * 4)),
        _variable("encoder/position_encodings/encodings", (1500, 2), bytes(1500 * 2 * 4)),
    ]
    header = struct.pack("<I", 6) + _string(spec) + struct.pack("<I", 3) + struct.pack("<I", len(variables))
    return header + b"".join(variables)


def test_the_second_half_of_bases_decoder_is_24_heads_of_layers_3_to_5():
    heads = second_half(6, 8)
    assert len(heads) == 24
    assert {layer for layer, _ in heads} == {3, 4, 5}


def test_the_model_is_loaded_from_a_sibling_that_links_its_files_and_widens_the_heads_it_reads(tmp_path):
    verified = tmp_path / "some-model"
    verified.mkdir()
    (verified / "model.bin").write_bytes(model_bin(layers=6, heads=8))
    config = {"alignment_heads": [[3, 1], [5, 6]], "lang_ids": [1, 2]}
    (verified / "config.json").write_text(json.dumps(config))

    folder = with_late_heads(verified)
    assert folder == tmp_path / "some-model.late-heads"
    assert (folder / "model.bin").is_symlink() and (folder / "model.bin").read_bytes() == model_bin(6, 8)
    written = json.loads((folder / "config.json").read_text())
    assert written["alignment_heads"] == second_half(6, 8) and written["lang_ids"] == [1, 2]
    # The verified folder, whose checksums are pinned, is not touched.
    assert json.loads((verified / "config.json").read_text()) == config
    # A second load finds everything in place.
    assert with_late_heads(verified) == folder


def test_the_shape_is_read_from_the_model_not_its_name(tmp_path):
    (tmp_path / "model.bin").write_bytes(model_bin(layers=3, heads=5))
    shape = read_shape(tmp_path)
    assert (shape.decoder_layers, shape.decoder_heads, shape.text_context, shape.audio_context) == (3, 5, 448, 1500)
    other = tmp_path / "not-whisper"
    other.mkdir()
    (other / "model.bin").write_bytes(model_bin(2, 2, spec="TransformerSpec"))
    with pytest.raises(ShapeError, match="TransformerSpec"):
        read_shape(other)


@requires_base
@pytest.mark.parametrize(("name", "layers", "heads"), [("base", 6, 8), ("tiny.en", 4, 6)])
def test_the_real_models_shapes_are_their_published_dimensions(name, layers, heads):
    shape = read_shape(models.resolve(name))
    assert (shape.decoder_layers, shape.decoder_heads) == (layers, heads)
    assert (shape.text_context, shape.audio_context) == (448, 1500)


def test_a_model_mounted_read_only_is_widened_in_the_data_directory(tmp_path, monkeypatch):
    mounted = tmp_path / "models" / "some-model"
    mounted.mkdir(parents=True)
    (mounted / "model.bin").write_bytes(model_bin(layers=6, heads=8))
    (mounted / "config.json").write_text(json.dumps({"alignment_heads": [[3, 1]]}))
    data = tmp_path / "data"
    monkeypatch.setenv("VERSE_DATA_DIR", str(data))
    # As inside the engine's image, where /models is a read-only volume (root passes any mode check).
    monkeypatch.setattr("verse_engine.asr.alignment_heads.os.access", lambda path, mode: path != mounted.parent)

    folder = with_late_heads(mounted)
    assert folder == data / "models" / "some-model.late-heads"
    assert (folder / "model.bin").resolve() == (mounted / "model.bin").resolve()
    assert json.loads((folder / "config.json").read_text())["alignment_heads"] == second_half(6, 8)
    assert sorted(p.name for p in mounted.parent.iterdir()) == ["some-model"]
