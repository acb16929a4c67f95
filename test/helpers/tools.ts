/**
 * Tests that drive a program besides node (fish, zsh, tmux): outside CI they are skipped, saying why, on a machine
 * without it; under CI (where .ci/run installs them) they never skip: a missing program fails the file, so that a
 * CI machine without it cannot pass silently.
 */
import { spawnSync } from 'node:child_process';
import { it } from 'vitest';

export const underCI = Boolean(process.env.CI);

/** Whether `program` is on the PATH. */
export function hasProgram(program: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$0"', program], { stdio: 'ignore' }).status === 0;
}

/**
 * For `describe.skipIf(skipWithout('fish'))`: true (skip) when a program is missing outside CI; under CI false,
 * with a failing test that names what is missing, as the tests that need it then fail too.
 */
export function skipWithout(...programs: string[]): boolean {
  const missing = programs.filter((program) => !hasProgram(program));
  if (missing.length === 0) return false;
  const what = `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed`;
  if (!underCI) {
    console.warn(`skipped: the tests that need ${programs.join(' and ')}: ${what} (under CI they fail; .ci/run installs them)`);
    return true;
  }
  it(`needs ${programs.join(' and ')}`, () => {
    throw new Error(
      `${what}: under CI the tests that need ${missing.length > 1 ? 'them' : 'it'} fail instead of skipping (.ci/run installs ${missing.join(' and ')})`,
    );
  });
  return false;
}
