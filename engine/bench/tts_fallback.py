"""The alignment method for languages Whisper cannot hear: TTS + DTW against the fallback
(Whisper forced alignment through the related language it decodes), on a synthetic Odia song.
The lines are spoken by espeak-ng in another voice variant, slower and lower, after a 4 s intro,
with uneven pauses and a hum under them. Line starts are known, so errors are exact. There are no
real songs in these languages in the shared data.

    engine/.venv/bin/python -m bench.tts_fallback      (from engine/)
"""

import io
import subprocess
import time
import wave

import numpy as np

from verse_engine import tts_align
from verse_engine.languages import find
from verse_engine.lyrics_align import align_lyrics

lang = find("Odia")
voice = tts_align.voice_for([lang.code, lang.fallback_whisper, lang.decode_as])
lines = ["ଆମ ଗାଁ ର ନଦୀ କୂଳରେ", "ସଞ୍ଜ ବେଳେ ଗୀତ ଗାଏ", "ମନ ମୋର ନାଚି ଉଠେ", "ଆକାଶରେ ଚାନ୍ଦ ହସେ", "ଫୁଲ ବଗିଚାରେ ଭ୍ରମର", "ପ୍ରେମର କଥା କହେ"]
rng = np.random.default_rng(1)
sr = 16000
parts = [np.zeros(int(4.0 * sr), np.float32)]  # intro
starts = []
pos = len(parts[0])
for t in lines:
    # "sung": slower, lower pitch, different voice variant
    wav = subprocess.run(
        ["espeak-ng", "-v", voice + "+m3", "-s", "95", "-p", "30", "--stdout", t], capture_output=True, check=True
    ).stdout
    with wave.open(io.BytesIO(wav)) as w:
        rate = w.getframerate()
        s = np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(np.float32) / 32768
    s = np.interp(np.arange(0, len(s), rate / sr), np.arange(len(s)), s).astype(np.float32)
    starts.append(pos / sr)
    parts.append(s)
    pos += len(s)
    gap = np.zeros(int(rng.uniform(0.8, 3.0) * sr), np.float32)
    parts.append(gap)
    pos += len(gap)
song = np.concatenate(parts)
tt = np.arange(len(song)) / sr
song = (
    song
    + 0.05 * np.sin(2 * np.pi * 110 * tt) * (1 + np.sin(2 * np.pi * 0.5 * tt))
    + 0.01 * rng.standard_normal(len(song))
)
song = song.astype(np.float32)
t0 = time.time()
res = tts_align.align_by_tts(song, lines, voice)
t1 = time.time()
err = [abs(r.start - s) for r, s in zip(res, starts, strict=False)]
print(
    "voice",
    voice,
    "tts-dtw line start errors (s)",
    [round(e, 2) for e in err],
    "mean",
    round(float(np.mean(err)), 3),
    "time",
    round(t1 - t0, 2),
)
t0 = time.time()
res2 = align_lyrics(song, lines, lang.decode_as)
t1 = time.time()
err2 = [abs(r.start - s) for r, s in zip(res2, starts, strict=False)]
print(
    "whisper-via line start errors",
    [round(e, 2) for e in err2],
    "mean",
    round(float(np.mean(err2)), 3),
    "time",
    round(t1 - t0, 2),
)
