import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Pair {
  key: string;
  cert: string;
}

export interface Certificates {
  dir: string;
  /** The throwaway certificate authority's certificate (PEM) and its file. */
  caPem: string;
  caFile: string;
  /** A second authority nobody trusts. */
  otherCaFile: string;
  /** Signed by the CA for localhost, 127.0.0.1, 0.0.0.0 and ws-test.example. */
  valid: Pair;
  /** Same names, expired yesterday. */
  expired: Pair;
  /** Signed by the CA, but for elsewhere.example only. */
  mismatched: Pair;
  /** Signed by the other authority. */
  untrusted: Pair;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function authority(dir: string, name: string, subject: string): void {
  openssl(dir, [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-subj',
    `/CN=${subject}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

function leaf(dir: string, name: string, ca: string, altNames: string, days: number): Pair {
  openssl(dir, ['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=ws test server']);
  fs.writeFileSync(path.join(dir, `${name}.ext`), `subjectAltName=${altNames}\nextendedKeyUsage=serverAuth\n`);
  // -days -1 makes a certificate that ended a day before it began: expired, without faking the clock
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-set_serial',
    String(Date.now()),
    '-days',
    String(days),
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.pem`,
  ]);
  return { key: fs.readFileSync(path.join(dir, `${name}.key`), 'utf8'), cert: fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8') };
}

/** A throwaway CA and server certificates, made now with the openssl command, in a fresh temporary folder. */
export function makeCertificates(): Certificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-test-tls-'));
  authority(dir, 'ca', 'ws test CA');
  authority(dir, 'other-ca', 'ws untrusted test CA');
  const names = 'DNS:localhost,DNS:ws-test.example,IP:127.0.0.1,IP:0.0.0.0';
  return {
    dir,
    caPem: fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8'),
    caFile: path.join(dir, 'ca.pem'),
    otherCaFile: path.join(dir, 'other-ca.pem'),
    valid: leaf(dir, 'valid', 'ca', names, 2),
    expired: leaf(dir, 'expired', 'ca', names, -1),
    mismatched: leaf(dir, 'mismatched', 'ca', 'DNS:elsewhere.example', 2),
    untrusted: leaf(dir, 'untrusted', 'other-ca', names, 2),
  };
}
