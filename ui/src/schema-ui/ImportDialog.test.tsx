import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { server } from "../test/server";
import { http, ok } from "../test/helpers";
import { ImportDialog } from "./ImportDialog";
import { parseDryRun } from "./importApi";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";

const meta = {
  name: "handicappedSubsidy",
  title: CN.disabilitySubsidy,
  api: "/onlineVillage/handicappeds",
  permission: "onlineVillage.handicapped",
  orgScoped: true,
  export: true,
  import: true,
  codes: {},
};

describe("ImportDialog", () => {
  it("uploads for a dry run, shows the row errors, then commits", async () => {
    const calls: string[] = [];
    server.use(
      http.post("/onlineVillage/handicappeds/import", ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get("dryRun");
        calls.push(String(dryRun));
        return dryRun === "true"
          ? ok({ total: 3, valid: 2, errors: [{ row: 4, field: "idCard", message: text("validation.formats.idcard") }] })
          : ok({ imported: 2 });
      }),
    );
    const onImported = vi.fn();
    const onClose = vi.fn();
    render(<ImportDialog module={meta} open onClose={onClose} onImported={onImported} />);
    const input = document.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [new File(["x"], "data.xlsx")] } });
    expect(await screen.findByText(text("import.summary", { total: 3, valid: 2, invalid: 1 }))).toBeInTheDocument();
    expect(screen.getByText(text("validation.formats.idcard"))).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "4" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: new RegExp(text("import.commit")) }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(calls).toEqual(["true", "false"]);
    expect(onClose).toHaveBeenCalled();
  });

  it("reads a partial dry-run answer", () => {
    expect(parseDryRun({ total: "5" })).toEqual({ total: 5, valid: 0, errors: [] });
  });
});
