// The land-type picker (mapLand): choose one of the eight land categories (spec §3), draw its parcels
// in the category's colour, right-click a parcel to delete it after a confirmation. The value is a GeoJSON
// FeatureCollection whose features carry category, color, parentId and selfId.

import { Select, Space, Tag, Typography, message } from "antd";
import { useCallback, useMemo, useState } from "react";
import { DrawControls } from "./DrawControls";
import { LeafletMap } from "./LeafletMap";
import { LocateBar } from "./LocateBar";
import { ShapesLayer, type Shape } from "./ShapesLayer";
import {
  addLandPolygon,
  asLandCollection,
  categoryOf,
  countByCategory,
  LAND_CATEGORIES,
  landValue,
  removeLandPolygon,
  type LandCategory,
  type LandCollection,
} from "./landModel";
import { useTranslation } from "react-i18next";

export interface LandPickerProps {
  id?: string;
  label: string;
  value?: unknown;
  onChange: (value: LandCollection | undefined) => void;
  /** The record the parcels belong to (stored as each polygon's parentId). */
  parentId?: string;
  disabled?: boolean;
}

/** LandPicker edits the categorised parcels of a mapLand field. */
export function LandPicker({ id, label, value, onChange, parentId, disabled }: LandPickerProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<LandCategory>(LAND_CATEGORIES[0].key);
  const land = useMemo(() => asLandCollection(value), [value]);
  const counts = useMemo(() => countByCategory(land), [land]);
  const shapes = useMemo<Shape[]>(
    () =>
      land.features.map((f) => ({
        key: f.properties.selfId,
        coords: f.geometry.coordinates,
        color: categoryOf(f.properties.category)?.color ?? f.properties.color,
        title: categoryOf(f.properties.category)?.label,
      })),
    [land],
  );
  const remove = useCallback((selfId: string) => onChange(landValue(removeLandPolygon(land, selfId))), [land, onChange]);
  const color = categoryOf(category)?.color ?? "#1677ff";

  return (
    <LeafletMap id={id} label={label}>
      {(handle) => (
        <>
          <ShapesLayer handle={handle} shapes={shapes} onDelete={disabled ? undefined : remove} />
          <div style={{ marginTop: 8 }}>
            <LocateBar geocoderUrl={handle.config.mapGeocoderUrl} disabled={disabled} warn={(t) => void message.warning(t)} onLocate={(p) => handle.map.setView([p.lat, p.lng])} />
            <Space wrap>
              <Select
                aria-label={t("widgets.land.category")}
                value={category}
                disabled={disabled}
                style={{ width: 180 }}
                onChange={setCategory}
                options={LAND_CATEGORIES.map((c) => ({ value: c.key, label: <Tag color={c.color}>{c.label}</Tag> }))}
              />
              <DrawControls
                handle={handle}
                color={color}
                startLabel={t("widgets.draw.parcel")}
                disabled={disabled}
                onDone={(ring) => onChange(landValue(addLandPolygon(land, category, [ring], parentId)))}
              />
            </Space>
            <div aria-label={t("widgets.land.counts")} style={{ marginTop: 8 }}>
              {LAND_CATEGORIES.map((c) => (
                <Tag key={c.key} color={c.color}>
                  {c.label} {counts[c.key] ?? 0}
                </Tag>
              ))}
            </div>
            {land.features.length > 0 && !disabled && <Typography.Text type="secondary">{t("widgets.draw.deleteParcelHint")}</Typography.Text>}
          </div>
        </>
      )}
    </LeafletMap>
  );
}
