"""Language coverage: a sentence with known text, spoken by espeak-ng, in every API language
espeak-ng speaks; the engine's transcript CER against that text, whether the transcript is in the
language's script, and whether the romanisation is Latin.

    engine/.venv/bin/python -m bench.coverage          (from engine/; prints a table, writes JSON)
"""

import json
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

from verse_engine.languages import all_languages

from .metrics import cer

# language → (espeak-ng voice, sentence). The sentences are short everyday lines; what matters is
# that the text spoken is the text the transcript is compared with.
SPOKEN = {
    "Hindi": ("hi", "सुबह सूरज निकलता है और पंछी गाते हैं"),
    "Bengali": ("bn", "সকালে সূর্য ওঠে আর পাখিরা গান গায়"),
    "Marathi": ("mr", "सकाळी सूर्य उगवतो आणि पक्षी गातात"),
    "Telugu": ("te", "ఉదయం సూర్యుడు ఉదయిస్తాడు పక్షులు పాడతాయి"),
    "Tamil": ("ta", "காலையில் சூரியன் உதிக்கிறது பறவைகள் பாடுகின்றன"),
    "Gujarati": ("gu", "સવારે સૂરજ ઊગે છે અને પક્ષીઓ ગાય છે"),
    "Urdu": ("ur", "صبح سورج نکلتا ہے اور پرندے گاتے ہیں"),
    "Kannada": ("kn", "ಬೆಳಿಗ್ಗೆ ಸೂರ್ಯ ಉದಯಿಸುತ್ತಾನೆ ಹಕ್ಕಿಗಳು ಹಾಡುತ್ತವೆ"),
    "Odia": ("or", "ସକାଳେ ସୂର୍ଯ୍ୟ ଉଦୟ ହୁଏ ଏବଂ ପକ୍ଷୀମାନେ ଗାନ କରନ୍ତି"),
    "Malayalam": ("ml", "രാവിലെ സൂര്യൻ ഉദിക്കുന്നു പക്ഷികൾ പാടുന്നു"),
    "Punjabi": ("pa", "ਸਵੇਰੇ ਸੂਰਜ ਚੜ੍ਹਦਾ ਹੈ ਅਤੇ ਪੰਛੀ ਗਾਉਂਦੇ ਹਨ"),
    "Assamese": ("as", "ৰাতিপুৱা সূৰ্য ওলায় আৰু চৰাইবোৰে গান গায়"),
    "Nepali": ("ne", "बिहान सूर्य उदाउँछ र चराहरू गाउँछन्"),
    "Sindhi": ("sd", "صبح جو سج اڀري ٿو ۽ پکي ڳائين ٿا"),
    "Konkani": ("kok", "सकाळीं सुर्य उदेता आनी सुकणीं गायतात"),
    "English": ("en-us", "The sun rises in the morning and the birds sing"),
    "Spanish": ("es", "El sol sale por la mañana y los pájaros cantan"),
    "Mandarin Chinese": ("cmn", "早上太阳升起鸟儿在唱歌"),
    "French": ("fr-fr", "Le soleil se lève le matin et les oiseaux chantent"),
    "Arabic": ("ar", "تشرق الشمس في الصباح وتغني الطيور"),
    "Portuguese": ("pt", "O sol nasce de manhã e os pássaros cantam"),
    "Russian": ("ru", "Утром восходит солнце и поют птицы"),
    "Japanese": ("ja", "朝に太陽が昇り鳥が歌います"),
    "German": ("de", "Am Morgen geht die Sonne auf und die Vögel singen"),
    "Korean": ("ko", "아침에 해가 뜨고 새들이 노래합니다"),
    "Italian": ("it", "Il sole sorge al mattino e gli uccelli cantano"),
    "Turkish": ("tr", "Sabah güneş doğar ve kuşlar şarkı söyler"),
    "Dutch": ("nl", "De zon komt op in de ochtend en de vogels zingen"),
    "Indonesian": ("id", "Matahari terbit di pagi hari dan burung burung bernyanyi"),
    "Thai": ("th", "ตอนเช้าพระอาทิตย์ขึ้นและนกร้องเพลง"),
    "Swahili": ("sw", "Jua linachomoza asubuhi na ndege wanaimba"),
}


def in_script(text: str, script: str) -> bool:
    names = {
        "Deva": "DEVANAGARI",
        "Beng": "BENGALI",
        "Telu": "TELUGU",
        "Taml": "TAMIL",
        "Gujr": "GUJARATI",
        "Knda": "KANNADA",
        "Orya": "ORIYA",
        "Mlym": "MALAYALAM",
        "Guru": "GURMUKHI",
        "Arab": "ARABIC",
        "Latn": "LATIN",
        "Cyrl": "CYRILLIC",
        "Hang": "HANGUL",
        "Thai": "THAI",
        "Olck": "OL CHIKI",
    }
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return False
    wanted = ("CJK", "HIRAGANA", "KATAKANA") if script in ("Hans", "Jpan") else (names[script],)
    return sum(any(unicodedata.name(ch, "").startswith(w) for w in wanted) for ch in letters) / len(letters) > 0.8


def latin(text: str) -> bool:
    return all(
        not ch.isalpha() or "LATIN" in unicodedata.name(ch, "") or unicodedata.category(ch) == "Lm" for ch in text
    )


def main() -> None:
    from verse_engine.asr.pipeline import transcribe_song, transcript_of

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, lang in all_languages().items():
            if name not in SPOKEN:
                continue
            voice, text = SPOKEN[name]
            wav = Path(tmp) / f"{lang.code}.wav"
            subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True)
            started = time.perf_counter()
            result = transcribe_song(wav, lang)
            elapsed = time.perf_counter() - started
            transcript = transcript_of(result)
            rows.append(
                {
                    "language": name,
                    "cer": round(cer(text, transcript), 3),
                    "own_script": in_script(transcript, lang.script),
                    "romanisation_latin": latin("\n".join(line.transliteration for line in result.lines)),
                    "degraded": [d.component for d in result.degraded],
                    "seconds": round(elapsed, 1),
                    "transcript": transcript.replace("\n", " / "),
                }
            )
            r = rows[-1]
            print(
                f"{name:18} CER {r['cer']:6.3f}  script {'yes' if r['own_script'] else 'NO '}  "
                f"latin {'yes' if r['romanisation_latin'] else 'NO '}  {r['seconds']:5.1f}s  {','.join(r['degraded'])}",
                flush=True,
            )
    missing = [n for n in all_languages() if n not in SPOKEN]
    print(f"not covered (espeak-ng has no voice): {', '.join(missing)}")
    Path("bench-coverage.json").write_text(
        json.dumps({"rows": rows, "not_covered": missing}, indent=1, ensure_ascii=False)
    )
    sys.exit(0)


if __name__ == "__main__":
    main()
