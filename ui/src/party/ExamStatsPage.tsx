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

/** Exams shown a page. */
export const STATS_PAGE = 10;

export default function ExamStatsPage() {
  const { t } = useTranslation();
  const [level, setLevel] = useState<StatsLevel>("child");
  const [paging, setPaging] = useState({ page: 1, size: STATS_PAGE });
  const [exams, setExams] = useState<ExamStat[] | null>(null);
  const [total, setTotal] = useState(0);
  const [expanded, setExpanded] = useState<number[]>([]);

  // The server works out the figures of the page's exams only (a county holds hundreds).
  useEffect(() => {
    let live = true;
    setExams(null);
    markingApi.statistics(level, paging.page - 1, paging.size).then(
      (d) => {
        if (!live) return;
        setExams(d.exams);
        setTotal(d.total ?? d.exams.length);
        setExpanded(d.exams.filter((e) => e.people > 0).map((e) => e.exam));
      },
      () => live && setExams([]),
    );
    return () => {
      live = false;
    };
  }, [level, paging]);

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
        onChange={(e) => {
          setLevel(e.target.value as StatsLevel);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
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
        // A county holds hundreds of exams, each opened on its organisations: drawing all of them at once kept
        // the screen blank for seconds (issue 16's screen walk at 500,000 villagers); the server pages them.
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total,
          showSizeChanger: true,
          hideOnSinglePage: true,
          onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
        }}
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
