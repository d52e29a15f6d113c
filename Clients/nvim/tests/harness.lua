-- A small check counter for the headless tests. Each check prints one line;
-- finish() prints "N passed, M failed", appends the counts to $TD_RESULTS (if
-- set) and quits Neovim, with exit status 1 when anything failed.

local H = { passed = 0, failed = 0, name = 'spec' }

local function out(s)
  io.stdout:write(s, '\n')
  io.stdout:flush()
end

function H.start(name)
  H.name = name
  out('# ' .. name)
end

function H.check(what, ok, detail)
  if ok then
    H.passed = H.passed + 1
    out('ok   ' .. what)
  else
    H.failed = H.failed + 1
    out('FAIL ' .. what .. (detail and ('\n     ' .. tostring(detail):gsub('\n', '\n     ')) or ''))
  end
  return ok
end

function H.eq(what, got, want)
  local ok = vim.deep_equal(got, want)
  return H.check(what, ok, not ok and ('got  ' .. vim.inspect(got) .. '\nwant ' .. vim.inspect(want)) or nil)
end

function H.near(what, got, want, eps)
  local ok = type(got) == 'number' and math.abs(got - want) <= (eps or 1e-9)
  return H.check(what, ok, not ok and ('got ' .. tostring(got) .. ', want ' .. tostring(want)) or nil)
end

-- Runs fn; a Lua error in it counts as a failed check instead of ending the run.
function H.protect(what, fn)
  local ok, err = xpcall(fn, debug.traceback)
  if not ok then
    H.check(what .. ' ran without a Lua error', false, err)
  end
  return ok
end

function H.finish()
  out(string.format('%d passed, %d failed', H.passed, H.failed))
  local results = os.getenv('TD_RESULTS')
  if results and results ~= '' then
    local f = io.open(results, 'a')
    if f then
      f:write(string.format('%s %d %d\n', H.name, H.passed, H.failed))
      f:close()
    end
  end
  if H.failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

return H
