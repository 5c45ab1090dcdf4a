// The dictionaries of the live preview: the items of every dictionary the model's enum fields (its children's
// fields too) name, read with the console's dictionary call (POST /api/sysdictitem/selectSysDictItemList, any
// signed-in user; values as strings, as GET {api}/schema's `dicts` has them), each dictionary once.

import { useEffect, useRef, useState } from "react";
import { request } from "../api/http";
import type { Option } from "../schema-ui/moduleSchema";
import type { Dicts } from "./describe";
import type { FieldDoc, ModuleDoc } from "./model";

/** dictTypesOf lists the dictionaries the model's fields name, sorted, each once. */
export function dictTypesOf(m: ModuleDoc): string[] {
  const out = new Set<string>();
  const walk = (fields: FieldDoc[] | undefined) => {
    for (const f of fields ?? []) {
      if (f.dict) out.add(f.dict);
      walk(f.fields);
    }
  };
  walk(m.fields);
  return [...out].sort();
}

/** loadDicts reads the items of the named dictionaries (an unknown one has none). */
export async function loadDicts(types: string[]): Promise<Dicts> {
  if (types.length === 0) return {};
  const answer = await request<Option[] | Record<string, Option[]>>("/api/sysdictitem/selectSysDictItemList", {
    method: "POST",
    body: { dictType: types.join(",") },
    silent: true,
  });
  const out: Dicts = {};
  if (Array.isArray(answer)) out[types[0]] = answer.map(option);
  else for (const t of types) out[t] = (answer[t] ?? []).map(option);
  return out;
}

const option = (o: Option): Option => ({ value: String(o.value), label: o.label });

/** usePreviewDicts answers the items of the dictionaries the model names, loading each new one once. */
export function usePreviewDicts(model: ModuleDoc): Dicts {
  const key = dictTypesOf(model).join(",");
  const [dicts, setDicts] = useState<Dicts>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const missing = key ? key.split(",").filter((t) => !asked.current.has(t)) : [];
    if (missing.length === 0) return;
    for (const t of missing) asked.current.add(t);
    loadDicts(missing).then(
      (got) => setDicts((prev) => ({ ...prev, ...got })),
      () => {
        for (const t of missing) asked.current.delete(t); // asked again at the next change
      },
    );
  }, [key]);
  return dicts;
}
