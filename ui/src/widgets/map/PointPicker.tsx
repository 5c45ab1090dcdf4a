// The point and circle picker (mapPoint, mapCircle): click the map, search a place or enter "lng,lat" to
// set the point; a circle also has a radius in metres (default 100, at least 100, spec §9).

import { Button, InputNumber, Space, Typography, message } from "antd";
import { useEffect } from "react";
import type { LeafletMouseEvent } from "leaflet";
import { asPoint, clampRadius, DEFAULT_RADIUS, formatPoint, MAX_RADIUS, MIN_RADIUS, pointValue, type GeoPoint } from "./geo";
import { LeafletMap, type MapHandle } from "./LeafletMap";
import { LocateBar } from "./LocateBar";
import { useTranslation } from "react-i18next";

export interface PointPickerProps {
  id?: string;
  /** The map's accessible name (the field's label). */
  label: string;
  value?: unknown;
  onChange: (value: GeoPoint | undefined) => void;
  /** Draw a circle: the value carries its radius. */
  circle?: boolean;
  disabled?: boolean;
}

const COLOR = "#1677ff";

/** PointLayer draws the point (and circle) and turns map clicks into a new point. */
function PointLayer({ handle, point, circle, disabled, set }: { handle: MapHandle; point?: GeoPoint; circle?: boolean; disabled?: boolean; set: (p: GeoPoint) => void }) {
  const { L, map } = handle;
  const [lng, lat, radius] = [point?.lng, point?.lat, point?.radius];
  useEffect(() => {
    if (lng === undefined || lat === undefined) return;
    const layers = [L.circleMarker([lat, lng], { radius: 6, color: COLOR, fillOpacity: 0.9 })];
    if (circle) layers.push(L.circle([lat, lng], { radius: clampRadius(radius), color: COLOR, fillOpacity: 0.15 }));
    layers.forEach((l) => l.addTo(map));
    return () => layers.forEach((l) => l.remove());
  }, [L, map, lng, lat, radius, circle]);
  useEffect(() => {
    if (disabled) return;
    const onClick = (e: LeafletMouseEvent) => set({ lng: e.latlng.lng, lat: e.latlng.lat, radius: point?.radius });
    map.on("click", onClick);
    return () => void map.off("click", onClick);
  }, [map, disabled, set, point?.radius]);
  return null;
}

/** PointPicker edits a geoPoint value ({lng, lat}, with radius for a circle) on a map. */
export function PointPicker({ id, label, value, onChange, circle, disabled }: PointPickerProps) {
  const { t } = useTranslation();
  const point = asPoint(value);
  const set = (p: GeoPoint) => onChange(pointValue({ ...p, radius: p.radius ?? DEFAULT_RADIUS }, !!circle));

  return (
    <LeafletMap id={id} label={label}>
      {(handle) => (
        <>
          <PointLayer handle={handle} point={point} circle={circle} disabled={disabled} set={set} />
          <div style={{ marginTop: 8 }}>
            <LocateBar
              geocoderUrl={handle.config.mapGeocoderUrl}
              disabled={disabled}
              warn={(t) => void message.warning(t)}
              onLocate={(p) => {
                handle.map.setView([p.lat, p.lng]);
                set({ ...p, radius: point?.radius });
              }}
            />
            <Space wrap>
              <Typography.Text aria-label={t("widgets.point.current")}>{point ? formatPoint(point) : t("widgets.point.none")}</Typography.Text>
              {circle && (
                <InputNumber
                  aria-label={t("widgets.point.radius")}
                  addonBefore={t("widgets.point.radiusBefore")}
                  addonAfter={t("widgets.point.metres")}
                  min={MIN_RADIUS}
                  max={MAX_RADIUS}
                  precision={0}
                  disabled={disabled || !point}
                  value={point ? clampRadius(point.radius) : DEFAULT_RADIUS}
                  onChange={(r) => point && set({ ...point, radius: clampRadius(r) })}
                />
              )}
              {point && !disabled && <Button onClick={() => onChange(undefined)}>{t("widgets.point.clear")}</Button>}
            </Space>
          </div>
        </>
      )}
    </LeafletMap>
  );
}
