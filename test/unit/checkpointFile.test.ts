import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkpointFile, exportedCheckpoint } from "../../automation/checkpointFile";

const deployment = {
  manifest: { time: "2026-01-01T00:00:00Z" },
  resources: [{ urn: "urn:pulumi:dev::app::pulumi:pulumi:Stack::app-dev" }],
};
const stored = (version: number) => JSON.stringify({ version, checkpoint: { stack: "organization/app/dev", latest: deployment } });

describe("a stack's checkpoint file on a file backend", () => {
  let backend: string;
  let url: string;
  const stacks = () => path.join(backend, ".pulumi", "stacks", "app");
  const write = (name: string, bytes: string | Buffer, ageSeconds = 0) => {
    fs.mkdirSync(stacks(), { recursive: true });
    const file = path.join(stacks(), name);
    fs.writeFileSync(file, bytes);
    const time = Date.now() / 1000 - ageSeconds;
    fs.utimesSync(file, time, time);
    return file;
  };

  beforeEach(() => {
    backend = fs.mkdtempSync(path.join(os.tmpdir(), "checkpoint-file-"));
    url = pathToFileURL(backend).href;
  });
  afterEach(() => fs.rmSync(backend, { recursive: true, force: true }));

  it("does not exist in a backend that holds no state yet", () => {
    expect(checkpointFile(url, "app", "dev")).toBeNull();
  });

  it("is the project layout's newest variant, and none means the stack does not exist", () => {
    fs.mkdirSync(path.join(backend, ".pulumi"));
    fs.writeFileSync(path.join(backend, ".pulumi", "meta.yaml"), "version: 1\n");
    expect(checkpointFile(url, "app", "dev")).toBeNull();
    write("dev.json", stored(3), 60);
    const gzipped = write("dev.json.gz", gzipSync(stored(3)));
    expect(checkpointFile(url, "app", "dev")).toBe(gzipped);
    expect(exportedCheckpoint(gzipped)).toEqual({ version: 3, deployment });
    expect(exportedCheckpoint(path.join(stacks(), "dev.json"))).toEqual({ version: 3, deployment });
  });

  it("is left to the CLI elsewhere: another backend, a qualified name, another layout", () => {
    expect(checkpointFile("s3://bucket", "app", "dev")).toBeUndefined();
    expect(checkpointFile(url, "app", "org/app/dev")).toBeUndefined();
    write("dev.json", stored(3));
    expect(checkpointFile(url, "app", "dev")).toBeUndefined(); // no meta.yaml: the legacy layout, or one gone missing
    fs.writeFileSync(path.join(backend, ".pulumi", "meta.yaml"), "version: 2\n");
    expect(checkpointFile(url, "app", "dev")).toBeUndefined();
  });

  it("is read by the CLI when zstd-compressed, of another version or unreadable", () => {
    expect(exportedCheckpoint(write("a.json.zst", Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0])))).toBeUndefined();
    expect(exportedCheckpoint(write("b.json", stored(2)))).toBeUndefined();
    expect(exportedCheckpoint(write("c.json", stored(4)))).toBeUndefined();
    expect(exportedCheckpoint(write("d.json", ""))).toBeUndefined();
  });
});
