/**
 * What one organization's saved SQL can reach: the demo tables and its own results, nothing of the
 * emulator's state or of another organization. And the files under --data-dir are the owner's alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeAll, demoIds, demoKey, executeAndWait, removeTempDirs, startTestEmulator, tempDir, waitFor } from './helpers.js';

// each test starts its own emulators and runs real SQL: generous bounds on a shared two-core machine
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

afterAll(async () => {
  await closeAll();
  removeTempDirs();
});

const orgB = 'wsk_org_b';

describe('saved SQL of one organization', () => {
  it("finds nothing of another organization's state or results, by any path", async () => {
    const dataDir = tempDir();
    const emu = await startTestEmulator({ apiKeys: [demoKey, `${orgB}:other`], dataDir });
    // organization A (the demo organization) keeps a secret in a query and in a run's result
    const secret = await emu.call('POST', '/queries', { body: { name: 'Secret plan of A', sql: "SELECT 'secret-of-a' AS s" } });
    expect(secret.status).toBe(201);
    const { queryRunId: runOfA, status } = await executeAndWait(emu, secret.json.id);
    expect(status.status).toBe('COMPLETED');
    const resultTableOfA = `run_${runOfA.replace(/-/g, '')}`;
    const dir = dataDir.replace(/'/g, "''");

    const probes = [
      'SELECT * FROM ws_state.resources',
      `SELECT * FROM ws_results."${resultTableOfA}"`,
      `SELECT * FROM memory.ws_results."${resultTableOfA}"`,
      'SELECT * FROM information_schema.tables',
      'SELECT * FROM information_schema.columns',
      'SELECT * FROM information_schema.schemata',
      'SELECT * FROM duckdb_tables()',
      'SELECT * FROM duckdb_columns()',
      'SELECT * FROM duckdb_databases()',
      'SELECT * FROM duckdb_schemas()',
      'SELECT * FROM duckdb_views()',
      "SELECT * FROM pragma_table_info('ws_state.resources')",
      'SELECT * FROM pragma_database_size()',
      'SELECT * FROM pragma_show_tables()',
      `ATTACH '${dir}/workspace.duckdb' AS stolen`,
      `SELECT 1; ATTACH '${dir}/workspace.duckdb' AS stolen; SELECT * FROM stolen.ws_state.resources`,
      'PRAGMA database_list',
      `SELECT * FROM read_text('${dir}/workspace.duckdb')`,
      `SELECT * FROM read_blob('${dir}/*')`,
      `SELECT * FROM read_csv('${dir}/workspace.duckdb')`,
      `SELECT * FROM glob('${dir}/*')`,
      "SELECT * FROM read_text('/etc/hostname')",
    ];
    // a failed probe's error may repeat the probe's own SQL, never what A holds
    const secrets = ['secret-of-a', 'Secret plan of A', demoIds.organization];
    const markers = [...secrets, resultTableOfA, runOfA, 'ws_state', 'workspace.duckdb', `org-${demoIds.organization}`];
    const seen: { sql: string; status: string; text: string }[] = [];
    for (const sql of probes) {
      const created = await emu.call('POST', '/queries', { key: orgB, body: { name: `probe ${seen.length}`, sql } });
      expect(created.status, sql).toBe(201);
      const run = await executeAndWait(emu, created.json.id, {}, orgB);
      const data =
        run.status.status === 'COMPLETED' ? (await emu.call('GET', `/queries/${created.json.id}/latest/data?limit=10000`, { key: orgB })).json : null;
      seen.push({ sql, status: run.status.status, text: JSON.stringify(data ?? run.status) });
    }
    for (const probe of seen) {
      for (const marker of probe.status === 'COMPLETED' ? markers : secrets) {
        expect(probe.text.includes(marker), `${probe.sql} (${probe.status}) shows "${marker}": ${probe.text.slice(0, 400)}`).toBe(false);
      }
    }
    // the catalog probes did run, and show B's own database with the demo tables
    const tables = seen.find((p) => p.sql === 'SELECT * FROM duckdb_tables()')!;
    expect(tables.status).toBe('COMPLETED');
    expect(tables.text).toContain('"orders"');
    // and A still reads its own result
    const own = await emu.call('GET', `/queries/${secret.json.id}/latest/data`);
    expect(own.json.rows).toEqual([{ s: 'secret-of-a' }]);
  });

  it('gives every organization the demo tables, in a database of its own', async () => {
    const emu = await startTestEmulator({ apiKeys: [demoKey, `${orgB}:other`] });
    const created = await emu.call('POST', '/queries', { key: orgB, body: { name: 'count', sql: 'SELECT count(*) AS n FROM orders' } });
    const run = await executeAndWait(emu, created.json.id, {}, orgB);
    expect(run.status.status).toBe('COMPLETED');
    expect((await emu.call('GET', `/queries/${created.json.id}/latest/data`, { key: orgB })).json.rows).toEqual([{ n: 5000 }]);
  });
});

describe('files under --data-dir', () => {
  it('creates the folder 0700 and every database file 0600', async () => {
    const dataDir = path.join(tempDir(), 'state', 'nested');
    const emu = await startTestEmulator({ dataDir });
    const created = await emu.call('POST', '/queries', { body: { name: 'files', sql: 'SELECT 1 AS one' } });
    await executeAndWait(emu, created.json.id);
    const modes = () => Object.fromEntries(fs.readdirSync(dataDir).map((name) => [name, (fs.statSync(path.join(dataDir, name)).mode & 0o777).toString(8)]));
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    const files = modes();
    expect(Object.keys(files)).toContain('workspace.duckdb');
    expect(Object.keys(files).length).toBeGreaterThan(1); // the organization's own database too, and write-ahead logs
    for (const [name, mode] of Object.entries(files)) expect(`${name} ${mode}`).toBe(`${name} 600`);
    await emu.close();
    for (const [name, mode] of Object.entries(modes())) expect(`${name} ${mode}`).toBe(`${name} 600`);
  });

  it('makes files of an earlier emulator 0600 when it opens them again', async () => {
    const dataDir = tempDir();
    const first = await startTestEmulator({ dataDir });
    await first.close();
    const file = path.join(dataDir, 'workspace.duckdb');
    fs.chmodSync(file, 0o644);
    const second = await startTestEmulator({ dataDir });
    await waitFor(async () => (await second.call('GET', '/queries')).status === 200);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
  });
});
