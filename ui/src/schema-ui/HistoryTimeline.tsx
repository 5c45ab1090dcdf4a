import { Empty, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatValue, labelOf } from "./format";
import type { StatusConfig } from "./moduleSchema";

/** HistoryEntry is one recorded transition of the record's status. */
export interface HistoryEntry {
  action: string;
  from?: string | number | null;
  to?: string | number | null;
  comment?: string;
  userId?: string | number;
  userName?: string;
  createdAt?: string;
}

/** historyOf reads the record's history array, skipping malformed entries. */
export function historyOf(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e: unknown): HistoryEntry[] => {
    if (typeof e !== "object" || e === null || !("action" in e)) return [];
    return [e as HistoryEntry];
  });
}

/** HistoryTimeline shows who moved the record from which status to which, when, and why. */
export function HistoryTimeline({ status, history }: { status: StatusConfig; history: readonly HistoryEntry[] }) {
  const { t } = useTranslation();
  if (!history.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("module.noHistory")} />;
  const values = Object.entries(status.values).map(([value, label]) => ({ value, label }));
  const actionLabel = (name: string) => status.actions.find((a) => a.name === name)?.label ?? name;
  const state = (v: unknown) => (v === undefined || v === null || v === "" ? t("module.noStatus") : labelOf(values, v));
  return (
    <Timeline
      items={history.map((h, i) => ({
        key: `${i}`,
        children: (
          <div>
            <Typography.Text strong>{actionLabel(h.action)}</Typography.Text>{" "}
            <Typography.Text type="secondary">
              {state(h.from)} → {state(h.to)}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {[formatValue(h.createdAt, { type: "datetime" }), h.userName ?? (h.userId !== undefined ? String(h.userId) : "")]
                  .filter(Boolean)
                  .join(" · ")}
              </Typography.Text>
            </div>
            {h.comment && <Typography.Paragraph style={{ marginBottom: 0 }}>{h.comment}</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}
