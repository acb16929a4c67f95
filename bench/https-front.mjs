// A TLS terminator in front of the bench's emulator, as a workspace is reached over HTTPS: `node
// bench/https-front.mjs <http base URL> <folder>` makes a throwaway certificate authority and a certificate for
// 127.0.0.1 in <folder> (openssl), serves HTTPS on a free loopback port, forwards every request to the emulator
// over kept-alive connections, and prints one line: the HTTPS base URL, then the authority's file (for WS_CA_FILE).
// It runs in a process of its own, so that serving does not compete with the bench's timing loop.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

const [target, dir] = process.argv.slice(2);
const upstream = new URL(target);
const file = (name) => path.join(dir, name);
const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=ws bench authority');
openssl('req', ...ec, '-keyout', 'front.key', '-out', 'front.csr', '-subj', '/CN=127.0.0.1');
fs.writeFileSync(file('front.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
openssl('x509', '-req', '-in', 'front.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'front.ext', '-out', 'front.pem');

const agent = new http.Agent({ keepAlive: true });
const server = https.createServer({ key: fs.readFileSync(file('front.key')), cert: fs.readFileSync(file('front.pem')) }, (request, response) => {
  const forwarded = http.request(
    { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers, agent },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => response.destroy());
  request.pipe(forwarded);
});
server.listen(0, '127.0.0.1', () => {
  const base = new URL(upstream.pathname, `https://127.0.0.1:${server.address().port}`);
  process.stdout.write(`${base.href.replace(/\/$/, '')} ${file('ca.pem')}\n`);
});
