// `npm run demo`: what a newcomer would type, against the emulator that `ws emulator exec` started
// (it sets WS_BASE_URL and WS_API_KEY for this script).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ws = fileURLToPath(new URL('../bin/ws.js', import.meta.url));
const morningReport = '20000000-0000-4000-8000-000000000001';

const steps = [
  { args: ['queries', 'list'] },
  {
    args: [
      'queries',
      'create',
      '--name',
      'Orders by status',
      '--sql',
      'SELECT status, count(*) AS orders, sum(amount) AS revenue FROM orders GROUP BY status ORDER BY orders DESC',
    ],
  },
  { args: ['queries', 'execute', 'orders_by_status', '--wait'] },
  { args: ['queries', 'execute', 'revenue_by_country', '--param', 'start_date=2026-06-01', '--param', 'min_amount=100', '--wait', '-o', 'csv'] },
  // its inputs given: at a terminal ws would ask for them (the demo runs steps, nobody answers)
  { args: ['automations', 'trigger', morningReport, '--input', 'start_date=2026-06-01', '--input', 'min_amount=100', '--wait'] },
  { args: ['queries', 'execute', 'churn_report', '--wait'], exitCode: 5, note: 'a failing run ends with exit 5 and its error' },
];

for (const step of steps) {
  const shown = step.args.map((arg) => (/[\s"'*]/.test(arg) ? `'${arg}'` : arg)).join(' ');
  process.stdout.write(`\n$ ws ${shown}\n`);
  const result = spawnSync(process.execPath, [ws, ...step.args], { stdio: 'inherit' });
  const expected = step.exitCode ?? 0;
  if (result.status !== expected) {
    process.stderr.write(`demo: \`ws ${shown}\` exited ${result.status}, expected ${expected}\n`);
    process.exit(1);
  }
  if (step.note) process.stdout.write(`(exit ${result.status}: ${step.note})\n`);
}
process.stdout.write('\nThe emulator stops now. Start your own with `ws emulator`; see docs/emulator.md.\n');
