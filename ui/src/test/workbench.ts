// The default answers of the workbench calls: the home tab's data (nothing yet), and the visit reports.
import { http, HttpResponse } from "msw";

export const workbenchHandlers = [
  http.get("/api/workbench", () => HttpResponse.json({ code: 0, msg: "成功", data: { todo: null, unread: 0, registers: [], frequent: [] } })),
  // Every module list reports its opening (常用功能).
  http.post("/api/workbench/visits", () => HttpResponse.json({ code: 0, msg: "成功", data: null })),
];
