// How a new message pops up: an antd notification (loaded on first use) whose click opens the message.
// One object, so tests can watch it (antd's static notification does not render in jsdom).

import type { SocketMessage } from "./socket";

export const messageNotice = {
  /** show pops up m; a click calls open and closes the notification. */
  show(m: SocketMessage, open: () => void): void {
    const key = `message-${m.id}`;
    void import("antd/es/notification").then(({ default: notification }) =>
      notification.info({
        key,
        message: m.title,
        description: m.body || undefined,
        onClick: () => {
          notification.destroy(key);
          open();
        },
      }),
    );
  },
};
