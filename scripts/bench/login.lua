-- wrk script of the "login" scenario: POST /api/collections/users/auth-with-password.
-- The credentials come from the runner: wrk -s login.lua <url> -- <identity> <password>
-- (plain [a-z0-9@.-] strings, so they need no JSON escaping).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function init(args)
  wrk.body = '{"identity":"' .. args[1] .. '","password":"' .. args[2] .. '"}'
end
