/** Set and not "0" (nor "false"): how CLICOLOR_FORCE and FORCE_COLOR turn colour on. */
function forcing(value: string | undefined): boolean {
  return value !== undefined && value !== '0' && value !== 'false';
}

/**
 * Whether to colour, first match wins: --no-color, NO_COLOR (not empty), FORCE_COLOR (0 or false: off,
 * any other value: on, as Node and chalk read it), CLICOLOR_FORCE (not 0: on), CLICOLOR=0 (off), TERM=dumb
 * (off: such a terminal shows escapes as text), and otherwise colour when stdout is a terminal. Off a terminal
 * tables are tab-separated data, which stays plain even when colour is forced, as gh's does.
 */
export function colorWanted(flag: boolean | undefined, env: Record<string, string | undefined>, stdoutIsTTY: boolean): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return forcing(env.FORCE_COLOR);
  if (env.CLICOLOR_FORCE !== undefined && env.CLICOLOR_FORCE !== '' && forcing(env.CLICOLOR_FORCE)) return true;
  if (env.CLICOLOR === '0') return false;
  if (env.TERM === 'dumb') return false;
  return stdoutIsTTY;
}
