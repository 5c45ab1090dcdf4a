// Free loopback ports for the servers the e2e runner and the demo walk start. A module of its own: lib.mjs
// reads the administrator's password from the environment when it loads, which the runner sets first.
// E2E_PORTS=FROM-TO keeps them in that range (a shared host hands each engineer a range of ports).

import { createServer } from "node:net";

const listen = (port) =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(port, "127.0.0.1", () => {
      const { port: got } = srv.address();
      srv.close(() => ok(got));
    });
  });

let next = 0;

/** freePort answers a free loopback TCP port (within E2E_PORTS when set). */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.E2E_PORTS ?? "");
  if (!range) return listen(0);
  const [from, to] = [Number(range[1]), Number(range[2])];
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((next + i) % (to - from + 1));
    try {
      await listen(port);
      next = port - from + 1;
      return port;
    } catch {
      // taken: try the next one
    }
  }
  throw new Error(`no free port in E2E_PORTS=${process.env.E2E_PORTS}`);
}
