// dist/help.cjs: answers `ws --help`, `ws help …`, `ws <group>` and the like from dist/help.json, without
// loading dist/cli.cjs (commander, zod and all of src/), whose compiling alone costs more than Node's start.
// It answers only command lines whose meaning it knows for sure; for anything else it says nothing, and
// bin/ws.js runs the whole of ws as before.
import { fstatSync, readFileSync, statSync, writeSync } from 'node:fs';
import type { HelpEntry, HelpIndex, HelpNode } from './manifest.js';
import { renderHelp, wrapLines } from './render.js';

/** Help goes to stdout, asked for or shown for a group given no command (`ws`, `ws queries`), as gh and git do. */
export interface HelpAnswer {
  /** The text to write, given commander's help width for stdout. */
  text(width: number): string;
}

const helpFlags = ['--help', '-h'];

/**
 * Whether argv can be a help request at all, decided before reading anything: words, perhaps ending in a help
 * flag. Words alone are help only after `help` or as one group's name (`ws queries`): ws's groups are all at the
 * top, so `ws queries list` and the like cost no reading (a deeper group would be answered by the whole of ws).
 */
function mayBeHelp(argv: readonly string[]): boolean {
  const flag = helpFlags.includes(argv.at(-1) ?? '');
  if (!flag && argv.length > 1 && argv[0] !== 'help') return false;
  const last = argv.length - (flag ? 1 : 0);
  for (let at = 0; at < last; at++) if (argv[at]!.startsWith('-') || argv[at] === '') return false;
  return true;
}

/** What ws would print for argv, if argv is a help request the manifest knows; undefined for anything else. */
export function helpAnswer(argv: readonly string[], manifest: Buffer): HelpAnswer | undefined {
  if (!mayBeHelp(argv)) return undefined;
  const index = JSON.parse(lineOf(manifest, 0)) as HelpIndex;
  const entry = (line: number) => JSON.parse(lineOf(manifest, line)) as HelpEntry;
  const show = (node: HelpNode): HelpAnswer => {
    const { document, before, after } = entry(node.line);
    return { text: (width) => wrapLines(before + renderHelp(document, width) + after, width) };
  };
  const flag = helpFlags.includes(argv.at(-1) ?? '') ? argv.at(-1)! : undefined;
  if (flag !== undefined) {
    // `ws queries list --help`
    const node = find(index.tree, argv.slice(0, -1));
    return node?.flags.includes(flag) ? show(node) : undefined;
  }
  if (argv[0] === 'help') {
    // `ws help`, `ws help <topic>`, `ws help queries list`
    const words = argv.slice(1);
    if (words.length === 1 && Object.hasOwn(index.topics, words[0]!)) {
      const text = JSON.parse(lineOf(manifest, index.topics[words[0]!]!)) as string;
      return { text: () => text };
    }
    const node = find(index.tree, words);
    return node ? show(node) : undefined;
  }
  // `ws`, `ws queries`: a group without its verb shows its help (exit 0)
  const node = find(index.tree, argv);
  return node?.bare ? show(node) : undefined;
}

/** Line n of the manifest, decoded alone: the others are never decoded. */
function lineOf(manifest: Buffer, n: number): string {
  let start = 0;
  for (let at = 0; at < n; at++) start = manifest.indexOf(10, start) + 1;
  const end = manifest.indexOf(10, start);
  return manifest.toString('utf8', start, end < 0 ? manifest.length : end);
}

/** The command these words name from the root, by name or alias, as commander finds them. */
function find(tree: HelpNode, words: readonly string[]): HelpNode | undefined {
  let at: HelpNode | undefined = tree;
  for (const word of words) at = at?.commands.find((command) => command.names.includes(word));
  return at;
}

/**
 * Writes the help argv asks for and returns the exit code, or returns undefined (having written nothing) when
 * argv is anything else. The width is commander's: the terminal's columns, or 80 when the stream is no terminal.
 * It runs before bin/ws.js sets its handlers of stream errors (making process.stdout costs a few ms), and
 * writes with fs.writeSync, so it meets write errors itself.
 */
export function serveHelp(argv: readonly string[], readManifest: () => Buffer = () => readFileSync(`${__dirname}/help.json`)): number | undefined {
  if (!mayBeHelp(argv)) return undefined;
  let manifest: Buffer;
  try {
    // help.cjs is CommonJS, next to help.json in dist/ (the standalone ws reads it from its own assets)
    manifest = readManifest();
  } catch {
    return undefined; // a build without it: the whole of ws answers
  }
  const answer = helpAnswer(argv, manifest);
  if (answer === undefined) return undefined;
  // process.stdout is made only to learn a terminal's width: making it loads node:net (a few ms)
  const stream = mayBeTerminal(1) ? process.stdout : undefined;
  return writeAll(answer.text((stream?.isTTY ? stream.columns : undefined) ?? 80));
}

/** Whether fd may be a terminal: a terminal is a character device, and /dev/null (stdio 'ignore') is none. */
function mayBeTerminal(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isCharacterDevice() && stat.rdev !== statSync('/dev/null').rdev;
  } catch {
    return true; // let the stream tell
  }
}

/**
 * Writes all of text to stdout at once, as process.stdout writes files and pipes, and returns the exit code. Failures
 * end as bin/ws.js ends them on the stream: a reader gone (EPIPE) ends quietly, 0. When nothing could be written
 * for another reason, it returns undefined, and the whole of ws writes (and meets the same failure, handled as always).
 */
function writeAll(text: string): number | undefined {
  const fd = 1;
  const bytes = Buffer.from(text);
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return 0;
      if (done === 0) return undefined;
      // a part is written: a pipe full for now (non-blocking) takes the rest after a moment
      if (code === 'EAGAIN') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      else {
        try {
          writeSync(2, `error: cannot write the output: ${(error as Error).message}\n`);
        } catch {
          // stderr is gone too: the exit code tells
        }
        return 1;
      }
    }
  }
  return 0;
}
