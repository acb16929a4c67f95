/**
 * A real Secret Service for the keyring tests, private to one test file: a D-Bus session bus of its own
 * (`dbus-daemon --session`) with GNOME Keyring on it (`gnome-keyring-daemon --components=secrets`, its login
 * collection made and unlocked with a password on stdin), in a temporary folder; read back with an independent
 * client, libsecret's `secret-tool`. .ci/run installs the three (Debian's dbus-daemon, gnome-keyring, libsecret-tools).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const secretServiceTools = ['dbus-daemon', 'gnome-keyring-daemon', 'secret-tool', 'dbus-send', 'dbus-monitor'] as const;

const collection = '/org/freedesktop/secrets/collection/login';

/** The account of a profile's keyring entry when WS_CONFIG_DIR names the config folder: the profile and the file. */
export const keyringAccount = (configDir: string, profile: string) => `${profile} (${path.join(configDir, 'config.json')})`;

export interface SecretService {
  /** What a process needs to reach this Secret Service (and nothing of the user's own). */
  env: Record<string, string>;
  /** The secret stored under these attributes, as secret-tool finds it; undefined when there is none. */
  lookup(service: string, account: string): string | undefined;
  /** Every item's attributes and secret, as `secret-tool search --all` prints them. */
  dump(): string;
  store(service: string, account: string, secret: string): void;
  /** Locks the login collection: reading or writing then needs an unlock prompt, which nobody here can answer. */
  lock(): void;
  stop(): void;
}

function busDaemon(config: string[], env: NodeJS.ProcessEnv): { address: string; pid: number } {
  const printed = execFileSync('dbus-daemon', [...config, '--fork', '--print-address=1', '--print-pid=1'], { env, encoding: 'utf8', timeout: 10_000 });
  const [address, pid] = printed.trim().split('\n');
  return { address: address!, pid: Number(pid) };
}

async function waitFor(ready: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not start within 5 s`);
}

/**
 * A session bus's configuration in `dir`, its socket in /tmp (a test run's own temporary folder makes a path too
 * long for a socket's name), where each of `names` can be started but never answers (its program sleeps): a call to
 * one waits until the caller gives up. Returns dbus-daemon's arguments.
 */
function busConfig(dir: string, names: string[], rules: string): string[] {
  const services = path.join(dir, 'services');
  fs.mkdirSync(services);
  for (const name of names) fs.writeFileSync(path.join(services, `${name}.service`), `[D-BUS Service]\nName=${name}\nExec=/bin/sleep 90\n`);
  fs.writeFileSync(
    path.join(dir, 'bus.conf'),
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <servicedir>${services}</servicedir>
  <limit name="service_start_timeout">60000</limit>
  ${rules}
</busconfig>
`,
  );
  return [`--config-file=${path.join(dir, 'bus.conf')}`];
}

/**
 * A session bus on which the prompter GNOME Keyring shows its unlock dialog with can be started but never answers
 * (as a dialog nobody is there to answer): an unlock waits until GNOME Keyring's own call to it gives up, 25 s.
 */
const busWithSilentPrompter = (dir: string) =>
  busConfig(
    dir,
    ['org.gnome.keyring.SystemPrompter', 'org.gnome.keyring.PrivatePrompter'],
    '<auth>EXTERNAL</auth><policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>',
  );

/**
 * Starts a bus and GNOME Keyring on it, unlocked. With `silentPrompter`, an unlock of the locked keyring waits for a
 * dialog that never answers (busWithSilentPrompter); without, it fails at once, as where no dialog can be shown.
 */
export async function startSecretService(options: { silentPrompter?: boolean } = {}): Promise<SecretService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-test-keyring-'));
  const runtime = path.join(dir, 'run');
  fs.mkdirSync(runtime, { mode: 0o700 });
  const base = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_RUNTIME_DIR: runtime,
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  };
  const bus = busDaemon(options.silentPrompter ? busWithSilentPrompter(dir) : ['--session'], base);
  const env: Record<string, string> = { ...(base as Record<string, string>), DBUS_SESSION_BUS_ADDRESS: bus.address };
  // in the foreground, as a child of this process: stopped with it; the password on stdin makes and unlocks "login"
  const keyring: ChildProcess = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  keyring.stdin!.end('ws-test-password');
  const owned = () =>
    spawnSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.NameHasOwner',
        'string:org.freedesktop.secrets',
      ],
      {
        env,
        encoding: 'utf8',
      },
    ).stdout.includes('boolean true');
  await waitFor(() => owned() && fs.existsSync(path.join(base.XDG_DATA_HOME, 'keyrings', 'login.keyring')), 'gnome-keyring-daemon');
  const tool = (args: string[], input?: string) =>
    spawnSync('secret-tool', args, { env, encoding: 'utf8', timeout: 10_000, ...(input === undefined ? {} : { input }) });
  return {
    env,
    lookup(service, account) {
      const found = tool(['lookup', 'service', service, 'username', account]);
      return found.status === 0 ? found.stdout : undefined;
    },
    dump() {
      const found = tool(['search', '--all', '--unlock', 'xdg:schema', 'org.freedesktop.Secret.Generic']);
      return `${found.stdout}${found.stderr}`;
    },
    store(service, account, secret) {
      const stored = tool(['store', '--label', `${service} ${account}`, 'service', service, 'username', account], secret);
      if (stored.status !== 0) throw new Error(`secret-tool store failed: ${stored.stderr}`);
    },
    lock() {
      execFileSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.secrets',
          '/org/freedesktop/secrets',
          'org.freedesktop.Secret.Service.Lock',
          `array:objpath:${collection}`,
        ],
        {
          env,
          timeout: 10_000,
        },
      );
    },
    stop() {
      keyring.kill();
      try {
        process.kill(bus.pid);
      } catch {
        // gone already
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A bus on which the Secret Service never answers: its name is activatable, but what starts never takes it, so a
 * call waits until the bus gives up (a minute). What a hung keyring looks like to ws.
 */
export function startSilentSecretService(): { env: Record<string, string>; stop(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-test-silent-keyring-'));
  const config = busConfig(dir, ['org.freedesktop.secrets'], '<policy context="default"><allow send_destination="*"/><allow own="*"/></policy>');
  const bus = busDaemon(config, { PATH: process.env.PATH });
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: bus.address },
    stop() {
      try {
        process.kill(bus.pid);
      } catch {
        // gone already
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
