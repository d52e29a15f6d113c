// transitiond.d.ts against Protocol/schema: every interface tagged @schema has exactly
// the schema's members, optional where the schema does not require them; every method
// of the schema is declared; the easing names agree in the schema, the d.ts and
// transitiond.js.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { EASINGS, ErrorCode } from "../transitiond.js";

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, "../../../Protocol/schema");
const dts = readFileSync(join(here, "../transitiond.d.ts"), "utf8");
const load = (file) => JSON.parse(readFileSync(join(schemaDir, file), "utf8"));
const defs = load("defs.json").$defs;

/** The schema a `file#/$defs/name` reference names. */
function resolve(ref, base = "defs.json") {
  const [file, pointer] = ref.split("#");
  const doc = file ? load(file) : load(base);
  if (!pointer) return doc;
  return pointer.split("/").filter(Boolean).reduce((node, key) => node[key], doc);
}

/** Members of an object schema, following $ref and allOf (not oneOf/anyOf). */
function members(schema, base = "defs.json", seen = new Set()) {
  const props = new Map();
  const required = new Set(schema.required ?? []);
  if (schema.$ref && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    const refFile = schema.$ref.startsWith("#") ? base : schema.$ref.split("#")[0];
    const inner = members(resolve(schema.$ref, base), refFile, seen);
    inner.props.forEach((v, k) => props.set(k, v));
    inner.required.forEach((r) => required.add(r));
  }
  for (const part of schema.allOf ?? []) {
    const inner = members(part, base, seen);
    inner.props.forEach((v, k) => props.set(k, v));
    inner.required.forEach((r) => required.add(r));
  }
  for (const [k, v] of Object.entries(schema.properties ?? {})) props.set(k, v);
  return { props, required };
}

/** Interfaces of the d.ts with their @schema tag: name -> {ref, members, extends}. */
function declaredInterfaces() {
  const found = new Map();
  const pattern = /\/\*\* @schema (\S+) \*\/\s*export interface (\w+)(?: extends ([\w, ]+))? \{/g;
  for (const match of dts.matchAll(pattern)) {
    const [, ref, name, parents] = match;
    // The body: up to the brace that closes the interface.
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    while (depth > 0) {
      if (dts[i] === "{") depth++;
      if (dts[i] === "}") depth--;
      i++;
    }
    found.set(name, { ref, body: dts.slice(start, i - 1), parents: parents ? parents.split(",").map((p) => p.trim()) : [] });
  }
  return found;
}

/** Top-level members of an interface body: name -> optional. */
function bodyMembers(body) {
  const out = new Map();
  let depth = 0;
  let token = "";
  for (const ch of body) {
    if (ch === "{" || ch === "(" || ch === "[" || ch === "<") depth++;
    if (ch === "}" || ch === ")" || ch === "]" || ch === ">") depth--;
    if (depth === 0 && (ch === ";" || ch === "\n")) {
      const m = token.trim().match(/^"?([\w$/]+)"?(\?)?:/);
      if (m) out.set(m[1], m[2] === "?");
      token = "";
    } else {
      token += ch;
    }
  }
  const m = token.trim().match(/^"?([\w$/]+)"?(\?)?:/);
  if (m) out.set(m[1], m[2] === "?");
  return out;
}

function allMembers(name, interfaces) {
  const plain = /export interface (\w+)(?: extends ([\w, ]+))? \{/g;
  const own = interfaces.get(name);
  let body = own?.body;
  let parents = own?.parents ?? [];
  if (!own) {
    for (const m of dts.matchAll(plain)) {
      if (m[1] !== name) continue;
      let depth = 1;
      let i = m.index + m[0].length;
      const start = i;
      while (depth > 0) { if (dts[i] === "{") depth++; if (dts[i] === "}") depth--; i++; }
      body = dts.slice(start, i - 1);
      parents = m[2] ? m[2].split(",").map((p) => p.trim()) : [];
    }
  }
  const out = new Map();
  for (const p of parents) allMembers(p, interfaces).forEach((v, k) => out.set(k, v));
  bodyMembers(body ?? "").forEach((v, k) => out.set(k, v));
  return out;
}

test("every @schema interface has exactly the schema's members", () => {
  const interfaces = declaredInterfaces();
  assert.ok(interfaces.size >= 30, `only ${interfaces.size} tagged interfaces`);
  for (const [name, { ref }] of interfaces) {
    const file = ref.split("#")[0];
    const schema = resolve(ref);
    const { props, required } = members(schema, file);
    const declared = allMembers(name, interfaces);
    assert.deepEqual([...declared.keys()].sort(), [...props.keys()].sort(), `${name} vs ${ref}`);
    for (const [member, optional] of declared) {
      assert.equal(optional, !required.has(member), `${name}.${member}: optional in the d.ts must mean not required in ${ref}`);
    }
  }
});

test("every method of the schema is declared, requests with their results", () => {
  const files = readdirSync(schemaDir);
  const requests = dts.slice(dts.indexOf("export interface Requests"), dts.indexOf("export interface ClientNotifications"));
  const notifications = dts.slice(dts.indexOf("export interface ClientNotifications"), dts.indexOf("// The client"));
  for (const file of files.filter((f) => f.endsWith(".params.json"))) {
    const stem = file.slice(0, -".params.json".length);
    const dot = stem.indexOf(".");
    const method = stem.slice(0, dot === -1 ? stem.length : dot) + (dot === -1 ? "" : "/" + stem.slice(dot + 1));
    const isRequest = files.includes(`${stem}.result.json`);
    const where = isRequest ? requests : notifications;
    assert.ok(where.includes(`"${method}":`), `${method} is missing from the d.ts ${isRequest ? "Requests" : "notifications"}`);
  }
  const declared = [...requests.matchAll(/^\s+"([^"]+)":/gm)].map((m) => m[1]);
  for (const method of declared) {
    const stem = method.replace("/", ".");
    assert.ok(files.includes(`${stem}.result.json`), `${method} is declared but the schema has no result for it`);
  }
});

test("the 31 easings agree in the schema, the d.ts and the client", () => {
  const names = defs.easingName.enum;
  assert.equal(names.length, 31);
  assert.deepEqual([...EASINGS], names);
  const union = dts.slice(dts.indexOf("export type EasingName"), dts.indexOf("export type Spring"));
  assert.deepEqual([...union.matchAll(/"(\w+)"/g)].map((m) => m[1]), names);
});

test("error codes agree with Protocol/README.md", () => {
  const readme = readFileSync(join(here, "../../../Protocol/README.md"), "utf8");
  for (const [name, code] of Object.entries(ErrorCode)) {
    assert.ok(readme.includes(`| ${code} |`), `${name} (${code}) is not in the error table`);
  }
});
