// Exam statistics (issue 18): per exam the viewer can see, the participants, average, highest and lowest score
// and pass rate of the answer sheets in the viewer's data scope (each person once, by their best sheet), and
// the same per organisation — those directly under the viewer's (a county's townships, a township's villages)
// or each sheet's own.

import { useEffect, useState } from "react";
import { Card, Radio, Table, Typography, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { modulePath } from "../app/routes";
import { markingApi, type ExamStat, type ScoreStat, type StatsLevel } from "./partyApi";

export default function ExamStatsPage() {
  const { t } = useTranslation();
  const [level, setLevel] = useState<StatsLevel>("child");
  const [exams, setExams] = useState<ExamStat[] | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);

  useEffect(() => {
    setExams(null);
    markingApi.statistics(level).then(
      (d) => {
        setExams(d.exams);
        setExpanded(d.exams.filter((e) => e.people > 0).map((e) => e.exam));
      },
      () => setExams([]),
    );
  }, [level]);

  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const numbers = <T extends ScoreStat>(): TableColumnsType<T> => [
    { key: "people", dataIndex: "people", title: t("examStats.people") },
    { key: "average", title: t("examStats.average"), render: (_: unknown, r: T) => (r.people ? r.average : dash) },
    { key: "highest", title: t("examStats.highest"), render: (_: unknown, r: T) => (r.people ? r.highest : dash) },
    { key: "lowest", title: t("examStats.lowest"), render: (_: unknown, r: T) => (r.people ? r.lowest : dash) },
    { key: "passed", dataIndex: "passed", title: t("examStats.passed") },
    { key: "passRate", title: t("examStats.passRate"), render: (_: unknown, r: T) => (r.people ? `${r.passRate}%` : dash) },
  ];

  return (
    <Card
      title={t("examStats.title")}
      extra={<Link to={modulePath.list("examAnswer")}>{t("partyMarking.backToResults")}</Link>}
    >
      <Radio.Group
        aria-label={t("examStats.level")}
        value={level}
        onChange={(e) => setLevel(e.target.value as StatsLevel)}
        optionType="button"
        style={{ marginBottom: 16 }}
        options={[
          { value: "child", label: t("examStats.byChild") },
          { value: "org", label: t("examStats.byOrg") },
        ]}
      />
      <Table<ExamStat>
        rowKey="exam"
        loading={exams === null}
        dataSource={exams ?? []}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("examStats.none") }}
        columns={[{ key: "title", dataIndex: "title", title: t("examStats.exam") }, ...numbers<ExamStat>()]}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
          rowExpandable: (r) => r.byOrg.length > 0,
          expandedRowRender: (r) => (
            <Table<ScoreStat>
              size="small"
              rowKey={(o) => String(o.orgId)}
              dataSource={r.byOrg}
              pagination={false}
              columns={[{ key: "orgName", title: t("examStats.org"), render: (_: unknown, o: ScoreStat) => o.orgName || String(o.orgId ?? "") }, ...numbers<ScoreStat>()]}
            />
          ),
        }}
      />
    </Card>
  );
}
