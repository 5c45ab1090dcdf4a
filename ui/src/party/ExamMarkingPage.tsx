// Marking short answers (issue 18): the answer sheets of the marker's scope whose short answers wait for a
// person, and one sheet's short answers — question, the examinee's answer, the reference answer and analysis —
// each with a score between 0 and the question's score. Saving sends the marks only; the server sums the
// sheet again, decides passed and gives the exam's points.

import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Card, Descriptions, Input, InputNumber, Space, Spin, Table, Tag, Typography, message } from "antd";
import { Link, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { modulePath } from "../app/routes";
import { markingApi, type MarkingSheet, type MarkResult, type PendingSheet } from "./partyApi";
import { EXAM_MARKING_LIST, examMarkingPath } from "./paths";

const PAGE_SIZE = 10;

/** The sheets awaiting marking, oldest first (?exam= for one exam's). */
function PendingList() {
  const { t } = useTranslation();
  const exam = useSearchParams()[0].get("exam") ?? undefined;
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<PendingSheet[] | null>(null);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    markingApi.pending(page - 1, PAGE_SIZE, exam).then(
      (p) => {
        setRows(p.data);
        setTotal(p.recordsTotal);
      },
      () => setRows([]),
    );
  }, [page, exam]);

  return (
    <Card title={t("partyMarking.title")} extra={<Link to={modulePath.list("examAnswer")}>{t("partyMarking.backToResults")}</Link>}>
      <Table<PendingSheet>
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        locale={{ emptyText: t("partyMarking.nothingPending") }}
        pagination={total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage } : false}
        columns={[
          { key: "examTitle", dataIndex: "examTitle", title: t("partyMarking.exam") },
          { key: "examineeName", dataIndex: "examineeName", title: t("partyMarking.examinee") },
          { key: "attemptNo", dataIndex: "attemptNo", title: t("partyMarking.attempt") },
          { key: "submitTime", dataIndex: "submitTime", title: t("partyMarking.submitTime") },
          {
            key: "score",
            title: t("partyMarking.scoreSoFar"),
            render: (_: unknown, r: PendingSheet) => `${r.score ?? 0} / ${r.totalScore ?? 0}`,
          },
          { key: "pendingCount", dataIndex: "pendingCount", title: t("partyMarking.pendingCount") },
          {
            key: "actions",
            title: t("common.actions"),
            render: (_: unknown, r: PendingSheet) => <Link to={examMarkingPath(r.id)}>{t("partyMarking.mark")}</Link>,
          },
        ]}
      />
    </Card>
  );
}

/** One sheet's short answers, marked in place. */
function SheetMarking({ id }: { id: string }) {
  const { t } = useTranslation();
  const [data, setData] = useState<MarkingSheet | null>(null);
  const [failed, setFailed] = useState(false);
  const [marks, setMarks] = useState<Record<string, number | null>>({});
  const [comment, setComment] = useState("");
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<MarkResult | null>(null);

  const load = useCallback(() => {
    markingApi.sheet(id).then(
      (d) => {
        setData(d);
        setMarks(Object.fromEntries(d.items.map((it) => [String(it.questionId), it.score])));
        setComment(d.sheet.reviewComment ?? "");
      },
      () => setFailed(true),
    );
  }, [id]);
  useEffect(load, [load]);

  if (failed) return <Alert type="error" showIcon message={t("partyMarking.notFound")} action={<Link to={EXAM_MARKING_LIST}>{t("partyMarking.backToList")}</Link>} />;
  if (!data) return <Spin />;
  const given = Object.fromEntries(Object.entries(marks).filter((e): e is [string, number] => typeof e[1] === "number"));
  const save = () => {
    setSaving(true);
    markingApi
      .save(id, given, comment)
      .then((r) => {
        setResult(r);
        void message.success(t("partyMarking.saved"));
        load();
      }, () => undefined)
      .finally(() => setSaving(false));
  };
  const sheet = data.sheet;
  const score = result?.score ?? sheet.score ?? 0;
  const passed = result?.passed ?? sheet.passed ?? false;
  const pending = result?.pendingCount ?? sheet.pendingCount ?? 0;
  const reward = result?.rewardPoints ?? sheet.rewardPoints;

  return (
    <Card
      title={t("partyMarking.sheetTitle", { exam: data.examTitle ?? "", name: sheet.examineeName ?? "" })}
      extra={<Link to={EXAM_MARKING_LIST}>{t("partyMarking.backToList")}</Link>}
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
          <Descriptions.Item label={t("partyMarking.total")}>
            <span data-testid="marking-score">{`${score} / ${sheet.totalScore ?? 0}`}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("partyMarking.passScore")}>{data.passScore}</Descriptions.Item>
          <Descriptions.Item label={t("partyMarking.state")}>
            <Tag color={passed ? "green" : "red"} data-testid="marking-passed">
              {t(passed ? "party.passed" : "party.failed")}
            </Tag>
            {pending > 0 && <Tag color="orange">{t("partyMarking.stillPending", { count: pending })}</Tag>}
          </Descriptions.Item>
          {reward ? <Descriptions.Item label={t("partyMarking.reward")}>{reward}</Descriptions.Item> : null}
        </Descriptions>
        {data.items.length === 0 && <Alert type="info" showIcon message={t("partyMarking.noShortAnswers")} />}
        {data.items.map((it) => (
          <Card key={it.questionId} size="small" title={t("partyMarking.question", { no: it.no, name: it.subjectName })}>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t("partyMarking.given")}>
                {it.given ? <Typography.Text>{it.given}</Typography.Text> : <Typography.Text type="secondary">{t("partyMarking.noAnswer")}</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label={t("partyMarking.reference")}>{it.answer}</Descriptions.Item>
              {it.analysis && <Descriptions.Item label={t("partyMarking.analysis")}>{it.analysis}</Descriptions.Item>}
              <Descriptions.Item label={t("partyMarking.scoreLabel", { max: it.maxScore })}>
                <Space>
                  <InputNumber
                    aria-label={t("partyMarking.scoreOf", { no: it.no })}
                    min={0}
                    max={it.maxScore}
                    step={0.5}
                    precision={1}
                    value={marks[String(it.questionId)] ?? null}
                    onChange={(v) => setMarks((m) => ({ ...m, [String(it.questionId)]: typeof v === "number" ? v : null }))}
                  />
                  {it.marked && <Tag color="blue">{t("partyMarking.marked")}</Tag>}
                </Space>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        ))}
        {data.items.length > 0 && (
          <>
            <Input.TextArea
              aria-label={t("partyMarking.comment")}
              placeholder={t("partyMarking.comment")}
              maxLength={500}
              rows={2}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <Button type="primary" loading={saving} disabled={Object.keys(given).length === 0} onClick={save}>
              {t("partyMarking.save")}
            </Button>
          </>
        )}
      </Space>
    </Card>
  );
}

export default function ExamMarkingPage() {
  const { id } = useParams();
  return id ? <SheetMarking key={id} id={id} /> : <PendingList />;
}
