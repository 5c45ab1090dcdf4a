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

/**
 * listened resolves once the child (a started binary, stdout and stderr piped) logs that it listens on addr.
 * The port is free when freePort picks it but bound only once the binary has opened its store (over 10 s on
 * a loaded machine): another runner may bind it in between, and /healthz then answers from that server
 * (another administrator password: the specs failed at their first sign-in, seen with two runners in
 * overlapping E2E_PORTS). A runner talks to its server only after this line.
 */
export function listened(child, addr) {
  return new Promise((resolve) => {
    // the JSON log's "msg":"listening","addr":"127.0.0.1:PORT" (or the text log's msg=listening addr=…)
    const line = new RegExp(`listening\\W{1,4}addr\\W{1,3}${addr.replaceAll(".", "\\.")}(?!\\d)`);
    let seen = "";
    const watch = (chunk) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (line.test(seen)) resolve(true);
    };
    child.stdout.on("data", watch);
    child.stderr.on("data", watch);
  });
}
