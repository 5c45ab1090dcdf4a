// Taking an exam (issue 18): the paper as question cards, answered in place; handing it in sends the answers
// only — the server scores them — and the cards then show the right answer, the analysis and the points.

import { useEffect, useState } from "react";
import { Alert, Button, Card, Popconfirm, Result, Space, Spin, Tag, Typography } from "antd";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { modulePath } from "../app/routes";
import { QuestionCard } from "../widgets/question/QuestionCard";
import { partyApi, resultOf, type Marked, type Paper } from "./partyApi";

export default function ExamTakePage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const [paper, setPaper] = useState<Paper | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [marked, setMarked] = useState<Marked | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    partyApi.paper(id).then(setPaper, () => setPaper(null));
  }, [id]);

  if (!paper) return <Spin />;
  const unanswered = paper.questions.filter((q) => !(answers[String(q.id)] ?? "").trim()).length;
  const submit = () => {
    setSending(true);
    partyApi.submit(id, answers).then(setMarked, () => undefined).finally(() => setSending(false));
  };

  return (
    <Card
      title={t("party.examTitle", { title: paper.exam.title })}
      extra={<Link to={modulePath.list("exam")}>{t("party.back")}</Link>}
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("party.examInfo", { count: paper.questions.length, total: paper.totalScore })}</Typography.Text>
        {paper.exam.description && <Typography.Paragraph>{paper.exam.description}</Typography.Paragraph>}
        {marked && (
          <Result
            status={marked.passed ? "success" : "warning"}
            title={t("party.score", { score: marked.score, total: marked.totalScore })}
            subTitle={
              <Space>
                <Tag color={marked.passed ? "green" : "red"}>{t(marked.passed ? "party.passed" : "party.failed")}</Tag>
                <span>{t("party.correctCount", { right: marked.correctCount })}</span>
                {marked.pendingCount > 0 && <Tag color="orange">{t("party.pending")}</Tag>}
              </Space>
            }
          />
        )}
        {!marked && !paper.open && <Alert type="warning" showIcon message={t("party.closed")} />}
        {marked
          ? marked.questions.map((q) => <QuestionCard key={q.id} number={q.no} question={q} result={resultOf(q)} />)
          : paper.questions.map((q) => (
              <QuestionCard
                key={q.id}
                number={q.no}
                question={q}
                showAnswer={false}
                value={answers[String(q.id)]}
                onChange={paper.open ? (v) => setAnswers((a) => ({ ...a, [String(q.id)]: v })) : undefined}
              />
            ))}
        {!marked && paper.open && (
          <Space>
            <Popconfirm
              title={unanswered > 0 ? `${t("party.unanswered", { count: unanswered })}。${t("party.submitConfirm")}` : t("party.submitConfirm")}
              onConfirm={submit}
            >
              <Button type="primary" loading={sending}>
                {t("party.submit")}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Space>
    </Card>
  );
}
