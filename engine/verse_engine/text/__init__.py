"""Lines, words and their scripts: normalising, romanising in each language's scheme and readable
form, and segmenting unspaced scripts."""
