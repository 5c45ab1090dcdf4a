import { Divider } from "antd";
import type { ObjectFieldTemplateProps } from "@rjsf/utils";
import { uiOptionsOf } from "./moduleSchema";

/** groupBySection keeps the order of first appearance; properties without a section join the first group. */
export function groupBySection<T extends { name: string }>(items: readonly T[], sectionOf: (name: string) => string | undefined): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const section = sectionOf(item.name) ?? "";
    groups.set(section, [...(groups.get(section) ?? []), item]);
  }
  return [...groups.entries()];
}

/** SectionedObjectTemplate lays the record's fields out in the sections ui:options.section names. */
export function SectionedObjectTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const sectionOf = (name: string) => {
    const s = uiOptionsOf(uiSchema ?? {}, name).section;
    return typeof s === "string" && s ? s : undefined;
  };
  const groups = groupBySection(properties.filter((p) => !p.hidden), sectionOf);
  return (
    <div>
      {groups.map(([section, items]) => (
        <section key={section || "_"} aria-label={section || undefined}>
          {section && <Divider orientation="left">{section}</Divider>}
          {items.map((p) => (
            <div key={p.name}>{p.content}</div>
          ))}
        </section>
      ))}
      {properties
        .filter((p) => p.hidden)
        .map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
    </div>
  );
}
