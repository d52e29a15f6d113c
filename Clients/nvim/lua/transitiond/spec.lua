-- Session specs: the small table (or JSON document) a session is made from.
--
--   {
--     viewport = { width = 375, height = 667 },
--     items = 100,                       -- or sections = { { items = 100 }, ... }
--     from = { type = "list", rowHeight = 60 },
--     to = { type = "grid", columns = 2, spacing = 10, lineSpacing = 5,
--            inset = { top = 10, left = 10, bottom = 10, right = 10 } },
--     -- optional, passed to session/create:
--     clock = "realtime" | "manual", fps = 60, contentInset = {...},
--     contentOffset = { x = 0, y = 0 }, keepAlive = false,
--     -- optional, passed to every transition/start:
--     transition = { duration = 0.5, timing = { easing = "quarticEaseInOut" },
--                    contentOffset = {...}, stagger = {...}, appear = "fade", ... },
--   }
--
-- `layouts = { A, B }` may stand for `from = A, to = B`, and `layout` for `from`.
-- A spec is laid over the default one key by key, so `{ items = 20 }` is the
-- demo with twenty items.
--
-- A spec is the plugin's shorthand for a transition document (Protocol section 18,
-- `{ session = <session/create params>, transition = <transition/start params> }`):
-- normalize() gives that document (`.document`), which the daemon checks
-- (`document/check`) before the session is made from what it answers. A document
-- itself is not laid over anything: see from_document().

local protocol = require('transitiond.protocol')

local M = {}

-- The demo's transition: long enough to watch.
M.DEMO_DURATION = 0.8
M.DEMO_EASING = 'quarticEaseInOut'

function M.default()
  return {
    viewport = { width = 375, height = 667 },
    items = 100,
    from = { type = 'list', rowHeight = 60 },
    to = {
      type = 'grid',
      columns = 2,
      spacing = 10,
      lineSpacing = 5,
      inset = { top = 10, left = 10, bottom = 10, right = 10 },
    },
    transition = { duration = M.DEMO_DURATION, timing = { easing = M.DEMO_EASING } },
  }
end

local SESSION_KEYS = { 'contentInset', 'contentOffset', 'clock', 'fps', 'keepAlive' }
local TRANSITION_KEYS = {
  'duration', 'timing', 'contentOffset', 'stagger', 'appear', 'disappear', 'colorSpace', 'sections', 'viewport',
  'contentInset',
}
M.KNOWN_KEYS = {
  'viewport', 'items', 'sections', 'from', 'to', 'layout', 'layouts', 'transition',
  'contentInset', 'contentOffset', 'clock', 'fps', 'keepAlive',
}

local function fail(msg)
  error('session spec: ' .. msg, 0)
end

-- Lays `spec` over the default and checks its shape. Returns the normalised
-- spec: { viewport, sections, from, to, create = <session/create params minus
-- session>, transition = <extra transition/start params> }.
function M.normalize(spec)
  if spec ~= nil and type(spec) ~= 'table' then
    fail('expected a table, got ' .. type(spec))
  end
  if type(spec) == 'table' and spec.normalized then
    return spec
  end
  if M.is_document(spec) then
    return M.from_document(spec)
  end
  spec = spec or {}
  local s = M.default()
  if spec.layouts ~= nil or spec.layout ~= nil or spec.from ~= nil then
    s.from = nil
  end
  if spec.layouts ~= nil or spec.to ~= nil then
    s.to = nil
  end
  if spec.sections ~= nil then
    s.items = nil
  end
  for k, v in pairs(spec) do
    s[k] = v
  end
  if s.layouts ~= nil then
    if type(s.layouts) ~= 'table' or #s.layouts ~= 2 then
      fail('layouts must be a list of two layouts')
    end
    s.from, s.to = s.from or s.layouts[1], s.to or s.layouts[2]
  end
  s.from = s.from or s.layout

  if type(s.viewport) ~= 'table' or type(s.viewport.width) ~= 'number' or type(s.viewport.height) ~= 'number' then
    fail('viewport must be { width = <number>, height = <number> }')
  end
  local sections = s.sections
  if sections == nil then
    if type(s.items) ~= 'number' then
      fail('items must be a number (or give sections)')
    end
    sections = { { items = s.items } }
  elseif type(sections) ~= 'table' or #sections == 0 then
    fail('sections must be a non-empty list such as { { items = 10 } }')
  end
  for _, name in ipairs({ 'from', 'to' }) do
    local l = s[name]
    if type(l) ~= 'table' or type(l.type) ~= 'string' then
      fail(name .. ' must be a layout with a type, such as { type = "list", rowHeight = 60 }')
    end
  end

  local create = {
    viewport = s.viewport,
    sections = sections,
    layout = s.from,
    encoding = 'objects',
  }
  for _, k in ipairs(SESSION_KEYS) do
    if s[k] ~= nil then
      create[k] = s[k]
    end
  end
  local transition = {}
  if s.transition ~= nil then
    if type(s.transition) ~= 'table' then
      fail('transition must be a table of transition/start options')
    end
    for _, k in ipairs(TRANSITION_KEYS) do
      if s.transition[k] ~= nil then
        transition[k] = s.transition[k]
      end
    end
  end
  local document_transition = vim.deepcopy(transition)
  document_transition.to = s.to
  return {
    normalized = true,
    viewport = s.viewport,
    sections = sections,
    from = s.from,
    to = s.to,
    clock = s.clock or 'realtime',
    fps = s.fps,
    create = create,
    transition = transition,
    document = { session = vim.deepcopy(create), transition = document_transition },
  }
end

-- Whether a table is a transition document: an object with `session` and
-- `transition` objects (and none of the older form's `viewport`).
function M.is_document(t)
  return type(t) == 'table' and type(t.session) == 'table' and type(t.transition) == 'table' and t.viewport == nil
end

-- A transition document (as document/check answers it, or as written) as a normalized
-- spec, nothing laid over from the demo: the session is made with `session` (with the
-- `objects` encoding the preview draws, and without its `name`, which belongs to the
-- document's own session: see :TransitiondWatch), the transitions with `transition`;
-- `session.layout` is `from`, `transition.to` is `to`.
function M.from_document(doc)
  local session, transition = doc.session or {}, doc.transition or {}
  local create = vim.deepcopy(session)
  create.encoding = 'objects'
  create.name = nil
  create.precision = nil
  local rest = {}
  for k, v in pairs(transition) do
    if k ~= 'to' and k ~= 'session' then
      rest[k] = vim.deepcopy(v)
    end
  end
  local sections = session.sections
  if type(sections) ~= 'table' or #sections == 0 then
    sections = { { items = 0 } }
  end
  local viewport = session.viewport
  if type(viewport) ~= 'table' or type(viewport.width) ~= 'number' or type(viewport.height) ~= 'number' then
    viewport = { width = 375, height = 667 }
  end
  return {
    normalized = true,
    viewport = viewport,
    sections = sections,
    from = session.layout,
    to = transition.to,
    clock = session.clock or 'realtime',
    fps = session.fps,
    create = create,
    transition = rest,
    document = { session = vim.deepcopy(session), transition = vim.deepcopy(transition) },
  }
end

-- The easing names of the protocol, for completion.
function M.easings()
  return vim.deepcopy(protocol.easings)
end

-- Checks what the daemon would only refuse at play, so that a bad spec is one short
-- error when the session is made: the easing name and the duration.
function M.validate(normalized)
  local t = normalized.transition or {}
  local timing = t.timing
  local easing = type(timing) == 'string' and timing or (type(timing) == 'table' and timing.easing or nil)
  if easing ~= nil and not vim.tbl_contains(protocol.easings, easing) then
    fail(string.format("unknown easing '%s' (:TransitiondEasing lists the %d names)", tostring(easing), #protocol.easings))
  end
  if t.duration ~= nil and (type(t.duration) ~= 'number' or t.duration < 0 or t.duration ~= t.duration) then
    fail('transition.duration must be a number of seconds >= 0')
  end
  return normalized
end

-- Parses the text of a spec: JSON, or a Lua table constructor such as
-- `{ items = 20, clock = "manual" }` (evaluated with no access to anything).
function M.parse(text)
  text = vim.trim(text or '')
  if text == '' then
    fail('empty')
  end
  local ok, decoded = pcall(vim.json.decode, text)
  if ok and type(decoded) == 'table' then
    return M.strip_nulls(decoded)
  end
  local chunk, err = loadstring('return ' .. text, '=spec')
  if not chunk then
    fail('neither JSON nor a Lua table: ' .. tostring(err))
  end
  setfenv(chunk, {})
  local ok2, value = pcall(chunk)
  if not ok2 then
    fail(tostring(value))
  end
  if type(value) ~= 'table' then
    fail('expected a table, got ' .. type(value))
  end
  return value
end

function M.strip_nulls(v)
  if type(v) ~= 'table' then
    return v
  end
  for k, x in pairs(v) do
    if x == vim.NIL then
      v[k] = nil
    else
      v[k] = M.strip_nulls(x)
    end
  end
  return v
end

-- Whether a decoded table looks like a spec (has at least one known key).
function M.looks_like_spec(t)
  if type(t) ~= 'table' then
    return false
  end
  for _, k in ipairs(M.KNOWN_KEYS) do
    if t[k] ~= nil then
      return true
    end
  end
  return false
end

return M
