/**
 * Where ws finds the D-Bus session bus for its own Secret Service read (src/config/session-bus.ts), as libdbus
 * reads DBUS_SESSION_BUS_ADDRESS: the first unix address with a path or an abstract name, its values %-escaped;
 * else the runtime folder's `bus`. The read itself is tested against real buses in test/commands/keyring-read.test.ts
 * and test/e2e/keyring.test.ts, its wire format in test/unit/dbus-wire.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { sessionBusSocket } from '../../src/config/session-bus.js';

describe('the session bus socket', () => {
  it.each([
    ['unix:path=/run/user/1000/bus', '/run/user/1000/bus'],
    ['unix:path=/tmp/dbus-Od0E,guid=761e526cf006bc22', '/tmp/dbus-Od0E'],
    ['unix:abstract=/tmp/dbus-abc,guid=1', '\0/tmp/dbus-abc'],
    ['unix:path=/tmp/with%20space', '/tmp/with space'],
    ['unix:path=/tmp/100%', '/tmp/100%'],
    ['tcp:host=localhost,port=1234;unix:path=/run/bus', '/run/bus'],
  ])('%s is %j', (address, socket) => {
    expect(sessionBusSocket({ DBUS_SESSION_BUS_ADDRESS: address })).toBe(socket);
  });

  it('no unix address with a path: none, even with a runtime folder (the address wins)', () => {
    expect(sessionBusSocket({ DBUS_SESSION_BUS_ADDRESS: 'tcp:host=localhost,port=1234', XDG_RUNTIME_DIR: '/run/user/1000' })).toBeUndefined();
  });

  it('no address: the bus of the runtime folder, else none', () => {
    expect(sessionBusSocket({ XDG_RUNTIME_DIR: '/run/user/1000' })).toBe('/run/user/1000/bus');
    expect(sessionBusSocket({})).toBeUndefined();
  });
});
