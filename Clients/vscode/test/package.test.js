'use strict';
// scripts/package.py builds the .vsix offline: a zip that VS Code can install.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const WEB = path.resolve(ROOT, '..', 'web');
/** The daemon on Node, packed under extension/web/ in Clients/web's layout. */
const WEB_FILES = ['transitiond-wasm.js', 'bin/transitiond.mjs', 'transitiond.wasm', 'package.json'];
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** The entries of a zip and the text of some of them, read with Python's zipfile. */
function readZip(file, members) {
  const script = [
    'import json, sys, zipfile',
    'z = zipfile.ZipFile(sys.argv[1])',
    'assert z.testzip() is None',
    'print(json.dumps({"names": z.namelist(), "texts": {m: z.read(m).decode() for m in sys.argv[2:]}}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script, file, ...members], { encoding: 'utf8' }));
}

test('the manifest names its licence and repository, and the LICENSE file exists', () => {
  assert.equal(manifest.license, 'MIT');
  assert.match(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
  assert.equal(manifest.repository.type, 'git');
  assert.match(manifest.repository.url, /^https:\/\/.+\.git$/);
  assert.equal(manifest.repository.directory, 'Clients/vscode');
});

test('scripts/package.py writes a .vsix with the manifest, the content types and the extension', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsix-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'transitiond.vsix');
  const printed = execFileSync('python3', [path.join(ROOT, 'scripts', 'package.py'), '--out', out], { encoding: 'utf8' });
  assert.equal(printed.trim(), out);

  const zip = readZip(out, ['extension.vsixmanifest', '[Content_Types].xml', 'extension/package.json']);
  const expected = ['extension.vsixmanifest', '[Content_Types].xml', 'extension/package.json', 'extension/README.md', 'extension/LICENSE.txt'];
  for (const folder of ['src', 'media']) {
    for (const file of fs.readdirSync(path.join(ROOT, folder))) expected.push(`extension/${folder}/${file}`);
  }
  expected.push(...WEB_FILES.map((file) => `extension/web/${file}`));
  assert.deepEqual([...zip.names].sort(), expected.sort());
  assert.ok(!zip.names.some((n) => n.includes('/test/')), 'no tests in the package');

  assert.deepEqual(JSON.parse(zip.texts['extension/package.json']), manifest);
  const vsix = zip.texts['extension.vsixmanifest'];
  assert.match(vsix, new RegExp(`<Identity Language="en-US" Id="${manifest.name}" Version="${manifest.version}" Publisher="${manifest.publisher}" />`));
  assert.match(vsix, new RegExp(`Id="Microsoft.VisualStudio.Code.Engine" Value="\\${manifest.engines.vscode}"`));
  assert.match(vsix, /<Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension\/package.json"/);
  assert.match(vsix, /<License>extension\/LICENSE.txt<\/License>/);
  const types = zip.texts['[Content_Types].xml'];
  for (const ext of ['.json', '.js', '.mjs', '.wasm', '.html', '.md', '.txt', '.vsixmanifest']) {
    assert.match(types, new RegExp(`<Default Extension="\\${ext}" ContentType="[^"]+" />`), ext);
  }
});

test('the .vsix holds the daemon on Node, byte for byte, and it runs from there', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsix-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'transitiond.vsix');
  execFileSync('python3', [path.join(ROOT, 'scripts', 'package.py'), '--out', out], { encoding: 'utf8' });
  // Unpacked as VS Code installs it: the extension's folder is extension/.
  execFileSync('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', out, dir]);
  const extension = path.join(dir, 'extension');
  for (const file of WEB_FILES) {
    assert.ok(fs.readFileSync(path.join(extension, 'web', file)).equals(fs.readFileSync(path.join(WEB, file))), file);
  }
  // The client finds it beside src/; the host reads its version from web/package.json.
  const { bundledNodeHost } = require('../src/client');
  const host = bundledNodeHost(extension);
  assert.equal(host, path.join(extension, 'web', 'bin', 'transitiond.mjs'));
  const version = execFileSync(process.execPath, [host, '--version'], { encoding: 'utf8' });
  assert.equal(version, `transitiond ${JSON.parse(fs.readFileSync(path.join(WEB, 'package.json'), 'utf8')).version}\n`);
});

test('packaging without the WebAssembly module fails and says how to build it', (t) => {
  // A copy of the two folders, the module left out.
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vsix-')));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const entry of ['package.json', 'README.md', 'LICENSE', 'scripts', 'src', 'media']) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, 'vscode', entry), { recursive: true });
  }
  for (const file of WEB_FILES.filter((f) => f !== 'transitiond.wasm')) {
    fs.cpSync(path.join(WEB, file), path.join(dir, 'web', file));
  }
  const out = path.join(dir, 'transitiond.vsix');
  const run = spawnSync('python3', [path.join(dir, 'vscode', 'scripts', 'package.py'), '--out', out], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, `package.py: ${path.join(dir, 'web', 'transitiond.wasm')} is missing (run bash scripts/build-wasm.sh)\n`);
  assert.equal(fs.existsSync(out), false, 'no .vsix is written');
});
