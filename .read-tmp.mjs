import { DuckDBInstance } from '@duckdb/node-api';
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const f = process.argv[2];
try {
  const r = await c.runAndReadAll(`SELECT * FROM read_parquet('${f}')`);
  console.log(JSON.stringify(r.getRowObjectsJson()));
} catch (e) {
  console.log('ERR', e.message.split('\n')[0]);
}
