/**
 * The emulator's rows are DuckDB's rows whatever machine runs it (issue 39): `ws emulator exec` started under
 * several TZ values gives the same bytes, its sessions in UTC unless --time-zone says otherwise; and values JSON
 * cannot carry as they are (infinite dates, -0.0, a FLOAT, an INTERVAL) come as DuckDB prints them.
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, wsCommand } from '../helpers/ws.js';

const sql = [
  "TIMESTAMPTZ '2026-03-08 22:30:00+00' AS at",
  "CAST(TIMESTAMPTZ '2026-03-08 22:30:00+00' AS DATE) AS day",
  "[TIMESTAMPTZ '2026-03-08 22:30:00+00'] AS ats",
  "'infinity'::DATE AS inf",
  "'-infinity'::DATE AS ninf",
  '-0.0::DOUBLE AS nz',
  '[-0.0::DOUBLE, 1.5] AS nzs',
  'CAST(0.1 AS FLOAT) AS f',
  '[CAST(0.1 AS FLOAT), CAST(-2.5 AS FLOAT), CAST(16777217 AS FLOAT)] AS fs',
  "{'x': CAST(3.14 AS FLOAT), 'n': 7} AS fx",
  "INTERVAL '1 year 2 months 3 days 04:05:06.789' AS span",
  "[INTERVAL '3 days'] AS spans",
].join(', ');

/** `ws emulator exec` with this TZ and these flags, running a query there; what `queries execute --wait -o <format>` printed. */
async function rowsUnder(tz: string, flags: string[], format: string): Promise<string> {
  const [ws, wsArgs] = wsCommand([]);
  const script = `
    const { execFileSync } = require('node:child_process');
    const ws = (...args) => execFileSync(${JSON.stringify(ws)}, [...${JSON.stringify(wsArgs)}, ...args], { encoding: 'utf8' });
    ws('queries', 'create', '--name', 'Values', '--sql', ${JSON.stringify(`SELECT ${sql}`)}, '-q');
    process.stdout.write(ws('queries', 'execute', 'values', '--wait', '-q', '-o', ${JSON.stringify(format)}));
  `;
  const [command, args] = wsCommand(['emulator', 'exec', '--port', '0', '--step-duration', '0', ...flags, '--', process.execPath, '-e', script]);
  const result = await execa(command, args, {
    env: { PATH: process.env.PATH, WS_CONFIG_DIR: tempConfigDir(), TZ: tz, NO_COLOR: '1' },
    extendEnv: false,
    reject: false,
    timeout: 45_000,
    stripFinalNewline: false,
  });
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
}

describe('the emulator answers as DuckDB does, on any machine', () => {
  it('gives the same bytes under TZ=UTC, Asia/Kolkata and America/Los_Angeles: its sessions are in UTC', async () => {
    const csv = await Promise.all(['UTC', 'Asia/Kolkata', 'America/Los_Angeles'].map((tz) => rowsUnder(tz, [], 'csv')));
    expect(csv[1]).toBe(csv[0]);
    expect(csv[2]).toBe(csv[0]);
    expect(csv[0]).toBe(
      'at,day,ats,inf,ninf,nz,nzs,f,fs,fx,span,spans\n' +
        '2026-03-08 22:30:00+00,2026-03-08,"[""2026-03-08 22:30:00+00""]",infinity,-infinity,-0.0,"[""-0.0"",1.5]",0.1,"[0.1,-2.5,16777216]","{""x"":3.14,""n"":7}",1 year 2 months 3 days 04:05:06.789,"[""3 days""]"\n',
    );
  }, 120_000);

  it('--time-zone sets the sessions of another zone', async () => {
    const json = JSON.parse(await rowsUnder('UTC', ['--time-zone', 'Asia/Kolkata'], 'ndjson'));
    expect(json).toMatchObject({ at: '2026-03-09 04:00:00+05:30', day: '2026-03-09' });
  }, 60_000);
});
