import { it } from 'vitest';
import { run } from '../../src/cli.js';
import { ApiServer } from '../helpers/api-server.js';
import { query, queryList, queryRun } from '../helpers/fixtures.js';
import { fakeIO } from '../helpers/fake-io.js';
import { tempConfigDir, testKey } from '../helpers/ws.js';
it('x', async () => {
  const s = await new ApiServer().start();
  s.on('GET', '/queries', { body: queryList([
    query({ updatedAt: '2026-11-20T10:00:00.000Z', lastQueryRun: queryRun({ status: 'COMPLETED' }) }),
    query({ slug: 'a_really_long_slug_that_goes_on_and_on_forever', name: 'A very long query name that certainly will not fit into eighty columns of terminal', updatedAt: '2026-11-17T11:00:00.000Z', lastQueryRun: queryRun({ status: 'FAILED' }) }),
    query({ updatedAt: '2026-09-01T11:00:00.000Z' }),
  ], { total: 10 }) });
  for (const env of [{}, { FORCE_COLOR: '1' }]) {
  const io = fakeIO({ tty: true, columns: 80, now: '2026-11-20T12:00:00Z', env: { WS_BASE_URL: s.baseUrl, WS_API_KEY: testKey, WS_CONFIG_DIR: tempConfigDir(), ...env } });
  const code = await run(['queries', 'list'], io);
  console.log(code, JSON.stringify(io.out()), '\n' + io.out(), JSON.stringify(io.err()));
  }
  await s.stop();
});
