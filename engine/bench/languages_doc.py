"""Writes docs/languages.md from schemas/languages.json and the latest coverage run. Its
"Romanisation" section is written by hand (the schemes, their sources, the reference table that
`bench.romanisation` prints and what the misses are) and is kept as the file has it.

engine/.venv/bin/python -m bench.languages_doc   (from engine/, after `python -m bench.coverage`)
"""

import json
from pathlib import Path

from verse_engine.languages import all_languages

ROOT = Path(__file__).resolve().parents[2]


def explicit_section() -> list[str]:
    """Which languages results.explicit can judge: those with an LDNOOBW list in npm naughty-words."""
    lists = ROOT / "node_modules" / "naughty-words"
    codes = {p.stem for p in lists.glob("*.json") if p.stem not in {"package", "package-lock", "bower"}}
    names = [lang.name for lang in all_languages().values()]
    covered = [lang.name for lang in all_languages().values() if lang.code in codes]
    uncovered = [name for name in names if name not in covered]
    return [
        "## Explicit content",
        "",
        "`results.explicit` is true when the lyrics hold an entry of the language's list of explicit words (the",
        "LDNOOBW lists, npm `naughty-words`, CC-BY-4.0), false when they hold none, and null, never false, where",
        "no list exists. The Hindi list is romanised, so each line's romanisation is searched too. A reviewer",
        "can correct it on the review page.",
        "",
        f"With a list ({len(covered)}): {', '.join(covered)}.",
        "",
        f"Without one, so `explicit` is null ({len(uncovered)}): {', '.join(uncovered)}.",
        "",
    ]


def romanisation_section() -> list[str]:
    """The hand-written section, from "## Romanisation" to the next section of the same level."""
    lines = (ROOT / "docs" / "languages.md").read_text().splitlines()
    start = lines.index("## Romanisation")
    end = next((k for k in range(start + 1, len(lines)) if lines[k].startswith("## ")), len(lines))
    return lines[start:end]


def language_check_section() -> list[str]:
    """How often results.language_check is right, from the latest `python -m bench.language_check --songs`."""
    from verse_engine.asr.language_check import MATCH_SHARE

    run = json.loads(Path("bench-language-check.json").read_text())
    rows = [r for r in run["rows"] if r["ran"]]

    def right(r: dict) -> bool:
        return (r["claimed"] >= MATCH_SHARE * r["p_top"]) == r["label_right"]

    def cell(kind: str, label_right: bool) -> str:
        group = [r for r in rows if r["kind"] == kind and r["label_right"] == label_right]
        good = sum(right(r) for r in group)
        return f"{good}/{len(group)} ({100 * good / max(1, len(group)):.0f} %)"

    out = [
        "## Language check",
        "",
        "`results.language_check` is Whisper's language identification on the song's vocal passages (what the",
        "decode's voice-activity detection keeps), averaged over up to three 30 s windows: the language heard,",
        "its probability, and whether the label matches (the label's language holds at least",
        f"{MATCH_SHARE} of the top language's probability; Hindi and Urdu answer for each other; a language",
        "Whisper has no model for is checked as the related language it is decoded as). Null when there is",
        "under 3 s of singing. A mismatch is a `language_check` entry in `degraded` (job.degraded is sent),",
        "a notice on the review page, and `GET /jobs?language_mismatch=true`.",
        "",
        f"Measured by `engine/.venv/bin/python -m bench.language_check --songs` with {run['model']}: each clip",
        "checked with its right label and with a deliberately wrong one (espeak-ng: the next language in the",
        "table with another Whisper language; songs: the next shared song's language).",
        "",
        "| clips | right label: `matches` true | wrong label: `matches` false |",
        "|---|---|---|",
        f"| espeak-ng speech, {sum(r['kind'] == 'spoken' and r['label_right'] for r in rows)} languages | "
        f"{cell('spoken', True)} | {cell('spoken', False)} |",
        f"| the three shared songs (real singing) | {cell('song', True)} | {cell('song', False)} |",
        "",
        "What Whisper heard in each espeak-ng clip (right label):",
        "",
        "| language | heard | probability | label's share | matches |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        if r["kind"] == "spoken" and r["label_right"]:
            share = r["claimed"] / r["p_top"] if r["p_top"] else 0.0
            out.append(
                f"| {r['truth']} | {r['top']} | {r['p_top']:.2f} | {share:.2f} | {'yes' if right(r) else 'no'} |"
            )
    out += [
        "",
        "The check is reliable on the real songs and weak on espeak-ng's voices, which the base model hears",
        "as English or a neighbour for most languages (French as Vietnamese, Mandarin as English). Synthetic",
        "voices are a worst case; larger models identify languages far better, so the share should be",
        "measured again with the model production runs.",
        "",
    ]
    return out


def main() -> None:
    coverage = json.loads(Path("bench-coverage.json").read_text())
    measured = {row["language"]: row for row in coverage["rows"]}
    by_code = {lang.whisper: lang.name for lang in all_languages().values() if lang.whisper}
    out = [
        "# Languages",
        "",
        "Generated by `engine/.venv/bin/python -m bench.languages_doc` from `schemas/languages.json` (the one table",
        "the gateway and the engine read) and the latest `python -m bench.coverage` run. CER: character error rate",
        "of the engine's transcript (default model) on a sentence spoken by espeak-ng, against the text spoken;",
        "synthetic speech, not singing, so it measures language handling, not song accuracy (see benchmarks.md).",
        "The Romanisation section is written by hand, and the generator keeps it as it is.",
        "",
        "| language | family | script | Whisper decodes as | romanisation | CER | own script | notes |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for lang in all_languages().values():
        decode = lang.whisper or f"{by_code.get(lang.fallback_whisper, lang.fallback_whisper)} (fallback)"
        row = measured.get(lang.name)
        cer = f"{row['cer']:.2f}" if row else "not measured"
        own = ("yes" if row["own_script"] else "no") if row else ""
        notes = ", ".join(row["degraded"]) + " degraded" if row and row["degraded"] else ""
        if not row:
            notes = "espeak-ng has no voice"
        cells = [lang.name, lang.family, "/".join(lang.scripts), decode, lang.romanisation, cer, own, notes]
        out.append("| " + " | ".join(cells) + " |")
    out += ["", f"Not covered by the synthetic benchmark: {', '.join(coverage['not_covered'])}.", ""]
    out += romanisation_section()
    out += language_check_section()
    out += explicit_section()
    (ROOT / "docs" / "languages.md").parent.mkdir(exist_ok=True)
    (ROOT / "docs" / "languages.md").write_text("\n".join(out))


if __name__ == "__main__":
    main()
