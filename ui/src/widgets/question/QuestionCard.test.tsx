import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { QuestionCard } from "./QuestionCard";

describe("QuestionCard", () => {
  it("shows a choice question's number, name, options, answer and analysis", () => {
    render(
      <QuestionCard
        number={3}
        question={{
          subjectName: "防溺水“六不”包括哪项？",
          subjectType: 1,
          score: 5,
          answer: "A",
          analysis: "不私自下水游泳。",
          subjectOptions: [
            { optionName: "A", optionContent: "不私自下水游泳" },
            { optionName: "B", optionContent: "结伴去河边玩" },
          ],
        }}
      />,
    );
    expect(screen.getByText(/3\. 防溺水/)).toBeInTheDocument();
    expect(screen.getByText("选择题")).toBeInTheDocument();
    expect(screen.getByText("5 分")).toBeInTheDocument();
    const options = within(screen.getByRole("list", { name: "选项" })).getAllByRole("listitem");
    expect(options.map((o) => o.textContent)).toEqual(["A. 不私自下水游泳", "B. 结伴去河边玩"]);
    expect(screen.getByText("不私自下水游泳。")).toBeInTheDocument();
  });

  it("shows a short-answer question without options", () => {
    render(<QuestionCard number={1} question={{ subjectName: "简述垃圾分类的意义", subjectType: 4, subjectOptions: [{ optionName: "A", optionContent: "x" }] }} />);
    expect(screen.getByText("简答题")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "选项" })).toBeNull();
    expect(screen.getAllByText("无")).toHaveLength(2);
  });
});
