// The organisation lazy cascader of the user form (spec §2 shared widgets): it starts at the signed-in
// user's organisation and loads each level's sub-organisations when opened. Its value is the id path
// from that organisation down to the chosen one; the levels along a given value are loaded up front so
// an edited user's organisation shows by name.

import { useEffect, useState } from "react";
import { Cascader } from "antd";
import { orgChildren, orgOf, type OrgNode } from "./userApi";

interface OrgOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: OrgOption[];
}

const toOption = (o: OrgNode): OrgOption => ({ value: o.id, label: o.orgName, isLeaf: o.leaf });

/** withChildren answers a copy of the tree with children set on the option whose value is id. */
function withChildren(options: OrgOption[], id: number, children: OrgOption[]): OrgOption[] {
  return options.map((o) =>
    o.value === id ? { ...o, children } : o.children ? { ...o, children: withChildren(o.children, id, children) } : o,
  );
}

function find(options: OrgOption[] | undefined, id: number): OrgOption | undefined {
  for (const o of options ?? []) {
    if (o.value === id) return o;
    const inner = find(o.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** orgChain answers the ids of an organisation path ("/1/5/9/") from topId down (empty when outside it). */
export function orgChain(path: string, topId: number): number[] {
  const ids = path.split("/").filter(Boolean).map(Number);
  const start = ids.indexOf(topId);
  return start < 0 ? [] : ids.slice(start);
}

export interface OrgCascaderProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** OrgCascader picks an organisation within the signed-in user's own. */
export function OrgCascader({ value, onChange, disabled, placeholder, id }: OrgCascaderProps) {
  const [options, setOptions] = useState<OrgOption[]>([]);

  useEffect(() => {
    let live = true;
    void orgOf()
      .then((top) => live && top && setOptions([toOption(top)]))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const load = async (parent: number) => {
    const children = (await orgChildren(parent)).map(toOption);
    setOptions((prev) => withChildren(prev, parent, children));
  };

  // Load the levels along the value that are not loaded yet (an edited user's organisation).
  const missing = (value ?? []).slice(0, -1).find((v) => {
    const o = find(options, v);
    return o !== undefined && !o.isLeaf && o.children === undefined;
  });
  useEffect(() => {
    if (missing !== undefined) void load(missing).catch(() => undefined);
  }, [missing]);

  return (
    <Cascader
      id={id}
      options={options}
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      changeOnSelect
      allowClear
      loadData={(selected) => {
        const last = selected[selected.length - 1];
        if (last && last.children === undefined) void load(Number(last.value)).catch(() => undefined);
      }}
      onChange={(v) => onChange?.((v ?? []).map(Number))}
    />
  );
}
