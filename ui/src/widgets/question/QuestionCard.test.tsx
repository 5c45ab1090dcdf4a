import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { QuestionCard } from "./QuestionCard";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

describe("QuestionCard", () => {
  it("shows a choice question's number, name, options, answer and analysis", () => {
    render(
      <QuestionCard
        number={3}
        question={{
          subjectName: CN.questionDrowning,
          subjectType: 1,
          score: 5,
          answer: "A",
          analysis: `${CN.noSwimmingAlone}${CN.fullStop}`,
          subjectOptions: [
            { optionName: "A", optionContent: CN.noSwimmingAlone },
            { optionName: "B", optionContent: CN.riverTogether },
          ],
        }}
      />,
    );
    expect(screen.getByText(new RegExp(`3\\. ${CN.questionDrowning}`))).toBeInTheDocument();
    expect(screen.getByText(text("widgets.question.choice"))).toBeInTheDocument();
    expect(screen.getByText(text("widgets.question.score", { score: 5 }))).toBeInTheDocument();
    const options = within(screen.getByRole("list", { name: text("widgets.question.options") })).getAllByRole("listitem");
    expect(options.map((o) => o.textContent)).toEqual([`A. ${CN.noSwimmingAlone}`, `B. ${CN.riverTogether}`]);
    expect(screen.getByText(`${CN.noSwimmingAlone}${CN.fullStop}`)).toBeInTheDocument();
  });

  it("shows a short-answer question without options", () => {
    render(<QuestionCard number={1} question={{ subjectName: CN.questionWasteSorting, subjectType: 4, subjectOptions: [{ optionName: "A", optionContent: "x" }] }} />);
    expect(screen.getByText(text("widgets.question.shortAnswer"))).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: text("widgets.question.options") })).toBeNull();
    expect(screen.getAllByText(text("widgets.question.none"))).toHaveLength(2);
  });
});

describe("QuestionCard answering (issue 18)", () => {
  const options = [
    { optionName: "A", optionContent: CN.noSwimmingAlone },
    { optionName: "B", optionContent: CN.riverTogether },
    { optionName: "C", optionContent: CN.questionWasteSorting },
  ];

  it("answers a multiple-choice question with check boxes, as sorted letters, without showing the answer", () => {
    const given: string[] = [];
    render(<QuestionCard number={2} question={{ subjectName: CN.questionDrowning, subjectType: 2, answer: "AC", subjectOptions: options }} showAnswer={false} value="" onChange={(v) => given.push(v)} />);
    expect(screen.getByText(text("party.multiple"))).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(`C. ${CN.questionWasteSorting}`));
    expect(given).toEqual(["C"]);
    expect(screen.queryByText(text("widgets.question.answer"))).toBeNull();
  });

  it("answers a single-choice question with radio buttons", () => {
    const given: string[] = [];
    render(<QuestionCard number={1} question={{ subjectName: CN.questionDrowning, subjectType: 1, subjectOptions: options }} onChange={(v) => given.push(v)} />);
    fireEvent.click(screen.getByLabelText(`B. ${CN.riverTogether}`));
    expect(given).toEqual(["B"]);
  });

  it("shows a marked question: what was given, right or wrong, the points, the answer and the analysis", () => {
    render(
      <QuestionCard
        number={3}
        question={{ subjectName: CN.questionDrowning, subjectType: 3, score: 2, answer: "B", analysis: CN.riverTogether, subjectOptions: options.slice(0, 2) }}
        onChange={() => undefined}
        result={{ given: "A", correct: false, got: 0 }}
      />,
    );
    expect(screen.getByText(text("party.judge"))).toBeInTheDocument();
    expect(screen.getByText(text("party.wrong"))).toBeInTheDocument();
    expect(screen.getByText(text("party.got", { score: 0 }))).toBeInTheDocument();
    expect(screen.getByText("B")).toBeInTheDocument();
    expect(screen.getAllByText(CN.riverTogether).length).toBeGreaterThan(0);
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("marks a short answer as waiting for a person", () => {
    render(<QuestionCard number={4} question={{ subjectName: CN.questionWasteSorting, subjectType: 4 }} result={{ given: CN.wasteSortingAnswer, correct: null, got: 0 }} />);
    expect(screen.getByText(text("party.pending"))).toBeInTheDocument();
    expect(screen.getByText(CN.wasteSortingAnswer)).toBeInTheDocument();
  });
});
