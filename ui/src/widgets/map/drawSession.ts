// Drawing a polygon on a Leaflet map, written on Leaflet itself (no leaflet-draw): each click adds a
// vertex, a dashed outline follows, and a double-click or finish() closes the ring. The vertex list is a
// plain model (VertexList) so its rules are tested without a map.

import type { LeafletMouseEvent, Map as LMap, Polyline } from "leaflet";
import { closeRing, type Position } from "./geo";
import type { Leaflet } from "./leaflet";

/** VertexList collects clicked vertices; a repeated click on the same spot (a double-click's clicks) counts once. */
export class VertexList {
  private points: Position[] = [];

  add(p: Position): void {
    const last = this.points[this.points.length - 1];
    if (last && last[0] === p[0] && last[1] === p[1]) return;
    this.points.push(p);
  }

  get vertices(): readonly Position[] {
    return this.points;
  }

  /** ring is the closed ring, undefined below 3 vertices. */
  ring(): Position[] | undefined {
    return closeRing(this.points);
  }
}

/** A drawing in progress. */
export interface DrawSession {
  /** Closes the ring (done gets it) when there are 3 vertices or more; returns whether it did. */
  finish(): boolean;
  /** Stops drawing without a polygon. */
  cancel(): void;
}

/** startDrawing lets the user draw one polygon of colour on map; done receives the closed ring. */
export function startDrawing(L: Leaflet, map: LMap, color: string, done: (ring: Position[]) => void, onVertex?: (count: number) => void): DrawSession {
  const list = new VertexList();
  const outline: Polyline = L.polyline([], { color, dashArray: "4 4", weight: 2 }).addTo(map);
  const hadDblZoom = map.doubleClickZoom.enabled();
  map.doubleClickZoom.disable();
  map.getContainer().style.cursor = "crosshair";

  const stop = () => {
    map.off("click", onClick);
    map.off("dblclick", onDblClick);
    outline.remove();
    map.getContainer().style.cursor = "";
    if (hadDblZoom) map.doubleClickZoom.enable();
  };
  const finish = (): boolean => {
    const ring = list.ring();
    if (!ring) return false;
    stop();
    done(ring);
    return true;
  };
  function onClick(e: LeafletMouseEvent) {
    list.add([e.latlng.lng, e.latlng.lat]);
    outline.setLatLngs(list.vertices.map(([lng, lat]) => [lat, lng]));
    onVertex?.(list.vertices.length);
  }
  function onDblClick(e: LeafletMouseEvent) {
    list.add([e.latlng.lng, e.latlng.lat]);
    finish();
  }
  map.on("click", onClick);
  map.on("dblclick", onDblClick);
  return { finish, cancel: stop };
}
