import json
import shutil
from pathlib import Path

from verse_engine import languages

CHECKOUT_TABLE = Path(__file__).resolve().parents[2] / "schemas" / "languages.json"


def test_a_checkout_reads_the_one_table_in_schemas(monkeypatch):
    monkeypatch.delenv("VERSE_LANGUAGES_FILE", raising=False)
    assert languages.table_path() == CHECKOUT_TABLE


def test_an_installed_engine_reads_the_copy_packaged_with_it(tmp_path, monkeypatch):
    """The engine's image installs the package with schemas/languages.json copied into it."""
    monkeypatch.delenv("VERSE_LANGUAGES_FILE", raising=False)
    package = tmp_path / "site-packages" / "verse_engine"
    package.mkdir(parents=True)
    shutil.copy(CHECKOUT_TABLE, package / "languages.json")
    monkeypatch.setattr(languages, "__file__", str(package / "languages.py"))
    assert languages.table_path() == package / "languages.json"
    assert json.loads(languages.table_path().read_text())["languages"]
