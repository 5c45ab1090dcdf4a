// Draws polygons on a picker's map, each in its colour; a right-click on one asks the spec's confirmation and removes
// it only when confirmed (spec §2: right-click delete confirm).

import { Modal } from "antd";
import { useEffect, useState } from "react";
import type { LeafletMouseEvent } from "leaflet";
import type { PolygonCoords } from "./geo";
import type { MapHandle } from "./LeafletMap";
import { useTranslation } from "react-i18next";


/** One polygon to draw. */
export interface Shape {
  key: string;
  coords: PolygonCoords;
  color: string;
  /** Shown when the pointer rests on the polygon. */
  title?: string;
}

export interface ShapesLayerProps {
  handle: MapHandle;
  shapes: readonly Shape[];
  /** Removes a shape after the confirmation; without it, right-click does nothing. */
  onDelete?: (key: string) => void;
}

/** ShapesLayer keeps the map's polygons in step with shapes and owns the delete confirmation. */
export function ShapesLayer({ handle, shapes, onDelete }: ShapesLayerProps) {
  const { t } = useTranslation();
  const { L, map } = handle;
  const [asking, setAsking] = useState<string>();

  useEffect(() => {
    const layers = shapes.map((s) => {
      const latlngs = s.coords.map((ring) => ring.map(([lng, lat]): [number, number] => [lat, lng]));
      const layer = L.polygon(latlngs, { color: s.color, weight: 2, fillOpacity: 0.35 });
      if (s.title) layer.bindTooltip(s.title, { sticky: true });
      if (onDelete) {
        layer.on("contextmenu", (e: LeafletMouseEvent) => {
          L.DomEvent.preventDefault(e.originalEvent);
          setAsking(s.key);
        });
      }
      return layer.addTo(map);
    });
    return () => layers.forEach((l) => l.remove());
  }, [L, map, shapes, onDelete]);

  return (
    <Modal
      open={asking !== undefined}
      title={t("widgets.draw.confirmDelete")}
      okText={t("widgets.draw.ok")}
      cancelText={t("widgets.draw.cancel")}
      onOk={() => {
        if (asking !== undefined) onDelete?.(asking);
        setAsking(undefined);
      }}
      onCancel={() => setAsking(undefined)}
    />
  );
}
