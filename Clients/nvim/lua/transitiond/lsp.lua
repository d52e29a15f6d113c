-- The daemon's language server for transition documents (*.transition.json), through
-- Neovim's built-in LSP client: diagnostics from the daemon itself (the same checks as
-- its methods), completion (omnifunc), hover (K), code lenses and the commands
-- transitiond.play / transitiond.scrub / transitiond.stop
-- (:lua require('transitiond.lsp').run('transitiond.play')).
local M = {}

-- One client per Neovim, shared by every transition document.
M.client_id = nil

-- The commands the daemon runs on a document; scrub takes a progress.
M.COMMANDS = { 'transitiond.play', 'transitiond.scrub', 'transitiond.stop' }

local function root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  return name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.loop.cwd()
end

-- Starts the language server (the daemon on stdio, from setup's cmd or $TRANSITIOND)
-- once and attaches `bufnr` (default: the current buffer) to it. Returns the client id.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not M.client_id or not vim.lsp.get_client_by_id(M.client_id) then
    local cmd = require('transitiond').resolve_cmd()
    table.insert(cmd, '--stdio')
    M.client_id = vim.lsp.start_client({
      name = 'transitiond',
      cmd = cmd,
      root_dir = root_dir(bufnr),
      -- The daemon tells an editor of the language server when it says what it does
      -- with text documents, as Neovim's client does.
      capabilities = vim.lsp.protocol.make_client_capabilities(),
      handlers = {
        -- The preview's ticks reach the editor that owns the session: not for here.
        ['transition/tick'] = function() end,
        ['transition/didEnd'] = function() end,
      },
    })
  end
  if M.client_id then
    vim.lsp.buf_attach_client(bufnr, M.client_id)
    vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end
  return M.client_id
end

-- Runs one of the daemon's commands on `bufnr`'s document; `progress` for scrub.
-- Calls `callback(err, result)` when the daemon answers.
function M.run(command, progress, bufnr, callback)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client_id and vim.lsp.get_client_by_id(M.client_id)
  if not client then
    error('transitiond: no language server: open a *.transition.json file', 0)
  end
  local arguments = { vim.uri_from_bufnr(bufnr) }
  if command == 'transitiond.scrub' then
    table.insert(arguments, progress or 0.5)
  end
  client.request('workspace/executeCommand', { command = command, arguments = arguments }, function(err, result)
    if callback then
      callback(err, result)
    elseif err then
      vim.notify('transitiond: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    end
  end, bufnr)
end

return M
