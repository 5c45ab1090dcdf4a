import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, ok, Providers } from "../../test/helpers";
import { server } from "../../test/server";
import { watchNotices } from "../../test/notices";
import { FileUploader, FileLink } from "./FileUploader";
import { narrow, RULES } from "./rules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

const { shown } = watchNotices();

describe("FileUploader", () => {
  it("limits the list to 3 files by default with the at-most-3-files message, and refuses a type outside spec §5", async () => {
    const onChange = vi.fn();
    let n = 0;
    server.use(
      http.post("/api/oos/uploadFile", () => {
        const result = { pathUrl: `/api/oos/file/1/d/2024/05/01/f${++n}.pdf?exp=1&sig=2` };
        return HttpResponse.json({ code: 0, msg: text("widgets.upload.uploaded"), result, data: result });
      }),
    );
    const { container } = render(
      <MemoryRouter><Providers>
        <FileUploader value={[]} onChange={onChange} rule={narrow(RULES.file, {}, false)} target={{ businessType: "d" }} />
      </Providers></MemoryRouter>,
    );
    const input = container.querySelector("input[type=file]") as HTMLInputElement;
    expect(input.accept).toContain(".pdf");
    fireEvent.change(document.querySelector("input[type=file]") as HTMLInputElement, { target: { files: [new File(["x"], "a.exe")] } });
    await shown(text("widgets.upload.badFormat"));
    const files = ["a.pdf", "b.doc", "c.txt", "d.xlsx"].map((n) => new File(["x"], n));
    fireEvent.change(document.querySelector("input[type=file]") as HTMLInputElement, { target: { files } });
    await shown(text("widgets.upload.tooManyFiles", { count: 3 }));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toHaveLength(3));
  });

  it("links a stored file by the fresh signed address under its original name, with its size", async () => {
    server.use(http.get("/api/oos/presignedUrlNew", () => ok({ pathUrl: "/api/oos/file/1/d/x.pdf?exp=9&sig=new", name: `${CN.notice}.pdf`, size: 2048 })));
    render(
      <MemoryRouter><Providers>
        <FileLink path="/api/oos/file/1/d/x.pdf?exp=1&sig=old" />
      </Providers></MemoryRouter>,
    );
    const link = await screen.findByRole("link", { name: `${CN.notice}.pdf` });
    expect(link).toHaveAttribute("href", "/api/oos/file/1/d/x.pdf?exp=9&sig=new");
    expect(screen.getByText("(2 KB)")).toBeInTheDocument();
  });
});
