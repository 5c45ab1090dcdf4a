// The person picker (spec §2, §3 "Person picker item"): a searchable select over a configurable source
// call; each item shows the person's name and account, and the caller gets the whole item.

import { Select, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** A person as the picker's source returns it (spec §3). */
export interface PersonItem {
  id: number | string;
  villagerName?: string;
  accountNum?: string;
  helpersName?: string;
  userName?: string;
  helpersId?: number | string;
}

export interface PersonPickerProps {
  id?: string;
  /** Finds the people matching keyword ("" for the first page). */
  source: (keyword: string) => Promise<PersonItem[]>;
  value?: PersonItem["id"] | PersonItem["id"][] | null;
  onChange?: (value: PersonItem["id"] | PersonItem["id"][] | undefined, items: PersonItem[]) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** How long typing pauses before the source is asked, in ms. */
  debounceMs?: number;
}

/** personLabel is the name a person is shown by: villager, user or helper name, with the account. */
export function personLabel(p: PersonItem): string {
  const name = p.villagerName || p.userName || p.helpersName || String(p.id);
  return p.accountNum ? `${name}（${p.accountNum}）` : name;
}

/** PersonPicker searches the source as the user types and picks one or more people. */
export function PersonPicker({ id, source, value, onChange, multiple, placeholder, disabled, debounceMs = 300 }: PersonPickerProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<PersonItem[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const known = useRef(new Map<PersonItem["id"], PersonItem>());

  const load = (keyword: string) => {
    const mine = ++seq.current;
    setLoading(true);
    source(keyword.trim())
      .then((found) => {
        if (mine !== seq.current) return;
        found.forEach((p) => known.current.set(p.id, p));
        setItems(found);
      })
      .catch(() => mine === seq.current && setItems([]))
      .finally(() => mine === seq.current && setLoading(false));
  };

  useEffect(() => {
    load("");
    return () => clearTimeout(timer.current);
    // The first page loads once; searches follow typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Select
      id={id}
      showSearch
      allowClear
      mode={multiple ? "multiple" : undefined}
      filterOption={false}
      value={value ?? undefined}
      disabled={disabled}
      placeholder={placeholder ?? t("widgets.person.placeholder")}
      notFoundContent={loading ? <Spin size="small" /> : t("widgets.person.empty")}
      options={items.map((p) => ({ value: p.id, label: personLabel(p) }))}
      onSearch={(kw) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => load(kw), debounceMs);
      }}
      onChange={(v: PersonItem["id"] | PersonItem["id"][] | undefined) => {
        const ids = v === undefined ? [] : Array.isArray(v) ? v : [v];
        onChange?.(v, ids.flatMap((i) => known.current.get(i) ?? []));
      }}
      style={{ width: "100%" }}
    />
  );
}
