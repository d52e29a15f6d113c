// transitiond.d.ts type-checks with the settings the README gives (`tsc --strict` with lib
// es2022 and dom), against a file using every shortcut as the README writes it. Skipped
// where no `tsc` is installed (Debian: node-typescript).
import test from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const tsc = spawnSync("tsc", ["--version"], { encoding: "utf8" });
const settings = ["--noEmit", "--strict", "--lib", "es2022,dom", "--target", "es2022", "--module", "es2022", "--moduleResolution", "node"];

test("every shortcut type-checks under tsc --strict with lib es2022 and dom", { skip: tsc.status !== 0 && "no tsc" }, () => {
  const run = spawnSync("tsc", [...settings, join(here, "types/usage.ts")], { encoding: "utf8" });
  assert.equal(run.stdout + run.stderr, "");
  assert.equal(run.status, 0);
});

test("a positional argument is a type error", { skip: tsc.status !== 0 && "no tsc" }, () => {
  const run = spawnSync("tsc", [...settings, join(here, "types/positional.ts")], { encoding: "utf8" });
  assert.match(run.stdout, /positional\.ts\(\d+,\d+\): error TS2345: Argument of type 'string' is not assignable/);
});
