// The data providers refine is given: the generic one resolves a module name through the session's
// module list (GET /api/modules, kept in the session store); "system" speaks the system API's shapes.

import { createDataProvider, moduleResolver, type ApiResolver } from "../api/dataProvider";
import { SYSTEM, systemDataProvider } from "../api/systemDataProvider";
import { useSessionStore } from "../stores/useSessionStore";

/** resolveFromSession finds a module's API base in the session's module list. */
export const resolveFromSession: ApiResolver = moduleResolver(() => useSessionStore.getState().modules);

/** dataProvider is refine's default provider: generic modules and plain API paths. */
export const dataProvider = createDataProvider(resolveFromSession);

/** dataProviders is what refine is given: the default provider, and "system" for the system API (spec §7). */
export const dataProviders = { default: dataProvider, [SYSTEM]: systemDataProvider };
