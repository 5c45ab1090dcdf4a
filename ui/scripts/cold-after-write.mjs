// Cold-after-write cost of the two statistics screens: after a write to the villagers, the first
// GET /api/workbench and GET /api/dashboards/countyOverview/data of a user, each timed by the client and
// by the server's CPU (utime + stime of /proc/<pid>/stat, 10 ms ticks, read before and after the call).
//
//   node scripts/cold-after-write.mjs http://127.0.0.1:PORT --pid=PID [--rounds=5] [--user=county_admin]
//
// Each round changes one villager's gender (PUT, as the console's edit form does), waits 300 ms for the
// write's after-commit work, then asks the workbench, writes again, and asks the county screen; a warm
// call of each follows for comparison. Prints one line per call and the medians.
import { readFileSync } from "node:fs";
import { signIn } from "./session.mjs";

const base = process.argv[2];
const arg = (name, def) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? def;
const pid = arg("pid");
const rounds = Number(arg("rounds", "5"));
const user = arg("user", "county_admin");
if (!base || !pid) throw new Error("usage: cold-after-write.mjs BASE --pid=PID [--rounds=N] [--user=NAME]");

const cpuMs = () => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * 10; // utime, stime: fields 14 and 15
};
const token = (await signIn(base, { user, password: "Demo@2025" })).state.token;
const call = async (method, path, body) => {
  const res = await fetch(base + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
};
const timed = async (path) => {
  const c0 = cpuMs();
  const t0 = performance.now();
  await call("GET", path);
  return { wall: performance.now() - t0, cpu: cpuMs() - c0 };
};

const api = "/cmzz/api/villagerinfo";
const page = await call("GET", `${api}?page=1&size=20`);
const rows = page.data;
const a = rows[0];
const other = rows.find((r) => r.gender !== a.gender)?.gender;
if (other === undefined) throw new Error("no two genders on the first page");
let flip = false;
const writes = [];
const write = async () => {
  flip = !flip;
  const c0 = cpuMs();
  await call("PUT", `${api}/${a.id}`, { gender: flip ? other : a.gender });
  await new Promise((r) => setTimeout(r, 300));
  writes.push(cpuMs() - c0);
};
const screens = { workbench: "/api/workbench", countyOverview: "/api/dashboards/countyOverview/data" };
const out = { first: {}, cold: {}, warm: {} };
for (const [name, path] of Object.entries(screens)) {
  const first = await timed(path); // the first count after start-up
  out.first[name] = [first];
  console.log(`first ${name}: ${first.wall.toFixed(0)} ms wall, ${first.cpu} ms CPU`);
}
for (let i = 0; i < rounds; i++) {
  for (const [name, path] of Object.entries(screens)) {
    await write();
    const cold = await timed(path);
    const warm = await timed(path);
    (out.cold[name] ??= []).push(cold);
    (out.warm[name] ??= []).push(warm);
    console.log(`round ${i + 1} ${name}: cold ${cold.wall.toFixed(0)} ms wall, ${cold.cpu} ms CPU; warm ${warm.wall.toFixed(0)} ms, ${warm.cpu} ms CPU`);
  }
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length;
for (const kind of ["cold", "warm"]) {
  for (const [name, xs] of Object.entries(out[kind])) {
    const cpu = xs.map((x) => x.cpu);
    console.log(`${kind} ${name}: median ${median(xs.map((x) => x.wall)).toFixed(0)} ms wall; CPU median ${median(cpu)} ms, mean ${mean(cpu).toFixed(1)} ms (${xs.length} calls)`);
  }
}
console.log(`write (PUT + 300 ms): CPU mean ${mean(writes).toFixed(1)} ms (${writes.length} writes)`);
