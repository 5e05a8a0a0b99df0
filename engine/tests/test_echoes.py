from verse_engine.alignment.anchors import SECONDS_PER_WORD, anchor_windows
from verse_engine.alignment.echoes import echoed
from verse_engine.text.lines import Word


def timed(text: str, start: float, gap: float = 0.4) -> list[Word]:
    return [Word(" " + w, start + k * gap, start + k * gap + 0.35, 1.0) for k, w in enumerate(text.split())]


def echoes_of(lyrics: str, heard: list[Word]) -> set[int]:
    return echoed(lyrics.split(), [w.text.strip() for w in heard], heard, SECONDS_PER_WORD[0])


def test_a_line_end_answered_by_a_second_voice_is_an_echo():
    heard = [*timed("never let me go", 3.0), *timed("let me go", 5.5), *timed("hold me", 7.0)]
    assert echoes_of("never let me go hold me close", heard) == {4, 5, 6}


def test_an_echo_answered_twice_is_two_echoes():
    heard = [*timed("let me go", 1.0), *timed("let me go", 3.0), *timed("let me go", 5.0)]
    assert echoes_of("never let me go", heard) == {3, 4, 5, 6, 7, 8}


def test_words_the_lyrics_sing_twice_in_a_row_are_not_echoes():
    heard = [*timed("la la la la", 1.0), *timed("let me go", 3.0), *timed("let me go", 4.5)]
    assert echoes_of("la la la la let me go let me go", heard) == set()


def test_the_same_phrase_heard_far_apart_is_sung_twice_not_echoed():
    """The lines between the two copies went unheard."""
    heard = [*timed("never let me go", 3.0), *timed("let me go", 9.0)]
    assert echoes_of("never let me go and I will stay and never let me go", heard) == set()


def test_one_word_heard_twice_is_not_an_echo():
    heard = timed("go go", 1.0)
    assert echoes_of("let me go", heard) == set()


def test_a_line_does_not_end_on_its_echo():
    """Paired by place in the song, the line's last words would rather take the echo, later and
    nearer the end of the lyrics, than the lead."""
    lines = ["hold me close", "never let me go"]
    heard = [*timed("hold me close", 1.0), *timed("never let me go", 3.0), *timed("let me go", 5.5)]
    windows = anchor_windows(lines, heard, 7.0)
    assert windows[1][2] and windows[1][1] < 5.0


def test_a_vocalise_heard_longer_than_the_lyrics_write_it_is_not_an_echo():
    """The copies of "oh" are the repeats' to count (repeats.py)."""
    heard = timed("oh oh oh oh oh oh", 1.0)
    assert echoes_of("oh oh oh oh oh", heard) == set()


def test_a_line_sung_again_with_its_opening_unheard_is_not_an_echo():
    """The lyrics sing "son prénom" again after three words, which fit in the gap between the two
    copies heard (test_anchors: a line sung twice keeps its second pass)."""
    lyrics = "je veux zapper son prénom les larmes je veux zapper son prénom les larmes"
    heard = [*timed("son prénom", 14.4), *timed("son prénom les larmes", 16.4)]
    assert echoes_of(lyrics, heard) == set()
    further = "et je marche seul dans les rues de la ville sans savoir où aller ce soir"
    assert echoes_of(lyrics.replace("je veux zapper", further), heard) == {2, 3}


def test_a_chorus_sung_twice_and_misheard_alike_is_not_an_echo():
    """ "hold onto me" is no run of the lyrics, which sing the chorus twice: heard twice alike, the
    second pass cannot be told from an echo by them, and is left to the pairing."""
    chorus = "hold on to me tonight never let me go"
    heard = [*timed("hold onto me tonight never let me go", 30.0), *timed("hold onto me tonight never let me go", 34.0)]
    assert echoes_of(f"{chorus} {chorus}", heard) == set()


def test_an_echo_misheard_alike_is_an_echo():
    """ "the storm is getting cold" twice, for a line ending "the story's getting old" and its echo:
    the lyrics sing nothing like it twice."""
    lyrics = "the coffee's cold the story's getting old but I can hear you singing down the hall"
    heard = [*timed("the storm is getting cold", 53.7), *timed("the storm is getting cold", 56.1)]
    assert echoes_of(lyrics, heard) == {5, 6, 7, 8, 9}
