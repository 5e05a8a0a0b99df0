"""Says one utterance with espeak-ng's C library and writes it to stdout: a JSON line (the library's
sample rate, and the text position and sample of each word it reports), then the 16-bit samples.

Run as a script, in a process of its own, with nothing imported but the standard library
(espeak.py says why): `python -I -S espeak_utterance.py '{"voice": ..., "text": ..., ...}'`."""

import ctypes
import json
import sys


class _Event(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("unique_identifier", ctypes.c_uint),
        ("text_position", ctypes.c_int),
        ("length", ctypes.c_int),
        ("audio_position", ctypes.c_int),
        ("sample", ctypes.c_int),
        ("user_data", ctypes.c_void_p),
        ("id", ctypes.c_char * 8),
    ]


_WORD_EVENT, _LIST_END, _SYNCHRONOUS = 1, 0, 2
_Callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.POINTER(_Event))
# espeak_PARAMETER in speak_lib.h.
_PARAMETERS = {"rate": 1, "pitch": 3, "range": 4, "word_gap": 7}


def main() -> None:
    request = json.loads(sys.argv[1])
    lib = ctypes.CDLL("libespeak-ng.so.1")
    rate = lib.espeak_Initialize(_SYNCHRONOUS, 0, None, 0)
    samples: list[bytes] = []
    words: list[tuple[int, int]] = []

    def receive(wav, count, events) -> int:
        if count > 0:
            samples.append(ctypes.string_at(wav, count * ctypes.sizeof(ctypes.c_short)))
        i = 0
        while events[i].type != _LIST_END:
            if events[i].type == _WORD_EVENT:
                words.append((events[i].text_position, events[i].sample))
            i += 1
        return 0

    callback = _Callback(receive)
    lib.espeak_SetSynthCallback(callback)
    lib.espeak_SetVoiceByName(request["voice"].encode())
    for name, parameter in _PARAMETERS.items():
        lib.espeak_SetParameter(parameter, request[name], 0)
    data = request["text"].encode()
    lib.espeak_Synth(data, len(data) + 1, 0, 1, 0, 0, None, None)
    lib.espeak_Synchronize()
    sys.stdout.buffer.write(json.dumps({"rate": rate, "words": words}).encode() + b"\n")
    sys.stdout.buffer.write(b"".join(samples))


if __name__ == "__main__":
    main()
