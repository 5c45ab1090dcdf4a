import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server } from "../../test/server";
import { http, ok, renderAt, signIn } from "../../test/helpers";
import { watchNotices } from "../../test/notices";
import { useMessageStore } from "../../stores/useMessageStore";
import MessageCenterPage from "./MessageCenterPage";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

const rows = [
  { id: 2, seq: 2, kind: "status", title: CN.msgTicketDispatched, body: CN.msgTicketDispatchedBody, module: "ticket", recordId: 9, createdAt: "2024-05-01 10:00:00" },
  { id: 1, seq: 1, kind: "notice", title: CN.msgWaterCut, body: CN.msgWaterCutBody, createdAt: "2024-04-30 09:00:00", readAt: "2024-04-30 10:00:00" },
];

describe("MessageCenterPage", () => {
  const notices = watchNotices();

  it("lists, filters, marks all read and opens a message's record", async () => {
    const queries: string[] = [];
    let unread = 1;
    let readAll = 0;
    let readOne = 0;
    server.use(
      http.get("/message/api/message/list", ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q.toString());
        const data = q.get("read") === "unread" ? rows.filter((r) => !r.readAt) : rows;
        return ok({ data, recordsTotal: data.length });
      }),
      http.get("/message/api/message/unreadCount", () => ok(unread)),
      http.post("/message/api/message/readAll", () => {
        readAll++;
        unread = 0;
        return ok(1);
      }),
      http.post("/message/api/message/:id/read", ({ params }) => {
        readOne = Number(params.id);
        return ok(null);
      }),
    );
    signIn();
    renderAt(<MessageCenterPage />, "/messages", "/messages");
    expect(await screen.findByText(CN.msgWaterCut)).toBeInTheDocument();
    expect(screen.getByText(text("messages.kinds.status"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: text("messages.announce") })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("combobox", { name: text("messages.readState") }));
    await userEvent.click(await screen.findByTitle(text("messages.unread")));
    await waitFor(() => expect(queries.at(-1)).toContain("read=unread"));
    await waitFor(() => expect(screen.queryByText(CN.msgWaterCut)).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: text("messages.readAll") }));
    await notices.shown(text("messages.allRead"));
    expect(readAll).toBe(1);
    await waitFor(() => expect(useMessageStore.getState().unread).toBe(0));

    const row = screen.getByText(CN.msgTicketDispatched).closest("tr");
    expect(row).not.toBeNull();
    await userEvent.click(within(row as HTMLElement).getByText(CN.msgTicketDispatched));
    expect(await screen.findByTestId("elsewhere")).toBeInTheDocument();
    expect(readOne).toBe(2);
  });

  it("offers announcements to holders of message.announce", async () => {
    signIn({ visitCodes: ["message.announce"] });
    renderAt(<MessageCenterPage />, "/messages", "/messages");
    expect(await screen.findByRole("button", { name: text("messages.announce") })).toBeInTheDocument();
  });
});
