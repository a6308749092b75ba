import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { repoRoot } from "./paths";
import { exec } from "./subprocess";

/** Where browser tests keep their screenshots: git-ignored, outside every source folder. */
export const artifactsFolder = path.join(repoRoot, "test-artifacts");

const CHROMIUM = "/usr/bin/chromium";

/** Debian's `chromium`, installed with apt-get where it is missing (as root, as in CI containers). */
export function ensureChromium(): string {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  execFileSync("apt-get", ["update"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return CHROMIUM;
}

// Root in a container has no user namespace for the sandbox; the page is our own, on loopback.
const headless = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-dev-shm-usage",
  "--virtual-time-budget=10000",
];

/** The text a reader sees on `url` once its scripts have run: the rendered DOM without tags, scripts and styles. */
export async function renderedText(url: string): Promise<string> {
  const { code, stdout, stderr } = await exec(ensureChromium(), [...headless, "--dump-dom", url], { cwd: repoRoot });
  if (code !== 0) throw new Error(`chromium --dump-dom ${url} exited with ${code}:\n${stderr}`);
  return (
    stdout
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
      // A line-break hint inside a word, as in paths, is not a space a reader sees.
      .replace(/<wbr>/gi, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Saves a screenshot of `url` as `<artifactsFolder>/<name>.png` and returns its path. */
export async function screenshot(url: string, name: string): Promise<string> {
  fs.mkdirSync(artifactsFolder, { recursive: true });
  const file = path.join(artifactsFolder, `${name}.png`);
  const { code, stderr } = await exec(ensureChromium(), [...headless, "--window-size=1280,1600", `--screenshot=${file}`, url], {
    cwd: repoRoot,
  });
  if (code !== 0 || !fs.existsSync(file)) throw new Error(`chromium --screenshot ${url} exited with ${code}:\n${stderr}`);
  return file;
}
