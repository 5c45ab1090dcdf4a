import { Divider } from "antd";
import type { ObjectFieldTemplateProps } from "@rjsf/utils";
import { parseSections, uiOptionsOf, type Section } from "./moduleSchema";

/**
 * groupBySection groups items by their section: declared sections first, in their order, then others in
 * order of first appearance; items without a section form an untitled group where they first appear.
 * Each group comes back with its title (the declared title, else the section's name).
 */
export function groupBySection<T extends { name: string }>(
  items: readonly T[],
  sectionOf: (name: string) => string | undefined,
  declared: readonly Section[] = [],
): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const d of declared) groups.set(d.name, []);
  for (const item of items) {
    const section = sectionOf(item.name) ?? "";
    const list = groups.get(section);
    if (list) list.push(item); // in place: a 300-field form regroups on every keystroke
    else groups.set(section, [item]);
  }
  const title = (name: string) => declared.find((d) => d.name === name)?.title ?? name;
  return [...groups.entries()].filter(([, list]) => list.length > 0).map(([name, list]) => [title(name), list]);
}

/** SectionedObjectTemplate lays the record's fields out in the sections ui:options.section names. */
export function SectionedObjectTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const sectionOf = (name: string) => {
    const s = uiOptionsOf(uiSchema ?? {}, name).section;
    return typeof s === "string" && s ? s : undefined;
  };
  const groups = groupBySection(
    properties.filter((p) => !p.hidden),
    sectionOf,
    parseSections(uiSchema),
  );
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
