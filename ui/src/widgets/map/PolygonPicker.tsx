// The polygon picker (mapPolygon): draw one or more polygons on the map (one is stored as a GeoJSON
// Polygon, more as a MultiPolygon), right-click one to delete it after a confirmation.

import { Space, Typography, message } from "antd";
import { useCallback, useMemo } from "react";
import { geoText } from "./geoText";
import { polygonsOf, polygonValue, type MultiPolygonGeometry, type PolygonGeometry } from "./geo";
import { DrawControls } from "./DrawControls";
import { LeafletMap } from "./LeafletMap";
import { LocateBar } from "./LocateBar";
import { ShapesLayer, type Shape } from "./ShapesLayer";
import { useTranslation } from "react-i18next";

export interface PolygonPickerProps {
  id?: string;
  label: string;
  value?: unknown;
  onChange: (value: PolygonGeometry | MultiPolygonGeometry | undefined) => void;
  disabled?: boolean;
}

const COLOR = "#1677ff";

/** PolygonPicker edits a geoPolygon value as plain polygons. */
export function PolygonPicker({ id, label, value, onChange, disabled }: PolygonPickerProps) {
  const { t } = useTranslation();
  const polygons = useMemo(() => polygonsOf(value), [value]);
  const shapes = useMemo<Shape[]>(() => polygons.map((coords, i) => ({ key: String(i), coords, color: COLOR, title: t("widgets.draw.polygonTitle", { index: i + 1 }) })), [polygons]);
  const remove = useCallback((key: string) => onChange(polygonValue(polygons.filter((_, i) => String(i) !== key))), [polygons, onChange]);

  return (
    <LeafletMap id={id} label={label}>
      {(handle) => (
        <>
          <ShapesLayer handle={handle} shapes={shapes} onDelete={disabled ? undefined : remove} />
          <div style={{ marginTop: 8 }}>
            <LocateBar geocoderUrl={handle.config.mapGeocoderUrl} disabled={disabled} warn={(t) => void message.warning(t)} onLocate={(p) => handle.map.setView([p.lat, p.lng])} />
            <Space direction="vertical" size={4}>
              <DrawControls handle={handle} color={COLOR} startLabel={t("widgets.draw.polygon")} disabled={disabled} onDone={(ring) => onChange(polygonValue([...polygons, [ring]]))} />
              <Typography.Text type="secondary" aria-label={t("widgets.draw.drawn")}>
                {geoText(value ?? {}) ?? t("widgets.draw.none")}
              </Typography.Text>
              {polygons.length > 0 && !disabled && <Typography.Text type="secondary">{t("widgets.draw.deletePolygonHint")}</Typography.Text>}
            </Space>
          </div>
        </>
      )}
    </LeafletMap>
  );
}
