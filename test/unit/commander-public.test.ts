/**
 * src/ uses commander through its public API only: no field or method of its own that commander marks private
 * (a leading underscore), and none of the events it emits for itself (the help events of outputHelp). Such a use
 * breaks, silently, on commander's next release.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Help } from 'commander';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** The names commander keeps private, read from a Command and a Help as the installed commander makes them. */
function privateNames(): string[] {
  const names = new Set<string>();
  for (const value of [new Command(), new Help()]) {
    for (let at: object | null = value; at && at !== Object.prototype; at = Object.getPrototypeOf(at)) {
      for (const name of Object.getOwnPropertyNames(at)) if (/^_[a-zA-Z]/.test(name)) names.add(name);
    }
  }
  return [...names];
}

describe('commander through its public API', () => {
  const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));

  it('src/ reads none of its private fields or methods', () => {
    const names = privateNames();
    expect(names).toEqual(expect.arrayContaining(['_hidden', '_actionHandler'])); // the list is read, not empty
    const uses = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      return names.filter((name) => new RegExp(`[.'"\`]${name}\\b`).test(text)).map((name) => `${file.split(path.sep).join('/')}: ${name}`);
    });
    expect(uses).toEqual([]);
  });

  it("src/ emits none of commander's own help events", () => {
    const uses = files.filter((file) => /\b(beforeAll|before|after|afterAll)Help\b/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(uses).toEqual([]);
  });
});
