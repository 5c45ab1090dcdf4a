// The news preview (spec §2 "News preview", §3 "Article preview"): desktop and mobile tabs showing the
// title, source, author, publish time, visit count and the article's HTML, sanitised first.

import { Space, Tabs, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { sanitizeHtml } from "../richtext/sanitize";

/** The article fields the preview shows. */
export interface ArticlePreview {
  title?: string;
  source?: string;
  authorName?: string;
  publishTime?: string;
  visits?: number;
  content?: string;
}

function Meta({ article }: { article: ArticlePreview }) {
  const { t } = useTranslation();
  return (
    <Space wrap size={16} style={{ color: "rgba(0,0,0,0.45)", fontSize: 13 }}>
      {article.source && <span>{t("widgets.news.source")}{article.source}</span>}
      {article.authorName && <span>{t("widgets.news.author")}{article.authorName}</span>}
      {article.publishTime && <span>{t("widgets.news.publishTime")}{article.publishTime}</span>}
      <span>{t("widgets.news.visits")}{article.visits ?? 0}</span>
    </Space>
  );
}

function Page({ article, html, width }: { article: ArticlePreview; html: string; width: number | string }) {
  return (
    <div style={{ width, maxWidth: "100%", margin: "0 auto", padding: 16, border: "1px solid #f0f0f0", borderRadius: 8, background: "#fff" }}>
      <Typography.Title level={4} style={{ textAlign: "center" }}>
        {article.title}
      </Typography.Title>
      <Meta article={article} />
      {/* html is the output of sanitizeHtml: allow-listed elements, attributes and URLs only. */}
      <div className="news-preview-content" style={{ marginTop: 16, overflowWrap: "anywhere" }} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

/** NewsPreview shows an article as readers will see it on a desktop and on a phone. */
export function NewsPreview({ article }: { article: ArticlePreview }) {
  const { t } = useTranslation();
  const html = useMemo(() => sanitizeHtml(article.content ?? "", { newWindow: true }), [article.content]);
  return (
    <Tabs
      items={[
        { key: "desktop", label: t("widgets.news.desktop"), children: <Page article={article} html={html} width={800} /> },
        { key: "mobile", label: t("widgets.news.mobile"), children: <Page article={article} html={html} width={375} /> },
      ]}
    />
  );
}
