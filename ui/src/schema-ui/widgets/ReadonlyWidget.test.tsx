import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderForm } from "../../test/form";
import { LATER_WIDGETS, WIDGETS } from ".";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

describe("widget registry", () => {
  it("registers every widget name the server's uiSchema may use", () => {
    const names = ["text", "textarea", "richtext", "select", "multiSelect", "date", "datetime", "idcard", "mobile", "email", "refSelect", "image", "images", "file", "files", "video", "mapPoint", "mapCircle", "mapPolygon", "mapLand", "json", "children", "switch", "number"];
    expect(names.filter((n) => !(n in WIDGETS))).toEqual([]);
  });

  it("later widgets show their value read-only and keep it", () => {
    const { state } = renderForm(
      { type: "object", properties: { proofs: { type: "array", title: CN.proofs, items: { type: "string" } }, body: { type: "string", title: text("widgets.richtext.paragraph") } } },
      { proofs: { "ui:widget": "json" }, body: { "ui:widget": "mapPoint" } },
      { proofs: ["a.pdf", "b.pdf"] },
    );
    expect(LATER_WIDGETS).toEqual(["json"]);
    expect(screen.getByText("a.pdf、b.pdf")).toBeInTheDocument();
    expect(screen.getByText(text("module.noStatus"))).toBeInTheDocument();
    expect(screen.queryAllByRole("textbox")).toHaveLength(0);
    expect(state.data.proofs).toEqual(["a.pdf", "b.pdf"]);
  });
});
