# Test OpenAI API
if [[ -n "$OPENAI_API_KEY" ]]; then
  echo -n "Testing OpenAI API... "
  if curl -s -H "Authorization: Bearer $OPENAI_API_KEY" \
    "https://api.openai.com/v1/models" > /dev/null 2>&1; then
    echo -e "${GREEN}✅ Connected${NC}"
  else
    echo -e "${RED}❌ Failed to connect${NC}"
    ((error_count++))
  fi
fi

# Test Anthropic API
if [[ -n "$ANTHROPIC_API_KEY" ]]; then
  echo -n "Testing Anthropic API... "
  if curl -s -H "x-api-key: $ANTHROPIC_API_KEY" \
    "https://api.anthropic.com/v1/messages" \
    -X POST \
    -H "content-type: application/json" \
    -H "anthropic-version: 2023-06-01" \
    -d '{"model":"claude-3-5-haiku-20241022","max_tokens":10,"messages":[{"role":"user","content":"test"}]}' > /dev/null 2>&1; then
    echo -e "${GREEN}✅ Connected${NC}"
  else
    echo -e "${RED}❌ Failed to connect${NC}"
    ((error_count++))
  fi
fi
