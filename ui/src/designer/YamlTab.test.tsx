import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { YamlTab } from "./YamlTab";
import { emptyModule, newField, type ModuleDoc } from "./model";
import { text } from "./texts";
import { toYaml } from "./yamlio";

function module(): ModuleDoc {
  const m = emptyModule("sample", "Sample");
  return { ...m, fields: [newField("string", "Name", []), newField("int", "Count", ["name"])] };
}

describe("YAML tab", () => {
  it("shows the canvas's module, lists a syntax error at its line and leaves the canvas, then follows a valid edit", async () => {
    const m = module();
    const onModel = vi.fn();
    render(<YamlTab model={m} readOnly={false} onModel={onModel} />);
    const area = screen.getByRole("textbox", { name: "YAML" }) as HTMLTextAreaElement;
    expect(area.value).toBe(toYaml(m));

    fireEvent.change(area, { target: { value: "name: sample\ntitle: Sample\nfields: [1, 2\napi: /x\n" } });
    expect(await screen.findByText(text("designer.yamlTab.line", { line: 4 }))).toBeInTheDocument();
    expect(onModel).not.toHaveBeenCalled();

    const edited = toYaml(m).replace("label: Name", "label: Full name").replace("type: int}", "type: int, max: 1}\n  - {name: extra, label: Extra, type: date}");
    fireEvent.change(area, { target: { value: edited } });
    await waitFor(() => expect(onModel).toHaveBeenCalledTimes(1));
    const [next, yaml] = onModel.mock.calls[0] as [ModuleDoc, string];
    expect(yaml).toBe(edited);
    expect(next.fields.map((f) => [f.name, f.label])).toEqual([
      ["name", "Full name"],
      ["count", "Count"],
      ["extra", "Extra"],
    ]);
    // The canvas keeps its fields (selection, drag) by name; the new one gets its own.
    expect(next.fields[0].uid).toBe(m.fields[0].uid);
    expect(next.fields[1].uid).toBe(m.fields[1].uid);
    expect(next.fields[2].uid).not.toBe(m.fields[0].uid);
  });

  it("lists the property rules at the lines of their keys", async () => {
    const onModel = vi.fn();
    render(<YamlTab model={module()} readOnly={false} onModel={onModel} />);
    const area = screen.getByRole("textbox", { name: "YAML" });
    fireEvent.change(area, {
      target: { value: "name: sample\ntitle: Sample\napi: /designer/samples\npermission: designer.sample\nfields:\n  - {name: a, label: A, type: string, minLength: 9, maxLength: 3}\n" },
    });
    expect(await screen.findByText(text("designer.check.minOverMax"))).toBeInTheDocument();
    expect(screen.getByText(text("designer.yamlTab.line", { line: 6 }))).toBeInTheDocument();
    // A text that parses still moves the canvas, problems and all.
    await waitFor(() => expect(onModel).toHaveBeenCalled());
  });
});
