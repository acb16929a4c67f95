/** The config file of a temporary config folder (WS_CONFIG_DIR), for the tests of `ws auth` and `ws config`. */
import fs from 'node:fs';
import path from 'node:path';
import { tempConfigDir } from './ws.js';

export interface ConfigFolder {
  dir: string;
  /** Its config.json. */
  file: string;
  /** What the file holds, parsed; undefined when there is no file. */
  read(): unknown;
  /** Writes the file (an object as JSON, a string as it is) with this mode. */
  write(data: unknown, mode?: number): void;
  /** The file's permission bits. */
  mode(): number;
  exists(): boolean;
}

/** A fresh config folder, with `data` in its config file when given. */
export function configFolder(data?: unknown, mode = 0o600): ConfigFolder {
  const dir = tempConfigDir();
  const file = path.join(dir, 'config.json');
  const folder: ConfigFolder = {
    dir,
    file,
    read: () => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined),
    write(value, fileMode = 0o600) {
      fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value), { mode: fileMode });
      fs.chmodSync(file, fileMode);
    },
    mode: () => fs.statSync(file).mode & 0o777,
    exists: () => fs.existsSync(file),
  };
  if (data !== undefined) folder.write(data, mode);
  return folder;
}
