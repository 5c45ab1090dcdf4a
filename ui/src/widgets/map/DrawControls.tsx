// The drawing buttons of the polygon pickers: draw starts a polygon, clicks add vertices, a double-click
// or finish closes it (at least 3 vertices), cancel drops it.

import { Button, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import type { Position } from "./geo";
import type { MapHandle } from "./LeafletMap";
import { startDrawing, type DrawSession } from "./drawSession";
import { useTranslation } from "react-i18next";

export interface DrawControlsProps {
  handle: MapHandle;
  color: string;
  startLabel: string;
  disabled?: boolean;
  onDone: (ring: Position[]) => void;
}

/** DrawControls runs one drawing session at a time on the handle's map. */
export function DrawControls({ handle, color, startLabel, disabled, onDone }: DrawControlsProps) {
  const { t } = useTranslation();
  const session = useRef<DrawSession>(undefined);
  const [vertices, setVertices] = useState<number>();
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => () => session.current?.cancel(), []);

  const start = () => {
    session.current?.cancel();
    setVertices(0);
    session.current = startDrawing(handle.L, handle.map, color, (ring) => {
      session.current = undefined;
      setVertices(undefined);
      done.current(ring);
    }, setVertices);
  };
  const cancel = () => {
    session.current?.cancel();
    session.current = undefined;
    setVertices(undefined);
  };

  if (vertices === undefined) {
    return (
      <Button type="primary" ghost disabled={disabled} onClick={start}>
        {startLabel}
      </Button>
    );
  }
  return (
    <Space>
      <Typography.Text type="secondary">{t("widgets.draw.progress", { count: vertices })}</Typography.Text>
      <Button type="primary" disabled={vertices < 3} onClick={() => session.current?.finish()}>
        {t("widgets.draw.finish")}
      </Button>
      <Button onClick={cancel}>{t("widgets.draw.cancel")}</Button>
    </Space>
  );
}
