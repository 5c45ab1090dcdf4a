// The data providers refine is given: the generic one resolves a module name through the session's
// module list (GET /api/modules, kept in the session store).

import { createDataProvider, moduleResolver, type ApiResolver } from "../api/dataProvider";
import { useSessionStore } from "../stores/useSessionStore";

/** resolveFromSession finds a module's API base in the session's module list. */
export const resolveFromSession: ApiResolver = moduleResolver(() => useSessionStore.getState().modules);

/** dataProvider is refine's default provider: generic modules and plain API paths. */
export const dataProvider = createDataProvider(resolveFromSession);
