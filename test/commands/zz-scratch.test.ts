import { it } from 'vitest';
import { stubServer } from '../helpers/command.js';
import { query, queryList } from '../helpers/fixtures.js';
const { server, ws } = stubServer({ now: '2026-11-20T12:00:00.000Z' });
it('scratch', async () => {
  const q = query({ id: '00000000-0000-4000-8000-00000000a001', parameters: [{ name: 'day', type: 'date', description: 'the day', defaultValue: '2026-01-01' }] });
  server.on('GET', `/queries/${q.id}`, { body: q });
  server.on('GET', '/queries', { body: queryList([q]) });
  for (const o of [{ tty: true, columns: 80 }, { tty: true, columns: 80, env: { NO_COLOR: '1' } }, {}]) console.log(JSON.stringify(await ws(['queries', 'get', 'daily_revenue'], o)));
  console.log(JSON.stringify(await ws(['queries', 'get'], {})));
  console.log(JSON.stringify(await ws(['queries', 'get', 'a', 'b'], {})));
  console.log(JSON.stringify(server.requests.map(r=>[r.method,r.path,r.query])));
});
