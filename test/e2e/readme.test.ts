/**
 * The examples of the README and of the guides in docs/ are real: every ```console block marked
 * `<!-- readme-test -->` is run, command by command, in one bash session in a pseudo-terminal (120 columns, no
 * colour, no pager), in an empty folder of its own, against a fresh emulator, with `ws` on the PATH as after
 * `npm link`. What the terminal shows must match the block, once run ids, times and durations are normalised. A
 * line `…` in a block stands for any number of lines. And every relative link of those files leads to a file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { installWs, standaloneBin, tempConfigDir } from '../helpers/ws.js';
import { shellQuote } from '../helpers/terminal.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The README and the guides (docs/commands/ is generated from the command tree, and has no examples to run). */
const documents = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** Files that other scripts write, which a document may link before they are first generated. */
const generated = [/^docs\/commands\/ws(-[a-z]+(-[a-z-]+)?)?\.md$/, /^docs\/benchmarks\.md$/];
const documentedOrigin = 'http://127.0.0.1:8787';

interface Step {
  command: string;
  expected: string[];
}

/** The marked console blocks of a document, each as its `$ ` commands with the lines shown after each. */
function markedBlocks(document: string): { line: number; steps: Step[] }[] {
  const blocks: { line: number; steps: Step[] }[] = [];
  const lines = fs.readFileSync(path.join(root, document), 'utf8').split('\n');
  lines.forEach((text, index) => {
    if (text.trim() !== '<!-- readme-test -->') return;
    if (lines[index + 1] !== '```console') throw new Error(`${document} line ${index + 1}: the marker must be followed by a \`\`\`console block`);
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
  return (
    text
      .replace(/\r\n/g, '\n')
      .replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b[=>]/g, '')
      .split('\n')
      .map((line) => line.replace(/\r+$/, ''))
      .map((line) => line.slice(line.lastIndexOf('\r') + 1))
      // the spinner's state lines and the live view's timeline (plain lines with CI set), which a terminal
      // redraws in place while waiting
      .filter((line) => !/^(query run|automation run) \S+: [\w ]+$/.test(line) && !/^automation run \S+: (step \d+\/\d+ |\w+ \()/.test(line))
  );
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

describe('the examples of the README and the guides', () => {
  // the standalone ws has no emulator (its engine is native; test/standalone checks that it says so): its run
  // leaves out the blocks that start one themselves
  const blocks = documents
    .flatMap((document) => markedBlocks(document).map((block) => ({ document, ...block })))
    .filter((block) => !standaloneBin || !block.steps.some((step) => /\bws emulator\b/.test(step.command)));

  it('has marked blocks to check, in the README and in the guides', () => {
    expect(blocks.filter((block) => block.document === 'README.md').length).toBeGreaterThanOrEqual(2);
    expect(blocks.filter((block) => block.document !== 'README.md').length).toBeGreaterThanOrEqual(1);
  });

  for (const { document, line, steps } of blocks) {
    it(`the block at ${document} line ${line} matches a real run`, async () => {
      emu = await startTestEmulator({ stepMs: 50 });
      const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-readme-bin-'));
      installWs(bin);
      // the folder the block runs in: a block may write files (`ws queries pull queries/`)
      const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-readme-cwd-'));
      const script = path.join(bin, 'steps.sh');
      const origin = emu.origin;
      fs.writeFileSync(
        script,
        `${steps.map((step, index) => `printf '\\n@@step ${index}@@\\n'\n${step.command.replaceAll(documentedOrigin, origin)}\n`).join('')}printf '\\n@@end@@\\n'\n`,
      );
      const result = await execa('script', ['-qec', `stty cols 120 rows 40; exec bash --norc --noprofile ${shellQuote(script)}`, '/dev/null'], {
        // every block may assume the emulator of the main job (the block that shows it sets the same values)
        env: {
          PATH: `${bin}:${process.env.PATH}`,
          TERM: 'xterm',
          HOME: bin,
          WS_CONFIG_DIR: tempConfigDir(),
          NO_COLOR: '1',
          WS_PAGER: 'cat',
          CI: '1',
          ...emu.env,
        },
        extendEnv: false,
        cwd,
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
        expect(
          matches(shown, expected),
          `${document} line ${line}: $ ${step.command}\n--- ${document} shows:\n${expected.join('\n')}\n--- a real run shows:\n${shown.join('\n')}`,
        ).toBe(true);
      });
    }, 120_000);
  }
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a `-`. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(document: string): string[] {
  const text = fs.readFileSync(path.join(root, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!));
}

describe('the links of the README and the guides', () => {
  it('every relative link leads to a file that exists, and to a heading of it when it names one', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const document of documents) {
      const text = fs.readFileSync(path.join(root, document), 'utf8').replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ''));
      text.split('\n').forEach((line, index) => {
        for (const [, target] of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
          checked++;
          const [file, anchor] = target!.split('#') as [string, string | undefined];
          const linked = file === '' ? document : path.posix.normalize(path.posix.join(path.posix.dirname(document), file));
          const where = `${document}:${index + 1}: (${target})`;
          if (!fs.existsSync(path.join(root, linked))) {
            if (!generated.some((pattern) => pattern.test(linked))) broken.push(`${where}: ${linked} does not exist`);
          } else if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).includes(anchor)) {
            broken.push(`${where}: ${linked} has no heading #${anchor}`);
          }
        }
      });
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
