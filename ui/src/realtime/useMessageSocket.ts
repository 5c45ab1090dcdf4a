// useMessageSocket keeps the signed-in user's message socket open while the shell is shown: it fetches the
// user id, the unread count and the newest sequence number, then opens the socket; new messages raise the
// unread count and pop up a notification that opens their record.

import { useEffect } from "react";
import { useNavigate } from "react-router";
import { t } from "../app/i18n";
import { apiBase } from "../api/http";
import { firstRowsShown } from "../api/schemaPrefetch";
import { getToken, useSessionStore } from "../stores/useSessionStore";
import { useMessageStore } from "../stores/useMessageStore";
import { linkOf } from "./links";
import { messageApi } from "./messageApi";
import { messageNotice } from "./notice";
import { MESSAGE_CENTER_PATH } from "./paths";
import { MessageSocket, type Frame } from "./socket";
import { emitTableChange } from "./tableChanges";

/** refreshUnread reads the unread count again. */
async function refreshUnread(): Promise<void> {
  try {
    useMessageStore.getState().unreadLoaded(await messageApi.unreadCount());
  } catch {
    // the bell keeps its count; the next frame or page load corrects it
  }
}

export function useMessageSocket(): void {
  const token = useSessionStore((s) => s.token);
  const navigate = useNavigate();

  useEffect(() => {
    if (!token) return;
    let socket: MessageSocket | null = null;
    let cancelled = false;
    const store = useMessageStore.getState();
    const onFrame = (frame: Frame) => {
      if (frame.type === "message") {
        const m = frame.message;
        store.messageArrived();
        const link = linkOf(m);
        messageNotice.show(m, () => {
          void messageApi.read(m.id).then(refreshUnread, () => undefined);
          navigate(link ?? MESSAGE_CENTER_PATH);
        });
        return;
      }
      if (frame.type === "table") {
        emitTableChange(frame.module);
        return;
      }
      store.messagesChanged();
      void refreshUnread();
    };
    void (async () => {
      try {
        // the bell and the socket are not needed to show the screen: after the first list's rows
        await firstRowsShown();
        if (cancelled) return;
        const [key, latest] = await Promise.all([messageApi.userKey(), messageApi.list({ page: 0, size: 1 })]);
        await refreshUnread();
        if (cancelled) return;
        socket = new MessageSocket({
          userKey: key,
          token: getToken,
          lastSeq: latest.data[0]?.seq ?? 0,
          base: apiBase(),
          onFrame,
          onConnectedChange: (c) => useMessageStore.getState().connectionChanged(c),
          onUnsupported: () => window.alert(t("messages.unsupported")),
        });
        socket.start();
      } catch {
        // without the user id no socket opens; the message centre still works
      }
    })();
    return () => {
      cancelled = true;
      socket?.stop();
    };
  }, [token, navigate]);
}
