// Loads Leaflet and its stylesheet on first use, so no list or form page carries them until a map shows.

export type Leaflet = typeof import("leaflet");

let loading: Promise<Leaflet> | undefined;

/** loadLeaflet imports Leaflet once (its UMD build arrives as the module's default export). */
export function loadLeaflet(): Promise<Leaflet> {
  loading ??= Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([mod]) => {
    const m = mod as Leaflet & { default?: Leaflet };
    return m.default ?? m;
  });
  return loading;
}
