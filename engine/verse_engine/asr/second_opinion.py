"""An independent second transcription compared line by line: another model where one fits the
language (tiny.en for English), otherwise the same model decoded differently (greedy, without
VAD). Returns match_ratio and suggestions for the lines the two hear differently."""

from __future__ import annotations

from difflib import SequenceMatcher

from verse_engine.contract.common import SecondOpinion, Suggestion
from verse_engine.text.characters import normalise
from verse_engine.text.lines import Line, Word, join_words

SUGGEST_BELOW = 0.7
WINDOW = 0.3


def compare(lines: list[Line], second: list[Word], model: str) -> SecondOpinion:
    ratios: list[float] = []
    suggestions: list[Suggestion] = []
    for index, line in enumerate(lines):
        heard = join_words(
            [w.text for w in second if line.start - WINDOW <= (w.start + w.end) / 2 <= line.end + WINDOW]
        )
        ratio = SequenceMatcher(None, normalise(line.text), normalise(heard)).ratio() if heard or line.text else 1.0
        ratios.append(ratio)
        if heard and ratio < SUGGEST_BELOW:
            suggestions.append(
                Suggestion(
                    line=index,
                    current=line.text,
                    suggested=heard,
                    reason=f"a second transcription ({model}) heard this differently ({ratio:.2f} alike)",
                )
            )
    match = sum(ratios) / len(ratios) if ratios else 1.0
    return SecondOpinion(match_ratio=round(match, 3), suggestions=suggestions, model=model)
