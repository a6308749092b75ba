/**
 * The emulator under concurrent writers: several child processes, each creating and then deleting its own pods and
 * network volumes at once against one emulator, lose no write and never get another request's resource back.
 * Child processes (plain `node -e` with fetch) stand in for separate tools of one user sharing the API.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_KEY, type Harness, startHarness } from "./harness";

const execFileAsync = promisify(execFile);
const WRITERS = 4;
const PER_WRITER = 15;

// Each writer creates PER_WRITER pods and volumes named after itself, all at once, checks that every answer is the
// resource its own request asked for, deletes them all at once, and prints what it saw as JSON.
const writer = `
const [url, key, who, count] = process.argv.slice(1);
const call = (method, path, body) => fetch(url + path, {
  method, headers: { authorization: "Bearer " + key, ...(body ? { "content-type": "application/json" } : {}) },
  ...(body ? { body: JSON.stringify(body) } : {}),
}).then(async (r) => ({ status: r.status, body: r.status === 204 ? null : await r.json() }));
(async () => {
  const indexes = [...Array(Number(count)).keys()];
  const pods = await Promise.all(indexes.map((i) =>
    call("POST", "/v2/pods", { name: who + "-pod-" + i, image: "alpine:" + i, gpu: { id: "NVIDIA GeForce RTX 4090" } })));
  const volumes = await Promise.all(indexes.map((i) =>
    call("POST", "/v2/network-volumes", { name: who + "-vol-" + i, size: 10 + i, dataCenter: "US-TX-3" })));
  const mismatches = [
    ...pods.filter((a, i) => a.body.name !== who + "-pod-" + i || a.body.image !== "alpine:" + i),
    ...volumes.filter((a, i) => a.body.name !== who + "-vol-" + i || a.body.size !== 10 + i),
  ].length;
  const deletes = await Promise.all([
    ...pods.map((a) => call("DELETE", "/v2/pods/" + a.body.id)),
    ...volumes.map((a) => call("DELETE", "/v2/network-volumes/" + a.body.id)),
  ]);
  console.log(JSON.stringify({
    created: [...pods, ...volumes].map((a) => a.status),
    ids: [...pods, ...volumes].map((a) => a.body.id),
    mismatches,
    deleted: deletes.map((a) => a.status),
  }));
})();
`;

let harness: Harness;

beforeAll(async () => {
  // Every writer's pods run at once: room for all of them in the first data center carrying the type.
  harness = await startHarness({
    rateLimit: false,
    gpuStock: { "NVIDIA GeForce RTX 4090": { "US-TX-3": { secure: WRITERS * PER_WRITER } } },
  });
});

afterAll(() => harness.emulator.close());

it(`${WRITERS} processes creating and deleting ${PER_WRITER} pods and ${PER_WRITER} volumes each at once lose no write`, async () => {
  const runs = await Promise.all(
    Array.from({ length: WRITERS }, (_, w) =>
      execFileAsync(process.execPath, ["-e", writer, harness.emulator.url, API_KEY, `writer${w}`, String(PER_WRITER)]),
    ),
  );
  const reports = runs.map(
    ({ stdout }) => JSON.parse(stdout) as { created: number[]; ids: string[]; mismatches: number; deleted: number[] },
  );
  for (const report of reports) {
    expect(report.created).toEqual(Array(2 * PER_WRITER).fill(201));
    expect(report.mismatches).toBe(0);
    expect(report.deleted).toEqual(Array(2 * PER_WRITER).fill(204));
  }
  const ids = reports.flatMap((report) => report.ids);
  expect(new Set(ids).size).toBe(WRITERS * PER_WRITER * 2);
  const posts = harness.emulator.requests.filter((r) => r.method === "POST");
  expect(posts).toHaveLength(WRITERS * PER_WRITER * 2);
  const { pods, networkVolumes } = harness.emulator.snapshot();
  expect({ pods: pods.filter((pod) => pod.status !== "TERMINATED"), networkVolumes }).toEqual({ pods: [], networkVolumes: [] });
});
