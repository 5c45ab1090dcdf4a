// The data providers refine is given: the generic one resolves a module name through the session's
// module list (GET /api/modules, kept in the session store); "system" speaks the system API's shapes.

import { createDataProvider, moduleResolver, type ApiResolver } from "../api/dataProvider";
import { takeRows } from "../api/schemaPrefetch";
import { SYSTEM, systemDataProvider } from "../api/systemDataProvider";
import { useSessionStore } from "../stores/useSessionStore";

/** resolveFromSession finds a module's API base in the session's module list. */
export const resolveFromSession: ApiResolver = moduleResolver(() => useSessionStore.getState().modules);

/**
 * dataProvider is refine's default provider: generic modules and plain API paths; a list's first page that
 * came with its schema is used once (api/schemaPrefetch.ts).
 */
export const dataProvider = createDataProvider(resolveFromSession, (resource, api, query) =>
  takeRows(resource, useSessionStore.getState().token, api, query),
);

/** dataProviders is what refine is given: the default provider, and "system" for the system API (spec §7). */
export const dataProviders = { default: dataProvider, [SYSTEM]: systemDataProvider };
