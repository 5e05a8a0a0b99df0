from types import SimpleNamespace

import numpy as np
import pytest

from verse_engine.alignment.align import (
    MAX_TEXT_TOKENS,
    Span,
    as_written,
    clip_long_edges,
    end_lines_before_the_next,
    return_held_notes,
    return_squeezed_words,
    split_span,
    token_batches,
    window_frames,
    windows,
)
from verse_engine.text.lines import Word

from .conftest import requires_base


def test_pieces_whisper_split_at_an_apostrophe_make_one_word_again():
    pieces = [Word(" j", 1.0, 1.1, 0.4), Word("'vois", 1.1, 1.5, 0.8), Word(" pas", 1.5, 1.8, 0.9)]
    words = as_written(pieces, "j'vois pas", "fr")
    assert [(w.text, w.start, w.end) for w in words] == [(" j'vois", 1.0, 1.5), (" pas", 1.5, 1.8)]
    assert abs(words[0].probability - 0.6) < 1e-9


def test_every_written_word_is_returned_even_when_pieces_run_out():
    words = as_written([Word(" one", 1.0, 1.5, 0.9)], "one two", "en")
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
def test_the_models_measured_lead_moves_every_word(clips):
    from verse_engine.alignment.align import align_window
    from verse_engine.asr import whisper
    from verse_engine.audio.decode import load

    speech = load(clips / "en.wav")
    model = whisper.load("base")
    text = ["The river runs over the stones and the morning light is golden"]
    raw = align_window(model, speech, 0.0, len(speech) / 16000, text, "en")[0]
    moved = align_window(model, speech, 0.0, len(speech) / 16000, text, "en", lead=whisper.lead("base"))[0]
    assert whisper.lead("base") != 0
    # Every word moves by the lead, except that none moves before the audio starts.
    expected = [round(max(0.0, r.start + whisper.lead("base")), 6) for r in raw]
    assert [round(m.start, 6) for m in moved] == expected


def test_a_held_note_handed_to_the_next_word_is_given_back():
    # "zeit" is held until 34.6 s, but the alignment cut it short and started "für" at 34.0.
    line = [Word(" die", 33.2, 33.7, 0.9), Word(" zeit", 33.7, 34.0, 0.9), Word(" für", 34.0, 35.2, 0.9)]
    other = [Word(" wir", 40.0, 40.3, 0.9), Word(" leben", 40.3, 40.8, 0.9), Word(" jetzt", 40.8, 41.3, 0.9)]
    return_held_notes([line, other])
    # Pace 0.1 s a character: "für" (3) gets at most 0.6 s, "zeit" keeps its held note.
    assert abs(line[2].start - 34.6) < 1e-9 and line[1].end == line[2].start
    assert [(w.start, w.end) for w in other] == [(40.0, 40.3), (40.3, 40.8), (40.8, 41.3)]


def test_a_lines_first_word_given_a_held_note_keeps_only_its_share():
    # The alignment squeezed "ah" against the window's start and gave "no" the 10 s intro.
    line = [Word(" ah", 0.0, 0.1, 0.9), Word(" no", 0.1, 11.0, 0.9), Word(" no", 11.0, 11.2, 0.9)]
    other = [Word(" des", 20.0, 20.3, 0.9), Word(" larmes", 20.3, 20.9, 0.9), Word(" et", 20.9, 21.1, 0.9)]
    return_held_notes([line, other])
    # Pace 0.1 s a character: "no" keeps 0.4 s, "ah" its 0.2 s share before it, not the intro.
    assert abs(line[1].start - 10.6) < 1e-9 and line[0].end == line[1].start
    assert abs(line[0].start - 10.4) < 1e-9


def test_a_word_that_is_itself_held_keeps_its_start():
    # "larmes" is long, but "les" before it is not short: the length is the note, not the boundary.
    line = [Word(" les", 10.0, 10.4, 0.9), Word(" larmes", 10.4, 12.6, 0.9)]
    other = [Word(" et", 13.0, 13.2, 0.9), Word(" la", 13.2, 13.4, 0.9), Word(" nuit", 13.4, 13.8, 0.9)]
    return_held_notes([line, other])
    assert line[1].start == 10.4


def test_a_word_long_because_it_took_the_crushed_word_after_it_is_no_held_note():
    # "a" holds the time of "letter", which the alignment crushed onto its end; "left" is short of
    # its share, but it did not hand "a" a held note, and keeps its end.
    line = [Word(" left", 103.7, 104.3, 0.9), Word(" a", 104.3, 105.0, 0.9), Word(" letter", 105.0, 105.0, 0.9)]
    other = [Word(" on", 110.0, 110.4, 0.9), Word(" the", 110.4, 111.0, 0.9), Word(" stair", 111.0, 112.0, 0.9)]
    return_held_notes([line, other])
    assert (line[0].end, line[1].start) == (104.3, 104.3)
    # Without the crushed word, the same "a" is a held note handed on, and is given back.
    held = [Word(" left", 103.7, 104.3, 0.9), Word(" a", 104.3, 105.0, 0.9)]
    return_held_notes([held, other])
    assert held[1].start > 104.3


def test_words_crushed_at_a_held_notes_end_get_their_time_back():
    # "les" was held over "larmes", which the alignment crushed onto the frame where the line ends.
    line = [Word(" et", 60.0, 60.2, 0.9), Word(" les", 60.2, 61.4, 0.9), Word(" larmes", 61.4, 61.42, 0.9)]
    other = [Word(" des", 62.0, 62.3, 0.9), Word(" larmes", 62.3, 62.9, 0.9), Word(" et", 62.9, 63.1, 0.9)]
    return_squeezed_words([line, other])
    # Pace 0.1 s a character: "larmes" (6) gets 0.6 s back from where it ends; "les" keeps the rest.
    assert abs(line[2].start - 60.82) < 1e-9 and line[2].end == 61.42
    assert line[1].end == line[2].start and line[1].start == 60.2
    assert [(w.start, w.end) for w in other] == [(62.0, 62.3), (62.3, 62.9), (62.9, 63.1)]


def test_a_run_of_crushed_words_is_shared_out_and_the_held_word_keeps_its_share():
    # "pas" held 1 s, then "pond pas" crushed onto 108.25; only 0.4 s is left past "pas"'s share.
    line = [Word(" pas", 107.3, 107.95, 0.9), Word(" pond", 107.95, 107.96, 0.9), Word(" pas", 107.96, 107.96, 0.9)]
    other = [Word(" seul", 110.0, 110.4, 0.9), Word(" dans", 110.4, 110.8, 0.9), Word(" la", 110.8, 111.0, 0.9)]
    return_squeezed_words([line, other])
    # Pace 0.1: "pas" keeps its 0.3 s share (to 107.6); the 0.36 s left is shared 4:3.
    assert abs(line[0].end - 107.6) < 1e-9 and line[0].end == line[1].start
    assert abs((line[1].end - line[1].start) / (line[2].end - line[2].start) - 4 / 3) < 1e-9
    assert line[2].end == 107.96


def test_a_lines_words_past_the_next_lines_start_are_put_back_before_it():
    # Aligned alone, "... pénombre les larmes" ran 0.7 s into the next line, which starts where the
    # voice comes in. Pace 0.1 s a character: "larmes" and "les" get their shares before 61.8.
    line = [
        Word(" et", 59.6, 59.8, 0.9),
        Word(" pénombre", 59.8, 61.5, 0.9),
        Word(" les", 61.5, 61.9, 0.9),
        Word(" larmes", 61.9, 62.5, 0.9),
    ]
    following = [Word(" j'veux", 61.8, 62.3, 0.9), Word(" zapper", 62.3, 62.9, 0.9), Word(" son", 62.9, 63.2, 0.9)]
    end_lines_before_the_next([line, following])
    assert abs(line[3].start - 61.2) < 1e-9 and line[3].end == 61.8
    assert abs(line[2].start - 60.9) < 1e-9 and line[2].end == line[3].start
    assert line[1].start == 59.8 and line[1].end == line[2].start
    assert [(w.start, w.end) for w in following] == [(61.8, 62.3), (62.3, 62.9), (62.9, 63.2)]


def test_a_word_across_the_next_lines_start_only_ends_there():
    line = [Word(" la", 42.0, 42.3, 0.9), Word(" belleza", 42.3, 43.8, 0.9)]
    following = [Word(" ah", 43.4, 43.6, 0.9)]
    end_lines_before_the_next([line, following])
    assert (line[1].start, line[1].end) == (42.3, 43.4)


def test_a_line_that_starts_after_the_next_one_is_left_as_it_is():
    line = [Word(" la", 50.0, 50.3, 0.9), Word(" vie", 50.3, 50.8, 0.9)]
    following = [Word(" ah", 49.0, 49.2, 0.9)]
    before = [(w.start, w.end) for w in line]
    end_lines_before_the_next([line, following])
    assert [(w.start, w.end) for w in line] == before


def test_a_word_crushed_after_one_held_under_twice_its_share_gets_its_time_back():
    # "the" was held over "river", which the alignment crushed onto its end.
    line = [Word(" along", 12.85, 13.59, 0.9), Word(" the", 13.59, 14.49, 0.9), Word(" river", 14.49, 14.49, 0.9)]
    other = [Word(" when", 14.6, 15.4, 0.9), Word(" the", 15.4, 15.8, 0.9), Word(" night", 15.8, 16.8, 0.9)]
    return_squeezed_words([line, other])
    # Pace 0.2 s a character (the median): "the" took 1.5 shares; it keeps one (0.6 s, to 14.19),
    # and "river" gets the 0.3 s left.
    assert abs(line[1].end - 14.19) < 1e-9 and line[2].start == line[1].end and line[2].end == 14.49


def test_a_short_word_after_a_word_of_ordinary_length_is_left_alone():
    # "ah" is sung on the frame where "vie" ends, and "vie" is no longer than its share: nothing
    # was crushed.
    line = [Word(" la", 32.0, 32.2, 0.9), Word(" vie", 32.2, 32.5, 0.9), Word(" ah", 32.5, 32.55, 0.9)]
    before = [(w.start, w.end) for w in line]
    return_squeezed_words([line])
    assert [(w.start, w.end) for w in line] == before


def test_a_window_is_encoded_from_its_own_frames_up_to_30_s():
    # 12.01 s of audio: 1201 frames, one zero frame added for the encoder's stride of 2.
    short = window_frames(np.ones((80, 1201), dtype=np.float32))
    assert short.shape == (80, 1202) and not short[:, -1].any() and short[:, :-1].all()
    assert window_frames(np.ones((80, 3001), dtype=np.float32)).shape == (80, 3000)


def test_texts_are_batched_in_order_within_the_decoders_budget():
    assert token_batches([200, 200, 100, 30]) == [[0, 1], [2, 3]]
    # A text over the budget on its own is a batch of one (align_window cuts it in parts).
    assert token_batches([10, MAX_TEXT_TOKENS + 1, 10]) == [[0], [1], [2]]


def test_windows_close_when_the_next_span_would_overflow_the_decoder():
    spans = [Span("a", 0.0, 2.0), Span("b", 2.0, 4.0), Span("c", 4.0, 6.0)]
    assert [members for _s, _e, members in windows(zip(spans, [0, 0, 0], strict=True))] == [[0, 1, 2]]
    assert [members for _s, _e, members in windows(zip(spans, [300, 100, 100], strict=True))] == [[0, 1], [2]]


def test_a_window_is_given_before_the_spans_after_the_next_are_made():
    made: list[int] = []

    def decoded():
        for i, span in enumerate([Span("a", 0.0, 2.0), Span("b", 40.0, 42.0), Span("c", 80.0, 82.0)]):
            made.append(i)
            yield span, 10

    groups = windows(decoded())
    assert next(groups)[2] == [0] and made == [0, 1]
    assert next(groups)[2] == [1] and made == [0, 1, 2]


@requires_base
def test_windows_aligned_side_by_side_as_spans_come_time_words_as_one_after_the_other(clips, monkeypatch):
    from concurrent.futures import Future

    from verse_engine.alignment import align
    from verse_engine.asr import whisper
    from verse_engine.audio.decode import load

    speech = load(clips / "en.wav")
    gap = np.zeros(16000 * 31, dtype=speech.dtype)
    song = np.concatenate([speech, gap, speech, gap, speech])
    seconds = len(speech) / 16000
    text = "The river runs over the stones and the morning light is golden"
    spans = [Span(text, k * (seconds + 31), k * (seconds + 31) + seconds) for k in range(3)]
    model = whisper.load("base")

    class OneAfterTheOther:
        def __enter__(self):
            return self

        def __exit__(self, *_exc):
            return False

        def submit(self, fn, *args, **kwargs):
            done: Future = Future()
            done.set_result(fn(*args, **kwargs))
            return done

    side_by_side = align.align_spans(model, song, (s for s in spans), "en")
    monkeypatch.setattr(align, "side_by_side_threads", lambda _count, _name: OneAfterTheOther())
    one_by_one = align.align_spans(model, song, spans, "en")
    assert [len(words) for words in side_by_side] == [12, 12, 12]
    assert [[(w.text, w.start, w.end) for w in words] for words in side_by_side] == [
        [(w.text, w.start, w.end) for w in words] for words in one_by_one
    ]


def spaced_spans(count: int) -> list[Span]:
    """Spans 40 s apart: each is a window of its own."""
    return [Span(f"line {k}", 40.0 * k, 40.0 * k + 3.0) for k in range(count)]


def without_model(monkeypatch, align_window) -> SimpleNamespace:
    """align_spans run on a stand-in with two workers and `align_window` in place of the model's
    alignment, so that a failure can be made to happen in a chosen window."""
    from verse_engine.alignment import align

    monkeypatch.setattr(align, "tokenizer_for", lambda _model, _language: None)
    monkeypatch.setattr(align, "fitting_parts", lambda _tokenizer, span, _language: [(span, 1)])
    monkeypatch.setattr(align, "align_window", align_window)
    return SimpleNamespace(model=SimpleNamespace(num_workers=2))


def test_a_window_that_fails_fails_the_alignment_and_drops_the_windows_not_started(monkeypatch):
    import threading
    import time

    from verse_engine.alignment import align

    started: list[float] = []

    def align_window(_model, _audio, start, _end, texts, language, lead=0.0):
        started.append(start)
        if not started[1:]:
            raise RuntimeError("CTranslate2 ran out of memory")
        # Long enough that the failure is seen before the two threads could work through the queue.
        time.sleep(0.2)
        return [[Word(" " + texts[0], start + 1.0, start + 2.0, 0.9)]]

    model = without_model(monkeypatch, align_window)
    with pytest.raises(RuntimeError, match="out of memory"):
        align.align_spans(model, np.zeros(16000), spaced_spans(40), "en")
    # The first window's failure is raised, not a partial result; of the 40 windows, the ones
    # queued behind it are never aligned, and no thread is left running.
    assert len(started) < 10
    assert not [t for t in threading.enumerate() if t.name.startswith("align")]


def test_a_decoder_that_fails_midway_fails_the_alignment_of_what_it_gave(monkeypatch):
    from verse_engine.alignment import align

    aligned: list[float] = []

    def align_window(_model, _audio, start, _end, texts, language, lead=0.0):
        aligned.append(start)
        return [[Word(" " + texts[0], start + 1.0, start + 2.0, 0.9)]]

    def decoded():
        yield from spaced_spans(3)
        raise ValueError("the audio stream ended early")

    model = without_model(monkeypatch, align_window)
    with pytest.raises(ValueError, match="ended early"):
        align.align_spans(model, np.zeros(16000), decoded(), "en")
    # Only windows closed before the failure may have been aligned; the third was still open (a
    # span after it might have joined it) and is not.
    assert set(aligned) <= {0.0, 39.5}


def test_a_span_is_split_at_spaces_with_time_shared_by_length():
    parts = split_span(Span("aa bb cccc dddd", 10.0, 22.0), 2, "en")
    assert [p.text for p in parts] == ["aa bb", "cccc dddd"]
    # 5 and 9 characters of 14: 12 s shared 5:9 (the joining space counts).
    assert abs(parts[0].end - (10.0 + 12.0 * 5 / 14)) < 1e-9 and parts[1].end == 22.0
    assert split_span(Span("one line", 0.0, 1.0), 1, "en") == [Span("one line", 0.0, 1.0)]


def test_text_without_spaces_is_split_between_characters():
    parts = split_span(Span("我爱你就像老鼠", 0.0, 7.0), 3, "zh")
    assert "".join(p.text for p in parts) == "我爱你就像老鼠"
    assert len(parts) == 3 and parts[-1].end == 7.0


@requires_base
def test_more_lyrics_in_one_window_than_the_decoder_takes_are_still_timed(clips):
    """Whisper's decoder holds 448 tokens. Ten lines of Hindi in one 5 s window are 550: the
    alignment used to fail outright (RuntimeError from CTranslate2) for any such song."""
    from verse_engine.alignment.lyrics_align import align_lyrics
    from verse_engine.audio.decode import load

    text = "नदी पत्थरों के ऊपर बहती है और सुबह की रोशनी सुनहरी है"
    speech = load(clips / "hi.wav")
    timed = align_lyrics(speech, [text] * 10, "hi")
    assert [len(line.words) for line in timed] == [len(text.split())] * 10
    duration = len(speech) / 16000
    for line in timed:
        starts = [w.start for w in line.words]
        assert starts == sorted(starts) and starts[0] >= 0 and line.words[-1].end <= duration + 0.5
    # One line holding all of it is cut into parts that fit, and keeps every word.
    single = align_lyrics(speech, [" ".join([text] * 10)], "hi")[0]
    assert len(single.words) == 10 * len(text.split())


@requires_base
def test_one_window_aligns_more_texts_than_the_decoder_takes_in_batches(clips):
    """The window search (window_search.py) aligns every unheard line in each 30 s window."""
    from verse_engine.alignment.align import align_window
    from verse_engine.asr import whisper
    from verse_engine.audio.decode import load

    text = "नदी पत्थरों के ऊपर बहती है और सुबह की रोशनी सुनहरी है"
    speech = load(clips / "hi.wav")
    timed = align_window(whisper.load("base"), speech, 0.0, len(speech) / 16000, [text] * 10, "hi")
    assert [len(words) for words in timed] == [len(text.split())] * 10


@requires_base
def test_a_window_too_short_to_walk_leaves_its_words_untimed(clips):
    from verse_engine.alignment.align import align_window
    from verse_engine.asr import whisper
    from verse_engine.audio.decode import load

    speech = load(clips / "en.wav")
    assert align_window(whisper.load("base"), speech, 2.0, 2.0, ["hello there"], "en") == [[]]
    assert align_window(whisper.load("base"), speech, 2.0, 2.03, ["hello there"], "en") == [[]]


@requires_base
def test_a_window_where_the_model_finds_no_path_leaves_its_words_untimed(clips, monkeypatch):
    from verse_engine.alignment.align import align_window
    from verse_engine.asr import whisper
    from verse_engine.audio.decode import load

    model = whisper.load("base")

    def no_path(*_args, **_kwargs):
        # What faster-whisper raises when its aligner returns no path for the text.
        raise IndexError("boolean index did not match indexed array along axis 0")

    monkeypatch.setattr(model, "find_alignment", no_path)
    speech = load(clips / "en.wav")
    assert align_window(model, speech, 0.0, len(speech) / 16000, ["the river runs"], "en") == [[]]
