// Draws the preview model (rectangles relative to the viewport, with labels, and the
// progress) on a canvas, and forwards the preview's keys to the extension.
(function () {
  'use strict';

  const KEYS = new Set(['h', 'l', 'f', 'c', ' ', 'p', 'n', 'ArrowLeft', 'ArrowRight']);
  const MARGIN = 16;
  const BAR = 6;

  /** Fits the viewport into a canvas of cssWidth x cssHeight: scale and origin. */
  function fit(viewport, cssWidth, cssHeight) {
    const vw = Math.max(1, viewport.width || 1);
    const vh = Math.max(1, viewport.height || 1);
    const scale = Math.max(0.01, Math.min((cssWidth - 2 * MARGIN) / vw, (cssHeight - 2 * MARGIN - 2 * BAR) / vh));
    return {
      scale,
      x: Math.round((cssWidth - vw * scale) / 2),
      y: Math.round((cssHeight - 2 * BAR - vh * scale) / 2),
      width: vw * scale,
      height: vh * scale,
    };
  }

  function colors(theme) {
    return {
      background: theme.background || '#1e1e1e',
      viewport: theme.viewport || '#888888',
      cell: theme.cell || '#3794ff',
      header: theme.header || '#d18616',
      text: theme.text || '#cccccc',
      progress: theme.progress || '#3794ff',
      track: theme.track || 'rgba(128,128,128,0.3)',
    };
  }

  /**
   * Draws `model` on a 2D context of a canvas of cssWidth x cssHeight (CSS pixels).
   * Returns the number of boxes drawn.
   */
  function drawModel(ctx, model, cssWidth, cssHeight, theme) {
    const c = colors(theme || {});
    ctx.save();
    ctx.clearRect(0, 0, cssWidth, cssHeight);
    ctx.fillStyle = c.background;
    ctx.fillRect(0, 0, cssWidth, cssHeight);
    if (!model || !model.viewport) {
      ctx.restore();
      return 0;
    }
    const box = fit(model.viewport, cssWidth, cssHeight);

    // The viewport, clipped: elements outside it are cut at its edges.
    ctx.strokeStyle = c.viewport;
    ctx.lineWidth = 1;
    ctx.strokeRect(box.x - 0.5, box.y - 0.5, box.width + 1, box.height + 1);
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.x, box.y, box.width, box.height);
    ctx.clip();
    ctx.translate(box.x, box.y);
    ctx.scale(box.scale, box.scale);

    const fontPx = 11;
    ctx.font = `${fontPx / box.scale}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    let drawn = 0;
    for (const r of model.rects || []) {
      if (r.hidden || !(r.alpha > 0)) continue;
      const color = r.kind === 'cell' ? c.cell : c.header;
      ctx.save();
      ctx.globalAlpha = Math.min(1, r.alpha);
      const cx = r.x + r.width / 2;
      const cy = r.y + r.height / 2;
      ctx.translate(cx, cy);
      if (Array.isArray(r.transform) && r.transform.length === 6) {
        const [a, b, cc, d, tx, ty] = r.transform;
        ctx.transform(a, b, cc, d, tx, ty);
      }
      ctx.fillStyle = color;
      ctx.globalAlpha = Math.min(1, r.alpha) * 0.25;
      ctx.fillRect(-r.width / 2, -r.height / 2, r.width, r.height);
      ctx.globalAlpha = Math.min(1, r.alpha);
      ctx.strokeStyle = color;
      ctx.lineWidth = 1 / box.scale;
      ctx.strokeRect(-r.width / 2, -r.height / 2, r.width, r.height);
      if (r.width * box.scale > 14 && r.height * box.scale > 10) {
        ctx.fillStyle = c.text;
        ctx.fillText(String(r.label), 0, 0);
      }
      ctx.restore();
      drawn += 1;
    }
    ctx.restore();

    // The progress bar under the viewport.
    const p = Math.min(1, Math.max(0, Number(model.progress) || 0));
    const barY = box.y + box.height + BAR;
    ctx.fillStyle = c.track;
    ctx.fillRect(box.x, barY, box.width, BAR);
    ctx.fillStyle = c.progress;
    ctx.fillRect(box.x, barY, box.width * p, BAR);
    ctx.restore();
    return drawn;
  }

  function statusText(model) {
    if (!model) return '';
    const parts = [model.name ? `${model.name} (session ${model.session})` : `session ${model.session}`];
    if (model.transition) parts.push(`transition ${model.transition}`);
    parts.push(model.state);
    parts.push(`progress ${(100 * (Number(model.progress) || 0)).toFixed(1)}%`);
    if (model.seq) parts.push(`tick ${model.seq}`);
    parts.push(`${(model.rects || []).length} visible`);
    if (model.state === 'idle' && model.lastEnd) parts.push(`ended: ${model.lastEnd.reason}`);
    if (model.clock === 'manual') parts.push('manual clock');
    return parts.join(' · ');
  }

  if (typeof module === 'object' && module.exports) {
    module.exports = { drawModel, fit, statusText, KEYS };
  }
  if (typeof acquireVsCodeApi !== 'function') return;

  // In the webview.
  const vscode = acquireVsCodeApi();
  const canvas = document.getElementById('canvas');
  const status = document.getElementById('status');
  const ctx = canvas.getContext('2d');
  let model = null;
  let pending = false;

  function themeColors() {
    const s = getComputedStyle(document.body);
    const v = (name) => s.getPropertyValue(name).trim() || undefined;
    return {
      background: v('--vscode-editor-background'),
      viewport: v('--vscode-editorWidget-border'),
      cell: v('--vscode-charts-blue'),
      header: v('--vscode-charts-orange'),
      text: v('--vscode-editor-foreground'),
      progress: v('--vscode-progressBar-background'),
    };
  }

  function redraw() {
    pending = false;
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawModel(ctx, model, w, h, themeColors());
  }

  function schedule() {
    if (!pending) {
      pending = true;
      requestAnimationFrame(redraw);
    }
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message) return;
    if (message.type === 'model') {
      model = message.model;
      status.textContent = statusText(model);
      vscode.setState({ model });
      schedule();
    } else if (message.type === 'status') {
      status.textContent = message.text;
    }
  });

  window.addEventListener('keydown', (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (!KEYS.has(event.key)) return;
    event.preventDefault();
    vscode.postMessage({ type: 'key', key: event.key });
  });

  window.addEventListener('resize', schedule);
  const saved = vscode.getState();
  if (saved && saved.model) {
    model = saved.model;
    status.textContent = statusText(model);
  }
  canvas.focus();
  schedule();
  vscode.postMessage({ type: 'ready' });
})();
