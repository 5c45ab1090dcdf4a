// The map widgets: point/circle, polygon and land-type pickers on Leaflet (loaded lazily), and their
// value model.

export { PointPicker, type PointPickerProps } from "./PointPicker";
export { PolygonPicker, type PolygonPickerProps } from "./PolygonPicker";
export { LandPicker, type LandPickerProps } from "./LandPicker";
export * from "./geo";
export * from "./landModel";
