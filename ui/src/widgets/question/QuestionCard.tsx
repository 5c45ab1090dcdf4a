// A question of the exam and evaluation modules (spec §3 "Question"): its number, name and score, the
// options of a choice question (type 1; the question bank also has 2 multiple choice and 3 true/false),
// the answer and the analysis. A short-answer question (type 4) has no options. With onChange it is
// answered: radio buttons (types 1 and 3), check boxes (type 2) or a text box (type 4); with a result it
// shows what was given, whether it was right and the points earned, beside the answer and analysis.

import { Checkbox, Card, Input, Radio, Space, Tag, Typography } from "antd";
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
/** The question bank's multiple-choice and true/false types. */
export const QUESTION_MULTIPLE = 2;
export const QUESTION_JUDGE = 3;

const TYPE_LABEL: Record<number, string> = {
  [QUESTION_CHOICE]: "widgets.question.choice",
  [QUESTION_MULTIPLE]: "party.multiple",
  [QUESTION_JUDGE]: "party.judge",
  [QUESTION_SHORT_ANSWER]: "widgets.question.shortAnswer",
};

/** How a handed-in question was marked (the server's scoring). */
export interface QuestionResult {
  given: string;
  /** null: a short answer waiting for a person to mark it. */
  correct: boolean | null;
  got: number;
}

export interface QuestionCardProps {
  /** The question's number in its list, from 1. */
  number: number;
  question: Question;
  /** Show the answer and analysis (the default). */
  showAnswer?: boolean;
  /** The answer being given (letters such as "AC", or a short answer's text). */
  value?: string;
  /** Makes the card answerable. */
  onChange?: (value: string) => void;
  /** The marking of a handed-in question. */
  result?: QuestionResult;
}

function AnswerInput({ type, options, value, onChange, label }: { type: number; options: QuestionOption[]; value?: string; onChange: (v: string) => void; label: string }) {
  if (type === QUESTION_SHORT_ANSWER) {
    return <Input.TextArea aria-label={label} rows={3} maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)} />;
  }
  if (type === QUESTION_MULTIPLE) {
    return (
      <Checkbox.Group
        aria-label={label}
        value={(value ?? "").split("").filter(Boolean)}
        onChange={(vs) => onChange([...vs].map(String).sort().join(""))}
        options={options.map((o) => ({ value: o.optionName, label: `${o.optionName}. ${o.optionContent}` }))}
      />
    );
  }
  return (
    <Radio.Group aria-label={label} value={value} onChange={(e) => onChange(String(e.target.value))}>
      <Space direction="vertical">
        {options.map((o) => (
          <Radio key={o.optionName} value={o.optionName}>
            {o.optionName}. {o.optionContent}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

/** QuestionCard shows one question. */
export function QuestionCard({ number, question, showAnswer = true, value, onChange, result }: QuestionCardProps) {
  const type = question.subjectType ?? (question.subjectOptions?.length ? QUESTION_CHOICE : QUESTION_SHORT_ANSWER);
  const options = type !== QUESTION_SHORT_ANSWER ? (question.subjectOptions ?? []) : [];
  const { t } = useTranslation();
  const answering = onChange !== undefined && !result;
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
        {answering && <AnswerInput type={type} options={options} value={value} onChange={onChange} label={t("party.yourAnswer", { number })} />}
        {!answering && options.length > 0 && (
          <ol aria-label={t("widgets.question.options")} style={{ listStyle: "none", paddingLeft: 16, margin: 0 }}>
            {options.map((o) => (
              <li key={o.optionName}>
                {o.optionName}. {o.optionContent}
              </li>
            ))}
          </ol>
        )}
        {result && (
          <Space wrap>
            <Typography.Text>
              <Typography.Text type="secondary">{t("party.given")}</Typography.Text>
              {result.given || t("widgets.question.none")}
            </Typography.Text>
            {result.correct === null ? (
              <Tag color="orange">{t("party.pending")}</Tag>
            ) : (
              <Tag color={result.correct ? "green" : "red"}>{t(result.correct ? "party.right" : "party.wrong")}</Tag>
            )}
            <Tag>{t("party.got", { score: result.got })}</Tag>
          </Space>
        )}
        {showAnswer && !answering && (
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
