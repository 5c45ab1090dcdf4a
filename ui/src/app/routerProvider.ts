// refine's router binding, minus the query string. The console keeps each page's state in its URL itself
// (a list's criteria: ?page=&size=&sort= and its filters, ModuleListPage) with refine's syncWithLocation off.
// refine merges every parameter its router parses into the meta of every data call (useMeta), and meta is
// part of the react-query keys: each write of a list's criteria into the URL changed the key of every query
// on the page, so every list fetched its rows and its reference labels twice on opening and on every page,
// sort or search (issue 19, measured on the first module list). A query parameter could also reach the data
// provider as meta (?api=, ?query=). refine is handed the route's own parameters and `to` (where a sign-in
// returns to) only.

import { useCallback } from "react";
import { useParams } from "react-router";
import type { RouterProvider } from "@refinedev/core";
import base from "@refinedev/react-router";

function useParse() {
  const parse = base.parse!();
  const route = useParams();
  return useCallback(() => {
    const parsed = parse();
    const to = parsed.params?.to;
    return { ...parsed, params: { ...route, ...(to ? { to } : {}) } };
  }, [parse, route]);
}

export const routerProvider: RouterProvider = { ...base, parse: useParse };
