curl https://api.anthropic.com/v1/messages \
     -H "content-type: application/json" \
     -H "x-api-key: {{LITERAL_KEY}}" \
     -H "anthropic-version: 2023-06-01" \
     -H "anthropic-beta: context-management-2025-06-27,compact-2026-01-12" \
     -d @- <<'EOF'
{
  "model": "claude-opus-4-6",
  "max_tokens": 1024,
  "messages": [{"role": "user", "content": "It's a quote: \"hi\" and a $HOME that must stay literal"}],
  "context_management": {"edits": [{"type": "compact_20260112"}]}
}
EOF
