from verse_engine.align import as_written, clip_long_edges, return_held_notes
from verse_engine.lines import Word

from .conftest import requires_base


def test_pieces_whisper_split_at_an_apostrophe_make_one_word_again():
    pieces = [Word(" j", 1.0, 1.1, 0.4), Word("'vois", 1.1, 1.5, 0.8), Word(" pas", 1.5, 1.8, 0.9)]
    words = as_written(pieces, "j'vois pas")
    assert [(w.text, w.start, w.end) for w in words] == [(" j'vois", 1.0, 1.5), (" pas", 1.5, 1.8)]
    assert abs(words[0].probability - 0.6) < 1e-9


def test_every_written_word_is_returned_even_when_pieces_run_out():
    words = as_written([Word(" one", 1.0, 1.5, 0.9)], "one two")
    assert [w.text.strip() for w in words] == ["one", "two"]
    assert words[1].start == words[1].end == 1.5


def test_a_lines_first_word_loses_the_silence_it_absorbed():
    line = [Word(" dann", 68.3, 75.4, 0.5), Word(" ist", 75.4, 75.7, 0.9), Word(" die", 75.7, 75.9, 0.9)]
    other = [Word(" wir", 80.0, 80.3, 0.9), Word(" leben", 80.3, 80.8, 0.9), Word(" jetzt", 80.8, 88.0, 0.9)]
    clip_long_edges(line + other, [line, other])
    # The window's pace is 0.1 s a character: "dann" gets 0.4 s before its (reliable) end.
    assert abs(line[0].start - 75.0) < 1e-9 and line[0].end == 75.4
    assert abs(other[-1].end - 81.3) < 1e-9 and other[-1].start == 80.8


@requires_base
def test_the_models_measured_lead_moves_every_word_later(clips):
    from verse_engine import whisper
    from verse_engine.align import align_window
    from verse_engine.audio import load

    speech = load(clips / "en.wav")
    model = whisper.load("base")
    text = ["The river runs over the stones and the morning light is golden"]
    raw = align_window(model, speech, 0.0, len(speech) / 16000, text, "en")[0]
    moved = align_window(model, speech, 0.0, len(speech) / 16000, text, "en", lead=whisper.lead("base"))[0]
    assert whisper.lead("base") > 0
    assert [round(m.start - r.start, 6) for r, m in zip(raw, moved, strict=True)] == [whisper.lead("base")] * len(raw)


def test_a_held_note_handed_to_the_next_word_is_given_back():
    # "zeit" is held until 34.6 s, but the alignment cut it short and started "für" at 34.0.
    line = [Word(" die", 33.2, 33.7, 0.9), Word(" zeit", 33.7, 34.0, 0.9), Word(" für", 34.0, 35.2, 0.9)]
    other = [Word(" wir", 40.0, 40.3, 0.9), Word(" leben", 40.3, 40.8, 0.9), Word(" jetzt", 40.8, 41.3, 0.9)]
    return_held_notes([line, other])
    # Pace 0.1 s a character: "für" (3) gets at most 0.6 s, "zeit" keeps its held note.
    assert abs(line[2].start - 34.6) < 1e-9 and line[1].end == line[2].start
    assert [(w.start, w.end) for w in other] == [(40.0, 40.3), (40.3, 40.8), (40.8, 41.3)]


def test_a_word_that_is_itself_held_keeps_its_start():
    # "larmes" is long, but "les" before it is not short: the length is the note, not the boundary.
    line = [Word(" les", 10.0, 10.4, 0.9), Word(" larmes", 10.4, 12.6, 0.9)]
    other = [Word(" et", 13.0, 13.2, 0.9), Word(" la", 13.2, 13.4, 0.9), Word(" nuit", 13.4, 13.8, 0.9)]
    return_held_notes([line, other])
    assert line[1].start == 10.4
