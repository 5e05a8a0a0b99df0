"""Timing given lyrics against the song: anchors, forced alignment, and the rules that keep words
near their line (held notes, strays, repeats, voice onsets); espeak-ng warping where Whisper
cannot hear the language."""
