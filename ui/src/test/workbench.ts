// The default answer of the workbench call for every test that opens the shell's home tab: nothing yet.
import { http, HttpResponse } from "msw";

export const workbenchHandlers = [
  http.get("/api/workbench", () => HttpResponse.json({ code: 0, msg: "成功", data: { todo: null, unread: 0, registers: [], frequent: [] } })),
];
