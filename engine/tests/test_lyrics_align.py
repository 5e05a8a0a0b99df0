from fastapi.testclient import TestClient

from verse_engine.app import app
from verse_engine.lines import Word
from verse_engine.lyrics_align import _anchor_windows, global_alignment

from .conftest import requires_base


def test_global_alignment_pairs_a_repeated_verse_with_its_own_repetition():
    ref = "a b c x y z a b c".split()
    hyp = "a b c q x y z a b c".split()
    assert global_alignment(ref, hyp) == [(0, 0), (1, 1), (2, 2), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9)]


def test_global_alignment_accepts_near_spellings_and_skips_unheard_words():
    pairs = global_alignment(["veränderung", "hält", "jung", "la", "la"], ["veranderung", "halt", "jung"])
    assert pairs[:3] == [(0, 0), (1, 1), (2, 2)]


def test_anchor_windows_interpolate_lines_the_recogniser_missed():
    heard = [
        Word(" one", 1.0, 1.5, 1),
        Word(" two", 1.5, 2.0, 1),
        Word(" five", 9.0, 9.5, 1),
        Word(" six", 9.5, 10.0, 1),
    ]
    windows = _anchor_windows(["one two", "three four", "five six"], heard, 20.0)
    assert windows[0] == (1.0, 2.0, True)
    assert windows[2] == (9.0, 10.0, True)
    start, end, anchored = windows[1]
    assert not anchored and 2.0 <= start < end <= 9.0


@requires_base
def test_align_endpoint_times_known_lines_in_order(clips):
    client = TestClient(app)
    lines = [{"text": "The river runs over the stones"}, {"text": "and the morning light is golden"}]
    body = client.post(
        "/v1/verse/align", json={"audio_path": str(clips / "en.wav"), "language": "English", "lines": lines}
    )
    assert body.status_code == 200
    result = body.json()
    assert result["alignment"]["method"] == "whisper-forced-alignment"
    assert result["alignment"]["coverage"] == 1.0
    first, second = result["lines"]
    assert [w["word"] for w in first["words"]] == "The river runs over the stones".split()
    starts = [w["start"] for line in result["lines"] for w in line["words"]]
    assert starts == sorted(starts)
    assert 0 <= first["start"] < second["start"] < 5.0
    no_words = client.post(
        "/v1/verse/align",
        json={"audio_path": str(clips / "en.wav"), "language": "English", "lines": lines, "word_level": False},
    ).json()
    assert all(line["words"] is None for line in no_words["lines"])


@requires_base
def test_second_opinion_endpoint_compares_given_lines(clips):
    client = TestClient(app)
    lines = [{"text": "The river runs over the stones"}, {"text": "and the morning light is golden"}]
    body = client.post(
        "/v1/verse/second-opinion", json={"audio_path": str(clips / "en.wav"), "language": "English", "lines": lines}
    )
    assert body.status_code == 200
    opinion = body.json()
    assert opinion["model"] == "whisper-tiny.en"
    assert opinion["match_ratio"] > 0.6
    wrong = [{"text": "Completely different words entirely"}, {"text": "nothing like the audio here"}]
    worse = client.post(
        "/v1/verse/second-opinion", json={"audio_path": str(clips / "en.wav"), "language": "English", "lines": wrong}
    ).json()
    assert worse["match_ratio"] < opinion["match_ratio"]
    assert worse["suggestions"]


@requires_base
def test_a_language_whisper_cannot_hear_is_aligned_by_tts_and_dtw_and_says_so(clips):
    client = TestClient(app)
    lines = [{"text": "नदी पत्थरों के ऊपर बहती है"}, {"text": "और सुबह की रोशनी सुनहरी है"}]
    body = client.post(
        "/v1/verse/align", json={"audio_path": str(clips / "hi.wav"), "language": "Maithili", "lines": lines}
    )
    assert body.status_code == 200
    result = body.json()
    # Maithili has no espeak-ng voice of its own: Hindi speaks it.
    assert result["alignment"]["method"] == "tts-dtw (espeak-ng voice hi)"
    starts = [line["start"] for line in result["lines"]]
    assert starts == sorted(starts)
