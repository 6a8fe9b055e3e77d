// A certificate authority made for one test run (openssl, which the test host has): its certificate, and a server
// certificate it signed for localhost, 127.0.0.1 and PROXIED_HOST_NAME. Nothing outside the run trusts it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A name no resolver knows (RFC 6761 reserves .test), for a server reached only through the recording proxy, which
 * maps it to loopback. A request to it that bypasses the proxy fails to resolve, so a success proves the proxy carried
 * it; and a proxy is only ever used for such names: VS Code sends localhost and 127.0.0.1 direct whatever http.proxy says.
 */
export const PROXIED_HOST_NAME = 'models.example.test';

export interface ThrowawayCa {
  /** The authority's certificate (PEM file). */
  caCertFile: string;
  /** The server's key and certificate (PEM text). */
  serverKey: string;
  serverCert: string;
}

export function makeThrowawayCa(dir: string, name: string): ThrowawayCa {
  fs.mkdirSync(dir, { recursive: true });
  const file = (base: string): string => path.join(dir, `${name}-${base}`);
  const openssl = (args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'pipe' });
  };
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=Ask Model test CA ${name}`, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', file('server.key'), '-out', file('server.csr')]);
  fs.writeFileSync(file('server.ext'), `subjectAltName=DNS:localhost,IP:127.0.0.1,DNS:${PROXIED_HOST_NAME}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl(['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('server.ext'), '-out', file('server.pem')]);
  return { caCertFile: file('ca.pem'), serverKey: fs.readFileSync(file('server.key'), 'utf8'), serverCert: fs.readFileSync(file('server.pem'), 'utf8') };
}
