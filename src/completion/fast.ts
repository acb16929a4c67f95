// dist/complete.cjs: answers `ws __complete` (Tab) without loading dist/cli.cjs (commander, zod and all of src/),
// from dist/complete.json (the command tree) and the names kept in the cache (names-cache.ts). Where names must
// come from the API and none are kept, it writes nothing and says so, and bin/ws.js runs the whole of ws.
import { readFileSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { type IO, selfCommand } from '../io.js';
import { cacheOnly, complete } from './complete.js';
import type { Tree } from './tree.js';

/** Whether it answered (the names written); false, having written nothing, when the whole of ws must. */
export async function serveComplete(words: string[], readTree: () => string = () => readFileSync(`${__dirname}/complete.json`, 'utf8')): Promise<boolean> {
  let tree: Tree;
  try {
    tree = JSON.parse(readTree());
  } catch {
    return false; // a build without it: the whole of ws answers
  }
  // written with fs.writeSync: making process.stdout loads more of Node than the answer costs
  const stdout = { write: (text: string) => writeSync(1, text) > 0 } as unknown as Writable;
  const io = {
    env: process.env,
    stdout,
    get self() {
      return selfCommand();
    },
  } as unknown as IO;
  return complete(words, io, tree, cacheOnly);
}
