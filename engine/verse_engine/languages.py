"""The 48 API languages, read from schemas/languages.json (the table the gateway serves too)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from verse_engine.settings import settings


@dataclass(frozen=True)
class Language:
    name: str
    family: str
    code: str
    scripts: tuple[str, ...]
    whisper: str | None
    fallback_whisper: str | None
    romanisation: str

    @property
    def decode_as(self) -> str:
        """The Whisper language used for decoding: its own, or the related one Whisper has."""
        code = self.whisper or self.fallback_whisper
        if code is None:
            raise ValueError(f"{self.name} has neither a Whisper language nor a fallback")
        return code

    @property
    def script(self) -> str:
        return self.scripts[0]


def table_path() -> Path:
    """The language table: VERSE_LANGUAGES_FILE, else the package's copy (an installed engine, as in
    its image), else the checkout's schemas/languages.json, the one source both copies come from."""
    chosen = settings().languages_file
    if chosen:
        return chosen
    packaged = Path(__file__).resolve().parent / "languages.json"
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[2] / "schemas" / "languages.json"


@cache
def all_languages() -> dict[str, Language]:
    rows = json.loads(table_path().read_text(encoding="utf-8"))["languages"]
    return {
        r["name"]: Language(
            name=r["name"],
            family=r["family"],
            code=r["code"],
            scripts=tuple(r["scripts"]),
            whisper=r["whisper"],
            fallback_whisper=r["fallback_whisper"],
            romanisation=r["romanisation"],
        )
        for r in rows
    }


def find(name: str) -> Language | None:
    return all_languages().get(name)


def by_code(code: str) -> Language | None:
    """A language by its ISO code or Whisper code (for the OpenAI-shaped endpoints)."""
    for lang in all_languages().values():
        if code in (lang.code, lang.whisper):
            return lang
    return None
