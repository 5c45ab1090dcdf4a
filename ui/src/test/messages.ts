// Default answers of the message calls for every test: the header's bell asks for them on every page of
// the shell. A test about messages replaces them with server.use(...).
import { http, HttpResponse, ws } from "msw";

const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: "成功", data });

// The message socket: accepted, and silent.
const socket = ws.link(/\/message\/websocket\//);

export const messageHandlers = [
  socket.addEventListener("connection", () => undefined),
  http.get("/message/api/message/getUserId", () => ok("1_1")),
  http.get("/message/api/message/list", () => ok({ data: [], recordsTotal: 0 })),
  http.get("/message/api/message/unreadCount", () => ok(0)),
];
