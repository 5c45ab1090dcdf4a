// Actions some modules add to their generic detail page, by module name: the content articles' preview button
// (spec §2 "News preview"), which shows the record as readers will see it.

import { Button, Modal, Spin } from "antd";
import { lazy, Suspense, useState, type ComponentType } from "react";
import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";

const NewsPreview = lazy(() => import("../widgets/news/NewsPreview").then((m) => ({ default: m.NewsPreview })));

const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** ArticlePreviewAction opens the news preview of an article record. */
function ArticlePreviewAction({ record }: { record: BaseRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("widgets.preview")}</Button>
      <Modal open={open} title={t("widgets.preview")} width={880} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Suspense fallback={<Spin />}>
          <NewsPreview
            article={{
              title: text(record.title),
              source: text(record.source),
              authorName: text(record.authorName),
              publishTime: text(record.publishTime),
              visits: typeof record.visits === "number" ? record.visits : undefined,
              content: text(record.content),
            }}
          />
        </Suspense>
      </Modal>
    </>
  );
}

const ACTIONS: Record<string, ComponentType<{ record: BaseRecord }>> = { article: ArticlePreviewAction };

/** DetailActions renders the module's extra detail-page actions, nothing for most modules. */
export function DetailActions({ module, record }: { module: string; record: BaseRecord }) {
  const Action = ACTIONS[module];
  return Action ? <Action record={record} /> : null;
}
