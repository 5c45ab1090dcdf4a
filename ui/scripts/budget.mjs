// Measures the gzipped JavaScript a page loads, from the Vite manifest of the last build (npm run build):
// the entry chunk plus the page's chunk, with every chunk they import statically (what the browser fetches
// and modulepreloads before the page can render). Fails when a page exceeds its budget. The CSS column counts the
// pages' CSS modules and, on a signed-in first load, antd's stylesheet made at build time (build/antdStyles.ts).
//
// Usage: npm run budget            (after npm run build)
//        npm run budget -- --json  (machine-readable)

import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

/** Pages to measure: the modules on the route's path, and the budget in KB (1 KB = 1024 bytes). */
const PAGES = [
  // The login page is part of the entry, the shell part of RefineRoot (issue 19: fewer round trips).
  { name: "login page (/login)", modules: ["index.html"], budgetKB: 250 },
  {
    name: "first module list (/m/:module)",
    modules: ["index.html", "src/app/RefineRoot.tsx", "src/schema-ui/ModuleListPage.tsx"],
    budgetKB: 600,
    antdSheet: true,
  },
  {
    name: "module form (/m/:module/create)",
    modules: ["index.html", "src/app/RefineRoot.tsx", "src/schema-ui/ModuleFormPage.tsx"],
    budgetKB: null,
    antdSheet: true,
  },
];

/** The pages vite.config.ts merges with their static imports into one chunk, and that chunk's name. */
const GROUPS = { "src/app/RefineRoot.tsx": "console", "src/schema-ui/ModuleListPage.tsx": "module-list" };

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    // A source file imported lazily from several places becomes a shared chunk keyed "_<Name>-<hash>.js".
    const shared = () => Object.keys(manifest).find((k) => manifest[k].src === key || (k.startsWith("_") && manifest[k].name === basename(key).replace(/\.[jt]sx?$/, "")));
    // A page merged into a chunk group (vite.config.ts, CONSOLE_ROOTS) is the group's chunk "_<group>-<hash>.js".
    const group = () => GROUPS[key] && Object.keys(manifest).find((k) => k.startsWith(`_${GROUPS[key]}-`) && k.endsWith(".js"));
    const found = manifest[key] ? key : (group() ?? shared());
    const chunk = found && manifest[found];
    if (!chunk) throw new Error(`manifest has no entry ${key}: was the build made from this tree?`);
    key = found;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen];
}

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

/** The stylesheet of antd's styles that index.html names (src/app/antdStyles.ts loads it when signed in). */
const antdSheet = /<meta name="xz-antd-css" content="\/([^"]+)"/.exec(readFileSync(join(dist, "index.html"), "utf8"))?.[1];

const results = PAGES.map((page) => {
  const chunks = closure(page.modules);
  const js = chunks.map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
  const css = [...new Set(chunks.flatMap((k) => manifest[k].css ?? []))];
  if (page.antdSheet && antdSheet) css.push(antdSheet);
  const jsBytes = js.reduce((sum, f) => sum + gz(f), 0);
  const cssBytes = css.reduce((sum, f) => sum + gz(f), 0);
  return { ...page, files: js.length, jsKB: jsBytes / 1024, cssKB: cssBytes / 1024 };
});

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log("page".padEnd(36), "js files", "gzip JS KB", "budget KB", "gzip CSS KB");
  for (const r of results) {
    console.log(
      r.name.padEnd(36),
      String(r.files).padStart(8),
      r.jsKB.toFixed(1).padStart(10),
      (r.budgetKB === null ? "-" : String(r.budgetKB)).padStart(9),
      r.cssKB.toFixed(1).padStart(11),
    );
  }
}

const over = results.filter((r) => r.budgetKB !== null && r.jsKB > r.budgetKB);
if (over.length) {
  console.error(`over budget: ${over.map((r) => r.name).join(", ")}`);
  process.exit(1);
}
