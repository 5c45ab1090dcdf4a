// The organisation lazy cascader (spec §2, §6): it starts at the signed-in user's organisation and loads
// each level's children when opened, so a village user sees a single leaf. Any screen may use it; the
// caller supplies the required message (spec §5's 'please select' text) through its form rules.

import { Cascader } from "antd";
import { useEffect, useState } from "react";
import { childOrgs, orgTreeUnder, ownOrg, pathTo, type OrgNode } from "./orgApi";

/** One cascader option: an organisation, its children once loaded. */
export interface OrgOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: OrgOption[];
}

export interface OrgCascaderProps {
  id?: string;
  /** The chosen organisation's id. */
  value?: number | null;
  /** Called with the chosen organisation's id (undefined when cleared) and its name. */
  onChange?: (id: number | undefined, name?: string) => void;
  placeholder?: string;
  disabled?: boolean;
  status?: "error" | "warning";
  allowClear?: boolean;
}

/** toOption turns an organisation (with any loaded children) into an option. */
export function toOption(n: OrgNode): OrgOption {
  const o: OrgOption = { value: n.id, label: n.orgName, isLeaf: n.leaf };
  if (n.children?.length) o.children = n.children.map(toOption);
  return o;
}

/** withChildren returns options with the children of value set. */
function withChildren(options: OrgOption[], value: number, children: OrgOption[]): OrgOption[] {
  return options.map((o) => {
    if (o.value === value) return { ...o, children, isLeaf: children.length === 0 };
    return o.children ? { ...o, children: withChildren(o.children, value, children) } : o;
  });
}

/** OrgCascader picks one organisation within the user's reach. */
export function OrgCascader({ id, value, onChange, placeholder, disabled, status, allowClear = true }: OrgCascaderProps) {
  const [options, setOptions] = useState<OrgOption[]>([]);
  const [path, setPath] = useState<number[]>();
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const root = await ownOrg();
        if (!live || !root) return;
        if (value == null || value === root.id) {
          setOptions([toOption({ ...root, children: undefined })]);
          setPath(value == null ? undefined : [root.id]);
          return;
        }
        // A value below the root: load the tree under the root once to show its path.
        const tree = await orgTreeUnder(root.id);
        if (!live) return;
        const full = { ...root, children: tree };
        setOptions([toOption(full)]);
        setPath(pathTo([full], value)?.map((n) => n.id));
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
    // The tree is loaded once; later values are chosen inside the loaded options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const loadData = async (selected: OrgOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    const kids = (await childOrgs(target.value)).map((n) => toOption({ ...n, children: undefined }));
    setOptions((prev) => withChildren(prev, target.value, kids));
  };

  return (
    <Cascader<OrgOption>
      id={id}
      options={options}
      value={path}
      loading={loading}
      loadData={(sel) => void loadData(sel)}
      changeOnSelect
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      allowClear={allowClear}
      style={{ width: "100%" }}
      onChange={(ids, chosen) => {
        const list = (ids ?? []) as number[];
        setPath(list.length ? list : undefined);
        const last = chosen?.[chosen.length - 1];
        onChange?.(last?.value, last?.label);
      }}
    />
  );
}
