// The MSW server every test shares; each test adds the handlers it needs with server.use(...).
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { messageHandlers } from "./messages";
import { workbenchHandlers } from "./workbench";

// The shell asks for the schema of the module it opens on by name (api/schemaPrefetch.ts); by default the
// tests' server has no such schema, as a server without the endpoint: the page then asks {api}/schema.
const earlySchemaHandlers = [
  http.get("/api/modules/:name/schema", () => HttpResponse.json({ code: 404, msg: "not found" }, { status: 404 })),
];

export const server = setupServer(...messageHandlers, ...workbenchHandlers, ...earlySchemaHandlers);
