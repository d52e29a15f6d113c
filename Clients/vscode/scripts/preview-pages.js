'use strict';
// Writes the pages scripts/preview-screenshot.py photographs: media/preview.html as the
// webview gets it, fed the models of two ticks of a real session (the demo document on a
// manual clock, stepped to 35% and 70% of its duration by a private daemon).
// Usage: node scripts/preview-pages.js OUT-DIR [TRANSITIOND]

const fs = require('node:fs');
const path = require('node:path');
const { TransitiondClient } = require('../src/client');
const { PreviewController } = require('../src/previewModel');
const { DEFAULT_DOCUMENT } = require('../src/document');

const THEME = `:root { --vscode-editor-background: #1e1e1e; --vscode-editor-foreground: #cccccc;
  --vscode-editorWidget-border: #454545; --vscode-charts-blue: #3794ff; --vscode-charts-orange: #d18616;
  --vscode-progressBar-background: #0e70c0; --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; }`;

async function main() {
  const out = path.resolve(process.argv[2] || 'preview-pages');
  const daemon = process.argv[3] || process.env.TRANSITIOND || path.resolve(__dirname, '..', '..', '..', '.build', 'debug', 'transitiond');
  fs.mkdirSync(out, { recursive: true });
  const client = new TransitiondClient({ path: daemon });
  await client.start();
  const document = JSON.parse(JSON.stringify(DEFAULT_DOCUMENT));
  document.session.clock = 'manual';
  document.session.name = 'transition:list-to-grid';
  const controller = await PreviewController.create(client, document);
  controller.model.name = document.session.name;
  await controller.play();
  const duration = document.transition.duration;
  const models = [];
  for (const at of [0.35, 0.7]) {
    const tick = new Promise((resolve) => controller.once('tick', resolve));
    await client.request('clock/advance', { session: controller.session, to: at * duration });
    await tick;
    models.push(controller.snapshot());
  }
  await controller.dispose();
  await client.dispose();

  const media = path.resolve(__dirname, '..', 'media');
  const template = fs.readFileSync(path.join(media, 'preview.html'), 'utf8');
  const nonce = 'screenshot';
  models.forEach((model, i) => {
    // What the webview does: the extension's placeholders, a stand-in for VS Code's API
    // and theme, and the model posted as the extension posts it.
    const shim = `<style>${THEME}</style>
<script nonce="${nonce}">
  window.acquireVsCodeApi = () => ({ postMessage() {}, getState() { return null; }, setState() {} });
  window.addEventListener('load', () => window.postMessage({ type: 'model', model: ${JSON.stringify(model)} }, '*'));
</script>`;
    const html = template
      .replace(/\{\{cspSource\}\}/g, "'self'")
      .replace(/\{\{nonce\}\}/g, nonce)
      .replace(/\{\{scriptUri\}\}/g, `file://${path.join(media, 'preview.js')}`)
      .replace('</head>', `${shim}\n</head>`)
      // file:// pages: the policy's script source is the nonce; scripts load from the disk.
      .replace("script-src 'nonce-screenshot';", "script-src 'nonce-screenshot' file:;");
    fs.writeFileSync(path.join(out, `moment-${i}.html`), html);
  });
  const frames = models.map((m, i) => `<figure><iframe src="moment-${i}.html"></iframe><figcaption>tick ${m.seq}: progress ${(100 * m.progress).toFixed(1)}%</figcaption></figure>`).join('\n');
  fs.writeFileSync(path.join(out, 'index.html'), `<!DOCTYPE html><html><head><meta charset="UTF-8"><style>
  body { margin: 0; padding: 12px; background: #252526; display: flex; gap: 12px; font: 13px system-ui, sans-serif; color: #cccccc; }
  figure { margin: 0; } iframe { width: 480px; height: 620px; border: 1px solid #454545; display: block; }
  figcaption { padding-top: 6px; text-align: center; }
</style></head><body>${frames}</body></html>`);
  process.stdout.write(`${path.join(out, 'index.html')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
