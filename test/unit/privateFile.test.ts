/** The CLI's writes of files that may hold a secret, on the real file system of a temporary folder. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createPrivateFile, writePrivateFile } from "../../cli/privateFile";

let folder: string;
const mode = (file: string) => fs.statSync(file).mode & 0o777;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-private-"));
});

afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("writePrivateFile", () => {
  test("writes 0600, replaces a file others could read with a 0600 one, and leaves no temporary file", () => {
    const file = path.join(folder, "cache.json");
    fs.writeFileSync(file, "old", { mode: 0o644 });

    writePrivateFile(file, "new");

    expect([fs.readFileSync(file, "utf8"), mode(file)]).toEqual(["new", 0o600]);
    expect(fs.readdirSync(folder)).toEqual(["cache.json"]);
  });

  test("a symlink in its place is replaced, never followed: its target is untouched", () => {
    const target = path.join(folder, "elsewhere.txt");
    const file = path.join(folder, "cache.json");
    fs.writeFileSync(target, "keep");
    fs.symlinkSync(target, file);

    writePrivateFile(file, "secret");

    expect(fs.readFileSync(target, "utf8")).toBe("keep");
    expect([fs.lstatSync(file).isFile(), fs.readFileSync(file, "utf8"), mode(file)]).toEqual([true, "secret", 0o600]);
  });

  test("a folder that does not exist fails naming the file, and leaves nothing behind", () => {
    const file = path.join(folder, "missing", "cache.json");
    expect(() => writePrivateFile(file, "x")).toThrow(/ENOENT/);
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});

describe("createPrivateFile", () => {
  test("creates the file 0600 once; a second call finds it and leaves it as it was", () => {
    const file = path.join(folder, "digest.key");

    expect(createPrivateFile(file, "first")).toBe(true);
    expect(createPrivateFile(file, "second")).toBe(false);

    expect([fs.readFileSync(file, "utf8"), mode(file)]).toEqual(["first", 0o600]);
    expect(fs.readdirSync(folder)).toEqual(["digest.key"]);
  });
});
