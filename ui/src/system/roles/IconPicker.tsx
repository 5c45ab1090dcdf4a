// The role editor's icon picker: a select over the icon names the menus use (components/MenuIcon), each
// shown with its icon.

import { Select, Space } from "antd";
import { MENU_ICON_NAMES, MenuIcon } from "../../components/MenuIcon/MenuIcon";

export interface IconPickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
}

const options = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
}));

/** IconPicker is a form control whose value is an icon name. */
export function IconPicker({ id, value, onChange, placeholder }: IconPickerProps) {
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v: string) => onChange?.(v ?? "")}
      options={options}
      placeholder={placeholder}
      allowClear
      showSearch
      optionFilterProp="value"
    />
  );
}
