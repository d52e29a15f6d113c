-- The daemon's language server through Neovim's built-in LSP client
-- (vim.lsp.start_client, started by the plugin for *.transition.json, through the
-- shared daemon as documented: no setup beyond $TRANSITIOND): diagnostics, completion,
-- hover and `K`, code lenses shown without a refresh call and kept up to date after
-- edits, the commands and what they say, errors as messages, :checkhealth.
local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/harness.lua')
H.start('lsp_spec')

vim.cmd('runtime plugin/transitiond.lua')

-- Messages shown to the user, captured.
local notes = {}
local real_notify = vim.notify
vim.notify = function(msg, level)
  notes[#notes + 1] = { msg = tostring(msg), level = level }
end
local function note_matching(pattern, level)
  for i = #notes, 1, -1 do
    if notes[i].msg:find(pattern) and (level == nil or notes[i].level == level) then
      return notes[i]
    end
  end
end
local function wait_note(pattern, level)
  vim.wait(15000, function()
    return note_matching(pattern, level) ~= nil
  end, 20)
  return note_matching(pattern, level)
end
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
  local client0 = vim.lsp.get_client_by_id(lsp.client_id)
  H.eq('through the shared daemon: $TRANSITIOND --remote=auto', client0 and client0.config.cmd,
    { os.getenv('TRANSITIOND'), '--remote=auto' })

  -- Code lenses: shown once the server has answered, without any refresh call.
  local shown = vim.wait(15000, function()
    return #vim.lsp.codelens.get(buf) == 3
  end, 20)
  H.check('three code lenses are shown after attach, without vim.lsp.codelens.refresh()', shown,
    vim.inspect(vim.lsp.codelens.get(buf)))
  local lens_line = (vim.lsp.codelens.get(buf)[1] or { range = { start = {} } }).range.start.line
  local marks = {}
  for _, ns in pairs(vim.api.nvim_get_namespaces()) do
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, { details = true })) do
      for _, chunk in ipairs((m[4] and m[4].virt_text) or {}) do
        marks[#marks + 1] = chunk[1]
      end
    end
  end
  H.check('drawn as virtual text on the `transition` line', lens_line == 3 and table.concat(marks, ' '):find('Play', 1, true) ~= nil,
    vim.inspect({ line = lens_line, marks = marks }))

  -- K is hover, buffer-local, and sends textDocument/hover.
  local k
  for _, m in ipairs(vim.api.nvim_buf_get_keymap(buf, 'n')) do
    if m.lhs == 'K' then
      k = m
    end
  end
  H.check('K in the document buffer is vim.lsp.buf.hover()', k ~= nil and k.callback == vim.lsp.buf.hover, vim.inspect(k))
  local sent = {}
  local request = client0.request
  client0.request = function(method, ...)
    sent[#sent + 1] = method
    return request(method, ...)
  end
  vim.api.nvim_win_set_cursor(0, { 5, 20 })
  vim.api.nvim_feedkeys('K', 'mx', false)
  H.check('K sends textDocument/hover', vim.wait(10000, function()
    return vim.tbl_contains(sent, 'textDocument/hover')
  end, 20), vim.inspect(sent))
  client0.request = request
  vim.cmd('silent! only')

  -- Play on an invalid document: the daemon's message, at ERROR level.
  lsp.run('transitiond.play', nil, buf)
  local refused = wait_note('expected integer', vim.log.levels.ERROR)
  H.check('play of an invalid document shows the daemon\'s message as an error', refused ~= nil
    and refused.msg:find('transition.to.columns', 1, true) ~= nil, vim.inspect(notes))
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

  -- An edit that moves the lenses: they follow without a refresh call.
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { '' })
  vim.cmd('doautocmd TextChanged')
  H.check('after an edit the lenses are asked for again and move with the `transition` line', vim.wait(15000, function()
    local l = vim.lsp.codelens.get(buf)
    return #l == 3 and l[1].range.start.line == 4
  end, 20), vim.inspect(vim.lsp.codelens.get(buf)))
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, {})
  vim.cmd('doautocmd TextChanged')
  vim.wait(15000, function()
    local l = vim.lsp.codelens.get(buf)
    return #l == 3 and l[1].range.start.line == 3
  end, 20)

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
  local said = note_matching('^transitiond: playing ', vim.log.levels.INFO)
  local r = played and played.result or {}
  H.eq('and says what it did', said and said.msg, string.format('transitiond: playing transition:list-to-grid (%s, %s, 0.5 s, manual clock)',
    tostring(r.session), tostring(r.transition)))

  -- The commands of the current document.
  vim.cmd('TransitiondScrub 40')
  local held = wait_note('^transitiond: holding ')
  H.check(':TransitiondScrub 40 holds the document at 40% and says so', held ~= nil
    and held.msg:find('holding transition:list-to-grid at 40%', 1, true) ~= nil, vim.inspect(notes))
  vim.cmd('TransitiondPlay')
  H.check(':TransitiondPlay plays it again', vim.wait(15000, function()
    local n = 0
    for _, x in ipairs(notes) do
      if x.msg:find('^transitiond: playing ') then
        n = n + 1
      end
    end
    return n >= 2
  end, 20))
  vim.cmd('TransitiondStop')
  H.check(':TransitiondStop stops its session and says so', wait_note('^transitiond: stopped transition:list%-to%-grid$') ~= nil,
    vim.inspect(notes))

  -- :checkhealth transitiond: the language server and the shared daemon.
  vim.cmd('checkhealth transitiond')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  vim.cmd('bwipeout!')
  vim.cmd('buffer ' .. buf)
  H.check(':checkhealth shows the language server\'s command and its client', report:find('command: ' .. os.getenv('TRANSITIOND') .. ' --remote=auto', 1, true) ~= nil
    and report:find('running: client ' .. lsp.client_id, 1, true) ~= nil and report:find('list-to-grid.transition.json', 1, true) ~= nil, report)
  H.check(':checkhealth shows the shared socket and that the daemon answers',
    report:find('socket: ' .. os.getenv('XDG_RUNTIME_DIR') .. '/transitiond/transitiond.sock', 1, true) ~= nil
      and report:find('it answers (transitiond', 1, true) ~= nil, report)

  local stopped
  lsp.run('transitiond.stop', nil, buf, function(err)
    stopped = { err = err }
  end)
  vim.wait(10000, function()
    return stopped ~= nil
  end, 20)
  H.check('stop answers without error', stopped ~= nil and stopped.err == nil)
  vim.lsp.stop_client(lsp.client_id)
  vim.wait(10000, function()
    return lsp.client() == nil or lsp.client().is_stopped()
  end, 20)
  local before = #notes
  lsp.run('transitiond.play', nil, buf)
  local gone = notes[#notes] or {}
  H.check('with the language server gone, play says so as an error', #notes > before and gone.level == vim.log.levels.ERROR
    and gone.msg:find('no language server', 1, true) ~= nil, vim.inspect(gone))
end)
vim.notify = real_notify

H.finish()
