  -d '{"model":"claude-haiku-4-5-20251001","stream":true,"max_tokens":5,"messages":[{"role":"user","content":"hi"}]}' 2>&1)

run_test "Transfer-Encoding: chunked" bash -c \
  "echo '${STREAM_HEADERS}' | grep -qi 'transfer-encoding: chunked'"

run_test "X-Accel-Buffering: no (new-api 已设置)" bash -c \
  "echo '${STREAM_HEADERS}' | grep -qi 'x-accel-buffering: no'"

# ── TEST 4: Anthropic Prompt Caching 透传 ────────────────────────────────────
info "4. Anthropic Prompt Caching 透传"

CACHE_RESP=$(curl -s --max-time 30 -X POST "${BASE}/v1/messages" \
  -H "Authorization: Bearer ${KEY}" \
  -H "Content-Type: application/json" \
  -H "anthropic-version: 2023-06-01" \
  -H "anthropic-beta: prompt-caching-2024-07-31" \
  -d '{
    "model": "claude-haiku-4-5-20251001",
    "max_tokens": 10,
    "system": [{"type":"text","text":"You are helpful. '"$(python3 -c "print('x'*1500)")"'","cache_control":{"type":"ephemeral"}}],
    "messages": [{"role":"user","content":"hi"}]
  }' 2>&1)

run_test "Anthropic /v1/messages 端点可达" bash -c \
  "echo '${CACHE_RESP}' | python3 -c \"import sys,json; d=json.load(sys.stdin); exit(0 if 'content' in d or 'usage' in d else 1)\""

run_test "cache_creation_input_tokens 字段存在（缓存已建立）" bash -c \
  "echo '${CACHE_RESP}' | python3 -c \"import sys,json; d=json.load(sys.stdin); u=d.get('usage',{}); exit(0 if u.get('cache_creation_input_tokens',0)>0 else 1)\""
