import { ensureBuilt } from "./build";

/**
 * Before any worker starts, builds `dist/` when it is older than the sources, for the tests that run the built CLI:
 * their own `ensureBuilt()` then finds it built, where two workers building at once would each empty `dist/` under
 * the other's tests (after an edit, `npm run test:quick` builds once, here).
 */
export default function setup(): void {
  ensureBuilt();
}
