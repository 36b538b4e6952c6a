-- wrk script of the "create" scenario: POST one small JSON record per request (bench_items).
wrk.method = "POST"
wrk.body = '{"name":"x","category":"c1","price":5}'
wrk.headers["Content-Type"] = "application/json"
