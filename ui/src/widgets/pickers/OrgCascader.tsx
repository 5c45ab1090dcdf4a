// The organisation lazy cascader (spec §2, §6), the one of the console: it starts at the signed-in user's
// organisation and loads each level's children when opened, so a village user sees a single leaf. Its
// value is the chosen organisation's id, and it follows that value: a value outside what is loaded makes
// it load the tree under the user's organisation once to show the value's path. Any screen may use it
// (the user form does); the caller supplies the required message through its form rules. The calls go
// through refine's "system" data provider.

import { Cascader } from "antd";
import { useMemo, useState } from "react";
import { useCustom, useDataProvider } from "@refinedev/core";
import { SYSTEM } from "../../api/systemDataProvider";
import { findOrg, ORG_PATHS, orgChain, type OrgNode } from "./orgApi";

/** One cascader option: an organisation, its children once loaded. */
export interface OrgOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: OrgOption[];
}

export interface OrgCascaderProps {
  id?: string;
  /** The chosen organisation's id; without the prop the cascader keeps its own choice. */
  value?: number | null;
  /** Called with the chosen organisation's id (undefined when cleared) and its name. */
  onChange?: (id: number | undefined, name?: string) => void;
  placeholder?: string;
  disabled?: boolean;
  status?: "error" | "warning";
  allowClear?: boolean;
}

/** toOption turns an organisation (with any loaded children) into an option; loaded and empty is a leaf. */
export function toOption(n: OrgNode): OrgOption {
  const o: OrgOption = { value: n.id, label: n.orgName, isLeaf: n.leaf || n.children?.length === 0 };
  if (n.children?.length) o.children = n.children.map(toOption);
  return o;
}

/** withLoaded attaches the children known for each node: the tree's own, else those loaded on opening. */
function withLoaded(n: OrgNode, loaded: Readonly<Record<number, OrgNode[]>>): OrgNode {
  const children = n.children?.length ? n.children : loaded[n.id];
  return { ...n, children: children?.map((c) => withLoaded(c, loaded)) };
}

// Errors are the global handler's (the calls are not silent); refine's own notices stay off.
const READ = { method: "get", dataProviderName: SYSTEM, meta: { silent: false }, errorNotification: false } as const;

/** OrgCascader picks one organisation within the user's reach. */
export function OrgCascader(props: OrgCascaderProps) {
  const { id, value, onChange, placeholder, disabled, status, allowClear = true } = props;
  const controlled = "value" in props;
  const [own, setOwn] = useState<number>();
  const current = controlled ? (value ?? undefined) : own;
  const [loaded, setLoaded] = useState<Record<number, OrgNode[]>>({});
  const dataProvider = useDataProvider();

  const top = useCustom<OrgNode>({ url: ORG_PATHS.own, ...READ });
  const root: OrgNode | null = top.query.isSuccess ? (top.result.data ?? null) : null;
  const lazy = useMemo(() => (root ? [withLoaded({ ...root, children: undefined }, loaded)] : []), [root, loaded]);
  const wanted = root !== null && current !== undefined && findOrg(lazy, current) === undefined;
  const tree = useCustom<OrgNode[]>({
    url: ORG_PATHS.tree(root?.id ?? 0),
    ...READ,
    queryOptions: { enabled: wanted },
  });
  const below = root && tree.query.isSuccess && tree.query.data?.data ? tree.query.data.data : undefined;

  const forest = useMemo(() => (root ? [withLoaded({ ...root, children: below }, loaded)] : []), [root, below, loaded]);
  const options = useMemo(() => forest.map(toOption), [forest]);
  const chosen = current === undefined ? undefined : findOrg(forest, current);
  const path = chosen && root ? orgChain(chosen.path, root.id) : undefined;

  const loadData = async (selected: OrgOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    const answer = await dataProvider(SYSTEM).custom?.<OrgNode[]>({
      url: ORG_PATHS.children,
      method: "get",
      query: { parentId: target.value },
      meta: READ.meta,
    });
    const kids = Array.isArray(answer?.data) ? answer.data.map((n) => ({ ...n, children: undefined })) : [];
    setLoaded((prev) => ({ ...prev, [target.value]: kids }));
  };

  return (
    <Cascader<OrgOption>
      id={id}
      options={options}
      value={path?.length ? path : undefined}
      loading={top.query.isPending || tree.query.isFetching}
      loadData={(sel) => void loadData(sel).catch(() => undefined)}
      changeOnSelect
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      allowClear={allowClear}
      style={{ width: "100%" }}
      onChange={(_ids, picked) => {
        const last = picked?.[picked.length - 1];
        setOwn(last?.value);
        onChange?.(last?.value, last?.label);
      }}
    />
  );
}
