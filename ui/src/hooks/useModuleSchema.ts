import { useMemo } from "react";
import { useCustom } from "@refinedev/core";
import { request } from "../api/http";
import type { ModuleInfo } from "../api/modules";
import { takeSchema } from "../api/schemaPrefetch";
import { localizeSchema } from "../schema-ui/localizeSchema";
import { parseModuleSchema, type ModuleSchema } from "../schema-ui/moduleSchema";
import { useSchemaTranslator } from "../schema-ui/schemaTexts";
import { useSessionStore } from "../stores/useSessionStore";

export type ModuleSchemaState =
  | { status: "unknown"; info?: undefined; schema?: undefined; error?: undefined }
  | { status: "loading"; info: ModuleInfo; schema?: undefined; error?: undefined }
  | { status: "error"; info: ModuleInfo; schema?: undefined; error: Error }
  | { status: "ready"; info: ModuleInfo; schema: ModuleSchema; error?: undefined };

/** SCHEMA_STALE_MS keeps a module's schema for a while: it changes only when the module file does. */
const SCHEMA_STALE_MS = 5 * 60 * 1000;

/**
 * useModuleSchema finds a module in the user's module list and loads its GET {api}/schema, with its texts
 * in the console's locale (localizeSchema.ts).
 */
export function useModuleSchema(name: string | undefined): ModuleSchemaState {
  const modules = useSessionStore((s) => s.modules);
  const found = modules.find((m) => m.name === name);
  const tr = useSchemaTranslator();
  const info = useMemo(() => found && { ...found, title: tr(found.name, found.title) }, [found, tr]);
  const token = useSessionStore((s) => s.token);
  const url = `${info?.api ?? ""}/schema`;
  const { query, result } = useCustom<Record<string, unknown>>({
    url,
    method: "get",
    queryOptions: {
      enabled: !!info,
      staleTime: SCHEMA_STALE_MS,
      queryKey: ["module-schema", info?.api],
      // The shell may have asked for this schema by the module's name already (schemaPrefetch.ts): its
      // answer is used once; without one, or when it failed, the module's own address is asked.
      queryFn: async () => {
        const early = name ? takeSchema(name, token) : undefined;
        if (early) {
          try {
            return { data: (await early) as Record<string, unknown> };
          } catch {
            // fall through to the module's own address, whose failure is reported as before
          }
        }
        return { data: await request<Record<string, unknown>>(url, { method: "GET" }) };
      },
    },
    errorNotification: false,
  });
  const raw: unknown = result?.data;
  return useMemo((): ModuleSchemaState => {
    if (!info) return { status: "unknown" };
    if (query.error) return { status: "error", info, error: new Error(query.error.message) };
    // refine's query client keeps the previous query's data while the next loads: on a move from one module
    // to another that is the other module's schema, whose list would write its criteria into this URL.
    if (raw === undefined || query.isLoading || query.isPlaceholderData) return { status: "loading", info };
    try {
      return { status: "ready", info, schema: localizeSchema(parseModuleSchema(raw), tr) };
    } catch (err) {
      return { status: "error", info, error: err instanceof Error ? err : new Error(String(err)) };
    }
  }, [info, raw, query.error, query.isLoading, query.isPlaceholderData, tr]);
}
