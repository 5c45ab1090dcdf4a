import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, ok, Providers } from "../../test/helpers";
import { server } from "../../test/server";
import { watchNotices } from "../../test/notices";
import { ImageUploader, StoredImage } from "./ImageUploader";
import { MB, narrow, RULES } from "./rules";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

const { shown, texts } = watchNotices();

const stored = (name: string) => `/api/oos/file/1/notice/2024/05/01/${name}?exp=1&sig=2`;

function setup(value: string[] = [], maxCount = 2) {
  const onChange = vi.fn();
  const uploads: FormData[] = [];
  server.use(
    http.get("/api/oos/presignedUrlNew", ({ request }) => ok({ pathUrl: new URL(request.url).searchParams.get("fullUrl") ?? "" })),
    http.post("/api/oos/uploadFile", async ({ request }) => {
      const form = await request.formData();
      uploads.push(form);
      // jsdom's XHR sends every file as "blob": number the stored names instead.
      const result = { pathUrl: stored(`f${uploads.length}.png`) };
      return HttpResponse.json({ code: 0, msg: text("widgets.upload.uploaded"), result, data: result });
    }),
  );
  const { container } = render(
    <MemoryRouter><Providers>
      <ImageUploader value={value} onChange={onChange} rule={narrow(RULES.image, { maxCount }, false)} target={{ businessType: "villageNotice", field: "photos" }} />
    </Providers></MemoryRouter>,
  );
  const input = container.querySelector<HTMLInputElement>("input[type=file]");
  return { onChange, uploads, input };
}

function pick(input: HTMLInputElement | null, ...files: File[]) {
  if (!input) throw new Error("no file input");
  fireEvent.change(document.querySelector("input[type=file]") as HTMLInputElement, { target: { files } });
}

const png = (name = "a.png", size = 10) => new File([new Uint8Array(size)], name, { type: "image/png" });

describe("ImageUploader", () => {
  it("reviews a picture, uploads it with the module and field, stores result.pathUrl and says it uploaded", async () => {
    server.use(http.post("/api/picReview/review", () => HttpResponse.json({ code: 0, msg: CN.reviewPassed })));
    const { onChange, uploads, input } = setup();
    pick(input, png(`${CN.photo}.png`));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([stored("f1.png")]));
    await shown(text("widgets.upload.uploaded"));
    expect(uploads[0].get("businessType")).toBe("villageNotice");
    expect(uploads[0].get("field")).toBe("photos");
  });

  it("stops the upload when the review answers code 1, with the review refusal and the reason", async () => {
    server.use(http.post("/api/picReview/review", () => HttpResponse.json({ code: 1, msg: CN.sensitivePicture })));
    const { onChange, uploads, input } = setup();
    pick(input, png());
    await shown(`${text("widgets.upload.reviewRejected")}${CN.sensitivePicture}`);
    expect(uploads).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    server.use(
      http.post("/api/picReview/review", () => HttpResponse.json({ code: 0 })),
      http.post("/api/oos/uploadFile", () => HttpResponse.json({ code: 400, msg: text("widgets.upload.badFormat") }, { status: 400 })),
    );
    const onChange = vi.fn();
    const { container } = render(
      <MemoryRouter><Providers>
        <ImageUploader value={[]} onChange={onChange} rule={RULES.image} target={{ businessType: "x" }} />
      </Providers></MemoryRouter>,
    );
    pick(container.querySelector("input[type=file]"), png());
    await shown(text("widgets.upload.badFormat"));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses a wrong type and an oversized picture before any call", async () => {
    const { onChange, uploads, input } = setup();
    pick(input, new File(["x"], "a.txt", { type: "text/plain" }));
    await shown(text("widgets.upload.badFormat"));
    pick(input, png("big.png", 5 * MB + 1));
    await shown(text("widgets.upload.imageTooLarge", { size: "5M" }));
    expect(uploads).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("takes at most maxCount pictures: the at-most-N-pictures message and no add button when full", async () => {
    server.use(http.post("/api/picReview/review", () => HttpResponse.json({ code: 0 })));
    const { onChange, input } = setup([], 2);
    pick(input, png("a.png"), png("b.png"), png("c.png"));
    await shown(text("widgets.upload.tooManyImages", { count: 2 }));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toHaveLength(2));
    expect(onChange.mock.lastCall?.[0]).toEqual(expect.arrayContaining([stored("f1.png"), stored("f2.png")]));
    expect(texts.filter((t) => t === text("widgets.upload.tooManyImages", { count: 2 }))).toHaveLength(1);
  });

  it("hides the add button when the count is reached", async () => {
    setup([stored("a.png"), stored("b.png")], 2);
    await waitFor(() => expect(document.querySelectorAll(".ant-upload-list-item")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: text("upload.addImage") })).toBeNull();
  });

  it("shows a stored picture only by its fresh link, never by the stored (possibly expired) one", async () => {
    let answer: (() => void) | undefined;
    const asked = new Promise<void>((r) => (answer = r));
    server.use(
      http.get("/api/oos/presignedUrlNew", async () => {
        await asked;
        return ok({ pathUrl: stored("fresh.png") });
      }),
    );
    const { container } = render(
      <MemoryRouter><Providers>
        <StoredImage path={stored("old.png")} />
      </Providers></MemoryRouter>,
    );
    expect(container.querySelector("img")).toBeNull();
    answer?.();
    await waitFor(() => expect(container.querySelector("img")).toHaveAttribute("src", stored("fresh.png")));
  });
});
