import { Typography } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { formatValue } from "../format";

/**
 * ReadonlyWidget stands in for the widgets of a later issue (files, images, video, rich text, maps, JSON):
 * it shows the value as text and keeps it unchanged.
 */
export function ReadonlyWidget({ id, value }: WidgetProps) {
  const { t } = useTranslation();
  const text = formatValue(value);
  return (
    <div id={id}>
      <Typography.Text>{text || t("common.empty")}</Typography.Text>{" "}
      <Typography.Text type="secondary">({t("widgets.notEditableYet")})</Typography.Text>
    </div>
  );
}
