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

command('TransitiondStop', function()
  td().stop()
end, { desc = 'Shut the transitiond daemon down' })

-- :TransitiondSession            the current buffer's spec (JSON or a Lua table), else the demo
-- :TransitiondSession demo       the demo: 375x667, 100 items, list -> 2-column grid
-- :TransitiondSession {...}      a spec given inline, JSON or Lua, laid over the demo
command('TransitiondSession', function(a)
  local arg = vim.trim(a.args or '')
  local spec
  if arg == 'demo' then
    spec = nil
  elseif arg == '' or arg == '%' then
    spec = td().spec_from_buffer(0)
    if arg == '%' and not spec then
      error('the current buffer holds no session spec', 0)
    end
  else
    spec = require('transitiond.spec').parse(arg)
  end
  td().create_session(spec)
end, { nargs = '?', desc = 'Create a transitiond session from a spec (buffer, inline, or the demo)' })

-- :TransitiondFollow {name}     preview the session created with that name (by any client)
command('TransitiondFollow', function(a)
  td().follow(vim.trim(a.args))
end, { nargs = 1, desc = 'Follow a named session of the daemon (see the shared setting)' })

command('TransitiondPlay', function(a)
  local target = vim.trim(a.args or '')
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
command('TransitiondScrub', function(a)
  local arg = vim.trim(a.args or ''):gsub('%%$', '')
  local sign, num = arg:match('^([+-]?)(%d*%.?%d+)$')
  if not num then
    error('usage: :TransitiondScrub {percent} (0..100, or +N / -N)', 0)
  end
  local value = tonumber(num) / 100
  if sign == '+' then
    td().scrub_by(value)
  elseif sign == '-' then
    td().scrub_by(-value)
  else
    td().scrub(value)
  end
end, { nargs = 1, desc = 'Scrub the transition to a percentage' })

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

command('TransitiondPreview', function()
  td().open_preview()
end, { desc = 'Open the live preview' })

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
