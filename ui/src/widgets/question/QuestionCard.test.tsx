import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
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
          analysis: `${CN.noSwimmingAlone}。`,
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
    expect(screen.getByText(`${CN.noSwimmingAlone}。`)).toBeInTheDocument();
  });

  it("shows a short-answer question without options", () => {
    render(<QuestionCard number={1} question={{ subjectName: CN.questionWasteSorting, subjectType: 4, subjectOptions: [{ optionName: "A", optionContent: "x" }] }} />);
    expect(screen.getByText(text("widgets.question.shortAnswer"))).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: text("widgets.question.options") })).toBeNull();
    expect(screen.getAllByText(text("widgets.question.none"))).toHaveLength(2);
  });
});
