"""Hearing the song: the Whisper models and their decoding, the transcription pipeline, the
language check, the second opinion and the translation."""
