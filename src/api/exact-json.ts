/**
 * Whether the text has a run of 16 digits and points: a number that long may hold more digits than a double keeps
 * (15 significant digits), and only then is a body scanned. A loop over the characters, not a regular expression:
 * every page of an export passes here, and `/\d{16}|\d[\d.]{16}/` took 3-4 times as long (about 8 ms a MB).
 */
function hasLongNumber(text: string): boolean {
  let run = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if ((code >= 0x30 && code <= 0x39) || code === 0x2e) {
      if (++run === 16) return true;
    } else run = 0;
  }
  return false;
}

/**
 * JSON.parse, but a number a double would round comes as its own text, a string: the body's text is scanned for
 * number tokens outside strings, and those of more than 15 significant digits that do not read back the same are
 * quoted before parsing. The same on every Node (JSON.parse's source text for revivers is Node 22 and later).
 */
export function parseExactly(text: string): unknown {
  if (!hasLongNumber(text)) return JSON.parse(text);
  let out = '';
  let copied = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c)
        at++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      let end = at + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
      const token = text.slice(at, end);
      if (roundsOff(token)) {
        out += `${text.slice(copied, at)}"${token}"`;
        copied = end;
      }
      at = end - 1;
    }
  }
  return JSON.parse(copied === 0 ? text : out + text.slice(copied));
}

/** Digits, `.`, `e`, `E`, `+`, `-`: what a JSON number is made of. */
function isNumberPart(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;
}

/** Whether a double changes this JSON number: it does not read back the same, and it has more than 15 significant digits. */
function roundsOff(token: string): boolean {
  if (String(Number(token)) === token) return false;
  const mantissa = token.replace(/^-/, '').replace(/[eE].*$/, '');
  return mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length > 15;
}
