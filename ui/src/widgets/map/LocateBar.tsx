// The map pickers' two locate boxes: a place search (through the configured geocoder only; without one a
// clear message says so, and nothing leaves the network) and a coordinate box reading "lng,lat" with a
// half- or full-width comma (spec §5: empty inputs warn, widgets.map.* in the locale bundles).

import { Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import {
  parseCoordinate,
  type GeoPoint,
} from "./geo";
import { searchPlace, type Place } from "./mapConfig";
import { useTranslation } from "react-i18next";

export interface LocateBarProps {
  /** The geocoder URL template; empty means no place search is configured. */
  geocoderUrl: string;
  /** Called with the point found or entered. */
  onLocate: (p: GeoPoint) => void;
  disabled?: boolean;
  /** Shows a warning (antd message by default). */
  warn: (text: string) => void;
  fetcher?: typeof fetch;
}

/** LocateBar searches a place or reads a coordinate and hands the point to onLocate. */
export function LocateBar({ geocoderUrl, onLocate, disabled, warn, fetcher }: LocateBarProps) {
  const { t } = useTranslation();
  const [place, setPlace] = useState("");
  const [coord, setCoord] = useState("");
  const [places, setPlaces] = useState<Place[]>([]);
  const [searching, setSearching] = useState(false);
  const [hint, setHint] = useState("");

  const search = async () => {
    setHint("");
    if (!place.trim()) return warn(t("widgets.map.emptyPlace"));
    if (!geocoderUrl) return setHint(t("widgets.map.noGeocoder"));
    setSearching(true);
    try {
      const found = await searchPlace(geocoderUrl, place.trim(), fetcher);
      setPlaces(found);
      if (found.length === 0) setHint(t("widgets.map.placeNotFound"));
      else onLocate(found[0].point);
    } catch {
      setHint(t("widgets.map.searchFailed"));
    } finally {
      setSearching(false);
    }
  };

  const locate = () => {
    setHint("");
    const parsed = parseCoordinate(coord);
    if (!parsed.ok) return warn(parsed.message);
    onLocate(parsed.point);
  };

  return (
    <Space direction="vertical" size={4} style={{ width: "100%", marginBottom: 8 }}>
      <Space wrap>
        <Input.Search
          aria-label={t("widgets.locate.place")}
          placeholder={t("widgets.locate.place")}
          value={place}
          disabled={disabled}
          loading={searching}
          onChange={(e) => setPlace(e.target.value)}
          onSearch={() => void search()}
          enterButton={t("widgets.locate.search")}
          style={{ width: 260 }}
        />
        <Input.Search
          aria-label={t("widgets.locate.coordinate")}
          placeholder={t("widgets.locate.coordinatePlaceholder")}
          value={coord}
          disabled={disabled}
          onChange={(e) => setCoord(e.target.value)}
          onSearch={locate}
          enterButton={t("widgets.locate.go")}
          style={{ width: 280 }}
        />
        {places.length > 1 && (
          <Select
            aria-label={t("widgets.locate.results")}
            style={{ width: 260 }}
            placeholder={t("widgets.locate.pickResult")}
            options={places.map((p, i) => ({ value: i, label: p.name }))}
            onChange={(i: number) => onLocate(places[i].point)}
          />
        )}
      </Space>
      {hint && <Typography.Text type="warning">{hint}</Typography.Text>}
    </Space>
  );
}
