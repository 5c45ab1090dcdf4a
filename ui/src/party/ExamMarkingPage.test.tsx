import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { text } from "../locales/catalogue";
import ExamMarkingPage from "./ExamMarkingPage";
import { PENDING, SHEET } from "./marking.fixtures";

describe("the marking screen", () => {
  it("lists the sheets awaiting marking with a link to each", { timeout: 60_000 }, async () => {
    server.use(http.get("/exam/api/examAnswers/marking", () => ok({ data: PENDING, recordsTotal: 1 })));
    signIn({ buttonCodes: ["party.examanswer.edit"] });
    renderAt(<ExamMarkingPage />, "/m/exam/marking", "/m/exam/marking");
    const row = (await screen.findByText(PENDING[0].examineeName ?? "")).closest("tr");
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText(PENDING[0].examTitle ?? "")).toBeInTheDocument();
    expect(within(row as HTMLElement).getByRole("link", { name: text("partyMarking.mark") })).toHaveAttribute("href", "/m/exam/marking/7");
  });

  it("shows each short answer with the reference answer, bounds the score and saves only the marks", { timeout: 60_000 }, async () => {
    const sent: unknown[] = [];
    let marked = false;
    server.use(
      http.get("/exam/api/examAnswers/7/marking", () =>
        ok(marked ? { ...SHEET, sheet: { ...SHEET.sheet, score: 6.5, passed: true, pendingCount: 0, rewardPoints: 5 } } : SHEET),
      ),
      http.post("/exam/api/examAnswers/7/marking", async ({ request }) => {
        expect(new URL(request.url).searchParams.get("_method")).toBe("PUT");
        sent.push(await request.json());
        marked = true;
        return ok({ score: 6.5, totalScore: 10, passScore: 6, passed: true, pendingCount: 0, rewardPoints: 5 });
      }),
    );
    signIn({ buttonCodes: ["party.examanswer.edit"] });
    renderAt(<ExamMarkingPage />, "/m/exam/marking/7", "/m/exam/marking/:id");

    // The question, what was given, the reference answer and the analysis.
    expect(await screen.findByText(text("partyMarking.question", { no: 2, name: SHEET.items[0].subjectName }))).toBeInTheDocument();
    expect(screen.getByText(SHEET.items[0].given)).toBeInTheDocument();
    expect(screen.getByText(SHEET.items[0].answer)).toBeInTheDocument();
    expect(screen.getByText(SHEET.items[0].analysis)).toBeInTheDocument();
    expect(screen.getByText(text("partyMarking.noAnswer"))).toBeInTheDocument();
    expect(screen.getByTestId("marking-score")).toHaveTextContent("2 / 10");
    expect(screen.getByTestId("marking-passed")).toHaveTextContent(text("party.failed"));

    // Nothing marked yet: nothing to save.
    const save = screen.getByRole("button", { name: text("partyMarking.save") });
    expect(save).toBeDisabled();

    // The input is bounded by the question's score: 9 becomes 4.
    const first = screen.getByRole("spinbutton", { name: text("partyMarking.scoreOf", { no: 2 }) });
    expect(first).toHaveAttribute("aria-valuemax", "4");
    expect(first).toHaveAttribute("aria-valuemin", "0");
    fireEvent.change(first, { target: { value: "9" } });
    fireEvent.blur(first);
    await waitFor(() => expect(first).toHaveValue("4.0"));
    const second = screen.getByRole("spinbutton", { name: text("partyMarking.scoreOf", { no: 3 }) });
    fireEvent.change(second, { target: { value: "2.5" } });
    fireEvent.blur(second);
    fireEvent.change(screen.getByRole("textbox", { name: text("partyMarking.comment") }), { target: { value: "ok" } });

    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ marks: { "31": 4, "32": 2.5 }, reviewComment: "ok" });
    // The server's total and pass state replace the old ones, with the points it gave.
    await waitFor(() => expect(screen.getByTestId("marking-score")).toHaveTextContent("6.5 / 10"));
    expect(screen.getByTestId("marking-passed")).toHaveTextContent(text("party.passed"));
    expect(screen.getByText(text("partyMarking.reward"))).toBeInTheDocument();
  });
});
