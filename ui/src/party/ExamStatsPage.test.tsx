import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { text } from "../locales/catalogue";
import ExamStatsPage, { STATS_PAGE } from "./ExamStatsPage";
import { STATS } from "./marking.fixtures";

describe("the exam statistics screen", () => {
  it("shows each exam's figures and its organisations', and asks again per level", { timeout: 60_000 }, async () => {
    const levels: string[] = [];
    server.use(
      http.get("/exam/api/exams/statistics", ({ request }) => {
        levels.push(new URL(request.url).searchParams.get("level") ?? "");
        return ok({ level: "child", exams: STATS, total: STATS.length });
      }),
    );
    signIn({ buttonCodes: ["party.examanswer.list"] });
    renderAt(<ExamStatsPage />, "/m/exam/statistics");
    const row = (await screen.findByText(STATS[0].title)).closest("tr") as HTMLElement;
    const cells = within(row).getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(["3", "6.7", "10", "0", "2", "66.7%"]));
    // The organisations of an exam with participants are shown; an exam nobody took shows dashes.
    const town = (await screen.findByText(STATS[0].byOrg[0].orgName ?? "")).closest("tr") as HTMLElement;
    expect(within(town).getAllByRole("cell").map((c) => c.textContent)).toEqual(expect.arrayContaining(["2", "10", "100%"]));
    const empty = screen.getByText(STATS[1].title).closest("tr") as HTMLElement;
    expect(within(empty).getAllByText("—").length).toBe(4);
    expect(levels).toEqual(["child"]);
    fireEvent.click(screen.getByRole("radio", { name: text("examStats.byOrg") }));
    await waitFor(() => expect(levels).toEqual(["child", "org"]));
  });

  it("asks the server for a county's many exams a page at a time", { timeout: 60_000 }, async () => {
    const many = Array.from({ length: STATS_PAGE * 2 + 3 }, (_, i) => ({ ...STATS[0], exam: 1000 + i, title: `exam-${i}` }));
    const asked: string[] = [];
    server.use(
      http.get("/exam/api/exams/statistics", ({ request }) => {
        const q = new URL(request.url).searchParams;
        const page = Number(q.get("page")), size = Number(q.get("size"));
        asked.push(`${q.get("level")} ${page} ${size}`);
        return ok({ level: "child", exams: many.slice(page * size, page * size + size), total: many.length });
      }),
    );
    signIn({ buttonCodes: ["party.examanswer.list"] });
    renderAt(<ExamStatsPage />, "/m/exam/statistics");
    await screen.findByText("exam-0");
    expect(screen.getByText(`exam-${STATS_PAGE - 1}`)).toBeTruthy();
    expect(screen.queryByText(`exam-${STATS_PAGE}`)).toBeNull();
    fireEvent.click(screen.getByTitle("3"));
    expect(await screen.findByText(`exam-${STATS_PAGE * 2 + 2}`)).toBeTruthy();
    expect(screen.queryByText("exam-0")).toBeNull();
    // Another level starts again at the first page.
    fireEvent.click(screen.getByRole("radio", { name: text("examStats.byOrg") }));
    expect(await screen.findByText("exam-0")).toBeTruthy();
    expect(asked).toEqual([`child 0 ${STATS_PAGE}`, `child 2 ${STATS_PAGE}`, `org 0 ${STATS_PAGE}`]);
  });
});
