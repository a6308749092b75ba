/**
 * The servers of this package (the emulator, and the `dev` gateway) run on packages that are optional peer
 * dependencies: a program that only deploys never installs them. Loading a server checks for them first, so a
 * missing one is a sentence saying what to install rather than a module-resolution stack trace.
 */
export function requireServerPackages(what: string, packages: Readonly<Record<string, string>>): void {
  const missing = Object.entries(packages).filter(([name]) => !resolvable(name));
  if (missing.length === 0) return;
  const specs = missing.map(([name, range]) => `${name}@${range}`).join(" ");
  throw new Error(
    `${what} needs ${missing.map(([name]) => name).join(" and ")}, left out of installs that only deploy. ` +
      `Install it beside pulumi-computeplatform: \`npm install ${specs}\` (add -g when pulumi-computeplatform is installed globally).`,
  );
}

function resolvable(name: string): boolean {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** What the emulator runs on. */
export const EMULATOR_PACKAGES = { fastify: "^5.12.8" } as const;
