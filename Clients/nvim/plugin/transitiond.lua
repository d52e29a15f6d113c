-- transitiond: animated layout transitions, previewed in Neovim.
if vim.g.loaded_transitiond then
  return
end
vim.g.loaded_transitiond = true

local function td()
  return require('transitiond')
end

local function command(name, fn, opts)
  opts = opts or {}
  vim.api.nvim_create_user_command(name, function(a)
    td().guard(fn, a)
  end, opts)
end

command('TransitiondStart', function()
  td().start()
end, { desc = 'Start the transitiond daemon' })

-- The current buffer when it is a transition document attached to the language server:
-- :TransitiondPlay, :TransitiondScrub and :TransitiondStop then act on its session.
local function document_buffer()
  local lsp = require('transitiond.lsp')
  local buf = vim.api.nvim_get_current_buf()
  if lsp.is_document(buf) and lsp.is_attached(buf) then
    return buf
  end
end

-- :TransitiondStop      in a transition document: stop its session; elsewhere (and
--                       :TransitiondStop! everywhere): shut the plugin's daemon down
command('TransitiondStop', function(a)
  local buf = not a.bang and document_buffer()
  if buf then
    require('transitiond.lsp').run('transitiond.stop', nil, buf)
  else
    td().stop()
  end
end, { bang = true, desc = "Stop the document's session, or shut the plugin's daemon down (! = always the daemon)" })

-- :TransitiondSession            the current buffer's spec (JSON or a Lua table), else the demo
-- :TransitiondSession demo       the demo: 375x667, 100 items, list -> 2-column grid
-- :TransitiondSession {...}      a spec given inline, JSON or Lua, laid over the demo
command('TransitiondSession', function(a)
  local arg = vim.trim(a.args or '')
  if arg == 'demo' then
    td().create_session(nil)
  elseif arg == '' or arg == '%' then
    td().session_from_buffer(0, arg == '%')
  else
    td().create_session(require('transitiond.spec').parse(arg))
  end
end, { nargs = '?', desc = 'Create a transitiond session from a spec (buffer, inline, or the demo)' })

-- :TransitiondFollow {name}     preview the session created with that name (by any client)
command('TransitiondFollow', function(a)
  td().follow(vim.trim(a.args))
end, { nargs = 1, desc = 'Follow a named session of the daemon (see the shared setting)' })

command('TransitiondPlay', function(a)
  local target = vim.trim(a.args or '')
  local buf = document_buffer()
  if buf and target == '' and not a.bang then
    return require('transitiond.lsp').run('transitiond.play', nil, buf)
  end
  td().play({ target = target ~= '' and target or nil, interactive = a.bang or nil })
end, {
  nargs = '?',
  bang = true,
  complete = function()
    return { 'to', 'from', 'toggle' }
  end,
  desc = 'Start a transition to the other layout (! = interactive)',
})

-- :TransitiondScrub 40    to 40%;   :TransitiondScrub +5 / -5   by 5 points
-- (in a transition document: its session held there; no argument = 50%)
command('TransitiondScrub', function(a)
  local arg = vim.trim(a.args or ''):gsub('%%$', '')
  local buf = document_buffer()
  if buf and arg == '' then
    arg = '50'
  end
  local sign, num = arg:match('^([+-]?)(%d*%.?%d+)$')
  if not num then
    error('usage: :TransitiondScrub {percent} (0..100, or +N / -N)', 0)
  end
  local value = tonumber(num) / 100
  if buf then
    local base = 0
    local session = td().session()
    local last = require('transitiond.lsp').last[buf]
    if session and session.followed and session.document == buf then
      base = session.progress or 0
    elseif last and last.progress then
      base = last.progress
    end
    local p = sign == '+' and base + value or sign == '-' and base - value or value
    return require('transitiond.lsp').run('transitiond.scrub', math.max(0, math.min(1, p)), buf)
  end
  if sign == '+' then
    td().scrub_by(value)
  elseif sign == '-' then
    td().scrub_by(-value)
  else
    td().scrub(value)
  end
end, { nargs = '?', desc = "Scrub the transition (or the document's) to a percentage" })

command('TransitiondFinish', function()
  td().finish()
end, { desc = 'Finish the transition' })

command('TransitiondCancel', function()
  td().cancel()
end, { desc = 'Cancel the transition (animate back)' })

command('TransitiondCancelInPlace', function()
  td().cancel_in_place()
end, { desc = 'Stop the transition where it is' })

command('TransitiondAdvance', function(a)
  local arg = vim.trim(a.args or '')
  local seconds = nil
  if arg ~= '' then
    seconds = tonumber(arg)
    if not seconds then
      error('usage: :TransitiondAdvance [seconds]', 0)
    end
  end
  td().advance(seconds)
end, { nargs = '?', desc = 'Advance a manual clock' })

-- :TransitiondPreview   in a transition document (with the shared daemon): watch its
--                       session, as :TransitiondWatch; elsewhere the plugin's session
command('TransitiondPreview', function()
  local buf = vim.api.nvim_get_current_buf()
  if require('transitiond.lsp').is_document(buf) and td().uses_shared() and vim.g.transitiond_lsp ~= false then
    td().watch(buf)
  else
    td().open_preview()
  end
end, { desc = "Open the live preview (in a transition document: watch its session)" })

-- :TransitiondWatch     preview the current document's session, following it through edits
command('TransitiondWatch', function()
  td().watch(0)
end, { desc = "Preview the current transition document's session and follow it through edits" })

command('TransitiondLog', function()
  local lines = td().log_lines()
  vim.cmd('new')
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
end, { desc = "Show the daemon's log" })

-- :TransitiondEasing [name]     the easing of the next transitions (no name: pick one)
command('TransitiondEasing', function(a)
  local name = vim.trim(a.args or '')
  if name == '' then
    td().pick_easing()
  else
    td().set_easing(name)
  end
end, {
  nargs = '?',
  complete = function(lead)
    return vim.tbl_filter(function(n)
      return n:sub(1, #lead) == lead
    end, require('transitiond.spec').easings())
  end,
  desc = 'Set the easing of the next transitions',
})

-- :TransitiondDuration [seconds]  the duration of the next transitions (none: pick one)
command('TransitiondDuration', function(a)
  local arg = vim.trim(a.args or '')
  if arg == '' then
    td().pick_duration()
  else
    local seconds = tonumber(arg)
    if not seconds then
      error('usage: :TransitiondDuration [seconds]', 0)
    end
    td().set_duration(seconds)
  end
end, {
  nargs = '?',
  complete = function()
    return vim.tbl_map(tostring, td().DURATIONS)
  end,
  desc = 'Set the duration of the next transitions',
})

-- Transition documents get the daemon's language server, unless
-- vim.g.transitiond_lsp = false: diagnostics, completion, hover, code lenses.
vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
  pattern = '*.transition.json',
  callback = function(args)
    if vim.g.transitiond_lsp == false then
      return
    end
    td().guard(function()
      require('transitiond.lsp').attach(args.buf)
    end)
  end,
  desc = 'Attach the transitiond language server to transition documents',
})

-- :TransitiondDocument play|scrub [progress]|stop   the current document's preview
command('TransitiondDocument', function(a)
  local words = vim.split(vim.trim(a.args or ''), '%s+')
  local name = words[1] ~= '' and words[1] or 'play'
  require('transitiond.lsp').run('transitiond.' .. name, tonumber(words[2]))
end, {
  nargs = '*',
  complete = function()
    return { 'play', 'scrub', 'stop' }
  end,
  desc = "Play, scrub or stop the current transition document's preview (named session)",
})
