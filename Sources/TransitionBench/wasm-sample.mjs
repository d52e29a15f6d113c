// The WebAssembly side of the benchmark's `wasm` group: the module in Node answers
// transition/sample requests of a 400-attribute transition, the workload the group
// also runs natively. Prints one JSON line: {"nanosecondsPerSample": [run, ...]}.
//
//   node wasm-sample.mjs MODULE.wasm SAMPLES RUNS
import { readFileSync } from "node:fs";
import { Framing, loadModule } from "../../Clients/web/transitiond-wasm.js";

const [path, samplesText, runsText] = process.argv.slice(2);
const samples = Number(samplesText);
const runs = Number(runsText);
const module = await loadModule(readFileSync(path), { onLog: () => {} });
let last = null;
const connection = module.open(Framing.messages, { onMessage: (text) => { last = text; } });
const send = (message) => connection.send(JSON.stringify(message));
send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { processId: null, capabilities: {} } });
send({ jsonrpc: "2.0", id: 1, method: "session/create", params: JSON.parse(process.env.WASM_BENCH_SESSION) });
const request = JSON.parse(process.env.WASM_BENCH_SAMPLE);
const bodies = [];
for (let i = 0; i < samples; i++) {
  bodies.push(JSON.stringify({ jsonrpc: "2.0", id: 2 + i, method: "transition/sample", params: { ...request, progress: i / samples } }));
}
// A warm-up run, then the timed ones.
for (const body of bodies) connection.send(body);
const results = [];
for (let run = 0; run < runs; run++) {
  const start = process.hrtime.bigint();
  for (const body of bodies) connection.send(body);
  results.push(Number(process.hrtime.bigint() - start) / samples);
}
if (!last || !JSON.parse(last).result?.attributes) throw new Error(`no sample answered: ${last?.slice(0, 200)}`);
process.stdout.write(JSON.stringify({ nanosecondsPerSample: results, attributes: JSON.parse(last).result.attributes.length }) + "\n");
