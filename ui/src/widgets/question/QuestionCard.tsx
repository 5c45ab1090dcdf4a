// A question of the exam and evaluation modules (spec §3 "Question"): its number, name and score, the
// options of a choice question (type 1), the answer and the analysis. A short-answer question (type 4)
// has no options.

import { Card, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** One option of a choice question. */
export interface QuestionOption {
  optionName: string;
  optionContent: string;
}

/** A question as the server sends it. */
export interface Question {
  subjectName: string;
  /** 1: choice, 4: short answer. */
  subjectType?: number;
  score?: number;
  answer?: string;
  analysis?: string;
  subjectOptions?: QuestionOption[];
}

/** Spec §3: type 1 is a choice question, type 4 a short answer. */
export const QUESTION_CHOICE = 1;
export const QUESTION_SHORT_ANSWER = 4;

const TYPE_LABEL: Record<number, string> = { [QUESTION_CHOICE]: "widgets.question.choice", [QUESTION_SHORT_ANSWER]: "widgets.question.shortAnswer" };

export interface QuestionCardProps {
  /** The question's number in its list, from 1. */
  number: number;
  question: Question;
  /** Show the answer and analysis (the default). */
  showAnswer?: boolean;
}

/** QuestionCard shows one question. */
export function QuestionCard({ number, question, showAnswer = true }: QuestionCardProps) {
  const type = question.subjectType ?? (question.subjectOptions?.length ? QUESTION_CHOICE : QUESTION_SHORT_ANSWER);
  const options = type === QUESTION_CHOICE ? (question.subjectOptions ?? []) : [];
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space wrap>
          <Typography.Text strong>
            {number}. {question.subjectName}
          </Typography.Text>
          {TYPE_LABEL[type] && <Tag>{t(TYPE_LABEL[type])}</Tag>}
          {question.score !== undefined && <Tag color="blue">{t("widgets.question.score", { score: question.score })}</Tag>}
        </Space>
        {options.length > 0 && (
          <ol aria-label={t("widgets.question.options")} style={{ listStyle: "none", paddingLeft: 16, margin: 0 }}>
            {options.map((o) => (
              <li key={o.optionName}>
                {o.optionName}. {o.optionContent}
              </li>
            ))}
          </ol>
        )}
        {showAnswer && (
          <>
            <Typography.Text>
              <Typography.Text type="secondary">{t("widgets.question.answer")}</Typography.Text>
              {question.answer || t("widgets.question.none")}
            </Typography.Text>
            <Typography.Text>
              <Typography.Text type="secondary">{t("widgets.question.analysis")}</Typography.Text>
              {question.analysis || t("widgets.question.none")}
            </Typography.Text>
          </>
        )}
      </Space>
    </Card>
  );
}
