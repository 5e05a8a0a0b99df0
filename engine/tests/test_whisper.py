from verse_engine import whisper
from verse_engine.align import text_tokens, tokenizer_for

from .conftest import requires_base


@requires_base
def test_listening_for_known_lyrics_may_write_twice_their_tokens_and_no_more_than_the_cap():
    model = whisper.load("base")
    prompt = "ooh ooh ooh ooh la tristeza es muy extraña"
    tokens = len(text_tokens(tokenizer_for(model, "es"), prompt))
    assert whisper.listening_budget(model, "es", prompt) == 2 * tokens + 16
    # A long stretch of lyrics still leaves the prompt and start sequence room in 448 positions.
    assert whisper.listening_budget(model, "es", prompt * 20) == whisper.MAX_LISTENING_TOKENS
