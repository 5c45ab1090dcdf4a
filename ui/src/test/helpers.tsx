// Test helpers: tokens made from claims (never pasted literals), a signed-in session, and a render that
// wraps a screen in the same providers the console uses (refine, router, antd).

import type { ReactElement, ReactNode } from "react";
import { render, type RenderResult } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { ConfigProvider } from "antd";
import antdZhCN from "antd/es/locale/zh_CN";
import { Refine } from "@refinedev/core";
import { routerProvider } from "../app/routerProvider";
import { http, HttpResponse, type JsonBodyType } from "msw";
import { accessControlProvider } from "../app/accessControlProvider";
import { authProvider } from "../app/authProvider";
import { dataProviders } from "../app/dataProviders";
import { connectToken } from "../api/http";
import { i18nProvider } from "../app/i18n";
import type { ServerMenu } from "../api/authApi";
import type { ModuleInfo } from "../api/modules";
import { notificationProvider } from "../app/notify";
import { getToken, useSessionStore } from "../stores/useSessionStore";

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** makeToken builds an (unsigned) JWT with the given claims; the console never verifies signatures. */
export function makeToken(claims: Record<string, unknown>): string {
  const header = base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = base64Url(JSON.stringify({ sub: "1", tid: 1, exp: Math.floor(Date.now() / 1000) + 3600, ...claims }));
  return `${header}.${body}.signature`;
}

export interface SessionSetup {
  visitCodes?: string[];
  buttonCodes?: string[];
  modules?: ModuleInfo[];
  menus?: ServerMenu[];
  mustChangePassword?: boolean;
}

/** signIn puts a user in the session store as a finished login would, with menus already loaded. */
export function signIn(setup: SessionSetup = {}): string {
  const token = makeToken({ auth: (setup.visitCodes ?? []).join(",") });
  connectToken(getToken);
  const store = useSessionStore.getState();
  store.loggedIn(token, { userId: 1, username: "admin", familyName: "管", name: "理员" }, setup.mustChangePassword ?? false);
  const buttons: ServerMenu[] = (setup.buttonCodes ?? []).map((code, i) => ({
    id: 10_000 + i,
    parentId: 0,
    type: "button",
    title: code,
    permissionCode: code,
  }));
  store.sessionLoaded([...(setup.menus ?? []), ...buttons], setup.modules ?? []);
  return token;
}

/** ok answers with the success envelope. */
export function ok(data: JsonBodyType): Response {
  return HttpResponse.json({ code: 0, msg: "成功", data });
}

/** fail answers with the error envelope. */
export function fail(status: number, msg: string, errors?: { field: string; message: string }[]): Response {
  return HttpResponse.json({ code: status, msg, errors }, { status });
}

export { http, HttpResponse };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={antdZhCN} theme={{ token: { motion: false } }}>
      <Refine
        dataProvider={dataProviders}
        routerProvider={routerProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        i18nProvider={i18nProvider}
        notificationProvider={notificationProvider}
        options={{
          disableTelemetry: true,
          syncWithLocation: false,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
        }}
      >
        {children}
      </Refine>
    </ConfigProvider>
  );
}

/** renderAt renders element at a route pattern (e.g. "/m/:module"), starting from url. */
export function renderAt(element: ReactElement, url: string, pattern = "*"): RenderResult {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Providers>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
}
