import random
from difflib import SequenceMatcher

import pytest

from verse_engine.alignment.anchors import (
    SIMILAR,
    anchor_windows,
    anchors,
    global_alignment,
    similarity,
    unheard_regions,
)
from verse_engine.text.lines import Word


def heard(*words: tuple[str, float]) -> list[Word]:
    return [Word(" " + text, start, start + 0.4, 1.0) for text, start in words]


class Voiced:
    """A voice detector that hears a voice in the given stretches, a second late at its onsets."""

    def __init__(self, *stretches: tuple[float, float]) -> None:
        self.stretches = stretches

    def sounds(self, start: float, end: float) -> bool:
        return any(start < until and at < end for at, until in self.stretches)

    def resumes(self, start: float, end: float, room: float) -> float | None:
        heard = [max(start, at - 1.0) for at, until in self.stretches if start < until and at < end]
        return min((at for at in heard if end - at >= room), default=None)


def test_global_alignment_pairs_a_repeated_verse_with_its_own_repetition():
    ref = "a b c x y z a b c".split()
    hyp = "a b c q x y z a b c".split()
    assert global_alignment(ref, hyp) == [(0, 0), (1, 1), (2, 2), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9)]


def test_global_alignment_accepts_near_spellings_and_skips_unheard_words():
    pairs = global_alignment(["veränderung", "hält", "jung", "la", "la"], ["veranderung", "halt", "jung"])
    assert pairs[:3] == [(0, 0), (1, 1), (2, 2)]


def test_similarity_is_the_full_ratio_wherever_it_reaches_similar():
    """The quick bounds only rule out pairs the full comparison would too."""
    rng = random.Random(7)
    words = ["".join(rng.choice("aeilnorst") for _ in range(rng.randint(1, 9))) for _ in range(300)]
    # Each word against another, and against itself with one letter changed (often alike).
    pairs = [*zip(words, words[1:], strict=False), *((w, w[:-1] + rng.choice("aeilnorst")) for w in words)]
    reached = 0
    for a, b in pairs:
        ratio = 1.0 if a == b else SequenceMatcher(None, a, b).ratio()
        assert similarity(a, b) == (ratio if ratio >= SIMILAR else 0.0)
        reached += ratio >= SIMILAR
    assert 0 < reached < len(pairs)


def test_anchor_windows_interpolate_lines_the_recogniser_missed():
    heard = [
        Word(" one", 1.0, 1.5, 1),
        Word(" two", 1.5, 2.0, 1),
        Word(" five", 9.0, 9.5, 1),
        Word(" six", 9.5, 10.0, 1),
    ]
    windows = anchor_windows(["one two", "three four", "five six"], heard, 20.0)
    assert windows[0] == (1.0, 2.0, True)
    assert windows[2] == (9.0, 10.0, True)
    start, end, anchored = windows[1]
    assert not anchored and 2.0 <= start < end <= 9.0


def test_a_single_stray_word_does_not_anchor_a_line():
    windows = anchor_windows(["one two three four", "five six"], heard(("three", 30.0), ("five", 5.0)), 60.0)
    assert not windows[0][2]


def test_words_squeezed_to_no_length_are_not_anchors():
    squeezed = [Word(" one", 7.0, 7.0, 1.0), Word(" two", 7.0, 7.0, 1.0)]
    windows = anchor_windows(["one two"], squeezed, 20.0)
    assert windows == [(0.0, 20.0, False)]


def test_words_of_a_segment_timed_past_the_audios_end_are_not_anchors():
    """Breaks, seed 33 (176.6 s): after a 40 s break the decoder wrote the last two lines into
    segments of 175.4-179.4 s and 179.4-183.4 s, in the silence that pads the last window. Aligned
    in the 1.2 s left, their words anchored the last line 4 s after it was sung (from 172.0 s).
    Left out, the lines are unheard: their stretch is recognised again with their lyrics."""
    lines = ["one two three", "four five six", "seven eight nine ten"]
    first = [
        Word(f" {w}", 126.6 + 0.5 * k, 127.0 + 0.5 * k, 1.0, segment_end=128.5) for k, w in enumerate(lines[0].split())
    ]
    late = " ".join(lines[1:]).split()
    guessed = [
        Word(f" {w}", 174.9 + 0.1 * k, 175.0 + 0.1 * k, 1.0, segment_end=179.42 if k < 3 else 183.42)
        for k, w in enumerate(late)
    ]
    windows = anchor_windows(lines, first + guessed, 176.58)
    assert [anchored for _, _, anchored in windows] == [True, False, False]
    assert unheard_regions(windows) == [(1, 3, 128.0, 176.58)]
    # The same words in a segment that ends within the audio anchor their lines.
    within = [Word(w.text, w.start, w.end, 1.0, segment_end=176.5) for w in guessed]
    assert all(anchored for _, _, anchored in anchor_windows(lines, first + within, 176.58))


def test_a_chorus_heard_once_pairs_with_the_pass_nearest_its_place():
    lines = ["la la la", "verse one here", "la la la", "verse two here", "la la la"]
    # Only one chorus was heard, near the start of a 100 s song: it is the first pass.
    windows = anchor_windows(lines, heard(("la", 5.0), ("la", 5.5), ("la", 6.0)), 100.0)
    assert windows[0] == (5.0, 6.4, True)
    assert not windows[2][2] and not windows[4][2]


def test_positions_break_ties_between_equal_alignments():
    ref = ["a", "b", "x", "a", "b"]
    late = global_alignment(ref, ["a", "b"], ([0.0, 0.25, 0.5, 0.75, 1.0], [0.9, 0.95]))
    early = global_alignment(ref, ["a", "b"], ([0.0, 0.25, 0.5, 0.75, 1.0], [0.05, 0.1]))
    assert late == [(3, 0), (4, 1)]
    assert early == [(0, 0), (1, 1)]


def test_unheard_regions_are_the_long_runs_of_unanchored_lines():
    windows = [(1.0, 3.0, True), (3.0, 5.0, False), (5.0, 6.0, True), (6.0, 40.0, False), (40.0, 42.0, True)]
    # The first gap is 2 s: left to forced alignment; the second is 34 s.
    assert unheard_regions(windows) == [(3, 4, 6.0, 40.0)]
    assert unheard_regions([(0.0, 30.0, False)]) == [(0, 1, 0.0, 30.0)]
    # Lines after the last anchor run to where they were given to end (the sung stretch).
    assert unheard_regions([(1.0, 3.0, True), (3.0, 21.0, False)]) == [(1, 2, 3.0, 21.0)]


def test_a_line_heard_in_two_places_is_anchored_only_where_most_of_it_holds_together():
    """A recognition pass that heard "la tristeza" in the intro's noise and "es muy extraña" 20 s
    later: the two halves do not make one window; with three of five words together, the later run
    anchors the line; with two of five, nothing does."""
    split = heard(("la", 1.6), ("tristeza", 2.1), ("es", 21.9), ("muy", 22.3), ("extraña", 22.8))
    assert anchor_windows(["la tristeza es muy extraña"], split, 60.0) == [(21.9, 23.2, True)]
    halves = heard(("la", 1.6), ("tristeza", 2.1), ("es", 21.9), ("extraña", 25.0))
    assert not anchor_windows(["la tristeza es muy extraña bella"], halves, 60.0)[0][2]


def test_a_fast_lines_words_heard_seconds_apart_do_not_hold_together():
    """A fast song, a quarter of a second a word. The pass heard the line before's opening as "and
    it", 3.9 s before the rest of the next line: under SECONDS_PER_WORD's 4 s, but sixteen words'
    time at this song's pace. Six of twelve words held together would anchor the line 3.6 s early,
    over the line before; the four heard where it was sung do not anchor it."""
    fast = [" ".join(f"w{line}x{k}" for k in range(12)) for line in range(3)]
    fast[1] = "every beat is like a heartbeat and it pulls me ever higher"
    words = heard(*((f"w0x{k}", 20.0 + 0.25 * k) for k in range(12)))
    words += heard(("and", 27.4), ("it", 27.6), ("pulls", 31.5), ("me", 31.8), ("ever", 32.1), ("higher", 32.4))
    words += heard(*((f"w2x{k}", 34.0 + 0.25 * k) for k in range(12)))
    windows = anchor_windows(fast, words, 60.0)
    assert windows[0][2] and windows[2][2]
    assert not windows[1][2]
    # At a slow song's pace, half a second a word and more, the bound stays SECONDS_PER_WORD's.
    slow = [" ".join(f"w{line}x{k}" for k in range(12)) for line in (0, 2)]
    words = heard(*((f"w0x{k}", 20.0 + 0.6 * k) for k in range(12)))
    words += heard(*((f"w2x{k}", 40.0 + 0.6 * k) for k in range(12)))
    one = heard(("and", 30.0), ("it", 30.6), ("pulls", 34.4), ("me", 35.0), ("ever", 35.6), ("higher", 36.2))
    windows = anchor_windows([slow[0], fast[1], slow[1]], sorted(words + one, key=lambda w: w.start), 60.0)
    assert windows[1] == (30.0, 36.6, True)


def test_an_echo_is_told_by_its_words_when_the_lead_had_one_squeezed_to_no_length():
    """A backing voice answers "never let me go" with "let me go" 1.2 s later. The pass missed the
    lead's "never" and heard its "me" squeezed to no length, which anchors nothing: three words of
    the echo against two of the lead. The echo is still an echo, and the line anchors on the lead."""
    lines = ["hold on to me tonight", "never let me go"]
    words = heard(("hold", 74.4), ("on", 74.9), ("to", 75.6), ("me", 75.9), ("tonight", 76.4))
    words += [Word(" let", 81.0, 81.5, 1.0), Word(" me", 81.5, 81.5, 1.0), Word(" go", 82.2, 82.6, 1.0)]
    words += heard(("let", 83.8), ("me", 84.2), ("go", 84.7))
    start, _end, anchored = anchor_windows(lines, words, 90.0)[1]
    assert anchored and start == pytest.approx(81.0)


def test_a_chorus_is_not_pinned_where_an_earlier_pass_was_heard():
    """The recognition pass heard the first chorus with one word wrong ("y es" for "se") and the
    second chorus's last line; pairing the stray "es" with the second chorus gains a word, and would
    pin the second chorus 1.4 s after the first, with a verse of 16 words between them."""
    lines = [
        "la tristeza es muy extraña",
        "se alimenta de la belleza",
        "soy el sombrero de un mago",
        "donde no hay un conejo",
        "un beso que no deja huella",
        "la tristeza es muy extraña",
        "se alimenta de la belleza",
        "ooh ooh ooh ooh",
        "la tristeza es muy extraña",
        "se alimenta de la belleza",
    ]
    sung = "la tristeza es muy extraño y es alimenta de la belleza".split()
    first = heard(*((word, 35.5 + 0.6 * k) for k, word in enumerate(sung)))
    second = heard(*((word, 74.1 + 0.6 * k) for k, word in enumerate("se alimenta de la belleza".split())))
    windows = anchor_windows(lines, first + second, 166.0)
    assert windows[0] == pytest.approx((35.5, 38.3, True))
    assert windows[1][0] == pytest.approx(39.7) and windows[1][2]
    assert windows[6][0] == pytest.approx(74.1) and windows[6][2]
    assert not windows[9][2]
    # Every line between the two choruses has room: none is squeezed under a word's least time.
    for k in range(2, 6):
        start, end, _ = windows[k]
        assert end - start >= 0.08 * len(lines[k].split())


def test_a_line_sung_twice_keeps_its_second_pass_when_the_first_was_half_heard():
    """The same line sung twice: the pass heard two of its words the first time and four the
    second. The first pass's words anchor nothing, yet they sit where the line was sung, with
    room for it; set aside, the first line would take the second pass's words and leave the
    second line to a share of the stretch after it."""
    lines = [
        "tu mets de la haine dans ce coeur",
        "je veux zapper son prénom les larmes",
        "je veux zapper son prénom les larmes",
        "encore un soir dans la ville",
    ]
    before = heard(*((word, 10.0 + 0.4 * k) for k, word in enumerate(lines[0].split())))
    half = heard(("son", 14.4), ("prénom", 14.8))
    second = heard(("son", 16.4), ("prénom", 16.8), ("les", 17.2), ("larmes", 17.6))
    after = heard(*((word, 20.0 + 0.4 * k) for k, word in enumerate(lines[3].split())))
    windows = anchor_windows(lines, before + half + second + after, 30.0)
    assert windows[2] == pytest.approx((16.4, 18.0, True))
    assert not windows[1][2] and windows[1][1] <= 16.4


def test_lines_after_the_last_anchor_end_where_the_voice_does():
    """The last line went unheard; the song runs on 20 s after the voice stops. Given where the
    voice sounds, the line ends there, not at the end of the song."""
    lines = ["one two three", "four five six"]
    first = heard(("one", 10.0), ("two", 10.5), ("three", 11.0))
    assert anchor_windows(lines, first, 60.0)[1] == pytest.approx((11.4, 60.0, False))
    assert anchor_windows(lines, first, 60.0, (9.0, 15.0))[1] == pytest.approx((11.4, 15.0, False))
    # Lines before the first anchor start where the voice does.
    late = heard(("four", 30.0), ("five", 30.5), ("six", 31.0))
    assert anchor_windows(lines, late, 60.0, (25.0, 33.0))[0] == pytest.approx((25.0, 30.0, False))


def test_a_verse_heard_over_a_chorus_does_not_anchor_there():
    """The recognition pass wrote a later verse over the chorus, right after the line before it;
    anchored there, it would leave 17 words of chorus and verse 0.9 s to be sung in."""
    lines = [
        "and suddenly I don't mind it all",
        "hold on to me tonight",
        "never let me go",
        "the summer left a letter on the stair",
        "I read it twice and left it lying there",
        "the words were kind the meaning wasn't clear",
    ]
    before = heard(*((word, 6.0 + 0.45 * k) for k, word in enumerate(lines[0].split())))
    over_the_chorus = heard(*((word, 10.0 + 0.8 * k) for k, word in enumerate(lines[4].split())))
    after = heard(*((word, 49.0 + 0.5 * k) for k, word in enumerate(lines[5].split())))
    windows = anchor_windows(lines, before + over_the_chorus + after, 60.0)
    assert windows[0][2] and windows[5][2]
    assert not windows[4][2]
    for k in range(1, 5):
        start, end, _ = windows[k]
        assert end - start >= 0.08 * len(lines[k].split())


def test_lines_heard_where_no_voice_sounds_do_not_anchor_there():
    """Over a held "ooh" of 22 s, the recognition pass wrote the three lines sung after it, right after
    the line before it. Nothing on either side is crowded (the held vowels have 0.6 s, four words'
    least time), but no voice sounds where they were written: they anchor nothing."""
    lines = [
        "every road I travel brings me back to you",
        "ooh ooh ooh ooh",
        "hold on to me tonight",
        "never let me go",
        "morning comes and paints the window gold",
        "the coffee's cold the story's getting old",
    ]
    before = heard(*((word, 20.5 + 0.45 * k) for k, word in enumerate(lines[0].split())))
    written = [(word, 25.5 + 0.5 * k) for k, word in enumerate(" ".join(lines[2:5]).split())]
    after = heard(*((word, 91.8 + 0.45 * k) for k, word in enumerate(lines[5].split())))
    words = before + heard(*written) + after
    assert anchor_windows(lines, words, 120.0)[2][2]
    windows = anchor_windows(lines, words, 120.0, voice=Voiced((20.0, 25.0), (48.0, 56.0), (87.0, 95.0)))
    assert windows[0][2] and windows[5][2]
    assert not any(anchored for _start, _end, anchored in windows[1:5])


def test_a_held_vowel_line_anchors_where_no_voice_is_heard():
    """Silero barely hears a held vowel: a line of them heard by the recognition pass still anchors."""
    lines = ["one two three", "ooh ooh ooh", "four five six"]
    words = heard(("one", 1.0), ("two", 1.5), ("three", 2.0), ("ooh", 4.0), ("ooh", 6.0), ("ooh", 8.0))
    words += heard(("four", 11.0), ("five", 11.5), ("six", 12.0))
    windows = anchor_windows(lines, words, 20.0, voice=Voiced((0.0, 3.0), (10.5, 13.0)))
    assert windows[1] == pytest.approx((4.0, 8.4, True))


def test_lines_after_a_break_share_the_time_from_where_singing_resumes():
    """A 30 s break after the first line; the recognition pass heard neither of the two lines after
    it. Shared from the end of the first line, they would start 20 s before they are sung."""
    lines = ["one two three", "four five six", "seven eight", "nine ten eleven"]
    words = heard(("one", 10.0), ("two", 10.5), ("three", 11.0), ("nine", 50.0), ("ten", 50.5), ("eleven", 51.0))
    voice = Voiced((10.0, 11.4), (45.0, 49.5), (50.0, 51.4))
    windows = anchor_windows(lines, words, 60.0, voice=voice)
    # By their length in letters, 13 to 11.
    assert windows[1] == pytest.approx((44.0, 47.25, False))
    assert windows[2][:2] == pytest.approx((47.25, 50.0))
    assert anchor_windows(lines, words, 60.0)[1][0] == pytest.approx(11.4)


def test_lines_after_a_break_start_where_it_does_if_they_would_not_fit_after_the_voice_resumes():
    """Where singing resumes too late for the lines to be sung at the song's pace (about 0.47 s a
    word here), or the first of them is a line of held vowels, which Silero barely hears, they
    share the whole stretch."""
    lines = ["one two three", "four five six", "seven eight", "nine ten eleven"]
    words = heard(("one", 10.0), ("two", 10.5), ("three", 11.0), ("nine", 50.0), ("ten", 50.5), ("eleven", 51.0))
    late = Voiced((10.0, 11.4), (49.0, 49.5), (50.0, 51.4))
    assert anchor_windows(lines, words, 60.0, voice=late)[1][0] == pytest.approx(11.4)
    held = ["one two three", "ooh ooh ooh", "seven eight", "nine ten eleven"]
    voice = Voiced((10.0, 11.4), (45.0, 49.5), (50.0, 51.4))
    assert anchor_windows(held, words, 60.0, voice=voice)[1][0] == pytest.approx(11.4)


def test_a_voice_the_detector_missed_leaves_the_edge_where_the_song_ends():
    """The detector heard the voice stop 0.6 s after the last anchor, with eleven words still to
    sing at the song's pace of about half a second a word: it missed the voice, not the lines."""
    lines = ["one two three", "four five six", "seven eight nine ten eleven"]
    first = heard(("one", 10.0), ("two", 10.5), ("three", 11.0))
    assert anchor_windows(lines, first, 60.0, (9.0, 12.0))[2][1] == pytest.approx(60.0)


def test_no_lyrics_or_nothing_heard_anchors_nothing():
    assert anchors([], [], 10.0) == ([], [])
    assert anchors([], heard(("la", 1.0)), 10.0) == ([], [])
    assert anchors(["la la"], [], 10.0, (2.0, 8.0)) == ([(0.0, 10.0, False)], [[]])
