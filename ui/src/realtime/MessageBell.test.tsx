import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { useMessageStore } from "../stores/useMessageStore";
import { MessageBell } from "./MessageBell";
import { messageNotice } from "./notice";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";

/** FakeSocket is the browser's WebSocket as the bell's socket sees it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
}

describe("MessageBell", () => {
  let unread = 2;
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    unread = 2;
    server.use(
      http.get("/message/api/message/getUserId", () => ok("1_7")),
      http.get("/message/api/message/list", () => ok({ data: [{ id: 3, seq: 9, kind: "notice", title: CN.msgOld, body: "", createdAt: "" }], recordsTotal: 1 })),
      http.get("/message/api/message/unreadCount", () => ok(unread)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useMessageStore.setState({ unread: 0, connected: false, version: 0 });
  });

  it("shows the unread count, opens the socket after the user id, and counts new messages", async () => {
    signIn();
    renderAt(<MessageBell />, "/workbench", "/workbench");
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const ws = FakeSocket.all[0];
    expect(ws.url).toMatch(/\/message\/websocket\/1_7\?after=9$/);
    expect(screen.getByRole("button", { name: text("messages.bell", { count: 2 }) })).toBeInTheDocument();
    act(() => ws.onopen?.());
    expect(useMessageStore.getState().connected).toBe(true);

    const shown = vi.spyOn(messageNotice, "show").mockImplementation(() => undefined);
    let readId = 0;
    server.use(
      http.post("/message/api/message/:id/read", ({ params }) => {
        readId = Number(params.id);
        return ok(null);
      }),
    );
    const frame = {
      type: "message",
      message: { id: 4, seq: 10, kind: "status", title: CN.msgEventDispatched, body: CN.msgPleaseHandle, module: "event", recordId: 5, createdAt: "" },
    };
    act(() => ws.onmessage?.({ data: JSON.stringify(frame) }));
    act(() => ws.onmessage?.({ data: JSON.stringify(frame) })); // a duplicate is ignored
    expect(await screen.findByRole("button", { name: text("messages.bell", { count: 3 }) })).toBeInTheDocument();
    expect(shown).toHaveBeenCalledOnce();
    expect(shown.mock.calls[0][0].title).toBe(CN.msgEventDispatched);

    unread = 0;
    act(() => ws.onmessage?.({ data: JSON.stringify({ type: "read", all: true }) }));
    expect(await screen.findByRole("button", { name: text("messages.bell", { count: 0 }) })).toBeInTheDocument();
    act(() => ws.onclose?.({ code: 1006 }));
    expect(useMessageStore.getState().connected).toBe(false);

    // A click on the notification opens the message's record and marks it read.
    act(() => shown.mock.calls[0][1]());
    expect(await screen.findByTestId("elsewhere")).toBeInTheDocument();
    await waitFor(() => expect(readId).toBe(4));
  });
});
