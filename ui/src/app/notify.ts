// One place through which code outside React shows messages: antd's static message and notification
// APIs (made React 19-safe by @ant-design/v5-patch-for-react-19), so the login page needs no App context.

import { message } from "antd";
import type { NotificationProvider } from "@refinedev/core";

export const notify = {
  success: (text: string) => void message.success(text),
  warning: (text: string) => void message.warning(text),
  error: (text: string) => void message.error(text),
  /**
   * persistentError stays until closed (spec §8: the password failure). antd's notification is loaded
   * on first use so pages that never need it do not carry it.
   */
  persistentError: (text: string) =>
    void import("antd/es/notification").then(({ default: notification }) => notification.error({ message: text, duration: 0 })),
};

/**
 * notificationProvider shows refine's success messages. Its error messages are dropped: the HTTP client
 * has already shown the one message spec §8 asks for.
 */
export const notificationProvider: NotificationProvider = {
  open: ({ type, message: text, key }) => {
    if (type === "success") void message.success({ content: text, key });
  },
  close: (key) => message.destroy(key),
};
