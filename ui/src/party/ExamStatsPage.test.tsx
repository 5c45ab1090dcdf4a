import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { text } from "../locales/catalogue";
import ExamStatsPage from "./ExamStatsPage";
import { STATS } from "./marking.fixtures";

describe("the exam statistics screen", () => {
  it("shows each exam's figures and its organisations', and asks again per level", { timeout: 60_000 }, async () => {
    const levels: string[] = [];
    server.use(
      http.get("/exam/api/exams/statistics", ({ request }) => {
        levels.push(new URL(request.url).searchParams.get("level") ?? "");
        return ok({ level: "child", exams: STATS });
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
});
