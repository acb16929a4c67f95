/**
 * Which hosts are this machine: the API key may go to them over plain http, no proxy carries a request to them, and
 * `ws emulator` listens on nothing else.
 */
const loopbackHosts = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Whether a host name or address is this machine's loopback. */
export function isLoopback(host: string): boolean {
  return loopbackHosts.test(host);
}
