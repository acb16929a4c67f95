/**
 * Text of these characters only is one column a character: ASCII, Latin letters, the punctuation of `…` and `–`,
 * braille (the spinner). string-width counts them so too (test/unit/output-rules.test.ts checks each one), but it
 * takes about 60 ms to load (an Intl.Segmenter, regular expressions of every emoji): a table of plain names and
 * shortened ids (`1000…0001`) need not pay for it. No imports: dist/vendor/string-width.cjs carries it too.
 */
export const narrowText = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2800-\u28ff]*$/;
