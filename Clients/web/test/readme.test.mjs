// The READMEs say what is there: every packaging script they name exists (issue 29: the
// npm tarball was said to come from a Clients/web/packaging.sh that did not exist), and
// Clients/web/README.md gives the signature of every shortcut the client has.
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TransitionClient } from "../transitiond.js";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(web, "../..");
const readmes = [join(root, "README.md"), join(web, "README.md")].map((p) => readFileSync(p, "utf8"));

test("every packaging script a README names exists", () => {
  const named = new Set(readmes.flatMap((text) => [...text.matchAll(/Clients\/(\w+)\/packaging\.sh/g)].map((m) => m[1])));
  assert.ok(named.has("vscode"));
  for (const client of named) assert.ok(existsSync(join(root, "Clients", client, "packaging.sh")), client);
  assert.ok(!existsSync(join(web, "packaging.sh")));
  assert.match(readmes[0], /`Clients\/web` has none: `scripts\/package-clients\.sh`\s+packs it with `npm pack --offline`/);
});

test("the README gives every shortcut's signature", () => {
  const rows = [...readmes[1].matchAll(/^ {2}\| `(\w+)\((params, )?options\?\)`/gm)].map((m) => m[1]);
  const pairs = [...readmes[1].matchAll(/`(\w+)\(params, options\?\)`, `(\w+)\(params, options\?\)`/g)].flatMap((m) => [m[1], m[2]]);
  const documented = new Set([...rows, ...pairs]);
  const own = Object.getOwnPropertyNames(TransitionClient.prototype).filter((name) => name !== "constructor");
  const shortcuts = own.filter((name) => {
    const source = TransitionClient.prototype[name].toString();
    return /this\.(shortcut|request)\("(session|transition|layout|clock)\//.test(source);
  });
  assert.deepEqual([...documented].sort(), shortcuts.sort());
});
