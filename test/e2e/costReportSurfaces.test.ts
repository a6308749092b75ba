/**
 * What a repository can slip into the plan's price, through the packed package's `computeplatform preview`, the real
 * Pulumi engine and a local emulator: a `.env` that zeroes the storage table is ignored, so the budget still sees the
 * volume; and a GPU id with Markdown, HTML and a mention in it is escaped in the pull-request comment, and, having no
 * price, leaves the budget "not checked" (exit 3) rather than "Within budget". Nothing is created.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { NETWORK_VOLUME_PRICE } from "../../emulator/data/prices";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

describe("computeplatform preview against a repository's own files", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;

  const computeplatform = (...args: string[]): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, ...args], { cwd: folder, env });
  };
  const write = (file: string, text: string) => fs.writeFileSync(path.join(folder, file), text);
  const writes = () => api.emulator.requests.filter((request) => request.method !== "GET");

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("cost-report-surfaces");
    env = await stackCommandEnvironment(folder, api);
  });

  afterAll(async () => {
    await api?.emulator.close();
  });

  it(
    "a .env's COMPUTEPLATFORM_STORAGE_PRICES is ignored with a warning: the 4,000 GB volume stays over the budget",
    { timeout: 300_000 },
    async () => {
      write(".env", 'COMPUTEPLATFORM_STORAGE_PRICES={"STANDARD":0}\n');
      write(
        "manifest.yaml",
        "resources:\n  data:\n    type: NetworkVolume\n    properties: { name: data, size: 4000, dataCenter: US-TX-3, type: STANDARD }\n",
      );
      try {
        const result = await computeplatform("preview", "manifest.yaml", "--max-monthly-cost", "10");
        const monthly = (4000 * NETWORK_VOLUME_PRICE.STANDARD).toFixed(2);
        expect(result.code, result.stderr).toBe(3);
        expect(result.stderr).toContain(
          `computeplatform: ignored COMPUTEPLATFORM_STORAGE_PRICES in ${path.join(folder, ".env")}: it changes what a budget sees, ` +
            "so it is read only from your shell or the stack config\n",
        );
        expect(result.stdout).toContain(
          `Over budget: the stack would cost $${monthly}/month, more than the $10.00/month of --max-monthly-cost.`,
        );
        expect(writes()).toEqual([]);
      } finally {
        fs.rmSync(path.join(folder, ".env"));
      }
    },
  );

  it("--markdown escapes an unknown GPU id and says the budget could not be checked", { timeout: 300_000 }, async () => {
    const hostile = "X ![b](https://beacon.test/p.png) <img src=x> @owner </details>";
    write(
      "manifest.yaml",
      `resources:\n  trainer:\n    type: Pod\n    properties: { name: trainer, image: "acme/t:1", gpu: { id: ${JSON.stringify(hostile)}, count: 1 } }\n`,
    );
    const result = await computeplatform("preview", "manifest.yaml", "--markdown", "--max-monthly-cost", "1000");
    const escaped = "X \\!\\[b\\]\\(https://beacon.test/p.png\\) &lt;img src=x&gt; @\u200bowner &lt;/details&gt;";
    const part = `Pod trainer \\(GPU \\(${escaped}, secure cloud\\)\\)`;
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toContain(`\nNo price found, not counted (the totals are at least what they show): ${part}.\n`);
    expect(result.stdout).toContain(
      `\n**Budget not checked: no price for ${part}, so the stack's cost is unknown; the parts with a price come to $0.00/month, ` +
        "against the $1,000.00/month of --max-monthly-cost.**\n",
    );
    expect(result.stdout).not.toContain("Within budget");
    expect(result.stdout.match(/<\/details>/g)).toEqual(["</details>"]);
    expect(result.stdout).not.toMatch(/!\[|<img|@owner/);
    expect(writes()).toEqual([]);
  });

  it("a .env's API URL is refused when the stack config's key would be sent to it", { timeout: 300_000 }, async () => {
    const elsewhere = await startTestEmulator();
    const dotEnv = path.join(folder, ".env");
    write(".env", `COMPUTEPLATFORM_API_URL=${elsewhere.emulator.url}\nCOMPUTEPLATFORM_API_KEY=from-the-dotenv\n`);
    write("Pulumi.dev.yaml", `config:\n  computeplatform:apiKey: ${api.apiKey}\n`);
    write("manifest.yaml", "resources:\n  data:\n    type: NetworkVolume\n    properties: { name: data, size: 10, dataCenter: US-TX-3 }\n");
    const { COMPUTEPLATFORM_API_URL: _url, COMPUTEPLATFORM_API_KEY: _key, ...shell } = env;
    const sentBefore = api.emulator.requests.length;
    try {
      const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
      const result = await exec(process.execPath, [cli, "preview", "manifest.yaml"], { cwd: folder, env: shell });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(
        `COMPUTEPLATFORM_API_URL comes from ${dotEnv} but the API key from stack dev's config (computeplatform:apiKey): a URL ` +
          "from a .env is used only with the key from the same .env; remove computeplatform:apiKey from the stack's config, " +
          "or set computeplatform:apiUrl there too",
      );
      expect(elsewhere.emulator.requests).toEqual([]);
      expect(api.emulator.requests.slice(sentBefore)).toEqual([]);
    } finally {
      fs.rmSync(dotEnv);
      fs.rmSync(path.join(folder, "Pulumi.dev.yaml"), { force: true });
      await elsewhere.emulator.close();
    }
  });
});
