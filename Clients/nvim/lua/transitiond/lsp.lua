-- The daemon's language server for transition documents (*.transition.json), through
-- Neovim's built-in LSP client: diagnostics from the daemon itself (the same checks as
-- its methods), completion (omnifunc), hover (K), code lenses (shown on attach and kept
-- up to date as you edit) and the commands transitiond.play / transitiond.scrub /
-- transitiond.stop (:TransitiondPlay, :TransitiondScrub, :TransitiondStop in a document
-- buffer; :lua require('transitiond.lsp').run('transitiond.play')).
--
-- By default the server is the per-user shared daemon (`transitiond --remote=auto`), the
-- one the plugin's previews, `:TransitiondWatch`, other editors and `transitionctl
-- --shared` use; with setup({ shared = false }) a private `transitiond --stdio`.
local M = {}

-- One client per Neovim, shared by every transition document.
M.client_id = nil

-- The commands the daemon runs on a document; scrub takes a progress.
M.COMMANDS = { 'transitiond.play', 'transitiond.scrub', 'transitiond.stop' }

-- Milliseconds between the last edit (or buffer entry) and the code lens refresh.
M.LENS_DEBOUNCE = 200

-- The last result of a command per buffer: { session, name, transition, ... }.
M.last = {}

local function td()
  return require('transitiond')
end

local function notify(msg, level)
  vim.notify('transitiond: ' .. msg, level or vim.log.levels.INFO)
end

local function resolve_buf(bufnr)
  return (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
end

local function root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  return name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.loop.cwd()
end

-- Whether `bufnr` holds a transition document (by its name, as the daemon reads them).
function M.is_document(bufnr)
  bufnr = resolve_buf(bufnr)
  return vim.api.nvim_buf_is_valid(bufnr) and vim.api.nvim_buf_get_name(bufnr):match('%.transition%.json$') ~= nil
end

-- The command line of the language server: setup's cmd (else $TRANSITIOND, else
-- `transitiond`), then `--remote=auto` (shared, the default) or `--stdio`, then `args`.
function M.cmd()
  local cmd = td().resolve_cmd()
  if td().uses_shared(cmd) then
    cmd[#cmd + 1] = '--remote=auto'
  elseif not vim.tbl_contains(cmd, '--stdio') then
    cmd[#cmd + 1] = '--stdio'
  end
  for _, a in ipairs(td().config.args or {}) do
    cmd[#cmd + 1] = a
  end
  return cmd
end

function M.client()
  return M.client_id and vim.lsp.get_client_by_id(M.client_id) or nil
end

-- Whether the language server is running and `bufnr` (default: the current buffer) is
-- attached to it.
function M.is_attached(bufnr)
  local client = M.client()
  return client ~= nil and not client.is_stopped() and vim.lsp.buf_is_attached(resolve_buf(bufnr), client.id)
end

------------------------------------------------------------------------------
-- Code lenses: Neovim 0.7 has no server-driven refresh, so the plugin asks for them
-- when a buffer attaches (once the server has answered initialize) and, debounced,
-- after edits and on entering the buffer.

local timers = {}

function M.refresh_lenses(bufnr)
  bufnr = resolve_buf(bufnr)
  local client = M.client()
  if not client or client.is_stopped() or not vim.api.nvim_buf_is_loaded(bufnr) then
    return
  end
  if not vim.lsp.buf_is_attached(bufnr, client.id) then
    return
  end
  -- client.request sends the pending didChange first.
  client.request('textDocument/codeLens', { textDocument = { uri = vim.uri_from_bufnr(bufnr) } },
    function(err, result, ctx)
      if vim.api.nvim_buf_is_valid(bufnr) then
        vim.lsp.codelens.on_codelens(err, result, ctx)
      end
    end, bufnr)
end

local function schedule_refresh(bufnr)
  local timer = timers[bufnr]
  if not timer then
    timer = vim.loop.new_timer()
    timers[bufnr] = timer
  end
  timer:stop()
  timer:start(M.LENS_DEBOUNCE, 0, vim.schedule_wrap(function()
    M.refresh_lenses(bufnr)
    td()._document_changed(bufnr)
  end))
end

local function on_attach(client, bufnr)
  local group = vim.api.nvim_create_augroup('transitiond_lsp_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd({ 'TextChanged', 'InsertLeave', 'BufEnter', 'BufWritePost' }, {
    group = group,
    buffer = bufnr,
    callback = function()
      schedule_refresh(bufnr)
    end,
  })
  vim.api.nvim_create_autocmd({ 'BufWipeout', 'BufDelete' }, {
    group = group,
    buffer = bufnr,
    callback = function()
      local timer = timers[bufnr]
      timers[bufnr] = nil
      if timer and not timer:is_closing() then
        timer:stop()
        timer:close()
      end
      pcall(vim.api.nvim_del_augroup_by_id, group)
    end,
  })
  vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr, desc = 'transitiond: hover (what a member is)' })
  vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  M.refresh_lenses(bufnr)
end

-- A code lens's command: run through M.run so that it says what it did.
local function lens_command(command, ctx)
  local args = command.arguments or {}
  M.run(command.command, args[2], ctx.bufnr)
end

-- Starts the language server once and attaches `bufnr` (default: the current buffer)
-- to it. Returns the client id.
function M.attach(bufnr)
  bufnr = resolve_buf(bufnr)
  if not M.client_id or not vim.lsp.get_client_by_id(M.client_id) then
    local commands = {}
    for _, c in ipairs(M.COMMANDS) do
      commands[c] = lens_command
    end
    local id
    id = vim.lsp.start_client({
      name = 'transitiond',
      cmd = M.cmd(),
      root_dir = root_dir(bufnr),
      -- The daemon tells an editor of the language server when it says what it does
      -- with text documents, as Neovim's client does.
      capabilities = vim.lsp.protocol.make_client_capabilities(),
      commands = commands,
      on_attach = on_attach,
      handlers = {
        -- Ticks go to the previews that subscribe, not to this connection.
        ['transition/tick'] = function() end,
        ['transition/didEnd'] = function() end,
      },
      on_exit = function(code, signal)
        if M.client_id == id then
          M.client_id = nil
        end
        if (code ~= 0 or (signal ~= 0 and signal ~= 15)) and vim.v.exiting == vim.NIL then
          vim.schedule(function()
            notify(string.format('the language server exited (status %s, signal %s): %s; reopen the document to start it again',
              tostring(code), tostring(signal), table.concat(M.cmd_or_nil() or {}, ' ')), vim.log.levels.ERROR)
          end)
        end
      end,
    })
    M.client_id = id
  end
  if M.client_id then
    vim.lsp.buf_attach_client(bufnr, M.client_id)
  end
  return M.client_id
end

function M.cmd_or_nil()
  local ok, cmd = pcall(M.cmd)
  return ok and cmd or nil
end

------------------------------------------------------------------------------
-- Commands on a document

-- The session name the daemon gives a document: its session.name, else `transition:`
-- and the file name without `.transition.json`.
function M.default_name(bufnr)
  local base = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(resolve_buf(bufnr)), ':t')
  return 'transition:' .. base:gsub('%.transition%.json$', '')
end

local function percent(p)
  return string.format('%g%%', math.floor(p * 1000 + 0.5) / 10)
end

local function clock_text(result)
  return result.clock and (', ' .. result.clock .. ' clock') or ''
end

-- What a command did, on one line: "playing transition:card (s1, t2, 0.4 s, manual
-- clock)", "holding transition:card at 50% (s1, t3, manual clock)", "stopped
-- transition:card".
function M.describe(command, result, bufnr)
  if command == 'transitiond.play' then
    return string.format('playing %s (%s, %s, %g s%s)', tostring(result.name), tostring(result.session),
      tostring(result.transition), tonumber(result.duration) or 0, clock_text(result))
  elseif command == 'transitiond.scrub' then
    return string.format('holding %s at %s (%s, %s%s)', tostring(result.name), percent(tonumber(result.progress) or 0),
      tostring(result.session), tostring(result.transition), clock_text(result))
  else
    local last = M.last[bufnr]
    return 'stopped ' .. ((last and last.name) or M.default_name(bufnr))
  end
end

-- Runs one of the daemon's commands on `bufnr`'s document; `progress` (0..1) for scrub.
-- Says what it did (or the daemon's error) in the message area, then calls
-- `callback(err, result)` when given.
function M.run(command, progress, bufnr, callback)
  bufnr = resolve_buf(bufnr)
  local function failed(message)
    local err = { code = require('transitiond.protocol').client_error_codes.ConnectionClosed, message = message }
    notify(message, vim.log.levels.ERROR)
    if callback then
      callback(err, nil)
    end
  end
  local client = M.client()
  if not client or client.is_stopped() then
    return failed('no language server: open a *.transition.json file (the daemon is gone, or was never started)')
  end
  if not vim.lsp.buf_is_attached(bufnr, client.id) then
    return failed('this buffer is not a transition document attached to the language server')
  end
  local arguments = { vim.uri_from_bufnr(bufnr) }
  if command == 'transitiond.scrub' then
    table.insert(arguments, progress or 0.5)
  end
  local ok = client.request('workspace/executeCommand', { command = command, arguments = arguments }, function(err, result)
    result = result ~= vim.NIL and result or nil
    if err then
      notify(td().short_message(err.message or vim.inspect(err)), vim.log.levels.ERROR)
    else
      if command == 'transitiond.stop' then
        notify(M.describe(command, result, bufnr))
        M.last[bufnr] = nil
      elseif type(result) == 'table' then
        M.last[bufnr] = result
        notify(M.describe(command, result, bufnr))
      end
      td()._document_command(bufnr, command, result)
      M.refresh_lenses(bufnr)
    end
    if callback then
      callback(err, result)
    end
  end, bufnr)
  if not ok then
    failed('the language server is not running (the daemon is gone)')
  end
end

return M
