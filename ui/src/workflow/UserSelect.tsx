// A searchable pick of users within the caller's reach (GET /api/getTenantUserList), for transfer, delegate
// and copy-to.

import { Select, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { userLabel, workflowApi, type UserOption } from "./workflowApi";

export interface UserSelectProps {
  id?: string;
  value?: number | number[];
  onChange?: (value: number | number[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  /** Users never offered (the caller). */
  exclude?: number[];
}

const idOf = (u: UserOption) => u.userId ?? u.id;

export function UserSelect({ id, value, onChange, multiple, placeholder, exclude = [] }: UserSelectProps) {
  const [options, setOptions] = useState<UserOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = (name: string) => {
    const mine = ++seq.current;
    setLoading(true);
    workflowApi
      .users(name.trim())
      .then((rows) => mine === seq.current && setOptions(rows ?? []))
      .catch(() => mine === seq.current && setOptions([]))
      .finally(() => mine === seq.current && setLoading(false));
  };
  useEffect(() => {
    load("");
    return () => clearTimeout(timer.current);
  }, []);

  return (
    <Select<number | number[]>
      id={id}
      showSearch
      allowClear
      mode={multiple ? "multiple" : undefined}
      value={value}
      placeholder={placeholder}
      filterOption={false}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onSearch={(s) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => load(s), 300);
      }}
      onChange={(v) => onChange?.(v)}
      options={options.filter((u) => !exclude.includes(idOf(u))).map((u) => ({ value: idOf(u), label: userLabel(u) }))}
    />
  );
}
