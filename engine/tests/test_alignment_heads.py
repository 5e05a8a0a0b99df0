import json

from verse_engine.alignment_heads import second_half, with_late_heads


def test_the_second_half_of_bases_decoder_is_24_heads_of_layers_3_to_5():
    heads = second_half(6, 8)
    assert len(heads) == 24
    assert {layer for layer, _ in heads} == {3, 4, 5}


def test_the_model_is_loaded_from_a_sibling_that_links_its_files_and_widens_the_heads(tmp_path):
    verified = tmp_path / "base"
    verified.mkdir()
    (verified / "model.bin").write_bytes(b"weights")
    config = {"alignment_heads": [[3, 1], [5, 6]], "lang_ids": [1, 2]}
    (verified / "config.json").write_text(json.dumps(config))

    folder = with_late_heads(verified, "base")
    assert folder == tmp_path / "base.late-heads"
    assert (folder / "model.bin").is_symlink() and (folder / "model.bin").read_bytes() == b"weights"
    written = json.loads((folder / "config.json").read_text())
    assert written["alignment_heads"] == second_half(6, 8) and written["lang_ids"] == [1, 2]
    # The verified folder, whose checksums are pinned, is not touched.
    assert json.loads((verified / "config.json").read_text()) == config
    # A second load finds everything in place.
    assert with_late_heads(verified, "base") == folder


def test_a_model_of_unknown_size_keeps_its_own_heads(tmp_path):
    assert with_late_heads(tmp_path, "distil-whatever") == tmp_path
