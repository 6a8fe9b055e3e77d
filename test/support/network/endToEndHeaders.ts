// What a proxy may pass on of a request's or answer's headers: not the hop-by-hop ones (RFC 9110 §7.6.1), which
// describe the connection they came on. Passing on a client's `Connection: close` over a kept-alive upstream socket
// makes the next request on that socket "data after Connection: close", which a Node server answers with a 400.
import type { IncomingHttpHeaders } from 'node:http';

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const passed: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.includes(name) && !named.includes(name)) passed[name] = value;
  }
  return passed;
}
