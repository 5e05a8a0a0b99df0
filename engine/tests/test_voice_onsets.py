import numpy as np

from verse_engine.alignment.voice_onsets import (
    FRAME_SECONDS,
    SUNG_MARGIN_SECONDS,
    HeardVoice,
    start_words_at_voice,
    voice_probabilities,
)
from verse_engine.text.lines import Word


def _frames(seconds: float) -> int:
    return round(seconds / FRAME_SECONDS)


def _voice(total: float, voiced: list[tuple[float, float]], level: float = 0.6) -> np.ndarray:
    """Probabilities that are `level` inside the voiced stretches and 0.02 elsewhere."""
    p = np.full(_frames(total), 0.02, dtype=np.float32)
    for start, end in voiced:
        p[_frames(start) : _frames(end)] = level
    return p


def test_a_word_that_took_the_rest_before_it_starts_where_the_voice_comes_in():
    # "zeit" sung 1.0-2.0 s, a rest, "für" from 2.4 s; the alignment started "für" at 2.0 s.
    line = [Word(" zeit", 1.0, 2.0, 0.9), Word(" für", 2.0, 2.8, 0.9)]
    start_words_at_voice([line], _voice(4.0, [(1.0, 2.0), (2.4, 2.8)]))
    assert line[0].start == 1.0
    assert abs(line[1].start - 2.4) <= FRAME_SECONDS and line[1].end == 2.8


def test_a_word_in_which_no_voice_is_heard_stays_where_it_was():
    # A held "ooh" Silero does not hear: nothing inside it reaches the threshold.
    line = [Word(" la", 1.0, 1.5, 0.9), Word(" ooh", 1.5, 4.0, 0.9)]
    start_words_at_voice([line], _voice(5.0, [(1.0, 1.5)]))
    assert (line[1].start, line[1].end) == (1.5, 4.0)


def test_a_held_vowel_line_keeps_its_words_where_voice_it_cannot_hear_comes_in():
    # A held "ooh" spread over 5.0-9.0 s after the lead's line; an instrument Silero takes for a
    # voice plays 7.0-7.5 s, inside the ooh.
    lead = [Word(" la", 0.5, 4.5, 0.9)]
    held = [Word(" ooh", 5.0, 9.0, 0.9)]
    voice = _voice(10.0, [(0.5, 4.5), (7.0, 7.5)])
    start_words_at_voice([lead, held], voice, unheard={1})
    assert held[0].start == 5.0
    start_words_at_voice([lead, held], voice)
    assert abs(held[0].start - 7.0) <= FRAME_SECONDS


def test_voiceless_is_relative_to_how_loud_the_songs_singing_sounds_to_silero():
    # Singing Silero scores at 0.05 still counts as voice against 0.02 of band.
    line = [Word(" zeit", 1.0, 2.0, 0.9), Word(" für", 2.0, 2.8, 0.9)]
    start_words_at_voice([line], _voice(4.0, [(1.0, 2.0), (2.4, 2.8)], level=0.05))
    assert abs(line[1].start - 2.4) <= FRAME_SECONDS


def test_a_word_that_starts_on_the_voice_is_not_moved():
    line = [Word(" und", 1.0, 1.4, 0.9), Word(" wünscht", 1.4, 2.0, 0.9)]
    start_words_at_voice([line], _voice(3.0, [(0.9, 2.1)]))
    assert [(w.start, w.end) for w in line] == [(1.0, 1.4), (1.4, 2.0)]


def test_a_word_that_starts_on_the_tail_of_the_line_before_starts_after_the_rest():
    # "tonight" sung 1.0-2.0 s, a rest of 0.6 s, "never" from 2.6 s; the alignment ended "tonight"
    # at 1.9 s and gave "never" the last 0.1 s of it and the rest.
    before, line = [Word(" tonight", 1.0, 1.9, 0.9)], [Word(" never", 1.9, 3.2, 0.9)]
    start_words_at_voice([before, line], _voice(4.0, [(1.0, 2.0), (2.6, 3.2)]))
    assert abs(line[0].start - 2.6) <= FRAME_SECONDS and before[0].start == 1.0


def test_the_short_rest_between_two_words_of_a_line_counts():
    # "never" sung 1.0-1.55 s, "let" from 1.72 s after a rest of 0.17 s; the alignment started "let"
    # at 1.4 s, inside "never".
    line = [Word(" never", 1.0, 1.4, 0.9), Word(" let", 1.4, 2.2, 0.9)]
    start_words_at_voice([line], _voice(3.0, [(1.0, 1.55), (1.72, 2.2)]))
    assert abs(line[1].start - 1.72) <= FRAME_SECONDS and line[0].start == 1.0


def test_a_frame_of_voice_flickering_in_the_rest_does_not_end_it():
    line = [Word(" never", 1.9, 3.2, 0.9)]
    voice = _voice(4.0, [(1.0, 2.0), (2.6, 3.2)])
    voice[_frames(1.95)] = 0.02
    voice[_frames(2.3)] = 0.6
    start_words_at_voice([[Word(" tonight", 1.0, 1.9, 0.9)], line], voice)
    assert abs(line[0].start - 2.6) <= FRAME_SECONDS


def test_a_short_word_before_a_rest_or_a_closure_keeps_its_start():
    # "I" sung 1.0-1.15 s on its own onset, then a rest: the voice did not come in before it.
    alone = [Word(" I", 1.0, 2.0, 0.9)]
    start_words_at_voice([alone], _voice(3.0, [(1.0, 1.15), (1.6, 2.0)]))
    # A stop's closure (0.08 s) inside a word that starts on the voice before it is no rest.
    closure = [Word(" and", 0.5, 1.0, 0.9), Word(" take", 1.0, 1.6, 0.9)]
    start_words_at_voice([closure], _voice(3.0, [(0.5, 1.1), (1.18, 1.6)]))
    # A tail longer than TAIL_SECONDS is the word's own voice.
    long_tail = [Word(" so", 0.5, 1.0, 0.9), Word(" far", 1.0, 2.4, 0.9)]
    start_words_at_voice([long_tail], _voice(3.0, [(0.5, 1.4), (1.8, 2.4)]))
    assert (alone[0].start, closure[1].start, long_tail[1].start) == (1.0, 1.0, 1.0)


def test_silero_scores_every_32_ms_frame_of_the_audio():
    audio = np.zeros(16000, dtype=np.float32)
    p = voice_probabilities(audio)
    # 16000 samples pad to 32 frames of 512; silence is not a voice.
    assert p.shape == (32,) and float(p.max()) < 0.1


def test_the_sung_stretch_runs_from_the_first_voice_to_the_last_with_a_margin():
    # A 20 s intro, singing from 20 to 50 s (heard at 22 s), a 40 s outro of music alone.
    voice = _voice(90.0, [(20.0, 35.0), (38.0, 50.0)])
    start, end = HeardVoice(voice, [Word(" la", 22.0, 23.0, 0.9)]).sung(90.0)
    assert abs(start - (20.0 - SUNG_MARGIN_SECONDS)) <= FRAME_SECONDS
    assert abs(end - (50.0 + SUNG_MARGIN_SECONDS)) <= FRAME_SECONDS


def test_the_sung_stretch_is_the_whole_song_when_nothing_was_heard():
    assert HeardVoice(_voice(30.0, [(5.0, 10.0)]), []).sung(30.0) == (0.0, 30.0)


def test_a_voice_sounds_where_the_heard_words_set_it_and_everywhere_when_nothing_was_heard():
    # Singing from 20 to 25 s and from 48 to 55 s, a held note between that Silero does not hear.
    probabilities = _voice(60.0, [(20.0, 25.0), (48.0, 55.0)])
    voice = HeardVoice(probabilities, [Word(" every", 20.5, 21.0, 0.9), Word(" hold", 48.5, 49.0, 0.9)])
    assert voice.sounds(24.0, 26.0) and voice.sounds(47.0, 48.2)
    assert not voice.sounds(25.5, 31.0)
    assert HeardVoice(probabilities, []).sounds(25.5, 31.0)


def test_singing_resumes_a_margin_before_the_voice_is_heard_again():
    probabilities = _voice(60.0, [(20.0, 25.0), (48.0, 55.0)])
    voice = HeardVoice(probabilities, [Word(" every", 20.5, 21.0, 0.9)])
    assert abs(voice.resumes(26.0, 55.0, 0.0) - (48.0 - SUNG_MARGIN_SECONDS)) <= FRAME_SECONDS
    # Never before the stretch asked about, and nowhere in a stretch with no voice.
    assert voice.resumes(47.5, 55.0, 0.0) == 47.5
    assert voice.resumes(26.0, 47.0, 0.0) is None
    assert HeardVoice(probabilities, []).resumes(26.0, 47.0, 0.0) == 26.0


def test_singing_resumes_past_the_fading_tail_of_the_line_before():
    # The line before was heard to end at 127.7 s; its last word sounds on to 127.9 s, and the next
    # line comes in at 169.0 s, after a 41 s break.
    probabilities = _voice(180.0, [(120.0, 127.9), (169.0, 172.0)])
    voice = HeardVoice(probabilities, [Word(" go", 126.0, 127.7, 0.9)])
    assert abs(voice.resumes(127.7, 172.5, 0.0) - (169.0 - SUNG_MARGIN_SECONDS)) <= FRAME_SECONDS


def test_a_line_sung_on_from_the_line_before_keeps_the_stretch_start():
    # The voice sounds on for 2 s past where the line before was heard to end: the next line is sung
    # from there without a rest, and then rests before its last words.
    probabilities = _voice(60.0, [(10.0, 22.0), (26.0, 28.0)])
    voice = HeardVoice(probabilities, [Word(" go", 18.0, 20.0, 0.9)])
    assert voice.resumes(20.0, 40.0, 0.0) == 20.0
    # And a tail with no voice after it is the only voice there is.
    assert voice.resumes(27.8, 40.0, 0.0) == 27.8


def test_singing_does_not_resume_on_a_frame_the_detector_flickers_on():
    # A 40 s break in which Silero hears a voice for one frame at a time, twice.
    probabilities = _voice(180.0, [(120.0, 128.5), (169.4, 172.0)])
    for flicker in (129.0, 130.25):
        probabilities[_frames(flicker)] = 0.6
    voice = HeardVoice(probabilities, [Word(" go", 126.0, 128.5, 0.9)])
    assert abs(voice.resumes(128.7, 172.5, 0.0) - (169.4 - SUNG_MARGIN_SECONDS)) <= FRAME_SECONDS


def test_a_line_sung_softer_after_a_break_resumes_where_its_own_fainter_voice_comes_in():
    # A 40 s break, then a line sung alone and soft (Silero at 0.12, under the song's threshold of
    # 0.3) from 169.4 s, and the band back in with the loud line after it from 171.5 s.
    probabilities = _voice(180.0, [(120.0, 128.5), (171.5, 172.5)])
    probabilities[_frames(128.5) : _frames(171.5)] = 0.002
    probabilities[_frames(169.4) : _frames(171.5)] = 0.12
    voice = HeardVoice(probabilities, [Word(" go", 126.0, 128.5, 0.9)])
    # Where the loud voice leaves the line room, it is taken; where it comes too late, the soft one.
    assert abs(voice.resumes(128.7, 172.5, 0.5) - (171.5 - SUNG_MARGIN_SECONDS)) <= FRAME_SECONDS
    assert abs(voice.resumes(128.7, 172.5, 2.5) - (169.4 - SUNG_MARGIN_SECONDS)) <= FRAME_SECONDS
    # No level hears a voice early enough for more than the stretch holds.
    assert voice.resumes(128.7, 172.5, 10.0) is None


def test_a_fainter_level_never_hears_the_band_of_a_break_as_voice():
    # The band sounds through the break at 0.05, over the floor; the line comes in at 169.4 s.
    probabilities = _voice(180.0, [(120.0, 128.5), (169.4, 172.5)])
    probabilities[_frames(128.5) : _frames(169.4)] = 0.05
    voice = HeardVoice(probabilities, [Word(" go", 126.0, 128.5, 0.9)])
    assert voice.resumes(128.7, 172.5, 5.0) is None
