-- The daemon's language server through Neovim's built-in LSP client
-- (vim.lsp.start_client, started by the plugin for *.transition.json): diagnostics,
-- completion, hover, code lenses and the preview commands.
local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/harness.lua')
H.start('lsp_spec')

vim.cmd('runtime plugin/transitiond.lua')
local dir = vim.fn.tempname()
vim.fn.mkdir(dir, 'p')
local path = dir .. '/list-to-grid.transition.json'
vim.fn.writefile({
  '{',
  '  "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 10}],',
  '              "layout": {"type": "list", "rowHeight": 60}, "clock": "manual"},',
  '  "transition": {"to": {"type": "grid", "columns": "two"}, "duration": 0.5,',
  '                 "timing": "quarticEaseInOut"}',
  '}',
}, path)

H.protect('the language server', function()
  vim.cmd('edit ' .. path)
  local buf = vim.api.nvim_get_current_buf()
  local lsp = require('transitiond.lsp')
  H.check('the plugin started a client for the document', lsp.client_id ~= nil)
  -- Diagnostics arrive from the daemon: wait for them (a positive event).
  local arrived = vim.wait(10000, function()
    return #vim.diagnostic.get(buf) > 0
  end, 20)
  H.check('diagnostics arrived', arrived)
  local d = vim.diagnostic.get(buf)[1] or {}
  H.eq('the refused value, at its place', { d.lnum, d.col, d.end_col, d.message, d.source, d.severity },
    { 3, 51, 56, 'expected integer', 'transitiond', vim.diagnostic.severity.ERROR })
  H.eq('the field is in its data', (d.user_data or {}).lsp and d.user_data.lsp.data, { field = 'transition.to.columns' })

  -- Fix it in the buffer: the daemon's list empties (incremental sync).
  vim.api.nvim_buf_set_text(buf, 3, 51, 3, 56, { '2' })
  local fixed = vim.wait(10000, function()
    return #vim.diagnostic.get(buf) == 0
  end, 20)
  H.check('a fixed document has no diagnostics', fixed)

  local client = vim.lsp.get_client_by_id(lsp.client_id)
  local caps = client.server_capabilities
  H.eq('the server says what it does', { caps.hoverProvider, caps.textDocumentSync.change },
    { true, 2 })

  local uri = vim.uri_from_bufnr(buf)
  local completion = client.request_sync('textDocument/completion', {
    textDocument = { uri = uri }, position = { line = 4, character = 28 },
  }, 5000, buf)
  local labels = {}
  for _, item in ipairs((completion and completion.result) or {}) do
    labels[#labels + 1] = item.label
  end
  H.check('completion offers the easings in timing', vim.tbl_contains(labels, 'quarticEaseInOut') and #labels == 37,
    vim.inspect(labels))

  local hover = client.request_sync('textDocument/hover', {
    textDocument = { uri = uri }, position = { line = 4, character = 20 },
  }, 5000, buf)
  local value = hover and hover.result and hover.result.contents.value or ''
  H.check('hover on timing gives the duration and the curve',
    value:find('Duration 0.5 s; progress at 0%, 25%, 50%, 75%, 100% of it: 0, 0.0313, 0.5, 0.9688, 1.', 1, true) ~= nil,
    value)

  local lenses = client.request_sync('textDocument/codeLens', { textDocument = { uri = uri } }, 5000, buf)
  local commands = {}
  for _, lens in ipairs((lenses and lenses.result) or {}) do
    commands[#commands + 1] = lens.command.command
  end
  H.eq('three code lenses', commands, { 'transitiond.play', 'transitiond.scrub', 'transitiond.stop' })

  local played
  lsp.run('transitiond.play', nil, buf, function(err, result)
    played = { err = err, result = result }
  end)
  vim.wait(10000, function()
    return played ~= nil
  end, 20)
  H.eq('play runs the document in its named session',
    played and played.result and { played.result.name, played.result.duration },
    { 'transition:list-to-grid', 0.5 })
  local stopped
  lsp.run('transitiond.stop', nil, buf, function(err)
    stopped = { err = err }
  end)
  vim.wait(10000, function()
    return stopped ~= nil
  end, 20)
  H.check('stop answers without error', stopped ~= nil and stopped.err == nil)
  vim.lsp.stop_client(lsp.client_id)
end)

H.finish()
