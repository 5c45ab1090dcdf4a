import { describe, expect, it } from "vitest";
import { fileNameOf, isStoredFile } from "./api";
import { CN } from "../../test/chinese";

describe("stored file links", () => {
  it("knows the local file route and S3 presigned URLs as renewable, other addresses not", () => {
    expect(isStoredFile("/api/oos/file/1/demo/2026/11/22/ab12cd/x.png?exp=1&sig=s")).toBe(true);
    expect(
      isStoredFile(
        "http://127.0.0.1:9000/xz/1/demo/2026/11/22/ab12cd/x.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=abc",
      ),
    ).toBe(true);
    expect(isStoredFile("https://example.org/logo.png")).toBe(false);
    expect(isStoredFile("data:image/png;base64,AAAA")).toBe(false);
  });

  it("names a file by its last path segment", () => {
    expect(fileNameOf("/api/oos/file/1/demo/2026/11/22/ab12cd/%E5%9B%BE.png?exp=1")).toBe(`${CN.picture}.png`);
  });
});
