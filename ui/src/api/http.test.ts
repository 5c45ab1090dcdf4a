import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { delay } from "msw";
import { server } from "../test/server";
import { fail, http, HttpResponse, ok } from "../test/helpers";
import { configureErrors } from "./errors";
import { ApiError } from "./errors";
import { buildUrl, connectToken, download, filenameOf, request, upload } from "./http";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";

function capture() {
  const warnings: string[] = [];
  const errors: string[] = [];
  const navigate = vi.fn<(path: string) => void>();
  const expireSession = vi.fn<() => void>();
  let path = "/m/villager";
  configureErrors({
    notify: { warning: (t) => warnings.push(t), error: (t) => errors.push(t) },
    navigate,
    expireSession,
    currentPath: () => path,
  });
  return { warnings, errors, navigate, expireSession, setPath: (p: string) => (path = p) };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

describe("buildUrl", () => {
  it("sends PUT and DELETE as POST with _method", () => {
    expect(buildUrl("/api/x/1", "PUT")).toEqual({ url: "http://localhost:3000/api/x/1?_method=PUT", wire: "POST" });
    expect(buildUrl("/api/x", "DELETE", { ids: "1,2" })).toEqual({ url: "http://localhost:3000/api/x?ids=1%2C2&_method=DELETE", wire: "POST" });
    expect(buildUrl("/api/x", "GET", { a: undefined, b: "", c: 0 })).toEqual({ url: "http://localhost:3000/api/x?c=0", wire: "GET" });
  });
});

describe("request", () => {
  beforeEach(() => connectToken(() => "tkn"));
  afterEach(() => connectToken(() => null));

  it("unwraps the envelope and sends the bearer token", async () => {
    let auth = "";
    server.use(
      http.get("/api/thing", ({ request }) => {
        auth = request.headers.get("Authorization") ?? "";
        return ok({ id: 7 });
      }),
    );
    await expect(request("/api/thing")).resolves.toEqual({ id: 7 });
    expect(auth).toBe("Bearer tkn");
  });

  it("sends a PUT body as a POST with _method=PUT", async () => {
    let seen: { method: string; query: string; body: unknown } | null = null;
    server.use(
      http.post("/api/thing/1", async ({ request }) => {
        seen = { method: request.method, query: new URL(request.url).search, body: await request.json() };
        return ok(null);
      }),
    );
    await request("/api/thing/1", { method: "PUT", body: { name: CN.zhangSan } });
    expect(seen).toEqual({ method: "POST", query: "?_method=PUT", body: { name: CN.zhangSan } });
  });
});

describe("global error handling (spec §8)", () => {
  it("401: warns, then after 2 s clears the session and goes to /login", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const env = capture();
      server.use(http.get("/api/thing", () => fail(401, CN.notSignedIn)));
      await rejection(request("/api/thing"));
      await rejection(request("/api/thing"));
      expect(env.warnings).toEqual([text("errors.unauthorized")]);
      expect(env.expireSession).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2000);
      expect(env.expireSession).toHaveBeenCalledTimes(1);
      expect(env.navigate).toHaveBeenCalledWith("/login");
    } finally {
      vi.useRealTimers();
    }
  });

  it("401 on the login page clears the session but stays", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const env = capture();
      env.setPath("/login");
      server.use(http.get("/api/thing", () => fail(401, CN.notSignedIn)));
      await rejection(request("/api/thing"));
      vi.advanceTimersByTime(2000);
      expect(env.expireSession).toHaveBeenCalledTimes(1);
      expect(env.navigate).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("401 of the login call itself shows the server's text instead", async () => {
    const env = capture();
    server.use(http.post("/api/system/login", () => fail(401, CN.badCredentials)));
    const err = await rejection(request("/api/system/login", { method: "POST", body: {}, skipAuthRedirect: true }));
    expect(err.statusCode).toBe(401);
    expect(env.warnings).toEqual([CN.badCredentials]);
  });

  it("no response: network error", async () => {
    const env = capture();
    server.use(http.get("/api/thing", () => HttpResponse.error()));
    const err = await rejection(request("/api/thing"));
    expect(err.kind).toBe("network");
    expect(env.warnings).toEqual([text("errors.network")]);
  });

  it("timeout", async () => {
    const env = capture();
    server.use(
      http.get("/api/slow", async () => {
        await delay("infinite");
        return ok(null);
      }),
    );
    const err = await rejection(request("/api/slow", { timeoutMs: 50 }));
    expect(err.kind).toBe("timeout");
    expect(env.warnings).toEqual([text("errors.timeout")]);
  });

  it("code 701 prefixes the violation text", async () => {
    const env = capture();
    server.use(http.post("/api/thing", () => HttpResponse.json({ code: 701, msg: CN.sensitiveWords })));
    await rejection(request("/api/thing", { method: "POST", body: {} }));
    expect(env.errors).toEqual([`${text("errors.violation")}${CN.sensitiveWords}`]);
  });

  it("code 705 and other codes show the server's text", async () => {
    const env = capture();
    server.use(
      http.get("/api/a", () => HttpResponse.json({ code: 705, msg: CN.vehicleBooked })),
      http.get("/api/b", () => fail(409, CN.changedByOthers)),
    );
    await rejection(request("/api/a"));
    await rejection(request("/api/b"));
    expect(env.warnings).toEqual([CN.vehicleBooked, CN.changedByOthers]);
  });

  it("validation errors travel with the error, field by field", async () => {
    capture();
    server.use(http.post("/api/thing", () => fail(400, CN.badSubmission, [{ field: "idCard", message: text("validation.formats.idcard") }])));
    const err = await rejection(request("/api/thing", { method: "POST", body: {} }));
    expect(err.fieldErrors).toEqual([{ field: "idCard", message: text("validation.formats.idcard") }]);
    expect(err.errors).toEqual({ idCard: text("validation.formats.idcard") });
  });

  it("silent calls leave the message to the caller", async () => {
    const env = capture();
    server.use(http.put("/api/x", () => fail(400, "x")), http.post("/api/x", () => fail(400, CN.wrongOldPassword)));
    await rejection(request("/api/x", { method: "PUT", body: {}, silent: true }));
    expect(env.warnings).toEqual([]);
  });

  it("an answer that is no envelope is a generic error", async () => {
    const env = capture();
    server.use(http.get("/api/x", () => new HttpResponse("<html>bad gateway</html>", { status: 502 })));
    const err = await rejection(request("/api/x"));
    expect(err.statusCode).toBe(502);
    expect(env.warnings).toEqual([text("errors.unknown")]);
  });
});

describe("download", () => {
  it("returns the file with its name from Content-Disposition", async () => {
    server.use(
      http.get("/api/x/export", ({ request }) => {
        expect(new URL(request.url).searchParams.get("name.contains")).toBe(CN.zhang);
        return new HttpResponse("xlsx-bytes", {
          headers: {
            "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "Content-Disposition": "attachment; filename*=UTF-8''%E6%9D%91%E6%B0%91.xlsx",
          },
        });
      }),
    );
    const file = await download("/api/x/export", "fallback.xlsx", { query: { "name.contains": CN.zhang } });
    expect(file.filename).toBe(`${CN.villager}.xlsx`);
    expect(await file.blob.text()).toBe("xlsx-bytes");
  });

  it("an envelope instead of a file is an error", async () => {
    const env = capture();
    server.use(http.get("/api/x/export", () => fail(403, CN.noExportPermission)));
    await rejection(download("/api/x/export", "a.xlsx"));
    expect(env.warnings).toEqual([CN.noExportPermission]);
  });

  it("filenameOf reads both forms", () => {
    expect(filenameOf('attachment; filename="a b.xlsx"', "x")).toBe("a b.xlsx");
    expect(filenameOf(null, "x.xlsx")).toBe("x.xlsx");
  });
});

describe("upload", () => {
  it("posts multipart form data and unwraps the answer", async () => {
    server.use(
      http.post("/api/x/import", async ({ request }) => {
        // jsdom's File loses its name crossing into Node's FormData, so the test reads the part itself.
        const type = request.headers.get("Content-Type") ?? "";
        const text = await request.text();
        return ok({
          dryRun: new URL(request.url).searchParams.get("dryRun"),
          multipart: type.startsWith("multipart/form-data"),
          filePart: /name="file"[\s\S]*\r\n\r\nabc\r\n/.test(text),
        });
      }),
    );
    const form = new FormData();
    form.append("file", new File(["abc"], "data.xlsx"));
    await expect(upload("/api/x/import", form, { query: { dryRun: true } })).resolves.toEqual({ dryRun: "true", multipart: true, filePart: true });
  });

  it("reports a failed upload like any call", async () => {
    const env = capture();
    server.use(http.post("/api/x/import", () => fail(400, text("widgets.upload.badFormat"))));
    const form = new FormData();
    form.append("file", new File(["abc"], "data.txt"));
    await rejection(upload("/api/x/import", form));
    expect(env.warnings).toEqual([text("widgets.upload.badFormat")]);
  });
});
