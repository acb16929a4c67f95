/**
 * The README's examples are real: every ```console block marked `<!-- readme-test -->` is run, command by
 * command, in one bash session in a pseudo-terminal (120 columns, no colour, no pager), against a fresh
 * emulator, with `ws` on the PATH as after `npm link`. What the terminal shows must match the block, once
 * run ids, times and durations are normalised. A line `…` in a block stands for any number of lines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { installWs, tempConfigDir } from '../helpers/ws.js';
import { shellQuote } from '../helpers/terminal.js';

const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const documentedOrigin = 'http://127.0.0.1:8787';

interface Step {
  command: string;
  expected: string[];
}

/** The marked console blocks, each as its `$ ` commands with the lines shown after each. */
function markedBlocks(): { line: number; steps: Step[] }[] {
  const blocks: { line: number; steps: Step[] }[] = [];
  const lines = readme.split('\n');
  lines.forEach((text, index) => {
    if (text.trim() !== '<!-- readme-test -->') return;
    if (lines[index + 1] !== '```console') throw new Error(`README line ${index + 1}: the marker must be followed by a \`\`\`console block`);
    const steps: Step[] = [];
    for (let at = index + 2; lines[at] !== '```'; at++) {
      const line = lines[at]!;
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: [] });
      else steps.at(-1)!.expected.push(line);
    }
    blocks.push({ line: index + 1, steps });
  });
  return blocks;
}

const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const demoId = /^[1-5]0000000-0000-4000-8000-0000000000\d\d$/;

/** Ids made by this run, times and durations become placeholders; runs of spaces one space. */
function normalise(line: string): string {
  return line
    .replace(uuid, (id) => (demoId.test(id) ? id : '<id>'))
    .replace(/\b(just now|\d+ (second|minute|hour|day)s? ago)\b/g, '<time>')
    .replace(/\b\d+(\.\d+)?(ms|s)\b/g, '<duration>')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Lines as a person saw them: escape sequences gone, a carriage return overwriting the line. */
function screenLines(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b[=>]/g, '')
    .split('\n')
    .map((line) => line.replace(/\r+$/, ''))
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    // the spinner's state lines and the live view's timeline (plain lines with CI set), which a terminal
    // redraws in place while waiting
    .filter((line) => !/^(query run|automation run) \S+: [\w ]+$/.test(line) && !/^automation run \S+: (step \d+\/\d+ |\w+ \()/.test(line));
}

/** Whether the lines match the expected ones, where a `…` line matches any number of lines. */
function matches(actual: string[], expected: string[]): boolean {
  if (expected.length === 0) return actual.length === 0;
  const [first, ...rest] = expected;
  if (first === '…') return actual.some((_line, at) => matches(actual.slice(at), rest)) || matches([], rest);
  return actual.length > 0 && actual[0] === first && matches(actual.slice(1), rest);
}

let emu: TestEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('README examples', () => {
  const blocks = markedBlocks();

  it('has marked blocks to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  for (const { line, steps } of blocks) {
    it(`the block at README line ${line} matches a real run`, async () => {
      emu = await startTestEmulator({ stepMs: 50 });
      const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-readme-bin-'));
      installWs(bin);
      const script = path.join(bin, 'steps.sh');
      const origin = emu.origin;
      fs.writeFileSync(script, steps.map((step, index) => `printf '\\n@@step ${index}@@\\n'\n${step.command.replaceAll(documentedOrigin, origin)}\n`).join('') + "printf '\\n@@end@@\\n'\n");
      const result = await execa('script', ['-qec', `stty cols 120 rows 40; exec bash --norc --noprofile ${shellQuote(script)}`, '/dev/null'], {
        // every block may assume the emulator of the main job (the block that shows it sets the same values)
        env: { PATH: `${bin}:${process.env.PATH}`, TERM: 'xterm', HOME: bin, WS_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1', WS_PAGER: 'cat', CI: '1', ...emu.env },
        extendEnv: false,
        reject: false,
        timeout: 60_000,
        stdin: 'ignore',
      });
      const screen = String(result.stdout).replaceAll(origin, documentedOrigin);
      expect(screen, screen).toContain('@@end@@');
      steps.forEach((step, index) => {
        const start = screen.indexOf(`@@step ${index}@@`);
        const end = screen.indexOf(index + 1 < steps.length ? `@@step ${index + 1}@@` : '@@end@@');
        const shown = screenLines(screen.slice(start, end)).slice(1, -1).map(normalise);
        while (shown.at(-1) === '') shown.pop();
        const expected = step.expected.map(normalise);
        expect(matches(shown, expected), `README line ${line}: $ ${step.command}\n--- README shows:\n${expected.join('\n')}\n--- a real run shows:\n${shown.join('\n')}`).toBe(true);
      });
    }, 120_000);
  }
});
