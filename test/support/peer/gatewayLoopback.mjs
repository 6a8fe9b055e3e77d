// Preloaded into Portkey's gateway (node --import): its start-server.js takes only `--port=` and listens on every
// interface, and a test server must stay on loopback. A listen given a port and no host gets 127.0.0.1.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' && (args[1] === undefined || typeof args[1] === 'function')) {
    args.splice(1, args[1] === undefined ? 1 : 0, '127.0.0.1');
  }
  return listen.apply(this, args);
};
