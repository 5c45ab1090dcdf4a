// The generic modules this user may list (GET /api/modules), so a module name maps to its API base.

/** ModuleInfo is one entry of GET /api/modules. */
export interface ModuleInfo {
  name: string;
  title: string;
  api: string;
  permission: string;
  group?: string;
  icon?: string;
  order?: number;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** parseModules keeps the well-formed entries of the answer (name and api are required). */
export function parseModules(raw: unknown): ModuleInfo[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown): ModuleInfo[] => {
    if (typeof item !== "object" || item === null) return [];
    const r = item as Record<string, unknown>;
    const name = str(r.name);
    const api = str(r.api);
    if (!name || !api) return [];
    return [
      {
        name,
        api: api.replace(/\/+$/, ""),
        title: str(r.title) ?? name,
        permission: str(r.permission) ?? name,
        group: str(r.group),
        icon: str(r.icon),
        order: typeof r.order === "number" ? r.order : undefined,
      },
    ];
  });
}
