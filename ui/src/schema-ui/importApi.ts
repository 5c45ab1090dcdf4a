// Import of a module's records from xlsx (DESIGN.md §4): a dry run reports row errors, then a commit.

import { download, saveDownload, upload } from "../api/http";

/** DryRunReport is the answer of POST {api}/import?dryRun=true. */
export interface DryRunReport {
  total: number;
  valid: number;
  errors: { row: number; field: string; message: string }[];
}

/** CommitReport is the answer of POST {api}/import?dryRun=false. */
export interface CommitReport {
  imported: number;
}

const num = (v: unknown) => (typeof v === "number" ? v : Number(v) || 0);

/** parseDryRun reads the dry-run answer, tolerating missing parts. */
export function parseDryRun(raw: unknown): DryRunReport {
  const r = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const errors = Array.isArray(r.errors)
    ? r.errors.flatMap((e: unknown) => {
        if (typeof e !== "object" || e === null) return [];
        const x = e as Record<string, unknown>;
        return [{ row: num(x.row), field: String(x.field ?? ""), message: String(x.message ?? "") }];
      })
    : [];
  return { total: num(r.total), valid: num(r.valid), errors };
}

export async function importFile(api: string, file: File, dryRun: boolean, onProgress?: (p: number) => void): Promise<unknown> {
  const form = new FormData();
  form.append("file", file);
  return upload<unknown>(`${api}/import`, form, { query: { dryRun }, onProgress });
}

export async function downloadTemplate(api: string, title: string): Promise<void> {
  saveDownload(await download(`${api}/import/template`, `${title}.xlsx`));
}
