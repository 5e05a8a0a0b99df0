from fastapi.testclient import TestClient

from verse_engine.service.app import app

from .conftest import requires_base


@requires_base
def test_align_endpoint_times_known_lines_in_order(clips, stored):
    client = TestClient(app)
    lines = [{"text": "The river runs over the stones"}, {"text": "and the morning light is golden"}]
    body = client.post(
        "/v1/verse/align", json={"audio_key": stored(clips / "en.wav"), "language": "English", "lines": lines}
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
    # The engine's verdict is the whole verdict: a line holding a word it doubts is flagged.
    assert all(isinstance(w["unsure"], bool) for line in result["lines"] for w in line["words"])
    assert all(line["flagged"] for line in result["lines"] if any(w["unsure"] for w in line["words"]))
    no_words = client.post(
        "/v1/verse/align",
        json={"audio_key": stored(clips / "en.wav"), "language": "English", "lines": lines, "word_level": False},
    ).json()
    assert all(line["words"] is None for line in no_words["lines"])


@requires_base
def test_second_opinion_endpoint_compares_given_lines(clips, stored):
    client = TestClient(app)
    lines = [{"text": "The river runs over the stones"}, {"text": "and the morning light is golden"}]
    body = client.post(
        "/v1/verse/second-opinion", json={"audio_key": stored(clips / "en.wav"), "language": "English", "lines": lines}
    )
    assert body.status_code == 200
    opinion = body.json()
    assert opinion["model"] == "whisper-tiny.en"
    assert opinion["match_ratio"] > 0.6
    wrong = [{"text": "Completely different words entirely"}, {"text": "nothing like the audio here"}]
    worse = client.post(
        "/v1/verse/second-opinion", json={"audio_key": stored(clips / "en.wav"), "language": "English", "lines": wrong}
    ).json()
    assert worse["match_ratio"] < opinion["match_ratio"]
    assert worse["suggestions"]


@requires_base
def test_a_language_whisper_cannot_hear_is_aligned_by_tts_and_dtw_and_says_so(clips, stored):
    client = TestClient(app)
    lines = [{"text": "नदी पत्थरों के ऊपर बहती है"}, {"text": "और सुबह की रोशनी सुनहरी है"}]
    body = client.post(
        "/v1/verse/align", json={"audio_key": stored(clips / "hi.wav"), "language": "Maithili", "lines": lines}
    )
    assert body.status_code == 200
    result = body.json()
    # Maithili has no espeak-ng voice of its own: Hindi speaks it.
    assert result["alignment"]["method"] == "tts-dtw (espeak-ng voice hi)"
    starts = [line["start"] for line in result["lines"]]
    assert starts == sorted(starts)


@requires_base
def test_words_come_back_as_the_lyrics_wrote_them(clips, stored):
    """Whisper splits "J'aime" into "J" and "'aime"; the files must show the lyric's word."""
    client = TestClient(app)
    text = "J'aime la rivière qui coule sur les pierres"
    body = client.post(
        "/v1/verse/align", json={"audio_key": stored(clips / "fr.wav"), "language": "French", "lines": [{"text": text}]}
    ).json()
    words = body["lines"][0]["words"]
    assert [w["word"] for w in words] == text.split()
    assert all(w["start"] <= w["end"] for w in words)


@requires_base
def test_unspaced_words_are_those_of_the_romanisation_one_for_one(clips, stored):
    client = TestClient(app)
    lines = ["君の名前は何ですか", "私はあなたを愛してる"]
    key = stored(clips / "ja.wav")
    aligned = client.post(
        "/v1/verse/align",
        json={"audio_key": key, "language": "Japanese", "lines": [{"text": t} for t in lines]},
    ).json()
    romanised = client.post(
        "/v1/verse/romanise", json={"language": "Japanese", "lines": lines, "romanisation": "readable"}
    ).json()["lines"]
    assert romanised == ["kimi no namae wa nan desu ka", "watashi wa anata o aishiteru"]
    for line, words in zip(aligned["lines"], romanised, strict=True):
        assert len(line["words"]) == len(words.split())
    first = [w["word"] for w in aligned["lines"][0]["words"]]
    assert first == ["君", "の", "名前", "は", "何", "です", "か"]
    starts = [w["start"] for line in aligned["lines"] for w in line["words"]]
    assert starts == sorted(starts)
