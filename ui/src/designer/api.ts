// The designer's calls (docs/designer.md): every route under /api/designer, needing the code formDesign.

import { download, request, saveDownload } from "../api/http";
import { fromPlain, toPlain } from "./yamlio";
import type { ModuleDoc } from "./model";

const BASE = "/api/designer";

/** LoadProblem is a loader problem (schema.LoadError) of a draft. */
export interface LoadProblem {
  file?: string;
  line: number;
  field?: string;
  problem: string;
}

export interface ModuleEntry {
  name: string;
  title: string;
  api: string;
  group?: string;
  source: "file" | "designer";
  file?: string;
  readOnly: boolean;
  state?: "draft" | "published" | "changed" | "removed";
  publishedVersion?: number;
  served?: boolean;
}

export interface ModuleRead {
  name: string;
  source: "file" | "designer";
  readOnly: boolean;
  state?: string;
  yaml: string;
  model: ModuleDoc | null;
  problems: LoadProblem[];
  renames: Record<string, string>;
  publishedVersion?: number;
}

export interface Change {
  kind: string;
  risk: "destructive" | "convert" | "rename" | "additive" | "none";
  field?: string;
  from?: string;
  to?: string;
  detail?: string;
  rows?: number;
  losses?: number;
  preview?: { from: unknown; to: unknown; ok: boolean }[];
}

export interface Plan {
  module: string;
  fromVersion: number;
  new: boolean;
  problems: LoadProblem[];
  destructive: boolean;
  confirm?: string;
  changes: Change[];
}

export interface PublishAnswer {
  version: number;
  publishedAt: string;
  plan: Plan;
  granted: number[];
  restored?: number;
}

export interface VersionEntry {
  version: number;
  note?: string;
  publishedBy?: number;
  publishedByName?: string;
  publishedAt: string;
  current?: boolean;
  backup?: boolean;
}

export interface DesignerOptions {
  fieldTypes: string[];
  dicts: { type: string; title: string }[];
  groups: { name: string; title: string; parent?: string }[];
  modules: { name: string; title: string; fields: { name: string; label: string; type: string }[] }[];
  roles: { id: number; name: string }[];
}

type RawRead = Omit<ModuleRead, "model"> & { model: unknown };

const readOf = (raw: RawRead): ModuleRead => ({
  ...raw,
  model: raw.model ? fromPlain(raw.model) : null,
  problems: raw.problems ?? [],
  renames: raw.renames ?? {},
});

export const designerApi = {
  modules: () => request<ModuleEntry[]>(`${BASE}/modules`),
  read: async (name: string) => readOf(await request<RawRead>(`${BASE}/modules/${encodeURIComponent(name)}`)),
  create: async (body: { model: ModuleDoc } | { yaml: string }) =>
    readOf(await request<RawRead>(`${BASE}/modules`, { method: "POST", body: wire(body), silent: true })),
  save: async (name: string, body: ({ model: ModuleDoc } | { yaml: string }) & { renames: Record<string, string> }) =>
    readOf(await request<RawRead>(`${BASE}/modules/${encodeURIComponent(name)}`, { method: "PUT", body: wire(body), silent: true })),
  copy: async (name: string, target: { name: string; title: string; api: string; permission: string }) =>
    readOf(await request<RawRead>(`${BASE}/modules/${encodeURIComponent(name)}/copy`, { method: "POST", body: target, silent: true })),
  remove: (name: string) => request<{ removed: boolean }>(`${BASE}/modules/${encodeURIComponent(name)}`, { method: "DELETE", silent: true }),
  parse: async (yaml: string) => {
    const raw = await request<{ model: unknown; problems: LoadProblem[] }>(`${BASE}/parse`, { method: "POST", body: { yaml }, silent: true });
    return { model: raw.model ? fromPlain(raw.model) : null, problems: raw.problems ?? [] };
  },
  render: (model: ModuleDoc, yaml?: string) =>
    request<{ yaml: string }>(`${BASE}/render`, { method: "POST", body: { model: toPlain(model), yaml }, silent: true }),
  importYaml: async (yaml: string) => readOf(await request<RawRead>(`${BASE}/import`, { method: "POST", body: { yaml }, silent: true })),
  exportYaml: async (name: string, version?: number) =>
    saveDownload(await download(`${BASE}/modules/${encodeURIComponent(name)}/export`, `${name}.yaml`, { query: { version } })),
  plan: (name: string, version?: number) =>
    request<Plan>(`${BASE}/modules/${encodeURIComponent(name)}/plan`, { method: "POST", body: version ? { version } : {}, silent: true }),
  publish: (name: string, body: { note?: string; confirm?: string; roles?: number[] }) =>
    request<PublishAnswer>(`${BASE}/modules/${encodeURIComponent(name)}/publish`, { method: "POST", body, silent: true }),
  versions: (name: string) => request<VersionEntry[]>(`${BASE}/modules/${encodeURIComponent(name)}/versions`),
  rollback: (name: string, body: { version: number; note?: string; confirm?: string }) =>
    request<PublishAnswer>(`${BASE}/modules/${encodeURIComponent(name)}/rollback`, { method: "POST", body, silent: true }),
  options: () => request<DesignerOptions>(`${BASE}/options`),
};

function wire<T extends object>(body: T): T {
  return ("model" in body ? { ...body, model: toPlain(body.model as ModuleDoc) } : body) as T;
}

/** RISK_ORDER sorts a plan's changes riskiest first (the server sends them so; the console keeps to it). */
export const RISK_ORDER: Change["risk"][] = ["destructive", "convert", "rename", "additive", "none"];

export function sortedChanges(changes: Change[]): Change[] {
  return [...changes].sort((a, b) => RISK_ORDER.indexOf(a.risk) - RISK_ORDER.indexOf(b.risk));
}
