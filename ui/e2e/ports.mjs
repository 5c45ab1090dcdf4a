// Free loopback ports for the servers the e2e runner and the demo walk start. A module of its own: lib.mjs
// reads the administrator's password from the environment when it loads, which the runner sets first.

import { createServer } from "node:net";

/** freePort answers a free loopback TCP port. */
export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}
