/**
 * The text with comments blanked and the contents of strings, templates and regular expressions blanked, each
 * character kept in its place, so that a match in it is code and its position is the same in the text.
 */
export function codeOnly(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let at = from; at < to; at++) if (out[at] !== '\n') out[at] = ' ';
  };
  const templates: number[] = []; // the brace depth at which each open `${` of a template began
  let braces = 0;
  let previous = ''; // the last code character or word before a `/`: is it a division or a regular expression?
  let at = 0;
  const template = (from: number) => {
    // from is the first character of a template's text; ends after its closing backtick or its `${`
    let to = from;
    while (to < text.length && text[to] !== '`' && !(text[to] === '$' && text[to + 1] === '{')) to += text[to] === '\\' ? 2 : 1;
    blank(from, to);
    if (text[to] === '$') {
      templates.push(braces);
      braces++;
      return to + 2;
    }
    return to + 1;
  };
  while (at < text.length) {
    const char = text[at]!;
    const next = text[at + 1];
    if (char === '/' && next === '/') {
      const end = text.indexOf('\n', at);
      const to = end === -1 ? text.length : end;
      blank(at, to);
      at = to;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', at + 2);
      const to = end === -1 ? text.length : end + 2;
      blank(at, to);
      at = to;
    } else if (char === '"' || char === "'") {
      let to = at + 1;
      while (to < text.length && text[to] !== char && text[to] !== '\n') to += text[to] === '\\' ? 2 : 1;
      blank(at + 1, to);
      at = to + 1;
      previous = char;
    } else if (char === '`') {
      at = template(at + 1);
      previous = '`';
    } else if (char === '}' && templates.at(-1) === braces - 1) {
      templates.pop();
      braces--;
      at = template(at + 1);
      previous = '`';
    } else if (
      char === '/' &&
      (/^$|[(,=:[!&|?{};+\-*%<>~^]$/.test(previous) || /^(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(previous))
    ) {
      let to = at + 1;
      let inClass = false;
      while (to < text.length && text[to] !== '\n' && (inClass || text[to] !== '/')) {
        if (text[to] === '[') inClass = true;
        else if (text[to] === ']') inClass = false;
        to += text[to] === '\\' ? 2 : 1;
      }
      blank(at + 1, to);
      at = to + 1;
      previous = '/x/';
    } else {
      if (char === '{') braces++;
      else if (char === '}') braces--;
      if (/[\w$]/.test(char)) {
        const word = /^[\w$]+/.exec(text.slice(at))![0];
        previous = word;
        at += word.length;
      } else {
        if (!/\s/.test(char)) previous = char;
        at++;
      }
    }
  }
  return out.join('');
}
